"""One whole game, from the roll-off to the end (docs/RULES.md sections 3-9), as an njit kernel:
setup (first player, crystals, deal, mulligans, squad, placement), then turns until someone wins,
both are wiped out, or the round cap adjudicates.
"""
import numpy as np
from numba import njit

from .ai.search import new_scratch, pilot_action  # noqa: F401  (new_scratch: for play_game's callers)
from .ai.squad import choose_buy, choose_cell, main_element, next_to_place, wants_mulligan
from .cardtable import F_FREE_RECRUIT, FLYER
from .rules.destruction import count_in_play
from .rules.dice import roll_d6
from .rules.log import EV_END, EV_FIRST, EV_MULLIGAN, log, logging
from .rules.setup import (
    buy,
    enter_play,
    give_crystals,
    init_game,
    pay_squad,
    shuffle_and_deal,
    squad_totals,
    with_card,
)
from .rules.turn import apply_action, start_turn
from .state import (
    CARD_ID,
    END_NO_SQUAD,
    G_ACTIVE,
    G_END,
    G_ERROR,
    G_FIRST,
    G_FLAGS,
    G_GOLD,
    G_MULLIGANS,
    G_WINNER,
    GAME0,
    MAX_ACTIONS,
    NCF,
    PARAM0,
    PR_DEAL,
    PR_FIRST,
    PR_MULLIGAN_COST,
    PR_MULLIGAN_MAX,
    WINNER_DRAW,
)


@njit(cache=True, _nrt=False)
def setup(C, S, g):
    first = S[g, PARAM0 + PR_FIRST]
    if first < 0:
        while True:
            a = roll_d6(S, g)
            b = roll_d6(S, g)
            if a != b:
                break
        first = 0 if a > b else 1
        if logging(S, g):
            log(S, g, EV_FIRST, first, a, b, 0, 0)
    else:
        if logging(S, g):
            log(S, g, EV_FIRST, first, 0, 0, 0, 0)
    give_crystals(C, S, g, first)
    for i in range(2):
        p = first if i == 0 else 1 - first
        shuffle_and_deal(S, g, p, S[g, PARAM0 + PR_DEAL])
        while True:
            allowed = (S[g, GAME0 + G_MULLIGANS + p] < S[g, PARAM0 + PR_MULLIGAN_MAX]
                       and S[g, GAME0 + G_GOLD + p] >= S[g, PARAM0 + PR_MULLIGAN_COST])
            if not wants_mulligan(C, S, g, p, allowed):
                break
            S[g, GAME0 + G_MULLIGANS + p] += 1
            S[g, GAME0 + G_GOLD + p] -= S[g, PARAM0 + PR_MULLIGAN_COST]
            if logging(S, g):
                log(S, g, EV_MULLIGAN, p, S[g, GAME0 + G_MULLIGANS + p], 0, 0, 0)
            shuffle_and_deal(S, g, p, S[g, PARAM0 + PR_DEAL])
        me = main_element(C, S, g, p)
        totals = squad_totals(C, S, g, p)
        while True:
            s = choose_buy(C, S, g, p, me, totals)
            if s < 0:
                break
            buy(C, S, g, p, s)
            if S[g, GAME0 + G_FLAGS] & F_FREE_RECRUIT:
                totals = squad_totals(C, S, g, p)       # a free recruit depends on the whole squad
            else:
                elite, ordinary, flyers, gold, elements = totals
                totals = with_card(C, S[g, s * NCF + CARD_ID], elite, ordinary, flyers, gold, elements)
        pay_squad(C, S, g, p)
    for i in range(2):
        p = first if i == 0 else 1 - first
        while True:
            s = next_to_place(C, S, g, p)
            if s < 0:
                break
            if C[S[g, s * NCF + CARD_ID], FLYER] == 1:
                enter_play(C, S, g, s, -1)
            else:
                enter_play(C, S, g, s, choose_cell(C, S, g, p, s))
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
    setup(C, S, g)
    if S[g, GAME0 + G_WINNER] >= 0:
        return
    S[g, GAME0 + G_ACTIVE] = S[g, GAME0 + G_FIRST]
    start_turn(C, S, g)
    while S[g, GAME0 + G_WINNER] < 0 and S[g, GAME0 + G_ERROR] == 0:
        kind, actor, target = pilot_action(C, S, g, buf, W)
        apply_action(C, S, g, kind, actor, target, -2, -1)


def new_action_buffer():
    return np.zeros((MAX_ACTIONS, 3), np.int64)
