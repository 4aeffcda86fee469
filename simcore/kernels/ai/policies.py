"""Turn policies: which action the active player takes next.

random: uniform over the legal actions that rules.turn.legal_actions lists (ending the turn is one).
greedy: goes through its creatures in two passes. In the first pass each creature takes its best
attack-like action (simple strike by expected wound exchange, ranged attack, finishing off what it
can kill, special strike, healing itself when wounded, a played ability that pays off: a wound,
poison or destruction worth more than it costs, healing a wounded creature of its own, counters
spent when they pay off, or a counter saved up for an ability it cannot pay yet when a share of
that ability's worth now beats attacking: saving_value); in the second pass creatures with nothing
to attack step (or jump) toward the nearest enemy and attack if that brought one in reach, or
prepare (gain a counter, gain a keyword, set a boost, or a trap that is not fast: a fast trap waits
for the end-of-turn window, ai.decisions.choose_fast). A creature acts while its best action scores
above zero; the turn ends after the second pass. Its cursor lives in the pilots' fields of the game row
(P_CURSOR_TURN, P_CURSOR). greedy (not baseline) keeps a creature open instead when its best action (a
move aside) is worth less than what it is worth open in the opponent's next turn, as a defender
(guard_value) and by the counter-strike it keeps (open_value), times the seat's weight (holds_open):
`guard` for a defender that does not close to defend (Лёккен), `open_weight` for any other.

A stalled game (nobody wounded for STALL_TURNS turns) adds STALL_BONUS to every attack that can
wound its target, so that somebody attacks; an attack that cannot wound (a discharge at a card
protected from it) neither counts as an attack nor keeps the creature from approaching.
"""
import numpy as np
from numba import njit

from decks.registry import AttackKind, Effect, Kind, Limit, Target

from ..cardtable import (
    AB_COUNTER_COST,
    AB_COUNTERS,
    AB_EFFECT,
    AB_KIND,
    AB_LIMIT,
    AB_N_PLAYED,
    AB_TARGET,
    COST,
    DEF_NO_TAP,
    F_MUST_STRIKE,
    FINISH,
    GAIN_DIRECTED,
    GAIN_PROT,
    HEAL_SELF,
    IGN_TARGET,
    JUMP,
    LIFE,
    MOVE,
    N_AB,
    RANGED_PER_COUNTER,
    RKIND,
    SPECIAL,
    SPECIAL_STUN,
    TWICE,
)
from ..rules.board import (
    ab,
    adjacent_cells,
    cell_col,
    cell_row,
    cells_apart,
    n_in_play,
    only_flyers_left,
    play_slot,
)
from ..rules.combat import finish_error, gain_counter_error, ranged_error, special_error, strike_error
from ..rules.damage import is_directed, webbed
from ..rules.defence import can_defend
from ..rules.dice import ai_int
from ..rules.errors import E_OK
from ..rules.movement import jump_error, move_error
from ..rules.played import source_error
from ..rules.targets import ability_target_error
from ..rules.turn import (
    A_AB0,
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
    must_strike_now,
)
from ..state import (
    ACTED,
    ARMOR_LEFT,
    CELL,
    CLOSED,
    COUNTERS,
    EFF,
    G_ACTIVE,
    G_BOARD,
    G_DECK_SIZE,
    G_FLAGS,
    G_LAST_WOUND,
    G_TURN,
    GAINED,
    GAINED_STUN,
    GAME0,
    MAX_DECK,
    MOVED,
    MOVES_LEFT,
    N_CELLS,
    NCF,
    P_CURSOR,
    P_CURSOR_TURN,
    P_EXCLUDE_HI,
    P_EXCLUDE_LO,
    P_KEEP,
    P_KEEP_TURN,
    P_RANK,
    P_RANK_N,
    P_RANK_WORTH,
    PARAM0,
    PILOT0,
    PR_FOCUS0,
    PR_GUARD0,
    PR_OPEN_WEIGHT0,
    STRIKES,
    USED_GAME,
    WOUNDS,
    Z_AUX,
    Z_FIELD,
    Z_GRAVE,
    ZONE,
)
from .evaluate import (
    ability_value,
    hit_value,
    predicted_wounds,
    single_roll_ev,
    strike_ev,
    strike_ev_both,
    strike_wounds3,
)
from .values import GREEDY, policy_of

