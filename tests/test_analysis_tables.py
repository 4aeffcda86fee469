"""analysis.tables (the Python API: analysis.matchup_matrix(run) etc.) on synthetic run and meta folders
(tests/synthetic_runs.py) whose outcomes are chosen by hand, against answers worked out by hand here:
counts, scores with draws as half, Wilson / Newcombe intervals of the hand-computed numbers, the Nash
mix, field win rates, tiers, the weights file, game shape, card statistics and opening folders.
No simulation is run.
"""
import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from synthetic_runs import (
    BOTH_WIPED,
    CARD_SCHEMA,
    COUNT_COLUMNS,
    GAME_SCHEMA,
    NO_SQUAD,
    TURN_CAP,
    WIPE,
    games,
    write_meta,
    write_run,
)

import analysis
from analysis import stats, tables
from analysis.run import Run, open_run
from decks.errors import InputError

EPS = 1e-12


def cell(df, deck, opponent):
    return df.filter((pl.col("deck") == deck) & (pl.col("opponent") == opponent)).row(0, named=True)


def by(df, key, value):
    rows = df.filter(pl.col(key) == value).rows(named=True)
    assert len(rows) == 1, (key, value, rows)
    return rows[0]


# --- the synthetic folders look like what simcore writes ------------------------------------------------

def test_synthetic_schemas_match_what_simcore_writes():
    """The helper's columns and dtypes are those of simcore.kernels.batch.game_rows / card_counts as
    simcore.run writes them (no game is played: the functions read an empty state)."""
    from simcore.kernels.batch import CARD_COUNT_COLUMNS, GAME_COLUMNS, card_counts, game_rows
    from simcore.kernels.cardtable import COST
    from simcore.kernels.state import MAX_DECK, new_state

    S = new_state(2)
    real_games = pl.DataFrame(game_rows(S, np.zeros((1, COST + 1), np.int64), 0, 2))
    assert tuple(GAME_SCHEMA) == GAME_COLUMNS
    assert dict(real_games.schema) == GAME_SCHEMA
    decks = np.zeros((2, MAX_DECK), np.int64)
    counts = card_counts(S, decks, np.array([1, 1]), 2)
    real_cards = pl.DataFrame(counts).with_columns(pl.Series("name", ["x"] * len(counts["card"])),
                                                   pl.lit(0, dtype=pl.Int32).alias("shard"))
    assert COUNT_COLUMNS == CARD_COUNT_COLUMNS
    assert dict(real_cards.schema) == CARD_SCHEMA


def test_synthetic_meta_round_trips_through_open_run(tmp_path):
    root = write_meta(tmp_path / "m", ["Степь", "Болота"], {(0, 0): games(1, 1), (0, 1): games(3, 1, 2)},
                      shards=2)
    run = open_run(root)
    assert run.kind == "meta" and run.decks == ["Степь", "Болота"] and run.seat_pairs
    g = run.games().collect()
    assert g.height == 8
    assert set(GAME_SCHEMA) <= set(g.columns)
    assert [f.name for f in sorted((root / "matchups" / "00-01" / "games").glob("*.parquet"))] == [
        "shard-00000.parquet", "shard-00001.parquet"]
    assert g.filter(pl.col("matchup") == "00-01")["winner"].to_list() == [0, 0, 0, 1, 2, 2]


# --- deck_win_rates -----------------------------------------------------------------------------------

DWR_DECKS = ["Степь", "Болота", "Лес"]
DWR_RESULTS = {
    (0, 0): games(5, 5, 2),     # mirrors: left out of every deck's figure
    (1, 1): games(40, 1, 0),
    (2, 2): games(0, 9, 3),
    (0, 1): games(6, 3, 1),     # Степь 6 wins, Болота 3 wins, 1 draw
    (0, 2): games(2, 7, 3),     # Степь 2, Лес 7, 3 draws
    (1, 2): games(4, 4, 2),     # Болота 4, Лес 4, 2 draws
}


def test_deck_win_rates_counts_scores_and_wilson(tmp_path):
    df = analysis.deck_win_rates(write_meta(tmp_path / "m", DWR_DECKS, DWR_RESULTS))
    assert df.columns == ["deck", "games", "wins", "draws", "losses", "score", "lo", "hi"]
    expected = {  # deck: (games, wins, draws, losses), by hand from DWR_RESULTS without mirrors
        "Степь": (22, 8, 4, 10),
        "Болота": (20, 7, 3, 10),
        "Лес": (22, 11, 5, 6),
    }
    scores = {"Степь": 10 / 22, "Болота": 8.5 / 20, "Лес": 13.5 / 22}
    successes = {"Степь": 10.0, "Болота": 8.5, "Лес": 13.5}
    for deck, (n, w, d, lost) in expected.items():
        r = by(df, "deck", deck)
        assert (r["games"], r["wins"], r["draws"], r["losses"]) == (n, w, d, lost)
        assert r["score"] == pytest.approx(scores[deck], abs=EPS)
        assert (r["lo"], r["hi"]) == pytest.approx(stats.wilson(successes[deck], n), abs=EPS)
    assert df["deck"].to_list() == ["Лес", "Степь", "Болота"]          # best first
    assert df.schema["games"] == pl.Int64 and df.schema["score"] == pl.Float64


def test_deck_win_rates_ties_sort_by_name(tmp_path):
    # run order Б, А; both score exactly 50% -> sorted by name: А first
    df = analysis.deck_win_rates(write_meta(tmp_path / "m", ["Б", "А"], {(0, 1): games(4, 4, 2)}))
    assert df["deck"].to_list() == ["А", "Б"]
    assert df["score"].to_list() == [0.5, 0.5]


