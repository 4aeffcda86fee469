"""The pilots a game can be played by: each name, the policy id the kernels read (the ruleset
parameters PR_POLICY0 + seat, simcore.kernels.ai.values), the AI_VERSION under which it last played
differently, and its tunables. Every run manifest, table and report names its pilots through
`pilots_config`, so that results of different pilots (or of one pilot's versions) are never mixed.

- random: uniform over the legal actions and over the options of every decision (its own dice stream).
- baseline: the one-ply greedy of AI_VERSION 8, frozen: the fixed reference every other pilot is
  measured against. It never plays differently again (tests/golden/baseline-*.txt); only a new
  RULES_VERSION may change its games.
- greedy: the one-ply greedy pilot that keeps improving. Against baseline it places its dearest melee
  creatures first (into the front row), then ranged ones and flyers; buys its dearest affordable squad
  across both elements of a mixed deck (simcore.kernels.ai.squad); acts with its creatures in the order
  of their best action's worth; values a strike against the defender the opponent would put in
  (policies.defended_strike_ev); and aims its strikes at the wounded where a kill is near (focus, %: 0
  aims as baseline does). With open_weight (%, default 0) a creature stays open when what the enemies
  that can reach it would gain by striking it closed in their next turn, times open_weight, is worth
  more than its best action now (simcore.kernels.ai.policies.open_value); measured, holding back
  loses against these pilots, hence off by default.
- search: looks ahead (simcore.kernels.ai.search): where greedy would choose among several creatures'
  attacks it plays its best few candidates out on copies of the game, through the opponent's next turn,
  and takes the best. Budget: candidates (1-8; 1 is greedy), samples (dice samples per candidate) and
  hold (1: ending the turn is a candidate too), e.g. `--ai search --ai-param search.samples=4`, spec
  'search[samples=4]'.

A pilot spec is its name, with the budget keys off their defaults in brackets ('search[samples=4]').
"""
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from decks.errors import InputError

from .kernels.ai import AI_VERSION


class Pilot(NamedTuple):
    policy: int          # the id the kernels read
    version: str         # the AI_VERSION under which it last played differently
    budget: Mapping = MappingProxyType({})    # its tunables a run may set (--ai-param NAME.KEY=VALUE): {key: (default, lo, hi)}


PILOTS = {
    "random": Pilot(0, "8"),
    "baseline": Pilot(1, "8"),
    "greedy": Pilot(2, "11", {"open_weight": (0, 0, 1000), "focus": (100, 0, 100)}),
    "search": Pilot(3, "11", {"candidates": (3, 1, 8), "samples": (2, 1, 16), "hold": (0, 0, 1),
                             "open_weight": (0, 0, 1000), "focus": (100, 0, 100)}),
}
SPEC = re.compile(r"^(?P<name>[a-z]+)(?:\[(?P<params>[a-z_]+=-?\d+(?:,[a-z_]+=-?\d+)*)\])?$")


def parse_pilot(spec: str, option: str = "--ai") -> tuple:
    """(name, {key: value} over its whole budget) of a pilot spec: a name, or a name with the
    budget keys that differ from their defaults, e.g. 'search[samples=4]' (InputError if bad)."""
    m = SPEC.match(spec)
    if not m or m["name"] not in PILOTS:
        raise InputError(option, None, f"unknown AI '{spec}'", f"use one of: {', '.join(PILOTS)}")
    pilot = PILOTS[m["name"]]
    values = {key: default for key, (default, _, _) in pilot.budget.items()}
    for item in (m["params"] or "").split(",") if m["params"] else ():
        key, value = item.split("=")
        values[key] = int(value)
        check_budget(m["name"], key, values[key], option)
    return m["name"], values


def check_budget(name: str, key: str, value: int, option: str = "--ai-param") -> None:
    budget = PILOTS[name].budget
    if key not in budget:
        raise InputError(option, None, f"pilot '{name}' has no tunable '{key}'",
                         f"use one of: {', '.join(budget)}" if budget else f"'{name}' takes no --ai-param")
    _, lo, hi = budget[key]
    if not lo <= value <= hi:
        raise InputError(option, None, f"{name}.{key} = {value} is not from {lo} to {hi}",
                         f"give {name}.{key} a value from {lo} to {hi}")


