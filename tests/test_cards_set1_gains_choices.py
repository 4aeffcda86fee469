"""Set-1 cards played with the temporary gains (attack_experience, ranged_bonus, range_bonus,
gain_directed; duration end_of_own_turn), the own_front_row / own_back_row conditions, triggered
abilities with a chosen target (chosen_enemy on death, chosen_adjacent with optional), `also`,
destroy_self and second_player_counters (VOCABULARY.md), each as a scenario with forced dice through the
real engine. Scenarios play both seats with the greedy policy.

Expected values are worked out by hand from docs/RULES.md section 5 and the printed stats in set1.toml.
Кочевник: steppe, 3 ordinary, life 8, strike 1-2-3, no abilities. Гаррид-лучник: shot 1-2-3 range 4.
"""
import numpy as np
import pytest
from scenario_util import DIRECTED, NO_COUNTER, card, play, roll, single_roll

from decks import load_cardset
from simcore.kernels.cardtable import compile_cardset
from simcore.kernels.rules.setup import enter_play, init_game
from simcore.kernels.state import COUNTERS, G_FIRST, GAME0, MAX_DECK, NCF, new_state
from simcore.scenario import ScenarioError


def c(result, label):
    return result["cards"][label]


# ---- 1-24 Посвященный Дзара: on_move range_bonus ------------------------------------------------------------
def test_1_24_dzar_initiate_moving_gives_plus_1_discharge_range(tmp_path):
    """Discharge 2-3-4 range 1: Кочевник on c4 is 2 cells away, out of range from c2. After a step
    b2 -> c2, range 2 until the end of the turn: die 6, strong discharge 4 wounds (magical, no armor)."""
    cards = [card("z", "Посвященный Дзара", 1, "b2"), card("k", "Кочевник", 2, "c4")]
    head = ('active_player = 1\ndice = [6]\nactions = [{ do = "move", card = "z", to = "c2" }, '
            '{ do = "ranged", card = "z", target = "k" }]\n')
    r = play(tmp_path, head, cards)
    assert single_roll(6, "strong") in r["events"]
    assert c(r, "k")["wounds"] == 4
    with pytest.raises(ScenarioError, match="range"):
        play(tmp_path, 'active_player = 1\ndice = [6]\nactions = [{ do = "ranged", card = "z", target = "k" }]\n',
             [card("z", "Посвященный Дзара", 1, "c2"), card("k", "Кочевник", 2, "c4")])


# ---- 1-56 Ном: directed_vs throw_user, on_death chosen_enemy ------------------------------------------------
def test_1_56_nom_corkscrew_on_death_wounds_a_chosen_ground_enemy(tmp_path):
    """Гаррид-лучник shoots Ном (flyer, 1 life left): die 1, weak 1: Ном dies. 'Corkscrew': its owner
    wounds a non-flying enemy creature by 3; the greedy owner picks the Кочевник with 3 life left (a
    kill, worth its cost 3) over the unwounded Гаррид-лучник (3 of 9 life of a 5-cost card); the enemy
    flyer Вилохвост (1 life left) may not be chosen."""
    cards = [card("n", "Ном", 1, "aux", wounds=6), card("x", "Кочевник", 1, "a1"),
             card("g", "Гаррид-лучник", 2, "e6"), card("k", "Кочевник", 2, "c5", wounds=5),
             card("f", "Вилохвост", 2, "aux", wounds=7)]
    r = play(tmp_path, 'active_player = 2\ndice = [1]\nactions = [{ do = "ranged", card = "g", target = "n" }]\n',
             cards)
    assert c(r, "n")["zone"] == "graveyard"
    assert c(r, "k")["zone"] == "graveyard"
    assert c(r, "g")["wounds"] == 0 and c(r, "f")["wounds"] == 7


def test_1_56_nom_directed_strike_vs_cards_with_a_throw(tmp_path):
    """Ном strikes Троллок (tap: throw 1-2-2); a defender may not take the strike over. At a Кочевник
    (no throw) the same defender may."""
    cards = [card("n", "Ном", 1, "aux"), card("t", "Троллок", 2, "c5"), card("d", "Кочевник", 2, "d5")]
    with pytest.raises(ScenarioError, match="directed strike"):
        play(tmp_path, 'active_player = 1\ndice = [4, 1]\nactions = [{ do = "attack", card = "n", target = "t", '
             'defender = "d", exchange = "keep" }]\n', cards)
    cards = [card("n", "Ном", 1, "aux"), card("t", "Кочевник", 2, "c5"), card("d", "Кочевник", 2, "d5")]
    r = play(tmp_path, 'active_player = 1\ndice = [4, 1]\nactions = [{ do = "attack", card = "n", target = "t", '
             'defender = "d", exchange = "keep" }]\n', cards)
    assert c(r, "d")["wounds"] == 3 and c(r, "t")["wounds"] == 0


