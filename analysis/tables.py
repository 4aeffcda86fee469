"""The report tables of docs/ANALYTICS.md as Polars frames, from a run or meta folder (analysis.run).

Every function takes a path or a Run and returns a tidy `polars.DataFrame` (`.to_pandas()` works)
with an explicit sort. Counts stay integers until the last step; rates are floats in 0..1 with
their n and a Wilson 95% interval; draws count as half a win everywhere.

- deck_win_rates: each deck over all its games against other decks (mirrors left out: a mirror
  is 50% by construction and would only pull every deck towards it).
- matchup_matrix: every ordered pair (deck, opponent), antisymmetric by construction (the cell of
  (B, A) is the complement of (A, B)); mirrors at exactly 50%; crosses_50 marks cells whose
  interval contains 50%. matchup_grid: the same as a deck x opponent table of scores.
- first_player: the first mover's score per pair and overall (exact under seat-swapped pairs).
- field_win_rates: each deck's mean score against the field (every deck, itself included) under
  uniform weights, user weights (load_weights) and the Nash equilibrium of the matrix, with tiers.
- nash_mix: the Nash equilibrium of the symmetric zero-sum matrix game (a linear program).
- turn_histogram, end_reasons, comebacks: the shape of the games.
- card_stats: the observational per-card statistics, with Holm-corrected flags.
"""
import math
from pathlib import Path

import numpy as np
import polars as pl

from decks.errors import InputError
from decks.names import closest, fold

from . import stats
from .run import Run, open_run
from .summary import END_REASONS

TIER_MARGIN = 0.02   # a field score difference below 2 points does not split a tier (--tier-margin)


def tier_rule(margin: float = TIER_MARGIN) -> str:
    """The tier rule in words, as the report states it."""
    return (f"Tiers: repeatedly take the remaining deck with the highest uniform field win rate; its tier "
            f"holds it and every remaining deck within {100 * margin:g} points of it (a practical margin) "
            "or whose 95% interval reaches up to that deck's lower bound (not significantly worse). A deck "
            f"starts a lower tier only when it is both more than {100 * margin:g} points and significantly "
            "worse. Tier 1 is the best.")


TIER_RULE = tier_rule()


def _score(wins, draws, n) -> float:
    return (wins + draws / 2) / n if n else float("nan")


def _wilson_cols(df: pl.DataFrame, wins="wins", draws="draws", n="games", prefix="") -> pl.DataFrame:
    """Add score/lo/hi columns (named with prefix) from integer wins, draws and games."""
    scores, los, his = [], [], []
    for w, d, g in zip(df[wins].to_list(), df[draws].to_list(), df[n].to_list()):
        scores.append(_score(w, d, g) if g else None)
        lo, hi = stats.wilson(w + d / 2, g) if g else (None, None)
        los.append(lo)
        his.append(hi)
    return df.with_columns(pl.Series(f"{prefix}score", scores, pl.Float64),
                           pl.Series(f"{prefix}lo", los, pl.Float64),
                           pl.Series(f"{prefix}hi", his, pl.Float64))


def _pair_counts(run: Run) -> pl.DataFrame:
    """Integer results per (deck_a, deck_b)."""
    return run.games().group_by("deck_a", "deck_b").agg(
        pl.len().cast(pl.Int64).alias("games"),
        (pl.col("winner") == 0).sum().cast(pl.Int64).alias("wins_a"),
        (pl.col("winner") == 1).sum().cast(pl.Int64).alias("wins_b"),
        (pl.col("winner") == 2).sum().cast(pl.Int64).alias("draws"),
    ).sort("deck_a", "deck_b").collect()


