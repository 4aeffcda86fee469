"""Rulesets: the house-rule settings of RULES.md ([H]) as one int array the kernels read.

Presets live in `decks/rulesets.toml` (`classic`, the default, and `modern`); a user can see every
setting there and override any with `--rule name=value`. Index constants are usable in kernels.
"""
import tomllib
from pathlib import Path

import numpy as np

import decks
from decks.errors import InputError

from .state import N_PARAMS

(PR_GOLD_FIRST, PR_SILVER_FIRST, PR_GOLD_SECOND, PR_SILVER_SECOND, PR_DEAL, PR_MULLIGAN_MAX,
 PR_MULLIGAN_COST, PR_FLYER_CAP, PR_ELEMENT_PENALTY, PR_PLACEMENT_LEVELS, PR_ROUND_CAP,
 PR_GROUND_HITS_LONE_FLYERS, PR_ATTACK_OWN_CARDS, PR_POISON_STACKS, PR_FORMATION_ORTHOGONAL,
 PR_POLICY0, PR_POLICY1, PR_FIRST) = range(18)

SETTINGS = {
    "gold_first": PR_GOLD_FIRST, "silver_first": PR_SILVER_FIRST,
    "gold_second": PR_GOLD_SECOND, "silver_second": PR_SILVER_SECOND,
    "deal": PR_DEAL, "mulligan_max": PR_MULLIGAN_MAX, "mulligan_cost": PR_MULLIGAN_COST,
    "flyer_cap": PR_FLYER_CAP, "element_penalty": PR_ELEMENT_PENALTY,
    "placement_levels": PR_PLACEMENT_LEVELS, "round_cap": PR_ROUND_CAP,
    "ground_hits_lone_flyers": PR_GROUND_HITS_LONE_FLYERS,
    "attack_own_cards": PR_ATTACK_OWN_CARDS, "poison_stacks": PR_POISON_STACKS,
    "formation_orthogonal": PR_FORMATION_ORTHOGONAL,
}
RULESETS_FILE = Path(decks.__file__).resolve().parent / "rulesets.toml"

POLICIES = {"random": 0, "greedy": 1}


def load_rulesets(path: Path = RULESETS_FILE) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


def ruleset_params(name: str = "classic", overrides: dict | None = None,
                   policies=("greedy", "greedy"), first: int = -1) -> np.ndarray:
    """The parameter array for a named ruleset, with `overrides` {setting: int} applied."""
    presets = load_rulesets()
    if name not in presets:
        raise InputError("--ruleset", None, f"unknown ruleset '{name}'",
                         f"use one of: {', '.join(sorted(presets))}")
    values = dict(presets[name])
    for key, value in (overrides or {}).items():
        if key not in SETTINGS:
            raise InputError("--rule", None, f"unknown rule setting '{key}'",
                             f"use one of: {', '.join(SETTINGS)}")
        values[key] = value
    params = np.zeros(N_PARAMS, np.int64)
    for key, idx in SETTINGS.items():
        params[idx] = int(values[key])
    for i, pol in enumerate(policies):
        if pol not in POLICIES:
            raise InputError("--ai", None, f"unknown AI '{pol}'",
                             f"use one of: {', '.join(POLICIES)}")
        params[PR_POLICY0 + i] = POLICIES[pol]
    params[PR_FIRST] = first
    return params
