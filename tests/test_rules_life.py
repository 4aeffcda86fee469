"""Life (docs/RULES.md section 6, rule 508), destruction (section 7, rule 509) and the end of the game
(section 9), played as scenarios with forced dice. Stats: Кочевник 1-2-3 life 8, Пещерник life 8
(tap: heal itself 3), Леший life 7 (tap: heal itself fully), Ассасин finish off 4, Гаррид-лучник 2-3-4.
"""

from scenario_util import NO_COUNTER, SCENARIOS, check, illegal, roll, run

from simcore.scenario import run_scenario


# ---- 508: life ----
def test_508_extra_lives_and_wounds_are_separate():
    r = run("508_extra_lives_and_wounds.toml")
    assert r["events"][1] == roll(6, 1, "strong", NO_COUNTER)
    assert "b takes 3 wounds from a (life 7)" in r["events"]
    check(r, "b", wounds=3, extra_lives=2, life_max=8, life=7, zone="battlefield")


def test_508_healing_removes_wounds_not_extra_lives():
    r = run("508_heal_keeps_extra_lives.toml")
    assert r["events"] == ["a heals 1 (life 10)"]
    check(r, "a", wounds=0, extra_lives=2, life_max=8, life=10, closed=True)
    assert r["dice_used"] == 0


def test_508_healing_n_removes_up_to_n_wounds():
    r = run("508_heal_up_to_n.toml")
    assert r["events"] == ["a heals 3 (life 6)"]
    check(r, "a", wounds=2, life=6, closed=True)


def test_508_4_lowered_life_maximum_caps_healing():
    r = run("508_life_max_lowered.toml")
    assert r["events"] == ["a heals 2 (life 4)"]
    check(r, "a", wounds=0, life_max=4, life=4, closed=True)


def test_508_current_life_counts_extra_lives():
    # 8 + 2 extra - 7 wounds = 3; a medium strike 2 leaves 1 and the card stays in play
    r = run("509_extra_lives_keep_alive.toml")
    check(r, "b", wounds=9, extra_lives=2, life=1, zone="battlefield", cell="c4")
    assert "b takes 2 wounds from a (life 1)" in r["events"]
    assert not any("dies" in e for e in r["events"])


# ---- 509: destruction ----
def test_509_card_at_zero_life_goes_to_graveyard():
    r = run("509_zero_life_goes_to_graveyard.toml")
    ev = r["events"]
    assert "b takes 3 wounds from a (life 0)" in ev
    assert "b dies on c4 (died from a) and goes to the graveyard" in ev
    check(r, "b", zone="graveyard", cell=None, life=0)
    check(r, "c", zone="battlefield")
    assert r["winner"] is None
    assert not any(e.startswith("game over") for e in ev)


def test_509_1_1_attacker_dies_from_counter_strike():
    r = run("509_died_from_counter_strike.toml")
    ev = r["events"]
    assert ev[1] == roll(1, 6, "miss", "medium counter-strike")
    assert "a takes 3 wounds from b (life -1)" in ev
    assert "a dies on c3 (died from b) and goes to the graveyard" in ev
    check(r, "a", zone="graveyard", cell=None, wounds=9)
    check(r, "b", zone="battlefield", wounds=0)
    assert r["winner"] is None


def test_509_2_finish_off_destroys_without_wounds():
    r = run("509_2_finish_off.toml")
    assert r["events"] == ["a finishes off b", "b dies on c4 (died from a) and goes to the graveyard"]
    check(r, "b", zone="graveyard", cell=None, wounds=4)
    check(r, "a", closed=True, zone="battlefield")
    assert r["dice_used"] == 0 and r["winner"] is None


def test_509_2_finish_off_needs_life_at_most_n():
    # current life = 8 + 1 extra life - 4 wounds = 5 > 4
    assert (
        illegal("509_2_finish_off_life_too_high.toml")
        == "action 1 (ability 2 of a -> b): b's current life is above the finish-off value (509.2)"
    )


def test_509_died_from_poison_and_last_creature_loses():
    r = run("509_died_from_poison.toml")
    ev = r["events"]
    assert (
        ev.index("poison 2 ticks on b")
        < ev.index("b takes 2 wounds from poison (life 0)")
        < ev.index("b dies on c5 (died from poison) and goes to the graveyard")
    )
    assert ev[-1] == "game over: player 1 wins by wipe"
    check(r, "b", zone="graveyard", cell=None)
    assert r["winner"] == 1


# ---- section 9: end of the game ----
def test_9_player_without_creatures_loses():
    r = run("9_last_creature_destroyed_wins.toml")
    assert "b dies on c4 (died from a) and goes to the graveyard" in r["events"]
    assert r["events"][-1] == "game over: player 1 wins by wipe"
    assert r["winner"] == 1
    check(r, "b", zone="graveyard")
    check(r, "a", zone="battlefield", wounds=0)


def test_9_no_action_after_the_game_is_over():
    assert illegal("9_no_action_after_game_over.toml") == "action 2 (end_turn): the game is over (section 9)"


def test_9_both_last_creatures_die_in_one_action_is_a_draw():
    r = run("9_both_last_creatures_draw.toml")
    ev = r["events"]
    assert ev[1] == roll(5, 1, "strong", "weak counter-strike")
    assert "b takes 3 wounds from a (life 0)" in ev
    assert "a takes 1 wound from b (life 0)" in ev
    assert ev[-1] == "game over: draw by both_wiped"
    assert r["winner"] == "draw"
    check(r, "a", zone="graveyard")
    check(r, "b", zone="graveyard")


def test_9_turn_cap_higher_cost_in_play_wins():
    r = run("9_turn_cap_higher_cost.toml")
    assert r["winner"] == 1
    assert r["events"][-1] == "game over: player 1 wins by turn_cap (cost in play 9 : 3)"
    assert sum(e.endswith("ends the turn") for e in r["events"]) == 200


def test_9_turn_cap_not_before_100_rounds(tmp_path):
    text = (SCENARIOS / "9_turn_cap_higher_cost.toml").read_text(encoding="utf-8")
    path = tmp_path / "199.toml"
    path.write_text(text.replace('{ do = "end_turn" },', "", 1), encoding="utf-8")  # 199 turns ended
    r = run_scenario(path)
    assert r["winner"] is None
    assert r["active_player"] == 2 and r["turn"] == 200
    assert not any(e.startswith("game over") for e in r["events"])


def test_9_turn_cap_equal_cost_is_a_draw():
    r = run("9_turn_cap_equal_cost.toml")
    assert r["winner"] == "draw"
    assert r["events"][-1] == "game over: draw by turn_cap (cost in play 3 : 3)"


def test_9_turn_cap_counts_only_cards_in_play():
    # P1: Кочевник 3 + Дракс (aux) 3 = 6, Минотавр in the graveyard does not count; P2: Гаррид-лучник 5
    r = run("9_turn_cap_counts_cards_in_play.toml")
    assert r["winner"] == 1
    assert r["events"][-1] == "game over: player 1 wins by turn_cap (cost in play 6 : 5)"
