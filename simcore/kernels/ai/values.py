"""What a pilot reads off the state: which pilot plays a seat (the policy ids of the ruleset
parameters, simcore.pilots: 0 random, 1 baseline, 2 greedy, 3 search), and what a change on a card is worth to
the greedy pilots, in crystals (the worth of an effect on a chosen target, of wounds, of a form, of a
ram's X, of closing against wounds)."""
from numba import njit

from decks.registry import AttackKind, Effect

from ..cardtable import COST, SM, TC0_MOVE, TC0_REGEN, TC0_STRIKE, TC_W
from ..rules.damage import attack_wounds
from ..state import CLOSED, EFF, EXTRA_LIVES, LIFE_MAX, MAX_DECK, NCF, PARAM0, PR_POLICY0, WOUNDS

RANDOM = 0               # the policy ids of the pilots (simcore.pilots.PILOTS)
BASELINE = 1
GREEDY = 2
SEARCH = 3


@njit(cache=True, _nrt=False, inline="always")
def policy_of(S, g, p):
    return S[g, PARAM0 + PR_POLICY0 + p]


@njit(cache=True, _nrt=False)
def target_value(C, S, g, src, t, eff, n):
    """What effect eff of amount n of src's ability is worth on card t, in crystals, for src's side:
    the share of t's cost its life loses (all of it when the card dies), healing the same way."""
    own = t // MAX_DECK == src // MAX_DECK
    ct = S[g, t * NCF + EFF]
    life = S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES] - S[g, t * NCF + WOUNDS]
    per_life = C[ct, COST] / max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
    v = 0.0
    if eff == Effect.ROLLED_SHOT:
        # a shot deals N for every strength: the wounds it would deal now (medium roll, armor aside)
        n = attack_wounds(C, S, g, src, t, AttackKind.SHOT, 2, n, False, False, False)
        eff = Effect.WOUND
    if eff == Effect.WOUND or eff == Effect.SPECIAL_STRIKE or eff == Effect.REDUCE_LIFE or eff == Effect.SHOT:
        v = C[ct, COST] if n >= life else n * per_life
        return -v if own else v
    if eff == Effect.DESTROY:
        return -C[ct, COST] if own else C[ct, COST]
    if eff == Effect.POISON:
        return 0.0 if own else 1.5 * n * per_life
    if eff == Effect.HEAL:
        v = 0.8 * min(S[g, t * NCF + WOUNDS], n) * per_life
        return v if own else -v
    if eff == Effect.EXTRA_LIVES:
        v = 0.8 * n * per_life
        return v if own else -v
    if eff == Effect.STONE_SKIN:
        v = 0.02 * n * C[ct, COST]         # worth more on a dearer creature
        return v if own else -v
    if eff == Effect.STRIKE_BONUS or eff == Effect.ATTACK_EXPERIENCE or eff == Effect.FIRST_STRIKE_UNANSWERED:
        # a gain for this turn's strikes: worth most on an open creature with a strong strike
        if S[g, t * NCF + CLOSED] == 1:
            return 0.0
        v = 0.1 * max(n, 1) * (C[ct, SM] + 1)
        return v if own else -v
    return 0.0


@njit(cache=True, _nrt=False)
def best_form(C, S, g, s):
    """turn_choice, greedy: the form worth more, regeneration counted on the wounds it would heal
    (1 a wound), + strike at 0.5 a point, + move at 0.25; option 0 on a tie."""
    c = S[g, s * NCF + EFF]
    best, best_v = 0, -1.0
    for o in range(2):
        b = TC0_REGEN + TC_W * o
        v = (min(S[g, s * NCF + WOUNDS], C[c, b]) + 0.5 * C[c, TC0_STRIKE + TC_W * o]
             + 0.25 * C[c, TC0_MOVE + TC_W * o])
        if v > best_v:
            best, best_v = o, v
    return best


@njit(cache=True, _nrt=False)
def wounds_value(C, S, g, t, w):
    """w wounds on t in crystals: its cost if they destroy it, else their share of its life."""
    if w <= 0:
        return 0.0
    ct = S[g, t * NCF + EFF]
    life = S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES] - S[g, t * NCF + WOUNDS]
    if w >= life:
        return float(C[ct, COST])
    return w * C[ct, COST] / max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)


@njit(cache=True, _nrt=False)
def best_ram(C, S, g, s, t):
    """ram, greedy: the X (1 .. s's current life) for which X - 1 wounds on the enemy t are worth most
    more than the X wounds s takes (the first such X); returns (X, that value)."""
    life = S[g, s * NCF + LIFE_MAX] + S[g, s * NCF + EXTRA_LIVES] - S[g, s * NCF + WOUNDS]
    best, best_v = 1, -1e9
    for x in range(1, max(life, 1) + 1):
        v = wounds_value(C, S, g, t, x - 1) - wounds_value(C, S, g, s, x)
        if v > best_v:
            best, best_v = x, v
    return best, best_v


@njit(cache=True, _nrt=False)
def prefers_push(C, S, g, t, n):
    """push_or_wound, greedy: t's owner lets t be pushed (it loses no life) rather than take n wounds."""
    return True


@njit(cache=True, _nrt=False)
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
