"""Resolving an ability (rules 113-118): on its chosen card, the other card of a strike, itself or an area;
spread and repeated targets; a strike effect on the attack in its dice window.
"""
from numba import njit

from decks.registry import (
    Effect,
    Kind,
    Limit,
    Spread,
    Target,
)

from ..cardtable import (
    AB_ALSO_AMOUNT,
    AB_ALSO_EFFECT,
    AB_ALSO_UNLESS,
    AB_AMOUNT,
    AB_AND_SELF,
    AB_DESTROY_SELF,
    AB_EFFECT,
    AB_KIND,
    AB_LIMIT,
    AB_OPTIONAL,
    AB_SELF_XL,
    AB_SPREAD,
    AB_TARGET,
    AB_TIMES,
    ELEMENT,
    MAX_AB,
    SW,
)
from ..state import (
    CELL,
    COUNTERS,
    EFF,
    EXTRA_LIVES,
    LAST_CELL,
    N_SLOTS,
    NCF,
    USED_TURN,
    Z_FIELD,
    ZONE,
)
from .board import (
    ab,
    adjacent_cells,
    in_play,
    n_in_play,
    opposite_card,
    owner_of,
    play_slot,
    slot_in,
    with_slot,
)
from .decisions import Decision, choose_option, offer_listed, put_option
from .destruction import destroy
from .effects.apply import apply_effect, apply_one
from .effects.strike import apply_strike_effect, is_strike_effect
from .errors import (
    E_OK,
)
from .log import (
    EV_ABILITY,
    EV_CHOOSE,
    log,
    logging,
)
from .targets import is_chosen, matches, trigger_target_error


@njit(cache=True, _nrt=False)
def _apply_area(C, S, g, src, c, k, center, target, other):
    """Every card matching an area target, all at once (simple ability, docs/RULES.md section 8)."""
    p = owner_of(src)
    for q in range(2):
        if (target == Target.ADJACENT_ENEMIES or target == Target.ALL_ENEMIES) and q == p:
            continue
        if target == Target.ALL_OWN and q != p:
            continue
        i = 0
        while i < n_in_play(S, g, q):
            o = play_slot(S, g, q, i)
            i += 1
            if o == src and target != Target.ALL_OWN and target != Target.ALL:
                continue
            if target == Target.ADJACENT or target == Target.ADJACENT_ENEMIES:
                if center < 0 or S[g, o * NCF + ZONE] != Z_FIELD or not adjacent_cells(
                        center, S[g, o * NCF + CELL]):
                    continue
            if not matches(C, S, g, src, c, k, o):
                continue
            n_before = n_in_play(S, g, q)
            apply_effect(C, S, g, src, c, k, o, other)
            if n_in_play(S, g, q) < n_before:       # destroyed: the list shifted
                i -= 1


@njit(cache=True, _nrt=False)
def choose_trigger_target(C, S, g, src, c, k, other, lo, hi):
    """Decision TRIGGER_TARGET of the owner of src: the target of its triggered ability k (table row c)
    among the cards in play that trigger_target_error allows (player 1's cards in play, then player 2's),
    then none (-1) when the ability is optional ("may"); no decision without a legal card. Cards whose
    bit is set in the slot set (lo, hi) are left out (`times`). Returns the target or -1."""
    p = owner_of(src)
    optional = ab(C, c, k, AB_OPTIONAL) == 1
    n = 0
    for q in range(2):
        for i in range(n_in_play(S, g, q)):
            t = play_slot(S, g, q, i)
            if trigger_target_error(C, S, g, src, c, k, t, other) == E_OK and slot_in(lo, hi, t) == 0:
                put_option(S, g, n, t)
                n += 1
    if n == 0:
        return -1
    if optional:
        put_option(S, g, n, -1)
        n += 1
    offer_listed(S, g, Decision.TRIGGER_TARGET, p, src, c, k, other, int(optional), n)
    return choose_option(C, S, g, False)


@njit(cache=True, _nrt=False)
def resolve(C, S, g, src, c, k, chosen, other):
    """Apply ability k of row c of card src: to the chosen card (a triggered ability's owner chooses it
    now), the other card of a strike (attacked or attacker), itself, or an area. Destruction is checked
    by the caller."""
    target = ab(C, c, k, AB_TARGET)
    eff = ab(C, c, k, AB_EFFECT)
    if chosen < 0 and is_chosen(target) and ab(C, c, k, AB_KIND) == Kind.TRIGGERED:
        if ab(C, c, k, AB_TIMES) == 1:
            resolve_times(C, S, g, src, c, k)
            return
        chosen = choose_trigger_target(C, S, g, src, c, k, other, 0, 0)
        if logging(S, g):
            log(S, g, EV_CHOOSE, src, k, chosen, eff, 0)      # the owner's choice (-1: none)
        if chosen < 0:
            return
    if ab(C, c, k, AB_KIND) == Kind.TRIGGERED and ab(C, c, k, AB_LIMIT) != 0:
        if ab(C, c, k, AB_LIMIT) == Limit.TWICE_PER_TURN and (S[g, src * NCF + USED_TURN] >> k) & 1:
            S[g, src * NCF + USED_TURN] |= 1 << (k + MAX_AB)
        S[g, src * NCF + USED_TURN] |= 1 << k        # "(once per turn)": it has fired
    if ab(C, c, k, AB_DESTROY_SELF) == 1 and in_play(S, g, src):
        destroy(S, g, src, src)           # first; the area is then around its last cell (509.3)
    if logging(S, g):
        log(S, g, EV_ABILITY, src, k, chosen if chosen >= 0 else other, eff, 0)
    if ab(C, c, k, AB_SELF_XL) > 0 and in_play(S, g, src):
        S[g, src * NCF + EXTRA_LIVES] += ab(C, c, k, AB_SELF_XL)     # self_first: the card gains first
    if is_strike_effect(eff):
        _resolve_strike_effect(C, S, g, src, c, k, chosen)
    elif eff == Effect.TRAP or eff == Effect.BOOST_NEXT_ATTACK:
        apply_effect(C, S, g, src, c, k, -1, other)
    elif target == Target.SELF:
        apply_effect(C, S, g, src, c, k, src, other)
    elif target == Target.OPPOSITE_ENEMY:
        o = opposite_card(S, g, src)
        if o >= 0 and owner_of(o) != owner_of(src) and matches(C, S, g, src, c, k, o):
            apply_effect(C, S, g, src, c, k, o, other)
    elif target == Target.ATTACKED or target == Target.ATTACKER:
        if other >= 0 and matches(C, S, g, src, c, k, other):
            apply_effect(C, S, g, src, c, k, other, other)
    elif is_chosen(target):
        if ab(C, c, k, AB_SPREAD) == Spread.ADJACENT_ENEMIES_SAME_WEAK:
            spread_same_weak(C, S, g, src, c, k, chosen, other)
        else:
            apply_effect(C, S, g, src, c, k, chosen, other)
        if ab(C, c, k, AB_AND_SELF) == 1 and in_play(S, g, src):
            apply_effect(C, S, g, src, c, k, src, other)
    else:
        center = S[g, src * NCF + CELL] if in_play(S, g, src) else S[g, src * NCF + LAST_CELL]
        _apply_area(C, S, g, src, c, k, center, target, other)


