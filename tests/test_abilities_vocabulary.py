"""The ability vocabulary of the card file (VOCABULARY.md, "Abilities"): what loads, and what is
refused with a one-line error naming the file, the line, the card and the field."""
import pytest

from decks import InputError, load_cardset
from decks.catalog import covered, load_catalog, missing
from decks.registry import Effect, Kind, Trigger
from simcore.kernels.cardtable import (
    AB0,
    AB_COUNTER_COST,
    AB_COUNTERS,
    AB_EFFECT,
    AB_HAS_PERM,
    AB_KIND,
    AB_N_PLAYED,
    AB_TRIG_MASK,
    AB_W,
    FINISH,
    LIFE,
    N_AB,
    SW,
    compile_cardset,
)

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


def load(tmp_path, abilities):
    f = tmp_path / "cards.toml"
    f.write_text(CARD + f"abilities = [{abilities}]\n", encoding="utf-8")
    return load_cardset(f)


def refused(tmp_path, abilities):
    with pytest.raises(InputError) as e:
        load(tmp_path, abilities)
    msg = str(e.value)
    assert "\n" not in msg and "cards.toml:12:" in msg and "card 'Тест'" in msg
    return msg


def test_abilities_compile_into_the_card_table(tmp_path):
    cs = load(tmp_path, '{ kind = "fast", effect = "trap", amount = 3 }, '
                        '{ kind = "triggered", trigger = "on_strike", effect = "poison", target = "attacked", '
                        'amount = 1, strengths = ["strong"] }, '
                        '{ kind = "played", counters = 2, effect = "heal", target = "chosen_own", amount = 2 }')
    C = compile_cardset(cs).stats
    assert C[0, N_AB] == 3 and C[0, AB_N_PLAYED] == 2 and C[0, AB_COUNTER_COST] == 1
    assert C[0, AB0 + AB_KIND] == Kind.FAST and C[0, AB0 + AB_EFFECT] == Effect.TRAP
    assert C[0, AB_TRIG_MASK] == 1 << Trigger.ON_STRIKE
    assert C[0, AB0 + 2 * AB_W + AB_COUNTERS] == 2
    assert C[0, AB_HAS_PERM] == 0


def test_blank_twin_keeps_printed_stats_and_no_abilities():
    cs = load_cardset()
    C = compile_cardset(cs).stats
    n = len(cs)
    u = cs.index("Единорог")
    assert C.shape[0] == 2 * n
    assert C[n + u, LIFE] == C[u, LIFE] and C[n + u, SW] == C[u, SW]
    assert C[u, FINISH] == 3 and C[n + u, FINISH] == 0
    g = cs.index("Грибыныч")
    assert C[g, AB_HAS_PERM] == 1 and C[n + g, AB_HAS_PERM] == 0 and C[n + g, N_AB] == 0


@pytest.mark.parametrize("abilities, words", [
    ('{ kind = "fast", effect = "trapp", amount = 3 }', ["abilities[0].effect", "did you mean 'trap'"]),
    ('{ kind = "triggered", effect = "wound", amount = 1 }', ["needs a trigger"]),
    ('{ kind = "played", trigger = "on_strike", effect = "wound", amount = 1, target = "chosen" }',
     ["only triggered abilities have a trigger"]),
    ('{ kind = "fast", effect = "wound", target = "chosen" }', ["needs an amount"]),
    ('{ kind = "fast", effect = "destroy", target = "chosen", amount = 2 }', ["takes no amount"]),
    ('{ kind = "permanent", effect = "wound", amount = 1, target = "adjacent" }', ["permanent abilities"]),
    ('{ kind = "triggered", trigger = "turn_start", effect = "wound", amount = 1, target = "adjacent", '
     'optional = true }', ["abilities[0].optional", "chosen target"]),
    ('{ kind = "triggered", trigger = "turn_start", effect = "wound", amount = 1, target = "attacked" }',
     ["on_strike, on_struck and on_defend"]),
    ('{ kind = "fast", effect = "trap", amount = 3, target = "chosen" }', ["waits for one"]),
    ('{ kind = "fast", effect = "wound", amount = 1, target = "chosen", colour = "red" }',
     ["abilities[0]", "unknown key 'colour'"]),
    ('{ kind = "fast", effect = "wound", amount = 0, target = "chosen" }', ["abilities[0].amount"]),
    ('{ kind = "fast", effect = "wound", amount = 1, target = "chosen", filter = { element = "sky" } }',
     ["abilities[0].filter.element"]),
    ('{ kind = "triggered", trigger = "on_strike", effect = "wound", amount = 1, target = "attacked", '
     'counters = 1 }', ["cost or a limit"]),
])
def test_bad_ability_names_file_line_card_and_field(tmp_path, abilities, words):
    msg = refused(tmp_path, abilities)
    for w in words:
        assert w in msg, msg


