"""Delayed abilities and the end of the turn (rule 118): trap and boost wait in the game's table of delayed
abilities until a target comes, even if their source has left play; a thrown bomb waits for its owner's next
turn; the end phase gives back and ends what lasted until the end of the turn.
"""
from numba import njit

from decks.registry import Effect

from ...cardtable import (
    AB_F_ELEM,
    AB_STRENGTHS,
    ELEMENT,
)
from ...state import (
    DELAY_W,
    EFF,
    ERR_DELAYED_FULL,
    G_ACTIVE,
    G_BOARD,
    G_DELAY,
    G_ERROR,
    G_N_DELAYED,
    GAIN_WIDTH,
    GAINED,
    GAINED_STONE_SHIFT,
    GAINED_STONE_WIDTH,
    GAINED_WEB,
    GAME0,
    HEAL_END,
    LIFE_MAX,
    MAX_DELAYED,
    NCF,
    TF_LIFE_SHIFT,
    TMP_FLAGS,
    TMP_OWN,
    TMP_STRIKE,
    USED_TURN,
)
from ..board import (
    ab,
    bits,
    n_in_play,
    owner_of,
    play_slot,
    with_bits,
)
from ..damage import (
    heal,
    wound,
)
from ..log import (
    EV_DELAYED,
    log,
    logging,
)

DL_TRAP = 1


DL_BOOST = 2


DL_EXPLOSION = 3        # ranged_explosion; its entry holds the cell and the source slot


KILLED_BY_TRAP = -4


@njit(cache=True, _nrt=False)
def add_delayed(S, g, kind, player, amount, elem, strengths):
    """A delayed ability waits (118): a trap or boost identical to one waiting (same player, amount and
    filters) joins its entry (its count), any other takes the first free entry; with all MAX_DELAYED
    entries taken the game stops with ERR_DELAYED_FULL (an engine limit, never a dropped ability)."""
    free = -1
    for k in range(MAX_DELAYED):
        b = GAME0 + G_DELAY + k * DELAY_W
        if S[g, b] == 0:
            if free < 0:
                free = k
        elif (kind != DL_EXPLOSION and S[g, b] == kind and S[g, b + 1] == player and S[g, b + 2] == amount
              and S[g, b + 3] == elem and S[g, b + 4] == strengths):
            free = k
            break
    if free < 0:
        S[g, GAME0 + G_ERROR] = ERR_DELAYED_FULL
        return False
    b = GAME0 + G_DELAY + free * DELAY_W
    if S[g, b] == 0:
        S[g, b] = kind
        S[g, b + 1] = player
        S[g, b + 2] = amount
        S[g, b + 3] = elem
        S[g, b + 4] = strengths
    S[g, b + 5] += 1
    S[g, GAME0 + G_N_DELAYED] += 1
    if logging(S, g):
        log(S, g, EV_DELAYED, player, kind, amount, 0, 0)
    return True


@njit(cache=True, _nrt=False)
def spring_traps(C, S, g, actor):
    """The next enemy creature that acts takes the trap's wounds, before its action resolves. Returns
    True if a trap fired (the caller checks destruction). Only called while delayed abilities wait
    (G_N_DELAYED)."""
    p = owner_of(actor)
    fired = False
    for k in range(MAX_DELAYED):
        b = GAME0 + G_DELAY + k * DELAY_W
        if S[g, b] == DL_TRAP and S[g, b + 1] != p:
            S[g, b] = 0
            S[g, GAME0 + G_N_DELAYED] -= S[g, b + 5]
            fired = True
            for _ in range(S[g, b + 5]):            # each trap of the entry
                if logging(S, g):
                    log(S, g, EV_DELAYED, S[g, b + 1], DL_TRAP, S[g, b + 2], actor, 1)
                wound(S, g, actor, S[g, b + 2], KILLED_BY_TRAP)
            S[g, b + 5] = 0
    return fired


