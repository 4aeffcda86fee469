"""Golden games (OpenSpiel's playthroughs): seeded games whose full replay text, as `berserk
replay` prints it, is stored in tests/golden/*.txt and compared by tests/test_golden.py.

Each file starts with the command that replays it, the RULES_VERSION and AI_VERSION it was recorded
under (for a baseline-* game, the frozen baseline pilot's own version), the REPLAY_FORMAT of its text
(simcore/replay.py) and the digest of the game's event log (EVENTS: the SHA-256 of the kernel's raw
events, which no wording touches). When a game plays differently, the test fails with a unified diff of
the game; under the very versions its file records, it fails with "behaviour changed: bump RULES_VERSION
or AI_VERSION": a change of the rules must come with a new RULES_VERSION (simcore/__init__.py), a change
of a pilot with a new AI_VERSION (simcore/kernels/ai/__init__.py), and the files are then regenerated with

    python -m tests.golden --update

which refuses (and writes nothing) while a game plays differently under the versions that recorded its
file: only a new version may rewrite it. The games named baseline-* are played by the baseline pilot
only (simcore.pilots), which is frozen: they change with a new RULES_VERSION, never with a pilot's change.
Under a new AI_VERSION alone, --update rewrites a game that plays differently only once one of its
pilots records that AI_VERSION as the one it last played differently under (simcore.pilots.PILOTS:
manifests and reports name each pilot with that version, so it must not go stale).

A new wording of the replay is not a change of behaviour: with a new REPLAY_FORMAT, --update rewrites a
file whose text changed as long as its game's event log is the one the file records (the EVENTS digest);
a changed event log under the same RULES_VERSION and AI_VERSION is still "behaviour changed", whatever
the format says, and a changed text under the same REPLAY_FORMAT is refused as before. Choice made here:
the guard compares the event-level game (the digest), so a format bump cannot hide a change of play. A
change that only adds to the log (a new event or field, logging only) changes the digest too and is
refused like a change of play: prove it changes no game (compare the logs' other fields over many games)
and say so when bumping a version. Files recorded before the digest existed (REPLAY_FORMAT 1, no EVENTS
line) may be rewritten once by a format bump; the commit that did so for format 2 compared the event
logs of 2,400 games (every bundled deck, three pilots: 1,163,282 events) before and after.
"""
import difflib
import shlex
from pathlib import Path

from click.testing import CliRunner

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
VERSION_LINE = "# RULES_VERSION "
AI_LINE = "# AI_VERSION "
FORMAT_LINE = "# REPLAY_FORMAT "
EVENTS_LINE = "# EVENTS "
COMMAND_LINE = "# berserk replay "
HEADER_LINES = 6
FIRST_FORMAT = "1"          # the format of files that record none
BEHAVIOUR_CHANGED = "behaviour changed: bump RULES_VERSION or AI_VERSION"
TEXT_CHANGED = "the replay's text changed: bump REPLAY_FORMAT"
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
        "--ai-b", "random", "--seed", "2026", "--game", "7", "--seat-pairs", "--board"],
    "seeds_mixed-vs-swamps_poison-search-vs-greedy": [
        "decks/lists/seeds_mixed.txt", "decks/lists/swamps_poison.txt", "--ai-a", "search", "--ai-b", "greedy",
        "--seed", "3", "--game", "3"],
    "seeds_mixed-vs-swamps_poison-search-vs-baseline": [     # search imagines greedy, whoever it faces
        "decks/lists/seeds_mixed.txt", "decks/lists/swamps_poison.txt", "--ai-a", "search", "--ai-b",
        "baseline", "--seed", "3", "--game", "4"],
    "forest-vs-mountains-greedy": [          # Лёккен kept open to defend (policies.holds_open)
        "decks/lists/forest.txt", "decks/lists/mountains.txt", "--seed", "5", "--game", "0"],
    "mountains-vs-steppe-search": [          # search on both seats: each plans defences by playouts
        "decks/lists/mountains.txt", "decks/lists/steppe.txt", "--ai", "search", "--seed", "2", "--game", "1"],
    "baseline-seeds_mixed-vs-swamps_poison": [
        "decks/lists/seeds_mixed.txt", "decks/lists/swamps_poison.txt", "--ai", "baseline", "--seed", "3",
        "--game", "3"],
    "baseline-steppe-vs-mixed_darkness_swamps": [
        "decks/lists/steppe.txt", "decks/lists/mixed_darkness_swamps.txt", "--ai", "baseline", "--seed",
        "11", "--game", "4"],
}


def _arguments(name: str) -> list:
    return [str(ROOT / a) if a.startswith("decks/") else a for a in GAMES[name]]


