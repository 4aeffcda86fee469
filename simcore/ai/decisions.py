"""Decisions a policy takes inside the rules' flow: defender, exchange (504), and at setup the
mulligan, the squad purchase and the placement (RULES.md section 3).

random: uniform over the legal choices. greedy: the heuristic of issue 2 (strongest affordable
squad, melee in front and ranged behind, defender and exchange by expected wound exchange).
"""
from numba import njit

from ..cardtable import (
    COST,
    E_NEUTRAL,
    ELEMENT,
    IGN_TARGET,
    K_STRIKE,
    LIFE,
    RKIND,
    SM,
    SS,
    SW,
)
from ..rules.board import cell_col, cell_row, forwardness, owner_of
from ..rules.defence import can_defend
from ..rules.dice import ai_int
from ..rules.setup import placement_allowed, squad_feasible
from ..ruleset import PR_POLICY0
from ..state import (
    CARD_ID,
    G_DECK_SIZE,
    G_GOLD,
    G_SILVER,
    MAX_DECK,
    N_CELLS,
    Z_DEALT,
    ZONE,
)
from .evaluate import hit_value, predicted_wounds, strike_ev

RANDOM = 0
GREEDY = 1


@njit(cache=True)
def policy_of(T, p):
    return T.params[PR_POLICY0 + p]


@njit(cache=True)
def choose_defender(T, st, g, att, tgt):
    """The target's owner picks a defender (slot) or -1."""
    q = owner_of(tgt)
    lo = q * MAX_DECK
    hi = lo + st.game[g, G_DECK_SIZE + q]
    if policy_of(T, q) == RANDOM:
        n = 0
        for d in range(lo, hi):
            if can_defend(T, st, g, att, tgt, d):
                n += 1
        if n == 0:
            return -1
        k = ai_int(st, g, q, n + 1)
        for d in range(lo, hi):
            if can_defend(T, st, g, att, tgt, d):
                if k == 0:
                    return d
                k -= 1
        return -1
    best = strike_ev(T, st, g, att, tgt, False)
    best_d = -1
    for d in range(lo, hi):
        if can_defend(T, st, g, att, tgt, d):
            ev = strike_ev(T, st, g, att, d, True)
            if ev < best - 1e-9:
                best = ev
                best_d = d
    return best_d


@njit(cache=True)
def choose_exchange(T, st, g, att, tgt, t, a_str, c_str):
    """The side with the stronger strike decides whether both strikes drop one step (1) or not."""
    side = owner_of(att) if a_str > c_str else owner_of(t)
    if policy_of(T, side) == RANDOM:
        return ai_int(st, g, side, 2)
    C = T.stats
    ign = C[st.cards[g, att, CARD_ID], IGN_TARGET] == 1
    defending = t != tgt
    keep = (hit_value(C, st, g, t, predicted_wounds(T, st, g, att, t, K_STRIKE, a_str, defending, ign, False))
            - hit_value(C, st, g, att, predicted_wounds(T, st, g, t, att, K_STRIKE, c_str, False, False, ign)))
    low = (hit_value(C, st, g, t, predicted_wounds(T, st, g, att, t, K_STRIKE, a_str - 1, defending, ign, False))
           - hit_value(C, st, g, att, predicted_wounds(T, st, g, t, att, K_STRIKE, c_str - 1, False, False, ign)))
    if side == owner_of(att):
        return 1 if low > keep + 1e-9 else 0
    return 1 if low < keep - 1e-9 else 0


@njit(cache=True)
def card_value(C, c):
    """Greedy's squad ranking: the crystal cost, ties broken by life and strike."""
    return C[c, COST] * 100 + C[c, LIFE] * 2 + C[c, SW] + C[c, SM] + C[c, SS]


