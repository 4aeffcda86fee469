"""A matchup ready to play: two validated decks, the compiled card table and the ruleset
parameters with each seat's AI. The Python edge of the engine (no kernels here).

`swap_cards` makes a variant of a matchup for a swap test (analysis.causal): some card ids of one
deck replaced slot by slot, so that shuffles deal the variant the same slots as the base."""
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from decks import load_cardset, load_decks
from decks.errors import InputError
from decks.overrides import apply_overrides

from .kernels.cardtable import CardTable, compile_cardset
from .kernels.state import MAX_DECK
from .ruleset import ruleset_params


@dataclass
class Matchup:
    cardset: object
    table: CardTable
    deck_paths: tuple
    deck_names: tuple
    decks: np.ndarray          # int64 (2, MAX_DECK) card ids, -1 padded; player 0 plays deck A
    sizes: np.ndarray          # int64 (2,)
    params: np.ndarray         # ruleset parameters with the seats' AIs
    ruleset: str = "classic"
    rules: dict = field(default_factory=dict)
    ais: tuple = ("greedy", "greedy")
    variant: dict = field(default_factory=dict)   # what swap_cards changed (written into run.json)

    def slot_name(self, slot: int) -> str:
        p, i = divmod(slot, MAX_DECK)
        return self.table.names[int(self.decks[p, i])]


def parse_rules(pairs) -> dict:
    """`--rule name=value` options into {name: int}."""
    out = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep:
            raise InputError("--rule", None, f"'{pair}' is not name=value",
                             "write e.g. --rule round_cap=50")
        try:
            out[name.strip()] = int(value)
        except ValueError:
            raise InputError("--rule", None, f"'{value}' is not an integer in '{pair}'",
                             "rule settings are integers (booleans 0/1)") from None
    return out


def make_matchup(deck_a, deck_b, ruleset="classic", rules=None, ais=("greedy", "greedy"),
                 first=-1, cardset=None, overrides=()) -> Matchup:
    """The matchup of two deck files; `overrides`: `--set CARD.FIELD=VALUE` card edits
    (decks.overrides), applied to `cardset` (default: the bundled set)."""
    cardset = apply_overrides(cardset or load_cardset(), overrides)
    loaded = load_decks([Path(p) for p in (deck_a, deck_b)], cardset)
    decks = np.full((2, MAX_DECK), -1, np.int64)
    sizes = np.zeros(2, np.int64)
    for p, d in enumerate(loaded):
        decks[p, :len(d.card_ids)] = d.card_ids
        sizes[p] = len(d.card_ids)
    params = ruleset_params(ruleset, rules or {}, tuple(ais), first)
    return Matchup(cardset, compile_cardset(cardset), (str(deck_a), str(deck_b)),
                   tuple(d.name for d in loaded), decks, sizes, params, ruleset, dict(rules or {}),
                   tuple(ais))


def swap_cards(matchup: Matchup, player: int, swaps: dict, description: dict | None = None) -> Matchup:
    """The matchup with the deck of `player` changed slot by slot: every slot holding card id c
    holds swaps[c] instead (ids of matchup.table). Each deck shuffles from its own random stream
    and a shuffle draws the same numbers for the same deck size, so the variant is dealt the same
    slots as the base on every seed: common random numbers. `description` (plain data, e.g. the
    names swapped and any added card) is recorded as the run's `variant`."""
    n = len(matchup.table.names)
    for old, new in swaps.items():
        if not (0 <= old < n and 0 <= new < n):
            raise ValueError(f"swap_cards: card id out of range ({old} -> {new}, {n} cards)")
    decks = matchup.decks.copy()
    row = decks[player, :matchup.sizes[player]]
    decks[player, :matchup.sizes[player]] = [swaps.get(int(c), int(c)) for c in row]
    variant = {"player": player, "swaps": {matchup.table.names[o]: matchup.table.names[w]
                                           for o, w in swaps.items()}, **(description or {})}
    return replace(matchup, decks=decks, variant=variant)
