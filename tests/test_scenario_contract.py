"""The scenario contract of docs/SCENARIOS.md, one test per action kind, and RULES.md's seed cards played
by number (`ability = N`: the Nth played ability in card-text order, slow and fast alike, 114.2)."""

import pytest
from conftest import run_cli
from scenario_util import NO_COUNTER, SCENARIOS, check, illegal, roll, run, single_roll

from simcore.scenario import ScenarioError, run_scenario

CARDS = '''
[[cards]]
label = "a"
name = "Кочевник"
owner = 1
at = "c3"

[[cards]]
label = "b"
name = "Вайл"
owner = 2
at = "c4"
'''


def play(tmp_path, head, cards=CARDS, name="s.toml"):
    """Play a scenario written here (top-level keys `head`, then the [[cards]] tables)."""
    path = tmp_path / name
    path.write_text(head + cards, encoding="utf-8")
    return run_scenario(path)


def refused(tmp_path, head, cards=CARDS):
    with pytest.raises(ScenarioError) as e:
        play(tmp_path, head, cards)
    return str(e.value)


# ---- the seed cards of docs/RULES.md section 10, by number -------------------------------------------
def test_lovchiy_ability_1_is_his_fast_trap():
    """Ловчий's only ability is fast: `ability = 1` sets the trap; b, acting next turn, takes 3 first."""
    r = run("seed_lovchiy_trap_by_number.toml")
    assert "player 1 sets a delayed trap 3" in r["events"]
    assert r["events"].index("player 1's trap 3 fires on b") < r["events"].index("b strikes k")
    check(r, "l", closed=True)
    check(r, "b", wounds=3, life=5)
    check(r, "k", wounds=1)


def test_alhengard_ability_1_is_his_fast_boost():
    """Альхенгард's `ability = 1` boosts Кочевник's next medium strike: 2 + 1 wounds."""
    r = run("seed_alhengard_boost_by_number.toml")
    assert roll(5, 2, "medium", NO_COUNTER) in r["events"]
    check(r, "h", closed=True)
    check(r, "b", wounds=3)


def test_rafael_ability_1_wounds_now_and_heals_at_end_of_turn():
    """Рафаэль's `ability = 1` at his own k: 4 + 2 wounds, then 5 healed at the end of the turn."""
    r = run("seed_rafael_wound_then_heal_by_number.toml")
    assert r["events"].index("k takes 2 wounds from r (life 8)") < r["events"].index("k heals 5 (life 13)")
    check(r, "k", wounds=1, life=13)
    check(r, "r", closed=True)


def test_haron_ability_1_is_the_spell_his_text_lists_first_and_2_the_discharge():
    """Харон: `ability = 2` is the discharge (1 wound), `ability = 1` the spell that destroys him and b."""
    r = run("seed_haron_spell_then_discharge_by_number.toml")
    assert r["events"][:2] == ["g discharges at c", single_roll(4, "medium")]
    check(r, "c", wounds=1, zone="battlefield")
    check(r, "h", zone="graveyard")
    check(r, "b", zone="graveyard", wounds=0)
    assert r["winner"] is None


def test_unicorn_ability_1_finishes_off():
    """Единорог's `ability = 1` destroys the adjacent b, whose current life is 3 (509.2)."""
    r = run("seed_unicorn_finish_off_by_number.toml")
    assert r["events"] == ["u finishes off b", "b dies on c4 (died from u) and goes to the graveyard"]
    check(r, "b", zone="graveyard", cell=None)


def test_gribynych_neighbour_loses_its_numbered_ability():
    """Beside Грибыныч a Единорог has lost its abilities and its `ability = 1` is refused; away from it
    another Единорог's `ability = 1` finishes off."""
    r = run("seed_gribynych_neighbour_loses_its_abilities.toml")
    check(r, "u", abilities_lost=True)
    check(r, "v", abilities_lost=False, closed=True)
    check(r, "d", zone="graveyard")
    assert illegal("seed_gribynych_neighbour_cannot_finish_off.toml") == (
        "action 1 (ability 1 of u -> b): u has no such ability (114)")


def test_the_worked_example_of_the_docs_plays_as_written():
    """docs/SCENARIOS.md quotes tests/scenarios/contract_example.toml verbatim; it plays one action of each
    kind and ends as the page says (b: 2 + 2 + 2 + 1 wounds, 5 healed)."""
    from conftest import ROOT
    text = (SCENARIOS / "contract_example.toml").read_text(encoding="utf-8")
    assert "```toml\n" + text + "```" in (ROOT / "docs" / "SCENARIOS.md").read_text(encoding="utf-8")
    r = run("contract_example.toml")
    assert r["events"][:2] == ["a moves c2 -> c3", "a moves c3 -> c4"]
    check(r, "b", wounds=2, life=12)
    check(r, "u", counters=1)
    check(r, "g", cell="e3")
    assert (r["turn"], r["active_player"], r["dice_used"]) == (2, 2, 4)


