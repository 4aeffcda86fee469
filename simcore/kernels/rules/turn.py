"""A turn (docs/RULES.md section 4): start phase, the Choice subphase's actions, end phase; the turn cap.

Start phase: the active player's cards open and regain full movement, armor pools refresh, then
poison ticks, then regeneration. Choice: the active player's actions in any order, until he ends
the turn. End phase: the turn passes; after `round_cap` rounds the game is adjudicated (604.1).

Actions are (kind, actor, target); `action_error` is the predicate, `apply_action` the action and
`legal_actions` lists every legal one (the random policy draws from it).
"""
from numba import njit

from decks.registry import Protection, Target, Trigger

from ..cardtable import (
    AB0,
    AB_N_PLAYED,
    AB_TARGET,
    AB_W,
    F_ABILITIES,
    F_FAST,
    F_INCARNATION,
    F_LOSER,
    F_MUST_STRIKE,
    F_POISON_WATCH,
    F_TURN_CHOICE,
    FINISH,
    GAIN_DIRECTED,
    GAIN_PROT,
    HEAL_SELF,
    JUMP,
    MAX_AB,
    MOVE,
    MUST_STRIKE_CLOSED,
    N_AB,
    REGEN,
    RKIND,
    SPECIAL,
    TC0_MOVE,
    TC0_REGEN,
    TWICE,
)
from ..state import (
    ACTED,
    ARMOR_LEFT,
    CELL,
    CLOSED,
    EFF,
    ERR_ACTIONS_FULL,
    G_ACTIVE,
    G_AT_END,
    G_DECK_SIZE,
    G_ERROR,
    G_FLAGS,
    G_N_DELAYED,
    G_TURN,
    G_WINNER,
    GAINED,
    GAINED_STUN,
    GAME0,
    KILLED_BY_POISON,
    LAST_TARGET,
    MAX_DECK,
    MOVED,
    MOVES_LEFT,
    N_CELLS,
    NCF,
    PARAM0,
    POISON,
    PR_ROUND_CAP,
    STRIKES,
    WOUNDS,
    Z_FIELD,
    Z_GRAVE,
    ZONE,
)
from .board import in_play, n_in_play, owner_of, play_slot
from .combat import (
    finish_error,
    finish_off,
    gain_counter,
    gain_counter_error,
    heal_self,
    ranged,
    ranged_error,
    self_ability_error,
    special_error,
    special_strike,
    strike,
    strike_error,
    tap_gain,
    tap_gain_error,
)
from .damage import armor_value, heal, protections, webbed, wound
from .destruction import adjudicate, check_game_end
from .effects.delayed import end_of_turn_effects, explode, spring_traps
from .effects.status import choose_forms, form_value
from .errors import E_FORCED_STRIKE, E_GAME_OVER, E_NO_ABILITY, E_OK
from .log import EV_PASS, EV_POISON_TICK, EV_REGEN, EV_TURN, log, logging
from .movement import jump, jump_error, move, move_error
from .permanent import recompute
from .played import ability_error
from .priority import play_ability, priority_window
from .triggers import check_deaths, fire_player_triggers, fire_poison_watchers, fire_valhalla, incarnations

A_END, A_MOVE, A_JUMP, A_STRIKE, A_RANGED, A_FINISH, A_HEAL, A_SPECIAL, A_GAIN_COUNTER, \
    A_TAP_GAIN = range(10)
A_AB0 = 10                # A_AB0 + k: played ability k of the card's `abilities` (114)
ACTION_NAMES = ("end_turn", "move", "jump", "attack", "ranged", "finish_off", "heal_self",
                "special_strike", "gain_counter", "tap_gain") + tuple(f"ability {k + 1}" for k in range(MAX_AB))


