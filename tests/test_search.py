"""The search pilot's machinery (simcore.kernels.ai.search, ai.squad_search): the dice its imagined
games roll, the creature it keeps open, and the squads greedy and search buy."""
import numpy as np
from conftest import LISTS
from scenario_util import position

from simcore.kernels.rules.dice import KEYED_DICE, MIRRORED_DICE, roll_d6
from simcore.kernels.state import G_DICE_N, G_DRAWS, GAME0


def test_keyed_dice_depend_on_the_fight_and_not_on_the_dice_rolled_before():
    """In an imagined game (KEYED_DICE) the die of a card in a fight is the same whatever was rolled
    before it, so that two lines of play that order their attacks differently see the same die for the
    same fight; a real game's dice come from its stream in order, whoever rolls."""
    _, S, (a, b, c) = position([("Кочевник", 0, 11), ("Кочевник", 1, 16), ("Кочевник", 1, 17)])
    S[0, GAME0 + G_DICE_N] = KEYED_DICE
    first = roll_d6(S, 0, a, b, 0)
    for _ in range(5):
        roll_d6(S, 0, a, c, 0)
    assert roll_d6(S, 0, a, b, 0) == first
    fights = [roll_d6(S, 0, x, y, n) for x in range(40) for y in range(40) for n in range(2)]
    assert set(fights) == set(range(1, 7)) and 0.12 < fights.count(6) / len(fights) < 0.21
    S[0, GAME0 + G_DICE_N] = -1                     # a real game: the stream, in order
    drawn = S[0, GAME0 + G_DRAWS]
    rolls = [roll_d6(S, 0, a, b, 0) for _ in range(30)]
    assert S[0, GAME0 + G_DRAWS] == drawn + 30 and len(set(rolls)) > 1


def test_a_mirrored_sample_rolls_seven_minus_each_die_of_its_keyed_twin():
    """The search pilot's second dice sample of a pair (MIRRORED_DICE) reads each die d of the first as
    7 - d (an antithetic sample): a fight its attacker wins on a high roll in one sample is the same
    fight on the low roll in the other, so that a pair is not lucky or unlucky in the same fight twice."""
    _, S, (a, b, c) = position([("Кочевник", 0, 11), ("Кочевник", 1, 16), ("Кочевник", 1, 17)])
    S[0, GAME0 + G_DICE_N] = KEYED_DICE
    fights = [(x, y, n) for x in (a, b, c) for y in (a, b, c, -1) for n in range(4)]
    keyed = [roll_d6(S, 0, x, y, n) for x, y, n in fights]
    S[0, GAME0 + G_DICE_N] = MIRRORED_DICE
    mirrored = [roll_d6(S, 0, x, y, n) for x, y, n in fights]
    assert mirrored == [7 - d for d in keyed] and len(set(keyed)) > 2


def test_greedy_passes_over_a_creature_its_pilot_keeps_open_this_turn():
    from simcore.kernels.ai.policies import greedy_action, keep_open, kept_open
    from simcore.kernels.rules.turn import A_END, A_STRIKE
    from simcore.kernels.state import G_TURN, P_KEEP_TURN, PILOT0

    C, S, (nomad, enemy) = position([("Кочевник", 0, 12), ("Кочевник", 1, 17)])
    kind, actor, target = greedy_action(C, S.copy(), 0)
    assert (kind, actor, target) == (A_STRIKE, nomad, enemy)
    keep_open(S, 0, nomad)
    assert kept_open(S, 0, nomad) and not kept_open(S, 0, enemy)
    assert greedy_action(C, S.copy(), 0)[0] == A_END
    S[0, GAME0 + G_TURN] += 1                       # the mark belongs to its turn only
    assert S[0, PILOT0 + P_KEEP_TURN] != S[0, GAME0 + G_TURN] + 1 and not kept_open(S, 0, nomad)


