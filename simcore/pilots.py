"""The pilots a game can be played by: each name, the policy id the kernels read (the ruleset
parameters PR_POLICY0 + seat, simcore.kernels.ai.values), the AI_VERSION under which it last played
differently, and its tunables. Every run manifest, table and report names its pilots through
`pilots_config`, so that results of different pilots (or of one pilot's versions) are never mixed.

- random: uniform over the legal actions and over the options of every decision (its own dice stream).
- baseline: the one-ply greedy of AI_VERSION 8, frozen: the fixed reference every other pilot is
  measured against. It never plays differently again (tests/golden/baseline-*.txt); only a new
  RULES_VERSION may change its games.
- greedy: the one-ply greedy pilot that keeps improving. Against baseline it buys, of the squad of the
  highest total cost and `squads` random fills of its deal, the one worth most by its cost, a crystal
  more per elite card, half its dearest card's cost, a tenth more per point of its cards' strikes and a
  tenth less per point of their life (simcore.kernels.ai.squad.squad_worth), across both elements of a
  mixed deck; places Лёккен first (the front row's centre), then its dearest melee creatures (beside it),
  then ranged ones and flyers;
  acts with its creatures in the order of their best action's worth; values a strike against the defender
  the opponent would put in (policies.defended_strike_ev); and aims its strikes at the wounded where a
  kill is near (focus, %: 0 aims as baseline does). A creature stays open when what it is worth open in
  the opponent's next turn (the strikes at its neighbours it would take over as a defender, and the
  counter-strike it keeps: simcore.kernels.ai.policies.holds_open), times the seat's weight, is worth
  more than its best action now: `guard` (%, default 30) for a defender that does not close to defend
  (Лёккен), `open_weight` (%, default 0) for any other creature (measured, holding those back loses or
  gains little for much time, hence off by default).
- search: looks ahead by playing one-ply pilots out on copies of the game. Its squad (simcore.kernels.
  ai.squad_search): greedy's and the `squads` - 1 worth most by greedy's squad_worth of 8 times as many
  random fills of its deal, played out (baseline's play on both sides, the quicker) for `squad_turns`
  turns against up to `squad_samples` hands the opponent's deck list could deal him (not his real deal):
  each round the better half of the squads meets one more hand, the last two or three all the hands left;
  then it weighs `placements` other placements of the squad it picked against greedy's on the same hands
  (greedy's rows filled from the last column, its melee held back a row, greedy's rows filled from the
  first column, its ranged attackers brought forward a row, greedy's rows filled every second column).
  In play (simcore.kernels.ai.search): where greedy would choose among several creatures' attacks it plays
  its best `candidates` (not a creature greedy keeps open) out to the end of its turn (`horizon` 1; 2
  reaches through the opponent's next turn), over `samples` dice samples, and takes the best; with
  `alternatives` it also weighs its first creature's next best actions at other targets, with `keep`
  keeping that creature open this turn, with `hold` ending the turn; with `close` (%) it weighs other
  creatures only when the second scores that share of the first; when its two best candidates lie
  within `recheck_within` tenths of a crystal, it plays both out on `recheck` more samples before it
  chooses (with `deepen`, those playouts run `deepen` turns further, through the opponent's reply, and
  decide alone: stronger and slower, off by default). It chooses the defender of a card of its struck in
  the opponent's turn the same way: each creature that may defend it, and none, played out to the end of
  that turn over `defend` dice samples (0: greedy's choice, the one that lowers the attacker's expected
  exchange most).
  E.g. `--ai search --ai-param search.samples=4`, spec 'search[samples=4]'.

A pilot spec is its name, with the budget keys off their defaults in brackets ('search[samples=4]').
"""
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from decks.errors import InputError


class Pilot(NamedTuple):
    policy: int          # the id the kernels read
    version: str         # the AI_VERSION under which it last played differently
    budget: Mapping = MappingProxyType({})    # its tunables a run may set (--ai-param NAME.KEY=VALUE): {key: (default, lo, hi)}


