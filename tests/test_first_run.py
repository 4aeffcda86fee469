"""The first run talks (issue 18): the engine's compile is announced from the first second and kept out
of games/s, an interrupted run says what it kept and how to resume, and a resumed run's progress bar
counts only the games of this session."""
import io
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import LISTS

from reports.cli import _Bar, _EngineStart, interrupted_line, main
from simcore import engine_start
from simcore.executors import LocalExecutor
from simcore.run import games_kept


@pytest.fixture(scope="module")
def seeds_vs_forest():
    from simcore.matchup import make_matchup
    return make_matchup(LISTS / "seeds_mixed.txt", LISTS / "forest.txt")


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_compile_is_announced_at_once_with_its_time_and_what_to_expect():
    screen = Terminal()
    done = _EngineStart(screen, tick=0.01)(True, 230.0)
    time.sleep(0.05)
    done(232.4)
    text = screen.getvalue()
    assert text.startswith("\rcompiling the engine (first run after an install or update; 3 min 50 s last time): 0:00")
    assert text.endswith("done in 3 min 52 s (not counted in games/s)\n")


def test_before_a_first_measure_the_expected_time_is_the_readmes_and_an_interrupt_ends_the_line():
    screen = Terminal()
    done = _EngineStart(screen, tick=0.01)(True, 240.0, False)
    done(None)
    assert screen.getvalue() == "\rcompiling the engine (first run after an install or update; about 4 min 00 s on 2 cores): 0:00\n"


def test_a_start_from_the_cache_shows_nothing_on_a_terminal_or_in_a_log():
    screen, log = Terminal(), io.StringIO()
    assert _EngineStart(screen)(False, 230.0) is None
    assert _EngineStart(log)(False, 230.0) is None
    assert screen.getvalue() == log.getvalue() == ""


def test_a_compile_off_a_terminal_is_one_plain_line_as_it_starts_and_one_as_it_ends():
    log = io.StringIO()
    done = _EngineStart(log)(True, 230.0)
    head = "compiling the engine (first run after an install or update;"
    assert log.getvalue() == f"{head} 3 min 50 s last time) ...\n"
    done(232.4)
    assert log.getvalue().splitlines()[1] == "compiled the engine in 3 min 52 s (not counted in games/s)"
    assert "\r" not in log.getvalue()


def test_an_interrupted_compile_off_a_terminal_adds_no_second_line():
    log = io.StringIO()
    _EngineStart(log)(True, 240.0, False)(None)
    head = "compiling the engine (first run after an install or update;"
    assert log.getvalue() == f"{head} about 4 min 00 s on 2 cores) ...\n"


def test_start_engine_remembers_a_compile_and_not_a_load(tmp_path, monkeypatch, seeds_vs_forest):
    m = seeds_vs_forest
    record = tmp_path / "compile-seconds.json"
    monkeypatch.setattr(engine_start, "_record_path", lambda: str(record))
    assert engine_start.expected_compile_seconds() == engine_start.DEFAULT_COMPILE_SECONDS
    engine_start.start_engine(m.table.stats, m.decks, m.sizes, m.params)      # compiled or loaded now
    record.unlink(missing_ok=True)
    assert engine_start.engine_cached()
    engine_start.start_engine(m.table.stats, m.decks, m.sizes, m.params)
    assert not record.exists()
    monkeypatch.setattr(engine_start, "engine_cached", lambda: False)
    seconds = engine_start.start_engine(m.table.stats, m.decks, m.sizes, m.params)
    assert engine_start.expected_compile_seconds() == pytest.approx(seconds, abs=0.06)


def test_games_per_second_leave_the_engine_start_out(tmp_path, seeds_vs_forest):
    """The executor starts the engine before the first chunk is timed: a start that takes a second
    does not show in the run's seconds."""
    from simcore.run import run_simulation

    class SlowStart(LocalExecutor):
        def start(self, spec):
            time.sleep(1.0)
            super().start(spec)

    manifest = run_simulation(seeds_vs_forest, 40, 3, tmp_path / "run", shard_size=20, executor=SlowStart())
    assert manifest["seconds_this_session"] < 0.9