def _after_deal(ais, seed=4, game=2, decks=(LISTS / "mixed_forest_mountains.txt", LISTS / "steppe.txt")):
    """A game row of the decks (mixed_forest_mountains vs steppe) just after player 0's deal (and
    mulligans)."""
    from simcore.kernels.ai.squad import deal_hand
    from simcore.kernels.rules.setup import give_crystals, init_game
    from simcore.kernels.state import new_state, set_params
    from simcore.matchup import make_matchup

    m = make_matchup(*decks, ais=ais)
    S = new_state(1)
    set_params(S, m.params)
    init_game(m.table.stats, S, 0, m.decks, m.sizes, np.uint64(seed), np.int64(game))
    give_crystals(m.table.stats, S, 0, 0)
    deal_hand(m.table.stats, S, 0, 0)
    return m.table.stats, S


def _copy_taken(C, S, taken, i):
    """Player 0's dealt card i is unique and the cards of deal-index mask `taken` hold a copy of it
    (docs/RULES.md section 1: a unique card stands at most once in a squad)."""
    from simcore.kernels.ai.squad import dealt_slot, n_dealt
    from simcore.kernels.cardtable import UNIQUE
    from simcore.kernels.state import CARD_ID, NCF

    c = S[0, dealt_slot(S, 0, 0, i) * NCF + CARD_ID]
    return C[c, UNIQUE] == 1 and any((taken >> j) & 1 and S[0, dealt_slot(S, 0, 0, j) * NCF + CARD_ID] == c
                                     for j in range(n_dealt(S, 0, 0)))


def test_greedy_buys_the_squad_worth_most_of_its_candidates_and_spends_what_it_can():
    """ai.squad.greedy_squad_plan: of the dearest squad (plan_squad) and its random fills it buys the
    one worth most by squad_worth; no dealt card it leaves would still fit its crystals (a unique
    card's second copy aside)."""
    from simcore.kernels.ai.squad import (
        dealt_slot,
        greedy_squad_plan,
        n_dealt,
        note_deal,
        plan_squad,
        random_fill,
        squad_worth,
    )
    from simcore.kernels.rules.setup import fits, squad_totals, with_card
    from simcore.kernels.state import CARD_ID, NCF

    for game in range(6):
        C, S = _after_deal(("greedy", "greedy"), game=game)
        note_deal(C, S, 0, 0)       # as greedy_squad_plan does first, for plan_squad and random_fill
        totals = squad_totals(C, S, 0, 0)
        mask = greedy_squad_plan(C, S.copy(), 0, 0, totals, 16)
        worth = squad_worth(C, S, 0, 0, mask)
        assert worth >= squad_worth(C, S, 0, 0, plan_squad(C, S.copy(), 0, 0, totals)) - 1e-9
        R = S.copy()
        for _ in range(16):
            assert squad_worth(C, R, 0, 0, random_fill(C, R, 0, 0, 0)) <= worth + 1e-9
        t = totals
        slots = [dealt_slot(S, 0, 0, i) for i in range(n_dealt(S, 0, 0))]
        for i, s in enumerate(slots):
            if (mask >> i) & 1:
                t = with_card(C, S[0, s * NCF + CARD_ID], *t)
        assert not any(fits(C, S, 0, 0, *t, s) for i, s in enumerate(slots)
                       if not (mask >> i) & 1 and not _copy_taken(C, S, mask, i))


