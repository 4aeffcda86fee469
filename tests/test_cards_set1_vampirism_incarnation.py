"""Set-1 darkness cards of vampirism, teleport, a ranged attack charged by extra lives, the
`spread` and `self_first` ability keys, the amount_of own_above_printed_life, and incarnation (with the
on_incarnate trigger and the incarnation_token effect), each as a scenario with forced dice through the
real engine (greedy policies). Readings: VOCABULARY.md, "Vampirism, teleport, incarnation".

Expected values are worked out by hand from docs/RULES.md section 5 and the printed stats in set1.toml.
Кочевник: steppe, 3 ordinary, life 8, strike 1-2-3, no abilities.
"""
import pytest
from scenario_util import card, play, whole_games

from decks.cardset import load_cardset
from decks.errors import InputError
from simcore.scenario import ScenarioError


def c(result, label):
    return result["cards"][label]


def attack(att, tgt):
    return f'{{ do = "attack", card = "{att}", target = "{tgt}" }}'


def head(dice, *actions, active=1):
    return f'active_player = {active}\ndice = {list(dice)}\nactions = [{", ".join(actions)}]\n'


# ---- vampirism -------------------------------------------------------------------------------------------
def test_1_139_vampire_heals_x_minus_1_and_grows_above_its_printed_life(tmp_path):
    """Вампир (unanswered strike, vampirism X-1, no maximum) strikes a Кочевник strongly: 3 wounds, it gains
    2 life: with 2 wounds it heals them; unwounded it takes them as extra lives (life 11 > printed 9)."""
    r = play(tmp_path, head([6], attack("v", "k")),
             [card("v", "Вампир", 1, "c3", wounds=2), card("k", "Кочевник", 2, "c4")])
    assert c(r, "k")["wounds"] == 3
    assert (c(r, "v")["wounds"], c(r, "v")["extra_lives"], c(r, "v")["life"]) == (0, 0, 9)
    assert "v gains 2 life by vampirism (life 9)" in r["events"]
    r = play(tmp_path, head([6], attack("v", "k")), [card("v", "Вампир", 1, "c3"), card("k", "Кочевник", 2, "c4")])
    assert (c(r, "v")["extra_lives"], c(r, "v")["life"]) == (2, 11)
    # a weak strike (1 wound) gives 1 - 1 = 0: nothing
    r = play(tmp_path, head([1], attack("v", "k")), [card("v", "Вампир", 1, "c3"), card("k", "Кочевник", 2, "c4")])
    assert c(r, "k")["wounds"] == 1 and c(r, "v")["life"] == 9


def test_1_166_vurdalak_vampirism_stops_at_its_maximum_of_13(tmp_path):
    """Вурдалак (OvA 1, vampirism, max 13) with 2 wounds strikes a closed Кочевник: only it rolls, 5 + 1 =
    6 strong, 4 wounds; it gains 4 but only up to life 13: 2 (its wounds heal). Unwounded it gains nothing."""
    cards = [card("w", "Вурдалак", 1, "c3", wounds=2), card("k", "Кочевник", 2, "c4", closed=True)]
    r = play(tmp_path, head([5], attack("w", "k")), cards)
    assert c(r, "k")["wounds"] == 4
    assert (c(r, "w")["wounds"], c(r, "w")["extra_lives"], c(r, "w")["life"]) == (0, 0, 13)
    r = play(tmp_path, head([5], attack("w", "k")),
             [card("w", "Вурдалак", 1, "c3"), card("k", "Кочевник", 2, "c4", closed=True)])
    assert c(r, "w")["life"] == 13 and not any("vampirism" in e for e in r["events"])


def test_vampirism_counts_the_counter_strike_too(tmp_path):
    """A Кочевник attacks the Вурдалак (2 wounds): A=1, D=6 (+0): the table gives the attacker a miss and
    the defender a counter-strike; the counter-strike's wounds feed the Вурдалак's vampirism."""
    r = play(tmp_path, head([1, 6], attack("k", "w")),
             [card("k", "Кочевник", 1, "c3"), card("w", "Вурдалак", 2, "c4", wounds=2)])
    dealt = c(r, "k")["wounds"]
    assert dealt > 0
    assert c(r, "w")["wounds"] == max(2 - dealt, 0)


