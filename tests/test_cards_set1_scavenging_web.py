"""Set-1 cards of the each as a scenario with forced dice through the real engine (greedy
policies): scavenging (трупоедство: Корпит, Гуль, Жжраг, Уордак), the on_attack trigger and the shot
effect (Эльфийский воин), the adjacent_ally condition (Оури), the web and draws_flyer_attacks
(Паук-пересмешник), Келе's heal-then-stay-open, the unwounded_ally_opposite `while` condition (Атекар),
ranged_at_adjacent and the same_row bonus (Эриала), + half the target's life (Уордак), a shot ability that
ignores the target's abilities (Серый альв), + strike per counter, the not_moved condition and losing counters
on moving (Камнедрев).

Expected values are worked out by hand from docs/RULES.md section 5 (a strike: A-D >= 5 strong, no counter;
A-D = 3 medium; only the attacker rolls: 1-3 weak, 4-5 medium, 6 strong) and the stats in set1.toml.
Кочевник: steppe, 3 ordinary, life 8, strike 1-2-3, no abilities. Player 1 holds rows 1-3 (front row 3).
"""
import numpy as np
import pytest
from conftest import LISTS
from scenario_util import card, play, position

from simcore.kernels.batch import card_counts, play_batch
from simcore.kernels.cardtable import AB0, AB_COUNTERS, AB_TAP, AB_W
from simcore.kernels.rules.turn import A_AB0, A_END, A_RANGED, legal_actions
from simcore.kernels.state import (
    ACTED,
    COUNTERS,
    EFF,
    G_ERROR,
    G_WINNER,
    GAINED_WEB,
    GAME0,
    MAX_ACTIONS,
    MAX_DECK,
    MOVES_LEFT,
    NCF,
    new_state,
    set_params,
)
from simcore.matchup import make_matchup
from simcore.scenario import ScenarioError


def c(result, label):
    return result["cards"][label]


def attack(att, tgt, dice, active=1, exchange="keep"):
    return (f'active_player = {active}\ndice = {dice}\n'
            f'actions = [{{ do = "attack", card = "{att}", target = "{tgt}", exchange = "{exchange}" }}]\n')


def actions(active, dice, *acts):
    return f'active_player = {active}\ndice = {dice}\nactions = [{", ".join(acts)}]\n'


WEB = GAINED_WEB  # the web bit of the scenario's `acquired`


# ---- scavenging (трупоедство) -------------------------------------------------------------------------------
def test_1_74_korpit_scavenging_heals_fully_when_its_strike_destroys(tmp_path):
    """Корпит (flyer, 4 wounds of 6) strikes a Кочевник with 2 life left: dice 6, 1: strong 2, the
    Кочевник dies and Корпит heals fully. A strike that does not destroy heals nothing."""
    r = play(tmp_path, attack("k", "n", [6, 1]), [card("k", "Корпит", 1, "aux", wounds=4),
                                                 card("n", "Кочевник", 2, "c4", wounds=6)])
    assert c(r, "n")["zone"] == "graveyard"
    assert c(r, "k")["wounds"] == 0
    r = play(tmp_path, attack("k", "n", [6, 1]), [card("k", "Корпит", 1, "aux", wounds=4),
                                                 card("n", "Кочевник", 2, "c4")])
    assert c(r, "n")["wounds"] == 2 and c(r, "k")["wounds"] == 4


def test_1_179_zhzhrag_scavenging_gains_three_extra_lives(tmp_path):
    """Жжраг (5 wounds of 10) kills a Кочевник with 2 life left (dice 6, 1: strong 3): it heals fully
    and gains 3 extra lives (life 13)."""
    r = play(tmp_path, attack("z", "n", [6, 1]), [card("z", "Жжраг", 1, "c3", wounds=5),
                                                 card("n", "Кочевник", 2, "c4", wounds=6)])
    assert c(r, "n")["zone"] == "graveyard"
    assert (c(r, "z")["wounds"], c(r, "z")["extra_lives"], c(r, "z")["life"]) == (0, 3, 13)


