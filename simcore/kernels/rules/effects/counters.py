"""Effects of the counters family (decks.registry.Family.COUNTERS): counters (123) and incarnation tokens.
"""
from numba import njit

from decks.registry import Effect

from ...cardtable import (
    INCARN,
    MAX_COUNTERS,
)
from ...state import (
    CARD_ID,
    COUNTERS,
    EFF,
    G_DECISION,
    G_DECK_SIZE,
    G_OFFER_N,
    G_TOKENS,
    GAINED,
    GAINED_TOKEN,
    GAME0,
    MAX_DECK,
    NCF,
    Z_GRAVE,
    ZONE,
)
from ..board import owner_of
from ..decisions import Decision, add_option, choose_option, offer
from ..log import (
    EV_GAIN,
    log,
    logging,
)
from ..targets import reaches


@njit(cache=True, _nrt=False)
def give_incarnation_token(C, S, g, p):
    """effect incarnation_token (Талион): a token on a card of player p's graveyard with incarnation that
    lacks tokens (decision TOKEN: those cards in slot order); nothing without one."""
    offer(S, g, Decision.TOKEN, p, 0, 0, 0, 0, 0)
    for s in range(p * MAX_DECK, p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p]):
        n = C[S[g, s * NCF + CARD_ID], INCARN]
        if S[g, s * NCF + ZONE] == Z_GRAVE and n > 0 and S[g, s * NCF + COUNTERS] < n:
            add_option(S, g, s)
    best = -1
    if S[g, GAME0 + G_OFFER_N] > 0:
        best = choose_option(C, S, g, False)
    else:
        S[g, GAME0 + G_DECISION] = 0
    if best >= 0:
        S[g, best * NCF + COUNTERS] += 1
        S[g, best * NCF + GAINED] |= GAINED_TOKEN      # its on_incarnation_token fires at check_deaths
        S[g, GAME0 + G_TOKENS] += 1
        if logging(S, g):
            log(S, g, EV_GAIN, best, 0, S[g, best * NCF + COUNTERS], 0, 0)


@njit(cache=True, _nrt=False)
def counters_effect(C, S, g, src, c, k, t, eff, n):
    """An effect of the counters family of ability k (table row c, source slot src) on card t: an
    incarnation token goes to a card of its owner's graveyard, a counter to one in play."""
    if eff == Effect.INCARNATION_TOKEN:
        give_incarnation_token(C, S, g, owner_of(src))
    elif eff == Effect.GAIN_COUNTER:
        if reaches(C, S, g, c, k, t):
            m = C[S[g, t * NCF + EFF], MAX_COUNTERS]
            if m == 0 or S[g, t * NCF + COUNTERS] < m:
                S[g, t * NCF + COUNTERS] += 1
