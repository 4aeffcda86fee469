"""Set-1 neutral cards of Ревнитель Сеггера (on_strike stone_skin at `left_right_own`,
amount_of `strike_value`) and Ведающий запасами (`free_if_squad_costs`), the first as a scenario with
forced dice through the real engine (greedy policy on both seats), the second on the squad totals of
the fast engine and the reference engine.

Expected values are worked out by hand from docs/RULES.md section 5 (the dice table: A=6 D=1 is a strong
strike) and the printed stats in set1.toml. Кочевник: steppe, 3 ordinary, life 8, strike 1-2-3.
"""
import numpy as np
import pytest
from scenario_util import card, play

from decks import load_cardset
from decks.registry import Effect
from simcore.kernels.cardtable import compile_cardset
from simcore.kernels.rules.setup import fits, init_game, pay_squad, squad_totals
from simcore.kernels.state import (
    G_GOLD,
    G_SILVER,
    GAME0,
    MAX_DECK,
    NCF,
    PARAM0,
    PR_DEAL,
    Z_SQUAD,
    ZONE,
    new_state,
)
from simcore.reference.game import Game

STONE = 26          # the stone skin's bits in the `acquired` field of a scenario result


def c(result, label):
    return result["cards"][label]


def attack(att, tgt):
    return f'{{ do = "attack", card = "{att}", target = "{tgt}", exchange = "keep" }}'


# ---- 1-192 Ревнитель Сеггера: on strike, protection of X for the creatures beside it ------------------
def test_1_192_zealot_gives_its_strike_value_as_protection_left_and_right(tmp_path):
    """Ревнитель Сеггера (c3) strikes Кочевник k (A=6 D=1: strong 3 wounds). Its owner chooses X = 3 (the
    strike's value): his Кочевники on b3 and d3 get -3 from non-magic attacks, the one on a3 (not beside
    it) and the enemy card on e3 nothing. In player 2's turn Кочевник o strikes the one on b3 (A=6 D=1,
    strong 3 - 3 = 0 wounds); at the end of that turn the protection is gone."""
    cards = [card("r", "Ревнитель Сеггера", 1, "c3"), card("a", "Кочевник", 1, "b3"),
             card("b", "Кочевник", 1, "d3"), card("f", "Кочевник", 1, "a3"),
             card("k", "Кочевник", 2, "c4"), card("o", "Кочевник", 2, "b4"), card("e", "Кочевник", 2, "e3")]
    acts = ('active_player = 1\ndice = [6, 1, 6, 1]\nactions = [' + attack("r", "k") + ', { do = "end_turn" }, '
            + attack("o", "a"))
    r = play(tmp_path, acts + "]\n", cards)
    assert c(r, "k")["wounds"] == 3
    assert c(r, "a")["wounds"] == 0 and c(r, "b")["wounds"] == 0
    assert c(r, "a")["acquired"] >> STONE == 3 and c(r, "b")["acquired"] >> STONE == 3
    assert c(r, "f")["acquired"] >> STONE == 0 and c(r, "e")["acquired"] >> STONE == 0
    r = play(tmp_path, acts + ', { do = "end_turn" }]\n', cards)
    assert c(r, "a")["acquired"] >> STONE == 0 and c(r, "b")["acquired"] >> STONE == 0


def test_1_192_zealot_gives_nothing_on_a_miss(tmp_path):
    """A=1 D=6 is a miss: no strike, so no protection for its neighbours."""
    cards = [card("r", "Ревнитель Сеггера", 1, "c3"), card("a", "Кочевник", 1, "b3"),
             card("k", "Кочевник", 2, "c4")]
    r = play(tmp_path, 'active_player = 1\ndice = [1, 6]\nactions = [' + attack("r", "k") + "]\n", cards)
    assert c(r, "k")["wounds"] == 0 and c(r, "a")["acquired"] >> STONE == 0


# ---- 1-172 Ведающий запасами: recruited for free when the squad has cards costing 3 to 8 ----------------
def _ordinary_by_cost(cs, costs):
    """One ordinary, non-unique set-1 card name of each cost."""
    out = {}
    for card_ in cs.cards:
        if not card_.elite and not card_.unique and card_.cost in costs and card_.cost not in out:
            out[card_.cost] = card_.name
    return [out[k] for k in costs]


