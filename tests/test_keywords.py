"""Every combat keyword of decks/cards/VOCABULARY.md, played as scenarios with forced dice.

Expected values are worked out from docs/RULES.md section 5 and the printed stats of set1.toml (each scenario
file's comment gives the arithmetic). Keywords no set-1 card carries (discharge, unanswered strike,
protection from throws, "-N from flyers" / "-N from <element>", a strike bonus vs forest) use the
test-only cards of tests/data/test_cards.toml, appended to set 1 (fixture `xcards`).
"""

import pytest
from scenario_util import (
    DIRECTED,
    NO_COUNTER,
    WEAK_COUNTER,
    before,
    check,
    extended_cardset,
    illegal,
    roll,
    run,
    single_roll,
)

ROW_GEOMETRY = (
    "b is not two cells away in a straight line past an empty or own cell (504, strike through a row)"
)


@pytest.fixture(scope="session")
def xcards(tmp_path_factory):
    return extended_cardset(tmp_path_factory)


# ---- ranged attacks: kinds and range ----
def test_shot_with_range_only_attacker_rolls():
    r = run("kw_shot_range.toml")
    assert r["events"] == [
        "a shoots b",
        single_roll(4, "medium"),
        "b takes 2 wounds from a (life 6)",
        "a closes",
    ]
    check(r, "b", wounds=2, life=6, closed=False)
    check(r, "a", wounds=0, closed=True)
    assert r["dice_used"] == 1


def test_shot_range_is_manhattan_distance():
    assert (
        illegal("kw_shot_out_of_range.toml")
        == "action 1 (ranged a -> b): b is out of a's range (504, range N)"
    )


def test_throw_with_range_and_bonus_vs_armored_or_experienced():
    r = run("kw_throw_range.toml")
    assert r["events"][:2] == ["a throws at b", single_roll(6, "strong")]
    check(r, "b", wounds=3, life=7)


def test_throw_out_of_range():
    assert (
        illegal("kw_throw_out_of_range.toml")
        == "action 1 (ranged a -> b): b is out of a's range (504, range N)"
    )


def test_ranged_only_bonus_not_added_to_simple_strike():
    r = run("kw_ranged_bonus_not_on_strike.toml")
    assert r["events"][1] == single_roll(6, "strong")
    check(r, "b", wounds=2, life=8)


def test_throw_without_range_reaches_any_distance_and_bonus_vs_ranged_user():
    r = run("kw_throw_any_distance.toml")
    check(r, "g", wounds=3, life=6)
    check(r, "k", wounds=2, life=6)
    assert r["dice_used"] == 2


def test_discharge_is_magical_armor_does_not_absorb(xcards):
    r = run("kw_discharge_ignores_armor.toml", xcards)
    assert r["events"][:3] == [
        "a discharges at b",
        single_roll(6, "strong"),
        "b takes 4 wounds from a (life 10)",
    ]
    check(r, "b", wounds=4, life=10)


def test_discharge_vs_protection_from_discharge_and_magic_and_non_magic_reduction(xcards):
    r = run("kw_discharge_protections.toml", xcards)
    check(r, "b1", wounds=0, life=10)  # Лёккен: ZoR
    check(r, "b2", wounds=0, life=6)  # Грызь: ZoM
    check(r, "b3", wounds=4, life=4)  # Каменный голем: -2 from non-magic attacks does not apply
    assert "b1 takes no wounds" in r["events"] and "b2 takes no wounds" in r["events"]
    for a in ("a1", "a2", "a3"):
        check(r, a, closed=True)


def test_strike_bonus_vs_magic_user(xcards):
    r = run("kw_bonus_vs_magic_user.toml", xcards)
    assert r["events"][1] == roll(5, 2, "medium", NO_COUNTER)
    check(r, "b", wounds=2, life=4)


def test_directed_vs_magic_user(xcards):
    assert illegal("kw_directed_vs_magic_user.toml", xcards) == f"action 1 (attack a -> b): {DIRECTED}"