def events_digest(name: str) -> str:
    """The SHA-256 (16 hex digits) of game `name`'s raw event log as the kernel writes it (codes and
    fields, int64): the game event by event, whatever words the replay puts on it."""
    import hashlib

    from reports.cli import _matchup, replay
    from simcore.kernels.state import G_N_EVENTS, events_view, game_view
    from simcore.replay import play_logged

    p = replay.make_context("replay", _arguments(name)).params
    m = _matchup(*p["inputs"], p["ai"], p["ai_a"], p["ai_b"], p["rules"], p["ruleset"], p["sets"])
    S = play_logged(m, p["seed"], p["game_index"], p["seat_pairs"])
    events = events_view(S)[0, :int(game_view(S)[0, G_N_EVENTS])]
    return hashlib.sha256(events.astype("<i8").tobytes()).hexdigest()[:16]


def render(name: str) -> str:
    """The golden text of game `name` as the engine plays it now."""
    from reports.cli import main
    from simcore import RULES_VERSION
    from simcore.kernels.ai import AI_VERSION
    from simcore.pilots import PILOTS
    from simcore.replay import REPLAY_FORMAT

    args = GAMES[name]
    ai_version = PILOTS["baseline"].version if name.startswith(FROZEN) else AI_VERSION
    result = CliRunner().invoke(main, ["replay", *_arguments(name)], catch_exceptions=False)
    if result.exit_code != 0:
        raise RuntimeError(f"berserk replay {shlex.join(args)} failed: {result.output}")
    return (f"{COMMAND_LINE}{shlex.join(args)}\n{VERSION_LINE}{RULES_VERSION}\n{AI_LINE}{ai_version}\n"
            f"{FORMAT_LINE}{REPLAY_FORMAT}\n{EVENTS_LINE}{events_digest(name)}\n{result.output}")


def path(name: str) -> Path:
    return HERE / f"{name}.txt"


def recorded_version(text: str, line_start: str = VERSION_LINE) -> str | None:
    """The RULES_VERSION (or with AI_LINE the AI_VERSION, FORMAT_LINE the REPLAY_FORMAT, EVENTS_LINE the
    event log's digest) a golden text was recorded under; None if it records none."""
    for line in text.splitlines()[:HEADER_LINES]:
        if line.startswith(line_start):
            return line[len(line_start):].strip()
    return None


def recorded_versions(name: str, text: str) -> tuple:
    """The versions that decide how game `name` plays, as a golden text records them: (RULES_VERSION,
    AI_VERSION), or for a baseline-* game (RULES_VERSION,) alone, its pilot being frozen."""
    rules = recorded_version(text)
    return (rules,) if name.startswith(FROZEN) else (rules, recorded_version(text, AI_LINE))


def recorded_format(text: str) -> str:
    """The REPLAY_FORMAT a golden text was written in (FIRST_FORMAT for files that record none)."""
    return recorded_version(text, FORMAT_LINE) or FIRST_FORMAT


def _play_changed(golden: str, now: str) -> bool:
    """Does the game play otherwise than the golden text records? By the event log's digest when the
    file records one; else (a file of the first format) by its text, under the same format."""
    was, is_now = recorded_version(golden, EVENTS_LINE), recorded_version(now, EVENTS_LINE)
    if was is not None and is_now is not None:
        return was != is_now
    return recorded_format(golden) == recorded_format(now) and _body(golden) != _body(now)


def _text_changed_alone(golden: str, now: str) -> bool:
    """The same game (digest) told in other words under the same REPLAY_FORMAT."""
    return recorded_format(golden) == recorded_format(now) and _body(golden) != _body(now)


