"""Set-1 cards played with strikes_at_it_weak, a special strike on death at a chosen adjacent creature,
draws_ranged_condition, finish_off_bonus, the stun effect and the creature_in_every_row condition
(VOCABULARY.md), each as a scenario with forced dice through the real engine (greedy policies).

Expected values are worked out by hand from docs/RULES.md section 5 and the printed stats in set1.toml.
Кочевник: steppe, 3 ordinary, life 8, strike 1-2-3, no abilities. Гаррид-лучник: shot 1-2-3 range 4.
"""
import pytest
from scenario_util import card, play, single_roll

from simcore.scenario import ScenarioError


def c(result, label):
    return result["cards"][label]


def strike(att, tgt, dice, active=2):
    return (f'active_player = {active}\ndice = {dice}\n'
            f'actions = [{{ do = "attack", card = "{att}", target = "{tgt}", exchange = "keep" }}]\n')


# ---- 1-8 Степной волколак: strikes_at_it_weak, on_death special_strike at chosen_adjacent ---------------------
def test_1_8_steppe_werewolf_every_strike_at_it_is_weak(tmp_path):
    """Кочевник (c4) strikes Степной волколак (c3): dice 6, 1: A-D=+5, a strong strike, reduced to weak:
    1 wound. At a Кочевник in its place the same strike deals strong 3."""
    r = play(tmp_path, strike("e", "w", [6, 1]), [card("w", "Степной волколак", 1, "c3"),
                                                  card("e", "Кочевник", 2, "c4")])
    assert c(r, "w")["wounds"] == 1
    r = play(tmp_path, strike("e", "w", [6, 1]), [card("w", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4")])
    assert c(r, "w")["wounds"] == 3


def test_1_8_steppe_werewolf_on_death_special_strike_2_at_an_adjacent_creature(tmp_path):
    """The werewolf (1 life left) is struck (medium, reduced to weak 1) and dies. Its owner picks the
    target of its special strike 2 among the creatures around its last cell: the greedy owner kills
    the enemy Кочевник on d4 (2 life left) rather than wound the attacker or its own Кочевник (b3)."""
    cards = [card("w", "Степной волколак", 1, "c3", wounds=6), card("o", "Кочевник", 1, "b3"),
             card("e", "Кочевник", 2, "c4"), card("d", "Кочевник", 2, "d4", wounds=6)]
    r = play(tmp_path, strike("e", "w", [4, 1]), cards)
    assert c(r, "w")["zone"] == "graveyard"
    assert c(r, "d")["zone"] == "graveyard"
    assert c(r, "e")["wounds"] == 0 and c(r, "o")["wounds"] == 0


# ---- 1-88 Резчик идолов: draws_ranged while adjacent to an enemy creature ----------------------------------------
def test_1_88_idol_carver_draws_shots_while_an_enemy_is_adjacent(tmp_path):
    """The enemy Гаррид-лучник (b6) may shoot only at Резчик идолов (d2) while an enemy creature (e3)
    stands next to it: the shot at Кочевник b2 is illegal. Without e3, die 6: strong 3 on Кочевник."""
    shoot = 'active_player = 2\ndice = [6]\nactions = [{ do = "ranged", card = "g", target = "k" }]\n'
    with pytest.raises(ScenarioError, match="draws this kind of attack"):
        play(tmp_path, shoot, [card("r", "Резчик идолов", 1, "d2"), card("k", "Кочевник", 1, "b2"),
                               card("g", "Гаррид-лучник", 2, "b6"), card("e", "Кочевник", 2, "e3")])
    r = play(tmp_path, shoot, [card("r", "Резчик идолов", 1, "d2"), card("k", "Кочевник", 1, "b2"),
                               card("g", "Гаррид-лучник", 2, "b6"), card("e", "Кочевник", 2, "e5")])
    assert c(r, "k")["wounds"] == 3


# ---- 1-115 Кровяница: finish off X+1 -------------------------------------------------------------------------------
def test_1_115_bloodsucker_finish_off_plus_poisoned_around_the_target(tmp_path):
    """Кровяница (c3) finishes off Кочевник c4 (3 life left): X = 2 poisoned creatures next to it (its own
    b3 and the enemy d4): finish off 3, the target is destroyed. With only d4 poisoned: finish off 2,
    illegal."""
    act = 'active_player = 1\ndice = []\nactions = [{ do = "ability", card = "b", ability = 1, target = "k" }]\n'
    rest = [card("b", "Кровяница", 1, "c3"), card("k", "Кочевник", 2, "c4", wounds=5)]
    r = play(tmp_path, act, rest + [card("o", "Кочевник", 1, "b3", poison=1),
                                    card("d", "Кочевник", 2, "d4", poison=1)])
    assert c(r, "k")["zone"] == "graveyard"
    with pytest.raises(ScenarioError, match="finish-off value"):
        play(tmp_path, act, rest + [card("o", "Кочевник", 1, "b3"), card("d", "Кочевник", 2, "d4", poison=1)])


# ---- 1-134 Уриил: on_struck stun ---------------------------------------------------------------------------------------
def test_1_134_uriel_a_creature_that_strikes_it_does_not_untap_next_turn(tmp_path):
    """Player 2's Кочевник e strikes Уриил (medium 2; regeneration 1 at the start of player 1's turn
    leaves 1 wound; e closes after attacking); both players end a turn: at the start of player 2's next
    turn e stays closed ('vile aura'), his other Кочевник x opens. After striking a Кочевник instead, e
    opens as usual."""
    head = ('active_player = 2\ndice = [4, 1]\nactions = [{ do = "attack", card = "e", target = "u", '
            'exchange = "keep" }, { do = "end_turn" }, { do = "end_turn" }]\n')
    r = play(tmp_path, head, [card("u", "Уриил", 1, "c3"), card("e", "Кочевник", 2, "c4"),
                              card("x", "Кочевник", 2, "a6", closed=True)])
    assert c(r, "u")["wounds"] == 1
    assert c(r, "e")["closed"] and not c(r, "x")["closed"]
    r = play(tmp_path, head, [card("u", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4"),
                              card("x", "Кочевник", 2, "a6", closed=True)])
    assert not c(r, "e")["closed"]


# ---- 1-142 Суккуб-истязатель: while creature_in_every_row, ranged bonus ------------------------------------------
def test_1_142_succubus_discharge_plus_3_with_a_creature_in_every_row(tmp_path):
    """Player 1 has creatures in all six rows (Суккуб on a1, Кочевники a2-a6): discharge 1 + 3 at the
    Кочевник on e6: die 1: weak 1 + 3 = 4 wounds. Without the one on a6: 1 wound."""
    shoot = 'active_player = 1\ndice = [1]\nactions = [{ do = "ranged", card = "s", target = "k" }]\n'
    mine = [card("s", "Суккуб-истязатель", 1, "a1")] + [card(f"m{r}", "Кочевник", 1, f"a{r}") for r in range(2, 6)]
    r = play(tmp_path, shoot, mine + [card("m6", "Кочевник", 1, "a6"), card("k", "Кочевник", 2, "e6")])
    assert single_roll(1, "weak") in r["events"]
    assert c(r, "k")["wounds"] == 4
    r = play(tmp_path, shoot, mine + [card("k", "Кочевник", 2, "e6")])
    assert c(r, "k")["wounds"] == 1


# ---- 1-65 Ледовый страж: filter not_moved -----------------------------------------------------------------------
def test_1_65_ice_guard_shackles_a_creature_that_has_not_moved_this_turn(tmp_path):
    """Player 1's Кочевник a steps b2 -> b3 and Кочевник b stays: 'ice shackles' (a spell, no die) may
    tap b but not a (it moved this turn). An enemy creature has not moved in player 1's turn: it is
    tapped too."""
    cards = [card("g", "Ледовый страж", 1, "e1"), card("a", "Кочевник", 1, "b2"), card("b", "Кочевник", 1, "c2"),
             card("k", "Кочевник", 2, "c5")]
    move = '{ do = "move", card = "a", to = "b3" }, '
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [' + move
             + '{ do = "use", card = "g", ability = 1, target = "k" }]\n', cards)
    assert c(r, "k")["closed"] and c(r, "g")["closed"]
    with pytest.raises(ScenarioError, match="filter"):
        play(tmp_path, 'active_player = 1\ndice = []\nactions = [' + move
             + '{ do = "use", card = "g", ability = 1, target = "a" }]\n', cards)
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [' + move
             + '{ do = "use", card = "g", ability = 1, target = "b" }]\n', cards)
    assert c(r, "b")["closed"]


# ---- 1-156 Метаморф: strike_copies_target --------------------------------------------------------------------------
def test_1_156_metamorph_strikes_with_the_attacked_creatures_printed_strike(tmp_path):
    """Метаморф (strike 0-0-0) strikes Вайл (strike 1-1-4): dice 6, 1: A-D=+5, strong: 0 + 4 = 4 wounds.
    At a Кочевник (1-2-3) the same strike deals 3. Struck by a Кочевник, its counter-strike is 0-0-0
    (it copies only when it attacks): dice 1, 6: miss, medium counter-strike 0."""
    r = play(tmp_path, strike("m", "v", [6, 1], active=1), [card("m", "Метаморф", 1, "c3"), card("v", "Вайл", 2, "c4")])
    assert c(r, "v")["wounds"] == 4
    r = play(tmp_path, strike("m", "v", [6, 1], active=1), [card("m", "Метаморф", 1, "c3"),
                                                             card("v", "Кочевник", 2, "c4")])
    assert c(r, "v")["wounds"] == 3
    r = play(tmp_path, strike("e", "m", [1, 6]), [card("m", "Метаморф", 1, "c3"), card("e", "Кочевник", 2, "c4")])
    assert c(r, "e")["wounds"] == 0


# ---- 1-37 Овражный гном: on_strike with trigger_filter open, close_or_wound ----------------------------------------
def test_1_37_gully_gnome_hellish_stench_tap_or_take_2_wounds(tmp_path):
    """Овражный гном (strike 1-1-2) strikes an open Кочевник: dice 4, 1: A-D=+3, medium 1. 'Hellish
    stench': the struck card's greedy owner compares closing (0.3 x cost 3 = 0.9) with 2 wounds (2/8 of
    cost 3 = 0.75): it takes the wounds: 3 wounds, still open. With 5 wounds before (the 2 wounds would
    destroy it) it closes instead: 6 wounds, closed."""
    r = play(tmp_path, strike("g", "k", [4, 1], active=1), [card("g", "Овражный гном", 1, "c3"),
                                                             card("k", "Кочевник", 2, "c4")])
    assert (c(r, "k")["wounds"], c(r, "k")["closed"]) == (3, False)
    r = play(tmp_path, strike("g", "k", [4, 1], active=1), [card("g", "Овражный гном", 1, "c3"),
                                                             card("k", "Кочевник", 2, "c4", wounds=5)])
    assert (c(r, "k")["wounds"], c(r, "k")["closed"], c(r, "k")["zone"]) == (6, True, "battlefield")


def test_1_37_gully_gnome_no_stench_at_a_tapped_creature_but_plus_1_strike(tmp_path):
    """At a closed Кочевник only the attacker rolls: die 4, medium 1 + 1 (vs tapped creatures) = 2
    wounds, and the trigger filter (open) keeps 'hellish stench' from firing."""
    r = play(tmp_path, strike("g", "k", [4], active=1), [card("g", "Овражный гном", 1, "c3"),
                                                          card("k", "Кочевник", 2, "c4", closed=True)])
    assert single_roll(4, "medium") in r["events"]
    assert c(r, "k")["wounds"] == 2
