"""Results depend only on (seed, game index): not on threads, batch size or batch position."""
import numba
import numpy as np

from simcore.batch import card_counts, game_rows, play_batch, play_serial
from simcore.replay import replay_game
from simcore.state import new_state, set_params


def _rows(m, first, n, parallel=True, seed=11):
    S = new_state(n)
    set_params(S, m.params)
    (play_batch if parallel else play_serial)(m.table.stats, S, m.decks, m.sizes, np.uint64(seed), first, n)
    return game_rows(S, m.table.stats, first, n), card_counts(S, m.decks, m.sizes, n)


def _same(a, b):
    assert a.keys() == b.keys()
    for k in a:
        np.testing.assert_array_equal(a[k], b[k], err_msg=k)


def test_one_and_two_threads_give_identical_games(steppe_vs_swamps):
    numba.set_num_threads(1)
    one = _rows(steppe_vs_swamps, 0, 300)
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    many = _rows(steppe_vs_swamps, 0, 300)
    _same(one[0], many[0])
    _same(one[1], many[1])


def test_batch_split_and_position_do_not_matter(steppe_vs_swamps):
    whole, _ = _rows(steppe_vs_swamps, 0, 200)
    first, _ = _rows(steppe_vs_swamps, 0, 120)
    second, _ = _rows(steppe_vs_swamps, 120, 80, parallel=False)
    merged = {k: np.concatenate([first[k], second[k]]) for k in whole}
    _same(whole, merged)


def test_different_seeds_give_different_games(steppe_vs_swamps):
    a, _ = _rows(steppe_vs_swamps, 0, 100, seed=1)
    b, _ = _rows(steppe_vs_swamps, 0, 100, seed=2)
    assert not np.array_equal(a["turns"], b["turns"])


def test_replay_is_the_same_game_as_the_batch_run(steppe_vs_swamps):
    rows, _ = _rows(steppe_vs_swamps, 40, 10)
    for i in (0, 7):
        S, lines = replay_game(steppe_vs_swamps, 11, 40 + i)
        winner = rows["winner"][i]
        assert lines[-1].startswith("game over")
        expected = "draw" if winner == 2 else f"player {winner + 1} wins"
        assert expected in lines[-1]
        assert sum(line.startswith("--- turn") for line in lines) == rows["turns"][i] + \
            (1 if rows["end_reason"][i] != 3 else 0)
