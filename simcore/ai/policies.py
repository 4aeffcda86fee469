"""Turn policies: which action the active player takes next.

random: uniform over the legal actions that rules.turn.legal_actions lists (ending the turn is one).
greedy: scores every legal action of every open creature and takes the best, ending the turn when
nothing scores above zero: attacks by expected wound exchange (ai.evaluate), finishing off what it
can kill, ranged attacks, healing wounded creatures, and steps toward the nearest enemy for
creatures with nothing to attack.
"""
from numba import njit

from ..cardtable import (
    COST,
    FINISH,
    GAIN_DIRECTED,
    GAIN_PROT,
    HEAL_SELF,
    JUMP,
    K_SPECIAL,
    LIFE,
    RKIND,
    SPECIAL,
    TWICE,
)
from ..rules.board import cell_col, cell_row, in_play
from ..rules.combat import finish_error, ranged_error, special_error, strike_error
from ..rules.dice import ai_int
from ..rules.errors import E_OK
from ..rules.movement import jump_error, move_error
from ..rules.turn import (
    A_END,
    A_FINISH,
    A_GAIN_COUNTER,
    A_HEAL,
    A_JUMP,
    A_MOVE,
    A_RANGED,
    A_SPECIAL,
    A_STRIKE,
    A_TAP_GAIN,
    legal_actions,
)
from ..state import (
    ACTED,
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    G_ACTIVE,
    G_DECK_SIZE,
    GAINED,
    GAME0,
    MAX_DECK,
    MOVED,
    MOVES_LEFT,
    N_CELLS,
    NCF,
    STRIKES,
    WOUNDS,
    Z_FIELD,
    ZONE,
)
from .evaluate import hit_value, predicted_wounds, single_roll_ev, strike_ev

MOVE_SCORE = 0.1        # a step toward the enemy is worth a little, always less than a good attack


@njit(cache=True)
def random_action(C, S, g, buf):
    n = legal_actions(C, S, g, buf)
    k = ai_int(S, g, S[g, GAME0 + G_ACTIVE], n)
    return buf[k, 0], buf[k, 1], buf[k, 2]


@njit(cache=True)
def chebyshev(a, b):
    return max(abs(cell_row(a) - cell_row(b)), abs(cell_col(a) - cell_col(b)))


@njit(cache=True)
def nearest_enemy_distance(S, g, q, cell):
    best = 99
    for t in range(q * MAX_DECK, q * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + q]):
        if S[g, t * NCF + ZONE] == Z_FIELD:
            d = chebyshev(cell, S[g, t * NCF + CELL])
            if d < best:
                best = d
    return best


@njit(cache=True)
def greedy_action(C, S, g):
    p = S[g, GAME0 + G_ACTIVE]
    q = 1 - p
    best = 0.0
    b_kind, b_actor, b_target = A_END, -1, -1
    for s in range(p * MAX_DECK, p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p]):
        if not in_play(S, g, s) or S[g, s * NCF + CLOSED] == 1:
            continue
        c = S[g, s * NCF + CARD_ID]
        acted = S[g, s * NCF + ACTED] == 1
        can_strike = not acted or (C[c, TWICE] == 1 and S[g, s * NCF + STRIKES] == 1)
        has_attack = False
        for t in range(q * MAX_DECK, q * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + q]):
            if not in_play(S, g, t):
                continue
            if can_strike and strike_error(C, S, g, s, t) == E_OK:
                has_attack = True
                v = strike_ev(C, S, g, s, t, False)
                if v > best:
                    best, b_kind, b_actor, b_target = v, A_STRIKE, s, t
            if acted:
                continue
            if C[c, FINISH] > 0 and finish_error(C, S, g, s, t) == E_OK:
                v = hit_value(C, S, g, t, 1000) * 1.5
                if v > best:
                    best, b_kind, b_actor, b_target = v, A_FINISH, s, t
            if C[c, RKIND] != 0 and ranged_error(C, S, g, s, t) == E_OK:
                has_attack = True
                v = single_roll_ev(C, S, g, s, t, C[c, RKIND])
                if v > best:
                    best, b_kind, b_actor, b_target = v, A_RANGED, s, t
            if C[c, SPECIAL] > 0 and special_error(C, S, g, s, t) == E_OK:
                has_attack = True
                w = predicted_wounds(C, S, g, s, t, K_SPECIAL, 0, False, False, False)
                v = hit_value(C, S, g, t, w)
                if v > best:
                    best, b_kind, b_actor, b_target = v, A_SPECIAL, s, t
        if acted:
            continue
        if C[c, HEAL_SELF] > 0 and S[g, s * NCF + WOUNDS] > 0:
            v = 0.8 * min(S[g, s * NCF + WOUNDS], C[c, HEAL_SELF]) * C[c, COST] / max(C[c, LIFE], 1)
            if v > best:
                best, b_kind, b_actor, b_target = v, A_HEAL, s, -1
        if not has_attack:
            if C[c, SPECIAL] > 0 and S[g, s * NCF + COUNTERS] == 0 and MOVE_SCORE / 2 > best:
                best, b_kind, b_actor, b_target = MOVE_SCORE / 2, A_GAIN_COUNTER, s, -1
            if (C[c, GAIN_DIRECTED] > 0 or C[c, GAIN_PROT] > 0) and S[g, s * NCF + GAINED] == 0 \
                    and MOVE_SCORE / 3 > best:
                best, b_kind, b_actor, b_target = MOVE_SCORE / 3, A_TAP_GAIN, s, -1
        if has_attack or S[g, s * NCF + ZONE] != Z_FIELD or S[g, s * NCF + MOVES_LEFT] <= 0:
            continue
        here = nearest_enemy_distance(S, g, q, S[g, s * NCF + CELL])
        if here <= 1:
            continue
        cell = S[g, s * NCF + CELL]
        for d in (-5, 5, -1, 1):
            to = cell + d
            if 0 <= to < N_CELLS and move_error(C, S, g, s, to) == E_OK:
                gain = here - nearest_enemy_distance(S, g, q, to)
                v = MOVE_SCORE * gain
                if v > best:
                    best, b_kind, b_actor, b_target = v, A_MOVE, s, to
        if C[c, JUMP] > 0 and S[g, s * NCF + MOVED] == 0:
            for to in range(N_CELLS):
                if jump_error(C, S, g, s, to) == E_OK:
                    gain = here - nearest_enemy_distance(S, g, q, to)
                    v = MOVE_SCORE * gain * 0.9
                    if v > best:
                        best, b_kind, b_actor, b_target = v, A_JUMP, s, to
    return b_kind, b_actor, b_target
