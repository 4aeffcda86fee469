"""The report page as a user sees it: headless Chromium opens index.html from disk (no network), every
chart draws, the console stays clean, the tables sort on a header click, and the page is not blank; in
English and in Russian (whose words are longer: nothing may clip at 1400 px either).

Needs Debian's chromium and chromium-driver at /usr/bin. Without them the tests are skipped, or fail
when BERSERK_REQUIRE_BROWSER=1 (CI machines that must run them)."""
import io
import os
import sys
import tempfile
from pathlib import Path

import pytest

from reports.lang import messages
from reports.render import write_report

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report_fixture import build_report

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHARTS = ["chart-deck-win-rates", "chart-matchups", "chart-field", "chart-nash-mix", "chart-first-player",
          "chart-turns", "chart-end-reasons", "chart-card-impact"]
HEATMAPS = ["chart-matchups", "chart-first-player"]
# the whole page and one screenshot per section, to look at: report_fixture.png and report_sections/ (English),
# report_fixture_ru.png and report_sections_ru/ (Russian)
SHOTS = Path(tempfile.gettempdir())
WIDTH = 1400


def _need_browser():
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    fix = "install Debian chromium and chromium-driver (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
        fix += " and selenium (pip install selenium)"
    if missing:
        reason = f"{', '.join(missing)} missing: {fix}"
        if os.environ.get("BERSERK_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture(scope="module", params=["en", "ru"])
def report(request):
    return build_report(4, lang=request.param)


def _suffix(report):
    return "" if report["lang"] == "en" else "_" + report["lang"]


@pytest.fixture(scope="module")
def driver():
    _need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={WIDTH},1000"):
        options.add_argument(arg)
    options.binary_location = str(CHROMIUM)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    yield drv
    drv.quit()


@pytest.fixture(scope="module")
def page(driver, report, tmp_path_factory):
    """index.html of the fixture report, opened and with every chart drawn."""
    from selenium.webdriver.support.ui import WebDriverWait

    out = tmp_path_factory.mktemp("report")
    write_report(report, out)
    driver.get((out / "index.html").as_uri())
    WebDriverWait(driver, 60).until(lambda d: d.execute_script(
        "return arguments[0].every(function (id) {"
        "  return document.querySelector('#' + id + '.js-plotly-plot .main-svg'); });", CHARTS))
    # a reader opens the tables folded under the heatmaps and the histogram; every check sees them
    driver.execute_script("document.querySelectorAll('details').forEach(function (d) { d.open = true; });")
    return driver


def _first_cells(driver, table_id, column=0):
    return driver.execute_script(
        "var col = arguments[1];"
        "return Array.prototype.map.call(document.getElementById(arguments[0]).tBodies[0].rows,"
        " function (r) { return r.cells[col].textContent; });", table_id, column)


def _click_header(driver, table_id, label):
    from selenium.webdriver.common.by import By
    th = next(th for th in driver.find_elements(By.CSS_SELECTOR, f"#{table_id} thead th") if th.text == label)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", th)
    th.click()


def test_the_page_is_in_the_report_language(page, report):
    assert page.execute_script("return document.documentElement.lang;") == report["lang"]
    T = messages(report["lang"])
    headings = page.execute_script("return Array.prototype.map.call(document.querySelectorAll('section h2'),"
                                   " function (h) { return h.textContent; });")
    assert T("section.decks") in headings and T("section.matchups") in headings


def test_console_has_no_errors(page):
    severe = [e for e in page.get_log("browser") if e["level"] == "SEVERE"]
    assert not severe, severe


def test_every_chart_is_drawn(page):
    counts = page.execute_script("""
        var out = {};
        arguments[0].forEach(function (id) {
          var g = document.getElementById(id);
          out[id] = {svg: g.querySelectorAll('.main-svg').length,
                     marks: g.querySelectorAll('.points path, .bars path, .errorbar path').length,
                     image: g.querySelectorAll('.hm image').length,
                     labels: g.querySelectorAll('.heatmap-label text').length};
        });
        return out;""", CHARTS)
    for chart in CHARTS:
        assert counts[chart]["svg"] >= 1, chart
        if chart not in HEATMAPS:
            assert counts[chart]["marks"] > 0, chart
    for chart in HEATMAPS:                    # 4 decks: a 4 x 4 grid of labelled cells
        assert counts[chart]["image"] >= 1 and counts[chart]["labels"] == 16, chart


def test_heatmap_cells_show_the_mark_where_the_interval_crosses_50(page, report):
    labels = page.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#chart-matchups .heatmap-label text'),"
        " function (t) { return t.textContent; });")
    crossing = int(report["tables"]["matchups"]["crosses_50"].sum())
    assert sum(label.startswith("~") for label in labels) == crossing
    assert all(label.lstrip("~").replace(".", "").isdigit() for label in labels)


