"""The reference engine (simcore.reference) on known positions: rules checked directly, without the
fast engine, so that the reference is not only "whatever the fast engine does"."""
from collections import Counter

import pytest

from decks import load_cardset
from simcore.reference.abilities import recompute
from simcore.reference.board import (
    MEDIUM,
    MISS,
    STRONG,
    WEAK,
    Disagreement,
    single_roll_strength,
    strike_table,
)
from simcore.reference.game import Action, Game
from simcore.reference.rng import uniform_int
from simcore.ruleset import SETTINGS, ruleset_params

CARDS = load_cardset()


class NoDecisions:
    """Players who never mulligan, buy, defend, lower strikes or answer."""
    def mulligan(self, p): return False
    def buy(self, p): return -1
    def cell(self, p, slot): raise AssertionError("no placement expected")
    def defender(self, att, tgt): return -1
    def exchange(self, *a): return False
    def fast_answer(self, p): return None
    def both_passed(self, resolving): pass


def position(cards, active=0, rules=None):
    """A game in its Choice subphase with the listed (player, name, cell) cards in play (cell -1: the
    auxiliary zone)."""
    params = ruleset_params("classic")
    r = {name: int(params[i]) for name, i in SETTINGS.items()}
    r.update(rules or {}, first=0)
    decks = [[CARDS.index(n) for p, n, _ in cards if p == q] or [CARDS.index("Кочевник")] for q in range(2)]
    g = Game(CARDS, decks, r, 1, 0, NoDecisions())
    placed = {0: 0, 1: 0}
    for p, name, cell in cards:
        c = g.card_at(p * 50 + placed[p])
        placed[p] += 1
        g.enter_play(c, cell)
    g.active = active
    for c in g.play[active]:
        c.moves_left = c.card.move if c.on_field else 0
    recompute(g)
    return g


def cell(name):
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


def test_504_strike_table_counts_over_the_36_outcomes():
    """docs/RULES.md section 5's check: weak/none 14, none/weak 5, miss both 4, medium/weak 4, medium/none 3,
    weak/medium 2, strong/weak 2, none/medium 1, strong/none 1."""
    n = Counter()
    for a in range(1, 7):
        for d in range(1, 7):
            s, c, _ = strike_table(a, d)
            n[(s, c)] += 1
    assert n == {(WEAK, MISS): 14, (MISS, WEAK): 5, (MISS, MISS): 4, (MEDIUM, WEAK): 4, (MEDIUM, MISS): 3,
                 (WEAK, MEDIUM): 2, (STRONG, WEAK): 2, (MISS, MEDIUM): 1, (STRONG, MISS): 1}
    assert [single_roll_strength(a) for a in range(1, 8)] == [WEAK] * 3 + [MEDIUM] * 2 + [STRONG] * 2


def test_503_3_two_adjacent_gribynychi_keep_their_abilities():
    """503.3's example: x1 = both Грибынычи and their neighbours lose; x2 = nobody (= x0): stop."""
    g = position([(0, "Грибыныч", cell("b2")), (0, "Грибыныч", cell("c2")), (1, "Арацент", cell("c3"))])
    assert not any(c.lost_abilities for c in g.play[0] + g.play[1])


def test_503_3_one_gribynych_takes_its_neighbours_abilities():
    g = position([(0, "Грибыныч", cell("b2")), (1, "Арацент", cell("c3")), (1, "Хедд", cell("e5"))])
    arazent, hedd = g.play[1]
    assert arazent.lost_abilities and arazent.card.poison_on_strike == (0, 0, 0)
    assert not hedd.lost_abilities and not g.play[0][0].lost_abilities


def test_509_finish_off_destroys_and_credits_the_kill():
    g = position([(0, "Единорог", cell("c3")), (1, "Кочевник", cell("c4"))])
    uni, nomad = g.play[0][0], g.play[1][0]
    nomad.wounds = nomad.life_max - 3
    assert g.action_error(Action("finish_off", uni.slot, nomad.slot)) is None
    g.act(Action("finish_off", uni.slot, nomad.slot))
    assert nomad.zone == "graveyard" and nomad.died_from == uni.slot and uni.kills == 1
    assert uni.closed and g.winner == 0 and g.end == "wipe"


def test_506_a_closed_creature_neither_moves_nor_attacks():
    g = position([(0, "Кочевник", cell("c3")), (1, "Кочевник", cell("c4"))])
    a, b = g.play[0][0], g.play[1][0]
    a.closed = True
    assert g.action_error(Action("move", a.slot, cell("b3"))) == "closed"
    assert g.action_error(Action("attack", a.slot, b.slot)) == "closed"
    with pytest.raises(Disagreement, match="illegal action"):
        g.act(Action("attack", a.slot, b.slot))