def deck_win_rates(run) -> pl.DataFrame:
    """deck, games, wins, draws, losses, score, lo, hi; sorted by score (best first), then name."""
    run = open_run(run)
    pc = _pair_counts(run).filter(pl.col("deck_a") != pl.col("deck_b"))
    per_seat = pl.concat([
        pc.select(pl.col("deck_a").alias("deck"), "games", pl.col("wins_a").alias("wins"), "draws",
                  pl.col("wins_b").alias("losses")),
        pc.select(pl.col("deck_b").alias("deck"), "games", pl.col("wins_b").alias("wins"), "draws",
                  pl.col("wins_a").alias("losses")),
    ])
    out = per_seat.group_by("deck").agg(pl.col("games", "wins", "draws", "losses").sum())
    missing = [d for d in run.decks if d not in out["deck"].to_list()]
    if missing:
        out = pl.concat([out, pl.DataFrame({"deck": missing, "games": [0] * len(missing),
                                            "wins": [0] * len(missing), "draws": [0] * len(missing),
                                            "losses": [0] * len(missing)}, schema=out.schema)])
    out = _wilson_cols(out.sort("deck"))
    return out.select("deck", "games", "wins", "draws", "losses", "score", "lo", "hi").sort(
        ["score", "deck"], descending=[True, False], nulls_last=True)


def matchup_matrix(run) -> pl.DataFrame:
    """deck, opponent, games, wins, draws, losses, score, lo, hi, crosses_50, mirror: every ordered
    pair of the run's decks (len(decks)**2 rows, in deck order). score = P(deck beats opponent),
    draws as half. Mirror cells are 50% exactly (lo = hi = 0.5), played or not; their wins and
    losses are the two seats' wins. A pair that was not played has games 0 and null rates."""
    run = open_run(run)
    pc = {(r["deck_a"], r["deck_b"]): r for r in _pair_counts(run).iter_rows(named=True)}
    rows = []
    for a in run.decks:
        for b in run.decks:
            r, flip = pc.get((a, b)), False
            if r is None and (b, a) in pc:
                r, flip = pc[(b, a)], True
            if r is None:
                half = 0.5 if a == b else None
                rows.append((a, b, 0, 0, 0, 0, half, half, half, False, a == b))
                continue
            n, d = r["games"], r["draws"]
            w, lost = (r["wins_b"], r["wins_a"]) if flip else (r["wins_a"], r["wins_b"])
            if a == b:
                rows.append((a, b, n, w, d, lost, 0.5, 0.5, 0.5, False, True))
                continue
            # the interval of the pair as stored (a = player 1), complemented for the other cell
            lo, hi = stats.wilson(r["wins_a"] + d / 2, n)
            if flip:
                lo, hi = 1.0 - hi, 1.0 - lo
            score = _score(w, d, n)
            rows.append((a, b, n, w, d, lost, score, lo, hi, bool(lo <= 0.5 <= hi), False))
    return pl.DataFrame(rows, orient="row", schema={
        "deck": pl.String, "opponent": pl.String, "games": pl.Int64, "wins": pl.Int64,
        "draws": pl.Int64, "losses": pl.Int64, "score": pl.Float64, "lo": pl.Float64,
        "hi": pl.Float64, "crosses_50": pl.Boolean, "mirror": pl.Boolean})


def matchup_grid(run) -> pl.DataFrame:
    """The matrix as a wide table: one row per deck, one score column per opponent (deck order)."""
    run = open_run(run)
    m = matchup_matrix(run)
    grid = m.pivot(on="opponent", index="deck", values="score")
    return grid.select("deck", *run.decks)


def _matrix(run: Run):
    """(scores, games) as numpy arrays in deck order; NaN where a pair was not played."""
    m = matchup_matrix(run)
    n = len(run.decks)
    scores = m["score"].fill_null(float("nan")).to_numpy().reshape(n, n)
    games = m["games"].to_numpy().reshape(n, n)
    return scores, games


def first_player(run) -> pl.DataFrame:
    """deck_a, deck_b, games, first_wins, draws, score, lo, hi: the first mover's score per pair
    (deck_a is player 1), and a last row "all", "all" over every game of the run."""
    run = open_run(run)
    games = run.games()
    agg = [pl.len().cast(pl.Int64).alias("games"),
           (pl.col("winner") == pl.col("first")).sum().cast(pl.Int64).alias("first_wins"),
           (pl.col("winner") == 2).sum().cast(pl.Int64).alias("draws")]
    per = games.group_by("deck_a", "deck_b").agg(*agg).sort("deck_a", "deck_b").collect()
    total = games.select(*agg).collect().with_columns(pl.lit("all").alias("deck_a"),
                                                      pl.lit("all").alias("deck_b"))
    out = pl.concat([per, total.select(per.columns)])
    out = _wilson_cols(out, wins="first_wins")
    return out.select("deck_a", "deck_b", "games", "first_wins", "draws", "score", "lo", "hi")


