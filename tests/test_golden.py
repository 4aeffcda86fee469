"""Golden games: seeded games replay exactly as recorded in tests/golden/, or the test fails with a
unified diff and says whether RULES_VERSION or AI_VERSION must be bumped; a game that plays differently
under the versions its file records can be rewritten by `--update` only once a version is bumped, and the
frozen baseline pilot's games never change with a pilot (see tests/golden). A new REPLAY_FORMAT lets
--update rewrite a file told in new words, but only while the game's event log is the recorded one."""
import golden
import pytest

import simcore
import simcore.kernels.ai
import simcore.replay
from simcore.pilots import PILOTS

CHANGED = "behaviour changed: bump RULES_VERSION or AI_VERSION"
TEXT_CHANGED = "the replay's text changed: bump REPLAY_FORMAT"


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_golden_game_replays_as_recorded(name):
    """The stored file records the versions it was made with (a baseline-* game the frozen pilot's own
    AI version), and the game plays now exactly as the file records it."""
    stored = golden.path(name).read_text(encoding="utf-8")
    assert golden.recorded_version(stored) is not None, "no RULES_VERSION line"
    ai = golden.recorded_version(stored, golden.AI_LINE)
    assert ai is not None, "no AI_VERSION line"
    assert golden.recorded_version(stored, golden.FORMAT_LINE) == simcore.replay.REPLAY_FORMAT
    assert golden.recorded_version(stored, golden.EVENTS_LINE) is not None, "no EVENTS line"
    if name.startswith(golden.FROZEN):
        assert ai == PILOTS["baseline"].version
    problem = golden.mismatch(name, golden.render(name))
    assert problem is None, problem


def _changed(text: str) -> str:
    """The golden text of a game whose last event went otherwise (same versions, same format; its
    event log's digest differs, as a game that played otherwise has another log)."""
    return _reworded(text).replace(golden.EVENTS_LINE, golden.EVENTS_LINE + "0")


def _reworded(text: str) -> str:
    """The same game (same digest) with its last line in other words."""
    lines = text.splitlines(keepends=True)
    return "".join(lines[:-1]) + "game over: somebody else wins\n"


def _in_format(text: str, fmt: str) -> str:
    return text.replace(golden.FORMAT_LINE + simcore.replay.REPLAY_FORMAT, golden.FORMAT_LINE + fmt)


def _bumped(version: str) -> str:
    head, dot, last = version.rpartition(".")
    return f"{head}{dot}{int(last) + 1}"


def _one_game(monkeypatch, tmp_path, frozen):
    """A golden game (a baseline-* one if `frozen`, else one that greedy plays) alone in GAMES, its file in
    tmp_path."""
    name = next(n for n in sorted(golden.GAMES) if n.startswith(golden.FROZEN) == frozen
                and (frozen or "search" not in golden.GAMES[n]))
    monkeypatch.setattr(golden, "GAMES", {name: golden.GAMES[name]})
    monkeypatch.setattr(golden, "HERE", tmp_path)
    return name


def test_a_changed_game_asks_for_a_rules_or_ai_version_bump(tmp_path, monkeypatch):
    """The failure says what to do: under the recorded versions, bump one; under other versions
    than the recorded ones, regenerate; a file without version lines is not trusted."""
    name = _one_game(monkeypatch, tmp_path, frozen=False)
    text = golden.render(name)
    lines = text.splitlines(keepends=True)
    golden.path(name).write_text(_changed(text), encoding="utf-8")
    problem = golden.mismatch(name, text)
    assert f"golden game {name} changed: {CHANGED} (" in problem
    assert "-game over: somebody else wins" in problem and "+" + lines[-1].rstrip("\n") in problem
    rules = golden.VERSION_LINE + simcore.RULES_VERSION
    golden.path(name).write_text(text.replace(rules, golden.VERSION_LINE + "0.0.1"), encoding="utf-8")
    problem = golden.mismatch(name, text)
    assert "the golden game was recorded under 0.0.1" in problem and CHANGED not in problem
    ai = golden.AI_LINE + simcore.kernels.ai.AI_VERSION
    golden.path(name).write_text(_changed(text).replace(ai, golden.AI_LINE + "1"), encoding="utf-8")
    problem = golden.mismatch(name, text)
    assert "the golden game was recorded under 1" in problem and CHANGED not in problem
    golden.path(name).write_text(_changed(text).replace(rules + "\n", "").replace(ai + "\n", ""), encoding="utf-8")
    assert "does not record the RULES_VERSION and AI_VERSION" in golden.mismatch(name, text)


