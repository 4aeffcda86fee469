"""Synthetic run and meta folders with hand-chosen outcomes, laid out as simcore writes them
(simcore.run: run.json + games/shard-*.parquet + cards/shard-*.parquet; simcore.meta: meta.json +
matchups/II-JJ/ run folders), for testing analysis.tables against answers computed by hand.

A game is a tuple (winner, first, turns, end_reason, first_death_a, first_death_b): winner 0 = deck
A (player 1), 1 = deck B, 2 = draw; first: the seat that moved first; end_reason: the codes of
analysis.summary.END_REASONS; first_death_a/b: the turn a side first lost a creature (-1: never).
Every other column of simcore.kernels.batch.GAME_COLUMNS gets a plausible constant.

A card row is a dict with player, card (id), name and any of simcore.kernels.batch.CARD_COUNT_COLUMNS
(missing counts are 0). Cards of a run are given as a list of shards, each a list of rows.

No simcore import here (it pulls in Numba); test_analysis_tables checks these schemas against
what simcore.kernels.batch.game_rows and card_counts really produce.
"""
import hashlib
import json
from pathlib import Path

import polars as pl

# the dtypes simcore.kernels.batch.game_rows gives each column, in GAME_COLUMNS order
GAME_SCHEMA = {
    "game": pl.Int64, "winner": pl.Int8, "first": pl.Int8, "turns": pl.Int16, "end_reason": pl.Int8,
    "mulligans_a": pl.Int8, "mulligans_b": pl.Int8, "squad_size_a": pl.Int8, "squad_size_b": pl.Int8,
    "squad_cost_a": pl.Int16, "squad_cost_b": pl.Int16, "left_a": pl.Int8, "left_b": pl.Int8,
    "cost_left_a": pl.Int16, "cost_left_b": pl.Int16, "crystals_left_a": pl.Int8,
    "crystals_left_b": pl.Int8, "first_death_a": pl.Int16, "first_death_b": pl.Int16,
}
COUNT_COLUMNS = ("games", "wins", "draws", "dealt_games", "dealt_wins", "dealt_draws",
                 "squad_games", "squad_wins", "squad_draws", "not_drawn_games",
                 "not_drawn_wins", "not_drawn_draws", "copies_bought", "wounds_dealt",
                 "kills", "deaths", "death_turn_sum", "survived", "ability_uses")
# simcore.run: pl.DataFrame(card_counts(...)) then name and shard appended
CARD_SCHEMA = {"player": pl.Int64, "card": pl.Int64, **{c: pl.Int64 for c in COUNT_COLUMNS},
               "name": pl.String, "shard": pl.Int32}

WIPE, BOTH_WIPED, TURN_CAP, NO_SQUAD = 1, 2, 3, 4


def games(wins_a: int, wins_b: int, draws: int = 0, *, turns: int = 10, end_reason: int = WIPE,
          first_death=(-1, -1)) -> list:
    """wins_a + wins_b + draws games in that order, the first player alternating 0, 1, 0, ..."""
    winners = [0] * wins_a + [1] * wins_b + [2] * draws
    return [(w, k % 2, turns, end_reason, first_death[0], first_death[1]) for k, w in enumerate(winners)]


def _deck_entry(name: str) -> dict:
    return {"path": f"decks/lists/{name}.txt", "name": name,
            "sha256": hashlib.sha256(name.encode("utf-8")).hexdigest()}


def _ai() -> dict:
    return {"a": "greedy", "b": "greedy", "version": 1,
            "parameters": {"greedy": {"move_score": 1, "stall_turns": 6, "stall_bonus": 1}, "random": {}}}


def _games_frame(rows: list, first_index: int) -> pl.DataFrame:
    cols = {c: [] for c in GAME_SCHEMA}
    for k, (winner, first, turns, end, fd_a, fd_b) in enumerate(rows):
        cols["game"].append(first_index + k)
        cols["winner"].append(winner)
        cols["first"].append(first)
        cols["turns"].append(turns)
        cols["end_reason"].append(end)
        cols["first_death_a"].append(fd_a)
        cols["first_death_b"].append(fd_b)
        for side in ("a", "b"):
            cols[f"mulligans_{side}"].append(0)
            cols[f"squad_size_{side}"].append(5)
            cols[f"squad_cost_{side}"].append(40)
            cols[f"left_{side}"].append(1 if winner in (0, 1) and "ab"[winner] == side else 0)
            cols[f"cost_left_{side}"].append(0)
            cols[f"crystals_left_{side}"].append(0)
    return pl.DataFrame(cols, schema=GAME_SCHEMA)


