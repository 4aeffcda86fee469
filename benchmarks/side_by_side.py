"""Two checkouts of berserk-sim measured in one run, on the same machine, turn about: the throughput of
benchmarks/throughput.py on each matchup (the best of its three runs, repeated `--rounds` times, the
checkout that runs first changing every round so that a change in the machine's load hits both alike;
printed as the best and the median of the rounds), and the cold compile of `berserk simulate --games
1000` (an empty kernel cache each). Prints each figure and the ratio of the second checkout to the first.
On a shared machine a single ratio varies by several percent: quote the median of many rounds. With
`--paired` the two run at the same time, one thread each pinned to its own core (the cores swapped every
round), so that a change in the machine's load hits both at once; it prints the median of the rounds'
ratios too.

    git worktree add ../before <commit>          # or any clone of the commit to compare with
    python benchmarks/side_by_side.py ../before . --games 40000 --rounds 10
    python benchmarks/side_by_side.py ../before . --paired --rounds 10
    python benchmarks/side_by_side.py ../before . --compile          # also the cold compile
    python benchmarks/side_by_side.py ../before . --paired --ai baseline    # another pilot (default greedy)

Each checkout runs in its own process with its own sources on PYTHONPATH, measured by the same code: this
checkout's benchmarks/throughput.py.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MATCHUPS = {
    "seeds_mixed mirror": ("seeds_mixed.txt", "seeds_mixed.txt"),
    "darkness_undead vs forest_archers": ("darkness_undead.txt", "forest_archers.txt"),
    "steppe vs swamps": ("steppe.txt", "swamps.txt"),
}

CHILD = f"""
import sys
sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
from throughput import throughput
lists = sys.argv[1] + "/decks/lists/"
print(throughput(int(sys.argv[2]), int(sys.argv[3]), lists + sys.argv[4], lists + sys.argv[5], sys.argv[6]))
"""


def run(checkout, *args, env=None):
    env = dict(env or os.environ, PYTHONPATH=str(checkout))
    r = subprocess.run([sys.executable, "-c", CHILD, str(checkout), *map(str, args)], env=env,
                       capture_output=True, text=True, cwd=checkout)
    if r.returncode != 0:
        sys.exit(f"{checkout}: {r.stderr[-2000:]}")
    return float(r.stdout.strip().splitlines()[-1])


def run_paired(checkouts, games, a, b, ai, cores):
    """Both checkouts at the same time, one thread each, checkout i pinned to core cores[i]: a change in
    the machine's load hits both at once. Returns their games/s."""
    children = []
    for checkout, core in zip(checkouts, cores):
        env = dict(os.environ, PYTHONPATH=str(checkout), NUMBA_NUM_THREADS="1")
        children.append(subprocess.Popen(
            [sys.executable, "-c", CHILD, str(checkout), str(games), "1", a, b, ai], env=env, cwd=checkout,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=lambda core=core: os.sched_setaffinity(0, {core})))
    rates = []
    for checkout, child in zip(checkouts, children):
        out, err = child.communicate()
        if child.returncode != 0:
            sys.exit(f"{checkout}: {err[-2000:]}")
        rates.append(float(out.strip().splitlines()[-1]))
    return rates


def cold_compile(checkout):
    """Wall and CPU seconds of `berserk simulate --games 1000` on an empty kernel cache (the compile is
    single-threaded: its CPU time is steadier on a shared machine than its wall time)."""
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(checkout))
        lists = Path(checkout) / "decks" / "lists"
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "reports.cli", "simulate", lists / "steppe.txt",
                            lists / "swamps.txt", "--games", "1000", "--seed", "1", "--out", Path(out) / "r",
                            "--no-progress"], env=env, capture_output=True, text=True, cwd=checkout)
        if r.returncode != 0:
            sys.exit(f"{checkout}: {r.stderr[-2000:]}")
        wall = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--games", type=int, default=40000)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--paired", action="store_true",
                    help="run the two at the same time, one thread each on its own core (needs 2 cores)")
    ap.add_argument("--compile", action="store_true", help="also the cold compile of each")
    ap.add_argument("--ai", default="greedy", help="the pilot of both seats (default greedy)")
    args = ap.parse_args()
    checkouts = (args.before.resolve(), args.after.resolve())
    for c in checkouts:              # compile (or load) each engine before timing
        run(c, 64, args.threads, *MATCHUPS["steppe vs swamps"], args.ai)
    for name, (a, b) in MATCHUPS.items():
        rates = ([], [])
        for r in range(args.rounds):     # turn about: who runs first (or on core 0) changes every round
            if args.paired:
                cores = (r % 2, 1 - r % 2)
                for i, rate in enumerate(run_paired(checkouts, args.games, a, b, args.ai, cores)):
                    rates[i].append(rate)
                continue
            for i in ((0, 1) if r % 2 == 0 else (1, 0)):
                rates[i].append(run(checkouts[i], args.games, args.threads, a, b, args.ai))
        best = [max(x) for x in rates]
        median = [statistics.median(x) for x in rates]
        how = ("paired: both at once, 1 thread each on its own core" if args.paired else
               f"{args.threads} threads")
        print(f"{name}: best {best[0]:,.0f} games/s before, {best[1]:,.0f} after "
              f"(ratio {best[1] / best[0]:.3f}); "
              f"median {median[0]:,.0f} before, {median[1]:,.0f} after (ratio {median[1] / median[0]:.3f}); "
              f"median of the rounds' ratios {statistics.median(y / x for x, y in zip(*rates)):.3f} "
              f"({how}, {args.rounds} rounds, each the best of 3 runs of {args.games:,} games)", flush=True)
    if args.compile:
        (wall0, cpu0), (wall1, cpu1) = [cold_compile(c) for c in checkouts]
        print(f"cold start of `berserk simulate --games 1000` (compile included): {wall0:.0f} s before, "
              f"{wall1:.0f} s after (ratio {wall1 / wall0:.3f}); CPU {cpu0:.1f} s before, {cpu1:.1f} s after "
              f"(ratio {cpu1 / cpu0:.3f})")


if __name__ == "__main__":
    main()
