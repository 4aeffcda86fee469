"""Machine code only for the kernels Python calls (simcore/kernels/linking.py): a kernel compiled for
another one is linked into it and gets machine code of its own only when Python calls it, from
memory or from the kernel cache, with the same results."""
import os
import subprocess
import sys
import textwrap

import numpy as np
from numba import njit

import simcore.kernels  # noqa: F401  (installs the linking)
from simcore.kernels import linking


@njit
def _wounds(strike, armor):
    return max(strike - armor, 0)


@njit
def _exchange(strikes, armor):
    total = 0
    for s in strikes:
        total += _wounds(s, armor)
    return total


def test_linking_is_installed_with_this_numba():
    assert linking.installed()


def test_a_kernel_compiled_for_another_gets_machine_code_only_when_python_calls_it():
    assert _exchange(np.array([5, 1, 3]), 2) == 4
    (callee,) = _wounds.overloads.values()
    assert isinstance(callee.entry_point, linking.LinkedOnly)
    assert _wounds(5, 2) == 3 and _wounds(1, 2) == 0
    (callee,) = _wounds.overloads.values()
    assert not isinstance(callee.entry_point, linking.LinkedOnly)
    assert callee.library._get_compiled_object()        # its machine code can be cached as numba caches


KERNELS = '''
import simcore.kernels
from numba import njit

@njit(cache=True)
def wounds(strike, armor):
    return max(strike - armor, 0)

@njit(cache=True)
def exchange(a, b, armor):
    return wounds(a, armor) + wounds(b, armor)

@njit(cache=True)
def volley(a, b, c, armor):
    return wounds(a, armor) + wounds(b, armor) + wounds(c, armor)
'''


def _run(tmp_path, code):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([str(tmp_path), os.getcwd(), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True,
                          text=True, check=True).stdout.split()


def test_a_linked_only_kernel_from_the_cache_runs_when_python_calls_it(tmp_path):
    (tmp_path / "exchange_kernels.py").write_text(KERNELS)
    first = _run(tmp_path, """
        from exchange_kernels import exchange, wounds
        print(exchange(5, 3, 2))""")
    assert first == ["4"]
    later = _run(tmp_path, """
        from exchange_kernels import exchange, wounds
        print(wounds(5, 2), wounds(1, 2), exchange(6, 3, 2), len(wounds.stats.cache_hits))""")
    assert later == ["3", "0", "5", "1"]        # wounds came from the cache (its bitcode), and runs


def test_a_new_kernel_links_a_callee_loaded_from_the_cache(tmp_path):
    # volley is compiled in a process where wounds comes from the cache as bitcode, with no machine
    # code: its environment has no address until volley's machine code links it (this crashed)
    (tmp_path / "exchange_kernels.py").write_text(KERNELS)
    assert _run(tmp_path, """
        from exchange_kernels import exchange
        print(exchange(5, 3, 2))""") == ["4"]
    assert _run(tmp_path, """
        from exchange_kernels import volley, wounds
        print(volley(5, 3, 4, 2), wounds(9, 2))""") == ["6", "7"]
