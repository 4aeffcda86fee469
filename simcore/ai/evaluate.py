"""What the greedy policy believes an attack is worth: expected wound exchange in crystals.

A wound on a card is worth cost / life of that card; killing it is worth its cost once more.
Expectations run over the 36 rolls of the 504 dice table, with exchange choices made by the side
that owns them.
"""
from numba import njit

from ..cardtable import (
    COST,
    COUNTER_CLOSED,
    IGN_TARGET,
    K_DISCHARGE,
    K_STRIKE,
    UNANSWERED,
)
from ..rules.damage import (
    attack_experience,
    attack_wounds,
    current_life,
    defence_experience,
)
from ..rules.dice import single_roll_strength, strike_table
from ..state import ARMOR_LEFT, CARD_ID, CLOSED, EXTRA_LIVES, LIFE_MAX, NCF


@njit(cache=True)
def hit_value(C, S, g, t, w):
    if w <= 0:
        return 0.0
    life = current_life(S, g, t)
    cost = C[S[g, t * NCF + CARD_ID], COST]
    full = max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
    if w >= life:
        return cost * (1.0 + life / full)
    return cost * w / full


@njit(cache=True)
def predicted_wounds(C, S, g, att, t, kind, strength, t_defending, ign, no_bonus):
    w = attack_wounds(C, S, g, att, t, kind, strength, -1, t_defending,
                      ign, no_bonus)
    if not ign and kind != K_DISCHARGE:
        w = max(0, w - S[g, t * NCF + ARMOR_LEFT])
    return w


@njit(cache=True)
def _pick(s, v1, v2, v3):
    if s <= 0:
        return 0.0
    if s == 1:
        return v1
    if s == 2:
        return v2
    return v3


@njit(cache=True)
def strike_ev(C, S, g, att, t, t_defending):
    """Expected crystal value, for att's side, of a simple strike by att fought by t."""
    ca = S[g, att * NCF + CARD_ID]
    ign = C[ca, IGN_TARGET] == 1
    vt1 = hit_value(C, S, g, t, predicted_wounds(C, S, g, att, t, K_STRIKE, 1, t_defending, ign, False))
    vt2 = hit_value(C, S, g, t, predicted_wounds(C, S, g, att, t, K_STRIKE, 2, t_defending, ign, False))
    vt3 = hit_value(C, S, g, t, predicted_wounds(C, S, g, att, t, K_STRIKE, 3, t_defending, ign, False))
    ova = attack_experience(C, S, g, att)
    one_sided = C[ca, UNANSWERED] == 1 or (S[g, t * NCF + CLOSED] == 1
                                           and C[S[g, t * NCF + CARD_ID], COUNTER_CLOSED] == 0)
    if one_sided:
        ev = 0.0
        for r in range(1, 7):
            ev += _pick(single_roll_strength(r + ova), vt1, vt2, vt3) / 6.0
        return ev
    va1 = hit_value(C, S, g, att, predicted_wounds(C, S, g, t, att, K_STRIKE, 1, False, False, ign))
    va2 = hit_value(C, S, g, att, predicted_wounds(C, S, g, t, att, K_STRIKE, 2, False, False, ign))
    ovz = 0 if ign else defence_experience(C, S, g, t)
    ev = 0.0
    for ra in range(1, 7):
        for rd in range(1, 7):
            a_s, c_s, ex = strike_table(ra + ova, rd + ovz)
            v = _pick(a_s, vt1, vt2, vt3) - _pick(c_s, va1, va2, va2)
            if ex == 1:
                v2 = _pick(a_s - 1, vt1, vt2, vt3) - _pick(c_s - 1, va1, va2, va2)
                v = max(v, v2) if a_s > c_s else min(v, v2)
            ev += v
    return ev / 36.0


@njit(cache=True)
def single_roll_ev(C, S, g, att, t, kind):
    """Expected value of a ranged attack (only the attacker rolls)."""
    ign = C[S[g, att * NCF + CARD_ID], IGN_TARGET] == 1
    ova = attack_experience(C, S, g, att)
    ev = 0.0
    for r in range(1, 7):
        s = single_roll_strength(r + ova)
        ev += hit_value(C, S, g, t, predicted_wounds(C, S, g, att, t, kind, s, False, ign,
                                                      False)) / 6.0
    return ev