MOVE_SCORE = 0.1        # a step toward the enemy is worth a little, always less than a good attack
SAVE_SHARE = 0.75       # a counter saved toward an ability: this share of its worth now, per counter
                        # still missing (its target may die or move away meanwhile)
STALL_TURNS = 6         # after this many turns without a wound, any attack beats waiting
STALL_BONUS = 1000.0


@njit(cache=True, _nrt=False)
def random_action(C, S, g, buf):
    n = legal_actions(C, S, g, buf)
    k = ai_int(S, g, S[g, GAME0 + G_ACTIVE], n)
    return buf[k, 0], buf[k, 1], buf[k, 2]


@njit(cache=True, _nrt=False, inline="always")
def excluded(S, g, t):
    """True if card t is left out as a target while the search pilot lists a creature's alternative
    actions (the pilot fields P_EXCLUDE_LO/HI, 0 otherwise)."""
    if t < 64:
        return (S[g, PILOT0 + P_EXCLUDE_LO] >> t) & 1 == 1
    return (S[g, PILOT0 + P_EXCLUDE_HI] >> (t - 64)) & 1 == 1


@njit(cache=True, _nrt=False, inline="always")
def exclude(S, g, t):
    """Leave card t out as a target (excluded) until the pilot fields P_EXCLUDE_LO/HI are cleared."""
    if t < 64:
        S[g, PILOT0 + P_EXCLUDE_LO] |= np.int64(1) << t
    else:
        S[g, PILOT0 + P_EXCLUDE_HI] |= np.int64(1) << (t - 64)


@njit(cache=True, _nrt=False, inline="always")
def kept_open(S, g, s):
    """True if the active player's pilot keeps card s open for the rest of this turn (P_KEEP)."""
    return (S[g, PILOT0 + P_KEEP_TURN] == S[g, GAME0 + G_TURN] + 1 and s // MAX_DECK == S[g, GAME0 + G_ACTIVE]
            and (S[g, PILOT0 + P_KEEP] >> (s % MAX_DECK)) & 1 == 1)


@njit(cache=True, _nrt=False, inline="always")
def may_act(S, g, s):
    """True if card s may take an action now as far as the pilots see: open, not webbed, not kept open
    by its pilot this turn."""
    return not (S[g, s * NCF + CLOSED] == 1 or webbed(S, g, s) or kept_open(S, g, s))


@njit(cache=True, _nrt=False)
def keep_open(S, g, s):
    """Keep card s (of the active player) open for the rest of this turn: greedy passes it over."""
    turn = S[g, GAME0 + G_TURN] + 1
    if S[g, PILOT0 + P_KEEP_TURN] != turn:
        S[g, PILOT0 + P_KEEP_TURN] = turn
        S[g, PILOT0 + P_KEEP] = 0
    S[g, PILOT0 + P_KEEP] |= np.int64(1) << (s % MAX_DECK)


@njit(cache=True, _nrt=False, inline="always")
def _rc_distance(dr, dc):
    """nearest_enemy_distance's measure for a row and column difference."""
    return 10 * max(abs(dr), abs(dc)) + abs(dr) + abs(dc)


@njit(cache=True, _nrt=False, inline="always")
def _cell_distance(cell, other):
    return _rc_distance(cell_row(cell) - cell_row(other), cell_col(cell) - cell_col(other))


@njit(cache=True, _nrt=False)
def nearest_enemy_distance(S, g, q, cell):
    """Distance to the nearest enemy creature on the battlefield, in steps toward striking it:
    Chebyshev distance (adjacent = 1) with the Manhattan distance as a tie-breaker, so that a
    creature diagonally two cells away still sees progress in an orthogonal step."""
    best = 999
    for i in range(n_in_play(S, g, q)):
        t = play_slot(S, g, q, i)
        if S[g, t * NCF + ZONE] == Z_FIELD:
            best = min(best, _cell_distance(cell, S[g, t * NCF + CELL]))
    return best


