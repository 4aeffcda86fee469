"""Attacks (docs/RULES.md section 5, rule 504) and the field (section 2), played as scenarios with forced dice.

Expected values come from docs/RULES.md's dice table and the printed stats: Кочевник 1-2-3 life 8 strikes,
Гаррид-лучник 2-3-4 life 9 defends (its counter-strike: weak 2, medium 3), Вайл 1-1-4 life 14.
"""

import itertools
import re

import pytest
from scenario_util import (
    MEDIUM_COUNTER,
    NO_COUNTER,
    SCENARIOS,
    WEAK_COUNTER,
    check,
    illegal,
    roll,
    run,
    single_roll,
)

from simcore.scenario import ScenarioError, run_scenario

# docs/RULES.md section 5 table: A - D -> (attacker's strike, counter-strike); exchange rows marked.
STRIKE_WOUNDS = {"miss": 0, "weak": 1, "medium": 2, "strong": 3}  # Кочевник 1-2-3
COUNTER_WOUNDS = {"none": 0, "weak": 2, "medium": 3}  # Гаррид-лучник 2-3-(4)


def rules_table(a, d):
    diff = a - d
    if diff >= 5:
        return "strong", "none"
    if diff == 4:
        return "strong", "weak"
    if diff == 3:
        return "medium", "none"
    if diff == 2:
        return "medium", "weak"
    if diff == 1:
        return "weak", "none"
    if diff == 0:
        return ("weak", "none") if a <= 4 else ("miss", "weak")
    if diff == -1:
        return "weak", "none"
    if diff == -2:
        return "miss", "none"
    if diff == -3:
        return "miss", "weak"
    if diff == -4:
        return "weak", "medium"
    return "miss", "medium"


COUNTER_TEXT = {"none": NO_COUNTER, "weak": WEAK_COUNTER, "medium": MEDIUM_COUNTER}

# (file tag, A, D, strike, counter, wounds to b, wounds to a, exchange event or None)
ROWS = [
    ("p5", 6, 1, "strong", "none", 3, 0, None),
    ("p4_keep", 5, 1, "strong", "weak", 3, 2, None),
    ("p3", 5, 2, "medium", "none", 2, 0, None),
    ("p2_keep", 4, 2, "medium", "weak", 2, 2, None),
    ("p1", 3, 2, "weak", "none", 1, 0, None),
    ("0_low", 4, 4, "weak", "none", 1, 0, None),
    ("0_high", 5, 5, "miss", "weak", 0, 2, None),
    ("m1", 2, 3, "weak", "none", 1, 0, None),
    ("m2", 1, 3, "miss", "none", 0, 0, None),
    ("m3", 1, 4, "miss", "weak", 0, 2, None),
    ("m4_keep", 1, 5, "weak", "medium", 1, 3, None),
    ("m5", 1, 6, "miss", "medium", 0, 3, None),
    (
        "p4_lower",
        5,
        1,
        "strong",
        "weak",
        2,
        0,
        "exchange: both strikes lowered to medium / no counter-strike",
    ),
    ("p2_lower", 4, 2, "medium", "weak", 1, 0, "exchange: both strikes lowered to weak / no counter-strike"),
    (
        "m4_lower",
        1,
        5,
        "weak",
        "medium",
        0,
        2,
        "exchange: both strikes lowered to miss / weak counter-strike",
    ),
]


@pytest.mark.parametrize("tag,a,d,strike,counter,wb,wa,exchange", ROWS, ids=[r[0] for r in ROWS])
def test_504_dice_table_row(tag, a, d, strike, counter, wb, wa, exchange):
    r = run(f"504_table_{tag}.toml")
    ev = r["events"]
    assert r["dice_used"] == 2
    assert ev[0] == "a strikes b"
    assert ev[1] == roll(a, d, strike, COUNTER_TEXT[counter])
    check(r, "b", wounds=wb, life=9 - wb, closed=False, zone="battlefield")
    check(r, "a", wounds=wa, life=8 - wa, closed=True, zone="battlefield")
    if exchange:
        assert exchange in ev
    else:
        assert not any(e.startswith("exchange") for e in ev)
    if wb:
        assert f"b takes {wb} wound{'s' if wb > 1 else ''} from a (life {9 - wb})" in ev
    else:
        assert not any(e.startswith("b takes") and "from a (" in e for e in ev)
    if wa:
        assert any(e.startswith("b counter-strikes a (") for e in ev)
        assert f"a takes {wa} wound{'s' if wa > 1 else ''} from b (life {8 - wa})" in ev
    else:
        assert not any("counter-strikes" in e for e in ev)
    assert ev[-1] == "a closes"


