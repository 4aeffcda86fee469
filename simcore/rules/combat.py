"""Attacks (RULES.md section 5, rule 504): simple strike with the dice table, exchange, defenders,
counter-strikes; ranged attacks (shot, throw, discharge, strike through a row); special strike;
finish off (509.2); and the other tap abilities of issue 2 (heal itself, gain a keyword, gain a
counter, 123).

Each action has a predicate (`*_error`, returning an errors.E_* code, 0 if legal) and the action
itself, which assumes the predicate passed.
"""
from numba import njit

from ..ai.decisions import choose_defender, choose_exchange
from ..cardtable import (
    CLOSE_TARGET,
    CLUMSY,
    COUNTER_CLOSED,
    DEF_NO_TAP,
    DRAWS_RANGED,
    FINISH,
    GAIN_DIRECTED,
    GAIN_PROT,
    HEAL_SELF,
    IGN_TARGET,
    K_ROW,
    K_SPECIAL,
    K_STRIKE,
    NO_TAP,
    P_POISON,
    POISON_W,
    RKIND,
    RRANGE,
    SPECIAL,
    TWICE,
    TWICE_DIFF,
    UNANSWERED,
)
from ..ruleset import PR_GROUND_HITS_LONE_FLYERS
from ..state import (
    ACTED,
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    G_ACTIVE,
    G_BOARD,
    G_DECK_SIZE,
    G_WINNER,
    GAINED,
    LAST_TARGET,
    MAX_DECK,
    MOVED,
    MOVES_LEFT,
    POISON,
    STRIKES,
    Z_AUX,
    Z_FIELD,
    ZONE,
)
from .board import (
    adjacent_cells,
    cell_col,
    cell_row,
    in_play,
    manhattan,
    only_flyers_left,
    owner_of,
)
from .damage import (
    absorb_armor,
    attack_experience,
    attack_wounds,
    current_life,
    defence_experience,
    heal,
    is_directed,
    protections,
    wound,
)
from .destruction import check_destruction, check_game_end, destroy
from .dice import MISS, roll_d6, single_roll_strength, strike_table
from .errors import (
    E_ACTED,
    E_ADJACENT_RANGED,
    E_CLOSED,
    E_CLUMSY,
    E_DRAWN,
    E_FINISH_LIFE,
    E_FLYER_UNREACHABLE,
    E_GAME_OVER,
    E_NO_ABILITY,
    E_NO_COUNTERS,
    E_NO_RANGED,
    E_NOT_ACTIVE,
    E_NOT_ADJACENT,
    E_NOT_CREATURE_TARGET,
    E_NOT_IN_PLAY,
    E_OK,
    E_OUT_OF_RANGE,
    E_ROW_GEOMETRY,
    E_SECOND_STRIKE_SAME,
    E_TARGET_NOT_IN_PLAY,
    E_TARGET_OWN,
    E_TARGET_SELF,
)
from .log import (
    EV_ATTACK,
    EV_CLOSE,
    EV_COUNTER,
    EV_DEFEND,
    EV_DESTROY,
    EV_EXCHANGE,
    EV_GAIN,
    EV_POISONED,
    EV_ROLL,
    log,
)


# ---- who may act ---------------------------------------------------------------------------------
@njit(cache=True)
def actor_error(st, g, s):
    """Section 4: only the active player's open creatures in play act, once per turn."""
    if st.game[g, G_WINNER] >= 0:
        return E_GAME_OVER
    if not in_play(st, g, s):
        return E_NOT_IN_PLAY
    if owner_of(s) != st.game[g, G_ACTIVE]:
        return E_NOT_ACTIVE
    if st.cards[g, s, CLOSED] == 1:
        return E_CLOSED
    if st.cards[g, s, ACTED] == 1:
        return E_ACTED
    return E_OK


