"""Numba hygiene (issue 4, part 7): a subset of the suite also passes with the kernels run as plain
Python (NUMBA_DISABLE_JIT=1) and with every array index bounds-checked (NUMBA_BOUNDSCHECK=1), each in
a child pytest with the variable set (CI runs only `python -m pytest`).

Bounds-checked kernels are compiled into a cache folder of their own (`kernels-<hash>-boundscheck`,
see simcore/__init__.py: Numba's cache does not record the setting), so the first bounds-checked run
of an engine compiles its kernels afresh (about 3 minutes on 2 cores; cached afterwards).

The subsets: rule scenarios with forced dice (every area of the rules), the golden games (which
also show that the plain-Python engine plays the very same games) and a few stepped random games
with their invariants.
"""
import os
import subprocess
import sys

import pytest
from conftest import ROOT

CHILD = "BERSERK_HYGIENE_CHILD"
PURE_PYTHON = ["tests/test_rules_movement.py", "tests/test_rules_combat.py", "tests/test_rules_life.py",
               "tests/test_rules_abilities.py", "tests/test_rules_turn.py", "tests/test_rules_endgame.py",
               "tests/test_rules_settings.py", "tests/test_golden.py", "tests/test_invariants.py"]
BOUNDS_CHECKED = [*PURE_PYTHON, "tests/test_keywords.py", "tests/test_keywords_counters.py"]

pytestmark = pytest.mark.skipif(os.environ.get(CHILD) == "1", reason="already inside a hygiene run")


def _child_pytest(tests, **env):
    env = {**os.environ, CHILD: "1", "BERSERK_EXAMPLES": "5", **env}
    r = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                       cwd=ROOT, env=env, capture_output=True, text=True)
    assert r.returncode == 0, f"pytest {' '.join(tests)} with {env}:\n{r.stdout[-6000:]}\n{r.stderr[-3000:]}"
    return r


def test_subset_passes_with_the_kernels_as_plain_python():
    _child_pytest(PURE_PYTHON, NUMBA_DISABLE_JIT="1")


def test_subset_passes_with_bounds_checks():
    _child_pytest(BOUNDS_CHECKED, NUMBA_BOUNDSCHECK="1")