# ---- one test per action kind --------------------------------------------------------------------------
def test_move_lists_each_step(tmp_path):
    """`move` to a cell two steps away: two one-step moves in the events, the card still open."""
    r = play(tmp_path, 'actions = [{ do = "move", card = "a", to = "a3" }]\n')
    assert r["events"] == ["a moves c3 -> b3", "a moves b3 -> a3"]
    check(r, "a", cell="a3", closed=False)


def test_move_beyond_the_movement_left_is_refused(tmp_path):
    """After one step Кочевник (move 2) has 1 point: a cell 2 steps further is refused, naming both."""
    msg = refused(tmp_path, 'actions = [{ do = "move", card = "a", to = "b3" }, '
                  '{ do = "move", card = "a", to = "b1" }]\n')
    assert msg == ("action 2 (move a -> b1): b1 is 2 steps from a's cell b3 along empty cells, but a has 1 "
                   "movement left (506: one point a step)")


def test_jump(tmp_path):
    """`jump` goes over cards to a cell within its jump range (Грызь: jump 4)."""
    r = play(tmp_path, 'actions = [{ do = "jump", card = "g", to = "e2" }]\n',
             CARDS + '\n[[cards]]\nlabel = "g"\nname = "Грызь"\nowner = 1\nat = "a2"\n')
    assert r["events"] == ["g jumps a2 -> e2"]
    check(r, "g", cell="e2")


def test_attack_with_defender_and_exchange():
    """`attack` with `defender`: the fight is with the defender; `exchange = "lower"` lowers both strikes."""
    r = run("504_defender_takes_over.toml")
    assert r["events"][:2] == ["a strikes b", "d defends b"]
    check(r, "d", wounds=2, closed=True)
    check(r, "b", wounds=0)
    r = run("504_table_m4_lower.toml")
    assert r["events"][2] == "exchange: both strikes lowered to miss / weak counter-strike"
    check(r, "b", wounds=0)
    check(r, "a", wounds=2)


def test_ranged(tmp_path):
    """`ranged`: the card's ranged attack (Арбалетчик's shot 1-2-3) at a non-adjacent card; one die."""
    r = play(tmp_path, 'dice = [6]\nactions = [{ do = "ranged", card = "x", target = "b" }]\n',
             CARDS + '\n[[cards]]\nlabel = "x"\nname = "Арбалетчик"\nowner = 1\nat = "a1"\n')
    assert r["events"][:3] == ["x shoots b", single_roll(6, "strong"), "b takes 3 wounds from x (life 11)"]
    check(r, "x", closed=True)
    check(r, "b", wounds=3)


def test_ability_counts_keyword_and_list_abilities_in_text_order(tmp_path):
    """Кшар: `ability = 1` is its strike through a row, `ability = 2` its special strike (text order)."""
    cards = CARDS.replace('"Кочевник"', '"Кшар"')
    r = play(tmp_path, 'dice = []\nactions = [{ do = "ability", card = "a", ability = 2, target = "b" }]\n',
             cards.replace('owner = 1\nat = "c3"', 'owner = 1\nat = "c3"\ncounters = 1'))
    assert r["events"][:2] == ["a makes a special strike at b", "b takes 3 wounds from a (life 11)"]
    check(r, "a", counters=0, closed=True)
    check(r, "b", wounds=3)