@njit(cache=True)
def enemy_target_error(st, g, att, t):
    if t == att:
        return E_TARGET_SELF
    if t < 0 or not in_play(st, g, t):
        return E_TARGET_NOT_IN_PLAY
    if owner_of(t) == owner_of(att):
        return E_TARGET_OWN
    return E_OK


@njit(cache=True)
def melee_reach(T, st, g, att, t):
    """Simple strike reach (504.1): adjacent on the battlefield; a flyer reaches any card in play;
    ground melee reaches a flyer only when its owner has only flyers left [H]."""
    if st.cards[g, att, ZONE] == Z_AUX:
        return E_OK
    if st.cards[g, t, ZONE] == Z_AUX:
        if T.params[PR_GROUND_HITS_LONE_FLYERS] == 1 and only_flyers_left(T.stats, st, g,
                                                                          owner_of(t)):
            return E_OK
        return E_FLYER_UNREACHABLE
    if not adjacent_cells(st.cards[g, att, CELL], st.cards[g, t, CELL]):
        return E_NOT_ADJACENT
    return E_OK


@njit(cache=True)
def strike_error(T, st, g, att, t):
    C = T.stats
    e = E_OK
    if st.game[g, G_WINNER] >= 0:
        return E_GAME_OVER
    if not in_play(st, g, att):
        return E_NOT_IN_PLAY
    if owner_of(att) != st.game[g, G_ACTIVE]:
        return E_NOT_ACTIVE
    if st.cards[g, att, CLOSED] == 1:
        return E_CLOSED
    ca = st.cards[g, att, CARD_ID]
    second = C[ca, TWICE] == 1 and st.cards[g, att, STRIKES] == 1
    if st.cards[g, att, ACTED] == 1 and not second:
        return E_ACTED
    e = enemy_target_error(st, g, att, t)
    if e != E_OK:
        return e
    if second and C[ca, TWICE_DIFF] == 1 and st.cards[g, att, LAST_TARGET] == t:
        return E_SECOND_STRIKE_SAME
    if C[ca, CLUMSY] == 1 and st.cards[g, att, MOVED] > 0:
        return E_CLUMSY
    return melee_reach(T, st, g, att, t)


@njit(cache=True)
def drawn_kinds_block(T, st, g, att, t, kind):
    """draws_ranged: while the target's side has a card drawing this kind of attack, only such a
    card may be chosen (any range). Returns (blocked, drawn_to_t)."""
    C = T.stats
    q = owner_of(t)
    bit = 1 << kind
    any_drawer = False
    for s in range(q * MAX_DECK, q * MAX_DECK + st.game[g, G_DECK_SIZE + q]):
        if in_play(st, g, s) and C[st.cards[g, s, CARD_ID], DRAWS_RANGED] & bit:
            any_drawer = True
            if s == t:
                return False, True
    return any_drawer, False


