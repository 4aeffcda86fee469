"""How much a meta's answer depends on its pilots: the same meta (decks, seeds, games, rules) played
under several pilots (`berserk meta --ai greedy --ai search`), compared matchup by matchup.

Every pilot plays the same seeds, so game 2k and 2k + 1 of a deck pair under one pilot start from the
same deal, shuffles and first player as under another: the difference of a matchup's score between
two pilots is paired over the seat-swapped seed pairs (analysis.stats.paired_diff), which makes its
interval much narrower than that of two independent runs. Tables:

- pilot_matchups: each matchup (mirrors left out; each unordered pair once, as the meta plays it) with
  deck A's score under each pilot (score:PILOT, Wilson 95%) and its verdict (verdict:PILOT), under each
  other pilot the paired difference from the first pilot (diff:PILOT) with its interval, and whether
  the verdict changes;
- pilot_verdicts: the matchups whose verdict (above, below or not distinguishable from 50%: the
  score's 95% interval) differs between the pilots;
- pilot_tiers: each deck's field win rate (field:PILOT) and tier (tier:PILOT) under each pilot;
- pilot_agreement: for each other pilot, Kendall's tau between its field win rates and the first
  pilot's (1: the same order), the share of matchups whose verdict it keeps, and the mean absolute
  score difference.
"""
import numpy as np
import polars as pl
from scipy.stats import kendalltau

from . import stats
from .run import open_run
from .tables import field_win_rates


def verdict(lo: float, hi: float) -> str:
    """'above', 'below' or 'even' (not distinguishable from 50%) for a score's 95% interval."""
    return "above" if lo > 0.5 else "below" if hi < 0.5 else "even"


def _pair_scores(run) -> pl.DataFrame:
    """deck_a, deck_b, k (seed pair) and deck A's mean score over the pair's two games."""
    return (run.games().filter(pl.col("deck_a") != pl.col("deck_b"))
            .with_columns((pl.col("game") // 2).alias("k"),
                          pl.when(pl.col("winner") == 0).then(1.0)
                          .when(pl.col("winner") == 2).then(0.5).otherwise(0.0).alias("score"))
            .group_by("deck_a", "deck_b", "k").agg(pl.col("score").mean())
            .sort("deck_a", "deck_b", "k").collect())


def pilot_tables(runs: dict) -> dict:
    """The tables above for {pilot spec: meta run (folder or analysis.run.Run)}, the first pilot the
    reference; the runs must be the same meta (decks, seeds, games) under different pilots."""
    runs = {spec: open_run(r) for spec, r in runs.items()}
    specs = list(runs)
    ref = specs[0]
    per_pair = {spec: _pair_scores(r) for spec, r in runs.items()}
    keys = per_pair[ref].select("deck_a", "deck_b").unique(maintain_order=True).rows()
    rows = []
    for a, b in keys:
        row = {"deck_a": a, "deck_b": b}
        ref_scores = per_pair[ref].filter((pl.col("deck_a") == a) & (pl.col("deck_b") == b))
        verdicts = []
        for spec in specs:
            mine = per_pair[spec].filter((pl.col("deck_a") == a) & (pl.col("deck_b") == b))
            s = mine["score"].to_numpy()
            n = 2 * len(s)
            p, lo, hi = float(s.mean()), *stats.wilson(float(s.sum() * 2), n)
            row.update({f"score:{spec}": p, f"score:{spec}_lo": lo, f"score:{spec}_hi": hi})
            verdicts.append(verdict(lo, hi))
            row[f"verdict:{spec}"] = verdicts[-1]
            if spec != ref:
                joined = ref_scores.join(mine, on="k", suffix="_other")
                d, dlo, dhi, _ = stats.paired_diff(joined["score_other"].to_numpy() - joined["score"].to_numpy())
                row.update({f"diff:{spec}": d, f"diff:{spec}_lo": dlo, f"diff:{spec}_hi": dhi})
        row["games"] = n
        row["verdict_changes"] = len(set(verdicts)) > 1
        rows.append(row)
    matchups = pl.DataFrame(rows)
    verdicts = matchups.filter(pl.col("verdict_changes")).select(
        "deck_a", "deck_b", *[c for spec in specs for c in (f"score:{spec}", f"score:{spec}_lo",
                                                            f"score:{spec}_hi", f"verdict:{spec}")])
    fields = {spec: field_win_rates(r) for spec, r in runs.items()}
    tiers = None
    for spec in specs:
        f = fields[spec].select("deck", pl.col("uniform").alias(f"field:{spec}"),
                                pl.col("uniform_lo").alias(f"field:{spec}_lo"),
                                pl.col("uniform_hi").alias(f"field:{spec}_hi"),
                                pl.col("tier").alias(f"tier:{spec}"))
        tiers = f if tiers is None else tiers.join(f, on="deck", how="left")
    tiers = tiers.sort(f"field:{ref}", descending=True)
    agreement = []
    for spec in specs[1:]:
        tau, p_value = kendalltau(tiers[f"field:{ref}"].to_numpy(), tiers[f"field:{spec}"].to_numpy())
        agreement.append({"pilot": spec, "reference": ref, "kendall_tau": float(tau),
                          "tau_p_value": float(p_value),
                          "verdicts_kept": float(np.mean(matchups[f"verdict:{spec}"].to_numpy()
                                                         == matchups[f"verdict:{ref}"].to_numpy())),
                          "mean_abs_difference": float(np.abs(matchups[f"diff:{spec}"].to_numpy()).mean()),
                          "differences_outside_zero": int(((matchups[f"diff:{spec}_lo"] > 0)
                                                           | (matchups[f"diff:{spec}_hi"] < 0)).sum()),
                          "matchups": matchups.height})
    return {"pilot_matchups": matchups, "pilot_verdicts": verdicts, "pilot_tiers": tiers,
            "pilot_agreement": pl.DataFrame(agreement)}
