"""Set-1 mountain cards of valhalla (the `valhalla` trigger, VOCABULARY.md readings),
Рагнар's valhalla_twice and first_strike_unanswered, Гном-басаарг's must_strike_closed, Ледовый
охотник's row_strike_middle_ova; each as a scenario with forced dice through the real engine (greedy
policy on both seats).

Expected values are worked out by hand from docs/RULES.md section 5 (the dice table) and the printed stats
in set1.toml. Кочевник: steppe, 3 ordinary, life 8, strike 1-2-3, no abilities.
"""
import numpy as np
import pytest
from scenario_util import NO_COUNTER, card, play, roll, single_roll

from decks import load_cardset
from decks.registry import Effect
from simcore.kernels.cardtable import compile_cardset
from simcore.kernels.rules.board import rebuild_play_lists
from simcore.kernels.rules.setup import enter_play, init_game
from simcore.kernels.rules.turn import A_END, A_MOVE, A_STRIKE, legal_actions
from simcore.kernels.state import (
    CELL,
    CLOSED,
    G_ACTIVE,
    G_BOARD,
    GAME0,
    MAX_ACTIONS,
    MAX_DECK,
    MOVES_LEFT,
    NCF,
    Z_FIELD,
    ZONE,
    new_state,
)
from simcore.scenario import ScenarioError

# player 2 ends his turn: player 1's turn starts, his graveyard's valhalla abilities fire
NEXT_TURN = '{ do = "end_turn" }'


def c(result, label):
    return result["cards"][label]


def head(dice, *actions):
    return f"active_player = 2\ndice = {list(dice)}\nactions = [{NEXT_TURN}{''.join(', ' + a for a in actions)}]\n"


def attack(att, tgt):
    return f'{{ do = "attack", card = "{att}", target = "{tgt}", exchange = "keep" }}'


