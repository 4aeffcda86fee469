"""Abilities (docs/RULES.md section 8, rules 113-118, 123, 503.3, 509.3) and the seed cards of section 10,
played as scenarios with forced dice through the real engine.

Expected values are worked out by hand from the dice table of docs/RULES.md section 5 (A-D >= 5: strong
strike, no counter-strike; A-D = 3: medium, none; A-D = 1: weak, none; a closed target or a ranged
attack: only the attacker rolls, 1-3 weak, 4-5 medium, 6 strong) and the stats in set1.toml:
Кочевник life 8 strike 1-2-3; Вайл life 14 strike 1-1-4; Гаррид-лучник life 9, shot 1-2-3 range 4;
Арацент life 12 strike 2-2-3, poisons 1/2/2; the seed cards' house stats (assumed = true).
"""
import pytest
from scenario_util import card, extended_cardset, play

from simcore.scenario import ScenarioError


@pytest.fixture(scope="module")
def xcards(tmp_path_factory):
    return extended_cardset(tmp_path_factory)


def refused(tmp_path, head, cards, cardset=None):
    with pytest.raises(ScenarioError) as e:
        play(tmp_path, head, cards, cardset)
    assert "\n" not in str(e.value)
    return str(e.value)


def c(result, label):
    return result["cards"][label]


# ---- 114: played abilities ---------------------------------------------------------------------------------
def test_114_2_1_slow_ability_only_in_the_owners_choice_subphase(tmp_path):
    cards = [card("h", "Харон", 1, "c3", counters=3), card("k", "Кочевник", 2, "c4")]
    msg = refused(tmp_path, 'active_player = 2\ndice = []\nactions = [{ do = "use", card = "h", ability = 1, '
                  'target = "k" }]\n', cards)
    assert "does not belong to the active player" in msg
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "h", ability = 1, '
             'target = "k" }]\n', cards)
    assert c(r, "k")["zone"] == "graveyard" and c(r, "h")["zone"] == "graveyard"


def test_seed_charon_last_journey_destroys_charon_and_a_chosen_creature(tmp_path):
    """509.2: destruction without wounds; the chosen creature may be anywhere on the field."""
    cards = [card("h", "Харон", 1, "a1", counters=3), card("v", "Вайл", 2, "e6"),
             card("k", "Кочевник", 2, "c4")]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "h", ability = 1, '
             'target = "v" }]\n', cards)
    assert c(r, "v")["zone"] == "graveyard" and c(r, "v")["wounds"] == 0
    assert c(r, "h")["zone"] == "graveyard"
    assert c(r, "k")["zone"] == "battlefield"
    assert any("uses ability 1 (destroy)" in e for e in r["events"])


def test_123_3_paying_counters_removes_exactly_n(tmp_path):
    cards = [card("h", "Харон", 1, "a1", counters=5), card("v", "Вайл", 2, "e6")]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "h", ability = 1, '
             'target = "v" }]\n', cards)
    assert c(r, "h")["counters"] == 2


def test_123_too_few_counters_refuse_the_ability(tmp_path):
    cards = [card("h", "Харон", 1, "a1", counters=2), card("v", "Вайл", 2, "e6")]
    msg = refused(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "h", ability = 1, '
                  'target = "v" }]\n', cards)
    assert "has no counter to pay" in msg


def test_123_2_a_counter_cost_gives_tap_gain_a_counter(tmp_path):
    """Харон prints no "tap: gain a counter", but its spell costs counters."""
    cards = [card("h", "Харон", 1, "a1"), card("v", "Вайл", 2, "e6")]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "gain_counter", card = "h" }]\n', cards)
    assert c(r, "h")["counters"] == 1 and c(r, "h")["closed"]


def test_114_spell_cannot_target_a_creature_protected_from_spells(tmp_path):
    cards = [card("h", "Харон", 1, "a1", counters=3), card("b", "Берсерк", 2, "e6")]
    msg = refused(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "h", ability = 1, '
                  'target = "b" }]\n', cards)
    assert "protected from spells" in msg


