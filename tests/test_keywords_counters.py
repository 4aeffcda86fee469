"""The keywords of decks/cards/VOCABULARY.md section "Counters, charged ranged attacks, conditional
bonuses", played as scenarios with forced dice on the cards that carry them: Арбалетчик, Повелитель молний,
Ижор and Зомби (set1.toml), plus the draw keyword they meet (Мерцающий змей).

Expected values are worked out by hand from docs/RULES.md section 5 (a ranged attack: only the attacker rolls,
1-3 weak, 4-5 medium, 6 or more strong; the two-dice table of a simple strike) and the printed stats;
each scenario file's comment gives the arithmetic. Мерцающий змей draws only shots and throws, so the
ignores_draws test that can fail uses the test-only card Тест-громоотвод (tests/data/test_cards.toml),
which also draws discharges.
"""

import pytest
from scenario_util import (
    DIRECTED,
    MEDIUM_COUNTER,
    NO_COUNTER,
    SCENARIOS,
    WEAK_COUNTER,
    check,
    extended_cardset,
    illegal,
    roll,
    run,
    single_roll,
)
from test_rules_scenario_cli import berserk, one_line_error

DRAWN = "an enemy card draws this kind of attack onto itself; b cannot be chosen (draws_ranged)"


@pytest.fixture(scope="session")
def xcards(tmp_path_factory):
    return extended_cardset(tmp_path_factory)


def turn(n, player, round_):
    return f"--- turn {n}: player {player} (round {round_}) ---"


# ---- gain a counter (123) and max_counters ----
def test_gain_counter_action_up_to_the_maximum():
    r = run("kw_gain_counter_action.toml")
    assert r["events"] == ["a1 gains a counter (now 1)", "a2 gains a counter (now 4)", "l gains a counter (now 3)"]
    check(r, "a1", counters=1, closed=True)
    check(r, "a2", counters=4, closed=True)
    check(r, "l", counters=3, closed=True)
    assert r["dice_used"] == 0


def test_gain_counter_and_ranged_by_ability_number():
    r = run("kw_gain_counter_ability.toml")
    ev = r["events"]
    assert ev[:2] == ["a gains a counter (now 1)", "l gains a counter (now 1)"]
    assert ev[ev.index(turn(3, 1, 2)) + 1:] == [
        "a shoots b",
        single_roll(4, "medium"),
        "b takes 4 wounds from a (life 10)",
        "a closes",
        "l discharges at c",
        single_roll(1, "weak"),
        "c takes 5 wounds from l (life 12)",
        "l closes",
    ]
    check(r, "a", counters=0, closed=True)
    check(r, "l", counters=0, closed=True)
    check(r, "b", wounds=4, life=10)
    check(r, "c", wounds=5, life=12)


@pytest.mark.parametrize(
    "name,message",
    [
        ("kw_max_counters_crossbow.toml", "action 1 (gain_counter a): a already holds its maximum of counters (123)"),
        ("kw_max_counters_lightning.toml", "action 1 (ability 1 of l): l already holds its maximum of counters (123)"),
    ],
)
def test_max_counters_refuses_another(name, message):
    msg = illegal(name)
    assert "(123)" in msg
    assert msg == message


def test_cli_max_counters_one_line_exit_2():
    path = SCENARIOS / "kw_max_counters_crossbow.toml"
    line = one_line_error(berserk("scenario", path))
    assert "(123)" in line
    assert line == f"error: {path}: action 1 (gain_counter a): a already holds its maximum of counters (123)"


def test_gain_counter_needs_a_counter_ability():
    assert illegal("kw_gain_counter_without_ability.toml") == "action 1 (gain_counter a): a has no such ability (114)"


# ---- ranged_counter_bonus and ranged_spends_counters ----
def test_crossbow_plus_two_per_counter_loses_all():
    r = run("kw_ranged_counters_spend_all.toml")
    assert [e for e in r["events"] if e.startswith("b takes")] == [
        "b takes 7 wounds from a (life 7)",
        "b takes 3 wounds from a (life 4)",
    ]
    assert r["events"].count(single_roll(6, "strong")) == 2
    check(r, "a", counters=0, closed=True)
    check(r, "b", wounds=10, life=4)


