"""Helpers of the rule tests: run a scenario of tests/scenarios/ and check its result.

Expected values in the rule tests are worked out by hand from docs/RULES.md (the dice table of section 5)
and the card stats of decks/cards/set1.toml; each scenario file says in its comment what it plays.
"""

import functools
from pathlib import Path

import numpy as np
import pytest

from decks import load_cardset
from simcore.scenario import ScenarioError, run_scenario

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
SCENARIOS = TESTS / "scenarios"
SET1 = ROOT / "decks" / "cards" / "set1.toml"
TEST_CARDS = TESTS / "data" / "test_cards.toml"


@functools.cache
def _extended_cardset(tmpdir: str):
    path = Path(tmpdir) / "set1_and_test_cards.toml"
    path.write_text(
        SET1.read_text(encoding="utf-8") + "\n" + TEST_CARDS.read_text(encoding="utf-8"), encoding="utf-8"
    )
    return load_cardset(path)


def extended_cardset(tmp_path_factory):
    """Set 1 plus the test-only cards of tests/data/test_cards.toml (discharge, unanswered, ...)."""
    return _extended_cardset(str(tmp_path_factory.getbasetemp()))


def run(name, cardset=None) -> dict:
    """Play tests/scenarios/NAME and return the harness result."""
    return run_scenario(SCENARIOS / name, cardset=cardset)


def illegal(name, cardset=None) -> str:
    """Play a scenario that must stop on an illegal action; return the one-line message."""
    with pytest.raises(ScenarioError) as e:
        run(name, cardset)
    msg = str(e.value)
    assert "\n" not in msg
    return msg


def check(result, label, **expected):
    """Assert the given fields of one card of the result (wounds, life, zone, closed, ...)."""
    card = result["cards"][label]
    got = {k: card[k] for k in expected}
    assert got == expected, f"card {label}: {got} != {expected}"


def before(events, first, then):
    """True if event `first` occurs before event `then` (both must occur)."""
    assert first in events, first
    assert then in events, then
    return events.index(first) < events.index(then)


def roll(a, d, strike, counter):
    """The roll event of a two-dice simple strike (docs/RULES.md section 5)."""
    return f"roll: A={a} D={d} (A-D={a - d:+d}) -> {strike} strike, {counter}"


def single_roll(a, strength):
    """The roll event when only the attacker rolls."""
    return f"roll: A={a} -> {strength} (only the attacker rolls)"


NO_COUNTER = "no counter-strike"
WEAK_COUNTER = "weak counter-strike"
MEDIUM_COUNTER = "medium counter-strike"
DIRECTED = "a directed strike cannot be taken over by a defender (504)"


def card(label, name, owner, at, **extra):
    """A [[cards]] table of an inline scenario (extra: wounds = 3, closed = True, ...)."""
    fields = "".join(f"\n{k} = {str(v).lower() if isinstance(v, bool) else v}" for k, v in extra.items())
    return f'\n[[cards]]\nlabel = "{label}"\nname = "{name}"\nowner = {owner}\nat = "{at}"{fields}\n'


def play(tmp_path, head, cards, cardset=None) -> dict:
    """Write an inline scenario (head: active_player, dice, actions lines; cards: card(...) tables)
    to tmp_path and play it."""
    f = tmp_path / "scenario.toml"
    f.write_text(head + "".join(cards), encoding="utf-8")
    return run_scenario(f, cardset=cardset)


def _clean_games(deck_a, deck_b, ais, games, seed, log_capacity=0):
    """Play `games` games of two deck files with the given AIs and check that every game ended without
    an engine error: (matchup, state)."""
    import numpy as np

    from simcore.kernels.batch import play_batch
    from simcore.kernels.state import G_ERROR, G_WINNER, GAME0, new_state, set_params
    from simcore.matchup import make_matchup

    m = make_matchup(deck_a, deck_b, ais=ais)
    S = new_state(games, log_capacity=log_capacity)
    set_params(S, m.params)
    play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(seed), 0, games)
    assert (S[:, GAME0 + G_ERROR] == 0).all()
    assert (S[:, GAME0 + G_WINNER] >= 0).all()
    return m, S


def logged_games(deck_a, deck_b, ais, games, seed):
    """Like whole_games, with every game logged: the logged events of all games, one row each."""
    from simcore.kernels.state import events_view

    _, S = _clean_games(deck_a, deck_b, ais, games, seed, log_capacity=20000)
    ev = events_view(S).reshape(-1, 6)
    return ev[ev[:, 0] > 0]


def whole_games(deck_a, deck_b, ais, games, seed) -> dict:
    """Play `games` games of two deck files with the given AIs; check that every game ended without an
    engine error; return each card name's played-ability uses over both sides."""
    from simcore.kernels.batch import card_counts

    m, S = _clean_games(deck_a, deck_b, ais, games, seed)
    cc = card_counts(S, m.decks, m.sizes, games)
    uses = {}
    for c, u in zip(cc["card"], cc["ability_uses"]):
        uses[m.table.names[c]] = uses.get(m.table.names[c], 0) + int(u)
    return uses


def position(cards, active=0, log_capacity=0):
    """A position built by hand: cards [(name, owner, cell)] on the battlefield, open, unwounded, greedy on
    both seats, player `active` to play (log_capacity > 1: the events are logged). Returns (card table,
    state, their slots)."""
    from conftest import LISTS

    from simcore.kernels.cardtable import LIFE, MOVE
    from simcore.kernels.rules.board import rebuild_play_lists
    from simcore.kernels.rules.permanent import recompute
    from simcore.kernels.rules.setup import init_game
    from simcore.kernels.state import (
        CELL,
        G_ACTIVE,
        G_BOARD,
        GAME0,
        LIFE_MAX,
        MAX_DECK,
        MOVES_LEFT,
        NCF,
        Z_FIELD,
        ZONE,
        new_state,
        set_params,
    )
    from simcore.matchup import make_matchup

    m = make_matchup(LISTS / "seeds_mixed.txt", LISTS / "seeds_mixed.txt")
    C = m.table.stats
    ids = {n: i for i, n in enumerate(m.table.names)}
    decks = np.full((2, MAX_DECK), -1, np.int64)
    sizes = np.zeros(2, np.int64)
    slots = []
    for name, owner, cell in cards:
        decks[owner, sizes[owner]] = ids[name]
        slots.append((owner * MAX_DECK + sizes[owner], ids[name], cell))
        sizes[owner] += 1
    S = new_state(1, log_capacity)
    set_params(S, m.params)
    init_game(C, S, 0, decks, sizes, np.uint64(0), 0)
    for s, c, cell in slots:
        S[0, s * NCF + ZONE] = Z_FIELD
        S[0, s * NCF + CELL] = cell
        S[0, s * NCF + LIFE_MAX] = C[c, LIFE]
        S[0, s * NCF + MOVES_LEFT] = C[c, MOVE]
        S[0, GAME0 + G_BOARD + cell] = s
    rebuild_play_lists(S, 0)
    recompute(C, S, 0)
    S[0, GAME0 + G_ACTIVE] = active
    return C, S, [s for s, _, _ in slots]