@njit(cache=True, _nrt=False)
def nearest_enemy_distance5(S, g, q, cell):
    """nearest_enemy_distance from cell and from the cells 5 before, 5 after, 1 before and 1 after
    it (the orthogonal steps; the caller checks that a step is legal), in one pass over the enemies."""
    b0 = b1 = b2 = b3 = b4 = 999
    r0 = cell_row(cell)
    c0 = cell_col(cell)
    for i in range(n_in_play(S, g, q)):
        t = play_slot(S, g, q, i)
        if S[g, t * NCF + ZONE] == Z_FIELD:
            other = S[g, t * NCF + CELL]
            dr = cell_row(other) - r0
            dc = cell_col(other) - c0
            b0 = min(b0, _rc_distance(dr, dc))
            b1 = min(b1, _rc_distance(dr + 1, dc))      # from cell - 5: one row up
            b2 = min(b2, _rc_distance(dr - 1, dc))
            b3 = min(b3, _rc_distance(dr, dc + 1))      # from cell - 1: one column left
            b4 = min(b4, _rc_distance(dr, dc - 1))
    return b0, b1, b2, b3, b4


@njit(cache=True, _nrt=False)
def defended_strike_ev(C, S, g, s, t, focus):
    """strike_ev of s's simple strike at t as the opponent will answer it: he puts in the defender that
    lowers s's expected exchange most, if any lowers it (ai.choices.greedy_defender), and the strike is
    worth what it is worth against that defender."""
    q = 1 - s // MAX_DECK
    alone, alone_aimed, chosen, chosen_aimed = 0.0, 0.0, -1, 0.0
    best = 1e300
    for i in range(n_in_play(S, g, q)):
        d = play_slot(S, g, q, i)
        if S[g, d * NCF + CLOSED] == 0 and d != t and can_defend(C, S, g, s, t, d):
            if best == 1e300:           # the first possible defender: is the strike directed?
                if is_directed(C, S, g, s, t):
                    break
                alone, alone_aimed = strike_ev_both(C, S, g, s, t, False, focus)
                best = alone
            ev, ev_aimed = strike_ev_both(C, S, g, s, d, True, focus)
            if ev < best - 1e-9:
                best, chosen, chosen_aimed = ev, d, ev_aimed
    if chosen >= 0:
        return chosen_aimed
    if best != 1e300:
        return alone_aimed
    return strike_ev(C, S, g, s, t, False, focus)


@njit(cache=True, _nrt=False)
def follow_up(S, g, s, t):
    """True if another creature of s's owner that has not acted this turn is open next to t (or in his
    auxiliary zone, a flyer): after s's strike has used up t's armor for the turn, it may strike t with
    no armor in the way."""
    p = s // MAX_DECK
    cell = S[g, t * NCF + CELL]
    for i in range(n_in_play(S, g, p)):
        f = play_slot(S, g, p, i)
        if f == s or S[g, f * NCF + CLOSED] == 1 or S[g, f * NCF + ACTED] == 1:
            continue
        if S[g, f * NCF + ZONE] == Z_AUX or (S[g, f * NCF + ZONE] == Z_FIELD and cell >= 0
                                              and adjacent_cells(S[g, f * NCF + CELL], cell)):
            return True
    return False


