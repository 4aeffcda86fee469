"""Two checkouts of berserk-sim measured in one run, on the same machine, turn about: the throughput of
benchmarks/throughput.py on each matchup (best of its three runs, repeated `--rounds` times alternating
the checkouts, so that a change in the machine's load hits both alike), and the cold compile of
`berserk simulate --games 1000` (an empty kernel cache each). Prints each figure and the ratio of the
second checkout to the first.

    git worktree add ../before <commit>          # or any clone of the commit to compare with
    python benchmarks/side_by_side.py ../before . --games 40000 --rounds 2
    python benchmarks/side_by_side.py ../before . --compile          # also the cold compile

Each checkout runs in its own process with its own sources on PYTHONPATH (its benchmarks/throughput.py).
"""
import argparse
import os
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

CHILD = """
import sys
sys.path.insert(0, sys.argv[1] + "/benchmarks")
from throughput import throughput
lists = sys.argv[1] + "/decks/lists/"
print(throughput(int(sys.argv[2]), int(sys.argv[3]), lists + sys.argv[4], lists + sys.argv[5]))
"""


def run(checkout, *args, env=None):
    env = dict(env or os.environ, PYTHONPATH=str(checkout))
    r = subprocess.run([sys.executable, "-c", CHILD, str(checkout), *map(str, args)], env=env,
                       capture_output=True, text=True, cwd=checkout)
    if r.returncode != 0:
        sys.exit(f"{checkout}: {r.stderr[-2000:]}")
    return float(r.stdout.strip().splitlines()[-1])


def cold_compile(checkout):
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(checkout))
        lists = Path(checkout) / "decks" / "lists"
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "reports.cli", "simulate", lists / "steppe.txt",
                            lists / "swamps.txt", "--games", "1000", "--seed", "1", "--out", Path(out) / "r",
                            "--no-progress"], env=env, capture_output=True, text=True, cwd=checkout)
        if r.returncode != 0:
            sys.exit(f"{checkout}: {r.stderr[-2000:]}")
        return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--games", type=int, default=40000)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--compile", action="store_true", help="also the cold compile of each")
    args = ap.parse_args()
    checkouts = (args.before.resolve(), args.after.resolve())
    for c in checkouts:              # compile (or load) each engine before timing
        run(c, 64, args.threads, *MATCHUPS["steppe vs swamps"])
    for name, (a, b) in MATCHUPS.items():
        best = [0.0, 0.0]
        for _ in range(args.rounds):
            for i, c in enumerate(checkouts):
                best[i] = max(best[i], run(c, args.games, args.threads, a, b))
        print(f"{name}: {best[0]:,.0f} games/s before, {best[1]:,.0f} after (ratio {best[1] / best[0]:.3f}; "
              f"{args.threads} threads, best of {3 * args.rounds} runs of {args.games:,} games each)")
    if args.compile:
        times = [cold_compile(c) for c in checkouts]
        print(f"cold start of `berserk simulate --games 1000` (compile included): {times[0]:.0f} s before, "
              f"{times[1]:.0f} s after (ratio {times[1] / times[0]:.3f})")


if __name__ == "__main__":
    main()
