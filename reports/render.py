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

from .lang import EN, Messages, messages

# Known tables in page order (their titles, column labels and hints are in the message catalogs of
# reports/lang); other tables follow, sorted by name.
TABLE_ORDER = ("deck_win_rates", "matchups", "field", "nash_mix", "first_player", "turns", "end_reasons",
               "comebacks", "card_stats", "swaps", "impact_by_opponent", "sprt_path", "sweep_points",
               "exchange_rate", "balance_summary", "balance_decks", "balance_edits", "balance_steps",
               "pilot_agreement", "pilot_verdicts", "pilot_tiers", "pilot_matchups", "pilot_answers")
RATE_COLUMNS = {"score", "share", "rate", "weight", "uniform", "weighted", "nash", "dealt_score",
                "squad_score", "not_drawn_score", "death_rate", "survival_rate", "lo", "hi", "before", "after",
                "target_lo", "target_hi", "deck_score", "out_of_band_before", "out_of_band_after",
                "base_score", "variant_score", "field", "verdicts_kept"}
DIFF_COLUMNS = {"iwd", "change", "impact", "diff"}   # a difference of two rates, shown in percentage points
POINTS_COLUMNS = {"mean_abs_difference"}            # the size of a difference: unsigned percentage points
P_COLUMNS = {"p_value", "p_holm"}
FLOAT_DECIMALS = {"mean_death_turn": 1}
# columns whose text is one of the tables' English identifiers (end reasons, verdicts, directions, stats,
# "field", "all", a vanilla copy's name): shown in the report's language (Messages.value)
VALUE_COLUMNS = {"end_reason", "deck_a", "deck_b", "opponent", "verdict", "direction", "step", "stat", "swap",
                 "replacement"}
MISSING = "—"
CHART_CONFIG = {"displaylogo": False, "responsive": True, "modeBarButtonsToRemove": ["select2d", "lasso2d"]}
FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif'
COLORS = {"uniform": "#6b7b93", "weighted": "#1b9e77", "nash": "#d95f02", "point": "#2f5597",
          "flagged": "#d95f02", "plain": "#a3b1c6", "bar": "#4c78a8", "line": "#8a8f98"}
CARD_CHART_MAX = 30
NOT_SHOWN = {"tests"}   # the same in every row (the number of card tests): the notes say it; CSV and Parquet keep it
# columns a page leaves out of one table (CSV and Parquet keep them): a swap's card and replacement (its
# "swap" column names both) and the SPRT's bounds (the same in every row: the header's SPRT line and the
# notes give them), so that a swap test's table fits the page
NOT_SHOWN_IN = {"swaps": {"card", "replacement", "llr_lower", "llr_upper"}, "sprt_path": {"llr_lower", "llr_upper"}}
WIDE_TABLE = 14     # columns above which a table is set smaller, so that it fits the page
MARKDOWN_CARDS_MAX = 20


# ---------------------------------------------------------------------------------------------------
# Values and columns