@njit(cache=True)
def ranged_error(T, st, g, att, t):
    C = T.stats
    e = actor_error(st, g, att)
    if e != E_OK:
        return e
    ca = st.cards[g, att, CARD_ID]
    kind = C[ca, RKIND]
    if kind == 0:
        return E_NO_RANGED
    e = enemy_target_error(st, g, att, t)
    if e != E_OK:
        return e
    if C[ca, CLUMSY] == 1 and st.cards[g, att, MOVED] > 0:
        return E_CLUMSY
    blocked, drawn = drawn_kinds_block(T, st, g, att, t, kind)
    if blocked:
        return E_DRAWN
    if drawn:
        return E_OK
    a_field = st.cards[g, att, ZONE] == Z_FIELD
    t_field = st.cards[g, t, ZONE] == Z_FIELD
    if kind == K_ROW:
        # strike through a row: two cells away orthogonally, the middle cell empty or own (504)
        if not (a_field and t_field):
            return E_ROW_GEOMETRY
        ca_, ct_ = st.cards[g, att, CELL], st.cards[g, t, CELL]
        dr = cell_row(ct_) - cell_row(ca_)
        dc = cell_col(ct_) - cell_col(ca_)
        if not ((abs(dr) == 2 and dc == 0) or (abs(dc) == 2 and dr == 0)):
            return E_ROW_GEOMETRY
        mid = st.game[g, G_BOARD + (ca_ + (dr // 2) * 5 + dc // 2)]
        if mid >= 0 and owner_of(mid) != owner_of(att):
            return E_ROW_GEOMETRY
        return E_OK
    if a_field and t_field:
        if adjacent_cells(st.cards[g, att, CELL], st.cards[g, t, CELL]):
            return E_ADJACENT_RANGED
        rng = C[ca, RRANGE]
        if rng > 0 and manhattan(st.cards[g, att, CELL], st.cards[g, t, CELL]) > rng:
            return E_OUT_OF_RANGE
    return E_OK


@njit(cache=True)
def adjacent_enemy_creature_error(T, st, g, att, t):
    """Targets of finish off and special strike: an adjacent enemy creature on the battlefield."""
    e = enemy_target_error(st, g, att, t)
    if e != E_OK:
        return e
    if st.cards[g, t, ZONE] != Z_FIELD or st.cards[g, att, ZONE] != Z_FIELD:
        return E_NOT_CREATURE_TARGET
    if not adjacent_cells(st.cards[g, att, CELL], st.cards[g, t, CELL]):
        return E_NOT_ADJACENT
    return E_OK


@njit(cache=True)
def finish_error(T, st, g, att, t):
    e = actor_error(st, g, att)
    if e != E_OK:
        return e
    n = T.stats[st.cards[g, att, CARD_ID], FINISH]
    if n == 0:
        return E_NO_ABILITY
    e = adjacent_enemy_creature_error(T, st, g, att, t)
    if e != E_OK:
        return e
    if current_life(st, g, t) > n:
        return E_FINISH_LIFE
    return E_OK


@njit(cache=True)
def special_error(T, st, g, att, t):
    e = actor_error(st, g, att)
    if e != E_OK:
        return e
    if T.stats[st.cards[g, att, CARD_ID], SPECIAL] == 0:
        return E_NO_ABILITY
    if st.cards[g, att, COUNTERS] < 1:
        return E_NO_COUNTERS
    return adjacent_enemy_creature_error(T, st, g, att, t)


@njit(cache=True)
def self_ability_error(T, st, g, s, column):
    e = actor_error(st, g, s)
    if e != E_OK:
        return e
    if T.stats[st.cards[g, s, CARD_ID], column] == 0:
        return E_NO_ABILITY
    return E_OK


@njit(cache=True)
def tap_gain_error(T, st, g, s):
    e = actor_error(st, g, s)
    if e != E_OK:
        return e
    C = T.stats
    if C[st.cards[g, s, CARD_ID], GAIN_DIRECTED] == 0 and C[st.cards[g, s, CARD_ID], GAIN_PROT] == 0:
        return E_NO_ABILITY
    return E_OK


# ---- resolution ----------------------------------------------------------------------------------
@njit(cache=True)
def finish_action(T, st, g, s):
    """An action closes the card (unless it does not tap after attacking) and forfeits its
    remaining movement (506.5)."""
    st.cards[g, s, ACTED] = 1
    st.cards[g, s, MOVES_LEFT] = 0
    st.cards[g, s, CLOSED] = 1


@njit(cache=True)
def after_attack(T, st, g, att):
    st.cards[g, att, ACTED] = 1
    st.cards[g, att, MOVES_LEFT] = 0
    if T.stats[st.cards[g, att, CARD_ID], NO_TAP] == 0:
        st.cards[g, att, CLOSED] = 1
    log(st, g, EV_CLOSE, att, st.cards[g, att, CLOSED], 0, 0, 0)


@njit(cache=True)
def poison_on_strike(T, st, g, att, t, strength):
    """Poison N on a strike of that strength (acquired by the target, 117); poison protection
    blocks it; a new poison replaces a weaker one [H]."""
    n = T.stats[st.cards[g, att, CARD_ID], POISON_W + strength - 1]
    if n > 0 and in_play(st, g, t) and (protections(T.stats, st, g, t) & P_POISON) == 0:
        if n > st.cards[g, t, POISON]:
            st.cards[g, t, POISON] = n
        log(st, g, EV_POISONED, t, n, att, 0, 0)


@njit(cache=True)
def resolve_strike(T, st, g, att, tgt, t, a_str, c_str):
    """Deal the strike and the counter-strike simultaneously, then the on-strike effects."""
    C = T.stats
    B = T.bonus
    R = T.reduce
    defending = t != tgt
    ign = C[st.cards[g, att, CARD_ID], IGN_TARGET] == 1
    w_t = attack_wounds(C, B, R, st, g, att, t, K_STRIKE, a_str, -1, defending, ign, False)
    w_t = absorb_armor(C, st, g, t, w_t, K_STRIKE, ign)
    w_a = 0
    if c_str > MISS:
        # Етун ignores the abilities of the creature it attacks: its strike bonuses do not count
        w_a = attack_wounds(C, B, R, st, g, t, att, K_STRIKE, c_str, -1, False, False, ign)
        w_a = absorb_armor(C, st, g, att, w_a, K_STRIKE, False)
    if a_str > MISS:
        wound(st, g, t, w_t, att)
    if c_str > MISS:
        log(st, g, EV_COUNTER, t, att, c_str, w_a, 0)
        wound(st, g, att, w_a, t)
    if a_str > MISS:
        poison_on_strike(T, st, g, att, t, a_str)
    if C[st.cards[g, att, CARD_ID], CLOSE_TARGET] == 1 and in_play(st, g, t):
        st.cards[g, t, CLOSED] = 1
        log(st, g, EV_CLOSE, t, 1, att, 0, 0)


@njit(cache=True)
def strike(T, st, g, att, tgt, defender, exchange):
    """Simple strike (504). defender: slot, -1 none, -2 ask the defending player's policy.
    exchange: 0 keep, 1 lower both, -1 ask the policy of the side with the stronger strike."""
    C = T.stats
    log(st, g, EV_ATTACK, att, tgt, K_STRIKE, 0, 0)
    t = tgt
    if not is_directed(C, st, g, att, tgt):
        if defender == -2:
            defender = choose_defender(T, st, g, att, tgt)
        if defender >= 0:
            t = defender
            log(st, g, EV_DEFEND, defender, tgt, att, 0, 0)
    ca = st.cards[g, att, CARD_ID]
    ign = C[ca, IGN_TARGET] == 1
    ova = attack_experience(C, st, g, att)
    one_sided = C[ca, UNANSWERED] == 1 or (st.cards[g, t, CLOSED] == 1
                                           and C[st.cards[g, t, CARD_ID], COUNTER_CLOSED] == 0)
    if one_sided:
        a = roll_d6(st, g) + ova
        a_str = single_roll_strength(a)
        c_str = MISS
        log(st, g, EV_ROLL, att, t, a, -1, a_str * 4 + c_str)
    else:
        ovz = 0 if ign else defence_experience(C, st, g, t)
        a = roll_d6(st, g) + ova
        d = roll_d6(st, g) + ovz
        a_str, c_str, ex = strike_table(a, d)
        log(st, g, EV_ROLL, att, t, a, d, a_str * 4 + c_str)
        if ex == 1:
            lower = exchange
            if lower < 0:
                lower = choose_exchange(T, st, g, att, tgt, t, a_str, c_str)
            if lower == 1:
                a_str = max(a_str - 1, MISS)
                c_str = max(c_str - 1, MISS)
                log(st, g, EV_EXCHANGE, att, t, a_str, c_str, 0)
    resolve_strike(T, st, g, att, tgt, t, a_str, c_str)
    st.cards[g, att, STRIKES] += 1
    st.cards[g, att, LAST_TARGET] = tgt
    if C[ca, TWICE] == 1 and st.cards[g, att, STRIKES] == 1:
        st.cards[g, att, ACTED] = 1           # may still make its second strike; not closed yet
        st.cards[g, att, MOVES_LEFT] = 0
    else:
        after_attack(T, st, g, att)
    if t != tgt and C[st.cards[g, t, CARD_ID], DEF_NO_TAP] == 0 and in_play(st, g, t):
        st.cards[g, t, CLOSED] = 1
    check_destruction(st, g)
    check_game_end(st, g)


@njit(cache=True)
def ranged(T, st, g, att, t):
    """A ranged attack: only the attacker rolls (504); no counter-strike."""
    C = T.stats
    ca = st.cards[g, att, CARD_ID]
    kind = C[ca, RKIND]
    log(st, g, EV_ATTACK, att, t, kind, 0, 0)
    a = roll_d6(st, g) + attack_experience(C, st, g, att)
    s = single_roll_strength(a)
    log(st, g, EV_ROLL, att, t, a, -1, s * 4)
    ign = C[ca, IGN_TARGET] == 1
    w = attack_wounds(C, T.bonus, T.reduce, st, g, att, t, kind, s, -1, False, ign, False)
    w = absorb_armor(C, st, g, t, w, kind, ign)
    wound(st, g, t, w, att)
    after_attack(T, st, g, att)
    check_destruction(st, g)
    check_game_end(st, g)


@njit(cache=True)
def special_strike(T, st, g, att, t):
    """Special strike N [H]: pay a counter; N wounds (plus strike bonuses) to an adjacent enemy
    creature, no dice, no counter-strike; a non-magical attack, so armor and non-magic reductions
    apply."""
    C = T.stats
    st.cards[g, att, COUNTERS] -= 1
    log(st, g, EV_ATTACK, att, t, K_SPECIAL, 0, 0)
    ign = C[st.cards[g, att, CARD_ID], IGN_TARGET] == 1
    w = attack_wounds(C, T.bonus, T.reduce, st, g, att, t, K_SPECIAL, 0,
                      C[st.cards[g, att, CARD_ID], SPECIAL], False, ign, False)
    w = absorb_armor(C, st, g, t, w, K_SPECIAL, ign)
    wound(st, g, t, w, att)
    after_attack(T, st, g, att)
    check_destruction(st, g)
    check_game_end(st, g)


@njit(cache=True)
def finish_off(T, st, g, att, t):
    """Finish off N: destroy (509.2) an adjacent enemy creature with current life <= N."""
    log(st, g, EV_DESTROY, att, t, 0, 0, 0)
    destroy(st, g, t, att)
    finish_action(T, st, g, att)
    check_game_end(st, g)


@njit(cache=True)
def heal_self(T, st, g, s):
    heal(st, g, s, T.stats[st.cards[g, s, CARD_ID], HEAL_SELF])
    finish_action(T, st, g, s)


@njit(cache=True)
def gain_counter(T, st, g, s):
    """123: a card with a counter-cost ability has "tap: gain 1 counter"."""
    st.cards[g, s, COUNTERS] += 1
    log(st, g, EV_GAIN, s, 0, st.cards[g, s, COUNTERS], 0, 0)
    finish_action(T, st, g, s)


@njit(cache=True)
def tap_gain(T, st, g, s):
    """Tap: gain a keyword; acquired, it lasts to the end of the game (117)."""
    C = T.stats
    if C[st.cards[g, s, CARD_ID], GAIN_DIRECTED] == 1:
        st.cards[g, s, GAINED] |= 1
    st.cards[g, s, GAINED] |= C[st.cards[g, s, CARD_ID], GAIN_PROT] << 8
    log(st, g, EV_GAIN, s, 1, st.cards[g, s, GAINED], 0, 0)
    finish_action(T, st, g, s)
