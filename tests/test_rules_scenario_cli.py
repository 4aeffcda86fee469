"""`berserk scenario FILE` as a user runs it: JSON on success; one line and exit 2 on an illegal action or
a malformed scenario file (naming the file and the line), never a traceback."""

import json
import re
import shutil
import subprocess
import sys

from scenario_util import ROOT, SCENARIOS

MALFORMED = SCENARIOS / "malformed"


def berserk(*args):
    exe = shutil.which("berserk")
    cmd = [exe] if exe else [sys.executable, "-m", "reports.cli"]
    return subprocess.run([*cmd, *map(str, args)], check=False, capture_output=True, text=True, cwd=ROOT)


def one_line_error(p):
    assert p.returncode == 2
    assert p.stdout == ""
    assert "Traceback" not in p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    return lines[0]


def line_of(path, needle):
    return next(
        i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line
    )


def test_cli_scenario_prints_json_and_exits_0():
    p = berserk("scenario", SCENARIOS / "504_simple_strike.toml")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["dice_used"] == 2 and r["winner"] is None
    assert r["cards"]["b"]["wounds"] == 2 and r["cards"]["b"]["life"] == 12
    assert r["cards"]["a"]["closed"] is True
    assert r["events"][1] == "roll: A=5 D=2 (A-D=+3) -> medium strike, no counter-strike"


def test_cli_illegal_action_one_line_exit_2():
    path = SCENARIOS / "504_not_adjacent.toml"
    line = one_line_error(berserk("scenario", path))
    assert line == f"error: {path}: action 1 (attack a -> b): b is not adjacent to a (504.1)"


def test_cli_unknown_card_names_file_and_line():
    path = MALFORMED / "unknown_card.toml"
    line = one_line_error(berserk("scenario", path))
    assert line.startswith(f"error: {path}:{line_of(path, 'Вайлл')}: unknown card 'Вайлл'")
    assert "did you mean: Вайл" in line  # the fix suggests the close names, closest first


def test_cli_bad_cell_names_the_cards_line():
    path = MALFORMED / "bad_cell.toml"
    line = one_line_error(berserk("scenario", path))
    m = re.match(rf"error: {re.escape(str(path))}:(\d+): card 'b': 'f9' is not a cell", line)
    assert m, line
    assert line_of(path, 'label = "b"') <= int(m.group(1)) <= line_of(path, 'at = "f9"')


def test_cli_bad_cell_one_line_exit_2():
    path = MALFORMED / "bad_cell.toml"
    line = one_line_error(berserk("scenario", path))
    assert line.startswith(f"error: {path}:") and "card 'b': 'f9' is not a cell" in line


def test_cli_bad_toml_names_file_and_line():
    path = MALFORMED / "bad_toml.toml"
    line = one_line_error(berserk("scenario", path))
    assert line.startswith(f"error: {path}") and "bad TOML" in line
    # the line is named either as FILE:LINE: or in tomllib's "(at line N, ...)"
    assert line.startswith(f"error: {path}:4:") or "at line 4," in line, line
