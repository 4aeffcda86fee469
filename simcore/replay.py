"""Replay: rebuild one game from (decks, seed, game index, AI, ruleset) and tell it as text.

The game is replayed by the same kernel as the batch run, with the event log on; since every
random number depends only on (seed, game index, stream, draw), it is the very game of the run.
"""
import numpy as np

from .events import format_events
from .game import new_action_buffer, play_game
from .state import MAX_DECK, new_state, set_params

LOG_CAPACITY = 60000


def replay_game(matchup, seed: int, game_index: int):
    """(S, lines): the final state of the game and its events as text."""
    S = new_state(1, log_capacity=LOG_CAPACITY)
    set_params(S, matchup.params)
    play_game(matchup.table.stats, S, 0, matchup.decks, matchup.sizes, np.uint64(seed),
              game_index, new_action_buffer())
    counts = {}
    labels = {}
    for p in range(2):
        for i in range(int(matchup.sizes[p])):
            name = matchup.table.names[int(matchup.decks[p, i])]
            counts[(p, name)] = counts.get((p, name), 0) + 1
            labels[p * MAX_DECK + i] = f"P{p + 1} {name}#{counts[(p, name)]}"
    lines = format_events(S, 0, lambda s: labels.get(s, f"slot {s}"))
    return S, lines