def test_504_exchange_attacker_may_lower_both():
    # +4: strong/weak -> medium/none; +2: medium/weak -> weak/none (the attacker's strike is stronger)
    r = run("504_table_p4_lower.toml")
    check(r, "b", wounds=2)
    check(r, "a", wounds=0)
    r = run("504_table_p2_lower.toml")
    check(r, "b", wounds=1)
    check(r, "a", wounds=0)


def test_504_exchange_defender_may_lower_both():
    # -4: weak/medium -> miss/weak (the defender's strike is stronger)
    r = run("504_table_m4_lower.toml")
    check(r, "b", wounds=0)
    check(r, "a", wounds=2)
    assert "a takes 2 wounds from b (life 6)" in r["events"]


def test_504_exchange_kept_deals_both_strikes():
    r = run("504_table_m4_keep.toml")
    check(r, "b", wounds=1)
    check(r, "a", wounds=3)
    assert "b counter-strikes a (medium, 3 before armor)" in r["events"]


def test_504_zero_row_depends_on_A():
    low = run("504_table_0_low.toml")  # A=D=4: weak strike, no counter
    check(low, "b", wounds=1)
    check(low, "a", wounds=0)
    high = run("504_table_0_high.toml")  # A=D=5: miss, weak counter-strike
    check(high, "b", wounds=0)
    check(high, "a", wounds=2)


def test_504_dice_table_all_36_outcomes_match_rules(tmp_path):
    """Every pair of dice (no bonuses) against the docs/RULES.md table, and the tally docs/RULES.md states."""
    base = (SCENARIOS / "504_table_p5.toml").read_text(encoding="utf-8")
    assert "dice = [6, 1]" in base
    tally = {}
    for ra, rd in itertools.product(range(1, 7), repeat=2):
        strike, counter = rules_table(ra, rd)
        path = tmp_path / f"t{ra}{rd}.toml"
        path.write_text(base.replace("dice = [6, 1]", f"dice = [{ra}, {rd}]"), encoding="utf-8")
        r = run_scenario(path)
        assert r["events"][1] == roll(ra, rd, strike, COUNTER_TEXT[counter]), (ra, rd)
        # no exchange is chosen (exchange defaults to "keep"): both strikes are dealt
        check(r, "b", wounds=STRIKE_WOUNDS[strike])
        check(r, "a", wounds=COUNTER_WOUNDS[counter])
        key = f"{'none' if strike == 'miss' else strike}/{counter}"
        tally[key] = tally.get(key, 0) + 1
    tally["miss both"] = tally.pop("none/none")
    assert tally == {
        "weak/none": 14,
        "none/weak": 5,
        "miss both": 4,
        "medium/weak": 4,
        "medium/none": 3,
        "weak/medium": 2,
        "strong/weak": 2,
        "none/medium": 1,
        "strong/none": 1,
    }


def test_504_simple_strike_medium_no_counter():
    r = run("504_simple_strike.toml")  # Кочевник -> Вайл, A=5 D=2: +3 medium 2
    assert r["events"] == [
        "a strikes b",
        roll(5, 2, "medium", NO_COUNTER),
        "b takes 2 wounds from a (life 12)",
        "a closes",
    ]
    check(r, "b", wounds=2, life=12, closed=False)
    check(r, "a", wounds=0, closed=True)
    assert r["dice_used"] == 2 and r["winner"] is None


def test_504_closed_target_only_attacker_rolls():
    # rolls 3, 4, 5, 6 -> weak 1, medium 2, medium 2, strong 3 on a closed Вайл (life 14)
    r = run("504_closed_target_single_roll.toml")
    ev = r["events"]
    assert r["dice_used"] == 4
    for a, s in ((3, "weak"), (4, "medium"), (5, "medium"), (6, "strong")):
        assert single_roll(a, s) in ev
    assert [e for e in ev if e.startswith("b takes")] == [
        "b takes 1 wound from a1 (life 13)",
        "b takes 2 wounds from a2 (life 11)",
        "b takes 2 wounds from a3 (life 9)",
        "b takes 3 wounds from a4 (life 6)",
    ]
    assert not any("counter-strikes" in e for e in ev)
    check(r, "b", wounds=8, life=6, closed=True)
    for lab in ("a1", "a2", "a3", "a4"):
        check(r, lab, wounds=0, closed=True)


def test_504_1_simple_strike_needs_adjacent_target():
    assert illegal("504_not_adjacent.toml") == "action 1 (attack a -> b): b is not adjacent to a (504.1)"