def test_1_39_ghoul_scavenging_by_a_counter_strike(tmp_path):
    """A Кочевник (2 life left) strikes Гуль (3 wounds): dice 1, 5: A-D = -4, a weak strike (1 wound on
    Гуль) and a medium counter-strike (2) that kills the Кочевник: Гуль heals fully."""
    r = play(tmp_path, attack("n", "g", [1, 5], active=2), [card("g", "Гуль", 1, "c3", wounds=3),
                                                           card("n", "Кочевник", 2, "c4", wounds=6)])
    assert c(r, "n")["zone"] == "graveyard"
    assert c(r, "g")["wounds"] == 0


def test_1_158_wordak_strong_strike_adds_half_the_targets_life(tmp_path):
    """Уордак (OvA 1, strike 2-3-0) strikes a fresh Кочевник (life 8): dice 6, 1: A = 7, strong:
    0 + 8 // 2 = 4 wounds. Against a Кочевник with 7 life left: 0 + 3 = 3. A medium strike (dice 3, 1)
    gets nothing: 3."""
    r = play(tmp_path, attack("u", "n", [6, 1]), [card("u", "Уордак", 1, "c3"), card("n", "Кочевник", 2, "c4")])
    assert c(r, "n")["wounds"] == 4
    r = play(tmp_path, attack("u", "n", [6, 1]), [card("u", "Уордак", 1, "c3"),
                                                 card("n", "Кочевник", 2, "c4", wounds=1)])
    assert c(r, "n")["wounds"] == 1 + 3
    r = play(tmp_path, attack("u", "n", [3, 1]), [card("u", "Уордак", 1, "c3"), card("n", "Кочевник", 2, "c4")])
    assert c(r, "n")["wounds"] == 3


def test_1_158_wordak_scavenging(tmp_path):
    """Уордак (6 wounds) strikes a Кочевник with 3 life left: dice 3, 1: A = 4, A-D = 3, medium 3: the
    Кочевник dies and Уордак heals fully."""
    r = play(tmp_path, attack("u", "n", [3, 1]), [card("u", "Уордак", 1, "c3", wounds=6),
                                                 card("n", "Кочевник", 2, "c4", wounds=5)])
    assert c(r, "n")["zone"] == "graveyard"
    assert c(r, "u")["wounds"] == 0


# ---- 1-97 Эльфийский воин: on strike or miss when attacking: shot 2 -----------------------------------------
ELF = [card("e", "Эльфийский воин", 1, "c3"), card("n", "Кочевник", 2, "c4"), card("f", "Кочевник", 2, "c6")]


def test_1_97_elf_warrior_shoots_2_after_its_strike(tmp_path):
    """Dice 6, 1: A = 7 (OvA 1), strong 4 on the adjacent Кочевник; then its shot 2 (die 1 + 1: weak,
    2 for every strength) goes to the only non-adjacent enemy, the Кочевник on c6."""
    r = play(tmp_path, attack("e", "n", [6, 1, 1]), ELF)
    assert c(r, "n")["wounds"] == 4 and c(r, "f")["wounds"] == 2
    assert r["dice_used"] == 3


def test_1_97_elf_warrior_shoots_after_a_miss_too(tmp_path):
    """Dice 1, 4: A = 2, A-D = -2: a miss; the shot 2 still comes (die 3)."""
    r = play(tmp_path, attack("e", "n", [1, 4, 3]), ELF)
    assert c(r, "n")["wounds"] == 0 and c(r, "f")["wounds"] == 2


