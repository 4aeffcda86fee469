"""The report renderer: one self-contained HTML page (plotly charts, sortable tables, provenance, notes),
a Markdown summary for pasting into a forum, and every table as CSV and Parquet (docs/ANALYTICS.md, Outputs).

`report` is {"provenance": {...}, "notes": [str], "tables": {name: polars.DataFrame}}. Any table may be
missing or empty: the page renders what exists. The output is deterministic: identical input gives
identical bytes (fixed chart ids, no clock, no random ids), and the only timestamps, the provenance's
created and finished, sit inside <span class="timestamp"> so two reports of identical runs differ
only there. The page needs no network: plotly.js is embedded once, no fonts, no MathJax.
"""
from __future__ import annotations

import html
import math
import os
import re
from pathlib import Path

import plotly.graph_objects as go
import plotly.io as pio
import plotly.offline
import polars as pl

# Known tables in page order, with their section titles; other tables follow, sorted by name.
TABLE_TITLES = {
    "deck_win_rates": "Deck win rates",
    "matchups": "Matchups",
    "field": "Field win rates and tiers",
    "nash_mix": "Nash mix",
    "first_player": "First-player advantage",
    "turns": "Game length",
    "end_reasons": "End reasons",
    "comebacks": "Comebacks",
    "card_stats": "Card statistics",
    "swaps": "Swap tests",
    "impact_by_opponent": "Impact per opponent",
    "sprt_path": "SPRT path",
    "sweep_points": "Win rate by stat value",
    "exchange_rate": "Exchange rate (score change per +1)",
    "balance_summary": "Balance search",
    "balance_decks": "Field win rates before and after the edits",
    "balance_edits": "Edits",
    "balance_steps": "Search steps (screening)",
    "pilot_agreement": "Agreement between pilots",
    "pilot_verdicts": "Matchups whose verdict depends on the pilot",
    "pilot_tiers": "Field win rates and tiers per pilot",
    "pilot_matchups": "Matchups per pilot, paired differences",
    "pilot_answers": "Whether the answer holds under each pilot",
}
RATE_COLUMNS = {"score", "share", "rate", "weight", "uniform", "weighted", "nash", "dealt_score",
                "squad_score", "not_drawn_score", "death_rate", "survival_rate", "lo", "hi", "before", "after",
                "target_lo", "target_hi", "deck_score", "out_of_band_before", "out_of_band_after",
                "base_score", "variant_score", "field", "verdicts_kept"}
DIFF_COLUMNS = {"iwd", "change", "impact", "diff"}   # a difference of two rates, shown in percentage points
POINTS_COLUMNS = {"mean_abs_difference"}            # the size of a difference: unsigned percentage points
P_COLUMNS = {"p_value", "p_holm"}
FLOAT_DECIMALS = {"mean_death_turn": 1}
LABELS = {
    "deck": "Deck", "opponent": "Opponent", "games": "Games", "wins": "Wins", "draws": "Draws",
    "losses": "Losses", "score": "Score", "crosses_50": "Crosses 50%", "mirror": "Mirror",
    "deck_a": "Deck A", "deck_b": "Deck B", "first_wins": "First-mover wins", "uniform": "Uniform field",
    "weighted": "Weighted field", "nash": "Nash field", "tier": "Tier", "weight": "Nash weight",
    "turns": "Turns", "share": "Share", "end_reason": "End reason", "comebacks": "Comebacks",
    "rate": "Comeback rate", "card": "Card", "dealt_games": "Dealt n", "dealt_score": "Dealt score",
    "squad_games": "In squad n", "squad_score": "In squad score", "not_drawn_games": "Not dealt n",
    "not_drawn_score": "Not dealt score", "iwd": "Squad minus not dealt", "p_value": "p", "flagged": "Significant",
    "copies_bought": "Copies bought", "wounds_per_copy": "Wounds / copy", "kills_per_copy": "Kills / copy",
    "death_rate": "Death rate", "mean_death_turn": "Mean death turn", "survival_rate": "Survival",
    "tests": "Holm tests",
    "swap": "Swap", "replacement": "Replacement", "base_score": "Base score", "variant_score": "Variant score",
    "impact": "Impact", "p_holm": "p (Holm)", "verdict": "SPRT verdict", "decided_games": "Games to decision",
    "llr": "LLR", "llr_lower": "LLR lower bound", "llr_upper": "LLR upper bound",
    "variance_ratio": "Variance ratio", "unpaired_games": "Unpaired games", "games_saved": "Games saved",
    "sd_paired": "SD of paired diff.", "opponents": "Opponents",
    "offset": "Offset", "value": "Value", "step": "Step", "from_value": "From", "to_value": "To",
    "change": "Change", "pairs": "Seed pairs", "before": "Before", "after": "After",
    "in_band_before": "In band before", "in_band_after": "In band after", "setting": "As --set",
    "deck_score": "Deck's screened score", "screen_games": "Screening games",
    "confirm_games": "Confirmation games", "out_of_band_before": "Out of band before",
    "out_of_band_after": "Out of band after", "reached_in_screening": "Reached in screening",
    "target_lo": "Target from", "target_hi": "Target to", "stat": "Stat", "edit": "Edit",
    "direction": "Direction", "candidates": "Candidates", "screen_seconds": "Screening seconds",
    "reached": "Reached",
    "diff": "Minus the first pilot", "field": "Field", "pilot": "Pilot", "reference": "Against",
    "kendall_tau": "Kendall tau", "tau_p_value": "p (tau)", "verdicts_kept": "Verdicts kept",
    "mean_abs_difference": "Mean |difference|", "differences_outside_zero": "Differences excluding 0",
    "verdict_changes": "Verdict changes", "matchups": "Matchups", "holds": "Holds", "decks": "Decks",
}
TABLE_LABELS = {"first_player": {"score": "First mover's score"},
                "exchange_rate": {"change": "Change per +1"},
                "swaps": {"games": "Games / opponent", "decided_games": "Games to decision / opponent",
                          "unpaired_games": "Unpaired games / opponent / run"},
                "impact_by_opponent": {"games": "Games / opponent"},
                "sprt_path": {"games": "Games / opponent"}}
HINTS = {
    "score": "wins + draws/2 over games, with the Wilson 95% interval",
    "crosses_50": "the 95% interval includes 50%: not distinguishable from an even matchup",
    "iwd": "score with the card bought into the squad minus score with it not dealt, percentage points, "
           "95% interval (observational)",
    "p_value": "two-sided p-value of the IWD, before the Holm correction",
    "flagged": "significant after the Holm correction over all card tests",
    "dealt_score": "score in games where the card was in the deal (the 15 drawn)",
    "squad_score": "score in games where the card was bought into the squad",
    "not_drawn_score": "score in games where the card was not dealt (not among the 15 drawn)",
    "uniform": "mean score against every deck, equal weights",
    "weighted": "mean score against the field of the weights file",
    "nash": "mean score against the Nash equilibrium mix",
    "survival_rate": "survival to the end of the game",
    "impact": "variant's score minus the base deck's on the same seeds and seats, percentage points, paired "
              "95% interval",
    "verdict": "the SPRT's decision on the field impact (H0 or H1 accepted, or undecided at the budget)",
    "decided_games": "games per opponent the SPRT needed to decide",
    "variance_ratio": "variance of two independent runs' score difference over the variance of the paired "
                      "differences: how many times more games unpaired runs would need",
    "unpaired_games": "games per opponent and per run that two unpaired runs would need for the same interval",
    "games_saved": "games the pairing saved over the whole test (both runs, all opponents)",
    "p_holm": "p-value after the Holm correction over all swap tests",
    "change": "paired change (same seeds), percentage points, 95% interval over seed pairs",
    "out_of_band_before": "total distance of all decks' field win rates from the target band",
    "out_of_band_after": "total distance of all decks' field win rates from the target band",
    "offset": "the stat's value minus its value before the sweep",
    "diff": "this pilot's score minus the first pilot's on the same seed pairs, percentage points, paired "
            "95% interval",
    "kendall_tau": "rank agreement of the decks' field win rates with the first pilot's (1: same order)",
    "verdicts_kept": "share of matchups whose verdict (above, below, not distinguishable from 50%) is the "
                     "first pilot's",
    "field": "mean score against every deck, equal weights, under this pilot",
    "holds": "the answer points the same way as under the first pilot (a balance: its edits still reach the "
             "band, or come closer to it, as under the first pilot)",
}
PILOT_LABELS = {"verdict": "Verdict", "diff": "Minus the first pilot"}
PILOT_HINTS = {"verdict": "above or below 50% when the score's 95% interval excludes it, else even"}
MISSING = "—"
CHART_CONFIG = {"displaylogo": False, "responsive": True, "modeBarButtonsToRemove": ["select2d", "lasso2d"]}
FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif'
COLORS = {"uniform": "#6b7b93", "weighted": "#1b9e77", "nash": "#d95f02", "point": "#2f5597",
          "flagged": "#d95f02", "plain": "#a3b1c6", "bar": "#4c78a8", "line": "#8a8f98"}
CARD_CHART_MAX = 30
NOT_SHOWN = {"tests"}   # the same in every row (the number of card tests): the notes say it; CSV and Parquet keep it
WIDE_TABLE = 14     # columns above which a table is set smaller, so that it fits the page
MARKDOWN_CARDS_MAX = 20


# ---------------------------------------------------------------------------------------------------
# Values and columns


