"""Deck lists: parses the community text format and checks a deck's legality.

Format: an optional first line `# Deck name`, then one card per line, its count of copies written in any
of the ways players and deck builders write it: `3 Name`, `3x Name` (or `3 x Name`), `Name x3` and
`Name (3)` (the x may also be Cyrillic х or ×); other `#` lines are comments, blank lines are ignored;
names match the card set case-insensitively with ё = е. Legality is docs/RULES.md section 1: a deck holds
30-50 cards and at most 3 copies of a name (no card of set 1 has Horde, which would allow 5). Unique
cards may stand in a deck several times: the one-copy limit applies in the squad.

Every problem of a file is reported at once (decks.errors.InputErrors), one line each.
"""

import re
from dataclasses import dataclass
from pathlib import Path

from .errors import InputError, raise_all
from .names import fold, unknown_card

MIN_CARDS, MAX_CARDS, MAX_COPIES = 30, 50, 3
BUNDLED_LISTS_DIR = Path(__file__).parent / "lists"

_TIMES = "xXхХ×"        # the "times" sign of '3x Name' and 'Name x3': Latin x, Cyrillic х, ×
# the ways a line writes its count (a count is anything from a digit or sign on: checked after)
_COUNT_FIRST = re.compile(rf"^([-+]?\d\S*?)(?:\s*[{_TIMES}])?\s+(\S.*)$")   # 3 Name, 3x Name, 3 x Name
_COUNT_AFTER = re.compile(rf"^(.*?\S)\s+[{_TIMES}]\s*([-+]?\d\S*)$")        # Name x3
_COUNT_IN_PARENS = re.compile(r"^(.*?\S)\s*\(\s*([^()]*?)\s*\)$")          # Name (3)
FORMATS = "'3 Кочевник', '3x Кочевник', 'Кочевник x3' or 'Кочевник (3)'"


@dataclass(frozen=True)
class Deck:
    name: str
    path: str
    entries: tuple[tuple[str, int, int], ...]  # (card name as in the card set, count, line in the file)
    card_ids: tuple[int, ...]                  # one card id per copy, in file order


def parse_entry(line: str):
    """(count as written, card name as written) of a deck line in any accepted format; None when the
    line writes no count."""
    for pattern, count_first in ((_COUNT_FIRST, True), (_COUNT_AFTER, False), (_COUNT_IN_PARENS, False)):
        m = pattern.match(line)
        if m:
            count, name = m.groups() if count_first else m.groups()[::-1]
            return count, name.strip()
    return None


def _read_entry(path, n, line, cardset):
    """(card, count) of deck line n, or the InputError that refuses it."""
    parsed = parse_entry(line)
    if parsed is None:
        return InputError(path, n, f"cannot read '{line}': expected a count of copies and a card name",
                          f"write the count and the card's name, as {FORMATS}")
    count, card_name = parsed
    if not re.fullmatch(r"[0-9]+", count):
        return InputError(path, n, f"count '{count}' of '{card_name}' is not a whole number of copies",
                          f"write the count as digits, as {FORMATS}")
    if int(count) == 0:
        return InputError(path, n, f"count 0 of '{card_name}': a deck holds 1 to {MAX_COPIES} copies of a card",
                          "delete the line, or write the number of copies")
    card = cardset.get(card_name)
    if card is None:
        return InputError(path, n, unknown_card(card_name, cardset), "write the name as printed (see the card set)")
    if int(count) > MAX_CARDS:
        return InputError(path, n, f"{count} copies of '{card.name}': a deck holds at most {MAX_CARDS} cards",
                          f"keep at most {MAX_COPIES} copies of a card")
    return card, int(count)


def load_deck(path, cardset, validate=True):
    """Parse a deck list against cardset; with validate, also check legality (validate_deck).
    Raises InputError naming the file and line, or InputErrors naming every problem of the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as e:
        raise InputError(path, None, f"cannot read the deck list: {e.strerror}", "check the path") from None
    except UnicodeDecodeError:
        raise InputError(path, None, "the deck list is not UTF-8 text", "save the file as UTF-8") from None

    lines = text.splitlines()
    name = lines[0].lstrip("#").strip() if lines and lines[0].startswith("#") else ""
    entries, card_ids, errors = [], [], []
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        entry = _read_entry(path, n, line, cardset)
        if isinstance(entry, InputError):
            errors.append(entry)
            continue
        card, count = entry
        entries.append((card.name, count, n))
        card_ids += [cardset.index(card.name)] * count
    deck = Deck(name or path.stem, str(path), tuple(entries), tuple(card_ids))
    if validate:
        errors += deck_problems(deck, cardset, refused_lines=len(errors))
    raise_all(sorted(errors, key=lambda e: e.line or 0))
    return deck


def load_decks(paths, cardset, validate=True) -> list:
    """load_deck of every path, in order; the problems of all the files are raised together."""
    decks, errors = [], []
    for path in paths:
        try:
            decks.append(load_deck(path, cardset, validate))
        except InputError as e:
            errors.append(e)
    raise_all(errors)
    return decks


def deck_problems(deck, cardset, refused_lines=0) -> list:
    """Every breach of docs/RULES.md section 1 deck legality, as InputErrors at the offending lines.
    `refused_lines`: lines of the file already refused; then the deck's size is unknown and not checked."""
    problems, copies, total, passed = [], {}, 0, False
    for card_name, count, line in deck.entries:
        if cardset.get(card_name) is None:
            problems.append(InputError(deck.path, line, f"unknown card '{card_name}'",
                                       "write the name as printed (see the card set)"))
            continue
        key = fold(card_name)
        copies[key] = copies.get(key, 0) + count
        if copies[key] > MAX_COPIES:
            problems.append(InputError(deck.path, line, f"{copies[key]} copies of '{card_name}' (at most {MAX_COPIES})",
                                       f"keep at most {MAX_COPIES} copies of a card"))
        total += count
        if total > MAX_CARDS and not passed:
            passed = True
            problems.append(InputError(deck.path, line, f"the deck passes {MAX_CARDS} cards here ({total} so far)",
                                       f"remove cards: a deck holds {MIN_CARDS}-{MAX_CARDS} cards"))
    if total < MIN_CARDS and not refused_lines:     # a refused line's cards are unknown: no count to tell
        last = deck.entries[-1][2] if deck.entries else None
        problems.append(InputError(deck.path, last, f"the deck has {total} cards (at least {MIN_CARDS})",
                                   f"add {MIN_CARDS - total} more: a deck holds {MIN_CARDS}-{MAX_CARDS} cards"))
    return problems


def validate_deck(deck, cardset):
    """Check docs/RULES.md section 1 deck legality; raise InputError at the offending line (InputErrors
    at each, when there are several)."""
    raise_all(deck_problems(deck, cardset))


def bundled_deck_paths():
    """The deck lists shipped in decks/lists/, sorted by file name."""
    return sorted(BUNDLED_LISTS_DIR.glob("*.txt"))
