"""Card-stat overrides: `--set CARD.FIELD=VALUE` edits of the card set, for what-if runs, stat sweeps
and the balance search.

An override names a card as deck lists do (any case, ё = е), one of the plain stats of
decks.cardset.Card that the card table compiles (OVERRIDE_FIELDS), and a value: absolute
(`life=11`, `element=steppe`, `elite=false`) or, for whole numbers, relative to the printed stat with
a sign (`life=+2`, `cost=-1`). The result is a new CardSet whose cards carry the edited stats, whose
`overrides` lists the edits in one canonical, absolute form (`Арацент.life=14`), and whose sha256 is
the printed set's hash combined with those edits: every run manifest that records the card-set hash
tells an edited set from the printed one, and a run is never resumed with other edits. Card data
reaches the kernels as arrays, so an edited set needs no recompilation.

Every bad override (no `=`, unknown card or field, a value of the wrong kind or out of range, a
movement for a flyer, the same field twice) is an InputError naming the option (`--set` unless the
caller says otherwise), one line with the fix.
"""
import dataclasses
import hashlib
import re

from .cardset import ELEMENTS, CardSet, _Bad, _boolean, _choice
from .errors import InputError
from .names import closest

STRIKE_FIELDS = ("weak", "medium", "strong")
RANGED_FIELDS = ("ranged_weak", "ranged_medium", "ranged_strong")
# aliases accepted on the command line -> the canonical field name
ALIASES = {"movement": "move", "strike_weak": "weak", "strike_medium": "medium", "strike_strong": "strong",
           "attack_exp": "attack_experience", "defence_exp": "defence_experience"}
INT_FIELDS = {  # canonical field -> lowest legal value
    "life": 1, "cost": 0, "move": 0, "weak": 0, "medium": 0, "strong": 0, "armor": 0,
    "attack_experience": 0, "defence_experience": 0, "regeneration": 0, "jump": 0,
    "ranged_weak": 0, "ranged_medium": 0, "ranged_strong": 0,
    # tap abilities: only changed where the card already has them (their `played` order is fixed)
    "finish_off": 1, "special_strike": 1, "heal_self": 1,
}
BOOL_FIELDS = ("elite", "unique")
CHOICE_FIELDS = {"element": ELEMENTS}
OVERRIDE_FIELDS = tuple(INT_FIELDS) + BOOL_FIELDS + tuple(CHOICE_FIELDS)
FIX = "write --set CARD.FIELD=VALUE, e.g. --set \"Арацент.life=+2\""


def get_stat(card, field: str):
    """The card's current value of an override field (canonical name)."""
    if field in STRIKE_FIELDS:
        return card.strike[STRIKE_FIELDS.index(field)]
    if field in RANGED_FIELDS:
        return card.ranged.strike[RANGED_FIELDS.index(field)] if card.ranged else None
    return getattr(card, field)


def _with_stat(card, field: str, value):
    if field in STRIKE_FIELDS:
        strike = list(card.strike)
        strike[STRIKE_FIELDS.index(field)] = value
        return dataclasses.replace(card, strike=tuple(strike))
    if field in RANGED_FIELDS:
        strike = list(card.ranged.strike)
        strike[RANGED_FIELDS.index(field)] = value
        return dataclasses.replace(card, ranged=dataclasses.replace(card.ranged, strike=tuple(strike)))
    return dataclasses.replace(card, **{field: value})


def canonical_field(field: str, option: str = "--set", spec: str = "") -> str:
    """The canonical name of an override field (aliases such as movement -> move); InputError if
    it is not one."""
    f = field.strip().lower()
    f = ALIASES.get(f, f)
    if f not in OVERRIDE_FIELDS:
        near = closest(field, list(OVERRIDE_FIELDS) + list(ALIASES), n=1)
        hint = f"did you mean '{near[0]}'? " if near else ""
        raise InputError(option, None, f"unknown field '{field}'" + (f" in '{spec}'" if spec else ""),
                         f"{hint}fields: {', '.join(OVERRIDE_FIELDS)} (movement = move)")
    return f


def parse_override(spec: str, cardset, option: str = "--set"):
    """(card name as in the set, canonical field, value text) of one CARD.FIELD=VALUE."""
    left, sep, value = spec.partition("=")
    name, dot, field = left.rpartition(".")
    if not sep or not dot or not name.strip() or not field.strip() or not value.strip():
        raise InputError(option, None, f"'{spec}' is not CARD.FIELD=VALUE", FIX)
    card = cardset.get(name)
    if card is None:
        near = closest(name, [c.name for c in cardset.cards])
        hint = f"did you mean: {', '.join(near)}? " if near else ""
        raise InputError(option, None, f"unknown card '{name.strip()}' in '{spec}'",
                         f"{hint}write the name as printed (see `berserk cards`)")
    return card.name, canonical_field(field, option, spec), value.strip()


