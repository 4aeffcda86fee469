"""The decks parsers (docs/RULES.md section 1): card-set and deck-list errors name file and line in one line."""

import pytest

from decks import InputError, fold, load_cardset, load_deck, validate_deck
from decks.errors import InputErrors

CARD = """["Кочевник"]
set_number = "1-1"
element = "steppe"
cost = 3
elite = false
unique = false
kind = "creature"
life = 8
move = 2
strike = [1, 2, 3]
"""

OTHER = """
["Лёккен"]
set_number = "1-85"
element = "forest"
cost = 6
elite = false
unique = false
kind = "creature"
life = 10
move = 1
strike = [2, 2, 3]
"""


@pytest.fixture
def cardset():
    return load_cardset()


def write(tmp_path, text, name="x.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def raises_at(path, line, call):
    with pytest.raises(InputError) as info:
        call()
    e = info.value
    assert (e.file, e.line) == (str(path), line)
    text = str(e)
    assert "\n" not in text
    assert text.startswith(f"{path}:{line}: " if line else f"{path}: ") and "(fix: " in text
    return text


# ---- names ----

def test_fold_lowercases_and_reads_yo_as_ye():
    assert fold("  Лёккен ") == "леккен"


def test_cardset_lookup_ignores_case_and_yo(cardset):
    assert cardset.get("ЛЕККЕН").name == "Лёккен"
    assert cardset.cards[cardset.index("леккен")].name == "Лёккен"
    assert cardset.get("Нет такой") is None
    with pytest.raises(KeyError):
        cardset.index("Нет такой")


def test_error_without_line_omits_it():
    assert str(InputError("a.txt", None, "bad", "mend")) == "a.txt: bad (fix: mend)"


# ---- card set ----

def test_small_cardset_loads(tmp_path):
    cs = load_cardset(write(tmp_path, CARD + OTHER, "c.toml"))
    assert [c.name for c in cs.cards] == ["Кочевник", "Лёккен"]
    assert cs.cards[0].strike == (1, 2, 3) and cs.cards[0].ranged is None and len(cs.sha256) == 64


def test_cardset_normalizes_keywords(tmp_path):
    text = CARD + """ranged = { kind = "row_strike", strike = [1, 1, 1] }
heal_self = "full"
protection = ["poison", "shot"]
strike_bonus = [{ amount = 1, vs = "always", strengths = ["strong", "weak"] }]
reduce = [{ amount = 2, source = "non_magic" }]
formation = { defence_experience = 1 }
played = ["heal_self", "ranged"]
"""
    card = load_cardset(write(tmp_path, text, "c.toml")).cards[0]
    assert (card.ranged.kind, card.ranged.strike, card.ranged.range) == ("row_strike", (1, 1, 1), 0)
    assert card.heal_self == 99 and card.protection == frozenset({"poison", "shot"})
    assert card.strike_bonus[0].strengths == (0, 2) and card.strike_bonus[0].applies_to == "strike"
    assert card.reduce[0].attacker_cost_at_most == 0 and card.formation.defence_experience == 1
    assert card.played == ("heal_self", "ranged")


@pytest.mark.parametrize("text, line, words", [
    (CARD + "armor = = 1\n", 11, "TOML syntax"),
    (CARD + "armour = 1\n", 11, "did you mean 'armor'"),
    (CARD.replace("cost = 3", 'cost = "3"'), 4, "field 'cost'"),
    (CARD.replace('"steppe"', '"stepe"'), 3, "did you mean 'steppe'"),
    (CARD.replace("life = 8\n", ""), 1, "missing required field 'life'"),
    (CARD.replace('"creature"', '"flyer"'), 9, "a flyer has no movement"),
    (CARD.replace("move = 2\n", ""), 1, "needs movement"),
    (CARD + 'strike_bonus = [{ amount = 1, vs = "mountain" }]\n', 11, "strike_bonus[0].vs"),
    (CARD + 'ranged = { kind = "shot", strike = [1, 1, 1] }\n', 1, "field 'played'"),
    (CARD + 'finish_off = 3\nplayed = ["ranged"]\n', 12, "tap abilities are ['finish_off']"),
    (CARD + 'ranged = { kind = "row_strike", strike = [1, 1, 1], range = 2 }\nplayed = ["ranged"]\n', 11,
     "row_strike has no range"),
    (CARD + '\n["Кочевник".ranged]\nkind = "shot"\nstrike = [1, 1]\n', 12, "ranged.strike"),
    (CARD + OTHER.replace("Лёккен", "КОЧЕВНИК"), 12, "the same name"),
    (CARD.replace("elite = false", "elite = 0"), 5, "true or false"),
])
def test_cardset_error_names_file_line_and_fix(tmp_path, text, line, words):
    path = write(tmp_path, text, "c.toml")
    assert words in raises_at(path, line, lambda: load_cardset(path))


def test_missing_cardset_file(tmp_path):
    path = tmp_path / "none.toml"
    raises_at(path, None, lambda: load_cardset(path))


# ---- deck lists ----

GOOD = """# Test deck
# a comment
3 Кочевник
3 кшар

3 Змееглав
3 Орк
3 Санкторум
3 Мародер
3 Наемник
3 Арацент
3 Леккен
3 Хедд
"""


def test_good_deck_loads(tmp_path, cardset):
    deck = load_deck(write(tmp_path, GOOD), cardset)
    assert deck.name == "Test deck" and len(deck.card_ids) == 30
    assert deck.entries[1] == ("Кшар", 3, 4) and deck.entries[-2][0] == "Лёккен"
    assert deck.card_ids[:4] == (cardset.index("Кочевник"),) * 3 + (cardset.index("Кшар"),)


def test_deck_without_header_is_named_after_file(tmp_path, cardset):
    assert load_deck(write(tmp_path, GOOD.split("\n", 2)[2], "my_deck.txt"), cardset).name == "my_deck"


@pytest.mark.parametrize("line", ["3 Орк", "3x Орк", "3х орк", "3 x Орк", "3× Орк", "Орк x3", "орк х3",
                                  "Орк X 3", "Орк (3)", "ОРК(3)", "  Орк ( 3 )  "])
def test_count_is_read_in_every_way_players_write_it(tmp_path, cardset, line):
    """'3 Name', '3x Name', 'Name x3', 'Name (3)' (x Latin or Cyrillic, any case, spaced or not) read alike."""
    deck = load_deck(write(tmp_path, GOOD.replace("3 Орк", line)), cardset)
    assert deck.entries[3] == ("Орк", 3, 7) and len(deck.card_ids) == 30


def test_names_still_fold_case_and_yo_in_the_new_formats(tmp_path, cardset):
    text = GOOD.replace("3 Леккен", "ЛЕККЕН x3").replace("3 Кочевник", "кочевник (3)").replace("3 Мародер", "3х мародёр")
    deck = load_deck(write(tmp_path, text), cardset)
    good = load_deck(write(tmp_path, GOOD, "good.txt"), cardset)
    assert deck.entries == good.entries and deck.card_ids == good.card_ids
    # a name whose last word starts with the Cyrillic х is a name, not a count
    assert load_deck(write(tmp_path, "1 Властелин хаоса\n", "v.txt"), cardset, validate=False).entries == \
        (("Властелин хаоса", 1, 1),)


@pytest.mark.parametrize("bad, words", [
    ("Кочевник", "expected a count of copies and a card name"),
    ("3", "expected a count of copies and a card name"),
    ("x3 Кочевник", "expected a count of copies and a card name"),
    ("0 Кочевник", "count 0 of 'Кочевник'"),
    ("Кочевник x0", "count 0 of 'Кочевник'"),
    ("Кочевник (0)", "count 0 of 'Кочевник'"),
    ("-1 Кочевник", "count '-1' of 'Кочевник' is not a whole number"),
    ("1.5 Кочевник", "count '1.5' of 'Кочевник' is not a whole number"),
    ("Кочевник (three)", "count 'three' of 'Кочевник' is not a whole number"),
    ("Кочевник ()", "count '' of 'Кочевник' is not a whole number"),
])
def test_bad_deck_line(tmp_path, cardset, bad, words):
    path = write(tmp_path, GOOD.replace("3 Орк", bad))
    text = raises_at(path, 7, lambda: load_deck(path, cardset, validate=False))
    assert words in text
    if "count 0" not in words:
        assert "'3 Кочевник', '3x Кочевник', 'Кочевник x3' or 'Кочевник (3)'" in text  # the fix: the formats


def test_every_problem_of_a_file_is_reported_at_once(tmp_path, cardset):
    """Two misspelt names, a bad count and a fifth copy: four errors, one line each, in file order."""
    text = (GOOD.replace("3 Кочевник", "3 Кочевнк").replace("3 Орк", "0 Орк").replace("3 Хедд", "3 Хед")
            + "2 Кшар\n")
    path = write(tmp_path, text)
    with pytest.raises(InputErrors) as info:
        load_deck(path, cardset)
    errors = info.value.errors
    assert [e.line for e in errors] == [3, 7, 13, 14]
    assert "unknown card 'Кочевнк'" in errors[0].message and "count 0" in errors[1].message
    assert "unknown card 'Хед'" in errors[2].message and "5 copies of 'Кшар'" in errors[3].message
    lines = str(info.value).splitlines()
    assert lines == [str(e) for e in errors] and all(x.startswith(f"{path}:") and "(fix: " in x for x in lines)
    assert isinstance(info.value, InputError)      # callers that catch one error catch them all


def test_a_short_deck_is_told_only_when_every_line_was_read(tmp_path, cardset):
    """With a line refused the deck's size is unknown: only the refused line is told; all read, the
    short deck is told with the other problems."""
    path = write(tmp_path, GOOD.replace("3 Хедд", "2 Хед"))
    assert "unknown card 'Хед'" in raises_at(path, 13, lambda: load_deck(path, cardset))
    path = write(tmp_path, GOOD.replace("3 Хедд", "1 Хедд") + "1 Кочевник\n", "short.txt")
    with pytest.raises(InputErrors) as info:
        load_deck(path, cardset)
    assert [(e.line, e.message) for e in info.value.errors] == [
        (14, "4 copies of 'Кочевник' (at most 3)"), (14, "the deck has 29 cards (at least 30)")]


def test_unknown_card_suggests_closest(tmp_path, cardset):
    path = write(tmp_path, GOOD.replace("3 Кочевник", "3 Кочевнк"))
    text = raises_at(path, 3, lambda: load_deck(path, cardset))
    assert "unknown card 'Кочевнк'; did you mean: Кочевник" in text


def test_29_cards_rejected(tmp_path, cardset):
    path = write(tmp_path, GOOD.replace("3 Хедд", "2 Хедд"))
    assert "29 cards" in raises_at(path, 13, lambda: load_deck(path, cardset))


EXTRA_18 = "3 Вайл\n3 Тролль\n3 Гоблин\n3 Троллок\n3 Гаррид-лучник\n3 Ассасин\n"  # lines 14-19


def test_51_cards_rejected(tmp_path, cardset):
    path = write(tmp_path, GOOD + EXTRA_18 + "3 Берсерк\n")
    assert "passes 50" in raises_at(path, 20, lambda: load_deck(path, cardset))


def test_50_cards_legal(tmp_path, cardset):
    assert len(load_deck(write(tmp_path, GOOD + EXTRA_18 + "2 Берсерк\n"), cardset).card_ids) == 50


def test_four_copies_rejected_even_when_split(tmp_path, cardset):
    path = write(tmp_path, GOOD + "1 КОЧЕВНИК\n")
    assert "4 copies of 'Кочевник'" in raises_at(path, 14, lambda: load_deck(path, cardset))


def test_validate_can_run_apart(tmp_path, cardset):
    path = write(tmp_path, "2 Кочевник\n")
    deck = load_deck(path, cardset, validate=False)
    raises_at(path, 1, lambda: validate_deck(deck, cardset))
