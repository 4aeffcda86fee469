"""Decisions a policy takes inside the rules' flow: defender, exchange (504), and at setup the
mulligan, the squad purchase and the placement (RULES.md section 3).

random: uniform over the legal choices. greedy: the heuristic of issue 2 (strongest affordable
squad, melee in front and ranged behind, defender and exchange by expected wound exchange).
"""
from numba import njit

from decks.registry import AttackKind, Effect, Element, Kind, Target

from ..cardtable import (
    AB_EFFECT,
    AB_FLAGS,
    AB_KIND,
    AB_TAP,
    AB_TARGET,
    COST,
    ELEMENT,
    F_FAST,
    IGN_TARGET,
    LIFE,
    N_AB,
    RKIND,
    SM,
    SS,
    SW,
)
from ..rules.abilities import ab, ability_target_error, source_error
from ..rules.board import cell_col, cell_row, forwardness, n_in_play, owner_of, play_slot
from ..rules.defence import can_defend
from ..rules.dice import ai_int
from ..rules.errors import E_OK
from ..rules.setup import fits, open_level, placement_open
from ..rules.strike_effects import N_OPTIONS, is_strike_effect
from ..state import (
    CLOSED,
    EFF,
    G_ACTIVE,
    G_AT_END,
    G_DECK_SIZE,
    G_FAST,
    G_GOLD,
    G_ORDER,
    G_SILVER,
    GAME0,
    MAX_DECK,
    N_CELLS,
    NCF,
    PARAM0,
    PR_DEAL,
    Z_DEALT,
    ZONE,
)
from .evaluate import ability_value, hit_value, predicted_wounds, strike_ev
from .triggered import GREEDY, RANDOM, policy_of  # noqa: F401  (GREEDY: part of this module's API)


@njit(cache=True, _nrt=False)
def choose_defender(C, S, g, att, tgt):
    """The target's owner picks a defender (slot) or -1."""
    q = owner_of(tgt)
    m = n_in_play(S, g, q)
    if policy_of(S, g, q) == RANDOM:
        n = 0
        for i in range(m):
            if can_defend(C, S, g, att, tgt, play_slot(S, g, q, i)):
                n += 1
        if n == 0:
            return -1
        k = ai_int(S, g, q, n + 1)
        for i in range(m):
            d = play_slot(S, g, q, i)
            if can_defend(C, S, g, att, tgt, d):
                if k == 0:
                    return d
                k -= 1
        return -1
    best = 0.0
    best_d = -2         # no candidate seen yet: the undefended strike is evaluated only if needed
    for i in range(m):
        d = play_slot(S, g, q, i)
        if S[g, d * NCF + CLOSED] == 1 or d == tgt:
            continue            # cannot defend (can_defend's own first checks, without the call)
        if can_defend(C, S, g, att, tgt, d):
            if best_d == -2:
                best = strike_ev(C, S, g, att, tgt, False)
                best_d = -1
            ev = strike_ev(C, S, g, att, d, True)
            if ev < best - 1e-9:
                best = ev
                best_d = d
    return -1 if best_d == -2 else best_d


@njit(cache=True, _nrt=False)
def choose_exchange(C, S, g, att, tgt, t, a_str, c_str):
    """The side with the stronger strike decides whether both strikes drop one step (1) or not."""
    side = owner_of(att) if a_str > c_str else owner_of(t)
    if policy_of(S, g, side) == RANDOM:
        return ai_int(S, g, side, 2)
    ign = C[S[g, att * NCF + EFF], IGN_TARGET] == 1
    defending = t != tgt
    keep = (hit_value(C, S, g, t, predicted_wounds(C, S, g, att, t, AttackKind.STRIKE, a_str, defending, ign, False))
            - hit_value(C, S, g, att, predicted_wounds(C, S, g, t, att, AttackKind.STRIKE, c_str, False, False, ign)))
    low = (hit_value(C, S, g, t, predicted_wounds(C, S, g, att, t, AttackKind.STRIKE, a_str - 1, defending, ign, False))
           - hit_value(C, S, g, att, predicted_wounds(C, S, g, t, att, AttackKind.STRIKE, c_str - 1, False, False, ign)))
    if side == owner_of(att):
        return 1 if low > keep + 1e-9 else 0
    return 1 if low < keep - 1e-9 else 0


