"""Stat sweep (docs/ANALYTICS.md "Card level, causal"): a deck's win rate against each
opponent and against the field as one card stat takes each value of a range, and the "exchange
rate" of the stat: the win-rate change per +1, by finite differences on common random numbers.

Design: every value plays the deck against every opponent on the same seeds as seat-swapped pairs
(simcore.run, `seat_pairs`): games 2k and 2k+1 of every value share shuffles, dice and AI streams,
so the score of seed pair k at value v+1 minus its score at value v is a paired difference whose
interval (analysis.stats.paired_diff) leaves out the between-game variance the values share. The
slope over the whole range is the mean over seed pairs of each pair's least-squares slope (equal to
the slope of the mean scores) with the paired interval of those per-pair slopes.

The edit is a card edit (decks.overrides) like `--set`: it applies to the card everywhere, so an
opponent holding the same card plays it edited too (the report names those opponents); with
`deck_only`, the deck's copies are a variant card (decks.overrides.deck_variant) in the same deck
slots, and the opponents keep the card as it was. The deck's own mirror is left out (it would be 50%
at every value with a global edit). The field is the uniform mean over the
opponents, as analysis.tables' deck win rate over other decks.

Layout of the output folder:
  sweep.json                 config (deck, opponents, card, stat, values, games, seed, AIs, ruleset,
                             card set and `--set` edits), status, command, the list of run folders
  runs/v+1-vs03/             the run of the deck (player 1) against opponent 3 with the stat at +1,
                             as `berserk simulate --seat-pairs` writes it (resumable shard by shard)
"""
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import polars as pl

from decks import load_cardset, load_deck
from decks.errors import InputError
from decks.overrides import INT_FIELDS, apply_overrides, canonical_field, deck_variant, get_stat

from .stats import paired_diff, weighted_mean_var, wilson, wilson_weighted

SWEEP_STATS = ("life", "weak", "medium", "strong", "move", "cost")   # documented; any INT field works
FIELD = "field"


def sweep_values(cardset, card: str, stat: str, lo: int, hi: int, absolute: bool = False):
    """[(offset, value)] of the sweep, in order: offsets lo..hi relative to the card's current stat,
    or (absolute) values lo..hi. Raises InputError for an unknown card or stat, an empty range, or a
    value the card cannot take (life below 1, a negative strike)."""
    field = canonical_field(stat, "--stat")
    if field not in INT_FIELDS:
        raise InputError("--stat", None, f"'{stat}' is not a numeric stat",
                         f"sweep one of: {', '.join(SWEEP_STATS)}")
    c = cardset.get(card)
    if c is None:
        apply_overrides(cardset, [f"{card}.{field}=0"], option="--card")     # the unknown-card error
    if hi < lo:
        raise InputError("--from/--to", None, f"the range {lo}..{hi} is empty", "give --from <= --to")
    base = get_stat(c, field)
    apply_overrides(cardset, [f"{c.name}.{field}={base or 0}"], option="--stat")  # a flyer's move, ...
    out = []
    for x in range(lo, hi + 1):
        value = x if absolute else base + x
        if value < INT_FIELDS[field]:
            raise InputError("--from/--to", None, f"{c.name}'s {field} would be {value} (it is {base} before "
                             f"the sweep); it must be at least {INT_FIELDS[field]}",
                             f"choose a range that keeps {field} >= {INT_FIELDS[field]}")
        apply_overrides(cardset, [f"{c.name}.{field}={value}"], option="--from/--to")   # legal?
        out.append((value - base, value))
    return c.name, field, base, out


def sweep_opponents(deck_path, deck, vs_paths, cardset):
    """Opponent paths without the deck itself (by path or by name) and without repeats."""
    out, names = [], {deck.name}
    for p in vs_paths:
        d = load_deck(Path(p), cardset)
        if Path(p).resolve() == Path(deck_path).resolve() or d.name in names:
            continue
        names.add(d.name)
        out.append((str(p), d))
    if not out:
        raise InputError("--vs", None, "no opponent besides the deck itself",
                         "give at least one other deck list")
    return out


def run_folder_name(offset: int, j: int) -> str:
    return f"runs/v{offset:+d}-vs{j:02d}"