# ---- 1-155 Рогатый демон: teleport, vampirism max 12 -----------------------------------------------------
def test_1_155_horned_demon_teleports_to_any_empty_cell(tmp_path):
    """Teleport: from a1 to e5 (8 cells away, beyond any printed jump) in one move, its movement spent; a
    second teleport the same turn is refused (it has moved)."""
    act = head([], '{ do = "jump", card = "d", to = "e5" }')
    r = play(tmp_path, act, [card("d", "Рогатый демон", 1, "a1"), card("k", "Кочевник", 2, "a6")])
    assert c(r, "d")["cell"] == "e5"
    act = head([], '{ do = "jump", card = "d", to = "e5" }', '{ do = "jump", card = "d", to = "a3" }')
    with pytest.raises(ScenarioError, match="already moved"):
        play(tmp_path, act, [card("d", "Рогатый демон", 1, "a1"), card("k", "Кочевник", 2, "a6")])


def test_1_155_horned_demon_vampirism_up_to_12(tmp_path):
    """Рогатый демон (life 7, strike 2-2-3) strikes a closed Кочевник strongly: 3 wounds, +3 life as extra
    lives: life 10 (below its maximum 12)."""
    r = play(tmp_path, head([6], attack("d", "k")),
             [card("d", "Рогатый демон", 1, "c3"), card("k", "Кочевник", 2, "c4", closed=True)])
    assert (c(r, "d")["extra_lives"], c(r, "d")["life"]) == (3, 10)


# ---- 1-140 Ведьма слуа: tap: remove X extra lives, discharge X ----------------------------------------------
def test_1_140_slua_witch_discharges_the_extra_lives_it_removes(tmp_path):
    """With 3 extra lives it discharges 3 at a Кочевник at any distance (any roll) and loses them; with 8
    wounds (life 8 + 3 - 8 = 3) it removes only 2, keeping 1 life."""
    act = head([2], '{ do = "ranged", card = "h", target = "k" }')
    r = play(tmp_path, act, [card("h", "Ведьма слуа", 1, "a1", extra_lives=3), card("k", "Кочевник", 2, "e6")])
    assert c(r, "k")["wounds"] == 3
    assert (c(r, "h")["extra_lives"], c(r, "h")["closed"]) == (0, True)
    r = play(tmp_path, act, [card("h", "Ведьма слуа", 1, "a1", extra_lives=3, wounds=8),
                             card("k", "Кочевник", 2, "e6")])
    assert c(r, "k")["wounds"] == 2
    assert (c(r, "h")["extra_lives"], c(r, "h")["life"]) == (1, 1)


def test_1_140_slua_witch_without_extra_lives_cannot_discharge(tmp_path):
    act = head([2], '{ do = "ranged", card = "h", target = "k" }')
    with pytest.raises(ScenarioError, match="no extra life"):
        play(tmp_path, act, [card("h", "Ведьма слуа", 1, "a1"), card("k", "Кочевник", 2, "e6")])


# ---- 1-144 Герольд мрака: impact 'dissonance' ------------------------------------------------------------
def test_1_144_herald_dissonance_wounds_the_chosen_card_and_its_same_weak_enemy_neighbours(tmp_path):
    """'Dissonance' on Кочевник k (weak strike 1): k and the enemy Кочевник beside it (weak 1) take 1
    wound; the enemy Вурдалак beside it (weak 3) and the Herald's own Вампир beside it (weak 1) take none."""
    act = head([], '{ do = "use", card = "h", ability = 1, target = "k" }')
    r = play(tmp_path, act, [card("h", "Герольд мрака", 1, "a1"), card("v", "Вампир", 1, "b3"),
                             card("k", "Кочевник", 2, "c4"), card("k2", "Кочевник", 2, "d4"),
                             card("w", "Вурдалак", 2, "c5")])
    assert (c(r, "k")["wounds"], c(r, "k2")["wounds"], c(r, "w")["wounds"], c(r, "v")["wounds"]) == (1, 1, 0, 0)
    assert c(r, "h")["closed"]