@njit(cache=True, _nrt=False)
def card_value(C, c):
    """Greedy's squad ranking: the crystal cost, ties broken by life and strike."""
    return C[c, COST] * 100 + C[c, LIFE] * 2 + C[c, SW] + C[c, SM] + C[c, SS]


@njit(cache=True, _nrt=False, inline="always")
def n_dealt(S, g, p):
    """How many cards the deal gave (the first n of the deck order)."""
    return min(S[g, PARAM0 + PR_DEAL], S[g, GAME0 + G_DECK_SIZE + p])


@njit(cache=True, _nrt=False, inline="always")
def dealt_slot(S, g, p, i):
    return p * MAX_DECK + S[g, GAME0 + G_ORDER + p * MAX_DECK + i]


@njit(cache=True, _nrt=False)
def main_element(C, S, g, p):
    """The non-neutral element with the highest total cost in the deal (bought cards included;
    -1 if none; ties go to the element listed first)."""
    t0 = t1 = t2 = t3 = t4 = 0
    for i in range(n_dealt(S, g, p)):
        c = S[g, dealt_slot(S, g, p, i) * NCF + EFF]
        e = C[c, ELEMENT]
        if e == 0:
            t0 += C[c, COST]
        elif e == 1:
            t1 += C[c, COST]
        elif e == 2:
            t2 += C[c, COST]
        elif e == 3:
            t3 += C[c, COST]
        elif e == 4:
            t4 += C[c, COST]
    best, best_e = 0, -1
    for e, tot in enumerate((t0, t1, t2, t3, t4)):
        if tot > best:
            best, best_e = tot, e
    return best_e


@njit(cache=True, _nrt=False)
def wants_mulligan(C, S, g, p, allowed):
    if not allowed:
        return False
    if policy_of(S, g, p) == RANDOM:
        return ai_int(S, g, p, 2) == 1
    # greedy: re-deal when the main element (plus neutrals) cannot fill two thirds of the budget
    me = main_element(C, S, g, p)
    total = 0
    for i in range(n_dealt(S, g, p)):
        c = S[g, dealt_slot(S, g, p, i) * NCF + EFF]
        if C[c, ELEMENT] == me or C[c, ELEMENT] == Element.NEUTRAL:
            total += C[c, COST]
    return total * 3 < (S[g, GAME0 + G_GOLD + p] + S[g, GAME0 + G_SILVER + p]) * 2


@njit(cache=True, _nrt=False)
def choose_buy(C, S, g, p, me, totals):
    """The next dealt card to buy into the squad, or -1 to stop (me: main_element of the deal, for
    greedy; the deal does not change while the player buys; totals: rules.setup.squad_totals of the
    squad so far, kept by the caller as it buys)."""
    elite, ordinary, flyers, gold, elements = totals
    nd = n_dealt(S, g, p)
    if policy_of(S, g, p) == RANDOM:
        n = 0
        for i in range(nd):
            s = dealt_slot(S, g, p, i)
            if S[g, s * NCF + ZONE] == Z_DEALT and fits(C, S, g, p, elite, ordinary, flyers, gold,
                                                       elements, s):
                n += 1
        k = ai_int(S, g, p, n + 1)
        for i in range(nd):
            s = dealt_slot(S, g, p, i)
            if S[g, s * NCF + ZONE] == Z_DEALT and fits(C, S, g, p, elite, ordinary, flyers, gold,
                                                       elements, s):
                if k == 0:
                    return s
                k -= 1
        return -1
    best, best_v = -1, -1
    for pass_ in range(2):
        for i in range(nd):
            s = dealt_slot(S, g, p, i)
            if S[g, s * NCF + ZONE] != Z_DEALT:
                continue
            c = S[g, s * NCF + EFF]
            if pass_ == 0 and not (C[c, ELEMENT] == me or C[c, ELEMENT] == Element.NEUTRAL):
                continue
            v = card_value(C, c)
            if v > best_v and fits(C, S, g, p, elite, ordinary, flyers, gold, elements, s):
                best, best_v = s, v
        if best >= 0:
            return best
    return -1


