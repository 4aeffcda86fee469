"""English and Russian (reports/lang): every message of one catalog is in the other, a Russian report
carries no English heading, label or caption, `berserk cards` prints a header row and the game's terms in
the chosen language, --lang and BERSERK_LANG choose it, and an unknown language is one line and exit 2."""
import os
import re
import string
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import LISTS, ROOT, run_cli

from decks import load_cardset
from reports.lang import CATALOGS, LANGS, messages
from reports.lang.cards import _russian_part, card_text, played_label
from reports.render import render_html, render_markdown

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report_fixture import build_report

PLURAL_FORMS = {"en": 2, "ru": 3}


def _fields(message) -> set:
    forms = message if isinstance(message, tuple) else (message,)
    if any("%{" in f for f in forms):      # plotly templates: %{x} is plotly's, not a field
        return set()
    return {name for f in forms for _, name, _, _ in string.Formatter().parse(f) if name}


def test_each_catalog_holds_every_message_of_the_other_with_the_same_fields():
    for name in ("values", "value_suffixes"):
        assert set(CATALOGS["ru"][name]) == set(CATALOGS["en"][name]), name
    assert set(CATALOGS["ru"]) == set(CATALOGS["en"])
    for key, english in CATALOGS["en"].items():
        if key in ("values", "value_suffixes"):
            continue
        russian = CATALOGS["ru"][key]
        assert type(russian) is type(english), key
        if isinstance(english, tuple):
            assert (len(english), len(russian)) == (PLURAL_FORMS["en"], PLURAL_FORMS["ru"]), key
        assert _fields(russian) == _fields(english), key


def test_russian_plurals_and_numbers():
    T = messages("ru")
    assert [T.plural("about.games", n) for n in (1, 3, 5, 11, 21, 22, 112, 3420000)] == [
        "1 партия", "3 партии", "5 партий", "11 партий", "21 партия", "22 партии", "112 партий",
        "3\u00a0420\u00a0000 партий"]
    assert messages("en").plural("about.games", 1) == "1 game" and messages("en").count(3420000) == "3,420,000"
    assert T.value("turn_cap") == "лимит ходов" and T.value("Арацент (vanilla)") == "Арацент (без текста)"
    assert T.value("Степь (steppe)") == "Степь (steppe)"        # a name stays as it is


class _Text(HTMLParser):
    """The page's visible text by element: headings, table headers, links, captions, paragraphs."""

    TAGS = ("h1", "h2", "h3", "th", "a", "figcaption", "summary", "dt", "li", "p", "div", "title")

    def __init__(self):
        super().__init__()
        self.stack, self.texts, self.skip = [], [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "code"):
            self.skip += 1
        self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "code"):
            self.skip -= 1
        while self.stack and self.stack.pop() != tag:
            pass

    def handle_data(self, data):
        if not self.skip and data.strip() and self.stack and self.stack[-1] in self.TAGS:
            self.texts.append((self.stack[-1], data.strip()))


def _english_messages() -> set:
    """The English catalog's headings, labels, captions and notes (texts of at least two words or a
    column label), as a Russian page must not show them."""
    out = set()
    for key, text in CATALOGS["en"].items():
        if isinstance(text, str) and not set(_fields(text)) and key.split(".")[0] in (
                "table", "label", "section", "toc", "cap", "lead", "head", "chart", "pilot", "about", "hint"):
            out.add(text)
    return out - {"p", "LLR", "SPRT", "n"}          # the same in both languages


@pytest.mark.parametrize("decks", [2, 4, 9])
def test_a_russian_report_shows_no_english_heading_label_or_caption(decks):
    report = build_report(decks, lang="ru")
    page = render_html(report)
    assert page.splitlines()[1].startswith('<html lang="ru">')
    parser = _Text()
    parser.feed(page)
    english = _english_messages()
    shown = [(tag, text) for tag, text in parser.texts if text in english]
    assert shown == []
    T = messages("ru")
    headings = [text for tag, text in parser.texts if tag == "h2"]
    assert T("section.decks") in headings and T("section.matchups") in headings and T("section.notes") in headings
    heads = [text for tag, text in parser.texts if tag == "th"]
    assert T("label.deck") in heads and T("label.score") in heads and "Deck" not in heads
    markdown = render_markdown(report)
    md_headings = re.findall(r"^## (.+)$", markdown, re.MULTILINE)
    assert md_headings and not set(md_headings) & english
    assert f"## {T('section.headline')}" in markdown and "| Колода |" in markdown
    assert render_html(build_report(decks)).splitlines()[1].startswith('<html lang="en">')


