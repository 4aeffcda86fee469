"""simcore.kernels.batch.card_counts, the per-card rows every card statistic is built from: over seeded
games, each column equals a plain count of the games' card rows, slot by slot, and agrees with the
per-game outcome rows."""
import numpy as np
import pytest
from conftest import LISTS

from simcore.kernels.batch import CARD_COUNT_COLUMNS, card_counts, game_rows, play_batch, turn_numbers
from simcore.kernels.state import (
    AB_USES,
    BOUGHT,
    DEALT,
    DEATH_TURN,
    DMG_DEALT,
    G_WINNER,
    KILLS,
    MAX_DECK,
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


def _recount(S, decks, sizes, n):
    """card_counts' rows counted game by game and slot by slot, in Python."""
    cards, winner = cards_view(S), game_view(S)[:, G_WINNER]
    rows = []
    for p in range(2):
        deck = [int(c) for c in decks[p, :sizes[p]]]
        for card in sorted(set(deck)):
            slots = [p * MAX_DECK + i for i, c in enumerate(deck) if c == card]
            row = dict.fromkeys(CARD_COUNT_COLUMNS, 0)
            for g in range(n):
                won, drew = int(winner[g] == p), int(winner[g] == 2)
                dealt = any(cards[g, s, DEALT] == 1 for s in slots)
                bought = [s for s in slots if cards[g, s, BOUGHT] == 1]
                for prefix, counted in (("", True), ("dealt_", dealt), ("squad_", bool(bought)),
                                        ("not_drawn_", not dealt)):
                    if counted:
                        row[f"{prefix}games"] += 1
                        row[f"{prefix}wins"] += won
                        row[f"{prefix}draws"] += drew
                for s in bought:
                    row["copies_bought"] += 1
                    row["wounds_dealt"] += int(cards[g, s, DMG_DEALT])
                    row["kills"] += int(cards[g, s, KILLS])
                    if cards[g, s, ZONE] == Z_GRAVE:
                        row["deaths"] += 1
                        row["death_turn_sum"] += int(turn_numbers(cards[g, s, DEATH_TURN]))
                    elif cards[g, s, ZONE] in (Z_FIELD, Z_AUX):
                        row["survived"] += 1
                row["ability_uses"] += sum(int(cards[g, s, AB_USES]) for s in slots)
            rows.append((p, card, row))
    return rows


@pytest.mark.parametrize("deck_a, deck_b, ais", [
    ("seeds_mixed.txt", "swamps.txt", ("greedy", "baseline")),
    ("darkness_undead.txt", "mixed_forest_mountains.txt", ("random", "greedy")),
])
def test_card_counts_are_the_games_card_rows_counted(deck_a, deck_b, ais):
    games = 60
    m = make_matchup(LISTS / deck_a, LISTS / deck_b, ais=ais)
    S = new_state(games)
    set_params(S, m.params)
    play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(11), 0, games)
    cc = card_counts(S, m.decks, m.sizes, games)
    expected = _recount(S, m.decks, m.sizes, games)
    assert [(p, c) for p, c, _ in expected] == list(zip(cc["player"], cc["card"]))
    for k, (_, _, row) in enumerate(expected):
        assert {c: int(cc[c][k]) for c in CARD_COUNT_COLUMNS} == row
    assert all(cc[c].dtype == np.int64 for c in cc)
    # and with the per-game rows: every copy bought is in a squad, every game counted once per card
    out = game_rows(S, m.table.stats, 0, games)
    for p, side in enumerate("ab"):
        mine = cc["player"] == p
        assert cc["copies_bought"][mine].sum() == out[f"squad_size_{side}"].sum()
        assert (cc["games"][mine] == games).all()
        assert (cc["wins"][mine] == (out["winner"] == p).sum()).all()
    assert cc["deaths"].sum() + cc["survived"].sum() <= cc["copies_bought"].sum()
