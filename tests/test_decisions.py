"""The decisions the rules offer (docs/RULES.md, "Decisions"): at each decision point the rules list the
legal options into the game row, the deciding player's pilot picks one, and the rules carry on with it.
Positions are built by hand; the offer stays readable in the row after the decision."""
import numpy as np
import pytest
from conftest import LISTS
from scenario_util import position

from simcore.kernels.rules import log as L
from simcore.kernels.rules.decisions import Decision
from simcore.kernels.state import (
    CLOSED,
    COUNTERS,
    EFF,
    G_CONTEXT,
    G_DECIDER,
    G_DECISION,
    G_LOG_OFFERS,
    G_OFFER,
    G_OFFER_LO,
    G_OFFER_N,
    GAME0,
    NCF,
    WOUNDS,
    Z_GRAVE,
    ZONE,
)


def offered(S):
    """The options of the last decision: a list, or a range (lo, n)."""
    n = int(S[0, GAME0 + G_OFFER_N])
    return [int(x) for x in S[0, GAME0 + G_OFFER:GAME0 + G_OFFER + n]]


def test_every_decision_point_has_a_pilot_answer():
    """Both pilots answer every decision the rules declare (rules.decisions.Decision) with one of the
    options offered."""
    from simcore.kernels.ai.choices import pilot_decision
    from simcore.kernels.cardtable import LIFE
    from simcore.kernels.state import PARAM0, PR_POLICY0

    C, S, (a, b) = position([("Кочевник", 0, 12), ("Кочевник", 1, 17)])
    ca = int(S[0, a * NCF + EFF])
    cases = {Decision.DEFENDER: ((a, b, 0, 0, 0), [b, -1]), Decision.EXCHANGE: ((a, b, b, 2, 1), [0, 1]),
             Decision.ANSWER: ((0, 0, 0, 0, 0), [-1]), Decision.ANSWER_TARGET: ((a, 0, 0, 0, 0), [-1]),
             Decision.TRIGGER_TARGET: ((a, ca, 0, -1, 1), [b, -1]), Decision.CLOSE_OR_WOUND: ((b, a, 2, 0, 0), [0, 1]),
             Decision.FORM: ((a, 0, 0, 0, 0), [0, 1]), Decision.PUSH: ((b, a, 2, 0, 0), [0, 1]),
             Decision.RAM: ((a, b, 0, 0, 0), (1, int(C[ca, LIFE]))), Decision.WOUNDS_MOVED: ((a, b, 4, 0, 0), (0, 3)),
             Decision.TOKEN: ((0, 0, 0, 0, 0), [a]), Decision.CELL: ((a, 0, 0, 0, 0), [12, 13])}
    assert set(cases) == set(Decision)
    for policy in (0, 1):
        S[0, PARAM0 + PR_POLICY0] = policy
        for d, (context, options) in cases.items():
            S[0, GAME0 + G_DECISION] = d
            S[0, GAME0 + G_DECIDER] = 0
            S[0, GAME0 + G_CONTEXT:GAME0 + G_CONTEXT + 5] = context
            if isinstance(options, tuple):
                S[0, GAME0 + G_OFFER_LO], S[0, GAME0 + G_OFFER_N] = options
            else:
                S[0, GAME0 + G_OFFER_N] = len(options)
                S[0, GAME0 + G_OFFER:GAME0 + G_OFFER + len(options)] = options
            i = pilot_decision(C, S, 0)
            assert 0 <= i < S[0, GAME0 + G_OFFER_N], (policy, d.word, i)


def test_defender_offers_the_open_creatures_that_may_defend_then_none():
    """504: a defender is an open creature of the target's owner adjacent to attacker and target; the
    offer lists them in the order of the cards in play, then none (-1)."""
    from simcore.kernels.rules.combat import defender_decision

    # Кочевник of player 1 on c3 strikes the Кочевник on c4; player 2 has neighbours on b4 (open), d4
    # (closed) and a6 (far)
    C, S, (att, tgt, near, closed, far) = position([("Кочевник", 0, 12), ("Кочевник", 1, 17), ("Кочевник", 1, 16),
                                                    ("Кочевник", 1, 18), ("Кочевник", 1, 25)])
    S[0, closed * NCF + CLOSED] = 1
    chosen = defender_decision(C, S, 0, att, tgt)
    assert offered(S) == [near, -1] and S[0, GAME0 + G_DECIDER] == 1
    assert chosen in (near, -1) and S[0, GAME0 + G_DECISION] == 0      # decided and closed
    S[0, near * NCF + CLOSED] = 1
    S[0, GAME0 + G_DECIDER] = 99
    assert defender_decision(C, S, 0, att, tgt) == -1
    assert S[0, GAME0 + G_DECIDER] == 99                   # no possible defender: no decision offered