def test_deck_win_rates_deck_without_games_is_null_and_last(tmp_path):
    root = write_meta(tmp_path / "m", ["A", "B", "C"],
                      {(0, 0): games(1, 1), (0, 1): games(6, 4), (2, 2): games(2, 2)})
    df = analysis.deck_win_rates(root)
    c = by(df, "deck", "C")
    assert c["games"] == 0
    assert c["score"] is None
    assert df["deck"].to_list() == ["A", "B", "C"]


# --- matchup_matrix and matchup_grid ------------------------------------------------------------------

MM_DECKS = ["Альфа", "Бета", "Гамма"]
MM_RESULTS = {
    (0, 0): games(3, 4, 1),
    (0, 1): games(52, 46, 2),    # near 50%: the interval crosses
    (0, 2): games(85, 10, 5),    # clear
    (1, 1): games(10, 10, 0),
    (1, 2): games(30, 60, 10),
    (2, 2): games(1, 1, 2),
}


@pytest.fixture(scope="module")
def mm_meta(tmp_path_factory):
    return write_meta(tmp_path_factory.mktemp("mm") / "meta", MM_DECKS, MM_RESULTS)


def test_matchup_matrix_cells(mm_meta):
    m = analysis.matchup_matrix(mm_meta)
    assert m.columns == ["deck", "opponent", "games", "wins", "draws", "losses", "score", "lo", "hi",
                         "crosses_50", "mirror"]
    assert m.height == 9
    assert list(zip(m["deck"], m["opponent"])) == [(a, b) for a in MM_DECKS for b in MM_DECKS]
    A, B, C = MM_DECKS
    expected = {  # (deck, opponent): games, wins, draws, losses, score
        (A, A): (8, 3, 1, 4, 0.5), (A, B): (100, 52, 2, 46, 0.53), (A, C): (100, 85, 5, 10, 0.875),
        (B, A): (100, 46, 2, 52, 0.47), (B, B): (20, 10, 0, 10, 0.5), (B, C): (100, 30, 10, 60, 0.35),
        (C, A): (100, 10, 5, 85, 0.125), (C, B): (100, 60, 10, 30, 0.65), (C, C): (4, 1, 2, 1, 0.5),
    }
    for (a, b), (n, w, d, lost, score) in expected.items():
        r = cell(m, a, b)
        assert (r["games"], r["wins"], r["draws"], r["losses"]) == (n, w, d, lost), (a, b)
        assert r["score"] == pytest.approx(score, abs=EPS), (a, b)
        assert r["mirror"] == (a == b)
    # Wilson intervals of the hand-computed successes, both orientations
    for (a, b), s in {(A, B): 53, (B, A): 47, (A, C): 87.5, (C, A): 12.5, (B, C): 35, (C, B): 65}.items():
        assert (cell(m, a, b)["lo"], cell(m, a, b)["hi"]) == pytest.approx(stats.wilson(s, 100), abs=1e-9)


def test_matchup_matrix_antisymmetric_and_mirrors(mm_meta):
    m = analysis.matchup_matrix(mm_meta)
    for a in MM_DECKS:
        for b in MM_DECKS:
            x, y = cell(m, a, b), cell(m, b, a)
            if a == b:
                assert (x["score"], x["lo"], x["hi"]) == (0.5, 0.5, 0.5)
                # convention: an exact 50% by construction is not marked as an uncertain cell
                assert x["crosses_50"] is False
                continue
            assert abs(x["score"] + y["score"] - 1) <= EPS
            assert abs(y["lo"] - (1 - x["hi"])) <= EPS
            assert abs(y["hi"] - (1 - x["lo"])) <= EPS
            assert x["games"] == y["games"] and x["wins"] == y["losses"] and x["draws"] == y["draws"]


def test_matchup_matrix_crosses_50(mm_meta):
    m = analysis.matchup_matrix(mm_meta)
    A, B, C = MM_DECKS
    # by hand: wilson(53, 100) ~ (0.433, 0.624) contains 0.5; wilson(87.5, 100) ~ (0.795, 0.923) does not
    assert cell(m, A, B)["crosses_50"] is True and cell(m, B, A)["crosses_50"] is True
    assert cell(m, A, C)["crosses_50"] is False and cell(m, C, A)["crosses_50"] is False
    assert cell(m, B, C)["crosses_50"] is False     # 35%: wilson ~ (0.262, 0.449)
    for r in m.filter(~pl.col("mirror")).iter_rows(named=True):
        assert r["crosses_50"] == (r["lo"] <= 0.5 <= r["hi"])


def test_matchup_matrix_pair_not_played(tmp_path):
    root = write_meta(tmp_path / "m", MM_DECKS, {k: v for k, v in MM_RESULTS.items() if k not in ((1, 2), (2, 2))})
    m = analysis.matchup_matrix(root)
    A, B, C = MM_DECKS
    for a, b in ((B, C), (C, B)):
        r = cell(m, a, b)
        assert r["games"] == 0 and r["wins"] == 0 and r["draws"] == 0 and r["losses"] == 0
        assert r["score"] is None and r["lo"] is None and r["hi"] is None
        assert r["crosses_50"] is False and r["mirror"] is False
    # an unplayed mirror: no games, but 50% by construction
    assert cell(m, C, C) == {"deck": C, "opponent": C, "games": 0, "wins": 0, "draws": 0, "losses": 0,
                             "score": 0.5, "lo": 0.5, "hi": 0.5, "crosses_50": False, "mirror": True}
    assert cell(m, A, C)["games"] == 100 and cell(m, A, C)["score"] == pytest.approx(0.875)
    g = analysis.matchup_grid(root)
    assert g.row(2) == ("Гамма", 0.125, None, 0.5)


