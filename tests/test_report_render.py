"""The report renderer (reports/render.py): a self-contained, deterministic HTML page, the Markdown for
forums, and the tables written as CSV and Parquet."""
import hashlib
import math
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import plotly.offline
import polars as pl
import pytest
from polars.testing import assert_frame_equal

from reports.render import render_html, render_markdown, write_report

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report_fixture import build_report

CHARTS = ["chart-deck-win-rates", "chart-matchups", "chart-field", "chart-nash-mix", "chart-first-player",
          "chart-turns", "chart-end-reasons", "chart-card-impact"]
TIMESTAMP_SPAN = re.compile(r'<span class="timestamp">.*?</span>', re.DOTALL)


@pytest.fixture(scope="module")
def report():
    return build_report(4)


@pytest.fixture(scope="module")
def page(report):
    return render_html(report)


class Tables(HTMLParser):
    """Collects every <table id=...>: its header labels and the text of each body row's cells."""

    def __init__(self):
        super().__init__()
        self.tables, self._table, self._row, self._cell, self._in_head = {}, None, None, None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and attrs.get("id"):
            self._table = self.tables.setdefault(attrs["id"], {"head": [], "rows": []})
        elif self._table is None:
            return
        elif tag == "thead":
            self._in_head = True
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if self._table is None:
            return
        if tag in ("td", "th") and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr":
            (self._table["head"].extend if self._in_head else self._table["rows"].append)(self._row)
        elif tag == "thead":
            self._in_head = False
        elif tag == "table":
            self._table = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def parse_tables(page: str) -> dict:
    parser = Tables()
    parser.feed(page)
    return parser.tables


def without_plotlyjs(page: str) -> str:
    start = page.index('<script id="plotlyjs">')
    end = page.index("</script>", start)
    return page[:start] + page[end:]


def test_page_embeds_plotlyjs_once_and_references_no_network(page):
    bundle = plotly.offline.get_plotlyjs()
    assert page.count('<script id="plotlyjs">') == 1
    assert page.count(bundle) == 1, "plotly.js is embedded exactly once"
    rest = without_plotlyjs(page)
    # URLs occur only inside the plotly.js source (its licences and map styles, unused here)
    assert "http://" not in rest and "https://" not in rest
    assert not re.search(r"<script[^>]*\bsrc\s*=", page, re.IGNORECASE)
    for tag in re.findall(r"<link\b[^>]*>", page, re.IGNORECASE):
        assert re.search(r'href="data:', tag), tag
    assert "@import" not in rest and "url(" not in rest
    assert "mathjax.js" not in rest.lower()


def test_page_has_every_chart_with_a_fixed_id_and_no_plotly_logo(page):
    for chart in CHARTS:
        assert page.count(f'id="{chart}"') == 1, chart
        assert f'document.getElementById("{chart}")' in page, chart
    assert '"displaylogo": false' in page
    assert '"displaylogo": true' not in page


def test_rendering_twice_gives_identical_bytes(report, page):
    assert render_html(report) == page
    assert render_markdown(report) == render_markdown(report)


def test_rendering_is_identical_in_another_process(page):
    """No dependence on hash seeds, clocks or random ids: a fresh interpreter renders the same page."""
    code = ("import sys, hashlib; sys.path.insert(0, 'tests'); from report_fixture import build_report; "
            "from reports.render import render_html; "
            "print(hashlib.sha256(render_html(build_report(4)).encode()).hexdigest())")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert out.stdout.strip() == hashlib.sha256(page.encode()).hexdigest()


def test_changing_the_timestamp_changes_only_the_timestamp_spans(report, page):
    other = {**report, "provenance": {**report["provenance"], "created": "2027-01-02T03:04:05+00:00"}}
    changed = render_html(other)
    assert changed != page
    assert "2027-01-02T03:04:05+00:00" in changed
    assert TIMESTAMP_SPAN.sub("", changed) == TIMESTAMP_SPAN.sub("", page)
    spans = TIMESTAMP_SPAN.findall(page)
    assert len(spans) == 2 and report["provenance"]["created"] in spans[0]


def test_every_table_appears_by_id_with_its_rows(report, page):
    tables = parse_tables(page)
    for name, df in report["tables"].items():
        table = tables[f"table-{name}"]
        assert len(table["rows"]) == df.height, name
        first = df.columns[0]
        if df.schema[first] == pl.String:
            assert [row[0] for row in table["rows"]] == df[first].to_list(), name