@njit(cache=True, _nrt=False)
def explode(C, S, g, p):
    """ranged_explosion (Орк-бомбардир): at the start of player p's turn each of his waiting explosions
    wounds the card on its cell (an impact), in table order. Destruction is checked by the caller."""
    for k in range(MAX_DELAYED):
        b = GAME0 + G_DELAY + k * DELAY_W
        if S[g, b] == DL_EXPLOSION and S[g, b + 1] == p:
            S[g, b] = 0
            S[g, b + 5] = 0
            S[g, GAME0 + G_N_DELAYED] -= 1
            o = S[g, GAME0 + G_BOARD + S[g, b + 3]]
            if logging(S, g):
                log(S, g, EV_DELAYED, p, DL_EXPLOSION, S[g, b + 2], o, 1)
            if o >= 0:
                wound(S, g, o, S[g, b + 2], S[g, b + 4])


@njit(cache=True, _nrt=False)
def take_boost(C, S, g, att, strength):
    """+N to this attack if a boost of att's player waits for an attack of this strength by a card
    of its element; the boost is used up."""
    if S[g, GAME0 + G_N_DELAYED] == 0:
        return 0
    p = owner_of(att)
    total = 0
    for k in range(MAX_DELAYED):
        b = GAME0 + G_DELAY + k * DELAY_W
        if S[g, b] != DL_BOOST or S[g, b + 1] != p or strength <= 0:
            continue
        if (S[g, b + 4] >> (strength - 1)) & 1 == 0:
            continue
        e = S[g, b + 3]
        if e > 0 and C[S[g, att * NCF + EFF], ELEMENT] != e - 1:
            continue
        S[g, b] = 0
        S[g, GAME0 + G_N_DELAYED] -= S[g, b + 5]
        total += S[g, b + 2] * S[g, b + 5]
        for _ in range(S[g, b + 5]):                # each boost of the entry
            if logging(S, g):
                log(S, g, EV_DELAYED, p, DL_BOOST, S[g, b + 2], att, 1)
        S[g, b + 5] = 0
    return total


@njit(cache=True, _nrt=False)
def end_of_turn_effects(C, S, g):
    """End phase (118.3): "heal at end of turn" of every card in play, even if its source left;
    strike bonuses until end of turn expire; per-turn limits reset. Only games with ability cards
    call it (G_FLAGS & F_ABILITIES)."""
    for p in range(2):
        for i in range(n_in_play(S, g, p)):
            s = play_slot(S, g, p, i)
            h = S[g, s * NCF + HEAL_END]
            if h > 0:
                S[g, s * NCF + HEAL_END] = 0
                heal(S, g, s, h)
            S[g, s * NCF + TMP_STRIKE] = 0
            S[g, s * NCF + LIFE_MAX] += bits(S[g, s * NCF + TMP_FLAGS], TF_LIFE_SHIFT, GAIN_WIDTH)
            S[g, s * NCF + TMP_FLAGS] = 0
            if p != S[g, GAME0 + G_ACTIVE] and bits(S[g, s * NCF + GAINED], GAINED_STONE_SHIFT, GAINED_STONE_WIDTH):
                # stone skin: the opponent's turn ends
                S[g, s * NCF + GAINED] = with_bits(S[g, s * NCF + GAINED], GAINED_STONE_SHIFT, GAINED_STONE_WIDTH, 0)
            if p == S[g, GAME0 + G_ACTIVE]:
                S[g, s * NCF + TMP_OWN] = 0          # "until the end of your (next) turn" ends
                S[g, s * NCF + GAINED] &= ~GAINED_WEB   # a web lasts to the end of its owner's turn
            S[g, s * NCF + USED_TURN] = 0


@njit(cache=True, _nrt=False)
def delayed_effect(C, S, g, src, c, k, eff, n):
    """An effect of the delayed family of amount n of ability k (table row c, source slot src): it has
    no target yet and waits for one in the table of delayed abilities (118)."""
    if eff == Effect.TRAP:
        add_delayed(S, g, DL_TRAP, owner_of(src), n, 0, 0)
    elif eff == Effect.BOOST_NEXT_ATTACK:
        add_delayed(S, g, DL_BOOST, owner_of(src), n, ab(C, c, k, AB_F_ELEM), ab(C, c, k, AB_STRENGTHS))
