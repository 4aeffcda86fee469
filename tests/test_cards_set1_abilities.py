"""The set-1 cards encoded with the `abilities` list (VOCABULARY.md, "Abilities"), each main ability
played as a scenario with forced dice through the real engine.

Expected values are worked out by hand from docs/RULES.md and the printed stats in set1.toml:
Кочевник life 8; Хедд life 8; Берсерк life 10, protected from poison and spells (ZoO, ZoZ);
Ундина (1-129) life 8, "tap: impact 'voluptuous aura' - a creature is poisoned 1 ; tap: spell
'Undine's power' - wound every poisoned enemy creature by 1". Poison N (117, docs/RULES.md section 8): at
the start of its owner's turn the card takes N wounds. Neither ability rolls a die (dice = []).
"""
from scenario_util import card, play


def c(result, label):
    return result["cards"][label]


# ---- 1-129 Ундина -----------------------------------------------------------------------------------------
def test_1_129_undine_voluptuous_aura_poisons_a_chosen_creature(tmp_path):
    """Ундина (c2) plays 'voluptuous aura' on a far enemy Кочевник (c5): no adjacency needed, no die.
    Кочевник: poison 0 -> 1, no wounds yet; Ундина taps (its action). After end_turn, player 2's turn
    starts and the poison ticks: 1 wound, life 8 - 1 = 7, poison stays 1. Without the ability:
    poison 0, 0 wounds."""
    cards = [card("u", "Ундина", 1, "c2"), card("k", "Кочевник", 2, "c5"), card("v", "Вайл", 2, "a6")]
    use = '{ do = "use", card = "u", ability = 1, target = "k" }'
    r = play(tmp_path, f"active_player = 1\ndice = []\nactions = [{use}]\n", cards)
    assert (c(r, "k")["poison"], c(r, "k")["wounds"]) == (1, 0)
    assert c(r, "u")["closed"]
    assert c(r, "v")["poison"] == 0
    r = play(tmp_path, f'active_player = 1\ndice = []\nactions = [{use}, {{ do = "end_turn" }}]\n', cards)
    assert (c(r, "k")["poison"], c(r, "k")["wounds"], c(r, "k")["life"]) == (1, 1, 7)
    assert r["dice_used"] == 0


def test_1_129_undine_power_wounds_every_poisoned_enemy_creature(tmp_path):
    """'Undine's power' (a spell, no target chosen) on this field:
    k1 enemy Кочевник, poisoned 1, unwounded        -> 1 wound (life 7)
    k2 enemy Кочевник, poisoned 1, 7 wounds (1 life) -> 1 wound, life 0: destroyed (graveyard)
    k3 enemy Кочевник, not poisoned                 -> 0 wounds (filter: poisoned)
    b  enemy Берсерк, poison 1 set by the scenario  -> 0 wounds (ZoZ: a spell does not affect it)
    h  own Хедд, poisoned 1                         -> 0 wounds (enemy creatures only)
    Without the ability every wound count stays as set."""
    cards = [card("u", "Ундина", 1, "a1"), card("h", "Хедд", 1, "c1", poison=1),
             card("k1", "Кочевник", 2, "c5", poison=1),
             card("k2", "Кочевник", 2, "d6", poison=1, wounds=7),
             card("k3", "Кочевник", 2, "b5"), card("b", "Берсерк", 2, "e5", poison=1)]
    r = play(tmp_path, 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "u", ability = 2 }]\n',
             cards)
    assert (c(r, "k1")["wounds"], c(r, "k1")["life"]) == (1, 7)
    assert c(r, "k2")["zone"] == "graveyard"
    assert c(r, "k3")["wounds"] == 0
    assert c(r, "b")["wounds"] == 0
    assert c(r, "h")["wounds"] == 0
    assert c(r, "u")["closed"] and r["dice_used"] == 0


# ---- 1-80 Бьерн ----------------------------------------------------------------------------------------------
def test_1_80_bjorn_heals_the_creature_it_defends(tmp_path):
    """Player 2's Кочевник e (c4) strikes Кочевник k (c3, 3 wounds); Бьерн (d3, adjacent to both) takes
    the strike over and heals k by 2 on becoming the defender. Dice: A=4, D=1+1 (Бьерн's OvZ 1): A-D=2,
    medium 2 to Бьерн, weak counter-strike 2 (exchange kept). k: 3 -> 1 wound; without a defender k
    would be struck instead and keep its 3 wounds plus the strike."""
    cards = [card("b", "Бьерн", 1, "d3"), card("k", "Кочевник", 1, "c3", wounds=3),
             card("e", "Кочевник", 2, "c4")]
    r = play(tmp_path, 'active_player = 2\ndice = [4, 1]\nactions = [{ do = "attack", card = "e", target = "k", '
             'defender = "b", exchange = "keep" }]\n', cards)
    assert c(r, "k")["wounds"] == 1
    assert c(r, "b")["wounds"] == 2 and c(r, "e")["wounds"] == 2


# ---- 1-163 Хозяин склепа -------------------------------------------------------------------------------------
def test_1_163_crypt_master_gains_a_counter_when_a_ground_creature_dies(tmp_path):
    """Хозяин склепа gains a counter whenever a non-flying creature dies (max 3). Player 1's Кочевник k
    strikes Кочевник e (1 life left): A-D=5, strong 3, e dies -> 1 counter. Its throw 'skull' then
    adds 2 per counter: A=6 -> strong 1 + 2 = 3 wounds on Вайл, and it loses its counters."""
    cards = [card("h", "Хозяин склепа", 1, "a1"), card("k", "Кочевник", 1, "c3"),
             card("e", "Кочевник", 2, "c4", wounds=7), card("v", "Вайл", 2, "a5")]
    r = play(tmp_path, 'active_player = 1\ndice = [6, 1]\nactions = [{ do = "attack", card = "k", target = "e" }]\n',
             cards)
    assert c(r, "e")["zone"] == "graveyard" and c(r, "h")["counters"] == 1
    r = play(tmp_path, 'active_player = 1\ndice = [6, 1, 6]\nactions = [{ do = "attack", card = "k", target = "e" }, '
             '{ do = "ranged", card = "h", target = "v" }]\n', cards)
    assert c(r, "v")["wounds"] == 3 and c(r, "h")["counters"] == 0


def test_1_163_crypt_master_stops_at_three_counters(tmp_path):
    cards = [card("h", "Хозяин склепа", 1, "a1", counters=3), card("k", "Кочевник", 1, "c3"),
             card("e", "Кочевник", 2, "c4", wounds=7)]
    r = play(tmp_path, 'active_player = 1\ndice = [6, 1]\nactions = [{ do = "attack", card = "k", target = "e" }]\n',
             cards)
    assert c(r, "e")["zone"] == "graveyard" and c(r, "h")["counters"] == 3


def test_1_163_crypt_master_ignores_the_death_of_a_flyer(tmp_path):
    """Its own throw (A=6: strong 1, no counters) kills the flyer Вилохвост (1 life left): a flyer's
    death gives no counter."""
    cards = [card("h", "Хозяин склепа", 1, "a1"), card("f", "Вилохвост", 2, "aux", wounds=7),
             card("v", "Вайл", 2, "e6")]
    r = play(tmp_path, 'active_player = 1\ndice = [6]\nactions = [{ do = "ranged", card = "h", target = "f" }]\n',
             cards)
    assert c(r, "f")["zone"] == "graveyard" and c(r, "h")["counters"] == 0
