"""A simulation run: play N seeded games of a matchup in batches and write them as Parquet shards
with a `run.json` manifest, so that nothing written is lost when a run is interrupted and the same
command resumes it.

Layout of the output folder:
  run.json                 manifest: seed, RULES_VERSION, card-set hash, decks, AIs, ruleset,
                           library versions, command line, status, timings
  games/shard-00000.parquet  one row per game (simcore.batch.GAME_COLUMNS)
  cards/shard-00000.parquet  per (player, card) counts of the shard (simcore.batch.CARD_COUNT_COLUMNS)
Shard k holds games k*shard_size .. (k+1)*shard_size-1; a shard is written to a temporary file and
renamed, so a shard file is either complete or absent.

Seat-swapped pairs (ANALYTICS.md, "seat-balanced pairs"; `seat_pairs=True`, what `meta` and `matchup`
play): games 2k and 2k+1 share the random numbers of key k (shuffles, dice, AI streams) and differ
only in who moves first: deck A in game 2k, deck B in game 2k+1. Without pairs (plain `simulate`),
game i uses key i and the first player is the seeded roll-off of the rules.
"""
import hashlib
import json
import os
import platform
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import numba
import numpy as np
import polars as pl

from decks.errors import InputError

from . import RULES_VERSION
from .ai import AI_VERSION
from .batch import card_counts, game_rows, play_batch
from .ruleset import PR_FIRST
from .state import new_state, set_params

DEFAULT_SHARD = 262144
DEFAULT_BATCH = 4096


def library_versions() -> dict:
    import pyarrow
    return {"python": platform.python_version(), "numba": numba.__version__,
            "numpy": np.__version__, "polars": pl.__version__, "pyarrow": pyarrow.__version__}


def ai_parameters() -> dict:
    """The tunables of the policies, as they were for this run."""
    from .ai import policies
    return {"greedy": {"move_score": policies.MOVE_SCORE, "stall_turns": policies.STALL_TURNS,
                       "stall_bonus": policies.STALL_BONUS},
            "random": {}}


