"""What the greedy policy believes an attack is worth: expected wound exchange in crystals.

A wound on a card is worth cost / life of that card; killing it is worth its cost once more.
Expectations run over the 12 rows of the 504 dice table, weighted by how often each comes up for
the roll bonuses, with exchange choices made by the side that owns them. Predictions never change
the state (armor is read, not used up).
"""
import numpy as np
from numba import njit

from decks.registry import AmountOf, AppliesTo, AttackKind, Effect, Protection, Spread, Target

from ..cardtable import (
    AB_ALSO_AMOUNT,
    AB_ALSO_EFFECT,
    AB_ALSO_UNLESS,
    AB_AMOUNT,
    AB_AMOUNT_OF,
    AB_AND_SELF,
    AB_COUNTERS,
    AB_DESTROY_SELF,
    AB_EFFECT,
    AB_F_ELEM,
    AB_SELF_XL,
    AB_SPREAD,
    AB_TARGET,
    AB_THEN,
    AB_THEN_AMOUNT,
    AB_UP_TO,
    CLOSED_STRIKE_CAP,
    COST,
    DEF_REDUCE,
    ELEMENT,
    F_BESIDE_WEAK,
    FLYER,
    IGN_TARGET,
    IGN_ZOAL,
    LIFE,
    NO_COUNTER_WOUNDS,
    RANGED_PER_WOUND,
    REGEN,
    RKIND,
    SM,
    SS,
    STRIKES_WEAK,
    SW,
)
from ..rules.abilities import spread_targets
from ..rules.board import ab, adjacent_cells, has_adjacent_enemy, n_in_play, opposite_card, play_slot
from ..rules.damage import (
    attack_roll_bonus,
    attack_wounds,
    beside_weak,
    copied_strike,
    current_life,
    defence_experience,
    only_attacker_rolls,
    own_above_printed,
    protected_from,
    protections,
    ranged_base,
    reduction,
    strike_bonus,
    turn_wounds,
    webbed,
)
from ..rules.dice import (
    MAX_BONUS_ROLL,
    MISS,
    N_ROWS,
    STRONG,
    WEAK,
    dice_row_probabilities,
    single_roll_strength,
    strike_table,
)
from ..rules.effects.strike import is_strike_effect
from ..rules.targets import matches, spell_blocked
from ..state import (
    ACTED,
    ARMOR_LEFT,
    CARD_ID,
    CELL,
    CLOSED,
    EFF,
    EXTRA_LIVES,
    G_FLAGS,
    G_ROLL,
    G_ROLL_A,
    G_ROLL_ATT,
    G_ROLL_D,
    G_ROLL_DEF,
    G_ROLL_MINUS,
    G_ROLL_MINUS_C,
    G_ROLL_STRONG,
    G_ROLL_T,
    G_ROLL_TO_ONE,
    GAME0,
    LIFE_MAX,
    MAX_DECK,
    N_SLOTS,
    NCF,
    POISON,
    ROLL_RANGED,
    ROLL_SINGLE,
    TF_NO_STRIKES,
    TMP_FLAGS,
    WOUNDS,
    Z_FIELD,
    ZONE,
)
from .values import GREEDY, best_ram, policy_of

# How often (out of 36) each row of the 504 table comes up for roll bonuses (ova, ovz), and what the
# row is: constants of the rules, frozen into the compiled code.
_prob, ROWS = dice_row_probabilities()
ROW_COUNTS = np.rint(_prob * 36).astype(np.int64)


@njit(cache=True, _nrt=False, inline="always")
def hit_value(C, S, g, t, w):
    if w <= 0:
        return 0.0
    life = current_life(S, g, t)
    cost = C[S[g, t * NCF + EFF], COST]
    full = max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
    if w >= life:
        return cost * (1.0 + life / full)
    return cost * w / full


@njit(cache=True, _nrt=False, inline="always")
def aimed_value(C, S, g, t, w, focus):
    """hit_value with focus (0..1): a wound that does not destroy t is worth its cost over t's full life
    (focus 0, hit_value) up to its cost over the life t has left (focus 1), so that the pilot finishes
    what it has wounded instead of spreading its wounds."""
    if w <= 0:
        return 0.0
    life = current_life(S, g, t)
    cost = C[S[g, t * NCF + EFF], COST]
    full = max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
    if w >= life:
        return cost * (1.0 + life / full)
    return cost * w / max(full - focus * (full - life), 1.0)


