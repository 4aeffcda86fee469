"""The pilots' answers at the rules' decision points (simcore.kernels.rules.decisions): `pilot_decision`
implements the port `decide`, so that the rules, which never import a pilot, ask the pilot of the
deciding player.

random: a uniform integer of his AI stream over the options (a fast answer: reservoir sampling over
every legal use, its target included, with passing as the first choice). greedy: the option worth most
by its heuristics (ai.values, ai.evaluate, policies.nearest_enemy_distance): how many wounds to move
(ai.evaluate.best_wounds_moved: Осклизг takes no wounds that would destroy it), which card takes a
token (dearest_token: the most cost per token still lacking), which cell a card coming back from the
graveyard takes (come_back_choice); search, the defender it chose before the strike by playing the
options out (ai.search.plan_defence), greedy's where it chose none. random and baseline take, without
a draw, the option the rules used to take alone (all the wounds it can move, the token for the card
lacking the fewest, the cell nearest the one the card was destroyed on); every pilot takes the only
option of a decision that has one. Only the pilots' own
fields (PILOT0 + P_*) are written: a fast answer's target is chosen with its source and kept there
until the rules ask for it.
"""
from numba import njit

from decks.registry import AmountOf, AttackKind, Effect

from ..cardtable import AB_AMOUNT, AB_AMOUNT_OF, AB_EFFECT, COST, IGN_TARGET, INCARN
from ..rules.board import ab, manhattan, owner_of
from ..rules.decisions import (
    Decision,
    answer_ability,
    answer_card,
    decide,
    implements,
    option,
    target_at,
)
from ..rules.dice import ai_int
from ..rules.effects.strike import is_strike_effect
from ..rules.errors import E_OK
from ..rules.played import answer_targets
from ..rules.targets import ability_target_error
from ..state import (
    CARD_ID,
    COUNTERS,
    EFF,
    G_ACTIVE,
    G_AT_END,
    G_CONTEXT,
    G_DECIDER,
    G_DECISION,
    G_OFFER_N,
    GAME0,
    LAST_CELL,
    NCF,
    P_ANSWER,
    P_DEFENCE_ATTACKER,
    P_DEFENCE_BY,
    P_DEFENCE_TARGET,
    PILOT0,
    POISON,
)
from .evaluate import ability_value, best_wounds_moved, hit_value, predicted_wounds, strike_ev
from .policies import nearest_enemy_distance
from .squad import stands_behind
from .values import (
    GREEDY,
    RANDOM,
    best_form,
    best_ram,
    policy_of,
    prefers_closing,
    prefers_push,
    target_value,
)

FAST_THRESHOLD = 0.3    # greedy answers with a fast ability only when it is worth this much


@implements(decide)
@njit(cache=True, _nrt=False)
def pilot_decision(C, S, g):
    """The index of the option the pilot of the deciding player picks in the pending decision."""
    d = S[g, GAME0 + G_DECISION]
    p = S[g, GAME0 + G_DECIDER]
    n = S[g, GAME0 + G_OFFER_N]
    if d == Decision.ANSWER:
        return answer(C, S, g, p, policy_of(S, g, p) == RANDOM)
    if d == Decision.ANSWER_TARGET:
        for i in range(n):
            if option(S, g, i) == S[g, PILOT0 + P_ANSWER]:
                return i
        return 0
    greedy = policy_of(S, g, p) >= GREEDY
    if d == Decision.WOUNDS_MOVED:
        if greedy:      # options 0 .. the wounds it can move: the index is the number
            return best_wounds_moved(C, S, g, S[g, GAME0 + G_CONTEXT], S[g, GAME0 + G_CONTEXT + 1],
                                     S[g, GAME0 + G_CONTEXT + 2])[0]
        return n - 1                    # random and baseline: all it can move
    if d == Decision.TOKEN:
        return dearest_token(C, S, g) if greedy else fewest_missing_tokens(C, S, g)
    if d == Decision.CELL:
        t = S[g, GAME0 + G_CONTEXT]
        if n == 1:
            return 0
        if S[g, GAME0 + G_CONTEXT + 1] < 0:         # a card coming back from the graveyard
            return come_back_choice(C, S, g, t) if greedy else nearest_last_cell(S, g, t)
        return cell_choice(C, S, g, p, t, policy_of(S, g, p) == RANDOM)
    if policy_of(S, g, p) == RANDOM:
        return ai_int(S, g, p, n)
    a = S[g, GAME0 + G_CONTEXT]
    b = S[g, GAME0 + G_CONTEXT + 1]
    if d == Decision.DEFENDER:
        if S[g, PILOT0 + P_DEFENCE_ATTACKER] == a + 1 and S[g, PILOT0 + P_DEFENCE_TARGET] == b:
            S[g, PILOT0 + P_DEFENCE_ATTACKER] = 0       # the search pilot chose before the strike
            for i in range(n):
                if option(S, g, i) == S[g, PILOT0 + P_DEFENCE_BY]:
                    return i
        return greedy_defender(C, S, g, a, b)
    if d == Decision.EXCHANGE:
        return greedy_exchange(C, S, g, a, b, S[g, GAME0 + G_CONTEXT + 2], S[g, GAME0 + G_CONTEXT + 3],
                               S[g, GAME0 + G_CONTEXT + 4])
    if d == Decision.TRIGGER_TARGET:
        return greedy_trigger_target(C, S, g, a, b, S[g, GAME0 + G_CONTEXT + 2], S[g, GAME0 + G_CONTEXT + 3],
                                     S[g, GAME0 + G_CONTEXT + 4] == 1)
    if d == Decision.CLOSE_OR_WOUND:
        return 0 if prefers_closing(C, S, g, a, S[g, GAME0 + G_CONTEXT + 2]) else 1
    if d == Decision.FORM:
        return best_form(C, S, g, a)
    if d == Decision.PUSH:
        return 1 if prefers_push(C, S, g, a, S[g, GAME0 + G_CONTEXT + 2]) else 0
    if d == Decision.RAM:
        x, _ = best_ram(C, S, g, a, b)
        return x - 1
    return 0