@njit(cache=True, _nrt=False)
def choose_cell(C, S, g, p, s):
    """Where to place ground creature s: random uniform over the allowed cells; greedy puts melee
    in front (centre first) and ranged attackers behind."""
    first_cell = 0 if p == 0 else N_CELLS // 2
    lvl = open_level(C, S, g, p)
    if policy_of(S, g, p) == RANDOM:
        n = 0
        for c in range(first_cell, first_cell + N_CELLS // 2):
            if placement_open(C, S, g, p, c, lvl):
                n += 1
        k = ai_int(S, g, p, n)
        for c in range(first_cell, first_cell + N_CELLS // 2):
            if placement_open(C, S, g, p, c, lvl):
                if k == 0:
                    return c
                k -= 1
        return -1
    rk = C[S[g, s * NCF + EFF], RKIND]
    ranged = rk != 0 and rk != AttackKind.MAGIC_STRIKE         # a magic strike reaches adjacent cards only: placed as melee
    best, best_v = -1, -1000
    for c in range(first_cell, first_cell + N_CELLS // 2):
        if not placement_open(C, S, g, p, c, lvl):
            continue
        f = forwardness(p, cell_row(c))
        centre = 2 - abs(cell_col(c) - 2)
        v = (2 - f) * 10 + centre if ranged else f * 10 + centre
        if v > best_v:
            best, best_v = c, v
    return best


FAST_THRESHOLD = 0.3    # greedy answers with a fast ability only when it is worth this much


@njit(cache=True, _nrt=False)
def choose_fast(C, S, g, p):
    """Player p's answer at a priority window: (slot, ability, target), or slot -1 to pass.
    random: uniform over passing and every legal fast ability use; greedy: the use worth most
    (ai.evaluate.ability_value) if it is worth more than FAST_THRESHOLD. Greedy sets a trap in its
    own turn only at the end-of-turn window: until then the card may still move or strike, and the
    trap waits for the opponent's creatures anyway (118)."""
    rand = policy_of(S, g, p) == RANDOM
    trap_now = rand or p != S[g, GAME0 + G_ACTIVE] or S[g, GAME0 + G_AT_END] == 1
    n = 0
    best = FAST_THRESHOLD
    bs, bk, bt = -1, 0, -1
    fast = S[g, GAME0 + G_FAST + p]         # his cards with a fast ability, as slot offsets
    for i in range(n_in_play(S, g, p)):
        s = play_slot(S, g, p, i)
        if (fast >> (s - p * MAX_DECK)) & 1 == 0:
            continue
        c = S[g, s * NCF + EFF]
        if (C[c, AB_FLAGS] & F_FAST) == 0:
            continue            # it has lost its abilities
        closed = S[g, s * NCF + CLOSED] == 1
        for k in range(C[c, N_AB]):
            if ab(C, c, k, AB_KIND) != Kind.FAST or (closed and ab(C, c, k, AB_TAP) == 1) \
                    or (not trap_now and ab(C, c, k, AB_EFFECT) == Effect.TRAP) \
                    or source_error(C, S, g, s, k, True) != E_OK:
                continue
            target = ab(C, c, k, AB_TARGET)
            chosen = (target == Target.CHOSEN or target == Target.CHOSEN_ENEMY or target == Target.CHOSEN_OWN
                      or target == Target.CHOSEN_ADJACENT)
            strike = is_strike_effect(ab(C, c, k, AB_EFFECT))     # options, not cards (branch neut)
            q0 = p if target == Target.CHOSEN_OWN else (1 - p if target == Target.CHOSEN_ENEMY else 0)
            n0 = n_in_play(S, g, q0)
            n_t = N_OPTIONS if strike else 1
            if chosen:
                n_t = n0 if (target != Target.CHOSEN and target != Target.CHOSEN_ADJACENT) else n0 + n_in_play(S, g, 1)
            for jj in range(n_t):
                j = jj if strike else -1
                if chosen:
                    j = play_slot(S, g, q0, jj) if jj < n0 else play_slot(S, g, 1, jj - n0)
                if rand:
                    if ability_target_error(C, S, g, s, c, k, j) != E_OK:
                        continue
                    n += 1
                    if ai_int(S, g, p, n + 1) == 0:      # reservoir sampling over n + 1 choices
                        bs, bk, bt = s, k, j
                else:
                    # a card target's worth first (most are not worth checking for legality); a
                    # strike effect's option is checked first (its worth takes longer)
                    if strike and ability_target_error(C, S, g, s, c, k, j) != E_OK:
                        continue
                    v = ability_value(C, S, g, s, c, k, j)
                    if v > best and (strike or ability_target_error(C, S, g, s, c, k, j) == E_OK):
                        best, bs, bk, bt = v, s, k, j
    return bs, bk, bt       # random: passing was the first of the n + 1 choices of the reservoir