def test_rates_are_percentages_with_their_interval(report, page):
    rows = parse_tables(page)["table-deck_win_rates"]
    head = rows["head"]
    assert head[-1] == "Score" and "Lo" not in head and "lo" not in head
    df = report["tables"]["deck_win_rates"]
    for cells, r in zip(rows["rows"], df.iter_rows(named=True)):
        assert cells[-1] == (f"{100 * r['score']:.1f}% ({100 * r['lo']:.1f}-{100 * r['hi']:.1f})")
        assert cells[1] == f"{r['games']:,}"
    card = parse_tables(page)["table-card_stats"]
    iwd = card["head"].index("Squad minus not dealt")
    assert re.fullmatch(r"[+-]\d+\.\d pp \([+-]\d+\.\d to [+-]\d+\.\d\)", card["rows"][0][iwd])


def test_tables_sort_on_numbers_not_text(page):
    """Each numeric cell carries its raw value for the page's sorter."""
    cells = re.findall(r'<td class="num" data-sort="([^"]*)">', page)
    assert cells and all(c == "" or math.isfinite(float(c)) for c in cells)
    assert "table.sortable" in page and "localeCompare" in page


def test_headline_and_notes(report, page):
    assert 'id="headline"' in page and "Nash mix" in page and "Top tier (tier 1)" in page
    for note in report["notes"]:
        assert note.replace("'", "&#x27;") in page
    sha = report["provenance"]["cardset_sha256"]
    assert f'title="sha256 {sha}"' in page and f"sha256 {sha[:12]}<" in page
    assert f"<code>{report['provenance']['command']}</code>" in page


def test_heatmap_marks_the_cells_whose_interval_crosses_50(report):
    from reports.render import _chart_matchups, _deck_order, _tables
    tables = _tables(report)
    order = _deck_order(report, tables)
    text = _chart_matchups(tables, order).data[0].text
    m = {(r["deck"], r["opponent"]): r for r in report["tables"]["matchups"].iter_rows(named=True)}
    for i, deck in enumerate(order):
        for j, opp in enumerate(order):
            r = m[deck, opp]
            assert text[i][j] == ("~" if r["crosses_50"] else "") + f"{100 * r['score']:.1f}"


def _without(report, *names, empty=False):
    tables = dict(report["tables"])
    for name in names:
        if empty:
            tables[name] = tables[name].clear()
        else:
            del tables[name]
    return {**report, "tables": tables}


@pytest.mark.parametrize("name", list(build_report(2)["tables"]))
def test_a_missing_or_empty_table_does_not_crash(report, name):
    for variant in (_without(report, name), _without(report, name, empty=True)):
        page = render_html(variant)
        render_markdown(variant)
        assert ("table-" + name in page) == (name in variant["tables"])


def test_no_tables_no_notes_no_provenance():
    for report in ({}, {"tables": {}, "notes": [], "provenance": {}},
                   _without(build_report(4), *build_report(4)["tables"], empty=True)):
        page = render_html(report)
        assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n")
        assert render_markdown(report).startswith("# ")


def test_tables_of_nulls_do_not_crash(report):
    nulls = {name: df.with_columns([pl.lit(None, dtype).alias(c) for c, dtype in df.schema.items()])
             for name, df in report["tables"].items()}
    variant = {**report, "tables": nulls}
    assert "None" not in render_markdown(variant)
    assert parse_tables(render_html(variant))["table-matchups"]["rows"]


def test_a_single_pair_run_without_weights():
    report = build_report(2)
    report["provenance"] |= {"kind": "run", "weights_file": None, "card_tests": None, "finished": None}
    nulls = [pl.lit(None, pl.Float64).alias(c) for c in ("weighted", "weighted_lo", "weighted_hi")]
    report["tables"]["field"] = report["tables"]["field"].with_columns(nulls)
    card = report["tables"]["card_stats"]
    report["tables"]["card_stats"] = card.with_columns(pl.lit(None, pl.Float64).alias("mean_death_turn"))
    page = render_html(report)
    tables = parse_tables(page)
    assert len(tables["table-matchups"]["rows"]) == 4
    assert "Weighted field" not in tables["table-field"]["head"]
    assert "weighted field" not in page.split('id="chart-field"')[1].split("</figure>")[0]
    markdown = render_markdown(report)
    assert "| deck \\ opponent | steppe | swamps |" in markdown
    del report["tables"]["nash_mix"], report["tables"]["field"]
    page = render_html(report)
    assert "Best deck" in page and 'id="field"' not in page and 'href="#field"' not in page


