"""One effect of an ability on one card: the amount (printed, or computed when it applies) and the dispatch to
the kernels of the effect's family (decks.registry.Family, simcore/kernels/rules/effects/).
"""
from numba import njit

from decks.registry import (
    FAMILY_SHIFT,
    AmountOf,
    Family,
)

from ...cardtable import (
    AB_ALSO_AMOUNT,
    AB_ALSO_EFFECT,
    AB_AMOUNT,
    AB_AMOUNT_OF,
    AB_EFFECT,
    AB_PLUS_NOT_MOVED,
)
from ...state import (
    MOVED,
    NCF,
    POISON,
)
from ..board import (
    ab,
    opposite_medium_strike,
    owner_of,
)
from ..damage import (
    own_above_printed,
    turn_wounds,
)
from .counters import counters_effect
from .damage import damage_effect
from .delayed import delayed_effect
from .movement import movement_effect
from .status import status_effect


@njit(cache=True, _nrt=False)
def apply_effect(C, S, g, src, c, k, t, other):
    """Effect of ability k (table row c, source slot src) on card t (-1: no target), then its `also`
    effect on the same card. An `amount_of` amount is computed now (other: the trigger's other card,
    -1 if none)."""
    n = ab(C, c, k, AB_AMOUNT)
    if ab(C, c, k, AB_AMOUNT_OF) == AmountOf.OPPOSITE_MEDIUM_STRIKE:
        n = opposite_medium_strike(C, S, g, src)
    elif ab(C, c, k, AB_AMOUNT_OF) == AmountOf.OTHER_POISON:
        n = S[g, other * NCF + POISON] if other >= 0 else 0
    elif ab(C, c, k, AB_AMOUNT_OF) == AmountOf.WOUNDS_THIS_TURN:
        n = turn_wounds(S, g, t)
    elif ab(C, c, k, AB_AMOUNT_OF) == AmountOf.CELLS_MOVED:
        n = S[g, src * NCF + MOVED]
    elif ab(C, c, k, AB_AMOUNT_OF) == AmountOf.OWN_ABOVE_PRINTED_LIFE:
        n = min(own_above_printed(C, S, g, owner_of(src)), n)
    if ab(C, c, k, AB_PLUS_NOT_MOVED) > 0 and t >= 0 and S[g, t * NCF + MOVED] == 0:
        n += ab(C, c, k, AB_PLUS_NOT_MOVED)          # the target took no step in its last turn
    apply_one(C, S, g, src, c, k, t, ab(C, c, k, AB_EFFECT), n)
    if ab(C, c, k, AB_ALSO_EFFECT) > 0:
        apply_one(C, S, g, src, c, k, t, ab(C, c, k, AB_ALSO_EFFECT), ab(C, c, k, AB_ALSO_AMOUNT))


@njit(cache=True, _nrt=False)
def apply_one(C, S, g, src, c, k, t, eff, n):
    """One effect eff of amount n of ability k (table row c, source slot src) on card t (-1: none), by
    the kernels of its family (decks.registry.Family: the code's block). Strike effects act on the attack
    in its dice window instead, from abilities.resolve."""
    family = eff >> FAMILY_SHIFT
    if family == Family.DAMAGE:
        damage_effect(C, S, g, src, c, k, t, eff, n)
    elif family == Family.STATUS:
        status_effect(C, S, g, src, c, k, t, eff, n)
    elif family == Family.MOVEMENT:
        movement_effect(C, S, g, src, c, k, t, eff, n)
    elif family == Family.COUNTERS:
        counters_effect(C, S, g, src, c, k, t, eff, n)
    elif family == Family.DELAYED:
        delayed_effect(C, S, g, src, c, k, eff, n)

