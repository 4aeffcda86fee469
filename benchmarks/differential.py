"""Differential run on demand: N seeded games played by the fast Numba engine and
replayed, action by action, by the plain-Python reference engine (simcore.reference), over every pair of
the decks (mirrors included), every seating of the pilots (by default greedy and random: both greedy, both
random, and each against the other) and both rulesets.
Prints the number of games and of disagreements (with the first ones in full), and the reference
engine's speed against the fast one: the fast engine's games/s is that of its own game kernel
(play_game, one thread) on the same games; the reference's is the time spent in the reference alone,
which replays the pilots' decisions from the fast engine's log (so a pilot's thinking, search's look-ahead
above all, counts in the fast engine's time only).

    python benchmarks/differential.py                          # 100,000 games, all bundled decks
    python benchmarks/differential.py --games 20000 --seed 3
    python benchmarks/differential.py --games 500 --decks decks/lists/seeds_mixed.txt decks/lists/forest.txt
    python benchmarks/differential.py --games 2000 --legal-sets 1   # also compare every legal-action set
    python benchmarks/differential.py --games 10000 --random-decks 1000   # random legal decks of the whole set
    python benchmarks/differential.py --games 2000 --ai search --ai baseline  # other pilots' games

Exit code 1 if any game disagrees.
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np
from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent


def fast_games_per_second(all_matchups, games, seed):
    """The fast engine's own speed on the same games: its game kernel, one game at a time."""
    from simcore.kernels.ai.search import new_scratch
    from simcore.kernels.game import new_action_buffer, play_game
    from simcore.kernels.state import PR_FIRST, new_state, set_params

    n = len(all_matchups)
    S = new_state(1)
    buf = new_action_buffer()
    W = new_scratch()
    m = all_matchups[0]
    set_params(S, m.params)     # compile (or load) the kernel before timing
    play_game(m.table.stats, S, 0, m.decks, m.sizes, np.uint64(seed), 0, buf, W)
    t = 0.0
    for k in range(games):
        m = all_matchups[k % n]
        params = m.params.copy()
        params[PR_FIRST] = (k // n) % 2
        set_params(S, params)
        t0 = time.perf_counter()
        play_game(m.table.stats, S, 0, m.decks, m.sizes, np.uint64(seed), (k // n) // 2, buf, W)
        t += time.perf_counter() - t0
    return games / t


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--decks", nargs="+", default=sorted(str(p) for p in (ROOT / "decks" / "lists").glob("*.txt")))
    ap.add_argument("--legal-sets", type=int, default=0, metavar="N",
                    help="also compare the whole set of legal actions before every action of every N-th game")
    ap.add_argument("--random-decks", type=int, default=0, metavar="M",
                    help="instead of --decks: M matchups of random legal decks drawn from the whole card set "
                         "(seeded by --seed; AI seatings and rulesets cycle); each plays games/M games")
    ap.add_argument("--ai", action="append", metavar="PILOT",
                    help="a pilot whose games are checked (repeatable; a name or a spec such as search[samples=4]; "
                         "default greedy and random): each in both seats, and each pair both ways round")
    ap.add_argument("--show", type=int, default=3, help="disagreements printed in full")
    args = ap.parse_args(argv)

    from decks.errors import InputError
    from simcore.pilots import check_pilot
    from simcore.reference.differential import DEFAULT_PILOTS, matchups, random_matchups, run_games, seatings

    try:
        pilots = tuple(check_pilot(p) for p in args.ai) if args.ai else DEFAULT_PILOTS
        all_matchups = (random_matchups(args.random_decks, args.seed, pilots=pilots) if args.random_decks > 0
                        else matchups(args.decks, pilots=pilots))
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    bar = tqdm(total=args.games, unit="game", smoothing=0.05)

    def on_game(summary):
        bar.update(1)
        if summary.disagreements:
            bar.set_postfix(disagreements=len(summary.disagreements))

    t0 = time.perf_counter()
    s = run_games(all_matchups, args.games, args.seed, args.legal_sets, on_game)
    wall = time.perf_counter() - t0
    bar.close()
    for msg in s.disagreements[:args.show]:
        print(msg, end="\n\n")
    fast = fast_games_per_second(all_matchups, min(args.games, 20_000), args.seed)
    ref = s.games / s.seconds_reference if s.seconds_reference else float("nan")
    decks = f"{2 * args.random_decks} random decks" if args.random_decks > 0 else f"{len(args.decks)} decks"
    print(f"games: {s.games:,} ({len(all_matchups)} matchups: {decks}, {len(seatings(pilots))} seatings of "
          f"{', '.join(pilots)}, classic/modern), actions checked: {s.actions:,}, seed {args.seed}")
    if args.random_decks > 0:
        n_cards = len(all_matchups[0].cardset.cards)
        print(f"cards recruited in some agreeing game: {len(s.bought)} of {n_cards}")
    print(f"disagreements: {len(s.disagreements)}")
    print("decisions replayed: " + ", ".join(f"{k} {n:,}" for k, n in sorted(s.decisions.items())))
    print("agreeing games ended by: " + ", ".join(f"{k} {n:,}" for k, n in sorted(s.ends.items())))
    print(f"wall time {wall:.0f} s ({s.games / wall:.1f} checked games/s)")
    print(f"fast engine: {fast:,.0f} games/s (its game kernel, one thread); reference engine: {ref:,.1f} "
          f"games/s (its own time); ratio fast/reference: {fast / ref:,.1f}x")
    return 1 if s.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