def test_114_playing_an_ability_closes_the_card(tmp_path):
    """506.5: a tap ability is the card's action: it closes and cannot act again this turn."""
    cards = [card("l", "Ловчий", 1, "a1"), card("v", "Вайл", 2, "e6")]
    msg = refused(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "l", ability = 1 },'
                  ' { do = "use", card = "l", ability = 1 }]\n', cards)
    assert "action 2" in msg and "closed" in msg


# ---- 118: delayed abilities -----------------------------------------------------------------------------
def test_118_trap_waits_for_an_enemy_act_not_a_move(tmp_path):
    """Ловчий's trap: the next enemy creature that acts (not moves) takes 3 wounds, before its action;
    Гаррид-лучник then shoots Кочевник: A=6, strong shot 3."""
    cards = [card("l", "Ловчий", 1, "a1"), card("k", "Кочевник", 1, "c1"),
             card("g", "Гаррид-лучник", 2, "c5"), card("v", "Вайл", 2, "e6")]
    r = play(tmp_path, 'active_player = 1\ndice = [6]\nactions = [{ do = "use", card = "l", ability = 1 }, '
             '{ do = "end_turn" }, { do = "move", card = "v", to = "e5" }, '
             '{ do = "ranged", card = "g", target = "k" }]\n', cards)
    assert c(r, "v")["wounds"] == 0
    assert c(r, "g")["wounds"] == 3
    assert c(r, "k")["wounds"] == 3
    fired = [e for e in r["events"] if "trap 3 fires" in e]
    assert len(fired) == 1 and fired[0].endswith("fires on g")


def test_118_trap_fires_after_source_left(tmp_path):
    """The trap stays when Ловчий dies (here struck down by its own side with attack_own_cards = 1:
    a closed target, A=6: strong 3 wounds on 1 life left)."""
    cards = [card("l", "Ловчий", 1, "a1", wounds=6), card("k", "Кочевник", 1, "a2"),
             card("g", "Гаррид-лучник", 2, "a5")]
    r = play(tmp_path, 'active_player = 1\nrules = { attack_own_cards = 1 }\ndice = [6, 1]\nactions = ['
             '{ do = "use", card = "l", ability = 1 }, { do = "attack", card = "k", target = "l" }, '
             '{ do = "end_turn" }, { do = "ranged", card = "g", target = "k" }]\n', cards)
    assert c(r, "l")["zone"] == "graveyard"
    assert c(r, "g")["wounds"] == 3          # the trap, after its source left play
    assert c(r, "k")["wounds"] == 1          # A=1: weak shot 1


def test_118_trap_can_destroy_the_actor_before_it_acts(tmp_path):
    cards = [card("l", "Ловчий", 1, "a1"), card("k", "Кочевник", 1, "c1"),
             card("g", "Гаррид-лучник", 2, "c5", wounds=6), card("v", "Вайл", 2, "e6")]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "l", ability = 1 }, '
             '{ do = "end_turn" }, { do = "ranged", card = "g", target = "k" }]\n', cards)
    assert c(r, "g")["zone"] == "graveyard"
    assert c(r, "k")["wounds"] == 0 and r["dice_used"] == 0


def test_118_boost_the_next_medium_or_strong_steppe_attack(tmp_path):
    """Альхенгард's boost skips a weak strike (A-D=1: weak 1) and adds 1 to the next medium strike
    (A-D=3: medium 2 + 1 = 3); a third strike gets nothing."""
    cards = [card("a", "Альхенгард", 1, "a1"), card("k1", "Кочевник", 1, "b3"),
             card("k2", "Кочевник", 1, "c3"), card("k3", "Кочевник", 1, "d3"),
             card("v", "Вайл", 2, "c4")]
    r = play(tmp_path, 'active_player = 1\ndice = [2, 1, 4, 1, 4, 1]\nactions = ['
             '{ do = "use", card = "a", ability = 1 }, { do = "attack", card = "k1", target = "v" }, '
             '{ do = "attack", card = "k2", target = "v" }, { do = "attack", card = "k3", target = "v" }]\n',
             cards)
    assert c(r, "v")["wounds"] == 1 + 3 + 2


