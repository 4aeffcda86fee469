"""The word tables of decks/cards/VOCABULARY.md, rendered from decks.registry: every word of every
vocabulary with its one-line meaning and the cards of the bundled set that use it.

`python -m decks.vocabulary` checks that VOCABULARY.md holds the tables as the registry renders them
today; `python -m decks.vocabulary --write` rewrites them (everything between the markers
`<!-- words: start -->` and `<!-- words: end -->`; the rest of the file is written by hand).
"""
import sys
from dataclasses import fields
from pathlib import Path

from . import registry as R
from .cardset import Card, TargetFilter, load_cardset

VOCABULARY_PATH = Path(__file__).parent / "cards" / "VOCABULARY.md"
START, END = "<!-- words: start -->", "<!-- words: end -->"
MAX_CARDS = 8           # cards listed per word; the rest are counted


def _abilities(card):
    return card.abilities


def _filters(card):
    out = [a.filter for a in card.abilities] + [a.trigger_filter for a in card.abilities]
    if card.aura is not None:
        out.append(card.aura.filter)
    return out


def _bonuses(card):
    out = list(card.strike_bonus)
    if card.formation is not None:
        out += card.formation.strike_bonus
    for w in card.while_blocks:
        out += w.strike_bonus
    return out


def _reductions(card):
    out = list(card.reduce)
    if card.formation is not None:
        out += card.formation.reduce
    for w in card.while_blocks:
        out += w.reduce
    if card.aura is not None:
        out += card.aura.reduce
    return out


def _protections(card):
    out = set(card.protection)
    if card.tap_gain is not None:
        out |= card.tap_gain.protection
    if card.formation is not None:
        out |= card.formation.protection
    for w in card.while_blocks:
        out |= w.protection
    return out


_DEFAULTS = {f.name: f.default for f in fields(Card)}


def _filter_words(f):
    words = {k.name for k in fields(TargetFilter) if isinstance(getattr(f, k.name), bool) and getattr(f, k.name)}
    if f.elite is True:
        words.add("elite")
    if f.elite is False:
        words.add("ordinary")
    return words


# the words of each vocabulary a card uses
USES = {
    R.Kind: lambda c: {a.kind for a in c.abilities},
    R.Trigger: lambda c: {a.trigger for a in c.abilities if a.trigger},
    R.Effect: lambda c: ({a.effect for a in c.abilities} | {a.also.effect for a in c.abilities if a.also}
                         | {a.self_first.effect for a in c.abilities if a.self_first}),
    R.Target: lambda c: {a.target for a in c.abilities},
    R.Condition: lambda c: {a.condition for a in c.abilities},
    R.Duration: lambda c: {a.duration for a in c.abilities if a.effect in R.Effect.words(duration=True)},
    R.Limit: lambda c: {a.limit for a in c.abilities if a.limit},
    R.AmountOf: lambda c: {a.amount_of for a in c.abilities if a.amount_of},
    R.Spread: lambda c: {a.spread for a in c.abilities if a.spread},
    R.Filter: lambda c: set().union(*map(_filter_words, _filters(c))),
    R.Element: lambda c: {c.element},
    R.CardKind: lambda c: {c.kind},
    R.Strength: lambda c: {R.Strength(s).word for a in c.abilities if a.trigger == "on_strike"
                           or a.effect == "boost_next_attack" for s in a.strengths},
    R.AttackKind: lambda c: {c.ranged.kind} if c.ranged else set(),
    R.VsValue: lambda c: {b.vs for b in _bonuses(c)} | set(c.directed_vs) | set(c.unanswered_vs),
    R.AppliesTo: lambda c: {b.applies_to for b in _bonuses(c)},
    R.Source: lambda c: {r.source for r in _reductions(c)},
    R.Protection: _protections,
    R.WhileCondition: lambda c: {w.condition for w in c.while_blocks},
    R.AuraCells: lambda c: {c.aura.to} if c.aura else set(),
    R.PlayedAbility: lambda c: set(c.played),
    R.CounterSpending: lambda c: {c.ranged_spends_counters} if c.ranged_spends_counters else set(),
    R.Keyword: lambda c: {k.word for k in R.Keyword if getattr(c, k.field) != _DEFAULTS.get(k.field)},
}


def users(cardset):
    """{vocabulary: {word: [card names, in file order]}} over the card set."""
    out = {voc: {w.word: [] for w in voc} for voc in R.VOCABULARIES}
    for card in cardset.cards:
        for voc, used in USES.items():
            for word in used(card):
                out[voc][word].append(card.name)
    return out


def _cards(names):
    if not names:
        return "none of set 1"
    shown = ", ".join(names[:MAX_CARDS])
    return shown + (f" and {len(names) - MAX_CARDS} more" if len(names) > MAX_CARDS else "")


def render(cardset=None) -> str:
    """The generated part of VOCABULARY.md: one table per vocabulary of decks.registry."""
    cardset = cardset or load_cardset()
    used = users(cardset)
    out = [START, "",
           "Generated from `decks/registry.py`, where each word is declared once "
           "(`python -m decks.vocabulary --write`); the cards are those of the bundled `set1.toml` that write it.",
           ""]
    for voc in R.VOCABULARIES:
        title = " ".join(line.strip() for line in voc.__doc__.strip().split("\n\n")[0].splitlines())
        out += [f"### {voc.__name__}", "", title, "", "| word | code | meaning | cards |", "|---|---|---|---|"]
        for w in voc:
            meaning = w.meaning.replace("|", "\\|")
            if voc is R.Effect:
                meaning += f" ({R.FAMILY_NAMES[w.family]})"
            out.append(f"| `{w.word}` | {int(w)} | {meaning} | {_cards(used[voc][w.word])} |")
        out.append("")
    out.append(END)
    return "\n".join(out)


def _split(text):
    if START not in text or END not in text:
        raise ValueError(f"{VOCABULARY_PATH} has no {START} ... {END} block")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return head, tail


def current(path=VOCABULARY_PATH) -> str:
    head, tail = _split(path.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    return text[len(head):len(text) - len(tail)]


def write(path=VOCABULARY_PATH) -> bool:
    """Rewrite the generated block; True when it changed."""
    text = path.read_text(encoding="utf-8")
    head, tail = _split(text)
    new = head + render() + tail
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        print(f"{VOCABULARY_PATH}: " + ("word tables rewritten" if write() else "word tables already up to date"))
    elif current() != render():
        print(f"{VOCABULARY_PATH}: the word tables are out of date; run python -m decks.vocabulary --write")
        sys.exit(1)
    else:
        print(f"{VOCABULARY_PATH}: the word tables match decks/registry.py")
