"""docs/RULES.md section 3 (setup), one test per clause, each on both engines: the fast engine's setup
kernels (simcore.kernels.rules.setup, ai.squad's deal and placement, game.setup) and the reference
engine (simcore.reference.game). The expected values are the rule's own numbers, not the engines'
agreement. Where a clause depends on chance the dice are forced (the roll-off), and where it depends on
the shuffle the decks are built so that every order deals the same cards (a deck of the deal's size,
or of copies of one card) or the test picks its cards from what was dealt."""
from collections import Counter

import numpy as np
import pytest

from decks import load_cardset
from simcore.kernels.ai.search import new_scratch
from simcore.kernels.ai.squad import deal_hand, place_squad
from simcore.kernels.cardtable import compile_cardset
from simcore.kernels.game import setup
from simcore.kernels.rng import STREAM_SHUFFLE
from simcore.kernels.rules.setup import (
    buy,
    element_penalty,
    fits,
    give_crystals,
    init_game,
    open_level,
    pay_squad,
    placement_open,
    shuffle_and_deal,
    squad_totals,
)
from simcore.kernels.state import (
    CELL,
    DICE0,
    ERR_DICE_EXHAUSTED,
    G_BOARD,
    G_DICE_N,
    G_DICE_USED,
    G_DRAWS,
    G_ERROR,
    G_FIRST,
    G_GOLD,
    G_MULLIGANS,
    G_SILVER,
    GAME0,
    MAX_DECK,
    NCF,
    Z_AUX,
    Z_DEALT,
    Z_DECK,
    Z_FIELD,
    Z_SQUAD,
    ZONE,
    new_state,
    set_params,
)
from simcore.reference.board import Disagreement
from simcore.reference.game import Game
from simcore.ruleset import SETTINGS, ruleset_params

CARDS = load_cardset()
C = compile_cardset(CARDS).stats
SEED = 7
DEAL = 15
NOMAD = "Кочевник"                  # steppe, 3, ordinary ground creature
MINOTAUR = "Минотавр"               # steppe, 9, elite
LESHY, IZHOR, GNOME = "Леший", "Ижор", "Овражный гном"      # forest 3, swamps 3, mountains 3 (ordinary)
RAPHAEL = "Рафаэль"                 # neutral, 5, ordinary
RIMAANDY = "Римаанды"               # swamps, 3, ordinary flyer
# five elements, six copies each: whatever the deal, no element fills two thirds of the budget, so the
# greedy pilot always wants a mulligan
MIXED = [NOMAD, GNOME, LESHY, IZHOR, "Вампир"] * 6


def _ids(names):
    return [CARDS.index(n) for n in names]


def _rules(ruleset, first, overrides=None):
    params = ruleset_params(ruleset, overrides or {}, ("greedy", "greedy"), first)
    return params, {name: int(params[i]) for name, i in SETTINGS.items()}


# ---- the fast engine ------------------------------------------------------------------------------------
def fast(deck0, deck1=(NOMAD,) * 30, ruleset="classic", first=0, dice=None, overrides=None):
    """A fresh fast-engine game row of the two decks (card names), before setup."""
    params, _ = _rules(ruleset, first, overrides)
    decks = np.full((2, MAX_DECK), -1, np.int64)
    sizes = np.zeros(2, np.int64)
    for p, names in enumerate((deck0, deck1)):
        decks[p, :len(names)] = _ids(names)
        sizes[p] = len(names)
    S = new_state(1, 4096)
    set_params(S, params)
    init_game(C, S, 0, decks, sizes, np.uint64(SEED), 0)
    if dice is not None:
        S[0, DICE0:DICE0 + len(dice)] = dice
        S[0, GAME0 + G_DICE_N] = len(dice)
    return S


def fast_zone(S, slot):
    return int(S[0, slot * NCF + ZONE])


def fast_crystals(S):
    return [int(x) for x in S[0, GAME0 + G_GOLD:GAME0 + G_GOLD + 2]], \
        [int(x) for x in S[0, GAME0 + G_SILVER:GAME0 + G_SILVER + 2]]


def fast_deal(S, p):
    """Deal player p his cards (no mulligan); the slots dealt."""
    shuffle_and_deal(S, 0, p, DEAL)
    return [p * MAX_DECK + i for i in range(MAX_DECK) if fast_zone(S, p * MAX_DECK + i) == Z_DEALT]


def fast_fits(S, p, slot):
    """May player p add dealt card `slot` to the squad he has bought so far?"""
    return bool(fits(C, S, 0, p, *squad_totals(C, S, 0, p), slot))


