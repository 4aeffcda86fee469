"""Golden games: seeded games replay exactly as recorded in tests/golden/, or the test fails with a
unified diff and says whether RULES_VERSION or AI_VERSION must be bumped, and the frozen baseline
pilot's games never change with a pilot (see tests/golden)."""
import golden
import pytest

from simcore import RULES_VERSION
from simcore.kernels.ai import AI_VERSION
from simcore.pilots import PILOTS


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_golden_game_replays_as_recorded(name):
    now = golden.render(name)
    assert golden.recorded_version(now) == RULES_VERSION
    # a baseline game records the frozen pilot's own version, every other the current AI_VERSION
    frozen = name.startswith(golden.FROZEN)
    assert golden.recorded_version(now, golden.AI_LINE) == (PILOTS["baseline"].version if frozen else AI_VERSION)
    problem = golden.mismatch(name, now)
    assert problem is None, problem


def _changed(text: str) -> str:
    lines = text.splitlines(keepends=True)
    return "".join(lines[:-1]) + "game over: somebody else wins\n"


def test_a_changed_game_asks_for_a_rules_or_ai_version_bump(tmp_path, monkeypatch):
    name = next(n for n in sorted(golden.GAMES) if not n.startswith(golden.FROZEN))
    text = golden.path(name).read_text(encoding="utf-8")
    monkeypatch.setattr(golden, "HERE", tmp_path)
    lines = text.splitlines(keepends=True)
    golden.path(name).write_text("".join(lines[:-1]) + "game over: somebody else wins\n", encoding="utf-8")
    problem = golden.mismatch(name, text)
    assert "bump RULES_VERSION" in problem and "or AI_VERSION" in problem
    assert "-game over: somebody else wins" in problem and "+" + lines[-1].rstrip("\n") in problem
    golden.path(name).write_text(text.replace(golden.VERSION_LINE + RULES_VERSION, golden.VERSION_LINE + "0.0.1"),
                                 encoding="utf-8")
    assert "recorded under 0.0.1" in golden.mismatch(name, text)
    golden.path(name).write_text(text.replace(golden.AI_LINE + AI_VERSION, golden.AI_LINE + "1"), encoding="utf-8")
    assert "recorded under 1" in golden.mismatch(name, _changed(text))


def test_the_baseline_pilots_games_are_frozen_under_a_pilots_change(tmp_path, monkeypatch):
    """A baseline-* game that plays differently under the same RULES_VERSION is an error whatever
    AI_VERSION says, and --update refuses to rewrite it."""
    frozen = [n for n in golden.GAMES if n.startswith(golden.FROZEN)]
    assert frozen and all(golden.GAMES[n][golden.GAMES[n].index("--ai") + 1] == "baseline" for n in frozen)
    name = frozen[0]
    text = golden.path(name).read_text(encoding="utf-8")
    monkeypatch.setattr(golden, "HERE", tmp_path)
    golden.path(name).write_text(_changed(text).replace(golden.AI_LINE + AI_VERSION, golden.AI_LINE + "1"),
                                 encoding="utf-8")
    assert "the baseline pilot is frozen" in golden.mismatch(name, text)
    monkeypatch.setattr(golden, "GAMES", {name: golden.GAMES[name]})
    with pytest.raises(RuntimeError, match="the baseline pilot is frozen"):
        golden.update()
