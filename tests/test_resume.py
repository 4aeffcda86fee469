"""Resumable runs: a `berserk simulate` or `berserk meta` killed with SIGKILL after its first shard
is finished by `--resume`, which plays only the missing shards and ends with the tables of an
uninterrupted run; --resume with nothing to resume is one line and exit 2, and so is a folder that holds
a different run, naming each setting that differs with both values."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import LISTS, ROOT, run_cli

A, B = LISTS / "steppe.txt", LISTS / "swamps.txt"


def shard_bytes(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for sub in ("games", "cards") for p in sorted(folder.rglob(f"{sub}/shard-*.parquet"))}


def kill_after_first_shard(args, shard, timeout=600):
    """Start `berserk ARGS`, wait until `shard` exists (a cards shard: written after its games), then
    SIGKILL the process."""
    proc = subprocess.Popen([sys.executable, "-m", "reports.cli", *map(str, args)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout      # the first run after an engine change compiles
    try:
        while not shard.exists():
            assert proc.poll() is None, "the run ended before its first shard was written"
            assert time.monotonic() < deadline, "no shard written in time"
            time.sleep(0.002)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == -signal.SIGKILL


def complete_shards(folder, n):
    return [k for k in range(n) if (folder / "games" / f"shard-{k:05d}.parquet").exists()
            and (folder / "cards" / f"shard-{k:05d}.parquet").exists()]


def test_simulate_killed_after_its_first_shard_resumes_to_the_same_tables(tmp_path):
    games, shard = 40000, 500
    n = games // shard
    args = ["simulate", A, B, "--games", games, "--seed", 6, "--shard-size", shard, "--no-progress"]
    out = tmp_path / "killed"
    kill_after_first_shard([*args, "--out", out], out / "cards" / "shard-00000.parquet")
    man = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert man["status"] == "running"
    kept = complete_shards(out, n)
    assert 0 < len(kept) < n, "the kill left nothing to resume"
    r = run_cli(*args, "--out", out, "--resume")
    assert r.returncode == 0, r.stderr
    man = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert man["status"] == "complete" and man["finished_shards"] == list(range(n))
    assert len(man["sessions"]) == 2
    assert man["games_played_this_session"] == games - shard * len(kept)      # only what was missing
    assert not list(out.rglob("*.tmp"))
    ref = tmp_path / "whole"
    assert run_cli(*args, "--out", ref).returncode == 0
    assert shard_bytes(out) == shard_bytes(ref) and len(shard_bytes(ref)) == 2 * n


def test_meta_killed_after_its_first_shard_resumes_to_the_same_tables(tmp_path):
    args = ["meta", A, B, "--games", 8000, "--seed", 1, "--shard-size", 500, "--no-progress"]
    out = tmp_path / "killed"
    kill_after_first_shard([*args, "--out", out], out / "matchups" / "00-00" / "cards" / "shard-00000.parquet")
    meta = json.loads((out / "meta.json").read_text(encoding="utf-8"))
    assert meta["status"] == "running"
    kept = sum(len(complete_shards(out / "matchups" / p, 16)) for p in ("00-00", "00-01", "01-01"))
    assert 0 < kept < 48, "the kill left nothing to resume"
    r = run_cli(*args, "--out", out, "--resume")
    assert r.returncode == 0, r.stderr
    meta = json.loads((out / "meta.json").read_text(encoding="utf-8"))
    assert meta["status"] == "complete" and meta["games_played_this_session"] == 3 * 8000 - 500 * kept
    ref = tmp_path / "whole"
    assert run_cli(*args, "--out", ref).returncode == 0
    assert shard_bytes(out) == shard_bytes(ref) and len(shard_bytes(ref)) == 2 * 48
    for p in (ref / "tables").glob("*.csv"):
        assert p.read_bytes() == (out / "tables" / p.name).read_bytes(), p.name


def one_line_error(r):
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and r.stderr.strip().count("\n") == 0, r.stderr
    return r.stderr


def test_resume_with_nothing_to_resume_is_one_line_and_exit_2(tmp_path):
    err = one_line_error(run_cli("simulate", A, B, "--games", 100, "--out", tmp_path / "s", "--resume"))
    assert "nothing to resume" in err and "without --resume" in err
    err = one_line_error(run_cli("meta", A, B, "--games", 100, "--out", tmp_path / "m", "--resume"))
    assert "nothing to resume" in err
    err = one_line_error(run_cli("matchup", A, B, "--games", 100, "--out", tmp_path / "m", "--resume"))
    assert "nothing to resume" in err
    assert not (tmp_path / "s").exists() and not (tmp_path / "m").exists()


def test_resume_refuses_a_different_run_and_finishes_a_finished_one_without_playing(tmp_path):
    out = tmp_path / "r"
    args = ("simulate", A, B, "--games", 1000, "--shard-size", 500, "--out", out, "--no-progress")
    assert run_cli(*args).returncode == 0
    before = shard_bytes(out)
    err = one_line_error(run_cli(*args, "--seed", 2, "--resume"))
    assert "different run: seed: 0 in the folder, 2 asked" in err
    r = run_cli(*args, "--resume")
    assert r.returncode == 0 and "all found on disk" in r.stdout, r.stderr
    assert shard_bytes(out) == before
    err = one_line_error(run_cli("meta", A, B, "--games", 1000, "--out", out, "--resume"))
    assert "holds a run, not a meta run" in err


def test_a_refused_folder_names_each_setting_that_differs_with_both_values(tmp_path):
    """open_manifest tells what differs by the setting's name and both values: a changed number, a deck
    file edited since the run, decks left out or added, other --set card edits (not the card set's
    hash, which follows from them: derived settings are told only when nothing else differs)."""
    from decks.errors import InputError
    from simcore.run import open_manifest, write_json

    deck = {"path": "decks/lists/steppe.txt", "name": "Степь", "sha256": "a" * 64}
    other = {"path": "decks/lists/swamps.txt", "name": "Болота", "sha256": "b" * 64}
    config = {"kind": "meta", "games_per_matchup": 1000, "seed": 0, "cardset_sha256": "c" * 64,
              "params": [1, 2], "ai": {"a": "greedy", "b": "greedy"}, "decks": [deck, other]}
    tmp_path.mkdir(exist_ok=True)
    write_json(tmp_path / "meta.json", {"config": config})

    def refusal(**changes):
        with pytest.raises(InputError) as info:
            open_manifest(tmp_path, "meta.json", {**config, **changes}, "other settings")
        assert "\n" not in str(info.value) and "the folder holds a different meta or matchup run: " in str(info.value)
        return info.value.message.split("run: ", 1)[1]

    assert refusal(games_per_matchup=2000) == "games: 1000 in the folder, 2000 asked"
    # the engine's parameters follow from the AI: told only when nothing else differs
    assert refusal(seed=5, ai={"a": "greedy", "b": "baseline"}, params=[1, 3]) == \
        "seed: 0 in the folder, 5 asked; AI of deck B: greedy in the folder, baseline asked"
    assert refusal(params=[1, 3]) == "params: [1, 2] in the folder, [1, 3] asked"
    assert refusal(decks=[deck, {**other, "sha256": "d" * 64}]) == \
        "deck Болота: the file was edited since the run (sha256 bbbbbbbbbbbb in the folder, dddddddddddd asked)"
    assert refusal(decks=[deck]) == "decks: 2 in the folder, 1 asked (without Болота)"
    assert refusal(overrides=["Орк.life=3"], cardset_sha256="e" * 64) == \
        "--set card edits: none in the folder, [Орк.life=3] asked"
    assert refusal(swaps=[{"card": "Орк", "replacement": "Кочевник", "added": None}]) == \
        "swaps: none in the folder, [Орк -> Кочевник] asked"
    assert open_manifest(tmp_path, "meta.json", config, "other settings")["config"] == config


@pytest.mark.parametrize("command, args", [
    ("simulate", [A, B]),
    ("meta", [A, B]),
    ("sweep", ["--card", "Орк", "--stat", "life", "--from", 0, "--to", 1, "--deck", A, "--vs", B]),
    ("impact", [A, "--card", "Орк", "--vs", B]),
    ("balance", ["--target", "0.4:0.6", "--decks", A, B, LISTS / "forest.txt", "--max-edits", 0,
                 "--confirm-games", 2]),
])
def test_every_command_that_writes_a_run_folder_names_the_setting_it_refuses(tmp_path, command, args):
    """The same command with other --games in a folder it wrote: one line naming games and both values."""
    out = tmp_path / command
    r = run_cli(command, *args, "--games", 2, "--out", out, "--no-progress")
    assert r.returncode == 0, r.stderr
    err = one_line_error(run_cli(command, *args, "--games", 4, "--out", out, "--no-progress"))
    assert "the folder holds a different" in err and "games: 2 in the folder, 4 asked" in err, err
