"""Golden games (OpenSpiel's playthroughs): three seeded games whose full replay text,
as `berserk replay` prints it, is stored in tests/golden/*.txt and compared by tests/test_golden.py.

Each file starts with the command that replays it and the RULES_VERSION it was recorded under. When
the engine's behaviour changes, the test fails with a unified diff of the game; behaviour changes must
come with a new RULES_VERSION (simcore/__init__.py), and the files are then regenerated with

    python -m tests.golden --update
"""
import difflib
import shlex
from pathlib import Path

from click.testing import CliRunner

HERE = Path(__file__).resolve().parent
VERSION_LINE = "# RULES_VERSION "
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
}


def render(name: str) -> str:
    """The golden text of game `name` as the engine plays it now."""
    from reports.cli import main
    from simcore import RULES_VERSION

    root = HERE.parent.parent
    args = GAMES[name]
    result = CliRunner().invoke(main, ["replay", *[str(root / a) if a.startswith("decks/") else a
                                                  for a in args]], catch_exceptions=False)
    if result.exit_code != 0:
        raise RuntimeError(f"berserk replay {shlex.join(args)} failed: {result.output}")
    return f"# berserk replay {shlex.join(args)}\n{VERSION_LINE}{RULES_VERSION}\n{result.output}"


def path(name: str) -> Path:
    return HERE / f"{name}.txt"


def recorded_version(text: str) -> str | None:
    for line in text.splitlines()[:3]:
        if line.startswith(VERSION_LINE):
            return line[len(VERSION_LINE):].strip()
    return None


def mismatch(name: str, now: str) -> str | None:
    """None if game `name` plays as recorded, else what changed: the diff and what to do."""
    from simcore import RULES_VERSION

    golden = path(name).read_text(encoding="utf-8")
    if golden == now:
        return None
    diff = list(difflib.unified_diff(golden.splitlines(), now.splitlines(), f"tests/golden/{name}.txt",
                                     "as played now", lineterm="", n=2))
    shown = "\n".join(diff[:DIFF_LINES]) + (f"\n... ({len(diff) - DIFF_LINES} more diff lines)"
                                            if len(diff) > DIFF_LINES else "")
    was = recorded_version(golden)
    if was == RULES_VERSION:
        todo = (f"game behaviour changed but RULES_VERSION is still {RULES_VERSION}: bump RULES_VERSION "
                "in simcore/__init__.py, then regenerate with `python -m tests.golden --update`")
    else:
        todo = (f"RULES_VERSION is {RULES_VERSION}, the golden game was recorded under {was}: if the "
                "change is intended, regenerate with `python -m tests.golden --update`")
    return f"golden game {name} changed: {todo}\n{shown}"


def update() -> list:
    """Rewrite every golden file; returns the names whose text changed."""
    changed = []
    for name in GAMES:
        now = render(name)
        p = path(name)
        if not p.exists() or p.read_text(encoding="utf-8") != now:
            p.write_text(now, encoding="utf-8")
            changed.append(name)
    return changed