def _cards_frame(rows: list, shard: int) -> pl.DataFrame:
    cols = {c: [] for c in CARD_SCHEMA}
    for r in rows:
        unknown = set(r) - (set(CARD_SCHEMA) - {"shard"})
        if unknown:
            raise ValueError(f"unknown card columns {sorted(unknown)}")
        for c in CARD_SCHEMA:
            if c == "shard":
                cols[c].append(shard)
            elif c in ("player", "card", "name"):
                cols[c].append(r[c])
            else:
                cols[c].append(r.get(c, 0))
    return pl.DataFrame(cols, schema=CARD_SCHEMA)


def write_run(folder, deck_a: str, deck_b: str, results: list, cards: list | None = None, *,
              shards: int = 1, status: str = "complete", seat_pairs: bool = False, seed: int = 0) -> Path:
    """A run folder as `berserk simulate` writes it: games split into `shards` consecutive shards;
    cards: a list of shards (lists of card rows), shard k written as cards/shard-0000k.parquet
    (shards without card rows get an empty cards shard, with the right schema)."""
    folder = Path(folder)
    (folder / "games").mkdir(parents=True, exist_ok=True)
    (folder / "cards").mkdir(parents=True, exist_ok=True)
    cards = list(cards or [])
    n_shards = max(shards, len(cards), 1)
    size = -(-len(results) // shards) if results else 0
    for k in range(n_shards):
        part = results[k * size:(k + 1) * size] if k < shards else []
        _games_frame(part, k * size).write_parquet(folder / "games" / f"shard-{k:05d}.parquet")
        _cards_frame(cards[k] if k < len(cards) else [], k).write_parquet(
            folder / "cards" / f"shard-{k:05d}.parquet")
    config = {"games": len(results), "seed": seed, "shard_size": max(size, 2), "seat_pairs": seat_pairs,
              "rules_version": "test", "cardset_sha256": "0" * 64, "ruleset": "classic", "rules": {},
              "params": [0, 0], "ai": _ai(), "decks": [_deck_entry(deck_a), _deck_entry(deck_b)]}
    manifest = {"config": config, "created": "2026-01-01T00:00:00+00:00", "status": status,
                "command": f"berserk simulate {deck_a} {deck_b}",
                "library_versions": {"python": "3.11", "polars": pl.__version__},
                "threads": 1, "per_card_rows": "per-shard counts per (player, card)"}
    if status == "complete":
        manifest.update({"finished": "2026-01-01T00:01:00+00:00", "shards": n_shards})
    (folder / "run.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False), encoding="utf-8")
    return folder


def write_meta(root, decks: list, results: dict, cards: dict | None = None, *, shards: int = 1,
               status: str = "complete", pair_status: dict | None = None, kind: str = "meta",
               seed: int = 0) -> Path:
    """A meta folder as `berserk meta` writes it: meta.json and matchups/II-JJ/ per key (i, j) of
    results (i <= j; the pairs not in results are not played and not listed). cards[(i, j)]: the
    card shards of that pair (see write_run); pair_status[(i, j)]: the status of that pair's run."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    cards, pair_status = cards or {}, pair_status or {}
    pairs = sorted(results)
    for i, j in pairs:
        write_run(root / f"matchups/{i:02d}-{j:02d}", decks[i], decks[j], results[i, j],
                  cards.get((i, j)), shards=shards, status=pair_status.get((i, j), "complete"),
                  seat_pairs=True, seed=seed)
    n = max((len(r) for r in results.values()), default=0)
    config = {"kind": kind, "games_per_matchup": n, "seed": seed, "seat_pairs": True,
              "mirrors": all((i, i) in results for i in range(len(decks))), "rules_version": "test",
              "cardset_sha256": "0" * 64, "ruleset": "classic", "rules": {}, "ai": _ai(),
              "decks": [_deck_entry(d) for d in decks]}
    manifest = {"config": config, "created": "2026-01-01T00:00:00+00:00", "status": status,
                "command": "berserk meta " + " ".join(decks),
                "matchups": [{"folder": f"matchups/{i:02d}-{j:02d}", "a": i, "b": j} for i, j in pairs]}
    if status == "complete":
        manifest["finished"] = "2026-01-01T00:01:00+00:00"
    (root / "meta.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False), encoding="utf-8")
    return root