def test_matchup_grid_shape_and_values(mm_meta):
    g = analysis.matchup_grid(mm_meta)
    assert g.shape == (3, 4)
    assert g.columns == ["deck", *MM_DECKS]
    assert g["deck"].to_list() == MM_DECKS
    expected = [[0.5, 0.53, 0.875], [0.47, 0.5, 0.35], [0.125, 0.65, 0.5]]
    assert np.allclose(g.select(MM_DECKS).to_numpy(), expected, atol=EPS, rtol=0)


# --- first_player -------------------------------------------------------------------------------------

def test_first_player_per_pair_and_overall(tmp_path):
    # (winner, first, turns, end, first_death_a, first_death_b)
    pair = [(0, 0, 9, 1, -1, -1),    # the first mover wins
            (0, 1, 9, 1, -1, -1),    # B moved first and lost
            (1, 1, 9, 1, -1, -1),    # first wins
            (2, 0, 9, 2, -1, -1),    # draw
            (1, 0, 9, 1, -1, -1),    # A moved first and lost
            (0, 0, 9, 1, -1, -1)]    # first wins        -> 6 games, 3 first wins, 1 draw
    mirror = [(0, 0, 9, 1, -1, -1), (1, 1, 9, 1, -1, -1), (1, 0, 9, 1, -1, -1), (2, 1, 9, 2, -1, -1),
              (0, 0, 9, 1, -1, -1)]  # 5 games, 3 first wins, 1 draw
    root = write_meta(tmp_path / "m", ["Альфа", "Бета"], {(0, 0): mirror, (0, 1): pair})
    fp = analysis.first_player(root)
    assert fp.columns == ["deck_a", "deck_b", "games", "first_wins", "draws", "score", "lo", "hi"]
    assert list(zip(fp["deck_a"], fp["deck_b"])) == [("Альфа", "Альфа"), ("Альфа", "Бета"), ("all", "all")]
    for (a, b), (n, fw, d) in {("Альфа", "Альфа"): (5, 3, 1), ("Альфа", "Бета"): (6, 3, 1),
                                ("all", "all"): (11, 6, 2)}.items():
        r = fp.filter((pl.col("deck_a") == a) & (pl.col("deck_b") == b)).row(0, named=True)
        assert (r["games"], r["first_wins"], r["draws"]) == (n, fw, d)
        assert r["score"] == pytest.approx((fw + d / 2) / n, abs=EPS)
        assert (r["lo"], r["hi"]) == pytest.approx(stats.wilson(fw + d / 2, n), abs=EPS)


# --- nash_mix -----------------------------------------------------------------------------------------

RPS = {(0, 0): games(50, 50), (1, 1): games(50, 50), (2, 2): games(50, 50),
       (0, 1): games(100, 0),    # A beats B always
       (1, 2): games(100, 0),    # B beats C
       (0, 2): games(0, 100)}    # C beats A


def test_nash_mix_rock_paper_scissors(tmp_path):
    nm = analysis.nash_mix(write_meta(tmp_path / "m", ["A", "B", "C"], RPS))
    assert nm.columns == ["deck", "weight"]
    assert sorted(nm["deck"].to_list()) == ["A", "B", "C"]
    assert np.allclose(nm["weight"].to_numpy(), [1 / 3] * 3, atol=1e-6)
    assert nm["weight"].sum() == pytest.approx(1.0, abs=1e-12)


def test_nash_mix_dominant_deck_takes_everything(tmp_path):
    root = write_meta(tmp_path / "m", ["Слабая", "Сильная", "Средняя"], {
        (0, 0): games(5, 5), (1, 1): games(5, 5), (2, 2): games(5, 5),
        (0, 1): games(40, 60), (1, 2): games(70, 30), (0, 2): games(55, 45)})
    nm = analysis.nash_mix(root)
    assert nm["deck"].to_list()[0] == "Сильная"
    assert nm.row(0) == ("Сильная", 1.0)
    assert nm["weight"].to_list()[1:] == [0.0, 0.0]
    assert nm["deck"].to_list()[1:] == ["Слабая", "Средняя"]          # equal weights: by name


def test_nash_mix_missing_pair_is_an_input_error(tmp_path):
    root = write_meta(tmp_path / "m", ["A", "B", "C"], {k: v for k, v in RPS.items() if k != (1, 2)})
    with pytest.raises(InputError) as e:
        analysis.nash_mix(root)
    msg = str(e.value)
    assert str(root) in msg and "B" in msg and "C" in msg
    f = analysis.field_win_rates(root)
    assert f["nash"].null_count() == 3


def test_nash_mix_of_a_matchup_without_mirrors(tmp_path):
    """`berserk matchup` plays no mirrors and `simulate` one pair: the unplayed mirrors count as 50%
    (reports.build calls nash_mix for every folder)."""
    root = write_meta(tmp_path / "m", ["A", "B"], {(0, 1): games(70, 30)}, kind="matchup")
    assert analysis.nash_mix(root).rows() == [("A", 1.0), ("B", 0.0)]
    run = write_run(tmp_path / "r", "B", "A", games(30, 70))
    assert analysis.nash_mix(run).rows() == [("A", 1.0), ("B", 0.0)]


# --- field_win_rates, tiers, weights ------------------------------------------------------------------

SEP_DECKS = ["Верх", "Середина", "Низ"]
SEP_RESULTS = {
    (0, 0): games(50, 50), (1, 1): games(49, 49, 2), (2, 2): games(50, 50),
    (0, 1): games(85, 13, 2),    # Верх vs Середина 0.86
    (0, 2): games(90, 10),       # Верх vs Низ 0.90
    (1, 2): games(88, 12),       # Середина vs Низ 0.88
}
# the matrix by hand (row deck against column deck); every non-mirror cell has n = 100
SEP_M = [[0.5, 0.86, 0.90], [0.14, 0.5, 0.88], [0.10, 0.12, 0.5]]