def _value(card, field: str, text: str, spec: str, option: str):
    """The new value of field for card from the value text (absolute or +N/-N)."""
    def bad(message, fix):
        raise InputError(option, None, f"'{spec}': {message}", fix)

    if field in INT_FIELDS:
        current = get_stat(card, field)
        if field in RANGED_FIELDS and current is None:
            bad(f"{card.name} has no ranged attack", "choose a card with a shot, throw, discharge or "
                "strike through a row")
        if field == "move" and card.kind == "flyer":
            bad(f"{card.name} is a flyer and has no movement", "choose a ground creature")
        if field in ("finish_off", "special_strike", "heal_self") and not current:
            bad(f"{card.name} has no {field} ability to change", "choose a card that has it")
        m = re.fullmatch(r"([+-]?)\s*([0-9]+)", text)
        if not m:
            bad(f"'{text}' is not a whole number", f"write {field}=N, or {field}=+N / {field}=-N "
                "relative to the printed value")
        new = current + int(m.group(2)) * (-1 if m.group(1) == "-" else 1) if m.group(1) else int(m.group(2))
        lo = INT_FIELDS[field]
        if new < lo:
            printed = f" (printed {current})" if m.group(1) else ""
            bad(f"{field} would be {new}{printed}; it must be at least {lo}",
                f"choose a value >= {lo}")
        return new
    try:
        if field in BOOL_FIELDS:
            return _boolean({"true": True, "false": False}.get(text.lower(), text))
        return _choice(CHOICE_FIELDS[field])(text)
    except _Bad as e:
        bad(e.message, e.fix)


def apply_overrides(cardset: CardSet, specs, option: str = "--set") -> CardSet:
    """The card set with every CARD.FIELD=VALUE of specs applied (in order; the same card field
    twice is an error). No specs: cardset itself. Raises InputError naming `option`."""
    specs = [s for s in (specs or ())]
    if not specs:
        return cardset
    cards = list(cardset.cards)
    done = {}
    edits = list(cardset.overrides)
    for spec in specs:
        name, field, text = parse_override(spec, cardset, option)
        if (name, field) in done:
            raise InputError(option, None, f"'{spec}' sets {name}.{field} again (also '{done[name, field]}')",
                             "give each card field once")
        done[name, field] = spec
        i = cardset.index(name)
        value = _value(cards[i], field, text, spec, option)
        cards[i] = _with_stat(cards[i], field, value)
        shown = str(value).lower() if isinstance(value, bool) else value
        edits.append(f"{name}.{field}={shown}")
    # the same field set by an earlier apply_overrides (e.g. a sweep on top of --set): keep the last
    last = {}
    for e in edits:
        last[e.rsplit("=", 1)[0]] = e
    edits = sorted(last.values(), key=lambda e: (cardset.index(e.rsplit(".", 1)[0]), e))
    h = hashlib.sha256(cardset.base_sha256.encode())
    for e in edits:
        h.update(b"\n" + e.encode("utf-8"))
    return CardSet(tuple(cards), cardset.path, h.hexdigest(), tuple(edits), cardset.base_sha256)


def describe(cardset: CardSet) -> str:
    """'none (printed card set)' or the edits, comma-separated: what reports show."""
    return ", ".join(cardset.overrides) if cardset.overrides else "none (printed card set)"


def deck_variant(cardset: CardSet, spec: str, deck_name: str, option: str = "--set"):
    """(card set, variant id, original id): the card set with one more card, a copy of the card of
    spec (CARD.FIELD=VALUE) carrying the edit and named 'CARD [deck_name]', for a deck that alone
    plays the edited card (its copies' ids are remapped by the caller; the slots stay, so shuffles
    and dice still line up). The edit is recorded as 'CARD.FIELD=VALUE (only in DECK)'."""
    name, field, text = parse_override(spec, cardset, option)
    original = cardset.index(name)
    card = cardset.cards[original]
    value = _value(card, field, text, spec, option)
    variant = dataclasses.replace(_with_stat(card, field, value), name=f"{name} [{deck_name}]")
    shown = str(value).lower() if isinstance(value, bool) else value
    edits = (*cardset.overrides, f"{name}.{field}={shown} (only in {deck_name})")
    h = hashlib.sha256(cardset.base_sha256.encode())
    for e in edits:
        h.update(b"\n" + e.encode("utf-8"))
    out = CardSet((*cardset.cards, variant), cardset.path, h.hexdigest(), edits, cardset.base_sha256)
    return out, len(cardset.cards), original
