"""Scenario harness: set up a position from a TOML file, play its actions with forced dice, and report
the resulting state. Its format and output are a public contract, docs/SCENARIOS.md (rule tests and
designers read it): `ability = N` is the card's Nth played ability in card-text order (slow and fast,
114.2), `move` walks a shortest path of empty cells one step at a time, `zone` reads battlefield, aux,
graveyard or deck.

parse_scenario reads and checks a file (bad input: one InputError line); play runs it on an engine
(FastEngine here, the reference engine's in simcore.reference.scenario) through the same loop.
"""
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from decks import load_cardset
from decks.cardset import fold
from decks.errors import InputError
from decks.registry import PlayedAbility

from .events import cell_name, format_events, parse_cell
from .kernels.cardtable import F_ABILITIES, F_FAST, LIFE, MOVE
from .kernels.rules.board import rebuild_play_lists
from .kernels.rules.damage import armor_value
from .kernels.rules.defence import defender_error
from .kernels.rules.errors import MESSAGES
from .kernels.rules.permanent import recompute
from .kernels.rules.setup import init_game
from .kernels.rules.turn import (
    A_AB0,
    A_END,
    A_FINISH,
    A_GAIN_COUNTER,
    A_HEAL,
    A_JUMP,
    A_MOVE,
    A_RANGED,
    A_SPECIAL,
    A_STRIKE,
    A_TAP_GAIN,
    action_error,
    apply_action,
)
from .kernels.state import (
    AB_USES,
    ARMOR_LEFT,
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    DICE0,
    DICE_CAP,
    EFF,
    ERR_BAD_ANSWER,
    ERR_DICE_EXHAUSTED,
    EV0,
    EXTRA_LIVES,
    G_ACTIVE,
    G_BOARD,
    G_DICE_N,
    G_DICE_USED,
    G_ERROR,
    G_FAST,
    G_FIRST,
    G_FLAGS,
    G_LOG_OFFERS,
    G_N_EVENTS,
    G_QUEUE,
    G_QUEUE_N,
    G_SCRIPTED,
    G_TURN,
    G_WINNER,
    GAINED,
    LIFE_MAX,
    MAX_DECK,
    MAX_QUEUE,
    MOVES_LEFT,
    N_COLS,
    N_ROWS,
    POISON,
    TMP_STRIKE,
    WOUNDS,
    Z_AUX,
    Z_DECK,
    Z_FIELD,
    Z_GRAVE,
    ZONE,
    ZONE_NAMES,
    cards_view,
    game_view,
    new_state,
    set_params,
)
from .limits import limit_message
from .ruleset import ruleset_params

ZONES = {"battlefield": Z_FIELD, "aux": Z_AUX, "graveyard": Z_GRAVE, "deck": Z_DECK}
ZONE_WORDS = {code: word for word, code in ZONES.items()}     # the zones in docs/RULES.md's words
VALUE_COLUMNS = {"wounds": WOUNDS, "extra_lives": EXTRA_LIVES, "life_max": LIFE_MAX, "counters": COUNTERS,
                 "poison": POISON}
VALUE_KEYS = tuple(VALUE_COLUMNS)
PLAYED_ACTION = {PlayedAbility.RANGED: A_RANGED, PlayedAbility.FINISH_OFF: A_FINISH,
                 PlayedAbility.HEAL_SELF: A_HEAL, PlayedAbility.SPECIAL_STRIKE: A_SPECIAL,
                 PlayedAbility.TAP_GAIN: A_TAP_GAIN, PlayedAbility.GAIN_COUNTER: A_GAIN_COUNTER}
CARD_KEYS = {"label", "name", "owner", "at", "closed", "wounds", "extra_lives", "life_max",
             "counters", "poison"}
CARD_VALUE_MAX = 99         # wounds, extra lives, life maximum, counters, poison of a scenario card
TOP_KEYS = {"ruleset", "rules", "active_player", "dice", "actions", "cards", "description"}
ACTION_KEYS = {"do", "card", "to", "target", "defender", "exchange", "ability", "answers"}
ANSWER_KEYS = {"card", "ability", "target", "option"}


class ScenarioError(Exception):
    """An illegal action: one line naming the action, why, and the rule number."""


