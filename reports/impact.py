"""The impact report: a swap test's folder (analysis.causal) as the same family of
outputs as the analytics reports: one self-contained HTML page with plotly charts (impact on the
field and per opponent with paired intervals, SPRT verdicts and paths), sortable tables, provenance
and notes; report.md; every table as CSV and Parquet. Rendering is deterministic like
reports.render (fixed chart ids; timestamps only inside <span class="timestamp">)."""
import json
import re
from pathlib import Path

import plotly.graph_objects as go
import plotly.offline
import polars as pl

from analysis.causal import FIELD, impact_tables
from analysis.pilots import impact_answers
from simcore.pilots import describe

from . import render as R
from .build import add_experiment_pilots

VERDICT_COLORS = {"H1 accepted": "#d95f02", "H0 accepted": "#2f5597", "undecided": "#8a8f98"}
VERDICT_WORDS = {"H1 accepted": "a gain", "H0 accepted": "no gain", "undecided": "undecided"}


def _library_versions(path: Path) -> dict:
    try:
        return json.loads((path / "base" / "00" / "run.json").read_text(encoding="utf-8")).get(
            "library_versions", {})
    except (OSError, json.JSONDecodeError):
        return {}


def provenance(path: Path, manifest: dict, tables: dict) -> dict:
    cfg = manifest["config"]
    swaps = tables["swaps"]
    deck = tables["impact_by_opponent"]
    opponents = [o for o in dict.fromkeys(deck["opponent"].to_list()) if o != FIELD]
    from decks import load_cardset, load_deck
    try:
        deck_name = load_deck(cfg["deck"]["path"], load_cardset(), validate=False).name
    except Exception:  # noqa: BLE001 - a moved deck file still renders, under its path
        deck_name = Path(cfg["deck"]["path"]).stem
    what = swaps["swap"][0] if swaps.height == 1 else f"{swaps.height} cards"
    ai = cfg["ai"]
    sprt = cfg["sprt"]
    budget = cfg["games_per_opponent"]
    return {
        "title": f"Impact report: {deck_name}, {what}", "kind": "impact", "deck": deck_name,
        "command": manifest.get("command", ""), "created": manifest.get("created"),
        "finished": manifest.get("finished"), "seed": cfg["seed"],
        "seed_range": (f"games 0..{budget - 1} of seed {cfg['seed']} against each opponent, base and "
                       "variants on the same seeds (seat-swapped pairs: games 2k and 2k+1 share dice and "
                       "shuffles, first player swapped)"),
        "rules_version": cfg["rules_version"], "cardset_sha256": cfg["cardset_sha256"],
        "ai": f"{describe(ai)} (deck and variants vs opponents)",
        "ruleset": cfg["ruleset"], "rules": cfg.get("rules", {}), "games": manifest.get("games_played"),
        "decks": [deck_name, *opponents], "seat_pairs": True, "library_versions": _library_versions(path),
        "card_tests": swaps.height, "weights_file": None, "card_edits": list(cfg.get("overrides", [])),
        "sprt": sprt, "sprt_bounds": manifest["sprt_bounds"], "sequential": cfg["sequential"],
        "budget": budget, "chunk": cfg["chunk"], "skipped": manifest.get("skipped", []),
        "added_cards": [s["added"] for s in cfg["swaps"] if s.get("added")],
    }


