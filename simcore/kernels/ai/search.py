"""The search pilot, and the one place that asks each seat's pilot for its next action (`pilot_action`).

search: at each action where greedy would choose among several creatures' attack-like actions, it takes
the `candidates` creatures whose best actions (policies.best_for) score highest, but for those greedy keeps
open (policies.holds_open: Лёккен guarding its neighbours); for the first of them
also its `alternatives` next best actions at other targets and, with `keep`, keeping it open this turn
(policies.keep_open); with `hold`, ending the turn at once. It plays each candidate out on a copy of the
game row (the scratch row W): the action and the rest of its own turn (`horizon` 1, the default), or on
through the opponent's next turns (`horizon` 2 or more), both sides by greedy, over `samples` dice
samples (the same samples for every candidate), scores the position the playout leaves
(`position_value`) and takes the candidate of the best mean; when the two best lie within
`recheck_within` tenths of a crystal, both are played out on `recheck` samples more first (with
`deepen`, those playouts run `deepen` turns further, through the opponent's reply, and they alone decide
between the two). When the
opponent strikes a card of its that may be defended, it chooses the defender the same way before the
strike (plan_defence: none and each creature that may defend it, played out to the end of that turn over
`defend` dice samples); elsewhere (nothing to weigh, moves, the other decision points) it plays as
greedy; its squad is ai.squad_search's. The samples are keyed by draws from its own AI stream, so the
game stays a function of (seed, game) and the pilot never sees the real dice ahead; inside a sample the
dice are keyed by who rolls (rules.dice.KEYED_DICE), so that candidates which order the same attacks
differently are compared on the same dice, and every second sample mirrors the one before
(rules.dice.MIRRORED_DICE: each die d read as 7 - d), so that a pair of samples is not lucky or unlucky
in the same fight twice. Its budget is a ruleset parameter of its seat (simcore.pilots).
"""
import numpy as np
from numba import njit

from ..cardtable import COST, F_MUST_STRIKE
from ..rng import STREAM_AI0, uniform_int
from ..rules.board import adjacent_cells, n_in_play, play_slot
from ..rules.combat import offered_defender, strike_error
from ..rules.damage import current_life, is_directed
from ..rules.dice import KEYED_DICE, MIRRORED_DICE
from ..rules.errors import E_OK
from ..rules.turn import A_END, A_STRIKE, apply_action
from ..state import (
    CELL,
    CLOSED,
    EFF,
    EV0,
    EXTRA_LIVES,
    G_ACTIVE,
    G_DICE_N,
    G_DRAWS,
    G_ERROR,
    G_EV_CAP,
    G_FLAGS,
    G_INDEX,
    G_LOG_OFFERS,
    G_SCRIPTED,
    G_SEED,
    G_TURN,
    G_WINNER,
    GAME0,
    LIFE_MAX,
    MAX_DECK,
    NCF,
    P_CURSOR,
    P_CURSOR_TURN,
    P_DEFENCE_ATTACKER,
    P_DEFENCE_BY,
    P_DEFENCE_TARGET,
    P_EXCLUDE_HI,
    P_EXCLUDE_LO,
    P_RANK_N,
    PARAM0,
    PILOT0,
    PR_FOCUS0,
    PR_GUARD0,
    PR_OPEN_WEIGHT0,
    PR_POLICY0,
    PR_SEARCH_ALTERNATIVES0,
    PR_SEARCH_CANDIDATES0,
    PR_SEARCH_CLOSE0,
    PR_SEARCH_DEEPEN0,
    PR_SEARCH_DEFEND0,
    PR_SEARCH_HOLD0,
    PR_SEARCH_HORIZON0,
    PR_SEARCH_KEEP0,
    PR_SEARCH_RECHECK0,
    PR_SEARCH_RECHECK_WITHIN0,
    PR_SEARCH_SAMPLES0,
    WINNER_DRAW,
    Z_FIELD,
    ZONE,
)
from .evaluate import strike_ev
from .policies import (
    best_for,
    exclude,
    forced_strike,
    greedy_action,
    holds_open,
    keep_open,
    may_act,
    random_action,
)
from .values import GREEDY, RANDOM, SEARCH