def test_118_boost_applies_even_after_its_source_left_play(tmp_path):
    cards = [card("a", "Альхенгард", 1, "b2", wounds=7), card("k1", "Кочевник", 1, "b3"),
             card("k2", "Кочевник", 1, "c3"), card("v", "Вайл", 2, "c4")]
    # k1 strikes its own closed Альхенгард with a weak strike (A=2: weak 1 on 1 life left; a weak
    # attack does not use the boost), then k2 strikes Вайл: A-D=5, strong 3 + 1
    r = play(tmp_path, 'active_player = 1\nrules = { attack_own_cards = 1 }\ndice = [2, 6, 1]\nactions = ['
             '{ do = "use", card = "a", ability = 1 }, { do = "attack", card = "k1", target = "a" }, '
             '{ do = "attack", card = "k2", target = "v" }]\n', cards)
    assert c(r, "a")["zone"] == "graveyard"
    assert c(r, "v")["wounds"] == 4


def test_118_boost_ignores_attacks_of_other_elements(tmp_path):
    cards = [card("a", "Альхенгард", 1, "a1"), card("h", "Хедд", 1, "c3"), card("v", "Вайл", 2, "c4")]
    r = play(tmp_path, 'active_player = 1\ndice = [4, 1]\nactions = ['
             '{ do = "use", card = "a", ability = 1 }, { do = "attack", card = "h", target = "v" }]\n', cards)
    assert c(r, "v")["wounds"] == 2           # Хедд (swamps) medium 2, no boost


def test_118_3_rafael_wounds_now_and_heals_at_the_end_of_the_turn(tmp_path):
    cards = [card("r", "Рафаэль", 1, "a1"), card("k", "Кочевник", 1, "c3", wounds=4),
             card("v", "Вайл", 2, "e6")]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "r", ability = 1, '
             'target = "k" }]\n', cards)
    assert c(r, "k")["wounds"] == 6
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "r", ability = 1, '
             'target = "k" }, { do = "end_turn" }]\n', cards)
    assert c(r, "k")["wounds"] == 1


def test_118_3_rafael_heal_comes_even_after_rafael_left_play(tmp_path):
    cards = [card("r", "Рафаэль", 1, "a1", wounds=7), card("k", "Кочевник", 1, "a2", wounds=4),
             card("v", "Вайл", 2, "e6")]
    r = play(tmp_path, 'active_player = 1\nrules = { attack_own_cards = 1 }\ndice = [6]\nactions = ['
             '{ do = "use", card = "r", ability = 1, target = "k" }, { do = "attack", card = "k", target = "r" }, '
             '{ do = "end_turn" }]\n', cards)
    assert c(r, "r")["zone"] == "graveyard"
    assert c(r, "k")["wounds"] == 1


def test_118_rafael_targets_only_its_own_creatures(tmp_path):
    cards = [card("r", "Рафаэль", 1, "a1"), card("v", "Вайл", 2, "e6")]
    msg = refused(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "r", ability = 1, '
                  'target = "v" }]\n', cards)
    assert "not one of" in msg


# ---- triggered abilities ------------------------------------------------------------------------------------
def test_seed_warrior_of_vails_wither_lowers_the_life_maximum(tmp_path):
    """On strike: the attacked card's life maximum -1 (508.4: life reduction, not wounds).
    Воин Вайлов strikes Кочевник: A-D=5, strong 3 wounds; life max 8 -> 7; life 7 - 3 = 4."""
    cards = [card("w", "Воин Вайлов", 1, "c3"), card("k", "Кочевник", 2, "c4")]
    r = play(tmp_path, 'active_player = 1\ndice = [6, 1]\nactions = [{ do = "attack", card = "w", target = "k" }]\n',
             cards)
    assert (c(r, "k")["wounds"], c(r, "k")["life_max"], c(r, "k")["life"]) == (3, 7, 4)


