"""Readable text of a game's event log (replay and scenario output)."""
from decks.registry import AttackKind, Effect

from .kernels.rules import log as L
from .kernels.state import (
    END_NAMES,
    G_N_EVENTS,
    KILLED_BY_POISON,
    MAX_DECK,
    events_view,
    game_view,
)

STRENGTH = ("miss", "weak", "medium", "strong")
EFFECT_NAMES = {e.value: e.word for e in Effect}
# the options of the strike effects (simcore.kernels.rules.strike_effects), by option number
_DIES = ("the attacker's die", "the defender's die")
_STRIKES = ("the attacker's strike", "the counter-strike")
STRIKE_OPTION_NAMES = {
    "die_luck": tuple(f"{m} {die}" for die in _DIES for m in ("+1 to", "-1 to", "reroll")),
    "wound_on_one": _DIES, "strike_strong": _STRIKES, "strike_to_one": _STRIKES, "strike_minus": _STRIKES,
}
COUNTER = ("no counter-strike", "weak counter-strike", "medium counter-strike")
KIND = {AttackKind.STRIKE: "strikes", AttackKind.SHOT: "shoots", AttackKind.THROW: "throws at", AttackKind.DISCHARGE: "discharges at",
        AttackKind.ROW_STRIKE: "strikes through a row at", AttackKind.SPECIAL_STRIKE: "makes a special strike at",
        AttackKind.MAGIC_STRIKE: "makes a magic strike at"}


