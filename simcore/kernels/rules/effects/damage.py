"""Effects of the damage family (decks.registry.Family.DAMAGE): wounds, healing, extra lives, life reduction,
poison, destruction and the attacks an ability makes (special strike, shot, rolled shot, finish off, ram).
"""
from numba import njit

from decks.registry import (
    AttackKind,
    Effect,
    Protection,
)

from ...cardtable import (
    AB_IGN_TARGET,
    AB_THEN,
    AB_THEN_AMOUNT,
    AB_UP_TO,
    IGN_TARGET,
)
from ...state import (
    DIED_FROM,
    EFF,
    EXTRA_LIVES,
    HEAL_END,
    KILLED_BY_RULE,
    LIFE_MAX,
    NCF,
    POISON,
    TF_LIFE_SHIFT,
    TMP_FLAGS,
    WOUNDS,
    Z_FIELD,
    ZONE,
)
from ..board import (
    ab,
    in_play,
    life_lowered,
    owner_of,
)
from ..damage import (
    absorb_armor,
    attack_roll_bonus,
    attack_wounds,
    current_life,
    heal,
    mark_attack_wound,
    poison,
    protections,
    web_blocks,
    wound,
)
from ..decisions import Decision, choose_option, offer, offer_range
from ..destruction import destroy
from ..dice import roll_d6, single_roll_strength
from ..log import (
    EV_ATTACK,
    EV_OPTION,
    EV_POISONED,
    EV_ROLL,
    OPT_RAM,
    WHY_RANGED,
    log,
    logging,
    roll_payload,
)
from ..targets import reaches
from .delayed import take_boost
from .status import add_tmp


@njit(cache=True, _nrt=False)
def ram(C, S, g, src, t):
    """Центурион's 'ram': its owner decides X from 1 to its current life (RAM); src takes X wounds, then
    the enemy t opposite X - 1 (an impact, not an attack)."""
    p = owner_of(src)
    life = current_life(S, g, src)
    if not in_play(S, g, src) or life <= 0:
        return
    offer(S, g, Decision.RAM, p, src, t, 0, 0, 0)
    offer_range(S, g, 1, life)
    x = choose_option(C, S, g, True)
    if logging(S, g):
        log(S, g, EV_OPTION, src, x, OPT_RAM, src, 0)
    wound(S, g, src, x, src)
    wound(S, g, t, x - 1, src)


@njit(cache=True, _nrt=False)
def shot_effect(C, S, g, src, t, n, ign_ability):
    """Effect rolled_shot N: src shoots t: only src rolls (its OvA counts), N wounds for every
    strength, a non-magical ranged attack of kind shot (its ranged strike bonuses, t's protections,
    reductions and armor apply; a web on t blocks it); no counter-strike, src does not close.
    ign_ability: the ability ignores the target's abilities (Серый альв's 'fire arrow')."""
    if web_blocks(S, g, src, t):
        return
    if logging(S, g):
        log(S, g, EV_ATTACK, src, t, AttackKind.SHOT, 0, 0)
    r = roll_d6(S, g, src, t, 0)
    a = r + attack_roll_bonus(C, S, g, src, t)
    st = single_roll_strength(a)
    if logging(S, g):
        log(S, g, EV_ROLL, src, t, a, -1, roll_payload(st, 0, WHY_RANGED, r, -1))
    ign = C[S[g, src * NCF + EFF], IGN_TARGET] == 1 or ign_ability
    w = attack_wounds(C, S, g, src, t, AttackKind.SHOT, st, n + take_boost(C, S, g, src, st), False, ign, False)
    w = absorb_armor(C, S, g, t, w, AttackKind.SHOT, ign)
    wound(S, g, t, w, src)