@njit(cache=True, _nrt=False)
def _consider_target(C, S, g, s, t, can_strike, acted, best, b_kind, b_target, urge):
    """Score the attacks of s on enemy t; returns the improved (best, kind, target). A webbed t is not
    attacked: the attack would only free it from the web."""
    c = S[g, s * NCF + EFF]
    if webbed(S, g, t) or excluded(S, g, t):
        return best, b_kind, b_target
    if can_strike and strike_error(C, S, g, s, t) == E_OK:
        if policy_of(S, g, s // MAX_DECK) >= GREEDY:
            armor = S[g, t * NCF + ARMOR_LEFT]
            stripped = armor > 0 and follow_up(S, g, s, t)
            if stripped:
                S[g, t * NCF + ARMOR_LEFT] = 0      # the strikes that follow this one meet no armor
            v = defended_strike_ev(C, S, g, s, t, focus_of(S, g, s // MAX_DECK))
            if stripped:
                S[g, t * NCF + ARMOR_LEFT] = armor
        else:
            v = strike_ev(C, S, g, s, t, False, 0.0)
        if urge > 0.0 and strike_wounds3(C, S, g, s, t, False, C[c, IGN_TARGET] == 1, False, True)[2] > 0:
            v += urge       # a stalled game: attack even at a loss, if it can wound
        if v > best:
            best, b_kind, b_target = v, A_STRIKE, t
    if acted:
        return best, b_kind, b_target
    if C[c, FINISH] > 0 and finish_error(C, S, g, s, t) == E_OK:
        v = hit_value(C, S, g, t, 1000) * 1.5
        if v > best:
            best, b_kind, b_target = v, A_FINISH, t
    if C[c, SPECIAL] > 0 and S[g, s * NCF + COUNTERS] > 0 and special_error(C, S, g, s, t) == E_OK:
        w = predicted_wounds(C, S, g, s, t, AttackKind.SPECIAL_STRIKE, 0, False, False, False)
        v = hit_value(C, S, g, t, w)
        if C[c, SPECIAL_STUN] == 1 and S[g, t * NCF + CLOSED] == 1:
            v += 0.3 * C[S[g, t * NCF + EFF], COST]     # a stunned card misses its next turn's untap
        if v > best:
            best, b_kind, b_target = v, A_SPECIAL, t
    return best, b_kind, b_target


@njit(cache=True, _nrt=False)
def _best_use(C, S, g, s, c, k, floor):
    """The best target of ability k of s (table row c) that the rules accept, by its worth
    (ai.evaluate.ability_value): (worth, target; -1 for none) if it is worth more than floor, else
    (floor, -2). Only the target is checked here: the cost and the card's own state are
    rules.abilities.source_error's."""
    eff = ab(C, c, k, AB_EFFECT)
    target = ab(C, c, k, AB_TARGET)
    best, b_target = floor, -2
    if target == Target.CHOSEN_OWN_DEAD:                # revive: a card of its owner's graveyard
        p = s // MAX_DECK
        for t in range(p * MAX_DECK, p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p]):
            if S[g, t * NCF + ZONE] == Z_GRAVE and ability_target_error(C, S, g, s, c, k, t) == E_OK:
                v = ability_value(C, S, g, s, c, k, t)
                if v > best:
                    best, b_target = v, t
    elif (target == Target.CHOSEN or target == Target.CHOSEN_ENEMY or target == Target.CHOSEN_OWN
          or target == Target.CHOSEN_ADJACENT):
        if eff == Effect.TRAP or eff == Effect.BOOST_NEXT_ATTACK:
            return best, b_target
        p = s // MAX_DECK
        for q in range(2):
            if (target == Target.CHOSEN_OWN and q != p) or (target == Target.CHOSEN_ENEMY and q == p):
                continue
            for i in range(n_in_play(S, g, q)):
                t = play_slot(S, g, q, i)
                v = ability_value(C, S, g, s, c, k, t)      # its worth first, then legality
                if v > best and not excluded(S, g, t) and ability_target_error(C, S, g, s, c, k, t) == E_OK:
                    best, b_target = v, t
    elif ability_target_error(C, S, g, s, c, k, -1) == E_OK:
        v = ability_value(C, S, g, s, c, k, -1)
        if v > best:
            best, b_target = v, -1
    return best, b_target


@njit(cache=True, _nrt=False)
def _consider_abilities(C, S, g, s, prepare, best, b_kind, b_target):
    """Played abilities: effects now (wound, heal, destroy, ...) in the first pass; delayed ones
    (trap, boost) only when preparing, i.e. when nothing better is left this turn."""
    c = S[g, s * NCF + EFF]
    for k in range(C[c, N_AB]):
        kind = ab(C, c, k, AB_KIND)
        if kind != Kind.PLAYED and kind != Kind.FAST:
            continue
        eff = ab(C, c, k, AB_EFFECT)
        if (eff == Effect.TRAP or eff == Effect.BOOST_NEXT_ATTACK) and not prepare:
            continue
        if eff == Effect.TRAP and kind == Kind.FAST:
            continue            # set at the end-of-turn window instead (ai.decisions.choose_fast)
        if source_error(C, S, g, s, k, False) != E_OK:
            continue
        v, t = _best_use(C, S, g, s, c, k, best)
        if t > -2:
            best, b_kind, b_target = v, A_AB0 + k, t
    return best, b_kind, b_target


@njit(cache=True, _nrt=False)
def saving_value(C, S, g, s):
    """What one more counter is worth to s when it saves up for an ability it cannot pay yet (123,
    "tap: gain a counter"): SAVE_SHARE of the ability's worth now at its best target, per counter
    still missing; the best over its abilities (0: none worth saving for). An ability it may use
    only once per battle and has used is not saved for."""
    c = S[g, s * NCF + EFF]
    have = S[g, s * NCF + COUNTERS]
    best = 0.0
    for k in range(C[c, N_AB]):
        kind = ab(C, c, k, AB_KIND)
        need = ab(C, c, k, AB_COUNTERS)
        if (kind != Kind.PLAYED and kind != Kind.FAST) or need <= have:
            continue
        if ab(C, c, k, AB_LIMIT) == Limit.ONCE_PER_BATTLE and (S[g, s * NCF + USED_GAME] >> k) & 1:
            continue
        v, t = _best_use(C, S, g, s, c, k, 0.0)
        if t > -2:
            best = max(best, SAVE_SHARE * v / (need - have))
    return best


@njit(cache=True, _nrt=False)
def best_for(C, S, g, s, allow_move):
    """The best action of creature s: (score, kind, target); score 0 means nothing worth doing."""
    p = s // MAX_DECK
    q = 1 - p
    c = S[g, s * NCF + EFF]
    acted = S[g, s * NCF + ACTED] == 1
    can_strike = not acted or (C[c, TWICE] == 1 and S[g, s * NCF + STRIKES] == 1)
    best = 0.0
    b_kind, b_target = A_END, -1
    if acted and not can_strike:
        return best, b_kind, b_target       # it has acted and has no second strike: nothing left
    zone = S[g, s * NCF + ZONE]
    # a stalled game (nobody wounded for a while): attack even at a loss rather than wait
    urge = STALL_BONUS if S[g, GAME0 + G_TURN] - S[g, GAME0 + G_LAST_WOUND] >= STALL_TURNS else 0.0
    n_q = n_in_play(S, g, q)
    if zone == Z_AUX or only_flyers_left(C, S, g, q):
        for i in range(n_q):
            t = play_slot(S, g, q, i)
            best, b_kind, b_target = _consider_target(C, S, g, s, t, can_strike, acted,
                                                      best, b_kind, b_target, urge)
    else:
        cell = S[g, s * NCF + CELL]
        r0 = cell_row(cell)
        c0 = cell_col(cell)
        for dr in range(-1, 2):
            for dc in range(-1, 2):
                r = r0 + dr
                col = c0 + dc
                if (dr == 0 and dc == 0) or r < 0 or r > 5 or col < 0 or col > 4:
                    continue
                t = S[g, GAME0 + G_BOARD + r * 5 + col]
                if t >= 0 and t // MAX_DECK == q:
                    best, b_kind, b_target = _consider_target(C, S, g, s, t, can_strike, acted,
                                                              best, b_kind, b_target, urge)
    has_attack = best > 0.0
    if acted:
        return best, b_kind, b_target
    can_shoot = False
    if C[c, RKIND] != 0:
        for i in range(n_q):
            t = play_slot(S, g, q, i)
            if ranged_error(C, S, g, s, t) == E_OK and not webbed(S, g, t) and not excluded(S, g, t):
                can_shoot = True
                v = single_roll_ev(C, S, g, s, t, C[c, RKIND], focus_of(S, g, p))
                if v <= 0.0:
                    continue        # it cannot wound t (protected from it)
                has_attack = True
                v += urge
                if v > best:
                    best, b_kind, b_target = v, A_RANGED, t
    if C[c, HEAL_SELF] > 0 and S[g, s * NCF + WOUNDS] > 0:
        v = 0.8 * min(S[g, s * NCF + WOUNDS], C[c, HEAL_SELF]) * C[c, COST] / max(C[c, LIFE], 1)
        if v > best:
            best, b_kind, b_target = v, A_HEAL, -1
    if C[c, AB_N_PLAYED] > 0:
        best, b_kind, b_target = _consider_abilities(C, S, g, s, False, best, b_kind, b_target)
    futile = can_shoot and not has_attack      # every enemy it could shoot now is protected from it
    if C[c, RANGED_PER_COUNTER] > 0 and not futile and gain_counter_error(C, S, g, s) == E_OK:
        # charging a "+N per counter" ranged attack: worth about N/4 crystals a counter
        v = 0.25 * C[c, RANGED_PER_COUNTER]
        if v > best:
            best, b_kind, b_target = v, A_GAIN_COUNTER, -1
    if C[c, AB_COUNTER_COST] > 0 and not allow_move and gain_counter_error(C, S, g, s) == E_OK:
        # saving up for an ability it cannot pay yet (Харон's spell): weighed against attacking now;
        # in the first pass only (a card that did not save then has something better or nothing)
        v = saving_value(C, S, g, s)
        if v > best:
            best, b_kind, b_target = v, A_GAIN_COUNTER, -1
    if not allow_move or has_attack:
        return best, b_kind, b_target
    if C[c, SPECIAL] > 0 and S[g, s * NCF + COUNTERS] == 0 and MOVE_SCORE / 2 > best \
            and gain_counter_error(C, S, g, s) == E_OK:
        best, b_kind, b_target = MOVE_SCORE / 2, A_GAIN_COUNTER, -1
    if (C[c, GAIN_DIRECTED] > 0 or C[c, GAIN_PROT] > 0) and (S[g, s * NCF + GAINED] & ~GAINED_STUN) == 0 \
            and MOVE_SCORE / 3 > best:
        best, b_kind, b_target = MOVE_SCORE / 3, A_TAP_GAIN, -1
    if C[c, AB_COUNTER_COST] > 0 and MOVE_SCORE / 2 > best and gain_counter_error(C, S, g, s) == E_OK:
        best, b_kind, b_target = MOVE_SCORE / 2, A_GAIN_COUNTER, -1     # save up for the ability
    if C[c, AB_N_PLAYED] > 0:
        best, b_kind, b_target = _consider_abilities(C, S, g, s, True, best, b_kind, b_target)
    if zone != Z_FIELD or S[g, s * NCF + MOVES_LEFT] <= 0:
        return best, b_kind, b_target
    cell = S[g, s * NCF + CELL]
    here, d_up, d_down, d_left, d_right = nearest_enemy_distance5(S, g, q, cell)
    if here < 20:       # already adjacent to an enemy
        return best, b_kind, b_target
    for d, there in ((-5, d_up), (5, d_down), (-1, d_left), (1, d_right)):
        to = cell + d
        if 0 <= to < N_CELLS and move_error(C, S, g, s, to) == E_OK:
            v = MOVE_SCORE * (here - there) / 10.0
            if v > best:
                best, b_kind, b_target = v, A_MOVE, to
    if C[c, JUMP] > 0 and S[g, s * NCF + MOVED] == 0:
        for to in range(N_CELLS):
            if jump_error(C, S, g, s, to) == E_OK:
                v = 0.09 * MOVE_SCORE * (here - nearest_enemy_distance(S, g, q, to))
                if v > best:
                    best, b_kind, b_target = v, A_JUMP, to
    return best, b_kind, b_target


@njit(cache=True, _nrt=False)
def urge_of(S, g):
    """STALL_BONUS in a stalled game (nobody wounded for STALL_TURNS turns), else 0."""
    return STALL_BONUS if S[g, GAME0 + G_TURN] - S[g, GAME0 + G_LAST_WOUND] >= STALL_TURNS else 0.0


@njit(cache=True, _nrt=False, inline="always")
def focus_of(S, g, p):
    """The focus (0..1, ai.evaluate.aimed_value) p's greedy aims its attacks with (0 for baseline)."""
    return S[g, PARAM0 + PR_FOCUS0 + p] / 100.0


@njit(cache=True, _nrt=False)
def open_value(C, S, g, s):
    """What keeping open creature s (on the battlefield) is worth in the opponent's next turn, in
    crystals: the most any enemy creature that can reach it then would gain by striking it closed
    rather than open (closed, only the attacker rolls: no counter-strike), by ai.evaluate.strike_ev."""
    if S[g, s * NCF + ZONE] != Z_FIELD or S[g, s * NCF + CLOSED] == 1:
        return 0.0
    q = 1 - s // MAX_DECK
    cell = S[g, s * NCF + CELL]
    best = 0.0
    for i in range(n_in_play(S, g, q)):
        e = play_slot(S, g, q, i)
        if S[g, e * NCF + ZONE] == Z_FIELD:
            other = S[g, e * NCF + CELL]
            if cells_apart(other, cell) > 1 + C[S[g, e * NCF + EFF], MOVE]:
                continue
        v_open = strike_ev(C, S, g, e, s, False, 0.0)
        S[g, s * NCF + CLOSED] = 1
        v_closed = strike_ev(C, S, g, e, s, False, 0.0)
        S[g, s * NCF + CLOSED] = 0
        best = max(best, v_closed - v_open)
    return best


@njit(cache=True, _nrt=False)
def guard_value(C, S, g, s):
    """What creature s (on the battlefield) is worth as a defender (504) in the opponent's next turn if it
    stays open, in crystals: for each enemy creature on the battlefield near enough to come next to both
    s and an ally next to s, how much s defending lowers that enemy's best strike at such an ally (the
    allies taken as closed: they will have acted; a directed strike cannot be defended). A defender that
    does not close to defend and may defend any number of times (defender_no_tap: Лёккен) stands against
    every such enemy, the amounts added up; any other defends once, the largest."""
    if S[g, s * NCF + ZONE] != Z_FIELD:
        return 0.0
    p = s // MAX_DECK
    cell = S[g, s * NCF + CELL]
    every = C[S[g, s * NCF + EFF], DEF_NO_TAP] == 1
    total = 0.0
    for i in range(n_in_play(S, g, 1 - p)):
        e = play_slot(S, g, 1 - p, i)
        if S[g, e * NCF + ZONE] != Z_FIELD:
            continue
        at = S[g, e * NCF + CELL]
        reach = 1 + C[S[g, e * NCF + EFF], MOVE]
        if cells_apart(at, cell) > reach:
            continue
        defended = 1e300        # e's strike at s defending: weighed once a neighbour needs it
        best = 0.0
        for j in range(n_in_play(S, g, p)):
            a = play_slot(S, g, p, j)
            if a == s or S[g, a * NCF + ZONE] != Z_FIELD or not adjacent_cells(S[g, a * NCF + CELL], cell):
                continue
            if cells_apart(at, S[g, a * NCF + CELL]) > reach or is_directed(C, S, g, e, a):
                continue
            if defended == 1e300:
                defended = strike_ev(C, S, g, e, s, True, 0.0)
            closed = S[g, a * NCF + CLOSED]
            S[g, a * NCF + CLOSED] = 1
            best = max(best, strike_ev(C, S, g, e, a, False, 0.0) - defended)
            S[g, a * NCF + CLOSED] = closed
        total = total + best if every else max(total, best)
    return total


@njit(cache=True, _nrt=False)
def holds_open(C, S, g, s, score, kind):
    """True if greedy keeps its creature s open this turn rather than take its best action (score, kind):
    the action is not a move, the game is not stalled, and it is worth less than what s open is worth in
    the opponent's next turn, as a defender (guard_value) and by the counter-strike it keeps (open_value),
    times the seat's weight: `guard` (%) for a defender that does not close to defend (Лёккен),
    `open_weight` (%) for any other creature. Never for baseline, whose weights are 0."""
    p = s // MAX_DECK
    if C[S[g, s * NCF + EFF], DEF_NO_TAP] == 1:
        weight = S[g, PARAM0 + PR_GUARD0 + p] / 100.0
    else:
        weight = S[g, PARAM0 + PR_OPEN_WEIGHT0 + p] / 100.0
    if weight <= 0.0 or kind == A_MOVE or kind == A_JUMP or urge_of(S, g) > 0.0 \
            or policy_of(S, g, p) < GREEDY:
        return False
    return score < weight * (guard_value(C, S, g, s) + open_value(C, S, g, s))


@njit(cache=True, _nrt=False)
def forced_strike(C, S, g, p):
    """A card of p that must strike a closed enemy creature (must_strike_closed) strikes the closed
    enemy with the best expected exchange first; (A_END, -1, -1) when none must."""
    for i in range(n_in_play(S, g, p)):
        s = play_slot(S, g, p, i)
        if not must_strike_now(C, S, g, s):
            continue
        best, b_target = 0.0, -1
        for j in range(n_in_play(S, g, 1 - p)):
            t = play_slot(S, g, 1 - p, j)
            if S[g, t * NCF + CLOSED] == 1 and strike_error(C, S, g, s, t) == E_OK:
                v = strike_ev(C, S, g, s, t, False, 0.0)
                if b_target < 0 or v > best:
                    best, b_target = v, t
        return A_STRIKE, s, b_target
    return A_END, -1, -1


@njit(cache=True, _nrt=False)
def rank_creatures(C, S, g, p):
    """greedy's order for the first pass of its turn: p's open creatures with an action worth taking,
    the best action's worth (best_for, no moves) first, into the pilot fields P_RANK_N, P_RANK + k.
    Returns the first one's best action (score, kind, target) (0, A_END, -1 if none)."""
    n = 0
    top, top_kind, top_target = 0.0, A_END, -1
    for j in range(n_in_play(S, g, p)):
        s = play_slot(S, g, p, j)
        if not may_act(S, g, s):
            continue
        score, kind, target = best_for(C, S, g, s, False)
        if score <= 0.0:
            continue
        worth = np.int64(score * 1e6)       # insertion by worth (the order only is kept: the actions
        k = n                               # are chosen again when each creature's turn comes)
        while k > 0 and S[g, PILOT0 + P_RANK_WORTH + k - 1] < worth:
            S[g, PILOT0 + P_RANK + k] = S[g, PILOT0 + P_RANK + k - 1]
            S[g, PILOT0 + P_RANK_WORTH + k] = S[g, PILOT0 + P_RANK_WORTH + k - 1]
            k -= 1
        S[g, PILOT0 + P_RANK + k] = s
        S[g, PILOT0 + P_RANK_WORTH + k] = worth
        if k == 0:
            top, top_kind, top_target = score, kind, target
        n += 1
    S[g, PILOT0 + P_RANK_N] = n
    return top, top_kind, top_target


@njit(cache=True, _nrt=False)
def greedy_action(C, S, g):
    p = S[g, GAME0 + G_ACTIVE]
    if S[g, GAME0 + G_FLAGS] & F_MUST_STRIKE:
        kind, s, t = forced_strike(C, S, g, p)
        if kind == A_STRIKE:
            return kind, s, t
    turn = S[g, GAME0 + G_TURN]
    if S[g, PILOT0 + P_CURSOR_TURN] != turn + 1:
        S[g, PILOT0 + P_CURSOR_TURN] = turn + 1
        S[g, PILOT0 + P_CURSOR] = 0
        S[g, PILOT0 + P_RANK_N] = -1        # greedy ranks its creatures at its first look
    # the cursor walks pass 0 (no moves) then pass 1 over the player's slots in order: position
    # pass * MAX_DECK + slot index; only open cards in play (the play list, kept in slot order) act
    cursor = S[g, PILOT0 + P_CURSOR]
    if cursor < MAX_DECK and policy_of(S, g, p) >= GREEDY:
        # greedy's first pass walks its creatures in the order of their best actions' worth at the
        # start of the turn (a kill before a wound), not in slot order as baseline's
        ranked = cursor == 0 and S[g, PILOT0 + P_RANK_N] < 0
        top, top_kind, top_target = 0.0, A_END, -1
        if ranked:
            top, top_kind, top_target = rank_creatures(C, S, g, p)
        for k in range(cursor, S[g, PILOT0 + P_RANK_N]):
            s = S[g, PILOT0 + P_RANK + k]
            if not may_act(S, g, s) or \
                    (S[g, s * NCF + ZONE] != Z_FIELD and S[g, s * NCF + ZONE] != Z_AUX):
                continue
            if ranked and k == 0:
                score, kind, target = top, top_kind, top_target     # just found by the ranking
            else:
                score, kind, target = best_for(C, S, g, s, False)
            if score > 0.0 and not holds_open(C, S, g, s, score, kind):
                S[g, PILOT0 + P_CURSOR] = k
                return kind, s, target
        cursor = MAX_DECK
    for pass_ in range(cursor // MAX_DECK, 2):
        for j in range(n_in_play(S, g, p)):
            s = play_slot(S, g, p, j)
            position = pass_ * MAX_DECK + s - p * MAX_DECK
            if position < cursor or not may_act(S, g, s):
                continue
            score, kind, target = best_for(C, S, g, s, pass_ == 1)
            if score > 0.0:
                if holds_open(C, S, g, s, score, kind):
                    continue        # kept open for the opponent's turn: to defend, to strike back
                S[g, PILOT0 + P_CURSOR] = position
                return kind, s, target
    S[g, PILOT0 + P_CURSOR] = 2 * MAX_DECK
    return A_END, -1, -1
