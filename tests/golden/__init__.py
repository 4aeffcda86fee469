"""Golden games (OpenSpiel's playthroughs): seeded games whose full replay text, as `berserk
replay` prints it, is stored in tests/golden/*.txt and compared by tests/test_golden.py.

Each file starts with the command that replays it and the RULES_VERSION and AI_VERSION it was recorded
under (for a baseline-* game, the frozen baseline pilot's own version). When a game plays differently, the
test fails with a unified diff of the game; under the very versions its file records, it fails with
"behaviour changed: bump RULES_VERSION or AI_VERSION": a change of the rules must come with a new
RULES_VERSION (simcore/__init__.py), a change of a pilot with a new AI_VERSION
(simcore/kernels/ai/__init__.py), and the files are then regenerated with

    python -m tests.golden --update

which refuses (and writes nothing) while a game plays differently under the versions that recorded its
file: only a new version may rewrite it. The games named baseline-* are played by the baseline pilot
only (simcore.pilots), which is frozen: they change with a new RULES_VERSION, never with a pilot's change.
"""
import difflib
import shlex
from pathlib import Path

from click.testing import CliRunner

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
VERSION_LINE = "# RULES_VERSION "
AI_LINE = "# AI_VERSION "
COMMAND_LINE = "# berserk replay "
BEHAVIOUR_CHANGED = "behaviour changed: bump RULES_VERSION or AI_VERSION"
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
    return (f"{COMMAND_LINE}{shlex.join(args)}\n{VERSION_LINE}{RULES_VERSION}\n{AI_LINE}{ai_version}\n"
            f"{result.output}")


def path(name: str) -> Path:
    return HERE / f"{name}.txt"


def recorded_version(text: str, line_start: str = VERSION_LINE) -> str | None:
    """The RULES_VERSION (or with AI_LINE the AI_VERSION) a golden text was recorded under."""
    for line in text.splitlines()[:4]:
        if line.startswith(line_start):
            return line[len(line_start):].strip()
    return None


def recorded_versions(name: str, text: str) -> tuple:
    """The versions that decide how game `name` plays, as a golden text records them: (RULES_VERSION,
    AI_VERSION), or for a baseline-* game (RULES_VERSION,) alone, its pilot being frozen."""
    rules = recorded_version(text)
    return (rules,) if name.startswith(FROZEN) else (rules, recorded_version(text, AI_LINE))


def mismatch(name: str, now: str) -> str | None:
    """None if game `name` plays as recorded, else what changed: the diff and what to do. A game that
    plays differently under the versions that recorded it says BEHAVIOUR_CHANGED."""
    golden = path(name).read_text(encoding="utf-8")
    if golden == now:
        return None
    diff = list(difflib.unified_diff(golden.splitlines(), now.splitlines(), f"tests/golden/{name}.txt",
                                     "as played now", lineterm="", n=2))
    shown = "\n".join(diff[:DIFF_LINES]) + (f"\n... ({len(diff) - DIFF_LINES} more diff lines)"
                                            if len(diff) > DIFF_LINES else "")
    was, ai_was = recorded_version(golden), recorded_version(golden, AI_LINE)
    rules_now, ai_now = recorded_version(now), recorded_version(now, AI_LINE)
    regenerate = "regenerate with `python -m tests.golden --update`"
    if was is None or ai_was is None:
        todo = f"the golden file does not record the RULES_VERSION and AI_VERSION it was made with: {regenerate}"
    elif _command(golden) != _command(now):
        todo = f"the golden game's command changed (another game is recorded): {regenerate}"
    elif _body(golden) != _body(now) and _same_versions(name, golden, now):
        if name.startswith(FROZEN):
            todo = (f"{BEHAVIOUR_CHANGED} (here RULES_VERSION: the baseline pilot is frozen, the greedy "
                    f"of AI_VERSION {ai_now}, and RULES_VERSION is still {rules_now}: a pilot's change must "
                    "leave baseline's games alone (branch on the pilot's policy id, simcore.pilots), and a "
                    "rules change needs a new RULES_VERSION)")
        else:
            todo = (f"{BEHAVIOUR_CHANGED} (RULES_VERSION is still {rules_now} and AI_VERSION still "
                    f"{ai_now}: bump RULES_VERSION in simcore/__init__.py for a rules change or AI_VERSION "
                    f"in simcore/kernels/ai/__init__.py for a pilot's change, then {regenerate})")
    elif was != rules_now:
        todo = (f"RULES_VERSION is {rules_now}, the golden game was recorded under {was}: if the change is "
                f"intended, {regenerate}")
    elif ai_was != ai_now:
        todo = (f"AI_VERSION is {ai_now}, the golden game was recorded under {ai_was}: if the change is "
                f"intended, {regenerate}")
    else:
        todo = f"the golden file's header differs from the game's: {regenerate}"
    return f"golden game {name} changed: {todo}\n{shown}"


def refusal(name: str, old: str | None, now: str) -> str | None:
    """Why --update may not replace the golden text `old` of game `name` by `now` (None if it may): a
    game that plays differently under the very versions that recorded it. Only a new RULES_VERSION
    (or, for a game a current pilot plays, a new AI_VERSION) may rewrite it; a file recording no
    versions, or another game's command, may always be rewritten."""
    if old is None or _body(old) == _body(now) or _command(old) != _command(now):
        return None
    if None in recorded_versions(name, old) or not _same_versions(name, old, now):
        return None
    return (f"--update refuses to rewrite tests/golden/{name}.txt under the versions that recorded it; "
            + mismatch(name, now))


def update() -> list:
    """Rewrite the golden files whose text changed; returns their names. If any game plays differently
    under the versions that recorded it, no file is rewritten: RuntimeError says which and why."""
    now = {name: render(name) for name in GAMES}
    old = {name: path(name).read_text(encoding="utf-8") if path(name).exists() else None for name in GAMES}
    refused = [why for name in GAMES if (why := refusal(name, old[name], now[name]))]
    if refused:
        raise RuntimeError("\n\n".join(refused))
    changed = [name for name in GAMES if old[name] != now[name]]
    for name in changed:
        path(name).write_text(now[name], encoding="utf-8")
    return changed


def main(argv: list) -> int:
    """`python -m tests.golden [--update]`: check the golden games (exit status 1 if one changed), or
    regenerate them (exit status 1, nothing written, if --update refuses)."""
    if "--update" in argv:
        try:
            changed = update()
        except RuntimeError as e:
            print(e)
            return 1
        print(f"{len(changed)} of {len(GAMES)} golden games rewritten" + (": " + ", ".join(changed) if changed else ""))
        return 0
    problems = [m for m in (mismatch(name, render(name)) for name in GAMES) if m]
    print("\n\n".join(problems) or f"all {len(GAMES)} golden games play as recorded")
    return 1 if problems else 0


def _header(line: str) -> bool:
    return line.startswith((COMMAND_LINE, VERSION_LINE, AI_LINE))


def _command(text: str) -> str | None:
    """The `berserk replay` command a golden text records."""
    return next((line for line in text.splitlines()[:4] if line.startswith(COMMAND_LINE)), None)


def _same_versions(name: str, a: str, b: str) -> bool:
    return recorded_versions(name, a) == recorded_versions(name, b)


def _body(text: str) -> str:
    """A golden text without its header (the command and the versions): the game as played."""
    return "\n".join(line for line in text.splitlines() if not _header(line))
