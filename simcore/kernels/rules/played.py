"""Played and fast abilities (rule 114): whether a card may use one now, as its owner's action or at a
priority window; paying its cost and putting it on the stack; resolving the top of the stack.
"""
from numba import njit

from decks.registry import (
    Kind,
    Limit,
    Target,
)

from ..cardtable import (
    AB_COUNTERS,
    AB_EFFECT,
    AB_FLAGS,
    AB_KIND,
    AB_LIMIT,
    AB_TAP,
    AB_TARGET,
    F_FAST,
    MAX_AB,
    N_AB,
)
from ..state import (
    AB_USES,
    ACTED,
    CARD_ID,
    CLOSED,
    COUNTERS,
    EFF,
    G_ACTIVE,
    G_FAST,
    G_ROLL,
    G_STACK,
    G_STACK_N,
    G_TARGETS,
    G_TARGETS_N,
    G_WINNER,
    GAME0,
    MAX_DECK,
    MOVES_LEFT,
    NCF,
    ROLL_NONE,
    USED_GAME,
    USED_TURN,
)
from .abilities import resolve
from .board import (
    ab,
    in_play,
    n_in_play,
    owner_of,
    play_slot,
)
from .damage import (
    webbed,
)
from .decisions import (
    Decision,
    add_option,
    answer_ability,
    answer_card,
    answer_use,
    choose_option,
    offer,
    offer_listed,
    put_option,
    target_at,
)
from .destruction import check_game_end
from .effects.strike import N_OPTIONS, is_strike_effect
from .errors import (
    E_ACTED,
    E_CLOSED,
    E_CONDITION,
    E_GAME_OVER,
    E_LIMIT,
    E_NO_ABILITY,
    E_NO_COUNTERS,
    E_NOT_ACTIVE,
    E_NOT_DICE_WINDOW,
    E_NOT_IN_PLAY,
    E_OK,
    E_WEBBED,
)
from .log import (
    EV_DECLARE,
    log,
    logging,
)
from .targets import ability_target_error, condition_holds
from .triggers import check_deaths


@njit(cache=True, _nrt=False)
def use_error(C, S, g, s, k, t, window):
    """May card s use ability k at target t (-1: none)? window = False: as an action of its owner's
    Choice subphase (played or fast, 114.2.1); True: at a priority window, fast only (114.2.2),
    by either player."""
    e = source_error(C, S, g, s, k, window)
    if e != E_OK:
        return e
    return ability_target_error(C, S, g, s, S[g, s * NCF + EFF], k, t)


@njit(cache=True, _nrt=False)
def source_error(C, S, g, s, k, window):
    """The part of use_error that does not depend on the target: kind, cost, condition, limit."""
    if S[g, GAME0 + G_WINNER] >= 0:
        return E_GAME_OVER
    if s < 0 or not in_play(S, g, s):
        return E_NOT_IN_PLAY
    active = owner_of(s) == S[g, GAME0 + G_ACTIVE]
    if not window and not active:
        return E_NOT_ACTIVE
    c = S[g, s * NCF + EFF]
    if k >= C[c, N_AB]:
        return E_NO_ABILITY
    kind = ab(C, c, k, AB_KIND)
    if kind != Kind.FAST and (window or kind != Kind.PLAYED):
        return E_NO_ABILITY
    # strike effects only at an attack's dice window, and nothing else there
    if is_strike_effect(ab(C, c, k, AB_EFFECT)) != (window and S[g, GAME0 + G_ROLL] != ROLL_NONE):
        return E_NOT_DICE_WINDOW
    if ab(C, c, k, AB_TAP) == 1:
        if S[g, s * NCF + CLOSED] == 1:
            return E_CLOSED
        if active and S[g, s * NCF + ACTED] == 1:
            return E_ACTED
    if S[g, s * NCF + COUNTERS] < ab(C, c, k, AB_COUNTERS):
        return E_NO_COUNTERS
    if webbed(S, g, s):
        return E_WEBBED
    if not condition_holds(C, S, g, s, c, k):
        return E_CONDITION
    lim = ab(C, c, k, AB_LIMIT)
    if lim == Limit.ONCE_PER_TURN and (S[g, s * NCF + USED_TURN] >> k) & 1:
        return E_LIMIT
    if lim == Limit.ONCE_PER_BATTLE and (S[g, s * NCF + USED_GAME] >> k) & 1:
        return E_LIMIT
    if lim == Limit.TWICE_PER_TURN and (S[g, s * NCF + USED_TURN] >> (k + MAX_AB)) & 1:
        return E_LIMIT          # bit k: used once this turn, bit MAX_AB + k: twice
    return E_OK


@njit(cache=True, _nrt=False)
def ability_error(C, S, g, s, k, t):
    """Played ability k of card s at target t (-1: none), in its owner's Choice subphase (114.2.1)."""
    return use_error(C, S, g, s, k, t, False)


