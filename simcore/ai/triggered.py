"""Choices a policy makes inside a triggered ability (VOCABULARY.md, "Abilities": a triggered ability with
a chosen target): which card it affects, or none when it is optional ("may"); and the struck card's
choice of `close_or_wound`.

random: uniform over the legal targets (and "none" when optional). greedy: the target worth most by
`target_value`; an optional ability is not used when no target is worth more than 0.

The rules kernels (rules/abilities.py) call these while an ability resolves, so this module imports no
other policy module (they import the rules).
"""
from numba import njit

from ..cardtable import (
    COST,
    EF_DESTROY,
    EF_EXTRA_LIVES,
    EF_HEAL,
    EF_POISON,
    EF_REDUCE_LIFE,
    EF_SPECIAL,
    EF_SHOT,
    EF_WOUND,
    K_SHOT,
)
from ..ruleset import PR_POLICY0
from ..rules.damage import attack_wounds
from ..state import CLOSED, EFF, EXTRA_LIVES, LIFE_MAX, MAX_DECK, NCF, PARAM0, WOUNDS

RANDOM = 0
GREEDY = 1


@njit(cache=True)
def policy_of(S, g, p):
    return S[g, PARAM0 + PR_POLICY0 + p]


@njit(cache=True)
def target_value(C, S, g, src, t, eff, n):
    """What effect eff of amount n of src's ability is worth on card t, in crystals, for src's side:
    the share of t's cost its life loses (all of it when the card dies), healing the same way."""
    own = t // MAX_DECK == src // MAX_DECK
    ct = S[g, t * NCF + EFF]
    life = S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES] - S[g, t * NCF + WOUNDS]
    per_life = C[ct, COST] / max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
    v = 0.0
    if eff == EF_SHOT:
        # a shot deals N for every strength: the wounds it would deal now (medium roll, armor aside)
        n = attack_wounds(C, S, g, src, t, K_SHOT, 2, n, False, False, False)
        eff = EF_WOUND
    if eff == EF_WOUND or eff == EF_SPECIAL or eff == EF_REDUCE_LIFE:
        v = C[ct, COST] if n >= life else n * per_life
        return -v if own else v
    if eff == EF_DESTROY:
        return -C[ct, COST] if own else C[ct, COST]
    if eff == EF_POISON:
        return 0.0 if own else 1.5 * n * per_life
    if eff == EF_HEAL:
        v = 0.8 * min(S[g, t * NCF + WOUNDS], n) * per_life
        return v if own else -v
    if eff == EF_EXTRA_LIVES:
        v = 0.8 * n * per_life
        return v if own else -v
    return 0.0


@njit(cache=True)
def prefers_closing(C, S, g, t, n):
    """close_or_wound, greedy: t's owner closes t unless closing loses more than the n wounds would:
    closing an open card is worth 0.3 of its cost (a closed card loses nothing), the wounds their
    share of its life (all of its cost when they destroy it)."""
    ct = S[g, t * NCF + EFF]
    loss_close = 0.0 if S[g, t * NCF + CLOSED] == 1 else 0.3 * C[ct, COST]
    life = S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES] - S[g, t * NCF + WOUNDS]
    per_life = C[ct, COST] / max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
    loss_wound = C[ct, COST] if n >= life else n * per_life
    return loss_close <= loss_wound