def test_more_than_four_abilities_refused(tmp_path):
    one = '{ kind = "fast", effect = "trap", amount = 1 }'
    assert "more than 4 abilities" in refused(tmp_path, ", ".join([one] * 5))


def test_cards_missing_lists_every_set1_card_not_in_the_set():
    cs = load_cardset()
    todo = missing(cs)
    catalog = load_catalog()
    assert len(catalog) == 200
    names = {c.name for c, _ in todo}
    assert "Кочевник" not in names and "Харон" not in names
    assert "Волхв" in names
    assert len(todo) == 200 - sum(1 for c in catalog if cs.get(c.name) is not None)
    volhv = dict((c.name, parts) for c, parts in todo)["Волхв"]
    assert any("moon sorcery" in p for p in volhv)


@pytest.mark.parametrize("part, ok", [
    ("OvA 1", True), ("prot. from poison (ZoO)", True), ("tap: shot 1-2-3 range 4", True),
    ("tap: strike through a row 1", True), ("+1 to strikes vs mountain creatures", True),
    ("vampirism (max life 12)", True), ("on incarnation: gains flying", False),
    ("valhalla: your creature gets +1 strike until end of your turn", True),
    ("valhalla: wound your creature by 1, it gains a counter", True), ("valhalla: heal all creatures by 1", False),
])
def test_catalog_coverage_patterns(part, ok):
    assert covered(part) is ok


def test_cli_cards_missing(tmp_path):
    from conftest import run_cli
    r = run_cli("cards", "--missing")
    assert r.returncode == 0
    first = r.stdout.splitlines()[0]
    assert first.startswith("set 1: ") and "of 200 cards playable" in first
    assert "Волхв" in r.stdout and "moon sorcery" in r.stdout