def test_clicking_a_header_sorts_the_table(page, report):
    T = messages(report["lang"])
    dwr = report["tables"]["deck_win_rates"]
    table = "table-deck_win_rates"
    assert _first_cells(page, table) == dwr["deck"].to_list()
    _click_header(page, table, T("label.deck"))
    assert _first_cells(page, table) == sorted(dwr["deck"].to_list())
    _click_header(page, table, T("label.score"))   # numbers: largest first
    assert _first_cells(page, table) == dwr.sort("score", descending=True)["deck"].to_list()
    _click_header(page, table, T("label.score"))
    assert _first_cells(page, table)[0] == dwr.sort("score")["deck"][0]
    # numeric, not text: 200 turns sorts above 40 (as text "9" > "40" > "200")
    _click_header(page, "table-turns", T("label.turns"))
    turns = report["tables"]["turns"]["turns"]
    assert _first_cells(page, "table-turns")[0] == str(turns.max())
    _click_header(page, "table-turns", T("label.turns"))
    assert _first_cells(page, "table-turns")[0] == str(turns.min())


def test_the_page_is_not_blank(page, report):
    from PIL import Image

    page.execute_script("window.scrollTo(0, 0);")
    shot = Image.open(io.BytesIO(page.get_screenshot_as_png())).convert("RGB")
    assert len(shot.getcolors(maxcolors=1 << 24)) > 200
    height = page.execute_script("return document.documentElement.scrollHeight;")
    page.set_window_size(WIDTH, min(height + 200, 16000))
    try:
        full = Image.open(io.BytesIO(page.get_screenshot_as_png())).convert("RGB")
        full.save(SHOTS / f"report_fixture{_suffix(report)}.png")   # the whole page, for a person to look at
    finally:
        page.set_window_size(WIDTH, 1000)
    colours = full.getcolors(maxcolors=1 << 24)
    assert len(colours) > 1000
    assert max(n for n, _ in colours) < 0.8 * full.width * full.height, "one colour fills the page"


def test_no_element_scrolls_or_overflows_the_page(page):
    """Every table shows every row and fits the page: no element's content is larger than its box unless
    it overflows visibly into a box that holds it, and the page is no wider than the window."""
    clipped = page.execute_script("""
        return Array.prototype.filter.call(document.querySelectorAll('body *'), function (e) {
          var s = getComputedStyle(e);
          if (e.closest('svg') || s.display === 'none') { return false; }
          var clips = s.overflowX !== 'visible' || s.overflowY !== 'visible';
          return clips && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
        }).map(function (e) { return e.tagName + '.' + e.className + ' ' + e.scrollWidth + 'x' + e.scrollHeight
                                     + ' in ' + e.clientWidth + 'x' + e.clientHeight; });""")
    assert clipped == []
    assert page.execute_script("return document.documentElement.scrollWidth;") <= WIDTH
    for table in page.execute_script("return Array.prototype.map.call(document.querySelectorAll("
                                     "'section table.sortable'), function (t) { return t.id; });"):
        right = page.execute_script(
            "var t = document.getElementById(arguments[0]), s = t.closest('section');"
            "return [t.getBoundingClientRect().right,"
            "        s.getBoundingClientRect().right - parseFloat(getComputedStyle(s).paddingRight)];", table)
        assert right[0] <= right[1] + 1, table     # inside its section's card, padding included


def test_every_section_fits_and_no_chart_clips_its_titles_or_ticks(page, report):
    """A screenshot of every section at 1400 px (for a person: report_sections/ in the temporary folder,
    report_sections_ru/ for the Russian page), and its geometry: every chart spans its section's width,
    and every axis title and tick label lies inside its chart."""
    from PIL import Image

    section_shots = SHOTS / f"report_sections{_suffix(report)}"
    section_shots.mkdir(exist_ok=True)
    height = page.execute_script("return document.documentElement.scrollHeight;")
    page.set_window_size(WIDTH, min(height + 200, 16000))
    try:
        full = Image.open(io.BytesIO(page.get_screenshot_as_png()))
        sections = page.execute_script("""
            return Array.prototype.map.call(document.querySelectorAll('main section'), function (s) {
              var r = s.getBoundingClientRect();
              return [s.id, r.left, r.top + window.scrollY, r.right, r.bottom + window.scrollY]; });""")
        charts = page.execute_script("""
            return Array.prototype.map.call(document.querySelectorAll('.js-plotly-plot'), function (g) {
              var box = g.getBoundingClientRect(), sec = g.closest('section').getBoundingClientRect();
              var out = [];
              g.querySelectorAll('.g-xtitle text, .g-ytitle text, .xtick text, .ytick text, .gtitle, .annotation text')
                .forEach(function (t) {
                  var r = t.getBoundingClientRect();
                  if (r.width && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
                                  || r.bottom > box.bottom + 1)) { out.push(t.textContent); }
                });
              return {id: g.id, width: box.width, section: sec.width, clipped: out}; });""")
    finally:
        page.set_window_size(WIDTH, 1000)
    assert {s[0] for s in sections} >= {"about", "headline", "decks", "matchups", "field", "first-player",
                                        "game-shape", "cards", "notes"}
    for sid, left, top, right, bottom in sections:
        shot = full.crop((int(left), int(top), int(right), int(min(bottom, full.height))))
        shot.save(section_shots / f"{sid}.png")
        assert len(shot.getcolors(maxcolors=1 << 24)) > 20, sid
    for chart in charts:
        assert chart["clipped"] == [], chart
        assert chart["width"] >= 0.85 * chart["section"], chart    # full width, not a half column