def _line_of(text: str, needle: str):
    """The line of a card's table (needle '"label"' matches its `label = ...` line first) or else
    the first line containing the needle."""
    lines = text.splitlines()
    if needle.startswith('"'):
        for i, line in enumerate(lines, 1):
            if re.match(r"\s*label\s*=\s*" + re.escape(needle), line):
                return i
    for i, line in enumerate(lines, 1):
        if needle in line:
            return i
    return None


def load_scenario(path):
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(str(path), None, f"cannot read the scenario file ({e.__class__.__name__})",
                         "pass a readable UTF-8 TOML file") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        m = re.search(r"\(at line (\d+), column \d+\)", msg)
        line = getattr(e, "lineno", None) or (int(m.group(1)) if m else None)
        raise InputError(str(path), line, f"bad TOML: {msg}",
                         "fix the TOML syntax (top-level keys must come before [[cards]])") from None
    return text, data


@dataclass
class Placement:
    """One [[cards]] table: the card, its slot (player p's i-th card is slot p * MAX_DECK + i) and where
    it starts, with its optional values (wounds, extra_lives, life_max, counters, poison, closed)."""
    label: str
    slot: int
    card: object
    zone: str                       # "battlefield", "aux", "graveyard" or "deck"
    cell: int                       # 0..29 on the battlefield, else -1
    values: dict
    closed: bool | None


@dataclass
class ScenarioAction:
    """One action of the file as the engines play it: the fast engine's action kind (rules.turn A_*),
    the acting card's slot, the target (a slot, or a cell for move and jump), defender (slot, -1 none),
    exchange (0 keep, 1 lower) and the scripted answers [(slot, abilities entry, target or option)]."""
    index: int
    do: str
    desc: str
    kind: int
    actor: int
    target: int
    defender: int = -1
    exchange: int = 0
    answers: list = field(default_factory=list)
    answer_texts: list = field(default_factory=list)


@dataclass
class Scenario:
    """A scenario file read and checked: the position, the dice and the actions, engine-neutral."""
    path: Path
    cardset: object
    params: object                  # the ruleset's settings (simcore.ruleset.ruleset_params)
    active: int                     # 1 or 2
    dice: list
    placements: list
    actions: list
    label_of: dict                  # slot -> label


def run_scenario(path, cardset=None) -> dict:
    """Play the scenario file on the fast engine and return its JSON-able result."""
    return play(parse_scenario(path, cardset), FastEngine)