@pytest.fixture(scope="module")
def sep_meta(tmp_path_factory):
    return write_meta(tmp_path_factory.mktemp("sep") / "meta", SEP_DECKS, SEP_RESULTS)


def _interval(p, var):
    """Wilson at Kish's effective n = p(1-p)/var, by hand; var 0 -> (p, p)."""
    if var == 0:
        return (p, p)
    n_eff = p * (1 - p) / var
    return stats.wilson(p * n_eff, n_eff)


def test_field_win_rates_uniform_by_hand(sep_meta):
    f = analysis.field_win_rates(sep_meta)
    assert f.columns == ["deck", "uniform", "uniform_lo", "uniform_hi", "weighted", "weighted_lo",
                         "weighted_hi", "nash", "nash_lo", "nash_hi", "tier"]
    # mean of the row including the 0.5 mirror; the mirror adds no variance
    hand = {"Верх": ((0.5 + 0.86 + 0.90) / 3, (0.86 * 0.14 + 0.90 * 0.10) / 100 / 9),
            "Середина": ((0.14 + 0.5 + 0.88) / 3, (0.14 * 0.86 + 0.88 * 0.12) / 100 / 9),
            "Низ": ((0.10 + 0.12 + 0.5) / 3, (0.10 * 0.90 + 0.12 * 0.88) / 100 / 9)}
    for deck, (p, var) in hand.items():
        r = by(f, "deck", deck)
        assert r["uniform"] == pytest.approx(p, abs=EPS)
        assert (r["uniform_lo"], r["uniform_hi"]) == pytest.approx(_interval(p, var), abs=1e-9)
        assert r["weighted"] is None and r["weighted_lo"] is None and r["weighted_hi"] is None


def test_field_win_rates_tiers_of_a_separated_meta(sep_meta):
    f = analysis.field_win_rates(sep_meta)
    assert f["deck"].to_list() == SEP_DECKS
    assert f["tier"].to_list() == [1, 2, 3]
    assert f.schema["tier"] == pl.Int64


# Close at the top, far at the bottom: A and B 1.5 points apart on the uniform field but, at n = 40,000
# a pair, significantly so (their intervals are about +-0.25 points); C is 10 points below B.
CLOSE_RESULTS = {(0, 1): games(20600, 19400), (0, 2): games(24000, 16000), (1, 2): games(23400, 16600)}


def test_tiers_keep_decks_within_the_practical_margin_together(tmp_path):
    meta = write_meta(tmp_path / "m", ["A", "B", "C"], CLOSE_RESULTS)
    f = analysis.field_win_rates(meta)                   # the default margin, 2 points
    a, b = by(f, "deck", "A"), by(f, "deck", "B")
    assert a["uniform"] - b["uniform"] == pytest.approx(0.015, abs=EPS)
    assert b["uniform_hi"] < a["uniform_lo"]              # significantly worse, yet within 2 points
    assert f["deck"].to_list() == ["A", "B", "C"] and f["tier"].to_list() == [1, 1, 2]
    assert analysis.field_win_rates(meta, tier_margin=0.0)["tier"].to_list() == [1, 2, 3]
    assert analysis.field_win_rates(meta, tier_margin=0.2)["tier"].to_list() == [1, 1, 1]
    assert "within 2 points" in tables.tier_rule() and "within 5 points" in tables.tier_rule(0.05)


def test_field_win_rates_nash_columns(sep_meta):
    # Верх beats both others: the Nash mix is all Верх, so the Nash field is the column of Верх
    f = analysis.field_win_rates(sep_meta)
    top = by(f, "deck", "Верх")
    assert (top["nash"], top["nash_lo"], top["nash_hi"]) == (0.5, 0.5, 0.5)
    for deck, p in (("Середина", 0.14), ("Низ", 0.10)):
        r = by(f, "deck", deck)
        assert r["nash"] == pytest.approx(p, abs=EPS)
        assert (r["nash_lo"], r["nash_hi"]) == pytest.approx(stats.wilson(100 * p, 100), abs=1e-9)


def test_field_win_rates_nash_of_rock_paper_scissors(tmp_path):
    f = analysis.field_win_rates(write_meta(tmp_path / "m", ["A", "B", "C"], RPS))
    assert np.allclose(f["nash"].to_numpy(), 0.5, atol=1e-6)
    assert np.allclose(f["uniform"].to_numpy(), 0.5, atol=EPS)
    assert f["tier"].to_list() == [1, 1, 1]


def test_field_win_rates_weighted_from_a_file(sep_meta, tmp_path):
    wf = tmp_path / "w.csv"
    wf.write_text("deck,weight\n# spring field\nверх, 1\nСередина,3  # most played\n", encoding="utf-8")
    weights = analysis.load_weights(wf, SEP_DECKS)
    assert weights == {"Верх": 1.0, "Середина": 3.0}
    f = analysis.field_win_rates(sep_meta, weights=weights)
    # w = (1/4, 3/4, 0): p = w . row; var = sum w^2 p(1-p)/100 over non-mirror cells
    hand = {"Верх": (0.25 * 0.5 + 0.75 * 0.86, 0.75 ** 2 * 0.86 * 0.14 / 100),
            "Середина": (0.25 * 0.14 + 0.75 * 0.5, 0.25 ** 2 * 0.14 * 0.86 / 100),
            "Низ": (0.25 * 0.10 + 0.75 * 0.12, (0.25 ** 2 * 0.10 * 0.90 + 0.75 ** 2 * 0.12 * 0.88) / 100)}
    for deck, (p, var) in hand.items():
        r = by(f, "deck", deck)
        assert r["weighted"] == pytest.approx(p, abs=EPS)
        assert (r["weighted_lo"], r["weighted_hi"]) == pytest.approx(_interval(p, var), abs=1e-9)
    assert f.select("deck", "uniform", "tier").equals(analysis.field_win_rates(sep_meta).select(
        "deck", "uniform", "tier"))