def notes(p: dict) -> list:
    sprt = p["sprt"]
    out = [
        ("Impact = the variant's score minus the base deck's score (wins + draws/2) on the same seeds and "
         "seats against the same opponent, averaged over seat-swapped seed pairs; the interval is the paired "
         "normal 95% interval. The field is every opponent with equal weight: per seed pair, the mean of the "
         "opponents' differences."),
        ("Common random numbers: the variant keeps each card's deck slot, so both are dealt the same slots "
         "and roll the same dice until play diverges; after that the dice and AI streams stay aligned by "
         "draw number, not by event, so later play is re-randomized. A card swapped for itself gives exactly "
         "zero difference."),
        (f"SPRT on the field impact per swap, one look per chunk of {p['chunk']:,} games per opponent: "
         f"H0 impact = {100 * sprt['h0']:+.1f} pp against H1 impact = {100 * sprt['h1']:+.1f} pp, alpha "
         f"{sprt['alpha']}, beta {sprt['beta']}: accept H1 when the log-likelihood ratio reaches "
         f"{p['sprt_bounds'][1]:.2f}, H0 when it falls to {p['sprt_bounds'][0]:.2f} (a normal approximation "
         "with the empirical variance, as fishtest). "
         + ("Each swap stopped at its decision or at the budget."
            if p["sequential"] else "Fixed budget: every swap played it all; the verdict is where the SPRT "
            "decided first.")),
        ("Games saved by pairing: two independent runs would need (variance of base score + variance of "
         "variant score) / (variance of the paired difference) times as many games for the same interval "
         "width; the saving counts both runs and every opponent."),
        (f"Holm's correction runs over all {p['card_tests']} swap tests (fixed-sample z tests of the field "
         "impact; after an early SPRT stop these p-values are approximate)."),
    ]
    if p["added_cards"]:
        out.append("Vanilla fillers: a card's vanilla copy keeps its element, cost, elite, unique, kind, "
                   "life, movement and strike and drops every keyword and ability, so the impact is what the "
                   "card's text is worth on its body.")
    for s in p["skipped"]:
        out.append(f"Not tested: {s['card']} ({s['why']}).")
    return out


def build_impact_report(path) -> dict:
    """The report dict of an impact folder (provenance, notes, tables), as reports.render expects."""
    path = Path(path)
    tables = impact_tables(path)
    manifest = json.loads((path / "impact.json").read_text(encoding="utf-8"))
    p = provenance(path, manifest, tables)
    report = {"provenance": p, "notes": notes(p), "tables": tables, "path": path}
    add_experiment_pilots(report, manifest, impact_answers)
    return report


# ---------------------------------------------------------------------------------------------------
# Charts


def _pp(values) -> list:
    return [None if R._missing(v) else 100 * v for v in values]


def _effect_lines(fig: go.Figure, sprt: dict) -> None:
    fig.add_vline(x=0, line={"color": "#555", "width": 1})
    for h, name in ((sprt["h0"], "H0"), (sprt["h1"], "H1")):
        if h != 0:
            fig.add_vline(x=100 * h, line={"dash": "dot", "color": R.COLORS["line"], "width": 1},
                          annotation_text=name, annotation_position="top")


def chart_field(tables: dict, sprt: dict) -> go.Figure | None:
    s = tables.get("swaps")
    if not R._usable(s, "swap", "impact"):
        return None
    s = s.sort(["impact", "swap"], descending=[False, True])
    traces = []
    for verdict, color in VERDICT_COLORS.items():
        part = s.filter(pl.col("verdict") == verdict)
        if not part.height:
            continue
        v, lo, hi = part["impact"].to_list(), part["impact_lo"].to_list(), part["impact_hi"].to_list()
        traces.append(go.Scatter(
            x=_pp(v), y=part["swap"].to_list(), mode="markers", name=f"SPRT: {verdict}",
            marker={"size": 10, "color": color}, error_x={**R._error_x(v, lo, hi), "color": color},
            customdata=[[R._pp_ci(a, b, c), g] for a, b, c, g in
                        zip(v, lo, hi, [R._count(x) for x in part["games"].to_list()])],
            hovertemplate="<b>%{y}</b><br>impact on the field %{customdata[0]}<br>%{customdata[1]} games "
                          "per opponent<extra>" + verdict + "</extra>"))
    fig = go.Figure(traces)
    _effect_lines(fig, sprt)
    R._layout(fig, 150 + 30 * s.height)
    fig.update_xaxes(ticksuffix=" pp",
                     title={"text": "impact on the field (variant minus base), paired 95% interval"})
    R._category_rows(fig, s["swap"].to_list())
    return fig


