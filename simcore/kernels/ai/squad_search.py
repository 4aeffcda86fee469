"""The search pilot's squad: which of the dealt cards it buys, chosen by playing the first turns of the
game out with each of a few candidate squads.

The candidates are greedy's squad (ai.squad.greedy_squad_plan) and the squads worth most by
ai.squad.squad_worth among FILLS_PER_SQUAD times as many squads filled in a random order of the deal
(each card taken when it still fits: no crystal is left that another dealt card could use), drawn from
the pilot's own AI stream. The candidates are played out on the scratch row against `squad_samples`
opponent setups by sequential halving (best_by_halving: each round the better half of them meets one
more setup, the last two or three all the setups left). The opponent's squad is not known when a
player buys his own (he has his own deal), so each setup deals the opponent a hand of his deck list
afresh and lets greedy buy it (choosing among OPPONENT_FILLS random fills; done once per setup, in a row
of the scratch array of its own, and copied for each candidate) and place it; both squads are placed by
greedy and both sides play baseline's quicker one-ply game (SQUAD_PLAYOUT_PILOT) for `squad_turns` turns
(dice keyed by who rolls, as in ai.search); the position is then scored by ai.search.position_value.
Every candidate meets the same opponent hands and dice. The pilot knows the opponent's deck list, as a
player who knows the deck he faces does, but not the cards the opponent was dealt or bought, nor how he
is piloted (ai.search.imagined_copy). Then it weighs `placements` other placements of the squad it picked
(ai.squad.choose_cell) against greedy's on the same setups (best_placement); the opponent's placement is
not known either (both sides place before either sees the other's), so his imagined squad is placed as
greedy places.
"""
import numpy as np
from numba import njit

from ..rng import STREAM_AI0
from ..rules.destruction import count_in_play
from ..rules.setup import buy, give_crystals, pay_squad, squad_totals
from ..rules.turn import start_turn
from ..state import (
    BOUGHT,
    DEALT,
    EV0,
    G_ACTIVE,
    G_DECK_SIZE,
    G_DRAWS,
    G_FIRST,
    G_GOLD,
    G_MULLIGANS,
    G_SILVER,
    GAME0,
    MAX_DECK,
    NCF,
    P_PLACEMENT,
    P_SQUAD_PLAN,
    PARAM0,
    PILOT0,
    PR_POLICY0,
    PR_SEARCH_PLACEMENTS0,
    PR_SQUAD_SAMPLES0,
    PR_SQUAD_TURNS0,
    PR_SQUADS0,
    Z_DECK,
    Z_NONE,
    ZONE,
)
from .search import CAND0, MAX_SQUAD_SAMPLES, imagined_copy, playout, position_value
from .squad import (
    GREEDY_SQUADS,
    N_PLACEMENTS,
    PLACE_CENTRE,
    buy_squad,
    deal_hand,
    dealt_slot,
    greedy_squad_plan,
    n_dealt,
    place_squad,
    random_fill,
    squad_worth,
)
from .values import BASELINE

FILLS_PER_SQUAD = 8      # random fills drawn for each candidate squad, the best by squad_worth kept
# who plays both sides of a squad's playout: baseline chose among the same squads as well as greedy and
# ran 1.3 times as fast (AI_VERSION 17: search scored 58.1% against greedy with baseline's playouts,
# 58.3% with greedy's, on the same seeds), and the time saved plays each squad against a third hand
SQUAD_PLAYOUT_PILOT = BASELINE
# the random fills the imagined opponent's squad is chosen among (greedy's choice, on a smaller budget than
# greedy's 16: AI_VERSION 20 measured the same strength at 1.37 times the speed)
OPPONENT_FILLS = 4
# the other placements of its squad each meet the first 1 / PLACEMENT_ROUNDS of the opponent setups,
# the best of them all (best_placement; a third: 64.9% and 64.7% against greedy on seeds 1 and 2, where
# a half scored 65.0% and 64.9%, 2026-12-07)
PLACEMENT_ROUNDS = 2
MAX_SQUADS = 16          # the scratch row's candidate fields (ai.search.CAND0 ..) hold masks and values


