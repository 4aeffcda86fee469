"""decks: the card set and deck lists a user edits, and their parsers/validators (docs/RULES.md section 1).

The lowest floor of berserk-sim: plain Python objects (a validated CardSet, Decks) for simcore to compile.
The vocabulary tuples (ELEMENTS, BONUS_VS, ...) fix the spelling of every keyword value; an engine may use
a value's position in its tuple as its integer code.
"""

from .cardset import (
    BONUS_APPLIES_TO,
    BONUS_VS,
    DEFAULT_CARDSET_PATH,
    DRAWS_RANGED,
    ELEMENTS,
    FLAGS,
    HEAL_FULL,
    KINDS,
    PROTECTIONS,
    RANGED_KINDS,
    REDUCE_SOURCES,
    STRENGTHS,
    TAP_ABILITIES,
    Card,
    CardSet,
    Formation,
    Ranged,
    Reduction,
    StrikeBonus,
    TapGain,
    load_cardset,
)
from .decklist import (
    MAX_CARDS,
    MAX_COPIES,
    MIN_CARDS,
    Deck,
    bundled_deck_paths,
    load_deck,
    load_decks,
    validate_deck,
)
from .errors import InputError
from .names import fold

__all__ = [
    "BONUS_APPLIES_TO", "BONUS_VS", "DEFAULT_CARDSET_PATH", "DRAWS_RANGED", "ELEMENTS", "FLAGS", "HEAL_FULL",
    "KINDS", "PROTECTIONS", "RANGED_KINDS", "REDUCE_SOURCES", "STRENGTHS", "TAP_ABILITIES",
    "Card", "CardSet", "Formation", "Ranged", "Reduction", "StrikeBonus", "TapGain", "load_cardset",
    "MAX_CARDS", "MAX_COPIES", "MIN_CARDS", "Deck", "bundled_deck_paths", "load_deck", "load_decks",
    "validate_deck",
    "InputError", "fold",
]
