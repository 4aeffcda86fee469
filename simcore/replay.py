"""Replay: rebuild one game from (decks, seed, game index, AI, ruleset) and tell it as text.

The game is replayed by the same kernel as the batch run, with the event log on; since every
random number depends only on (seed, game index, stream, draw), it is the very game of the run.
`replay_run` takes the run folder instead, so that its decks, seats, seed and rules come from its
manifest (run.json) and cannot be gotten wrong.
"""
import hashlib
import json
from pathlib import Path

import numpy as np

from decks.errors import InputError

from .config import REPLAY_LOG_CAPACITY
from .kernels.game import new_action_buffer, new_scratch, play_game
from .kernels.state import MAX_DECK, PR_FIRST, new_state, set_params
from .narration import Narrator

# The version of the replay's text (what `berserk replay` prints for the same game). Bump it when the
# wording or layout changes; the golden games (tests/golden) record it, and a new REPLAY_FORMAT lets
# `python -m tests.golden --update` rewrite them while the game itself, event by event, stays the same.
# 1: the compact lines of simcore.events; 2: dice as rolled plus bonus, why a single die is rolled,
# the cause of every wound and death, the dealt cards, finish-off outcomes, the decks in the final line;
# 3: poison's givers without nested parentheses, a poisoned card's givers forgotten when it dies, the
# board's column header without trailing blanks; 4: a finish-off's outcome gives the target's life only
# when the log said it in the same action (an older figure may miss extra lives or a lowered maximum);
# 5: the game-over line is always the last (events of the last action logged after it come before it).
REPLAY_FORMAT = "5"


def card_labels(matchup) -> dict:
    """slot -> "P1 Арацент#2": the player, the card and its copy number in the deck list's order."""
    counts, labels = {}, {}
    for p in range(2):
        for i in range(int(matchup.sizes[p])):
            name = matchup.table.names[int(matchup.decks[p, i])]
            counts[(p, name)] = counts.get((p, name), 0) + 1
            labels[p * MAX_DECK + i] = f"P{p + 1} {name}#{counts[(p, name)]}"
    return labels


def play_logged(matchup, seed: int, game_index: int, seat_pairs: bool = False):
    """The final state (one row) of game `game_index` of `seed`, with its event log. With seat pairs
    (simcore.run), game i is key i // 2 with seat i % 2 moving first."""
    S = new_state(1, log_capacity=REPLAY_LOG_CAPACITY)
    params = matchup.params.copy()
    key = game_index
    if seat_pairs:
        params[PR_FIRST] = game_index % 2
        key = game_index // 2
    set_params(S, params)
    play_game(matchup.table.stats, S, 0, matchup.decks, matchup.sizes, np.uint64(seed),
              key, new_action_buffer(), new_scratch())
    return S


def replay_game(matchup, seed: int, game_index: int, seat_pairs: bool = False, board: bool = False):
    """(S, lines): the final state of the game and its events told for a player (simcore.narration);
    `board`: a text board at the start of every turn."""
    S = play_logged(matchup, seed, game_index, seat_pairs)
    labels = card_labels(matchup)
    narrator = Narrator(S, 0, lambda s: labels.get(s, f"slot {s}"), matchup.deck_names, matchup.table.stats,
                        board=board)
    return S, narrator.lines()


# ---- a run folder --------------------------------------------------------------------------------
def _refuse(folder, problem: str, fix: str):
    raise InputError(str(folder), None, problem, fix)


