"""Opening what simcore wrote: a single run folder (`berserk simulate`: run.json, games/, cards/) or a
meta folder (`berserk meta` / `berserk matchup`: meta.json and one run folder per deck pair), as lazy
Polars scans with the deck names attached to every row.

`open_run(path)` is the entry point of the Python API; every table function of analysis.tables
takes its result (or a path).
"""
import json
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from decks.errors import InputError


@dataclass
class Run:
    path: Path
    kind: str                   # "run" (simulate), "meta" or "matchup"
    manifest: dict              # run.json or meta.json
    decks: list                 # deck names, in the run's order
    pairs: list = field(default_factory=list)   # (folder, deck_a name, deck_b name, run manifest)

    @property
    def seat_pairs(self) -> bool:
        return all(m["config"].get("seat_pairs", False) for _, _, _, m in self.pairs)

    def games(self) -> pl.LazyFrame:
        """Every game: the columns of simcore.kernels.batch.GAME_COLUMNS plus matchup (folder), deck_a and
        deck_b (names; deck_a is player 1); sorted by matchup and game."""
        frames = [pl.scan_parquet(str(folder / "games" / "*.parquet")).with_columns(
                      pl.lit(folder.name).alias("matchup"), pl.lit(a).alias("deck_a"),
                      pl.lit(b).alias("deck_b"))
                  for folder, a, b, _ in self.pairs]
        return pl.concat(frames, how="vertical").sort("matchup", "game")

    def cards(self) -> pl.LazyFrame:
        """Per-shard (player, card) counts (simcore.kernels.batch.CARD_COUNT_COLUMNS) with matchup, deck_a,
        deck_b, and deck/opponent: the deck of the row's player and the other one."""
        frames = [pl.scan_parquet(str(folder / "cards" / "*.parquet")).with_columns(
                      pl.lit(folder.name).alias("matchup"), pl.lit(a).alias("deck_a"),
                      pl.lit(b).alias("deck_b"))
                  for folder, a, b, _ in self.pairs]
        lf = pl.concat(frames, how="vertical")
        return lf.with_columns(
            pl.when(pl.col("player") == 0).then(pl.col("deck_a")).otherwise(pl.col("deck_b")).alias("deck"),
            pl.when(pl.col("player") == 0).then(pl.col("deck_b")).otherwise(pl.col("deck_a")).alias("opponent"),
        ).sort("matchup", "shard", "player", "card")


def _read_manifest(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise InputError(str(path), None, f"unreadable manifest ({e.__class__.__name__})",
                         "re-run the command that wrote this folder") from None


def _complete(manifest: dict, where: Path, kind: str) -> None:
    if manifest.get("status") != "complete":
        raise InputError(str(where), None, f"the {kind} is not finished (status "
                         f"'{manifest.get('status')}')",
                         "run the same command again to resume it, then report")


def open_run(path) -> Run:
    """A finished run or meta folder, ready for the table functions."""
    if isinstance(path, Run):
        return path
    root = Path(path)
    if (root / "meta.json").exists():
        meta = _read_manifest(root / "meta.json")
        _complete(meta, root / "meta.json", meta.get("config", {}).get("kind", "meta"))
        names = [d["name"] for d in meta["config"]["decks"]]
        pairs = []
        for entry in meta["matchups"]:
            folder = root / entry["folder"]
            run = _read_manifest(folder / "run.json")
            _complete(run, folder / "run.json", "run")
            pairs.append((folder, names[entry["a"]], names[entry["b"]], run))
        return Run(root, meta["config"].get("kind", "meta"), meta, names, pairs)
    if (root / "run.json").exists():
        run = _read_manifest(root / "run.json")
        _complete(run, root / "run.json", "run")
        a, b = (d["name"] for d in run["config"]["decks"])
        decks = [a] if a == b else [a, b]
        return Run(root, "run", run, decks, [(root, a, b, run)])
    raise InputError(str(root), None, "not a run folder (no run.json or meta.json)",
                     "give the --out folder of `berserk simulate`, `matchup` or `meta`")
