"""What the greedy policy believes an attack is worth: expected wound exchange in crystals.

A wound on a card is worth cost / life of that card; killing it is worth its cost once more.
Expectations run over the 12 rows of the 504 dice table, weighted by how often each comes up for
the roll bonuses, with exchange choices made by the side that owns them. Predictions never change
the state (armor is read, not used up).
"""
import numpy as np
from numba import njit

from ..cardtable import (
    AB_ALSO_AMOUNT,
    AB_ALSO_EFFECT,
    AB_AMOUNT,
    AB_AND_SELF,
    AB_COUNTERS,
    AB_DESTROY_SELF,
    AB_EFFECT,
    AB_F_ELEM,
    AB_TARGET,
    AB_THEN,
    AB_THEN_AMOUNT,
    COST,
    EF_BOOST,
    EF_CLOSE,
    EF_DESTROY,
    EF_EXTRA_LIVES,
    EF_GAIN_COUNTER,
    EF_HEAL,
    EF_LOSE_ABILITIES,
    EF_OPEN,
    EF_POISON,
    EF_CURE_POISON,
    EF_REDUCE_LIFE,
    EF_STRIKE_BONUS,
    EF_TRAP,
    EF_WOUND,
    EF_SHOT,
    EF_WEB,
    K_SHOT,
    ELEMENT,
    FLYER,
    IGN_TARGET,
    IGN_ZOAL,
    K_DISCHARGE,
    K_MAGIC,
    K_STRIKE,
    P_FLYER,
    P_WEAK,
    SM,
    SS,
    STRIKES_WEAK,
    SW,
    TG_ADJ,
    TG_ADJ_ENEMIES,
    TG_ALL,
    TG_ALL_ENEMIES,
    TG_ALL_OWN,
    TG_SELF,
)
from ..rules.abilities import ab, matches, spell_blocked
from ..rules.board import adjacent_cells, n_in_play, play_slot
from ..rules.damage import (
    APPLY_RANGED,
    APPLY_STRIKE,
    attack_roll_bonus,
    attack_wounds,
    webbed,
    copied_strike,
    current_life,
    defence_experience,
    only_attacker_rolls,
    protected_from,
    protections,
    ranged_base,
    reduction,
    strike_bonus,
)
from ..rules.dice import MAX_BONUS_ROLL, N_ROWS, dice_row_probabilities, single_roll_strength
from ..state import (
    ACTED,
    ARMOR_LEFT,
    CELL,
    CLOSED,
    EFF,
    EXTRA_LIVES,
    LIFE_MAX,
    MAX_DECK,
    NCF,
    POISON,
    WOUNDS,
    Z_FIELD,
    ZONE,
)

# How often (out of 36) each row of the 504 table comes up for roll bonuses (ova, ovz), and what the
# row is: constants of the rules, frozen into the compiled code.
_prob, ROWS = dice_row_probabilities()
ROW_COUNTS = np.rint(_prob * 36).astype(np.int64)


@njit(cache=True, inline="always")
def hit_value(C, S, g, t, w):
    if w <= 0:
        return 0.0
    life = current_life(S, g, t)
    cost = C[S[g, t * NCF + EFF], COST]
    full = max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
    if w >= life:
        return cost * (1.0 + life / full)
    return cost * w / full


@njit(cache=True)
def predicted_wounds(C, S, g, att, t, kind, strength, t_defending, ign, no_bonus):
    w = attack_wounds(C, S, g, att, t, kind, strength, -1, t_defending, ign, no_bonus)
    if not ign and kind != K_DISCHARGE and kind != K_MAGIC:
        w = max(0, w - S[g, t * NCF + ARMOR_LEFT])
    return w


@njit(cache=True)
def strike_wounds3(C, S, g, att, t, t_defending, ign, no_bonus, attacking):
    """Predicted wounds of a weak, medium and strong simple strike by att on t (one pass of the
    rules of damage.attack_wounds, then armor); attacking: att's own strike, not a counter-strike."""
    ca = S[g, att * NCF + EFF]
    w1 = C[ca, SW]
    w2 = C[ca, SM]
    w3 = C[ca, SS]
    if attacking:
        w1 += copied_strike(C, S, g, att, t, 1)
        w2 += copied_strike(C, S, g, att, t, 2)
        w3 += copied_strike(C, S, g, att, t, 3)
    if not no_bonus:
        w1 += strike_bonus(C, S, g, att, t, 1, APPLY_STRIKE, t_defending)
        w2 += strike_bonus(C, S, g, att, t, 2, APPLY_STRIKE, t_defending)
        w3 += strike_bonus(C, S, g, att, t, 3, APPLY_STRIKE, t_defending)
    if ign:
        return max(w1, 0), max(w2, 0), max(w3, 0)
    prot = protections(C, S, g, t)
    if C[ca, FLYER] == 1 and (prot & P_FLYER) and C[ca, IGN_ZOAL] == 0:
        return 0, 0, 0
    armor = S[g, t * NCF + ARMOR_LEFT]
    w1 = 0 if prot & P_WEAK else max(w1 - reduction(C, S, g, t, att, K_STRIKE, 1) - armor, 0)
    if C[S[g, t * NCF + EFF], STRIKES_WEAK] == 1:
        return w1, w1, w1                 # every strike at it is reduced to weak
    w2 = max(w2 - reduction(C, S, g, t, att, K_STRIKE, 2) - armor, 0)
    w3 = max(w3 - reduction(C, S, g, t, att, K_STRIKE, 3) - armor, 0)
    return w1, w2, w3


