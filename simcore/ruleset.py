"""Rulesets: the house-rule settings of docs/RULES.md ([H]) as one int array the kernels read.

Presets live in `decks/rulesets.toml` (`classic`, the default, and `modern`); a user can see every
setting there and override any with `--rule name=value`. The index of each setting in a game's row
is a PR_* constant of simcore.kernels.state.
"""
import tomllib
from pathlib import Path

import numpy as np

import decks
from decks.errors import InputError

from .kernels.state import (
    MAX_STACK,
    N_PARAMS,
    PR_ATTACK_OWN_CARDS,
    PR_DEAL,
    PR_ELEMENT_PENALTY,
    PR_FIRST,
    PR_FLYER_CAP,
    PR_FORMATION_ORTHOGONAL,
    PR_GOLD_FIRST,
    PR_GOLD_SECOND,
    PR_GROUND_HITS_LONE_FLYERS,
    PR_MULLIGAN_COST,
    PR_MULLIGAN_MAX,
    PR_PLACEMENT_LEVELS,
    PR_POISON_STACKS,
    PR_ROUND_CAP,
    PR_SILVER_FIRST,
    PR_SILVER_SECOND,
    PR_STACK_MAX,
    PR_WINDOW_STEPS,
)
from .pilots import seat_params

SETTINGS = {
    "gold_first": PR_GOLD_FIRST, "silver_first": PR_SILVER_FIRST,
    "gold_second": PR_GOLD_SECOND, "silver_second": PR_SILVER_SECOND,
    "deal": PR_DEAL, "mulligan_max": PR_MULLIGAN_MAX, "mulligan_cost": PR_MULLIGAN_COST,
    "flyer_cap": PR_FLYER_CAP, "element_penalty": PR_ELEMENT_PENALTY,
    "placement_levels": PR_PLACEMENT_LEVELS, "round_cap": PR_ROUND_CAP,
    "ground_hits_lone_flyers": PR_GROUND_HITS_LONE_FLYERS,
    "attack_own_cards": PR_ATTACK_OWN_CARDS, "poison_stacks": PR_POISON_STACKS,
    "formation_orthogonal": PR_FORMATION_ORTHOGONAL,
    "stack_max": PR_STACK_MAX, "window_steps_max": PR_WINDOW_STEPS,
}
# the values each setting may take: crystals and costs stay small (the outcome tables store crystals
# left in 8 bits, turns in 16), the deal fits a deck, the flags are 0 or 1
SETTING_RANGES = {
    "gold_first": (0, 60), "silver_first": (0, 60), "gold_second": (0, 60), "silver_second": (0, 60),
    "deal": (1, 50), "mulligan_max": (0, 10), "mulligan_cost": (0, 60), "flyer_cap": (0, 120),
    "element_penalty": (0, 60), "placement_levels": (0, 1), "round_cap": (1, 1000),
    "ground_hits_lone_flyers": (0, 1), "attack_own_cards": (0, 1), "poison_stacks": (0, 1),
    "formation_orthogonal": (0, 1), "stack_max": (1, MAX_STACK), "window_steps_max": (2, 100_000),
}
RULESETS_FILE = Path(decks.__file__).resolve().parent / "rulesets.toml"

assert SETTING_RANGES.keys() == SETTINGS.keys()


def load_rulesets(path: Path = RULESETS_FILE) -> dict:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise InputError(path, None, f"cannot read the rulesets: {e}", "restore decks/rulesets.toml") from None


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
        value = values.get(key)
        where = "--rule" if key in (overrides or {}) else RULESETS_FILE
        if value is None:
            raise InputError(where, None, f"ruleset '{name}' has no setting '{key}'",
                             f"add {key} = ... to [{name}] in decks/rulesets.toml")
        lo, hi = SETTING_RANGES[key]
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise InputError(where, None, f"{key} = {value} is not an integer from {lo} to {hi}",
                             f"give {key} a value from {lo} to {hi}")
        params[idx] = value
    for i, pol in enumerate(policies):
        for offset, value in seat_params(pol).items():
            params[offset + i] = value
    params[PR_FIRST] = first
    return params
