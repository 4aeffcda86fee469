"""Property: the pilots predict a simple strike's wounds with the rules that resolve it (504, armor,
protections, strike bonuses, no counter-strike wounds, Морок's caps...). For forced strengths, the wounds
ai.evaluate.strike_wounds3 predicts (the figures every pilot's strike_ev is made of) are the wounds
rules.combat.resolve_strike deals, for the strike and for the counter-strike, on random pairs of creatures
of the card set, open or closed, with or without a neighbour; and the value strike_ev works out alone is
the one strike_ev_both works out with the other."""
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scenario_util import position

from decks import load_cardset
from simcore.kernels.ai.evaluate import strike_ev, strike_ev_both, strike_wounds3
from simcore.kernels.cardtable import F_BESIDE_WEAK, IGN_TARGET, STRIKES_WEAK
from simcore.kernels.rules.combat import resolve_strike
from simcore.kernels.rules.damage import beside_weak
from simcore.kernels.rules.dice import MISS, WEAK
from simcore.kernels.rules.log import EV_COUNTER, EV_NO_WOUND, EV_WOUND
from simcore.kernels.state import CLOSED, EFF, G_FLAGS, G_N_EVENTS, GAME0, LIFE_MAX, NCF, WOUNDS, events_view

CARDS = load_cardset()
# Уордак's "+X to strong strike, X = half the target's current life" is not in the prediction yet (see
# the strict xfail below): it is left out of the property until it is.
GROUND = sorted(c.name for c in CARDS.cards if c.kind == "creature" and c.name != "Уордак")
EXAMPLES = int(os.environ.get("BERSERK_EXAMPLES", "60"))


def dealt(S, target, source):
    """The wounds of the first wound event on `target` from `source` (0 for a strike that wounds not)."""
    ev = events_view(S)[0, :int(S[0, GAME0 + G_N_EVENTS])]
    for code, t, a, b, _, _ in ev:
        if code == EV_WOUND and t == target and b == source:
            return int(a)
        if code == EV_NO_WOUND and t == target and a == source:
            return 0
    return 0


@settings(max_examples=EXAMPLES, deadline=None)
@given(attacker=st.sampled_from(GROUND), struck=st.sampled_from(GROUND),
       neighbour=st.one_of(st.none(), st.tuples(st.sampled_from(GROUND), st.integers(0, 1))),
       closed=st.booleans(), strength=st.integers(1, 3), counter=st.integers(0, 3))
def test_predicted_wounds_of_a_strike_and_its_counter_strike_are_the_wounds_resolved(
        attacker, struck, neighbour, closed, strength, counter):
    cards = [(attacker, 0, 12), (struck, 1, 17)]
    if neighbour is not None:
        cards.append((neighbour[0], neighbour[1], 16))      # next to both: an ally of one of them
    C, S, slots = position(cards, log_capacity=256)
    a, t = slots[0], slots[1]
    S[0, t * NCF + CLOSED] = int(closed)
    ign = C[S[0, a * NCF + EFF], IGN_TARGET] == 1
    predicted = strike_wounds3(C, S, 0, a, t, False, ign, False, True)[strength - 1]
    predicted_back = strike_wounds3(C, S, 0, t, a, False, False, ign, False)[counter - 1] if counter else 0
    # the strengths as rules.combat.strike hands them to the resolution: a strike at Степной волколак,
    # or at a card beside Морок, is reduced to weak (the prediction states it as wounds of every strength)
    a_str, c_str = strength, counter if counter else MISS
    if C[S[0, t * NCF + EFF], STRIKES_WEAK] == 1 and not ign:
        a_str = min(a_str, WEAK)
    if C[S[0, a * NCF + EFF], STRIKES_WEAK] == 1:
        c_str = min(c_str, WEAK)
    if S[0, GAME0 + G_FLAGS] & F_BESIDE_WEAK:
        a_str = min(a_str, WEAK) if beside_weak(C, S, 0, t) else a_str
        c_str = min(c_str, WEAK) if beside_weak(C, S, 0, a) else c_str
    resolve_strike(C, S, 0, a, t, t, a_str, c_str)
    assert dealt(S, t, a) == predicted
    back = [e[4] for e in events_view(S)[0, :int(S[0, GAME0 + G_N_EVENTS])] if e[0] == EV_COUNTER]
    assert (back[0] if back else 0) == predicted_back


@settings(max_examples=EXAMPLES, deadline=None)
@given(attacker=st.sampled_from(GROUND), struck=st.sampled_from(GROUND),
       neighbour=st.one_of(st.none(), st.tuples(st.sampled_from(GROUND), st.integers(0, 1))),
       closed=st.booleans(), wounds=st.integers(0, 4), defending=st.booleans(),
       focus=st.sampled_from((0.0, 0.5, 1.0)))
def test_a_strike_s_value_alone_is_the_one_worked_out_with_both(attacker, struck, neighbour, closed, wounds,
                                                                  defending, focus):
    """ai.evaluate.strike_ev works out only the aimed value (none unaimed where focus is not 0): it is
    strike_ev_both's; with focus 0 the two values are one, and the unaimed value does not depend on focus."""
    cards = [(attacker, 0, 12), (struck, 1, 17)]
    if neighbour is not None:
        cards.append((neighbour[0], neighbour[1], 16))
    C, S, slots = position(cards)
    a, t = slots[0], slots[1]
    S[0, t * NCF + CLOSED] = int(closed)
    S[0, t * NCF + WOUNDS] = min(wounds, max(int(S[0, t * NCF + LIFE_MAX]) - 1, 0))
    unaimed, aimed = strike_ev_both(C, S, 0, a, t, defending, focus)
    assert strike_ev(C, S, 0, a, t, defending, focus) == aimed
    assert strike_ev_both(C, S, 0, a, t, defending, 0.0) == (unaimed, unaimed)


@pytest.mark.xfail(strict=True, reason="known: strike_wounds3 leaves out Уордак's half-life bonus to its "
                   "strong strike (rules.combat.resolve_strike adds it); fix it with a new AI_VERSION")
def test_uordaks_strong_strike_is_predicted_with_its_half_life_bonus():
    C, S, (a, t) = position([("Уордак", 0, 12), ("Альхенгард", 1, 17)], log_capacity=256)
    predicted = strike_wounds3(C, S, 0, a, t, False, False, False, True)[2]
    resolve_strike(C, S, 0, a, t, t, 3, MISS)
    assert dealt(S, t, a) == predicted