def test_1_97_elf_warrior_steppe_attacks_minus_1_and_no_shot_when_struck(tmp_path):
    """A Кочевник (steppe) strikes it: dice 6, 1: strong 3 - 1 = 2 wounds; it shoots only when it
    attacks, so the other enemy is untouched and no third die is used."""
    r = play(tmp_path, attack("n", "e", [6, 1], active=2), ELF)
    assert c(r, "e")["wounds"] == 2 and c(r, "f")["wounds"] == 0


# ---- 1-76 Оури: may shoot 1 range 3 on moving next to an own creature costing 7+ ------------------------------
def test_1_76_ouri_shoots_when_it_steps_next_to_a_costly_ally(tmp_path):
    """Оури steps b2 -> c2, next to Хобгоблин (cost 8) on d2: it may shoot 1 at range 3; the greedy owner
    shoots the Кочевник on c5 (die 2: 1 wound). Next to a Кочевник (cost 3) instead it does not."""
    head = actions(1, [2], '{ do = "move", card = "o", to = "c2" }')
    r = play(tmp_path, head, [card("o", "Оури", 1, "b2"), card("h", "Хобгоблин", 1, "d2"),
                              card("n", "Кочевник", 2, "c5")])
    assert c(r, "n")["wounds"] == 1 and r["dice_used"] == 1
    r = play(tmp_path, head, [card("o", "Оури", 1, "b2"), card("h", "Кочевник", 1, "d2"),
                              card("n", "Кочевник", 2, "c5")])
    assert c(r, "n")["wounds"] == 0 and r["dice_used"] == 0


def test_1_76_ouri_heals_a_creature_by_1_and_is_protected_from_discharges(tmp_path):
    head = actions(1, [], '{ do = "use", card = "o", ability = 2, target = "h" }')
    r = play(tmp_path, head, [card("o", "Оури", 1, "b2"), card("h", "Кочевник", 1, "d2", wounds=3)])
    assert c(r, "h")["wounds"] == 2 and c(r, "o")["closed"]


# ---- 1-77 Паук-пересмешник: web, draws the attacks of enemy flyers ----------------------------------------------
def test_1_77_spider_web_stops_the_creature_on_its_next_turn(tmp_path):
    """The web (range 2) on the enemy Кочевник c5: it stays through its owner's next turn, where it may
    not move; at the end of that turn it is gone."""
    web = '{ do = "use", card = "p", ability = 1, target = "n" }'
    cards = [card("p", "Паук-пересмешник", 1, "c3"), card("n", "Кочевник", 2, "c5")]
    r = play(tmp_path, actions(1, [], web, '{ do = "end_turn" }'), cards)
    assert c(r, "n")["acquired"] & WEB and c(r, "p")["closed"]
    with pytest.raises(ScenarioError, match="caught in a web"):
        play(tmp_path, actions(1, [], web, '{ do = "end_turn" }', '{ do = "move", card = "n", to = "c4" }'), cards)
    r = play(tmp_path, actions(1, [], web, '{ do = "end_turn" }', '{ do = "end_turn" }'), cards)
    assert not c(r, "n")["acquired"] & WEB


def test_1_77_spider_web_blocks_an_attack_and_disappears(tmp_path):
    """Its own Кочевник strikes the webbed enemy: the attack is blocked (no die is rolled, no wounds), the
    web disappears and the attacker has used its action."""
    head = actions(1, [], '{ do = "use", card = "p", ability = 1, target = "n" }',
                   '{ do = "attack", card = "k", target = "n" }')
    r = play(tmp_path, head, [card("p", "Паук-пересмешник", 1, "c2"), card("k", "Кочевник", 1, "b3"),
                              card("n", "Кочевник", 2, "c4")])
    assert c(r, "n")["wounds"] == 0 and not c(r, "n")["acquired"] & WEB
    assert c(r, "k")["closed"] and r["dice_used"] == 0