def refused_line(tmp_path, line):
    f = tmp_path / "cards.toml"
    f.write_text(CARD + line + "\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_cardset(f)
    msg = str(e.value)
    assert "\n" not in msg and "cards.toml:12:" in msg and "card 'Тест'" in msg
    return msg


@pytest.mark.parametrize("line, words", [
    ('while = [{ condition = "centre_column", armor = 1 }]',
     ["field 'while[0].condition'", "did you mean 'central_column'"]),
    ('while = [{ condition = "adjacent_classes", attack_experience = 1 }]', ["while[0].count", "count goes with"]),
    ('while = [{ condition = "edge_column", count = 2, attack_experience = 1 }]', ["while[0].count"]),
    ('while = [{ condition = "edge_column", regeneration = 1 }]', ["while[0]", "unknown key 'regeneration'"]),
    ('while = [{ condition = "edge_column" }, { condition = "central_column" }, { condition = "edge_column" }]',
     ["field 'while'", "more than 2 while blocks"]),
    ('aura = { to = "row", range = 1 }', ["field 'aura.to'", "left_right, column"]),
    ('aura = { to = "column" }', ["field 'aura'", "the aura gives nothing"]),
    ('aura = { to = "column", reduce = [{ amount = 1, source = "ranged" }, { amount = 1, source = "strikes" }] }',
     ["aura.reduce", "at most one reduction"]),
    ('aura = { to = "column", range = 1, filter = { element = "sky" } }', ["aura.filter.element"]),
    ('unanswered_vs = ["lonely"]', ["field 'unanswered_vs[0]'", "isolated"]),
    ('reduce = [{ amount = 1, source = "weak_strike" }]', ["reduce[0].source", "did you mean 'weak_strikes'"]),
    ('abilities = [{ kind = "triggered", trigger = "on_struck", effect = "special_strike", amount = 2 }]',
     ["abilities[0].target", "cannot hit its own card"]),
    ('abilities = [{ kind = "triggered", trigger = "on_struck", effect = "special_strike", target = "attacker" }]',
     ["abilities[0].amount", "needs an amount"]),
    ('abilities = [{ kind = "triggered", trigger = "to_own_half", effect = "no_tap_after_attack", '
     'target = "adjacent" }]', ["abilities[0].target", "gained by the card itself"]),
    ('abilities = [{ kind = "triggered", trigger = "to_enemy_halff", effect = "strike_bonus", amount = 1 }]',
     ["abilities[0].trigger", "did you mean 'to_enemy_half'"]),
    ('directed_vs = ["always"]', ["field 'directed_vs[0]'", "not in the vocabulary"]),
    ('while = [{ condition = "unwounded_allies_adjacent", strike_bonus = [{ amount = 1, vs = "always" }] }]',
     ["while[0].count"]),
    ('second_player_counters = 0', ["field 'second_player_counters'", "0 is not from 1 to 99"]),
    ('abilities = [{ kind = "played", effect = "heal", target = "chosen_adjacent_to_other", amount = 1 }]',
     ["abilities[0].target", "chosen_adjacent_to_other is for creature_dies and enemy_poison_wounded"]),
    ('abilities = [{ kind = "played", effect = "heal", target = "chosen", amount = 1, optional = true }]',
     ["abilities[0].optional", "may"]),
    ('abilities = [{ kind = "triggered", trigger = "on_move", effect = "heal", amount = 1, duration = "end_of_own_turn" }]',
     ["abilities[0].duration", "only strike_bonus, attack_experience have a duration"]),
    ('abilities = [{ kind = "triggered", trigger = "on_move", effect = "strike_bonus", amount = 1, duration = "forever" }]',
     ["abilities[0].duration", "end_of_own_turn"]),
    ('abilities = [{ kind = "played", effect = "wound", amount = 1, also = { effect = "poison", amount = 1 } }]',
     ["abilities[0].also"]),
    ('abilities = [{ kind = "played", effect = "wound", target = "chosen", amount = 1, also = { effect = "destroy", amount = 1 } }]',
     ["abilities[0].also.effect", "wound, heal, poison"]),
    ('abilities = [{ kind = "triggered", trigger = "on_move", effect = "wound", target = "adjacent", amount = 1, destroy_self = true }]',
     ["abilities[0].destroy_self", "played abilities"]),
    ('abilities = [{ kind = "triggered", trigger = "turn_start", effect = "ranged_bonus", amount = 1, target = "adjacent" }]',
     ["abilities[0].target", "gained by the card itself"]),
    ('abilities = [{ kind = "triggered", trigger = "turn_start", condition = "front_row", effect = "gain_directed" }]',
     ["abilities[0].condition", "own_front_row"]),
    ('abilities = [{ kind = "fast", effect = "close", target = "chosen", filter = { not_moved = 1 } }]',
     ["abilities[0].filter.not_moved", "true or false"]),
    ('strike_copies_target = "yes"', ["field 'strike_copies_target'", "true or false"]),
    ('draws_ranged_condition = "adjacent_enemy"', ["field 'draws_ranged_condition'", "draws no ranged attacks"]),
    ('finish_off_bonus = "adjacent_poisoned"', ["field 'finish_off_bonus'", "no finish off"]),
    ('abilities = [{ kind = "triggered", trigger = "turn_start", effect = "heal", amount = 1, '
     'trigger_filter = { open = true } }]', ["abilities[0].trigger_filter", "on_strike, on_struck, creature_dies or"]),
    ('abilities = [{ kind = "triggered", trigger = "on_strike", effect = "close_or_wound", target = "attacked" }]',
     ["abilities[0].amount", "needs an amount"]),
])
def test_bad_while_aura_and_new_words_name_file_line_card_and_field(tmp_path, line, words):
    msg = refused_line(tmp_path, line)
    for w in words:
        assert w in msg, msg


def test_while_aura_and_unanswered_vs_compile_into_the_card_table():
    from decks.registry import VsValue, WhileCondition
    from simcore.kernels.cardtable import (
        AB_FLAGS,
        AURA_RANGE,
        AURA_TO,
        CLASS0,
        CLASS1,
        F_AURA,
        HAS_FORMATION,
        HAS_WHILE,
        UNANSWERED_VS,
        W0_COND,
        W_ARMOR,
        W_OVZ,
        W_W,
        class_ids,
    )
    cs = load_cardset()
    C = compile_cardset(cs).stats
    n = len(cs)
    s = cs.index("Смотритель горнила")
    assert C[s, HAS_WHILE] == 1 and C[s, HAS_FORMATION] == 1
    assert C[s, W0_COND] == WhileCondition.FORMATION_WITH_ELITE and C[s, W0_COND + W_ARMOR] == 2
    assert C[s, W0_COND + W_W] == WhileCondition.FORMATION_WITH_ORDINARY and C[s, W0_COND + W_W + W_OVZ] == 2
    assert C[n + s, HAS_WHILE] == 0        # the blank twin has no while blocks
    p = cs.index("Паладин Алламора")
    assert C[p, AURA_TO] == 2 and C[p, AURA_RANGE] == 1 and C[p, AB_FLAGS] & F_AURA
    ids = class_ids(cs.cards)
    assert {C[p, CLASS0], C[p, CLASS1]} == {ids["Эльф"], ids["Инквизитор"]}
    assert C[n + p, CLASS0] == C[p, CLASS0] and C[n + p, AURA_TO] == 0
    r = cs.index("Римаанды")
    assert C[r, UNANSWERED_VS] == 1 << (VsValue.ISOLATED - 1)