def test_moving_wounds_is_a_range_from_none_to_all_it_can_move_and_baseline_moves_all():
    """Осклизг's elixirs move "4 or fewer" wounds from an adjacent swamp creature onto itself: its owner
    decides how many (0 .. min(4, the wounds there)); baseline moves all of them, and so does greedy
    when they cost it little (it regenerates)."""
    from simcore.kernels.ai.values import BASELINE
    from simcore.kernels.rules.effects.apply import apply_effect
    from simcore.kernels.state import PARAM0, PR_POLICY0

    for policy in (BASELINE, None):
        C, S, (oskl, slime, _) = position([("Осклизг", 0, 12), ("Слизь", 0, 13), ("Кочевник", 1, 22)])
        if policy is not None:
            S[0, PARAM0 + PR_POLICY0] = policy
        S[0, slime * NCF + WOUNDS] = 3
        apply_effect(C, S, 0, oskl, S[0, oskl * NCF + EFF], 0, slime, -1)      # its ability 1
        assert (S[0, GAME0 + G_OFFER_LO], S[0, GAME0 + G_OFFER_N]) == (0, 4)
        assert S[0, slime * NCF + WOUNDS] == 0 and S[0, oskl * NCF + WOUNDS] == 3


def test_greedy_moves_no_wounds_that_would_destroy_the_card_that_takes_them():
    """Осклизг (life 8) has 2 life left; moving 2 or more of Слизь's 3 wounds onto it would destroy it,
    which no regeneration undoes: greedy moves 1 (ai.evaluate.best_wounds_moved), baseline all 3."""
    from simcore.kernels.ai.values import BASELINE
    from simcore.kernels.rules.effects.apply import apply_effect
    from simcore.kernels.state import PARAM0, PR_POLICY0

    moved = {}
    for policy in ("greedy", "baseline"):
        C, S, (oskl, slime, _) = position([("Осклизг", 0, 12), ("Слизь", 0, 13), ("Кочевник", 1, 22)])
        if policy == "baseline":
            S[0, PARAM0 + PR_POLICY0] = BASELINE
        S[0, oskl * NCF + WOUNDS], S[0, slime * NCF + WOUNDS] = 6, 3
        apply_effect(C, S, 0, oskl, S[0, oskl * NCF + EFF], 0, slime, -1)
        moved[policy] = 3 - int(S[0, slime * NCF + WOUNDS])
        assert S[0, oskl * NCF + WOUNDS] == 6 + moved[policy]
    assert moved == {"greedy": 1, "baseline": 3}


def test_a_token_offers_each_graveyard_card_with_incarnation_lacking_tokens():
    """Талион's token goes to a card of its owner's graveyard with incarnation that still lacks tokens:
    the offer lists them in slot order; baseline gives it to the one lacking the fewest, greedy to the
    one it is worth most to: the card's cost over the tokens it lacks (choices.dearest_token)."""
    from simcore.kernels.ai.values import BASELINE
    from simcore.kernels.rules.effects.counters import give_incarnation_token
    from simcore.kernels.state import PARAM0, PR_POLICY0

    # Моровой всадник (cost 4) and Поганище (cost 7) both have incarnation 3; the Всадник holds a token:
    # it lacks 2 (4 / 2 a token), Поганище 3 (7 / 3 a token)
    for policy, taker in ((BASELINE, "rider"), (None, "horror")):
        C, S, (talion, rider, horror, nomad, _) = position([("Талион", 0, 12), ("Моровой всадник", 0, 13),
                                                            ("Поганище", 0, 14), ("Кочевник", 0, 11),
                                                            ("Кочевник", 1, 22)])
        if policy is not None:
            S[0, PARAM0 + PR_POLICY0] = policy
        for s in (rider, horror, nomad):
            S[0, s * NCF + ZONE] = Z_GRAVE
        S[0, rider * NCF + COUNTERS] = 1
        give_incarnation_token(C, S, 0, 0)
        assert offered(S) == [rider, horror]                 # the Кочевник has no incarnation
        tokens = (int(S[0, rider * NCF + COUNTERS]), int(S[0, horror * NCF + COUNTERS]))
        assert tokens == ((2, 0) if taker == "rider" else (1, 1)), policy


def _destroyed_on(S, s, cell):
    """Card s, standing on cell, goes to its owner's graveyard (its last cell: cell)."""
    from simcore.kernels.rules.board import rebuild_play_lists
    from simcore.kernels.state import G_BOARD, LAST_CELL

    S[0, GAME0 + G_BOARD + cell] = -1
    S[0, s * NCF + ZONE] = Z_GRAVE
    S[0, s * NCF + LAST_CELL] = cell
    rebuild_play_lists(S, 0)