# ---- 1-146 Керсамская знать: spell 'blood storm' -------------------------------------------------------
def test_1_146_kersam_noble_blood_storm_counts_cards_above_their_printed_life(tmp_path):
    """It gains an extra life first (life 8 > printed 7), then wounds the chosen Кочевник by X = 2: itself
    and the Вампир with an extra life (the unwounded Кочевник of its own at 8 = printed does not count)."""
    act = head([], '{ do = "use", card = "n", ability = 1, target = "k" }')
    r = play(tmp_path, act, [card("n", "Керсамская знать", 1, "a1"), card("v", "Вампир", 1, "b1", extra_lives=1),
                             card("o", "Кочевник", 1, "c1"), card("k", "Кочевник", 2, "e6")])
    assert c(r, "n")["extra_lives"] == 1
    assert c(r, "k")["wounds"] == 2
    # a wounded noble stays at or below its printed life after the gain: X = the Вампир only
    r = play(tmp_path, act, [card("n", "Керсамская знать", 1, "a1", wounds=2),
                             card("v", "Вампир", 1, "b1", extra_lives=1), card("k", "Кочевник", 2, "e6")])
    assert c(r, "k")["wounds"] == 1


# ---- incarnation: 1-141 Моровой всадник, 1-149 Талион --------------------------------------------------
def test_1_141_plague_rider_incarnates_open_with_ova_2_and_plus_2_strike(tmp_path):
    """Моровой всадник in its owner's graveyard with 2 of its 3 tokens: at the start of its owner's turn it
    takes the third and incarnates, open, with full life, on the cell of its half its owner chooses
    (greedy: b1, next to the enemy Кочевник on b2); it strikes at once with OvA 2 and +2: a roll of 4 + 2
    = 6 on a closed Кочевник is strong, 3 + 2 = 5 wounds."""
    act = head([4], '{ do = "end_turn" }', attack("r", "k"), active=2)
    r = play(tmp_path, act, [card("r", "Моровой всадник", 1, "graveyard", counters=2, wounds=9),
                             card("x", "Кочевник", 1, "e1"), card("k", "Кочевник", 2, "b2", closed=True)])
    assert "r incarnates on b1" in r["events"]
    assert c(r, "r")["zone"] == "battlefield" and c(r, "r")["wounds"] == 0 and c(r, "r")["counters"] == 0
    assert c(r, "k")["wounds"] == 5


def test_incarnation_takes_one_token_a_turn_and_returns_closed(tmp_path):
    """Талион (incarnation 4) with 2 tokens: after its owner's next turn start 3, it stays in the
    graveyard; with 3 it incarnates closed."""
    act = head([], '{ do = "end_turn" }', active=2)
    r = play(tmp_path, act, [card("t", "Талион", 1, "graveyard", counters=2), card("x", "Кочевник", 1, "e1"),
                             card("k", "Кочевник", 2, "a6")])
    assert (c(r, "t")["zone"], c(r, "t")["counters"]) == ("graveyard", 3)
    r = play(tmp_path, act, [card("t", "Талион", 1, "graveyard", counters=3), card("x", "Кочевник", 1, "e1"),
                             card("k", "Кочевник", 2, "a6")])
    assert (c(r, "t")["zone"], c(r, "t")["closed"], c(r, "t")["life"]) == ("battlefield", True, 9)


def test_1_149_talion_strong_strike_puts_a_token_on_the_nearest_incarnation(tmp_path):
    """Талион strikes a closed Кочевник strongly (5 + OvA 1): a token goes to the graveyard card lacking the
    fewest tokens (the Моровой всадник with 2 of 3, not the Талион with 1 of 4); a medium strike gives none."""
    cards = [card("t", "Талион", 1, "c3"), card("r", "Моровой всадник", 1, "graveyard", counters=2),
             card("t2", "Талион", 1, "graveyard", counters=1), card("k", "Кочевник", 2, "c4", closed=True)]
    r = play(tmp_path, head([5], attack("t", "k")), cards)
    assert (c(r, "r")["counters"], c(r, "t2")["counters"]) == (3, 1)
    r = play(tmp_path, head([3], attack("t", "k")), cards)
    assert (c(r, "r")["counters"], c(r, "t2")["counters"]) == (2, 1)