@njit(cache=True)
def main_element(C, st, g, p):
    """The non-neutral element with the highest total cost among the dealt cards (-1 if none)."""
    best, best_e = 0, -1
    for e in range(E_NEUTRAL):
        tot = 0
        for s in range(p * MAX_DECK, p * MAX_DECK + st.game[g, G_DECK_SIZE + p]):
            if st.cards[g, s, ZONE] == Z_DEALT and C[st.cards[g, s, CARD_ID], ELEMENT] == e:
                tot += C[st.cards[g, s, CARD_ID], COST]
        if tot > best:
            best, best_e = tot, e
    return best_e


@njit(cache=True)
def greedy_squad_cost(T, st, g, p):
    """Total cost of the squad greedy would buy from the current deal (without buying it)."""
    C = T.stats
    total = 0
    for s in range(p * MAX_DECK, p * MAX_DECK + st.game[g, G_DECK_SIZE + p]):
        if st.cards[g, s, ZONE] == Z_DEALT and C[st.cards[g, s, CARD_ID], ELEMENT] == main_element(C, st, g, p):
            total += C[st.cards[g, s, CARD_ID], COST]
    return total


@njit(cache=True)
def wants_mulligan(T, st, g, p, allowed):
    if not allowed:
        return False
    if policy_of(T, p) == RANDOM:
        return ai_int(st, g, p, 2) == 1
    # greedy: re-deal when the main element (plus neutrals) cannot fill two thirds of the budget
    C = T.stats
    me = main_element(C, st, g, p)
    total = 0
    for s in range(p * MAX_DECK, p * MAX_DECK + st.game[g, G_DECK_SIZE + p]):
        if st.cards[g, s, ZONE] == Z_DEALT:
            e = C[st.cards[g, s, CARD_ID], ELEMENT]
            if e == me or e == E_NEUTRAL:
                total += C[st.cards[g, s, CARD_ID], COST]
    return total * 3 < (st.game[g, G_GOLD + p] + st.game[g, G_SILVER + p]) * 2


@njit(cache=True)
def choose_buy(T, st, g, p):
    """The next dealt card to buy into the squad, or -1 to stop."""
    C = T.stats
    lo = p * MAX_DECK
    hi = lo + st.game[g, G_DECK_SIZE + p]
    if policy_of(T, p) == RANDOM:
        n = 0
        for s in range(lo, hi):
            if st.cards[g, s, ZONE] == Z_DEALT and squad_feasible(T, st, g, p, s):
                n += 1
        k = ai_int(st, g, p, n + 1)
        for s in range(lo, hi):
            if st.cards[g, s, ZONE] == Z_DEALT and squad_feasible(T, st, g, p, s):
                if k == 0:
                    return s
                k -= 1
        return -1
    me = main_element(C, st, g, p)
    best, best_v = -1, -1
    for pass_ in range(2):
        for s in range(lo, hi):
            if st.cards[g, s, ZONE] != Z_DEALT:
                continue
            e = C[st.cards[g, s, CARD_ID], ELEMENT]
            if pass_ == 0 and not (e == me or e == E_NEUTRAL):
                continue
            v = card_value(C, st.cards[g, s, CARD_ID])
            if v > best_v and squad_feasible(T, st, g, p, s):
                best, best_v = s, v
        if best >= 0:
            return best
    return -1


@njit(cache=True)
def choose_cell(T, st, g, p, s):
    """Where to place ground creature s: random uniform over the allowed cells; greedy puts melee
    in front (centre first) and ranged attackers behind."""
    C = T.stats
    if policy_of(T, p) == RANDOM:
        n = 0
        for c in range(N_CELLS):
            if placement_allowed(T, st, g, p, c):
                n += 1
        k = ai_int(st, g, p, n)
        for c in range(N_CELLS):
            if placement_allowed(T, st, g, p, c):
                if k == 0:
                    return c
                k -= 1
        return -1
    ranged = C[st.cards[g, s, CARD_ID], RKIND] != 0
    best, best_v = -1, -1000
    for c in range(N_CELLS):
        if not placement_allowed(T, st, g, p, c):
            continue
        f = forwardness(p, cell_row(c))
        centre = 2 - abs(cell_col(c) - 2)
        v = (2 - f) * 10 + centre if ranged else f * 10 + centre
        if v > best_v:
            best, best_v = c, v
    return best