@njit(cache=True, inline="always")
def _pick(s, v1, v2, v3):
    if s <= 0:
        return 0.0
    if s == 1:
        return v1
    if s == 2:
        return v2
    return v3


@njit(cache=True)
def single_roll_value(ova, v1, v2, v3):
    """Mean of v1/v2/v3 over the strength of a lone attacker's roll (d6 + ova)."""
    ev = 0.0
    for r in range(1, 7):
        ev += _pick(single_roll_strength(r + ova), v1, v2, v3)
    return ev / 6.0


@njit(cache=True)
def strike_ev(C, S, g, att, t, t_defending):
    """Expected crystal value, for att's side, of a simple strike by att fought by t."""
    ca = S[g, att * NCF + EFF]
    ign = C[ca, IGN_TARGET] == 1
    w1, w2, w3 = strike_wounds3(C, S, g, att, t, t_defending, ign, False, True)
    vt1 = hit_value(C, S, g, t, w1)
    vt2 = hit_value(C, S, g, t, w2)
    vt3 = hit_value(C, S, g, t, w3)
    ova = attack_roll_bonus(C, S, g, att, t)
    if only_attacker_rolls(C, S, g, att, t):
        return single_roll_value(ova, vt1, vt2, vt3)
    c1, c2, c3 = strike_wounds3(C, S, g, t, att, False, False, ign, False)
    va1 = hit_value(C, S, g, att, c1)
    va2 = hit_value(C, S, g, att, c2)
    ovz = 0 if ign else defence_experience(C, S, g, t)
    ova = min(max(ova, 0), MAX_BONUS_ROLL - 1)
    ovz = min(max(ovz, 0), MAX_BONUS_ROLL - 1)
    ev = 0.0
    for r in range(N_ROWS):
        n = ROW_COUNTS[ova, ovz, r]
        if n == 0:
            continue
        a_s = ROWS[r, 0]
        c_s = ROWS[r, 1]
        v = _pick(a_s, vt1, vt2, vt3) - _pick(c_s, va1, va2, va2)
        if ROWS[r, 2] == 1:
            v2 = _pick(a_s - 1, vt1, vt2, vt3) - _pick(c_s - 1, va1, va2, va2)
            v = max(v, v2) if a_s > c_s else min(v, v2)
        ev += n * v
    return ev / 36.0


@njit(cache=True)
def ranged_wounds3(C, S, g, att, t, kind, ign):
    """Predicted wounds of a weak, medium and strong ranged attack by att on t (one pass of the
    rules of damage.attack_wounds with the counters charged, then armor for non-magic attacks)."""
    w1 = ranged_base(C, S, g, att, 1) + strike_bonus(C, S, g, att, t, 1, APPLY_RANGED, False)
    w2 = ranged_base(C, S, g, att, 2) + strike_bonus(C, S, g, att, t, 2, APPLY_RANGED, False)
    w3 = ranged_base(C, S, g, att, 3) + strike_bonus(C, S, g, att, t, 3, APPLY_RANGED, False)
    if ign:
        return max(w1, 0), max(w2, 0), max(w3, 0)
    if protected_from(C, S, g, t, att, kind, 2):
        return 0, 0, 0
    red = reduction(C, S, g, t, att, kind, 0)
    if kind != K_DISCHARGE and kind != K_MAGIC:
        red += S[g, t * NCF + ARMOR_LEFT]
    return max(w1 - red, 0), max(w2 - red, 0), max(w3 - red, 0)


@njit(cache=True)
def single_roll_ev(C, S, g, att, t, kind):
    """Expected value of a ranged attack (only the attacker rolls), counters charged included."""
    ign = C[S[g, att * NCF + EFF], IGN_TARGET] == 1
    ova = attack_roll_bonus(C, S, g, att, t)
    w1, w2, w3 = ranged_wounds3(C, S, g, att, t, kind, ign)
    v1 = hit_value(C, S, g, t, w1)
    v2 = hit_value(C, S, g, t, w2)
    v3 = hit_value(C, S, g, t, w3)
    return single_roll_value(ova, v1, v2, v3)


@njit(cache=True)
def effect_value(C, S, g, s, c, k, t):
    """What ability k of s (table row c) is worth on card t, in crystals (negative: harmful), its
    `also` effect included."""
    v = one_effect_value(C, S, g, s, c, k, t, ab(C, c, k, AB_EFFECT), ab(C, c, k, AB_AMOUNT))
    if ab(C, c, k, AB_ALSO_EFFECT) > 0:
        v += one_effect_value(C, S, g, s, c, k, t, ab(C, c, k, AB_ALSO_EFFECT), ab(C, c, k, AB_ALSO_AMOUNT))
    return v