def nash_mix(run) -> pl.DataFrame:
    """deck, weight: the Nash equilibrium mix of the matrix game (sorted by weight, then name).
    Pairs that were not played make it undefined: an error says which."""
    run = open_run(run)
    scores, _ = _matrix(run)
    if np.isnan(scores).any():
        i, j = map(int, np.argwhere(np.isnan(scores))[0])
        raise InputError(str(run.path), None, f"no games of {run.decks[i]} against {run.decks[j]}",
                         "a Nash mix needs every pair: run `berserk meta` over the decks")
    x, _ = stats.nash_mix(scores)
    return pl.DataFrame({"deck": run.decks, "weight": x}).sort(
        ["weight", "deck"], descending=[True, False])


def load_weights(path, decks) -> dict:
    """A weights file: `deck,weight` per line (deck name as in its '# Name' header, weight >= 0),
    an optional header line `deck,weight` before the first deck, '#' comments. Decks not listed
    weigh 0."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(str(path), None, f"cannot read the weights file ({e.__class__.__name__})",
                         "give a UTF-8 text file of 'deck,weight' lines") from None
    by_fold = {fold(d): d for d in decks}
    weights = {}
    header_allowed = True
    for no, raw in enumerate(lines, 1):
        line = raw.lstrip("\ufeff").split("#", 1)[0].strip()
        if not line:
            continue
        if header_allowed and fold(line.replace(" ", "")) == "deck,weight":
            header_allowed = False
            continue
        header_allowed = False
        name, sep, value = line.rpartition(",")
        if not sep:
            raise InputError(str(path), no, f"'{raw.strip()}' is not 'deck,weight'",
                             "write one deck per line, e.g. 'Степь,0.25'")
        name = name.strip()
        try:
            w = float(value)
        except ValueError:
            raise InputError(str(path), no, f"weight '{value.strip()}' is not a number",
                             "write a number >= 0 after the comma") from None
        if not math.isfinite(w) or w < 0:
            raise InputError(str(path), no, f"weight {value.strip()} is negative or not finite",
                             "weights are numbers >= 0")
        deck = by_fold.get(fold(name))
        if deck is None:
            hint = closest(name, decks)
            raise InputError(str(path), no, f"no deck named '{name}' in this run",
                             f"did you mean '{hint[0]}'?" if hint else
                             f"use one of: {', '.join(decks)}")
        if deck in weights:
            raise InputError(str(path), no, f"deck '{deck}' is listed twice", "list each deck once")
        weights[deck] = w
    if sum(weights.values()) <= 0:
        raise InputError(str(path), None, "the weights add up to 0", "give at least one deck a weight > 0")
    return weights


def _field(scores, games, w):
    """Per deck (p, lo, hi) of the weighted mean score against the field."""
    out = []
    for i in range(scores.shape[0]):
        ok = ~np.isnan(scores[i]) & (w > 0)
        ns = np.where(np.arange(len(w)) == i, np.inf, games[i]).astype(float)
        p, var = stats.weighted_mean_var(scores[i][ok], ns[ok], w[ok])
        lo, hi = stats.wilson_weighted(p, var)
        out.append((p, lo, hi))
    return out


def field_win_rates(run, weights: dict | None = None, tier_margin: float = TIER_MARGIN) -> pl.DataFrame:
    """deck, uniform, uniform_lo, uniform_hi, weighted(_lo, _hi) (null without weights), nash,
    nash_lo, nash_hi, tier: the mean score against the field (every deck of the run, itself
    included at 50%), intervals by Wilson with the effective n of the weighted mean. Sorted by
    tier, then uniform field win rate. Tiers by stats.tiers with a practical margin of tier_margin
    (a share: 0.02 = 2 points of field score; tier_rule says it in words)."""
    run = open_run(run)
    scores, games = _matrix(run)
    n = len(run.decks)
    cols = {"deck": run.decks}
    uni = _field(scores, games, np.ones(n))
    cols.update({"uniform": [u[0] for u in uni], "uniform_lo": [u[1] for u in uni],
                 "uniform_hi": [u[2] for u in uni]})
    if weights:
        wv = np.array([float(weights.get(d, 0.0)) for d in run.decks])
        wf = _field(scores, games, wv)
        cols.update({"weighted": [u[0] for u in wf], "weighted_lo": [u[1] for u in wf],
                     "weighted_hi": [u[2] for u in wf]})
    else:
        cols.update({k: [None] * n for k in ("weighted", "weighted_lo", "weighted_hi")})
    if np.isnan(scores).any():
        cols.update({k: [None] * n for k in ("nash", "nash_lo", "nash_hi")})
    else:
        x, _ = stats.nash_mix(scores)
        nf = _field(scores, games, x)
        cols.update({"nash": [u[0] for u in nf], "nash_lo": [u[1] for u in nf],
                     "nash_hi": [u[2] for u in nf]})
    cols["tier"] = stats.tiers(np.array(cols["uniform"]), np.array(cols["uniform_lo"]),
                               np.array(cols["uniform_hi"]), tier_margin).astype(np.int64)
    schema = {"deck": pl.String, "tier": pl.Int64}
    df = pl.DataFrame(cols, schema_overrides=schema).with_columns(
        pl.col(c).cast(pl.Float64) for c in ("uniform", "uniform_lo", "uniform_hi", "weighted",
                                             "weighted_lo", "weighted_hi", "nash", "nash_lo", "nash_hi"))
    return df.sort(["tier", "uniform", "deck"], descending=[False, True, False])


def turn_histogram(run) -> pl.DataFrame:
    """turns, games, share: how many games lasted each number of turns (both players' turns)."""
    run = open_run(run)
    h = run.games().group_by("turns").agg(pl.len().cast(pl.Int64).alias("games")).sort("turns").collect()
    total = h["games"].sum()
    return h.with_columns(pl.col("turns").cast(pl.Int64),
                          (pl.col("games") / total).alias("share"))


def end_reasons(run) -> pl.DataFrame:
    """end_reason, games, share: why games ended (wipe; both wiped: a draw; turn cap: the higher
    total cost in play wins; no squad: a side could not field a creature)."""
    run = open_run(run)
    e = run.games().group_by("end_reason").agg(pl.len().cast(pl.Int64).alias("games")).sort(
        "end_reason").collect()
    total = e["games"].sum()
    return e.select(
        pl.col("end_reason").replace_strict(END_REASONS, default="other", return_dtype=pl.String),
        "games", (pl.col("games") / total).alias("share"))


def comebacks(run) -> pl.DataFrame:
    """games, comebacks, draws, rate, lo, hi. A comeback: the side that lost a creature first (in
    an earlier turn than the other side's first loss, or the only side that lost one) wins the
    game. games counts the games with such a side; draws count as half in rate."""
    run = open_run(run)
    a, b = pl.col("first_death_a"), pl.col("first_death_b")
    first_loser = (pl.when((a >= 0) & ((b < 0) | (a < b))).then(0)
                   .when((b >= 0) & ((a < 0) | (b < a))).then(1).otherwise(None))
    r = run.games().select(first_loser.alias("fl"), "winner").filter(pl.col("fl").is_not_null()).select(
        pl.len().cast(pl.Int64).alias("games"),
        (pl.col("winner") == pl.col("fl")).sum().cast(pl.Int64).alias("comebacks"),
        (pl.col("winner") == 2).sum().cast(pl.Int64).alias("draws")).collect()
    r = _wilson_cols(r, wins="comebacks")
    return r.rename({"score": "rate"}).select("games", "comebacks", "draws", "rate", "lo", "hi")


CARD_NOTE = ("Card statistics are observational, like 17lands' and HSReplay's: a card bought into the "
             "squad is correlated with winning for reasons other than its strength (cheap cards are "
             "bought in more squads, good decks carry weak cards - coat-tailing - and longer games "
             "show more cards). iwd = score when bought into the squad minus score when not dealt.")


def card_stats(run, alpha: float = 0.05) -> pl.DataFrame:
    """Per deck and card (mirror games left out): games (with the card in the deck), dealt_games and
    dealt_score (in the 15 dealt), squad_games and squad_score (bought into the squad),
    not_drawn_games and not_drawn_score, iwd = squad_score - not_drawn_score with Newcombe's 95%
    interval (iwd_lo, iwd_hi), p_value of the two-proportion test, flagged (Holm at `alpha` over
    all rows with a p-value; tests: the number of them), copies_bought, wounds_per_copy,
    kills_per_copy, death_rate, mean_death_turn, survival_rate (per copy bought), ability_uses
    (times its played abilities were used) and ability_uses_per_copy.
    Sorted by deck, then |iwd| (largest first), then card."""
    run = open_run(run)
    counts = ["games", "wins", "draws", "dealt_games", "dealt_wins", "dealt_draws", "squad_games",
              "squad_wins", "squad_draws", "not_drawn_games", "not_drawn_wins", "not_drawn_draws",
              "copies_bought", "wounds_dealt", "kills", "deaths", "death_turn_sum", "survived",
              "ability_uses"]
    c = (run.cards().filter(pl.col("deck_a") != pl.col("deck_b"))
         .group_by("deck", pl.col("name").alias("card")).agg(pl.col(counts).sum().cast(pl.Int64))
         .sort("deck", "card").collect())
    dealt, squad, nd, iwd, ilo, ihi, pv = [], [], [], [], [], [], []
    for r in c.iter_rows(named=True):
        dealt.append(_score(r["dealt_wins"], r["dealt_draws"], r["dealt_games"]))
        s1, n1 = r["squad_wins"] + r["squad_draws"] / 2, r["squad_games"]
        s2, n2 = r["not_drawn_wins"] + r["not_drawn_draws"] / 2, r["not_drawn_games"]
        squad.append(s1 / n1 if n1 else float("nan"))
        nd.append(s2 / n2 if n2 else float("nan"))
        if n1 and n2:
            d, lo, hi = stats.newcombe_diff(s1, n1, s2, n2)
            p = stats.two_proportion_p(s1, n1, s2, n2)
        else:
            d, lo, hi, p = float("nan"), float("nan"), float("nan"), float("nan")
        iwd.append(d)
        ilo.append(lo)
        ihi.append(hi)
        pv.append(p)
    flagged, _ = stats.holm(np.array(pv, dtype=float), alpha) if pv else (np.array([], bool), None)
    tests = int(np.isfinite(np.array(pv, dtype=float)).sum()) if pv else 0
    bought = c["copies_bought"].cast(pl.Float64)
    per_copy = lambda col: pl.when(bought > 0).then(pl.col(col) / bought).otherwise(None)
    out = c.with_columns(
        pl.Series("dealt_score", dealt, pl.Float64), pl.Series("squad_score", squad, pl.Float64),
        pl.Series("not_drawn_score", nd, pl.Float64), pl.Series("iwd", iwd, pl.Float64),
        pl.Series("iwd_lo", ilo, pl.Float64), pl.Series("iwd_hi", ihi, pl.Float64),
        pl.Series("p_value", pv, pl.Float64), pl.Series("flagged", flagged, pl.Boolean),
        pl.lit(tests, pl.Int64).alias("tests"),
        per_copy("wounds_dealt").alias("wounds_per_copy"), per_copy("kills").alias("kills_per_copy"),
        per_copy("deaths").alias("death_rate"), per_copy("survived").alias("survival_rate"),
        per_copy("ability_uses").alias("ability_uses_per_copy"),
        pl.when(pl.col("deaths") > 0).then(pl.col("death_turn_sum") / pl.col("deaths"))
        .otherwise(None).alias("mean_death_turn"),
    ).with_columns(pl.col(pl.Float64).fill_nan(None))
    return out.select(
        "deck", "card", "games", "dealt_games", "dealt_score", "squad_games", "squad_score",
        "not_drawn_games", "not_drawn_score", "iwd", "iwd_lo", "iwd_hi", "p_value", "flagged", "tests",
        "copies_bought", "wounds_per_copy", "kills_per_copy", "death_rate", "mean_death_turn",
        "survival_rate", "ability_uses", "ability_uses_per_copy",
    ).sort([pl.col("deck"), pl.col("iwd").abs(), pl.col("card")], descending=[False, True, False],
           nulls_last=True)