def mismatch(name: str, now: str) -> str | None:
    """None if game `name` plays as recorded, else what changed: the diff and what to do. A game that
    plays differently under the versions that recorded it says BEHAVIOUR_CHANGED, even under a new
    REPLAY_FORMAT (its event log differs); the same game in new words under the same REPLAY_FORMAT asks
    for a REPLAY_FORMAT bump."""
    golden = path(name).read_text(encoding="utf-8")
    if golden == now:
        return None
    diff = list(difflib.unified_diff(golden.splitlines(), now.splitlines(), f"tests/golden/{name}.txt",
                                     "as played now", lineterm="", n=2))
    shown = "\n".join(diff[:DIFF_LINES]) + (f"\n... ({len(diff) - DIFF_LINES} more diff lines)"
                                            if len(diff) > DIFF_LINES else "")
    was, ai_was = recorded_version(golden), recorded_version(golden, AI_LINE)
    rules_now, ai_now = recorded_version(now), recorded_version(now, AI_LINE)
    format_was, format_now = recorded_format(golden), recorded_format(now)
    regenerate = "regenerate with `python -m tests.golden --update`"
    if was is None or ai_was is None:
        todo = f"the golden file does not record the RULES_VERSION and AI_VERSION it was made with: {regenerate}"
    elif _command(golden) != _command(now):
        todo = f"the golden game's command changed (another game is recorded): {regenerate}"
    elif _play_changed(golden, now) and _same_versions(name, golden, now):
        if name.startswith(FROZEN):
            todo = (f"{BEHAVIOUR_CHANGED} (here RULES_VERSION: the baseline pilot is frozen, the greedy "
                    f"of AI_VERSION {ai_now}, and RULES_VERSION is still {rules_now}: a pilot's change must "
                    "leave baseline's games alone (branch on the pilot's policy id, simcore.pilots), and a "
                    "rules change needs a new RULES_VERSION)")
        else:
            todo = (f"{BEHAVIOUR_CHANGED} (RULES_VERSION is still {rules_now} and AI_VERSION still "
                    f"{ai_now}: bump RULES_VERSION in simcore/__init__.py for a rules change or AI_VERSION "
                    f"in simcore/kernels/ai/__init__.py for a pilot's change, then {regenerate})")
        if format_was != format_now:
            todo += (f"; the event log differs, so the new REPLAY_FORMAT {format_now} does not cover it "
                     "(a format changes words, not games)")
    elif _text_changed_alone(golden, now) and _same_versions(name, golden, now):
        todo = (f"{TEXT_CHANGED} (the game's event log is the recorded one and REPLAY_FORMAT is still "
                f"{format_now}: bump REPLAY_FORMAT in simcore/replay.py, then {regenerate})")
    elif was != rules_now:
        todo = (f"RULES_VERSION is {rules_now}, the golden game was recorded under {was}: if the change is "
                f"intended, {regenerate}")
    elif ai_was != ai_now:
        todo = (f"AI_VERSION is {ai_now}, the golden game was recorded under {ai_was}: if the change is "
                f"intended, {regenerate}")
    elif format_was != format_now:
        todo = (f"REPLAY_FORMAT is {format_now}, the golden game was written in format {format_was} "
                f"(the same game, event by event): {regenerate}")
    else:
        todo = f"the golden file's header differs from the game's: {regenerate}"
    return f"golden game {name} changed: {todo}\n{shown}"


def refusal(name: str, old: str | None, now: str) -> str | None:
    """Why --update may not replace the golden text `old` of game `name` by `now` (None if it may): a
    game that plays differently (its event log) under the very versions that recorded it, or the same
    game in other words under the same REPLAY_FORMAT. Only a new RULES_VERSION (or, for a game a
    current pilot plays, a new AI_VERSION) may rewrite the first, a new REPLAY_FORMAT the second; a file
    recording no versions, or another game's command, may always be rewritten."""
    if old is None or old == now or _command(old) != _command(now):
        return None
    if None in recorded_versions(name, old):
        return None
    if not _same_versions(name, old, now):
        return stale_pilot_version(name, old, now)
    if not _play_changed(old, now) and not _text_changed_alone(old, now):
        return None
    return (f"--update refuses to rewrite tests/golden/{name}.txt under the versions that recorded it; "
            + mismatch(name, now))


def pilots_of(name: str) -> set:
    """The pilots that play golden game `name`, as `berserk replay` reads its command."""
    from reports.cli import replay
    from simcore.pilots import parse_pilot

    p = replay.make_context("replay", _arguments(name)).params
    return {parse_pilot(p["ai_a"] or p["ai"])[0], parse_pilot(p["ai_b"] or p["ai"])[0]}


def stale_pilot_version(name: str, old: str, now: str) -> str | None:
    """Why --update may not record game `name` as played differently under a new AI_VERSION alone: none
    of its pilots says it last played differently under that AI_VERSION (simcore.pilots.PILOTS, the
    version every manifest and report names the pilot with). None if it may."""
    from simcore.pilots import PILOTS

    rules_was, rules_now = recorded_version(old), recorded_version(now)
    ai_now = recorded_version(now, AI_LINE)
    if name.startswith(FROZEN) or rules_was != rules_now or not _play_changed(old, now):
        return None
    pilots = sorted(pilots_of(name))
    if any(PILOTS[x].version == ai_now for x in pilots):
        return None
    return (f"--update refuses to rewrite tests/golden/{name}.txt: the game plays differently under "
            f"AI_VERSION {ai_now}, yet none of its pilots ({', '.join(pilots)}) has version {ai_now} in "
            "simcore/pilots.py PILOTS: set the version of the pilot that changed, so that manifests and "
            "reports name it as it plays")


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
    return line.startswith((COMMAND_LINE, VERSION_LINE, AI_LINE, FORMAT_LINE, EVENTS_LINE))


def _command(text: str) -> str | None:
    """The `berserk replay` command a golden text records."""
    return next((line for line in text.splitlines()[:HEADER_LINES] if line.startswith(COMMAND_LINE)), None)


def _same_versions(name: str, a: str, b: str) -> bool:
    return recorded_versions(name, a) == recorded_versions(name, b)


def _body(text: str) -> str:
    """A golden text without its header (the command, the versions, the format and the digest): the
    game as told."""
    return "\n".join(line for line in text.splitlines() if not _header(line))
