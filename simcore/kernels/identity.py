"""The engine's identity, read without numba: the hash of the compiled engine's sources and the folder
its kernels are cached in. `simcore.kernels` names its cache folder with it, and `simcore.engine_start`
loads this file by its path (it imports nothing of the project) to tell, before numba is imported,
whether a command will compile the engine: the compile line then shows within the first second."""
import ast
import hashlib
import os
from pathlib import Path

KERNELS = Path(__file__).resolve().parent
PROJECT = KERNELS.parent.parent


def _module_file(name: str, root: Path) -> Path | None:
    """The source file of module `name` (dotted, absolute) under root, if the project has it."""
    base = root.joinpath(*name.split("."))
    for f in (base.with_suffix(".py"), base / "__init__.py"):
        if f.is_file():
            return f
    return None


def _imported_files(f: Path, root: Path) -> set[Path]:
    """The project's source files that module file f imports (relative imports resolved)."""
    package = f.parent.relative_to(root).parts
    out = set()
    for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            parts = list(package[:len(package) - node.level + 1]) if node.level else []
            base = ".".join(parts + ([node.module] if node.module else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        for name in names:
            m = _module_file(name, root)
            if m is not None:
                out.add(m)
    return out


def engine_sources(kernels: Path = KERNELS, root: Path = PROJECT) -> list[Path]:
    """Every file the compiled engine depends on: the .py files of the kernels folder and the project
    modules outside it that they import (decks.registry), sorted."""
    own = sorted(kernels.rglob("*.py"))
    outside = set()
    for f in own:
        outside |= {m for m in _imported_files(f, root) if kernels not in m.parents}
    return own + sorted(outside)


def engine_hash(kernels: Path = KERNELS, root: Path = PROJECT) -> str:
    h = hashlib.sha256()
    for f in engine_sources(kernels, root):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]





def cache_base() -> str:
    """The folder of every engine's kernel cache: NUMBA_CACHE_DIR, else ~/.cache/berserk-sim."""
    return os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "berserk-sim")


def cache_folder(engine: str, boundscheck: bool) -> str:
    """This engine's kernel cache (numba's cache index does not record NUMBA_BOUNDSCHECK, so kernels
    compiled with bounds checks live in a folder of their own)."""
    return os.path.join(cache_base(), "kernels-" + engine + ("-boundscheck" if boundscheck else ""))