def run_sweep(deck_path, vs_paths, card: str, stat: str, lo: int, hi: int, games: int, seed: int,
              out_dir, absolute: bool = False, ais=("greedy", "greedy"), ruleset="classic", rules=None,
              overrides=(), executor=None, threads=None, progress=None, shard_size=None,
              command=None, resume: bool = False, deck_only: bool = False) -> dict:
    """Play the sweep into out_dir (resumable) and return its manifest (sweep.json). `deck_only`:
    only the deck's copies of the card are edited (a variant card in the deck's slots), not the
    opponents'."""
    from simcore import RULES_VERSION
    from simcore.config import DEFAULT_BATCH, DEFAULT_SHARD
    from simcore.executors import LocalExecutor
    from simcore.matchup import make_matchup, swap_cards
    from simcore.pilots import pilots_config
    from simcore.run import (
        RunFolder,
        file_sha,
        open_manifest,
        play_runs,
        write_json,
    )

    if games % 2:
        raise ValueError("a sweep plays seat-swapped pairs: games must be even")
    shard_size = shard_size or DEFAULT_SHARD
    shard_size += shard_size % 2
    cardset = apply_overrides(load_cardset(), overrides)
    card, field, base, values = sweep_values(cardset, card, stat, lo, hi, absolute)
    deck = load_deck(Path(deck_path), cardset)
    opponents = sweep_opponents(deck_path, deck, vs_paths, cardset)
    holders = [d.name for _, d in opponents if cardset.index(card) in d.card_ids]
    config = {
        "kind": "sweep", "deck": {"path": str(deck_path), "name": deck.name, "sha256": file_sha(deck_path)},
        "opponents": [{"path": p, "name": d.name, "sha256": file_sha(p)} for p, d in opponents],
        "card": card, "stat": field, "base_value": base, "absolute": absolute, "deck_only": deck_only,
        "values": [v for _, v in values], "offsets": [o for o, _ in values],
        "games_per_run": games, "seed": seed, "seat_pairs": True, "shard_size": shard_size,
        "rules_version": RULES_VERSION, "cardset_sha256": cardset.sha256,
        "overrides": list(cardset.overrides), "ruleset": ruleset, "rules": dict(rules or {}),
        "ai": pilots_config(ais),
    }
    out = Path(out_dir)
    path = out / "sweep.json"
    manifest = open_manifest(out, "sweep.json", config, "other deck, opponents, card, stat, range, games, "
                             "seed, AI, ruleset or --set card edits", resume) \
        or {"config": config, "created": datetime.now(UTC).isoformat(timespec="seconds")}
    executor = executor or LocalExecutor(threads)
    out.mkdir(parents=True, exist_ok=True)
    runs, entries = [], []
    for offset, value in values:
        spec = f"{card}.{field}={value}"
        if deck_only:
            edited, variant, original = deck_variant(cardset, spec, deck.name)
        else:
            edited = apply_overrides(cardset, [spec])
        for j, (p, d) in enumerate(opponents):
            folder = run_folder_name(offset, j)
            m = make_matchup(deck_path, p, ruleset=ruleset, rules=rules, ais=ais, cardset=edited)
            if deck_only:        # the deck's copies become the variant; its slots stay
                m = swap_cards(m, 0, {original: variant})
            entries.append({"folder": folder, "offset": offset, "value": value, "opponent": d.name})
            runs.append((folder, m))
    manifest.update({"status": "running", "command": command or " ".join(sys.argv),
                     "executor": executor.describe(), "runs": entries, "opponents_holding_card": holders})
    write_json(path, manifest)
    folders = [RunFolder(m, games, seed, out / folder, shard_size, DEFAULT_BATCH, seat_pairs=True,
                         command=manifest["command"], executor=manifest["executor"]) for folder, m in runs]
    play_runs(folders, executor, progress)
    finished = [f.finish() for f in folders]
    seconds = sum(f["seconds_this_session"] for f in finished)
    played = sum(f["games_played_this_session"] for f in finished)
    manifest.update({"status": "complete", "finished": datetime.now(UTC).isoformat(timespec="seconds"),
                     "games_played_this_session": played, "seconds_this_session": round(seconds, 3),
                     "games_per_second": round(played / seconds, 1) if played and seconds > 0 else None,
                     "library_versions": finished[0].get("library_versions", {})})
    write_json(path, manifest)
    return manifest


def pair_scores(folder) -> np.ndarray:
    """Deck A's score per seat-swapped seed pair of a run folder (games 2k and 2k+1 averaged; a
    win 1, a draw 1/2)."""
    g = pl.read_parquet(str(Path(folder) / "games" / "*.parquet"), columns=["game", "winner"]).sort("game")
    w = g["winner"].to_numpy()
    score = np.where(w == 0, 1.0, np.where(w == 2, 0.5, 0.0))
    return score.reshape(-1, 2).mean(axis=1)