def parse_scenario(path, cardset=None) -> Scenario:
    """Read and check a scenario file: one InputError line (file, line, what to do) for bad input."""
    path = Path(path)
    text, data = load_scenario(path)
    f = str(path)

    def err(msg, fix, needle=None):
        return InputError(f, _line_of(text, needle) if needle else None, msg, fix)

    unknown = set(data) - TOP_KEYS
    if unknown:
        k = sorted(unknown)[0]
        raise err(f"unknown key '{k}'", f"use only {', '.join(sorted(TOP_KEYS))}", k)
    cardset = cardset or load_cardset()
    ruleset = data.get("ruleset", "classic")
    if not isinstance(ruleset, str):
        raise err("ruleset must be a string", 'write ruleset = "classic" or "modern"', "ruleset")
    rules = data.get("rules", {})
    if not isinstance(rules, dict) or not all(isinstance(v, int) for v in rules.values()):
        raise err("rules must be a table of integer settings", "write rules = { round_cap = 1 }", "rules")
    try:
        params = ruleset_params(ruleset, rules, ("greedy", "greedy"), 0)
    except InputError as e:
        raise err(e.message, e.fix, "rules" if e.file == "--rule" else "ruleset") from None
    active = data.get("active_player", 1)
    if active not in (1, 2):
        raise err("active_player must be 1 or 2", "write active_player = 1", "active_player")
    dice = data.get("dice", [])
    if not isinstance(dice, list) or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
        raise err("dice must be a list of integers 1..6", "write dice = [5, 2, 6]", "dice")
    if len(dice) > DICE_CAP:
        raise err(f"more than {DICE_CAP} dice", "split the scenario", "dice")
    cards = data.get("cards", [])
    if not isinstance(cards, list) or not cards:
        raise err("no [[cards]] tables", "add [[cards]] tables with label, name, owner, at")

    sizes = [0, 0]
    slot_of = {}
    placements = []
    taken = {}
    for c in cards:
        if not isinstance(c, dict):
            raise err("each card must be a [[cards]] table", "see the scenario format")
        label = c.get("label")
        bad = set(c) - CARD_KEYS
        if bad:
            k = sorted(bad)[0]
            raise err(f"card '{label}': unknown field '{k}'", f"use only {', '.join(sorted(CARD_KEYS))}", k)
        for key in ("label", "name", "owner", "at"):
            if key not in c:
                raise err(f"card '{label}' has no '{key}'", f"add {key} = ... to the card",
                          f'"{label}"' if label else None)
        label = str(label)
        if not isinstance(c["name"], str):
            raise err(f"card '{label}': name must be a card name in quotes", 'write name = "Кочевник"',
                      f'"{label}"')
        if label in slot_of:
            raise err(f"label '{label}' is used twice", "give every card its own label", f'"{label}"')
        card = cardset.get(c["name"])
        if card is None:
            import difflib
            names = [x.name for x in cardset.cards]
            close = difflib.get_close_matches(fold(str(c["name"])), [fold(n) for n in names], 3, 0.5)
            sugg = [n for n in names if fold(n) in close]
            raise err(f"unknown card '{c['name']}'",
                      f"did you mean: {', '.join(sugg)}?" if sugg else "run `berserk cards` for the names",
                      str(c["name"]))
        owner = c["owner"]
        if owner not in (1, 2) or isinstance(owner, bool):
            raise err(f"card '{label}': owner must be 1 or 2", "write owner = 1", f'"{label}"')
        p = owner - 1
        if sizes[p] == MAX_DECK:
            raise err(f"player {owner} has more than {MAX_DECK} cards", f"keep at most {MAX_DECK} cards a player",
                      f'"{label}"')
        slot = p * MAX_DECK + sizes[p]
        sizes[p] += 1
        slot_of[label] = slot
        at = str(c["at"]).strip().lower()
        cell = -1
        if at in ZONES:
            zone = at
            if zone == "aux" and not card.kind == "flyer":
                raise err(f"card '{label}': only flyers stand in the auxiliary zone",
                          "put a ground creature on a cell a1..e6", f'"{label}"')
        else:
            try:
                cell = parse_cell(at)
            except ValueError:
                raise err(f"card '{label}': '{c['at']}' is not a cell", "use a1..e6, aux, graveyard or deck",
                          f'"{label}"') from None
            if card.kind == "flyer":
                raise err(f"card '{label}': a flyer stands in the auxiliary zone", 'write at = "aux"', f'"{label}"')
            if cell in taken:
                raise err(f"card '{label}': cell {at} is already taken", "put each card on its own cell",
                          f'"{label}"')
            taken[cell] = label
            zone = "battlefield"
        values = {}
        for key in VALUE_KEYS:
            if key in c:
                v = c[key]
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= CARD_VALUE_MAX:
                    raise err(f"card '{label}': {key} must be an integer from 0 to {CARD_VALUE_MAX}",
                              f"write {key} = 1", f'"{label}"')
                values[key] = v
        if "closed" in c and not isinstance(c["closed"], bool):
            raise err(f"card '{label}': closed must be true or false", "write closed = true", f'"{label}"')
        placements.append(Placement(label, slot, card, zone, cell, values, c.get("closed")))

    label_of = {v: k for k, v in slot_of.items()}
    card_of = {p.slot: p.card for p in placements}
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise err("actions must be a list of inline tables", 'write actions = [ { do = "end_turn" } ]', "actions")
    parsed = [_parse_action(i, a, slot_of, card_of, err) for i, a in enumerate(actions, 1)]
    return Scenario(path, cardset, params, active, list(dice), placements, parsed, label_of)


_TABLES = {}


def cardset_table(cardset):
    from .kernels.cardtable import compile_cardset
    key = cardset.sha256
    if key not in _TABLES:
        _TABLES[key] = compile_cardset(cardset).stats
    return _TABLES[key]


def played_ability_action(card, n):
    """The fast engine's action kind of the card's Nth played ability (1-based, card-text order, slow
    and fast alike, 114.2: decks.cardset.Card.played_abilities), or None if it has no Nth."""
    order = card.played_abilities()
    if not 1 <= n <= len(order):
        return None
    entry = order[n - 1]
    if isinstance(entry, str):
        return PLAYED_ACTION[PlayedAbility(PlayedAbility.of(entry))]
    return A_AB0 + entry


