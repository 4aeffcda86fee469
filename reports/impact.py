"""The impact report: a swap test's folder (analysis.causal) as the same family of
outputs as the analytics reports: one self-contained HTML page with plotly charts (impact on the
field and per opponent with paired intervals, SPRT verdicts and paths), sortable tables, provenance
and notes; report.md; every table as CSV and Parquet. Rendering is deterministic like
reports.render (fixed chart ids; timestamps only inside <span class="timestamp">)."""
import json
from pathlib import Path

import plotly.graph_objects as go
import polars as pl

from analysis.causal import FIELD, impact_tables
from analysis.pilots import impact_answers
from simcore.pilots import describe

from . import render as R
from .build import add_experiment_pilots
from .lang import EN, Messages, messages

VERDICT_COLORS = {"H1 accepted": "#d95f02", "H0 accepted": "#2f5597", "undecided": "#8a8f98"}


def _library_versions(path: Path) -> dict:
    try:
        return json.loads((path / "base" / "00" / "run.json").read_text(encoding="utf-8")).get(
            "library_versions", {})
    except (OSError, json.JSONDecodeError):
        return {}


def provenance(path: Path, manifest: dict, tables: dict, T: Messages = EN) -> dict:
    cfg = manifest["config"]
    swaps = tables["swaps"]
    deck = tables["impact_by_opponent"]
    opponents = [o for o in dict.fromkeys(deck["opponent"].to_list()) if o != FIELD]
    from decks import load_cardset, load_deck
    try:
        deck_name = load_deck(cfg["deck"]["path"], load_cardset(), validate=False).name
    except Exception:  # noqa: BLE001 - a moved deck file still renders, under its path
        deck_name = Path(cfg["deck"]["path"]).stem
    what = T.value(swaps["swap"][0]) if swaps.height == 1 else T("build.impact.cards", n=swaps.height)
    ai = cfg["ai"]
    sprt = cfg["sprt"]
    budget = cfg["games_per_opponent"]
    return {
        "title": T("build.title.impact", deck=deck_name, what=what), "kind": "impact", "deck": deck_name,
        "command": manifest.get("command", ""), "created": manifest.get("created"),
        "finished": manifest.get("finished"), "seed": cfg["seed"],
        "seed_range": T("build.range.impact", last=budget - 1, seed=cfg["seed"]),
        "rules_version": cfg["rules_version"], "cardset_sha256": cfg["cardset_sha256"],
        "ai": T("build.ai.impact", ai=describe(ai).replace(" vs ", T("build.ai.vs"))),
        "ruleset": cfg["ruleset"], "rules": cfg.get("rules", {}), "games": manifest.get("games_played"),
        "decks": [deck_name, *opponents], "seat_pairs": True, "library_versions": _library_versions(path),
        "card_tests": swaps.height, "weights_file": None, "card_edits": list(cfg.get("overrides", [])),
        "sprt": sprt, "sprt_bounds": manifest["sprt_bounds"], "sequential": cfg["sequential"],
        "budget": budget, "chunk": cfg["chunk"], "skipped": manifest.get("skipped", []),
        "added_cards": [s["added"] for s in cfg["swaps"] if s.get("added")],
    }


def notes(p: dict, T: Messages = EN) -> list:
    sprt = p["sprt"]
    out = [
        T("build.note.impact"),
        T("build.note.crn"),
        T("build.note.sprt", chunk=T.count(p["chunk"]), h0=f"{100 * sprt['h0']:+.1f}", h1=f"{100 * sprt['h1']:+.1f}",
          alpha=sprt["alpha"], beta=sprt["beta"], upper=f"{p['sprt_bounds'][1]:.2f}",
          lower=f"{p['sprt_bounds'][0]:.2f}")
        + T("build.note.sprt_sequential" if p["sequential"] else "build.note.sprt_fixed"),
        T("build.note.saved"),
        T("build.note.holm", n=p["card_tests"]),
    ]
    if p["added_cards"]:
        out.append(T("build.note.vanilla"))
    for s in p["skipped"]:
        out.append(T("build.note.not_tested", card=s["card"], why=skip_reason(s["why"], T)))
    return out


def skip_reason(why: str, T: Messages = EN) -> str:
    """Why a card was not tested (analysis.causal's `skipped`), in the language of T."""
    return T("build.why.vanilla") if why == EN("build.why.vanilla") else why


