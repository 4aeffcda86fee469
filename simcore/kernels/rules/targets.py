"""What an ability may reach (rules 113-118): its target filter, its condition, spells against protection from
spells, and the legality of a chosen target for a played, fast or triggered ability.
"""
from numba import njit

from decks.registry import (
    AttackKind,
    Condition,
    Effect,
    Protection,
    Target,
)

from ..cardtable import (
    AB0,
    AB_COND,
    AB_EFFECT,
    AB_F_CLASS,
    AB_F_ELEM,
    AB_RANGE,
    AB_SPELL,
    AB_TARGET,
    AB_TF_ELEM,
    AB_W,
    CLASS0,
    CLASS1,
    RANGED_ADJ,
)
from ..state import (
    CELL,
    EFF,
    G_DECK_SIZE,
    GAME0,
    LAST_CELL,
    MAX_DECK,
    MOVED,
    NCF,
    WOUNDS,
    Z_FIELD,
    Z_GRAVE,
    ZONE,
)
from .board import (
    ab,
    adjacent_cells,
    can_come_back,
    cell_row,
    forwardness,
    has_adjacent_enemy,
    in_formation,
    in_play,
    manhattan,
    n_in_play,
    owner_of,
    play_slot,
)
from .damage import (
    card_filter_ok,
    drawn_kinds_block,
    flyers_drawn,
    protections,
)
from .effects.strike import is_strike_effect, strike_option_error
from .errors import (
    E_ADJACENT_RANGED,
    E_DRAWN,
    E_NOT_ADJACENT,
    E_NOT_REVIVABLE,
    E_OK,
    E_OUT_OF_RANGE,
    E_TARGET_FILTER,
    E_TARGET_NOT_IN_PLAY,
    E_TARGET_OWN,
    E_TARGET_SPELL,
    E_TARGET_THEIRS,
    E_TARGET_UNWANTED,
)


@njit(cache=True, _nrt=False)
def matches(C, S, g, src, c, k, t):
    """Does card t pass the target filter of ability k of row c (source slot src)?"""
    if not filter_ok(C, S, g, src, c, k, t, AB_F_ELEM):
        return False
    k_class = ab(C, c, k, AB_F_CLASS)
    if k_class > 0:
        ct = S[g, t * NCF + EFF]
        return C[ct, CLASS0] == k_class or C[ct, CLASS1] == k_class
    return True


@njit(cache=True, _nrt=False)
def filter_ok(C, S, g, src, c, k, t, col0):
    """Card t against the filter stored at columns col0.. (element, flags, cost, cost at most) of
    ability k: the target filter (AB_F_ELEM) or the trigger filter (AB_TF_ELEM)."""
    return card_filter_ok(C, S, g, src, t, c, AB0 + AB_W * k + col0)


@njit(cache=True, _nrt=False)
def condition_holds(C, S, g, s, c, k):
    cond = ab(C, c, k, AB_COND)
    if cond == 0:
        return True
    if cond == Condition.IN_FORMATION:
        return in_formation(C, S, g, s)
    if cond == Condition.UNWOUNDED:
        return S[g, s * NCF + WOUNDS] == 0
    if cond == Condition.WOUNDED:
        return S[g, s * NCF + WOUNDS] > 0
    if cond == Condition.ADJACENT_ENEMY:
        return has_adjacent_enemy(S, g, s)
    if cond == Condition.ADJACENT_ALLY:
        return adjacent_ally(C, S, g, s, c, k)
    if cond == Condition.NOT_MOVED:
        return S[g, s * NCF + MOVED] == 0
    if cond == Condition.OWN_FRONT_ROW or cond == Condition.OWN_BACK_ROW:
        if S[g, s * NCF + ZONE] != Z_FIELD:
            return False
        f = forwardness(owner_of(s), cell_row(S[g, s * NCF + CELL]))
        return f == 2 if cond == Condition.OWN_FRONT_ROW else f == 0
    return False


@njit(cache=True, _nrt=False)
def adjacent_ally(C, S, g, s, c, k):
    """Condition adjacent_ally: another creature of s's owner stands on a cell around s and passes the
    ability's trigger_filter (Оури: "next to your creature costing 7 or more")."""
    if S[g, s * NCF + ZONE] != Z_FIELD:
        return False
    p = owner_of(s)
    for i in range(n_in_play(S, g, p)):
        o = play_slot(S, g, p, i)
        if o != s and S[g, o * NCF + ZONE] == Z_FIELD and adjacent_cells(
                S[g, s * NCF + CELL], S[g, o * NCF + CELL]) and filter_ok(C, S, g, s, c, k, o, AB_TF_ELEM):
            return True
    return False


@njit(cache=True, _nrt=False)
def spell_blocked(C, S, g, c, k, t):
    return ab(C, c, k, AB_SPELL) == 1 and (protections(C, S, g, t) & Protection.SPELL) != 0