def _missing(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def _pct(x) -> str:
    return MISSING if _missing(x) else f"{100 * x:.1f}%"


def _interval(lo, hi, signed=False) -> str:
    if _missing(lo) or _missing(hi):
        return ""
    if signed:
        return f"({100 * lo:+.1f} to {100 * hi:+.1f})"
    return f"({100 * lo:.1f}-{100 * hi:.1f})"


def _pct_ci(x, lo, hi) -> str:
    """'54.3% (53.6-55.0)'."""
    ci = _interval(lo, hi)
    return _pct(x) + (f" {ci}" if ci and not _missing(x) else "")


def _pp_ci(x, lo, hi) -> str:
    """'+3.2 pp (+1.0 to +5.4)': a difference of rates."""
    if _missing(x):
        return MISSING
    ci = _interval(lo, hi, signed=True)
    return f"{100 * x:+.1f} pp" + (f" {ci}" if ci else "")


def _count(n) -> str:
    return MISSING if _missing(n) else f"{int(n):,}"


def _p_value(p) -> str:
    if _missing(p):
        return MISSING
    return f"{p:.3f}" if p >= 0.001 else f"{p:.1e}"


def _sort_key(x) -> str:
    """The value the page's sorter compares: numbers as text JavaScript's Number() reads, '' for none."""
    if _missing(x):
        return ""
    if isinstance(x, bool):
        return "1" if x else "0"
    return repr(x) if isinstance(x, float) else str(x)


class _Column:
    """One displayed column of a table: a value column and, for a rate, its interval columns."""

    def __init__(self, table: str, name: str, dtype, lo: str | None = None, hi: str | None = None):
        self.name, self.lo, self.hi = name, lo, hi
        base = re.sub(r"_(lo|hi)$", "", name)
        base, _, pilot = base.partition(":")        # a pilot's column (analysis.pilots): score:search
        if name in DIFF_COLUMNS or base in DIFF_COLUMNS:
            self.kind = "diff"
        elif name in POINTS_COLUMNS:
            self.kind = "points"
        elif name in RATE_COLUMNS or base in RATE_COLUMNS:
            self.kind = "rate"
        elif name in P_COLUMNS:
            self.kind = "p"
        elif dtype == pl.Boolean:
            self.kind = "bool"
        elif dtype.is_integer():
            self.kind = "int"
        elif dtype.is_float():
            self.kind = "float"
        else:
            self.kind = "text"
        self.label = TABLE_LABELS.get(table, {}).get(name) or LABELS.get(name) or name.replace("_", " ")
        self.hint = HINTS.get(name, "")
        if pilot:
            self.label = f"{PILOT_LABELS.get(base) or LABELS.get(base, base)} ({pilot})"
            self.hint = PILOT_HINTS.get(base) or HINTS.get(base, "")
        self.numeric = self.kind not in ("text", "bool")

    def text(self, row: dict) -> str:
        x = row[self.name]
        if self.kind == "rate":
            return _pct_ci(x, row[self.lo], row[self.hi]) if self.lo else _pct(x)
        if self.kind == "diff":
            return _pp_ci(x, row[self.lo] if self.lo else None, row[self.hi] if self.hi else None)
        if self.kind == "points":
            return MISSING if _missing(x) else f"{100 * x:.1f} pp"
        if self.kind == "p":
            return _p_value(x)
        if self.kind == "int":
            return _count(x)
        if self.kind == "float":
            return MISSING if _missing(x) else f"{x:.{FLOAT_DECIMALS.get(self.name, 2)}f}"
        if self.kind == "bool":
            return MISSING if x is None else ("yes" if x else "no")
        return MISSING if x is None else str(x)


def _all_missing(df: pl.DataFrame, name: str) -> bool:
    s = df[name]
    if s.dtype.is_float():
        return bool((s.is_null() | s.is_nan()).all())
    return bool(s.is_null().all())


def _columns(table: str, df: pl.DataFrame) -> list[_Column]:
    """The displayed columns: rate and interval merged into one, columns without any value left out."""
    names, schema = df.columns, df.schema
    taken, out = set(), []
    for name in names:
        if name in taken:
            continue
        lo, hi = f"{name}_lo", f"{name}_hi"
        if name in ("score", "rate") and "lo" in names and "hi" in names:
            lo, hi = "lo", "hi"
        if lo in names and hi in names:
            taken |= {lo, hi}
        else:
            lo = hi = None
        if df.height and _all_missing(df, name) or name in NOT_SHOWN:
            continue
        out.append(_Column(table, name, schema[name], lo, hi))
    return out


def _usable(df, *columns) -> bool:
    return isinstance(df, pl.DataFrame) and df.height > 0 and all(c in df.columns for c in columns)


def _tables(report: dict) -> dict[str, pl.DataFrame]:
    """The report's tables in page order: the known ones, then the others by name."""
    tables = {k: v for k, v in (report.get("tables") or {}).items() if isinstance(v, pl.DataFrame)}
    known = [k for k in TABLE_TITLES if k in tables]
    return {k: tables[k] for k in known + sorted(k for k in tables if k not in TABLE_TITLES)}


def _deck_order(report: dict, tables: dict) -> list[str]:
    """Decks strongest first (by deck win rate), then any others in the provenance's order."""
    candidates = []
    dwr = tables.get("deck_win_rates")
    if _usable(dwr, "deck", "score"):
        candidates = dwr.sort(["score", "deck"], descending=[True, False], nulls_last=True)["deck"].to_list()
    candidates += (report.get("provenance") or {}).get("decks") or []
    m = tables.get("matchups")
    if _usable(m, "deck", "opponent"):
        candidates += sorted({d for d in m["deck"].to_list() + m["opponent"].to_list() if d is not None})
    order = []
    for deck in candidates:
        if deck is not None and deck not in order:
            order.append(deck)
    return order


def _top_tier(tables: dict) -> tuple[int, list[str]] | None:
    field = tables.get("field")
    if not _usable(field, "deck", "tier") or field["tier"].is_null().all():
        return None
    best = field["tier"].min()
    sort_by = [c for c in ("nash", "uniform") if c in field.columns] + ["deck"]
    decks = field.filter(pl.col("tier") == best).sort(
        sort_by, descending=[c != "deck" for c in sort_by], nulls_last=True)["deck"].to_list()
    return int(best), decks


def _nash_support(tables: dict) -> list[tuple[str, float]]:
    mix = tables.get("nash_mix")
    if not _usable(mix, "deck", "weight"):
        return []
    mix = mix.filter(pl.col("weight") > 0).sort(["weight", "deck"], descending=[True, False])
    return list(zip(mix["deck"].to_list(), mix["weight"].to_list()))


def _turn_summary(tables: dict) -> dict | None:
    t = tables.get("turns")
    if not _usable(t, "turns", "games"):
        return None
    t = t.filter(pl.col("games") > 0).sort("turns")
    total = t["games"].sum()
    if not total:
        return None
    mean = (t["turns"] * t["games"]).sum() / total
    cum, median = 0, None
    for turns, games in zip(t["turns"].to_list(), t["games"].to_list()):
        cum += games
        if cum * 2 >= total:
            median = turns
            break
    return {"mean": mean, "median": median, "min": t["turns"].min(), "max": t["turns"].max(),
            "games": total}


def _overall_first(tables: dict) -> dict | None:
    fp = tables.get("first_player")
    if not _usable(fp, "deck_a", "deck_b", "score"):
        return None
    rows = fp.filter((pl.col("deck_a") == "all") & (pl.col("deck_b") == "all"))
    return rows.row(0, named=True) if rows.height else None


# ---------------------------------------------------------------------------------------------------
# Charts


def _layout(fig: go.Figure, height: int, **kwargs) -> go.Figure:
    layout = {"template": "plotly_white", "height": height, "font": {"family": FONT, "size": 13},
              "margin": {"l": 10, "r": 20, "t": 40, "b": 50}, "hoverlabel": {"font": {"family": FONT}},
              "legend": {"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 0}}
    if kwargs.get("showlegend", True) and len(fig.data) > 1:
        layout["margin"] = layout["margin"] | {"t": 70}   # the legend sits below the mode bar
    fig.update_layout(**(layout | kwargs))
    fig.update_xaxes(automargin=True)
    fig.update_yaxes(automargin=True)
    return fig


def _error_x(values, los, his) -> dict:
    return {"type": "data", "symmetric": False, "thickness": 1.5, "width": 4,
            "array": [None if _missing(h) or _missing(v) else 100 * (h - v) for v, h in zip(values, his)],
            "arrayminus": [None if _missing(lo) or _missing(v) else 100 * (v - lo)
                           for v, lo in zip(values, los)]}


def _pct_values(values) -> list:
    return [None if _missing(v) else 100 * v for v in values]


def _fifty_line(fig: go.Figure) -> None:
    fig.add_vline(x=50, line={"dash": "dash", "color": COLORS["line"], "width": 1})


def _category_rows(fig: go.Figure, labels: list[str]) -> None:
    """Rows of a dot chart in the given order, bottom to top, without padding beyond the first and last."""
    fig.update_yaxes(categoryorder="array", categoryarray=labels, range=[-0.6, len(labels) - 0.4])


def _chart_matchups(tables: dict, order: list[str]) -> go.Figure | None:
    m = tables.get("matchups")
    if not _usable(m, "deck", "opponent", "score"):
        return None
    cells = {(r["deck"], r["opponent"]): r for r in m.iter_rows(named=True)}
    fig = _score_heatmap(order, cells, lambda r: r.get("crosses_50"), "score", "RdBu", "vs", "score")
    fig.update_xaxes(title={"text": "opponent"})
    fig.update_yaxes(title={"text": "deck"})
    return fig


def _score_heatmap(decks, cells, crosses_of, what, colorscale, joiner, colorbar) -> go.Figure:
    """A deck x deck heatmap of the scores in cells {(deck, opponent): row with score, lo, hi, games},
    ~ where crosses_of(row) (the 95% interval crosses 50%), centred on 50%."""
    z, text, hover = [], [], []
    for deck in decks:
        zr, tr, hr = [], [], []
        for opp in decks:
            r = cells.get((deck, opp))
            if r is None or _missing(r["score"]):
                zr.append(None)
                tr.append("")
                hr.append("no games")
                continue
            crosses = crosses_of(r)
            zr.append(100 * r["score"])
            tr.append(("~" if crosses else "") + f"{100 * r['score']:.1f}")
            hr.append(f"{what} {_pct_ci(r['score'], r.get('lo'), r.get('hi'))}<br>n = {_count(r.get('games'))}"
                      + ("<br>interval crosses 50%" if crosses else ""))
        z.append(zr)
        text.append(tr)
        hover.append(hr)
    spread = math.ceil(max([abs(v - 50) for row in z for v in row if v is not None] + [5.0]))
    n = len(decks)
    fig = go.Figure(go.Heatmap(
        z=z, x=decks, y=decks, text=text, texttemplate="%{text}", customdata=hover,
        textfont={"size": 14 if n <= 6 else 12}, colorscale=colorscale, zmid=50, zmin=50 - spread,
        zmax=50 + spread, xgap=2, ygap=2,
        hovertemplate="<b>%{y}</b> " + joiner + " <b>%{x}</b><br>%{customdata}<extra></extra>",
        colorbar={"title": {"text": colorbar}, "ticksuffix": "%", "thickness": 14}))
    _layout(fig, 140 + max(n, 2) * (56 if n <= 6 else 44), margin={"l": 10, "r": 10, "t": 10, "b": 10})
    fig.update_xaxes(side="top", tickangle=-30 if n > 4 else 0, showgrid=False)
    fig.update_yaxes(autorange="reversed", showgrid=False)
    return fig


def _chart_points(labels, values, los, his, name, color, value_text=True) -> go.Scatter:
    return go.Scatter(
        x=_pct_values(values), y=labels, name=name, mode="markers+text" if value_text else "markers",
        marker={"size": 10, "color": color}, error_x={**_error_x(values, los, his), "color": color},
        text=[_pct(v) for v in values] if value_text else None, textposition="top center",
        customdata=[_pct_ci(v, lo, hi) for v, lo, hi in zip(values, los, his)],
        hovertemplate="<b>%{y}</b><br>" + name + " %{customdata}<extra></extra>")


def _chart_deck_win_rates(tables: dict) -> go.Figure | None:
    d = tables.get("deck_win_rates")
    if not _usable(d, "deck", "score", "lo", "hi"):
        return None
    d = d.sort(["score", "deck"], descending=[False, True], nulls_last=False)
    fig = go.Figure(_chart_points(d["deck"].to_list(), d["score"].to_list(), d["lo"].to_list(),
                                  d["hi"].to_list(), "score", COLORS["point"]))
    _fifty_line(fig)
    _category_rows(fig, d["deck"].to_list())
    _layout(fig, 110 + 46 * d.height, showlegend=False)
    fig.update_xaxes(ticksuffix="%", title={"text": "score (draws count half), 95% interval"})
    return fig


def _chart_nash_mix(tables: dict) -> go.Figure | None:
    mix = tables.get("nash_mix")
    if not _usable(mix, "deck", "weight"):
        return None
    mix = mix.filter(pl.col("weight") > 0).sort(["weight", "deck"], descending=[False, True])
    if mix.height < 2:
        return None          # one deck: the headline and the section's lead say so in words
    weights = mix["weight"].to_list()
    fig = go.Figure(go.Bar(
        x=_pct_values(weights), y=mix["deck"].to_list(), orientation="h", marker={"color": COLORS["nash"]},
        text=[_pct(w) for w in weights], textposition="outside", cliponaxis=False,
        hovertemplate="<b>%{y}</b><br>weight %{x:.1f}%<extra></extra>"))
    top = max([100 * w for w in weights if not _missing(w)] + [1.0])
    _layout(fig, 110 + 40 * mix.height, showlegend=False)
    fig.update_xaxes(ticksuffix="%", range=[0, top * 1.18], title={"text": "weight in the Nash equilibrium"})
    return fig


def _chart_field(tables: dict) -> go.Figure | None:
    f = tables.get("field")
    if not _usable(f, "deck"):
        return None
    measures = [(m, label) for m, label in (("uniform", "uniform field"), ("weighted", "weighted field"),
                                            ("nash", "Nash field"))
                if all(c in f.columns for c in (m, f"{m}_lo", f"{m}_hi")) and not _all_missing(f, m)]
    if not measures:
        return None
    order = (["tier"] if "tier" in f.columns else []) + ["uniform" if measures[0][0] == "uniform"
                                                         else measures[-1][0], "deck"]
    f = f.sort(order, descending=[True] + [False] * (len(order) - 1), nulls_last=False)
    labels = f["deck"].to_list()
    if "tier" in f.columns:
        labels = [d if _missing(t) else f"{d} · tier {t}" for d, t in zip(labels, f["tier"].to_list())]
    fig = go.Figure([_chart_points(labels, f[m].to_list(), f[f"{m}_lo"].to_list(), f[f"{m}_hi"].to_list(),
                                   label, COLORS[m], value_text=False) for m, label in measures])
    _fifty_line(fig)
    _layout(fig, 130 + f.height * (22 + 14 * len(measures)), scattermode="group", scattergap=0.35)
    fig.update_xaxes(ticksuffix="%", title={"text": "score against the field, 95% interval"})
    _category_rows(fig, labels)
    return fig


PILOT_COLORS = ("#6b7b93", "#d95f02", "#1b9e77", "#7570b3", "#e7298a")


def _chart_pilot_fields(tables: dict) -> go.Figure | None:
    """Each deck's field win rate under each pilot (analysis.pilots.pilot_tables' pilot_tiers)."""
    t = tables.get("pilot_tiers")
    if not _usable(t, "deck"):
        return None
    pilots = [c.split(":", 1)[1] for c in t.columns if c.startswith("field:") and not c.endswith(("_lo", "_hi"))]
    t = t.sort(f"field:{pilots[0]}", descending=False)
    labels = t["deck"].to_list()
    fig = go.Figure([_chart_points(labels, t[f"field:{p}"].to_list(), t[f"field:{p}_lo"].to_list(),
                                   t[f"field:{p}_hi"].to_list(), p, PILOT_COLORS[i % len(PILOT_COLORS)],
                                   value_text=False) for i, p in enumerate(pilots)])
    _fifty_line(fig)
    _layout(fig, 130 + t.height * (22 + 14 * len(pilots)), scattermode="group", scattergap=0.35)
    fig.update_xaxes(ticksuffix="%", title={"text": "score against the field under each pilot, 95% interval"})
    _category_rows(fig, labels)
    return fig


def _first_player_cells(tables: dict) -> dict:
    """{(deck, opponent): first_player row} of each pairing, both ways round (the 'all' row left out)."""
    fp = tables.get("first_player")
    if not _usable(fp, "deck_a", "deck_b", "score"):
        return {}
    cells = {}
    for r in fp.iter_rows(named=True):
        if r["deck_a"] != "all":
            cells[r["deck_a"], r["deck_b"]] = cells[r["deck_b"], r["deck_a"]] = r
    return cells


def _chart_first_player(tables: dict, order: list[str]) -> go.Figure | None:
    """The first mover's score in each pairing as a deck x deck heatmap (symmetric: a pairing is one
    cell and its mirror image), ~ where the 95% interval crosses 50%."""
    cells = _first_player_cells(tables)
    if not cells:
        return None
    decks = [d for d in order if any((d, o) in cells for o in order)]
    decks += sorted({a for a, _ in cells} - set(decks))
    return _score_heatmap(decks, cells, lambda r: (not _missing(r.get("lo")) and not _missing(r.get("hi"))
                                                   and r["lo"] <= 0.5 <= r["hi"]),
                          "first mover's score", "PuOr", "and", "first mover")


def _chart_turns(tables: dict) -> go.Figure | None:
    t = tables.get("turns")
    if not _usable(t, "turns", "games"):
        return None
    t = t.sort("turns")
    share = t["share"].to_list() if "share" in t.columns else [None] * t.height
    fig = go.Figure(go.Bar(
        x=t["turns"].to_list(), y=t["games"].to_list(), marker={"color": COLORS["bar"]},
        customdata=[_pct(s) for s in share],
        hovertemplate="%{x} turns: %{y:,} games (%{customdata})<extra></extra>"))
    _layout(fig, 360, showlegend=False, bargap=0.08)
    fig.update_xaxes(title={"text": "turns in the game"})
    shape = _turn_summary(tables)
    if shape:
        fig.add_vline(x=shape["median"], line={"dash": "dot", "color": "#333", "width": 1},
                      annotation={"text": f"median {shape['median']}", "font": {"size": 12}})
        view = _turn_view(t)
        if view:
            fig.update_xaxes(range=[t["turns"].min() - 0.5, view[0] + 0.5])
    fig.update_yaxes(title={"text": "games"}, separatethousands=True)
    return fig


def _turn_view(t: pl.DataFrame) -> tuple[int, int] | None:
    """(last turn shown, games beyond it) when a thin far tail (turn cap games) would squash the
    histogram's body: the axis then stops at the 99.5th percentile; None when everything fits."""
    t = t.filter(pl.col("games") > 0)
    total = t["games"].sum()
    cum, q = 0, None
    for turns, games in zip(t["turns"].to_list(), t["games"].to_list()):
        cum += games
        if cum >= 0.995 * total:
            q = turns
            break
    if q is None or t["turns"].max() <= 1.5 * q + 5:
        return None
    upper = q + max(2, q // 10)
    return upper, int(t.filter(pl.col("turns") > upper)["games"].sum())


def _chart_end_reasons(tables: dict) -> go.Figure | None:
    e = tables.get("end_reasons")
    if not _usable(e, "end_reason", "games"):
        return None
    e = e.sort(["games", "end_reason"], descending=[False, True])
    total = e["games"].sum() or 1
    share = e["share"].to_list() if "share" in e.columns else [g / total for g in e["games"].to_list()]
    fig = go.Figure(go.Bar(
        x=e["games"].to_list(), y=[str(r).replace("_", " ") for r in e["end_reason"].to_list()],
        orientation="h", marker={"color": COLORS["bar"]}, text=[_pct(s) for s in share],
        textposition="outside", cliponaxis=False,
        hovertemplate="<b>%{y}</b><br>%{x:,} games (%{text})<extra></extra>"))
    _layout(fig, 110 + 44 * e.height, showlegend=False)
    fig.update_xaxes(title={"text": "games"}, range=[0, max(e["games"].max() or 1, 1) * 1.2],
                     separatethousands=True)
    return fig


def _chart_card_impact(tables: dict) -> go.Figure | None:
    c = tables.get("card_stats")
    if not _usable(c, "deck", "card", "iwd"):
        return None
    c = c.filter(pl.col("iwd").is_not_null() & pl.col("iwd").is_not_nan())
    if not c.height:
        return None
    c = c.with_columns(pl.col("iwd").abs().alias("_abs")).sort(
        ["_abs", "deck", "card"], descending=[True, False, False]).head(CARD_CHART_MAX).sort(
        ["iwd", "deck", "card"], descending=[False, True, True])
    several = c["deck"].n_unique() > 1
    c = c.with_columns(
        (pl.col("card") + (" · " + pl.col("deck") if several else pl.lit(""))).alias("_label"),
        (pl.col("flagged").fill_null(False) if "flagged" in c.columns else pl.lit(False)).alias("_flag"))
    los = c["iwd_lo"].to_list() if "iwd_lo" in c.columns else [None] * c.height
    his = c["iwd_hi"].to_list() if "iwd_hi" in c.columns else [None] * c.height
    c = c.with_columns(pl.Series("_lo", los, dtype=pl.Float64), pl.Series("_hi", his, dtype=pl.Float64))
    traces = []
    for flag, name in ((True, "significant (corrected for the number of cards)"), (False, "not significant")):
        part = c.filter(pl.col("_flag") == flag)
        if not part.height:
            continue
        values, lo, hi = part["iwd"].to_list(), part["_lo"].to_list(), part["_hi"].to_list()
        color = COLORS["flagged"] if flag else COLORS["plain"]
        traces.append(go.Bar(
            x=_pct_values(values), y=part["_label"].to_list(), orientation="h", name=name,
            marker={"color": color}, error_x={**_error_x(values, lo, hi), "color": "#3b4252"},
            customdata=[_pp_ci(v, a, b) for v, a, b in zip(values, lo, hi)],
            hovertemplate="<b>%{y}</b><br>squad minus not dealt %{customdata}<extra>" + name + "</extra>"))
    fig = go.Figure(traces)
    _layout(fig, 130 + 24 * c.height, barmode="overlay")
    fig.update_xaxes(ticksuffix=" pp", zeroline=True, zerolinecolor="#555", zerolinewidth=1,
                     title={"text": "score in squad minus score not dealt (points), 95% interval"})
    fig.update_yaxes(categoryorder="array", categoryarray=c["_label"].to_list())
    return fig


SWEEP_PALETTE = ("#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756", "#72b7b2", "#eeca3b", "#9d755d",
                 "#bab0ac", "#ff9da6", "#79706e", "#d67195")


def _chart_sweep(tables: dict, p: dict) -> go.Figure | None:
    pts = tables.get("sweep_points")
    if not _usable(pts, "opponent", "value", "score", "lo", "hi"):
        return None
    sweep = p.get("sweep") or {}
    traces = []
    opponents = [o for o in dict.fromkeys(pts["opponent"].to_list()) if o != "field"]
    for k, who in enumerate(opponents + ["field"]):
        part = pts.filter(pl.col("opponent") == who).sort("value")
        values = part["score"].to_list()
        field = who == "field"
        color = "#111827" if field else SWEEP_PALETTE[k % len(SWEEP_PALETTE)]
        traces.append(go.Scatter(
            x=part["value"].to_list(), y=_pct_values(values), mode="lines+markers",
            name="field (mean over opponents)" if field else f"vs {who}",
            line={"color": color, "width": 3.5 if field else 1.5, "dash": "solid" if field else "dot"},
            marker={"size": 10 if field else 6, "color": color},
            error_y={**_error_x(values, part["lo"].to_list(), part["hi"].to_list()), "color": color},
            customdata=[_pct_ci(v, a, b) for v, a, b in
                        zip(values, part["lo"].to_list(), part["hi"].to_list())],
            hovertemplate=("<b>" + _e(who) + "</b><br>" + _e(sweep.get("stat", "value"))
                           + " %{x}: %{customdata}<extra></extra>")))
    fig = go.Figure(traces)
    fig.add_hline(y=50, line={"dash": "dash", "color": COLORS["line"], "width": 1})
    _layout(fig, 520)
    fig.update_xaxes(title={"text": f"{sweep.get('card', 'card')} {sweep.get('stat', 'stat')}"},
                     dtick=1)
    fig.update_yaxes(ticksuffix="%", title={"text": f"score of {sweep.get('deck', 'the deck')}, 95% interval"})
    if "base_value" in sweep:
        fig.add_vline(x=sweep["base_value"], line={"dash": "dot", "color": "#333", "width": 1},
                      annotation={"text": "before the sweep", "font": {"size": 12}})
    return fig


def _chart_balance(tables: dict, p: dict) -> go.Figure | None:
    d = tables.get("balance_decks")
    if not _usable(d, "deck", "before", "after"):
        return None
    d = d.sort(["before", "deck"], descending=[False, True])
    labels = d["deck"].to_list()
    fig = go.Figure([
        _chart_points(labels, d["before"].to_list(), d["before_lo"].to_list(), d["before_hi"].to_list(),
                      "before (unedited)", COLORS["uniform"], value_text=False),
        _chart_points(labels, d["after"].to_list(), d["after_lo"].to_list(), d["after_hi"].to_list(),
                      "after the edits", COLORS["nash"], value_text=False)])
    band = (p.get("balance") or {}).get("target")
    if band:
        fig.add_vrect(x0=100 * band[0], x1=100 * band[1], fillcolor="#1b9e77", opacity=0.12, line_width=0,
                      annotation={"text": "target band", "font": {"size": 12}}, annotation_position="top left")
    _fifty_line(fig)
    _layout(fig, 130 + 40 * d.height, scattermode="group", scattergap=0.35)
    fig.update_xaxes(ticksuffix="%", title={"text": "field win rate (mean over the other decks), 95% interval"})
    _category_rows(fig, labels)
    return fig


def _field_slope(tables: dict) -> dict | None:
    ex = tables.get("exchange_rate")
    if not _usable(ex, "opponent", "step", "change"):
        return None
    rows = ex.filter((pl.col("opponent") == "field") & (pl.col("step") == "slope"))
    if not rows.height:
        rows = ex.filter(pl.col("opponent") == "field")
    return rows.row(0, named=True) if rows.height else None


def _card_count(tables: dict) -> str:
    """'The 30 largest card impacts' or 'All 12 card impacts': what the card chart shows."""
    cards = tables.get("card_stats")
    n = 0
    if _usable(cards, "iwd"):
        n = cards.filter(pl.col("iwd").is_not_null() & pl.col("iwd").is_not_nan()).height
    return f"The {CARD_CHART_MAX} largest card impacts" if n > CARD_CHART_MAX else f"All {n} card impacts"


def _figure_html(fig: go.Figure, div_id: str) -> str:
    return pio.to_html(fig, full_html=False, include_plotlyjs=False, include_mathjax=False, div_id=div_id,
                       config=CHART_CONFIG, validate=True)


# ---------------------------------------------------------------------------------------------------
# HTML


CSS = """
:root { --fg: #1f2328; --muted: #5b6470; --bg: #f3f5f8; --card: #ffffff; --line: #d8dee6;
        --accent: #2f5597; --head: #1e293b; --flag: #fff1e6; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 FONT; }
header.page { background: var(--head); color: #e8edf3; padding: 28px 32px 22px; }
header.page h1 { margin: 0 0 4px; font-size: 26px; font-weight: 650; }
header.page .kind { display: inline-block; font-size: 12px; text-transform: uppercase; letter-spacing: .08em;
  background: #334155; color: #cbd5e1; border-radius: 4px; padding: 2px 8px; margin-bottom: 14px; }
dl.prov { display: grid; grid-template-columns: max-content 1fr; gap: 4px 18px; margin: 0; font-size: 14px; }
dl.prov dt { color: #94a3b8; }
dl.prov dd { margin: 0; }
dl.prov code { background: #0f172a; color: #e2e8f0; padding: 2px 6px; border-radius: 4px; font-size: 13px;
  word-break: break-all; }
dl.prov .small { font-size: 12px; color: #94a3b8; }
nav.toc { position: sticky; top: 0; z-index: 10; background: #ffffffee; border-bottom: 1px solid var(--line);
  padding: 8px 32px; font-size: 14px; }
nav.toc a { color: var(--accent); text-decoration: none; margin-right: 16px; white-space: nowrap; }
nav.toc a:hover { text-decoration: underline; }
main { max-width: 1280px; margin: 0 auto; padding: 20px 24px 40px; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 18px 22px;
  margin: 0 0 20px; scroll-margin-top: 48px; }
section h2 { margin: 0 0 12px; font-size: 20px; }
section h3 { margin: 18px 0 8px; font-size: 16px; }
section h3 .sub { color: var(--muted); font-weight: 400; font-size: 13px; }
p.lead, figcaption, .muted { color: var(--muted); }
figure { margin: 0 0 12px; min-width: 0; }
figcaption { font-size: 13px; margin-top: 4px; }
/* Fixed columns: plotly sizes a chart when its script runs, before the next grid item exists. */
.grid2 { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 18px; }
@media (max-width: 960px) { .grid2 { grid-template-columns: minmax(0, 1fr); } }
.headline { display: grid; grid-template-columns: repeat(auto-fit, minmax(210px, 1fr)); gap: 16px; }
.figure-box { border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; }
.figure-box .label { font-size: 13px; color: var(--muted); text-transform: uppercase; letter-spacing: .05em; }
.figure-box .big { font-size: 26px; font-weight: 650; }
.figure-box .muted { font-size: 13px; margin-top: 6px; }
.chip { display: inline-block; border-radius: 999px; padding: 3px 12px; margin: 4px 6px 0 0; font-size: 15px;
  background: #fdebd9; color: #7a3300; }
.chip.tier { background: #e1ecfb; color: #1d3f7a; }
.chip b { font-weight: 650; }
/* Tables show every row and fit the page: no inner scroll box; headers wrap, an interval goes under its
   value, text cells wrap. */
.tables { display: flex; flex-wrap: wrap; gap: 0 32px; align-items: flex-start; }
.table-block { min-width: 0; max-width: 100%; }
.table-wrap { width: fit-content; max-width: 100%; border: 1px solid var(--line); border-radius: 8px; }
table.sortable { border-collapse: separate; border-spacing: 0; width: 100%; font-size: 13px;
  font-variant-numeric: tabular-nums; }
table.sortable th { background: #eef2f7; text-align: left; font-weight: 600; vertical-align: bottom;
  padding: 6px 6px; border-bottom: 1px solid var(--line); cursor: pointer; user-select: none; }
table.sortable td .ci { display: block; font-size: 11px; }
table.sortable td.text { white-space: normal; min-width: 6em; }
table.sortable.wide { font-size: 11.5px; }
table.sortable.wide th, table.sortable.wide td { padding: 3px 4px; }
table.sortable.wide td.text { min-width: 5em; }
table.sortable th:hover { background: #e2e8f0; }
table.sortable th[aria-sort="ascending"]::after { content: " \\25B2"; font-size: 10px; }
table.sortable th[aria-sort="descending"]::after { content: " \\25BC"; font-size: 10px; }
table.sortable td { padding: 4px 6px; border-bottom: 1px solid #edf0f4; white-space: nowrap; }
table.sortable tbody tr:nth-child(even) td { background: #fafbfc; }
table.sortable tbody tr.flagged td { background: var(--flag); }
table.sortable tbody tr:hover td { background: #eef4ff; }
table.sortable .num { text-align: right; }
.ci { color: var(--muted); }
.empty { color: var(--muted); font-style: italic; }
ul.notes li { margin-bottom: 6px; }
p.finding { font-size: 18px; margin: 0 0 14px; }
details { margin: 8px 0; }
details > summary { cursor: pointer; color: var(--accent); font-size: 14px; margin-bottom: 6px; }
footer { color: var(--muted); font-size: 12px; text-align: center; padding: 0 0 24px; }
""".replace("FONT", FONT)

SORT_JS = """
(function () {
  // Click a column header to sort its table; click again to reverse. Numbers (data-sort) sort
  // numerically, largest first on the first click; text sorts alphabetically. Empty cells go last.
  function sortTable(table, th, col) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var keys = rows.map(function (r) {
      var td = r.cells[col];
      return td ? (td.hasAttribute("data-sort") ? td.getAttribute("data-sort") : td.textContent) : "";
    });
    var numeric = keys.every(function (k) { return k === "" || isFinite(Number(k)); });
    var current = th.getAttribute("aria-sort");
    var ascending = current ? current === "descending" : !numeric;
    Array.prototype.forEach.call(th.parentNode.cells, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var order = rows.map(function (r, i) { return i; });
    order.sort(function (i, j) {
      var a = keys[i], b = keys[j];
      if (a === "" || b === "") { return a === b ? i - j : (a === "" ? 1 : -1); }
      var c = numeric ? Number(a) - Number(b) : a.localeCompare(b, undefined, {numeric: true});
      return (ascending ? c : -c) || i - j;
    });
    order.forEach(function (i) { body.appendChild(rows[i]); });
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      th.tabIndex = 0;
      th.addEventListener("click", function () { sortTable(table, th, col); });
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sortTable(table, th, col); }
      });
    });
  });
})();
"""


def _e(x) -> str:
    return html.escape(str(x), quote=True)


def _attr(name: str, value: str) -> str:
    """' name="value"', or nothing for an empty value."""
    return f' {name}="{_e(value)}"' if value else ""


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", name)


def _timestamp(ts, missing: str = MISSING) -> str:
    return f'<span class="timestamp">{_e(ts) if ts else missing}</span>'


def _html_table(name: str, df: pl.DataFrame) -> str:
    if not df.width:
        return f'<p class="empty" id="table-{_slug(name)}">No rows.</p>'
    cols = _columns(name, df)
    head = "".join(f'<th scope="col"{_attr("class", "num" if c.numeric else "")}{_attr("title", c.hint)}>'
                   f'{_e(c.label)}</th>' for c in cols)
    flag = "flagged" in df.columns and df.schema["flagged"] == pl.Boolean
    rows = []
    for row in df.iter_rows(named=True):
        cells = []
        for c in cols:
            text = c.text(row)
            if c.lo and text != MISSING and " (" in text:
                value, ci = text.split(" (", 1)
                text_html = f'{_e(value)} <span class="ci">({_e(ci)}</span>'
            else:
                text_html = _e(text)
            cells.append(f'<td{_attr("class", "num" if c.numeric else ("text" if c.kind == "text" else ""))} '
                         f'data-sort="{_e(_sort_key(row[c.name]))}">{text_html}</td>')
        row_class = "flagged" if flag and row["flagged"] else ""
        rows.append(f'<tr{_attr("class", row_class)}>{"".join(cells)}</tr>')
    empty = "" if rows else '<p class="empty">No rows.</p>'
    wide = " wide" if len(cols) > WIDE_TABLE else ""
    return (f'<div class="table-wrap"><table id="table-{_slug(name)}" class="sortable{wide}" '
            f'data-table="{_e(name)}" data-rows="{df.height}">\n<thead><tr>{head}</tr></thead>\n'
            f'<tbody>\n{"".join(r + chr(10) for r in rows)}</tbody></table></div>{empty}')


def _table_block(name: str, tables: dict) -> str:
    df = tables[name]
    title = TABLE_TITLES.get(name, name.replace("_", " ").capitalize())
    count = f'{df.height:,} row{"s" if df.height != 1 else ""}'
    return (f'<h3 id="tbl-{_slug(name)}">{_e(title)} <span class="sub">table <code>{_e(name)}</code>, '
            f"{count}; click a header to sort</span></h3>\n" + _html_table(name, df))


def _figure(fig: go.Figure | None, div_id: str, caption: str) -> str:
    if fig is None:
        return ""
    return f'<figure>{_figure_html(fig, div_id)}<figcaption>{caption}</figcaption></figure>'


def card_edits_text(p: dict, html_out: bool = False) -> str:
    """The `--set` card edits of the provenance, or that the printed card set was played."""
    edits = p.get("card_edits") or []
    if not edits:
        return "none (printed card set)"
    if html_out:
        return ", ".join(f"<code>{_e(e)}</code>" for e in edits) + ' <span class="small">(--set)</span>'
    return ", ".join(f"`{e}`" for e in edits) + " (--set)"


def _provenance_html(p: dict) -> str:
    sha = str(p.get("cardset_sha256") or "")
    rules = p.get("rules") or {}
    rules_text = ", ".join(f"{k} = {v}" for k, v in rules.items())
    libs = p.get("library_versions") or {}
    decks = p.get("decks") or []
    items = [
        ("Seed range", _e(p.get("seed_range") or f"seed {p.get('seed', MISSING)}")),
        ("Games", _e(_count(p.get("games"))) + (" (each seed played twice with the seats swapped)"
                                                 if p.get("seat_pairs") else "")),
        ("Decks", _e(", ".join(decks)) if decks else MISSING),
        ("AI", _e(p.get("ai") or MISSING)),
        ("Ruleset", _e(p.get("ruleset") or MISSING) + (f' <span class="small">({_e(rules_text)})</span>'
                                                        if rules_text else "")),
        ("Rules version", _e(p.get("rules_version") or MISSING)),
        ("Card set", f'<span title="sha256 {_e(sha)}">sha256 {_e(sha[:12])}</span>' if sha else MISSING),
        ("Card edits", card_edits_text(p, html_out=True)),
        *([("Weights", _e(p.get("weights_file") or "none: no weighted field"))]
          if p.get("kind") not in ("sweep", "balance") else []),
        ("Created", _timestamp(p.get("created"))),
        ("Finished", _timestamp(p.get("finished"), "not finished")),
        ("Command", f'<code>{_e(p.get("command") or "")}</code>'),
        ("Libraries", '<span class="small">' + _e(", ".join(f"{k} {v}" for k, v in sorted(libs.items())))
         + "</span>" if libs else MISSING),
    ]
    return '<dl class="prov">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in items) + "</dl>"


def _box(label: str, big: str, detail: str) -> str:
    """One headline figure: a label, the figure in large type (or chips), and a line of detail."""
    return (f'<div class="figure-box"><div class="label">{label}</div>{big}'
            f'<div class="muted">{detail}</div></div>')


def _headline_html(tables: dict) -> str:
    boxes = []
    support = _nash_support(tables)
    if len(support) == 1:
        boxes.append(_box("Nash mix: one deck", f'<span class="chip"><b>{_e(support[0][0])}</b> 100%</span>',
                          "it scores at least 50% against every other deck: the equilibrium of the "
                          "matchup matrix is this one deck"))
    elif support:
        boxes.append(_box("Nash mix", "".join(f'<span class="chip"><b>{_e(d)}</b> {_pct(w)}</span>'
                                              for d, w in support),
                          "the equilibrium of the matchup matrix: the field no deck can exploit"))
    tier = _top_tier(tables)
    if tier:
        level, decks = tier
        boxes.append(_box(f"Top tier (tier {level})",
                          "".join(f'<span class="chip tier"><b>{_e(d)}</b></span>' for d in decks), ""))
    dwr = tables.get("deck_win_rates")
    if not support and _usable(dwr, "deck", "score"):
        best = dwr.sort(["score", "deck"], descending=[True, False], nulls_last=True).row(0, named=True)
        boxes.append(_box("Best deck", f'<div class="big">{_e(best["deck"])} {_pct(best["score"])}</div>',
                          f'95% interval {_e(_interval(best.get("lo"), best.get("hi")))}, '
                          f'n = {_count(best.get("games"))}'))
    summary = tables.get("balance_summary")
    if _usable(summary, "reached", "edits"):
        r = summary.row(0, named=True)
        edits = tables.get("balance_edits")
        listed = ", ".join(f'{e["card"]} {e["stat"]} {e["edit"]}' for e in edits.iter_rows(named=True)) \
            if _usable(edits, "card") else "none"
        boxes.append(_box("Target band", f'<div class="big">{"reached" if r["reached"] else "not reached"}</div>',
                          f'{_pct(r["target_lo"])}-{_pct(r["target_hi"])}; {r["edits"]} edit'
                          f'{"s" if r["edits"] != 1 else ""}: {_e(listed)}; {_count(r["screen_games"])} games '
                          f'screening, {_count(r["confirm_games"])} confirming'))
    slope = _field_slope(tables)
    if slope:
        boxes.append(_box("Exchange rate (field)", f'<div class="big">{_e(_pp_ci(slope["change"], None, None))} per +1</div>',
                          f'{_e(slope["step"])} over {_e(slope["from_value"])}..{_e(slope["to_value"])}; paired 95% '
                          f'interval {_e(_interval(slope.get("change_lo"), slope.get("change_hi"), signed=True))}, '
                          f'{_count(slope.get("pairs"))} seed pairs'))
    first = _overall_first(tables)
    if first:
        boxes.append(_box("First mover&rsquo;s score", f'<div class="big">{_pct(first["score"])}</div>',
                          f'95% interval {_e(_interval(first.get("lo"), first.get("hi")))}, '
                          f'n = {_count(first.get("games"))}'))
    shape = _turn_summary(tables)
    if shape:
        boxes.append(_box("Game length", f'<div class="big">{shape["median"]} turns</div>',
                          f'median; mean {shape["mean"]:.1f}, range {shape["min"]}-{shape["max"]}'))
    cb = tables.get("comebacks")
    if _usable(cb, "rate") and not _missing(cb["rate"][0]):
        r = cb.row(0, named=True)
        boxes.append(_box("Comebacks", f'<div class="big">{_pct(r["rate"])}</div>',
                          f'of {_count(r.get("games"))} games the side that lost the first creature won; '
                          f'95% interval {_e(_interval(r.get("lo"), r.get("hi")))}'))
    if not boxes:
        return ""
    return ('<section id="headline"><h2>Headline</h2><div class="headline">' + "".join(boxes)
            + "</div></section>")


def _turns_caption(tables: dict) -> str:
    caption = "Number of games by length in turns; the dotted line is the median."
    view = _turn_view(tables["turns"]) if _usable(tables.get("turns"), "turns", "games") else None
    if view:
        caption += (f" The axis stops at {view[0]} turns: {view[1]:,} longer games (up to "
                    f"{tables['turns']['turns'].max()} turns) are off it; "
                    "autoscale or double-click the chart to see them.")
    return caption


# What each pilot does, in a player's words (simcore.pilots has the exact rules).
PILOT_WORDS = {
    "random": "picks uniformly at random among the legal actions: a floor to compare with, not a player.",
    "baseline": "a frozen one-move-ahead greedy player: each decision takes the action that looks best right "
                "now, without looking ahead; the fixed yardstick the other pilots are measured against.",
    "greedy": "a one-move-ahead greedy player: it buys the squad worth most for its cost, puts its strongest "
              "melee creatures in front, strikes where a kill is near and weighs which defender the opponent "
              "would put in; it does not plan beyond the current decision.",
    "search": "looks ahead: where several attacks compete it plays each out on copies of the game with the "
              "greedy player, through the opponent's next turn and over a few dice rolls, and takes the best; "
              "it builds its squad the same way. Slower, and closer to a careful player.",
}


def _pilots_named(p: dict) -> list[str]:
    """The pilots a report's games were played by, as their specs, in the order the AI line names them."""
    ai = str(p.get("ai") or "")
    return sorted({m for m in re.findall(r"[a-z]+(?:\[[^\]]*\])?", ai) if m.split("[")[0] in PILOT_WORDS},
                  key=ai.index)


def about(p: dict) -> tuple[str, list[tuple[str, str]], str] | None:
    """'What this is' in plain text: (who played the games, [(pilot, what it does)], how to read the
    figures); None without a pilot to name. The page and report.md both open with it."""
    pilots = _pilots_named(p)
    if not pilots and not p.get("ai"):
        return None
    kind = p.get("kind") or "run"
    games = f"{_count(p['games'])} games" if p.get("games") is not None else "The games"
    what = {"meta": "every pair of the report's decks", "matchup": "the report's two decks",
            "run": "the report's two decks", "sweep": "one deck with a card's stat set to each value in turn",
            "balance": "the report's decks before and after candidate card edits",
            "impact": "a deck against its variants with one card swapped"}.get(kind, "the report's decks")
    who = (f"{games} of {what}, simulated by berserk-sim under the rules of Берсерк; no person played them. "
           f"Pilots, with their versions: {p.get('ai') or MISSING}.")
    read = ("A score is how a deck does in these pilots' hands, against these decks. A deck whose strength "
            "needs long plans, bluffs or reading the opponent may do better with people than here; a deck that "
            "is easy to play well may do worse. Read a tier or a matchup as a measurement of the decks under "
            "this pilot, and where it matters compare pilots (--ai greedy --ai search). Every figure comes "
            "with its 95% interval: the range in which, given the number of games, the value would most likely settle with many more games. The notes at "
            "the end give the exact rules behind each figure.")
    return who, [(x, PILOT_WORDS[x.split("[")[0]]) for x in pilots], read


def _about_html(p: dict) -> str:
    """The first section, 'What this is': who played the games and what that means for the figures."""
    text = about(p)
    if not text:
        return ""
    who, pilots, read = text
    out = [f"<p><b>Bot-versus-bot games.</b> {_e(who)}</p>"]
    if pilots:
        out.append("<ul>" + "".join(f"<li><b>{_e(x)}</b> {_e(words)}</li>" for x, words in pilots) + "</ul>")
    read_html = (_e(read).replace("in these pilots&#x27; hands", "<i>in these pilots&#x27; hands</i>")
                 .replace("--ai greedy --ai search", "<code>--ai greedy --ai search</code>")
                 .replace("The notes", 'The <a href="#notes">notes</a>'))
    out.append(f"<p><b>How to read the figures.</b> {read_html}</p>")
    return '<section id="about"><h2>What this is</h2>' + "".join(out) + "</section>"


def _md_about(p: dict) -> list[str]:
    text = about(p)
    if not text:
        return []
    who, pilots, read = text
    return (["## What this is", "", f"**Bot-versus-bot games.** {who}", ""]
            + [f"- **{x}** {words}" for x, words in pilots] + ([""] if pilots else [])
            + [f"**How to read the figures.** {read}".replace("(--ai greedy --ai search)",
                                                               "(`--ai greedy --ai search`)"), ""])


def _details(body: str, summary: str) -> str:
    return f"<details><summary>{_e(summary)}</summary>{body}</details>" if body else ""


def _tier_rule_text(report: dict) -> str:
    """The tier rule as the notes state it (a report built by reports.build), else ''."""
    return next((n for n in report.get("notes") or [] if str(n).startswith("Tiers:")), "")


def _first_player_words(tables: dict) -> str:
    first = _overall_first(tables)
    if not first:
        return ""
    lo, hi = first.get("lo"), first.get("hi")
    verdict = ("no measurable advantage" if not _missing(lo) and lo <= 0.5 <= hi else
               "an advantage" if first["score"] > 0.5 else "a disadvantage")
    return (f"Over all {_count(first.get('games'))} games the player who moves first scores "
            f"<b>{_pct(first['score'])}</b> (95% interval {_e(_interval(lo, hi))[1:-1]}): {verdict}.")


def _nash_words(tables: dict, html_out: bool = False) -> str:
    """The Nash mix in one sentence."""
    support = _nash_support(tables)
    if not support:
        return ""
    b = (lambda x: f"<b>{_e(x)}</b>") if html_out else (lambda x: f"**{x}**")
    if len(support) == 1:
        return (f"The Nash mix is one deck, {b(support[0][0])}: it scores at least 50% against every other "
                "deck, so a player who knows the matchups brings it and nothing else.")
    return ("The Nash mix, the field no deck can exploit, is "
            + ", ".join(f"{b(d)} {_pct(w)}" for d, w in support) + ".")


def pilots_lead(p: dict) -> str:
    """The Pilots section's first line, for a run played under several pilots (else '')."""
    compared = p.get("pilots_compared") or []
    if not compared:
        return ""
    what = {"meta": "meta", "matchup": "matchup", "sweep": "sweep", "balance": "confirmation of the edits",
            "impact": "swap test"}.get(p.get("kind"), "run")
    return (f"The same {what} under {_e(', '.join(compared))}, on the same seeds: how much of the answer is "
            "the pilot.")


def _section(section_id: str, title: str, body: list[str], lead: str = "") -> str:
    body = [b for b in body if b]
    if not body:
        return ""
    lead_html = f'<p class="lead">{lead}</p>' if lead else ""
    return f'<section id="{section_id}"><h2>{_e(title)}</h2>{lead_html}\n' + "\n".join(body) + "</section>"


def render_html(report: dict) -> str:
    """One self-contained HTML page of the report: no network at view time, identical bytes for identical
    input (timestamps only inside <span class="timestamp">)."""
    p = report.get("provenance") or {}
    tables = _tables(report)
    order = _deck_order(report, tables)
    notes = [str(n) for n in report.get("notes") or []]
    used = set()

    def block(*names):
        out = []
        for name in names:
            if name in tables:
                used.add(name)
                out.append(f'<div class="table-block">{_table_block(name, tables)}</div>')
        return f'<div class="tables">{"".join(out)}</div>' if out else ""

    sections = [_about_html(p), _headline_html(tables)]
    sweep = p.get("sweep") or {}
    sections.append(_section("sweep", "Stat sweep", [
        _figure(_chart_sweep(tables, p), "chart-sweep",
                f"Score of {_e(sweep.get('deck', 'the deck'))} as {_e(sweep.get('card', 'the card'))}'s "
                f"{_e(sweep.get('stat', 'stat'))} takes each value ({_e(sweep.get('mode', ''))}): one dotted line "
                "per opponent, the bold line is the field (the mean over the opponents); bars are 95% "
                "intervals; every value plays the same seeds."),
        block("sweep_points", "exchange_rate")]))
    sections.append(_section("balance", "Balance search", [
        _figure(_chart_balance(tables, p), "chart-balance",
                "Each deck's field win rate in the confirmation run, unedited and with the edits, with 95% "
                "intervals; the shaded band is the target."),
        block("balance_summary", "balance_edits", "balance_decks", "balance_steps")]))
    sections.append(_section("decks", "Decks", [
        _figure(_chart_deck_win_rates(tables), "chart-deck-win-rates",
                "Each deck's score over its games, draws counting half; bars are Wilson 95% intervals; the "
                "dashed line is 50%."),
        block("deck_win_rates")]))
    mirror_note = (" Seats are balanced, so each cell and its mirror image sum to 100% and mirrors are 50%."
                   if p.get("seat_pairs") else "")
    sections.append(_section("matchups", "Matchups", [
        _figure(_chart_matchups(tables, order), "chart-matchups",
                "Score of the row deck against the column deck, in %, blue when the row deck is favoured. "
                "<b>~</b> marks a cell whose 95% interval crosses 50%: not distinguishable from an even "
                "matchup. Hover a cell for n and the interval." + mirror_note),
        _details(block("matchups"), "The same figures as a table, with n and the interval of every cell")]))
    has_weights = _usable(tables.get("field"), "weighted") and not _all_missing(tables["field"], "weighted")
    support = _nash_support(tables)
    n_mix = tables["nash_mix"].height if _usable(tables.get("nash_mix"), "deck") else 0
    sections.append(_section("field", "Field and Nash equilibrium", [
        _figure(_chart_field(tables), "chart-field",
                "Mean score against the field: every deck equally (uniform), "
                + ("the weights file (weighted), " if has_weights else "")
                + "and the Nash mix; with 95% intervals and the tier of each deck. "
                + _e(_tier_rule_text(report))),
        _figure(_chart_nash_mix(tables), "chart-nash-mix",
                "The Nash equilibrium of the matchup matrix: the mix of decks no deck can exploit"
                + (f"; the other {n_mix - len(support)} decks have weight 0." if n_mix > len(support) else ".")),
        block("field", "nash_mix")], lead=_nash_words(tables, html_out=True)))
    sections.append(_section("pilots", "Pilots", [
        _figure(_chart_pilot_fields(tables), "chart-pilot-fields",
                "Each deck's field win rate (uniform weights) when the whole meta is played by each pilot on "
                "the same seeds, with 95% intervals."),
        block("pilot_answers", "pilot_agreement", "pilot_verdicts", "pilot_tiers", "pilot_matchups")],
        lead=pilots_lead(p)))
    sections.append(_section("first-player", "First-player advantage", [
        _figure(_chart_first_player(tables, order), "chart-first-player",
                "Score of the player who moves first in each pairing of the row and the column deck, in %, "
                "purple when moving first helps, orange when it hurts ("
                + ("seat-swapped pairs: each deck moves first in half of the games"
                   if p.get("seat_pairs") else "the first player chosen by the seeded roll-off")
                + "). A pairing appears twice, once each side of the diagonal. <b>~</b> marks a cell whose "
                "95% interval crosses 50%. Hover a cell for n and the interval."),
        _details(block("first_player"), "The same figures as a table")],
        lead=_first_player_words(tables)))
    sections.append(_section("game-shape", "Game shape", [
        _figure(_chart_turns(tables), "chart-turns", _turns_caption(tables)),
        _figure(_chart_end_reasons(tables), "chart-end-reasons", "Why the games ended."),
        block("end_reasons", "comebacks"),
        _details(block("turns"), "Games by length as a table")]))
    sections.append(_section("cards", "Cards", [
        _figure(_chart_card_impact(tables), "chart-card-impact",
                _card_count(tables) + ": score with the card bought into the "
                "squad minus score with it not dealt, with 95% intervals; orange bars stay "
                "significant once corrected for testing many cards at once. Observational: see the notes."),
        block("card_stats")],
        lead='Correlations over simulated games, like 17lands or HSReplay: read them with the '
             '<a href="#notes">notes</a>.'))
    others = [n for n in tables if n not in used]
    sections.append(_section("other-tables", "Other tables", [block(*others)]))
    if notes:
        sections.append('<section id="notes"><h2>Notes</h2><ul class="notes">'
                        + "".join(f"<li>{_e(n)}</li>" for n in notes) + "</ul></section>")
    sections = [s for s in sections if s]
    toc = "".join(f'<a href="#{sid}">{label}</a>' for sid, label in (
        ("about", "What this is"), ("headline", "Headline"), ("sweep", "Sweep"), ("balance", "Balance"), ("decks", "Decks"), ("matchups", "Matchups"), ("field", "Field"),
        ("pilots", "Pilots"), ("first-player", "First player"), ("game-shape", "Game shape"), ("cards", "Cards"),
        ("other-tables", "Other tables"), ("notes", "Notes"))
        if any(f'<section id="{sid}"' in s for s in sections))
    title = str(p.get("title") or "Berserk simulation report")
    kind = str(p.get("kind") or "run")
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="data:,">',
        f"<title>{_e(title)}</title>",
        f"<style>{CSS}</style>",
        "<script>window.PlotlyConfig = {MathJaxConfig: 'local'};</script>",
        f'<script id="plotlyjs">{plotly.offline.get_plotlyjs()}</script>',
        "</head><body>",
        (f'<header class="page"><h1>{_e(title)}</h1><div class="kind">{_e(kind)} report</div>'
         f"{_provenance_html(p)}</header>"),
        f'<nav class="toc">{toc}</nav>',
        "<main>", *sections, "</main>",
        f"<footer>berserk-sim report · {_e(kind)} · rules version {_e(p.get('rules_version') or MISSING)}"
        + "</footer>",
        f"<script>{SORT_JS}</script>",
        "</body></html>", ""])


# ---------------------------------------------------------------------------------------------------
# Markdown


def _md(x) -> str:
    return str(x).replace("|", "\\|").replace("\n", " ")


def _md_table(headers: list[str], rows: list[list[str]], numeric: list[bool]) -> list[str]:
    out = ["| " + " | ".join(_md(h) for h in headers) + " |",
           "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows]
    return out + [""]


def _md_frame(name: str, df: pl.DataFrame, columns: list[str] | None = None) -> list[str]:
    cols = _columns(name, df)
    if columns is not None:
        by_name = {c.name: c for c in cols}
        cols = [by_name[c] for c in columns if c in by_name]
    if not df.height or not cols:
        return ["_No rows._", ""]
    return _md_table([c.label for c in cols], [[c.text(r) for c in cols] for r in df.iter_rows(named=True)],
                     [c.numeric for c in cols])


MD_CODES_FROM = 5   # decks from which report.md's grids and pairings name decks by code (a legend gives them)


def deck_codes(order: list[str]) -> dict[str, str]:
    """{deck: short code} for report.md: A, B, ... in the page's deck order (strongest first), then AA, AB...;
    the decks' own names when there are fewer than MD_CODES_FROM (they fit a forum post as they are)."""
    if len(order) < MD_CODES_FROM:
        return {d: d for d in order}
    letters = [chr(ord("A") + k) for k in range(26)]
    codes = letters + [a + b for a in letters for b in letters]
    return {d: codes[k] for k, d in enumerate(order)}


def _md_legend(codes: dict[str, str]) -> list[str]:
    if all(c == d for d, c in codes.items()):
        return []
    return (["The tables below name the decks by these codes, strongest deck first.", ""]
            + _md_table(["Code", "Deck"], [[c, d] for d, c in codes.items()], [False, False]))


def _md_matrix(tables: dict, order: list[str], codes: dict[str, str] | None = None) -> list[str]:
    m = tables.get("matchups")
    if not _usable(m, "deck", "opponent", "score"):
        return []
    codes = codes or {d: d for d in order}
    cells = {(r["deck"], r["opponent"]): r for r in m.iter_rows(named=True)}
    rows = []
    for deck in order:
        row = [codes.get(deck, deck)]
        for opp in order:
            r = cells.get((deck, opp))
            row.append("" if r is None or _missing(r["score"]) else
                       ("~" if r.get("crosses_50") else "") + f"{100 * r['score']:.1f}")
        rows.append(row)
    return (["Score of the row deck against the column deck, in %. "
             + "`~` marks a cell whose 95% interval crosses 50%.", ""]
            + _md_table(["deck \\ opponent", *(codes.get(d, d) for d in order)], rows,
                        [False] + [True] * len(order)))


def _md_first_player(tables: dict, order: list[str], codes: dict[str, str]) -> list[str]:
    """The first mover's score per pairing: a grid of deck codes like the matchups' when the decks have
    codes (one row per deck, not one per pairing), else the table."""
    cells = _first_player_cells(tables)
    if not cells or all(c == d for d, c in codes.items()):
        return _md_frame("first_player", tables["first_player"])
    decks = [d for d in order if any((d, o) in cells for o in order)]
    rows = []
    for deck in decks:
        row = [codes.get(deck, deck)]
        for opp in decks:
            r = cells.get((deck, opp))
            crosses = r is not None and not _missing(r.get("lo")) and r["lo"] <= 0.5 <= r["hi"]
            row.append("" if r is None or _missing(r["score"]) else ("~" if crosses else "") + f"{100 * r['score']:.1f}")
        rows.append(row)
    return (["Score of the player who moves first in the pairing of the row and the column deck, in %; a "
             "pairing appears twice. `~` marks a cell whose 95% interval crosses 50%.", ""]
            + _md_table(["deck \\ deck", *(codes.get(d, d) for d in decks)], rows, [False] + [True] * len(decks)))


def render_markdown(report: dict) -> str:
    """The report as Markdown for a forum post: provenance, headline, the main tables, notes."""
    p = report.get("provenance") or {}
    tables = _tables(report)
    order = _deck_order(report, tables)
    rules = ", ".join(f"{k} = {v}" for k, v in (p.get("rules") or {}).items())
    libs = ", ".join(f"{k} {v}" for k, v in sorted((p.get("library_versions") or {}).items()))
    out = [f"# {p.get('title') or 'Berserk simulation report'}", ""]
    prov = [
        ("Kind", p.get("kind")), ("Seed range", p.get("seed_range")),
        ("Games", _count(p.get("games")) + (" (seat-balanced pairs)" if p.get("seat_pairs") else "")
         if p.get("games") is not None else None),
        ("Decks", ", ".join(p.get("decks") or []) or None), ("AI", p.get("ai")),
        ("Ruleset", (p.get("ruleset") or "") + (f" ({rules})" if rules else "") or None),
        ("Rules version", p.get("rules_version")), ("Card set sha256", p.get("cardset_sha256")),
        ("Card edits", card_edits_text(p)),
        ("Weights", p.get("weights_file")),
        ("Created", p.get("created")), ("Finished", p.get("finished")),
        ("Command", f"`{p['command']}`" if p.get("command") else None), ("Libraries", libs or None)]
    out += [f"- **{k}:** {v}" for k, v in prov if v not in (None, "")] + [""]
    out += _md_about(p)

    headline = []
    support = _nash_support(tables)
    if support:
        headline.append("**Nash mix:** " + _nash_words(tables))
    tier = _top_tier(tables)
    if tier:
        headline.append(f"**Top tier (tier {tier[0]}):** " + ", ".join(tier[1]))
    first = _overall_first(tables)
    if first:
        score = _pct_ci(first["score"], first.get("lo"), first.get("hi"))
        headline.append(f"**First mover's score:** {score}, n = {_count(first.get('games'))}")
    if headline:
        out += ["## Headline", ""] + [f"- {h}" for h in headline] + [""]

    slope = _field_slope(tables)
    if slope:
        out += ["## Headline", "", f"- **Exchange rate (field):** {_pp_ci(slope['change'], slope.get('change_lo'), slope.get('change_hi'))} "
                f"per +1 ({slope['step']} over {slope['from_value']}..{slope['to_value']}, {_count(slope.get('pairs'))} seed pairs)", ""]
    for name in ("sweep_points", "exchange_rate", "balance_summary", "balance_edits", "balance_decks",
                 "balance_steps"):
        if name in tables:
            out += [f"## {TABLE_TITLES[name]}", ""] + _md_frame(name, tables[name])
    if "deck_win_rates" in tables:
        out += ["## Deck win rates", ""] + _md_frame("deck_win_rates", tables["deck_win_rates"])
    codes = deck_codes(order)
    matrix = _md_matrix(tables, order, codes)
    if matrix:
        out += ["## Matchups", ""] + _md_legend(codes) + matrix
    if "field" in tables:
        out += ["## Field win rates and tiers", ""] + _md_frame("field", tables["field"])
    for name in ("pilot_answers", "pilot_agreement", "pilot_verdicts", "pilot_tiers"):
        if name in tables and tables[name].height:
            out += [f"## {TABLE_TITLES[name]}", ""] + _md_frame(name, tables[name])
    if "first_player" in tables:
        words = _first_player_words(tables).replace("<b>", "**").replace("</b>", "**")
        out += ["## First-player advantage", ""] + ([words, ""] if words else []) + _md_first_player(tables, order, codes)

    shape = []
    summary = _turn_summary(tables)
    if summary:
        shape += [(f"Turns per game: median {summary['median']}, mean {summary['mean']:.1f}, "
                   f"range {summary['min']}-{summary['max']} ({_count(summary['games'])} games)."), ""]
    if "end_reasons" in tables:
        shape += _md_frame("end_reasons", tables["end_reasons"])
    cb = tables.get("comebacks")
    if _usable(cb, "rate") and not _missing(cb["rate"][0]):
        r = cb.row(0, named=True)
        shape += [(f"Comebacks: the side that lost its first creature first won "
                   f"{_pct_ci(r['rate'], r.get('lo'), r.get('hi'))} of {_count(r.get('games'))} games."), ""]
    if shape:
        out += ["## Game shape", ""] + shape

    cards = tables.get("card_stats")
    if _usable(cards, "deck", "card", "iwd"):
        flag = pl.col("flagged").fill_null(False) if "flagged" in cards.columns else pl.lit(False)
        top = (cards.filter(pl.col("iwd").is_not_null() & pl.col("iwd").is_not_nan())
               .with_columns(flag.alias("_flag"), pl.col("iwd").abs().alias("_abs"))
               .sort(["_flag", "_abs", "deck", "card"], descending=[True, True, False, False])
               .head(MARKDOWN_CARDS_MAX))
        tests = f" over {p['card_tests']} card tests" if p.get("card_tests") is not None else ""
        out += ["## Top card impacts", "",
                (f"Score with the card in the squad minus score with it not dealt (observational); "
                 f"Holm-flagged cards{tests} first."), ""]
        out += _md_frame("card_stats", top, ["deck", "card", "iwd", "p_value", "flagged", "squad_games",
                                             "not_drawn_games"])
    notes = [str(n) for n in report.get("notes") or []]
    if notes:
        out += ["## Notes", ""] + [f"- {n}" for n in notes] + [""]
    return "\n".join(out).rstrip("\n") + "\n"


# ---------------------------------------------------------------------------------------------------
# Files


def _atomic_write(path: Path, write) -> Path:
    """Write through `write(tmp_path)` to a temporary name beside `path`, then rename it into place."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def write_report(report: dict, out_dir, html_renderer=None, markdown_renderer=None) -> list[Path]:
    """Write out_dir/index.html, out_dir/report.md and every table as tables/<name>.csv and .parquet,
    each atomically; returns the paths written. The renderers default to the run/meta report's
    (reports.impact passes its own)."""
    out_dir = Path(out_dir)
    (out_dir / "tables").mkdir(parents=True, exist_ok=True)
    page = (html_renderer or render_html)(report)
    markdown = (markdown_renderer or render_markdown)(report)
    written = [_atomic_write(out_dir / "index.html", lambda t: t.write_text(page, encoding="utf-8")),
               _atomic_write(out_dir / "report.md", lambda t: t.write_text(markdown, encoding="utf-8"))]
    for name, df in _tables(report).items():
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
        written.append(_atomic_write(out_dir / "tables" / f"{stem}.csv", df.write_csv))
        written.append(_atomic_write(out_dir / "tables" / f"{stem}.parquet", df.write_parquet))
    return written