def _squad(cs, names):
    """A fast-engine game whose player 1 has `names` in his squad (deal order), and the reference game."""
    C = compile_cardset(cs).stats
    decks = np.full((2, MAX_DECK), cs.index("Кочевник"), np.int64)
    for i, n in enumerate(names):
        decks[0, i] = cs.index(n)
    S = new_state(1)
    init_game(C, S, 0, decks, np.array([30, 30], np.int64), np.uint64(1), 0)
    S[0, PARAM0 + PR_DEAL] = 15
    for i in range(len(names)):
        S[0, i * NCF + ZONE] = Z_SQUAD
    return C, S


def _reference_price(cs, names):
    class Printed:          # the reference engine's squad price reads card.printed only
        def __init__(self, card_):
            self.printed = card_
    return Game.squad_price(None, [Printed(cs.get(n)) for n in names])


def test_1_172_keeper_is_free_when_the_squad_has_cards_costing_3_to_8():
    """Ведающий запасами (4 ordinary) with other cards costing 3, 4, 5, 6, 7 and 8: the squad's ordinary
    cost leaves it out (3+4+5+6+7+8 = 33), in both engines; without the card of cost 8 it is paid."""
    cs = load_cardset()
    others = _ordinary_by_cost(cs, [3, 4, 5, 6, 7, 8])
    C, S = _squad(cs, ["Ведающий запасами"] + others)
    assert squad_totals(C, S, 0, 0)[1] == 33
    assert _reference_price(cs, ["Ведающий запасами"] + others)[1] == 33
    C, S = _squad(cs, ["Ведающий запасами"] + others[:-1])
    assert squad_totals(C, S, 0, 0)[1] == 25 + 4
    assert _reference_price(cs, ["Ведающий запасами"] + others[:-1])[1] == 29
    # its own cost 4 does not count: with only it as the card of cost 4 it is paid
    C, S = _squad(cs, ["Ведающий запасами"] + [others[0]] + others[2:])
    assert squad_totals(C, S, 0, 0)[1] == 3 + 5 + 6 + 7 + 8 + 4


def test_1_172_keeper_fits_for_free_and_is_not_paid():
    """With 0 gold and 33 silver the squad 3..8 can take Ведающий запасами (free) but not another
    Кочевник (3 more); paying leaves 0 silver."""
    cs = load_cardset()
    others = _ordinary_by_cost(cs, [3, 4, 5, 6, 7, 8])
    C, S = _squad(cs, others + ["Ведающий запасами", "Кочевник"])
    keeper, nomad = len(others), len(others) + 1
    S[0, keeper * NCF + ZONE] = 0
    S[0, nomad * NCF + ZONE] = 0
    S[0, GAME0 + G_GOLD] = 0
    S[0, GAME0 + G_SILVER] = 33
    totals = squad_totals(C, S, 0, 0)
    assert fits(C, S, 0, 0, *totals, keeper)
    assert not fits(C, S, 0, 0, *totals, nomad)
    S[0, keeper * NCF + ZONE] = Z_SQUAD
    pay_squad(C, S, 0, 0)
    assert S[0, GAME0 + G_SILVER] == 0 and S[0, GAME0 + G_GOLD] == 0


# ---- whole games: the neutral deck with both cards, under both policies ----------------------------------
@pytest.mark.parametrize("ais", [("greedy", "greedy"), ("random", "random")])
def test_neutral_deck_plays_whole_games_with_the_zealots_protection(ais):
    """neutral.txt (Ревнитель Сеггера, Ведающий запасами) against neutral_mercenaries.txt: 40 logged games
    end without an engine error, and Ревнитель Сеггера's protection is given (the only stone skin in
    these decks)."""
    from conftest import LISTS
    from scenario_util import logged_games

    from simcore.kernels.rules import log as L

    ev = logged_games(LISTS / "neutral.txt", LISTS / "neutral_mercenaries.txt", ais, 40, 7)
    assert ((ev[:, 0] == L.EV_ABILITY) & (ev[:, 4] == Effect.STONE_SKIN)).sum() > 0