def test_509_3_on_death_ability_uses_the_last_cell(tmp_path, xcards):
    """Тест-мученик dies on c4 and wounds every enemy creature adjacent to c4 by 2."""
    cards = [card("m", "Тест-мученик", 2, "c4"), card("k", "Кочевник", 1, "c3"),
             card("k2", "Кочевник", 1, "d5"), card("far", "Кочевник", 1, "a1")]
    r = play(tmp_path, 'active_player = 1\ndice = [6, 1]\nactions = [{ do = "attack", card = "k", target = "m" }]\n',
             cards, xcards)
    assert c(r, "m")["zone"] == "graveyard"
    assert (c(r, "k")["wounds"], c(r, "k2")["wounds"], c(r, "far")["wounds"]) == (2, 2, 0)


def test_509_3_a_finished_off_creature_fires_its_on_death_abilities_at_once(tmp_path, xcards):
    """Единорог finishes off Тест-мученик (life 3 <= 3, 509.2) on c4: its on-death ability wounds the
    enemy creatures adjacent to c4 (Единорог on c3, Кочевник on d4) by 2 in the same action, not at a
    later check (found by the invariant tests: the finished-off card waited for its on-death abilities)."""
    cards = [card("m", "Тест-мученик", 2, "c4"), card("u", "Единорог", 1, "c3"),
             card("k", "Кочевник", 1, "d4"), card("far", "Кочевник", 1, "a1")]
    r = play(tmp_path, 'active_player = 1\ndice = []\n'
             'actions = [{ do = "ability", card = "u", ability = 1, target = "m" }]\n', cards, xcards)
    assert c(r, "m")["zone"] == "graveyard"
    assert (c(r, "u")["wounds"], c(r, "k")["wounds"], c(r, "far")["wounds"]) == (2, 2, 0)


# ---- 115 and 503.3: permanent abilities, recomputation -----------------------------------------------------
def test_115_one_gribynych_strips_its_neighbours(tmp_path):
    """Арацент next to an enemy Грибыныч has no abilities: its medium strike (A-D=3: 2 wounds) does
    not poison; a far Арацент keeps them."""
    cards = [card("gr", "Грибыныч", 2, "b4"), card("a", "Арацент", 1, "c3"), card("k", "Кочевник", 2, "c4"),
             card("a2", "Арацент", 1, "e1")]
    r = play(tmp_path, 'active_player = 1\ndice = [4, 1]\nactions = [{ do = "attack", card = "a", target = "k" }]\n',
             cards)
    assert c(r, "a")["abilities_lost"] and c(r, "k")["abilities_lost"]
    assert not c(r, "gr")["abilities_lost"] and not c(r, "a2")["abilities_lost"]
    assert (c(r, "k")["wounds"], c(r, "k")["poison"]) == (2, 0)


def test_503_3_two_adjacent_gribynychi_leave_nobody_without_abilities(tmp_path):
    """x1: both Грибынычи and their neighbours lose abilities; x2: nothing is removed = x0: stop."""
    cards = [card("g1", "Грибыныч", 1, "b3"), card("g2", "Грибыныч", 2, "b4"), card("a", "Арацент", 1, "c3"),
             card("k", "Кочевник", 2, "c4")]
    r = play(tmp_path, 'active_player = 1\ndice = [4, 1]\nactions = [{ do = "attack", card = "a", target = "k" }]\n',
             cards)
    assert not any(c(r, x)["abilities_lost"] for x in ("g1", "g2", "a", "k"))
    assert (c(r, "k")["wounds"], c(r, "k")["poison"]) == (2, 2)