def build_impact_report(path, lang: str = "en") -> dict:
    """The report dict of an impact folder (provenance, notes, tables), as reports.render expects, in the
    language `lang`."""
    T = messages(lang)
    path = Path(path)
    tables = impact_tables(path)
    manifest = json.loads((path / "impact.json").read_text(encoding="utf-8"))
    p = provenance(path, manifest, tables, T)
    report = {"provenance": p, "notes": notes(p, T), "tables": tables, "path": path, "lang": T.lang}
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


def chart_field(tables: dict, sprt: dict, T: Messages = EN) -> go.Figure | None:
    s = tables.get("swaps")
    if not R._usable(s, "swap", "impact"):
        return None
    s = s.sort(["impact", "swap"], descending=[False, True])
    labels = [T.value(x) for x in s["swap"].to_list()]
    traces = []
    for verdict, color in VERDICT_COLORS.items():
        part = s.filter(pl.col("verdict") == verdict)
        if not part.height:
            continue
        v, lo, hi = part["impact"].to_list(), part["impact_lo"].to_list(), part["impact_hi"].to_list()
        shown = T.value(verdict)
        traces.append(go.Scatter(
            x=_pp(v), y=[T.value(x) for x in part["swap"].to_list()], mode="markers",
            name=T("impact.chart.sprt_verdict", verdict=shown),
            marker={"size": 10, "color": color}, error_x={**R._error_x(v, lo, hi), "color": color},
            customdata=[[R._pp_ci(a, b, c, T), g] for a, b, c, g in
                        zip(v, lo, hi, [R._count(x, T) for x in part["games"].to_list()])],
            hovertemplate="<b>%{y}</b><br>" + T("impact.chart.field_hover") + " %{customdata[0]}<br>"
                          "%{customdata[1]} " + T("impact.chart.games_per_opponent") + "<extra>" + shown
                          + "</extra>"))
    fig = go.Figure(traces)
    _effect_lines(fig, sprt)
    R._layout(fig, 150 + 30 * s.height, T)
    fig.update_xaxes(ticksuffix=" " + T("pp"), title={"text": T("impact.chart.field_axis")})
    R._category_rows(fig, labels)
    return fig


def chart_opponents(tables: dict, T: Messages = EN) -> go.Figure | None:
    t = tables.get("impact_by_opponent")
    if not R._usable(t, "swap", "opponent", "impact"):
        return None
    swaps = list(dict.fromkeys(t["swap"].to_list()))
    opponents = list(dict.fromkeys(t["opponent"].to_list()))
    if len(swaps) == 1:
        rows = t.sort("impact")
        labels = [f"<b>{T.value(o)}</b>" if o == FIELD else o for o in rows["opponent"].to_list()]
        v, lo, hi = rows["impact"].to_list(), rows["impact_lo"].to_list(), rows["impact_hi"].to_list()
        fig = go.Figure(go.Scatter(
            x=_pp(v), y=labels, mode="markers", marker={"size": 10, "color": R.COLORS["point"]},
            error_x={**R._error_x(v, lo, hi), "color": R.COLORS["point"]},
            customdata=[R._pp_ci(a, b, c, T) for a, b, c in zip(v, lo, hi)],
            hovertemplate="<b>%{y}</b><br>" + T("impact.chart.impact") + " %{customdata}<extra></extra>",
            showlegend=False))
        fig.add_vline(x=0, line={"color": "#555", "width": 1})
        R._layout(fig, 150 + 30 * rows.height, T, showlegend=False)
        fig.update_xaxes(ticksuffix=" " + T("pp"), title={"text": T("impact.chart.impact_axis")})
        R._category_rows(fig, labels)
        return fig
    cells = {(r["swap"], r["opponent"]): r for r in t.iter_rows(named=True)}
    z = [[100 * cells[(s, o)]["impact"] if (s, o) in cells else None for o in opponents] for s in swaps]
    text = [[f"{x:+.1f}" if x is not None else "" for x in row] for row in z]
    hover = [[R._pp_ci(cells[(s, o)]["impact"], cells[(s, o)]["impact_lo"], cells[(s, o)]["impact_hi"], T)
              if (s, o) in cells else "" for o in opponents] for s in swaps]
    spread = max([abs(x) for row in z for x in row if x is not None] + [1.0])
    fig = go.Figure(go.Heatmap(
        z=z, x=[T.value(o) for o in opponents], y=[T.value(s) for s in swaps], text=text, texttemplate="%{text}",
        customdata=hover, colorscale="RdBu", zmid=0, zmin=-spread, zmax=spread, xgap=2, ygap=2,
        hovertemplate="<b>%{y}</b> " + T("chart.vs") + " <b>%{x}</b><br>" + T("impact.chart.impact")
                      + " %{customdata}<extra></extra>",
        colorbar={"title": {"text": T("impact.chart.impact")}, "ticksuffix": " " + T("pp"), "thickness": 14}))
    R._layout(fig, 160 + 34 * len(swaps), T, margin={"l": 10, "r": 10, "t": 10, "b": 10})
    fig.update_xaxes(side="top", tickangle=-30, showgrid=False)
    fig.update_yaxes(autorange="reversed", showgrid=False)
    return fig