# ---- strike through a row ----
def test_row_strike_over_empty_cell():
    r = run("kw_row_strike_over_empty.toml")
    assert r["events"] == [
        "a strikes through a row at b",
        single_roll(2, "weak"),
        "b takes 1 wound from a (life 7)",
        "a closes",
    ]
    check(r, "b", wounds=1, life=7, closed=False)
    check(r, "a", wounds=0, closed=True)
    assert r["dice_used"] == 1


def test_row_strike_over_own_card_and_sideways():
    r = run("kw_row_strike_over_own.toml")
    check(r, "b", wounds=1, life=7)
    check(r, "b2", wounds=1, life=7)
    check(r, "x", wounds=0)
    assert r["dice_used"] == 2


@pytest.mark.parametrize(
    "name",
    [
        "kw_row_strike_over_enemy.toml",
        "kw_row_strike_diagonal.toml",
        "kw_row_strike_three_away.toml",
        "kw_row_strike_adjacent.toml",
        "kw_row_strike_at_flyer.toml",
    ],
)
def test_row_strike_geometry(name):
    assert illegal(name) == f"action 1 (ranged a -> b): {ROW_GEOMETRY}"


def test_row_strike_gets_bonus_applying_to_all():
    r = run("kw_row_strike_bonus.toml")
    assert r["events"][1] == single_roll(1, "weak")
    check(r, "b", wounds=2, life=5)


# ---- special strike and counters (123) ----
def test_special_strike_needs_a_counter():
    assert (
        illegal("kw_special_strike_needs_counter.toml")
        == "action 1 (ability 2 of a -> b): a has no counter to pay (123)"
    )


def test_special_strike_after_gaining_a_counter():
    r = run("kw_special_strike_gain_counter.toml")
    ev = r["events"]
    assert ev[0] == "a gains a counter (now 1)"
    assert ev[-3:] == ["a makes a special strike at b", "b takes 3 wounds from a (life 5)", "a closes"]
    check(r, "a", counters=0, closed=True)
    check(r, "b", wounds=3, life=5, closed=False)
    assert r["dice_used"] == 0
    assert not any("counter-strikes" in e for e in ev)


def test_special_strike_bonus_reduction_and_pays_one_counter():
    r = run("kw_special_strike_bonus_and_reduction.toml")
    check(r, "b", wounds=2, life=6)
    check(r, "a", counters=1, closed=True)


# ---- armor ----
def test_armor_absorbs_up_to_n_per_turn():
    r = run("kw_armor_per_turn.toml")
    assert [e for e in r["events"] if e.startswith("b takes")] == [
        "b takes 1 wound from a1 (life 13)",
        "b takes 3 wounds from a2 (life 10)",
        "b takes 1 wound from a1 (life 9)",
    ]
    check(r, "b", wounds=5, life=9)


# ---- OvA / OvZ ----
def test_attack_experience_adds_to_A():
    r = run("kw_attack_experience.toml")
    assert r["events"][1] == roll(5, 5, "miss", WEAK_COUNTER)
    check(r, "a", wounds=1, life=8)
    check(r, "b", wounds=0)


def test_defence_experience_adds_to_D():
    r = run("kw_defence_experience.toml")
    assert r["events"][1] == roll(5, 5, "miss", WEAK_COUNTER)
    check(r, "a", wounds=2, life=6)
    check(r, "b", wounds=0)


def test_attack_experience_counts_when_only_the_attacker_rolls():
    r = run("kw_attack_experience_single_roll.toml")
    assert r["events"][1] == single_roll(6, "strong")
    check(r, "b", wounds=5, life=3)
    assert r["dice_used"] == 1


# ---- +N strike vs filters ----
def test_strike_bonus_vs_element():
    r = run("kw_bonus_vs_element.toml")
    check(r, "b1", wounds=4, life=10)  # Вайл, swamps: 2 + 2
    check(r, "b2", wounds=2, life=6)  # Кочевник, steppe: 2


def test_strike_bonus_vs_flyer():
    r = run("kw_bonus_vs_flyer.toml")
    check(r, "b", wounds=4, life=1, zone="aux")