PILOTS = {
    "random": Pilot(0, "27"),
    "baseline": Pilot(1, "8"),
    "greedy": Pilot(2, "24", {"guard": (30, 0, 1000), "open_weight": (0, 0, 1000), "focus": (100, 0, 100),
                              "squads": (16, 0, 64)}),
    "search": Pilot(3, "26", {"candidates": (3, 1, 16), "samples": (2, 1, 16), "hold": (0, 0, 1),
                             "alternatives": (2, 0, 8), "keep": (0, 0, 1), "horizon": (1, 1, 4), "close": (0, 0, 100),
                             "defend": (4, 0, 16), "recheck": (2, 0, 16), "recheck_within": (5, 0, 1000),
                             "deepen": (0, 0, 3), "placements": (4, 0, 5),
                             "squads": (16, 1, 16), "squad_samples": (10, 1, 16), "squad_turns": (6, 1, 100),
                             "guard": (30, 0, 1000), "open_weight": (0, 0, 1000), "focus": (100, 0, 100)}),
}
# the ruleset parameter (simcore.kernels.state, + seat) each budget key is passed in
BUDGET_PARAMS = {"guard": "PR_GUARD0", "open_weight": "PR_OPEN_WEIGHT0", "focus": "PR_FOCUS0",
                 "squads": "PR_SQUADS0", "candidates": "PR_SEARCH_CANDIDATES0",
                 "samples": "PR_SEARCH_SAMPLES0", "hold": "PR_SEARCH_HOLD0",
                 "alternatives": "PR_SEARCH_ALTERNATIVES0", "keep": "PR_SEARCH_KEEP0", "horizon": "PR_SEARCH_HORIZON0",
                 "close": "PR_SEARCH_CLOSE0", "defend": "PR_SEARCH_DEFEND0", "recheck": "PR_SEARCH_RECHECK0",
                 "recheck_within": "PR_SEARCH_RECHECK_WITHIN0", "deepen": "PR_SEARCH_DEEPEN0",
                 "placements": "PR_SEARCH_PLACEMENTS0",
                 "squad_samples": "PR_SQUAD_SAMPLES0", "squad_turns": "PR_SQUAD_TURNS0"}
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
    from .kernels.ai import policies, search, squad, squad_search
    params = {"move_score": policies.MOVE_SCORE, "stall_turns": policies.STALL_TURNS,
              "stall_bonus": policies.STALL_BONUS}
    params.update(values)
    if name in ("greedy", "search"):
        params.update({"elite_worth": squad.ELITE_WORTH, "top_worth": squad.TOP_WORTH})
    if name == "search":
        params.update({"win_value": search.WIN_VALUE, "alive_share": search.ALIVE_SHARE,
                       "next_turn_share": search.NEXT_TURN_SHARE,
                       "squad_playout_pilot": next(n for n, pilot in PILOTS.items()
                                                   if pilot.policy == squad_search.SQUAD_PLAYOUT_PILOT)})
    return params


def check_pilot(spec: str, option: str = "--ai") -> str:
    """The canonical spec of `spec` (InputError naming `option` if it is not a pilot)."""
    return pilot_spec(*parse_pilot(spec, option))


def seat_params(spec: str) -> dict:
    """{ruleset parameter offset: value} the kernels read for a seat played by `spec`
    (PR_POLICY0 and the pilot's budget: simcore.kernels.state), seat 0's offsets."""
    from .kernels import state

    name, values = parse_pilot(spec)
    out = {state.PR_POLICY0: PILOTS[name].policy}
    for key, value in values.items():
        out[getattr(state, BUDGET_PARAMS[key])] = value
    return out


def pilots_config(ais) -> dict:
    """The `ai` entry of a run's config and manifest: the pilot of each seat (a: deck A's, b: deck B's),
    AI_VERSION, and each pilot with its version and tunables."""
    from .kernels.ai import AI_VERSION  # here, so that the CLI starts without importing the engine

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