@njit(cache=True, _nrt=False)
def pay_and_push(C, S, g, s, k, t):
    """Declare ability k of s: pay its cost now (counters; closing the card, which is its action
    in its own turn, 506.5) and put it on the stack."""
    c = S[g, s * NCF + EFF]
    if logging(S, g):
        log(S, g, EV_DECLARE, s, k, t, ab(C, c, k, AB_EFFECT), 0)
    S[g, s * NCF + COUNTERS] -= ab(C, c, k, AB_COUNTERS)
    if ab(C, c, k, AB_LIMIT) == Limit.TWICE_PER_TURN and (S[g, s * NCF + USED_TURN] >> k) & 1:
        S[g, s * NCF + USED_TURN] |= 1 << (k + MAX_AB)
    S[g, s * NCF + USED_TURN] |= 1 << k
    S[g, s * NCF + USED_GAME] |= 1 << k
    S[g, s * NCF + AB_USES] += 1
    if ab(C, c, k, AB_TAP) == 1:
        S[g, s * NCF + CLOSED] = 1
        if owner_of(s) == S[g, GAME0 + G_ACTIVE]:
            S[g, s * NCF + ACTED] = 1
            S[g, s * NCF + MOVES_LEFT] = 0
    n = S[g, GAME0 + G_STACK_N]
    S[g, GAME0 + G_STACK + 3 * n] = s
    S[g, GAME0 + G_STACK + 3 * n + 1] = k
    S[g, GAME0 + G_STACK + 3 * n + 2] = t
    S[g, GAME0 + G_STACK_N] = n + 1


@njit(cache=True, _nrt=False)
def resolve_top(C, S, g):
    """Resolve the top of the stack (last in, first out), even if its source has left play or lost
    its abilities since (the ability was already used); a chosen target that left play is not
    affected."""
    n = S[g, GAME0 + G_STACK_N] - 1
    S[g, GAME0 + G_STACK_N] = n
    s = S[g, GAME0 + G_STACK + 3 * n]
    k = S[g, GAME0 + G_STACK + 3 * n + 1]
    t = S[g, GAME0 + G_STACK + 3 * n + 2]
    resolve(C, S, g, s, S[g, s * NCF + CARD_ID], k, t, -1)
    check_deaths(C, S, g)
    check_game_end(S, g)


# ---- answers at a priority window (114.2.2): the decisions ANSWER and ANSWER_TARGET ----------------------
@njit(cache=True, _nrt=False)
def answer_targets(C, S, g, s, k, legal):
    """The targets of fast ability k of card s, listed into G_TARGETS; returns their number. A strike
    effect's options 0 .. N_OPTIONS - 1; for a target chosen among the cards in play (chosen,
    chosen_enemy, chosen_own, chosen_adjacent) those cards, in the order of the cards in play (its
    owner's, the enemy's, or player 1's then player 2's); any other ability: no target (-1). legal:
    only those ability_target_error allows now; else every candidate (a pilot that weighs them first
    checks the ones worth it)."""
    c = S[g, s * NCF + EFF]
    p = owner_of(s)
    target = ab(C, c, k, AB_TARGET)
    n = 0
    if is_strike_effect(ab(C, c, k, AB_EFFECT)):
        for j in range(N_OPTIONS):
            if not legal or ability_target_error(C, S, g, s, c, k, j) == E_OK:
                S[g, GAME0 + G_TARGETS + n] = j
                n += 1
    elif (target == Target.CHOSEN or target == Target.CHOSEN_ENEMY or target == Target.CHOSEN_OWN
          or target == Target.CHOSEN_ADJACENT):
        q0 = p if target == Target.CHOSEN_OWN else (1 - p if target == Target.CHOSEN_ENEMY else 0)
        both = target == Target.CHOSEN or target == Target.CHOSEN_ADJACENT
        for q in range(q0, 2 if both else q0 + 1):
            for i in range(n_in_play(S, g, q)):
                t = play_slot(S, g, q, i)
                if not legal or ability_target_error(C, S, g, s, c, k, t) == E_OK:
                    S[g, GAME0 + G_TARGETS + n] = t
                    n += 1
    elif not legal or ability_target_error(C, S, g, s, c, k, -1) == E_OK:
        S[g, GAME0 + G_TARGETS] = -1
        n = 1
    S[g, GAME0 + G_TARGETS_N] = n
    return n


@njit(cache=True, _nrt=False)
def answer_decision(C, S, g, p):
    """Player p has priority: decision ANSWER, pass (-1) or one of the fast abilities of his cards in play
    that he may use now (answer_use(s, k), in the order of his cards and their abilities); then
    ANSWER_TARGET, one of its legal targets (answer_targets). No decision when he has no such ability.
    Returns (slot, ability, target), slot -1 to pass."""
    n = 1                                   # option 0: pass
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
            if ab(C, c, k, AB_KIND) == Kind.FAST and not (closed and ab(C, c, k, AB_TAP) == 1) \
                    and source_error(C, S, g, s, k, True) == E_OK:
                put_option(S, g, n, answer_use(s, k))   # (a closed card's tap ability: without the call)
                n += 1
    if n == 1:
        return -1, 0, -1
    put_option(S, g, 0, -1)
    offer_listed(S, g, Decision.ANSWER, p, 0, 0, 0, 0, 0, n)
    use = choose_option(C, S, g, False)
    if use < 0:
        return -1, 0, -1
    s = answer_card(use)
    k = answer_ability(use)
    n = answer_targets(C, S, g, s, k, True)
    if n == 0:
        return -1, 0, -1
    offer(S, g, Decision.ANSWER_TARGET, p, s, k, 0, 0, 0)
    for j in range(n):
        add_option(S, g, target_at(S, g, j))
    return s, k, choose_option(C, S, g, False)