def test_noted_terms_of_a_deal_add_up_as_the_rules_count_a_squad():
    """ai.squad.note_deal: each dealt card's packed terms add to a squad's totals exactly what
    rules.setup.with_card adds, fit where rules.setup.fits fits (also in games under the free recruit rule,
    whose card needs others bought, and after a card is bought, when plans take the rules' own path), say
    whether a copy of a unique card is taken as the rule says, and give its effective card's cost and
    whether it is dealt, over deals of every bundled deck."""
    from simcore.kernels.ai.squad import (
        copy_in,
        dealt_slot,
        n_dealt,
        note_deal,
        noted_cost,
        noted_dealt,
        noted_if_fits,
        plain_purchase,
        taken_groups,
        with_terms,
    )
    from simcore.kernels.cardtable import COST, FREE_COSTS, RECRUIT_GOLD
    from simcore.kernels.rules.setup import buy, fits, purse, squad_totals, with_card
    from simcore.kernels.state import CARD_ID, EFF, NCF, P_TERMS, PILOT0, Z_DEALT, ZONE

    lists = sorted(LISTS.glob("*.txt"))
    plain_seen = {True: 0, False: 0}
    free_seen = 0           # plain plans of a card recruited for free once others are bought
    for n, deck in enumerate(lists):
        for game in range(3):
            C, S = _after_deal(("greedy", "greedy"), 9, game, (deck, lists[(n + 1) % len(lists)]))
            nd = n_dealt(S, 0, 0)
            if game == 1:       # a dealt card that brings gold when recruited (no bundled deck deals one)
                C = C.copy()
                C[S[0, dealt_slot(S, 0, 0, 0) * NCF + CARD_ID], RECRUIT_GOLD] = 2
            if game == 2:
                buy(C, S, 0, 0, dealt_slot(S, 0, 0, nd - 1))      # one card bought: no longer plain
            note_deal(C, S, 0, 0)
            plain = plain_purchase(S, 0, 0)
            plain_seen[plain] += 1
            money = purse(S, 0, 0)
            totals = squad_totals(C, S, 0, 0)
            taken = 0
            for i in range(nd):
                s = dealt_slot(S, 0, 0, i)
                terms = S[0, PILOT0 + P_TERMS + i]
                assert with_terms(terms, totals) == with_card(C, S[0, s * NCF + CARD_ID], *totals)
                assert noted_dealt(terms) == (S[0, s * NCF + ZONE] == Z_DEALT)
                assert noted_cost(terms) == C[S[0, s * NCF + EFF], COST]
                assert copy_in(terms, taken_groups(S, 0, 0, taken)) == _copy_taken(C, S, taken, i)
                fit, after = noted_if_fits(C, S, 0, 0, totals, i, plain, money)
                assert fit == fits(C, S, 0, 0, *totals, s)
                assert after == with_card(C, S[0, s * NCF + CARD_ID], *totals)
                free_seen += plain and C[S[0, s * NCF + CARD_ID], FREE_COSTS] != 0
                taken |= (i % 2) << i
    assert plain_seen[True] > 0 and plain_seen[False] > 0 and free_seen > 0


def test_greedy_values_a_squad_s_strikes_over_its_life_at_the_same_cost():
    """ai.squad.squad_worth: of two squads alike in cost, elite cards and dearest card, greedy prefers the
    one that strikes harder (STRIKE_WORTH a point of weak, medium or strong strike) and the one with less
    life (LIFE_WORTH a point): measured, at a cost, striking wins more games than lasting."""
    from simcore.kernels.ai.squad import LIFE_WORTH, STRIKE_WORTH, dealt_slot, n_dealt, squad_worth
    from simcore.kernels.cardtable import LIFE, SM, SS, SW
    from simcore.kernels.state import EFF, NCF

    C, S = _after_deal(("greedy", "greedy"))
    mask = (1 << n_dealt(S, 0, 0)) - 1
    c = S[0, dealt_slot(S, 0, 0, 0) * NCF + EFF]
    copies = sum(S[0, dealt_slot(S, 0, 0, i) * NCF + EFF] == c for i in range(n_dealt(S, 0, 0)))
    worth = squad_worth(C, S, 0, 0, mask)
    for column, step, change in ((SW, 1, STRIKE_WORTH), (SM, 2, 2 * STRIKE_WORTH), (SS, 1, STRIKE_WORTH),
                                 (LIFE, 3, -3 * LIFE_WORTH)):
        D = C.copy()
        D[c, column] += step
        assert abs(squad_worth(D, S, 0, 0, mask) - (worth + copies * change)) < 1e-9
    assert STRIKE_WORTH > 0 and LIFE_WORTH > 0     # harder strikes raise the worth, more life lowers it