def test_1_77_spider_enemy_flyers_may_attack_only_it(tmp_path):
    """While it is in play, the enemy Дракс may not strike the Кочевник; it may strike the spider."""
    with pytest.raises(ScenarioError, match="draws this kind of attack"):
        play(tmp_path, attack("d", "k", [6, 1], active=2), [card("p", "Паук-пересмешник", 1, "c2"),
                                                            card("k", "Кочевник", 1, "b2"), card("d", "Дракс", 2, "aux")])
    r = play(tmp_path, attack("d", "p", [6, 1], active=2), [card("p", "Паук-пересмешник", 1, "c2"),
                                                            card("k", "Кочевник", 1, "b2"), card("d", "Дракс", 2, "aux")])
    assert c(r, "p")["wounds"] == 2


# ---- 1-102 Келе: on strike heal 2; unwounded then: does not tap after this attack --------------------------------
def test_1_102_kele_heals_on_strike_and_stays_open_if_unwounded(tmp_path):
    """Dice 6, 1: strong 5 on the Кочевник; Келе heals 2: from 2 wounds to 0, so it stays open; from 3
    wounds to 1, so it closes."""
    r = play(tmp_path, attack("k", "n", [6, 1]), [card("k", "Келе", 1, "c3", wounds=2), card("n", "Кочевник", 2, "c4")])
    assert c(r, "n")["wounds"] == 5 and c(r, "k")["wounds"] == 0 and not c(r, "k")["closed"]
    r = play(tmp_path, attack("k", "n", [6, 1]), [card("k", "Келе", 1, "c3", wounds=3), card("n", "Кочевник", 2, "c4")])
    assert c(r, "k")["wounds"] == 1 and c(r, "k")["closed"]


# ---- 1-69 Атекар: throw 0-1-2 range 3, +1 while an unwounded creature of its owner stands opposite -----------------
def test_1_69_atekar_throw_plus_1_behind_an_unwounded_ally(tmp_path):
    """Атекар (c2) throws at the Кочевник on c5 (range 3), die 6: strong 2, +1 while its unwounded
    Кочевник stands in front of it (c3): 3 wounds; with that Кочевник wounded: 2."""
    head = actions(1, [6], '{ do = "ranged", card = "a", target = "n" }')
    r = play(tmp_path, head, [card("a", "Атекар", 1, "c2"), card("o", "Кочевник", 1, "c3"), card("n", "Кочевник", 2, "c5")])
    assert c(r, "n")["wounds"] == 3
    r = play(tmp_path, head, [card("a", "Атекар", 1, "c2"), card("o", "Кочевник", 1, "c3", wounds=1),
                              card("n", "Кочевник", 2, "c5")])
    assert c(r, "n")["wounds"] == 2


# ---- 1-78 Эриала: shot 1 also at adjacent cards, +1 at the enemy row with its own row's number ---------------------
def test_1_78_eriala_shoots_adjacent_cards_with_a_same_row_bonus(tmp_path):
    """From its first row (c3) it shoots the adjacent Кочевник on c4 (the enemy's first row): 1 + 1 = 2;
    the Кочевник on c5 (enemy second row): 1."""
    cards = [card("e", "Эриала", 1, "c3"), card("n", "Кочевник", 2, "c4"), card("f", "Кочевник", 2, "a5")]
    r = play(tmp_path, actions(1, [1], '{ do = "ranged", card = "e", target = "n" }'), cards)
    assert c(r, "n")["wounds"] == 2
    r = play(tmp_path, actions(1, [1], '{ do = "ranged", card = "e", target = "f" }'), cards)
    assert c(r, "f")["wounds"] == 1



