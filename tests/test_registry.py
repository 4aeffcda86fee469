"""decks.registry declares every word of the card file once; the card file's vocabulary, the card table's
codes, the reference engine's tables and VOCABULARY.md's word tables must all agree with it."""
import dataclasses

import pytest

from decks import load_cardset
from decks import registry as R
from decks.cardset import Card
from decks.vocabulary import VOCABULARY_PATH, current, render
from simcore.kernels.cardtable import (
    AB0,
    AB_ALSO_EFFECT,
    AB_EFFECT,
    AB_TARGET,
    AB_TRIGGER,
    AB_W,
    compile_cardset,
)
from simcore.reference import abilities as RA
from simcore.reference.game import KNOWN_CARD_FIELDS


def test_the_reference_engine_implements_exactly_the_registered_ability_words():
    assert set(RA.EFFECTS) | set(RA.DELAYED_EFFECTS) | set(RA.STRIKE_EFFECTS) == set(R.Effect.words())
    assert set(RA.STRIKE_EFFECTS) == {e.word for e in R.Effect if e.family == R.Family.STRIKE}
    assert set(RA.DELAYED_EFFECTS) == set(R.Effect.words(played_only=True))
    assert set(RA.TRIGGERS) == set(R.Trigger.words())
    assert set(RA.TARGETS) == set(R.Target.words())
    assert set(RA.CHOSEN) == set(R.Target.words(chosen=True))
    assert set(RA.AREA_TARGETS) == set(R.Target.words(area=True))
    assert set(RA.CONDITIONS) == set(R.Condition.words())
    assert set(RA.KINDS) == set(R.Kind.words())
    assert set(RA.AMOUNTS_OF) | {"strike_value"} == set(R.AmountOf.words())


def test_the_reference_engine_knows_every_card_keyword_and_the_cards_have_no_other():
    keywords = {k.field for k in R.Keyword} | {"name"}
    assert KNOWN_CARD_FIELDS == keywords
    assert {f.name for f in dataclasses.fields(Card)} == keywords


def test_the_card_table_holds_the_registered_codes():
    cs = load_cardset()
    C = compile_cardset(cs).stats
    seen = set()
    for i, card in enumerate(cs.cards):
        for k, a in enumerate(card.abilities):
            row = C[i, AB0 + AB_W * k:AB0 + AB_W * (k + 1)]
            assert row[AB_EFFECT] == R.Effect.of(a.effect) and row[AB_TARGET] == R.Target.of(a.target)
            assert row[AB_TRIGGER] == (R.Trigger.of(a.trigger) if a.trigger else 0)
            assert row[AB_ALSO_EFFECT] == (R.Effect.of(a.also.effect) if a.also else 0)
            seen.add(a.effect)
    assert len(seen) > 30          # the bundled set exercises most effects


def test_each_effect_code_lies_in_its_familys_block():
    for e in R.Effect:
        assert e >> R.FAMILY_SHIFT == e.family and 0 < e < R.FAMILY_SPAN * len(R.Family)
        assert e.family in R.FAMILY_NAMES


def test_every_word_has_a_meaning_and_a_unique_code():
    for voc in R.VOCABULARIES:
        assert voc.__doc__ and len({int(w) for w in voc}) == len(voc), voc
        for w in voc:
            assert w.meaning and "\n" not in w.meaning, w


@pytest.mark.parametrize("word", ["wound", "on_strike", "chosen_enemy", "adjacent_ally"])
def test_the_event_log_and_the_docs_name_words_as_the_card_file_writes_them(word):
    from simcore.events import EFFECT_NAMES
    assert set(EFFECT_NAMES.values()) == set(R.Effect.words())
    assert f"| `{word}` |" in render()


def test_vocabulary_md_holds_the_word_tables_the_registry_renders():
    assert current() == render(), (f"{VOCABULARY_PATH} is out of date: run python -m decks.vocabulary --write")


def test_a_word_the_registry_does_not_declare_is_refused_by_the_card_file(tmp_path):
    from decks import InputError
    f = tmp_path / "cards.toml"
    f.write_text('["Тест"]\nset_number = "T-1"\nelement = "forest"\ncost = 4\nelite = false\nunique = false\n'
                 'kind = "creature"\nlife = 7\nmove = 1\nstrike = [1, 2, 2]\n'
                 'abilities = [{ kind = "fast", effect = "teleport_enemy", target = "chosen" }]\n', encoding="utf-8")
    with pytest.raises(InputError, match="'teleport_enemy' is not in the vocabulary"):
        load_cardset(f)