def pilot_spec(name: str, values: dict) -> str:
    """The canonical spec of pilot `name` with budget `values`: only the keys off their defaults."""
    off = [f"{key}={values[key]}" for key, (default, _, _) in PILOTS[name].budget.items()
           if values.get(key, default) != default]
    return f"{name}[{','.join(off)}]" if off else name


def with_ai_params(spec: str, ai_params) -> str:
    """Spec `spec` with the --ai-param settings ('NAME.KEY=VALUE') that name its pilot applied."""
    name, values = parse_pilot(spec)
    for item in ai_params:
        m = re.match(r"^([a-z]+)\.([a-z_]+)=(-?\d+)$", item)
        if not m:
            raise InputError("--ai-param", None, f"'{item}' is not NAME.KEY=VALUE",
                             "write e.g. --ai-param search.samples=4")
        if m[1] not in PILOTS:
            raise InputError("--ai-param", None, f"unknown AI '{m[1]}' in '{item}'", f"use one of: {', '.join(PILOTS)}")
        check_budget(m[1], m[2], int(m[3]))
        if m[1] == name:
            values[m[2]] = int(m[3])
    return pilot_spec(name, values)


def pilot_parameters(spec: str) -> dict:
    """The tunables of the pilot of `spec`, as they are for this run (its budget included)."""
    name, values = parse_pilot(spec)
    if name == "random":
        return {}
    from .kernels.ai import policies, search
    params = {"move_score": policies.MOVE_SCORE, "stall_turns": policies.STALL_TURNS,
              "stall_bonus": policies.STALL_BONUS}
    params.update(values)
    if name == "search":
        params.update({"win_value": search.WIN_VALUE, "alive_share": search.ALIVE_SHARE,
                       "next_turn_share": search.NEXT_TURN_SHARE})
    return params


def check_pilot(spec: str, option: str = "--ai") -> str:
    """The canonical spec of `spec` (InputError naming `option` if it is not a pilot)."""
    return pilot_spec(*parse_pilot(spec, option))


def seat_params(spec: str) -> dict:
    """{ruleset parameter offset: value} the kernels read for a seat played by `spec`
    (PR_POLICY0 and the search budget: simcore.kernels.state), seat 0's offsets."""
    from .kernels.state import (
        PR_FOCUS0,
        PR_OPEN_WEIGHT0,
        PR_POLICY0,
        PR_SEARCH_CANDIDATES0,
        PR_SEARCH_HOLD0,
        PR_SEARCH_SAMPLES0,
    )
    name, values = parse_pilot(spec)
    out = {PR_POLICY0: PILOTS[name].policy, PR_OPEN_WEIGHT0: values.get("open_weight", 0),
           PR_FOCUS0: values.get("focus", 0)}
    if name == "search":
        out[PR_SEARCH_CANDIDATES0] = values["candidates"]
        out[PR_SEARCH_SAMPLES0] = values["samples"]
        out[PR_SEARCH_HOLD0] = values["hold"]
    return out


def pilots_config(ais) -> dict:
    """The `ai` entry of a run's config and manifest: the pilot of each seat (a: deck A's, b: deck B's),
    AI_VERSION, and each pilot with its version and tunables."""
    a, b = (check_pilot(x) for x in ais)
    return {"a": a, "b": b, "version": AI_VERSION,
            "pilots": {spec: {"version": PILOTS[parse_pilot(spec)[0]].version, "parameters": pilot_parameters(spec)}
                       for spec in dict.fromkeys((a, b))}}


def describe(ai: dict) -> str:
    """One line naming a run's pilots, e.g. 'greedy (AI 8) vs baseline (AI 8)'; manifests written
    before the pilots were named with their versions give 'greedy vs greedy, AI_VERSION 8'."""
    pilots = ai.get("pilots")
    if not pilots:
        return f"{ai['a']} vs {ai['b']}, AI_VERSION {ai['version']}"
    return " vs ".join(f"{ai[seat]} (AI {pilots[ai[seat]]['version']})" for seat in ("a", "b"))


def pilot_folder(spec: str) -> str:
    """The folder, inside a meta's or an experiment's folder, of the same run played under the pilot of
    `spec` (`--ai greedy --ai search`: the first pilot's run is the folder itself)."""
    return "pilots/" + "".join(ch if ch.isalnum() or ch in "=_" else "-" for ch in spec).strip("-")