def test_strike_bonus_vs_defender():
    r = run("kw_bonus_vs_defender.toml")
    assert r["events"][:3] == ["a strikes b", "d defends b", roll(5, 2, "medium", NO_COUNTER)]
    check(r, "d", wounds=3, life=5, closed=True)
    check(r, "b", wounds=0, closed=False)


def test_strike_bonus_vs_defender_not_on_the_target_itself():
    r = run("kw_bonus_vs_defender_not_target.toml")
    check(r, "b", wounds=2, life=6)
    check(r, "d", wounds=0, closed=False)


def test_strike_bonus_vs_mountains():
    r = run("kw_bonus_and_directed_vs_mountains.toml")
    check(r, "b", wounds=4, life=3)


# ---- directed strike vs defenders ----
@pytest.mark.parametrize(
    "name",
    [
        "kw_directed_no_defender.toml",
        "kw_directed_flyer_no_defender.toml",
        "kw_directed_vs_mountains.toml",
        "kw_directed_vs_forest.toml",
    ],
)
def test_directed_strike_cannot_be_defended(name):
    assert illegal(name) == f"action 1 (attack a -> b): {DIRECTED}"


def test_directed_vs_filter_only_against_matching_targets():
    r = run("kw_not_directed_vs_other.toml")
    assert r["events"][:3] == ["a strikes b", "d defends b", roll(5, 2, "medium", NO_COUNTER)]
    check(r, "d", wounds=3, life=5, closed=True)
    check(r, "b", wounds=0)


# ---- unanswered strike ----
def test_unanswered_strike_only_attacker_rolls(xcards):
    r = run("kw_unanswered.toml", xcards)
    assert r["events"] == [
        "a strikes b",
        single_roll(4, "medium"),
        "b takes 2 wounds from a (life 6)",
        "a closes",
    ]
    check(r, "b", wounds=2, life=6, closed=False)
    check(r, "a", wounds=0, closed=True)
    assert r["dice_used"] == 1


# ---- reductions ----
def test_reduce_from_strikes_not_from_shots():
    r = run("kw_reduce_strikes.toml")
    assert [e for e in r["events"] if e.startswith("b takes")] == [
        "b takes 1 wound from a (life 9)",
        "b takes 3 wounds from g (life 6)",
    ]
    check(r, "b", wounds=4, life=6)


def test_reduce_from_non_magic_never_below_zero():
    r = run("kw_reduce_non_magic.toml")
    assert [e for e in r["events"] if e.startswith("b takes")] == [
        "b takes 1 wound from a1 (life 7)",
        "b takes no wounds",
        "b takes 1 wound from g (life 6)",
    ]
    check(r, "b", wounds=2, life=6)


def test_reduce_from_diagonal_strikes():
    r = run("kw_reduce_diagonal.toml")
    assert [e for e in r["events"] if e.startswith("b takes")] == [
        "b takes 1 wound from a1 (life 9)",
        "b takes 3 wounds from a2 (life 6)",
    ]
    check(r, "b", wounds=4, life=6)


def test_reduce_only_from_attackers_costing_at_most_c():
    r = run("kw_reduce_attacker_cost.toml")
    assert r["events"][r["events"].index("a2 strikes b") + 1] == roll(6, 1, "strong", NO_COUNTER)
    assert [e for e in r["events"] if e.startswith("b takes")] == [
        "b takes 1 wound from a1 (life 17)",
        "b takes 5 wounds from a2 (life 12)",
        "b takes no wounds",
    ]
    check(r, "b", wounds=6, life=12)


def test_reduce_from_ranged_attacks():
    r = run("kw_reduce_ranged.toml")
    check(r, "b", wounds=2, life=7)


def test_reduce_from_flyers_and_element_and_protection_from_throws(xcards):
    r = run("kw_reduce_flyers_element_and_protection_throw.toml", xcards)
    assert [e for e in r["events"] if e.startswith("b takes")] == [
        "b takes 2 wounds from k (life 8)",
        "b takes 1 wound from f (life 7)",
        "b takes 3 wounds from g (life 4)",
        "b takes no wounds",
    ]
    check(r, "b", wounds=6, life=4)
    check(r, "t", closed=True)