def fast_open_cells(S, p):
    lvl = open_level(C, S, 0, p)
    return {c for c in range(30) if placement_open(C, S, 0, p, c, lvl)}


# ---- the reference engine -------------------------------------------------------------------------------
class Choices:
    """A player's setup choices, scripted: mulligans wanted (a number, or True for every one), the slots
    bought in order, the (slot, cell) placements in order."""

    def __init__(self, mulligans=(0, 0), buys=((), ()), places=((), ())):
        self.mulligans = list(mulligans)
        self.buys = [list(b) for b in buys]
        self.places = [list(x) for x in places]

    def mulligan(self, p):
        if self.mulligans[p] is True:
            return True
        self.mulligans[p] -= 1
        return self.mulligans[p] >= 0

    def buy(self, p):
        return self.buys[p].pop(0) if self.buys[p] else -1

    def place(self, p):
        return self.places[p].pop(0)

    def done(self):
        pass


def ref(deck0, deck1=(NOMAD,) * 30, ruleset="classic", first=0, choices=None, overrides=None):
    """A fresh reference game of the two decks (card names), before setup."""
    _, rules = _rules(ruleset, first, overrides)
    rules["first"] = first
    return Game(CARDS, [_ids(deck0), _ids(deck1)], rules, SEED, 0, choices or Choices())


def ref_deal(g, p):
    """Deal player p his cards (no mulligan); the slots dealt."""
    g.shuffle_and_deal(p)
    return [c.slot for c in g.deck(p) if c.zone == "deal"]


def ref_buy(g, p, slot):
    """Buy a dealt card as setup does, after checking the purchase is allowed."""
    assert g.buy_error(p, slot) is None, g.buy_error(p, slot)
    c = g.card_at(slot)
    c.zone, c.bought = "squad", True


def ref_open_cells(g, p):
    return {c for c in range(30) if g.placement_allowed(p, c)}


def _slot_of(names, name, p=0, nth=0):
    return p * MAX_DECK + [i for i, n in enumerate(names) if n == name][nth]


# ---- first player ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dice, first", [([6, 1], 0), ([2, 5], 1), ([3, 3, 2, 5], 1), ([4, 4, 1, 1, 6, 2], 0)],
                         ids=["player 1 rolls higher", "player 2 rolls higher", "a tie re-rolled",
                              "two ties re-rolled"])
def test_3_first_player_by_a_d6_roll_off_re_rolled_on_a_tie(dice, first):
    """Each player rolls a d6 (player 1 first), the higher roll moves first, and a tie is rolled again:
    with the dice forced, both engines pick the expected player and roll exactly the dice given."""
    S = fast([NOMAD] * 30, first=-1, dice=dice)
    setup(C, S, 0, new_scratch())
    assert S[0, GAME0 + G_ERROR] == 0                       # no die asked for beyond the forced ones
    assert (int(S[0, GAME0 + G_FIRST]), int(S[0, GAME0 + G_DICE_USED])) == (first, len(dice))

    g = ref([NOMAD] * 30, first=-1)
    left = list(dice)
    g.streams.d6 = lambda: left.pop(0)
    g.setup()
    assert (g.first, left) == (first, [])


def test_3_a_roll_off_whose_forced_dice_run_out_on_ties_stops_with_the_dice_error():
    """Forced dice that only tie (3, 3, then none left) cannot decide the roll-off: the game stops with
    the exhausted-dice error instead of rolling again for ever."""
    S = fast([NOMAD] * 30, first=-1, dice=[3, 3])
    setup(C, S, 0, new_scratch())
    assert S[0, GAME0 + G_ERROR] == ERR_DICE_EXHAUSTED
    assert S[0, GAME0 + G_DICE_USED] == 2


# ---- crystals -------------------------------------------------------------------------------------------
def _crystals_both_engines(ruleset, first):
    S = fast([NOMAD] * 30, ruleset=ruleset, first=first)
    give_crystals(C, S, 0, first)
    g = ref([NOMAD] * 30, ruleset=ruleset, first=first)
    g.setup()                                # nothing bought: the crystals are those given
    assert (g.gold, g.silver) == fast_crystals(S)
    second = 1 - first
    return (g.gold[first], g.silver[first]), (g.gold[second], g.silver[second])


@pytest.mark.parametrize("first", [0, 1], ids=["player 1 first", "player 2 first"])
def test_3_crystals_classic_23_gold_22_silver_each_the_second_player_1_silver_more(first):
    """classic: 23 gold + 22 silver for the first player, 23 + 23 for the second, whichever seat moves
    first (both engines)."""
    assert _crystals_both_engines("classic", first) == ((23, 22), (23, 23))