def test_random_fills_of_a_deal_leave_nothing_that_fits_and_differ():
    """ai.squad.random_fill: every fill leaves no dealt card that would still fit its crystals; the
    fills of one deal differ (a shuffle of the deal); each fill takes one draw of the player's AI
    stream per eight shuffle indices (ai_words); none holds a unique card twice."""
    from simcore.kernels.ai.squad import dealt_slot, n_dealt, note_deal, random_fill
    from simcore.kernels.cardtable import UNIQUE
    from simcore.kernels.rng import STREAM_AI0
    from simcore.kernels.rules.setup import fits, squad_totals, with_card
    from simcore.kernels.state import CARD_ID, G_DRAWS, GAME0, NCF

    C, S = _after_deal(("greedy", "greedy"), game=3)
    note_deal(C, S, 0, 0)
    nd = n_dealt(S, 0, 0)
    slots = [dealt_slot(S, 0, 0, i) for i in range(nd)]
    masks = set()
    for _ in range(32):
        drawn = S[0, GAME0 + G_DRAWS + STREAM_AI0]
        mask = random_fill(C, S, 0, 0, 0)
        assert S[0, GAME0 + G_DRAWS + STREAM_AI0] - drawn == -(-(nd - 1) // 8)
        masks.add(mask)
        t = squad_totals(C, S, 0, 0)
        for i, s in enumerate(slots):
            if (mask >> i) & 1:
                t = with_card(C, S[0, s * NCF + CARD_ID], *t)
        assert not any(fits(C, S, 0, 0, *t, s) for i, s in enumerate(slots)
                       if not (mask >> i) & 1 and not _copy_taken(C, S, mask, i))
        ids = [int(S[0, s * NCF + CARD_ID]) for i, s in enumerate(slots) if (mask >> i) & 1]
        assert not any(C[c, UNIQUE] == 1 and ids.count(c) > 1 for c in ids)      # a unique card once
    assert len(masks) > 1


def test_search_buys_one_of_its_candidate_squads_and_greedys_with_one_squad():
    """ai.squad_search.search_squad plans one of the squads it plays out; with squads=1 it plans the
    squad greedy would buy."""
    from simcore.kernels.ai.search import CAND0, new_scratch
    from simcore.kernels.ai.squad import GREEDY_SQUADS, greedy_squad_plan
    from simcore.kernels.ai.squad_search import search_squad
    from simcore.kernels.rules.setup import squad_totals
    from simcore.kernels.state import P_SQUAD_PLAN, PILOT0
    from simcore.pilots import PILOTS

    squads = PILOTS["search"].budget["squads"][0]

    picked_other = False
    for game in range(6):
        C, S = _after_deal(("search", "greedy"), game=game)
        greedy = greedy_squad_plan(C, S.copy(), 0, 0, squad_totals(C, S, 0, 0), GREEDY_SQUADS)
        W = new_scratch()
        R = S.copy()
        search_squad(C, R, 0, 0, W)
        plan = R[0, PILOT0 + P_SQUAD_PLAN]
        assert W[0, CAND0] == greedy and plan in W[0, CAND0:CAND0 + squads]
        picked_other = picked_other or plan != greedy
        C1, S1 = _after_deal(("search[squads=1]", "greedy"), game=game)
        search_squad(C1, S1, 0, 0, new_scratch())
        assert S1[0, PILOT0 + P_SQUAD_PLAN] == greedy
    assert picked_other


def _as_search(S, **budget):
    """Seat 0 of a hand-built position played by search with this budget (the defaults otherwise)."""
    from simcore.kernels.ai.values import SEARCH
    from simcore.kernels.state import PARAM0, PR_POLICY0
    from simcore.pilots import seat_params

    spec = "search[" + ",".join(f"{k}={v}" for k, v in budget.items()) + "]" if budget else "search"
    for offset, value in seat_params(spec).items():
        S[0, PARAM0 + offset] = value
    assert S[0, PARAM0 + PR_POLICY0] == SEARCH


def test_a_two_action_puzzle_that_only_look_ahead_solves():
    """Both enemies are one wound from death: a closed Хобгоблин next to Орк, and a Кочевник that only
    Арбалетчик's shot reaches. Greedy sees two equal kills of the Хобгоблин and lets Арбалетчик (its
    first card) take it: Орк has nothing left to strike and the Кочевник lives. Search plays both orders
    out: Орк kills the Хобгоблин, then Арбалетчик shoots the Кочевник and the game is won."""
    from simcore.kernels.ai.policies import greedy_action
    from simcore.kernels.ai.search import new_scratch, search_action
    from simcore.kernels.rules.turn import A_RANGED, A_STRIKE
    from simcore.kernels.state import CLOSED, NCF, WOUNDS

    C, S, (xbow, orc, hob, nomad) = position([("Арбалетчик", 0, 2), ("Орк", 0, 12), ("Хобгоблин", 1, 17),
                                              ("Кочевник", 1, 29)])
    S[0, hob * NCF + WOUNDS], S[0, hob * NCF + CLOSED], S[0, nomad * NCF + WOUNDS] = 17, 1, 7
    assert greedy_action(C, S.copy(), 0) == (A_RANGED, xbow, hob)
    for samples in (1, 2, 4):
        R = S.copy()
        _as_search(R, samples=samples, squads=1)
        assert search_action(C, R, 0, new_scratch()) == (A_STRIKE, orc, hob)


def test_search_imagines_its_opponent_as_greedy_with_its_own_tunables():
    """A player does not know how his opponent is piloted: search's copies of the game (imagined_copy)
    play the opponent as greedy with search's own focus, guard and open_weight, whatever the opponent's
    seat holds (greedy's defaults, baseline's and random's 0s, or another greedy's budget). Here the
    opponent's creatures, in his turn (`horizon` 2), strike at a wounded or an unwounded card of search's
    as their focus says: the value of search's candidate action is the same under each of the opponent's
    tunables (with the opponent's own, as before AI_VERSION 26, it is not)."""
    from simcore.kernels.ai.policies import greedy_action
    from simcore.kernels.ai.search import candidate_value, imagined_copy, new_scratch
    from simcore.kernels.state import NCF, PARAM0, PR_FOCUS0, PR_GUARD0, PR_OPEN_WEIGHT0, WOUNDS

    C, S, (orc, nomad, _, _) = position([("Орк", 0, 12), ("Кочевник", 0, 13), ("Кочевник", 1, 17),
                                         ("Хобгоблин", 1, 18)])
    S[0, nomad * NCF + WOUNDS] = 3
    _as_search(S, squads=1, horizon=2, focus=80, guard=40, open_weight=5)
    kind, actor, target = greedy_action(C, S.copy(), 0)
    values = set()
    for focus, guard, open_weight in ((100, 30, 0), (0, 0, 0), (50, 0, 20)):
        R = S.copy()
        for field, value in ((PR_FOCUS0, focus), (PR_GUARD0, guard), (PR_OPEN_WEIGHT0, open_weight)):
            R[0, PARAM0 + field + 1] = value
        W = new_scratch()
        imagined_copy(R, 0, W, 0, 0, False)
        assert [W[0, PARAM0 + f + q] for f in (PR_FOCUS0, PR_GUARD0, PR_OPEN_WEIGHT0) for q in (0, 1)] == \
            [80, 80, 40, 40, 5, 5]
        values.add(candidate_value(C, R, 0, new_scratch(), 0, kind, actor, target, -2, 0, 8, 0))
    assert len(values) == 1


def test_search_keeps_a_defender_open_where_greedy_strikes_with_it():
    """Арацент has 2 life left next to a Тролль that will strike it in its turn; Хобгоблин, next to
    both, can strike the closed Тролль now or stay open to defend Арацент (504: an open creature next to
    both the attacker and its target). Greedy strikes with Хобгоблин; search with `keep` keeps it open
    (and Арацент strikes the Тролль itself): with `horizon` 2, since what keeping it open is worth shows
    only in the opponent's turn."""
    from simcore.kernels.ai.policies import greedy_action, kept_open
    from simcore.kernels.ai.search import new_scratch, search_action
    from simcore.kernels.rules.turn import A_STRIKE
    from simcore.kernels.state import CLOSED, NCF, WOUNDS

    C, S, (hob, aracent, troll) = position([("Хобгоблин", 0, 10), ("Арацент", 0, 11), ("Тролль", 1, 15)])
    S[0, aracent * NCF + WOUNDS], S[0, troll * NCF + CLOSED] = 10, 1
    assert greedy_action(C, S.copy(), 0) == (A_STRIKE, hob, troll)
    for samples in (2, 4, 8):
        R = S.copy()
        _as_search(R, samples=samples, keep=1, squads=1, horizon=2)
        assert search_action(C, R, 0, new_scratch()) == (A_STRIKE, aracent, troll)
        assert kept_open(R, 0, hob)


def test_search_with_deepen_weighs_its_two_finalists_through_the_opponents_reply():
    """The position above, search weighing only Хобгоблин's strike and keeping it open (`candidates` 1,
    `keep`), to the end of its own turn (`horizon` 1): the strike scores more this turn, and with the
    recheck alone (or with `deepen` on finalists too far apart for the recheck) it strikes. With `deepen`
    1 the two finalists' recheck playouts run through the Тролль's turn, where an open Хобгоблин defends
    Арацент: it keeps Хобгоблин open, as `horizon` 2 does, and Арацент strikes."""
    from simcore.kernels.ai.policies import kept_open
    from simcore.kernels.ai.search import new_scratch, search_action
    from simcore.kernels.rules.turn import A_STRIKE
    from simcore.kernels.state import CLOSED, NCF, WOUNDS

    C, S, (hob, aracent, troll) = position([("Хобгоблин", 0, 10), ("Арацент", 0, 11), ("Тролль", 1, 15)])
    S[0, aracent * NCF + WOUNDS], S[0, troll * NCF + CLOSED] = 10, 1
    for samples in (2, 4):
        for deepen, within, keeps in ((0, 1000, False), (1, 5, False), (1, 1000, True)):
            R = S.copy()
            _as_search(R, samples=samples, candidates=1, alternatives=0, keep=1, squads=1,
                       recheck_within=within, deepen=deepen)
            assert search_action(C, R, 0, new_scratch()) == (A_STRIKE, aracent if keeps else hob, troll)
            assert kept_open(R, 0, hob) == keeps


def test_search_keeps_its_only_defender_for_the_dearer_card_where_greedy_spends_it():
    """Two cards of search's are one wound from death: a Кочевник and, further along, an Арацент; one
    open Кочевник stands next to both and next to both enemy Кочевники (504: a defender is next to the
    attacker and the target, and closes afterwards). The enemy strikes the wounded Кочевник first.
    Greedy defends it (that lowers this strike's expected exchange most) and has no one left for the
    Арацент; search plays both choices out to the end of the enemy's turn and keeps its defender open
    for the Арацент."""
    from simcore.kernels.ai.search import new_scratch, pilot_action
    from simcore.kernels.rules.turn import A_STRIKE, apply_action
    from simcore.kernels.state import CLOSED, LIFE_MAX, NCF, WOUNDS

    C, S, (nomad, defender, aracent, enemy, _) = position([("Кочевник", 0, 11), ("Кочевник", 0, 12),
                                                           ("Арацент", 0, 13), ("Кочевник", 1, 16),
                                                           ("Кочевник", 1, 18)], active=1)
    for s in (nomad, aracent):
        S[0, s * NCF + WOUNDS] = S[0, s * NCF + LIFE_MAX] - 1
    buf = np.zeros((512, 3), np.int64)
    G = S.copy()
    assert pilot_action(C, G, 0, buf, new_scratch()) == (A_STRIKE, enemy, nomad)
    apply_action(C, G, 0, A_STRIKE, enemy, nomad, -2, -1)
    assert G[0, defender * NCF + CLOSED] == 1            # greedy defended the Кочевник
    for defend in (2, 4, 8):
        R = S.copy()
        _as_search(R, defend=defend, squads=1)
        assert pilot_action(C, R, 0, buf, new_scratch()) == (A_STRIKE, enemy, nomad)
        apply_action(C, R, 0, A_STRIKE, enemy, nomad, -2, -1)
        assert R[0, defender * NCF + CLOSED] == 0        # search kept its defender open
    R = S.copy()
    _as_search(R, defend=0, squads=1)
    pilot_action(C, R, 0, buf, new_scratch())
    apply_action(C, R, 0, A_STRIKE, enemy, nomad, -2, -1)
    assert R[0, defender * NCF + CLOSED] == 1            # with defend=0 it defends as greedy does


def test_sequential_halving_takes_the_best_squad_of_the_setups_it_plays():
    """ai.squad_search.best_by_halving: on one opponent setup it takes the candidate squad of the best
    squad_value there; with three candidates or fewer every one meets every setup and the best mean
    wins; with more, the winner is one of the candidates."""
    from simcore.kernels.ai.search import CAND0, new_scratch
    from simcore.kernels.ai.squad import PLACE_CENTRE
    from simcore.kernels.ai.squad_search import MAX_SQUADS, best_by_halving, search_squad, squad_value
    from simcore.pilots import PILOTS

    turns = PILOTS["search"].budget["squad_turns"][0]
    samples = PILOTS["search"].budget["squad_samples"][0]
    for game in range(3):
        C, S = _after_deal(("search", "greedy"), game=game)
        W = new_scratch()
        search_squad(C, S.copy(), 0, 0, W)      # the candidates and the opponent setups (rows 1 ..)
        masks = [int(m) for m in W[0, CAND0:CAND0 + MAX_SQUADS] if m != 0]
        assert len(masks) > 3
        on_first = [squad_value(C, W, 0, m, 1, 1, turns, PLACE_CENTRE) for m in masks]
        assert best_by_halving(C, W, 0, len(masks), 1, turns)[0] == masks[int(np.argmax(on_first))]
        means = [squad_value(C, W, 0, m, 1, samples, turns, PLACE_CENTRE) for m in masks[:3]]
        assert best_by_halving(C, W, 0, 3, samples, turns)[0] == masks[int(np.argmax(means))]
        assert best_by_halving(C, W, 0, len(masks), samples, turns)[0] in masks


def _placed(ais, placement, game=2):
    """(the cards' table C, the game row S, {slot: cell} of player 0's ground creatures) after he buys his
    squad as greedy and places it by `placement` (the pilot field ai.squad.choose_cell reads)."""
    from simcore.kernels.ai.squad import buy_squad, place_squad
    from simcore.kernels.state import CELL, NCF, P_PLACEMENT, PILOT0, Z_FIELD, ZONE

    C, S = _after_deal(ais, game=game)
    buy_squad(C, S, 0, 0)
    S[0, PILOT0 + P_PLACEMENT] = placement
    place_squad(C, S, 0, 0)
    return C, S, {s: S[0, s * NCF + CELL] for s in range(64) if S[0, s * NCF + ZONE] == Z_FIELD}


def test_search_s_placements_fill_greedys_rows_from_an_edge_or_hold_the_melee_back():
    """ai.squad.choose_cell: greedy's placement puts the melee creatures in the front row, centre first,
    the rest in the middle row, and ranged attackers in the back row; PLACE_LAST_COLUMNS,
    PLACE_FIRST_COLUMNS and PLACE_SPREAD fill the same rows from the last column on, from the first, or
    every second column first; PLACE_HELD_BACK fills the middle row with the melee creatures first;
    PLACE_RANGED_FORWARD puts the ranged attackers in the middle row."""
    from simcore.kernels.ai.squad import (
        PLACE_CENTRE,
        PLACE_FIRST_COLUMNS,
        PLACE_HELD_BACK,
        PLACE_LAST_COLUMNS,
        PLACE_RANGED_FORWARD,
        PLACE_SPREAD,
        stands_behind,
    )
    from simcore.kernels.rules.board import cell_col, cell_row
    from simcore.kernels.state import EFF, NCF

    columns = {PLACE_CENTRE: [2, 1, 3, 0, 4], PLACE_LAST_COLUMNS: [4, 3, 2, 1, 0],
               PLACE_FIRST_COLUMNS: [0, 1, 2, 3, 4], PLACE_HELD_BACK: [2, 1, 3, 0, 4],
               PLACE_RANGED_FORWARD: [2, 1, 3, 0, 4], PLACE_SPREAD: [4, 2, 0, 3, 1]}
    forward = 0
    for game in range(4):
        for placement, order in columns.items():
            C, S, cells = _placed(("greedy", "greedy"), placement, game)
            melee = [s for s in cells if not stands_behind(C, S[0, s * NCF + EFF])]
            first, second = (1, 2) if placement == PLACE_HELD_BACK else (2, 1)    # player 0's rows
            n = len(melee)
            assert 2 <= n <= 10
            for row, expected in ((first, order[:min(n, 5)]), (second, order[:max(n - 5, 0)])):
                placed = sorted(cell_col(cells[s]) for s in melee if cell_row(cells[s]) == row)
                assert placed == sorted(expected)
            ranged_rows = {cell_row(c) for s, c in cells.items() if s not in melee}
            if placement != PLACE_RANGED_FORWARD:
                assert ranged_rows <= {0}
            elif ranged_rows and max(n - 5, 0) + len(cells) - n <= 5:
                assert ranged_rows == {1}
                forward += 1
    assert forward >= 1


def test_search_places_its_squad_as_the_playouts_of_its_setups_say():
    """ai.squad_search.best_placement: greedy's placement when it is worth more than every other, else the
    other best by squad_value (each on the first half of the setups, the best of them on all); with
    placements=0 search places as greedy."""
    from simcore.kernels.ai.search import new_scratch
    from simcore.kernels.ai.squad import PLACE_CENTRE, PLACE_LAST_COLUMNS
    from simcore.kernels.ai.squad_search import PLACEMENT_ROUNDS, best_placement, search_squad, squad_value
    from simcore.kernels.state import P_PLACEMENT, P_SQUAD_PLAN, PILOT0
    from simcore.pilots import PILOTS

    turns = PILOTS["search"].budget["squad_turns"][0]
    samples = PILOTS["search"].budget["squad_samples"][0]
    others = PILOTS["search"].budget["placements"][0]
    chosen = set()
    for game in range(4):
        C, S = _after_deal(("search", "greedy"), game=game)
        W = new_scratch()
        R = S.copy()
        search_squad(C, R, 0, 0, W)          # leaves its opponent setups in W's rows 1 ..
        mask = R[0, PILOT0 + P_SQUAD_PLAN]
        chosen.add(R[0, PILOT0 + P_PLACEMENT])
        centre = squad_value(C, W, 0, mask, 1, samples, turns, PLACE_CENTRE)
        assert best_placement(C, W, 0, mask, others, centre, samples, turns) == R[0, PILOT0 + P_PLACEMENT]
        assert best_placement(C, W, 0, mask, others, 1e9, samples, turns) == PLACE_CENTRE
        assert best_placement(C, W, 0, mask, 1, -1e9, samples, turns) == PLACE_LAST_COLUMNS
        on_first = max(samples // PLACEMENT_ROUNDS, 1)
        first = [squad_value(C, W, 0, mask, 1, on_first, turns, k) for k in range(1, others + 1)]
        assert best_placement(C, W, 0, mask, others, -1e9, samples, turns) == 1 + int(np.argmax(first))
        C0, S0 = _after_deal(("search[placements=0]", "greedy"), game=game)
        search_squad(C0, S0, 0, 0, new_scratch())
        assert S0[0, PILOT0 + P_PLACEMENT] == PLACE_CENTRE
    assert len(chosen) >= 2
