"""Seat-swapped pairs, meta and matchup runs, and re-rendered reports, end to end through the CLI."""
import json
import re

import numpy as np
import polars as pl
import pytest
from conftest import LISTS, run_cli

from simcore.kernels.batch import turns_played
from simcore.kernels.state import (
    DEALT,
    G_FIRST,
    G_MULLIGANS,
    G_WINNER,
    GAME0,
    N_SLOTS,
    NCF,
    game_view,
    new_state,
)
from simcore.replay import replay_game
from simcore.run import play_range

THREE = [LISTS / "steppe.txt", LISTS / "swamps.txt", LISTS / "forest.txt"]


def test_seat_pairs_swap_the_first_player_and_share_the_random_numbers(steppe_vs_swamps):
    S = new_state(16)
    games, _ = play_range(steppe_vs_swamps, S, 5, 0, 40, seat_pairs=True)
    np.testing.assert_array_equal(games["game"], np.arange(40))
    np.testing.assert_array_equal(games["first"], np.arange(40) % 2)
    for i in (0, 1, 17, 38, 39):
        R, _ = replay_game(steppe_vs_swamps, 5, i, seat_pairs=True)
        assert R[0, GAME0 + G_FIRST] == i % 2
        assert R[0, GAME0 + G_WINNER] == games["winner"][i]
        assert turns_played(game_view(R))[0] == games["turns"][i]
    # both games of a pair shuffle each deck with its own stream of key k: without mulligans,
    # each deck is dealt the same cards in both games
    dealt = [s * NCF + DEALT for s in range(N_SLOTS)]
    checked = 0
    for k in range(12):
        R0, _ = replay_game(steppe_vs_swamps, 5, 2 * k, seat_pairs=True)
        R1, _ = replay_game(steppe_vs_swamps, 5, 2 * k + 1, seat_pairs=True)
        if R0[0, GAME0 + G_MULLIGANS:GAME0 + G_MULLIGANS + 2].any() or \
                R1[0, GAME0 + G_MULLIGANS:GAME0 + G_MULLIGANS + 2].any():
            continue
        np.testing.assert_array_equal(R0[0, dealt], R1[0, dealt])
        checked += 1
    assert checked >= 3


def test_seat_pairs_do_not_depend_on_batch_size(steppe_vs_swamps):
    a, ca = play_range(steppe_vs_swamps, new_state(7), 9, 0, 60, seat_pairs=True)
    b, cb = play_range(steppe_vs_swamps, new_state(64), 9, 0, 60, seat_pairs=True)
    halves = [play_range(steppe_vs_swamps, new_state(8), 9, lo, hi, seat_pairs=True)[0]
              for lo, hi in ((0, 24), (24, 60))]
    for key in a:
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)
        np.testing.assert_array_equal(a[key], np.concatenate([h[key] for h in halves]), err_msg=key)
    for key in ca:
        np.testing.assert_array_equal(ca[key], cb[key], err_msg=key)


@pytest.fixture(scope="module")
def meta_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("meta") / "m"
    r = run_cli("meta", *THREE, "--games", 400, "--seed", 3, "--out", out, "--no-progress")
    assert r.returncode == 0, r.stderr
    return out, r


def test_meta_writes_a_report_folder(meta_dir):
    out, r = meta_dir
    assert "Nash mix:" in r.stdout and "index.html" in r.stdout
    for name in ("index.html", "report.md", "meta.json"):
        assert (out / name).is_file(), name
    meta = json.loads((out / "meta.json").read_text(encoding="utf-8"))
    assert meta["status"] == "complete" and len(meta["matchups"]) == 6       # 3 pairs + 3 mirrors
    tables = {p.stem for p in (out / "tables").glob("*.csv")}
    assert {"deck_win_rates", "matchups", "field", "nash_mix", "first_player", "turns",
            "end_reasons", "comebacks", "card_stats"} <= tables
    for name in tables:
        assert pl.read_csv(out / "tables" / f"{name}.csv").height == \
            pl.read_parquet(out / "tables" / f"{name}.parquet").height
    m = pl.read_parquet(out / "tables" / "matchups.parquet")
    assert m.height == 9 and set(m.filter(pl.col("mirror"))["score"]) == {0.5}
    assert m.filter(~pl.col("mirror"))["games"].to_list() == [400] * 6
    games = pl.read_parquet(out / "matchups" / "00-01" / "games" / "*.parquet")
    assert games["first"].to_list() == [i % 2 for i in range(400)]


def test_meta_resumes_and_refuses_another_run_in_its_folder(meta_dir):
    out, _ = meta_dir
    before = (out / "tables" / "matchups.csv").read_bytes()
    shard = out / "matchups" / "01-02" / "games" / "shard-00000.parquet"
    shard.unlink()
    r = run_cli("meta", *THREE, "--games", 400, "--seed", 3, "--out", out, "--no-progress")
    assert r.returncode == 0, r.stderr
    assert shard.exists()
    assert (out / "tables" / "matchups.csv").read_bytes() == before
    r = run_cli("meta", *THREE, "--games", 400, "--seed", 4, "--out", out, "--no-progress")
    assert r.returncode == 2 and "different meta run" in r.stderr and "Traceback" not in r.stderr