@njit(cache=True, _nrt=False)
def damage_effect(C, S, g, src, c, k, t, eff, n):
    """An effect of the damage family of amount n of ability k (table row c, source slot src) on card t."""
    if not reaches(C, S, g, c, k, t):
        return
    if eff == Effect.WOUND:
        wound(S, g, t, n, src)
        if ab(C, c, k, AB_THEN) == 1:
            S[g, t * NCF + HEAL_END] += ab(C, c, k, AB_THEN_AMOUNT)     # its second condition (118.3)
    elif eff == Effect.HEAL:
        heal(S, g, t, n)
    elif eff == Effect.EXTRA_LIVES:
        S[g, t * NCF + EXTRA_LIVES] += n
    elif eff == Effect.REDUCE_LIFE:
        S[g, t * NCF + LIFE_MAX] = max(S[g, t * NCF + LIFE_MAX] - n, 0)
        life_lowered(S, g, t)
        if current_life(S, g, t) <= 0 and S[g, t * NCF + DIED_FROM] == -1:
            S[g, t * NCF + DIED_FROM] = src
    elif eff == Effect.REDUCE_LIFE_TURN:
        # life maximum -n until the end of the turn (508.4); given back in end_of_turn_effects
        cut = min(n, S[g, t * NCF + LIFE_MAX])
        S[g, t * NCF + LIFE_MAX] -= cut
        life_lowered(S, g, t)
        add_tmp(S, g, t, TMP_FLAGS, TF_LIFE_SHIFT, cut)
        if current_life(S, g, t) <= 0 and S[g, t * NCF + DIED_FROM] == -1:
            S[g, t * NCF + DIED_FROM] = src
    elif eff == Effect.DESTROY:
        destroy(S, g, t, src)
    elif eff == Effect.POISON:
        poison(C, S, g, src, t, n)
    elif eff == Effect.CURE_POISON:
        S[g, t * NCF + POISON] = 0
    elif eff == Effect.RAISE_POISON:
        p = S[g, t * NCF + POISON]
        if p > 0 and (protections(C, S, g, t) & Protection.POISON) == 0:
            v = max(p, min(p + n, ab(C, c, k, AB_UP_TO)))
            if v > p:
                S[g, t * NCF + POISON] = v
                if logging(S, g):
                    log(S, g, EV_POISONED, t, v - p, src, 0, 0)
    elif eff == Effect.TAKE_WOUNDS:
        # up to n of t's wounds move onto the ability's card (an impact: no reductions); its owner
        # decides how many (WOUNDS_MOVED, 0 .. the wounds it can move)
        if in_play(S, g, src) and t != src:
            offer(S, g, Decision.WOUNDS_MOVED, owner_of(src), src, t, n, 0, 0)
            offer_range(S, g, 0, min(n, S[g, t * NCF + WOUNDS]) + 1)
            m = heal(S, g, t, choose_option(C, S, g, True))
            wound(S, g, src, m, KILLED_BY_RULE)
    elif eff == Effect.SPECIAL_STRIKE:
        # an attack of src, as its tap special strike: strike bonuses, protections, reductions and
        # armor apply; no dice, no counter-strike
        if logging(S, g):
            log(S, g, EV_ATTACK, src, t, AttackKind.SPECIAL_STRIKE, 0, 0)
        ign = C[S[g, src * NCF + EFF], IGN_TARGET] == 1
        w = attack_wounds(C, S, g, src, t, AttackKind.SPECIAL_STRIKE, 0, n, False, ign, False)
        w = absorb_armor(C, S, g, t, w, AttackKind.SPECIAL_STRIKE, ign)
        wound(S, g, t, w, src)
        mark_attack_wound(S, g, t, w)
    elif eff == Effect.SHOT:
        # an attack of src: a shot N, no dice, no counter-strike; its ranged strike bonuses, the
        # target's protections (ZoV), reductions and armor apply
        if logging(S, g):
            log(S, g, EV_ATTACK, src, t, AttackKind.SHOT, 0, 0)
        ign = C[S[g, src * NCF + EFF], IGN_TARGET] == 1
        w = attack_wounds(C, S, g, src, t, AttackKind.SHOT, 0, n, False, ign, False)
        w = absorb_armor(C, S, g, t, w, AttackKind.SHOT, ign)
        wound(S, g, t, w, src)
    elif eff == Effect.ROLLED_SHOT:
        shot_effect(C, S, g, src, t, n, ab(C, c, k, AB_IGN_TARGET) == 1)
    elif eff == Effect.FINISH_OFF:
        # finish off N (509.2): a creature on the battlefield with current life <= N is destroyed
        if S[g, t * NCF + ZONE] == Z_FIELD and current_life(S, g, t) <= n:
            destroy(S, g, t, src)
    elif eff == Effect.RAM:
        ram(C, S, g, src, t)