@njit(cache=True, _nrt=False)
def imagine_opponent(C, S, g, p, W, key, row):
    """Row `row` of W: game row g as p imagines it on the sample keyed by draw `key` of p's AI stream
    (ai.search.imagined_copy), with the opponent's setup done: a hand of his deck list dealt afresh
    (whether he has bought his squad or not) and bought by greedy among OPPONENT_FILLS random fills,
    on his crystals by seat, to be placed as greedy places (his placement is not seen); p's own cards
    are still as dealt. The same for every candidate squad."""
    q = 1 - p
    imagined_copy(S, g, W, p, key, False)
    for s in range(q * MAX_DECK, q * MAX_DECK + W[0, GAME0 + G_DECK_SIZE + q]):
        if W[0, s * NCF + ZONE] != Z_NONE:
            W[0, s * NCF + ZONE] = Z_DECK
            W[0, s * NCF + BOUGHT] = 0
            W[0, s * NCF + DEALT] = 0
    gold, silver = W[0, GAME0 + G_GOLD + p], W[0, GAME0 + G_SILVER + p]
    give_crystals(C, W, 0, W[0, GAME0 + G_FIRST])
    W[0, PILOT0 + P_PLACEMENT + q] = PLACE_CENTRE      # he places as greedy: his placement is not seen
    W[0, GAME0 + G_GOLD + p], W[0, GAME0 + G_SILVER + p] = gold, silver
    W[0, GAME0 + G_MULLIGANS + q] = 0
    deal_hand(C, W, 0, q)
    W[0, PARAM0 + PR_SQUADS0 + q] = OPPONENT_FILLS
    buy_squad(C, W, 0, q)
    for f in range(EV0):
        W[row, f] = W[0, f]


@njit(cache=True, _nrt=False)
def squad_value(C, W, p, mask, row0, samples, turns, placement):
    """The mean position_value for p after `turns` turns of play (SQUAD_PLAYOUT_PILOT on both sides) from
    setup with the squad of deal-index mask `mask` placed by `placement` (ai.squad.choose_cell), over
    `samples` opponent setups (imagine_opponent), those of rows row0 .. row0 + samples - 1 of W."""
    q = 1 - p
    v = 0.0
    for m in range(samples):
        for f in range(EV0):
            W[0, f] = W[row0 + m, f]
        for i in range(n_dealt(W, 0, p)):
            if (mask >> i) & 1:
                buy(C, W, 0, p, dealt_slot(W, 0, p, i))
        pay_squad(C, W, 0, p)
        W[0, PILOT0 + P_PLACEMENT + p] = placement
        first = W[0, GAME0 + G_FIRST]
        place_squad(C, W, 0, first)
        place_squad(C, W, 0, 1 - first)
        n_p = count_in_play(W, 0, p)
        n_q = count_in_play(W, 0, q)
        if n_p == 0 or n_q == 0:
            v += 0.0 if n_p == n_q else (-1000.0 if n_p == 0 else 1000.0)
            continue
        W[0, GAME0 + G_ACTIVE] = first
        W[0, PARAM0 + PR_POLICY0] = SQUAD_PLAYOUT_PILOT
        W[0, PARAM0 + PR_POLICY0 + 1] = SQUAD_PLAYOUT_PILOT
        start_turn(C, W, 0)
        playout(C, W, turns)
        v += position_value(C, W, 0, p)
    return v / samples


@njit(cache=True, _nrt=False)
def best_by_halving(C, W, p, n, samples, turns):
    """The best of the n candidate squads in W's candidate fields by sequential halving over the opponent
    setups of rows 1 .. samples of W: while more than 3 candidates are left and more than one setup, each
    left is played out on the next setup (squad_value) and the better half of them (by their totals so
    far) stays; the 2 or 3 left are played out on all the setups left, and the best total wins (the
    first of equal ones: greedy's squad before the fills). Returns its mask and its squad_value over all
    the setups (the winner has met every one)."""
    SUM = CAND0 + MAX_SQUADS            # candidate j's total, in millionths of a crystal
    ORD = CAND0 + 2 * MAX_SQUADS        # the candidates left, best first
    for j in range(n):
        W[0, ORD + j] = j
        W[0, SUM + j] = 0
    alive = n
    done = 0
    while done < samples:
        add = 1 if alive > 3 and done < samples - 1 else samples - done
        for i in range(alive):
            j = W[0, ORD + i]
            v = squad_value(C, W, p, W[0, CAND0 + j], 1 + done, add, turns, PLACE_CENTRE)
            W[0, SUM + j] += np.int64(v * add * 1e6)
        done += add
        # the candidates left by their totals, best first (stable: the first of equal ones stays first)
        for i in range(1, alive):
            j = W[0, ORD + i]
            k = i
            while k > 0 and W[0, SUM + W[0, ORD + k - 1]] < W[0, SUM + j]:
                W[0, ORD + k] = W[0, ORD + k - 1]
                k -= 1
            W[0, ORD + k] = j
        if done < samples:
            alive = (alive + 1) // 2
    return W[0, CAND0 + W[0, ORD]], W[0, SUM + W[0, ORD]] / 1e6 / samples