@pytest.mark.parametrize("bump", ["RULES_VERSION", "AI_VERSION"])
def test_update_rewrites_a_changed_game_only_under_a_new_version(bump, tmp_path, monkeypatch, capsys):
    """A game that plays differently under the versions its file records fails with "behaviour
    changed: bump RULES_VERSION or AI_VERSION", and `python -m tests.golden --update` refuses (exit 1)
    and leaves the file as it was; once RULES_VERSION or AI_VERSION is bumped, --update rewrites the
    file, which records the new version, and the game passes."""
    name = _one_game(monkeypatch, tmp_path, frozen=False)
    now = golden.render(name)
    golden.path(name).write_text(_changed(now), encoding="utf-8")
    assert CHANGED in golden.mismatch(name, now)
    assert golden.main(["--update"]) == 1
    assert f"--update refuses to rewrite tests/golden/{name}.txt" in capsys.readouterr().out
    assert golden.path(name).read_text(encoding="utf-8") == _changed(now)

    module = simcore if bump == "RULES_VERSION" else simcore.kernels.ai
    new = _bumped(getattr(module, bump))
    monkeypatch.setattr(module, bump, new)
    if bump == "AI_VERSION":                    # the pilot that changed says so (see the next test)
        monkeypatch.setitem(PILOTS, "greedy", PILOTS["greedy"]._replace(version=new))
    now = golden.render(name)
    assert CHANGED not in golden.mismatch(name, now)          # it fails until regenerated, asking for that
    assert golden.main(["--update"]) == 0
    assert f"1 of 1 golden games rewritten: {name}" in capsys.readouterr().out
    stored = golden.path(name).read_text(encoding="utf-8")
    assert stored == now
    assert golden.recorded_version(stored, golden.VERSION_LINE if bump == "RULES_VERSION" else golden.AI_LINE) == new
    assert golden.mismatch(name, golden.render(name)) is None


def test_a_pilots_changed_game_names_the_pilots_new_version(tmp_path, monkeypatch):
    """Under a new AI_VERSION, --update rewrites a game that plays differently only once one of its
    pilots records that AI_VERSION as the one it last played differently under (simcore.pilots.PILOTS):
    manifests and reports name a pilot with that version, so it may not go stale. A new RULES_VERSION
    rewrites it without."""
    name = _one_game(monkeypatch, tmp_path, frozen=False)
    names = golden.pilots_of(name)
    assert "greedy" in names
    pilots = ", ".join(sorted(names))
    golden.path(name).write_text(_changed(golden.render(name)), encoding="utf-8")
    new = _bumped(simcore.kernels.ai.AI_VERSION)
    monkeypatch.setattr(simcore.kernels.ai, "AI_VERSION", new)
    with pytest.raises(RuntimeError, match=f"none of its pilots \\({pilots}\\) has version {new}"):
        golden.update()
    monkeypatch.setitem(PILOTS, "greedy", PILOTS["greedy"]._replace(version=new))
    assert golden.update() == [name]
    golden.path(name).write_text(_changed(golden.render(name)), encoding="utf-8")
    monkeypatch.setitem(PILOTS, "greedy", PILOTS["greedy"]._replace(version="1"))
    monkeypatch.setattr(simcore, "RULES_VERSION", _bumped(simcore.RULES_VERSION))
    assert golden.update() == [name]


def test_update_writes_nothing_when_one_game_is_refused(tmp_path, monkeypatch):
    """--update is all or nothing: a game that may be rewritten (recorded under an older RULES_VERSION)
    is left alone too while another game is refused."""
    first = next(n for n in sorted(golden.GAMES) if not n.startswith(golden.FROZEN))
    second = next(n for n in sorted(golden.GAMES) if n != first and not n.startswith(golden.FROZEN))
    monkeypatch.setattr(golden, "GAMES", {first: golden.GAMES[first], second: golden.GAMES[second]})
    monkeypatch.setattr(golden, "HERE", tmp_path)
    older = golden.render(first).replace(golden.VERSION_LINE + simcore.RULES_VERSION, golden.VERSION_LINE + "0.0.1")
    golden.path(first).write_text(older, encoding="utf-8")
    golden.path(second).write_text(_changed(golden.render(second)), encoding="utf-8")
    with pytest.raises(RuntimeError, match=f"refuses to rewrite tests/golden/{second}.txt"):
        golden.update()
    assert golden.path(first).read_text(encoding="utf-8") == older