def test_markdown_grid_marks_exactly_the_cells_crossing_50(report):
    markdown = render_markdown(report)
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| deck \\ opponent |"))
    header = [c.strip() for c in lines[start].strip("|").split("|")]
    opponents = header[1:]
    m = {(r["deck"], r["opponent"]): r for r in report["tables"]["matchups"].iter_rows(named=True)}
    assert sorted(opponents) == sorted(report["provenance"]["decks"])
    seen = 0
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        deck = cells[0]
        for opp, cell in zip(opponents, cells[1:]):
            r = m[deck, opp]
            assert cell.startswith("~") == r["crosses_50"], (deck, opp, cell)
            assert cell.lstrip("~") == f"{100 * r['score']:.1f}"
            seen += 1
    assert seen == report["tables"]["matchups"].height
    crossing = int(report["tables"]["matchups"]["crosses_50"].sum())
    assert markdown.count("~") - markdown.count("`~`") == crossing


def test_markdown_sections_and_determinism(report):
    markdown = render_markdown(report)
    for heading in ("## Headline", "## Deck win rates", "## Matchups", "## Field win rates and tiers",
                    "## First-player advantage", "## Game shape", "## Top card impacts", "## Notes"):
        assert heading in markdown
    assert "**Nash mix:** The Nash mix, the field no deck can exploit, is **steppe** 62.0%, **swamps** 38.0%." in markdown
    assert report["provenance"]["cardset_sha256"] in markdown
    impacts = markdown.split("## Top card impacts")[1].split("## Notes")[0]
    flags = [line.rstrip(" |").rsplit("|", 1)[1].strip() for line in impacts.splitlines()
             if line.startswith("| ") and not line.startswith("| Deck")]
    assert flags == sorted(flags, key=lambda f: f != "yes"), "flagged cards come first"
    assert markdown == render_markdown(build_report(4))


