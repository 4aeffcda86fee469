"""Card-name matching: names compare case-insensitively with ё read as е (docs/ARCHITECTURE.md, decks), and an
unknown name is answered with the closest known ones."""

import difflib


def fold(name):
    """The form names are compared in: lowercase, ё -> е, outer whitespace stripped."""
    return name.strip().lower().replace("ё", "е")


def closest(word, candidates, n=3):
    """Up to n candidates nearest to word (compared folded), best first, in their own spelling."""
    by_folded = {fold(c): c for c in candidates}
    return [by_folded[m] for m in difflib.get_close_matches(fold(word), list(by_folded), n=n, cutoff=0.5)]


def unknown_card(name, cardset):
    """What an error says of a card name the card set does not hold: the name and its closest cards."""
    near = closest(name, [c.name for c in cardset.cards])
    return f"unknown card '{name}'" + (f"; did you mean: {', '.join(near)}?" if near else "")
