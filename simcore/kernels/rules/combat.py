"""Attacks (docs/RULES.md section 5, rule 504): simple strike with the dice table, exchange, defenders,
counter-strikes; ranged attacks (shot, throw, discharge, strike through a row); special strike;
finish off (509.2); and the other tap abilities (heal itself, gain a keyword, gain a counter, 123).

Each action has a predicate (`*_error`, returning an errors.E_* code, 0 if legal) and the action
itself, which assumes the predicate passed.
"""
from numba import njit

from decks.registry import AttackKind, Trigger

from ..cardtable import (
    AB_COUNTER_COST,
    AB_TRIG_MASK,
    BLOCKS_RANGED_ON,
    CLOSE_TARGET,
    CLUMSY,
    DEF_NO_TAP,
    F_ABILITIES,
    F_AURA,
    F_BESIDE_WEAK,
    F_DICE,
    F_NEXT_SIX,
    F_VAMPIRE,
    FINISH,
    FINISH_ADJ_POISONED,
    FINISH_BONUS,
    GAIN_COUNTER,
    GAIN_DIRECTED,
    GAIN_PROT,
    HAS_WHILE,
    HEAL_SELF,
    IGN_TARGET,
    MAX_COUNTERS,
    NO_COUNTER_WOUNDS,
    NO_TAP,
    ONLY_OPPOSITE,
    POISON_W,
    RANGED_ADJ,
    RANGED_EXPLOSION,
    RANGED_SPEND,
    RANGED_XL,
    RKIND,
    ROLLS_TWICE,
    ROW_MID_OVA,
    RPOISON_W,
    RRANGE,
    SPECIAL,
    SPECIAL_POISON,
    SPECIAL_STUN,
    STRIKES_WEAK,
    TWICE,
    TWICE_DIFF,
    W_DIRECTED,
    W_FLYERS_BIT,
)
from ..state import (
    ACTED,
    CELL,
    CLOSED,
    COUNTERS,
    EFF,
    EXTRA_LIVES,
    G_ACTIVE,
    G_BOARD,
    G_FAST,
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
    G_WINNER,
    GAIN_WIDTH,
    GAINED,
    GAINED_DIRECTED,
    GAINED_PROT_SHIFT,
    GAINED_SIX,
    GAINED_STUN,
    GAME0,
    LAST_TARGET,
    MOVED,
    MOVES_LEFT,
    NCF,
    PARAM0,
    POISON,
    PR_ATTACK_OWN_CARDS,
    PR_GROUND_HITS_LONE_FLYERS,
    ROLL_BOTH,
    ROLL_NONE,
    ROLL_RANGED,
    ROLL_SINGLE,
    STRIKES,
    TF_NO_TAP,
    TF_OVA_SHIFT,
    TF_RANGE_SHIFT,
    TMP_FLAGS,
    Z_AUX,
    Z_FIELD,
    ZONE,
)
from .board import (
    adjacent_cells,
    bits,
    cell_col,
    cell_row,
    in_play,
    life_lowered,
    manhattan,
    n_in_play,
    only_flyers_left,
    owner_of,
    play_slot,
)
from .damage import (
    absorb_armor,
    attack_roll_bonus,
    attack_wounds,
    aura_range,
    base_value,
    beside_weak,
    copied_strike,
    current_life,
    defence_experience,
    drawn_kinds_block,
    flyers_drawn,
    half_life_bonus,
    heal,
    is_directed,
    mark_attack_wound,
    only_attacker_rolls,
    poison,
    ranged_base,
    removable_extra_lives,
    scavenge,
    scavenging_in_game,
    target_closed_counts,
    vampirism,
    web_blocks,
    webbed,
    while_value,
    wound,
)
from .decisions import Decision, choose_option, offer_listed, put_option
from .defence import can_defend
from .destruction import check_game_end, destroy
from .dice import MISS, STRONG, WEAK, roll_d6, single_roll_strength, strike_table
from .effects.delayed import DL_EXPLOSION, add_delayed, take_boost
from .effects.status import add_tmp
from .errors import (
    E_ACTED,
    E_ADJACENT_RANGED,
    E_CLOSED,
    E_CLUMSY,
    E_DRAWN,
    E_FINISH_LIFE,
    E_FLYER_UNREACHABLE,
    E_GAME_OVER,
    E_MAX_COUNTERS,
    E_NO_ABILITY,
    E_NO_COUNTERS,
    E_NO_EXTRA_LIVES,
    E_NO_RANGED,
    E_NOT_ACTIVE,
    E_NOT_ADJACENT,
    E_NOT_CREATURE_TARGET,
    E_NOT_IN_PLAY,
    E_NOT_OPPOSITE,
    E_OK,
    E_OUT_OF_RANGE,
    E_ROW_GEOMETRY,
    E_SECOND_STRIKE_SAME,
    E_TARGET_NOT_IN_PLAY,
    E_TARGET_OWN,
    E_TARGET_SELF,
    E_WEBBED,
)
from .log import (
    EV_ATTACK,
    EV_BLOCKED,
    EV_CLOSE,
    EV_COUNTER,
    EV_DEFEND,
    EV_DESTROY,
    EV_EXCHANGE,
    EV_GAIN,
    EV_ROLL,
    WHY_BOTH,
    WHY_CLOSED,
    WHY_RANGED,
    WHY_UNANSWERED,
    log,
    logging,
    roll_payload,
)
from .priority import priority_window
from .triggers import check_deaths, fire_triggers