# ---- 1-62 Костедробитель: valhalla strike_bonus --------------------------------------------------------
def test_valhalla_1_62_bonecrusher_gives_your_creature_plus_1_strike(tmp_path):
    """Костедробитель lies in player 1's graveyard. At the start of his turn its valhalla gives his only
    creature, Кочевник a, +1 strike until the end of the turn: A=6 D=1, strong 3 + 1 = 4 wounds."""
    cards = [card("v", "Костедробитель", 1, "graveyard"), card("a", "Кочевник", 1, "c3"),
             card("k", "Кочевник", 2, "c4")]
    r = play(tmp_path, head([6, 1], attack("a", "k")), cards)
    assert roll(6, 1, "strong", NO_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 4
    assert c(r, "v")["zone"] == "graveyard"          # it stays there: valhalla fires every turn


def test_valhalla_does_not_fire_from_the_battlefield_nor_for_the_opponent(tmp_path):
    """The same Костедробитель on the battlefield (not in the graveyard), or in player 2's graveyard,
    gives player 1's Кочевник nothing: strong 3 wounds."""
    for v in (card("v", "Костедробитель", 1, "a1"), card("v", "Костедробитель", 2, "graveyard")):
        cards = [v, card("a", "Кочевник", 1, "c3"), card("k", "Кочевник", 2, "c4")]
        r = play(tmp_path, head([6, 1], attack("a", "k")), cards)
        assert c(r, "k")["wounds"] == 3
        assert c(r, "a")["strike_bonus"] == 0


def test_valhalla_greedy_owner_picks_the_open_creature_with_the_strongest_strike(tmp_path):
    """Two creatures of player 1: Кочевник (medium strike 2) and Гобрах (medium 4); the greedy owner
    gives the +1 strike to Гобрах."""
    cards = [card("v", "Костедробитель", 1, "graveyard"), card("a", "Кочевник", 1, "a3"),
             card("b", "Гобрах", 1, "c3"), card("k", "Кочевник", 2, "e6")]
    r = play(tmp_path, head([]), cards)
    assert c(r, "b")["strike_bonus"] == 1 and c(r, "a")["strike_bonus"] == 0


# ---- 1-45 Ледовый охотник: valhalla OvA, row strike gives OvA to the card it strikes over -------------
def test_valhalla_1_45_ice_hunter_gives_your_creature_ova_1(tmp_path):
    """Ледовый охотник in the graveyard: Кочевник a gets OvA 1 until the end of the turn. Dice 3 and 1:
    A = 3 + 1 = 4, D = 1, A-D = +3: medium strike, no counter-strike, 2 wounds."""
    cards = [card("h", "Ледовый охотник", 1, "graveyard"), card("a", "Кочевник", 1, "c3"),
             card("k", "Кочевник", 2, "c4")]
    r = play(tmp_path, head([3, 1], attack("a", "k")), cards)
    assert roll(4, 1, "medium", NO_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 2


def test_1_45_ice_hunter_row_strike_gives_ova_1_to_the_creature_in_front(tmp_path):
    """Ледовый охотник (c1) strikes through a row at Кочевник k (c3) over its own Кочевник a (c2): die 6,
    2 wounds; a gains OvA 1 until the end of the turn, so its strike at k rolls A = 3 + 1 = 4 against
    D = 1: medium, 2 more wounds."""
    cards = [card("h", "Ледовый охотник", 1, "c1"), card("a", "Кочевник", 1, "c2"),
             card("k", "Кочевник", 2, "c3")]
    r = play(tmp_path, 'active_player = 1\ndice = [6, 3, 1]\nactions = [{ do = "ranged", card = "h", '
             'target = "k" }, ' + attack("a", "k") + "]\n", cards)
    assert single_roll(6, "strong") in r["events"]
    assert roll(4, 1, "medium", NO_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 4


# ---- 1-63 Рагнар: first_strike_unanswered, valhalla_twice ----------------------------------------------
def test_valhalla_1_63_ragnar_makes_your_creatures_first_strike_unanswered(tmp_path):
    """Рагнар in the graveyard: Кочевник a's first strike this turn is unanswered, only the attacker
    rolls (die 2: weak, 1 wound) although the target is open."""
    cards = [card("r", "Рагнар", 1, "graveyard"), card("a", "Кочевник", 1, "c3"),
             card("k", "Кочевник", 2, "c4")]
    r = play(tmp_path, head([2], attack("a", "k")), cards)
    assert single_roll(2, "weak") in r["events"]
    assert c(r, "k")["wounds"] == 1 and c(r, "a")["wounds"] == 0


def test_1_63_ragnar_in_play_doubles_the_first_valhalla_of_the_turn(tmp_path):
    """Рагнар in play, two Костедробители in the graveyard: the first valhalla fires twice, the second
    once: the greedy owner gives all three +1 strikes to Рагнар (medium 3 beats Кочевник's 2)."""
    cards = [card("v1", "Костедробитель", 1, "graveyard"), card("v2", "Костедробитель", 1, "graveyard"),
             card("r", "Рагнар", 1, "c3"), card("a", "Кочевник", 1, "a3"), card("k", "Кочевник", 2, "e6")]
    r = play(tmp_path, head([]), cards)
    assert c(r, "r")["strike_bonus"] == 3
    cards[2] = card("r", "Рагнар", 1, "graveyard")      # in the graveyard Рагнар doubles nothing
    r = play(tmp_path, head([]), cards)
    assert c(r, "a")["strike_bonus"] == 2


# ---- 1-53 Гном-басаарг: must_strike_closed, +1 and directed vs closed ---------------------------------
BASAARG = [card("b", "Гном-басаарг", 1, "c3"), card("k", "Кочевник", 2, "c4", closed=True),
           card("o", "Кочевник", 2, "d4")]


@pytest.mark.parametrize("action", ['{ do = "end_turn" }', '{ do = "move", card = "b", to = "b3" }',
                                    '{ do = "attack", card = "b", target = "o", exchange = "keep" }'])
def test_1_53_basaarg_must_strike_an_adjacent_closed_enemy_first(tmp_path, action):
    """Кочевник k (c4) is closed and adjacent: Гном-басаарг may not end the turn, move, or strike the open
    Кочевник o first."""
    with pytest.raises(ScenarioError, match="must_strike_closed"):
        play(tmp_path, f"active_player = 1\ndice = [6, 1]\nactions = [{action}]\n", BASAARG)


def test_1_53_basaarg_strikes_the_closed_enemy_plus_1(tmp_path):
    """Its strike at the closed Кочевник: only the attacker rolls, A = 5 + OvA 1 = 6: strong 4 + 1 (vs
    closed) = 5 wounds; then the turn may end."""
    r = play(tmp_path, 'active_player = 1\ndice = [5]\nactions = [' + attack("b", "k") + ', { do = "end_turn" }]\n',
             BASAARG)
    assert single_roll(6, "strong") in r["events"]
    assert c(r, "k")["wounds"] == 5


def _board(closed):
    """Player 1: Гном-басаарг on c3 (slot 0), Кочевник on a1 (slot 1); player 2: Кочевник on c4 (closed
    or not) and on d4."""
    cs = load_cardset()
    C = compile_cardset(cs).stats
    b, k = cs.index("Гном-басаарг"), cs.index("Кочевник")
    decks = np.full((2, MAX_DECK), k, np.int64)
    decks[0, 0] = b
    S = new_state(1)
    init_game(C, S, 0, decks, np.array([30, 30], np.int64), np.uint64(1), 0)
    for s, cell in ((0, 12), (1, 0), (MAX_DECK, 17), (MAX_DECK + 1, 18)):
        S[0, s * NCF + ZONE] = Z_FIELD
        S[0, s * NCF + CELL] = cell
        S[0, GAME0 + G_BOARD + cell] = s
        enter_play(C, S, 0, s, cell)
    S[0, MAX_DECK * NCF + CLOSED] = int(closed)
    rebuild_play_lists(S, 0)
    S[0, GAME0 + G_ACTIVE] = 0
    S[0, 0 * NCF + MOVES_LEFT] = S[0, 1 * NCF + MOVES_LEFT] = 1
    buf = np.zeros((MAX_ACTIONS, 3), np.int64)
    n = legal_actions(C, S, 0, buf)
    return {tuple(int(x) for x in buf[i]) for i in range(n)}


def test_1_53_basaarg_legal_actions_hold_only_the_forced_strike():
    """With the closed Кочевник (slot 50) in reach, Басаарг's only legal action is its strike at it, the
    turn cannot end, and the other Кочевник (slot 1) still acts; with it open, Басаарг moves and strikes
    either enemy and the turn may end."""
    forced = _board(True)
    assert (A_END, -1, -1) not in forced
    assert {a for a in forced if a[1] == 0} == {(A_STRIKE, 0, MAX_DECK)}
    assert any(a[1] == 1 for a in forced)
    free = _board(False)
    assert (A_END, -1, -1) in free
    assert {(A_STRIKE, 0, MAX_DECK), (A_STRIKE, 0, MAX_DECK + 1)} <= free
    assert any(a[0] == A_MOVE and a[1] == 0 for a in free)


def test_1_53_basaarg_free_when_no_closed_enemy_is_adjacent(tmp_path):
    """Without a closed enemy in reach it acts freely: it may end the turn."""
    cards = [card("b", "Гном-басаарг", 1, "c3"), card("o", "Кочевник", 2, "d4")]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "end_turn" }]\n', cards)
    assert r["active_player"] == 2


# ---- 1-59 Оборотень: turn_choice, valhalla heal with a class filter ------------------------------------
def test_1_59_werewolf_wounded_takes_regeneration_2(tmp_path):
    """Оборотень with 3 wounds: before player 1's turn the greedy owner takes regeneration 2 (2 wounds
    healed beat +2 strike and +1 move); it heals 2 at once."""
    cards = [card("w", "Оборотень", 1, "c3", wounds=3), card("k", "Кочевник", 2, "e6")]
    r = play(tmp_path, head([]), cards)
    assert c(r, "w")["wounds"] == 1
    assert "takes form 1" in " ".join(r["events"])


def test_1_59_werewolf_unwounded_takes_plus_2_strike_and_plus_1_move(tmp_path):
    """Unwounded, it takes +2 strike and +1 move: two steps a1 -> a2 -> a3 (move 1 + 1), then a strike at
    Кочевник on a4: A=6 D=1, strong 4 + 2 = 6 wounds."""
    cards = [card("w", "Оборотень", 1, "a1"), card("k", "Кочевник", 2, "a4")]
    r = play(tmp_path, head([6, 1], '{ do = "move", card = "w", to = "a2" }',
                            '{ do = "move", card = "w", to = "a3" }', attack("w", "k")), cards)
    assert c(r, "w")["cell"] == "a3"
    assert c(r, "k")["wounds"] == 6


def test_valhalla_1_59_werewolf_heals_only_a_yordling(tmp_path):
    """Оборотень in the graveyard heals a Yordling of player 1 (Ледовый охотник) by 1, not the more
    wounded Кочевник (no class)."""
    cards = [card("w", "Оборотень", 1, "graveyard"), card("h", "Ледовый охотник", 1, "a1", wounds=2),
             card("a", "Кочевник", 1, "c1", wounds=5), card("k", "Кочевник", 2, "e6")]
    r = play(tmp_path, head([]), cards)
    assert c(r, "h")["wounds"] == 1 and c(r, "a")["wounds"] == 5


# ---- 1-35 Гном-поджигатель: turn_start at the enemy opposite, +1 if it did not move -------------------
def test_1_35_fire_gnome_wounds_the_enemy_opposite_2_if_it_did_not_move(tmp_path):
    """Гном-поджигатель on c3, Кочевник on c4 (directly in front): at the start of player 1's turn,
    'unbearable heat' wounds it by 1 + 1 (it did not move in player 2's turn)."""
    cards = [card("f", "Гном-поджигатель", 1, "c3"), card("k", "Кочевник", 2, "c4"),
             card("o", "Кочевник", 2, "d4")]
    r = play(tmp_path, head([]), cards)
    assert c(r, "k")["wounds"] == 2 and c(r, "o")["wounds"] == 0


def test_1_35_fire_gnome_wounds_1_a_creature_that_moved(tmp_path):
    """The Кочевник stepped c5 -> c4 in player 2's turn: only 1 wound."""
    cards = [card("f", "Гном-поджигатель", 1, "c3"), card("k", "Кочевник", 2, "c5")]
    r = play(tmp_path, 'active_player = 2\ndice = []\nactions = [{ do = "move", card = "k", to = "c4" }, '
             f'{NEXT_TURN}]\n', cards)
    assert c(r, "k")["wounds"] == 1


# ---- 1-58 Молотобоец: on_strike push_or_wound, tap_gain directed ---------------------------------------
def test_1_58_hammerer_pushes_the_struck_creature_on(tmp_path):
    """Молотобоец (c3) strikes Кочевник (c4): A=6 D=1, strong 3 wounds; 'hammer blow': the greedy owner
    of the Кочевник lets it be pushed one cell on, to c5."""
    cards = [card("m", "Молотобоец", 1, "c3"), card("k", "Кочевник", 2, "c4")]
    r = play(tmp_path, 'active_player = 1\ndice = [6, 1]\nactions = [' + attack("m", "k") + "]\n", cards)
    assert c(r, "k")["wounds"] == 3 and c(r, "k")["cell"] == "c5"


def test_1_58_hammerer_wounds_2_when_the_creature_cannot_be_pushed(tmp_path):
    """The cell behind (c5) is taken: the Кочевник takes 2 more wounds (5) and stays on c4. Struck
    diagonally from b3, it is pushed on diagonally, to d5."""
    cards = [card("m", "Молотобоец", 1, "c3"), card("k", "Кочевник", 2, "c4"), card("o", "Кочевник", 2, "c5")]
    r = play(tmp_path, 'active_player = 1\ndice = [6, 1]\nactions = [' + attack("m", "k") + "]\n", cards)
    assert c(r, "k")["wounds"] == 5 and c(r, "k")["cell"] == "c4"
    cards = [card("m", "Молотобоец", 1, "b3"), card("k", "Кочевник", 2, "c4"), card("o", "Кочевник", 2, "c5")]
    r = play(tmp_path, 'active_player = 1\ndice = [6, 1]\nactions = [' + attack("m", "k") + "]\n", cards)
    assert c(r, "k")["wounds"] == 3 and c(r, "k")["cell"] == "d5"


# ---- 1-36 Ледяной змей: on_strike stone_skin on your magic user ----------------------------------------
def test_1_36_ice_serpent_stone_skin_until_the_end_of_the_opponents_turn(tmp_path):
    """Ледяной змей strikes Кочевник k (A=6 D=1: strong 3); 'stone skin': player 1's only magic user,
    Повелитель молний (discharge), gets -1 from non-magic attacks. In player 2's turn Кочевник o strikes
    it: A=6 D=1, strong 3 - 1 = 2 wounds; at the end of that turn the stone skin is gone."""
    cards = [card("s", "Ледяной змей", 1, "aux"), card("p", "Повелитель молний", 1, "a1"),
             card("n", "Кочевник", 1, "e1"), card("k", "Кочевник", 2, "c4"), card("o", "Кочевник", 2, "a2")]
    acts = ('active_player = 1\ndice = [6, 1, 6, 1]\nactions = [' + attack("s", "k") + ', { do = "end_turn" }, '
            + attack("o", "p"))
    r = play(tmp_path, acts + "]\n", cards)
    assert c(r, "k")["wounds"] == 3 and c(r, "p")["wounds"] == 2
    assert c(r, "p")["acquired"] >> 26 == 1 and c(r, "n")["acquired"] == 0
    r = play(tmp_path, acts + ', { do = "end_turn" }]\n', cards)
    assert c(r, "p")["acquired"] >> 26 == 0


# ---- 1-49 Центурион: counter+tap ram at the enemy opposite ---------------------------------------------
def test_1_49_centurion_ram_takes_x_wounds_and_deals_x_minus_1(tmp_path):
    """Центурион (c3, one counter) rams the Кочевник opposite (c4, 1 life left): the greedy owner takes
    X = 2 (2 wounds on itself, 1 on the Кочевник, which dies: worth its cost 3 against 2/10 of 5)."""
    cards = [card("c", "Центурион", 1, "c3", counters=1), card("k", "Кочевник", 2, "c4", wounds=7),
             card("o", "Кочевник", 2, "e6")]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "c", ability = 1 }]\n', cards)
    assert c(r, "c")["wounds"] == 2 and c(r, "c")["counters"] == 0 and c(r, "c")["closed"]
    assert c(r, "k")["zone"] == "graveyard"
    assert "X = 2 (ram)" in " ".join(r["events"])


