"""Shared helpers: the bundled decks, small matchups, and running the CLI in a subprocess."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LISTS = ROOT / "decks" / "lists"
DECKS = sorted(LISTS.glob("*.txt"))


def run_cli(*args, cwd=None):
    """Run `berserk ARGS` as a user would; returns the CompletedProcess."""
    return subprocess.run([sys.executable, "-m", "reports.cli", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd or ROOT)


HYGIENE = "test_numba_hygiene.py"


def in_worker():
    """True inside a worker of a run spread over processes (pytest-xdist, `-n 2` in pyproject.toml)."""
    return "PYTEST_XDIST_WORKER" in os.environ


def pytest_collection_modifyitems(config, items):
    """Spread over workers, the Numba-hygiene tests go first: the worker that gets their file starts their
    child runs at once (the bounds-checked one compiles the engine afresh) while the other plays on.
    (pyproject.toml's --no-loadscope-reorder keeps this order: xdist would hand out the files with the most
    tests first.)"""
    if in_worker():
        items.sort(key=lambda item: item.path.name != HYGIENE)


def pytest_collection_finish(session):
    """In a run in one process, start the Numba-hygiene child runs (test_numba_hygiene.py) of the tests
    selected as soon as they are collected. Every worker of a spread run collects every test, so there the
    first of those tests starts them."""
    items = [item for item in session.items if item.path.name == HYGIENE]
    if items:
        items[0].module.select([item.name for item in items], start_now=not in_worker())


def pytest_sessionfinish(session):
    """Stop hygiene child runs still going when the session ends early (-x, Ctrl-C)."""
    for item in session.items:
        if item.path.name == HYGIENE:
            item.module.stop()
            break


@pytest.fixture(scope="session", autouse=True)
def engine_started(steppe_vs_swamps):
    """Compile (or load) the engine before the first test, so that no test's output depends on whether
    it was the one that compiled it (a playing command announces a compile, on a terminal or off it)."""
    from simcore.engine_start import start_engine
    m = steppe_vs_swamps
    start_engine(m.table.stats, m.decks, m.sizes, m.params)


@pytest.fixture(scope="session")
def steppe_vs_swamps():
    from simcore.matchup import make_matchup
    return make_matchup(LISTS / "steppe.txt", LISTS / "swamps.txt")
