"""Dask distributed execution: a run on a cluster (a LocalCluster of 2 worker processes) writes the
same game and card tables as the local run, byte for byte, also when a worker is killed mid-run;
a run started locally can be finished on the cluster; a bad --scheduler is one line, exit 2."""
import json
import os
import signal
import time

import numpy as np
import polars as pl
import pytest
from conftest import LISTS, run_cli
from distributed import Client, LocalCluster

from decks.errors import InputError
from simcore.executors import Chunk, DaskExecutor, GameSpec, LocalExecutor
from simcore.run import run_simulation

A, B, C = LISTS / "steppe.txt", LISTS / "swamps.txt", LISTS / "forest.txt"


@pytest.fixture(scope="module")
def cluster(steppe_vs_swamps, tmp_path_factory):
    # load (or compile) the kernels here first, so that the workers find them in the disk cache
    run_simulation(steppe_vs_swamps, 10, 0, tmp_path_factory.mktemp("warm"), shard_size=10)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as lc, \
            Client(lc, set_as_default=False) as client:
        client.run(lambda: __import__("simcore.executors"))
        yield lc.scheduler_address, client


def shard_bytes(folder):
    """{relative path: bytes} of every games/cards shard under a run or meta folder."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for sub in ("games", "cards") for p in sorted(folder.rglob(f"{sub}/shard-*.parquet"))}


def assert_same_tables(a, b):
    sa, sb = shard_bytes(a), shard_bytes(b)
    assert sa.keys() == sb.keys() and sa
    for name in sa:
        assert pl.read_parquet(a / name).equals(pl.read_parquet(b / name)), name
        assert sa[name] == sb[name], name


def test_simulate_on_a_cluster_writes_the_same_tables_as_locally(cluster, tmp_path):
    address, _ = cluster
    args = ("simulate", A, B, "--games", 6000, "--seed", 5, "--shard-size", 500, "--no-progress")
    local = run_cli(*args, "--out", tmp_path / "local")
    assert local.returncode == 0, local.stderr
    dask = run_cli(*args, "--out", tmp_path / "dask", "--scheduler", address)
    assert dask.returncode == 0, dask.stderr
    assert "playing on the Dask cluster" in dask.stderr and "2 workers" in dask.stderr
    assert_same_tables(tmp_path / "local", tmp_path / "dask")
    assert len(shard_bytes(tmp_path / "dask")) == 2 * 12
    # the printed outcome is the same too (apart from the speed line)
    assert local.stdout.splitlines()[2:-1] == dask.stdout.splitlines()[2:-1]
    man = json.loads((tmp_path / "dask" / "run.json").read_text(encoding="utf-8"))
    assert man["executor"] == {"kind": "dask", "address": address, "workers": 2, "worker_threads": 2}
    assert man["finished_shards"] == list(range(12)) and man["status"] == "complete"


def test_meta_on_a_cluster_writes_the_same_tables_as_locally(cluster, tmp_path):
    address, _ = cluster
    args = ("meta", A, B, "--games", 2000, "--seed", 2, "--shard-size", 500, "--no-progress")
    local = run_cli(*args, "--out", tmp_path / "local")
    assert local.returncode == 0, local.stderr
    dask = run_cli(*args, "--out", tmp_path / "dask", "--scheduler", address)
    assert dask.returncode == 0, dask.stderr
    assert_same_tables(tmp_path / "local", tmp_path / "dask")
    assert len(shard_bytes(tmp_path / "dask")) == 2 * 3 * 4        # 3 pairs (2 mirrors) x 4 shards
    for p in (tmp_path / "local" / "tables").glob("*.csv"):
        assert p.read_bytes() == (tmp_path / "dask" / "tables" / p.name).read_bytes(), p.name
    meta = json.loads((tmp_path / "dask" / "meta.json").read_text(encoding="utf-8"))
    assert meta["executor"]["kind"] == "dask" and meta["status"] == "complete"


def test_a_worker_killed_mid_run_loses_no_game_and_counts_none_twice(cluster, tmp_path, steppe_vs_swamps):
    address, client = cluster
    games, shard = 40000, 2000
    run_simulation(steppe_vs_swamps, games, 9, tmp_path / "local", shard_size=shard,
                   executor=LocalExecutor())
    pids_before = client.run(os.getpid)
    killed, counted = [], []

    def progress(n):
        counted.append(n)
        if not killed:            # the first chunk is done: kill a worker that is playing another one
            busy = [w for w, keys in client.processing().items() if keys]
            assert busy, "no chunk left running: the test needs more or larger chunks"
            killed.append((busy[0], list(client.processing()[busy[0]])))
            os.kill(pids_before[busy[0]], signal.SIGKILL)

    with DaskExecutor(address) as ex:
        man = run_simulation(steppe_vs_swamps, games, 9, tmp_path / "dask", shard_size=shard,
                             executor=ex, progress=progress)
    assert killed and killed[0][1]
    assert sum(counted) == games and len(counted) == games // shard      # each chunk counted once
    assert man["games_played_this_session"] == games
    assert man["finished_shards"] == list(range(games // shard))
    played = pl.read_parquet(tmp_path / "dask" / "games" / "*.parquet")["game"].sort()
    np.testing.assert_array_equal(played.to_numpy(), np.arange(games))   # every game once
    assert_same_tables(tmp_path / "local", tmp_path / "dask")
    for _ in range(100):          # the nanny restarts the killed worker
        if len(client.scheduler_info()["workers"]) == 2:
            break
        time.sleep(0.1)
    assert set(client.run(os.getpid).values()) != set(pids_before.values())


def test_a_run_started_locally_is_finished_on_the_cluster(cluster, tmp_path):
    address, _ = cluster
    out = tmp_path / "r"
    args = ("simulate", A, C, "--games", 3000, "--seed", 4, "--shard-size", 500, "--out", out, "--no-progress")
    assert run_cli(*args).returncode == 0
    whole = shard_bytes(out)
    for f in sorted((out / "games").glob("*.parquet"))[3:]:      # as if killed after 3 shards
        f.unlink()
    r = run_cli(*args, "--resume", "--scheduler", address)
    assert r.returncode == 0, r.stderr
    assert shard_bytes(out) == whole
    man = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert [s["executor"]["kind"] for s in man["sessions"]] == ["local", "dask"]
    assert man["sessions"][1]["games_played"] == 1500


def test_workers_of_another_engine_are_refused(cluster, steppe_vs_swamps):
    address, _ = cluster
    m = steppe_vs_swamps
    spec = GameSpec(m.table.stats, m.decks, m.sizes, m.params, 1, False, 64, engine="0123456789abcdef")
    with DaskExecutor(address) as ex, pytest.raises(InputError, match="another berserk-sim engine"):
        list(ex.play([spec], [Chunk(0, 0, 0, 10)]))


def one_line_error(r):
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and r.stderr.strip().count("\n") == 0, r.stderr
    return r.stderr


def test_an_unreachable_or_malformed_scheduler_is_one_line_and_exit_2(tmp_path):
    t0 = time.perf_counter()
    err = one_line_error(run_cli("simulate", A, B, "--games", 100, "--out", tmp_path / "o",
                                 "--scheduler", "tcp://127.0.0.1:1"))
    assert "cannot reach a Dask scheduler at tcp://127.0.0.1:1" in err and "dask scheduler" in err
    assert time.perf_counter() - t0 < 30
    err = one_line_error(run_cli("meta", A, B, "--games", 100, "--out", tmp_path / "o",
                                 "--scheduler", "nonsense"))
    assert "not a scheduler address" in err
    err = one_line_error(run_cli("simulate", A, B, "--out", tmp_path / "o", "--threads", 2,
                                 "--scheduler", "tcp://127.0.0.1:1"))
    assert "--threads" in err
    assert not (tmp_path / "o").exists()


def test_a_chunk_lost_with_its_workers_is_one_error_and_resume_finishes_the_run(tmp_path, steppe_vs_swamps):
    import dask

    from simcore.executors import ExecutorError

    games, shard = 24000, 2000
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as lc, \
            Client(lc, set_as_default=False) as client:
        pids = client.run(os.getpid)

        def progress(n):
            # a killed worker's nanny starts a new one (not in pids): kill only the workers known at the start
            busy = [w for w, keys in client.processing().items() if keys and w in pids]
            if busy:
                os.kill(pids.pop(busy[0]), signal.SIGKILL)

        with DaskExecutor(lc.scheduler_address) as ex, pytest.raises(ExecutorError, match="--resume"):
            run_simulation(steppe_vs_swamps, games, 3, tmp_path / "r", shard_size=shard, executor=ex,
                           progress=progress)
    man = json.loads((tmp_path / "r" / "run.json").read_text(encoding="utf-8"))
    assert man["status"] == "running" and 0 < len(man["finished_shards"]) < games // shard
    man = run_simulation(steppe_vs_swamps, games, 3, tmp_path / "r", shard_size=shard, resume=True)
    assert man["games_played_this_session"] < games
    run_simulation(steppe_vs_swamps, games, 3, tmp_path / "whole", shard_size=shard)
    assert_same_tables(tmp_path / "r", tmp_path / "whole")