def test_1_49_centurion_ram_hits_nothing_without_an_enemy_opposite(tmp_path):
    """With no enemy on the cell in front (c4 empty), the ram does nothing but pay its counter."""
    cards = [card("c", "Центурион", 1, "c3", counters=1), card("k", "Кочевник", 2, "d4")]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "c", ability = 1 }]\n', cards)
    assert c(r, "c")["wounds"] == 0 and c(r, "k")["wounds"] == 0 and c(r, "c")["counters"] == 0


# ---- whole games: the two mountain decks under both policies --------------------------------------------
@pytest.mark.parametrize("ais", [("greedy", "greedy"), ("random", "random")])
def test_mountain_decks_play_whole_games_with_valhalla_forms_and_pushes(ais):
    """mountains_valhalla.txt against mountains.txt: 40 logged games end without an engine error, and the
    new abilities take part: valhalla gains chosen from the graveyard, Оборотень's forms, Молотобоец's
    hammer blow (pushed or wounded)."""
    from conftest import LISTS
    from scenario_util import logged_games

    from simcore.kernels.rules import log as L

    ev = logged_games(LISTS / "mountains_valhalla.txt", LISTS / "mountains.txt", ais, 40, 5)
    valhalla_gains = ((ev[:, 0] == L.EV_CHOOSE) & np.isin(ev[:, 4], (Effect.STRIKE_BONUS, Effect.ATTACK_EXPERIENCE))).sum()
    assert valhalla_gains > 0
    assert ((ev[:, 0] == L.EV_OPTION) & (ev[:, 3] == L.OPT_FORM)).sum() > 0
    assert ((ev[:, 0] == L.EV_OPTION) & (ev[:, 3] == L.OPT_PUSH)).sum() > 0