def test_report_rerenders_identical_tables(meta_dir, tmp_path):
    out, _ = meta_dir
    before = {p.name: p.read_bytes() for p in (out / "tables").iterdir()}
    html = (out / "index.html").read_text(encoding="utf-8")
    r = run_cli("report", out)
    assert r.returncode == 0, r.stderr
    assert {p.name: p.read_bytes() for p in (out / "tables").iterdir()} == before
    assert (out / "index.html").read_text(encoding="utf-8") == html


def _strip_times(text):
    return re.sub(r'<span class="timestamp">[^<]*</span>', "", text)


def test_two_runs_with_the_same_seed_give_the_same_report(tmp_path):
    outs = []
    for k in (1, 2):
        cwd = tmp_path / f"user{k}"
        cwd.mkdir()
        r = run_cli("matchup", LISTS / "steppe.txt", LISTS / "darkness.txt", "--games", 300,
                    "--seed", 8, "--out", "rep", "--no-progress", cwd=cwd)
        assert r.returncode == 0, r.stderr
        outs.append(cwd / "rep")
    a, b = outs
    assert _strip_times((a / "index.html").read_text(encoding="utf-8")) == \
        _strip_times((b / "index.html").read_text(encoding="utf-8"))
    for p in (a / "tables").iterdir():
        assert p.read_bytes() == (b / "tables" / p.name).read_bytes(), p.name


def test_matchup_prints_the_pair_and_rounds_odd_games_up(tmp_path):
    r = run_cli("matchup", LISTS / "steppe.txt", LISTS / "swamps.txt", "--games", 201,
                "--out", tmp_path / "ab", "--no-progress")
    assert r.returncode == 0, r.stderr
    assert "rounded up to 202" in r.stderr
    assert re.search(r"Степь \(steppe\) beats Болота \(swamps\) \d+\.\d% \[\d+\.\d, \d+\.\d\] over 202 games",
                     r.stdout), r.stdout
    meta = json.loads((tmp_path / "ab" / "meta.json").read_text(encoding="utf-8"))
    assert len(meta["matchups"]) == 1 and meta["config"]["kind"] == "matchup"


def test_report_of_a_simulate_run(tmp_path):
    out = tmp_path / "ab"
    r = run_cli("simulate", LISTS / "steppe.txt", LISTS / "swamps.txt", "--games", 300, "--out", out,
                "--no-progress")
    assert r.returncode == 0, r.stderr
    r = run_cli("report", out)
    assert r.returncode == 0, r.stderr
    assert (out / "index.html").is_file() and (out / "report.md").is_file()
    md = (out / "report.md").read_text(encoding="utf-8")
    assert "roll-off" in md                      # the caveat of a run without seat-swapped pairs
    fp = pl.read_csv(out / "tables" / "first_player.csv")
    assert fp.filter(pl.col("deck_a") == "all")["games"].to_list() == [300]


def test_report_of_a_folder_that_is_not_a_run(tmp_path):
    r = run_cli("report", tmp_path)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "not a run folder" in r.stderr and "Traceback" not in r.stderr


def test_weights_change_the_weighted_field(meta_dir, tmp_path):
    out, _ = meta_dir
    w = tmp_path / "w.csv"
    w.write_text("deck,weight\nЛес (forest),3\nСтепь (steppe),1\n", encoding="utf-8")
    r = run_cli("report", out, "--weights", w)
    assert r.returncode == 0, r.stderr
    field = pl.read_csv(out / "tables" / "field.csv")
    m = pl.read_csv(out / "tables" / "matchups.csv")
    for deck in field["deck"]:
        cell = {o: s for o, s in m.filter(pl.col("deck") == deck).select("opponent", "score").iter_rows()}
        expected = (3 * cell["Лес (forest)"] + cell["Степь (steppe)"]) / 4
        assert field.filter(pl.col("deck") == deck)["weighted"][0] == pytest.approx(expected)
    provenance = (out / "report.md").read_text(encoding="utf-8")
    assert "w.csv" in provenance


@pytest.mark.parametrize("text, message", [
    ("deck,weight\nЛес (forest)\n", "w.csv:2: "),
    ("Лес (forst),1\n", "did you mean 'Лес (forest)'"),
    ("Лес (forest),-1\n", "negative"),
])
def test_bad_weights_files_fail_before_playing(tmp_path, text, message):
    w = tmp_path / "w.csv"
    w.write_text(text, encoding="utf-8")
    r = run_cli("meta", *THREE, "--games", 10, "--out", tmp_path / "never", "--weights", w)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (tmp_path / "never").exists()


def test_meta_refuses_two_decks_with_one_name(tmp_path):
    copy = tmp_path / "steppe_copy.txt"
    copy.write_text((LISTS / "steppe.txt").read_text(encoding="utf-8"), encoding="utf-8")
    r = run_cli("meta", LISTS / "steppe.txt", copy, "--games", 10, "--out", tmp_path / "m")
    assert r.returncode == 2 and "also the name of" in r.stderr and "Traceback" not in r.stderr
