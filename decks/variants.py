"""Variant cards for swap tests (docs/ANALYTICS.md, "Card level, causal"): a card set with extra cards
appended, such as a card's vanilla copy (the filler of `berserk impact --all-cards`) or a copy with
edited stats (a strictly stronger copy in the tests).

Appending keeps every card id of the set (card id = position), so decks load the same and only the
decks that name an added card see it. An added card is described by `card_description` for the run
manifests (the card-set hash covers only the file).
"""
import dataclasses

from .cardset import Card, CardSet
from .names import fold

VANILLA_SUFFIX = " (vanilla)"
# what a vanilla copy keeps: the printed body, nothing of the text
BODY_FIELDS = ("set_number", "element", "cost", "elite", "unique", "kind", "card_class", "life", "move",
               "strike")


def vanilla_copy(card: Card) -> Card:
    """The card's printed body (element, cost, elite, unique, kind, class, life, movement, strike)
    without any keyword or ability, named 'NAME (vanilla)': a vanilla card of the same element and
    cost, so that swapping the card for it measures what the card's text is worth."""
    return Card(name=card.name + VANILLA_SUFFIX, text="", assumed=True,
                **{f: getattr(card, f) for f in BODY_FIELDS})


def is_vanilla(card: Card) -> bool:
    """True when the card has no keyword and no ability (its vanilla copy plays exactly like it)."""
    return dataclasses.replace(vanilla_copy(card), name=card.name, text=card.text,
                               assumed=card.assumed) == card


def card_copy(card: Card, name: str, **changes) -> Card:
    """A copy of the card under a new name with some fields changed, e.g.
    card_copy(c, "Кочевник +3", life=c.life + 3)."""
    unknown = [k for k in changes if k not in {f.name for f in dataclasses.fields(Card)}]
    if unknown:
        raise ValueError(f"card_copy: unknown card field(s) {', '.join(unknown)}")
    return dataclasses.replace(card, name=name, **changes)


def with_cards(cardset: CardSet, cards) -> CardSet:
    """The card set with `cards` appended (ids len(cardset), len(cardset) + 1, ...). A card whose
    name is already in the set is not added again when it is identical; a different card under a
    taken name is a ValueError."""
    out = list(cardset.cards)
    for c in cards:
        existing = next((x for x in out if fold(x.name) == fold(c.name)), None)
        if existing is None:
            out.append(c)
        elif existing != c:
            raise ValueError(f"with_cards: the set already has a different card named '{c.name}'")
    return dataclasses.replace(cardset, cards=tuple(out))


def card_description(card: Card) -> dict:
    """The card's fields as plain JSON data (for manifests)."""
    def plain(x):
        if dataclasses.is_dataclass(x):
            return {k: plain(v) for k, v in dataclasses.asdict(x).items()}
        if isinstance(x, frozenset):
            return sorted(x)
        if isinstance(x, tuple | list):
            return [plain(v) for v in x]
        return x
    return {f.name: plain(getattr(card, f.name)) for f in dataclasses.fields(card)
            if getattr(card, f.name) != f.default or f.default is dataclasses.MISSING}