def chart_opponents(tables: dict) -> go.Figure | None:
    t = tables.get("impact_by_opponent")
    if not R._usable(t, "swap", "opponent", "impact"):
        return None
    swaps = list(dict.fromkeys(t["swap"].to_list()))
    opponents = list(dict.fromkeys(t["opponent"].to_list()))
    if len(swaps) == 1:
        rows = t.sort("impact")
        labels = [f"<b>{o}</b>" if o == FIELD else o for o in rows["opponent"].to_list()]
        v, lo, hi = rows["impact"].to_list(), rows["impact_lo"].to_list(), rows["impact_hi"].to_list()
        fig = go.Figure(go.Scatter(
            x=_pp(v), y=labels, mode="markers", marker={"size": 10, "color": R.COLORS["point"]},
            error_x={**R._error_x(v, lo, hi), "color": R.COLORS["point"]},
            customdata=[R._pp_ci(a, b, c) for a, b, c in zip(v, lo, hi)],
            hovertemplate="<b>%{y}</b><br>impact %{customdata}<extra></extra>", showlegend=False))
        fig.add_vline(x=0, line={"color": "#555", "width": 1})
        R._layout(fig, 150 + 30 * rows.height, showlegend=False)
        fig.update_xaxes(ticksuffix=" pp", title={"text": "impact (variant minus base), paired 95% interval"})
        R._category_rows(fig, labels)
        return fig
    cells = {(r["swap"], r["opponent"]): r for r in t.iter_rows(named=True)}
    z = [[100 * cells[(s, o)]["impact"] if (s, o) in cells else None for o in opponents] for s in swaps]
    text = [[f"{x:+.1f}" if x is not None else "" for x in row] for row in z]
    hover = [[R._pp_ci(cells[(s, o)]["impact"], cells[(s, o)]["impact_lo"], cells[(s, o)]["impact_hi"])
              if (s, o) in cells else "" for o in opponents] for s in swaps]
    spread = max([abs(x) for row in z for x in row if x is not None] + [1.0])
    fig = go.Figure(go.Heatmap(
        z=z, x=opponents, y=swaps, text=text, texttemplate="%{text}", customdata=hover, colorscale="RdBu",
        zmid=0, zmin=-spread, zmax=spread, xgap=2, ygap=2,
        hovertemplate="<b>%{y}</b> vs <b>%{x}</b><br>impact %{customdata}<extra></extra>",
        colorbar={"title": {"text": "impact"}, "ticksuffix": " pp", "thickness": 14}))
    R._layout(fig, 160 + 34 * len(swaps), margin={"l": 10, "r": 10, "t": 10, "b": 10})
    fig.update_xaxes(side="top", tickangle=-30, showgrid=False)
    fig.update_yaxes(autorange="reversed", showgrid=False)
    return fig


