"""How soon a game is decided: where a pilot can still gain, in the setup or in the play.

For --games games of greedy against greedy over random pairs of distinct bundled decks (seeded), the
position just before the first action of turns 0, 2, 4 and 6 (the first player's first four) is played
out --playouts times to the end, greedy on both sides, each playout on dice of its own (keyed by who
rolls, as the search pilot's playouts are: ai.search.candidate_value with a horizon past the game's
end). The share of playouts the first player wins is the position's win probability for him. Printed
per turn: the positions looked at, the share decided (one side wins more than 95% of the playouts, or
the game is over) and the share open (20% to 80%).

A game decided before its first action was decided by the setup (the deal, the squads, their
placement): a pilot gains there by choosing its squad (the search pilot's squad search,
ai.squad_search), not by playing better. Measured 2026-12-03 with --games 150 (AI_VERSION 12): see
docs/PILOTS.md, "What each pilot does".

    python benchmarks/decided.py                       # 40 games, 300 playouts a position
    python benchmarks/decided.py --games 100 --seed 3
"""
import argparse
import random
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
LISTS = ROOT / "decks" / "lists"
TURNS = (0, 2, 4, 6)         # the first player's first four turns (the game's first turn is turn 0)
PLAYOUT_KEY = 1 << 20        # the playouts' dice keys start here (any draw number the game never reaches)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40, help="greedy games looked at")
    ap.add_argument("--playouts", type=int, default=300, help="playouts to the end per position")
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()
    if args.games < 1 or args.playouts < 1:
        ap.error("--games and --playouts must be at least 1")

    from decks.cardset import load_cardset
    from simcore.kernels.ai.search import candidate_value, new_scratch
    from simcore.kernels.state import G_ACTIVE, G_TURN, GAME0, PARAM0, PR_SEARCH_HORIZON0
    from simcore.matchup import make_matchup
    from simcore.stepper import play_steps

    print("compiling (or loading) the kernels ...", flush=True)
    cardset = load_cardset()
    decks = sorted(LISTS.glob("*.txt"))
    rng = random.Random(args.seed)
    W = new_scratch()
    found = {t: [] for t in TURNS}
    for gi in range(args.games):
        a, b = rng.sample(decks, 2)
        m = make_matchup(a, b, cardset=cardset)
        C = m.table.stats
        for step in play_steps(C, m.decks, m.sizes, m.params, args.seed, gi):
            if step.before is None:
                continue
            turn = int(step.before[GAME0 + G_TURN])
            if turn > TURNS[-1]:
                break
            if turn not in found or len(found[turn]) > gi:
                continue                    # not a turn looked at, or its first action already was
            R = step.before[None, :].copy()     # the row before greedy's action, which is step.action
            p = int(R[0, GAME0 + G_ACTIVE])
            R[0, PARAM0 + PR_SEARCH_HORIZON0 + p] = 10_000        # to the end of the game
            kind, actor, target = step.action
            v = candidate_value(C, R, 0, W, p, kind, actor, target, -2, PLAYOUT_KEY, args.playouts, 0)
            win = v / 2000.0 + 0.5          # position_value of a playout: +-WIN_VALUE (1000), a draw 0
            found[turn].append(win if p == 0 else 1.0 - win)
        for t in TURNS:                     # a game over before turn t: decided
            if len(found[t]) <= gi:
                found[t].append(np.nan)
    print(f"{args.games} greedy games, {args.playouts} playouts a position, seed {args.seed}\n")
    print(f"{'before turn':<12} {'games':>6} {'decided (>95% one way)':>24} {'open (20-80%)':>14}")
    for t in TURNS:
        v = np.array(found[t])
        over = np.isnan(v)
        v = v[~over]
        decided = (np.sum((v < 0.05) | (v > 0.95)) + over.sum()) / len(found[t])
        print(f"{t:<12} {len(found[t]):>6} {decided:>24.0%} {np.mean((v > 0.2) & (v < 0.8)) if len(v) else 0:>14.0%}")


if __name__ == "__main__":
    main()