# ---- 1-164 Поганище: 'grave grip' on receiving an incarnation token ---------------------------------------
def test_1_164_poganishche_grave_grip_wounds_x_different_cards_when_it_takes_a_token(tmp_path):
    """Поганище in the graveyard with 1 token takes its second at its owner's turn start: 'grave grip'
    wounds 2 different cards by 1, chosen by its owner: both enemy Кочевники; with one enemy card only,
    the second wound must go to a card of its own (the ability is not optional)."""
    act = head([], '{ do = "end_turn" }', active=2)
    r = play(tmp_path, act, [card("p", "Поганище", 1, "graveyard", counters=1), card("x", "Кочевник", 1, "e1"),
                             card("k", "Кочевник", 2, "a6"), card("k2", "Кочевник", 2, "c6")])
    assert (c(r, "p")["counters"], c(r, "k")["wounds"], c(r, "k2")["wounds"], c(r, "x")["wounds"]) == (2, 1, 1, 0)
    r = play(tmp_path, act, [card("p", "Поганище", 1, "graveyard", counters=1), card("x", "Кочевник", 1, "e1"),
                             card("k", "Кочевник", 2, "a6")])
    assert (c(r, "k")["wounds"], c(r, "x")["wounds"]) == (1, 1)


def test_1_149_talion_token_fires_poganishche_grave_grip(tmp_path):
    """Талион's strong strike (5 wounds) puts a token on the Поганище (1 -> 2 tokens): 'grave grip' then
    wounds the struck Кочевник and the other enemy Кочевник by 1."""
    r = play(tmp_path, head([5], attack("t", "k")),
             [card("t", "Талион", 1, "c3"), card("p", "Поганище", 1, "graveyard", counters=1),
              card("k", "Кочевник", 2, "c4", closed=True), card("k2", "Кочевник", 2, "e6")])
    assert (c(r, "p")["counters"], c(r, "k")["wounds"], c(r, "k2")["wounds"]) == (2, 6, 1)


# ---- 1-168 Повелитель бездны: next die roll counts as 6; wounds around it when it moves ------------------
def test_1_168_abyss_lord_after_an_enemy_dies_its_next_roll_counts_as_6(tmp_path):
    """It kills a Кочевник at 1 life (a roll of 1 is still a weak strike of 4): its next die counts as 6.
    In its owner's next turn it attacks another Кочевник: the forced dice are 1 and 2, its die counts as 6
    (A=6 D=2) and the effect is used up."""
    act = head([1, 1, 2], attack("b", "k"), '{ do = "end_turn" }', '{ do = "end_turn" }', attack("b", "k2"))
    r = play(tmp_path, act, [card("b", "Повелитель бездны", 1, "c3"), card("k", "Кочевник", 2, "c4", wounds=7,
                                                                         closed=True),
                             card("k2", "Кочевник", 2, "d4")])
    assert c(r, "k")["zone"] == "graveyard"
    assert any("A=6 D=2" in e for e in r["events"]), r["events"]
    assert c(r, "b")["acquired"] & 8 == 0


def test_1_168_abyss_lord_after_your_creature_incarnates_its_next_roll_counts_as_6(tmp_path):
    """Its Моровой всадник incarnates at its owner's turn start: the Повелитель бездны's next roll (a
    forced 1) counts as 6: a strong strike of 6 on a closed Кочевник. Its own creature dying does not
    count (enemy creatures only)."""
    act = head([1], '{ do = "end_turn" }', attack("b", "k"), active=2)
    r = play(tmp_path, act, [card("b", "Повелитель бездны", 1, "c3"),
                             card("r", "Моровой всадник", 1, "graveyard", counters=2),
                             card("k", "Кочевник", 2, "c4", closed=True)])
    assert c(r, "k")["wounds"] == 6
    act = head([1, 6], attack("v", "k"))        # its Кочевник at 1 life misses and dies of the counter-strike
    r = play(tmp_path, act, [card("b", "Повелитель бездны", 1, "c3"), card("v", "Кочевник", 1, "b3", wounds=7),
                             card("k", "Кочевник", 2, "b4")])
    assert c(r, "v")["zone"] == "graveyard"
    assert c(r, "b")["acquired"] & 8 == 0


