"""Set-1 cards played with cure_poison (an `also` effect), special_strike_stuns_closed, amount_of, the
magic_strike ranged kind and strikes_only_opposite (VOCABULARY.md), each as a scenario with forced dice
through the real engine (greedy policies).

Expected values are worked out by hand from docs/RULES.md section 5 and the printed stats in set1.toml.
Кочевник: steppe, 3 ordinary, life 8, strike 1-2-3, no abilities.
"""
import pytest
from scenario_util import card, play

from decks.cardset import load_cardset
from decks.errors import InputError
from simcore.scenario import ScenarioError


def c(result, label):
    return result["cards"][label]


# ---- 1-73 Друид: tap: heal a creature by 2 and remove its poison ----------------------------------------------------
def test_1_73_druid_breath_of_the_forest_heals_2_and_removes_all_poison(tmp_path):
    """Друид (c2) plays 'breath of the forest' on its Кочевник (3 wounds, poison 2): 1 wound left, no
    poison; the Друид closes (tap). On an enemy poisoned Кочевник at any distance the same."""
    act = 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "d", ability = 1, target = "k" }]\n'
    r = play(tmp_path, act, [card("d", "Друид", 1, "c2"), card("k", "Кочевник", 1, "a1", wounds=3, poison=2),
                             card("e", "Кочевник", 2, "e6")])
    assert c(r, "k")["wounds"] == 1 and c(r, "k")["poison"] == 0
    assert c(r, "d")["closed"]
    r = play(tmp_path, act.replace('"k"', '"e"'), [card("d", "Друид", 1, "c2"),
                                                 card("e", "Кочевник", 2, "e6", wounds=1, poison=3)])
    assert c(r, "e")["wounds"] == 0 and c(r, "e")["poison"] == 0


def test_1_73_druid_cured_card_takes_no_poison_wounds_at_its_turn_start(tmp_path):
    """The cured Кочевник (poison 2, 1 wound) takes no poison wounds at the start of its owner's next
    turn; without the cure it would take 2 (117, poison ticks at the turn start)."""
    act = ('active_player = 1\ndice = []\nactions = [{ do = "use", card = "d", ability = 1, target = "k" }, '
           '{ do = "end_turn" }, { do = "end_turn" }]\n')
    r = play(tmp_path, act, [card("d", "Друид", 1, "c2"), card("k", "Кочевник", 1, "a1", wounds=1, poison=2),
                             card("e", "Кочевник", 2, "e6")])
    assert c(r, "k")["wounds"] == 0 and c(r, "k")["poison"] == 0


def test_cure_poison_is_an_also_effect_without_amount(tmp_path):
    """`also = { effect = "cure_poison", amount = 1 }` and an `also` wound without an amount are refused."""
    base = (tmp_path / "base.toml")
    src = ('["X"]\nset_number = "9-1"\nelement = "forest"\ncost = 1\nelite = false\nunique = false\n'
           'kind = "creature"\nlife = 2\nmove = 1\nstrike = [1, 1, 1]\n')
    for also, msg in (('{ effect = "cure_poison", amount = 1 }', "cure_poison takes no amount"),
                      ('{ effect = "wound" }', "needs an amount")):
        base.write_text(src + 'abilities = [{ kind = "played", effect = "heal", target = "chosen", amount = 1, '
                        f'also = {also} }}]\n', encoding="utf-8")
        with pytest.raises(InputError, match=msg):
            load_cardset(base)


# ---- 1-55 Борг: counter+tap: special strike 3, a tapped target does not untap on its next turn -------------------
BORG = ('active_player = 1\ndice = []\nactions = [{ do = "ability", card = "b", ability = 1, target = "k" }, '
        '{ do = "end_turn" }]\n')


