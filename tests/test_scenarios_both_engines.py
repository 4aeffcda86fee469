"""Every scenario file of tests/scenarios plays on both engines, the fast Numba engine and the reference
engine (simcore/reference), and their results agree: the contract's JSON (docs/SCENARIOS.md) but the
events, which only the fast engine writes; a file that stops on an illegal action stops at the same
action on both."""

import pytest
from scenario_util import SCENARIOS, extended_cardset

from simcore.reference import game as reference_game
from simcore.reference.scenario import play_both
from simcore.scenario import ScenarioError

FILES = sorted(SCENARIOS.glob("*.toml"))

# Files where the engines disagree and the fast engine is wrong by docs/RULES.md: none so far. Each entry
# is {file name: reason}; its case is marked xfail(strict=True), so a fix shows up as a failure to remove it.
FAST_ENGINE_WRONG = {}


def outcome(result):
    """What is compared: the result without its events, or the refused action ('action N (...)')."""
    if isinstance(result, ScenarioError):
        return "refused: " + str(result).split("): ", 1)[0] + ")"
    return {k: v for k, v in result.items() if k != "events"}


def differences(fast, ref):
    """The fields where the two outcomes differ, as readable lines (empty when they agree)."""
    f, r = outcome(fast), outcome(ref)
    if isinstance(f, str) or isinstance(r, str):
        return [] if f == r else [f"fast: {fast!s:.200} | reference: {ref!s:.200}"]
    out = [f"{k}: fast {f[k]} reference {r[k]}" for k in f if k != "cards" and f[k] != r[k]]
    for label, card in f["cards"].items():
        out += [f"card {label} {k}: fast {v} reference {r['cards'][label][k]}"
                for k, v in card.items() if r["cards"][label][k] != v]
    return out


def test_every_scenario_file_is_played():
    """The parametrised test below covers the whole folder (a glob that found nothing would pass)."""
    assert len(FILES) >= 180


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=p.stem, marks=[pytest.mark.xfail(strict=True, reason=FAST_ENGINE_WRONG[p.name])]
                          if p.name in FAST_ENGINE_WRONG else []) for p in FILES])
def test_scenario_file_agrees_on_both_engines(path, tmp_path_factory):
    """The file's resulting state (or the action it stops at) is the same on the fast and the reference engine."""
    fast, ref = play_both(path, extended_cardset(tmp_path_factory))
    assert not differences(fast, ref), "\n".join(differences(fast, ref))


def test_a_reference_that_heals_one_less_is_caught(monkeypatch, tmp_path_factory):
    """The comparison sees a changed rule: a reference healing one wound less differs on Рафаэль's file."""
    heal = reference_game.Game.heal
    monkeypatch.setattr(reference_game.Game, "heal", lambda self, t, n: heal(self, t, n - 1))
    fast, ref = play_both(SCENARIOS / "seed_rafael_wound_then_heal_by_number.toml", extended_cardset(tmp_path_factory))
    assert differences(fast, ref) == ["card k life: fast 13 reference 12", "card k wounds: fast 1 reference 2"]


def test_a_reference_that_refuses_is_caught(monkeypatch, tmp_path_factory):
    """An action refused by one engine only is a difference naming both outcomes."""
    monkeypatch.setattr(reference_game.Game, "strike_error", lambda self, att, t: "refused for the test")
    fast, ref = play_both(SCENARIOS / "504_simple_strike.toml", extended_cardset(tmp_path_factory))
    (line,) = differences(fast, ref)
    assert line.startswith("fast: {") and "reference: action 1 (attack a -> b): refused for the test" in line
