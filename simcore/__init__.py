"""berserk-sim's rules engine: compiles a card set into tables and plays seeded games in parallel.

`RULES_VERSION` changes whenever game behaviour changes (never for a refactor or a speed-up) and is
written into every output, so that figures from different rules are never mixed.

Numba's on-disk cache (cache=True) is keyed on each function's own source file, but the kernels
read int constants (state layout, table columns) from other modules, so a change there could leave
stale machine code behind. The engine therefore caches into a folder named after a hash of all its
source files (under NUMBA_CACHE_DIR if set, else ~/.cache/berserk-sim): another version of the code,
even one running at the same time, never reads or writes the same cache. The Python-only edge
modules (EDGE_MODULES: no kernels, no constants that kernels read) are left out of the hash, so
editing how runs are organised does not recompile the engine; so is the `reference/` subpackage
(EDGE_PACKAGES: the plain-Python reference engine of the differential tests, no kernels), which only
reads the engine and is never read by it. Numba's cache index does not record NUMBA_BOUNDSCHECK
either, so kernels compiled with bounds checks live in a folder of their own (`-boundscheck`): a
bounds-checked run never loads, nor leaves behind, unchecked machine code.
"""
import hashlib
import os
from pathlib import Path

RULES_VERSION = "3.3.2"
EDGE_MODULES = frozenset({"run.py", "meta.py", "matchup.py", "replay.py", "events.py", "executors.py",
                          "stepper.py"})
EDGE_PACKAGES = frozenset({"reference"})


def _engine_hash(root: Path | None = None) -> str:
    root = root or Path(__file__).resolve().parent
    h = hashlib.sha256()
    for f in sorted(root.rglob("*.py")):
        if f.parent == root and f.name in EDGE_MODULES:
            continue
        if f.relative_to(root).parts[0] in EDGE_PACKAGES:
            continue
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


# The engine's identity: games depend only on it, the seed and the game index. A Dask worker checks
# that it runs the same engine as the client before playing a chunk (simcore.executors).
ENGINE_HASH = _engine_hash()


def _versioned_numba_cache() -> None:
    import numba.core.config as numba_config

    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "berserk-sim")
    suffix = "-boundscheck" if numba_config.BOUNDSCHECK else ""
    numba_config.CACHE_DIR = os.path.join(base, "kernels-" + ENGINE_HASH + suffix)


_versioned_numba_cache()


def _no_literal_specializations() -> None:
    """Compile each kernel once per argument *types*, not once per constant argument.

    Numba types a constant argument by its value (`Literal[int](3)`), and a jitted function called
    from another one is compiled for the argument types of each call: `log(S, g, EV_MOVE, ...)` and
    `log(S, g, EV_DEATH, ...)` were two compilations of `log`, and so on for every constant
    argument (563 compilations, about 7 minutes cold on 2 cores). Calls between kernels are typed
    here with the constants' plain types (int64, bool), so each kernel compiles once per real
    signature. No kernel needs a literal argument (none indexes a heterogeneous tuple with one)."""
    from numba.core import dispatcher, types

    original = dispatcher.Dispatcher.get_call_template
    if getattr(original, "_berserk_unliteral", False):
        return

    def get_call_template(self, args, kws):
        return original(self, tuple(types.unliteral(a) for a in args),
                        {k: types.unliteral(v) for k, v in kws.items()})

    get_call_template._berserk_unliteral = True
    dispatcher.Dispatcher.get_call_template = get_call_template


_no_literal_specializations()