def _parse_answers(i, desc, answers, slot_of, card_of, err):
    """Scripted fast answers (114.2.2) for the priority windows of this action, in order: each is
    played when its player has priority (rules.priority). An answer's `ability = N` numbers the card's
    played abilities in card-text order, as the `ability` action. Returns [(slot, abilities entry,
    target or option)] and the answers in words."""
    if not isinstance(answers, list) or len(answers) > MAX_QUEUE:
        raise err(f"action {i} ({desc}): answers must be a list of at most {MAX_QUEUE} tables",
                  'write answers = [{ card = "l", ability = 1 }]', "answers")
    out, texts = [], []
    for j, ans in enumerate(answers):
        if not isinstance(ans, dict) or not set(ans) <= ANSWER_KEYS or "card" not in ans or "ability" not in ans:
            raise err(f"action {i} ({desc}): answer {j + 1} must be {{ card, ability, target? }}",
                      'write { card = "l", ability = 1, target = "k" }', "answers")
        for key in ("card", "target"):
            if key in ans and str(ans[key]) not in slot_of:
                raise err(f"action {i} ({desc}): answer {j + 1}: unknown card label '{ans[key]}'",
                          "use a label of a [[cards]] table", "answers")
        n = ans["ability"]
        card = card_of[slot_of[str(ans["card"])]]
        order = card.played_abilities()
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(order) or isinstance(order[n - 1], str):
            fast = [str(k) for k, e in enumerate(order, 1) if not isinstance(e, str)
                    and card.abilities[e].kind == "fast"]
            raise err(f"action {i} ({desc}): answer {j + 1}: ability {n} is not a fast ability of {card.name}"
                      + (f" (its fast abilities: {', '.join(fast)})" if fast else " (it has none)"),
                      "number the card's played abilities, slow and fast, in its text order (see `berserk cards`)",
                      "answers")
        opt = ans.get("option")
        if opt is not None and (not isinstance(opt, int) or isinstance(opt, bool) or opt < 0 or "target" in ans):
            raise err(f"action {i} ({desc}): answer {j + 1}: option must be a number from 0, without target",
                      "a strike effect's option (VOCABULARY.md, strike effects), e.g. option = 2", "answers")
        target = slot_of[str(ans["target"])] if "target" in ans else (-1 if opt is None else opt)
        out.append((slot_of[str(ans["card"])], order[n - 1], target))
        texts.append(f"use ability {n} of {ans['card']}" + (f" -> {ans['target']}" if "target" in ans else "")
                     + (f" option {opt}" if opt is not None else ""))
    return out, texts


