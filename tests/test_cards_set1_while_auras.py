"""Set-1 cards played with the `while` blocks, the auras, the "vs" values opposite and isolated, the
special_strike and no_tap_after_attack effects and the to_enemy_half / to_own_half triggers
(VOCABULARY.md), each as a scenario with forced dice through the real engine.

Expected values are worked out by hand from the dice table of docs/RULES.md section 5 and the printed stats
in set1.toml. Player 1 holds rows 1-3 (front row 3), player 2 rows 4-6; column c is the central one.
Кочевник: steppe, 3 ordinary, life 8, strike 1-2-3, no class, no abilities.
"""
import pytest
from scenario_util import NO_COUNTER, WEAK_COUNTER, card, play, roll, single_roll

from simcore.scenario import ScenarioError


def c(result, label):
    return result["cards"][label]


def attack(att, tgt, dice, extra=""):
    return (f'active_player = {1 if att != "e" else 2}\ndice = {dice}\n'
            f'actions = [{{ do = "attack", card = "{att}", target = "{tgt}", exchange = "keep"{extra} }}]\n')


# ---- 1-182 Матросы Аделаиды: while central_column / edge_column --------------------------------------------
def test_1_182_sailors_in_the_central_column_ovz_1_and_minus_1_from_weak_strikes(tmp_path):
    """Кочевник e (c4) strikes Матросы m (c3, central column: OvZ 1). Dice A=3, D=1+1=2: A-D=+1, weak
    strike 1, no counter; -1 from weak strikes: 0 wounds. On b3 (neither central nor edge) the same
    dice give D=1, A-D=+2: medium 2 wounds and a weak counter-strike 2."""
    r = play(tmp_path, attack("e", "m", [3, 1]), [card("m", "Матросы Аделаиды", 1, "c3"),
                                                  card("e", "Кочевник", 2, "c4")])
    assert roll(3, 2, "weak", NO_COUNTER) in r["events"]
    assert c(r, "m")["wounds"] == 0
    r = play(tmp_path, attack("e", "m", [3, 1]), [card("m", "Матросы Аделаиды", 1, "b3"),
                                                  card("e", "Кочевник", 2, "b4")])
    assert roll(3, 1, "medium", WEAK_COUNTER) in r["events"]
    assert c(r, "m")["wounds"] == 2