MAX_CANDIDATES = 16
KEEP = -7                   # a candidate's kind: its creature stays open for the rest of the turn
MAX_SAMPLES = 16
PLAYOUT_ACTIONS = 1000      # a playout stops after this many actions whatever happens (a safeguard)
WIN_VALUE = 1000.0          # a won playout, in crystals
ALIVE_SHARE = 0.4           # a creature in play is worth this share of its cost, the rest by its life left
NEXT_TURN_SHARE = 0.5       # the share of greedy's strikes of the next turn counted in a position's worth

CAND0 = EV0 + 6             # after a game row without its event log (room for one event: none is logged),
SCRATCH_WIDTH = CAND0 + 4 * MAX_CANDIDATES      # the candidates: micro-score, kind, actor, target
MAX_SQUAD_SAMPLES = 16      # opponent hands a candidate squad is played out against (ai.squad_search)
# row 0 is the copy played on; rows 1 .. MAX_SQUAD_SAMPLES hold ai.squad_search's opponent setups
SCRATCH_ROWS = 1 + MAX_SQUAD_SAMPLES


def new_scratch():
    """The copy of a game row that the search pilot plays its candidates out on (no event log), and
    the rows its squad search keeps the opponent's imagined setups in."""
    return np.zeros((SCRATCH_ROWS, SCRATCH_WIDTH), np.int64)


@njit(cache=True, _nrt=False)
def position_value(C, S, g, p):
    """What the position at the start of a turn is worth to p, in crystals: a won game WIN_VALUE
    (lost: -WIN_VALUE), else the worth of his creatures in play minus the opponent's, each ALIVE_SHARE
    of its cost for being alive and the rest in proportion to the life it has left (wounds do not weaken
    a strike), plus NEXT_TURN_SHARE of what the best strikes of the side to move are worth to it
    (next_turn_value: the other side's creatures that acted in their turn are closed for it)."""
    w = S[g, GAME0 + G_WINNER]
    if w == p:
        return WIN_VALUE
    if w == 1 - p:
        return -WIN_VALUE
    if w == WINNER_DRAW:
        return 0.0
    v = worth_in_play(C, S, g, p) - worth_in_play(C, S, g, 1 - p)
    mover = S[g, GAME0 + G_ACTIVE]
    nt = NEXT_TURN_SHARE * next_turn_value(C, S, g, mover)
    return v + nt if mover == p else v - nt


@njit(cache=True, _nrt=False)
def worth_in_play(C, S, g, q):
    """The worth of q's creatures in play as position_value counts it (alive and life left)."""
    side = 0.0
    for i in range(n_in_play(S, g, q)):
        t = play_slot(S, g, q, i)
        full = max(S[g, t * NCF + LIFE_MAX] + S[g, t * NCF + EXTRA_LIVES], 1)
        life = min(max(current_life(S, g, t), 0), full)
        side += C[S[g, t * NCF + EFF], COST] * (ALIVE_SHARE + (1.0 - ALIVE_SHARE) * life / full)
    return side


@njit(cache=True, _nrt=False)
def next_turn_value(C, S, g, p):
    """The sum over p's open creatures on the battlefield of their best simple strike's worth now
    (ai.evaluate.strike_ev, 0 if none is worth making), at the enemies next to them."""
    v = 0.0
    for i in range(n_in_play(S, g, p)):
        s = play_slot(S, g, p, i)
        if S[g, s * NCF + CLOSED] == 1 or S[g, s * NCF + ZONE] != Z_FIELD:
            continue
        best = 0.0
        for j in range(n_in_play(S, g, 1 - p)):
            t = play_slot(S, g, 1 - p, j)
            if S[g, t * NCF + ZONE] == Z_FIELD and adjacent_cells(S[g, s * NCF + CELL], S[g, t * NCF + CELL]) \
                    and strike_error(C, S, g, s, t) == E_OK:
                best = max(best, strike_ev(C, S, g, s, t, False, 0.0))
        v += best
    return v


@njit(cache=True, _nrt=False)
def playout(C, W, until_turn):
    """Play row 0 of W until turn until_turn starts or the game ends, each side by the one-ply pilot its
    row names (greedy, or baseline in ai.squad_search's playouts: policies.greedy_action plays both)."""
    n = 0
    while (W[0, GAME0 + G_WINNER] < 0 and W[0, GAME0 + G_ERROR] == 0 and W[0, GAME0 + G_TURN] < until_turn
           and n < PLAYOUT_ACTIONS):
        kind, actor, target = greedy_action(C, W, 0)
        apply_action(C, W, 0, kind, actor, target, -2, -1)
        n += 1