@njit(cache=True, _nrt=False)
def predicted_wounds(C, S, g, att, t, kind, strength, t_defending, ign, no_bonus):
    w = attack_wounds(C, S, g, att, t, kind, strength, -1, t_defending, ign, no_bonus)
    if not ign and kind != AttackKind.DISCHARGE and kind != AttackKind.MAGIC_STRIKE:
        w = max(0, w - S[g, t * NCF + ARMOR_LEFT])
    return w


@njit(cache=True, _nrt=False)
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
        w1 += strike_bonus(C, S, g, att, t, 1, AppliesTo.STRIKE, t_defending)
        w2 += strike_bonus(C, S, g, att, t, 2, AppliesTo.STRIKE, t_defending)
        w3 += strike_bonus(C, S, g, att, t, 3, AppliesTo.STRIKE, t_defending)
    if ign:
        return max(w1, 0), max(w2, 0), max(w3, 0)
    prot = protections(C, S, g, t)
    if C[ca, FLYER] == 1 and (prot & Protection.FLYER) and C[ca, IGN_ZOAL] == 0:
        return 0, 0, 0
    if S[g, t * NCF + TMP_FLAGS] & TF_NO_STRIKES:
        return 0, 0, 0                    # protect_from_strikes (Древний огр)
    if not attacking and C[S[g, t * NCF + EFF], NO_COUNTER_WOUNDS] == 1:
        return 0, 0, 0                    # no_counter_strike_wounds (Килсус)
    armor = S[g, t * NCF + ARMOR_LEFT]
    ct = S[g, t * NCF + EFF]
    if C[ct, CLOSED_STRIKE_CAP] > 0 and S[g, t * NCF + CLOSED] == 1:      # Морок, closed
        w1 = min(w1, C[ct, CLOSED_STRIKE_CAP])
        w2 = min(w2, C[ct, CLOSED_STRIKE_CAP])
        w3 = min(w3, C[ct, CLOSED_STRIKE_CAP])
    if t_defending:
        armor += C[ct, DEF_REDUCE]        # Морок: -N while acting as defender
    w1 = 0 if prot & Protection.WEAK_STRIKE else max(w1 - reduction(C, S, g, t, att, AttackKind.STRIKE, 1) - armor, 0)
    if C[S[g, t * NCF + EFF], STRIKES_WEAK] == 1:
        return w1, w1, w1                 # every strike at it is reduced to weak
    if S[g, GAME0 + G_FLAGS] & F_BESIDE_WEAK and beside_weak(C, S, g, t):
        return w1, w1, w1                 # beside a Морок: reduced to weak
    w2 = max(w2 - reduction(C, S, g, t, att, AttackKind.STRIKE, 2) - armor, 0)
    w3 = max(w3 - reduction(C, S, g, t, att, AttackKind.STRIKE, 3) - armor, 0)
    return w1, w2, w3


@njit(cache=True, _nrt=False, inline="always")
def _pick(s, v1, v2, v3):
    if s <= 0:
        return 0.0
    if s == 1:
        return v1
    if s == 2:
        return v2
    return v3


@njit(cache=True, _nrt=False)
def single_roll_value(ova, v1, v2, v3):
    """Mean of v1/v2/v3 over the strength of a lone attacker's roll (d6 + ova)."""
    ev = 0.0
    for r in range(1, 7):
        ev += _pick(single_roll_strength(r + ova), v1, v2, v3)
    return ev / 6.0


@njit(cache=True, _nrt=False)
def strike_ev_both(C, S, g, att, t, t_defending, focus):
    """Expected crystal value, for att's side, of a simple strike by att fought by t, the wounds valued
    by hit_value and by aimed_value with `focus`: (unaimed, aimed), the wounds predicted once (with
    focus 0 the two are one, worked out once)."""
    return strike_values(C, S, g, att, t, t_defending, focus, True)


@njit(cache=True, _nrt=False)
def strike_ev(C, S, g, att, t, t_defending, focus):
    """Expected crystal value, for att's side, of a simple strike by att fought by t (wounds valued
    by aimed_value with `focus`; 0: hit_value)."""
    return strike_values(C, S, g, att, t, t_defending, focus, False)[1]


