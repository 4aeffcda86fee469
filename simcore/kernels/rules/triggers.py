"""Triggered abilities (rule 113): they fire on an event (on strike, struck, death, the start and end of a turn,
a move, another creature's death, poison wounds, valhalla from the graveyard, incarnation), and the
destruction check after every action fires the on-death abilities of the destroyed cards (509.3).
"""
from numba import njit

from decks.registry import (
    AmountOf,
    AttackKind,
    Kind,
    Target,
    Trigger,
)

from ..cardtable import (
    AB_ALSO_AMOUNT,
    AB_ALSO_EFFECT,
    AB_AMOUNT,
    AB_AMOUNT_OF,
    AB_EFFECT,
    AB_KIND,
    AB_STRENGTHS,
    AB_TARGET,
    AB_TF_ELEM,
    AB_TRIG_MASK,
    AB_TRIGGER,
    F_DEATH_WATCH,
    F_INCARNATION,
    F_TURN_TRIGGERS,
    F_VALHALLA,
    FLYER,
    INCARN,
    INCARN_OPEN,
    LIFE,
    MOVE,
    N_AB,
    VALHALLA_TWICE,
)
from ..state import (
    ACQ_LOST,
    ACTED,
    ARMOR_LEFT,
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    DEATH_PENDING,
    DEATH_TURN,
    DIED_FROM,
    EFF,
    EXTRA_LIVES,
    G_BOARD,
    G_DECK_SIZE,
    G_FLAGS,
    G_HURT,
    G_PEND_HI,
    G_PEND_LO,
    G_TOKENS,
    G_WINNER,
    GAINED,
    GAINED_TOKEN,
    GAME0,
    HEAL_END,
    LAST_TARGET,
    LIFE_MAX,
    MAX_DECK,
    MOVED,
    MOVES_LEFT,
    N_COLS,
    N_SLOTS,
    NCF,
    POISON,
    STRIKES,
    TMP_FLAGS,
    TMP_OWN,
    TMP_STRIKE,
    USED_TURN,
    WOUNDS,
    Z_AUX,
    Z_FIELD,
    Z_GRAVE,
    ZONE,
)
from .abilities import resolve, trigger_used_up
from .board import (
    ab,
    add_to_play,
    cell_col,
    come_back_cell,
    n_in_play,
    owner_of,
    play_slot,
)
from .damage import (
    armor_value,
    base_value,
)
from .destruction import check_destruction, check_game_end
from .effects.apply import apply_one
from .log import (
    EV_ABILITY,
    EV_INCARNATE,
    log,
    logging,
)
from .targets import condition_holds, filter_ok, matches


@njit(cache=True, _nrt=False)
def fire_triggers(C, S, g, s, trig, other, strength):
    """Fire the triggered abilities of card s for event trig (strength: 1..3 for on_strike, else 0)."""
    c = S[g, s * NCF + EFF]
    if c < 0 or (C[c, AB_TRIG_MASK] >> trig) & 1 == 0:
        return
    for k in range(C[c, N_AB]):
        if ab(C, c, k, AB_KIND) != Kind.TRIGGERED or ab(C, c, k, AB_TRIGGER) != trig:
            continue
        if strength > 0 and (ab(C, c, k, AB_STRENGTHS) >> (strength - 1)) & 1 == 0:
            continue
        if trig != Trigger.ON_DEATH and not condition_holds(C, S, g, s, c, k):
            continue
        if trigger_used_up(C, S, g, s, c, k):
            continue
        if other >= 0 and (trig == Trigger.ON_STRIKE or trig == Trigger.ON_STRUCK or trig == Trigger.ENEMY_POISON_WOUNDED) \
                and not filter_ok(
                C, S, g, s, c, k, other, AB_TF_ELEM):
            continue                # the trigger filter: which struck / striking card fires it
        if ab(C, c, k, AB_TARGET) == Target.LEFT_RIGHT_OWN:
            resolve_left_right(C, S, g, s, c, k, other, strength)
            continue
        resolve(C, S, g, s, c, k, -1, other)