def test_1_55_borg_special_strike_stuns_a_closed_target(tmp_path):
    """Борг (c3, one counter) deals special strike 3 to the closed enemy Кочевник (c4): 3 wounds, and at
    the start of player 2's turn it stays closed (stunned) while his other closed Кочевник opens."""
    r = play(tmp_path, BORG, [card("b", "Борг", 1, "c3", counters=1), card("k", "Кочевник", 2, "c4", closed=True),
                              card("x", "Кочевник", 2, "a6", closed=True)])
    assert c(r, "k")["wounds"] == 3
    assert c(r, "k")["closed"] and not c(r, "x")["closed"]
    assert c(r, "b")["counters"] == 0 and c(r, "b")["closed"]


def test_1_55_borg_special_strike_does_not_stun_an_open_target(tmp_path):
    """The same strike at an open Кочевник: 3 wounds, and it is open at its owner's next turn."""
    r = play(tmp_path, BORG, [card("b", "Борг", 1, "c3", counters=1), card("k", "Кочевник", 2, "c4")])
    assert c(r, "k")["wounds"] == 3 and not c(r, "k")["closed"]


def test_special_strike_stuns_closed_needs_a_special_strike(tmp_path):
    f = tmp_path / "x.toml"
    f.write_text('["X"]\nset_number = "9-1"\nelement = "forest"\ncost = 1\nelite = false\nunique = false\n'
                 'kind = "creature"\nlife = 2\nmove = 1\nstrike = [1, 1, 1]\nspecial_strike_stuns_closed = true\n',
                 encoding="utf-8")
    with pytest.raises(InputError, match="no special strike"):
        load_cardset(f)


# ---- 1-92 Кобольд: on strike: heal X, X = medium strike of the creature opposite --------------------------------
def test_1_92_kobold_on_strike_heals_the_medium_strike_of_the_creature_opposite(tmp_path):
    """Кобольд (player 1, c3, 5 wounds) strikes the Кочевник e in front of it (c4): dice 4, 1 (A-D=+3,
    medium 3 wounds). It then heals X = 2, the printed medium strike of Кочевник c4 (the creature
    opposite): 3 wounds left. With Борг (medium 3) opposite it and the Кочевник struck on d4 instead,
    X = 3: 2 wounds left."""
    act = ('active_player = 1\ndice = [4, 1]\nactions = [{ do = "attack", card = "k", target = "e", '
           'exchange = "keep" }]\n')
    r = play(tmp_path, act, [card("k", "Кобольд", 1, "c3", wounds=5), card("e", "Кочевник", 2, "c4")])
    assert c(r, "e")["wounds"] == 3 and c(r, "k")["wounds"] == 3
    r = play(tmp_path, act, [card("k", "Кобольд", 1, "c3", wounds=5), card("e", "Кочевник", 2, "d4"),
                             card("b", "Борг", 2, "c4")])
    assert c(r, "e")["wounds"] == 3 and c(r, "k")["wounds"] == 2


def test_1_92_kobold_heals_nothing_with_no_creature_opposite(tmp_path):
    """The Кочевник struck on the diagonal (d4), nothing on c4: X = 0, the 5 wounds stay."""
    act = ('active_player = 1\ndice = [4, 1]\nactions = [{ do = "attack", card = "k", target = "e", '
           'exchange = "keep" }]\n')
    r = play(tmp_path, act, [card("k", "Кобольд", 1, "c3", wounds=5), card("e", "Кочевник", 2, "d4")])
    assert c(r, "e")["wounds"] == 3 and c(r, "k")["wounds"] == 5


def test_amount_of_replaces_amount_on_heal_or_wound_only(tmp_path):
    f = tmp_path / "x.toml"
    src = ('["X"]\nset_number = "9-1"\nelement = "forest"\ncost = 1\nelite = false\nunique = false\n'
           'kind = "creature"\nlife = 2\nmove = 1\nstrike = [1, 1, 1]\n')
    for ab in ('{ kind = "triggered", trigger = "on_strike", effect = "poison", amount_of = "opposite_medium_strike" }',
               '{ kind = "triggered", trigger = "on_strike", effect = "heal", amount = 1, amount_of = "opposite_medium_strike" }'):
        f.write_text(src + f"abilities = [{ab}]\n", encoding="utf-8")
        with pytest.raises(InputError, match="amount_of"):
            load_cardset(f)


