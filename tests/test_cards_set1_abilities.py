"""The set-1 cards encoded with the `abilities` list (VOCABULARY.md, "Abilities"), each main ability
played as a scenario with forced dice through the real engine.

Expected values are worked out by hand from RULES.md and the printed stats in set1.toml:
Кочевник life 8; Хедд life 8; Берсерк life 10, protected from poison and spells (ZoO, ZoZ);
Ундина (1-129) life 8, "tap: impact 'voluptuous aura' - a creature is poisoned 1 ; tap: spell
'Undine's power' - wound every poisoned enemy creature by 1". Poison N (117, RULES.md section 8): at
the start of its owner's turn the card takes N wounds. Neither ability rolls a die (dice = []).
"""
from simcore.scenario import run_scenario


def card(label, name, owner, at, **extra):
    fields = "".join(f"\n{k} = {str(v).lower() if isinstance(v, bool) else v}" for k, v in extra.items())
    return f'\n[[cards]]\nlabel = "{label}"\nname = "{name}"\nowner = {owner}\nat = "{at}"{fields}\n'


def play(tmp_path, head, cards):
    f = tmp_path / "scenario.toml"
    f.write_text(head + "".join(cards), encoding="utf-8")
    return run_scenario(f)


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