@njit(cache=True, _nrt=False)
def start_turn(C, S, g):
    p = S[g, GAME0 + G_ACTIVE]
    if logging(S, g):
        log(S, g, EV_TURN, p, S[g, GAME0 + G_TURN], 0, 0, 0)
    forms = S[g, GAME0 + G_FLAGS] & F_TURN_CHOICE
    if forms:
        choose_forms(C, S, g, p)        # "before your turn": Оборотень takes a form
    for q in range(2):
        for i in range(n_in_play(S, g, q)):
            s = play_slot(S, g, q, i)
            S[g, s * NCF + ARMOR_LEFT] = armor_value(C, S, g, s)
            if q == p:
                if S[g, s * NCF + GAINED] & GAINED_STUN:
                    S[g, s * NCF + GAINED] &= ~GAINED_STUN      # stunned: stays closed this once
                else:
                    S[g, s * NCF + CLOSED] = 0
                S[g, s * NCF + ACTED] = 0
                S[g, s * NCF + STRIKES] = 0
                S[g, s * NCF + LAST_TARGET] = -1
                S[g, s * NCF + MOVED] = 0
                S[g, s * NCF + MOVES_LEFT] = C[S[g, s * NCF + EFF], MOVE] if S[g, s * NCF + ZONE] == Z_FIELD else 0
                if forms and S[g, s * NCF + ZONE] == Z_FIELD:
                    S[g, s * NCF + MOVES_LEFT] += form_value(C, S, g, s, TC0_MOVE)
    if S[g, GAME0 + G_N_DELAYED] > 0:
        explode(C, S, g, p)             # ranged_explosion: before the poison wounds
    if S[g, GAME0 + G_FLAGS] & F_INCARNATION:
        incarnations(C, S, g, p)        # graveyard cards take a token and may return
    for i in range(n_in_play(S, g, p)):
        s = play_slot(S, g, p, i)
        if S[g, s * NCF + POISON] > 0:
            if protections(C, S, g, s) & Protection.POISON:
                continue
            if logging(S, g):
                log(S, g, EV_POISON_TICK, s, S[g, s * NCF + POISON], 0, 0, 0)
            wound(S, g, s, S[g, s * NCF + POISON], KILLED_BY_POISON)
            if S[g, GAME0 + G_FLAGS] & F_POISON_WATCH:
                fire_poison_watchers(C, S, g, s)
    check_deaths(C, S, g)
    if check_game_end(S, g):
        return
    for i in range(n_in_play(S, g, p)):
        s = play_slot(S, g, p, i)
        regen = C[S[g, s * NCF + EFF], REGEN]
        if forms:
            regen += form_value(C, S, g, s, TC0_REGEN)
        if regen > 0 and S[g, s * NCF + WOUNDS] > 0:
            if logging(S, g):
                log(S, g, EV_REGEN, s, regen, 0, 0, 0)
            heal(S, g, s, regen)
    # then the other "at the start of the turn" abilities: the active player's, then his opponent's
    fire_player_triggers(C, S, g, p, Trigger.TURN_START)
    fire_player_triggers(C, S, g, 1 - p, Trigger.OPPONENT_TURN_START)
    check_deaths(C, S, g)
    check_game_end(S, g)
    fire_valhalla(C, S, g, p)           # then valhalla, from the active player's graveyard
    if S[g, GAME0 + G_FLAGS] & (F_LOSER | F_FAST):
        recompute(C, S, g)
        priority_window(C, S, g)        # fast answers at the start of the turn (section 4)
        recompute(C, S, g)


@njit(cache=True, _nrt=False)
def end_turn(C, S, g):
    """End phase: "at end of turn" abilities (delayed ones too, 118.3), "until end of turn" effects
    expire; the turn passes; the round cap adjudicates (604.1)."""
    if logging(S, g):
        log(S, g, EV_PASS, S[g, GAME0 + G_ACTIVE], S[g, GAME0 + G_TURN], 0, 0, 0)
    p = S[g, GAME0 + G_ACTIVE]
    if S[g, GAME0 + G_FLAGS] & F_ABILITIES:
        S[g, GAME0 + G_AT_END] = 1
        priority_window(C, S, g)        # fast answers at the end of the turn (section 4)
        S[g, GAME0 + G_AT_END] = 0
        if check_game_end(S, g):
            return
        fire_player_triggers(C, S, g, p, Trigger.TURN_END)
        fire_player_triggers(C, S, g, 1 - p, Trigger.OPPONENT_TURN_END)
        end_of_turn_effects(C, S, g)
    check_deaths(C, S, g)
    if check_game_end(S, g):
        return
    S[g, GAME0 + G_TURN] += 1
    S[g, GAME0 + G_ACTIVE] = 1 - S[g, GAME0 + G_ACTIVE]
    if S[g, GAME0 + G_TURN] >= 2 * S[g, PARAM0 + PR_ROUND_CAP]:
        adjudicate(C, S, g)
        return
    start_turn(C, S, g)


@njit(cache=True, _nrt=False)
def must_strike_now(C, S, g, s):
    """must_strike_closed (Гном-басаарг): card s may now declare a simple strike at a closed enemy
    creature, so it must."""
    if C[S[g, s * NCF + EFF], MUST_STRIKE_CLOSED] == 0:
        return False
    q = 1 - owner_of(s)
    for j in range(n_in_play(S, g, q)):
        t = play_slot(S, g, q, j)
        if S[g, t * NCF + CLOSED] == 1 and strike_error(C, S, g, s, t) == E_OK:
            return True
    return False