# ---- 1-101 Циклоп: magic strike 2; strikes only at the card opposite -------------------------------------------
MAGIC = 'active_player = 1\ndice = [{die}]\nactions = [{{ do = "ranged", card = "m", target = "t" }}]\n'


def test_504_magic_strike_is_magical_single_roll_at_an_adjacent_creature(tmp_path):
    """Циклоп (c3) magic strikes Мастер топора (d4, armor 1): only the attacker rolls (die 4: medium 2), no
    counter-strike, and armor does not absorb a magical attack: 2 wounds. The same at Кочевник b5 (two
    cells away) is illegal."""
    r = play(tmp_path, MAGIC.format(die=4), [card("m", "Циклоп", 1, "c3"), card("t", "Мастер топора", 2, "d4")])
    assert c(r, "t")["wounds"] == 2 and c(r, "m")["wounds"] == 0 and c(r, "m")["closed"]
    with pytest.raises(ScenarioError, match="not adjacent"):
        play(tmp_path, MAGIC.format(die=4), [card("m", "Циклоп", 1, "c3"), card("t", "Кочевник", 2, "b5")])


def test_504_protection_from_magic_blocks_a_magic_strike(tmp_path):
    """Мастер топора (two counters, die 6: strong 2 + 2) magic strikes Циклоп (ZoM): no wounds, and it
    still spends its counters; at a Кочевник the same strike deals 4."""
    r = play(tmp_path, MAGIC.format(die=6), [card("m", "Мастер топора", 1, "c3", counters=2),
                                             card("t", "Циклоп", 2, "c4")])
    assert c(r, "t")["wounds"] == 0 and c(r, "m")["counters"] == 0
    r = play(tmp_path, MAGIC.format(die=6), [card("m", "Мастер топора", 1, "c3", counters=2),
                                             card("t", "Кочевник", 2, "c4")])
    assert c(r, "t")["wounds"] == 4 and c(r, "m")["counters"] == 0


def test_1_46_axe_master_magic_strike_with_no_counter_is_0_1_2(tmp_path):
    """Without counters: die 4, medium 1 wound; die 1, weak 0 wounds."""
    r = play(tmp_path, MAGIC.format(die=4), [card("m", "Мастер топора", 1, "c3"), card("t", "Кочевник", 2, "c4")])
    assert c(r, "t")["wounds"] == 1
    r = play(tmp_path, MAGIC.format(die=1), [card("m", "Мастер топора", 1, "c3"), card("t", "Кочевник", 2, "c4")])
    assert c(r, "t")["wounds"] == 0


def test_1_101_cyclops_may_strike_only_the_card_opposite(tmp_path):
    """Циклоп (c3) may not strike the Кочевник on d4 (diagonal, another column); the one on c4 it strikes
    (dice 6, 1: strong 6 wounds, the Кочевник with 8 life keeps 2)."""
    act = ('active_player = 1\ndice = [6, 1]\nactions = [{ do = "attack", card = "m", target = "t", '
           'exchange = "keep" }]\n')
    with pytest.raises(ScenarioError, match="opposite"):
        play(tmp_path, act, [card("m", "Циклоп", 1, "c3"), card("t", "Кочевник", 2, "d4")])
    r = play(tmp_path, act, [card("m", "Циклоп", 1, "c3"), card("t", "Кочевник", 2, "c4")])
    assert c(r, "t")["wounds"] == 6


@pytest.mark.parametrize("name", ["Друид", "Борг", "Кобольд", "Циклоп", "Мастер топора"])
def test_catalog_parts_of_the_new_cards_are_covered(name):
    """Every part of the catalog text of each new card is covered by a vocabulary pattern, and the card
    is no longer listed by `berserk cards --missing`."""
    from decks.catalog import covered, load_catalog, missing

    card = next(c for c in load_catalog() if c.name == name)
    assert all(covered(p) for p in card.parts), [p for p in card.parts if not covered(p)]
    assert name not in {c.name for c, _ in missing(load_cardset())}