def test_a_resumed_bar_counts_only_this_sessions_games():
    bar = _Bar(1000, True)
    bar.update.found(900)
    bar.update(10)
    assert (bar.bar.n, bar.bar.initial) == (910, 900)
    assert bar.bar.format_dict["n"] - bar.bar.format_dict["initial"] == 10
    bar.close()


def test_an_interrupted_run_says_what_it_kept_and_how_to_resume(tmp_path, monkeypatch):
    """Ctrl-C after the first shard: one line, the games on disk and the exact command, exit 130;
    that command finishes the run."""
    out = tmp_path / "run"
    plays = LocalExecutor.play

    def interrupted(self, specs, chunks, progress=None):
        for i, r in enumerate(plays(self, specs, chunks, progress)):
            if i == 1:
                raise KeyboardInterrupt
            yield r

    monkeypatch.setattr(LocalExecutor, "play", interrupted)
    args = ["simulate", str(LISTS / "steppe.txt"), str(LISTS / "swamps.txt"), "--games", "60",
            "--shard-size", "20", "--seed", "4", "--out", str(out), "--no-progress"]
    monkeypatch.setattr("sys.argv", ["berserk", *args])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 130
    line = result.output.strip().splitlines()[-1]
    assert line == (f"interrupted: 20 games kept in {out} (every finished shard); resume with: "
                    f"berserk simulate {LISTS / 'steppe.txt'} {LISTS / 'swamps.txt'} --games 60 --shard-size 20 "
                    f"--seed 4 --out {out} --no-progress --resume")
    assert games_kept(out) == 20
    monkeypatch.setattr(LocalExecutor, "play", plays)
    assert CliRunner().invoke(main, args + ["--resume"]).exit_code == 0
    assert games_kept(out) == 60


def test_the_resume_command_is_not_doubled():
    from types import SimpleNamespace
    assert interrupted_line(SimpleNamespace(params={"out": None}), ["berserk", "meta", "--resume"]) == \
        "interrupted: nothing kept; resume with: berserk meta --resume"
    assert games_kept(Path("/nonexistent")) == 0


def test_the_compile_is_told_from_the_cache_s_file_names_before_numba_is_imported(tmp_path):
    import os
    import subprocess
    import sys

    code = ("import sys; from simcore.engine_start import engine_cached_quick; "
            "print(engine_cached_quick(), 'numba' in sys.modules)")
    empty = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    assert subprocess.run([sys.executable, "-c", code], env=empty, capture_output=True, text=True,
                          check=True).stdout.split() == ["False", "False"]


def test_the_quick_word_agrees_with_numba_s_once_the_engine_started(seeds_vs_forest):
    m = seeds_vs_forest
    engine_start.start_engine(m.table.stats, m.decks, m.sizes, m.params)
    assert engine_start.engine_cached_quick() and engine_start.engine_cached()


def test_an_announced_compile_is_taken_back_when_the_kernels_load_from_the_cache(monkeypatch):
    monkeypatch.setattr(engine_start, "engine_cached_quick", lambda: False)
    screen = Terminal()
    start = _EngineStart(screen, tick=0.01)
    start.announce()
    time.sleep(0.03)
    assert start(False, 230.0) is None
    text = screen.getvalue()
    assert text.startswith("\rcompiling the engine (first run after an install or update;")
    *_, erased, after = text.split("\r")
    assert len(erased) > 80 and not erased.strip() and after == ""


def test_an_announced_compile_goes_on_counting_when_the_engine_compiles(monkeypatch):
    monkeypatch.setattr(engine_start, "engine_cached_quick", lambda: False)
    screen = Terminal()
    start = _EngineStart(screen, tick=0.01)
    start.announce()
    done = start(True, 230.0)
    done(200.0)
    lines = screen.getvalue().split("\r")[1:]
    assert lines[-1].endswith("done in 3 min 20 s (not counted in games/s)\n")
    assert all(line.startswith("compiling the engine") for line in lines)


def test_an_announced_compile_says_how_long_the_user_waited(monkeypatch):
    monkeypatch.setattr(engine_start, "engine_cached_quick", lambda: False)
    screen = Terminal()
    start = _EngineStart(screen, tick=0.01)
    start.announce()
    time.sleep(1.2)                 # imports and decks before the engine's own start
    start(True, 230.0)(0.4)
    assert screen.getvalue().endswith("done in 1 s (not counted in games/s)\n")