def chart_sprt(tables: dict, bounds) -> go.Figure | None:
    path = tables.get("sprt_path")
    if not R._usable(path, "swap", "games", "llr"):
        return None
    lower, upper = bounds
    traces = []
    for swap in dict.fromkeys(path["swap"].to_list()):
        part = path.filter(pl.col("swap") == swap)
        llr = [max(min(x, 3 * upper), 3 * lower) for x in part["llr"].to_list()]   # clipped for the axis
        # every path starts at 0 games, where the LLR is 0: a test that stops at its first look is a line
        traces.append(go.Scatter(x=[0, *part["games"].to_list()], y=[0.0, *llr], mode="lines+markers", name=swap,
                                 customdata=[0.0, *part["llr"].to_list()],
                                 hovertemplate=swap + "<br>%{x} games per opponent: LLR %{customdata:.2f}"
                                 "<extra></extra>"))
    fig = go.Figure(traces)
    for y, name, where in ((upper, "accept H1 (a gain)", "top left"), (lower, "accept H0 (no gain)", "bottom left")):
        fig.add_hline(y=y, line={"dash": "dash", "color": R.COLORS["line"], "width": 1},
                      annotation_text=name, annotation_position=where)     # inside the plot: never clipped
    R._layout(fig, 380, showlegend=len(traces) <= 12)
    last = max(path["games"].max() or 1, 1)
    fig.update_xaxes(title={"text": "games per opponent"}, range=[0, last * 1.05], rangemode="tozero")
    lows = [min(t.y) for t in traces] + [lower]
    highs = [max(t.y) for t in traces] + [upper]
    pad = 0.15 * (max(highs) - min(lows))
    fig.update_yaxes(range=[min(lows) - pad, max(highs) + pad])
    fig.update_yaxes(title={"text": "log-likelihood ratio (clipped at 3x the bounds)"})
    return fig


# ---------------------------------------------------------------------------------------------------
# HTML and Markdown


def _points(x) -> str:
    """A difference of rates in points, with a true minus sign: '−3.6'."""
    return f"{100 * x:+.1f}".replace("-", "\u2212")


def finding(r: dict, p: dict) -> str:
    """One swap's result in one sentence: what the replacement does to the field score, with its interval,
    and where the sequential test stopped, e.g. 'Кочевник in place of Арацент loses 3.6 points [−6.7, −0.5]
    against the field; the sequential test stopped after 500 games per opponent: it is not the gain of
    +3.0 points it tested for.'"""
    impact, lo, hi = r["impact"], r.get("impact_lo"), r.get("impact_hi")
    who = f"{r['replacement']} in place of {r['card']}" if r.get("replacement") else f"{r['card']} removed"
    if R._missing(impact):
        return f"{who}: no games were compared."
    ci = "" if R._missing(lo) or R._missing(hi) else f" [{_points(lo)}, {_points(hi)}]"
    if not ci or lo <= 0 <= hi:
        what = f"changes the score against the field by {_points(impact)} points{ci}, not distinguishable from no change"
    else:
        what = f"{'gains' if impact > 0 else 'loses'} {abs(100 * impact):.1f} points{ci} against the field"
    sprt = p["sprt"]
    games = R._count(r["decided_games"] or r["games"])
    stopped = ("stopped" if p.get("sequential") else "decided") + f" after {games} games per opponent"
    played = "" if p.get("sequential") else f" (all {R._count(r['games'])} were played)"
    if r["verdict"] == "H1 accepted":
        test = f"the sequential test {stopped}{played}: it is worth the {_points(sprt['h1'])} points it tested for"
    elif r["verdict"] == "H0 accepted":
        test = f"the sequential test {stopped}{played}: it is not the {_points(sprt['h1'])} points it tested for"
    else:
        test = f"the sequential test had not decided after {R._count(r['games'])} games per opponent"
    return f"{who} {what}; {test}."