@njit(cache=True, _nrt=False, inline="always")
def is_chosen(target):
    return (target == Target.CHOSEN or target == Target.CHOSEN_ENEMY or target == Target.CHOSEN_OWN
            or target == Target.CHOSEN_ADJACENT or target == Target.CHOSEN_ADJACENT_TO_OTHER or target == Target.CHOSEN_OWN_DEAD)


@njit(cache=True, _nrt=False)
def revivable(C, S, g, s, t):
    """chosen_own_dead: t is a card of s's owner in his graveyard that can come back (board.can_come_back:
    a flyer, or a ground creature with a cell to come back to)."""
    p = owner_of(s)
    if t < p * MAX_DECK or t >= p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p] or S[g, t * NCF + ZONE] != Z_GRAVE:
        return False
    return can_come_back(C, S, g, t)


@njit(cache=True, _nrt=False)
def trigger_target_error(C, S, g, src, c, k, t, other):
    """ability_target_error, and for chosen_adjacent_to_other: t stands on a cell around the trigger's
    other card (around its last cell when it has left play), t not being that card."""
    e = ability_target_error(C, S, g, src, c, k, t)
    if e != E_OK or ab(C, c, k, AB_TARGET) != Target.CHOSEN_ADJACENT_TO_OTHER:
        return e
    if other < 0:
        return E_NOT_ADJACENT
    center = S[g, other * NCF + CELL] if in_play(S, g, other) else S[g, other * NCF + LAST_CELL]
    if center < 0 or t == other or S[g, t * NCF + ZONE] != Z_FIELD or not adjacent_cells(
            center, S[g, t * NCF + CELL]):
        return E_NOT_ADJACENT
    return E_OK


@njit(cache=True, _nrt=False)
def ability_target_error(C, S, g, s, c, k, t):
    target = ab(C, c, k, AB_TARGET)
    eff = ab(C, c, k, AB_EFFECT)
    if is_strike_effect(eff):
        return strike_option_error(S, g, s, eff, t)       # t: the option (rules.strike_effects)
    chosen = is_chosen(target)
    if not chosen or eff == Effect.TRAP or eff == Effect.BOOST_NEXT_ATTACK:
        return E_OK if t < 0 else E_TARGET_UNWANTED
    if target == Target.CHOSEN_OWN_DEAD:
        if not revivable(C, S, g, s, t):
            return E_NOT_REVIVABLE
        return E_OK if matches(C, S, g, s, c, k, t) else E_TARGET_FILTER
    if t < 0 or not in_play(S, g, t):
        return E_TARGET_NOT_IN_PLAY
    if target == Target.CHOSEN_ENEMY and owner_of(t) == owner_of(s):
        return E_TARGET_OWN
    if target == Target.CHOSEN_OWN and owner_of(t) != owner_of(s):
        return E_TARGET_THEIRS
    if not matches(C, S, g, s, c, k, t):
        return E_TARGET_FILTER
    if spell_blocked(C, S, g, c, k, t):
        return E_TARGET_SPELL
    if target == Target.CHOSEN_ADJACENT:
        # around the card's cell, or its last cell when it has left play (an on-death ability, 509.3)
        center = S[g, s * NCF + CELL] if in_play(S, g, s) else S[g, s * NCF + LAST_CELL]
        if center < 0 or t == s or S[g, t * NCF + ZONE] != Z_FIELD or not adjacent_cells(
                center, S[g, t * NCF + CELL]):
            return E_NOT_ADJACENT
    if eff == Effect.ROLLED_SHOT:
        e = shot_target_error(C, S, g, s, t)
        if e != E_OK:
            return e
    r = ab(C, c, k, AB_RANGE)
    if r > 0 and S[g, s * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD:
        if manhattan(S[g, s * NCF + CELL], S[g, t * NCF + CELL]) > r:
            return E_OUT_OF_RANGE
    return E_OK


@njit(cache=True, _nrt=False)
def shot_target_error(C, S, g, s, t):
    """What a shot effect of s may target, as its own shot would: not an adjacent card (unless it has
    ranged_at_adjacent), and the cards that draw shots or flyers' attacks."""
    if S[g, s * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD and adjacent_cells(
            S[g, s * NCF + CELL], S[g, t * NCF + CELL]) and C[S[g, s * NCF + EFF], RANGED_ADJ] == 0:
        return E_ADJACENT_RANGED
    if flyers_drawn(C, S, g, s, t):
        return E_DRAWN
    blocked, _ = drawn_kinds_block(C, S, g, s, t, AttackKind.SHOT)
    if blocked:
        return E_DRAWN
    return E_OK


@njit(cache=True, _nrt=False, inline="always")
def reaches(C, S, g, c, k, t):
    """Does an effect of ability k (table row c) reach card t: in play, and not protected from it when
    it is a spell?"""
    return t >= 0 and in_play(S, g, t) and not spell_blocked(C, S, g, c, k, t)
