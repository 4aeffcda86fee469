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

A sweep, a swap test or a balance search under several pilots (`berserk sweep|impact|balance --ai greedy
--ai search`) says whether its answer holds under each: `pilot_answers` (sweep_answers,
impact_answers, balance_answers) has a row per answer and pilot, its figure with its interval, its
direction (the interval above 0, below 0, or holding 0) and `holds`: the same direction as under the
first pilot (a balance: its edits, found under the first pilot, still bring every deck into the band,
or at least closer to it, under this one).
"""
from pathlib import Path

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


def direction(lo: float, hi: float, up: str, down: str) -> str:
    """`up` when an interval lies above 0, `down` below 0, else 'no clear effect'."""
    return up if lo > 0 else down if hi < 0 else "no clear effect"


def with_holds(rows: list, key: str) -> pl.DataFrame:
    """rows (dicts with key, pilot, direction; the first pilot's rows first) with `holds`: the row's
    direction is that of the first pilot's row of the same key."""
    first = {}
    for r in rows:
        first.setdefault(r[key], r["direction"])
        r["holds"] = r["direction"] == first[r[key]]
    return pl.DataFrame(rows, infer_schema_length=None)


def sweep_answers(folders: dict) -> pl.DataFrame:
    """pilot_answers of a sweep played under several pilots ({pilot spec: sweep folder}, the first the
    reference): each step of the field's exchange rate (and its slope) under each pilot."""
    from .sweep import FIELD, sweep_tables

    rows = []
    for spec, folder in folders.items():
        ex = sweep_tables(folder)[1]["exchange_rate"]
        for r in ex.filter(pl.col("opponent") == FIELD).iter_rows(named=True):
            rows.append({"step": r["step"], "pilot": spec, "change": r["change"], "change_lo": r["change_lo"],
                         "change_hi": r["change_hi"], "pairs": r["pairs"],
                         "direction": direction(r["change_lo"], r["change_hi"], "rises", "falls")})
    return with_holds(rows, "step").sort("step", maintain_order=True)


def impact_answers(folders: dict) -> pl.DataFrame:
    """pilot_answers of a swap test played under several pilots ({pilot spec: impact folder}, the first
    the reference): each swap's impact on the field under each pilot, with the SPRT's verdict."""
    from .causal import impact_tables

    rows = []
    for spec, folder in folders.items():
        for r in impact_tables(folder)["swaps"].iter_rows(named=True):
            rows.append({"swap": r["swap"], "pilot": spec, "impact": r["impact"], "impact_lo": r["impact_lo"],
                         "impact_hi": r["impact_hi"], "games": r["games"], "verdict": r["verdict"],
                         "flagged": r["flagged"],
                         "direction": direction(r["impact_lo"], r["impact_hi"], "raises", "lowers")})
    return with_holds(rows, "swap").sort("swap", maintain_order=True)


def balance_answers(manifest: dict, confirms: dict) -> pl.DataFrame:
    """pilot_answers of a balance search whose edits were confirmed under several pilots ({pilot spec:
    confirmation folder}, the first the search's own): under each pilot, how many decks are in the band
    and how far all of them are from it (out_of_band: the sum of their distances), unedited and edited.
    It holds when every deck is in the band with the edits, or, where the first pilot's confirmation
    did not reach the band either, when the edits bring the decks closer to it."""
    from .balance import confirmed_decks, out_of_band

    band = manifest["config"]["target"]
    rows = []
    for spec, folder in confirms.items():
        d = confirmed_decks(Path(folder), manifest)
        before, after = out_of_band(d["before"].to_numpy(), band), out_of_band(d["after"].to_numpy(), band)
        reached = bool(d["in_band_after"].all())
        rows.append({"pilot": spec, "decks": d.height, "in_band_before": int(d["in_band_before"].sum()),
                     "in_band_after": int(d["in_band_after"].sum()), "out_of_band_before": before,
                     "out_of_band_after": after, "reached": reached,
                     "direction": "reached" if reached else "closer" if after < before else "not closer"})
    # where the first pilot's edits only came closer to the band, reaching it holds too
    holding = {"reached": {"reached"}, "closer": {"reached", "closer"}, "not closer": {"not closer"}}
    for r in rows:
        r["holds"] = r["direction"] in holding[rows[0]["direction"]]
    return pl.DataFrame(rows, infer_schema_length=None)