def chart_sprt(tables: dict, bounds, T: Messages = EN) -> go.Figure | None:
    path = tables.get("sprt_path")
    if not R._usable(path, "swap", "games", "llr"):
        return None
    lower, upper = bounds
    traces = []
    for swap in dict.fromkeys(path["swap"].to_list()):
        part = path.filter(pl.col("swap") == swap)
        llr = [max(min(x, 3 * upper), 3 * lower) for x in part["llr"].to_list()]   # clipped for the axis
        # every path starts at 0 games, where the LLR is 0: a test that stops at its first look is a line
        name = T.value(swap)
        traces.append(go.Scatter(x=[0, *part["games"].to_list()], y=[0.0, *llr], mode="lines+markers", name=name,
                                 customdata=[0.0, *part["llr"].to_list()],
                                 hovertemplate=name + "<br>%{x} " + T("impact.chart.games_per_opponent") + ": "
                                 + T("impact.chart.llr") + " %{customdata:.2f}<extra></extra>"))
    fig = go.Figure(traces)
    for y, name, where in ((upper, T("impact.chart.accept_h1"), "top left"),
                           (lower, T("impact.chart.accept_h0"), "bottom left")):
        fig.add_hline(y=y, line={"dash": "dash", "color": R.COLORS["line"], "width": 1},
                      annotation_text=name, annotation_position=where)     # inside the plot: never clipped
    legend = 1 < len(traces) <= 12
    # the legend's rows (about three swaps a row) sit above the plot: the chart grows with them
    R._layout(fig, 380 + (22 * -(-len(traces) // 3) if legend else 0), T, showlegend=legend)
    last = max(path["games"].max() or 1, 1)
    fig.update_xaxes(title={"text": T("impact.chart.games_per_opponent")}, range=[0, last * 1.05],
                     rangemode="tozero")
    lows = [min(t.y) for t in traces] + [lower]
    highs = [max(t.y) for t in traces] + [upper]
    pad = 0.15 * (max(highs) - min(lows))
    fig.update_yaxes(range=[min(lows) - pad, max(highs) + pad])
    fig.update_yaxes(title={"text": T("impact.chart.llr_axis")})
    return fig


# ---------------------------------------------------------------------------------------------------
# HTML and Markdown


def _points(x) -> str:
    """A difference of rates in points, with a true minus sign: '−3.6'."""
    return f"{100 * x:+.1f}".replace("-", "\u2212")


def finding(r: dict, p: dict, T: Messages = EN) -> str:
    """One swap's result in one sentence: what the replacement does to the field score, with its interval,
    and where the sequential test stopped, e.g. 'Кочевник in place of Арацент loses 3.6 points [−6.7, −0.5]
    against the field; the sequential test stopped after 500 games per opponent: it is not the gain of
    +3.0 points it tested for.'"""
    impact, lo, hi = r["impact"], r.get("impact_lo"), r.get("impact_hi")
    who = (T("impact.finding.who", replacement=T.value(r["replacement"]), card=r["card"]) if r.get("replacement")
           else T("impact.finding.removed", card=r["card"]))
    if R._missing(impact):
        return T("impact.finding.none", who=who)
    ci = "" if R._missing(lo) or R._missing(hi) else f" [{_points(lo)}, {_points(hi)}]"
    if not ci or lo <= 0 <= hi:
        what = T("impact.finding.even", impact=_points(impact), ci=ci)
    else:
        what = T("impact.finding.gains" if impact > 0 else "impact.finding.loses", points=f"{abs(100 * impact):.1f}",
                 ci=ci)
    sprt = p["sprt"]
    games = R._count(r["decided_games"] or r["games"], T)
    stopped = T("impact.finding.stopped" if p.get("sequential") else "impact.finding.decided", games=games)
    played = "" if p.get("sequential") else T("impact.finding.played", games=R._count(r["games"], T))
    if r["verdict"] == "H1 accepted":
        test = T("impact.finding.h1", stopped=stopped, played=played, h1=_points(sprt["h1"]))
    elif r["verdict"] == "H0 accepted":
        test = T("impact.finding.h0", stopped=stopped, played=played, h1=_points(sprt["h1"]))
    else:
        test = T("impact.finding.undecided", games=R._count(r["games"], T))
    return T("impact.finding", who=who, what=what, test=test)


def _headline(tables: dict, p: dict, T: Messages = EN) -> str:
    s = tables["swaps"]
    boxes = []
    if s.height == 1:
        r = s.row(0, named=True)
        boxes.append(f'<p class="finding">{R._e(finding(r, p, T))}</p>')
        ci = R._interval(r["impact_lo"], r["impact_hi"], True, T)
        boxes.append(R._box(T("impact.head.impact"),
                            f'<div class="big">{R._e(R._pp_ci(r["impact"], None, None, T))}</div>',
                            T("impact.head.impact.detail", interval=R._e(ci), games=R._count(r["games"], T))))
        decided = (T("impact.head.decided_after", games=R._count(r["decided_games"], T)) if r["decided_games"]
                   else T("impact.head.no_decision", games=R._count(r["games"], T)))
        boxes.append(R._box(T("impact.head.sequential"),
                            f'<div class="big">{R._e(T("impact.verdict." + r["verdict"]))}</div>',
                            R._e(decided) + T("impact.head.see_notes", verdict=R._e(T.value(r["verdict"])))))
        if r["games_saved"] is not None:
            boxes.append(R._box(T("impact.head.saved"),
                                f'<div class="big">{T("impact.head.saved_games", games=R._count(r["games_saved"], T))}</div>',
                                T("impact.head.saved.detail", ratio=f"{r['variance_ratio']:.1f}",
                                  games=R._count(r["unpaired_games"], T))))
    else:
        counts = {v: s.filter(pl.col("verdict") == v).height for v in VERDICT_COLORS}
        boxes.append(R._box(T("impact.head.swaps"), f'<div class="big">{s.height}</div>',
                            T("impact.head.swaps.detail", flagged=int(s["flagged"].sum()), n=s.height)))
        boxes.append(R._box(T("impact.head.verdicts"),
                            "".join(f'<span class="chip"><b>{R._e(T.value(v))}</b> {n}</span>'
                                    for v, n in counts.items() if n), T("impact.head.per_swap")))
        saved = s["games_saved"].drop_nulls()
        if saved.len():
            boxes.append(R._box(T("impact.head.saved"),
                                f'<div class="big">{T("impact.head.saved_games", games=R._count(saved.sum(), T))}</div>',
                                T("impact.head.median_ratio", ratio=f"{s['variance_ratio'].median():.1f}")))
    lead = "".join(b for b in boxes if b.startswith("<p"))
    return (f'<section id="headline"><h2>{R._e(T("section.headline"))}</h2>' + lead + '<div class="headline">'
            + "".join(b for b in boxes if not b.startswith("<p")) + "</div></section>")


def _sprt_text(p: dict, T: Messages, markdown: bool = False) -> str:
    sprt = p["sprt"]
    fields = {"h0": f"{100 * sprt['h0']:+.1f}", "h1": f"{100 * sprt['h1']:+.1f}", "alpha": sprt["alpha"],
              "beta": sprt["beta"]}
    if markdown:
        return T("impact.sprt.md", **fields, lower=f"{p['sprt_bounds'][0]:.2f}", upper=f"{p['sprt_bounds'][1]:.2f}")
    return T("impact.sprt", **fields, mode=T("impact.mode.sequential" if p["sequential"] else "impact.mode.fixed"),
             budget=T.count(p["budget"]), chunk=T.count(p["chunk"]))


def render_impact_html(report: dict) -> str:
    T = R.report_messages(report)
    p = report["provenance"]
    tables = R._tables(report)

    def block(*names):
        out = [f'<div class="table-block">{R._table_block(n, tables, T)}</div>' for n in names if n in tables]
        return f'<div class="tables">{"".join(out)}</div>' if out else ""

    sprt = p["sprt"]
    many = tables["swaps"].height > 1
    sections = [
        R._about_html(p, T),
        _headline(tables, p, T),
        R._section("field", T("impact.section.field"), [
            R._figure(chart_field(tables, sprt, T), "chart-impact-field", T("impact.cap.field")),
            block("swaps")]),
        R._section("opponents", T("impact.section.opponents"), [
            R._figure(chart_opponents(tables, T), "chart-impact-opponents",
                      T("impact.cap.opponents_many" if many else "impact.cap.opponents_one")),
            block("impact_by_opponent")]),
        R._section("sprt", T("impact.section.sprt"), [
            R._figure(chart_sprt(tables, p["sprt_bounds"], T), "chart-sprt", T("impact.cap.sprt")),
            block("sprt_path")]),
        R._section("pilots", T("section.pilots"), [block("pilot_answers")], lead=R.pilots_lead(p, T)),
        R._notes_html(report.get("notes"), T),
    ]
    sections = [s for s in sections if s]
    toc = R._toc(sections, (("about", "toc.about"), ("headline", "toc.headline"), ("field", "impact.toc.field"),
                            ("opponents", "impact.toc.opponents"), ("sprt", "impact.toc.sprt"),
                            ("pilots", "toc.pilots"), ("notes", "toc.notes")), T)
    prov = R._provenance_html(p, T, extra=(("sprt", R._e(_sprt_text(p, T))),))
    return R.page_html(T, p["title"], "impact", prov, toc, sections, p.get("rules_version"))


def render_impact_markdown(report: dict) -> str:
    T = R.report_messages(report)
    p = report["provenance"]
    t = report["tables"]
    libs = ", ".join(f"{k} {v}" for k, v in sorted(p["library_versions"].items()))
    out = [f"# {p['title']}", ""]
    out += R.md_provenance([
        ("deck", p["deck"]), ("opponents", ", ".join(p["decks"][1:])), ("seed_range", p["seed_range"]),
        ("games_played", R._count(p["games"], T)), ("ai", p["ai"]),
        ("ruleset", p["ruleset"] + (f" ({', '.join(f'{k} = {v}' for k, v in p['rules'].items())})"
                                    if p["rules"] else "")),
        ("rules_version", p["rules_version"]), ("card_set_sha", p["cardset_sha256"]),
        ("card_edits", R.card_edits_text(p, T=T)),
        ("sprt", _sprt_text(p, T, markdown=True)),
        ("budget", T("impact.budget.md", mode=T("impact.mode.sequential" if p["sequential"] else "impact.mode.fixed"),
                     budget=T.count(p["budget"]), chunk=T.count(p["chunk"]))),
        ("created", p["created"]), ("finished", p["finished"]),
        ("command", f"`{p['command']}`" if p["command"] else None), ("libraries", libs or None)], T)
    out += R._md_about(p, T)
    if t["swaps"].height == 1:
        out += [f"## {T('section.headline')}", "", finding(t["swaps"].row(0, named=True), p, T), ""]
    out += [f"## {R.table_title('swaps', T)}", "", T("impact.md.swaps"), ""]
    out += R._md_frame("swaps", t["swaps"], ["swap", "impact", "p_holm", "flagged", "verdict",
                                             "decided_games", "games", "variance_ratio", "games_saved"], T)
    out += [f"## {R.table_title('impact_by_opponent', T)}", ""]
    out += R._md_frame("impact_by_opponent", t["impact_by_opponent"],
                       ["swap", "opponent", "base_score", "variant_score", "impact", "variance_ratio"], T)
    if "pilot_answers" in t:
        out += [f"## {R.table_title('pilot_answers', T)}", ""] + R._md_frame("pilot_answers", t["pilot_answers"], T=T)
    out += [f"## {T('section.notes')}", ""] + [f"- {n}" for n in report["notes"]] + [""]
    return "\n".join(out).rstrip("\n") + "\n"


def write_impact_report(report: dict, out_dir) -> list:
    """index.html, report.md and tables/*.csv, *.parquet of an impact folder."""
    return R.write_report(report, out_dir, render_impact_html, render_impact_markdown)