def _parse_action(i, a, slot_of, card_of, err):
    if not isinstance(a, dict) or "do" not in a:
        raise err(f"action {i} has no 'do'", 'write { do = "move", card = "a", to = "c4" }', "actions")
    do = a["do"]
    bad = set(a) - ACTION_KEYS
    if bad:
        raise err(f"action {i} ({do}): unknown field '{sorted(bad)[0]}'", f"use only {', '.join(sorted(ACTION_KEYS))}",
                  f'"{do}"')

    def slot(key, required=True):
        if key not in a:
            if required:
                raise err(f"action {i} ({do}): missing '{key}'", f"add {key} = \"label\"", f'"{do}"')
            return -1
        lab = str(a[key])
        if lab not in slot_of:
            raise err(f"action {i} ({do}): unknown card label '{lab}'", "use a label of a [[cards]] table", f'"{lab}"')
        return slot_of[lab]

    def cell(key):
        if key not in a:
            raise err(f"action {i} ({do}): missing '{key}'", f'add {key} = "c4"', f'"{do}"')
        try:
            return parse_cell(str(a[key]))
        except ValueError:
            raise err(f"action {i} ({do}): '{a[key]}' is not a cell", "use a1..e6", f'"{do}"') from None

    defender, exchange = -1, 0
    if do == "move":
        kind, actor, target = A_MOVE, slot("card"), cell("to")
        desc = f"move {a['card']} -> {a['to']}"
    elif do == "jump":
        kind, actor, target = A_JUMP, slot("card"), cell("to")
        desc = f"jump {a['card']} -> {a['to']}"
    elif do == "attack":
        kind, actor, target = A_STRIKE, slot("card"), slot("target")
        desc = f"attack {a['card']} -> {a['target']}"
        defender = slot("defender", required=False)
        ex = a.get("exchange", "keep")
        if ex not in ("keep", "lower"):
            raise err(f"action {i} ({desc}): exchange must be \"keep\" or \"lower\"", 'write exchange = "lower"', f'"{do}"')
        exchange = 1 if ex == "lower" else 0
    elif do == "ranged":
        kind, actor, target = A_RANGED, slot("card"), slot("target")
        desc = f"ranged {a['card']} -> {a['target']}"
    elif do == "ability":
        actor = slot("card")
        n = a.get("ability")
        card = card_of[actor]
        kind = played_ability_action(card, n) if isinstance(n, int) and not isinstance(n, bool) else None
        if kind is None:
            listed = "; ".join(f"{k} {what}" for k, what in enumerate(card.played_ability_labels(), 1))
            count = len(card.played_abilities())
            raise err(f"action {i} (ability {a.get('card')}): ability must be "
                      + (f"1..{count} for {card.name} ({listed})" if count else f"a played ability, and {card.name} "
                         "has none"),
                      "count the card's played abilities, slow and fast, in its text order (see `berserk cards`)",
                      f'"{do}"')
        target = slot("target", required=kind in (A_RANGED, A_FINISH, A_SPECIAL))
        desc = f"ability {n} of {a['card']}" + (f" -> {a['target']}" if "target" in a else "")
    elif do == "use":
        actor = slot("card")
        n = a.get("ability")
        n_ab = len(card_of[actor].abilities)
        if not isinstance(n, int) or not 1 <= n <= n_ab:
            raise err(f"action {i} (use {a.get('card')}): ability must be 1..{n_ab} for this card",
                      "count the entries of the card's abilities list (see `berserk cards`)", f'"{do}"')
        kind = A_AB0 + n - 1
        target = slot("target", required=False)
        desc = f"use ability {n} of {a['card']}" + (f" -> {a['target']}" if "target" in a else "")
    elif do == "gain_counter":
        kind, actor, target = A_GAIN_COUNTER, slot("card"), -1
        desc = f"gain_counter {a['card']}"
    elif do == "end_turn":
        kind, actor, target = A_END, -1, -1
        desc = "end_turn"
    else:
        raise err(f"action {i}: unknown action '{do}'",
                  "use move, jump, attack, ranged, ability, use, gain_counter or end_turn", f'"{do}"')
    answers, texts = _parse_answers(i, desc, a.get("answers", []), slot_of, card_of, err)
    return ScenarioAction(i, do, desc, kind, actor, target, defender, exchange, answers, texts)


# ---- playing: the same loop on either engine -----------------------------------------------------------
def play(sc, engine_class) -> dict:
    """Set up the scenario's position on the engine, play its actions (a move step by step along a
    shortest path of empty cells), return the contract's JSON-able result."""
    engine = engine_class(sc)
    for a in sc.actions:
        if a.kind == A_MOVE:
            _play_move(sc, engine, a)
        else:
            _play_step(engine, a, a.kind, a.target, a.answers)
    return engine.result()


def _play_step(engine, a, kind, target, answers):
    why = engine.refusal(a, kind, target)
    if why:
        raise ScenarioError(f"action {a.index} ({a.desc}): {why}")
    engine.apply(a, kind, target, answers)


def neighbours(cell):
    """The orthogonal neighbours of a cell: along its row first (left, right), then its column (down, up)."""
    c, r = cell % N_COLS, cell // N_COLS
    out = []
    for dc, dr in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= c + dc < N_COLS and 0 <= r + dr < N_ROWS:
            out.append(cell + dc + dr * N_COLS)
    return out


def walk(start, to, empty):
    """The cells of a shortest path from start to `to` (start excluded) through cells where empty(cell),
    one orthogonal step each; at every step the first neighbour (neighbours' order) that stays on a
    shortest path. None if no such path exists."""
    dist = {to: 0}
    frontier = [to]
    while frontier and start not in dist:
        nxt = []
        for x in frontier:
            for y in neighbours(x):
                if y not in dist and (y == start or empty(y)):
                    dist[y] = dist[x] + 1
                    nxt.append(y)
        frontier = nxt
    if start not in dist:
        return None
    path, here = [], start
    while here != to:
        here = next(y for y in neighbours(here) if dist.get(y) == dist[here] - 1)
        path.append(here)
    return path