def test_field_win_rates_counts_the_deck_itself_without_mirror_games(tmp_path):
    root = write_meta(tmp_path / "m", ["A", "B"], {(0, 1): games(70, 30)}, kind="matchup")
    f = analysis.field_win_rates(root)
    assert by(f, "deck", "A")["uniform"] == pytest.approx(0.6, abs=EPS)
    assert by(f, "deck", "B")["uniform"] == pytest.approx(0.4, abs=EPS)
    # the mirror adds no variance: the field's n_eff is 4 x the pair's games
    assert (by(f, "deck", "A")["uniform_lo"], by(f, "deck", "A")["uniform_hi"]) == pytest.approx(
        _interval(0.6, 0.25 * 0.7 * 0.3 / 100), abs=1e-9)
    assert by(f, "deck", "A")["nash"] == 0.5 and by(f, "deck", "B")["nash"] == pytest.approx(0.3, abs=EPS)


# --- load_weights -------------------------------------------------------------------------------------

W_DECKS = ["Степь", "Болота", "Ёлки"]


def test_load_weights_good_file(tmp_path):
    f = tmp_path / "w.csv"
    f.write_text("deck, weight\n"
                 "# comment line\n"
                 "\n"
                 "степь,0.25   # names compare case-insensitively\n"
                 "  Болота , 2\n"
                 "елки,0\n", encoding="utf-8")
    w = tables.load_weights(f, W_DECKS)
    assert w == {"Степь": 0.25, "Болота": 2.0, "Ёлки": 0.0}
    assert tables.load_weights(str(f), W_DECKS) == w


def test_load_weights_header_after_a_comment(tmp_path):
    f = tmp_path / "w.csv"
    f.write_text("# spring tournament\ndeck,weight\nСтепь,1\n", encoding="utf-8")
    assert tables.load_weights(f, W_DECKS) == {"Степь": 1.0}


@pytest.mark.parametrize("text,line,words", [
    ("deck,weight\nСтепь 0.5\n", 2, ["is not 'deck,weight'"]),
    ("Степь,половина\n", 1, ["is not a number", "половина"]),
    ("# c\nСтепь,-1\n", 2, ["negative"]),
    ("Степь,nan\n", 1, ["not finite"]),
    ("Степь,inf\n", 1, ["not finite"]),
    ("Болота,1\nСтепп,1\n", 2, ["no deck named 'Степп'", "did you mean 'Степь'?"]),
    ("Степь,1\nБолота,1\nстепь,2\n", 3, ["'Степь' is listed twice"]),
])
def test_load_weights_errors_name_file_and_line(tmp_path, text, line, words):
    f = tmp_path / "w.csv"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        tables.load_weights(f, W_DECKS)
    assert e.value.line == line and e.value.file == str(f)
    msg = str(e.value)
    assert msg.startswith(f"{f}:{line}: ")
    for word in words:
        assert word in msg