def test_lightning_plus_three_per_counter_loses_one():
    r = run("kw_ranged_counters_spend_one.toml")
    ev = r["events"]
    assert ev[:4] == ["l discharges at b1", single_roll(1, "weak"), "b1 takes 11 wounds from l (life 6)", "l closes"]
    assert ev[-4:] == ["l discharges at b2", single_roll(6, "strong"), "b2 takes 8 wounds from l (life 6)", "l closes"]
    check(r, "l", counters=1, closed=True)
    check(r, "b1", wounds=11, life=6)
    check(r, "b2", wounds=8, life=6)


# ---- the charged discharge is magical ----
def test_charged_discharge_ignores_armor_shot_does_not():
    r = run("kw_charged_discharge_ignores_armor.toml")
    assert [e for e in r["events"] if " takes " in e] == [
        "m1 takes 5 wounds from l (life 9)",
        "m2 takes 3 wounds from a (life 11)",
    ]
    check(r, "m1", wounds=5, life=9)
    check(r, "m2", wounds=3, life=11)
    check(r, "l", counters=0)
    check(r, "a", counters=0)


def test_charged_discharge_blocked_by_prot_from_discharge_and_magic():
    r = run("kw_charged_discharge_protections.toml")
    assert [e for e in r["events"] if " takes " in e] == [
        "b1 takes no wounds",
        "b2 takes no wounds",
        "b3 takes 2 wounds from l (life 6)",
    ]
    check(r, "b1", wounds=0, life=10)  # Лёккен: ZoR
    check(r, "b2", wounds=0, life=6)  # Грызь: ZoM
    check(r, "b3", wounds=2, life=6)  # Каменный голем: -2 from non-magic attacks does not apply
    check(r, "l", counters=0, closed=True)
    assert r["events"].count("l closes") == 3


# ---- ranged_poison and poison ticking ----
def test_ranged_poison_only_on_strong_and_ticks_on_owners_turn():
    r = run("kw_ranged_poison_strong_only.toml")
    ev = r["events"]
    assert [e for e in ev if "roll:" in e] == [
        single_roll(1, "weak"),
        single_roll(4, "medium"),
        single_roll(6, "strong"),
    ]
    assert [e for e in ev if "poison" in e] == [
        "b3 is poisoned 1",
        "poison 1 ticks on b3",
        "b3 takes 1 wound from poison (life 6)",
        "poison 1 ticks on b3",
        "b3 takes 1 wound from poison (life 5)",
    ]
    t2, t3, t4 = ev.index(turn(2, 2, 1)), ev.index(turn(3, 1, 2)), ev.index(turn(4, 2, 2))
    ticks = [i for i, e in enumerate(ev) if "ticks on" in e]
    assert t2 < ticks[0] < t3 < t4 < ticks[1]
    check(r, "b1", wounds=1, life=7, poison=0)
    check(r, "b2", wounds=1, life=7, poison=0)
    check(r, "b3", wounds=3, life=5, poison=1)


# ---- roll_bonus_vs_enemy_row ----
def test_row_roll_bonus_player_1_enemy_second_row_is_row_5():
    r = run("kw_row_roll_bonus_p1.toml")
    assert [e for e in r["events"] if "roll:" in e] == [
        single_roll(5, "medium"),  # b1 on a4: front row
        single_roll(6, "strong"),  # b2 on c5: second row, +1
        single_roll(5, "medium"),  # b3 on e6: back row
    ]
    assert [e for e in r["events"] if "poisoned" in e] == ["b2 is poisoned 1"]
    for b in ("b1", "b2", "b3"):
        check(r, b, wounds=1, life=7, poison=1 if b == "b2" else 0)