def cell_name(cell: int) -> str:
    """Cell 0..29 as printed: column a-e, row 1-6."""
    return "abcde"[cell % 5] + str(cell // 5 + 1)


def parse_cell(text: str) -> int:
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in "abcde" or text[1] not in "123456":
        raise ValueError(text)
    return (int(text[1]) - 1) * 5 + "abcde".index(text[0])


def format_events(S, g, name_of) -> list:
    """The events of game row g as strings; name_of(slot) names a card."""
    out = []
    n = int(game_view(S)[g, G_N_EVENTS])
    ev = events_view(S)[g]
    for i in range(n):
        code, a, b, c, d, e = (int(x) for x in ev[i])
        if code in (L.EV_DECISION, L.EV_OFFER):
            continue            # a decision's options, for the reference engine: its words are logged too
        out.append(_format(code, a, b, c, d, e, name_of))
    return out


def _player(p):
    return f"player {p + 1}"


def _format(code, a, b, c, d, e, name):
    if code == L.EV_FIRST:
        if b:
            return f"roll-off: player 1 rolls {b}, player 2 rolls {c}; {_player(a)} moves first"
        return f"{_player(a)} moves first"
    if code == L.EV_CRYSTALS:
        what = "has left after paying for the squad" if d else "gets"
        return f"{_player(a)} {what} {b} gold and {c} silver crystals"
    if code == L.EV_DEAL:
        return f"{_player(a)} is dealt {b} cards" + (f" (mulligan {c})" if c else "")
    if code == L.EV_MULLIGAN:
        return f"{_player(a)} takes mulligan {b} and pays 1 gold"
    if code == L.EV_BUY:
        return f"{_player(a // MAX_DECK)} buys {name(a)}"
    if code == L.EV_PLACE:
        return f"{name(a)} is placed on {cell_name(b)}" if b >= 0 else f"{name(a)} enters the auxiliary zone"
    if code == L.EV_TURN:
        return f"--- turn {b + 1}: {_player(a)} (round {b // 2 + 1}) ---"
    if code == L.EV_MOVE:
        return f"{name(a)} moves {cell_name(b)} -> {cell_name(c)}"
    if code == L.EV_JUMP:
        return f"{name(a)} jumps {cell_name(b)} -> {cell_name(c)}"
    if code == L.EV_ATTACK:
        return f"{name(a)} {KIND.get(c, 'attacks')} {name(b)}"
    if code == L.EV_DEFEND:
        return f"{name(a)} defends {name(b)}"
    if code == L.EV_ROLL:
        a_str, c_str = divmod(e & 15, 4)
        if d < 0:
            return f"roll: A={c} -> {STRENGTH[a_str]} (only the attacker rolls)"
        return (f"roll: A={c} D={d} (A-D={c - d:+d}) -> {STRENGTH[a_str]} strike, "
                f"{COUNTER[c_str]}")
    if code == L.EV_EXCHANGE:
        return f"exchange: both strikes lowered to {STRENGTH[c]} / {COUNTER[d]}"
    if code == L.EV_WOUND:
        src = "poison" if c == KILLED_BY_POISON else (name(c) if c >= 0 else "a rule")
        return f"{name(a)} takes {b} wound{'s' if b != 1 else ''} from {src} (life {d})"
    if code == L.EV_NO_WOUND:
        return f"{name(a)} takes no wounds"
    if code == L.EV_HEAL:
        return f"{name(a)} heals {b} (life {c})"
    if code == L.EV_DEATH:
        src = "poison" if b == KILLED_BY_POISON else (name(b) if b >= 0 else "a rule")
        where = f" on {cell_name(c)}" if c >= 0 else ""
        return f"{name(a)} dies{where} (died from {src}) and goes to the graveyard"
    if code == L.EV_POISONED:
        return f"{name(a)} is poisoned {b}"
    if code == L.EV_DESTROY:
        return f"{name(a)} finishes off {name(b)}"
    if code == L.EV_COUNTER:
        return f"{name(a)} counter-strikes {name(b)} ({STRENGTH[c]}, {d} before armor)"
    if code == L.EV_GAIN:
        return f"{name(a)} gains a counter (now {c})" if b == 0 else f"{name(a)} gains its keyword"
    if code == L.EV_CLOSE:
        return f"{name(a)} closes" if b else f"{name(a)} stays open"
    if code == L.EV_REGEN:
        return f"{name(a)} regenerates {b}"
    if code == L.EV_POISON_TICK:
        return f"poison {b} ticks on {name(a)}"
    if code == L.EV_PASS:
        return f"{_player(a)} ends the turn"
    if code == L.EV_ABILITY:
        if EFFECT_NAMES.get(d) in STRIKE_OPTION_NAMES:
            return f"{name(a)} uses ability {b + 1} ({EFFECT_NAMES[d]}: {STRIKE_OPTION_NAMES[EFFECT_NAMES[d]][c]})"
        return f"{name(a)} uses ability {b + 1} ({EFFECT_NAMES.get(d, d)})" + (f" on {name(c)}" if c >= 0 else "")
    if code == L.EV_DELAYED:
        what = {1: "trap", 2: "boost", 3: "explosion"}.get(b, b)
        if e == 1:
            return f"{_player(a)}'s {what} {c} fires on {name(d) if d >= 0 else 'an empty cell'}"
        return f"{_player(a)} sets a delayed {what} {c}"
    if code == L.EV_LOST:
        return f"{name(a)} loses its abilities" if b else f"{name(a)} has its abilities again"
    if code == L.EV_DECLARE:
        if EFFECT_NAMES.get(d) in STRIKE_OPTION_NAMES:      # a strike effect: c is its option
            return (f"{name(a)} declares ability {b + 1} ({EFFECT_NAMES[d]}: "
                    f"{STRIKE_OPTION_NAMES[EFFECT_NAMES[d]][c]})")
        return (f"{name(a)} declares ability {b + 1} ({EFFECT_NAMES.get(d, d)})"
                + (f" on {name(c)}" if c >= 0 else ""))
    if code == L.EV_BLOCKED:
        return f"{name(a)} rolls {c} against {name(b)}'s ranged attack: " + ("blocked" if d else "not blocked")
    if code == L.EV_CHOOSE:
        return (f"{name(a)} chooses " + (name(c) if c >= 0 else "no target")
                + f" for ability {b + 1} ({EFFECT_NAMES.get(d, d)})")
    if code == L.EV_OPTION:
        if c == L.OPT_FORM:
            return f"{name(a)} takes form {b + 1} (turn_choice)"
        if c == L.OPT_RAM:
            return f"{name(a)}'s owner chooses X = {b} (ram)"
        return f"{name(a)}'s owner chooses " + ("to be pushed" if b else "the wounds") + f" ({name(d)}'s ability)"
    if code == L.EV_CLOSE_OR_WOUND:
        return f"{name(a)}'s owner chooses " + ("to close it" if b else f"{d} wounds") + f" ({name(c)}'s ability)"
    if code == L.EV_VAMPIRISM:
        return f"{name(a)} gains {b} life by vampirism (life {c})"
    if code == L.EV_INCARNATE:
        return f"{name(a)} incarnates " + (f"on {cell_name(b)}" if b >= 0 else "in the auxiliary zone")
    if code == L.EV_WEB:
        return f"the attack of {name(b)} at {name(a)} is blocked by the web, which disappears"
    if code == L.EV_WINDOW:
        return "both players pass: " + ("the top of the stack resolves" if b else "the priority window closes")
    if code == L.EV_END:
        if a == 2:
            res = "draw"
        else:
            res = f"{_player(a)} wins"
        extra = f" (cost in play {c} : {d})" if b == 3 else ""
        return f"game over: {res} by {END_NAMES.get(b, b)}{extra}"
    return f"event {code} {a} {b} {c} {d} {e}"

