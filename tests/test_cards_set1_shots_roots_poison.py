"""Set-1 swamp cards played with the effects shot,
protect_from_strikes, take_wounds, raise_poison and root, special_strike_poison, ranged_per_wound, the
enemy_poison_wounded trigger, the target chosen_adjacent_to_other, the filters enemy and killed_by_poison,
amount_of other_poison and triggered abilities limited to once per turn. Each is a scenario with forced
dice through the real engine (greedy policies), plus whole games under both AIs.

Expected values are worked out by hand from docs/RULES.md section 5 and the printed stats in set1.toml.
Кочевник: steppe, 3 ordinary, life 8, strike 1-2-3, no abilities. Хедд: swamps, life 8. Two dice 4 and 1
(A-D = +3) give the attacker a medium strike and no counter-strike (the dice table of section 5); a
single roll of 4 or 5 is a medium attack.
"""
import pytest
from scenario_util import card, play, whole_games

from decks.cardset import load_cardset
from decks.errors import InputError
from simcore.scenario import ScenarioError


def c(result, label):
    return result["cards"][label]


ATTACK = 'active_player = {p}\ndice = [4, 1]\nactions = [{{ do = "attack", card = "{a}", target = "{t}" }}]\n'


# ---- 1-121 Слизь ---------------------------------------------------------------------------------------------
def test_1_121_slime_special_strike_3_poisons_the_target_1(tmp_path):
    """counter+tap: special strike 3, the target is poisoned 1: 3 wounds and poison 1, one counter paid."""
    act = 'active_player = 1\ndice = []\nactions = [{ do = "ability", card = "s", ability = 1, target = "k" }]\n'
    r = play(tmp_path, act, [card("s", "Слизь", 1, "c3", counters=1), card("k", "Кочевник", 2, "c4")])
    assert c(r, "k")["wounds"] == 3 and c(r, "k")["poison"] == 1
    assert c(r, "s")["counters"] == 0 and c(r, "s")["closed"]


def test_1_121_slime_on_strike_shoots_1_at_an_enemy_within_range_3(tmp_path):
    """Слизь (c3) strikes the Кочевник c4 for a medium 3; its 'slime spit' (a shot 1, range 3) then hits
    the only enemy card within range 3 (the same Кочевник): 4 wounds. The Кочевник on e6 (5 cells
    away) is not hit."""
    r = play(tmp_path, ATTACK.format(p=1, a="s", t="k"),
             [card("s", "Слизь", 1, "c3"), card("k", "Кочевник", 2, "c4"), card("x", "Кочевник", 2, "e6")])
    assert c(r, "k")["wounds"] == 4 and c(r, "x")["wounds"] == 0
    assert any("shoots" in e for e in r["events"]), r["events"]


def test_1_121_slime_wounds_a_creature_that_strikes_it_by_1(tmp_path):
    """The Кочевник strikes Слизь (medium 2); 'when hit by a melee strike: wound the attacker by 1'."""
    r = play(tmp_path, ATTACK.format(p=2, a="k", t="s"), [card("s", "Слизь", 1, "c3"), card("k", "Кочевник", 2, "c4")])
    assert c(r, "s")["wounds"] == 2 and c(r, "k")["wounds"] == 1


# ---- 1-135 Древний огр -------------------------------------------------------------------------------------
def test_1_135_ancient_ogre_is_protected_from_strikes_after_the_first_one(tmp_path):
    """Two Кочевники strike Древний огр in one turn, medium each (2 wounds): the first hits, then the
    ogre is protected from strikes until the end of the turn and the second deals nothing. The next
    turn of player 2 a strike hits again (the protection ended)."""
    head = ('active_player = 2\ndice = [4, 1, 4, 1, 4, 1]\nactions = [{ do = "attack", card = "k", target = "o" }, '
            '{ do = "attack", card = "j", target = "o" }, { do = "end_turn" }, { do = "end_turn" }, '
            '{ do = "attack", card = "k", target = "o" }]\n')
    r = play(tmp_path, head, [card("o", "Древний огр", 1, "c3"), card("k", "Кочевник", 2, "c4"),
                              card("j", "Кочевник", 2, "b4")])
    # 2 (first strike) + 0 (protected) - 1 (its regeneration at its turn start) + 2 (next turn)
    assert c(r, "o")["wounds"] == 3


