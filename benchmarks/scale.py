"""Scale benchmark: games/s of whole runs (shards written, as `berserk simulate` does)
through the local executor and through Dask LocalClusters on this machine, the overhead per chunk,
and the client's cost of writing one default-size shard (the one serial step of a cluster run,
which bounds how far adding machines helps).

    python benchmarks/scale.py            # about 3 minutes on 2 cores once kernels are cached
    python benchmarks/scale.py --quick

Clusters measured (all on this machine, so they share its cores with each other):
  dask 1x                1 worker process, 1 task thread, Numba on all cores (the setup of
                         docs/COMMANDS.md for one machine: what a cluster of one machine gives)
  dask 2x, Numba all     2 worker processes, each Numba on all cores (cores oversubscribed)
  dask 2x, Numba 1       2 worker processes, NUMBA_NUM_THREADS=1 each
Each figure is the best of `--repeat` runs (the machine is shared and noisy).
"""
import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DECK_A = ROOT / "decks" / "lists" / "steppe.txt"
DECK_B = ROOT / "decks" / "lists" / "swamps.txt"


def timed_run(matchup, games, shard, executor, repeat, seed=1):
    """Best games/s of `repeat` whole runs (fresh folders) of `games` games in shards of `shard`."""
    from simcore.run import run_simulation
    best = 0.0
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as d:
            t0 = time.perf_counter()
            run_simulation(matchup, games, seed, Path(d) / "run", shard_size=shard, executor=executor)
            best = max(best, games / (time.perf_counter() - t0))
    return best


def chunk_overhead(matchup, executor, n_chunks, per_chunk, repeat):
    """Seconds a chunk costs beyond its games: (time of n tiny chunks - time of the same games in
    one chunk) / n, for whole runs (shards written) and for the executor alone (no files)."""
    from simcore.executors import Chunk
    from simcore.run import RunFolder
    games = n_chunks * per_chunk

    def run(shard):
        with tempfile.TemporaryDirectory() as d:
            t0 = time.perf_counter()
            from simcore.run import run_simulation
            run_simulation(matchup, games, 2, Path(d) / "run", shard_size=shard, executor=executor)
            return time.perf_counter() - t0

    def play(shard):
        with tempfile.TemporaryDirectory() as d:
            spec = RunFolder(matchup, games, 2, Path(d) / "run", shard, executor=executor.describe()).spec
        chunks = [Chunk(0, k, lo, min(games, lo + shard)) for k, lo in enumerate(range(0, games, shard))]
        t0 = time.perf_counter()
        for _ in executor.play([spec], chunks):
            pass
        return time.perf_counter() - t0

    out = {}
    for name, f in (("run", run), ("executor", play)):
        tiny = min(f(per_chunk) for _ in range(repeat))
        one = min(f(games) for _ in range(repeat))
        out[name] = (tiny - one) / n_chunks
    return out


def shard_write_seconds(matchup, shard):
    """Seconds the client spends writing one shard of `shard` games (Parquet games + cards, manifest)."""
    from simcore.executors import play_chunk
    from simcore.run import RunFolder
    with tempfile.TemporaryDirectory() as d:
        run = RunFolder(matchup, shard, 3, Path(d) / "run", shard)
        games, counts = play_chunk(run.spec, 0, shard)
        t0 = time.perf_counter()
        run.write(0, games, counts)
        return time.perf_counter() - t0, sum(v.nbytes for v in games.values())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller runs")
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    games = 40_000 if args.quick else 200_000
    shard = games // 8                        # 8 chunks: every worker gets several
    n_tiny, per_tiny = (50, 20) if args.quick else (200, 20)

    from distributed import Client, LocalCluster

    from simcore.config import DEFAULT_SHARD
    from simcore.executors import DaskExecutor, LocalExecutor
    from simcore.matchup import make_matchup

    m = make_matchup(DECK_A, DECK_B)
    local = LocalExecutor()
    timed_run(m, 2000, 1000, local, 1)          # load the kernels
    res = {"games": games, "chunks": 8, "cores": os.cpu_count()}
    res["local games/s"] = timed_run(m, games, shard, local, args.repeat)
    res["local overhead per chunk (s)"] = chunk_overhead(m, local, n_tiny, per_tiny, args.repeat)

    clusters = (("dask 1x", 1, None), ("dask 2x, Numba all", 2, None), ("dask 2x, Numba 1", 2, "1"))
    for name, n, numba_threads in clusters:
        env = {"NUMBA_NUM_THREADS": numba_threads} if numba_threads else {}
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0",
                          env=env) as lc, Client(lc, set_as_default=False), \
                DaskExecutor(lc.scheduler_address) as ex:
            timed_run(m, 4000, 500, ex, 1)     # every worker loads its kernels
            res[f"{name} games/s"] = timed_run(m, games, shard, ex, args.repeat)
            if name == "dask 2x, Numba all":
                res[f"{name} overhead per chunk (s)"] = chunk_overhead(m, ex, n_tiny, per_tiny, args.repeat)

    write_s, nbytes = shard_write_seconds(m, DEFAULT_SHARD)
    res["client write of one default shard (s)"] = write_s
    res["default shard result size (MB)"] = nbytes / 1e6
    res["writer ceiling (games/s)"] = DEFAULT_SHARD / write_s

    w = max(map(len, res)) + 2
    for k, v in res.items():
        if isinstance(v, dict):
            v = ", ".join(f"{a} {1000 * b:.1f} ms" for a, b in v.items())
        elif isinstance(v, float):
            v = f"{v:,.3f}" if v < 10 else f"{v:,.0f}"
        print(f"{k:<{w}}{v}")
    print(json.dumps(res, default=str))


if __name__ == "__main__":
    main()