def test_2_diagonal_cell_is_adjacent():
    r = run("504_diagonal_is_adjacent.toml")
    assert r["events"][1] == roll(5, 2, "medium", NO_COUNTER)
    check(r, "b", wounds=2, life=12, cell="d4")


def test_504_card_cannot_attack_itself():
    assert (
        illegal("504_cannot_attack_self.toml")
        == "action 1 (attack a -> a): a card cannot attack itself (504)"
    )


def test_504_flyer_strikes_any_card_at_any_distance():
    r = run("504_flyer_strikes_any_distance.toml")
    assert r["events"][1] == roll(5, 2, "medium", NO_COUNTER)
    check(r, "b", wounds=2, life=6, cell="a6")
    check(r, "a", zone="aux", closed=True, wounds=0)
    assert r["dice_used"] == 2


def test_504_ground_melee_cannot_reach_flyer():
    assert (
        illegal("504_ground_cannot_reach_flyer.toml")
        == "action 1 (attack a -> b): b is a flyer and a cannot reach it (504)"
    )


def test_504_ground_melee_hits_flyer_when_only_flyers_left():
    r = run("504_ground_hits_lone_flyer.toml")
    assert r["events"][1] == roll(6, 1, "strong", NO_COUNTER)
    check(r, "b", wounds=3, life=6, zone="aux")


def test_504_ranged_attack_reaches_flyer_whatever_range():
    r = run("504_ranged_hits_flyer.toml")
    assert r["events"][:2] == ["a shoots b", single_roll(6, "strong")]
    check(r, "b", wounds=3, life=4, zone="aux")
    check(r, "a", closed=True, wounds=0)
    assert r["dice_used"] == 1


def test_504_1_ranged_attack_needs_non_adjacent_target():
    assert illegal("504_ranged_needs_non_adjacent.toml") == (
        "action 1 (ranged a -> b): b is adjacent to a; ranged attacks need a non-adjacent target (504.1)"
    )


DEFENDER_INVALID = (
    "d cannot defend here: it must be an open creature of the target's owner adjacent to both (504)"
)


def test_504_defender_takes_over_the_fight_and_closes():
    r = run("504_defender_takes_over.toml")
    ev = r["events"]
    assert ev[:3] == ["a strikes b", "d defends b", roll(4, 2, "medium", WEAK_COUNTER)]
    assert "d takes 2 wounds from a (life 7)" in ev
    assert "d counter-strikes a (weak, 2 before armor)" in ev
    assert "a takes 2 wounds from d (life 6)" in ev
    check(r, "d", wounds=2, life=7, closed=True)
    check(r, "b", wounds=0, life=14, closed=False)
    check(r, "a", wounds=2, life=6, closed=True)


def test_504_defender_must_be_adjacent_to_attacker_and_target():
    assert (
        illegal("504_defender_not_adjacent_to_attacker.toml")
        == f"action 1 (attack a -> b): {DEFENDER_INVALID}"
    )


def test_504_flyer_target_defended_by_another_flyer():
    r = run("504_defender_of_flyer_is_flyer.toml")
    assert r["events"][:3] == ["a strikes b", "d defends b", roll(5, 2, "medium", NO_COUNTER)]
    check(r, "d", wounds=2, life=7, closed=True, zone="aux")
    check(r, "b", wounds=0, closed=False)


def test_504_flyer_target_not_defended_by_ground_creature():
    assert illegal("504_ground_cannot_defend_flyer.toml") == f"action 1 (attack a -> b): {DEFENDER_INVALID}"


def test_504_flyer_attack_on_ground_defended_by_creature_adjacent_to_target():
    r = run("504_flyer_attack_defended_by_ground.toml")
    assert r["events"][:3] == ["a strikes b", "d defends b", roll(5, 2, "medium", NO_COUNTER)]
    check(r, "d", wounds=2, life=12, closed=True)
    check(r, "b", wounds=0, closed=False)


def test_504_flyer_cannot_defend_ground_creature():
    assert illegal("504_flyer_cannot_defend_ground.toml") == f"action 1 (attack a -> b): {DEFENDER_INVALID}"


def test_504_dice_running_out_is_reported(tmp_path):
    text = (
        (SCENARIOS / "504_table_p5.toml").read_text(encoding="utf-8").replace("dice = [6, 1]", "dice = [6]")
    )
    path = tmp_path / "short.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(
        ScenarioError, match=re.escape("action 1 (attack a -> b): the scenario's dice ran out")
    ):
        run_scenario(path)