def _headline(tables: dict, p: dict) -> str:
    s = tables["swaps"]
    boxes = []
    if s.height == 1:
        r = s.row(0, named=True)
        boxes.append(f'<p class="finding">{R._e(finding(r, p))}</p>')
        ci = R._interval(r["impact_lo"], r["impact_hi"], True)
        boxes.append(R._box("Impact on the field",
                            f'<div class="big">{R._e(R._pp_ci(r["impact"], None, None))}</div>',
                            f"95% interval {R._e(ci)}; {R._count(r['games'])} games per opponent"))
        decided = f" after {R._count(r['decided_games'])} games per opponent" if r["decided_games"] else ""
        boxes.append(R._box("Sequential test", f'<div class="big">{R._e(VERDICT_WORDS[r["verdict"]])}</div>',
                            R._e(decided.strip() or f"no decision within {R._count(r['games'])} games per opponent")
                            + f" ({R._e(r['verdict'])}: see the notes)"))
        if r["games_saved"] is not None:
            boxes.append(R._box("Saved by pairing",
                                f'<div class="big">{R._count(r["games_saved"])} games</div>',
                                f"unpaired runs would need {r['variance_ratio']:.1f}x the games "
                                f"({R._count(r['unpaired_games'])} per opponent and run)"))
    else:
        counts = {v: s.filter(pl.col("verdict") == v).height for v in VERDICT_COLORS}
        boxes.append(R._box("Swap tests", f'<div class="big">{s.height}</div>',
                            f"{int(s['flagged'].sum())} significant after Holm over {s.height} tests"))
        boxes.append(R._box("SPRT verdicts", "".join(f'<span class="chip"><b>{R._e(v)}</b> {n}</span>'
                                                      for v, n in counts.items() if n), "per swap"))
        saved = s["games_saved"].drop_nulls()
        if saved.len():
            boxes.append(R._box("Saved by pairing", f'<div class="big">{R._count(saved.sum())} games</div>',
                                f"median variance ratio {s['variance_ratio'].median():.1f}x"))
    lead = "".join(b for b in boxes if b.startswith("<p"))
    return ('<section id="headline"><h2>Headline</h2>' + lead + '<div class="headline">'
            + "".join(b for b in boxes if not b.startswith("<p")) + "</div></section>")


def render_impact_html(report: dict) -> str:
    p = report["provenance"]
    tables = R._tables(report)

    def block(*names):
        out = [f'<div class="table-block">{R._table_block(n, tables)}</div>' for n in names if n in tables]
        return f'<div class="tables">{"".join(out)}</div>' if out else ""

    sprt = p["sprt"]
    many = tables["swaps"].height > 1
    sections = [
        R._about_html(p),
        _headline(tables, p),
        R._section("field", "Impact on the field", [
            R._figure(chart_field(tables, sprt), "chart-impact-field",
                      "Each swap's impact on the field (all opponents equally), variant minus base, in "
                      "percentage points with its paired 95% interval; colour: the SPRT's verdict; dotted "
                      "lines: the SPRT's H0 and H1."),
            block("swaps")]),
        R._section("opponents", "Impact per opponent", [
            R._figure(chart_opponents(tables), "chart-impact-opponents",
                      ("Impact of each swap (rows) against each opponent (columns), percentage points; hover "
                       "for the paired 95% interval." if many else
                       "Impact against each opponent and on the field, with paired 95% intervals.")),
            block("impact_by_opponent")]),
        R._section("sprt", "Sequential test", [
            R._figure(chart_sprt(tables, p["sprt_bounds"]), "chart-sprt",
                      "Log-likelihood ratio of H1 against H0 after each chunk; a swap stops (sequential "
                      "mode) when it crosses a dashed bound."),
            block("sprt_path")]),
        R._section("pilots", "Pilots", [block("pilot_answers")], lead=R.pilots_lead(p)),
    ]
    if report.get("notes"):
        sections.append('<section id="notes"><h2>Notes</h2><ul class="notes">'
                        + "".join(f"<li>{R._e(n)}</li>" for n in report["notes"]) + "</ul></section>")
    toc = "".join(f'<a href="#{sid}">{label}</a>' for sid, label in (
        ("about", "What this is"), ("headline", "Headline"), ("field", "Field"), ("opponents", "Opponents"), ("sprt", "SPRT"),
        ("pilots", "Pilots"), ("notes", "Notes")) if any(f'<section id="{sid}"' in x for x in sections))
    sprt_text = (f"H0 {100 * sprt['h0']:+.1f} pp, H1 {100 * sprt['h1']:+.1f} pp, alpha {sprt['alpha']}, "
                 f"beta {sprt['beta']}; {'sequential' if p['sequential'] else 'fixed'} budget "
                 f"{p['budget']:,} games per opponent, chunks of {p['chunk']:,}")
    prov = re.sub(r"<dt>Weights</dt><dd>.*?</dd>", "", R._provenance_html(p)).replace(
        "</dl>", f"<dt>SPRT</dt><dd>{R._e(sprt_text)}</dd></dl>")
    title = p["title"]
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="data:,">',
        f"<title>{R._e(title)}</title>", f"<style>{R.CSS}</style>",
        "<script>window.PlotlyConfig = {MathJaxConfig: 'local'};</script>",
        f'<script id="plotlyjs">{plotly.offline.get_plotlyjs()}</script>', "</head><body>",
        f'<header class="page"><h1>{R._e(title)}</h1><div class="kind">impact report</div>{prov}</header>',
        f'<nav class="toc">{toc}</nav>', "<main>", *[s for s in sections if s], "</main>",
        f"<footer>berserk-sim report · impact · rules version {R._e(p.get('rules_version'))}</footer>",
        f"<script>{R.SORT_JS}</script>", "</body></html>", ""])