def test_row_roll_bonus_player_2_enemy_second_row_is_row_2():
    r = run("kw_row_roll_bonus_p2.toml")
    ev = r["events"]
    assert [e for e in ev if "roll:" in e] == [
        single_roll(5, "medium"),  # b1 on a3: player 1's front row
        single_roll(6, "strong"),  # b2 on c2: second row, +1
        single_roll(5, "medium"),  # b3 on e1: back row
    ]
    # the poisoned card belongs to player 1: it ticks at the start of player 1's turn
    assert ev[ev.index(turn(2, 1, 1)) + 1:] == ["poison 1 ticks on b2", "b2 takes 1 wound from poison (life 6)"]
    check(r, "b1", wounds=1, life=7, poison=0)
    check(r, "b2", wounds=2, life=6, poison=1)
    check(r, "b3", wounds=1, life=7, poison=0)


def test_row_roll_bonus_on_simple_strike():
    r = run("kw_row_roll_bonus_strike.toml")
    ev = r["events"]
    assert ev[:4] == ["a1 strikes b1", roll(5, 2, "medium", NO_COUNTER), "b1 takes 2 wounds from a1 (life 6)", "a1 closes"]
    assert ev[4:6] == ["a2 strikes b2", roll(4, 2, "medium", WEAK_COUNTER)]
    check(r, "a1", wounds=0, life=6)
    check(r, "b1", wounds=2, life=6)
    check(r, "a2", wounds=1, life=5)
    check(r, "b2", wounds=2, life=6)


def test_row_roll_bonus_on_simple_strike_player_2():
    r = run("kw_row_roll_bonus_strike_p2.toml")
    assert r["events"][1] == roll(5, 2, "medium", NO_COUNTER)
    check(r, "b", wounds=2, life=6)
    check(r, "a", wounds=0, life=6)


# ---- strike_per_ally (Зомби) ----
def test_strike_per_ally_counts_own_dark_creatures_in_play_only():
    r = run("kw_strike_per_ally_one.toml")
    assert r["events"][1] == roll(5, 2, "medium", NO_COUNTER)
    check(r, "b", wounds=3, life=11)


def test_strike_per_ally_enemy_dark_creatures_do_not_count():
    r = run("kw_strike_per_ally_none.toml")
    assert r["events"][1] == roll(5, 2, "medium", NO_COUNTER)
    check(r, "b", wounds=2, life=12)


def test_strike_per_ally_at_most_two():
    r = run("kw_strike_per_ally_max.toml")
    assert r["events"][1] == roll(5, 2, "medium", NO_COUNTER)
    check(r, "b", wounds=4, life=10)


def test_strike_per_ally_on_counter_strike():
    r = run("kw_strike_per_ally_counter.toml")
    assert r["events"][1] == roll(1, 6, "miss", MEDIUM_COUNTER)
    assert "a counter-strikes b (medium, 4 before armor)" in r["events"]
    check(r, "b", wounds=4, life=4, closed=True)
    check(r, "a", wounds=0, life=11)


def test_zombie_directed_strike_cannot_be_defended():
    assert illegal("kw_zombie_directed.toml") == f"action 1 (attack a -> b): {DIRECTED}"


# ---- ignores_draws ----
def test_ordinary_shooter_must_shoot_the_drawing_card():
    assert illegal("kw_draws_ranged_crossbow_blocked.toml") == f"action 1 (ranged a -> b): {DRAWN}"


def test_lightning_discharges_past_the_snake_crossbow_shoots_the_snake():
    r = run("kw_ignores_draws_snake.toml")
    assert r["events"] == [
        "l discharges at b",
        single_roll(2, "weak"),
        "b takes 2 wounds from l (life 6)",
        "l closes",
        "a shoots s",
        single_roll(6, "strong"),
        "s takes 3 wounds from a (life 10)",
        "a closes",
    ]
    check(r, "b", wounds=2, life=6)
    check(r, "s", wounds=3, life=10, zone="aux")


def test_ordinary_discharger_is_drawn_by_a_discharge_drawer(xcards):
    assert illegal("kw_draws_discharge_blocked.toml", xcards) == f"action 1 (ranged t -> b): {DRAWN}"


def test_ignores_draws_discharges_past_a_discharge_drawer(xcards):
    r = run("kw_ignores_draws_discharge.toml", xcards)
    assert r["events"] == ["l discharges at b", single_roll(4, "medium"), "b takes 2 wounds from l (life 6)", "l closes"]
    check(r, "b", wounds=2, life=6)
    check(r, "r", wounds=0)
