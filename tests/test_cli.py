"""The command line as a user meets it: simulate writes shards and a manifest and resumes; replay
tells a game; decks validate; bad input gives one line and exit code 2, never a traceback."""
import json

import polars as pl
from conftest import LISTS, run_cli

A, B = LISTS / "steppe.txt", LISTS / "swamps.txt"


def test_simulate_prints_the_outcome_and_writes_shards_and_manifest(tmp_path):
    out = tmp_path / "ab"
    r = run_cli("simulate", A, B, "--games", 3000, "--seed", 7, "--out", out, "--shard-size", 1000,
                "--batch-size", 512, "--no-progress")
    assert r.returncode == 0, r.stderr
    text = r.stdout
    for needle in ("games: 3000", "Степь (steppe)", "Болота (swamps)", "draws", "moves first",
                   "first player", "game ended by", "mean turns", "games/s", "95% interval"):
        assert needle in text
    games = pl.read_parquet(out / "games" / "*.parquet").sort("game")
    assert games.height == 3000 and games["game"].to_list() == list(range(3000))
    assert set(games["winner"].unique().to_list()) <= {0, 1, 2}
    cards = pl.read_parquet(out / "cards" / "*.parquet")
    assert cards.filter(pl.col("player") == 0)["games"].sum() > 0
    assert len(list((out / "games").glob("*.parquet"))) == 3
    man = json.loads((out / "run.json").read_text())
    assert man["status"] == "complete"
    cfg = man["config"]
    assert cfg["seed"] == 7 and cfg["games"] == 3000 and cfg["rules_version"]
    assert len(cfg["cardset_sha256"]) == 64 and cfg["ai"]["a"] == "greedy"
    assert {"numba", "numpy", "polars", "python"} <= set(man["library_versions"])
    assert man["command"].startswith("berserk simulate")
    # the printed win rate of deck A agrees with the table (draws count half)
    score = ((games["winner"] == 0).sum() + 0.5 * (games["winner"] == 2).sum()) / 3000
    line = next(x for x in text.splitlines() if x.startswith("Степь (steppe)"))
    assert f"{100 * score:.1f}%" in line and line.rstrip().endswith("3000")


def test_interrupted_run_resumes_and_gives_the_same_tables(tmp_path):
    out = tmp_path / "r"
    args = ("simulate", A, B, "--games", 2000, "--seed", 3, "--out", out, "--shard-size", 500,
            "--no-progress")
    assert run_cli(*args).returncode == 0
    full = pl.read_parquet(out / "games" / "*.parquet").sort("game")
    # lose two shards, as if the run had been killed, then run the same command again
    for f in sorted((out / "games").glob("*.parquet"))[2:]:
        f.unlink()
    r = run_cli(*args)
    assert r.returncode == 0, r.stderr
    again = pl.read_parquet(out / "games" / "*.parquet").sort("game")
    assert again.equals(full)


def test_a_different_run_in_the_same_folder_is_refused(tmp_path):
    out = tmp_path / "x"
    assert run_cli("simulate", A, B, "--games", 100, "--out", out, "--no-progress").returncode == 0
    r = run_cli("simulate", A, B, "--games", 100, "--seed", 9, "--out", out, "--no-progress")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "different run" in r.stderr and "Traceback" not in r.stderr
    assert "different run: seed: 0 in the folder, 9 asked (fix: " in r.stderr


def test_replay_prints_every_event_of_the_game():
    r = run_cli("replay", A, B, "--seed", 7, "--game", 12345)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    for needle in ("moves first", "is dealt 15 cards", "buys", "is placed on", "--- turn 1",
                   "roll: attacker ", "wound", "dies", "game over"):
        assert needle in out, needle


def test_decks_validate_accepts_every_bundled_deck():
    r = run_cli("decks", "validate", *sorted(LISTS.glob("*.txt")))
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("ok ") == len(list(LISTS.glob("*.txt")))


def test_decks_validate_tells_every_problem_of_every_file_one_line_each(tmp_path):
    """A good file is ok; two bad files give one `error: FILE:LINE: ...` line per problem, exit 2."""
    good = LISTS / "steppe.txt"
    two = tmp_path / "two.txt"
    two.write_text("# Two typos\n3 Кочевнк\n3x Орк\nЗмееглав x3\n0 Кшар\n3 Хед\n", encoding="utf-8")
    one = tmp_path / "one.txt"
    one.write_text("Кочевник (3)\nКочевник (1)\n", encoding="utf-8")
    r = run_cli("decks", "validate", two, good, one)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stdout.count("ok ") == 1 and "steppe.txt" in r.stdout
    lines = r.stderr.splitlines()
    assert [x.split(": ", 2)[1] for x in lines] == [f"{two}:2", f"{two}:5", f"{two}:6", f"{one}:2", f"{one}:2"]
    assert all(x.startswith("error: ") and "(fix: " in x for x in lines)
    assert "Кочевник" in lines[0] and "count 0" in lines[1] and "Хедд" in lines[2]
    assert "4 copies" in lines[3] and "4 cards" in lines[4]


def test_meta_tells_the_problems_of_all_its_deck_files_before_playing(tmp_path):
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    one.write_text("3 Кочевнк\n", encoding="utf-8")
    two.write_text("Орк x0\n", encoding="utf-8")
    r = run_cli("meta", one, A, two, "--games", 2, "--out", tmp_path / "m", "--no-progress")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert [x.split(": ", 2)[1] for x in r.stderr.splitlines()] == [f"{one}:1", f"{two}:1"]
    assert not (tmp_path / "m").exists()


def test_cards_lists_the_card_set():
    r = run_cli("cards")
    assert r.returncode == 0
    assert "Кочевник" in r.stdout and "Вайл" in r.stdout


def _one_line_error(r):
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert r.stderr.strip().count("\n") == 0, r.stderr
    return r.stderr


def test_bad_inputs_give_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("# Bad\n3 Кочевнк\n", encoding="utf-8")
    err = _one_line_error(run_cli("decks", "validate", bad))
    assert "bad.txt:2" in err and "Кочевник" in err
    _one_line_error(run_cli("simulate", A, tmp_path / "missing.txt", "--out", tmp_path / "o"))
    _one_line_error(run_cli("simulate", A, B, "--games", "many", "--out", tmp_path / "o"))
    _one_line_error(run_cli("simulate", A, B, "--out", tmp_path / "o", "--rule", "round_cap"))
    _one_line_error(run_cli("simulate", A, B, "--out", tmp_path / "o", "--rule", "nonsense=3"))
    _one_line_error(run_cli("simulate", A, B, "--out", tmp_path / "o", "--ruleset", "ancient"))
    _one_line_error(run_cli("replay", A, B, "--ai", "clever"))
    assert not (tmp_path / "o").exists()