@njit(cache=True, _nrt=False)
def forced_strike_error(C, S, g, kind, actor, target):
    """E_FORCED_STRIKE when an action breaks a forced strike: ending the turn while a card of the
    active player must strike, or any action of such a card but a simple strike at a closed enemy."""
    p = S[g, GAME0 + G_ACTIVE]
    if kind == A_END:
        for i in range(n_in_play(S, g, p)):
            if must_strike_now(C, S, g, play_slot(S, g, p, i)):
                return E_FORCED_STRIKE
        return E_OK
    if actor >= 0 and in_play(S, g, actor) and owner_of(actor) == p and must_strike_now(C, S, g, actor):
        if kind == A_STRIKE and target >= 0 and S[g, target * NCF + CLOSED] == 1:
            return E_OK
        return E_FORCED_STRIKE
    return E_OK


@njit(cache=True, _nrt=False)
def action_error(C, S, g, kind, actor, target):
    if S[g, GAME0 + G_WINNER] >= 0:
        return E_GAME_OVER
    if S[g, GAME0 + G_FLAGS] & F_MUST_STRIKE:
        e = forced_strike_error(C, S, g, kind, actor, target)
        if e != E_OK:
            return e
    if kind == A_END:
        return E_OK
    if kind == A_MOVE:
        return move_error(C, S, g, actor, target)
    if kind == A_JUMP:
        return jump_error(C, S, g, actor, target)
    if kind == A_STRIKE:
        return strike_error(C, S, g, actor, target)
    if kind == A_RANGED:
        return ranged_error(C, S, g, actor, target)
    if kind == A_FINISH:
        return finish_error(C, S, g, actor, target)
    if kind == A_HEAL:
        return self_ability_error(C, S, g, actor, HEAL_SELF)
    if kind == A_SPECIAL:
        return special_error(C, S, g, actor, target)
    if kind == A_GAIN_COUNTER:
        return gain_counter_error(C, S, g, actor)
    if kind == A_TAP_GAIN:
        return tap_gain_error(C, S, g, actor)
    if A_AB0 <= kind < A_AB0 + MAX_AB:
        return ability_error(C, S, g, actor, kind - A_AB0, target)
    return E_NO_ABILITY


@njit(cache=True, _nrt=False)
def apply_action(C, S, g, kind, actor, target, defender, exchange):
    """Carry out a legal action; A_END runs the end phase and the next start phase. A creature that
    acts first springs the opponent's traps (118); every action ends with recomputation (503.3)."""
    if kind >= A_STRIKE and S[g, GAME0 + G_N_DELAYED] > 0 and spring_traps(C, S, g, actor):
        check_deaths(C, S, g)
        check_game_end(S, g)
        if not in_play(S, g, actor):
            recompute(C, S, g)
            return
    if kind == A_END:
        end_turn(C, S, g)
        return
    if kind == A_MOVE:
        move(C, S, g, actor, target)
    elif kind == A_JUMP:
        jump(C, S, g, actor, target)
    elif kind == A_STRIKE:
        strike(C, S, g, actor, target, defender, exchange)
    elif kind == A_RANGED:
        ranged(C, S, g, actor, target)
    elif kind == A_FINISH:
        finish_off(C, S, g, actor, target)
    elif kind == A_HEAL:
        heal_self(C, S, g, actor)
    elif kind == A_SPECIAL:
        special_strike(C, S, g, actor, target)
    elif kind == A_GAIN_COUNTER:
        gain_counter(C, S, g, actor)
    elif kind == A_TAP_GAIN:
        tap_gain(C, S, g, actor)
    elif kind >= A_AB0:
        play_ability(C, S, g, actor, kind - A_AB0, target)
    if S[g, GAME0 + G_FLAGS] & F_LOSER:
        recompute(C, S, g)


@njit(cache=True, _nrt=False)
def _push(buf, n, kind, actor, target):
    """Action n into buf, if it has room (legal_actions counts on and stops the game when it had not)."""
    if n < buf.shape[0]:
        buf[n, 0] = kind
        buf[n, 1] = actor
        buf[n, 2] = target
    return n + 1