# ---- 1-79 Бегущая по кронам: turn_start own_front_row / own_back_row -----------------------------------------
def test_1_79_treetop_runner_in_the_front_row_plus_1_to_shots(tmp_path):
    """Player 2 ends his turn; at the start of player 1's turn Бегущая по кронам stands in his front row
    (c3): +1 to shots until end of turn. Shot 1-2-2 at Кочевник on c6: die 6, strong 2 + 1 = 3. From the
    middle row (c2) the same shot deals 2."""
    head = ('active_player = 2\ndice = [6]\nactions = [{ do = "end_turn" }, '
            '{ do = "ranged", card = "b", target = "k" }]\n')
    r = play(tmp_path, head, [card("b", "Бегущая по кронам", 1, "c3"), card("k", "Кочевник", 2, "c6")])
    assert c(r, "k")["wounds"] == 3
    r = play(tmp_path, head, [card("b", "Бегущая по кронам", 1, "c2"), card("k", "Кочевник", 2, "c6")])
    assert c(r, "k")["wounds"] == 2


def test_1_79_treetop_runner_in_the_back_row_directed_strike_until_end_of_turn(tmp_path):
    """In player 1's back row (c1) at the start of his turn: directed strike until end of turn. It
    strikes the Кочевник on b1 and the defender on b2 may not take it over; from c2 it may."""
    head = ('active_player = 2\ndice = [4, 1]\nactions = [{ do = "end_turn" }, '
            '{ do = "attack", card = "b", target = "k", defender = "d", exchange = "keep" }]\n')
    with pytest.raises(ScenarioError, match=DIRECTED.split(" (")[0]):
        play(tmp_path, head, [card("b", "Бегущая по кронам", 1, "c1"), card("k", "Кочевник", 2, "b1"),
                              card("d", "Кочевник", 2, "b2")])
    r = play(tmp_path, head, [card("b", "Бегущая по кронам", 1, "c2"), card("k", "Кочевник", 2, "b2"),
                              card("d", "Кочевник", 2, "b3")])
    assert c(r, "d")["wounds"] == 3


# ---- 1-82 Клаэр: on_defend, duration end_of_own_turn ----------------------------------------------------------
def test_1_82_klaer_defending_gets_plus_2_strike_for_its_counter_strike(tmp_path):
    """Кочевник e (c4) strikes Кочевник k (c3); Клаэр (d3) defends and gets +2 strike and OvA 1 until
    the end of player 1's next turn. Dice 1, 6: A-D=-5, miss, medium counter-strike 2 + 2 = 4 wounds on
    e. A Кочевник defending in her place strikes back with 2."""
    head = ('active_player = 2\ndice = [1, 6]\nactions = [{ do = "attack", card = "e", target = "k", '
            'defender = "d", exchange = "keep" }]\n')
    r = play(tmp_path, head, [card("d", "Клаэр", 1, "d3"), card("k", "Кочевник", 1, "c3"),
                              card("e", "Кочевник", 2, "c4")])
    assert c(r, "e")["wounds"] == 4
    r = play(tmp_path, head, [card("d", "Кочевник", 1, "d3"), card("k", "Кочевник", 1, "c3"),
                              card("e", "Кочевник", 2, "c4")])
    assert c(r, "e")["wounds"] == 2