def test_1_182_sailors_in_an_edge_column_ova_1_and_plus_1_to_medium_and_strong(tmp_path):
    """Матросы (a3, leftmost column: OvA 1) strike Кочевник (a4). Dice 5, 2: A=6, D=2, A-D=+4: strong
    3 + 1 = 4 wounds, weak counter-strike 1 (kept). On b3 the same dice give A=5: A-D=+3, medium 2."""
    r = play(tmp_path, attack("m", "k", [5, 2]), [card("m", "Матросы Аделаиды", 1, "a3"),
                                                  card("k", "Кочевник", 2, "a4")])
    assert roll(6, 2, "strong", WEAK_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 4
    r = play(tmp_path, attack("m", "k", [5, 2]), [card("m", "Матросы Аделаиды", 1, "b3"),
                                                  card("k", "Кочевник", 2, "b4")])
    assert roll(5, 2, "medium", NO_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 2


# ---- 1-186 Головорез: while outnumbering_adjacent ------------------------------------------------------------
def test_1_186_cutthroat_outnumbering_adjacent_ova_1_and_directed_strike(tmp_path):
    """Головорез h (c3) with own Кочевники on b3, d3, b2 (3 adjacent) and enemy Кочевники on c4, d4 (2
    adjacent): OvA 1 and directed strike. It strikes c4; d4 may not take the strike over (directed).
    Dice 5, 4: A=6, D=4, A-D=+2: medium 3, weak counter-strike 1. Without b2 (2 own vs 2 enemy) the
    same dice give A=5: A-D=+1, weak 2, and d4 may defend."""
    own = [card("h", "Головорез", 1, "c3"), card("a", "Кочевник", 1, "b3"), card("b", "Кочевник", 1, "d3")]
    enemy = [card("k", "Кочевник", 2, "c4"), card("d", "Кочевник", 2, "d4")]
    r = play(tmp_path, attack("h", "k", [5, 4]), own + [card("x", "Кочевник", 1, "b2")] + enemy)
    assert roll(6, 4, "medium", WEAK_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 3
    with pytest.raises(ScenarioError, match="directed strike"):
        play(tmp_path, attack("h", "k", [5, 4], ', defender = "d"'),
             own + [card("x", "Кочевник", 1, "b2")] + enemy)
    r = play(tmp_path, attack("h", "k", [5, 4]), own + enemy)
    assert roll(5, 4, "weak", NO_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 2
    r = play(tmp_path, attack("h", "k", [5, 4], ', defender = "d"'), own + enemy)
    assert c(r, "d")["wounds"] == 2 and c(r, "k")["wounds"] == 0


# ---- 1-197 Эорвал: while adjacent_classes ---------------------------------------------------------------------
def test_1_197_eorval_four_adjacent_classes_give_strike_ova_and_reduction(tmp_path):
    """Эорвал (c3, strike 2-3-5) next to Паладин Алламора (b3: Эльф, Инквизитор), Смотритель горнила
    (d3: Гном) and the enemy Кабаний наездник (c4: Орк): 4 classes -> +1 strike, OvA 1, -1 from
    non-magic attacks. Dice 4, 4: A=5, D=4, A-D=+1: weak 2 + 1 = 3 wounds. With Головорез (Пират)
    instead of Паладин (3 classes): A=4, D=4: 0 with A <= 4, weak 2."""
    rest = [card("s", "Смотритель горнила", 1, "d3"), card("k", "Кабаний наездник", 2, "c4")]
    r = play(tmp_path, attack("v", "k", [4, 4]),
             [card("v", "Эорвал", 1, "c3"), card("p", "Паладин Алламора", 1, "b3")] + rest)
    assert roll(5, 4, "weak", NO_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 3
    r = play(tmp_path, attack("v", "k", [4, 4]),
             [card("v", "Эорвал", 1, "c3"), card("p", "Головорез", 1, "b3")] + rest)
    assert roll(4, 4, "weak", NO_COUNTER) in r["events"]
    assert c(r, "k")["wounds"] == 2


def test_1_197_eorval_reduction_from_non_magic_attacks(tmp_path):
    """The enemy Кабаний наездник (c4, strike 2-3-4) strikes Эорвал with the 4 classes around: dice 4, 1:
    A-D=+3 (D = 1, Эорвал has no OvZ): medium 3 - 1 = 2 wounds."""
    r = play(tmp_path, attack("e", "v", [4, 1]),
             [card("v", "Эорвал", 1, "c3"), card("p", "Паладин Алламора", 1, "b3"),
              card("s", "Смотритель горнила", 1, "d3"), card("e", "Кабаний наездник", 2, "c4")])
    assert c(r, "v")["wounds"] == 2


# ---- 1-48 Смотритель горнила: while formation_with_elite / formation_with_ordinary -------------------------
def test_1_48_forge_keeper_armor_2_in_formation_with_an_elite_creature(tmp_path):
    """Смотритель s (c3) beside the elite Пеший латник (b3, formation: armor 2): in formation with an
    elite creature, armor 2. Кочевник (c4) strikes it: dice 6, 1: strong 3, armor absorbs 2: 1 wound."""
    r = play(tmp_path, attack("e", "s", [6, 1]), [card("s", "Смотритель горнила", 1, "c3"),
                                                  card("l", "Пеший латник", 1, "b3"),
                                                  card("e", "Кочевник", 2, "c4")])
    assert roll(6, 1, "strong", NO_COUNTER) in r["events"]
    assert c(r, "s")["wounds"] == 1


def test_1_48_forge_keeper_ovz_2_in_formation_with_an_ordinary_creature(tmp_path):
    """Beside the ordinary Щитоносец (b3, has formation): OvZ 2 and no armor. Dice 6, 1: D=3, A-D=+3:
    medium 2 wounds. Alone (no formation) the same dice: A-D=+5, strong 3."""
    r = play(tmp_path, attack("e", "s", [6, 1]), [card("s", "Смотритель горнила", 1, "c3"),
                                                  card("l", "Щитоносец", 1, "b3"),
                                                  card("e", "Кочевник", 2, "c4")])
    assert roll(6, 3, "medium", NO_COUNTER) in r["events"]
    assert c(r, "s")["wounds"] == 2
    r = play(tmp_path, attack("e", "s", [6, 1]), [card("s", "Смотритель горнила", 1, "c3"),
                                                  card("e", "Кочевник", 2, "c4")])
    assert c(r, "s")["wounds"] == 3


# ---- 1-19 Щитоносец: aura left_right -----------------------------------------------------------------------------
def test_1_19_shield_bearer_gives_steppe_neighbours_minus_1_from_ranged(tmp_path):
    """The enemy Гаррид-лучник (b5, shot 1-2-3 range 4) shoots Кочевник (b2, steppe). Die 6: strong 3.
    With Щитоносец on c2 (right of it): 3 - 1 = 2 wounds. With Щитоносец on c1 (not left or right): 3.
    A swamp Вайл on b2 beside Щитоносец gets nothing: 3 (strong 4 - 1 ... Вайл's own strike is not
    involved; the shot is 3)."""
    shoot = 'active_player = 2\ndice = [6]\nactions = [{ do = "ranged", card = "g", target = "k" }]\n'
    r = play(tmp_path, shoot, [card("k", "Кочевник", 1, "b2"), card("s", "Щитоносец", 1, "c2"),
                               card("g", "Гаррид-лучник", 2, "b5")])
    assert c(r, "k")["wounds"] == 2
    r = play(tmp_path, shoot, [card("k", "Кочевник", 1, "b2"), card("s", "Щитоносец", 1, "c1"),
                               card("g", "Гаррид-лучник", 2, "b5")])
    assert c(r, "k")["wounds"] == 3
    r = play(tmp_path, shoot, [card("k", "Вайл", 1, "b2"), card("s", "Щитоносец", 1, "c2"),
                               card("g", "Гаррид-лучник", 2, "b5")])
    assert c(r, "k")["wounds"] == 3


# ---- 1-188 Паладин Алламора: aura column, range ------------------------------------------------------------------
def test_1_188_paladin_gives_ranged_creatures_in_its_column_plus_1_range(tmp_path):
    """Own Гаррид-лучник (c1, shot range 4) shoots Кочевник on c6 (distance 5). With Паладин on c3 (same
    column): range 5, die 6: strong 3 wounds. With Паладин on d3: out of range, the action is illegal."""
    shoot = 'active_player = 1\ndice = [6]\nactions = [{ do = "ranged", card = "g", target = "k" }]\n'
    r = play(tmp_path, shoot, [card("g", "Гаррид-лучник", 1, "c1"), card("p", "Паладин Алламора", 1, "c3"),
                               card("k", "Кочевник", 2, "c6")])
    assert c(r, "k")["wounds"] == 3
    with pytest.raises(ScenarioError, match="range"):
        play(tmp_path, shoot, [card("g", "Гаррид-лучник", 1, "c1"), card("p", "Паладин Алламора", 1, "d3"),
                               card("k", "Кочевник", 2, "c6")])


# ---- 1-30 Бронтобей: vs opposite, on_move ----------------------------------------------------------------------
def test_1_30_brontobey_plus_1_strike_vs_the_creature_opposite(tmp_path):
    """Бронтобей (c3, OvA 2, strike 2-2-3) strikes Кочевник on c4 (same column): dice 6, 1: A=8, D=1:
    strong 3 + 1 = 4. The Кочевник on d4 (diagonal, another column): strong 3."""
    r = play(tmp_path, attack("b", "k", [6, 1]), [card("b", "Бронтобей", 1, "c3"), card("k", "Кочевник", 2, "c4")])
    assert c(r, "k")["wounds"] == 4
    r = play(tmp_path, attack("b", "k", [6, 1]), [card("b", "Бронтобей", 1, "c3"), card("k", "Кочевник", 2, "d4")])
    assert c(r, "k")["wounds"] == 3


def test_1_30_brontobey_moving_gives_plus_1_strike_until_end_of_turn(tmp_path):
    """Бронтобей moves b3 -> c3 (+1 strike until end of turn), then strikes c4 opposite: strong 3 + 1 + 1
    = 5 wounds."""
    head = ('active_player = 1\ndice = [6, 1]\nactions = [{ do = "move", card = "b", to = "c3" }, '
            '{ do = "attack", card = "b", target = "k" }]\n')
    r = play(tmp_path, head, [card("b", "Бронтобей", 1, "b3"), card("k", "Кочевник", 2, "c4")])
    assert c(r, "k")["wounds"] == 5


# ---- 1-106 Римаанды: unanswered_vs isolated -------------------------------------------------------------------------
def test_1_106_rimaandy_unanswered_strike_at_an_isolated_creature(tmp_path):
    """The flyer Римаанды (strike 1-2-3) strikes Кочевник on c5 with no creature of player 2 on b5 or
    d5: unanswered, only the attacker rolls: die 4: medium 2, no counter-strike. With an enemy Кочевник
    on d5 the strike is an ordinary one: dice 4, 1: A-D=+3 medium 2, both dice rolled."""
    r = play(tmp_path, attack("r", "k", [4]), [card("r", "Римаанды", 1, "aux"), card("k", "Кочевник", 2, "c5"),
                                               card("o", "Кочевник", 2, "c6")])
    assert single_roll(4, "medium") in r["events"]
    assert c(r, "k")["wounds"] == 2 and r["dice_used"] == 1
    r = play(tmp_path, attack("r", "k", [4, 1]), [card("r", "Римаанды", 1, "aux"), card("k", "Кочевник", 2, "c5"),
                                                  card("o", "Кочевник", 2, "d5")])
    assert roll(4, 1, "medium", NO_COUNTER) in r["events"]
    assert r["dice_used"] == 2


# ---- 1-29 Пеший латник: on_struck special_strike -------------------------------------------------------------------
def test_1_29_foot_knight_answers_a_strike_with_special_strike_2(tmp_path):
    """Кочевник e (c4) strikes Пеший латник (c3): dice 4, 1: A-D=+3, medium 2, no counter-strike. When
    hit, Пеший латник makes a special strike 2 at the attacker: Кочевник takes 2 wounds."""
    r = play(tmp_path, attack("e", "l", [4, 1]), [card("l", "Пеший латник", 1, "c3"), card("e", "Кочевник", 2, "c4")])
    assert c(r, "l")["wounds"] == 2
    assert c(r, "e")["wounds"] == 2


def test_1_29_foot_knight_special_strike_is_absorbed_by_armor(tmp_path):
    """The special strike is a non-magical attack: the attacker's armor absorbs it. Пеший латник x (d4,
    player 2, in formation with y on e4: armor 2) strikes Пеший латник l (c3); l's special strike 2 is
    absorbed by x's armor 2: x takes 0 wounds."""
    r = play(tmp_path, attack("e", "l", [4, 1]), [card("l", "Пеший латник", 1, "c3"),
                                                  card("e", "Пеший латник", 2, "d4"),
                                                  card("y", "Пеший латник", 2, "e4")])
    assert c(r, "l")["wounds"] == 2
    assert c(r, "e")["wounds"] == 0


# ---- 1-12 Кабаний наездник: to_enemy_half, to_own_half ----------------------------------------------------------
def test_1_12_boar_rider_crossing_to_the_enemy_half_plus_1_strike(tmp_path):
    """Кабаний наездник (strike 2-3-4) moves c3 -> c4 (into player 2's half): +1 strike until end of
    turn. It strikes Кочевник on c5: dice 4, 1: A-D=+3, medium 3 + 1 = 4 wounds."""
    head = ('active_player = 1\ndice = [4, 1]\nactions = [{ do = "move", card = "b", to = "c4" }, '
            '{ do = "attack", card = "b", target = "k" }]\n')
    r = play(tmp_path, head, [card("b", "Кабаний наездник", 1, "c3"), card("k", "Кочевник", 2, "c5")])
    assert c(r, "k")["wounds"] == 4
    assert c(r, "b")["closed"]


def test_1_12_boar_rider_back_to_its_own_half_does_not_tap_when_attacking(tmp_path):
    """Кабаний наездник on c4 (player 2's half) moves to c3 (its own half): until end of turn it does
    not tap when attacking. It strikes Кочевник on d4 (medium 3) and stays open; without the move it
    closes. At the end of the turn the gain expires."""
    cards = [card("b", "Кабаний наездник", 1, "c4"), card("k", "Кочевник", 2, "d4")]
    head = ('active_player = 1\ndice = [4, 1]\nactions = [{ do = "move", card = "b", to = "c3" }, '
            '{ do = "attack", card = "b", target = "k" }]\n')
    r = play(tmp_path, head, cards)
    assert c(r, "k")["wounds"] == 3
    assert not c(r, "b")["closed"]
    head = 'active_player = 1\ndice = [4, 1]\nactions = [{ do = "attack", card = "b", target = "k" }]\n'
    r = play(tmp_path, head, [card("b", "Кабаний наездник", 1, "c3"), card("k", "Кочевник", 2, "d4")])
    assert c(r, "b")["closed"]