def test_every_part_of_the_bundled_cards_text_reads_in_russian_and_english_spells_out_the_icons():
    cs = load_cardset()
    ru_T, en_T = messages("ru"), messages("en")
    for card in cs.cards:
        for part in card.text.split(" ; ") if card.text else []:
            russian = _russian_part(part)
            assert russian is not None, (card.name, part)
            assert not re.search(r"[A-Za-z]{2,}", russian), (card.name, part, russian)
        english = card_text(card.text, en_T)
        assert not re.search(r"\bOv[AZ]\b|\(Zo[A-Z]+\)", english), (card.name, english)
        for label in card.played_ability_labels():
            assert not re.search(r"[A-Za-z]{2,}", played_label(label, ru_T)), (card.name, label)
    assert card_text("OvA 1 ; prot. from poison (ZoO) ; tap: strike through a row 1", ru_T) == \
        "ОвА 1 ; ЗоО ; Т: удар через ряд на 1"
    assert card_text("OvZ 1 ; prot. from poison (ZoO)", en_T) == "defence exp. 1 ; prot. from poison"


def _header(stdout):
    return stdout.splitlines()[1].split()


def test_cards_prints_a_header_row_and_the_game_s_terms_in_the_chosen_language():
    ru_run = run_cli("cards", "--lang", "ru")
    assert ru_run.returncode == 0, ru_run.stderr
    T = messages("ru")
    assert _header(ru_run.stdout)[:3] == [T("cards.col.number"), T("cards.col.name"), T("cards.col.element")]
    line = next(x for x in ru_run.stdout.splitlines() if " Змееглав " in x)
    assert "степь" in line and "ОвА 1 ; ОвЗ 1 ; Т: удар через ряд на 1" in line
    assert "ЗоО" in next(x for x in ru_run.stdout.splitlines() if " Хранитель гор " in x)
    assert not re.search(r"\bOv[AZ]\b|\bZo[A-Z]", ru_run.stdout)
    en_run = run_cli("cards")
    assert _header(en_run.stdout)[:4] == ["no.", "name", "element", "cost"]
    line = next(x for x in en_run.stdout.splitlines() if " Змееглав " in x)
    assert "attack exp. 1 ; defence exp. 1" in line and "OvA" not in en_run.stdout
    assert en_run.stdout.splitlines()[-1].startswith("terms: attack exp.")


def _cli_env(**env):
    return subprocess.run([sys.executable, "-m", "reports.cli", "cards"], capture_output=True, text=True, cwd=ROOT, check=False,
                          env={k: v for k, v in {**os.environ, **env}.items() if v is not None})


def test_berserk_lang_chooses_the_language_and_lang_overrides_it():
    assert _header(_cli_env(BERSERK_LANG="ru").stdout)[0] == "№"
    assert _header(_cli_env(BERSERK_LANG=None).stdout)[0] == "no."
    r = subprocess.run([sys.executable, "-m", "reports.cli", "cards", "--lang", "en"], capture_output=True,
                       text=True, cwd=ROOT, check=False, env={**os.environ, "BERSERK_LANG": "ru"})
    assert _header(r.stdout)[0] == "no."


@pytest.mark.parametrize("how", ["option", "environment"])
def test_an_unknown_language_is_one_line_naming_the_option_and_the_languages_and_exit_2(how):
    r = run_cli("cards", "--lang", "de") if how == "option" else _cli_env(BERSERK_LANG="de")
    assert r.returncode == 2 and "Traceback" not in r.stderr and r.stdout == ""
    assert r.stderr.strip().count("\n") == 0
    assert "--lang" in r.stderr and "'de'" in r.stderr and "BERSERK_LANG" in r.stderr
    assert all(lang in r.stderr for lang in LANGS)


def test_simulate_prints_in_russian_and_report_renders_a_run_in_either_language(tmp_path):
    out = tmp_path / "ab"
    r = run_cli("simulate", LISTS / "steppe.txt", LISTS / "swamps.txt", "--games", 200, "--out", out,
                "--no-progress", "--lang", "ru")
    assert r.returncode == 0, r.stderr
    for needle in ("партий: 200", "первый игрок", "95% интервал", "ничьих:", "записано в"):
        assert needle in r.stdout, needle
    r = run_cli("report", out, "--lang", "ru")
    assert r.returncode == 0, r.stderr
    assert "отчёт:" in r.stdout and "колода" in r.stdout
    page = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ru">' in page and "Отчёт по прогону" in page
    assert "## Процент побед колод" in (out / "report.md").read_text(encoding="utf-8")
    assert run_cli("report", out).returncode == 0
    assert '<html lang="en">' in (out / "index.html").read_text(encoding="utf-8")