def run_manifest(folder) -> dict:
    """The config of the run folder `folder` (its run.json); InputError naming the fix when it is not
    one (a meta's folder names its matchup folders)."""
    folder = Path(folder)
    if folder.is_file():
        _refuse(folder, "a file, not a run folder", "pass a run folder, or two deck files and --seed: "
                "berserk replay A.txt B.txt --seed S --game I")
    if not folder.is_dir():
        _refuse(folder, "no such folder", "pass the folder `berserk simulate --out` wrote")
    manifest = folder / "run.json"
    if not manifest.is_file():
        if (folder / "meta.json").is_file():
            _refuse(folder, "a meta's folder holds one run per matchup, not one run",
                    f"pass a matchup's folder, e.g. {folder / 'matchups' / '00-01'}; in matchups/II-JJ deck II "
                    "of meta.json's decks is player 1 and deck JJ player 2")
        _refuse(folder, "not a run folder (no run.json)",
                "pass the folder `berserk simulate --out` wrote, or a matchup's folder matchups/II-JJ of a meta")
    try:
        config = json.loads(manifest.read_text(encoding="utf-8"))["config"]
    except (ValueError, KeyError, TypeError):
        _refuse(manifest, "not a run manifest (no config)", "pass a run folder written by berserk")
    return config


def _file_sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run_matchup(folder, config: dict):
    """The matchup of the run (its decks, pilots, ruleset, rules, card edits and any variant), checked
    against the manifest: deck files unchanged, the same RULES_VERSION, AI_VERSION and parameters."""
    from . import RULES_VERSION
    from .kernels.ai import AI_VERSION
    from .matchup import make_matchup, swap_cards

    decks = []
    for d in config["decks"]:
        path = Path(d["path"])
        if not path.is_file():
            _refuse(folder, f"its deck file {path} is missing (paths are as given to the command that ran it)",
                    "run the replay from the folder the run was started in, or restore the file")
        if d.get("sha256") and _file_sha(path) != d["sha256"]:
            _refuse(folder, f"its deck file {path} changed since the run (another SHA-256)",
                    "restore the deck list the run played: the replay would be another game")
        decks.append(path)
    if config.get("rules_version") != RULES_VERSION:
        _refuse(folder, f"the run was played under RULES_VERSION {config.get('rules_version')}, this engine "
                        f"is {RULES_VERSION}", "replay it with the version of berserk-sim that played it")
    ai = config["ai"]
    if str(ai.get("version")) != str(AI_VERSION):
        _refuse(folder, f"the run was played under AI_VERSION {ai.get('version')}, this engine is {AI_VERSION}",
                "replay it with the version of berserk-sim that played it")
    m = make_matchup(decks[0], decks[1], ruleset=config["ruleset"], rules=config.get("rules") or {},
                     ais=(ai["a"], ai["b"]), overrides=config.get("overrides", ()))
    variant = config.get("variant")
    if variant:
        ids = {n: i for i, n in enumerate(m.table.names)}
        unknown = [n for pair in variant["swaps"].items() for n in pair if n not in ids]
        if unknown:
            _refuse(folder, f"its variant swaps in {', '.join(unknown)}, a card the bundled set does not hold",
                    "replay the base run's folder, or the variant's games with `berserk impact`'s own tables")
        m = swap_cards(m, variant["player"], {ids[a]: ids[b] for a, b in variant["swaps"].items()}, variant)
    if [int(x) for x in m.params] != [int(x) for x in config["params"]]:
        _refuse(folder, "its ruleset parameters differ from this engine's for the same settings",
                "replay it with the version of berserk-sim that played it")
    return m


def run_games(config: dict) -> range:
    first = int(config.get("first_game", 0))
    return range(first, first + int(config["games"]))


def replay_run(folder, game_index: int, board: bool = False):
    """(matchup, config, S, lines) of game `game_index` of the run folder: its decks, seats, seed,
    pilots, ruleset, rules and card edits from its run.json. InputError if the folder is not a run or
    the game is not one of its games."""
    config = run_manifest(folder)
    games = run_games(config)
    if game_index not in games:
        _refuse(folder, f"game {game_index} is not one of its games ({games.start} to {games.stop - 1})",
                f"pass --game from {games.start} to {games.stop - 1}")
    m = run_matchup(folder, config)
    S, lines = replay_game(m, int(config["seed"]), game_index, bool(config.get("seat_pairs")), board)
    return m, config, S, lines