@njit(cache=True, _nrt=False, inline="always")
def trigger_used_up(C, S, g, s, c, k):
    """A triggered ability limited once (twice) per turn that has fired once (twice) this turn."""
    lim = ab(C, c, k, AB_LIMIT)
    if lim == Limit.ONCE_PER_TURN:
        return (S[g, s * NCF + USED_TURN] >> k) & 1 == 1
    if lim == Limit.TWICE_PER_TURN:
        return (S[g, s * NCF + USED_TURN] >> (k + MAX_AB)) & 1 == 1
    return False


@njit(cache=True, _nrt=False)
def _resolve_strike_effect(C, S, g, src, c, k, opt):
    """A strike effect on the attack in progress (rules.strike_effects), then its `also` on its own
    card unless the struck creature has the element also_unless_struck."""
    struck = apply_strike_effect(S, g, src, ab(C, c, k, AB_EFFECT), opt, ab(C, c, k, AB_AMOUNT))
    also = ab(C, c, k, AB_ALSO_EFFECT)
    if also == 0 or not in_play(S, g, src):
        return
    unless = ab(C, c, k, AB_ALSO_UNLESS)
    if unless > 0 and struck >= 0 and C[S[g, struck * NCF + EFF], ELEMENT] == unless - 1:
        return
    apply_one(C, S, g, src, c, k, src, also, ab(C, c, k, AB_ALSO_AMOUNT))


@njit(cache=True, _nrt=False)
def resolve_times(C, S, g, src, c, k):
    """`times = "incarnation_tokens"` (Поганище): X = src's tokens; its owner chooses X different targets
    one after another (each choice logged; none left: it stops) and the effect hits each."""
    lo = 0
    hi = 0
    for j in range(S[g, src * NCF + COUNTERS]):
        t = choose_trigger_target(C, S, g, src, c, k, -1, lo, hi)
        if logging(S, g):
            log(S, g, EV_CHOOSE, src, k, t, ab(C, c, k, AB_EFFECT), 0)
        if t < 0:
            return
        if t < 64:
            lo |= 1 << t
        else:
            hi |= 1 << (t - 64)
        if logging(S, g):
            log(S, g, EV_ABILITY, src, k, t, ab(C, c, k, AB_EFFECT), 0)
        apply_effect(C, S, g, src, c, k, t, -1)


@njit(cache=True, _nrt=False)
def spread_targets(C, S, g, src, chosen):
    """spread adjacent_enemies_same_weak (Герольд мрака): the enemy creatures of src's owner on the cells
    around the chosen card whose printed weak strike equals the chosen card's, as a slot bitset (lo, hi)
    (kernels allocate nothing: see docs/ARCHITECTURE.md, "Kernels do not count references")."""
    lo = 0
    hi = 0
    if chosen < 0 or not in_play(S, g, chosen) or S[g, chosen * NCF + ZONE] != Z_FIELD:
        return lo, hi
    cell = S[g, chosen * NCF + CELL]
    weak = C[S[g, chosen * NCF + EFF], SW]
    q = 1 - owner_of(src)
    for i in range(n_in_play(S, g, q)):
        o = play_slot(S, g, q, i)
        if o != chosen and S[g, o * NCF + ZONE] == Z_FIELD and adjacent_cells(cell, S[g, o * NCF + CELL]) \
                and C[S[g, o * NCF + EFF], SW] == weak:
            lo, hi = with_slot(lo, hi, o)
    return lo, hi


@njit(cache=True, _nrt=False)
def spread_same_weak(C, S, g, src, c, k, chosen, other):
    """The effect on the chosen card and, at once, on its spread targets (found before any wound), in
    slot order."""
    lo, hi = spread_targets(C, S, g, src, chosen)
    apply_effect(C, S, g, src, c, k, chosen, other)
    for o in range(N_SLOTS):
        if slot_in(lo, hi, o) == 1:
            apply_effect(C, S, g, src, c, k, o, other)
