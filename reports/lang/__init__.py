"""The languages of the reports and of the CLI's printed tables: English (the default) and Russian.

Every text a report or a printed table shows is looked up here by its id in the message catalog of the
chosen language (reports/lang/en.py, reports/lang/ru.py: the same sections and ids, tests/test_lang.py
checks that each catalog holds every id of the other); the game's own terms are the rulebook's (docs/rulebook,
docs/RULES.md): ОвА, ОвЗ, ЗоО, удар через ряд, ... in Russian, plain English words in English.

`messages(lang)` gives a Messages: `T("table.matchups")`, `T("note.tiers", margin=2)`, plurals by count
(`T.plural("n.games", 1500)`: "1,500 games", "1 500 партий"), numbers with the language's thousands
separator (`T.count`), and the display of the tables' own values (`T.value("turn_cap")`). Numbers keep
the decimal point in both languages (as the CSV and Parquet tables and the charts' axes have it); in
Russian the thousands are grouped by a no-break space ("3 420 000"), since "3,420" reads as a decimal
there. The data (CSV, Parquet, manifests) stays in English identifiers in every language.

The language comes from `--lang` or, without it, from the BERSERK_LANG environment variable, then "en".
"""
from __future__ import annotations

import os

from . import en, ru

LANGS = ("en", "ru")
ENV = "BERSERK_LANG"
DEFAULT = "en"


def _catalog(module) -> dict:
    """One language's messages by id, from the sections of its module: table titles, column labels
    and hints, the report's and the CLI's texts, the cards' words, and the display of the tables' values."""
    return {
        **{f"table.{k}": v for k, v in module.TABLES.items()},
        **{f"label.{k}": v for k, v in module.LABELS.items()},
        **{f"label.{k}": v for k, v in module.TABLE_LABELS.items()},
        **{f"hint.{k}": v for k, v in module.HINTS.items()},
        **{f"pilot_label.{k}": v for k, v in module.PILOT_LABELS.items()},
        **{f"pilot_hint.{k}": v for k, v in module.PILOT_HINTS.items()},
        **module.REPORT,
        **{f"build.{k}": v for k, v in module.BUILD.items()},
        **{f"impact.{k}": v for k, v in module.IMPACT.items()},
        **{f"cli.{k}": v for k, v in module.CLI.items()},
        **module.CARDS,
        "values": module.VALUES,
        "value_suffixes": module.VALUE_SUFFIXES,
    }


CATALOGS = {"en": _catalog(en), "ru": _catalog(ru)}
THOUSANDS = {"en": ",", "ru": "\u00a0"}


def default_lang() -> str:
    """The language without --lang: BERSERK_LANG when it names a known one, else English."""
    lang = os.environ.get(ENV, "").strip().lower()
    return lang if lang in LANGS else DEFAULT


def plural_form(lang: str, n) -> int:
    """The index of the plural form for a count: English one/other; Russian one/few/many
    (1, 21 партия; 2-4, 22 партии; 5-20, 11-14, 25 партий)."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


class Messages:
    """The catalog of one language: call it with a message id (and the message's fields)."""

    def __init__(self, lang: str = DEFAULT):
        if lang not in CATALOGS:
            raise ValueError(f"unknown language {lang!r}: one of {', '.join(LANGS)}")
        self.lang = lang
        self.catalog = CATALOGS[lang]
        self.values = self.catalog["values"]

    def __call__(self, key: str, **fields) -> str:
        text = self.catalog[key]
        return text.format(**fields) if fields else text

    def get(self, key: str, default=None):
        """The message of `key`, or `default` when the catalog has none (labels of unknown columns)."""
        text = self.catalog.get(key)
        return default if text is None else text

    def plural(self, key: str, n, **fields) -> str:
        """The form of message `key` for the count n, with {n} the count as `count` writes it."""
        forms = self.catalog[key]
        return forms[min(plural_form(self.lang, n), len(forms) - 1)].format(n=self.count(n), **fields)

    def word(self, key: str, n) -> str:
        """Only the word of a plural message for the count n ('games', 'партий'), without the count."""
        return self.plural(key, n).replace(self.count(n), "", 1).strip()

    def count(self, n) -> str:
        """A whole number with the language's thousands separator: 3,420,000 or 3 420 000."""
        return self.group(f"{int(n):,}")

    def group(self, text: str) -> str:
        """A number formatted with ',' thousands (Python's format), with the language's separator."""
        return text.replace(",", THOUSANDS[self.lang]) if self.lang != "en" else text

    def value(self, x) -> str:
        """A value of a table as the page shows it: the tables' English identifiers (end reasons, verdicts,
        directions, stats, 'field', 'all', a vanilla copy's suffix) in the language, anything else as is."""
        text = str(x)
        if text in self.values:
            return self.values[text]
        for suffix, shown in self.catalog["value_suffixes"].items():
            if suffix in text:
                text = text.replace(suffix, shown)
        return text

    @property
    def plotly_separators(self) -> str:
        """The decimal and thousands separators of plotly's layout (`separators`)."""
        return "." + THOUSANDS[self.lang]


def messages(lang: str | None = None) -> Messages:
    """The Messages of `lang` (None: BERSERK_LANG, then English)."""
    return Messages(lang or default_lang())


EN = Messages("en")