@pytest.mark.parametrize("first", [0, 1], ids=["player 1 first", "player 2 first"])
def test_3_crystals_modern_24_22_for_the_first_player_25_23_for_the_second(first):
    """modern: 24 gold/22 silver for the first player, 25/23 for the second (both engines)."""
    assert _crystals_both_engines("modern", first) == ((24, 22), (25, 23))


# ---- the deal and the mulligan --------------------------------------------------------------------------
def test_3_deal_15_cards_after_a_shuffle_of_the_whole_deck():
    """15 cards are dealt from a shuffled deck of 30: a Fisher-Yates shuffle of the whole deck takes
    29 draws of the player's shuffle stream (both engines), the rest stays in the deck."""
    S = fast(MIXED)
    dealt = fast_deal(S, 0)
    assert len(dealt) == DEAL and int(S[0, GAME0 + G_DRAWS + STREAM_SHUFFLE]) == 29
    assert sum(fast_zone(S, s) == Z_DECK for s in range(30)) == 15
    g = ref(MIXED)
    assert len(ref_deal(g, 0)) == DEAL and g.streams.draws[STREAM_SHUFFLE] == 29
    assert Counter(c.zone for c in g.deck(0)) == {"deal": 15, "deck": 15}


def test_3_mulligan_costs_1_gold_and_at_most_3_are_taken():
    """A player who wants every mulligan takes 3 (each a new shuffle of the whole deck and a new deal
    of 15) and pays 1 gold for each: the fast engine's greedy pilot stops at 3, the reference refuses a
    4th."""
    S = fast(MIXED)
    give_crystals(C, S, 0, 0)
    deal_hand(C, S, 0, 0)                       # greedy wants a mulligan with every deal of MIXED
    assert int(S[0, GAME0 + G_MULLIGANS]) == 3
    assert fast_crystals(S)[0][0] == 23 - 3
    assert int(S[0, GAME0 + G_DRAWS + STREAM_SHUFFLE]) == 4 * 29
    assert sum(fast_zone(S, s) == Z_DEALT for s in range(30)) == DEAL

    g = ref(MIXED, choices=Choices(mulligans=(True, 0)))
    with pytest.raises(Disagreement, match="player 1 took a mulligan that is not allowed"):
        g.setup()
    assert (g.mulligans[0], g.gold[0], g.streams.draws[STREAM_SHUFFLE]) == (3, 23 - 3, 4 * 29)
    assert sum(c.zone == "deal" for c in g.deck(0)) == DEAL


def test_3_mulligan_needs_the_gold_to_pay_for_it():
    """With 2 gold a player takes 2 mulligans, not 3: the mulligan is paid in gold, and silver does
    not pay for it."""
    rules = {"gold_first": 2, "silver_first": 60}
    S = fast(MIXED, overrides=rules)
    give_crystals(C, S, 0, 0)
    deal_hand(C, S, 0, 0)
    assert (int(S[0, GAME0 + G_MULLIGANS]), fast_crystals(S)[0][0], fast_crystals(S)[1][0]) == (2, 0, 60)

    g = ref(MIXED, choices=Choices(mulligans=(True, 0)), overrides=rules)
    with pytest.raises(Disagreement, match="player 1 took a mulligan that is not allowed"):
        g.setup()
    assert (g.mulligans[0], g.gold[0], g.silver[0]) == (2, 0, 60)


# ---- the squad ------------------------------------------------------------------------------------------
SQUAD_DECK = [MINOTAUR, NOMAD, NOMAD, LESHY, IZHOR, RAPHAEL, RIMAANDY, RIMAANDY, RIMAANDY, RIMAANDY,
              RIMAANDY, RIMAANDY, GNOME, GNOME, GNOME]        # 15 cards: the whole deck is dealt


def _squad_games(gold, silver):
    """Both engines with SQUAD_DECK dealt to player 1 (who moves first) holding these crystals."""
    rules = {"gold_first": gold, "silver_first": silver}
    S = fast(SQUAD_DECK, overrides=rules)
    give_crystals(C, S, 0, 0)
    assert len(fast_deal(S, 0)) == DEAL
    g = ref(SQUAD_DECK, overrides=rules)
    g.gold, g.silver = [gold, 23], [silver, 23]
    assert len(ref_deal(g, 0)) == DEAL
    return S, g


