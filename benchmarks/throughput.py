"""Throughput benchmark: prints games/s with 1 thread and all threads (greedy vs greedy
on a fixed matchup), first-call compile time cold and cached, the cached start of
`berserk simulate --games 1000`, peak memory of runs of two sizes, and greedy's win rate against
random over the bundled decks (target >= 90%).

    python benchmarks/throughput.py            # full (a few minutes, compile included)
    python benchmarks/throughput.py --quick    # smaller runs

Figures are measured in one run on this machine; quote ratios from one run only.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK_A = ROOT / "decks" / "lists" / "steppe.txt"
DECK_B = ROOT / "decks" / "lists" / "swamps.txt"
# ability-heavy: every card of the seed deck carries a played, triggered, permanent or
# delayed ability
ABILITY_A = ROOT / "decks" / "lists" / "seeds_mixed.txt"
ABILITY_B = ROOT / "decks" / "lists" / "seeds_mixed.txt"


def timed(cmd, env=None):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"command failed: {' '.join(map(str, cmd))}\n{r.stderr}")
    return time.perf_counter() - t0, r.stdout


def child_peak_rss_mb(cmd, env=None):
    """Peak resident memory of a child process (MB), from /usr/bin/time-free resource data."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    r = subprocess.run([sys.executable, "-c", code, *map(str, cmd)], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(r.stderr)
    return int(r.stdout.strip()) / 1024


def compile_times():
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        cmd = ["berserk", "simulate", DECK_A, DECK_B, "--games", "1000", "--seed", "1",
               "--out", Path(out) / "cold", "--no-progress"]
        cold, _ = timed(cmd, env)
        cmd[-2] = Path(out) / "cached"
        cached, _ = timed(cmd, env)
    return cold, cached


def throughput(games, threads, deck_a=DECK_A, deck_b=DECK_B, ai="greedy"):
    """Games/s of `ai` against itself on the deck pair: the best of three runs of the same games."""
    import numba
    import numpy as np

    from simcore.kernels.batch import play_batch, turns_played
    from simcore.kernels.state import game_view, new_state, set_params
    from simcore.matchup import make_matchup
    numba.set_num_threads(threads)
    m = make_matchup(deck_a, deck_b, ais=(ai, ai))
    batch = 8192
    S = new_state(batch)
    set_params(S, m.params)
    play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(1), 0, 64)   # compile / load
    rates = []
    turns = 0
    for _ in range(3):      # the machine is shared: report the best of three runs of the same games
        t0 = time.perf_counter()
        turns = 0
        for lo in range(0, games, batch):
            n = min(batch, games - lo)
            play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(1), lo, n)
            turns += int(turns_played(game_view(S)[:n]).sum())      # as the Parquet turns column counts
        rates.append(games / (time.perf_counter() - t0))
    throughput.mean_turns = turns / games       # of the last call, for per-turn rates
    return max(rates)


def greedy_vs_random(games_per_pair):
    """Greedy's score against random over every ordered pair of bundled decks, greedy on each side."""
    import numpy as np

    from simcore.kernels.batch import game_rows, play_batch
    from simcore.kernels.state import new_state, set_params
    from simcore.matchup import make_matchup
    decks = sorted((ROOT / "decks" / "lists").glob("*.txt"))
    score = n = 0.0
    S = new_state(games_per_pair)
    for a, b in list(combinations(decks, 2)) + [(d, d) for d in decks]:
        for ais in (("greedy", "random"), ("random", "greedy")):
            m = make_matchup(a, b, ais=ais)
            set_params(S, m.params)
            play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(3), 0, games_per_pair)
            w = game_rows(S, m.table.stats, 0, games_per_pair)["winner"]
            greedy_seat = 0 if ais[0] == "greedy" else 1
            score += (w == greedy_seat).sum() + 0.5 * (w == 2).sum()
            n += games_per_pair
    return score / n, int(n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    games = 50_000 if args.quick else 200_000
    import numba
    results = {}
    cold, cached = compile_times()
    results["compile_cold_s"] = round(cold, 1)
    results["simulate_1000_cached_start_s"] = round(cached, 2)
    print(f"cold start (compile) of `berserk simulate --games 1000`: {cold:.1f} s")
    print(f"cached start of `berserk simulate --games 1000`:        {cached:.2f} s (target < 5 s)")
    all_threads = numba.config.NUMBA_NUM_THREADS
    g1 = throughput(games // 2, 1)
    gn = throughput(games, all_threads)
    turns_vanilla = throughput.mean_turns
    results.update({"games_per_s_1_thread": round(g1), f"games_per_s_{all_threads}_threads": round(gn),
                    "parallel_speedup": round(gn / g1, 2)})
    print(f"greedy vs greedy, {DECK_A.stem} vs {DECK_B.stem} (best of 3 runs): {g1:,.0f} games/s on "
          f"1 thread, {gn:,.0f} games/s on {all_threads} threads (x{gn / g1:.2f}; target 20,000)")
    ga = throughput(games, all_threads, ABILITY_A, ABILITY_B)
    turns_ability = throughput.mean_turns
    results[f"ability_heavy_games_per_s_{all_threads}_threads"] = round(ga)
    results["turns_per_game"] = {"vanilla": round(turns_vanilla, 2), "ability_heavy": round(turns_ability, 2)}
    results["turns_per_s"] = {"vanilla": round(gn * turns_vanilla), "ability_heavy": round(ga * turns_ability)}
    print(f"ability-heavy: greedy vs greedy, {ABILITY_A.stem} vs {ABILITY_B.stem} (best of 3 runs): "
          f"{ga:,.0f} games/s on {all_threads} threads (target 20,000)")
    print(f"turns per game: {turns_vanilla:.1f} vanilla, {turns_ability:.1f} ability-heavy; turns/s: "
          f"{gn * turns_vanilla:,.0f} vanilla, {ga * turns_ability:,.0f} ability-heavy")
    with tempfile.TemporaryDirectory() as out:
        small, big = (20_000, 200_000) if args.quick else (100_000, 1_000_000)
        rss = {}
        for n in (small, big):
            rss[n] = child_peak_rss_mb(["berserk", "simulate", DECK_A, DECK_B, "--games", n,
                                        "--out", Path(out) / str(n), "--no-progress"])
            print(f"peak memory of `berserk simulate --games {n}`: {rss[n]:.0f} MB")
        results["peak_rss_mb"] = {str(k): round(v) for k, v in rss.items()}
    share, n = greedy_vs_random(500 if args.quick else 2000)
    results["greedy_vs_random_score"] = round(share, 4)
    print(f"greedy vs random over all bundled deck pairs, both seats: greedy scores "
          f"{100 * share:.1f}% of {n:,} games (target >= 90%)")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