# ---- who may act ---------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def actor_error(S, g, s):
    """Section 4: only the active player's open creatures in play act, once per turn."""
    if S[g, GAME0 + G_WINNER] >= 0:
        return E_GAME_OVER
    if not in_play(S, g, s):
        return E_NOT_IN_PLAY
    if owner_of(s) != S[g, GAME0 + G_ACTIVE]:
        return E_NOT_ACTIVE
    if S[g, s * NCF + CLOSED] == 1:
        return E_CLOSED
    if S[g, s * NCF + ACTED] == 1:
        return E_ACTED
    if webbed(S, g, s):
        return E_WEBBED
    return E_OK


@njit(cache=True, _nrt=False)
def enemy_target_error(S, g, att, t):
    if t == att:
        return E_TARGET_SELF
    if t < 0 or not in_play(S, g, t):
        return E_TARGET_NOT_IN_PLAY
    if owner_of(t) == owner_of(att) and S[g, PARAM0 + PR_ATTACK_OWN_CARDS] == 0:
        return E_TARGET_OWN
    return E_OK


@njit(cache=True, _nrt=False)
def melee_reach(C, S, g, att, t):
    """Simple strike reach (504.1): adjacent on the battlefield; a flyer reaches any card in play;
    ground melee reaches a flyer only when its owner has only flyers left [H]."""
    if S[g, att * NCF + ZONE] == Z_AUX:
        return E_OK
    if S[g, t * NCF + ZONE] == Z_AUX:
        if S[g, PARAM0 + PR_GROUND_HITS_LONE_FLYERS] == 1 and only_flyers_left(C, S, g,
                                                                          owner_of(t)):
            return E_OK
        ca = S[g, att * NCF + EFF]
        if C[ca, HAS_WHILE] == 1 and (while_value(C, S, g, att, W_DIRECTED) & W_FLYERS_BIT) != 0:
            return E_OK             # a `while` block with strikes_flyers (Скелос)
        return E_FLYER_UNREACHABLE
    if not adjacent_cells(S[g, att * NCF + CELL], S[g, t * NCF + CELL]):
        return E_NOT_ADJACENT
    return E_OK