@njit(cache=True, _nrt=False)
def resolve_left_right(C, S, g, s, c, k, other, strength):
    """Target left_right_own: ability k of card s (on the battlefield) acts on its owner's
    creatures on the cells directly left and right of it, the left one first. amount_of strike_value:
    the amount is s's simple strike of the strength that fired it (base_value: printed, its turn gains
    and its form), the largest number its owner may choose (Ревнитель Сеггера)."""
    if S[g, s * NCF + ZONE] != Z_FIELD:
        return
    eff = ab(C, c, k, AB_EFFECT)
    n = ab(C, c, k, AB_AMOUNT)
    if ab(C, c, k, AB_AMOUNT_OF) == AmountOf.STRIKE_VALUE:
        n = base_value(C, S, g, s, AttackKind.STRIKE, strength)
    if logging(S, g):
        log(S, g, EV_ABILITY, s, k, other, eff, 0)
    cell = S[g, s * NCF + CELL]
    for d in range(2):
        col = cell_col(cell) + (2 * d - 1)
        if col < 0 or col >= N_COLS:
            continue
        o = S[g, GAME0 + G_BOARD + cell - cell_col(cell) + col]
        if o < 0 or owner_of(o) != owner_of(s) or not matches(C, S, g, s, c, k, o):
            continue
        apply_one(C, S, g, s, c, k, o, eff, n)
        if ab(C, c, k, AB_ALSO_EFFECT) > 0:
            apply_one(C, S, g, s, c, k, o, ab(C, c, k, AB_ALSO_EFFECT), ab(C, c, k, AB_ALSO_AMOUNT))


@njit(cache=True, _nrt=False)
def fire_player_triggers(C, S, g, p, trig):
    """Fire trig for every card player p has in play (start and end of turn)."""
    if (S[g, GAME0 + G_FLAGS] & F_TURN_TRIGGERS) == 0:
        return
    i = 0
    while i < n_in_play(S, g, p):
        s = play_slot(S, g, p, i)
        n_before = n_in_play(S, g, p)
        fire_triggers(C, S, g, s, trig, -1, 0)
        if n_in_play(S, g, p) == n_before:
            i += 1


@njit(cache=True, _nrt=False)
def fire_death_watchers(C, S, g, dead):
    """"When a creature dies" abilities of the cards in play (both players), for the creature dead
    if it passes their trigger filter; the dead card is their `attacked`-style other card."""
    for p in range(2):
        i = 0
        while i < n_in_play(S, g, p):
            s = play_slot(S, g, p, i)
            n_before = n_in_play(S, g, p)
            c = S[g, s * NCF + EFF]
            if (C[c, AB_TRIG_MASK] >> Trigger.CREATURE_DIES) & 1:
                for k in range(C[c, N_AB]):
                    if ab(C, c, k, AB_KIND) == Kind.TRIGGERED and ab(C, c, k, AB_TRIGGER) == Trigger.CREATURE_DIES \
                            and condition_holds(C, S, g, s, c, k) and filter_ok(C, S, g, s, c, k, dead, AB_TF_ELEM) \
                            and not trigger_used_up(C, S, g, s, c, k):
                        resolve(C, S, g, s, c, k, -1, dead)
            if n_in_play(S, g, p) == n_before:
                i += 1


@njit(cache=True, _nrt=False)
def fire_poison_watchers(C, S, g, poisoned):
    """"When an enemy creature takes poison wounds" (enemy_poison_wounded): the abilities of the cards
    in play of the other player than the poisoned creature's, in slot order, right after its poison
    wounds; the poisoned creature is their other card."""
    p = 1 - owner_of(poisoned)
    i = 0
    while i < n_in_play(S, g, p):
        s = play_slot(S, g, p, i)
        n_before = n_in_play(S, g, p)
        c = S[g, s * NCF + EFF]
        if (C[c, AB_TRIG_MASK] >> Trigger.ENEMY_POISON_WOUNDED) & 1:
            fire_triggers(C, S, g, s, Trigger.ENEMY_POISON_WOUNDED, poisoned, 0)
        if n_in_play(S, g, p) == n_before:
            i += 1


