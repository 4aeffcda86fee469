"""One whole game, from the roll-off to the end (docs/RULES.md sections 3-9), as an njit kernel:
setup (first player, crystals, deal, mulligans, squad, placement), then turns until someone wins,
both are wiped out, or the round cap adjudicates.
"""
import numpy as np
from numba import njit

from .ai.search import new_scratch, pilot_action  # noqa: F401  (new_scratch: for play_game's callers)
from .ai.squad import buy_squad, deal_hand, place_squad
from .ai.squad_search import search_squad
from .ai.values import SEARCH, policy_of
from .rules.destruction import count_in_play
from .rules.dice import roll_d6
from .rules.log import EV_END, EV_FIRST, log, logging
from .rules.setup import give_crystals, init_game
from .rules.turn import apply_action, start_turn
from .state import (
    END_NO_SQUAD,
    G_ACTIVE,
    G_END,
    G_ERROR,
    G_FIRST,
    G_WINNER,
    GAME0,
    MAX_ACTIONS,
    PARAM0,
    PR_FIRST,
    WINNER_DRAW,
)


@njit(cache=True, _nrt=False)
def setup(C, S, g, W):
    """Setup (section 3) of row g: roll-off, crystals, deals and mulligans, squads, placement (W: the
    search pilot's scratch row)."""
    first = S[g, PARAM0 + PR_FIRST]
    if first < 0:
        while True:
            a = roll_d6(S, g, -1, -1, 0)
            b = roll_d6(S, g, -1, -1, 1)
            if a != b or S[g, GAME0 + G_ERROR] != 0:
                break           # (a scenario's forced dice may run out: the game stops with its error)
        first = 0 if a > b else 1
        if logging(S, g):
            log(S, g, EV_FIRST, first, a, b, 0, 0)
    else:
        if logging(S, g):
            log(S, g, EV_FIRST, first, 0, 0, 0, 0)
    give_crystals(C, S, g, first)
    for i in range(2):
        p = first if i == 0 else 1 - first
        deal_hand(C, S, g, p)
        if policy_of(S, g, p) == SEARCH:
            search_squad(C, S, g, p, W)
        buy_squad(C, S, g, p)
    for i in range(2):
        place_squad(C, S, g, first if i == 0 else 1 - first)
    n0 = count_in_play(S, g, 0)
    n1 = count_in_play(S, g, 1)
    if n0 == 0 or n1 == 0:
        S[g, GAME0 + G_WINNER] = WINNER_DRAW if n0 == n1 else (0 if n1 == 0 else 1)
        S[g, GAME0 + G_END] = END_NO_SQUAD
        if logging(S, g):
            log(S, g, EV_END, S[g, GAME0 + G_WINNER], END_NO_SQUAD, 0, 0, 0)


@njit(cache=True, _nrt=False)
def play_game(C, S, g, decks, sizes, seed, game_index, buf, W):
    """Play game `game_index` of the run into row g (buf: a legal-action buffer, W: a scratch row,
    ai.search.new_scratch)."""
    init_game(C, S, g, decks, sizes, seed, game_index)
    setup(C, S, g, W)
    if S[g, GAME0 + G_WINNER] >= 0:
        return
    S[g, GAME0 + G_ACTIVE] = S[g, GAME0 + G_FIRST]
    start_turn(C, S, g)
    while S[g, GAME0 + G_WINNER] < 0 and S[g, GAME0 + G_ERROR] == 0:
        kind, actor, target = pilot_action(C, S, g, buf, W)
        apply_action(C, S, g, kind, actor, target, -2, -1)


def new_action_buffer():
    return np.zeros((MAX_ACTIONS, 3), np.int64)
