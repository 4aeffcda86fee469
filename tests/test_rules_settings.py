"""House-rule settings of decks/rulesets.toml change the game exactly where docs/RULES.md leaves a choice."""
from pathlib import Path

import pytest

from simcore.scenario import ScenarioError, run_scenario

SC = Path(__file__).parent / "scenarios"


def test_H_formation_left_right_only_by_default():
    r = run_scenario(SC / "H_formation_orthogonal_0.toml")
    # A=5, D=3: +2 -> medium strike (2), weak counter-strike (Великан's weak 2)
    assert r["cards"]["v"]["wounds"] == 2 and r["cards"]["k"]["wounds"] == 2


def test_H_formation_orthogonal_counts_the_card_behind():
    r = run_scenario(SC / "H_formation_orthogonal_1.toml")
    # in formation: OvZ 1, D=4: +1 -> weak strike (1), no counter-strike
    assert r["cards"]["v"]["wounds"] == 1 and r["cards"]["k"]["wounds"] == 0


@pytest.mark.parametrize("stacks,poison", [(0, 2), (1, 3)])
def test_H_poison_replaces_or_stacks(stacks, poison):
    r = run_scenario(SC / f"H_poison_stacks_{stacks}.toml")
    assert r["cards"]["v"]["poison"] == poison
    assert r["cards"]["v"]["wounds"] == 2


def test_H_attacking_own_cards_is_refused_by_default():
    with pytest.raises(ScenarioError, match=r"action 1 \(attack k -> v\): v is on k's own side.*attack_own_cards"):
        run_scenario(SC / "H_attack_own_cards_0.toml")


def test_H_attacking_own_cards_when_allowed():
    r = run_scenario(SC / "H_attack_own_cards_1.toml")
    assert r["cards"]["v"]["wounds"] == 3