def test_load_weights_all_zero(tmp_path):
    f = tmp_path / "w.csv"
    f.write_text("Степь,0\nБолота,0\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        tables.load_weights(f, W_DECKS)
    assert str(f) in str(e.value) and "add up to 0" in str(e.value)


def test_load_weights_missing_file(tmp_path):
    with pytest.raises(InputError) as e:
        tables.load_weights(tmp_path / "nope.csv", W_DECKS)
    assert str(tmp_path / "nope.csv") in str(e.value)


# --- game shape: turns, end reasons, comebacks ------------------------------------------------------

def _g(winner, turns=10, end=WIPE, fd=(-1, -1), first=0):
    return (winner, first, turns, end, fd[0], fd[1])


def test_turn_histogram(tmp_path):
    rows = [_g(0, 5), _g(1, 9), _g(0, 7), _g(2, 9), _g(0, 5), _g(1, 9)]
    h = analysis.turn_histogram(write_run(tmp_path / "r", "A", "B", rows, shards=2))
    assert h.columns == ["turns", "games", "share"]
    assert h.rows() == [(5, 2, pytest.approx(2 / 6)), (7, 1, pytest.approx(1 / 6)), (9, 3, pytest.approx(0.5))]
    assert h.schema["turns"] == pl.Int64 and h.schema["games"] == pl.Int64


def test_end_reasons(tmp_path):
    rows = [_g(0, end=WIPE), _g(2, end=BOTH_WIPED), _g(1, end=TURN_CAP), _g(1, end=WIPE),
            _g(0, end=NO_SQUAD), _g(0, end=WIPE)]
    e = analysis.end_reasons(write_run(tmp_path / "r", "A", "B", rows))
    assert e.columns == ["end_reason", "games", "share"]
    assert e["end_reason"].to_list() == ["wipe", "both_wiped", "turn_cap", "no_squad"]
    assert e["games"].to_list() == [3, 1, 1, 1]
    assert np.allclose(e["share"].to_numpy(), [3 / 6, 1 / 6, 1 / 6, 1 / 6], atol=EPS)


def test_comebacks(tmp_path):
    rows = [_g(0, fd=(2, 5)),     # A lost a creature first and won: comeback
            _g(1, fd=(2, 5)),     # A lost first, B won: counted, no comeback
            _g(1, fd=(-1, 3)),    # only B ever lost one, B won: comeback
            _g(0, fd=(4, 4)),     # same turn: nobody lost first, not counted
            _g(0, fd=(-1, -1)),   # nobody lost a creature: not counted
            _g(2, fd=(3, 6)),     # A lost first, draw: counted, half in the rate
            _g(0, fd=(6, -1)),    # only A lost one, A won: comeback
            _g(0, fd=(7, 3)),     # B lost first, A won: counted, no comeback
            _g(1, fd=(5, 5))]     # tie again: not counted
    c = analysis.comebacks(write_run(tmp_path / "r", "A", "B", rows))
    assert c.columns == ["games", "comebacks", "draws", "rate", "lo", "hi"]
    r = c.row(0, named=True)
    assert (r["games"], r["comebacks"], r["draws"]) == (6, 3, 1)
    assert r["rate"] == pytest.approx(3.5 / 6, abs=EPS)
    assert (r["lo"], r["hi"]) == pytest.approx(stats.wilson(3.5, 6), abs=EPS)


# --- card_stats ---------------------------------------------------------------------------------------

CS_DECKS = ["Степь", "Болота", "Лес"]


def crow(player, card, name, g, w, d, dealt, squad, nd, copies=0, wounds=0, kills=0, deaths=0, dts=0,
         survived=0):
    return {"player": player, "card": card, "name": name, "games": g, "wins": w, "draws": d,
            "dealt_games": dealt[0], "dealt_wins": dealt[1], "dealt_draws": dealt[2],
            "squad_games": squad[0], "squad_wins": squad[1], "squad_draws": squad[2],
            "not_drawn_games": nd[0], "not_drawn_wins": nd[1], "not_drawn_draws": nd[2],
            "copies_bought": copies, "wounds_dealt": wounds, "kills": kills, "deaths": deaths,
            "death_turn_sum": dts, "survived": survived}


HUGE = {"g": 999, "w": 999, "d": 0, "dealt": (999, 999, 0), "squad": (999, 999, 0), "nd": (999, 0, 0),
        "copies": 999, "wounds": 999, "kills": 999, "deaths": 999, "dts": 999, "survived": 999}
CS_CARDS = {
    # mirrors: must be left out entirely (also the card only seen there)
    (0, 0): [[crow(0, 10, "Кочевник", **HUGE), crow(1, 10, "Кочевник", **HUGE),
              crow(0, 99, "Призрак", **HUGE)]],
    (1, 1): [[crow(0, 20, "Тролль", **HUGE), crow(1, 20, "Тролль", **HUGE)]],
    # Степь (player 0) vs Болота (player 1), two shards
    (0, 1): [
        [crow(0, 10, "Кочевник", 100, 55, 2, (60, 36, 1), (40, 28, 1), (40, 19, 1), 50, 120, 20, 30, 150, 15),
         crow(0, 11, "Орк", 100, 55, 2, (30, 20, 0), (20, 15, 0), (70, 35, 2), 20, 10, 2, 0, 0, 20),
         crow(1, 10, "Кочевник", 100, 43, 2, (50, 20, 1), (30, 10, 1), (50, 23, 1), 35, 60, 8, 20, 90, 10)],
        [crow(0, 10, "Кочевник", 100, 50, 4, (58, 30, 2), (38, 24, 2), (42, 20, 2), 45, 100, 18, 25, 130, 12),
         crow(0, 12, "Санкторум", 100, 50, 4, (100, 50, 4), (60, 35, 2), (0, 0, 0), 60, 30, 5, 10, 40, 40)],
    ],
    # Степь (player 0) vs Лес (player 1)
    (0, 2): [
        [crow(0, 10, "Кочевник", 200, 90, 6, (120, 60, 4), (80, 48, 2), (80, 30, 2), 100, 210, 40, 60, 320, 30),
         crow(0, 11, "Орк", 200, 90, 6, (50, 20, 1), (30, 12, 1), (150, 70, 5), 30, 12, 1, 0, 0, 25),
         crow(0, 13, "Арбалетчик", 200, 90, 6, (10, 5, 0), (0, 0, 0), (190, 85, 6)),
         crow(1, 30, "Леший", 200, 104, 6, (100, 50, 3), (60, 30, 3), (100, 54, 3), 70, 140, 20, 35, 210, 20)],
    ],
    # Болота (player 0) vs Лес (player 1), two shards
    (1, 2): [
        [crow(0, 10, "Кочевник", 200, 120, 4, (100, 60, 2), (70, 50, 2), (100, 60, 2), 80, 160, 25, 40, 200, 30),
         crow(0, 20, "Тролль", 100, 60, 2, (60, 45, 1), (50, 42, 1), (40, 15, 1), 55, 200, 35, 25, 150, 25),
         crow(1, 30, "Леший", 200, 76, 4, (90, 30, 2), (50, 15, 2), (110, 46, 2), 55, 100, 15, 30, 150, 15)],
        [crow(0, 20, "Тролль", 100, 60, 2, (60, 45, 1), (50, 43, 1), (40, 15, 1), 55, 200, 35, 25, 150, 25)],
    ],
}
CS_RESULTS = {k: games(6, 4, 2) for k in [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)]}