@njit(cache=True, _nrt=False)
def search_squad(C, S, g, p, W):
    """Plan p's squad (the pilot field P_SQUAD_PLAN, which ai.squad.dearest_squad_buy buys from): the best
    by squad_value of the squad greedy would buy and the `squads` - 1 worth most by squad_worth of
    FILLS_PER_SQUAD * `squads` random fills of the deal (the first of equal ones), played out on
    `squad_samples` opponent setups by sequential halving (best_by_halving); and its placement (the pilot
    field P_PLACEMENT + p, which ai.squad.choose_cell reads): greedy's or the best of `placements` others
    (best_placement). With `squads` 1 it buys and places as greedy."""
    k = min(max(S[g, PARAM0 + PR_SQUADS0 + p], 1), MAX_SQUADS)
    best_mask = greedy_squad_plan(C, S, g, p, squad_totals(C, S, g, p), GREEDY_SQUADS)
    S[g, PILOT0 + P_SQUAD_PLAN] = best_mask
    if k <= 1:
        return
    samples = min(max(S[g, PARAM0 + PR_SQUAD_SAMPLES0 + p], 1), MAX_SQUAD_SAMPLES)
    turns = max(S[g, PARAM0 + PR_SQUAD_TURNS0 + p], 1)
    W[0, CAND0] = best_mask             # the candidates' masks, in the scratch row's candidate fields
    n = 1
    # the k - 1 fills worth most by squad_worth (kept in the value fields), a better one taking the place
    # of the least worth kept
    for _ in range(FILLS_PER_SQUAD * k):
        mask = random_fill(C, S, g, p, 0)
        seen = False
        for j in range(n):
            seen = seen or W[0, CAND0 + j] == mask
        if seen:
            continue
        worth = np.int64(squad_worth(C, S, g, p, mask) * 1000)
        if n < k:
            W[0, CAND0 + n] = mask
            W[0, CAND0 + MAX_SQUADS + n] = worth
            n += 1
            continue
        j_low = 1
        for j in range(2, n):
            if W[0, CAND0 + MAX_SQUADS + j] < W[0, CAND0 + MAX_SQUADS + j_low]:
                j_low = j
        if worth > W[0, CAND0 + MAX_SQUADS + j_low]:
            W[0, CAND0 + j_low] = mask
            W[0, CAND0 + MAX_SQUADS + j_low] = worth
    key0 = S[g, GAME0 + G_DRAWS + STREAM_AI0 + p]
    S[g, GAME0 + G_DRAWS + STREAM_AI0 + p] = key0 + samples
    for m in range(samples):
        imagine_opponent(C, S, g, p, W, key0 + m, 1 + m)
    best, centre = best_by_halving(C, W, p, n, samples, turns)
    S[g, PILOT0 + P_SQUAD_PLAN] = best
    alternatives = min(S[g, PARAM0 + PR_SEARCH_PLACEMENTS0 + p], N_PLACEMENTS - 1)
    if alternatives > 0:
        S[g, PILOT0 + P_PLACEMENT + p] = best_placement(C, W, p, best, alternatives, centre, samples, turns)


@njit(cache=True, _nrt=False)
def best_placement(C, W, p, mask, alternatives, centre, samples, turns):
    """How p places the squad of mask `mask`: greedy's placement (PLACE_CENTRE, worth `centre`, its
    squad_value over all the setups) or the best of the first `alternatives` others (ai.squad.PLACE_*,
    in their order), weighed by halving: each on the first half of the setups (PLACEMENT_ROUNDS; one
    alone: on all), the best of them on the rest, and that one's mean over all the setups against
    `centre` (greedy's on a tie)."""
    half = max(samples // PLACEMENT_ROUNDS, 1) if alternatives > 1 else samples
    best, best_v = PLACE_CENTRE, -1e300
    for placement in range(1, alternatives + 1):
        v = squad_value(C, W, p, mask, 1, half, turns, placement)
        if v > best_v:
            best, best_v = placement, v
    if half < samples:
        rest = samples - half
        best_v = (best_v * half + squad_value(C, W, p, mask, 1 + half, rest, turns, best) * rest) / samples
    return best if best_v > centre else PLACE_CENTRE
