"""The greedy policy plays abilities: over seeded games it uses the played and fast
abilities of the seed cards, and the per-card outcome rows count those uses."""
import numpy as np
from conftest import LISTS
from scenario_util import position

from simcore.kernels.batch import card_counts, play_batch
from simcore.kernels.state import new_state, set_params
from simcore.matchup import make_matchup

SEEDS = LISTS / "seeds_mixed.txt"


def _uses(ais, games=400, seed=5):
    m = make_matchup(SEEDS, LISTS / "swamps.txt", ais=ais)
    S = new_state(games)
    set_params(S, m.params)
    play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(seed), 0, games)
    cc = card_counts(S, m.decks, m.sizes, games)
    names = m.table.names
    return {names[c]: int(u) for p, c, u in zip(cc["player"], cc["card"], cc["ability_uses"]) if p == 0}


def test_greedy_uses_the_played_and_fast_abilities_of_the_seed_cards():
    uses = _uses(("greedy", "greedy"))
    for name in ("Ловчий", "Альхенгард", "Рафаэль"):
        assert uses[name] > 0, (name, uses)
    # cards without played abilities never count a use
    assert uses["Кочевник"] == 0 and uses["Арацент"] == 0


def test_random_policy_also_reaches_the_abilities():
    uses = _uses(("random", "random"))
    assert uses["Ловчий"] > 0 and uses["Рафаэль"] > 0


# ---- timing and futility (positions built by hand, the greedy policy asked directly) --------------------


def test_118_greedy_sets_its_fast_trap_at_the_end_of_its_own_turn():
    """Traps before the opponent's turn: at the start of its own turn (and at its own attacks' windows)
    Ловчий keeps open so that it may still move or strike; at the end-of-turn window it sets the trap.
    In the opponent's turn it sets it at the first window (the greedy answer to decision ANSWER)."""
    from simcore.kernels.rules.played import answer_decision as choose_fast
    from simcore.kernels.state import G_AT_END, GAME0

    C, S, (hunter, _) = position([("Ловчий", 0, 12), ("Кочевник", 1, 22)], active=0)
    assert choose_fast(C, S, 0, 0)[0] == -1             # its own turn, not the end: it waits
    S[0, GAME0 + G_AT_END] = 1
    s, _, t = choose_fast(C, S, 0, 0)
    assert (s, t) == (hunter, -1)                       # the end of its turn: the trap
    C, S, (hunter, _) = position([("Ловчий", 1, 22), ("Кочевник", 0, 12)], active=0)
    assert choose_fast(C, S, 0, 1)[0] == hunter         # the opponent's turn: at once


def test_greedy_approaches_when_its_ranged_attack_cannot_wound():
    """A discharge at a card protected from magic deals nothing: it is no attack, nor worth charging
    counters for, so Повелитель молний steps toward the enemy instead of waiting behind (two of them
    used to discharge at each other for no wounds until the round cap)."""
    from simcore.kernels.ai.evaluate import single_roll_ev
    from simcore.kernels.ai.policies import best_for
    from simcore.kernels.cardtable import RKIND
    from simcore.kernels.rules.combat import ranged_error
    from simcore.kernels.rules.errors import E_OK
    from simcore.kernels.rules.turn import A_MOVE
    from simcore.kernels.state import EFF, NCF

    C, S, (lord, other) = position([("Повелитель молний", 0, 2), ("Повелитель молний", 1, 27)])
    assert ranged_error(C, S, 0, lord, other) == E_OK                               # it could shoot
    assert single_roll_ev(C, S, 0, lord, other, C[S[0, lord * NCF + EFF], RKIND], 0.0) == 0.0   # for nothing
    score, kind, to = best_for(C, S, 0, lord, True)
    assert kind == A_MOVE and to == 7 and score > 0, (score, kind, to)


def test_greedy_seed_mirror_rarely_reaches_the_round_cap():
    """Two greedy seed decks used to stand still for the rest of the game once only Ловчие were left,
    each setting its traps at the start of its own turn (about 3% of games went to the round cap,
    a quarter of the simulation time). With traps set at the end of the turn they approach."""
    from simcore.kernels.state import END_TURN_CAP, G_END, game_view

    m = make_matchup(SEEDS, SEEDS)
    S = new_state(400)
    set_params(S, m.params)
    play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(3), 0, 400)
    capped = int((game_view(S)[:, G_END] == END_TURN_CAP).sum())
    assert capped <= 4, capped


def test_123_greedy_saves_counters_for_kharon_only_against_a_target_worth_it():
    """Counters are used when they pay off: Харон's spell (3 counters: destroy Харон
    and a chosen creature) pays off against a big creature. With no counters, Харон next to a
    Минотавр (cost 9) taps to gain a counter rather than attack it; next to a Кочевник (cost 3, not
    worth Харон itself) it attacks."""
    from simcore.kernels.ai.policies import SAVE_SHARE, best_for, saving_value
    from simcore.kernels.rules.turn import A_GAIN_COUNTER, A_RANGED, A_STRIKE

    C, S, (kharon, big) = position([("Харон", 0, 12), ("Минотавр", 1, 17)])
    # the spell at the Минотавр: 9 * 2 for it, 5 * 2 for Харон, 0.05 a counter; 3 counters missing
    assert abs(saving_value(C, S, 0, kharon) - SAVE_SHARE * (18 - 10 - 0.15) / 3) < 1e-9
    score, kind, target = best_for(C, S, 0, kharon, False)
    assert kind == A_GAIN_COUNTER and score > 0, (score, kind, target)
    C, S, (kharon, small) = position([("Харон", 0, 12), ("Кочевник", 1, 17)])
    assert saving_value(C, S, 0, kharon) == 0.0
    score, kind, target = best_for(C, S, 0, kharon, False)
    assert kind in (A_STRIKE, A_RANGED) and target == small and score > 0, (score, kind, target)