# ---- 1-42 Знахарь племени: revive (chosen_own_dead), valhalla wound + gain_counter -----------------------
ZNAHAR = [card("z", "Знахарь племени", 1, "a1", counters=3), card("a", "Кочевник", 1, "c3", wounds=7),
          card("k", "Кочевник", 2, "c4")]
KILL_A = '{ do = "attack", card = "k", target = "a", exchange = "keep" }'


def test_1_42_healer_revives_a_dead_creature_closed_on_its_last_cell(tmp_path):
    """Player 2's Кочевник kills Кочевник a (c3, 1 life left: A=6 D=1); in player 1's turn Знахарь
    племени pays 3 counters and revives it: back on c3, closed, with its printed life 8 and no wounds."""
    r = play(tmp_path, head([6, 1], '{ do = "use", card = "z", ability = 1, target = "a" }').replace(
        "actions = [", "actions = [" + KILL_A + ", "), ZNAHAR)
    a = c(r, "a")
    assert (a["zone"], a["cell"], a["closed"], a["wounds"], a["life"]) == ("battlefield", "c3", True, 0, 8)
    assert c(r, "z")["counters"] == 0


def test_1_42_healer_revives_onto_a_cell_its_owner_chooses_when_the_last_one_is_taken(tmp_path):
    """Coming back (RULES.md section 7): after the kill, another Кочевник of player 2 steps from d3 onto
    c3, the dead card's last cell; it is revived all the same, onto an empty cell of player 1's half that
    his pilot chooses (greedy, for a melee creature: the one nearest an enemy, c2 behind c3)."""
    acts = head([6, 1], '{ do = "use", card = "z", ability = 1, target = "a" }').replace(
        "actions = [", "actions = [" + KILL_A + ', { do = "move", card = "m", to = "c3" }, ')
    r = play(tmp_path, acts, ZNAHAR + [card("m", "Кочевник", 2, "d3")])
    a = c(r, "a")
    assert (a["zone"], a["cell"], a["closed"], a["wounds"]) == ("battlefield", "c2", True, 0)


