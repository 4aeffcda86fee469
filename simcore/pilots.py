"""The pilots a game can be played by: each name, the policy id the kernels read (the ruleset
parameters PR_POLICY0 + seat, simcore.kernels.ai.values), the AI_VERSION under which it last played
differently, and its tunables. Every run manifest, table and report names its pilots through
`pilots_config`, so that results of different pilots (or of one pilot's versions) are never mixed.

- random: uniform over the legal actions and over the options of every decision (its own dice stream).
- baseline: the one-ply greedy of AI_VERSION 8, frozen: the fixed reference every other pilot is
  measured against. It never plays differently again (tests/golden/baseline-*.txt); only a new
  RULES_VERSION may change its games.
- greedy: the one-ply greedy pilot that keeps improving. Until its first change it plays exactly as
  baseline (both compile to the same kernels: the kernels branch on the random pilot only).
"""
from typing import NamedTuple

from decks.errors import InputError

from .kernels.ai import AI_VERSION


class Pilot(NamedTuple):
    policy: int          # the id the kernels read
    version: str         # the AI_VERSION under which it last played differently


PILOTS = {
    "random": Pilot(0, "8"),
    "baseline": Pilot(1, "8"),
    "greedy": Pilot(2, "8"),
}


def pilot_parameters(name: str) -> dict:
    """The tunables of pilot `name`, as they are for this run."""
    if name == "random":
        return {}
    from .kernels.ai import policies
    return {"move_score": policies.MOVE_SCORE, "stall_turns": policies.STALL_TURNS,
            "stall_bonus": policies.STALL_BONUS}


def check_pilot(name: str, option: str = "--ai") -> str:
    if name not in PILOTS:
        raise InputError(option, None, f"unknown AI '{name}'", f"use one of: {', '.join(PILOTS)}")
    return name


def pilots_config(ais) -> dict:
    """The `ai` entry of a run's config and manifest: the pilot of each seat (a: deck A's, b: deck B's),
    AI_VERSION, and each pilot with its version and tunables."""
    a, b = (check_pilot(x) for x in ais)
    return {"a": a, "b": b, "version": AI_VERSION,
            "pilots": {name: {"version": PILOTS[name].version, "parameters": pilot_parameters(name)}
                       for name in dict.fromkeys((a, b))}}


def describe(ai: dict) -> str:
    """One line naming a run's pilots, e.g. 'greedy (AI 8) vs baseline (AI 8)'; manifests written
    before the pilots were named with their versions give 'greedy vs greedy, AI_VERSION 8'."""
    pilots = ai.get("pilots")
    if not pilots:
        return f"{ai['a']} vs {ai['b']}, AI_VERSION {ai['version']}"
    return " vs ".join(f"{ai[seat]} (AI {pilots[ai[seat]]['version']})" for seat in ("a", "b"))