def test_ability_out_of_range_names_the_card_s_played_abilities(tmp_path):
    """A number beyond the card's played abilities is one line naming them, with file and line."""
    path = tmp_path / "s.toml"
    path.write_text('actions = [\n  { do = "ability", card = "a", ability = 3, target = "b" },\n]\n'
                    + CARDS.replace('"Кочевник"', '"Харон"'), encoding="utf-8")
    r = run_cli("scenario", path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().count("\n") == 0
    assert f"{path}:2" in r.stderr
    assert "ability must be 1..2 for Харон (1 spell destroy 'последний путь'; 2 discharge)" in r.stderr


def test_use_is_the_abilities_list_alias(tmp_path):
    """`use` counts the entries of the card's `abilities` list: Харон's `use 1` is `ability 1`, the spell."""
    cards = CARDS.replace('"Кочевник"', '"Харон"').replace('at = "c3"', 'at = "c3"\ncounters = 3')
    cards += '\n[[cards]]\nlabel = "c"\nname = "Вайл"\nowner = 2\nat = "e6"\n'
    by_use = play(tmp_path, 'actions = [{ do = "use", card = "a", ability = 1, target = "b" }]\n', cards, "u.toml")
    by_number = play(tmp_path, 'actions = [{ do = "ability", card = "a", ability = 1, target = "b" }]\n', cards,
                     "n.toml")
    assert by_use["cards"] == by_number["cards"]
    check(by_use, "b", zone="graveyard")


def test_answers_play_a_fast_ability_at_the_attack_s_window(tmp_path):
    """`answers` on an attack: Рафаэль (player 2) answers at the window after the attack is declared."""
    cards = CARDS + '\n[[cards]]\nlabel = "r"\nname = "Рафаэль"\nowner = 2\nat = "e6"\n'
    r = play(tmp_path, 'dice = [1, 1]\nactions = [{ do = "attack", card = "a", target = "b", '
             'answers = [{ card = "r", ability = 1, target = "b" }] }]\n', cards)
    ev = r["events"]
    assert ev.index("a strikes b") < ev.index("b takes 2 wounds from r (life 12)") < ev.index(
        roll(1, 1, "weak", NO_COUNTER))
    check(r, "r", closed=True)


def test_an_answer_numbers_abilities_in_text_order_too(tmp_path):
    """An answer's `ability = N` counts like the `ability` action: Ойуун's fast spell is 2 (its text lists
    the tap gain first); 1 is refused at parse time with file, line and the fast ones."""
    path = tmp_path / "s.toml"
    path.write_text('active_player = 2\nactions = [\n  { do = "end_turn", answers = [{ card = "o", ability = 1, '
                    'target = "a" }] },\n]\n' + CARDS + '\n[[cards]]\nlabel = "o"\nname = "Ойуун"\nowner = 1\n'
                    'at = "a1"\n', encoding="utf-8")
    r = run_cli("scenario", path)
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and "Traceback" not in r.stderr
    assert f"{path}:3" in r.stderr
    assert "answer 1: ability 1 is not a fast ability of Ойуун (its fast abilities: 2)" in r.stderr


def test_gain_counter():
    """`gain_counter`: a card whose ability costs counters taps to gain one (123.2)."""
    r = run("kw_gain_counter_action.toml")
    assert r["events"][0] == "a1 gains a counter (now 1)"
    check(r, "a1", counters=1, closed=True)


def test_end_turn(tmp_path):
    """`end_turn`: the other player's turn 2 begins; his cards open."""
    r = play(tmp_path, 'actions = [{ do = "end_turn" }]\n',
             CARDS.replace('owner = 2\nat = "c4"', 'owner = 2\nat = "c4"\nclosed = true'))
    assert (r["active_player"], r["turn"]) == (2, 2)
    check(r, "b", closed=False)


def test_zones_read_in_the_rules_words(tmp_path):
    """`zone` reads battlefield, aux, graveyard or deck (docs/RULES.md section 2)."""
    cards = CARDS + ''.join(f'\n[[cards]]\nlabel = "{lab}"\nname = "{name}"\nowner = 1\nat = "{at}"\n'
                            for lab, name, at in (("f", "Мантикора", "aux"), ("g", "Кочевник", "graveyard"),
                                                  ("d", "Кочевник", "deck")))
    r = play(tmp_path, 'actions = []\n', cards)
    assert {lab: c["zone"] for lab, c in r["cards"].items()} == {
        "a": "battlefield", "b": "battlefield", "f": "aux", "g": "graveyard", "d": "deck"}


def test_berserk_cards_numbers_the_played_abilities():
    """`berserk cards` shows each card's played abilities numbered in card-text order."""
    r = run_cli("cards")
    assert r.returncode == 0
    line = next(x for x in r.stdout.splitlines() if " Харон " in x)
    assert "played: 1 spell destroy 'последний путь'; 2 discharge" in line
    line = next(x for x in r.stdout.splitlines() if " Ловчий " in x)
    assert "played: 1 fast trap 'ловушка'" in line


def test_scenario_on_the_reference_engine_prints_the_same_state():
    """`berserk scenario --engine reference` prints the same cards (no events); an illegal action is one
    line and exit 2 there too."""
    import json
    path = SCENARIOS / "seed_haron_spell_then_discharge_by_number.toml"
    fast, ref = run_cli("scenario", path), run_cli("scenario", "--engine", "reference", path)
    assert fast.returncode == ref.returncode == 0
    fast, ref = json.loads(fast.stdout), json.loads(ref.stdout)
    assert ref["events"] is None and fast["events"]
    assert ref["cards"] == fast["cards"] and ref["dice_used"] == fast["dice_used"] == 1
    r = run_cli("scenario", "--engine", "reference", SCENARIOS / "504_not_adjacent.toml")
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and "Traceback" not in r.stderr
    assert "action 1 (attack a -> b): not adjacent (reference engine)" in r.stderr