def test_3_squad_elite_cards_are_paid_in_gold_only():
    """An elite card of cost 9 cannot be bought with 8 gold and 22 silver, but can with 9 gold; an
    ordinary card of cost 3 can be bought with silver alone (both engines). Paid: the elite card's 9
    from gold, the ordinary card's 3 from silver."""
    minotaur, nomad = _slot_of(SQUAD_DECK, MINOTAUR), _slot_of(SQUAD_DECK, NOMAD)
    S, g = _squad_games(8, 22)
    assert not fast_fits(S, 0, minotaur) and fast_fits(S, 0, nomad)
    assert g.buy_error(0, minotaur) == "not enough gold" and g.buy_error(0, nomad) is None
    S, g = _squad_games(0, 3)
    assert fast_fits(S, 0, nomad) and g.buy_error(0, nomad) is None

    S, g = _squad_games(9, 22)
    for slot in (minotaur, nomad):
        assert fast_fits(S, 0, slot)
        buy(C, S, 0, 0, slot)
        ref_buy(g, 0, slot)
    pay_squad(C, S, 0, 0)
    g.pay_squad(0)
    assert [x[0] for x in fast_crystals(S)] == [0, 22 - 3] == [g.gold[0], g.silver[0]]


def test_3_squad_ordinary_cards_take_silver_first_then_gold():
    """Two ordinary cards of cost 3 with 9 gold and 4 silver: 4 silver and 2 gold are paid."""
    S, g = _squad_games(9, 4)
    for slot in (_slot_of(SQUAD_DECK, NOMAD), _slot_of(SQUAD_DECK, NOMAD, nth=1)):
        buy(C, S, 0, 0, slot)
        ref_buy(g, 0, slot)
    pay_squad(C, S, 0, 0)
    g.pay_squad(0)
    assert [x[0] for x in fast_crystals(S)] == [9 - 2, 0] == [g.gold[0], g.silver[0]]


def test_3_squad_each_element_beyond_the_first_costs_1_gold():
    """Steppe, forest and swamps cards and a neutral one: 2 gold for the two elements beyond the first
    (neutral does not count), paid in gold even though silver pays for the cards; the same 2 gold
    keep the elite card of cost 9 out of reach of 10 gold (9 + 2 > 10)."""
    assert [int(element_penalty(fast([NOMAD] * 30), 0, mask)) for mask in (0, 1, 0b11, 0b10101)] == [0, 0, 1, 2]
    squad = [_slot_of(SQUAD_DECK, n) for n in (NOMAD, LESHY, IZHOR, RAPHAEL)]
    S, g = _squad_games(10, 22)
    for slot in squad:
        buy(C, S, 0, 0, slot)
        ref_buy(g, 0, slot)
    minotaur = _slot_of(SQUAD_DECK, MINOTAUR)
    assert not fast_fits(S, 0, minotaur) and g.buy_error(0, minotaur) == "not enough gold"
    pay_squad(C, S, 0, 0)
    g.pay_squad(0)
    assert [x[0] for x in fast_crystals(S)] == [10 - 2, 22 - 14] == [g.gold[0], g.silver[0]]


def test_3_squad_flyers_cost_at_most_15_crystals_in_total():
    """Five flyers of cost 3 (15 crystals) may be bought, a sixth (18) may not, with crystals to spare."""
    S, g = _squad_games(23, 22)
    flyers = [_slot_of(SQUAD_DECK, RIMAANDY, nth=k) for k in range(6)]
    for slot in flyers[:5]:
        assert fast_fits(S, 0, slot)
        buy(C, S, 0, 0, slot)
        ref_buy(g, 0, slot)
    assert not fast_fits(S, 0, flyers[5]) and g.buy_error(0, flyers[5]) == "flyers over the cap"
    assert fast_fits(S, 0, _slot_of(SQUAD_DECK, GNOME)) and g.buy_error(0, _slot_of(SQUAD_DECK, GNOME)) is None


def test_3_squad_cards_not_bought_go_back_into_the_deck():
    """Of 15 cards dealt from 30, the 2 bought form the squad and the 13 others go back into the deck
    when the squad is paid: none is left dealt (both engines)."""
    S = fast(MIXED)
    give_crystals(C, S, 0, 0)
    g = ref(MIXED)
    g.gold, g.silver = [23, 23], [22, 23]
    dealt = fast_deal(S, 0)
    ref_dealt = ref_deal(g, 0)
    for slot in dealt[:2]:
        buy(C, S, 0, 0, slot)
    for slot in ref_dealt[:2]:
        ref_buy(g, 0, slot)
    pay_squad(C, S, 0, 0)
    g.pay_squad(0)
    assert Counter(fast_zone(S, s) for s in range(30)) == {Z_SQUAD: 2, Z_DECK: 28}
    assert {fast_zone(S, s) for s in dealt[2:]} == {Z_DECK}
    assert Counter(c.zone for c in g.deck(0)) == {"squad": 2, "deck": 28}
    assert {g.card_at(s).zone for s in ref_dealt[2:]} == {"deck"}


