"""The bundled data: set1.toml carries the printed stats (docs/RULES.md section 1) and every bundled deck is legal.

tests/data/set1_stats.csv is a copy of the printed stats of all 200 cards of set 1 (name, set number,
element, cost, elite, unique, kind, life, move, simple strike).
"""

import csv
import re
from pathlib import Path

import pytest

import decks
from decks import ELEMENTS, bundled_deck_paths, fold, load_cardset, load_deck
from decks.cardset import FIELDS

STATS = Path(__file__).parent / "data" / "set1_stats.csv"
CARDSET = load_cardset()
PRINTED = {fold(row["name"]): row for row in csv.DictReader(STATS.open(encoding="utf-8"))}


def test_stats_copy_has_all_200_cards():
    assert len(PRINTED) == 200


def test_bundled_set_is_big_enough_and_has_every_element():
    assert len(CARDSET) >= 30
    assert {card.element for card in CARDSET} == set(ELEMENTS)


PRINTED_CARDS = [c for c in CARDSET.cards if not c.assumed]
ASSUMED_CARDS = [c for c in CARDSET.cards if c.assumed]


@pytest.mark.parametrize("card", PRINTED_CARDS, ids=lambda c: c.name)
def test_card_matches_printed_stats(card):
    row = PRINTED[fold(card.name)]
    assert card.name == row["name"]
    assert (card.set_number, card.element, card.kind) == (row["set_number"], row["element"], row["kind"])
    assert card.cost == int(row["cost"])
    assert (card.elite, card.unique) == (row["elite"] == "1", row["unique"] == "1")
    assert card.life == int(row["life"])
    assert card.move == (int(row["move"]) if row["kind"] == "creature" else 0)
    assert card.strike == tuple(int(row[k]) for k in ("strike_weak", "strike_medium", "strike_strong"))
    assert not card.assumed


def test_assumed_cards_are_the_seed_cards_no_source_prints():
    """docs/RULES.md section 10: the seed cards without a printed source carry house stats, marked
    assumed, with a seed-N set number; no printed card is marked assumed."""
    assert {c.name for c in ASSUMED_CARDS} == {"Ловчий", "Альхенгард", "Рафаэль", "Воин Вайлов",
                                               "Единорог", "Грибыныч"}
    for card in ASSUMED_CARDS:
        assert card.set_number.startswith("seed-")
        assert fold(card.name) not in PRINTED


@pytest.mark.parametrize("path", bundled_deck_paths(), ids=lambda p: p.name)
def test_bundled_deck_is_legal(path):
    deck = load_deck(path, CARDSET)
    assert deck.name and not deck.name.startswith("#")


def test_bundled_decks_cover_every_element_and_two_mixes():
    paths = {p.stem: p for p in bundled_deck_paths()}
    assert len([name for name in paths if name.startswith("mixed_")]) >= 2
    for element in ELEMENTS:
        deck = load_deck(paths[element], CARDSET)
        elements = {CARDSET.cards[i].element for i in deck.card_ids}
        assert element in elements
        if element != "neutral":  # set 1 has only 15 neutral cards: the neutral deck needs a partner
            assert elements <= {element, "neutral"}


def test_vocabulary_doc_names_every_field():
    doc = (Path(decks.__file__).parent / "cards" / "VOCABULARY.md").read_text(encoding="utf-8")
    assert [name for name in FIELDS if not re.search(rf"`{name}\b", doc)] == []