def test_coming_back_offers_the_empty_cells_of_the_owner_s_half_and_the_cell_it_was_destroyed_on():
    """Coming back (RULES.md section 7): Моровой всадник of player 1, destroyed on c4 (player 2's half),
    incarnates: its owner is offered the empty cells of his half and c4, in cell order; baseline (and
    random) take the cell it was destroyed on (the cell nearest it: the reading before rules 3.5.0),
    greedy, for a melee creature, the cell nearest an enemy creature (e3, next to nobody but the closest
    to the Кочевник on e5: choices.come_back_choice)."""
    from simcore.kernels.ai.values import BASELINE, RANDOM
    from simcore.kernels.rules.triggers import incarnate
    from simcore.kernels.state import CELL, PARAM0, PR_POLICY0, Z_FIELD

    for policy, cell in ((BASELINE, 17), (RANDOM, 17), (None, 14)):
        C, S, (rider, _, _) = position([("Моровой всадник", 0, 17), ("Кочевник", 0, 11), ("Кочевник", 1, 24)])
        if policy is not None:
            S[0, PARAM0 + PR_POLICY0] = policy
        _destroyed_on(S, rider, 17)
        assert incarnate(C, S, 0, rider)
        assert offered(S) == [c for c in range(15) if c != 11] + [17]
        assert (S[0, rider * NCF + ZONE], S[0, rider * NCF + CELL]) == (Z_FIELD, cell), policy


def test_a_card_with_no_cell_to_come_back_to_stays_in_the_graveyard():
    """Coming back needs an empty cell of the owner's half or the cell it was destroyed on: with player
    1's half full and an enemy on c4, where Моровой всадник was destroyed, it cannot incarnate (it waits
    in the graveyard) nor be revived (rules.targets.revivable); once a cell of his half is empty it can."""
    from simcore.kernels.rules.board import can_come_back
    from simcore.kernels.rules.triggers import incarnate
    from simcore.kernels.state import CELL, G_BOARD

    C, S, slots = position([("Моровой всадник", 0, 17)] + [("Кочевник", 0, c) for c in range(14)]
                           + [("Кочевник", 1, 24), ("Кочевник", 0, 14)])
    rider, enemy, last = slots[0], slots[15], slots[16]
    _destroyed_on(S, rider, 17)
    S[0, GAME0 + G_BOARD + 24] = -1                    # the enemy steps from e5 onto c4
    S[0, GAME0 + G_BOARD + 17] = enemy
    S[0, enemy * NCF + CELL] = 17
    assert not can_come_back(C, S, 0, rider)
    assert not incarnate(C, S, 0, rider) and S[0, rider * NCF + ZONE] == Z_GRAVE
    _destroyed_on(S, last, 14)
    assert can_come_back(C, S, 0, rider)


@pytest.mark.parametrize("offers", [0, 1])
def test_decisions_are_logged_with_their_options_when_the_logs_offers_are_on(offers):
    """With G_LOG_OFFERS each decision is logged (EV_DECISION: decision, decider, options, chosen index,
    range start or -1), each listed option after it (EV_OFFER); without it, neither: the log a user
    reads (berserk replay) is the same either way."""
    from simcore.kernels.game import new_action_buffer, new_scratch, play_game
    from simcore.kernels.state import G_N_EVENTS, events_view, new_state, set_params
    from simcore.matchup import make_matchup

    m = make_matchup(LISTS / "seeds_mixed.txt", LISTS / "swamps_poison.txt")
    seen, n_decisions = set(), 0
    for game in range(3, 9):                           # a few games: enough decisions of each kind
        S = new_state(1, 20000)
        S[0, GAME0 + G_LOG_OFFERS] = offers
        set_params(S, m.params)
        play_game(m.table.stats, S, 0, m.decks, m.sizes, np.uint64(3), game, new_action_buffer(), new_scratch())
        ev = events_view(S)[0, :S[0, GAME0 + G_N_EVENTS]]
        decisions = np.nonzero(ev[:, 0] == L.EV_DECISION)[0]
        if not offers:
            assert len(decisions) == 0 and (ev[:, 0] == L.EV_OFFER).sum() == 0
            continue
        for i in decisions:
            dec, _, n, chosen, lo = ev[i, 1:6]
            assert 0 <= chosen < n
            if lo < 0:                                 # listed: its n options follow
                assert (ev[i + 1:i + 1 + n, 0] == L.EV_OFFER).all() and (ev[i + 1:i + 1 + n, 1] == dec).all()
        seen |= {Decision(d).word for d in ev[decisions, 1]}
        n_decisions += len(decisions)
    if offers:
        assert n_decisions >= 10
        assert {"answer", "defender", "exchange"} <= seen