# ---- 1-116 Василиск ----------------------------------------------------------------------------------------
def test_1_116_basilisk_gaze_roots_the_struck_creature_until_the_basilisk_moves(tmp_path):
    """After Василиск's strike the Кочевник may not leave its cell; once the Basilisk has moved, it may."""
    stuck = ('active_player = 1\ndice = [4, 1]\nactions = [{ do = "attack", card = "b", target = "k" }, '
             '{ do = "end_turn" }, { do = "move", card = "k", to = "c5" }]\n')
    cards = [card("b", "Василиск", 1, "c3"), card("k", "Кочевник", 2, "c4")]
    with pytest.raises(ScenarioError, match="rooted"):
        play(tmp_path, stuck, cards)
    free = ('active_player = 1\ndice = [4, 1]\nactions = [{ do = "attack", card = "b", target = "k" }, '
            '{ do = "end_turn" }, { do = "end_turn" }, { do = "move", card = "b", to = "b3" }, '
            '{ do = "end_turn" }, { do = "move", card = "k", to = "c5" }]\n')
    r = play(tmp_path, free, cards)
    assert c(r, "k")["cell"] == "c5" and c(r, "k")["wounds"] == 3


# ---- 1-133 Морок --------------------------------------------------------------------------------------------
def test_1_133_morok_takes_1_less_as_defender(tmp_path):
    """Морок (b3) defends the Кочевник k (c3) against a medium strike 2: 2 - 1 = 1 wound."""
    act = ('active_player = 2\ndice = [4, 1]\nactions = [{ do = "attack", card = "e", target = "k", '
           'defender = "m" }]\n')
    r = play(tmp_path, act, [card("m", "Морок", 1, "b3"), card("k", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4")])
    assert c(r, "m")["wounds"] == 1 and c(r, "k")["wounds"] == 0


def test_1_133_morok_strikes_at_it_while_closed_deal_1(tmp_path):
    """A closed Морок: only the attacker rolls, 6 is a strong strike (3), reduced to 1."""
    act = 'active_player = 2\ndice = [6]\nactions = [{ do = "attack", card = "e", target = "m" }]\n'
    r = play(tmp_path, act, [card("m", "Морок", 1, "c3", closed=True), card("e", "Кочевник", 2, "c4")])
    assert c(r, "m")["wounds"] == 1


def test_1_133_morok_strikes_at_the_cards_beside_it_are_weak(tmp_path):
    """The Кочевник k (c3) right of Морок (b3) is struck for a medium, reduced to weak: 1 wound, not 2."""
    act = ATTACK.format(p=2, a="e", t="k")
    r = play(tmp_path, act, [card("m", "Морок", 1, "b3"), card("k", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4")])
    assert c(r, "k")["wounds"] == 1
    r = play(tmp_path, act, [card("m", "Морок", 1, "a1"), card("k", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4")])
    assert c(r, "k")["wounds"] == 2


# ---- 1-109 Осклизг, 1-110 Рэккен: take_wounds --------------------------------------------------------------
def test_1_109_osklizg_takes_up_to_4_wounds_from_an_adjacent_swamp_creature(tmp_path):
    """'Rakshtoln's elixirs' (counter+tap): the adjacent Хедд's 5 wounds -> 1, Осклизг takes 4."""
    act = 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "o", ability = 1, target = "h" }]\n'
    r = play(tmp_path, act, [card("o", "Осклизг", 1, "c3", counters=1), card("h", "Хедд", 1, "b3", wounds=5)])
    assert c(r, "h")["wounds"] == 1 and c(r, "o")["wounds"] == 4 and c(r, "o")["counters"] == 0


def test_1_109_osklizg_elixirs_need_an_adjacent_swamp_creature(tmp_path):
    act = 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "o", ability = 1, target = "h" }]\n'
    with pytest.raises(ScenarioError, match="not a card this ability may target"):
        play(tmp_path, act, [card("o", "Осклизг", 1, "c3", counters=1), card("h", "Кочевник", 1, "b3", wounds=5)])
    with pytest.raises(ScenarioError, match="not adjacent"):
        play(tmp_path, act, [card("o", "Осклизг", 1, "c3", counters=1), card("h", "Хедд", 1, "a1", wounds=5)])


def test_1_110_rekken_takes_2_wounds_and_throws_its_wounds_at_most_4(tmp_path):
    """'rekkendum': 2 of the distant Хедд's 3 wounds move onto Рэккен. Its 'ritual knife' throws X = its
    wounds (3), and at most 4 with 6 wounds, whatever the roll."""
    act = 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "r", ability = 1, target = "h" }]\n'
    r = play(tmp_path, act, [card("r", "Рэккен", 1, "a1"), card("h", "Хедд", 1, "e3", wounds=3)])
    assert c(r, "h")["wounds"] == 1 and c(r, "r")["wounds"] == 2
    for wounds, dealt in ((3, 3), (6, 4)):
        act = 'active_player = 1\ndice = [5]\nactions = [{ do = "ranged", card = "r", target = "k" }]\n'
        r = play(tmp_path, act, [card("r", "Рэккен", 1, "c1", wounds=wounds), card("k", "Кочевник", 2, "c4")])
        assert c(r, "k")["wounds"] == dealt


# ---- 1-123 Ноками -----------------------------------------------------------------------------------------
def test_1_123_nokami_wounds_a_creature_next_to_a_poison_wounded_enemy_once_per_turn(tmp_path):
    """At player 2's turn start his Кочевник k (c4, poison 2) and y (e5, poison 1) take poison wounds.
    Ноками may wound a creature adjacent to the poisoned one by 1, once per turn: the Кочевник x (d4,
    next to both) takes 1 wound, not 2."""
    act = 'active_player = 1\ndice = []\nactions = [{ do = "end_turn" }]\n'
    r = play(tmp_path, act, [card("n", "Ноками", 1, "a1"), card("k", "Кочевник", 2, "c4", poison=2),
                             card("x", "Кочевник", 2, "d4"), card("y", "Кочевник", 2, "e5", poison=1)])
    assert c(r, "k")["wounds"] == 2 and c(r, "y")["wounds"] == 1
    assert c(r, "x")["wounds"] == 1


def test_1_123_nokami_boiling_poison_raises_poison_by_1_up_to_2(tmp_path):
    act = 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "n", ability = 2, target = "k" }]\n'
    for before, after in ((1, 2), (2, 2), (3, 3)):
        r = play(tmp_path, act, [card("n", "Ноками", 1, "a1"), card("k", "Кочевник", 2, "c5", poison=before)])
        assert c(r, "k")["poison"] == after and c(r, "n")["closed"]
    with pytest.raises(ScenarioError, match="not a card this ability may target"):
        play(tmp_path, act, [card("n", "Ноками", 1, "a1"), card("k", "Кочевник", 2, "c5")])


# ---- 1-124 Сеятель хвори ----------------------------------------------------------------------------------
def test_1_124_plague_sower_poisons_a_neighbour_of_an_enemy_dead_of_poison(tmp_path):
    """Player 2's Кочевник k (6 wounds, poison 3) dies of poison at his turn start; Сеятель хвори may
    poison a creature adjacent to it by X = 3: the Кочевник x next to it gets poison 3."""
    act = 'active_player = 1\ndice = []\nactions = [{ do = "end_turn" }]\n'
    r = play(tmp_path, act, [card("s", "Сеятель хвори", 1, "a1"), card("k", "Кочевник", 2, "c4", wounds=6, poison=3),
                             card("x", "Кочевник", 2, "d5")])
    assert c(r, "k")["zone"] == "graveyard"
    assert c(r, "x")["poison"] == 3


def test_1_124_plague_sower_ignores_deaths_not_by_poison(tmp_path):
    """A Кочевник killed by a strike is no death by poison: its neighbour is not poisoned."""
    r = play(tmp_path, ATTACK.format(p=1, a="t", t="k"),
             [card("s", "Сеятель хвори", 1, "a1"), card("t", "Тролль", 1, "c3"),
              card("k", "Кочевник", 2, "c4", wounds=6, poison=3), card("x", "Кочевник", 2, "d5")])
    assert c(r, "k")["zone"] == "graveyard" and c(r, "x")["poison"] == 0


def test_1_124_plague_sower_discharge_poisons_on_medium(tmp_path):
    act = 'active_player = 1\ndice = [4]\nactions = [{ do = "ranged", card = "s", target = "k" }]\n'
    r = play(tmp_path, act, [card("s", "Сеятель хвори", 1, "a1"), card("k", "Кочевник", 2, "c5")])
    assert c(r, "k")["wounds"] == 2 and c(r, "k")["poison"] == 1


# ---- steppe: 1-31 Ойуун, 1-9 Хозяйка прайда, 1-33 Скелос, 1-25 Хронос, 1-18 Килсус -------------------------
def test_1_31_oyuun_battle_frenzy_untaps_your_creature_and_wounds_it_1(tmp_path):
    """In its owner's turn Ойуун (fast+tap, a spell) opens his closed Кочевник and wounds it by 1."""
    act = 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "o", ability = 1, target = "k" }]\n'
    r = play(tmp_path, act, [card("o", "Ойуун", 1, "a1"), card("k", "Кочевник", 1, "c3", closed=True)])
    assert not c(r, "k")["closed"] and c(r, "k")["wounds"] == 1 and c(r, "o")["closed"]
    with pytest.raises(ScenarioError, match="one of .*own cards"):
        play(tmp_path, act, [card("o", "Ойуун", 1, "a1"), card("k", "Кочевник", 2, "c5", closed=True)])