def render_impact_markdown(report: dict) -> str:
    p = report["provenance"]
    t = report["tables"]
    sprt = p["sprt"]
    libs = ", ".join(f"{k} {v}" for k, v in sorted(p["library_versions"].items()))
    out = [f"# {p['title']}", ""]
    prov = [("Deck", p["deck"]), ("Opponents", ", ".join(p["decks"][1:])), ("Seed range", p["seed_range"]),
            ("Games played", R._count(p["games"])), ("AI", p["ai"]),
            ("Ruleset", p["ruleset"] + (f" ({', '.join(f'{k} = {v}' for k, v in p['rules'].items())})"
                                        if p["rules"] else "")),
            ("Rules version", p["rules_version"]), ("Card set sha256", p["cardset_sha256"]),
            ("Card edits", R.card_edits_text(p)),
            ("SPRT", (f"H0 {100 * sprt['h0']:+.1f} pp, H1 {100 * sprt['h1']:+.1f} pp, alpha "
                      f"{sprt['alpha']}, beta {sprt['beta']}, bounds [{p['sprt_bounds'][0]:.2f}, "
                      f"{p['sprt_bounds'][1]:.2f}]")),
            ("Budget", (f"{'sequential' if p['sequential'] else 'fixed'}, {p['budget']:,} games per "
                        f"opponent, chunks of {p['chunk']:,}")),
            ("Created", p["created"]), ("Finished", p["finished"]),
            ("Command", f"`{p['command']}`" if p["command"] else None), ("Libraries", libs or None)]
    out += [f"- **{k}:** {v}" for k, v in prov if v not in (None, "")] + [""]
    out += R._md_about(p)
    if t["swaps"].height == 1:
        out += ["## Headline", "", finding(t["swaps"].row(0, named=True), p), ""]
    out += ["## Swap tests", "", ("Impact on the field (variant minus base, paired 95% interval), the SPRT's "
                                  "verdict and the games pairing saved."), ""]
    out += R._md_frame("swaps", t["swaps"], ["swap", "impact", "p_holm", "flagged", "verdict",
                                             "decided_games", "games", "variance_ratio", "games_saved"])
    out += ["## Impact per opponent", ""]
    out += R._md_frame("impact_by_opponent", t["impact_by_opponent"],
                       ["swap", "opponent", "base_score", "variant_score", "impact", "variance_ratio"])
    if "pilot_answers" in t:
        out += [f"## {R.TABLE_TITLES['pilot_answers']}", ""] + R._md_frame("pilot_answers", t["pilot_answers"])
    out += ["## Notes", ""] + [f"- {n}" for n in report["notes"]] + [""]
    return "\n".join(out).rstrip("\n") + "\n"


def write_impact_report(report: dict, out_dir) -> list:
    """index.html, report.md and tables/*.csv, *.parquet of an impact folder."""
    return R.write_report(report, out_dir, render_impact_html, render_impact_markdown)