# the sums by hand over shards and pairs, mirrors left out:
# games, dealt (g, w, d), squad (g, w, d), not drawn (g, w, d), copies, wounds, kills, deaths, dts, survived
CS_EXPECTED = {
    ("Степь", "Кочевник"): (400, (238, 126, 7), (158, 100, 5), (162, 69, 5), 195, 430, 78, 115, 600, 57),
    ("Степь", "Орк"): (300, (80, 40, 1), (50, 27, 1), (220, 105, 7), 50, 22, 3, 0, 0, 45),
    ("Степь", "Санкторум"): (100, (100, 50, 4), (60, 35, 2), (0, 0, 0), 60, 30, 5, 10, 40, 40),
    ("Степь", "Арбалетчик"): (200, (10, 5, 0), (0, 0, 0), (190, 85, 6), 0, 0, 0, 0, 0, 0),
    ("Болота", "Кочевник"): (300, (150, 80, 3), (100, 60, 3), (150, 83, 3), 115, 220, 33, 60, 290, 40),
    ("Болота", "Тролль"): (200, (120, 90, 2), (100, 85, 2), (80, 30, 2), 110, 400, 70, 50, 300, 50),
    ("Лес", "Леший"): (400, (190, 80, 5), (110, 45, 5), (210, 100, 5), 125, 240, 35, 65, 360, 35),
}


@pytest.fixture(scope="module")
def cs_meta(tmp_path_factory):
    return write_meta(tmp_path_factory.mktemp("cs") / "meta", CS_DECKS, CS_RESULTS, CS_CARDS, shards=2)


def _rate(g, w, d):
    return (w + d / 2) / g if g else None


def test_card_stats_sums_and_scores(cs_meta):
    cs = analysis.card_stats(cs_meta)
    assert cs.columns == [
        "deck", "card", "games", "dealt_games", "dealt_score", "squad_games", "squad_score",
        "not_drawn_games", "not_drawn_score", "iwd", "iwd_lo", "iwd_hi", "p_value", "flagged", "tests",
        "copies_bought", "wounds_per_copy", "kills_per_copy", "death_rate", "mean_death_turn",
        "survival_rate", "ability_uses", "ability_uses_per_copy"]
    assert sorted(zip(cs["deck"], cs["card"])) == sorted(CS_EXPECTED)       # no mirror-only card
    for (deck, card), (g, dealt, squad, nd, copies, wounds, kills, deaths, dts, surv) in CS_EXPECTED.items():
        r = cs.filter((pl.col("deck") == deck) & (pl.col("card") == card)).row(0, named=True)
        assert (r["games"], r["dealt_games"], r["squad_games"], r["not_drawn_games"]) == \
            (g, dealt[0], squad[0], nd[0]), (deck, card)
        assert r["copies_bought"] == copies
        for col, t in (("dealt_score", dealt), ("squad_score", squad), ("not_drawn_score", nd)):
            assert r[col] == (pytest.approx(_rate(*t), abs=EPS) if t[0] else None), (deck, card, col)
        for col, x in (("wounds_per_copy", wounds), ("kills_per_copy", kills), ("death_rate", deaths),
                       ("survival_rate", surv)):
            assert r[col] == (pytest.approx(x / copies, abs=EPS) if copies else None), (deck, card, col)
        assert r["mean_death_turn"] == (pytest.approx(dts / deaths, abs=EPS) if deaths else None)


def test_card_stats_hand_values_of_one_card(cs_meta):
    cs = analysis.card_stats(cs_meta)
    r = cs.filter((pl.col("deck") == "Степь") & (pl.col("card") == "Кочевник")).row(0, named=True)
    assert r["dealt_score"] == pytest.approx(129.5 / 238, abs=EPS)
    assert r["squad_score"] == pytest.approx(102.5 / 158, abs=EPS)
    assert r["not_drawn_score"] == pytest.approx(71.5 / 162, abs=EPS)
    assert r["iwd"] == pytest.approx(102.5 / 158 - 71.5 / 162, abs=EPS)
    assert r["wounds_per_copy"] == pytest.approx(430 / 195) and r["mean_death_turn"] == pytest.approx(600 / 115)
    orc = cs.filter((pl.col("deck") == "Степь") & (pl.col("card") == "Орк")).row(0, named=True)
    assert orc["mean_death_turn"] is None and orc["death_rate"] == 0.0 and orc["survival_rate"] == 0.9


def test_card_stats_iwd_newcombe_p_and_holm(cs_meta):
    cs = analysis.card_stats(cs_meta)
    pvals = {}
    for key, (_, _, squad, nd, *_rest) in CS_EXPECTED.items():
        r = cs.filter((pl.col("deck") == key[0]) & (pl.col("card") == key[1])).row(0, named=True)
        if not (squad[0] and nd[0]):
            assert r["iwd"] is None and r["iwd_lo"] is None and r["iwd_hi"] is None, key
            assert r["p_value"] is None and r["flagged"] is False, key
            continue
        s1, n1 = squad[1] + squad[2] / 2, squad[0]
        s2, n2 = nd[1] + nd[2] / 2, nd[0]
        d, lo, hi = stats.newcombe_diff(s1, n1, s2, n2)
        assert d == pytest.approx(s1 / n1 - s2 / n2, abs=EPS)
        assert (r["iwd"], r["iwd_lo"], r["iwd_hi"]) == pytest.approx((d, lo, hi), abs=EPS), key
        # the pooled two-proportion z test, by hand
        pooled = (s1 + s2) / (n1 + n2)
        z = (s1 / n1 - s2 / n2) / math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
        p = math.erfc(abs(z) / math.sqrt(2))
        assert r["p_value"] == pytest.approx(p, rel=1e-9, abs=1e-300), key
        pvals[key] = (p, r["flagged"])
    assert len(pvals) == 5
    assert cs["tests"].to_list() == [5] * cs.height
    # Holm by hand: step down through the sorted p-values, threshold alpha / (m - k)
    m, expected_flags, going = len(pvals), {}, True
    for k, (key, (p, _)) in enumerate(sorted(pvals.items(), key=lambda kv: kv[1][0])):
        going = going and p <= 0.05 / (m - k)
        expected_flags[key] = going
    assert {k: f for k, (_, f) in pvals.items()} == expected_flags
    assert expected_flags[("Болота", "Тролль")] and expected_flags[("Степь", "Кочевник")]
    assert not expected_flags[("Болота", "Кочевник")]