def test_115_effect_detaches_when_the_source_leaves_play(tmp_path):
    """Кочевник kills the Грибыныч (1 life left, A-D=5); Арацент then has its abilities again and
    poisons (A-D=3: medium 2, poison 2)."""
    cards = [card("gr", "Грибыныч", 2, "b4", wounds=7), card("k1", "Кочевник", 1, "b3"),
             card("a", "Арацент", 1, "c3"), card("k", "Кочевник", 2, "c4")]
    r = play(tmp_path, 'active_player = 1\ndice = [6, 1, 4, 1]\nactions = ['
             '{ do = "attack", card = "k1", target = "gr" }, { do = "attack", card = "a", target = "k" }]\n', cards)
    assert c(r, "gr")["zone"] == "graveyard"
    assert not c(r, "a")["abilities_lost"]
    assert (c(r, "k")["wounds"], c(r, "k")["poison"]) == (2, 2)


# ---- 117: acquired abilities ----------------------------------------------------------------------------------
def test_117_acquired_poison_stays_after_its_source_dies(tmp_path):
    """Арацент poisons Кочевник 2 (A-D=3, medium), then dies to its own side's strike; at the start of
    player 2's turn the poison ticks 2 (2 + 2 wounds)."""
    cards = [card("a", "Арацент", 1, "c3", wounds=11), card("k1", "Кочевник", 1, "b3"),
             card("k", "Кочевник", 2, "c4")]
    r = play(tmp_path, 'active_player = 1\nrules = { attack_own_cards = 1 }\ndice = [4, 1, 6]\nactions = ['
             '{ do = "attack", card = "a", target = "k" }, { do = "attack", card = "k1", target = "a" }, '
             '{ do = "end_turn" }]\n', cards)
    assert c(r, "a")["zone"] == "graveyard"
    assert (c(r, "k")["wounds"], c(r, "k")["poison"]) == (4, 2)


# ---- simple abilities on many cards ---------------------------------------------------------------------------
def test_simple_ability_hits_every_matching_enemy_at_once(tmp_path, xcards):
    """Тест-кулак's spell 'магический кулак': every enemy ordinary card costing 3 takes 2 wounds at
    once, the one with 2 life left dies; Вайл (cost 6) and own cards are untouched."""
    cards = [card("f", "Тест-кулак", 1, "a1", counters=2), card("own", "Кочевник", 1, "b1"),
             card("k1", "Кочевник", 2, "c5"), card("k2", "Кочевник", 2, "d6", wounds=6),
             card("m", "Мародер", 2, "e6"), card("v", "Вайл", 2, "a6")]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "f", ability = 1 }]\n',
             cards, xcards)
    assert c(r, "k1")["wounds"] == 2 and c(r, "m")["wounds"] == 2
    assert c(r, "k2")["zone"] == "graveyard"
    assert c(r, "v")["wounds"] == 0 and c(r, "own")["wounds"] == 0
    assert c(r, "f")["counters"] == 0


def test_seed_unicorn_finishes_off_three_or_less(tmp_path):
    cards = [card("u", "Единорог", 1, "c3"), card("k", "Кочевник", 2, "c4", wounds=5)]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "ability", card = "u", ability = 1, '
             'target = "k" }]\n', cards)
    assert c(r, "k")["zone"] == "graveyard" and c(r, "k")["wounds"] == 5
    cards[1] = card("k", "Кочевник", 2, "c4", wounds=4)
    msg = refused(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "ability", card = "u", ability = 1, '
                  'target = "k" }]\n', cards)
    assert "above the finish-off value" in msg


