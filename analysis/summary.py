"""The headline figures of a run (what `berserk simulate` prints), computed with Polars from the
per-game shards: win rate of each deck (draws as half) with Wilson 95% intervals, the same split by
who moved first, draws and end reasons, and turns per game."""
from pathlib import Path

import polars as pl

from .stats import wilson

END_REASONS = {0: "none", 1: "wipe", 2: "both_wiped", 3: "turn_cap", 4: "no_squad"}


def load_games(run_dir) -> pl.LazyFrame:
    """Lazy scan of every per-game shard of a run, sorted by game index."""
    return pl.scan_parquet(str(Path(run_dir) / "games" / "*.parquet")).sort("game")


def _rate(wins: int, draws: int, n: int) -> dict:
    score = wins + draws / 2
    lo, hi = wilson(score, n)
    return {"n": n, "wins": wins, "draws": draws, "rate": score / n if n else float("nan"),
            "lo": lo, "hi": hi}


def summarize(run_dir) -> dict:
    games = load_games(run_dir)
    totals = games.select(
        pl.len().alias("n"),
        (pl.col("winner") == 0).sum().alias("a"),
        (pl.col("winner") == 1).sum().alias("b"),
        (pl.col("winner") == 2).sum().alias("draws"),
        pl.col("turns").mean().alias("mean_turns"),
        ((pl.col("turns") + 1) // 2).mean().alias("mean_rounds"),
    ).collect().row(0, named=True)
    n, draws = totals["n"], totals["draws"]
    out = {"games": n, "draws": draws, "mean_turns": totals["mean_turns"],
           "mean_rounds": totals["mean_rounds"],
           "deck_a": _rate(totals["a"], draws, n), "deck_b": _rate(totals["b"], draws, n)}
    by_first = games.group_by("first").agg(
        pl.len().alias("n"), (pl.col("winner") == 0).sum().alias("a"),
        (pl.col("winner") == 1).sum().alias("b"), (pl.col("winner") == 2).sum().alias("d"),
    ).sort("first").collect()
    out["by_first"] = {}
    for row in by_first.iter_rows(named=True):
        out["by_first"][int(row["first"])] = {
            "deck_a": _rate(row["a"], row["d"], row["n"]), "deck_b": _rate(row["b"], row["d"], row["n"])}
    first_wins = games.select(
        pl.len().alias("n"),
        (pl.col("winner") == pl.col("first")).sum().alias("w"),
        (pl.col("winner") == 2).sum().alias("d")).collect().row(0, named=True)
    out["first_player"] = _rate(first_wins["w"], first_wins["d"], first_wins["n"])
    ends = games.group_by("end_reason").agg(pl.len().alias("n")).sort("end_reason").collect()
    out["end_reasons"] = {END_REASONS.get(int(r["end_reason"]), str(r["end_reason"])): int(r["n"])
                          for r in ends.iter_rows(named=True)}
    return out