def _play_move(sc, engine, a):
    """`move` to any cell the card reaches along orthogonal empty cells within its movement (506): the
    engine's one-step moves along a shortest path; an unreachable cell is an error naming why."""
    start, to = engine.cell_of(a.actor), a.target
    head = f"action {a.index} ({a.desc})"
    label = sc.label_of.get(a.actor, "?")
    if start < 0 or start == to:
        why = engine.refusal(a, A_MOVE, to) if start < 0 else None
        raise ScenarioError(f"{head}: " + (why or f"{label} already stands on {cell_name(to)}"))
    occupant = engine.occupant(to)
    if occupant >= 0:
        raise ScenarioError(f"{head}: {cell_name(to)} is occupied by {sc.label_of.get(occupant, '?')} "
                            "(507.1: a card moves only into an empty cell)")
    path = walk(start, to, lambda cell: engine.occupant(cell) < 0)
    if path is None:
        raise ScenarioError(f"{head}: no path from {cell_name(start)} to {cell_name(to)} along empty "
                            "orthogonal cells (506: no passing through occupied cells)")
    why = engine.refusal(a, A_MOVE, path[0])        # closed, not its turn, acted, rooted, no movement
    if why:
        raise ScenarioError(f"{head}: {why}")
    left = engine.moves_left(a.actor)
    if len(path) > left:
        raise ScenarioError(f"{head}: {cell_name(to)} is {len(path)} steps from {label}'s cell {cell_name(start)} "
                            f"along empty cells, but {label} has {left} movement left (506: one point a step)")
    for k, cell in enumerate(path):
        _play_step(engine, a, A_MOVE, cell, a.answers if k == len(path) - 1 else [])