# ---- 114.2.2 and section 4: priority windows and the stack --------------------------------------------------
def test_114_2_2_fast_answer_between_the_declaration_and_the_dice(tmp_path):
    """Player 2's Кочевник attacks k (4 life left); player 1 answers with Рафаэль: k takes 2 before the
    dice, so the medium strike (A-D=3: 2 wounds) destroys it. Without the answer it would survive."""
    cards = [card("r", "Рафаэль", 1, "a1"), card("k", "Кочевник", 1, "c3", wounds=4),
             card("e", "Кочевник", 2, "c4")]
    head = 'active_player = 2\ndice = [4, 1]\nactions = [{ do = "attack", card = "e", target = "k"%s }]\n'
    r = play(tmp_path, head % ', answers = [{ card = "r", ability = 1, target = "k" }]', cards)
    assert c(r, "k")["zone"] == "graveyard"
    assert c(r, "r")["closed"]
    r = play(tmp_path, head % "", cards)
    assert (c(r, "k")["zone"], c(r, "k")["wounds"]) == ("battlefield", 6)


def test_114_2_2_answers_resolve_last_in_first_out(tmp_path):
    """Both players answer an attack with their Рафаэль: the later answer (player 2's) resolves first."""
    cards = [card("r1", "Рафаэль", 1, "a1"), card("k1", "Кочевник", 1, "b1"), card("a", "Кочевник", 1, "c3"),
             card("r2", "Рафаэль", 2, "a6"), card("k2", "Кочевник", 2, "b6"), card("v", "Вайл", 2, "c4")]
    r = play(tmp_path, 'active_player = 1\ndice = [4, 1]\nactions = [{ do = "attack", card = "a", target = "v", '
             'answers = [{ card = "r1", ability = 1, target = "k1" }, { card = "r2", ability = 1, target = "k2" }] }]\n',
             cards)
    ev = r["events"]
    first = next(i for i, e in enumerate(ev) if e.startswith("r2 uses ability 1"))
    second = next(i for i, e in enumerate(ev) if e.startswith("r1 uses ability 1"))
    roll = next(i for i, e in enumerate(ev) if e.startswith("roll:"))
    assert first < second < roll
    assert c(r, "k1")["wounds"] == 2 and c(r, "k2")["wounds"] == 2 and c(r, "v")["wounds"] == 2


def test_114_2_2_trap_set_at_the_end_of_the_turn(tmp_path):
    """Ловчий (still open) sets its trap in the end-of-turn window; player 2's first act springs it."""
    cards = [card("l", "Ловчий", 1, "a1"), card("k", "Кочевник", 1, "c1"), card("g", "Гаррид-лучник", 2, "c5")]
    r = play(tmp_path, 'active_player = 1\ndice = [1]\nactions = [{ do = "end_turn", answers = [{ card = "l", '
             'ability = 1 }] }, { do = "ranged", card = "g", target = "k" }]\n', cards)
    assert c(r, "g")["wounds"] == 3 and c(r, "k")["wounds"] == 1


def test_114_2_2_a_closed_card_cannot_answer(tmp_path):
    cards = [card("r", "Рафаэль", 1, "a1", closed=True), card("k", "Кочевник", 1, "c3"),
             card("e", "Кочевник", 2, "c4")]
    msg = refused(tmp_path, 'active_player = 2\ndice = [4, 1]\nactions = [{ do = "attack", card = "e", target = "k", '
                  'answers = [{ card = "r", ability = 1, target = "k" }] }]\n', cards)
    assert "answer 1" in msg and "not legal" in msg


def test_114_2_1_a_slow_ability_cannot_answer(tmp_path):
    cards = [card("h", "Харон", 1, "a1", counters=3), card("k", "Кочевник", 1, "c3"),
             card("e", "Кочевник", 2, "c4")]
    msg = refused(tmp_path, 'active_player = 2\ndice = [4, 1]\nactions = [{ do = "attack", card = "e", target = "k", '
                  'answers = [{ card = "h", ability = 1, target = "e" }] }]\n', cards)
    assert "answer 1" in msg and "not legal" in msg
