"""Golden games (OpenSpiel's playthroughs): seeded games whose full replay text, as `berserk
replay` prints it, is stored in tests/golden/*.txt and compared by tests/test_golden.py.

Each file starts with the command that replays it and the RULES_VERSION and AI_VERSION it was recorded
under (for a baseline-* game, the frozen baseline pilot's own version). When a game plays differently, the test fails with a unified diff of the game; a change of the
rules must come with a new RULES_VERSION (simcore/__init__.py), a change of a pilot with a new
AI_VERSION (simcore/kernels/ai/__init__.py), and the files are then regenerated with

    python -m tests.golden --update

The games named baseline-* are played by the baseline pilot only (simcore.pilots), which is frozen:
they change with a new RULES_VERSION, never with a pilot's change, and --update refuses to rewrite
them otherwise.
"""
import difflib
import shlex
from pathlib import Path

from click.testing import CliRunner

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
VERSION_LINE = "# RULES_VERSION "
AI_LINE = "# AI_VERSION "
FROZEN = "baseline-"
DIFF_LINES = 120

# name: arguments of `berserk replay` (deck paths relative to the repository root)
GAMES = {
    "seeds_mixed-vs-swamps_poison-greedy": [
        "decks/lists/seeds_mixed.txt", "decks/lists/swamps_poison.txt", "--seed", "3", "--game", "3"],
    "steppe-vs-mixed_darkness_swamps-random-vs-greedy": [
        "decks/lists/steppe.txt", "decks/lists/mixed_darkness_swamps.txt", "--ai-a", "random",
        "--ai-b", "greedy", "--seed", "11", "--game", "4"],
    "seeds_mixed-mirror-modern-seat-pairs": [
        "decks/lists/seeds_mixed.txt", "decks/lists/seeds_mixed.txt", "--ruleset", "modern",
        "--ai-b", "random", "--seed", "2026", "--game", "7", "--seat-pairs"],
    "baseline-seeds_mixed-vs-swamps_poison": [
        "decks/lists/seeds_mixed.txt", "decks/lists/swamps_poison.txt", "--ai", "baseline", "--seed", "3",
        "--game", "3"],
    "baseline-steppe-vs-mixed_darkness_swamps": [
        "decks/lists/steppe.txt", "decks/lists/mixed_darkness_swamps.txt", "--ai", "baseline", "--seed",
        "11", "--game", "4"],
}


def render(name: str) -> str:
    """The golden text of game `name` as the engine plays it now."""
    from reports.cli import main
    from simcore import RULES_VERSION
    from simcore.kernels.ai import AI_VERSION
    from simcore.pilots import PILOTS

    args = GAMES[name]
    ai_version = PILOTS["baseline"].version if name.startswith(FROZEN) else AI_VERSION
    result = CliRunner().invoke(main, ["replay", *[str(ROOT / a) if a.startswith("decks/") else a
                                                  for a in args]], catch_exceptions=False)
    if result.exit_code != 0:
        raise RuntimeError(f"berserk replay {shlex.join(args)} failed: {result.output}")
    return (f"# berserk replay {shlex.join(args)}\n{VERSION_LINE}{RULES_VERSION}\n{AI_LINE}{ai_version}\n"
            f"{result.output}")


def path(name: str) -> Path:
    return HERE / f"{name}.txt"


def recorded_version(text: str, line_start: str = VERSION_LINE) -> str | None:
    """The RULES_VERSION (or with AI_LINE the AI_VERSION) a golden text was recorded under."""
    for line in text.splitlines()[:4]:
        if line.startswith(line_start):
            return line[len(line_start):].strip()
    return None


def mismatch(name: str, now: str) -> str | None:
    """None if game `name` plays as recorded, else what changed: the diff and what to do."""
    from simcore import RULES_VERSION
    from simcore.kernels.ai import AI_VERSION

    golden = path(name).read_text(encoding="utf-8")
    if golden == now:
        return None
    diff = list(difflib.unified_diff(golden.splitlines(), now.splitlines(), f"tests/golden/{name}.txt",
                                     "as played now", lineterm="", n=2))
    shown = "\n".join(diff[:DIFF_LINES]) + (f"\n... ({len(diff) - DIFF_LINES} more diff lines)"
                                            if len(diff) > DIFF_LINES else "")
    was, ai_was = recorded_version(golden), recorded_version(golden, AI_LINE)
    if was != RULES_VERSION:
        todo = (f"RULES_VERSION is {RULES_VERSION}, the golden game was recorded under {was}: if the "
                "change is intended, regenerate with `python -m tests.golden --update`")
    elif name.startswith(FROZEN):
        todo = (f"the baseline pilot is frozen (the greedy of AI_VERSION 8) and RULES_VERSION is still "
                f"{RULES_VERSION}: a pilot's change must leave baseline's games alone (branch on the "
                "pilot's policy id, simcore.pilots), and a rules change needs a new RULES_VERSION")
    elif ai_was == AI_VERSION:
        todo = (f"game behaviour changed but RULES_VERSION is still {RULES_VERSION} and AI_VERSION still "
                f"{AI_VERSION}: bump RULES_VERSION in simcore/__init__.py (a rules change) or AI_VERSION in "
                "simcore/kernels/ai/__init__.py (a pilot's change), then regenerate with "
                "`python -m tests.golden --update`")
    else:
        todo = (f"AI_VERSION is {AI_VERSION}, the golden game was recorded under {ai_was}: if the change "
                "is intended, regenerate with `python -m tests.golden --update`")
    return f"golden game {name} changed: {todo}\n{shown}"


def update() -> list:
    """Rewrite every golden file; returns the names whose text changed. A frozen (baseline-*) game
    whose play changed under the same RULES_VERSION is not rewritten: RuntimeError says why."""
    from simcore import RULES_VERSION

    changed = []
    for name in GAMES:
        now = render(name)
        p = path(name)
        old = p.read_text(encoding="utf-8") if p.exists() else None
        if old is not None and name.startswith(FROZEN) and recorded_version(old) == RULES_VERSION \
                and _body(old) != _body(now):
            raise RuntimeError(mismatch(name, now))
        if old != now:
            p.write_text(now, encoding="utf-8")
            changed.append(name)
    return changed


def _body(text: str) -> str:
    """A golden text without its header (the command and the versions)."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("# "))
