"""Resumable runs: a `berserk simulate` or `berserk meta` killed with SIGKILL after its first shard
is finished by `--resume`, which plays only the missing shards and ends with the tables of an
uninterrupted run; --resume with nothing to resume is one line and exit 2."""
import json
import os
import signal
import subprocess
import sys
import time

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
    assert "different run" in err
    r = run_cli(*args, "--resume")
    assert r.returncode == 0 and "all found on disk" in r.stdout, r.stderr
    assert shard_bytes(out) == before
    err = one_line_error(run_cli("meta", A, B, "--games", 1000, "--out", out, "--resume"))
    assert "holds a run, not a meta run" in err
