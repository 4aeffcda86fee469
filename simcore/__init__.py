"""berserk-sim's rules engine: compiles a card set into tables and plays seeded games in parallel.

`RULES_VERSION` changes whenever game behaviour changes (never for a refactor or a speed-up) and is
written into every output, so that figures from different rules are never mixed.

Numba's on-disk cache (cache=True) is keyed on each function's own source file, but the kernels
read int constants (state layout, table columns) from other modules; a change there would leave
stale machine code behind. So the cache is stamped with a hash of every engine source file and
cleared when the stamp differs.
"""
import hashlib
from pathlib import Path

RULES_VERSION = "2.0.0"


def _guard_numba_cache() -> None:
    root = Path(__file__).resolve().parent
    sources = sorted(root.rglob("*.py"))
    h = hashlib.sha256()
    for f in sources:
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    digest = h.hexdigest()
    stamp = root / "__pycache__" / "kernel_sources.sha256"
    try:
        if stamp.read_text() == digest:
            return
    except OSError:
        pass
    for pattern in ("*.nbi", "*.nbc"):
        for f in root.rglob(pattern):
            try:
                f.unlink()
            except OSError:
                pass
    try:
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(digest)
    except OSError:
        pass


_guard_numba_cache()
