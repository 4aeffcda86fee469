"""Conformance (pgx style): random and greedy games on every bundled deck pair end, and their final
states keep the invariants of the rules; random decks from the card set (hypothesis) too."""
from itertools import combinations

import numpy as np
import pytest
from conftest import DECKS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks import load_cardset
from simcore.kernels.batch import game_rows, play_batch
from simcore.kernels.cardtable import COST
from simcore.kernels.state import (
    CELL,
    DEATH_TURN,
    EXTRA_LIVES,
    G_BOARD,
    G_NPLAY,
    G_PLAY,
    G_WINNER,
    LIFE_MAX,
    MAX_DECK,
    N_CELLS,
    WOUNDS,
    Z_AUX,
    Z_FIELD,
    Z_GRAVE,
    ZONE,
    cards_view,
    game_view,
    new_state,
    set_params,
)
from simcore.matchup import make_matchup


def check_invariants(S, m, n):
    cards = cards_view(S)[:n]
    game = game_view(S)[:n]
    zone = cards[:, :, ZONE]
    in_play = (zone == Z_FIELD) | (zone == Z_AUX)
    life = cards[:, :, LIFE_MAX] + cards[:, :, EXTRA_LIVES] - cards[:, :, WOUNDS]
    # 509: no card in play has current life <= 0
    assert not (in_play & (life <= 0)).any()
    assert (cards[:, :, WOUNDS] >= 0).all() and (cards[:, :, EXTRA_LIVES] >= 0).all()
    # every game ended
    assert (game[:, G_WINNER] >= 0).all()
    for p in range(2):
        k = int(m.sizes[p])
        # cards are conserved: every slot of the deck is in a zone, empty slots in none
        assert (zone[:, p * MAX_DECK:p * MAX_DECK + k] > 0).all()
        assert (zone[:, p * MAX_DECK + k:(p + 1) * MAX_DECK] == 0).all()
    # the board and the cards' cells agree; no two cards share a cell
    board = game[:, G_BOARD:G_BOARD + N_CELLS]
    on_field = zone == Z_FIELD
    assert (on_field.sum(axis=1) == (board >= 0).sum(axis=1)).all()
    for g in range(n):
        slots = np.nonzero(on_field[g])[0]
        cells = cards[g, slots, CELL]
        assert len(set(cells.tolist())) == len(cells)
        assert (board[g, cells] == slots).all()
    # a wiped-out side lost; a winner still has creatures unless the round cap adjudicated
    rows = game_rows(S, m.table.stats, 0, n)
    left = np.stack([rows["left_a"], rows["left_b"]], axis=1)
    for g in range(n):
        w = rows["winner"][g]
        if rows["end_reason"][g] == 1:
            assert left[g, w] > 0 and left[g, 1 - w] == 0
        if rows["end_reason"][g] == 3 and w < 2:
            assert rows[f"cost_left_{'ab'[w]}"][g] > rows[f"cost_left_{'ab'[1 - w]}"][g]
    # the play lists (the engine's index of cards in play) agree with the zones
    for g in range(n):
        for p in range(2):
            listed = game[g, G_PLAY + p * MAX_DECK:G_PLAY + p * MAX_DECK + game[g, G_NPLAY + p]]
            assert listed.tolist() == (p * MAX_DECK + np.nonzero(in_play[g, p * MAX_DECK:(p + 1) * MAX_DECK])[0]).tolist()
    # the dead are in the graveyard with a turn of death
    dead = zone == Z_GRAVE
    assert ((cards[:, :, DEATH_TURN] >= 0) == dead).all()


def play(m, n, seed=5):
    S = new_state(n)
    set_params(S, m.params)
    play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(seed), 0, n)
    return S


@pytest.mark.parametrize("ais", [("random", "random"), ("greedy", "greedy"), ("greedy", "random")])
def test_games_on_every_bundled_deck_pair_end_and_keep_invariants(ais):
    for a, b in list(combinations(DECKS, 2))[::3] + [(DECKS[0], DECKS[0])]:
        m = make_matchup(a, b, ais=ais)
        S = play(m, 40)
        check_invariants(S, m, 40)


def test_greedy_beats_random_in_at_least_90_percent(tmp_path):
    score = n = 0
    for a, b in list(combinations(DECKS, 2))[::4]:
        for ais in (("greedy", "random"), ("random", "greedy")):
            m = make_matchup(a, b, ais=ais)
            S = play(m, 100, seed=9)
            w = game_rows(S, m.table.stats, 0, 100)["winner"]
            seat = ais.index("greedy")
            score += (w == seat).sum() + 0.5 * (w == 2).sum()
            n += 100
    assert score / n >= 0.9


def test_modern_ruleset_plays_and_places_by_levels():
    m = make_matchup(DECKS[0], DECKS[1], ruleset="modern")
    S = play(m, 30)
    check_invariants(S, m, 30)


CARDSET = load_cardset()


@st.composite
def random_deck(draw):
    names = draw(st.lists(st.sampled_from([c.name for c in CARDSET.cards]), min_size=10, max_size=16,
                          unique=True))
    counts = [3] * len(names)
    total = sum(counts)
    i = 0
    while total > 30:
        if counts[i % len(counts)] > 1:
            counts[i % len(counts)] -= 1
            total -= 1
        i += 1
    return "\n".join(f"{c} {n}" for n, c in zip(names, counts)) + "\n"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deck_a=random_deck(), deck_b=random_deck(), seed=st.integers(0, 2**40),
       ais=st.sampled_from([("random", "random"), ("greedy", "random"), ("greedy", "greedy")]))
def test_random_decks_and_policies_keep_invariants(tmp_path, deck_a, deck_b, seed, ais):
    pa, pb = tmp_path / "a.txt", tmp_path / "b.txt"
    pa.write_text(deck_a, encoding="utf-8")
    pb.write_text(deck_b, encoding="utf-8")
    m = make_matchup(pa, pb, ais=ais, cardset=CARDSET)
    S = play(m, 12, seed=seed)
    check_invariants(S, m, 12)
    assert (m.table.stats[:, COST] > 0).all()