def test_write_report_writes_every_file_atomically(report, tmp_path, monkeypatch):
    from reports import render
    replaced = []
    real_replace = os.replace

    def spy(src, dst):
        replaced.append((Path(src), Path(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(render.os, "replace", spy)
    out = tmp_path / "report"
    paths = write_report(report, out)
    expected = {out / "index.html", out / "report.md"} | {
        out / "tables" / f"{name}.{ext}" for name in report["tables"] for ext in ("csv", "parquet")}
    assert set(paths) == expected and len(paths) == len(expected)
    assert {dst for _, dst in replaced} == expected
    assert all(src.parent == dst.parent and src != dst and not src.exists() for src, dst in replaced)
    assert sorted(p for p in out.rglob("*") if p.is_file()) == sorted(expected), "no temporary files left"
    assert (out / "index.html").read_text(encoding="utf-8") == render_html(report)
    assert (out / "report.md").read_text(encoding="utf-8") == render_markdown(report)


def test_written_tables_round_trip(report, tmp_path):
    write_report(report, tmp_path)
    for name, df in report["tables"].items():
        assert_frame_equal(pl.read_parquet(tmp_path / "tables" / f"{name}.parquet"), df)
        assert_frame_equal(pl.read_csv(tmp_path / "tables" / f"{name}.csv", schema=df.schema), df)


def test_write_report_overwrites_a_previous_report(report, tmp_path):
    write_report(build_report(2), tmp_path)
    write_report(report, tmp_path)
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == render_html(report)
    matchups = pl.read_parquet(tmp_path / "tables" / "matchups.parquet")
    assert_frame_equal(matchups, report["tables"]["matchups"])


def test_first_player_is_a_deck_by_deck_heatmap_of_the_tables_figures(report, page):
    from reports.render import _chart_first_player, _deck_order, _tables
    tables = _tables(report)
    order = _deck_order(report, tables)
    heatmap = _chart_first_player(tables, order).data[0]
    assert heatmap.type == "heatmap" and list(heatmap.x) == list(heatmap.y) == order
    assert len(heatmap.z) == len(order) and all(len(row) == len(order) for row in heatmap.z)
    for r in report["tables"]["first_player"].iter_rows(named=True):
        if r["deck_a"] == "all":
            continue
        i, j = order.index(r["deck_a"]), order.index(r["deck_b"])
        assert heatmap.z[i][j] == heatmap.z[j][i] == pytest.approx(100 * r["score"])
        assert heatmap.text[i][j] == ("~" if r["lo"] <= 0.5 <= r["hi"] else "") + f"{100 * r['score']:.1f}"
    section = page.split('<section id="first-player">')[1].split("</section>")[0]
    overall = report["tables"]["first_player"].row(0, named=True)
    assert f"<b>{100 * overall['score']:.1f}%</b>" in section and "an advantage" in section
    assert 'id="chart-first-player"' in section and '"type":"heatmap"' in section


def test_a_nash_mix_of_one_deck_is_said_in_words_without_a_chart(report):
    one = {**report, "tables": {**report["tables"], "nash_mix": pl.DataFrame(
        {"deck": ["steppe", "swamps", "forest", "mountains"], "weight": [1.0, 0.0, 0.0, 0.0]})}}
    page = render_html(one)
    assert 'id="chart-nash-mix"' not in page
    assert "Nash mix: one deck" in page and "The Nash mix is one deck, <b>steppe</b>" in page
    assert "**Nash mix:** The Nash mix is one deck, **steppe**" in render_markdown(one)
    # two decks in the mix: a chart of those two, not of the zeros
    from reports.render import _chart_nash_mix, _tables
    assert list(_chart_nash_mix(_tables(report)).data[0].y) == ["swamps", "steppe"]


def test_the_page_opens_with_what_this_is(report, page):
    main = page.split("<main>")[1]
    assert main.index('<section id="about">') < main.index('<section id="headline">')
    about = main.split('<section id="about">')[1].split("</section>")[0]
    assert "Bot-versus-bot games" in about and "no person played them" in about
    assert "<b>greedy</b> a one-move-ahead greedy player" in about
    assert "greedy vs greedy, AI_VERSION 2" in about
    markdown = render_markdown(report)
    assert markdown.index("## What this is") < markdown.index("## Headline")
    assert "**Bot-versus-bot games.**" in markdown and "- **greedy** a one-move-ahead greedy player" in markdown


def test_plain_words_one_term_no_nested_parentheses_no_jargon_in_the_header(report):
    cards = report["tables"]["card_stats"].with_columns(
        (pl.col("deck") + " (" + pl.col("deck") + " raiders)").alias("deck"))
    page = render_html({**report, "tables": {**report["tables"], "card_stats": cards}})
    from reports.render import _chart_card_impact, _tables
    labels = _chart_card_impact(_tables({"tables": {"card_stats": cards}})).data[0].y
    assert labels and all(label.count("(") <= 1 for label in labels)
    assert "not drawn" not in page.lower() and "not dealt" in page
    header = page.split('<header class="page">')[1].split("</header>")[0]
    assert "Holm" not in header and "Holm" not in render_markdown(report).split("## ")[1]



def test_markdown_names_many_decks_by_code_with_a_legend_so_its_grids_paste_into_a_forum():
    report = build_report(9)
    markdown = render_markdown(report)
    lines = markdown.splitlines()
    legend = dict(re.findall(r"^\| ([A-Z]{1,2}) \| ([^|]+?) \|$", markdown, re.M))
    assert sorted(legend.values()) == sorted(report["provenance"]["decks"])
    grids = [i for i, line in enumerate(lines) if line.startswith("| deck \\ ")]
    assert len(grids) == 2                                   # matchups and first player
    for i in grids:
        assert lines[i].strip("| ").split(" | ")[1:] == list(legend)
        assert all(len(line) <= 100 for line in lines[i:i + 11])   # no full deck names across a grid
    code = {d: c for c, d in legend.items()}
    matchups = lines[grids[0] + 2:grids[0] + 11]
    row = next(line for line in matchups if line.startswith(f"| {code['steppe']} |")).strip("| ").split(" | ")
    cell = report["tables"]["matchups"].filter(
        (pl.col("deck") == "steppe") & (pl.col("opponent") == "swamps")).row(0, named=True)
    assert row[1 + list(legend).index(code["swamps"])].lstrip("~") == f"{100 * cell['score']:.1f}"
    assert "| all | all |" not in markdown                  # the 45 pairings are a grid, not 46 rows
    assert "| deck \\ opponent | steppe | swamps |" in render_markdown(build_report(2))   # few decks: names