@njit(cache=True, _nrt=False)
def greedy_defender(C, S, g, att, tgt):
    """DEFENDER (options: the defenders, then none last): the defender under which the strike's
    expected exchange (ai.evaluate.strike_ev) is the lowest for the attacker, if lower than without."""
    n = S[g, GAME0 + G_OFFER_N]
    best = strike_ev(C, S, g, att, tgt, False, 0.0)
    best_i = n - 1
    for i in range(n - 1):
        ev = strike_ev(C, S, g, att, option(S, g, i), True, 0.0)
        if ev < best - 1e-9:
            best = ev
            best_i = i
    return best_i


@njit(cache=True, _nrt=False)
def greedy_exchange(C, S, g, att, tgt, t, a_str, c_str):
    """EXCHANGE: lower both strikes (1) when that is worth more to the deciding side than keeping them."""
    side = owner_of(att) if a_str > c_str else owner_of(t)
    ign = C[S[g, att * NCF + EFF], IGN_TARGET] == 1
    defending = t != tgt
    keep = (hit_value(C, S, g, t, predicted_wounds(C, S, g, att, t, AttackKind.STRIKE, a_str, defending, ign, False))
            - hit_value(C, S, g, att, predicted_wounds(C, S, g, t, att, AttackKind.STRIKE, c_str, False, False, ign)))
    low = (hit_value(C, S, g, t, predicted_wounds(C, S, g, att, t, AttackKind.STRIKE, a_str - 1, defending, ign, False))
           - hit_value(C, S, g, att, predicted_wounds(C, S, g, t, att, AttackKind.STRIKE, c_str - 1, False, False, ign)))
    if side == owner_of(att):
        return 1 if low > keep + 1e-9 else 0
    return 1 if low < keep - 1e-9 else 0


@njit(cache=True, _nrt=False)
def greedy_trigger_target(C, S, g, src, c, k, other, optional):
    """TRIGGER_TARGET (options: the legal cards, then none when optional): the card worth most by
    ai.values.target_value (the first on a tie); none when optional and nothing is worth more than 0."""
    n = S[g, GAME0 + G_OFFER_N]
    eff = ab(C, c, k, AB_EFFECT)
    amount = ab(C, c, k, AB_AMOUNT)
    if ab(C, c, k, AB_AMOUNT_OF) == AmountOf.OTHER_POISON:
        amount = S[g, other * NCF + POISON] if other >= 0 else 0
    cards = n - 1 if optional else n
    best_i = 0
    best_v = 0.0
    for i in range(cards):
        v = target_value(C, S, g, src, option(S, g, i), eff, amount)
        if i == 0 or v > best_v:
            best_i = i
            best_v = v
    if optional and best_v <= 0.0:
        return n - 1
    return best_i


@njit(cache=True, _nrt=False)
def fewest_missing_tokens(C, S, g):
    """TOKEN: the graveyard card that lacks the fewest tokens (the first, in slot order, on a tie)."""
    best_i = 0
    best_missing = 1 << 30
    for i in range(S[g, GAME0 + G_OFFER_N]):
        s = option(S, g, i)
        missing = C[S[g, s * NCF + CARD_ID], INCARN] - S[g, s * NCF + COUNTERS]
        if missing < best_missing:
            best_i = i
            best_missing = missing
    return best_i