# ---- 1-99 Серый альв: counter (no tap): shot 'fire arrow' 5, ignoring the target's abilities -----------------------
def test_1_99_grey_alv_fire_arrow_ignores_the_targets_reduction_and_does_not_tap(tmp_path):
    """Каменный голем has -2 from non-magic attacks: the fire arrow (a counter, no tap) deals the whole 5;
    the card stays open and then shoots with its tap shot 2-3-3 (die 6: strong 3 - 2 = 1)."""
    head = actions(1, [1, 6], '{ do = "use", card = "a", ability = 1, target = "g" }',
                   '{ do = "ranged", card = "a", target = "g" }')
    r = play(tmp_path, head, [card("a", "Серый альв", 1, "c2", counters=1), card("g", "Каменный голем", 2, "c5")])
    assert c(r, "g")["wounds"] == 5 + 1
    assert c(r, "a")["counters"] == 0 and c(r, "a")["closed"]
    with pytest.raises(ScenarioError, match="no counter"):
        play(tmp_path, head, [card("a", "Серый альв", 1, "c2"), card("g", "Каменный голем", 2, "c5")])


def _alv_actions(acted):
    """Серый альв (slot 0, one counter) open on c2, a Кочевник of player 2's on c5; the alv has acted this
    turn (then opened again, as Ойуун opens a card) or not. Its legal actions, and its abilities' columns."""
    C, S, (alv, _) = position([("Серый альв", 0, 6), ("Кочевник", 1, 21)])
    S[0, alv * NCF + COUNTERS] = 1
    S[0, alv * NCF + ACTED] = int(acted)
    if acted:
        S[0, alv * NCF + MOVES_LEFT] = 0
    buf = np.zeros((MAX_ACTIONS, 3), np.int64)
    n = legal_actions(C, S, 0, buf)
    c = S[0, alv * NCF + EFF]
    taps = {k: C[c, AB0 + AB_W * k + AB_TAP] for k in range(3)}
    counters = {k: C[c, AB0 + AB_W * k + AB_COUNTERS] for k in range(3)}
    return {tuple(int(x) for x in buf[i]) for i in range(n)}, taps, counters


def test_506_5_an_open_card_that_has_acted_may_still_use_an_ability_that_does_not_close_it():
    """The one action of 506.5 is a strike, a ranged attack or an ability that closes the card. Серый альв,
    acted and opened again, may still spend its counter on the fire arrow (no tap) at the Кочевник, and on
    nothing else: the legal actions the random pilot draws from list it (they did not before AI_VERSION 27,
    although the rules and the reference engine allowed it; `benchmarks/differential.py --ai search --ai
    baseline --ai greedy --random-decks 2000 --legal-sets 20` found it)."""
    fresh, taps, counters = _alv_actions(False)
    acted, _, _ = _alv_actions(True)
    arrow = next(k for k in taps if counters[k] == 1 and taps[k] == 0)
    assert (A_AB0 + arrow, 0, MAX_DECK) in fresh and (A_RANGED, 0, MAX_DECK) in fresh
    assert acted == {(A_END, -1, -1), (A_AB0 + arrow, 0, MAX_DECK)}


# ---- 1-84 Камнедрев: + strike per counter, a counter at the end of a turn without moving, loses them on moving -----
def test_1_84_stonetree_strikes_plus_its_counters(tmp_path):
    """With 2 counters, dice 6, 1: strong 4 + 2 = 6 wounds."""
    r = play(tmp_path, attack("s", "n", [6, 1]), [card("s", "Камнедрев", 1, "c3", counters=2),
                                                 card("n", "Кочевник", 2, "c4")])
    assert c(r, "n")["wounds"] == 6


def test_1_84_stonetree_gains_a_counter_if_it_did_not_move_and_loses_them_on_moving(tmp_path):
    cards = [card("s", "Камнедрев", 1, "c2", counters=2), card("n", "Кочевник", 2, "c5")]
    r = play(tmp_path, actions(1, [], '{ do = "end_turn" }'), cards)
    assert c(r, "s")["counters"] == 3
    r = play(tmp_path, actions(1, [], '{ do = "move", card = "s", to = "b2" }', '{ do = "end_turn" }'), cards)
    assert c(r, "s")["counters"] == 0


