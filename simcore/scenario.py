"""Scenario harness: set up a position from a TOML file, play its actions through the real engine
with forced dice, and report the resulting state (its output is a public contract: rule tests and
designers read it).

File format (top-level keys first, then [[cards]] tables):
  ruleset = "classic"        optional
  rules = { round_cap = 1 }  optional overrides of the ruleset's settings (decks/rulesets.toml)
  active_player = 1          the position starts in this player's main phase
  dice = [5, 2, 6]           every d6 takes the next value; running out is an error
  actions = [ { do = "move", card = "a", to = "c4" }, ... ]
  [[cards]] label, name, owner (1/2), at (a1..e6, "aux", "graveyard", "deck"), and optionally
            closed, wounds, extra_lives, life_max, counters, poison
Actions: move (to), jump (to), attack (target, optional defender, exchange = "lower"/"keep"),
ranged (target), ability (ability = N, 1-based among the card's played abilities, target),
gain_counter, end_turn.
"""
import re
import tomllib
from pathlib import Path

import numpy as np

from decks import load_cardset
from decks.cardset import fold
from decks.errors import InputError
from decks.registry import PlayedAbility

from .events import cell_name, format_events, parse_cell
from .kernels.cardtable import F_ABILITIES, F_FAST, LIFE, MOVE, N_AB, N_PLAYED, PLAYED0
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
    EXTRA_LIVES,
    G_ACTIVE,
    G_BOARD,
    G_DICE_N,
    G_DICE_USED,
    G_ERROR,
    G_FAST,
    G_FIRST,
    G_FLAGS,
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

ZONES = {"aux": Z_AUX, "graveyard": Z_GRAVE, "deck": Z_DECK}
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