@njit(cache=True, _nrt=False)
def strike_values(C, S, g, att, t, t_defending, focus, unaimed):
    """strike_ev_both; without `unaimed`, only the aimed value is worked out (the first is then 0, unless
    focus is 0 and the two are one)."""
    ca = S[g, att * NCF + EFF]
    ign = C[ca, IGN_TARGET] == 1
    w1, w2, w3 = strike_wounds3(C, S, g, att, t, t_defending, ign, False, True)
    aimed = focus != 0.0
    unaimed = unaimed or not aimed
    ut1 = ut2 = ut3 = vt1 = vt2 = vt3 = 0.0
    if unaimed:
        ut1 = aimed_value(C, S, g, t, w1, 0.0)
        ut2 = aimed_value(C, S, g, t, w2, 0.0)
        ut3 = aimed_value(C, S, g, t, w3, 0.0)
    if aimed:
        vt1 = aimed_value(C, S, g, t, w1, focus)
        vt2 = aimed_value(C, S, g, t, w2, focus)
        vt3 = aimed_value(C, S, g, t, w3, focus)
    ova = attack_roll_bonus(C, S, g, att, t)
    if only_attacker_rolls(C, S, g, att, t):
        eu = single_roll_value(ova, ut1, ut2, ut3) if unaimed else 0.0
        return eu, single_roll_value(ova, vt1, vt2, vt3) if aimed else eu
    c1, c2, _ = strike_wounds3(C, S, g, t, att, False, False, ign, False)
    ovz = 0 if ign else defence_experience(C, S, g, t)
    ova = min(max(ova, 0), MAX_BONUS_ROLL - 1)
    ovz = min(max(ovz, 0), MAX_BONUS_ROLL - 1)
    eu = 0.0
    if unaimed:
        ua1 = aimed_value(C, S, g, att, c1, 0.0)
        ua2 = aimed_value(C, S, g, att, c2, 0.0)
        eu = exchange_ev(ova, ovz, ut1, ut2, ut3, ua1, ua2)
    if not aimed:
        return eu, eu
    va1 = aimed_value(C, S, g, att, c1, focus)
    va2 = aimed_value(C, S, g, att, c2, focus)
    return eu, exchange_ev(ova, ovz, vt1, vt2, vt3, va1, va2)


@njit(cache=True, _nrt=False)
def exchange_ev(ova, ovz, t1, t2, t3, a1, a2):
    """The mean, over the rows of the 504 dice table where both roll (roll bonuses ova and ovz), of the
    worth t1..t3 of the attacker's weak, medium or strong strike less the worth a1, a2 of the
    counter-strike, the exchange taken by the side that owns it."""
    e = 0.0
    for r in range(N_ROWS):
        n = ROW_COUNTS[ova, ovz, r]
        if n == 0:
            continue
        a_s = ROWS[r, 0]
        c_s = ROWS[r, 1]
        u = _pick(a_s, t1, t2, t3) - _pick(c_s, a1, a2, a2)
        if ROWS[r, 2] == 1:
            u2 = _pick(a_s - 1, t1, t2, t3) - _pick(c_s - 1, a1, a2, a2)
            u = max(u, u2) if a_s > c_s else min(u, u2)
        e += n * u
    return e / 36.0


@njit(cache=True, _nrt=False)
def ranged_wounds3(C, S, g, att, t, kind, ign):
    """Predicted wounds of a weak, medium and strong ranged attack by att on t (one pass of the
    rules of damage.attack_wounds with the counters charged, then armor for non-magic attacks)."""
    w1 = ranged_base(C, S, g, att, 1) + strike_bonus(C, S, g, att, t, 1, AppliesTo.RANGED, False)
    w2 = ranged_base(C, S, g, att, 2) + strike_bonus(C, S, g, att, t, 2, AppliesTo.RANGED, False)
    w3 = ranged_base(C, S, g, att, 3) + strike_bonus(C, S, g, att, t, 3, AppliesTo.RANGED, False)
    if ign:
        return max(w1, 0), max(w2, 0), max(w3, 0)
    if protected_from(C, S, g, t, att, kind, 2):
        return 0, 0, 0
    red = reduction(C, S, g, t, att, kind, 0)
    if kind != AttackKind.DISCHARGE and kind != AttackKind.MAGIC_STRIKE:
        red += S[g, t * NCF + ARMOR_LEFT]
    return max(w1 - red, 0), max(w2 - red, 0), max(w3 - red, 0)