def test_card_stats_holm_alpha_and_sort(cs_meta):
    cs = analysis.card_stats(cs_meta)
    assert list(zip(cs["deck"], cs["card"])) == [
        ("Болота", "Тролль"), ("Болота", "Кочевник"), ("Лес", "Леший"),
        ("Степь", "Кочевник"), ("Степь", "Орк"), ("Степь", "Арбалетчик"), ("Степь", "Санкторум")]
    assert not analysis.card_stats(cs_meta, alpha=1e-30)["flagged"].any()


# --- open_run -----------------------------------------------------------------------------------------

def test_open_run_not_a_run_folder(tmp_path):
    (tmp_path / "empty").mkdir()
    for where in (tmp_path / "empty", tmp_path / "missing"):
        with pytest.raises(InputError) as e:
            open_run(where)
        assert str(where) in str(e.value) and "not a run folder" in str(e.value)
    with pytest.raises(InputError):
        analysis.matchup_matrix(tmp_path / "empty")


def test_open_run_unfinished_meta(tmp_path):
    root = write_meta(tmp_path / "m", ["A", "B"], {(0, 1): games(2, 2)}, status="running")
    with pytest.raises(InputError) as e:
        open_run(root)
    assert str(root) in str(e.value) and "resume" in str(e.value) and "running" in str(e.value)
    with pytest.raises(InputError):
        analysis.deck_win_rates(str(root))


def test_open_run_unfinished_pair_of_a_finished_meta(tmp_path):
    root = write_meta(tmp_path / "m", ["A", "B"], {(0, 0): games(1, 1), (0, 1): games(2, 2)},
                      pair_status={(0, 1): "running"})
    with pytest.raises(InputError) as e:
        open_run(root)
    assert str(root / "matchups" / "00-01") in str(e.value) and "resume" in str(e.value)


def test_open_run_unfinished_single_run(tmp_path):
    folder = write_run(tmp_path / "r", "A", "B", games(2, 2), status="running")
    with pytest.raises(InputError) as e:
        open_run(folder)
    assert str(folder) in str(e.value) and "resume" in str(e.value)


def test_open_run_single_run(tmp_path):
    run = open_run(write_run(tmp_path / "r", "A", "B", games(7, 2, 1)))
    assert run.kind == "run" and run.decks == ["A", "B"] and not run.seat_pairs
    dw = analysis.deck_win_rates(run)
    assert [r[:5] for r in dw.rows()] == [("A", 10, 7, 1, 2), ("B", 10, 2, 1, 7)]
    assert dw["score"].to_list() == pytest.approx([0.75, 0.25], abs=EPS)
    assert dw.row(0)[6:] == pytest.approx(stats.wilson(7.5, 10), abs=EPS)
    assert dw.row(1)[6:] == pytest.approx(stats.wilson(2.5, 10), abs=EPS)
    mirror = open_run(write_run(tmp_path / "mirror", "A", "A", games(3, 3)))
    assert mirror.decks == ["A"]
    assert analysis.matchup_matrix(mirror).rows() == [("A", "A", 6, 3, 0, 3, 0.5, 0.5, 0.5, False, True)]


# --- the Python API -----------------------------------------------------------------------------------

API = ["deck_win_rates", "matchup_matrix", "matchup_grid", "first_player", "nash_mix", "field_win_rates",
       "turn_histogram", "end_reasons", "comebacks", "card_stats"]


@pytest.mark.parametrize("name", API)
def test_api_accepts_str_path_and_run_and_is_repeatable(cs_meta, name):
    fn = getattr(analysis, name)
    assert fn is getattr(tables, name)
    run = analysis.open_run(cs_meta)
    assert isinstance(run, Run) and open_run(run) is run
    frames = [fn(str(cs_meta)), fn(Path(cs_meta)), fn(run), fn(run)]
    for f in frames:
        assert isinstance(f, pl.DataFrame) and f.height > 0
        assert f.equals(frames[0])
    pd_frame = frames[0].to_pandas()
    assert list(pd_frame.columns) == frames[0].columns and len(pd_frame) == frames[0].height


def test_api_field_with_weights_is_repeatable(cs_meta, tmp_path):
    f = tmp_path / "w.csv"
    f.write_text("Лес,1\nСтепь,1\n", encoding="utf-8")
    w = analysis.load_weights(f, open_run(cs_meta).decks)
    a = analysis.field_win_rates(str(cs_meta), weights=w)
    b = analysis.field_win_rates(open_run(cs_meta), weights=w)
    assert a.equals(b) and a["weighted"].null_count() == 0
    assert a.to_pandas().shape == a.shape


def test_report_command_groups_tiers_by_the_tier_margin_and_states_the_rule(tmp_path):
    from conftest import run_cli

    meta = write_meta(tmp_path / "m", ["A", "B", "C"], CLOSE_RESULTS)
    for margin, tiers, words in ((None, [1, 1, 2], "within 2 points"), ("0", [1, 2, 3], "within 0 points"),
                                 ("20", [1, 1, 1], "within 20 points")):
        r = run_cli("report", meta, *(["--tier-margin", margin] if margin else []))
        assert r.returncode == 0, r.stderr
        assert pl.read_parquet(meta / "tables" / "field.parquet")["tier"].to_list() == tiers
        assert words in (meta / "index.html").read_text(encoding="utf-8")
        assert words in (meta / "report.md").read_text(encoding="utf-8")
