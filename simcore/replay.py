"""Replay: rebuild one game from (decks, seed, game index, AI, ruleset) and tell it as text.

The game is replayed by the same kernel as the batch run, with the event log on; since every
random number depends only on (seed, game index, stream, draw), it is the very game of the run.
"""
import numpy as np

from .config import REPLAY_LOG_CAPACITY
from .events import format_events
from .kernels.game import new_action_buffer, new_scratch, play_game
from .kernels.state import MAX_DECK, PR_FIRST, new_state, set_params


def replay_game(matchup, seed: int, game_index: int, seat_pairs: bool = False):
    """(S, lines): the final state of the game and its events as text. With seat pairs (simcore.run),
    game i is key i // 2 with seat i % 2 moving first."""
    S = new_state(1, log_capacity=REPLAY_LOG_CAPACITY)
    params = matchup.params.copy()
    key = game_index
    if seat_pairs:
        params[PR_FIRST] = game_index % 2
        key = game_index // 2
    set_params(S, params)
    play_game(matchup.table.stats, S, 0, matchup.decks, matchup.sizes, np.uint64(seed),
              key, new_action_buffer(), new_scratch())
    counts = {}
    labels = {}
    for p in range(2):
        for i in range(int(matchup.sizes[p])):
            name = matchup.table.names[int(matchup.decks[p, i])]
            counts[(p, name)] = counts.get((p, name), 0) + 1
            labels[p * MAX_DECK + i] = f"P{p + 1} {name}#{counts[(p, name)]}"
    lines = format_events(S, 0, lambda s: labels.get(s, f"slot {s}"))
    return S, lines