# ---- placement ------------------------------------------------------------------------------------------
ROWS = {0: set(range(15)), 1: set(range(15, 30))}        # player 1: rows 1-3, player 2: rows 4-6


@pytest.mark.parametrize("p", [0, 1])
def test_3_placement_on_empty_cells_of_the_owner_s_three_rows(p):
    """classic: a ground creature may be placed on any empty cell of its owner's three rows and on no
    other cell, edges of the front row included (no placement levels; both engines)."""
    S = fast([NOMAD] * 30)
    S[0, GAME0 + G_FIRST] = 0
    g = ref([NOMAD] * 30)
    assert fast_open_cells(S, p) == ROWS[p] == ref_open_cells(g, p)
    taken = min(ROWS[p]) + 7
    S[0, GAME0 + G_BOARD + taken] = p * MAX_DECK
    g.board[taken] = g.card_at(p * MAX_DECK)
    assert fast_open_cells(S, p) == ROWS[p] - {taken} == ref_open_cells(g, p)


def test_3_placement_flyers_go_to_the_auxiliary_zone():
    """A squad of a flyer and a ground creature: the flyer enters the auxiliary zone, the creature a
    cell of its owner's rows (the fast engine's placement; the reference's setup with the creature's
    placement scripted)."""
    deck = [RIMAANDY, NOMAD] + [GNOME] * 13
    S = fast(deck)
    give_crystals(C, S, 0, 0)
    fast_deal(S, 0)
    for slot in (0, 1):
        buy(C, S, 0, 0, slot)
    pay_squad(C, S, 0, 0)
    place_squad(C, S, 0, 0)
    assert fast_zone(S, 0) == Z_AUX and int(S[0, CELL]) == -1
    assert fast_zone(S, 1) == Z_FIELD and int(S[0, NCF + CELL]) in ROWS[0]

    g = ref(deck, choices=Choices(buys=([0, 1], []), places=([(1, 7)], [])))
    g.setup()
    assert (g.card_at(0).zone, g.card_at(1).zone, g.card_at(1).cell) == ("aux", "field", 7)


def _cells(names):
    return {(int(n[1]) - 1) * 5 + "abcde".index(n[0]) for n in names.split()}


# the levels of docs/RULES.md section 3 for player 1 (rows 1-3, row 3 his front) and player 2 (rows 4-6,
# row 4 his front), as the first and as the second player
LEVELS = {
    (0, "first"): [_cells("b1 c1 d1 b2 c2 d2 b3 c3 d3"), _cells("a1 e1 a2 e2"), _cells("a3 e3")],
    (1, "first"): [_cells("b4 c4 d4 b5 c5 d5 b6 c6 d6"), _cells("a5 e5 a6 e6"), _cells("a4 e4")],
    (0, "second"): [_cells("a3 b3 c3 d3 e3 b1 c1 d1 b2 c2 d2"), _cells("a1 e1 a2 e2")],
    (1, "second"): [_cells("a4 b4 c4 d4 e4 b5 c5 d5 b6 c6 d6"), _cells("a5 e5 a6 e6")],
}


@pytest.mark.parametrize("p, seat", list(LEVELS), ids=[f"player {p + 1} {seat}" for p, seat in LEVELS])
def test_3_placement_levels_of_the_modern_ruleset(p, seat):
    """modern (`placement_levels`): the first player fills the 9 central cells first, then the back and
    middle edges, then the front edges; the second player his front row and the 6 central cells of his
    middle and back rows first, then the 4 remaining edges. Filling each level opens the next, and
    only it (both engines)."""
    first = p if seat == "first" else 1 - p
    S = fast([NOMAD] * 30, ruleset="modern", first=first)
    S[0, GAME0 + G_FIRST] = first
    g = ref([NOMAD] * 30, ruleset="modern", first=first)
    g.first = first
    assert sum(map(len, LEVELS[(p, seat)])) == 15
    for level in LEVELS[(p, seat)]:
        assert fast_open_cells(S, p) == level == ref_open_cells(g, p)
        for cell in level:
            S[0, GAME0 + G_BOARD + cell] = p * MAX_DECK
            g.board[cell] = g.card_at(p * MAX_DECK)
    assert fast_open_cells(S, p) == set() == ref_open_cells(g, p)