@njit(cache=True, _nrt=False)
def dearest_token(C, S, g):
    """TOKEN (greedy): the graveyard card a token is worth most to: its cost over the tokens it still
    lacks, the share of an incarnated card the token brings (the first, in slot order, on a tie)."""
    best_i = 0
    best = -1.0
    for i in range(S[g, GAME0 + G_OFFER_N]):
        s = option(S, g, i)
        c = S[g, s * NCF + CARD_ID]
        v = C[c, COST] / max(C[c, INCARN] - S[g, s * NCF + COUNTERS], 1)
        if v > best + 1e-9:
            best_i = i
            best = v
    return best_i


@njit(cache=True, _nrt=False)
def answer(C, S, g, p, rand):
    """ANSWER (options: pass, then the fast abilities player p may use now): its index, the target kept
    in P_ANSWER. random: uniform over passing and every legal use with its target (reservoir sampling
    over the n + 1 choices, passing the first); greedy: the use worth most (ai.evaluate.ability_value)
    if it is worth more than FAST_THRESHOLD. Greedy sets a trap in its own turn only at the end-of-turn
    window: until then the card may still move or strike, and the trap waits for the opponent's
    creatures anyway (118)."""
    trap_now = rand or p != S[g, GAME0 + G_ACTIVE] or S[g, GAME0 + G_AT_END] == 1
    count = 0
    best = FAST_THRESHOLD
    best_i = 0
    for i in range(1, S[g, GAME0 + G_OFFER_N]):
        use = option(S, g, i)
        s = answer_card(use)
        k = answer_ability(use)
        c = S[g, s * NCF + EFF]
        if not trap_now and ab(C, c, k, AB_EFFECT) == Effect.TRAP:
            continue
        # random: the legal targets; greedy weighs a card target first and checks its legality only
        # when it is worth more (most are not), a strike effect's option the other way round
        strike = is_strike_effect(ab(C, c, k, AB_EFFECT))
        for j in range(answer_targets(C, S, g, s, k, rand or strike)):
            t = target_at(S, g, j)
            if rand:
                count += 1
                if ai_int(S, g, p, count + 1) == 0:
                    best_i = i
                    S[g, PILOT0 + P_ANSWER] = t
            else:
                v = ability_value(C, S, g, s, c, k, t)
                if v > best and (strike or ability_target_error(C, S, g, s, c, k, t) == E_OK):
                    best = v
                    best_i = i
                    S[g, PILOT0 + P_ANSWER] = t
    return best_i


@njit(cache=True, _nrt=False)
def nearest_last_cell(S, g, t):
    """CELL for card t coming back from the graveyard, random and baseline: the option nearest the cell
    it was destroyed on (Manhattan; the first on a tie), the cell the rules chose alone before 3.5.0."""
    last = S[g, t * NCF + LAST_CELL]
    best_i, best = 0, 1000
    for i in range(S[g, GAME0 + G_OFFER_N]):
        d = manhattan(last, option(S, g, i)) if last >= 0 else 0
        if d < best:
            best_i, best = i, d
    return best_i


@njit(cache=True, _nrt=False)
def come_back_choice(C, S, g, t):
    """CELL for greedy's card t coming back from the graveyard: a melee creature the option nearest to
    an enemy creature (it strikes the sooner), a ranged attacker the one farthest from them (as greedy
    places its squad: squad.stands_behind)."""
    return by_enemy_distance(S, g, 1 - owner_of(t), 1 if stands_behind(C, S[g, t * NCF + CARD_ID]) else -1)


@njit(cache=True, _nrt=False)
def by_enemy_distance(S, g, q, sign):
    """The index of the CELL option whose distance to player q's nearest creature on the battlefield
    (policies.nearest_enemy_distance), times sign, is greatest: sign 1 the farthest, -1 the nearest;
    the first on a tie."""
    best_i = 0
    best = sign * nearest_enemy_distance(S, g, q, option(S, g, 0))
    for i in range(1, S[g, GAME0 + G_OFFER_N]):
        v = sign * nearest_enemy_distance(S, g, q, option(S, g, i))
        if v > best:
            best_i, best = i, v
    return best_i


@njit(cache=True, _nrt=False)
def cell_choice(C, S, g, p, t, rand):
    """CELL (options: free cells) for card t relocated by player p's ability (Варлок): random, a uniform
    one; greedy, for his own card the cell nearest to an enemy creature, for an enemy card the one
    farthest from his own creatures (by_enemy_distance)."""
    if rand:
        return ai_int(S, g, p, S[g, GAME0 + G_OFFER_N])
    return by_enemy_distance(S, g, 1 - owner_of(t), -1 if owner_of(t) == p else 1)
