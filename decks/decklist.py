"""Deck lists: parses the community text format and checks a deck's legality.

Format: an optional first line `# Deck name`, then `N Card name` per line; other `#` lines are comments,
blank lines are ignored; names match the card set case-insensitively with ё = е. Legality is docs/RULES.md
section 1: a deck holds 30-50 cards and at most 3 copies of a name (no card of set 1 has Horde, which
would allow 5). Unique cards may stand in a deck several times: the one-copy limit applies in the squad.
"""

import re
from dataclasses import dataclass
from pathlib import Path

from .errors import InputError
from .names import closest, fold

MIN_CARDS, MAX_CARDS, MAX_COPIES = 30, 50, 3
BUNDLED_LISTS_DIR = Path(__file__).parent / "lists"

_ENTRY = re.compile(r"^(\S+)\s+(\S.*)$")


@dataclass(frozen=True)
class Deck:
    name: str
    path: str
    entries: tuple[tuple[str, int, int], ...]  # (card name as in the card set, count, line in the file)
    card_ids: tuple[int, ...]                  # one card id per copy, in file order


def load_deck(path, cardset, validate=True):
    """Parse a deck list against cardset; with validate, also check legality (validate_deck).
    Raises InputError naming the file and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as e:
        raise InputError(path, None, f"cannot read the deck list: {e.strerror}", "check the path") from None
    except UnicodeDecodeError:
        raise InputError(path, None, "the deck list is not UTF-8 text", "save the file as UTF-8") from None

    lines = text.splitlines()
    name = lines[0].lstrip("#").strip() if lines and lines[0].startswith("#") else ""
    entries, card_ids = [], []
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = _ENTRY.match(line)
        if not m:
            raise InputError(path, n, f"cannot read '{line}': expected COUNT NAME",
                             "write one entry per line as COUNT NAME, e.g. '3 Кочевник'")
        count, card_name = m.group(1), m.group(2).strip()
        if not re.fullmatch(r"[0-9]+", count) or int(count) < 1:
            raise InputError(path, n, f"count '{count}' is not a positive whole number",
                             "start the line with the number of copies, e.g. '3 Кочевник'")
        card = cardset.get(card_name)
        if card is None:
            near = closest(card_name, [c.name for c in cardset.cards])
            hint = f"; did you mean: {', '.join(near)}?" if near else ""
            raise InputError(path, n, f"unknown card '{card_name}'{hint}",
                             "write the name as printed (see the card set)")
        if int(count) > MAX_CARDS:
            raise InputError(path, n, f"{count} copies of '{card.name}': a deck holds at most {MAX_CARDS} cards",
                             f"keep at most {MAX_COPIES} copies of a card")
        entries.append((card.name, int(count), n))
        card_ids += [cardset.index(card.name)] * int(count)
    deck = Deck(name or path.stem, str(path), tuple(entries), tuple(card_ids))
    if validate:
        validate_deck(deck, cardset)
    return deck


def validate_deck(deck, cardset):
    """Check docs/RULES.md section 1 deck legality; raise InputError at the offending line."""
    copies, total = {}, 0
    for card_name, count, line in deck.entries:
        if cardset.get(card_name) is None:
            raise InputError(deck.path, line, f"unknown card '{card_name}'",
                             "write the name as printed (see the card set)")
        key = fold(card_name)
        copies[key] = copies.get(key, 0) + count
        if copies[key] > MAX_COPIES:
            raise InputError(deck.path, line, f"{copies[key]} copies of '{card_name}' (at most {MAX_COPIES})",
                             f"keep at most {MAX_COPIES} copies of a card")
        total += count
        if total > MAX_CARDS:
            raise InputError(deck.path, line, f"the deck passes {MAX_CARDS} cards here ({total} so far)",
                             f"remove cards: a deck holds {MIN_CARDS}-{MAX_CARDS} cards")
    if total < MIN_CARDS:
        last = deck.entries[-1][2] if deck.entries else None
        raise InputError(deck.path, last, f"the deck has {total} cards (at least {MIN_CARDS})",
                         f"add {MIN_CARDS - total} more: a deck holds {MIN_CARDS}-{MAX_CARDS} cards")


def bundled_deck_paths():
    """The deck lists shipped in decks/lists/, sorted by file name."""
    return sorted(BUNDLED_LISTS_DIR.glob("*.txt"))