@njit(cache=True)
def one_effect_value(C, S, g, s, c, k, t, eff, n):
    """What effect eff of amount n of ability k of s is worth on card t."""
    own = t // MAX_DECK == s // MAX_DECK
    ct = S[g, t * NCF + EFF]
    per_life = C[ct, COST] / max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
    w = S[g, t * NCF + WOUNDS]
    if eff == EF_WOUND or eff == EF_REDUCE_LIFE:
        if not own:
            return hit_value(C, S, g, t, n)
        if ab(C, c, k, AB_THEN) == 1 and current_life(S, g, t) > n:
            # Рафаэль: wound now, heal more at the end of the turn: a net heal of the old wounds
            return 0.8 * min(w, ab(C, c, k, AB_THEN_AMOUNT) - n) * per_life
        return -hit_value(C, S, g, t, n)
    if eff == EF_HEAL:
        return (0.8 if own else -0.8) * min(w, n) * per_life
    if eff == EF_DESTROY:
        return hit_value(C, S, g, t, 1000) * (-1.0 if own else 1.0)
    if eff == EF_POISON:
        return 0.0 if own else 1.5 * n * per_life
    if eff == EF_CURE_POISON:
        return (1.5 if own else -1.5) * S[g, t * NCF + POISON] * per_life
    if eff == EF_EXTRA_LIVES:
        return (0.8 if own else -0.8) * n * per_life
    if eff == EF_LOSE_ABILITIES:
        return (-0.3 if own else 0.3) * C[ct, COST]
    if eff == EF_CLOSE:
        return 0.0 if own or S[g, t * NCF + CLOSED] == 1 else 0.3 * C[ct, COST]
    if eff == EF_OPEN:
        return 0.3 * C[ct, COST] if own and S[g, t * NCF + CLOSED] == 1 else 0.0
    if eff == EF_STRIKE_BONUS:
        return 0.1 * n if own and S[g, t * NCF + ACTED] == 0 else 0.0
    if eff == EF_GAIN_COUNTER:
        return 0.05 if own else 0.0
    if eff == EF_SHOT:
        w = attack_wounds(C, S, g, s, t, K_SHOT, 2, n, False, False, False)
        return -hit_value(C, S, g, t, w) if own else hit_value(C, S, g, t, w)
    if eff == EF_WEB:
        # its owner loses its next turn with it (it cannot be attacked meanwhile either)
        return 0.0 if own or webbed(S, g, t) else 0.3 * C[ct, COST]
    return 0.0


@njit(cache=True)
def ability_value(C, S, g, s, c, k, t):
    """The value of playing ability k of s at target t (-1: none), its costs taken off."""
    eff = ab(C, c, k, AB_EFFECT)
    target = ab(C, c, k, AB_TARGET)
    n = ab(C, c, k, AB_AMOUNT)
    v = 0.0
    if eff == EF_TRAP:
        v = 0.35 * n                   # some enemy creature of average worth will take it
    elif eff == EF_BOOST:
        # about one extra wound on a later attack, if a creature it can boost is in play
        p = s // MAX_DECK
        e = ab(C, c, k, AB_F_ELEM)
        for i in range(n_in_play(S, g, p)):
            o = play_slot(S, g, p, i)
            if e == 0 or C[S[g, o * NCF + EFF], ELEMENT] == e - 1:
                v = 0.35 * n
                break
    elif target == TG_SELF:
        v = effect_value(C, S, g, s, c, k, s)
    elif t >= 0:
        v = effect_value(C, S, g, s, c, k, t)
        if ab(C, c, k, AB_AND_SELF) == 1:
            v -= hit_value(C, S, g, s, 1000)
    else:
        p = s // MAX_DECK
        for q in range(2):
            if (target == TG_ADJ_ENEMIES or target == TG_ALL_ENEMIES) and q == p:
                continue
            if target == TG_ALL_OWN and q != p:
                continue
            for i in range(n_in_play(S, g, q)):
                o = play_slot(S, g, q, i)
                if o == s and target != TG_ALL_OWN and target != TG_ALL:
                    continue
                if target == TG_ADJ or target == TG_ADJ_ENEMIES:
                    if S[g, o * NCF + ZONE] != Z_FIELD or S[g, s * NCF + ZONE] != Z_FIELD or \
                            not adjacent_cells(S[g, o * NCF + CELL], S[g, s * NCF + CELL]):
                        continue
                if matches(C, S, g, s, c, k, o) and not spell_blocked(C, S, g, c, k, o):
                    v += effect_value(C, S, g, s, c, k, o)
        if ab(C, c, k, AB_DESTROY_SELF) == 1:
            v -= hit_value(C, S, g, s, 1000)        # Болотник: it destroys itself first
    return v - 0.05 * ab(C, c, k, AB_COUNTERS)