@njit(cache=True, _nrt=False)
def legal_actions(C, S, g, buf):
    """Every legal action of the active player into buf (kind, actor, target); returns the count.
    Ending the turn comes first; it is always legal except while a card must strike (must_strike_closed)."""
    n = _push(buf, 0, A_END, -1, -1)
    if S[g, GAME0 + G_WINNER] >= 0:
        return n
    p = S[g, GAME0 + G_ACTIVE]
    q = 1 - p
    for i in range(n_in_play(S, g, p)):
        s = play_slot(S, g, p, i)
        if S[g, s * NCF + CLOSED] == 1 or webbed(S, g, s):
            continue                    # a webbed card neither moves nor acts
        c = S[g, s * NCF + EFF]
        if S[g, s * NCF + ACTED] == 0 and S[g, s * NCF + ZONE] == Z_FIELD and S[g, s * NCF + MOVES_LEFT] > 0:
            cell = S[g, s * NCF + CELL]
            for d in (-5, 5, -1, 1):
                to = cell + d
                if 0 <= to < N_CELLS and move_error(C, S, g, s, to) == E_OK:
                    n = _push(buf, n, A_MOVE, s, to)
            if C[c, JUMP] > 0:
                for to in range(N_CELLS):
                    if jump_error(C, S, g, s, to) == E_OK:
                        n = _push(buf, n, A_JUMP, s, to)
        can_strike = S[g, s * NCF + ACTED] == 0 or (C[c, TWICE] == 1 and S[g, s * NCF + STRIKES] == 1)
        for j in range(n_in_play(S, g, q)):
            t = play_slot(S, g, q, j)
            if can_strike and strike_error(C, S, g, s, t) == E_OK:
                n = _push(buf, n, A_STRIKE, s, t)
            if S[g, s * NCF + ACTED] == 1:
                continue
            if C[c, RKIND] != 0 and ranged_error(C, S, g, s, t) == E_OK:
                n = _push(buf, n, A_RANGED, s, t)
            if C[c, FINISH] > 0 and finish_error(C, S, g, s, t) == E_OK:
                n = _push(buf, n, A_FINISH, s, t)
            if C[c, SPECIAL] > 0 and special_error(C, S, g, s, t) == E_OK:
                n = _push(buf, n, A_SPECIAL, s, t)
        if S[g, s * NCF + ACTED] == 0:
            if C[c, HEAL_SELF] > 0:
                n = _push(buf, n, A_HEAL, s, -1)
            if gain_counter_error(C, S, g, s) == E_OK:
                n = _push(buf, n, A_GAIN_COUNTER, s, -1)
            if C[c, GAIN_DIRECTED] > 0 or C[c, GAIN_PROT] > 0:
                n = _push(buf, n, A_TAP_GAIN, s, -1)
        if C[c, AB_N_PLAYED] > 0:
            # an ability that does not close its card is not the card's action: an open card that has
            # acted (opened again, say by Ойуун) may still use it (ability_error refuses the others)
            n = _push_abilities(C, S, g, s, buf, n)
    if n > buf.shape[0]:
        S[g, GAME0 + G_ERROR] = ERR_ACTIONS_FULL        # an engine limit (docs/RULES.md section 12)
        return buf.shape[0]
    if S[g, GAME0 + G_FLAGS] & F_MUST_STRIKE:
        n = _drop_forced(C, S, g, buf, n)
    return n


@njit(cache=True, _nrt=False)
def _drop_forced(C, S, g, buf, n):
    """Remove the actions a forced strike forbids (must_strike_closed), keeping the order."""
    m = 0
    for i in range(n):
        if forced_strike_error(C, S, g, buf[i, 0], buf[i, 1], buf[i, 2]) == E_OK:
            buf[m, 0] = buf[i, 0]
            buf[m, 1] = buf[i, 1]
            buf[m, 2] = buf[i, 2]
            m += 1
    return m


@njit(cache=True, _nrt=False)
def _push_abilities(C, S, g, s, buf, n):
    """The legal uses of s's played abilities: one per chosen target, or one without a target."""
    c = S[g, s * NCF + EFF]
    for k in range(C[c, N_AB]):
        if ability_error(C, S, g, s, k, -1) == E_OK:
            n = _push(buf, n, A_AB0 + k, s, -1)
            continue
        if C[c, AB0 + AB_W * k + AB_TARGET] == Target.CHOSEN_OWN_DEAD:      # a card of his graveyard (revive)
            p = owner_of(s)
            for t in range(p * MAX_DECK, p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p]):
                if S[g, t * NCF + ZONE] == Z_GRAVE and ability_error(C, S, g, s, k, t) == E_OK:
                    n = _push(buf, n, A_AB0 + k, s, t)
            continue
        for q in range(2):
            for j in range(n_in_play(S, g, q)):
                t = play_slot(S, g, q, j)
                if ability_error(C, S, g, s, k, t) == E_OK:
                    n = _push(buf, n, A_AB0 + k, s, t)
    return n