def test_1_42_healer_cannot_revive_a_creature_with_no_cell_to_come_back_to(tmp_path):
    """Every other cell of player 1's half is taken; player 2's Кочевник k kills a on c3 from d4 and
    another, m, steps from c4 onto c3: a cannot come back, and the revive is refused."""
    cells = [f"{col}{row}" for row in (1, 2, 3) for col in "abcde" if f"{col}{row}" not in ("a1", "c3")]
    cards = [ZNAHAR[0], ZNAHAR[1], card("k", "Кочевник", 2, "d4"), card("m", "Кочевник", 2, "c4")]
    acts = head([6, 1], '{ do = "use", card = "z", ability = 1, target = "a" }').replace(
        "actions = [", "actions = [" + KILL_A + ', { do = "move", card = "m", to = "c3" }, ')
    with pytest.raises(ScenarioError, match="revive"):
        play(tmp_path, acts, cards + [card(f"f{i}", "Кочевник", 1, at) for i, at in enumerate(cells)])


def test_valhalla_1_42_healer_wounds_your_creature_1_and_gives_it_a_counter(tmp_path):
    """Знахарь in the graveyard: player 1's only creature takes 1 wound and gains a counter."""
    cards = [card("z", "Знахарь племени", 1, "graveyard"), card("a", "Кочевник", 1, "c3"),
             card("k", "Кочевник", 2, "e6")]
    r = play(tmp_path, head([]), cards)
    assert c(r, "a")["wounds"] == 1 and c(r, "a")["counters"] == 1


