"""The engine's start. The first command after an install or an engine change compiles the kernels (a
few minutes on a small machine); every later one loads them from the kernel cache (seconds).
`start_engine` does either before a run plays its first game, so that a run's games/s never counts the
compile, and remembers how long the last compile took on this machine to say what to expect next time."""
import hashlib
import importlib.util
import json
import os
import sys
import time
from pathlib import Path

DEFAULT_COMPILE_SECONDS = 74.0      # the README's cold start on a 2-core machine, until one is measured here


def _play_batch():
    from .kernels.batch import play_batch
    return play_batch


def engine_cached() -> bool:
    """True if the kernel cache holds the compiled engine of these sources (the index of the kernel
    that plays games, numba's cache file for this engine and this checkout)."""
    try:
        return os.path.exists(_play_batch()._cache._cache_file._index_path)
    except AttributeError:          # another numba's cache layout: say it compiles, to be safe
        return False


def _identity():
    """simcore/kernels/identity.py, loaded by its path: the engine's hash and cache folder without
    importing simcore.kernels (which imports numba and the kernels: most of a second)."""
    if "simcore.kernels.identity" in sys.modules:
        return sys.modules["simcore.kernels.identity"]
    path = Path(__file__).resolve().parent / "kernels" / "identity.py"
    spec = importlib.util.spec_from_file_location("berserk_engine_identity", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def engine_cached_quick() -> bool:
    """What engine_cached says, told before numba is imported, from the file names numba gives the
    kernel cache (the index of play_batch in this checkout's folder of this engine's cache), so that a
    compile is announced within the first second. engine_cached stays the word that counts."""
    identity = _identity()
    boundscheck = os.environ.get("NUMBA_BOUNDSCHECK", "0").strip() not in ("", "0")
    folder = identity.cache_folder(identity.engine_hash(), boundscheck)
    source_dir = str(identity.KERNELS)
    checkout = os.path.basename(source_dir) + "_" + hashlib.sha1(source_dir.encode()).hexdigest()
    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    try:
        names = os.listdir(os.path.join(folder, checkout))
    except OSError:
        return False
    return any(n.startswith("batch.play_batch-") and n.endswith(f".{tag}.nbi") for n in names)


def _record_path() -> str:
    return os.path.join(_identity().cache_base(), "compile-seconds.json")


def compile_measured() -> bool:
    """True once a compile's time was measured on this machine."""
    return os.path.exists(_record_path())


def expected_compile_seconds() -> float:
    """How long the last compile took on this machine (DEFAULT_COMPILE_SECONDS before the first)."""
    try:
        with open(_record_path(), encoding="utf-8") as f:
            return float(json.load(f)["seconds"])
    except (OSError, ValueError, KeyError, TypeError):
        return DEFAULT_COMPILE_SECONDS


def _record_compile(seconds: float) -> None:
    try:
        os.makedirs(os.path.dirname(_record_path()), exist_ok=True)
        with open(_record_path(), "w", encoding="utf-8") as f:
            json.dump({"seconds": round(seconds, 1)}, f)
    except OSError:
        pass                        # a read-only cache: the next start says the default again


def start_engine(stats, decks, sizes, params) -> float:
    """Compile or load the kernels a run plays with, by playing two games of its decks on a scratch
    state and counting their cards (nothing is kept); returns the seconds it took. A compile's time is
    remembered."""
    import numpy as np

    from .kernels.batch import card_counts
    from .kernels.state import new_state, set_params

    cold = not engine_cached()
    t0 = time.perf_counter()
    S = new_state(2)
    set_params(S, params)
    _play_batch()(stats, S, decks, sizes, np.uint64(0), 0, 2)      # its games are not looked at
    card_counts(S, decks, sizes, 2)
    seconds = time.perf_counter() - t0
    if cold:
        _record_compile(seconds)
    return seconds


def minutes(seconds: float) -> str:
    """'3 min 52 s', or '12 s' under a minute."""
    s = round(seconds)
    return f"{s // 60} min {s % 60:02d} s" if s >= 60 else f"{s} s"