@njit(cache=True, _nrt=False, inline="always")
def check_deaths(C, S, g):
    """Destroy every card at 0 life, then fire the on-death abilities of every card destroyed since
    the last check, in slot order, at its last cell (509.3); repeat while they destroy more. First the
    waiting on_incarnation_token abilities. Nothing to do unless a life went down
    (G_HURT), a card was destroyed (G_PEND_HI) or a token given (G_TOKENS): this test is inlined
    where check_deaths is called; the work is _check_deaths'."""
    if S[g, GAME0 + G_HURT] != 0 or S[g, GAME0 + G_PEND_HI] >= 0 or S[g, GAME0 + G_TOKENS] != 0:
        _check_deaths(C, S, g)


@njit(cache=True, _nrt=False)
def _check_deaths(C, S, g):
    if S[g, GAME0 + G_FLAGS] & F_INCARNATION:
        fire_pending_tokens(C, S, g)
    check_destruction(S, g)
    while S[g, GAME0 + G_PEND_HI] >= 0:
        # the slots in slot order, from the lowest destroyed to the highest, that one included even
        # when it is destroyed during this pass (a lower one destroyed meanwhile waits for the next)
        s = S[g, GAME0 + G_PEND_LO]
        hi = S[g, GAME0 + G_PEND_HI]
        S[g, GAME0 + G_PEND_LO] = N_SLOTS
        S[g, GAME0 + G_PEND_HI] = -1
        while s <= max(hi, S[g, GAME0 + G_PEND_HI]):
            if S[g, s * NCF + DEATH_PENDING] == 1:
                S[g, s * NCF + DEATH_PENDING] = 0
                fire_triggers(C, S, g, s, Trigger.ON_DEATH, -1, 0)
                S[g, s * NCF + EFF] = S[g, s * NCF + CARD_ID]
                if C[S[g, s * NCF + CARD_ID], INCARN] > 0:
                    S[g, s * NCF + COUNTERS] = 0        # in the graveyard its counters are incarnation tokens
                if S[g, GAME0 + G_FLAGS] & F_DEATH_WATCH:
                    fire_death_watchers(C, S, g, s)
            s += 1
        check_destruction(S, g)


@njit(cache=True, _nrt=False)
def fire_valhalla(C, S, g, p):
    """At the start of player p's turn, the valhalla abilities of his cards lying in his graveyard,
    in slot order, each at one of his creatures in play that he chooses (target chosen_own). While
    p has in play a card with valhalla_twice (Рагнар) that has its abilities, the first valhalla
    ability fired this turn fires twice (two choices). Deaths are checked after each."""
    if (S[g, GAME0 + G_FLAGS] & F_VALHALLA) == 0:
        return
    twice = False
    for i in range(n_in_play(S, g, p)):
        if C[S[g, play_slot(S, g, p, i) * NCF + EFF], VALHALLA_TWICE] == 1:
            twice = True
    for i in range(S[g, GAME0 + G_DECK_SIZE + p]):
        s = p * MAX_DECK + i
        if S[g, s * NCF + ZONE] != Z_GRAVE:
            continue
        c = S[g, s * NCF + CARD_ID]
        if (C[c, AB_TRIG_MASK] >> Trigger.VALHALLA) & 1 == 0:
            continue
        for k in range(C[c, N_AB]):
            if ab(C, c, k, AB_KIND) != Kind.TRIGGERED or ab(C, c, k, AB_TRIGGER) != Trigger.VALHALLA:
                continue
            times = 2 if twice else 1
            twice = False
            for _ in range(times):
                if S[g, GAME0 + G_WINNER] >= 0:
                    return
                resolve(C, S, g, s, c, k, -1, -1)
                check_deaths(C, S, g)
                check_game_end(S, g)


@njit(cache=True, _nrt=False)
def fire_pending_tokens(C, S, g):
    """The on_incarnation_token abilities of graveyard cards that received a token from an effect
    (Талион) since the last check, in slot order (called by check_deaths: no effect calls them itself).
    Without a token given since the last call (G_TOKENS) there is nothing to scan for."""
    if S[g, GAME0 + G_TOKENS] == 0:
        return
    S[g, GAME0 + G_TOKENS] = 0
    for s in range(N_SLOTS):
        if S[g, s * NCF + ZONE] == Z_GRAVE and S[g, s * NCF + GAINED] & GAINED_TOKEN:
            S[g, s * NCF + GAINED] &= ~GAINED_TOKEN
            fire_token_triggers(C, S, g, s)