def _file_sha(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def run_config(matchup, games: int, seed: int, shard_size: int, seat_pairs: bool = False) -> dict:
    """What identifies a run: the same config resumes, a different one is refused."""
    return {
        "games": games, "seed": seed, "shard_size": shard_size, "seat_pairs": seat_pairs,
        "rules_version": RULES_VERSION,
        "cardset_sha256": matchup.cardset.sha256, "ruleset": matchup.ruleset,
        "rules": matchup.rules, "params": [int(x) for x in matchup.params],
        "ai": {"a": matchup.ais[0], "b": matchup.ais[1], "version": AI_VERSION,
               "parameters": ai_parameters()},
        "decks": [{"path": p, "name": n, "sha256": _file_sha(p)}
                  for p, n in zip(matchup.deck_paths, matchup.deck_names)],
    }


def _atomic_write_text(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _atomic_parquet(df: pl.DataFrame, path: Path) -> None:
    tmp = path.with_name(path.name + ".tmp")
    df.write_parquet(tmp)
    os.replace(tmp, path)


def shard_paths(out: Path, k: int):
    return out / "games" / f"shard-{k:05d}.parquet", out / "cards" / f"shard-{k:05d}.parquet"


def _add_counts(total, more):
    if total is None:
        return more
    for key in total:
        if key not in ("player", "card"):
            total[key] = total[key] + more[key]
    return total


def play_range(matchup, S, seed: int, lo: int, hi: int, seat_pairs: bool = False):
    """Play games lo..hi-1 in batches of S's rows: (per-game columns, per-(player, card) counts).
    With seat pairs, lo and hi must be even."""
    C = matchup.table.stats
    parts, counts = [], None
    if not seat_pairs:
        set_params(S, matchup.params)
        for b in range(lo, hi, S.shape[0]):
            m = min(S.shape[0], hi - b)
            play_batch(C, S, matchup.decks, matchup.sizes, np.uint64(seed), b, m)
            parts.append(game_rows(S, C, b, m))
            counts = _add_counts(counts, card_counts(S, matchup.decks, matchup.sizes, m))
    else:
        params = matchup.params.copy()
        for k in range(lo // 2, hi // 2, S.shape[0]):
            m = min(S.shape[0], hi // 2 - k)
            for first in (0, 1):
                params[PR_FIRST] = first
                set_params(S, params)
                play_batch(C, S, matchup.decks, matchup.sizes, np.uint64(seed), k, m)
                rows = game_rows(S, C, k, m)
                rows["game"] = 2 * rows["game"] + first
                parts.append(rows)
                counts = _add_counts(counts, card_counts(S, matchup.decks, matchup.sizes, m))
    games = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
    order = np.argsort(games["game"], kind="stable")
    return {key: v[order] for key, v in games.items()}, counts


def run_simulation(matchup, games: int, seed: int, out_dir, threads: int | None = None,
                   shard_size: int = DEFAULT_SHARD, batch_size: int = DEFAULT_BATCH,
                   command: str | None = None, progress=None, seat_pairs: bool = False) -> dict:
    """Play games 0..games-1 of the matchup and write the run folder; returns the manifest.
    `progress(n)` is called with the number of games done (played or found on disk).
    With `seat_pairs`, games and shard_size must be even (games 2k, 2k+1 are a pair)."""
    out = Path(out_dir)
    if threads:
        numba.set_num_threads(threads)
    if seat_pairs and (games % 2 or shard_size % 2):
        raise ValueError("seat-swapped pairs need an even number of games and an even shard size")
    config = run_config(matchup, games, seed, shard_size, seat_pairs)
    manifest_path = out / "run.json"
    manifest = None
    if manifest_path.exists():
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            raise InputError(str(manifest_path), None, "unreadable run manifest",
                             "delete the folder or choose another --out") from None
        if manifest.get("config") != config:
            raise InputError(str(out), None, "the folder holds a different run (other decks, seed, "
                             "games, AI, ruleset or card set)",
                             "choose another --out, or delete the folder to start over")
    (out / "games").mkdir(parents=True, exist_ok=True)
    (out / "cards").mkdir(parents=True, exist_ok=True)
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    manifest = manifest or {"config": config, "created": started}
    manifest.update({"status": "running", "command": command or " ".join(sys.argv),
                     "library_versions": library_versions(), "threads": numba.get_num_threads(),
                     "per_card_rows": "per-shard counts per (player, card)"})
    _atomic_write_text(manifest_path, json.dumps(manifest, indent=2, ensure_ascii=False))

    n_shards = max(1, -(-games // shard_size))
    S = new_state(min(batch_size, max(games, 1)))
    played = 0
    t0 = time.perf_counter()
    for k in range(n_shards):
        lo = k * shard_size
        hi = min(games, lo + shard_size)
        g_path, c_path = shard_paths(out, k)
        if g_path.exists() and c_path.exists():
            if progress:
                progress(hi - lo)
            continue
        step = S.shape[0] * (2 if seat_pairs else 1)
        parts, counts = [], None
        for b in range(lo, hi, step):
            e = min(hi, b + step)
            rows, cc = play_range(matchup, S, seed, b, e, seat_pairs)
            parts.append(rows)
            counts = _add_counts(counts, cc)
            played += e - b
            if progress:
                progress(e - b)
        games_df = pl.DataFrame({key: np.concatenate([p[key] for p in parts]) for key in parts[0]})
        cards_df = pl.DataFrame(counts).with_columns(
            pl.Series("name", [matchup.table.names[c] for c in counts["card"]]),
            pl.lit(k, dtype=pl.Int32).alias("shard"))
        _atomic_parquet(games_df, g_path)
        _atomic_parquet(cards_df, c_path)
    elapsed = time.perf_counter() - t0
    manifest.update({"status": "complete", "finished": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                     "games_played_this_session": played, "seconds_this_session": round(elapsed, 3),
                     "games_per_second": round(played / elapsed, 1) if played and elapsed > 0 else None,
                     "shards": n_shards})
    _atomic_write_text(manifest_path, json.dumps(manifest, indent=2, ensure_ascii=False))
    return manifest