@njit(cache=True, _nrt=False)
def single_roll_ev(C, S, g, att, t, kind, focus):
    """Expected value of a ranged attack (only the attacker rolls), counters charged included (wounds
    valued by aimed_value with `focus`)."""
    ign = C[S[g, att * NCF + EFF], IGN_TARGET] == 1
    ova = attack_roll_bonus(C, S, g, att, t)
    w1, w2, w3 = ranged_wounds3(C, S, g, att, t, kind, ign)
    v1 = aimed_value(C, S, g, t, w1, focus)
    v2 = aimed_value(C, S, g, t, w2, focus)
    v3 = aimed_value(C, S, g, t, w3, focus)
    return single_roll_value(ova, v1, v2, v3)


@njit(cache=True, _nrt=False)
def effect_value(C, S, g, s, c, k, t):
    """What ability k of s (table row c) is worth on card t, in crystals (negative: harmful), its
    `also` effect included."""
    n = ab(C, c, k, AB_AMOUNT)
    if ab(C, c, k, AB_AMOUNT_OF) == AmountOf.WOUNDS_THIS_TURN:
        n = turn_wounds(S, g, t)
    if ab(C, c, k, AB_AMOUNT_OF) == AmountOf.OWN_ABOVE_PRINTED_LIFE:
        # X = own cards above their printed life, counted after its self_first gain
        x = own_above_printed(C, S, g, s // MAX_DECK)
        if current_life(S, g, s) <= C[S[g, s * NCF + CARD_ID], LIFE] < current_life(S, g, s) + ab(C, c, k, AB_SELF_XL):
            x += 1
        n = min(x, n)
    v = one_effect_value(C, S, g, s, c, k, t, ab(C, c, k, AB_EFFECT), n)
    if ab(C, c, k, AB_ALSO_EFFECT) > 0:
        v += one_effect_value(C, S, g, s, c, k, t, ab(C, c, k, AB_ALSO_EFFECT), ab(C, c, k, AB_ALSO_AMOUNT))
    return v


@njit(cache=True, _nrt=False)
def wounds_moved_value(C, S, g, s, t, m, lethal):
    """What moving m of t's wounds onto s (take_wounds, an ability of s) is worth to s's side: t's wounds
    healed (0.8 of their share of t's cost; an enemy's, as much lost), the same wounds on s (hit_value,
    half when s regenerates, unless they destroy it and `lethal`: regeneration does not save it), and
    Рэккен's charge (ranged_per_wound: its wounds charge its ranged attack, about 0.4 a point)."""
    if m <= 0 or t == s:
        return 0.0
    own = t // MAX_DECK == s // MAX_DECK
    per_life = C[S[g, t * NCF + EFF], COST] / max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
    cs = S[g, s * NCF + EFF]
    lighter = C[cs, REGEN] > 0 and not (lethal and m >= current_life(S, g, s))
    cost_self = hit_value(C, S, g, s, m) * (0.5 if lighter else 1.0)
    charge = 0.4 * min(m, max(C[cs, RANGED_PER_WOUND] - S[g, s * NCF + WOUNDS], 0))
    return (0.8 if own else -0.8) * m * per_life - cost_self + charge


@njit(cache=True, _nrt=False)
def best_wounds_moved(C, S, g, s, t, n):
    """(m, worth): how many of t's wounds (0 up to n and the wounds it has) greedy moves onto s, the
    number worth most by wounds_moved_value (the fewest on a tie; 0 when none is worth anything)."""
    best_m, best = 0, 0.0
    for m in range(1, min(n, S[g, t * NCF + WOUNDS]) + 1):
        v = wounds_moved_value(C, S, g, s, t, m, True)
        if v > best + 1e-9:
            best_m, best = m, v
    return best_m, best


@njit(cache=True, _nrt=False)
def one_effect_value(C, S, g, s, c, k, t, eff, n):
    """What effect eff of amount n of ability k of s is worth on card t."""
    own = t // MAX_DECK == s // MAX_DECK
    ct = S[g, t * NCF + EFF]
    per_life = C[ct, COST] / max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
    w = S[g, t * NCF + WOUNDS]
    if eff == Effect.WOUND or eff == Effect.REDUCE_LIFE:
        if not own:
            return hit_value(C, S, g, t, n)
        if ab(C, c, k, AB_THEN) == 1 and current_life(S, g, t) > n:
            # Рафаэль: wound now, heal more at the end of the turn: a net heal of the old wounds
            return 0.8 * min(w, ab(C, c, k, AB_THEN_AMOUNT) - n) * per_life
        return -hit_value(C, S, g, t, n)
    if eff == Effect.REDUCE_LIFE_TURN:
        # until the end of the turn: worth something only when it destroys the card
        if n < current_life(S, g, t):
            return 0.0
        return -hit_value(C, S, g, t, n) if own else hit_value(C, S, g, t, n)
    if eff == Effect.HEAL:
        return (0.8 if own else -0.8) * min(w, n) * per_life
    if eff == Effect.DESTROY:
        return hit_value(C, S, g, t, 1000) * (-1.0 if own else 1.0)
    if eff == Effect.POISON:
        return 0.0 if own else 1.5 * n * per_life
    if eff == Effect.CURE_POISON:
        return (1.5 if own else -1.5) * S[g, t * NCF + POISON] * per_life
    if eff == Effect.EXTRA_LIVES:
        return (0.8 if own else -0.8) * n * per_life
    if eff == Effect.LOSE_ABILITIES:
        return (-0.3 if own else 0.3) * C[ct, COST]
    if eff == Effect.CLOSE:
        return 0.0 if own or S[g, t * NCF + CLOSED] == 1 else 0.3 * C[ct, COST]
    if eff == Effect.OPEN:
        return 0.3 * C[ct, COST] if own and S[g, t * NCF + CLOSED] == 1 else 0.0
    if eff == Effect.STRIKE_BONUS:
        return 0.1 * n if own and S[g, t * NCF + ACTED] == 0 else 0.0
    if eff == Effect.GAIN_COUNTER:
        return 0.05 if own else 0.0
    if eff == Effect.SHOT:
        return -hit_value(C, S, g, t, n) if own else hit_value(C, S, g, t, n)
    if eff == Effect.ROLLED_SHOT:      # a rolled shot N
        w = attack_wounds(C, S, g, s, t, AttackKind.SHOT, 2, n, False, False, False)
        return -hit_value(C, S, g, t, w) if own else hit_value(C, S, g, t, w)
    if eff == Effect.TAKE_WOUNDS:
        if policy_of(S, g, s // MAX_DECK) >= GREEDY:
            return best_wounds_moved(C, S, g, s, t, n)[1]       # it moves as many as pay (WOUNDS_MOVED)
        return wounds_moved_value(C, S, g, s, t, min(w, n), False)       # baseline: all it can
    if eff == Effect.ROLL_BONUS_AGAINST:
        return 0.0 if own else 0.1 * n      # its attackers this turn roll higher
    if eff == Effect.RAISE_POISON:
        p = S[g, t * NCF + POISON]
        d = max(p, min(p + n, ab(C, c, k, AB_UP_TO))) - p if p > 0 else 0
        return 0.0 if own else 1.5 * d * per_life
    if eff == Effect.STONE_SKIN:
        return (0.1 if own else -0.1) * n * C[ct, COST] / 5
    if eff == Effect.REVIVE:
        return 0.8 * C[ct, COST] if own else 0.0         # a card back from the graveyard, closed
    if eff == Effect.WEB:
        # its owner loses its next turn with it (it cannot be attacked meanwhile either)
        return 0.0 if own or webbed(S, g, t) else 0.3 * C[ct, COST]
    if eff == Effect.RELOCATE:
        # the pilot takes an enemy out of contact with its cards, or brings its own open card into it
        # (the cell: choices.cell_choice); worth a fifth of the card when the move changes that
        near = has_adjacent_enemy(S, g, t)
        if own:
            return 0.2 * C[ct, COST] if not near and S[g, t * NCF + CLOSED] == 0 else 0.0
        return 0.2 * C[ct, COST] if near else 0.0
    return 0.0


@njit(cache=True, _nrt=False)
def roll_outcome(C, S, g, p, ra, rd, strong, to_one, minus_a, minus_c):
    """What the attack in progress (its dice window, rules.strike_effects) is worth to player p with
    these dice and strike changes: wounds it deals minus wounds it takes, for the attacker's side
    (the exchange is not taken)."""
    att = S[g, GAME0 + G_ROLL_ATT]
    t = S[g, GAME0 + G_ROLL_T]
    kind = S[g, GAME0 + G_ROLL]
    ca = S[g, att * NCF + EFF]
    ign = C[ca, IGN_TARGET] == 1
    ova = attack_roll_bonus(C, S, g, att, t)
    if kind == ROLL_RANGED:
        s = single_roll_strength(ra + ova)
        v = hit_value(C, S, g, t, predicted_wounds(C, S, g, att, t, C[ca, RKIND], s, False, ign, False))
        return v if att // MAX_DECK == p else -v
    if kind == ROLL_SINGLE:
        a_str = single_roll_strength(ra + ova)
        c_str = MISS
    else:
        ovz = 0 if ign else defence_experience(C, S, g, t)
        a_str, c_str, _ = strike_table(ra + ova, rd + ovz)
    if strong & 1 and a_str > MISS:
        a_str = STRONG
    if strong & 2 and c_str > MISS:
        c_str = STRONG
    if C[S[g, t * NCF + EFF], STRIKES_WEAK] == 1 and not ign:
        a_str = min(a_str, WEAK)
    if C[ca, STRIKES_WEAK] == 1:
        c_str = min(c_str, WEAK)
    wt = 0
    if a_str > MISS:
        wt = predicted_wounds(C, S, g, att, t, AttackKind.STRIKE, a_str, S[g, GAME0 + G_ROLL_DEF] == 1, ign, False)
        wt = max((min(wt, 1) if to_one & 1 else wt) - minus_a, 0)
    wa = 0
    if c_str > MISS:
        wa = predicted_wounds(C, S, g, t, att, AttackKind.STRIKE, c_str, False, False, ign)
        wa = max((min(wa, 1) if to_one & 2 else wa) - minus_c, 0)
    v = hit_value(C, S, g, t, wt) - hit_value(C, S, g, att, wa)
    return v if att // MAX_DECK == p else -v


@njit(cache=True, _nrt=False)
def strike_effect_value(C, S, g, s, c, k, opt):
    """What strike effect k of s with option opt is worth to its owner: the attack's worth after it
    minus before (a reroll: the mean over the six faces), its `also` on its own card included."""
    p = s // MAX_DECK
    eff = ab(C, c, k, AB_EFFECT)
    n = ab(C, c, k, AB_AMOUNT)
    ra = S[g, GAME0 + G_ROLL_A]
    rd = S[g, GAME0 + G_ROLL_D]
    strong = S[g, GAME0 + G_ROLL_STRONG]
    to_one = S[g, GAME0 + G_ROLL_TO_ONE]
    ma = S[g, GAME0 + G_ROLL_MINUS]
    mc = S[g, GAME0 + G_ROLL_MINUS_C]
    before = roll_outcome(C, S, g, p, ra, rd, strong, to_one, ma, mc)
    if eff == Effect.WOUND_ON_ONE:
        victim = S[g, GAME0 + G_ROLL_ATT] if opt == 0 else S[g, GAME0 + G_ROLL_T]
        v = hit_value(C, S, g, victim, n)
        return -v if victim // MAX_DECK == p else v
    after = before
    if eff == Effect.DIE_LUCK:
        die = opt // 3
        mode = opt % 3
        if mode == 2:
            after = 0.0
            for face in range(1, 7):
                after += roll_outcome(C, S, g, p, face if die == 0 else ra, face if die == 1 else rd,
                                      strong, to_one, ma, mc) / 6.0
        else:
            d = 1 if mode == 0 else -1
            after = roll_outcome(C, S, g, p, ra + (d if die == 0 else 0), rd + (d if die == 1 else 0),
                                 strong, to_one, ma, mc)
    elif eff == Effect.STRIKE_STRONG:
        after = roll_outcome(C, S, g, p, ra, rd, strong | (1 << opt), to_one, ma, mc)
    elif eff == Effect.STRIKE_TO_ONE:
        after = roll_outcome(C, S, g, p, ra, rd, strong, to_one | (1 << opt), ma, mc)
    elif eff == Effect.STRIKE_MINUS:
        after = roll_outcome(C, S, g, p, ra, rd, strong, to_one, ma + (n if opt == 0 else 0),
                             mc + (n if opt == 1 else 0))
    v = after - before
    also = ab(C, c, k, AB_ALSO_EFFECT)
    if also > 0:
        struck = S[g, GAME0 + G_ROLL_T] if opt == 0 else S[g, GAME0 + G_ROLL_ATT]
        unless = ab(C, c, k, AB_ALSO_UNLESS)
        if not (unless > 0 and C[S[g, struck * NCF + EFF], ELEMENT] == unless - 1):
            v += one_effect_value(C, S, g, s, c, k, s, also, ab(C, c, k, AB_ALSO_AMOUNT))
    return v


@njit(cache=True, _nrt=False)
def ability_value(C, S, g, s, c, k, t):
    """The value of playing ability k of s at target t (-1: none), its costs taken off."""
    eff = ab(C, c, k, AB_EFFECT)
    if is_strike_effect(eff):
        return strike_effect_value(C, S, g, s, c, k, t) - 0.05 * ab(C, c, k, AB_COUNTERS)
    target = ab(C, c, k, AB_TARGET)
    n = ab(C, c, k, AB_AMOUNT)
    v = 0.0
    if eff == Effect.TRAP:
        v = 0.35 * n                   # some enemy creature of average worth will take it
    elif eff == Effect.BOOST_NEXT_ATTACK:
        # about one extra wound on a later attack, if a creature it can boost is in play
        p = s // MAX_DECK
        e = ab(C, c, k, AB_F_ELEM)
        for i in range(n_in_play(S, g, p)):
            o = play_slot(S, g, p, i)
            if e == 0 or C[S[g, o * NCF + EFF], ELEMENT] == e - 1:
                v = 0.35 * n
                break
    elif target == Target.SELF:
        v = effect_value(C, S, g, s, c, k, s)
    elif target == Target.OPPOSITE_ENEMY:
        o = opposite_card(S, g, s)
        if o >= 0 and o // MAX_DECK != s // MAX_DECK and matches(C, S, g, s, c, k, o):
            if eff == Effect.RAM:
                _, v = best_ram(C, S, g, s, o)
            else:
                v = effect_value(C, S, g, s, c, k, o)
    elif t >= 0:
        v = effect_value(C, S, g, s, c, k, t)
        if ab(C, c, k, AB_SPREAD) == Spread.ADJACENT_ENEMIES_SAME_WEAK:       # Герольд мрака
            lo, hi = spread_targets(C, S, g, s, t)
            for o in range(N_SLOTS):
                if (lo >> o) & 1 if o < 64 else (hi >> (o - 64)) & 1:
                    v += effect_value(C, S, g, s, c, k, o)
        if ab(C, c, k, AB_SELF_XL) > 0:                       # Керсамская знать
            v += one_effect_value(C, S, g, s, c, k, s, Effect.EXTRA_LIVES, ab(C, c, k, AB_SELF_XL))
        if ab(C, c, k, AB_AND_SELF) == 1:
            v -= hit_value(C, S, g, s, 1000)
    else:
        p = s // MAX_DECK
        for q in range(2):
            if (target == Target.ADJACENT_ENEMIES or target == Target.ALL_ENEMIES) and q == p:
                continue
            if target == Target.ALL_OWN and q != p:
                continue
            for i in range(n_in_play(S, g, q)):
                o = play_slot(S, g, q, i)
                if o == s and target != Target.ALL_OWN and target != Target.ALL:
                    continue
                if target == Target.ADJACENT or target == Target.ADJACENT_ENEMIES:
                    if S[g, o * NCF + ZONE] != Z_FIELD or S[g, s * NCF + ZONE] != Z_FIELD or \
                            not adjacent_cells(S[g, o * NCF + CELL], S[g, s * NCF + CELL]):
                        continue
                if matches(C, S, g, s, c, k, o) and not spell_blocked(C, S, g, c, k, o):
                    v += effect_value(C, S, g, s, c, k, o)
        if ab(C, c, k, AB_DESTROY_SELF) == 1:
            v -= hit_value(C, S, g, s, 1000)        # Болотник: it destroys itself first
    return v - 0.05 * ab(C, c, k, AB_COUNTERS)