# ---- protections ----
def test_protection_from_weak_strikes():
    r = run("kw_protection_weak_strike.toml")
    assert r["events"][1] == roll(3, 2, "weak", NO_COUNTER)
    assert [e for e in r["events"] if e.startswith("b takes")] == [
        "b takes no wounds",
        "b takes 2 wounds from a2 (life 8)",
    ]
    check(r, "b", wounds=2, life=8)
    check(r, "a1", closed=True)


def test_protection_from_shots_attack_declared_and_attacker_closes():
    r = run("kw_protection_shot.toml")
    assert r["events"] == ["a shoots b", single_roll(6, "strong"), "b takes no wounds", "a closes"]
    check(r, "b", wounds=0, life=6)
    check(r, "a", closed=True)


def test_tap_gain_protection_from_flyers_and_ignores_flyer_protection():
    r = run("kw_tap_gain_flyer_protection.toml")
    ev = r["events"]
    assert ev[0] == "g gains its keyword"
    assert [e for e in ev if e.startswith("g takes")] == [
        "g takes no wounds",
        "g takes 3 wounds from m (life 3)",
    ]
    assert single_roll(6, "strong") in ev
    check(r, "g", wounds=3, life=3, closed=True)
    assert r["cards"]["g"]["acquired"] != 0
    check(r, "f", closed=True)
    check(r, "m", closed=True)
    assert r["dice_used"] == 2


def test_tap_gain_directed_strike_lasts():
    assert illegal("kw_tap_gain_directed_lasts.toml") == f"action 4 (attack g -> k): {DIRECTED}"


def test_protection_from_poison():
    r = run("kw_protection_poison.toml")
    ev = r["events"]
    assert "b takes 2 wounds from a (life 11)" in ev
    assert not any("poisoned" in e or "ticks" in e for e in ev)
    check(r, "b", wounds=2, life=11, poison=0)
    check(r, "c", wounds=0, life=17)


# ---- regeneration and poison at the start of the owner's turn ----
def test_regeneration_at_start_of_owners_turn():
    r = run("kw_regeneration.toml")
    ev = r["events"]
    assert before(ev, "--- turn 2: player 2 (round 1) ---", "b regenerates 2")
    assert "b heals 2 (life 7)" in ev and "b2 heals 1 (life 10)" in ev
    assert not any(e.startswith("a ") for e in ev)
    check(r, "b", wounds=3, life=7)
    check(r, "b2", wounds=0, life=10)
    check(r, "a", wounds=5, life=5)


def test_poison_on_strike_ticks_at_start_of_owners_turn():
    r = run("kw_poison_on_strike.toml")
    ev = r["events"]
    assert "b1 is poisoned 1" in ev and "b2 is poisoned 2" in ev
    t2, t3, t4 = (
        ev.index(f"--- turn {n}: player {2 - n % 2} (round {n // 2 + n % 2}) ---") for n in (2, 3, 4)
    )
    ticks = [i for i, e in enumerate(ev) if "ticks on" in e]
    assert [ev[i] for i in ticks] == ["poison 1 ticks on b1", "poison 2 ticks on b2"] * 2
    assert all(t2 < i < t3 or i > t4 for i in ticks)
    check(r, "b1", wounds=4, life=4, poison=1)
    check(r, "b2", wounds=6, life=2, poison=2)
    assert r["active_player"] == 2 and r["turn"] == 4


def test_poison_on_strike_filtered_by_strength():
    r = run("kw_poison_medium_strong_only.toml")
    assert not any("b1 is poisoned" in e for e in r["events"])
    assert "b2 is poisoned 1" in r["events"]
    check(r, "b1", wounds=2, poison=0)
    check(r, "b2", wounds=3, poison=1)


