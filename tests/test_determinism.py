"""Results depend only on (seed, game index): not on threads, batch size or batch position."""
import numba
import numpy as np
import polars as pl
from conftest import LISTS, run_cli

from simcore.kernels.batch import card_counts, game_rows, play_batch, play_serial
from simcore.kernels.state import new_state, set_params
from simcore.replay import replay_game


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


def test_a_reused_row_plays_the_same_game_as_a_fresh_one():
    """Rows are reused batch after batch (simcore.executors): a game must not depend on the game the
    row held before. It did: init_game left the greedy policy's cursor (P_CURSOR_TURN, P_CURSOR) of
    the previous game, so tables depended on --batch-size (game 129 below, seen end to end)."""
    from simcore.executors import play_span
    from simcore.matchup import make_matchup
    m = make_matchup(LISTS / "seeds_mixed.txt", LISTS / "swamps_poison.txt", ais=("greedy", "random"))
    args = (m.table.stats, m.decks, m.sizes, m.params)
    fresh, _ = play_span(*args, new_state(300), 5, 0, 300)
    reused, _ = play_span(*args, new_state(7), 5, 0, 300)
    _same(fresh, reused)


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
        expected = "a draw" if winner == 2 else f"{steppe_vs_swamps.deck_names[winner]}, player {winner + 1}, wins"
        assert expected in lines[-1]
        # the Parquet `turns` is the number of the game's last turn header (turn 1 is the first)
        assert sum(line.startswith("--- turn") for line in lines) == rows["turns"][i]


# End to end: what a user gets from `berserk simulate` (the Parquet shards) does not depend on the
# threads, the batch size, or on playing the games as one run or as two runs of half the games each
# (`--first-game`). The shard files are compared byte for byte: Polars writes no timestamp into them.
CLI_DECKS = ("decks/lists/seeds_mixed.txt", "decks/lists/swamps_poison.txt")
CLI_GAMES = 400


def _simulate(out, *options, games=CLI_GAMES, shard_size=CLI_GAMES // 2):
    r = run_cli("simulate", *CLI_DECKS, "--ai-b", "random", "--seed", 5, "--games", games, "--out", out,
                "--shard-size", shard_size, "--no-progress", *options)
    assert r.returncode == 0, r.stderr
    return out


def _shard_bytes(run, kind="games"):
    return [p.read_bytes() for p in sorted((run / kind).glob("shard-*.parquet"))]


def _games(*runs):
    return pl.concat([pl.read_parquet(run / "games" / "*.parquet") for run in runs]).sort("game")


def _card_totals(*runs):
    cards = pl.concat([pl.read_parquet(run / "cards" / "*.parquet") for run in runs])
    return cards.drop("shard").group_by("player", "card", "name").sum().sort("player", "card")


def test_simulate_tables_do_not_depend_on_threads_or_batch_size(tmp_path):
    one = _simulate(tmp_path / "one", "--threads", "1")
    two = _simulate(tmp_path / "two", "--threads", "2")
    small = _simulate(tmp_path / "small", "--threads", "2", "--batch-size", "37")
    reference = _shard_bytes(one)
    assert len(reference) == 2
    for run in (two, small):
        assert _shard_bytes(run) == reference, run.name
        assert _shard_bytes(run, "cards") == _shard_bytes(one, "cards"), run.name
    assert _games(one)["game"].to_list() == list(range(CLI_GAMES))


def test_simulate_split_in_two_halves_by_game_index_gives_the_whole_run(tmp_path):
    whole = _simulate(tmp_path / "whole")
    half = CLI_GAMES // 2
    first = _simulate(tmp_path / "first", "--first-game", "0", games=half, shard_size=half)
    second = _simulate(tmp_path / "second", "--first-game", str(half), games=half, shard_size=half)
    # shard boundaries agree: the halves' shards are the whole run's shards, byte for byte
    assert _shard_bytes(first) + _shard_bytes(second) == _shard_bytes(whole)
    assert _games(first)["game"].to_list() == list(range(half))
    assert _card_totals(first, second).equals(_card_totals(whole))
    # boundaries that do not agree (and a smaller batch): the same rows once merged
    odd = _simulate(tmp_path / "odd", "--first-game", str(half), "--batch-size", "50", games=half,
                    shard_size=64)
    assert _games(first, odd).equals(_games(whole))
    assert _card_totals(first, odd).equals(_card_totals(whole))


def test_seat_pair_runs_split_in_halves_give_the_whole_run(tmp_path):
    whole = _simulate(tmp_path / "whole", "--seat-pairs", games=200, shard_size=100)
    first = _simulate(tmp_path / "first", "--seat-pairs", games=100, shard_size=100)
    second = _simulate(tmp_path / "second", "--seat-pairs", "--first-game", "100", games=100, shard_size=100)
    assert _shard_bytes(first) + _shard_bytes(second) == _shard_bytes(whole)


def test_first_game_is_validated(tmp_path):
    for bad, says in ((("--first-game", "-1"), "--first-game"),
                      (("--first-game", "x"), "--first-game"),
                      (("--first-game", "3", "--seat-pairs"), "odd")):
        r = run_cli("simulate", *CLI_DECKS, "--games", 10, "--out", tmp_path / "r", "--no-progress", *bad)
        assert r.returncode == 2, (bad, r.stderr)
        assert says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
        assert not (tmp_path / "r").exists()