def open_sweep(path) -> tuple[dict, dict]:
    """(manifest, {(offset, opponent): per-pair scores}) of a finished sweep folder."""
    root = Path(path)
    try:
        manifest = json.loads((root / "sweep.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        raise InputError(str(root), None, "not a finished sweep folder (no readable sweep.json)",
                         "give the --out folder of `berserk sweep`") from None
    if manifest.get("status") != "complete":
        raise InputError(str(root / "sweep.json"), None, "the sweep is not finished",
                         "run the same command again to resume it")
    return manifest, {(e["offset"], e["opponent"]): pair_scores(root / e["folder"]) for e in manifest["runs"]}


def _slopes(values: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """Per seed pair, the least-squares slope of score (rows: values) on value."""
    x = values - values.mean()
    return (x[:, None] * (scores - scores.mean(axis=0))).sum(axis=0) / (x * x).sum()


def sweep_tables(path) -> tuple[dict, dict]:
    """(manifest, tables) of a finished sweep folder:
    sweep_points: opponent ('field' = the uniform mean over the opponents), offset, value, games,
      wins, draws, losses (null for the field), score, lo, hi (Wilson 95%; the field's with the
      effective n of the mean, as analysis.tables' field);
    exchange_rate: opponent, step ('v -> v+1' or 'slope'), from_value, to_value, change (score
      change per +1 of the stat), change_lo, change_hi (paired 95% interval over seed pairs), pairs."""
    manifest, scores = open_sweep(path)
    cfg = manifest["config"]
    offsets, values = cfg["offsets"], cfg["values"]
    opponents = [o["name"] for o in cfg["opponents"]]
    games = cfg["games_per_run"]
    points, steps = [], []
    per = {o: np.array([scores[(off, o)] for off in offsets]) for o in opponents}   # values x pairs
    per[FIELD] = np.mean([per[o] for o in opponents], axis=0)
    for who in opponents + [FIELD]:
        s = per[who]
        for i, (off, v) in enumerate(zip(offsets, values)):
            if who == FIELD:
                ps = [per[o][i].mean() for o in opponents]
                p, var = weighted_mean_var(ps, [games] * len(ps), [1.0] * len(ps))
                lo, hi = wilson_weighted(p, var)
                points.append({"opponent": who, "offset": off, "value": v, "games": games * len(opponents),
                               "wins": None, "draws": None, "losses": None, "score": p, "lo": lo, "hi": hi})
                continue
            g = pl.read_parquet(str(Path(path) / run_folder_name(off, opponents.index(who)) / "games" /
                                    "*.parquet"), columns=["winner"])["winner"]
            wins, draws = int((g == 0).sum()), int((g == 2).sum())
            lo, hi = wilson(wins + 0.5 * draws, len(g))
            points.append({"opponent": who, "offset": off, "value": v, "games": len(g), "wins": wins,
                           "draws": draws, "losses": len(g) - wins - draws, "score": float(s[i].mean()),
                           "lo": lo, "hi": hi})
        for i in range(len(values) - 1):
            d, lo, hi, n = paired_diff((s[i + 1] - s[i]) / (values[i + 1] - values[i]))
            steps.append({"opponent": who, "step": f"{values[i]} -> {values[i + 1]}",
                          "from_value": values[i], "to_value": values[i + 1],
                          "change": d, "change_lo": lo, "change_hi": hi, "pairs": n})
        if len(values) > 2:
            d, lo, hi, n = paired_diff(_slopes(np.array(values, float), s))
            steps.append({"opponent": who, "step": "slope", "from_value": values[0], "to_value": values[-1],
                          "change": d, "change_lo": lo, "change_hi": hi, "pairs": n})
    point_schema = {"opponent": pl.String, "offset": pl.Int64, "value": pl.Int64, "games": pl.Int64,
                    "wins": pl.Int64, "draws": pl.Int64, "losses": pl.Int64, "score": pl.Float64,
                    "lo": pl.Float64, "hi": pl.Float64}
    step_schema = {"opponent": pl.String, "step": pl.String, "from_value": pl.Int64, "to_value": pl.Int64,
                   "change": pl.Float64, "change_lo": pl.Float64, "change_hi": pl.Float64, "pairs": pl.Int64}
    return manifest, {"sweep_points": pl.DataFrame(points, schema=point_schema),
                      "exchange_rate": pl.DataFrame(steps, schema=step_schema)}
