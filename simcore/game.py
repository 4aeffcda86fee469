"""One whole game, from the roll-off to the end (RULES.md sections 3-9), as an njit kernel:
setup (first player, crystals, deal, mulligans, squad, placement), then turns until someone wins,
both are wiped out, or the round cap adjudicates.
"""
import numpy as np
from numba import njit

from .ai.decisions import choose_buy, choose_cell, wants_mulligan
from .ai.policies import greedy_action, random_action
from .cardtable import FLYER
from .rules.destruction import count_in_play
from .rules.dice import roll_d6
from .rules.log import EV_END, EV_FIRST, EV_MULLIGAN, log
from .rules.setup import (
    buy,
    enter_play,
    give_crystals,
    init_game,
    pay_squad,
    shuffle_and_deal,
)
from .rules.turn import apply_action, start_turn
from .ruleset import PR_DEAL, PR_FIRST, PR_MULLIGAN_COST, PR_MULLIGAN_MAX, PR_POLICY0
from .state import (
    CARD_ID,
    END_NO_SQUAD,
    G_ACTIVE,
    G_DECK_SIZE,
    G_END,
    G_ERROR,
    G_FIRST,
    G_GOLD,
    G_MULLIGANS,
    G_WINNER,
    MAX_ACTIONS,
    MAX_DECK,
    WINNER_DRAW,
    Z_SQUAD,
    ZONE,
)


@njit(cache=True)
def setup(T, st, g):
    P = T.params
    first = P[PR_FIRST]
    if first < 0:
        while True:
            a = roll_d6(st, g)
            b = roll_d6(st, g)
            if a != b:
                break
        first = 0 if a > b else 1
        log(st, g, EV_FIRST, first, a, b, 0, 0)
    else:
        log(st, g, EV_FIRST, first, 0, 0, 0, 0)
    give_crystals(T, st, g, first)
    for i in range(2):
        p = first if i == 0 else 1 - first
        shuffle_and_deal(st, g, p, P[PR_DEAL])
        while True:
            allowed = (st.game[g, G_MULLIGANS + p] < P[PR_MULLIGAN_MAX]
                       and st.game[g, G_GOLD + p] >= P[PR_MULLIGAN_COST])
            if not wants_mulligan(T, st, g, p, allowed):
                break
            st.game[g, G_MULLIGANS + p] += 1
            st.game[g, G_GOLD + p] -= P[PR_MULLIGAN_COST]
            log(st, g, EV_MULLIGAN, p, st.game[g, G_MULLIGANS + p], 0, 0, 0)
            shuffle_and_deal(st, g, p, P[PR_DEAL])
        while True:
            s = choose_buy(T, st, g, p)
            if s < 0:
                break
            buy(T, st, g, p, s)
        pay_squad(T, st, g, p)
    for i in range(2):
        p = first if i == 0 else 1 - first
        for s in range(p * MAX_DECK, p * MAX_DECK + st.game[g, G_DECK_SIZE + p]):
            if st.cards[g, s, ZONE] != Z_SQUAD:
                continue
            if T.stats[st.cards[g, s, CARD_ID], FLYER] == 1:
                enter_play(T, st, g, s, -1)
            else:
                enter_play(T, st, g, s, choose_cell(T, st, g, p, s))
    n0 = count_in_play(st, g, 0)
    n1 = count_in_play(st, g, 1)
    if n0 == 0 or n1 == 0:
        st.game[g, G_WINNER] = WINNER_DRAW if n0 == n1 else (0 if n1 == 0 else 1)
        st.game[g, G_END] = END_NO_SQUAD
        log(st, g, EV_END, st.game[g, G_WINNER], END_NO_SQUAD, 0, 0, 0)


@njit(cache=True)
def play_game(T, st, g, decks, sizes, seed, game_index, buf):
    """Play game `game_index` of the run into row g (buf: a legal-action buffer)."""
    init_game(st, g, decks, sizes, seed, game_index)
    setup(T, st, g)
    if st.game[g, G_WINNER] >= 0:
        return
    st.game[g, G_ACTIVE] = st.game[g, G_FIRST]
    start_turn(T, st, g)
    while st.game[g, G_WINNER] < 0 and st.game[g, G_ERROR] == 0:
        if T.params[PR_POLICY0 + st.game[g, G_ACTIVE]] == 0:
            kind, actor, target = random_action(T, st, g, buf)
        else:
            kind, actor, target = greedy_action(T, st, g)
        apply_action(T, st, g, kind, actor, target, -2, -1)


def new_action_buffer():
    return np.zeros((MAX_ACTIONS, 3), np.int16)
