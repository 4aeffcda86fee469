"""The report page as a user sees it: headless Chromium opens index.html from disk (no network), every
chart draws, the console stays clean, the tables sort on a header click, and the page is not blank.

Needs Debian's chromium and chromium-driver at /usr/bin. Without them the tests are skipped, or fail
when BERSERK_REQUIRE_BROWSER=1 (CI machines that must run them)."""
import io
import os
import sys
import tempfile
from pathlib import Path

import pytest

from reports.render import write_report

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report_fixture import build_report

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHARTS = ["chart-deck-win-rates", "chart-matchups", "chart-field", "chart-nash-mix", "chart-first-player",
          "chart-turns", "chart-end-reasons", "chart-card-impact"]
SCREENSHOT = Path(tempfile.gettempdir()) / "report_fixture.png"
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


@pytest.fixture(scope="module")
def report():
    return build_report(4)


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
        if chart != "chart-matchups":
            assert counts[chart]["marks"] > 0, chart
    assert counts["chart-matchups"]["image"] >= 1
    assert counts["chart-matchups"]["labels"] == 16


def test_heatmap_cells_show_the_mark_where_the_interval_crosses_50(page, report):
    labels = page.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#chart-matchups .heatmap-label text'),"
        " function (t) { return t.textContent; });")
    crossing = int(report["tables"]["matchups"]["crosses_50"].sum())
    assert sum(label.startswith("~") for label in labels) == crossing
    assert all(label.lstrip("~").replace(".", "").isdigit() for label in labels)


def test_clicking_a_header_sorts_the_table(page, report):
    dwr = report["tables"]["deck_win_rates"]
    table = "table-deck_win_rates"
    assert _first_cells(page, table) == dwr["deck"].to_list()
    _click_header(page, table, "Deck")
    assert _first_cells(page, table) == sorted(dwr["deck"].to_list())
    _click_header(page, table, "Score")   # numbers: largest first
    assert _first_cells(page, table) == dwr.sort("score", descending=True)["deck"].to_list()
    _click_header(page, table, "Score")
    assert _first_cells(page, table)[0] == dwr.sort("score")["deck"][0]
    # numeric, not text: 200 turns sorts above 40 (as text "9" > "40" > "200")
    _click_header(page, "table-turns", "Turns")
    turns = report["tables"]["turns"]["turns"]
    assert _first_cells(page, "table-turns")[0] == str(turns.max())
    _click_header(page, "table-turns", "Turns")
    assert _first_cells(page, "table-turns")[0] == str(turns.min())


def test_the_page_is_not_blank(page):
    from PIL import Image

    page.execute_script("window.scrollTo(0, 0);")
    shot = Image.open(io.BytesIO(page.get_screenshot_as_png())).convert("RGB")
    assert len(shot.getcolors(maxcolors=1 << 24)) > 200
    height = page.execute_script("return document.documentElement.scrollHeight;")
    page.set_window_size(WIDTH, min(height + 200, 16000))
    try:
        full = Image.open(io.BytesIO(page.get_screenshot_as_png())).convert("RGB")
        full.save(SCREENSHOT)   # the whole page, for a person to look at
    finally:
        page.set_window_size(WIDTH, 1000)
    colours = full.getcolors(maxcolors=1 << 24)
    assert len(colours) > 1000
    assert max(n for n, _ in colours) < 0.8 * full.width * full.height, "one colour fills the page"