def test_1_168_abyss_lord_moving_wounds_the_cheap_creatures_around_its_new_cell(tmp_path):
    """It steps from c2 to c3: every creature around c3 costing 4 or less takes 1 wound, its own Вампир
    (4) too; the Вурдалак (7) and the Кочевник left behind beside c2 only take none."""
    act = head([], '{ do = "move", card = "b", to = "c3" }')
    r = play(tmp_path, act, [card("b", "Повелитель бездны", 1, "c2"), card("v", "Вампир", 1, "b3"),
                             card("k", "Кочевник", 2, "c4"), card("w", "Вурдалак", 2, "d4"),
                             card("o", "Кочевник", 2, "a1")])
    assert (c(r, "v")["wounds"], c(r, "k")["wounds"], c(r, "w")["wounds"], c(r, "o")["wounds"]) == (1, 1, 0, 0)


# ---- validation ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("extra, msg", [
    ('vampirism = { most = 3 }', "most"),
    ('incarnates_open = true', "no incarnation"),
    ('ranged_spends_extra_lives = true', "no ranged attack"),
    ('abilities = [{ kind = "played", effect = "heal", target = "chosen", amount = 1, '
     'spread = "adjacent_enemies_same_weak" }]', "spread is for played wounds"),
    ('abilities = [{ kind = "played", effect = "wound", target = "chosen", '
     'amount_of = "own_above_printed_life" }]', "own_above_printed_life"),
    ('abilities = [{ kind = "triggered", trigger = "on_incarnate", effect = "incarnation_token", '
     'target = "chosen" }]', "has no target"),
    ('abilities = [{ kind = "triggered", trigger = "on_incarnate", effect = "wound", amount = 1, '
     'times = "incarnation_tokens" }]', "times is for triggered abilities with a chosen target"),
])
def test_dark_vocabulary_is_validated(tmp_path, extra, msg):
    f = tmp_path / "x.toml"
    f.write_text('["X"]\nset_number = "9-1"\nelement = "darkness"\ncost = 1\nelite = false\nunique = false\n'
                 f'kind = "creature"\nlife = 2\nmove = 1\nstrike = [1, 1, 1]\n{extra}\n', encoding="utf-8")
    with pytest.raises(InputError, match=msg):
        load_cardset(f)


# ---- whole games -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("ais", [("greedy", "greedy"), ("random", "random")])
def test_games_with_the_dark_cards_end_without_errors(ais):
    """The two bundled darkness decks against each other: every game ends without an engine error; under
    the greedy AI Герольд мрака and Керсамская знать play their abilities."""
    from conftest import LISTS

    uses = whole_games(LISTS / "darkness.txt", LISTS / "darkness_undead.txt", ais, 300, 13)
    if ais == ("greedy", "greedy"):
        assert uses["Герольд мрака"] > 0 and uses["Керсамская знать"] > 0, uses


def test_incarnation_vampirism_and_teleport_happen_in_whole_games():
    """Replayed greedy games of the undead deck against the vampire deck: creatures incarnate, vampires
    gain life by vampirism."""
    from conftest import LISTS

    from simcore.matchup import make_matchup
    from simcore.replay import replay_game

    m = make_matchup(LISTS / "darkness_undead.txt", LISTS / "darkness.txt", ais=("greedy", "greedy"))
    lines = [line for i in range(12) for line in replay_game(m, 5, i)[1]]
    assert any(" incarnates " in x for x in lines)
    assert any("by vampirism" in x for x in lines)