def test_1_82_klaer_gains_last_until_the_end_of_her_next_turn(tmp_path):
    """After defending (miss, medium counter-strike 4 on e), player 2 ends his turn; in player 1's turn
    Клаэр strikes the open Кочевник x: dice 3, 3: A = 3 + OvA 1 = 4, D = 3: weak 1 + 2 = 3 wounds."""
    defend = ('{ do = "attack", card = "e", target = "k", defender = "d", exchange = "keep" }, '
              '{ do = "end_turn" }, ')
    cards = [card("d", "Клаэр", 1, "d3"), card("k", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4"),
             card("x", "Кочевник", 2, "e4")]
    r = play(tmp_path, 'active_player = 2\ndice = [1, 6, 3, 3]\nactions = [' + defend
             + '{ do = "attack", card = "d", target = "x", exchange = "keep" }]\n', cards)
    assert roll(4, 3, "weak", NO_COUNTER) in r["events"]
    assert c(r, "e")["wounds"] == 4 and c(r, "x")["wounds"] == 3


def test_1_82_klaer_gains_end_with_her_owners_next_turn(tmp_path):
    """Defend, then player 2 and player 1 end their turns: the gains are gone. Player 2's Кочевник x
    (e4) strikes Клаэр: dice 1, 6: miss, medium counter-strike 2 (not 4)."""
    defend = ('{ do = "attack", card = "e", target = "k", defender = "d", exchange = "keep" }, '
              '{ do = "end_turn" }, { do = "end_turn" }, ')
    cards = [card("d", "Клаэр", 1, "d3"), card("k", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4"),
             card("x", "Кочевник", 2, "e4")]
    r = play(tmp_path, 'active_player = 2\ndice = [1, 6, 1, 6]\nactions = [' + defend
             + '{ do = "attack", card = "x", target = "d", exchange = "keep" }]\n', cards)
    assert c(r, "e")["wounds"] == 4
    assert c(r, "x")["wounds"] == 2


# ---- 1-91 Дикий целитель: while unwounded_allies_adjacent, on_move chosen_adjacent optional -------------------
def test_1_91_wild_healer_three_unwounded_allies_give_strike_and_ova(tmp_path):
    """Дикий целитель (c3, strike 2-2-4) with three unwounded Кочевники of its own around (b3, d3, c2):
    +1 strike and OvA 1. It strikes Кочевник c4: dice 4, 4: A=5, D=4: weak 2 + 1 = 3. With the c2
    Кочевник wounded: A=4, D=4: weak 2."""
    head = 'active_player = 1\ndice = [4, 4]\nactions = [{ do = "attack", card = "h", target = "k", exchange = "keep" }]\n'
    own = [card("h", "Дикий целитель", 1, "c3"), card("a", "Кочевник", 1, "b3"), card("b", "Кочевник", 1, "d3")]
    r = play(tmp_path, head, own + [card("x", "Кочевник", 1, "c2"), card("k", "Кочевник", 2, "c4")])
    assert roll(5, 4, "weak", NO_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 3
    r = play(tmp_path, head, own + [card("x", "Кочевник", 1, "c2", wounds=1), card("k", "Кочевник", 2, "c4")])
    assert roll(4, 4, "weak", NO_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 2


def test_1_91_wild_healer_may_heal_an_adjacent_creature_on_moving(tmp_path):
    """It steps a2 -> b2; the greedy owner heals its wounded Кочевник on b3 (3 -> 2 wounds), not the
    wounded enemy Кочевник on c3. With no wounded creature of its own around, it heals nobody."""
    head = 'active_player = 1\ndice = []\nactions = [{ do = "move", card = "h", to = "b2" }]\n'
    r = play(tmp_path, head, [card("h", "Дикий целитель", 1, "a2"), card("o", "Кочевник", 1, "b3", wounds=3),
                              card("e", "Кочевник", 2, "c3", wounds=3)])
    assert c(r, "o")["wounds"] == 2 and c(r, "e")["wounds"] == 3
    r = play(tmp_path, head, [card("h", "Дикий целитель", 1, "a2"), card("o", "Кочевник", 1, "b3"),
                              card("e", "Кочевник", 2, "c3", wounds=3)])
    assert c(r, "e")["wounds"] == 3


# ---- 1-107 Болотник: destroy_self, also, second_player_counters ---------------------------------------------------
def test_1_107_bog_dweller_poison_blast(tmp_path):
    """Counter + tap: Болотник (c3) destroys itself, then every enemy creature around its last cell takes
    1 wound and poison 1: Кочевники on c4 and d4. Its own Кочевник on b3 and the enemy on c5 (not
    adjacent) are untouched."""
    cards = [card("b", "Болотник", 1, "c3", counters=1), card("o", "Кочевник", 1, "b3"),
             card("k1", "Кочевник", 2, "c4"), card("k2", "Кочевник", 2, "d4"), card("k3", "Кочевник", 2, "c5")]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "b", ability = 1 }]\n', cards)
    assert c(r, "b")["zone"] == "graveyard"
    for k in ("k1", "k2"):
        assert (c(r, k)["wounds"], c(r, k)["poison"]) == (1, 1)
    assert (c(r, "o")["wounds"], c(r, "o")["poison"]) == (0, 0)
    assert (c(r, "k3")["wounds"], c(r, "k3")["poison"]) == (0, 0)


def test_1_107_bog_dweller_starts_battle_with_a_counter_as_second_player():
    """A card entering play at battle start gets its second_player_counters only when its owner is the
    second player."""
    cs = load_cardset()
    C = compile_cardset(cs).stats
    b = cs.index("Болотник")
    decks = np.full((2, MAX_DECK), b, np.int64)
    sizes = np.array([30, 30], np.int64)
    S = new_state(1)
    init_game(C, S, 0, decks, sizes, np.uint64(1), 0)
    S[0, GAME0 + G_FIRST] = 1
    enter_play(C, S, 0, 0, 0)                    # player 0 moves second
    enter_play(C, S, 0, MAX_DECK, 29)            # player 1 moves first
    assert S[0, 0 * NCF + COUNTERS] == 1
    assert S[0, MAX_DECK * NCF + COUNTERS] == 0
