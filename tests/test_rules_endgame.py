"""Section 9 and 604.1: the round cap adjudicates by total cost in play (gold = silver)."""
from pathlib import Path

from simcore.scenario import run_scenario

SC = Path(__file__).parent / "scenarios"


def test_604_1_turn_cap_higher_cost_in_play_wins():
    r = run_scenario(SC / "604_1_turn_cap_cost_in_play.toml")
    assert r["winner"] == 1
    assert r["events"][-1] == "game over: player 1 wins by turn_cap (cost in play 6 : 3)"


def test_604_1_turn_cap_equal_cost_is_a_draw():
    r = run_scenario(SC / "604_1_turn_cap_equal_cost_draw.toml")
    assert r["winner"] == "draw"
    assert "turn_cap" in r["events"][-1]