def run_scenario(path, cardset=None) -> dict:
    """Play the scenario file and return its JSON-able result."""
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

    decks = np.full((2, MAX_DECK), -1, np.int64)
    sizes = np.zeros(2, np.int64)
    slot_of = {}
    placement = []
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
        slot = p * MAX_DECK + int(sizes[p])
        decks[p, sizes[p]] = cardset.index(card.name)
        sizes[p] += 1
        slot_of[label] = slot
        placement.append((label, slot, card, c))

    S = new_state(1, log_capacity=20000)
    set_params(S, params)
    C = cardset_table(cardset)
    init_game(C, S, 0, decks, sizes, np.uint64(0), 0)
    cv = cards_view(S)[0]
    gv = game_view(S)[0]
    for label, slot, card, c in placement:
        at = str(c["at"]).strip().lower()
        cv[slot, LIFE_MAX] = C[cardset.index(card.name), LIFE]
        if at in ZONES:
            zone = ZONES[at]
            if zone == Z_AUX and not card.kind == "flyer":
                raise err(f"card '{label}': only flyers stand in the auxiliary zone",
                          "put a ground creature on a cell a1..e6", f'"{label}"')
            cv[slot, ZONE] = zone
        else:
            try:
                cell = parse_cell(at)
            except ValueError:
                raise err(f"card '{label}': '{c['at']}' is not a cell", "use a1..e6, aux, graveyard or deck",
                          f'"{label}"') from None
            if card.kind == "flyer":
                raise err(f"card '{label}': a flyer stands in the auxiliary zone", 'write at = "aux"', f'"{label}"')
            if gv[G_BOARD + cell] >= 0:
                raise err(f"card '{label}': cell {at} is already taken", "put each card on its own cell",
                          f'"{label}"')
            cv[slot, ZONE] = Z_FIELD
            cv[slot, CELL] = cell
            gv[G_BOARD + cell] = slot
        for key, col in (("wounds", WOUNDS), ("extra_lives", EXTRA_LIVES), ("life_max", LIFE_MAX),
                         ("counters", COUNTERS), ("poison", POISON)):
            if key in c:
                v = c[key]
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= CARD_VALUE_MAX:
                    raise err(f"card '{label}': {key} must be an integer from 0 to {CARD_VALUE_MAX}",
                              f"write {key} = 1", f'"{label}"')
                cv[slot, col] = v
        if "closed" in c:
            if not isinstance(c["closed"], bool):
                raise err(f"card '{label}': closed must be true or false", "write closed = true", f'"{label}"')
            cv[slot, CLOSED] = int(c["closed"])
    rebuild_play_lists(S, 0)
    recompute(C, S, 0)
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
    S[0, DICE0:DICE0 + len(dice)] = dice
    gv[G_DICE_N] = len(dice)

    label_of = {v: k for k, v in slot_of.items()}
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise err("actions must be a list of inline tables", 'write actions = [ { do = "end_turn" } ]', "actions")
    for i, a in enumerate(actions, 1):
        _play_action(C, S, i, a, slot_of, label_of, err)

    events = format_events(S, 0, lambda s: label_of.get(s, f"slot {s}"))
    out_cards = {}
    for label, slot, card, c in placement:
        zone = int(cv[slot, ZONE])
        out_cards[label] = {
            "name": card.name, "owner": slot // MAX_DECK + 1, "zone": ZONE_NAMES[zone],
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


_TABLES = {}


def _queue_answers(S, i, desc, answers, slot_of, err):
    """Scripted fast answers (114.2.2) for the priority windows of this action, in order: each is
    played when its player has priority (rules.priority)."""
    if not isinstance(answers, list) or len(answers) > MAX_QUEUE:
        raise err(f"action {i} ({desc}): answers must be a list of at most {MAX_QUEUE} tables",
                  'write answers = [{ card = "l", ability = 1 }]', '"answers"')
    gv = game_view(S)[0]
    texts = []
    for j, ans in enumerate(answers):
        if not isinstance(ans, dict) or not set(ans) <= ANSWER_KEYS or "card" not in ans or "ability" not in ans:
            raise err(f"action {i} ({desc}): answer {j + 1} must be {{ card, ability, target? }}",
                      'write { card = "l", ability = 1, target = "k" }', '"answers"')
        for key in ("card", "target"):
            if key in ans and str(ans[key]) not in slot_of:
                raise err(f"action {i} ({desc}): answer {j + 1}: unknown card label '{ans[key]}'",
                          "use a label of a [[cards]] table", '"answers"')
        n = ans["ability"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise err(f"action {i} ({desc}): answer {j + 1}: ability must be a number from 1",
                      "count the entries of the card's abilities list", '"answers"')
        gv[G_QUEUE + 3 * j] = slot_of[str(ans["card"])]
        gv[G_QUEUE + 3 * j + 1] = n - 1
        opt = ans.get("option")
        if opt is not None and (not isinstance(opt, int) or isinstance(opt, bool) or opt < 0 or "target" in ans):
            raise err(f"action {i} ({desc}): answer {j + 1}: option must be a number from 0, without target",
                      "a strike effect's option (VOCABULARY.md, strike effects), e.g. option = 2", '"answers"')
        gv[G_QUEUE + 3 * j + 2] = slot_of[str(ans["target"])] if "target" in ans else (-1 if opt is None else opt)
        texts.append(f"use ability {n} of {ans['card']}" + (f" -> {ans['target']}" if "target" in ans else "")
                     + (f" option {opt}" if opt is not None else ""))
    gv[G_QUEUE_N] = len(answers)
    return texts


def cardset_table(cardset):
    from .kernels.cardtable import compile_cardset
    key = cardset.sha256
    if key not in _TABLES:
        _TABLES[key] = compile_cardset(cardset).stats
    return _TABLES[key]


def _play_action(C, S, i, a, slot_of, label_of, err):
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
        card_id = int(cards_view(S)[0, actor, CARD_ID])
        n_played = int(C[card_id, N_PLAYED])
        if not isinstance(n, int) or not 1 <= n <= n_played:
            raise err(f"action {i} (ability {a.get('card')}): ability must be 1..{n_played} for this card",
                      "count the card's played abilities in its text order (see `berserk cards`)", f'"{do}"')
        kind = PLAYED_ACTION[int(C[card_id, PLAYED0 + n - 1])]
        target = slot("target", required=kind in (A_RANGED, A_FINISH, A_SPECIAL))
        desc = f"ability {n} of {a['card']}" + (f" -> {a['target']}" if "target" in a else "")
    elif do == "use":
        actor = slot("card")
        n = a.get("ability")
        card_id = int(cards_view(S)[0, actor, CARD_ID])
        n_ab = int(C[card_id, N_AB])
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
    names = {"actor": label_of.get(actor, "?"), "target": a.get("target", a.get("to", "?")),
             "defender": a.get("defender", "?")}
    code = action_error(C, S, 0, kind, actor, target)
    if code == 0 and defender >= 0:
        code = defender_error(C, S, 0, actor, target, defender)
    if code != 0:
        raise ScenarioError(f"action {i} ({desc}): {MESSAGES[code].format(**names)}")
    answers = _queue_answers(S, i, desc, a.get("answers", []), slot_of, err)
    apply_action(C, S, 0, kind, actor, target, defender, exchange)
    gv = game_view(S)[0]
    if gv[G_ERROR] == ERR_DICE_EXHAUSTED:
        raise ScenarioError(f"action {i} ({desc}): the scenario's dice ran out; add more values to dice")
    if gv[G_ERROR] == ERR_BAD_ANSWER or gv[G_QUEUE_N] > 0:
        j = len(answers) - int(gv[G_QUEUE_N]) - (1 if gv[G_ERROR] == ERR_BAD_ANSWER else 0)
        why = ("was not legal when its player had priority (114.2.2: a fast ability of an open card, "
               "its cost payable)" if gv[G_ERROR] == ERR_BAD_ANSWER else
               "was never played: no priority window came while it was that player's turn to answer")
        raise ScenarioError(f"action {i} ({desc}): answer {j + 1} ({answers[j]}) {why}")
    if gv[G_ERROR] != 0:
        raise ScenarioError(f"action {i} ({desc}): the game stopped at an engine limit: "
                            f"{limit_message(gv[G_ERROR])} (docs/RULES.md, Engine limits)")