# ---- whole games ------------------------------------------------------------------------------------------
DECK_SCAVENGERS = """# Scavengers and flyers
3 Гуль
3 Жжраг
3 Уордак
3 Корпит
3 Дракс
3 Кочевник
3 Орк
3 Хранитель гор
3 Тролль
3 Арацент
3 Камнедрев
3 Серый альв
"""


def _uses(m, S, games):
    cc = card_counts(S, m.decks, m.sizes, games)
    uses = {}
    for c, u in zip(cc["card"], cc["ability_uses"]):
        uses[m.table.names[c]] = uses.get(m.table.names[c], 0) + int(u)
    return uses


@pytest.mark.parametrize("ais", [("greedy", "greedy"), ("random", "random"), ("greedy", "random")])
def test_games_with_the_scavenging_and_web_cards_end_without_errors(tmp_path, ais):
    """The two forest decks against each other and the scavengers (with flyers, against the spider):
    every game ends without an engine error under both policies; the greedy spider webs, Оури heals."""
    scav = tmp_path / "scavengers.txt"
    scav.write_text(DECK_SCAVENGERS, encoding="utf-8")
    for k, (a, b) in enumerate(((LISTS / "forest.txt", LISTS / "forest_archers.txt"), (scav, LISTS / "forest.txt"))):
        m = make_matchup(a, b, ais=ais)
        games = 150
        S = new_state(games)
        set_params(S, m.params)
        play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(21 + k), 0, games)
        assert (S[:, GAME0 + G_ERROR] == 0).all()
        assert (S[:, GAME0 + G_WINNER] >= 0).all()
        if ais == ("greedy", "greedy") and k == 0:
            uses = _uses(m, S, games)
            assert uses["Паук-пересмешник"] > 0 and uses["Оури"] > 0, uses


# ---- validation of these words --------------------------------------------------------------
CARD = '''["Тест"]
set_number = "T-1"
element = "forest"
cost = 4
elite = false
unique = false
kind = "creature"
class = ""
life = 7
move = 1
strike = [1, 2, 2]
'''


@pytest.mark.parametrize("extra, field, why", [
    ("scavenging_extra_lives = 3", "scavenging_extra_lives", "no scavenging"),
    ("ranged_at_adjacent = true", "ranged_at_adjacent", "no ranged attack"),
    ('directed_vs = ["same_row"]', "directed_vs", "not in the vocabulary"),
    ('abilities = [{ kind = "played", effect = "rolled_shot", amount = 2 }]', "abilities[0].target", "chosen"),
    ('abilities = [{ kind = "played", effect = "web", target = "chosen", amount = 1 }]', "abilities[0].amount",
     "takes no amount"),
    ('abilities = [{ kind = "played", effect = "heal", target = "chosen", amount = 1, ignores_target_abilities = true }]',
     "abilities[0].ignores_target_abilities", "only a shot"),
    ('abilities = [{ kind = "played", effect = "heal", target = "chosen", amount = 1, filter = { cost = 3, cost_at_least = 2 } }]',
     "abilities[0].filter.cost_at_least", "exclude each other"),
    ('abilities = [{ kind = "triggered", trigger = "on_move", effect = "heal", amount = 1, trigger_filter = { cost_at_least = 7 } }]',
     "abilities[0].trigger_filter", "adjacent_ally"),
    ('abilities = [{ kind = "triggered", trigger = "on_attak", effect = "heal", amount = 1 }]', "abilities[0].trigger",
     "on_attack"),
])
def test_the_forest_words_are_validated(tmp_path, extra, field, why):
    """One of these keywords used wrongly is one line naming the file, line, card and field."""
    from decks import InputError, load_cardset
    f = tmp_path / "cards.toml"
    f.write_text(CARD + extra + "\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_cardset(f)
    msg = str(e.value)
    assert "\n" not in msg and "cards.toml:12:" in msg and f"card 'Тест', field '{field}" in msg and why in msg, msg