@njit(cache=True, _nrt=False)
def imagined_copy(S, g, W, p, key, mirrored):
    """Copy game row g of S into row 0 of W as a game p imagines: greedy on both sides, the opponent's
    greedy with p's own tunables (focus, guard, open_weight: p does not know how its opponent is
    piloted), no event log, and a dice sample of its own (the copy's random streams keyed by draw `key` of
    p's AI stream, its dice keyed by who rolls, each read as 7 - d when `mirrored`; a scenario's forced
    dice are the real game's)."""
    for f in range(EV0):
        W[0, f] = S[g, f]
    k = uniform_int(S[g, GAME0 + G_SEED], S[g, GAME0 + G_INDEX], STREAM_AI0 + p, key, 1 << 30)
    W[0, GAME0 + G_SEED] = S[g, GAME0 + G_SEED] ^ ((k + 1) << 32)
    W[0, GAME0 + G_DICE_N] = MIRRORED_DICE if mirrored else KEYED_DICE
    W[0, GAME0 + G_EV_CAP] = 1
    W[0, GAME0 + G_LOG_OFFERS] = 0
    W[0, GAME0 + G_SCRIPTED] = 0
    W[0, PARAM0 + PR_POLICY0] = GREEDY
    W[0, PARAM0 + PR_POLICY0 + 1] = GREEDY
    for f in (PR_FOCUS0, PR_GUARD0, PR_OPEN_WEIGHT0):
        W[0, PARAM0 + f + 1 - p] = S[g, PARAM0 + f + p]
    W[0, PILOT0 + P_DEFENCE_ATTACKER] = 0       # no defender planned: greedy defends in the copy


