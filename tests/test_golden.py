"""Golden games: three seeded games replay exactly as recorded in tests/golden/, or the
test fails with a unified diff and says whether RULES_VERSION must be bumped (see tests/golden)."""
import golden
import pytest

from simcore import RULES_VERSION


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_golden_game_replays_as_recorded(name):
    now = golden.render(name)
    assert golden.recorded_version(now) == RULES_VERSION
    problem = golden.mismatch(name, now)
    assert problem is None, problem


def test_a_changed_game_asks_for_a_rules_version_bump(tmp_path, monkeypatch):
    name = sorted(golden.GAMES)[0]
    text = golden.path(name).read_text(encoding="utf-8")
    monkeypatch.setattr(golden, "HERE", tmp_path)
    lines = text.splitlines(keepends=True)
    golden.path(name).write_text("".join(lines[:-1]) + "game over: somebody else wins\n", encoding="utf-8")
    problem = golden.mismatch(name, text)
    assert "bump RULES_VERSION" in problem
    assert "-game over: somebody else wins" in problem and "+" + lines[-1].rstrip("\n") in problem
    golden.path(name).write_text(text.replace(golden.VERSION_LINE + RULES_VERSION, golden.VERSION_LINE + "0.0.1"),
                                 encoding="utf-8")
    assert "recorded under 0.0.1" in golden.mismatch(name, text)