def test_508_life_is_maximum_plus_extra_lives_minus_wounds():
    g = position([(0, "Кочевник", cell("c3")), (1, "Кочевник", cell("c5"))])
    c = g.play[0][0]
    c.extra_lives, c.wounds = 2, 3
    assert c.life == c.printed.life + 2 - 3
    g.heal(c, 5)
    assert c.wounds == 0 and c.extra_lives == 2


def test_reference_rng_is_philox_of_the_fast_engine():
    import numpy as np

    from simcore.kernels.rng import uniform_int as fast_uniform_int
    for seed, game, stream, draw, n in [(0, 0, 0, 0, 6), (7, 3, 1, 11, 40), (2 ** 63 + 5, 2 ** 33 + 1, 4, 99, 50)]:
        assert uniform_int(seed, game, stream, draw, n) == fast_uniform_int(np.uint64(seed), game, stream, draw, n)


def test_unknown_card_features_are_refused_not_agreed_with():
    """A card field or an ability word the reference does not implement raises NotImplementedError
    naming it, never a silent agreement."""
    import dataclasses

    from simcore.reference.game import check_known
    card = CARDS.cards[CARDS.index("Ловчий")]
    odd = dataclasses.replace(card, abilities=(dataclasses.replace(card.abilities[0], effect="teleport"),))
    with pytest.raises(NotImplementedError, match="effect 'teleport'"):
        check_known(odd)


# ---- words of the 24 set-1 cards added with `while` blocks, auras, stun (VOCABULARY.md) -------------
def test_while_creature_in_every_row_gives_the_discharge_plus_3():
    """Суккуб-истязатель: discharge 1, +3 while its owner has a creature on the battlefield in each of
    the 6 rows (itself included); a ranged bonus only, not on its simple strike."""
    own = [(0, "Суккуб-истязатель", cell("b1"))] + [(0, "Кочевник", cell(f"a{r}")) for r in range(2, 7)]
    g = position(own + [(1, "Кочевник", cell("e6"))])
    succ, target = g.card_at(0), g.card_at(50)
    assert g.strike_bonus_of(succ, target, MEDIUM, "ranged", False) == 3
    assert g.strike_bonus_of(succ, target, MEDIUM, "strike", False) == 0
    g.relocate(g.card_at(5), cell("b5"))          # row 6 now empty of its creatures
    assert g.strike_bonus_of(succ, target, MEDIUM, "ranged", False) == 0


def test_unanswered_vs_isolated_is_tested_on_the_target_s_own_neighbours():
    """Римаанды: unanswered strike at a creature with no creature of its owner directly left or right;
    an enemy (the attacker's side) neighbour does not count."""
    g = position([(0, "Римаанды", -1), (0, "Кочевник", cell("b4")), (1, "Кочевник", cell("c4"))])
    rim, target = g.card_at(0), g.card_at(50)
    assert g.only_attacker_rolls(rim, target)
    g = position([(0, "Римаанды", -1), (1, "Кочевник", cell("c4")), (1, "Кочевник", cell("d4"))])
    assert not g.only_attacker_rolls(g.card_at(0), g.card_at(50))


def test_aura_left_right_reduces_ranged_attacks_on_steppe_neighbours():
    """Щитоносец: its owner's steppe creatures directly left and right of it take 1 less from ranged
    attacks (not from strikes; not on another row)."""
    from simcore.reference.board import SHOT, STRIKE

    g = position([(0, "Щитоносец", cell("c1")), (0, "Кочевник", cell("b1")), (0, "Кочевник", cell("c2")),
                  (1, "Кочевник", cell("e6"))])
    beside, below, att = g.card_at(1), g.card_at(2), g.card_at(50)
    assert g.reduction_of(beside, att, SHOT, MEDIUM) - g.reduction_of(below, att, SHOT, MEDIUM) == 1
    assert g.reduction_of(beside, att, STRIKE, MEDIUM) == g.reduction_of(below, att, STRIKE, MEDIUM)


def test_stun_keeps_a_closed_card_closed_at_its_owner_s_next_turn_start_only():
    """stun: the card does not untap at the start of its owner's next turn; the turn after, it does."""
    from simcore.reference.abilities import EFFECTS

    g = position([(0, "Кочевник", cell("c2")), (1, "Кочевник", cell("c5"))])
    victim = g.card_at(50)
    victim.closed = True
    EFFECTS["stun"](g, g.card_at(0), None, victim)
    g.end_turn()                                   # player 2's turn starts
    assert g.active == 1 and victim.closed and not victim.stunned
    g.end_turn()
    g.end_turn()                                   # player 2's next turn
    assert g.active == 1 and not victim.closed