@njit(cache=True, _nrt=False)
def fire_token_triggers(C, S, g, s):
    """on_incarnation_token: card s (in the graveyard) has just received an incarnation token."""
    c = S[g, s * NCF + CARD_ID]
    for k in range(C[c, N_AB]):
        if ab(C, c, k, AB_KIND) == Kind.TRIGGERED and ab(C, c, k, AB_TRIGGER) == Trigger.ON_INCARNATION_TOKEN:
            resolve(C, S, g, s, c, k, -1, -1)


@njit(cache=True, _nrt=False)
def incarnate(C, S, g, s):
    """Card s returns from the graveyard (incarnation): as a new card, printed life, no wounds, extra
    lives, counters, poison or acquired effects; closed (open with incarnates_open); then its
    on_incarnate abilities fire. A ground creature comes to the cell its owner decides
    (board.come_back_cell); False if there is none (it waits)."""
    c = S[g, s * NCF + CARD_ID]
    cell = -1
    if C[c, FLYER] == 0:
        cell = come_back_cell(C, S, g, s)
        if cell < 0:
            return False
    for f in (WOUNDS, EXTRA_LIVES, COUNTERS, POISON, GAINED, TMP_STRIKE, TMP_FLAGS, TMP_OWN, ACQ_LOST,
              HEAL_END, USED_TURN, MOVED, ACTED, STRIKES, DEATH_PENDING):
        S[g, s * NCF + f] = 0
    S[g, s * NCF + LIFE_MAX] = C[c, LIFE]
    S[g, s * NCF + EFF] = c
    S[g, s * NCF + DIED_FROM] = -1
    S[g, s * NCF + DEATH_TURN] = -1
    S[g, s * NCF + LAST_TARGET] = -1
    S[g, s * NCF + CLOSED] = 1 - C[c, INCARN_OPEN]
    if cell >= 0:
        S[g, s * NCF + ZONE] = Z_FIELD
        S[g, s * NCF + CELL] = cell
        S[g, GAME0 + G_BOARD + cell] = s
        S[g, s * NCF + MOVES_LEFT] = C[c, MOVE]
    else:
        S[g, s * NCF + ZONE] = Z_AUX
        S[g, s * NCF + CELL] = -1
        S[g, s * NCF + MOVES_LEFT] = 0
    add_to_play(S, g, s)
    S[g, s * NCF + ARMOR_LEFT] = armor_value(C, S, g, s)
    if logging(S, g):
        log(S, g, EV_INCARNATE, s, cell, 0, 0, 0)
    fire_triggers(C, S, g, s, Trigger.ON_INCARNATE, -1, 0)
    fire_incarnation_watchers(C, S, g, s)
    return True


@njit(cache=True, _nrt=False)
def fire_incarnation_watchers(C, S, g, s):
    """creature_incarnates: the abilities of the cards its owner has in play (itself included), by slot,
    when his creature s has incarnated; s is their other card."""
    p = owner_of(s)
    i = 0
    while i < n_in_play(S, g, p):
        o = play_slot(S, g, p, i)
        n_before = n_in_play(S, g, p)
        c = S[g, o * NCF + EFF]
        for k in range(C[c, N_AB]):
            if ab(C, c, k, AB_KIND) == Kind.TRIGGERED and ab(C, c, k, AB_TRIGGER) == Trigger.CREATURE_INCARNATES \
                    and condition_holds(C, S, g, o, c, k):
                resolve(C, S, g, o, c, k, -1, s)
        if n_in_play(S, g, p) == n_before:
            i += 1


@njit(cache=True, _nrt=False)
def incarnations(C, S, g, p):
    """Start of player p's turn: each of his graveyard cards with incarnation N takes a token (at most
    N); one that holds N incarnates, in slot order. Only games with such cards (F_INCARNATION)."""
    for s in range(p * MAX_DECK, p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p]):
        if S[g, s * NCF + ZONE] != Z_GRAVE:
            continue
        n = C[S[g, s * NCF + CARD_ID], INCARN]
        if n == 0:
            continue
        if S[g, s * NCF + COUNTERS] < n:
            S[g, s * NCF + COUNTERS] += 1
            fire_token_triggers(C, S, g, s)
        if S[g, s * NCF + COUNTERS] >= n:
            incarnate(C, S, g, s)