def test_1_31_oyuun_answers_at_a_priority_window_of_the_opponents_turn(tmp_path):
    """At the end of player 2's turn Ойуун answers with `ability = 2` (its text lists the tap gain first):
    his closed Кочевник opens (1 wound)."""
    act = ('active_player = 2\ndice = []\nactions = [{ do = "end_turn", answers = [{ card = "o", ability = 2, '
           'target = "k" }] }]\n')
    r = play(tmp_path, act, [card("o", "Ойуун", 1, "a1"), card("k", "Кочевник", 1, "c3", closed=True),
                             card("e", "Кочевник", 2, "c5")])
    assert c(r, "k")["wounds"] == 1


def test_1_9_pride_mistress_sand_claws_add_1_to_your_rolls_against_the_target(tmp_path):
    """'sand claws' wounds the enemy Кочевник e by 1; then player 1's Кочевник strikes e with dice 2 and 4:
    A = 2 + 1 = 3 against D = 4 (A-D = -1): a weak strike, 1 wound; 2 wounds in all. Clawing another
    creature instead, the same dice give A-D = -2: a miss."""
    head = ('active_player = 1\ndice = [2, 4]\nactions = [{ do = "use", card = "h", ability = 1, target = "%s" }, '
            '{ do = "attack", card = "k", target = "e" }]\n')
    cards = [card("h", "Хозяйка прайда", 1, "a1"), card("k", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4"),
             card("x", "Кочевник", 2, "a6")]
    r = play(tmp_path, head % "e", cards)
    assert c(r, "e")["wounds"] == 2
    r = play(tmp_path, head % "x", cards)
    assert c(r, "e")["wounds"] == 0 and c(r, "x")["wounds"] == 1


def test_1_33_skelos_takes_2_less_from_directed_strikes(tmp_path):
    """Василиск (directed) strikes Скелос, medium 3: 3 - 2 = 1 wound."""
    r = play(tmp_path, ATTACK.format(p=2, a="b", t="s"), [card("s", "Скелос", 1, "c3"), card("b", "Василиск", 2, "c4")])
    assert c(r, "s")["wounds"] == 1


def test_1_33_skelos_strikes_flyers_with_plus_1_while_the_enemy_first_row_is_empty(tmp_path):
    """No enemy card on row 4 (player 2's first row): Скелос may strike the flyer Мерцающий змей; dice 2
    and 1 with its OvA 2 (A-D = +3): medium 4 + 1 = 5. With an enemy Кочевник on c4 it may not reach
    the flyer."""
    act = ATTACK.format(p=1, a="s", t="f").replace("[4, 1]", "[2, 1]")
    r = play(tmp_path, act, [card("s", "Скелос", 1, "c3"), card("f", "Мерцающий змей", 2, "aux"),
                             card("k", "Кочевник", 2, "c5")])
    assert c(r, "f")["wounds"] == 5
    with pytest.raises(ScenarioError, match="flyer"):
        play(tmp_path, act, [card("s", "Скелос", 1, "c3"), card("f", "Мерцающий змей", 2, "aux"),
                             card("k", "Кочевник", 2, "c4")])


def test_1_25_chronos_time_reversal_heals_the_wounds_taken_this_turn(tmp_path):
    """Player 2's Кочевник strikes player 1's Кочевник k (1 old wound) for a medium 2; at the end of the
    turn Хронос answers with 'time reversal': k heals the 2 wounds of this turn, the old one stays."""
    act = ('active_player = 2\ndice = [4, 1]\nactions = [{ do = "attack", card = "e", target = "k" }, '
           '{ do = "end_turn", answers = [{ card = "h", ability = 1, target = "k" }] }]\n')
    r = play(tmp_path, act, [card("h", "Хронос", 1, "a1", counters=1), card("k", "Кочевник", 1, "c3", wounds=1),
                             card("e", "Кочевник", 2, "c4")])
    assert c(r, "k")["wounds"] == 1 and c(r, "h")["counters"] == 0


def test_1_18_kilsus_finishes_off_x_equal_to_the_cells_it_moved(tmp_path):
    """Килсус walks 2 cells (c1 -> c3) and strikes the Кочевник (3 wounds) for a medium 3 (dice 3 and 1 with
    its OvA 1: A-D = +3): life 2 <= X = 2, it is finished off. Struck from where it stood (X = 0) the
    Кочевник lives with life 2."""
    walk = ('active_player = 1\ndice = [3, 1]\nactions = [{ do = "move", card = "s", to = "c2" }, '
            '{ do = "move", card = "s", to = "c3" }, { do = "attack", card = "s", target = "k" }]\n')
    r = play(tmp_path, walk, [card("s", "Килсус", 1, "c1"), card("k", "Кочевник", 2, "c4", wounds=3)])
    assert c(r, "k")["zone"] == "graveyard"
    r = play(tmp_path, ATTACK.format(p=1, a="s", t="k").replace("[4, 1]", "[3, 1]"),
             [card("s", "Килсус", 1, "c3"), card("k", "Кочевник", 2, "c4", wounds=3)])
    assert c(r, "k")["zone"] == "battlefield" and c(r, "k")["life"] == 2


def test_1_18_kilsus_takes_no_wounds_from_counter_strikes(tmp_path):
    """Dice 1 and 5 (with its OvA 1, A-D = -3): Килсус misses and the Кочевник counter-strikes weak (1): no
    wound. A Кочевник in its place (dice 1 and 4, A-D = -3) takes the 1 wound."""
    act = 'active_player = 1\ndice = [1, 5]\nactions = [{ do = "attack", card = "s", target = "k" }]\n'
    r = play(tmp_path, act, [card("s", "Килсус", 1, "c3"), card("k", "Кочевник", 2, "c4")])
    assert c(r, "s")["wounds"] == 0 and any("counter" in e for e in r["events"]), r["events"]
    act = 'active_player = 1\ndice = [1, 4]\nactions = [{ do = "attack", card = "t", target = "k" }]\n'
    r = play(tmp_path, act, [card("t", "Кочевник", 1, "c3"), card("k", "Кочевник", 2, "c4")])
    assert c(r, "t")["wounds"] == 1


def test_1_22_orc_bomber_bomb_explodes_on_its_cell_at_the_start_of_the_next_turn(tmp_path):
    """The bomb (a throw 1, range 3) hits the Кочевник on c5: 1 wound. At the start of player 1's next
    turn the cell c5 explodes: 2 more. If the Кочевник stepped away to c6 meanwhile, the empty cell
    explodes and it keeps its 1 wound."""
    head = ('active_player = 1\ndice = [4]\nactions = [{ do = "ranged", card = "b", target = "k" }, '
            '{ do = "end_turn" }, %s{ do = "end_turn" }]\n')
    cards = [card("b", "Орк-бомбардир", 1, "c2"), card("k", "Кочевник", 2, "c5")]
    r = play(tmp_path, head % "", cards)
    assert c(r, "k")["wounds"] == 3
    r = play(tmp_path, head % '{ do = "move", card = "k", to = "c6" }, ', cards)
    assert c(r, "k")["wounds"] == 1 and any("explosion" in e for e in r["events"])


# ---- validation of the new words -----------------------------------------------------------------------------
BASE = ('["X"]\nset_number = "9-1"\nelement = "swamps"\ncost = 1\nelite = false\nunique = false\n'
        'kind = "creature"\nlife = 2\nmove = 1\nstrike = [1, 1, 1]\n')


@pytest.mark.parametrize("extra, msg", [
    ('special_strike_poison = 1\n', "no special strike"),
    ('ranged_per_wound = 2\n', "no ranged attack"),
    ('abilities = [{ kind = "played", effect = "raise_poison", amount = 1, target = "chosen" }]\n', "up_to"),
    ('abilities = [{ kind = "played", effect = "wound", amount = 1, target = "chosen", up_to = 2 }]\n', "up_to"),
    ('abilities = [{ kind = "triggered", trigger = "on_move", effect = "wound", amount = 1, '
     'target = "chosen_adjacent_to_other" }]\n', "chosen_adjacent_to_other"),
    ('abilities = [{ kind = "triggered", trigger = "on_move", effect = "wound", amount = 1, '
     'target = "self", limit = "once_per_battle" }]\n', "limit"),
    ('abilities = [{ kind = "triggered", trigger = "on_move", effect = "poison", amount_of = "other_poison", '
     'target = "chosen" }]\n', "other_poison"),
    ('abilities = [{ kind = "played", effect = "take_wounds", amount = 1 }]\n', "take_wounds"),
    ('abilities = [{ kind = "played", effect = "protect_from_strikes", target = "chosen" }]\n', "itself"),
    ('abilities = [{ kind = "triggered", trigger = "on_struck", effect = "root", target = "attacker", '
     'trigger_filter = { enemy = 1 } }]\n', "enemy"),
    ('abilities = [{ kind = "played", effect = "heal", amount_of = "wounds_this_turn" }]\n', "wounds_this_turn"),
    ('abilities = [{ kind = "triggered", trigger = "on_strike", effect = "wound", amount_of = "cells_moved", '
     'target = "attacked" }]\n', "cells_moved"),
    ('while = [{ condition = "enemy_front_row_empty", strikes_flyers = 1 }]\n', "strikes_flyers"),
    ('reduce = [{ amount = 1, source = "directed_strike" }]\n', "directed_strikes"),
    ('ranged_explosion = 2\n', "no ranged attack"),
])
def test_swst_words_are_validated(tmp_path, extra, msg):
    f = tmp_path / "x.toml"
    f.write_text(BASE + extra, encoding="utf-8")
    with pytest.raises(InputError, match=msg):
        load_cardset(f)


DECK_STEPPE = """# swst steppe
2 Орк-бомбардир
1 Ойуун
3 Хозяйка прайда
3 Скелос
1 Хронос
3 Килсус
3 Кочевник
3 Орк
3 Кшар
3 Змееглав
3 Арбалетчик
2 Щитоносец
"""


@pytest.mark.parametrize("ais", [("greedy", "greedy"), ("random", "random")])
def test_games_with_the_swst_steppe_cards_end_without_errors(tmp_path, ais):
    a = tmp_path / "a.txt"
    a.write_text(DECK_STEPPE, encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text(DECK_SWAMP, encoding="utf-8")
    uses = whole_games(a, b, ais, 200, 6)
    if ais == ("greedy", "greedy"):
        assert uses["Хозяйка прайда"] > 0, uses


# ---- whole games ------------------------------------------------------------------------------------------------
DECK_SWAMP = """# swst swamps
3 Слизь
3 Древний огр
3 Василиск
1 Морок
2 Осклизг
3 Рэккен
1 Ноками
1 Сеятель хвори
3 Хедд
3 Арацент
3 Тролль
3 Болотник
3 Гаррид-лучник
"""


@pytest.mark.parametrize("ais", [("greedy", "greedy"), ("random", "random"), ("greedy", "random")])
def test_games_with_the_swst_cards_end_without_errors(tmp_path, ais):
    a = tmp_path / "a.txt"
    a.write_text(DECK_SWAMP, encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text(DECK_SWAMP.replace("# swst swamps", "# swst swamps 2"), encoding="utf-8")
    uses = whole_games(a, b, ais, 200, 5)
    if ais == ("greedy", "greedy"):
        assert uses["Осклизг"] > 0 and uses["Рэккен"] > 0, uses     # they move wounds onto themselves
