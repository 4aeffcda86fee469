"""The kernel cache is keyed on the compiled engine's sources: the whole simcore/kernels folder and the
project modules outside it that kernel modules import. Editing anything else recompiles nothing."""
import shutil

from conftest import ROOT

from simcore.kernels import engine_hash, engine_sources


def _copy(tmp_path):
    for top in ("simcore", "decks"):
        shutil.copytree(ROOT / top, tmp_path / top, ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    return tmp_path / "simcore" / "kernels", tmp_path


def test_the_hash_covers_every_kernel_file_and_nothing_of_the_orchestration(tmp_path):
    kernels, root = _copy(tmp_path)
    h0 = engine_hash(kernels, root)
    for edited in (root / "simcore" / "run.py", root / "simcore" / "scenario.py",
                   root / "simcore" / "reference" / "game.py", root / "decks" / "decklist.py"):
        edited.write_text(edited.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
        assert engine_hash(kernels, root) == h0, edited
    for edited in (kernels / "rules" / "turn.py", kernels / "state.py", kernels / "ai" / "policies.py"):
        before = engine_hash(kernels, root)
        edited.write_text(edited.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
        assert engine_hash(kernels, root) != before, edited


def test_a_module_outside_the_folder_that_a_kernel_imports_is_part_of_the_engine(tmp_path):
    kernels, root = _copy(tmp_path)
    extra = root / "decks" / "codes.py"
    extra.write_text("X = 1\n", encoding="utf-8")
    assert extra not in engine_sources(kernels, root)
    state = kernels / "state.py"
    state.write_text("from decks.codes import X  # noqa: F401\n" + state.read_text(encoding="utf-8"),
                     encoding="utf-8")
    assert extra in engine_sources(kernels, root)
    before = engine_hash(kernels, root)
    extra.write_text("X = 2\n", encoding="utf-8")
    assert engine_hash(kernels, root) != before