class FastEngine:
    """The scenario on the fast Numba engine: the position written into a state row, the actions
    through rules.turn (action_error, apply_action), fast answers scripted (G_SCRIPTED)."""

    def __init__(self, sc, log_offers=False):
        self.sc = sc
        decks = np.full((2, MAX_DECK), -1, np.int64)
        sizes = np.zeros(2, np.int64)
        cardset = sc.cardset
        for pl in sc.placements:
            p, i = divmod(pl.slot, MAX_DECK)
            decks[p, i] = cardset.index(pl.card.name)
            sizes[p] = max(sizes[p], i + 1)
        self.S = S = new_state(1, log_capacity=20000)
        set_params(S, sc.params)
        self.C = C = cardset_table(cardset)
        init_game(C, S, 0, decks, sizes, np.uint64(0), 0)
        self.cv = cv = cards_view(S)[0]
        self.gv = gv = game_view(S)[0]
        if log_offers:
            gv[G_LOG_OFFERS] = 1        # every pilot decision with its options (for the reference engine)
        for pl in sc.placements:
            slot = pl.slot
            cv[slot, LIFE_MAX] = C[cardset.index(pl.card.name), LIFE]
            cv[slot, ZONE] = ZONES[pl.zone]
            if pl.zone == "battlefield":
                cv[slot, CELL] = pl.cell
                gv[G_BOARD + pl.cell] = slot
            for key, v in pl.values.items():
                cv[slot, VALUE_COLUMNS[key]] = v
            if pl.closed is not None:
                cv[slot, CLOSED] = int(pl.closed)
        rebuild_play_lists(S, 0)
        recompute(C, S, 0)
        active = sc.active
        gv[G_SCRIPTED] = 1          # fast answers come only from the actions' `answers`,
        gv[G_FAST] = gv[G_FAST + 1] = (1 << MAX_DECK) - 1      # at every priority window
        gv[G_FLAGS] |= F_FAST | F_ABILITIES
        gv[G_ACTIVE] = active - 1
        gv[G_FIRST] = active - 1
        gv[G_TURN] = 0
        for s in range(2 * MAX_DECK):
            if cv[s, ZONE] in (Z_FIELD, Z_AUX):
                cv[s, ARMOR_LEFT] = armor_value(C, S, 0, s)
                if s // MAX_DECK == active - 1 and cv[s, ZONE] == Z_FIELD:
                    cv[s, MOVES_LEFT] = C[cv[s, CARD_ID], MOVE]
        S[0, DICE0:DICE0 + len(sc.dice)] = sc.dice
        gv[G_DICE_N] = len(sc.dice)

    def cell_of(self, slot):
        return int(self.cv[slot, CELL]) if self.cv[slot, ZONE] == Z_FIELD else -1

    def occupant(self, cell):
        return int(self.gv[G_BOARD + cell])

    def moves_left(self, slot):
        return int(self.cv[slot, MOVES_LEFT])

    def refusal(self, a, kind, target):
        """Why the engine refuses the action (its message and rule), or None."""
        code = action_error(self.C, self.S, 0, kind, a.actor, target)
        if code == 0 and kind == A_STRIKE and a.defender >= 0:
            code = defender_error(self.C, self.S, 0, a.actor, target, a.defender)
        if code == 0:
            return None
        names = {"actor": self.sc.label_of.get(a.actor, "?"),
                 "target": self.sc.label_of.get(target, "?") if kind not in (A_MOVE, A_JUMP) else cell_name(target),
                 "defender": self.sc.label_of.get(a.defender, "?")}
        return MESSAGES[code].format(**names)

    def apply(self, a, kind, target, answers):
        gv = self.gv
        for j, (s, k, t) in enumerate(answers):
            gv[G_QUEUE + 3 * j], gv[G_QUEUE + 3 * j + 1], gv[G_QUEUE + 3 * j + 2] = s, k, t
        gv[G_QUEUE_N] = len(answers)
        apply_action(self.C, self.S, 0, kind, a.actor, target, a.defender, a.exchange)
        if gv[G_ERROR] == ERR_DICE_EXHAUSTED:
            raise ScenarioError(f"action {a.index} ({a.desc}): the scenario's dice ran out; add more values to dice")
        if gv[G_ERROR] == ERR_BAD_ANSWER or gv[G_QUEUE_N] > 0:
            bad = gv[G_ERROR] == ERR_BAD_ANSWER
            j = len(answers) - int(gv[G_QUEUE_N]) - (1 if bad else 0)
            raise ScenarioError(f"action {a.index} ({a.desc}): answer {j + 1} ({a.answer_texts[j]}) "
                                + (BAD_ANSWER if bad else UNPLAYED_ANSWER))
        if gv[G_ERROR] != 0:
            raise ScenarioError(f"action {a.index} ({a.desc}): the game stopped at an engine limit: "
                                f"{limit_message(gv[G_ERROR])} (docs/RULES.md, Engine limits)")

    def raw_events(self):
        n = int(self.gv[G_N_EVENTS])
        return self.S[0, EV0:EV0 + 6 * n].reshape(n, 6).tolist()

    def result(self):
        cv, gv, sc = self.cv, self.gv, self.sc
        events = format_events(self.S, 0, lambda s: sc.label_of.get(s, f"slot {s}"))
        out_cards = {}
        for pl in sc.placements:
            slot = pl.slot
            zone = int(cv[slot, ZONE])
            out_cards[pl.label] = {
                "name": pl.card.name, "owner": slot // MAX_DECK + 1, "zone": ZONE_WORDS.get(zone, ZONE_NAMES[zone]),
                "cell": cell_name(int(cv[slot, CELL])) if zone == Z_FIELD else None,
                "life": int(cv[slot, LIFE_MAX] + cv[slot, EXTRA_LIVES] - cv[slot, WOUNDS]),
                "life_max": int(cv[slot, LIFE_MAX]), "wounds": int(cv[slot, WOUNDS]),
                "extra_lives": int(cv[slot, EXTRA_LIVES]), "closed": bool(cv[slot, CLOSED]),
                "counters": int(cv[slot, COUNTERS]), "poison": int(cv[slot, POISON]),
                "abilities_lost": bool(cv[slot, EFF] != cv[slot, CARD_ID]) and zone in (Z_FIELD, Z_AUX),
                "acquired": int(cv[slot, GAINED]), "strike_bonus": int(cv[slot, TMP_STRIKE]),
                "ability_uses": int(cv[slot, AB_USES]),
            }
        w = int(gv[G_WINNER])
        return {"cards": out_cards, "active_player": int(gv[G_ACTIVE]) + 1, "turn": int(gv[G_TURN]) + 1,
                "winner": None if w < 0 else ("draw" if w == 2 else w + 1),
                "dice_used": int(gv[G_DICE_USED]), "events": events}


BAD_ANSWER = ("was not legal when its player had priority (114.2.2: a fast ability of an open card, "
              "its cost payable)")
UNPLAYED_ANSWER = "was never played: no priority window came while it was that player's turn to answer"