def _missing(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def _pct(x) -> str:
    return MISSING if _missing(x) else f"{100 * x:.1f}%"


def _interval(lo, hi, signed=False, T: Messages = EN) -> str:
    if _missing(lo) or _missing(hi):
        return ""
    if signed:
        return T("interval.signed", lo=f"{100 * lo:+.1f}", hi=f"{100 * hi:+.1f}")
    return T("interval", lo=f"{100 * lo:.1f}", hi=f"{100 * hi:.1f}")


def _pct_ci(x, lo, hi, T: Messages = EN) -> str:
    """'54.3% (53.6-55.0)'."""
    ci = _interval(lo, hi, T=T)
    return _pct(x) + (f" {ci}" if ci and not _missing(x) else "")


def _pp_ci(x, lo, hi, T: Messages = EN) -> str:
    """'+3.2 pp (+1.0 to +5.4)': a difference of rates."""
    if _missing(x):
        return MISSING
    ci = _interval(lo, hi, signed=True, T=T)
    return f"{100 * x:+.1f} {T('pp')}" + (f" {ci}" if ci else "")


def _count(n, T: Messages = EN) -> str:
    return MISSING if _missing(n) else T.count(n)


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


def _llr(x, lower, upper) -> str:
    """An SPRT's log-likelihood ratio as a table shows it: past a bound, the bound it crossed (as fishtest
    shows a finished test), so that a swap of no variance does not read -45000000.00; CSV and Parquet keep
    the value."""
    if _missing(x):
        return MISSING
    if upper is not None and x >= upper:
        return f"≥ {upper:.2f}"
    if lower is not None and x <= lower:
        return f"≤ {lower:.2f}"
    return f"{x:.2f}"


class _Column:
    """One displayed column of a table: a value column and, for a rate, its interval columns; its label,
    hint and text in the language of T."""

    def __init__(self, table: str, name: str, dtype, lo: str | None = None, hi: str | None = None,
                 T: Messages = EN):
        self.name, self.lo, self.hi, self.T = name, lo, hi, T
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
        elif name == "llr" and table in ("swaps", "sprt_path"):
            self.kind = "llr"
        elif dtype == pl.Boolean:
            self.kind = "bool"
        elif dtype.is_integer():
            self.kind = "int"
        elif dtype.is_float():
            self.kind = "float"
        else:
            self.kind = "text"
        self.label = T.get(f"label.{table}.{name}") or T.get(f"label.{name}") or name.replace("_", " ")
        self.hint = T.get(f"hint.{name}", "")
        if pilot:
            self.label = f"{T.get(f'pilot_label.{base}') or T.get(f'label.{base}', base)} ({pilot})"
            self.hint = T.get(f"pilot_hint.{base}") or T.get(f"hint.{base}", "")
        self.numeric = self.kind not in ("text", "bool")
        self.identifiers = base in VALUE_COLUMNS

    def text(self, row: dict) -> str:
        x, T = row[self.name], self.T
        if self.kind == "rate":
            return _pct_ci(x, row[self.lo], row[self.hi], T) if self.lo else _pct(x)
        if self.kind == "diff":
            return _pp_ci(x, row[self.lo] if self.lo else None, row[self.hi] if self.hi else None, T)
        if self.kind == "points":
            return MISSING if _missing(x) else f"{100 * x:.1f} {T('pp')}"
        if self.kind == "p":
            return _p_value(x)
        if self.kind == "llr":
            return _llr(x, row.get("llr_lower"), row.get("llr_upper"))
        if self.kind == "int":
            return _count(x, T)
        if self.kind == "float":
            return MISSING if _missing(x) else f"{x:.{FLOAT_DECIMALS.get(self.name, 2)}f}"
        if self.kind == "bool":
            return MISSING if x is None else T("yes" if x else "no")
        if x is None:
            return MISSING
        return T.value(x) if self.identifiers else str(x)


def _all_missing(df: pl.DataFrame, name: str) -> bool:
    s = df[name]
    if s.dtype.is_float():
        return bool((s.is_null() | s.is_nan()).all())
    return bool(s.is_null().all())


def _columns(table: str, df: pl.DataFrame, T: Messages = EN) -> list[_Column]:
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
        if df.height and _all_missing(df, name) or name in NOT_SHOWN or name in NOT_SHOWN_IN.get(table, ()):
            continue
        out.append(_Column(table, name, schema[name], lo, hi, T))
    return out


def _usable(df, *columns) -> bool:
    return isinstance(df, pl.DataFrame) and df.height > 0 and all(c in df.columns for c in columns)


def _tables(report: dict) -> dict[str, pl.DataFrame]:
    """The report's tables in page order: the known ones, then the others by name."""
    tables = {k: v for k, v in (report.get("tables") or {}).items() if isinstance(v, pl.DataFrame)}
    known = [k for k in TABLE_ORDER if k in tables]
    return {k: tables[k] for k in known + sorted(k for k in tables if k not in TABLE_ORDER)}


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


def _layout(fig: go.Figure, height: int, T: Messages = EN, **kwargs) -> go.Figure:
    layout = {"template": "plotly_white", "height": height, "font": {"family": FONT, "size": 13},
              "margin": {"l": 10, "r": 20, "t": 40, "b": 50}, "hoverlabel": {"font": {"family": FONT}},
              "legend": {"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 0}}
    if T.lang != "en":
        layout["separators"] = T.plotly_separators
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


def _chart_matchups(tables: dict, order: list[str], T: Messages = EN) -> go.Figure | None:
    m = tables.get("matchups")
    if not _usable(m, "deck", "opponent", "score"):
        return None
    cells = {(r["deck"], r["opponent"]): r for r in m.iter_rows(named=True)}
    fig = _score_heatmap(order, cells, lambda r: r.get("crosses_50"), T("chart.score"), "RdBu", T("chart.vs"),
                         T("chart.score"), T)
    fig.update_xaxes(title={"text": T("chart.opponent")})
    fig.update_yaxes(title={"text": T("chart.deck")})
    return fig


def _score_heatmap(decks, cells, crosses_of, what, colorscale, joiner, colorbar, T: Messages = EN) -> go.Figure:
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
                hr.append(T("chart.no_games"))
                continue
            crosses = crosses_of(r)
            zr.append(100 * r["score"])
            tr.append(("~" if crosses else "") + f"{100 * r['score']:.1f}")
            hr.append(f"{what} {_pct_ci(r['score'], r.get('lo'), r.get('hi'), T)}<br>n = {_count(r.get('games'), T)}"
                      + (f"<br>{T('chart.crosses')}" if crosses else ""))
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
    _layout(fig, 140 + max(n, 2) * (56 if n <= 6 else 44), T, margin={"l": 10, "r": 10, "t": 10, "b": 10})
    fig.update_xaxes(side="top", tickangle=-30 if n > 4 else 0, showgrid=False)
    fig.update_yaxes(autorange="reversed", showgrid=False)
    return fig


def _chart_points(labels, values, los, his, name, color, value_text=True, T: Messages = EN) -> go.Scatter:
    return go.Scatter(
        x=_pct_values(values), y=labels, name=name, mode="markers+text" if value_text else "markers",
        marker={"size": 10, "color": color}, error_x={**_error_x(values, los, his), "color": color},
        text=[_pct(v) for v in values] if value_text else None, textposition="top center",
        customdata=[_pct_ci(v, lo, hi, T) for v, lo, hi in zip(values, los, his)],
        hovertemplate="<b>%{y}</b><br>" + name + " %{customdata}<extra></extra>")


def _chart_deck_win_rates(tables: dict, T: Messages = EN) -> go.Figure | None:
    d = tables.get("deck_win_rates")
    if not _usable(d, "deck", "score", "lo", "hi"):
        return None
    d = d.sort(["score", "deck"], descending=[False, True], nulls_last=False)
    fig = go.Figure(_chart_points(d["deck"].to_list(), d["score"].to_list(), d["lo"].to_list(),
                                  d["hi"].to_list(), T("chart.score"), COLORS["point"], T=T))
    _fifty_line(fig)
    _category_rows(fig, d["deck"].to_list())
    _layout(fig, 110 + 46 * d.height, T, showlegend=False)
    fig.update_xaxes(ticksuffix="%", title={"text": T("chart.score_axis")})
    return fig


def _chart_nash_mix(tables: dict, T: Messages = EN) -> go.Figure | None:
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
        hovertemplate="<b>%{y}</b><br>" + T("chart.weight") + " %{x:.1f}%<extra></extra>"))
    top = max([100 * w for w in weights if not _missing(w)] + [1.0])
    _layout(fig, 110 + 40 * mix.height, T, showlegend=False)
    fig.update_xaxes(ticksuffix="%", range=[0, top * 1.18], title={"text": T("chart.nash_axis")})
    return fig


def _chart_field(tables: dict, T: Messages = EN) -> go.Figure | None:
    f = tables.get("field")
    if not _usable(f, "deck"):
        return None
    measures = [(m, T(f"chart.{m}")) for m in ("uniform", "weighted", "nash")
                if all(c in f.columns for c in (m, f"{m}_lo", f"{m}_hi")) and not _all_missing(f, m)]
    if not measures:
        return None
    order = (["tier"] if "tier" in f.columns else []) + ["uniform" if measures[0][0] == "uniform"
                                                         else measures[-1][0], "deck"]
    f = f.sort(order, descending=[True] + [False] * (len(order) - 1), nulls_last=False)
    labels = f["deck"].to_list()
    if "tier" in f.columns:
        labels = [d if _missing(t) else T("chart.tier", deck=d, tier=t) for d, t in zip(labels, f["tier"].to_list())]
    fig = go.Figure([_chart_points(labels, f[m].to_list(), f[f"{m}_lo"].to_list(), f[f"{m}_hi"].to_list(),
                                   label, COLORS[m], value_text=False, T=T) for m, label in measures])
    _fifty_line(fig)
    _layout(fig, 130 + f.height * (22 + 14 * len(measures)), T, scattermode="group", scattergap=0.35)
    fig.update_xaxes(ticksuffix="%", title={"text": T("chart.field_axis")})
    _category_rows(fig, labels)
    return fig


PILOT_COLORS = ("#6b7b93", "#d95f02", "#1b9e77", "#7570b3", "#e7298a")


def _chart_pilot_fields(tables: dict, T: Messages = EN) -> go.Figure | None:
    """Each deck's field win rate under each pilot (analysis.pilots.pilot_tables' pilot_tiers)."""
    t = tables.get("pilot_tiers")
    if not _usable(t, "deck"):
        return None
    pilots = [c.split(":", 1)[1] for c in t.columns if c.startswith("field:") and not c.endswith(("_lo", "_hi"))]
    t = t.sort(f"field:{pilots[0]}", descending=False)
    labels = t["deck"].to_list()
    fig = go.Figure([_chart_points(labels, t[f"field:{p}"].to_list(), t[f"field:{p}_lo"].to_list(),
                                   t[f"field:{p}_hi"].to_list(), p, PILOT_COLORS[i % len(PILOT_COLORS)],
                                   value_text=False, T=T) for i, p in enumerate(pilots)])
    _fifty_line(fig)
    _layout(fig, 130 + t.height * (22 + 14 * len(pilots)), T, scattermode="group", scattergap=0.35)
    fig.update_xaxes(ticksuffix="%", title={"text": T("chart.pilot_axis")})
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


def _chart_first_player(tables: dict, order: list[str], T: Messages = EN) -> go.Figure | None:
    """The first mover's score in each pairing as a deck x deck heatmap (symmetric: a pairing is one
    cell and its mirror image), ~ where the 95% interval crosses 50%."""
    cells = _first_player_cells(tables)
    if not cells:
        return None
    decks = [d for d in order if any((d, o) in cells for o in order)]
    decks += sorted({a for a, _ in cells} - set(decks))
    return _score_heatmap(decks, cells, lambda r: (not _missing(r.get("lo")) and not _missing(r.get("hi"))
                                                   and r["lo"] <= 0.5 <= r["hi"]),
                          T("chart.first_score"), "PuOr", T("chart.and"), T("chart.first_mover"), T)


def _chart_turns(tables: dict, T: Messages = EN) -> go.Figure | None:
    t = tables.get("turns")
    if not _usable(t, "turns", "games"):
        return None
    t = t.sort("turns")
    share = t["share"].to_list() if "share" in t.columns else [None] * t.height
    fig = go.Figure(go.Bar(
        x=t["turns"].to_list(), y=t["games"].to_list(), marker={"color": COLORS["bar"]},
        customdata=[_pct(s) for s in share],
        hovertemplate=T("chart.turns_hover") + "<extra></extra>"))
    _layout(fig, 360, T, showlegend=False, bargap=0.08)
    fig.update_xaxes(title={"text": T("chart.turns_axis")})
    shape = _turn_summary(tables)
    if shape:
        fig.add_vline(x=shape["median"], line={"dash": "dot", "color": "#333", "width": 1},
                      annotation={"text": T("chart.median", median=shape["median"]), "font": {"size": 12}})
        view = _turn_view(t)
        if view:
            fig.update_xaxes(range=[t["turns"].min() - 0.5, view[0] + 0.5])
    fig.update_yaxes(title={"text": T("chart.games")}, separatethousands=True)
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


def _chart_end_reasons(tables: dict, T: Messages = EN) -> go.Figure | None:
    e = tables.get("end_reasons")
    if not _usable(e, "end_reason", "games"):
        return None
    e = e.sort(["games", "end_reason"], descending=[False, True])
    total = e["games"].sum() or 1
    share = e["share"].to_list() if "share" in e.columns else [g / total for g in e["games"].to_list()]
    fig = go.Figure(go.Bar(
        x=e["games"].to_list(), y=[T.value(r).replace("_", " ") for r in e["end_reason"].to_list()],
        orientation="h", marker={"color": COLORS["bar"]}, text=[_pct(s) for s in share],
        textposition="outside", cliponaxis=False,
        hovertemplate="<b>%{y}</b><br>" + T("chart.end_hover") + "<extra></extra>"))
    _layout(fig, 110 + 44 * e.height, T, showlegend=False)
    fig.update_xaxes(title={"text": T("chart.games")}, range=[0, max(e["games"].max() or 1, 1) * 1.2],
                     separatethousands=True, **({} if T.lang == "en" else {"exponentformat": "none"}))
    return fig


def _chart_card_impact(tables: dict, T: Messages = EN) -> go.Figure | None:
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
    for flag, name in ((True, T("chart.significant")), (False, T("chart.not_significant"))):
        part = c.filter(pl.col("_flag") == flag)
        if not part.height:
            continue
        values, lo, hi = part["iwd"].to_list(), part["_lo"].to_list(), part["_hi"].to_list()
        color = COLORS["flagged"] if flag else COLORS["plain"]
        traces.append(go.Bar(
            x=_pct_values(values), y=part["_label"].to_list(), orientation="h", name=name,
            marker={"color": color}, error_x={**_error_x(values, lo, hi), "color": "#3b4252"},
            customdata=[_pp_ci(v, a, b, T) for v, a, b in zip(values, lo, hi)],
            hovertemplate="<b>%{y}</b><br>" + T("chart.iwd_hover") + " %{customdata}<extra>" + name + "</extra>"))
    fig = go.Figure(traces)
    _layout(fig, 130 + 24 * c.height, T, barmode="overlay")
    fig.update_xaxes(ticksuffix=" " + T("pp"), zeroline=True, zerolinecolor="#555", zerolinewidth=1,
                     title={"text": T("chart.iwd_axis")})
    fig.update_yaxes(categoryorder="array", categoryarray=c["_label"].to_list())
    return fig


SWEEP_PALETTE = ("#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756", "#72b7b2", "#eeca3b", "#9d755d",
                 "#bab0ac", "#ff9da6", "#79706e", "#d67195")


def _chart_sweep(tables: dict, p: dict, T: Messages = EN) -> go.Figure | None:
    pts = tables.get("sweep_points")
    if not _usable(pts, "opponent", "value", "score", "lo", "hi"):
        return None
    sweep = p.get("sweep") or {}
    stat = T.value(sweep["stat"]) if "stat" in sweep else T("chart.value")
    traces = []
    opponents = [o for o in dict.fromkeys(pts["opponent"].to_list()) if o != "field"]
    for k, who in enumerate(opponents + ["field"]):
        part = pts.filter(pl.col("opponent") == who).sort("value")
        values = part["score"].to_list()
        field = who == "field"
        color = "#111827" if field else SWEEP_PALETTE[k % len(SWEEP_PALETTE)]
        traces.append(go.Scatter(
            x=part["value"].to_list(), y=_pct_values(values), mode="lines+markers",
            name=T("chart.sweep_field") if field else T("chart.sweep_vs", deck=who),
            line={"color": color, "width": 3.5 if field else 1.5, "dash": "solid" if field else "dot"},
            marker={"size": 10 if field else 6, "color": color},
            error_y={**_error_x(values, part["lo"].to_list(), part["hi"].to_list()), "color": color},
            customdata=[_pct_ci(v, a, b, T) for v, a, b in
                        zip(values, part["lo"].to_list(), part["hi"].to_list())],
            hovertemplate=("<b>" + _e(T.value(who)) + "</b><br>" + _e(stat)
                           + " %{x}: %{customdata}<extra></extra>")))
    fig = go.Figure(traces)
    fig.add_hline(y=50, line={"dash": "dash", "color": COLORS["line"], "width": 1})
    _layout(fig, 520, T)
    fig.update_xaxes(title={"text": f"{sweep.get('card', T('chart.card'))} "
                                    f"{T.value(sweep['stat']) if 'stat' in sweep else T('chart.stat')}"},
                     dtick=1)
    fig.update_yaxes(ticksuffix="%", title={"text": T("chart.sweep_axis",
                                                      deck=sweep.get("deck", T("chart.the_deck")))})
    if "base_value" in sweep:
        fig.add_vline(x=sweep["base_value"], line={"dash": "dot", "color": "#333", "width": 1},
                      annotation={"text": T("chart.before_sweep"), "font": {"size": 12}})
    return fig


def _chart_balance(tables: dict, p: dict, T: Messages = EN) -> go.Figure | None:
    d = tables.get("balance_decks")
    if not _usable(d, "deck", "before", "after"):
        return None
    d = d.sort(["before", "deck"], descending=[False, True])
    labels = d["deck"].to_list()
    fig = go.Figure([
        _chart_points(labels, d["before"].to_list(), d["before_lo"].to_list(), d["before_hi"].to_list(),
                      T("chart.before"), COLORS["uniform"], value_text=False, T=T),
        _chart_points(labels, d["after"].to_list(), d["after_lo"].to_list(), d["after_hi"].to_list(),
                      T("chart.after"), COLORS["nash"], value_text=False, T=T)])
    band = (p.get("balance") or {}).get("target")
    if band:
        fig.add_vrect(x0=100 * band[0], x1=100 * band[1], fillcolor="#1b9e77", opacity=0.12, line_width=0,
                      annotation={"text": T("chart.band"), "font": {"size": 12}}, annotation_position="top left")
    _fifty_line(fig)
    _layout(fig, 130 + 40 * d.height, T, scattermode="group", scattergap=0.35)
    fig.update_xaxes(ticksuffix="%", title={"text": T("chart.balance_axis")})
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


def _card_count(tables: dict, T: Messages = EN) -> str:
    """'The 30 largest card impacts' or 'All 12 card impacts': what the card chart shows."""
    cards = tables.get("card_stats")
    n = 0
    if _usable(cards, "iwd"):
        n = cards.filter(pl.col("iwd").is_not_null() & pl.col("iwd").is_not_nan()).height
    return T("cards.largest", n=CARD_CHART_MAX) if n > CARD_CHART_MAX else T("cards.all", n=n)


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
/* Russian words are about a quarter longer than English ones: a wide table is set a little smaller still */
html[lang="ru"] table.sortable.wide { font-size: 10.5px; }
html[lang="ru"] table.sortable.wide th, html[lang="ru"] table.sortable.wide td { padding: 3px 3px; }
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


def _html_table(name: str, df: pl.DataFrame, T: Messages = EN) -> str:
    if not df.width:
        return f'<p class="empty" id="table-{_slug(name)}">{_e(T("no_rows"))}</p>'
    cols = _columns(name, df, T)
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
    empty = "" if rows else f'<p class="empty">{_e(T("no_rows"))}</p>'
    wide = " wide" if len(cols) > WIDE_TABLE else ""
    return (f'<div class="table-wrap"><table id="table-{_slug(name)}" class="sortable{wide}" '
            f'data-table="{_e(name)}" data-rows="{df.height}">\n<thead><tr>{head}</tr></thead>\n'
            f'<tbody>\n{"".join(r + chr(10) for r in rows)}</tbody></table></div>{empty}')


def table_title(name: str, T: Messages = EN) -> str:
    """A table's title in the report's language (an unknown table: its name)."""
    return T.get(f"table.{name}") or name.replace("_", " ").capitalize()


def _table_block(name: str, tables: dict, T: Messages = EN) -> str:
    df = tables[name]
    sub = T("table_sub", name=_e(name), rows=T.plural("rows", df.height))
    return (f'<h3 id="tbl-{_slug(name)}">{_e(table_title(name, T))} <span class="sub">{sub}</span></h3>\n'
            + _html_table(name, df, T))


def _figure(fig: go.Figure | None, div_id: str, caption: str) -> str:
    if fig is None:
        return ""
    return f'<figure>{_figure_html(fig, div_id)}<figcaption>{caption}</figcaption></figure>'


def card_edits_text(p: dict, html_out: bool = False, T: Messages = EN) -> str:
    """The `--set` card edits of the provenance, or that the printed card set was played."""
    edits = p.get("card_edits") or []
    if not edits:
        return T("prov.no_edits")
    if html_out:
        return ", ".join(f"<code>{_e(e)}</code>" for e in edits) + ' <span class="small">(--set)</span>'
    return ", ".join(f"`{e}`" for e in edits) + " (--set)"


def _provenance_html(p: dict, T: Messages = EN, extra: tuple = ()) -> str:
    """The page header's provenance list; `extra`: (catalog id after "prov.", HTML) items at its end."""
    sha = str(p.get("cardset_sha256") or "")
    rules = p.get("rules") or {}
    rules_text = ", ".join(f"{k} = {v}" for k, v in rules.items())
    libs = p.get("library_versions") or {}
    decks = p.get("decks") or []
    items = [
        ("seed_range", _e(p.get("seed_range") or T("prov.seed", seed=p.get("seed", MISSING)))),
        ("games", _e(_count(p.get("games"), T)) + (T("prov.games_paired") if p.get("seat_pairs") else "")),
        ("decks", _e(", ".join(decks)) if decks else MISSING),
        ("ai", _e(p.get("ai") or MISSING)),
        ("ruleset", _e(p.get("ruleset") or MISSING) + (f' <span class="small">({_e(rules_text)})</span>'
                                                        if rules_text else "")),
        ("rules_version", _e(p.get("rules_version") or MISSING)),
        ("card_set", f'<span title="sha256 {_e(sha)}">sha256 {_e(sha[:12])}</span>' if sha else MISSING),
        ("card_edits", card_edits_text(p, html_out=True, T=T)),
        *([("weights", _e(p.get("weights_file") or T("prov.no_weights")))]
          if p.get("kind") not in ("sweep", "balance", "impact") else []),
        ("created", _timestamp(p.get("created"))),
        ("finished", _timestamp(p.get("finished"), T("prov.not_finished"))),
        ("command", f'<code>{_e(p.get("command") or "")}</code>'),
        ("libraries", '<span class="small">' + _e(", ".join(f"{k} {v}" for k, v in sorted(libs.items())))
         + "</span>" if libs else MISSING),
        *extra,
    ]
    return '<dl class="prov">' + "".join(f"<dt>{_e(T('prov.' + k))}</dt><dd>{v}</dd>" for k, v in items) + "</dl>"


def _box(label: str, big: str, detail: str) -> str:
    """One headline figure: a label, the figure in large type (or chips), and a line of detail."""
    return (f'<div class="figure-box"><div class="label">{label}</div>{big}'
            f'<div class="muted">{detail}</div></div>')


def _headline_html(tables: dict, T: Messages = EN) -> str:
    boxes = []
    support = _nash_support(tables)
    if len(support) == 1:
        boxes.append(_box(T("head.nash_one"), f'<span class="chip"><b>{_e(support[0][0])}</b> 100%</span>',
                          T("head.nash_one.detail")))
    elif support:
        boxes.append(_box(T("head.nash"), "".join(f'<span class="chip"><b>{_e(d)}</b> {_pct(w)}</span>'
                                                  for d, w in support),
                          T("head.nash.detail")))
    tier = _top_tier(tables)
    if tier:
        level, decks = tier
        boxes.append(_box(T("head.top_tier", tier=level),
                          "".join(f'<span class="chip tier"><b>{_e(d)}</b></span>' for d in decks), ""))
    dwr = tables.get("deck_win_rates")
    if not support and _usable(dwr, "deck", "score"):
        best = dwr.sort(["score", "deck"], descending=[True, False], nulls_last=True).row(0, named=True)
        boxes.append(_box(T("head.best_deck"), f'<div class="big">{_e(best["deck"])} {_pct(best["score"])}</div>',
                          T("head.interval_n", interval=_e(_interval(best.get("lo"), best.get("hi"), T=T)),
                            n=_count(best.get("games"), T))))
    summary = tables.get("balance_summary")
    if _usable(summary, "reached", "edits"):
        r = summary.row(0, named=True)
        edits = tables.get("balance_edits")
        listed = ", ".join(f'{e["card"]} {T.value(e["stat"])} {e["edit"]}' for e in edits.iter_rows(named=True)) \
            if _usable(edits, "card") else T("head.none")
        reached = T("head.reached" if r["reached"] else "head.not_reached")
        boxes.append(_box(T("head.band"), f'<div class="big">{reached}</div>',
                          T("head.band.detail", band=f'{_pct(r["target_lo"])}-{_pct(r["target_hi"])}',
                            edits=T.plural("edits", r["edits"]), listed=_e(listed),
                            screen=_count(r["screen_games"], T), confirm=_count(r["confirm_games"], T))))
    slope = _field_slope(tables)
    if slope:
        boxes.append(_box(T("head.exchange"),
                          f'<div class="big">{_e(T("head.per_step", change=_pp_ci(slope["change"], None, None, T)))}</div>',
                          T("head.exchange.detail", step=_e(T.value(slope["step"])), lo=_e(slope["from_value"]),
                            hi=_e(slope["to_value"]),
                            interval=_e(_interval(slope.get("change_lo"), slope.get("change_hi"), True, T)),
                            pairs=_count(slope.get("pairs"), T))))
    first = _overall_first(tables)
    if first:
        boxes.append(_box(T("head.first"), f'<div class="big">{_pct(first["score"])}</div>',
                          T("head.interval_n", interval=_e(_interval(first.get("lo"), first.get("hi"), T=T)),
                            n=_count(first.get("games"), T))))
    shape = _turn_summary(tables)
    if shape:
        boxes.append(_box(T("head.length"), f'<div class="big">{T.plural("head.turns", shape["median"])}</div>',
                          T("head.length.detail", mean=f'{shape["mean"]:.1f}', lo=shape["min"], hi=shape["max"])))
    cb = tables.get("comebacks")
    if _usable(cb, "rate") and not _missing(cb["rate"][0]):
        r = cb.row(0, named=True)
        boxes.append(_box(T("head.comebacks"), f'<div class="big">{_pct(r["rate"])}</div>',
                          T("head.comebacks.detail", games=_count(r.get("games"), T),
                            interval=_e(_interval(r.get("lo"), r.get("hi"), T=T)))))
    if not boxes:
        return ""
    return (f'<section id="headline"><h2>{_e(T("section.headline"))}</h2><div class="headline">' + "".join(boxes)
            + "</div></section>")


def _turns_caption(tables: dict, T: Messages = EN) -> str:
    caption = T("cap.turns")
    view = _turn_view(tables["turns"]) if _usable(tables.get("turns"), "turns", "games") else None
    if view:
        caption += T("cap.turns_cut", upper=view[0], beyond=T.count(view[1]), max=tables["turns"]["turns"].max())
    return caption


PILOTS = ("random", "baseline", "greedy", "search")   # the pilots the reports say in words (pilot.<name>)


def _pilots_named(p: dict) -> list[str]:
    """The pilots a report's games were played by, as their specs, in the order the AI line names them."""
    ai = str(p.get("ai") or "")
    return sorted({m for m in re.findall(r"[a-z]+(?:\[[^\]]*\])?", ai) if m.split("[")[0] in PILOTS},
                  key=ai.index)


def about(p: dict, T: Messages = EN) -> tuple[str, list[tuple[str, str]], str] | None:
    """'What this is' in plain text: (who played the games, [(pilot, what it does)], how to read the
    figures); None without a pilot to name. The page and report.md both open with it."""
    pilots = _pilots_named(p)
    if not pilots and not p.get("ai"):
        return None
    kind = p.get("kind") or "run"
    games = T.plural("about.games", p["games"]) if p.get("games") is not None else T("about.the_games")
    what = T.get(f"about.what.{kind}") or T("about.what.other")
    who = T("about.who", games=games, what=what, ai=p.get("ai") or MISSING)
    return who, [(x, T("pilot." + x.split("[")[0])) for x in pilots], T("about.read")


def _about_html(p: dict, T: Messages = EN) -> str:
    """The first section, 'What this is': who played the games and what that means for the figures."""
    text = about(p, T)
    if not text:
        return ""
    who, pilots, read = text
    out = [f"<p><b>{_e(T('about.bots'))}</b> {_e(who)}</p>"]
    if pilots:
        out.append("<ul>" + "".join(f"<li><b>{_e(x)}</b> {_e(words)}</li>" for x, words in pilots) + "</ul>")
    hands, notes = _e(T("about.read.hands")), _e(T("about.read.notes"))
    read_html = (_e(read).replace(hands, f"<i>{hands}</i>")
                 .replace("--ai greedy --ai search", "<code>--ai greedy --ai search</code>")
                 .replace(notes, f'<a href="#notes">{notes}</a>', 1))
    out.append(f"<p><b>{_e(T('about.how'))}</b> {read_html}</p>")
    return f'<section id="about"><h2>{_e(T("section.about"))}</h2>' + "".join(out) + "</section>"


def _md_about(p: dict, T: Messages = EN) -> list[str]:
    text = about(p, T)
    if not text:
        return []
    who, pilots, read = text
    return ([f"## {T('section.about')}", "", f"**{T('about.bots')}** {who}", ""]
            + [f"- **{x}** {words}" for x, words in pilots] + ([""] if pilots else [])
            + [f"**{T('about.how')}** {read}".replace("(--ai greedy --ai search)",
                                                      "(`--ai greedy --ai search`)"), ""])


def _details(body: str, summary: str) -> str:
    return f"<details><summary>{_e(summary)}</summary>{body}</details>" if body else ""


def _tier_rule_text(report: dict, T: Messages = EN) -> str:
    """The tier rule as the notes state it (a report built by reports.build), else ''."""
    head = T("build.note.tiers", margin=0).split(":")[0] + ":"
    return next((n for n in report.get("notes") or [] if str(n).startswith(head)), "")


def _first_player_words(tables: dict, T: Messages = EN) -> str:
    first = _overall_first(tables)
    if not first:
        return ""
    lo, hi = first.get("lo"), first.get("hi")
    verdict = T("first.none" if not _missing(lo) and lo <= 0.5 <= hi else
                "first.advantage" if first["score"] > 0.5 else "first.disadvantage")
    return T("first.words", games=_count(first.get("games"), T), score=_pct(first["score"]),
             interval=_e(_interval(lo, hi, T=T))[1:-1], verdict=verdict)


def _nash_words(tables: dict, html_out: bool = False, T: Messages = EN) -> str:
    """The Nash mix in one sentence."""
    support = _nash_support(tables)
    if not support:
        return ""
    b = (lambda x: f"<b>{_e(x)}</b>") if html_out else (lambda x: f"**{x}**")
    if len(support) == 1:
        return T("nash.one", deck=b(support[0][0]))
    return T("nash.mix", mix=", ".join(f"{b(d)} {_pct(w)}" for d, w in support))


def pilots_lead(p: dict, T: Messages = EN) -> str:
    """The Pilots section's first line, for a run played under several pilots (else '')."""
    compared = p.get("pilots_compared") or []
    if not compared:
        return ""
    what = T.get(f"pilots.what.{p.get('kind')}") or T("pilots.what.run")
    return T("pilots.lead", what=what, pilots=_e(", ".join(compared)))


def _section(section_id: str, title: str, body: list[str], lead: str = "") -> str:
    body = [b for b in body if b]
    if not body:
        return ""
    lead_html = f'<p class="lead">{lead}</p>' if lead else ""
    return f'<section id="{section_id}"><h2>{_e(title)}</h2>{lead_html}\n' + "\n".join(body) + "</section>"


def _notes_html(notes: list, T: Messages = EN) -> str:
    if not notes:
        return ""
    return (f'<section id="notes"><h2>{_e(T("section.notes"))}</h2><ul class="notes">'
            + "".join(f"<li>{_e(n)}</li>" for n in notes) + "</ul></section>")


def _toc(sections: list[str], entries, T: Messages = EN) -> str:
    """The table of contents: a link to each section of `entries` ((section id, catalog id)) on the page."""
    return "".join(f'<a href="#{sid}">{_e(T(key))}</a>' for sid, key in entries
                   if any(f'<section id="{sid}"' in s for s in sections))


def page_html(T: Messages, title: str, kind: str, provenance: str, toc: str, sections: list[str],
              rules_version) -> str:
    """The whole page around its sections: the head (CSS, plotly.js), the header with the provenance,
    the table of contents, the sections, the footer and the table sorter."""
    return "\n".join([
        "<!DOCTYPE html>",
        f'<html lang="{T.lang}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="data:,">',
        f"<title>{_e(title)}</title>",
        f"<style>{CSS}</style>",
        "<script>window.PlotlyConfig = {MathJaxConfig: 'local'};</script>",
        f'<script id="plotlyjs">{plotly.offline.get_plotlyjs()}</script>',
        "</head><body>",
        (f'<header class="page"><h1>{_e(title)}</h1>'
         f'<div class="kind">{_e(T.get(f"kind.{kind}") or f"{kind} report")}</div>{provenance}</header>'),
        f'<nav class="toc">{toc}</nav>',
        "<main>", *[s for s in sections if s], "</main>",
        f"<footer>{_e(T('footer', kind=T.get(f'kind_name.{kind}') or kind, version=rules_version or MISSING))}"
        + "</footer>",
        f"<script>{SORT_JS}</script>",
        "</body></html>", ""])


def report_messages(report: dict) -> Messages:
    """The Messages of a report's language (report["lang"], set by reports.build; English without it)."""
    return messages(report.get("lang") or "en")


def render_html(report: dict) -> str:
    """One self-contained HTML page of the report, in its language (report["lang"]): no network at view
    time, identical bytes for identical input (timestamps only inside <span class="timestamp">)."""
    T = report_messages(report)
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
                out.append(f'<div class="table-block">{_table_block(name, tables, T)}</div>')
        return f'<div class="tables">{"".join(out)}</div>' if out else ""

    sections = [_about_html(p, T), _headline_html(tables, T)]
    sweep = p.get("sweep") or {}
    sections.append(_section("sweep", T("section.sweep"), [
        _figure(_chart_sweep(tables, p, T), "chart-sweep",
                T("cap.sweep", deck=_e(sweep.get("deck", T("chart.the_deck"))),
                  card=_e(sweep.get("card", T("cap.the_card"))),
                  stat=_e(T.value(sweep["stat"]) if "stat" in sweep else T("chart.stat")),
                  mode=_e(sweep.get("mode", "")))),
        block("sweep_points", "exchange_rate")]))
    sections.append(_section("balance", T("section.balance"), [
        _figure(_chart_balance(tables, p, T), "chart-balance", T("cap.balance")),
        block("balance_summary", "balance_edits", "balance_decks", "balance_steps")]))
    sections.append(_section("decks", T("section.decks"), [
        _figure(_chart_deck_win_rates(tables, T), "chart-deck-win-rates", T("cap.decks")),
        block("deck_win_rates")]))
    mirror_note = T("cap.mirror") if p.get("seat_pairs") else ""
    sections.append(_section("matchups", T("section.matchups"), [
        _figure(_chart_matchups(tables, order, T), "chart-matchups", T("cap.matchups") + mirror_note),
        _details(block("matchups"), T("cap.matchups_table"))]))
    has_weights = _usable(tables.get("field"), "weighted") and not _all_missing(tables["field"], "weighted")
    support = _nash_support(tables)
    n_mix = tables["nash_mix"].height if _usable(tables.get("nash_mix"), "deck") else 0
    sections.append(_section("field", T("section.field"), [
        _figure(_chart_field(tables, T), "chart-field",
                T("cap.field", weighted=T("cap.field_weighted") if has_weights else "")
                + _e(_tier_rule_text(report, T))),
        _figure(_chart_nash_mix(tables, T), "chart-nash-mix",
                T("cap.nash") + (T("cap.nash_zero", n=n_mix - len(support)) if n_mix > len(support) else ".")),
        block("field", "nash_mix")], lead=_nash_words(tables, html_out=True, T=T)))
    sections.append(_section("pilots", T("section.pilots"), [
        _figure(_chart_pilot_fields(tables, T), "chart-pilot-fields", T("cap.pilots")),
        block("pilot_answers", "pilot_agreement", "pilot_verdicts", "pilot_tiers", "pilot_matchups")],
        lead=pilots_lead(p, T)))
    sections.append(_section("first-player", T("section.first_player"), [
        _figure(_chart_first_player(tables, order, T), "chart-first-player",
                T("cap.first", seats=T("cap.first_pairs" if p.get("seat_pairs") else "cap.first_rolloff"))),
        _details(block("first_player"), T("cap.first_table"))],
        lead=_first_player_words(tables, T)))
    sections.append(_section("game-shape", T("section.game_shape"), [
        _figure(_chart_turns(tables, T), "chart-turns", _turns_caption(tables, T)),
        _figure(_chart_end_reasons(tables, T), "chart-end-reasons", T("cap.end")),
        block("end_reasons", "comebacks"),
        _details(block("turns"), T("cap.turns_table"))]))
    sections.append(_section("cards", T("section.cards"), [
        _figure(_chart_card_impact(tables, T), "chart-card-impact", T("cap.cards", count=_card_count(tables, T))),
        block("card_stats")],
        lead=T("lead.cards")))
    others = [n for n in tables if n not in used]
    sections.append(_section("other-tables", T("section.other_tables"), [block(*others)]))
    sections.append(_notes_html(notes, T))
    sections = [s for s in sections if s]
    toc = _toc(sections, (
        ("about", "toc.about"), ("headline", "toc.headline"), ("sweep", "toc.sweep"), ("balance", "toc.balance"),
        ("decks", "toc.decks"), ("matchups", "toc.matchups"), ("field", "toc.field"), ("pilots", "toc.pilots"),
        ("first-player", "toc.first_player"), ("game-shape", "toc.game_shape"), ("cards", "toc.cards"),
        ("other-tables", "toc.other_tables"), ("notes", "toc.notes")), T)
    return page_html(T, str(p.get("title") or T("title")), str(p.get("kind") or "run"), _provenance_html(p, T),
                     toc, sections, p.get("rules_version"))


# ---------------------------------------------------------------------------------------------------
# Markdown


def _md(x) -> str:
    return str(x).replace("|", "\\|").replace("\n", " ")


def _md_table(headers: list[str], rows: list[list[str]], numeric: list[bool]) -> list[str]:
    out = ["| " + " | ".join(_md(h) for h in headers) + " |",
           "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows]
    return out + [""]


def _md_frame(name: str, df: pl.DataFrame, columns: list[str] | None = None, T: Messages = EN) -> list[str]:
    cols = _columns(name, df, T)
    if columns is not None:
        by_name = {c.name: c for c in cols}
        cols = [by_name[c] for c in columns if c in by_name]
    if not df.height or not cols:
        return [T("no_rows.md"), ""]
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


def _md_legend(codes: dict[str, str], T: Messages = EN) -> list[str]:
    if all(c == d for d, c in codes.items()):
        return []
    return ([T("md.legend"), ""]
            + _md_table([T("md.code"), T("md.deck")], [[c, d] for d, c in codes.items()], [False, False]))


def _md_matrix(tables: dict, order: list[str], codes: dict[str, str] | None = None, T: Messages = EN) -> list[str]:
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
    return ([T("md.grid"), ""]
            + _md_table([T("md.grid_corner"), *(codes.get(d, d) for d in order)], rows,
                        [False] + [True] * len(order)))


def _md_first_player(tables: dict, order: list[str], codes: dict[str, str], T: Messages = EN) -> list[str]:
    """The first mover's score per pairing: a grid of deck codes like the matchups' when the decks have
    codes (one row per deck, not one per pairing), else the table."""
    cells = _first_player_cells(tables)
    if not cells or all(c == d for d, c in codes.items()):
        return _md_frame("first_player", tables["first_player"], T=T)
    decks = [d for d in order if any((d, o) in cells for o in order)]
    rows = []
    for deck in decks:
        row = [codes.get(deck, deck)]
        for opp in decks:
            r = cells.get((deck, opp))
            crosses = r is not None and not _missing(r.get("lo")) and r["lo"] <= 0.5 <= r["hi"]
            row.append("" if r is None or _missing(r["score"]) else ("~" if crosses else "") + f"{100 * r['score']:.1f}")
        rows.append(row)
    return ([T("md.first_grid"), ""]
            + _md_table([T("md.first_corner"), *(codes.get(d, d) for d in decks)], rows,
                        [False] + [True] * len(decks)))


def md_provenance(items: list[tuple[str, object]], T: Messages = EN) -> list[str]:
    """report.md's provenance list: one '- **label:** value' line per (catalog id after "prov.", value)
    with a value."""
    return [f"- **{T('prov.' + k)}:** {v}" for k, v in items if v not in (None, "")] + [""]


def render_markdown(report: dict) -> str:
    """The report as Markdown for a forum post, in its language: provenance, headline, the main tables, notes."""
    T = report_messages(report)
    p = report.get("provenance") or {}
    tables = _tables(report)
    order = _deck_order(report, tables)
    rules = ", ".join(f"{k} = {v}" for k, v in (p.get("rules") or {}).items())
    libs = ", ".join(f"{k} {v}" for k, v in sorted((p.get("library_versions") or {}).items()))
    out = [f"# {p.get('title') or T('title')}", ""]
    out += md_provenance([
        ("kind", T.get(f"kind_name.{p['kind']}") or p["kind"] if p.get("kind") else None),
        ("seed_range", p.get("seed_range")),
        ("games", _count(p.get("games"), T) + (T("prov.games_paired.md") if p.get("seat_pairs") else "")
         if p.get("games") is not None else None),
        ("decks", ", ".join(p.get("decks") or []) or None), ("ai", p.get("ai")),
        ("ruleset", (p.get("ruleset") or "") + (f" ({rules})" if rules else "") or None),
        ("rules_version", p.get("rules_version")), ("card_set_sha", p.get("cardset_sha256")),
        ("card_edits", card_edits_text(p, T=T)),
        ("weights", p.get("weights_file")),
        ("created", p.get("created")), ("finished", p.get("finished")),
        ("command", f"`{p['command']}`" if p.get("command") else None), ("libraries", libs or None)], T)
    out += _md_about(p, T)

    headline = []
    support = _nash_support(tables)
    if support:
        headline.append(f"**{T('md.nash')}:** " + _nash_words(tables, T=T))
    tier = _top_tier(tables)
    if tier:
        headline.append(f"**{T('md.top_tier', tier=tier[0])}:** " + ", ".join(tier[1]))
    first = _overall_first(tables)
    if first:
        score = _pct_ci(first["score"], first.get("lo"), first.get("hi"), T)
        headline.append(f"**{T('md.first')}:** {score}, n = {_count(first.get('games'), T)}")
    if headline:
        out += [f"## {T('section.headline')}", ""] + [f"- {h}" for h in headline] + [""]

    slope = _field_slope(tables)
    if slope:
        detail = T("md.exchange.detail", change=_pp_ci(slope["change"], slope.get("change_lo"), slope.get("change_hi"), T),
                   step=T.value(slope["step"]), lo=slope["from_value"], hi=slope["to_value"],
                   pairs=_count(slope.get("pairs"), T))
        out += [f"## {T('section.headline')}", "", f"- **{T('md.exchange')}:** {detail}", ""]
    for name in ("sweep_points", "exchange_rate", "balance_summary", "balance_edits", "balance_decks",
                 "balance_steps"):
        if name in tables:
            out += [f"## {table_title(name, T)}", ""] + _md_frame(name, tables[name], T=T)
    if "deck_win_rates" in tables:
        out += [f"## {table_title('deck_win_rates', T)}", ""] + _md_frame("deck_win_rates", tables["deck_win_rates"], T=T)
    codes = deck_codes(order)
    matrix = _md_matrix(tables, order, codes, T)
    if matrix:
        out += [f"## {table_title('matchups', T)}", ""] + _md_legend(codes, T) + matrix
    if "field" in tables:
        out += [f"## {table_title('field', T)}", ""] + _md_frame("field", tables["field"], T=T)
    for name in ("pilot_answers", "pilot_agreement", "pilot_verdicts", "pilot_tiers"):
        if name in tables and tables[name].height:
            out += [f"## {table_title(name, T)}", ""] + _md_frame(name, tables[name], T=T)
    if "first_player" in tables:
        words = _first_player_words(tables, T).replace("<b>", "**").replace("</b>", "**")
        out += ([f"## {table_title('first_player', T)}", ""] + ([words, ""] if words else [])
                + _md_first_player(tables, order, codes, T))

    shape = []
    summary = _turn_summary(tables)
    if summary:
        shape += [T("md.turns", median=summary["median"], mean=f"{summary['mean']:.1f}", lo=summary["min"],
                    hi=summary["max"], games=_count(summary["games"], T)), ""]
    if "end_reasons" in tables:
        shape += _md_frame("end_reasons", tables["end_reasons"], T=T)
    cb = tables.get("comebacks")
    if _usable(cb, "rate") and not _missing(cb["rate"][0]):
        r = cb.row(0, named=True)
        shape += [T("md.comebacks", rate=_pct_ci(r["rate"], r.get("lo"), r.get("hi"), T),
                    games=_count(r.get("games"), T)), ""]
    if shape:
        out += [f"## {T('section.game_shape')}", ""] + shape

    cards = tables.get("card_stats")
    if _usable(cards, "deck", "card", "iwd"):
        flag = pl.col("flagged").fill_null(False) if "flagged" in cards.columns else pl.lit(False)
        top = (cards.filter(pl.col("iwd").is_not_null() & pl.col("iwd").is_not_nan())
               .with_columns(flag.alias("_flag"), pl.col("iwd").abs().alias("_abs"))
               .sort(["_flag", "_abs", "deck", "card"], descending=[True, True, False, False])
               .head(MARKDOWN_CARDS_MAX))
        tests = T("md.card_tests", n=p["card_tests"]) if p.get("card_tests") is not None else ""
        out += [f"## {T('section.top_cards')}", "", T("md.cards", tests=tests), ""]
        out += _md_frame("card_stats", top, ["deck", "card", "iwd", "p_value", "flagged", "squad_games",
                                             "not_drawn_games"], T)
    notes = [str(n) for n in report.get("notes") or []]
    if notes:
        out += [f"## {T('section.notes')}", ""] + [f"- {n}" for n in notes] + [""]
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