def test_poison_ticks_before_regeneration():
    r = run("kw_poison_then_regeneration.toml")
    ev = r["events"]
    assert (
        ev.index("poison 2 ticks on b")
        < ev.index("b takes 2 wounds from poison (life 3)")
        < ev.index("b regenerates 1")
        < ev.index("b heals 1 (life 4)")
    )
    check(r, "b", wounds=4, life=4, poison=2)


def test_poison_kills_before_regeneration():
    r = run("kw_poison_kills_before_regeneration.toml")
    ev = r["events"]
    assert "b dies on c4 (died from poison) and goes to the graveyard" in ev
    assert not any("regenerates" in e for e in ev)
    check(r, "b", zone="graveyard")
    assert r["winner"] is None


# ---- no tap after attack ----
def test_no_tap_after_attack_stays_open_and_can_defend():
    r = run("kw_no_tap_after_attack.toml")
    ev = r["events"]
    assert ev[:4] == [
        "a strikes b",
        roll(5, 2, "medium", NO_COUNTER),
        "b takes 4 wounds from a (life 10)",
        "a stays open",
    ]
    assert "a defends x" in ev
    assert roll(5, 2, "medium", NO_COUNTER) in ev[4:]
    assert "a takes 1 wound from b (life 12)" in ev
    check(r, "a", wounds=1, life=12, closed=True)
    check(r, "x", wounds=0)
    check(r, "b", wounds=4, closed=True)


def test_no_tap_after_attack_still_one_action():
    assert (
        illegal("kw_no_tap_still_one_action.toml")
        == "action 2 (attack a -> b): a has already taken its action this turn (506.5)"
    )


# ---- strike twice ----
def test_strike_twice_does_not_close_after_first():
    r = run("kw_strike_twice.toml")
    ev = r["events"]
    assert ev == [
        "a strikes b",
        roll(6, 1, "strong", NO_COUNTER),
        "b takes 5 wounds from a (life 9)",
        "a strikes b",
        roll(5, 2, "medium", NO_COUNTER),
        "b takes 4 wounds from a (life 5)",
        "a closes",
    ]
    check(r, "b", wounds=9, life=5)
    check(r, "a", closed=True)


def test_strike_twice_not_three_times():
    assert (
        illegal("kw_strike_twice_no_third.toml")
        == "action 3 (attack a -> b): a is closed and cannot move or act (section 4)"
    )


def test_strike_twice_first_strike_forfeits_movement():
    assert (
        illegal("kw_strike_twice_no_move_between.toml")
        == "action 2 (move a -> b3): a has already taken its action this turn (506.5)"
    )


def test_strike_twice_different_targets():
    r = run("kw_strike_twice_different.toml")
    check(r, "b", wounds=5, life=9)
    check(r, "c", wounds=5, life=9)
    check(r, "a", closed=True)
    assert r["events"].count(roll(6, 1, "strong", NO_COUNTER)) == 2


def test_strike_twice_different_rejects_same_target():
    assert (
        illegal("kw_strike_twice_different_same_target.toml")
        == "action 2 (attack a -> b): the second strike must be at a different card (strike twice)"
    )


# ---- defenders ----
def test_defends_any_flyer_defends_ground_creature():
    r = run("kw_defends_any.toml")
    assert r["events"][:3] == ["a strikes b", "r defends b", roll(5, 3, "medium", WEAK_COUNTER)]
    check(r, "r", wounds=2, life=7, closed=True, zone="aux")
    check(r, "a", wounds=1, life=7)
    check(r, "b", wounds=0, closed=False)


def test_defender_no_tap_defends_twice_and_stays_open():
    r = run("kw_defender_no_tap.toml")
    ev = r["events"]
    assert ev.count("l defends b") == 2
    assert ev.count(roll(5, 2, "medium", NO_COUNTER)) == 2
    check(r, "l", wounds=4, life=6, closed=False)
    check(r, "b", wounds=0)


# ---- ignores the abilities of the creature it attacks ----
def test_ignores_target_reduction():
    r = run("kw_ignores_target_reduction.toml")
    check(r, "b", wounds=5, life=3)