@njit(cache=True, _nrt=False)
def strike_error(C, S, g, att, t):
    e = E_OK
    if S[g, GAME0 + G_WINNER] >= 0:
        return E_GAME_OVER
    if not in_play(S, g, att):
        return E_NOT_IN_PLAY
    if owner_of(att) != S[g, GAME0 + G_ACTIVE]:
        return E_NOT_ACTIVE
    if S[g, att * NCF + CLOSED] == 1:
        return E_CLOSED
    ca = S[g, att * NCF + EFF]
    second = C[ca, TWICE] == 1 and S[g, att * NCF + STRIKES] == 1
    if S[g, att * NCF + ACTED] == 1 and not second:
        return E_ACTED
    if webbed(S, g, att):
        return E_WEBBED
    e = enemy_target_error(S, g, att, t)
    if e != E_OK:
        return e
    if flyers_drawn(C, S, g, att, t):
        return E_DRAWN
    if second and C[ca, TWICE_DIFF] == 1 and S[g, att * NCF + LAST_TARGET] == t:
        return E_SECOND_STRIKE_SAME
    if C[ca, CLUMSY] == 1 and S[g, att * NCF + MOVED] > 0:
        return E_CLUMSY
    if C[ca, ONLY_OPPOSITE] == 1 and not (
            S[g, att * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD
            and cell_col(S[g, att * NCF + CELL]) == cell_col(S[g, t * NCF + CELL])):
        return E_NOT_OPPOSITE
    return melee_reach(C, S, g, att, t)


@njit(cache=True, _nrt=False)
def ranged_error(C, S, g, att, t):
    e = actor_error(S, g, att)
    if e != E_OK:
        return e
    ca = S[g, att * NCF + EFF]
    kind = C[ca, RKIND]
    if kind == 0:
        return E_NO_RANGED
    if C[ca, RANGED_XL] == 1 and removable_extra_lives(S, g, att) == 0:
        return E_NO_EXTRA_LIVES
    e = enemy_target_error(S, g, att, t)
    if e != E_OK:
        return e
    if C[ca, CLUMSY] == 1 and S[g, att * NCF + MOVED] > 0:
        return E_CLUMSY
    if flyers_drawn(C, S, g, att, t):
        return E_DRAWN
    blocked, drawn = drawn_kinds_block(C, S, g, att, t, kind)
    if blocked:
        return E_DRAWN
    if drawn:
        return E_OK
    a_field = S[g, att * NCF + ZONE] == Z_FIELD
    t_field = S[g, t * NCF + ZONE] == Z_FIELD
    if kind == AttackKind.MAGIC_STRIKE:
        # magic strike: an adjacent creature on the battlefield, like a simple strike of a ground card
        if not (a_field and t_field):
            return E_NOT_CREATURE_TARGET
        if not adjacent_cells(S[g, att * NCF + CELL], S[g, t * NCF + CELL]):
            return E_NOT_ADJACENT
        return E_OK
    if kind == AttackKind.ROW_STRIKE:
        # strike through a row: two cells away orthogonally, the middle cell empty or own (504)
        if not (a_field and t_field):
            return E_ROW_GEOMETRY
        ca_, ct_ = S[g, att * NCF + CELL], S[g, t * NCF + CELL]
        dr = cell_row(ct_) - cell_row(ca_)
        dc = cell_col(ct_) - cell_col(ca_)
        if not ((abs(dr) == 2 and dc == 0) or (abs(dc) == 2 and dr == 0)):
            return E_ROW_GEOMETRY
        mid = S[g, GAME0 + G_BOARD + (ca_ + (dr // 2) * 5 + dc // 2)]
        if mid >= 0 and owner_of(mid) != owner_of(att):
            return E_ROW_GEOMETRY
        return E_OK
    if a_field and t_field:
        if adjacent_cells(S[g, att * NCF + CELL], S[g, t * NCF + CELL]) and C[ca, RANGED_ADJ] == 0:
            return E_ADJACENT_RANGED
        rng = C[ca, RRANGE]
        if rng > 0 and S[g, GAME0 + G_FLAGS] & F_AURA:
            rng += aura_range(C, S, g, att)
        if rng > 0:
            rng += bits(S[g, att * NCF + TMP_FLAGS], TF_RANGE_SHIFT, GAIN_WIDTH)
        if rng > 0 and manhattan(S[g, att * NCF + CELL], S[g, t * NCF + CELL]) > rng:
            return E_OUT_OF_RANGE
    return E_OK


@njit(cache=True, _nrt=False)
def adjacent_enemy_creature_error(C, S, g, att, t):
    """Targets of finish off and special strike: an adjacent enemy creature on the battlefield."""
    e = enemy_target_error(S, g, att, t)
    if e != E_OK:
        return e
    if S[g, t * NCF + ZONE] != Z_FIELD or S[g, att * NCF + ZONE] != Z_FIELD:
        return E_NOT_CREATURE_TARGET
    if not adjacent_cells(S[g, att * NCF + CELL], S[g, t * NCF + CELL]):
        return E_NOT_ADJACENT
    return E_OK


@njit(cache=True, _nrt=False)
def finish_error(C, S, g, att, t):
    e = actor_error(S, g, att)
    if e != E_OK:
        return e
    n = C[S[g, att * NCF + EFF], FINISH]
    if n == 0:
        return E_NO_ABILITY
    if C[S[g, att * NCF + EFF], FINISH_BONUS] == FINISH_ADJ_POISONED and in_play(S, g, t) \
            and S[g, t * NCF + ZONE] == Z_FIELD:
        # Кровяница: + 1 per poisoned creature (either side) on the cells around the target
        for q in range(2):
            for i in range(n_in_play(S, g, q)):
                o = play_slot(S, g, q, i)
                if o != t and S[g, o * NCF + POISON] > 0 and S[g, o * NCF + ZONE] == Z_FIELD \
                        and adjacent_cells(S[g, o * NCF + CELL], S[g, t * NCF + CELL]):
                    n += 1
    e = adjacent_enemy_creature_error(C, S, g, att, t)
    if e != E_OK:
        return e
    if current_life(S, g, t) > n:
        return E_FINISH_LIFE
    return E_OK


@njit(cache=True, _nrt=False)
def special_error(C, S, g, att, t):
    e = actor_error(S, g, att)
    if e != E_OK:
        return e
    if C[S[g, att * NCF + EFF], SPECIAL] == 0:
        return E_NO_ABILITY
    if S[g, att * NCF + COUNTERS] < 1:
        return E_NO_COUNTERS
    return adjacent_enemy_creature_error(C, S, g, att, t)


@njit(cache=True, _nrt=False)
def self_ability_error(C, S, g, s, column):
    e = actor_error(S, g, s)
    if e != E_OK:
        return e
    if C[S[g, s * NCF + EFF], column] == 0:
        return E_NO_ABILITY
    return E_OK


@njit(cache=True, _nrt=False)
def gain_counter_error(C, S, g, s):
    """123: a card with a counter-cost ability has "tap: gain 1 counter" (some print it, with a
    maximum)."""
    e = actor_error(S, g, s)
    if e != E_OK:
        return e
    c = S[g, s * NCF + EFF]
    if C[c, SPECIAL] == 0 and C[c, GAIN_COUNTER] == 0 and C[c, AB_COUNTER_COST] == 0:
        return E_NO_ABILITY
    if C[c, MAX_COUNTERS] > 0 and S[g, s * NCF + COUNTERS] >= C[c, MAX_COUNTERS]:
        return E_MAX_COUNTERS
    return E_OK


@njit(cache=True, _nrt=False)
def tap_gain_error(C, S, g, s):
    e = actor_error(S, g, s)
    if e != E_OK:
        return e
    if C[S[g, s * NCF + EFF], GAIN_DIRECTED] == 0 and C[S[g, s * NCF + EFF], GAIN_PROT] == 0:
        return E_NO_ABILITY
    return E_OK


# ---- resolution ----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def finish_action(C, S, g, s):
    """An action closes the card and forfeits its remaining movement (506.5)."""
    S[g, s * NCF + ACTED] = 1
    S[g, s * NCF + MOVES_LEFT] = 0
    S[g, s * NCF + CLOSED] = 1


@njit(cache=True, _nrt=False)
def after_attack(C, S, g, att):
    """The same after an attack, except that a card that does not tap after attacking stays open."""
    finish_action(C, S, g, att)
    no_tap = C[S[g, att * NCF + EFF], NO_TAP] | (S[g, att * NCF + TMP_FLAGS] & TF_NO_TAP)
    S[g, att * NCF + CLOSED] = 1 - no_tap
    if logging(S, g):
        log(S, g, EV_CLOSE, att, S[g, att * NCF + CLOSED], 0, 0, 0)


@njit(cache=True, _nrt=False)
def answers_to_attack(C, S, g, att, t):
    """The attack is declared: both players may answer with fast abilities before the dice (section
    4). False if it no longer happens (attacker or target left play, or the game ended, or a web on the
    target blocks it): the attacker has still used its action."""
    if web_blocks(S, g, att, t):
        after_attack(C, S, g, att)
        check_deaths(C, S, g)
        check_game_end(S, g)
        return False
    if S[g, GAME0 + G_FAST] + S[g, GAME0 + G_FAST + 1] > 0:
        priority_window(C, S, g)
    return attack_stands(C, S, g, att, t)


@njit(cache=True, _nrt=False)
def attack_stands(C, S, g, att, t):
    """After a priority window inside an attack: True if it goes on; else the attacker has used its
    action, and destruction and the end of the game are checked."""
    if in_play(S, g, att) and in_play(S, g, t) and S[g, GAME0 + G_WINNER] < 0:
        return True
    if in_play(S, g, att):
        after_attack(C, S, g, att)
    check_deaths(C, S, g)
    check_game_end(S, g)
    return False


@njit(cache=True, _nrt=False)
def roll_for(C, S, g, s, other):
    """The die card s rolls in an attack on or by `other`; rolls_twice (Воин храма): two dice, it keeps the higher; with
    next_roll_six waiting on it the roll counts as 6 and the effect is used up (the dice
    are still rolled, so the dice that follow do not move)."""
    r = roll_d6(S, g, s, other, 0)
    if S[g, GAME0 + G_FLAGS] & F_DICE and C[S[g, s * NCF + EFF], ROLLS_TWICE] == 1:
        r = max(r, roll_d6(S, g, s, other, 1))
    if S[g, GAME0 + G_FLAGS] & F_NEXT_SIX and S[g, s * NCF + GAINED] & GAINED_SIX:
        S[g, s * NCF + GAINED] &= ~GAINED_SIX     # next_roll_six: it counts as 6, used up
        return 6
    return r


@njit(cache=True, _nrt=False)
def dice_window(C, S, g, kind, att, t, defending, ra, rd):
    """The dice of an attack are rolled (ra: the attacker's die, rd: the defender's or -1): a priority
    window where only strike effects may be played (rules.strike_effects). Returns the dice after
    it; the strike changes wait in G_ROLL_STRONG .. G_ROLL_MINUS_C until the strike resolves."""
    S[g, GAME0 + G_ROLL] = kind
    S[g, GAME0 + G_ROLL_ATT] = att
    S[g, GAME0 + G_ROLL_T] = t
    S[g, GAME0 + G_ROLL_DEF] = int(defending)
    S[g, GAME0 + G_ROLL_A] = ra
    S[g, GAME0 + G_ROLL_D] = rd
    S[g, GAME0 + G_ROLL_STRONG] = 0
    S[g, GAME0 + G_ROLL_TO_ONE] = 0
    S[g, GAME0 + G_ROLL_MINUS] = 0
    S[g, GAME0 + G_ROLL_MINUS_C] = 0
    priority_window(C, S, g)
    S[g, GAME0 + G_ROLL] = ROLL_NONE
    return S[g, GAME0 + G_ROLL_A], S[g, GAME0 + G_ROLL_D]


@njit(cache=True, _nrt=False)
def changed_wounds(S, g, w, side):
    """Wounds of a strike (side 0: the attacker's, 1: the counter-strike) after the strike effects
    played on it: at most 1 (strike_to_one), then N fewer (strike_minus)."""
    if (S[g, GAME0 + G_ROLL_TO_ONE] >> side) & 1:
        w = min(w, 1)
    return max(w - S[g, GAME0 + G_ROLL_MINUS + side], 0)


@njit(cache=True, _nrt=False)
def resolve_strike(C, S, g, att, tgt, t, a_str, c_str):
    """Deal the strike and the counter-strike simultaneously, then the on-strike effects."""
    defending = t != tgt
    ign = C[S[g, att * NCF + EFF], IGN_TARGET] == 1
    base = -1
    if a_str > MISS:
        base = (base_value(C, S, g, att, AttackKind.STRIKE, a_str) + take_boost(C, S, g, att, a_str)
                + copied_strike(C, S, g, att, t, a_str) + half_life_bonus(C, S, g, att, t, a_str))
    w_t = attack_wounds(C, S, g, att, t, AttackKind.STRIKE, a_str, base, defending, ign, False)
    dice = S[g, GAME0 + G_FLAGS] & F_DICE
    if dice:
        w_t = changed_wounds(S, g, w_t, 0)
    w_t = absorb_armor(C, S, g, t, w_t, AttackKind.STRIKE, ign)
    w_a = 0
    if c_str > MISS:
        # Етун ignores the abilities of the creature it attacks: its strike bonuses do not count
        w_a = attack_wounds(C, S, g, t, att, AttackKind.STRIKE, c_str, -1, False, False, ign)
        if dice:
            w_a = changed_wounds(S, g, w_a, 1)
        if C[S[g, att * NCF + EFF], NO_COUNTER_WOUNDS] == 1:
            w_a = 0                 # no_counter_strike_wounds (Килсус)
        w_a = absorb_armor(C, S, g, att, w_a, AttackKind.STRIKE, False)
    if a_str > MISS:
        wound(S, g, t, w_t, att)
        mark_attack_wound(S, g, t, w_t)
    if c_str > MISS:
        if logging(S, g):
            log(S, g, EV_COUNTER, t, att, c_str, w_a, 0)
        wound(S, g, att, w_a, t)
        mark_attack_wound(S, g, att, w_a)
    if S[g, GAME0 + G_FLAGS] & F_VAMPIRE:
        if a_str > MISS:
            vampirism(C, S, g, att, w_t)
        if c_str > MISS:
            vampirism(C, S, g, t, w_a)
    if scavenging_in_game(S, g):
        if a_str > MISS:
            scavenge(C, S, g, att, t)
        if c_str > MISS:
            scavenge(C, S, g, t, att)
    if a_str > MISS:
        poison(C, S, g, att, t, C[S[g, att * NCF + EFF], POISON_W + a_str - 1])
    if C[S[g, att * NCF + EFF], CLOSE_TARGET] == 1 and in_play(S, g, t):
        S[g, t * NCF + CLOSED] = 1
        if logging(S, g):
            log(S, g, EV_CLOSE, t, 1, att, 0, 0)
    if a_str > MISS:
        # triggered abilities: the attacker's "on strike" (of this strength), the target's "when
        # hit by a strike"; both see the cards as they are after the wounds (509 comes after)
        if S[g, GAME0 + G_FLAGS] & F_ABILITIES:
            fire_triggers(C, S, g, att, Trigger.ON_STRIKE, t, a_str)
            fire_triggers(C, S, g, t, Trigger.ON_STRUCK, att, 0)


@njit(cache=True, _nrt=False, inline="always")
def offered_defender(C, S, g, att, tgt, d):
    """True if d is one of the defenders Decision.DEFENDER offers against att's strike at tgt: an open
    creature other than tgt that may defend it (can_defend)."""
    return S[g, d * NCF + CLOSED] == 0 and d != tgt and can_defend(C, S, g, att, tgt, d)


@njit(cache=True, _nrt=False)
def defender_decision(C, S, g, att, tgt):
    """Decision DEFENDER: the creatures of the struck card's owner that may defend it (can_defend), in
    the order of his cards in play, then none (-1); no decision without one. Returns the defender or -1."""
    q = owner_of(tgt)
    n = 0
    for i in range(n_in_play(S, g, q)):
        d = play_slot(S, g, q, i)
        if offered_defender(C, S, g, att, tgt, d):
            put_option(S, g, n, d)
            n += 1
    if n == 0:
        return -1
    put_option(S, g, n, -1)
    offer_listed(S, g, Decision.DEFENDER, q, att, tgt, 0, 0, 0, n + 1)
    return choose_option(C, S, g, False)


@njit(cache=True, _nrt=False)
def exchange_decision(C, S, g, att, tgt, t, a_str, c_str):
    """Decision EXCHANGE of the side whose strike is the stronger: keep both strikes (0) or lower both a
    step (1)."""
    side = owner_of(att) if a_str > c_str else owner_of(t)
    put_option(S, g, 0, 0)
    put_option(S, g, 1, 1)
    offer_listed(S, g, Decision.EXCHANGE, side, att, tgt, t, a_str, c_str, 2)
    return choose_option(C, S, g, False)


@njit(cache=True, _nrt=False)
def strike(C, S, g, att, tgt, defender, exchange):
    """Simple strike (504). defender: slot, -1 none, -2 the defending player decides (DEFENDER).
    exchange: 0 keep, 1 lower both, -1 the side with the stronger strike decides (EXCHANGE)."""
    if logging(S, g):
        log(S, g, EV_ATTACK, att, tgt, AttackKind.STRIKE, 0, 0)
    t = tgt
    if not is_directed(C, S, g, att, tgt):
        if defender == -2:
            defender = defender_decision(C, S, g, att, tgt)
        if defender >= 0:
            t = defender
            if logging(S, g):
                log(S, g, EV_DEFEND, defender, tgt, att, 0, 0)
            if S[g, GAME0 + G_FLAGS] & F_ABILITIES:
                fire_triggers(C, S, g, defender, Trigger.ON_DEFEND, tgt, 0)
    if not answers_to_attack(C, S, g, att, t):
        return
    ca = S[g, att * NCF + EFF]
    ign = C[ca, IGN_TARGET] == 1
    ova = attack_roll_bonus(C, S, g, att, t)
    dice = S[g, GAME0 + G_FLAGS] & F_DICE
    if only_attacker_rolls(C, S, g, att, t):
        ra = roll_for(C, S, g, att, t)
        if dice:
            ra, _ = dice_window(C, S, g, ROLL_SINGLE, att, t, t != tgt, ra, -1)
            if not attack_stands(C, S, g, att, t):
                return
        a = ra + ova
        a_str = single_roll_strength(a)
        c_str = MISS
        if logging(S, g):
            why = WHY_CLOSED if target_closed_counts(C, S, g, att, t) else WHY_UNANSWERED
            log(S, g, EV_ROLL, att, t, a, -1, roll_payload(a_str, c_str, why, ra, -1))
    else:
        ovz = 0 if ign else defence_experience(C, S, g, t)
        ra = roll_for(C, S, g, att, t)
        rd = roll_for(C, S, g, t, att)
        if dice:
            ra, rd = dice_window(C, S, g, ROLL_BOTH, att, t, t != tgt, ra, rd)
            if not attack_stands(C, S, g, att, t):
                return
        a = ra + ova
        d = rd + ovz
        a_str, c_str, ex = strike_table(a, d)
        if logging(S, g):
            log(S, g, EV_ROLL, att, t, a, d, roll_payload(a_str, c_str, WHY_BOTH, ra, rd))
        if ex == 1:
            lower = exchange
            if lower < 0:
                lower = exchange_decision(C, S, g, att, tgt, t, a_str, c_str)
            if lower == 1:
                a_str = max(a_str - 1, MISS)
                c_str = max(c_str - 1, MISS)
                if logging(S, g):
                    log(S, g, EV_EXCHANGE, att, t, a_str, c_str, 0)
    if dice:
        # strike_strong (Ост): a strike that is not a miss becomes strong
        if S[g, GAME0 + G_ROLL_STRONG] & 1 and a_str > MISS:
            a_str = STRONG
        if S[g, GAME0 + G_ROLL_STRONG] & 2 and c_str > MISS:
            c_str = STRONG
    # "all strikes at it are reduced to weak" (Степной волколак), the counter-strike at it too
    if C[S[g, t * NCF + EFF], STRIKES_WEAK] == 1 and not ign:
        a_str = min(a_str, WEAK)
    if C[ca, STRIKES_WEAK] == 1:
        c_str = min(c_str, WEAK)
    if S[g, GAME0 + G_FLAGS] & F_BESIDE_WEAK:
        # Морок: strikes at the cards to its left and right (a counter-strike too) are weak
        if beside_weak(C, S, g, t):
            a_str = min(a_str, WEAK)
        if beside_weak(C, S, g, att):
            c_str = min(c_str, WEAK)
    resolve_strike(C, S, g, att, tgt, t, a_str, c_str)
    if dice:
        S[g, GAME0 + G_ROLL_STRONG] = 0
        S[g, GAME0 + G_ROLL_TO_ONE] = 0
        S[g, GAME0 + G_ROLL_MINUS] = 0
        S[g, GAME0 + G_ROLL_MINUS_C] = 0
    S[g, att * NCF + STRIKES] += 1
    S[g, att * NCF + LAST_TARGET] = tgt
    if C[ca, TWICE] == 1 and S[g, att * NCF + STRIKES] == 1:
        S[g, att * NCF + ACTED] = 1           # may still make its second strike; not closed yet
        S[g, att * NCF + MOVES_LEFT] = 0
    else:
        after_attack(C, S, g, att)
    if t != tgt and C[S[g, t * NCF + EFF], DEF_NO_TAP] == 0 and in_play(S, g, t):
        S[g, t * NCF + CLOSED] = 1
    check_deaths(C, S, g)
    check_game_end(S, g)
    if (C[S[g, att * NCF + EFF], AB_TRIG_MASK] >> Trigger.ON_ATTACK) & 1 and in_play(S, g, att) \
            and S[g, GAME0 + G_WINNER] < 0:
        # "on a strike or a miss when attacking": after the strike and its deaths
        fire_triggers(C, S, g, att, Trigger.ON_ATTACK, t if in_play(S, g, t) else -1, 0)
        check_deaths(C, S, g)
        check_game_end(S, g)


@njit(cache=True, _nrt=False)
def row_middle_ova(C, S, g, att, t):
    """row_strike_middle_ova (Ледовый охотник): the own card on the cell its row strike passes over
    gains + N OvA until the end of the turn (nothing when that cell is empty)."""
    ca_, ct_ = S[g, att * NCF + CELL], S[g, t * NCF + CELL]
    mid = S[g, GAME0 + G_BOARD + (ca_ + ct_) // 2]
    if mid >= 0 and owner_of(mid) == owner_of(att):
        add_tmp(S, g, mid, TMP_FLAGS, TF_OVA_SHIFT, C[S[g, att * NCF + EFF], ROW_MID_OVA])


@njit(cache=True, _nrt=False)
def ranged(C, S, g, att, t):
    """A ranged attack: only the attacker rolls (504); no counter-strike. A card charged with
    counters adds them and loses one or all of them; "on a strong attack: poison" applies."""
    ca = S[g, att * NCF + EFF]
    kind = C[ca, RKIND]
    if logging(S, g):
        log(S, g, EV_ATTACK, att, t, kind, 0, 0)
    if not answers_to_attack(C, S, g, att, t):
        return
    if kind == AttackKind.ROW_STRIKE and C[ca, ROW_MID_OVA] > 0:
        row_middle_ova(C, S, g, att, t)
    ign = C[ca, IGN_TARGET] == 1
    dice = S[g, GAME0 + G_FLAGS] & F_DICE
    block = C[S[g, t * NCF + EFF], BLOCKS_RANGED_ON]
    if dice and block > 0 and kind != AttackKind.MAGIC_STRIKE and not ign:
        # Воин храма: a ranged attack at it is blocked on a die of `block` or more
        r = roll_d6(S, g, t, att, 3)
        if logging(S, g):
            log(S, g, EV_BLOCKED, t, att, r, int(r >= block), 0)
        if r >= block:
            after_attack(C, S, g, att)
            return
    ra = roll_for(C, S, g, att, t)
    if dice:
        ra, _ = dice_window(C, S, g, ROLL_RANGED, att, t, False, ra, -1)
        if not attack_stands(C, S, g, att, t):
            return
    a = ra + attack_roll_bonus(C, S, g, att, t)
    s = single_roll_strength(a)
    if logging(S, g):
        log(S, g, EV_ROLL, att, t, a, -1, roll_payload(s, 0, WHY_RANGED, ra, -1))
    base = ranged_base(C, S, g, att, s) + take_boost(C, S, g, att, s)
    w = attack_wounds(C, S, g, att, t, kind, s, base, False, ign, False)
    w = absorb_armor(C, S, g, t, w, kind, ign)
    if C[ca, RANGED_XL] == 1:       # Ведьма слуа: the extra lives it spent on the attack
        S[g, att * NCF + EXTRA_LIVES] -= removable_extra_lives(S, g, att)
        life_lowered(S, g, att)
    spend = C[ca, RANGED_SPEND]
    if spend == 2:
        S[g, att * NCF + COUNTERS] = 0
    elif spend == 1 and S[g, att * NCF + COUNTERS] > 0:
        S[g, att * NCF + COUNTERS] -= 1
    wound(S, g, t, w, att)
    mark_attack_wound(S, g, t, w)
    poison(C, S, g, att, t, C[ca, RPOISON_W + s - 1])
    if C[ca, RANGED_EXPLOSION] > 0 and S[g, t * NCF + ZONE] == Z_FIELD:
        # Орк-бомбардир: the target's cell explodes at the start of the attacker's owner's next turn
        add_delayed(S, g, DL_EXPLOSION, owner_of(att), C[ca, RANGED_EXPLOSION], S[g, t * NCF + CELL], att)
    after_attack(C, S, g, att)
    check_deaths(C, S, g)
    check_game_end(S, g)


@njit(cache=True, _nrt=False)
def special_strike(C, S, g, att, t):
    """Special strike N [H]: pay a counter; N wounds (plus strike bonuses) to an adjacent enemy
    creature, no dice, no counter-strike; a non-magical attack, so armor and non-magic reductions
    apply. With special_strike_stuns_closed (Борг), a target that is closed when the strike is
    declared is stunned (it does not untap at the start of its owner's next turn)."""
    S[g, att * NCF + COUNTERS] -= 1
    stun = C[S[g, att * NCF + EFF], SPECIAL_STUN] == 1 and S[g, t * NCF + CLOSED] == 1
    if logging(S, g):
        log(S, g, EV_ATTACK, att, t, AttackKind.SPECIAL_STRIKE, 0, 0)
    if web_blocks(S, g, att, t):
        after_attack(C, S, g, att)
        return
    ign = C[S[g, att * NCF + EFF], IGN_TARGET] == 1
    w = attack_wounds(C, S, g, att, t, AttackKind.SPECIAL_STRIKE, 0,
                      C[S[g, att * NCF + EFF], SPECIAL], False, ign, False)
    w = absorb_armor(C, S, g, t, w, AttackKind.SPECIAL_STRIKE, ign)
    wound(S, g, t, w, att)
    mark_attack_wound(S, g, t, w)
    if stun:
        S[g, t * NCF + GAINED] |= GAINED_STUN
    if C[S[g, att * NCF + EFF], SPECIAL_POISON] > 0:       # special_strike_poison (Слизь)
        poison(C, S, g, att, t, C[S[g, att * NCF + EFF], SPECIAL_POISON])
    after_attack(C, S, g, att)
    check_deaths(C, S, g)
    check_game_end(S, g)


@njit(cache=True, _nrt=False)
def finish_off(C, S, g, att, t):
    """Finish off N: destroy (509.2) an adjacent enemy creature with current life <= N; its on-death
    abilities fire at once (509.3)."""
    if logging(S, g):
        log(S, g, EV_DESTROY, att, t, 0, 0, 0)
    destroy(S, g, t, att)
    finish_action(C, S, g, att)
    check_deaths(C, S, g)           # its on-death abilities fire now (509.3)
    check_game_end(S, g)


@njit(cache=True, _nrt=False)
def heal_self(C, S, g, s):
    heal(S, g, s, C[S[g, s * NCF + EFF], HEAL_SELF])
    finish_action(C, S, g, s)


@njit(cache=True, _nrt=False)
def gain_counter(C, S, g, s):
    """123: a card with a counter-cost ability has "tap: gain 1 counter"."""
    S[g, s * NCF + COUNTERS] += 1
    if logging(S, g):
        log(S, g, EV_GAIN, s, 0, S[g, s * NCF + COUNTERS], 0, 0)
    finish_action(C, S, g, s)


@njit(cache=True, _nrt=False)
def tap_gain(C, S, g, s):
    """Tap: gain a keyword; acquired, it lasts to the end of the game (117)."""
    if C[S[g, s * NCF + EFF], GAIN_DIRECTED] == 1:
        S[g, s * NCF + GAINED] |= GAINED_DIRECTED
    S[g, s * NCF + GAINED] |= C[S[g, s * NCF + EFF], GAIN_PROT] << GAINED_PROT_SHIFT
    if logging(S, g):
        log(S, g, EV_GAIN, s, 1, S[g, s * NCF + GAINED], 0, 0)
    finish_action(C, S, g, s)
