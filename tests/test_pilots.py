"""The pilots' registry (simcore.pilots): every pilot is a name of `--ai`, reaches the kernels as its
policy id, and every manifest and report names the pilots of its run with their versions and
tunables, so that results of different pilots are never taken for one another's."""
import json

import pytest
from conftest import LISTS, run_cli

from decks.errors import InputError
from simcore.kernels.state import PR_POLICY0
from simcore.matchup import make_matchup
from simcore.pilots import PILOTS, describe, pilots_config

A, B = LISTS / "steppe.txt", LISTS / "swamps.txt"


def test_every_pilot_has_its_own_policy_id_and_reaches_the_game_row():
    assert len({p.policy for p in PILOTS.values()}) == len(PILOTS)
    assert {"random", "baseline", "greedy"} <= set(PILOTS)
    for name, pilot in PILOTS.items():
        m = make_matchup(A, B, ais=(name, "random"))
        assert m.params[PR_POLICY0] == pilot.policy and m.params[PR_POLICY0 + 1] == PILOTS["random"].policy


def test_an_unknown_pilot_is_one_input_error_naming_the_pilots():
    with pytest.raises(InputError, match="unknown AI 'greedier'") as e:
        make_matchup(A, B, ais=("greedier", "greedy"))
    assert "baseline" in str(e.value) and "random" in str(e.value)
    r = run_cli("simulate", A, B, "--ai", "greedier", "--games", 10, "--out", "x")
    assert r.returncode == 2 and "greedier" in r.stderr and "Traceback" not in r.stderr


def test_the_config_names_each_seats_pilot_with_its_version_and_tunables():
    cfg = pilots_config(("baseline", "greedy"))
    assert cfg["a"] == "baseline" and cfg["b"] == "greedy"
    assert set(cfg["pilots"]) == {"baseline", "greedy"}
    assert cfg["pilots"]["baseline"]["version"] == "8"          # frozen: the greedy of AI_VERSION 8
    assert "stall_turns" in cfg["pilots"]["greedy"]["parameters"]
    assert describe(cfg) == "baseline (AI 8) vs greedy (AI 8)"
    assert set(pilots_config(("random", "random"))["pilots"]) == {"random"}


def test_a_runs_manifest_and_report_name_its_pilots_and_another_pilot_is_another_run(tmp_path):
    out = tmp_path / "run"
    r = run_cli("simulate", A, B, "--ai-a", "baseline", "--ai-b", "greedy", "--games", 40, "--out", out,
                "--no-progress")
    assert r.returncode == 0, r.stderr
    ai = json.loads((out / "run.json").read_text())["config"]["ai"]
    assert ai["a"] == "baseline" and ai["b"] == "greedy" and set(ai["pilots"]) == {"baseline", "greedy"}
    assert run_cli("report", out).returncode == 0
    assert "baseline (AI 8) vs greedy (AI 8)" in (out / "index.html").read_text(encoding="utf-8")
    r = run_cli("simulate", A, B, "--ai", "baseline", "--games", 40, "--out", out, "--no-progress")
    assert r.returncode == 2 and "different run" in r.stderr