def test_ignores_target_defence_experience():
    r = run("kw_ignores_target_ovz.toml")
    assert r["events"][1] == roll(5, 3, "medium", WEAK_COUNTER)
    check(r, "b", wounds=4, life=6)
    check(r, "a", wounds=3, life=11)


def test_ignores_target_armor():
    r = run("kw_ignores_target_armor.toml")
    check(r, "b", wounds=5, life=9)


def test_ignores_target_protection():
    r = run("kw_ignores_target_protection.toml")
    assert r["events"][1] == roll(3, 2, "weak", NO_COUNTER)
    check(r, "b", wounds=3, life=7)


def test_ignores_target_strike_bonus_on_its_counter_strike(xcards):
    r = run("kw_ignores_target_counter_bonus.toml", xcards)
    check(r, "b", wounds=4, life=6)
    check(r, "a", wounds=2, life=12)


def test_ignores_target_counter_strikes_when_closed():
    r = run("kw_ignores_counter_strikes_when_closed.toml")
    assert r["events"][1] == single_roll(6, "strong")
    assert r["dice_used"] == 1
    check(r, "b", wounds=5, life=9, closed=True)
    check(r, "a", wounds=0)


# ---- counter-strikes when closed ----
def test_counter_strikes_when_closed():
    r = run("kw_counter_strikes_when_closed.toml")
    assert r["events"][1] == roll(5, 5, "miss", WEAK_COUNTER)
    assert "b counter-strikes a (weak, 4 before armor)" in r["events"]
    check(r, "a", wounds=4, life=4)
    check(r, "b", wounds=0, closed=True)
    assert r["dice_used"] == 2


# ---- close the target on attack ----
def test_close_target_on_strike():
    r = run("kw_close_target_on_strike.toml")
    assert "b closes" in r["events"]
    check(r, "b", wounds=3, life=5, closed=True)


def test_close_target_on_miss():
    r = run("kw_close_target_on_miss.toml")
    assert r["events"][1] == roll(1, 3, "miss", NO_COUNTER)
    assert "b closes" in r["events"]
    check(r, "b", wounds=0, closed=True)


# ---- draws ranged ----
def test_draws_ranged_shots_go_to_it_other_ranged_kinds_unaffected():
    r = run("kw_draws_ranged.toml")
    check(r, "s", wounds=3, life=10, zone="aux")
    check(r, "b", wounds=1, life=7)
    assert r["dice_used"] == 2


@pytest.mark.parametrize(
    "name,card", [("kw_draws_ranged_shot_blocked.toml", "g"), ("kw_draws_ranged_throw_blocked.toml", "t")]
)
def test_draws_ranged_blocks_other_targets(name, card):
    assert illegal(name) == (
        f"action 1 (ranged {card} -> b): an enemy card draws this kind of attack onto itself; "
        "b cannot be chosen (draws_ranged)"
    )


# ---- formation (left or right neighbour with formation) ----
def test_formation_strike_bonuses_with_strength_filter():
    r = run("kw_formation_strike_bonus.toml")
    check(r, "b", wounds=2, life=12)  # Санкторум: weak 1 + 1
    check(r, "b2", wounds=10, life=4)  # Минотавр: strong 5 + 1, then medium 4 (no bonus)


def test_formation_needs_left_or_right_neighbour_with_formation():
    r = run("kw_formation_needs_formation_neighbour.toml")
    check(r, "b", wounds=1, life=13)


def test_formation_defence_experience():
    r = run("kw_formation_ovz.toml")
    assert r["events"][1] == roll(5, 5, "miss", WEAK_COUNTER)
    check(r, "a", wounds=2, life=6)
    check(r, "b", wounds=0)


def test_formation_defence_experience_off_without_neighbour():
    r = run("kw_formation_ovz_off.toml")
    assert r["events"][1] == roll(5, 4, "weak", NO_COUNTER)
    check(r, "b", wounds=1, life=16)


def test_formation_reduction_from_shots():
    r = run("kw_formation_reduce_shots.toml")
    check(r, "n", wounds=2, life=8)
    check(r, "n2", wounds=3, life=7)
