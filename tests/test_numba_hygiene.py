"""Numba hygiene: a subset of the suite also passes with the kernels run as plain
Python (NUMBA_DISABLE_JIT=1) and with every array index bounds-checked (NUMBA_BOUNDSCHECK=1), each in
a child pytest with the variable set (CI runs only `python -m pytest`).

Bounds-checked kernels are compiled into a cache folder of their own (`kernels-<hash>-boundscheck`,
see simcore/__init__.py: Numba's cache does not record the setting), so the first bounds-checked run
of an engine compiles its kernels afresh (about 3 minutes on 2 cores; cached afterwards). The child
runs start in the background when the suite is collected (conftest.py), so that this compile overlaps
the main run's; in a run spread over worker processes (`-n 2`, the default), these tests come first in
their worker and start both child runs, while the other worker plays on.

The subsets: rule scenarios with forced dice (every area of the rules), the golden games (which
also show that the plain-Python engine plays the very same games) and a few stepped random games
with their invariants.
"""
import os
import subprocess
import sys
import tempfile

import pytest
from conftest import ROOT

CHILD = "BERSERK_HYGIENE_CHILD"
PURE_PYTHON = ["tests/test_rules_movement.py", "tests/test_rules_combat.py", "tests/test_rules_life.py",
               "tests/test_rules_abilities.py", "tests/test_rules_turn.py", "tests/test_rules_endgame.py",
               "tests/test_rules_settings.py", "tests/test_golden.py", "tests/test_invariants.py"]
BOUNDS_CHECKED = [*PURE_PYTHON, "tests/test_keywords.py", "tests/test_keywords_counters.py"]

pytestmark = pytest.mark.skipif(os.environ.get(CHILD) == "1", reason="already inside a hygiene run")


# each child run: its tests and its environment
CHILDREN = {
    "test_subset_passes_with_the_kernels_as_plain_python": (PURE_PYTHON, {"NUMBA_DISABLE_JIT": "1"}),
    "test_subset_passes_with_bounds_checks": (BOUNDS_CHECKED, {"NUMBA_BOUNDSCHECK": "1"}),
}
_started = {}
_selected = []


def select(names, start_now) -> None:
    """The hygiene tests of this run (conftest, at collection); their child runs start now or when the first
    of them runs."""
    _selected[:] = [name for name in names if name in CHILDREN]
    if start_now:
        start(_selected)


def start(names) -> None:
    """Start the child runs of the named tests in the background (conftest does this as soon as the
    suite is collected: the bounds-checked child compiles the engine afresh, single-threaded, so it
    runs on the second core while the main run compiles and plays on the first)."""
    if os.environ.get(CHILD) == "1":
        return
    for name in names:
        if name in CHILDREN and name not in _started:
            tests, extra = CHILDREN[name]
            env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
            env.update({CHILD: "1", "BERSERK_EXAMPLES": "5", **extra})
            out = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (read when the test waits)
            proc = subprocess.Popen([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                                     "-n", "0", *tests], cwd=ROOT, env=env, stdout=out,
                                    stderr=subprocess.STDOUT, text=True)
            _started[name] = (proc, out, extra)


def stop() -> None:
    for proc, _, _ in _started.values():
        if proc.poll() is None:
            proc.kill()


def _wait(name) -> None:
    start(_selected or [name])      # all this run's at once, if collection did not start them (in a worker)
    proc, out, extra = _started[name]
    proc.wait()
    out.seek(0)
    text = out.read()
    assert proc.returncode == 0, f"pytest {' '.join(CHILDREN[name][0])} with {extra}:\n{text[-8000:]}"


def test_subset_passes_with_the_kernels_as_plain_python():
    _wait("test_subset_passes_with_the_kernels_as_plain_python")


def test_subset_passes_with_bounds_checks():
    _wait("test_subset_passes_with_bounds_checks")