# ---- validation of the new words --------------------------------------------------------------------
@pytest.mark.parametrize("line, words", [
    ('abilities = [{ kind = "triggered", trigger = "valhalla", effect = "strike_bonus", amount = 1 }]',
     ["abilities[0].target", "chosen_own"]),
    ('abilities = [{ kind = "triggered", trigger = "valhala", effect = "heal", target = "chosen_own", amount = 1 }]',
     ["abilities[0].trigger", "did you mean 'valhalla'"]),
    ('row_strike_middle_ova = 1', ["field 'row_strike_middle_ova'", "no strike through a row"]),
    ('turn_choice = [{ regeneration = 2 }]', ["field 'turn_choice'", "exactly two forms"]),
    ('turn_choice = [{ regeneration = 2 }, { speed = 1 }]', ["turn_choice[1]", "unknown key 'speed'"]),
    ('abilities = [{ kind = "triggered", trigger = "on_struck", effect = "push_or_wound", target = "attacker", amount = 2 }]',
     ["abilities[0].effect", "on_strike"]),
    ('abilities = [{ kind = "played", effect = "ram", target = "chosen_enemy" }]', ["abilities[0].target", "opposite"]),
    ('abilities = [{ kind = "played", effect = "revive", target = "chosen_own" }]', ["abilities[0].target", "graveyard"]),
    ('abilities = [{ kind = "played", effect = "heal", target = "chosen", amount = 1, filter = { class = "Гоблин-эльф" } }]',
     ["abilities[0].filter.class", "no card of the set has"]),
    ('abilities = [{ kind = "played", effect = "wound", target = "chosen", amount = 1, also = { effect = "gain_counter", amount = 1 } }]',
     ["abilities[0].also", "takes no amount"]),
    ('must_strike_closed = 1', ["field 'must_strike_closed'", "true or false"]),
])
def test_bad_mount_words_name_file_line_card_and_field(tmp_path, line, words):
    from decks.errors import InputError
    f = tmp_path / "cards.toml"
    f.write_text('["Тест"]\nset_number = "1-1"\nelement = "mountains"\ncost = 3\nelite = false\nunique = false\n'
                 'kind = "creature"\nclass = "Гном"\nlife = 8\nmove = 1\nstrike = [1, 2, 3]\n' + line + "\n",
                 encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_cardset(f)
    msg = str(e.value)
    assert "\n" not in msg and "cards.toml:12:" in msg and "card 'Тест'" in msg
    for w in words:
        assert w in msg, msg