def test_the_baseline_pilots_games_are_frozen_under_a_pilots_change(tmp_path, monkeypatch):
    """A baseline-* game that plays differently under the same RULES_VERSION is an error whatever
    AI_VERSION says, and --update refuses to rewrite it even under a new AI_VERSION; a new
    RULES_VERSION may rewrite it."""
    frozen = [n for n in golden.GAMES if n.startswith(golden.FROZEN)]
    assert frozen and all(golden.GAMES[n][golden.GAMES[n].index("--ai") + 1] == "baseline" for n in frozen)
    name = _one_game(monkeypatch, tmp_path, frozen=True)
    now = golden.render(name)
    golden.path(name).write_text(_changed(now).replace(golden.AI_LINE + PILOTS["baseline"].version,
                                                       golden.AI_LINE + "1"), encoding="utf-8")
    problem = golden.mismatch(name, now)
    assert CHANGED in problem and "the baseline pilot is frozen" in problem
    with pytest.raises(RuntimeError, match="the baseline pilot is frozen"):
        golden.update()
    monkeypatch.setattr(simcore.kernels.ai, "AI_VERSION", _bumped(simcore.kernels.ai.AI_VERSION))
    with pytest.raises(RuntimeError, match="the baseline pilot is frozen"):
        golden.update()
    monkeypatch.setattr(simcore, "RULES_VERSION", _bumped(simcore.RULES_VERSION))
    assert golden.update() == [name]
    assert golden.mismatch(name, golden.render(name)) is None


def test_a_new_replay_format_rewrites_a_reworded_game_but_not_a_changed_one(tmp_path, monkeypatch, capsys):
    """The same game (its event log's digest) told in other words: under the same REPLAY_FORMAT it fails
    asking for a REPLAY_FORMAT bump and --update refuses; written in an older format, --update rewrites
    it. A game whose event log differs under the same RULES_VERSION and AI_VERSION is "behaviour
    changed" whatever the format: a format bump does not let --update rewrite it."""
    name = _one_game(monkeypatch, tmp_path, frozen=False)
    now = golden.render(name)
    golden.path(name).write_text(_reworded(now), encoding="utf-8")
    problem = golden.mismatch(name, now)
    assert TEXT_CHANGED in problem and CHANGED not in problem
    assert golden.main(["--update"]) == 1
    assert f"--update refuses to rewrite tests/golden/{name}.txt" in capsys.readouterr().out
    assert golden.path(name).read_text(encoding="utf-8") == _reworded(now)

    older = _in_format(_reworded(now), "1")
    golden.path(name).write_text(older, encoding="utf-8")
    assert "the golden game was written in format 1" in golden.mismatch(name, now)
    assert golden.main(["--update"]) == 0
    assert golden.path(name).read_text(encoding="utf-8") == now

    played_otherwise = _in_format(_changed(now), "1")
    golden.path(name).write_text(played_otherwise, encoding="utf-8")
    problem = golden.mismatch(name, now)
    assert CHANGED in problem and "does not cover it" in problem
    with pytest.raises(RuntimeError, match="behaviour changed"):
        golden.update()
    assert golden.path(name).read_text(encoding="utf-8") == played_otherwise


def test_the_digest_is_the_event_log_not_the_words(monkeypatch):
    """The EVENTS digest depends on the game only: the same game gives the same digest, another game
    (another index) another one, and rewording the replay (a new REPLAY_FORMAT) leaves it alone."""
    name = next(n for n in sorted(golden.GAMES) if not n.startswith(golden.FROZEN))
    digest = golden.events_digest(name)
    assert digest == golden.events_digest(name)
    monkeypatch.setattr(simcore.replay, "REPLAY_FORMAT", "99")
    assert golden.recorded_version(golden.render(name), golden.EVENTS_LINE) == digest
    args = list(golden.GAMES[name])
    args[args.index("--game") + 1] = str(int(args[args.index("--game") + 1]) + 1)
    monkeypatch.setitem(golden.GAMES, "other", args)
    assert golden.events_digest("other") != digest