@njit(cache=True, _nrt=False)
def candidate_value(C, S, g, W, p, kind, actor, target, defender, key0, samples, deeper):
    """The mean position_value for p after the action (KEEP: its actor stays open this turn; a strike's
    `defender` as rules.combat.strike takes it: -2 the defending player decides), the rest of that turn
    (and with `horizon` 2 the next turn; `deeper` turns more), both sides by greedy, over `samples` dice
    samples, the same for every candidate: in pairs, sample m keyed by draw key0 + m // 2 of p's AI
    stream, mirrored when m is odd (rules.dice.MIRRORED_DICE)."""
    until = S[g, GAME0 + G_TURN] + max(S[g, PARAM0 + PR_SEARCH_HORIZON0 + p], 1) + deeper
    v = 0.0
    for m in range(samples):
        imagined_copy(S, g, W, p, key0 + m // 2, m % 2 == 1)
        W[0, PILOT0 + P_CURSOR_TURN] = W[0, GAME0 + G_TURN] + 1
        W[0, PILOT0 + P_CURSOR] = 0         # greedy looks at every open creature again
        W[0, PILOT0 + P_RANK_N] = -1
        if kind == KEEP:
            keep_open(W, 0, actor)
        else:
            apply_action(C, W, 0, kind, actor, target, defender, -1)
        playout(C, W, until)
        v += position_value(C, W, 0, p)
    return v / samples


@njit(cache=True, _nrt=False)
def plan_defence(C, S, g, W, att, tgt):
    """Before att's strike at tgt, the search pilot of tgt's owner q chooses who will defend tgt if the
    rules ask him (Decision.DEFENDER): of none and each open creature of his that may defend it (the
    options rules.combat.defender_decision lists: offered_defender), the best by candidate_value of the
    strike with that defender over `defend` dice samples; kept in his pilot fields P_DEFENCE_* for
    choices.pilot_decision. Nothing is planned when no creature may defend it."""
    q = tgt // MAX_DECK
    S[g, PILOT0 + P_DEFENCE_ATTACKER] = 0
    if is_directed(C, S, g, att, tgt):
        return
    samples = min(S[g, PARAM0 + PR_SEARCH_DEFEND0 + q], MAX_SAMPLES)
    key0 = -1
    best_d, best_v = -1, -1e300
    for i in range(n_in_play(S, g, q)):
        d = play_slot(S, g, q, i)
        if not offered_defender(C, S, g, att, tgt, d):
            continue
        if key0 < 0:        # the first that may defend: none is weighed too, on the same samples
            key0 = S[g, GAME0 + G_DRAWS + STREAM_AI0 + q]
            S[g, GAME0 + G_DRAWS + STREAM_AI0 + q] = key0 + samples
            best_v = candidate_value(C, S, g, W, q, A_STRIKE, att, tgt, -1, key0, samples, 0)
        v = candidate_value(C, S, g, W, q, A_STRIKE, att, tgt, d, key0, samples, 0)
        if v > best_v:
            best_d, best_v = d, v
    if key0 >= 0:
        S[g, PILOT0 + P_DEFENCE_ATTACKER] = att + 1
        S[g, PILOT0 + P_DEFENCE_TARGET] = tgt
        S[g, PILOT0 + P_DEFENCE_BY] = best_d


@njit(cache=True, _nrt=False)
def _add_candidate(W, n, micro, kind, actor, target, k):
    """Insert a candidate into W's candidate fields, kept sorted by micro-score, at most k of them;
    returns the new count."""
    i = min(n, k - 1)
    if n >= k and micro <= W[0, CAND0 + 4 * i]:
        return n
    while i > 0 and W[0, CAND0 + 4 * (i - 1)] < micro:
        for f in range(4):
            W[0, CAND0 + 4 * i + f] = W[0, CAND0 + 4 * (i - 1) + f]
        i -= 1
    W[0, CAND0 + 4 * i] = micro
    W[0, CAND0 + 4 * i + 1] = kind
    W[0, CAND0 + 4 * i + 2] = actor
    W[0, CAND0 + 4 * i + 3] = target
    return min(n + 1, k)


@njit(cache=True, _nrt=False)
def search_action(C, S, g, W):
    """The search pilot's next action: greedy's when there is nothing to weigh (or a strike is forced);
    else the best by candidate_value of: the `candidates` creatures whose best actions score highest
    (policies.best_for; with `close`, only those scoring at least that % of the first's); for the first
    of them, its `alternatives` next best actions at other targets and, with keep, keeping it open this
    turn; with `hold`, ending the turn (the two best played out on `recheck` more samples when they are
    close). When keeping a creature open wins, it is marked so (policies.keep_open) and the pilot weighs
    its next action."""
    p = S[g, GAME0 + G_ACTIVE]
    k = min(max(S[g, PARAM0 + PR_SEARCH_CANDIDATES0 + p], 1), MAX_CANDIDATES)
    alts = S[g, PARAM0 + PR_SEARCH_ALTERNATIVES0 + p]
    keep = S[g, PARAM0 + PR_SEARCH_KEEP0 + p] == 1
    if k <= 1 and alts == 0 and not keep:
        return greedy_action(C, S, g)
    if S[g, GAME0 + G_FLAGS] & F_MUST_STRIKE and forced_strike(C, S, g, p)[0] == A_STRIKE:
        return greedy_action(C, S, g)           # a card that must strike does
    samples = min(max(S[g, PARAM0 + PR_SEARCH_SAMPLES0 + p], 1), MAX_SAMPLES)
    for _ in range(64):
        # the k best creatures' best actions by greedy's score, kept sorted in W's candidate fields
        n = 0
        for j in range(n_in_play(S, g, p)):
            s = play_slot(S, g, p, j)
            if not may_act(S, g, s):
                continue
            score, kind, target = best_for(C, S, g, s, False)
            if score <= 0.0 or holds_open(C, S, g, s, score, kind):
                continue
            n = _add_candidate(W, n, np.int64(score * 1e6), kind, s, target, k)
        if n == 0:
            return greedy_action(C, S, g)
        close = S[g, PARAM0 + PR_SEARCH_CLOSE0 + p]
        if n >= 2 and close > 0 and W[0, CAND0 + 4] * 100 < close * W[0, CAND0]:
            n = 1                               # greedy's first choice stands out: no other creature weighed
        s0, t0 = W[0, CAND0 + 2], W[0, CAND0 + 3]
        total = n
        if alts > 0 and t0 >= 0:
            exclude(S, g, t0)
            for _a in range(alts):
                score, kind, target = best_for(C, S, g, s0, False)
                if score <= 0.0 or target < 0 or total >= MAX_CANDIDATES:
                    break
                W[0, CAND0 + 4 * total] = 0
                W[0, CAND0 + 4 * total + 1] = kind
                W[0, CAND0 + 4 * total + 2] = s0
                W[0, CAND0 + 4 * total + 3] = target
                total += 1
                exclude(S, g, target)
            S[g, PILOT0 + P_EXCLUDE_LO] = 0
            S[g, PILOT0 + P_EXCLUDE_HI] = 0
        if keep and total < MAX_CANDIDATES:
            W[0, CAND0 + 4 * total + 1] = KEEP
            W[0, CAND0 + 4 * total + 2] = s0
            W[0, CAND0 + 4 * total + 3] = -1
            total += 1
        if total <= 1:
            return greedy_action(C, S, g)
        recheck = min(S[g, PARAM0 + PR_SEARCH_RECHECK0 + p], MAX_SAMPLES)
        key0 = S[g, GAME0 + G_DRAWS + STREAM_AI0 + p]
        S[g, GAME0 + G_DRAWS + STREAM_AI0 + p] = key0 + samples + recheck
        b_kind, b_actor, b_target, best_v = A_END, -1, -1, -1e300
        b_i, b2_i, b2_v = -1, -1, -1e300
        for i in range(total):
            kind, actor, target = W[0, CAND0 + 4 * i + 1], W[0, CAND0 + 4 * i + 2], W[0, CAND0 + 4 * i + 3]
            v = candidate_value(C, S, g, W, p, kind, actor, target, -2, key0, samples, 0)
            if v > best_v:
                b_i, b2_i, b2_v = i, b_i, best_v
                b_kind, b_actor, b_target, best_v = kind, actor, target, v
            elif v > b2_v:
                b2_i, b2_v = i, v
        if recheck > 0 and b2_i >= 0 and best_v - b2_v < S[g, PARAM0 + PR_SEARCH_RECHECK_WITHIN0 + p] / 10.0:
            # the two best are close: both are played out on `recheck` more samples (keyed after the first),
            # with `deepen` through the opponent's reply too, and then those playouts alone decide
            deepen = S[g, PARAM0 + PR_SEARCH_DEEPEN0 + p]
            k2, a2, t2 = W[0, CAND0 + 4 * b2_i + 1], W[0, CAND0 + 4 * b2_i + 2], W[0, CAND0 + 4 * b2_i + 3]
            v1 = candidate_value(C, S, g, W, p, b_kind, b_actor, b_target, -2, key0 + samples, recheck,
                                 deepen)
            v2 = candidate_value(C, S, g, W, p, k2, a2, t2, -2, key0 + samples, recheck, deepen)
            if deepen == 0:
                v1 = (best_v * samples + v1 * recheck) / (samples + recheck)
                v2 = (b2_v * samples + v2 * recheck) / (samples + recheck)
                best_v, b2_v = v1, v2
            if v2 > v1:     # best_v stays the first look's mean: `hold` below is weighed on that look
                b_kind, b_actor, b_target, best_v = k2, a2, t2, b2_v
        if S[g, PARAM0 + PR_SEARCH_HOLD0 + p] == 1 and \
                candidate_value(C, S, g, W, p, A_END, -1, -1, -2, key0, samples, 0) > best_v:
            return A_END, -1, -1
        if b_kind != KEEP:
            return b_kind, b_actor, b_target
        keep_open(S, g, b_actor)
    return greedy_action(C, S, g)


@njit(cache=True, _nrt=False)
def pilot_action(C, S, g, buf, W):
    """The next action (kind, actor, target) of the active player's pilot (buf: a legal-action
    buffer for random, W: the search pilot's scratch row); when it strikes a card of a search pilot's,
    that pilot plans its defender first (plan_defence)."""
    p = S[g, GAME0 + G_ACTIVE]
    policy = S[g, PARAM0 + PR_POLICY0 + p]
    if policy == RANDOM:
        kind, actor, target = random_action(C, S, g, buf)
    elif policy == SEARCH:
        kind, actor, target = search_action(C, S, g, W)
    else:
        kind, actor, target = greedy_action(C, S, g)
    q = 1 - p
    if kind == A_STRIKE and target >= 0 and target // MAX_DECK == q \
            and S[g, PARAM0 + PR_POLICY0 + q] == SEARCH and S[g, PARAM0 + PR_SEARCH_DEFEND0 + q] > 0:
        plan_defence(C, S, g, W, actor, target)
    return kind, actor, target
