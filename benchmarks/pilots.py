"""The pilot ladder: how strong each pilot is against the others, how fast, and how it plays.

For every pilot pair (X, Y) of --pairs, X plays deck A and Y deck B over every ordered pair of distinct
bundled decks (so each pilot plays each deck in each seat), --games seat-swapped games each (games 2k
and 2k+1 share dice and shuffles with the first player swapped). Each deck pair has a seed of its own
(derived from --seed), so that the deck pairs' results are independent and the interval holds; every
pilot pair plays the same seeds. The pilot pairs take turns deck pair by deck pair, so that every row is
played over the same stretch of time and their speeds compare even on a machine whose speed drifts
during the run. Printed per pair, once all are played:

- X's score (wins + half the draws) with its 95% interval (normal, over the seat-swapped pairs' mean
  scores: the pairs are independent, their two games are not);
- games/s of the pair on this machine (all threads, compile excluded) and turns per game;
- for each of the two pilots: the share of its strike rolls made at a closed card (only the attacker
  rolls: no defence, no counter-strike), from the event logs of --logged games per deck pair, and the
  crystals it left unspent after buying its squad, over all decks and over the mixed decks (two
  elements).

When the pairs include baseline's mirror (baseline:baseline, as the default's do), a second table says
where each pair's score comes from: X's mean score over the deck pairs grouped by how deck A fares against
deck B in baseline's mirror (under 20%: deck A much the weaker, ..., 80% and over), and how many points
of X's whole score it loses in each group (what a stronger X could gain there).

    python benchmarks/pilots.py                                  # the default pairs, 400 games a deck pair
    python benchmarks/pilots.py --pairs baseline:greedy --games 1000
    python benchmarks/pilots.py --pairs "search[samples=4]:greedy"     # a pilot with a budget of its own

Figures are of one run on this machine; quote ratios between pilots of the same run (the mirror rows
baseline:baseline and greedy:greedy give each pilot's own games/s; their score is about 50%, each deck
pair being played both ways).
"""
import argparse
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
LISTS = ROOT / "decks" / "lists"
# strength against budget: below and above the default
SMALL_SEARCH = "search[squads=4,candidates=2,samples=1,alternatives=0]"
LARGE_SEARCH = "search[recheck=4,recheck_within=20,deepen=1,squad_turns=8]"
DEFAULT_PAIRS = ("random:baseline", "baseline:greedy", "random:greedy", "search:greedy", "search:baseline",
                 f"{SMALL_SEARCH}:greedy", f"{LARGE_SEARCH}:greedy",
                 "baseline:baseline", "greedy:greedy")     # the mirrors: each pilot's own speed


def deck_elements(matchup, p: int) -> int:
    """How many elements (neutral aside) deck p's list holds."""
    from simcore.kernels.cardtable import ELEMENT

    ids = matchup.decks[p, :int(matchup.sizes[p])]
    return len({int(e) for e in matchup.table.stats[ids, ELEMENT]} - {0})


def rolls_at_closed(matchup, seed: int, games: int) -> np.ndarray:
    """[[rolls, rolls at a closed card] per player] over the first `games` games (seat-swapped), from
    their event logs (simcore.replay)."""
    from simcore.kernels.rules.log import EV_ROLL
    from simcore.kernels.state import G_N_EVENTS, MAX_DECK, events_view, game_view
    from simcore.replay import replay_game

    out = np.zeros((2, 2), np.int64)
    for i in range(games):
        S, _ = replay_game(matchup, seed, i, seat_pairs=True)
        ev = events_view(S)[0, :int(game_view(S)[0, G_N_EVENTS])]
        rolls = ev[ev[:, 0] == EV_ROLL]
        for p in range(2):
            mine = rolls[rolls[:, 1] // MAX_DECK == p]
            out[p] += (len(mine), int((mine[:, 4] < 0).sum()))        # no defence roll: a closed card
    return out


class Row:
    """One pilot pair's figures, gathered deck pair by deck pair."""

    def __init__(self):
        self.pair_scores, self.turns, self.elapsed, self.n_games = [], 0, 0.0, 0
        self.rolls = np.zeros((2, 2), np.int64)
        self.crystals = {"all": np.zeros((2, 2)), "mixed": np.zeros((2, 2))}     # [player] = (sum, games)

    def play(self, x: str, y: str, a: Path, b: Path, pair_seed: int, games: int, logged: int, S, cardset):
        """X on deck a against Y on deck b: `games` seat-swapped games of seed pair_seed."""
        from simcore.executors import play_span
        from simcore.matchup import make_matchup

        m = make_matchup(a, b, ais=(x, y), cardset=cardset)
        t0 = time.perf_counter()
        out, _ = play_span(m.table.stats, m.decks, m.sizes, m.params, S, pair_seed, 0, games,
                           seat_pairs=True)
        self.elapsed += time.perf_counter() - t0
        w = out["winner"]
        score = np.where(w == 0, 1.0, np.where(w == 2, 0.5, 0.0))
        self.pair_scores.append(score.reshape(-1, 2).mean(axis=1))
        self.turns += int(out["turns"].sum())
        self.n_games += len(w)
        for p, side in enumerate("ab"):
            left = out[f"crystals_left_{side}"].astype(float)
            self.crystals["all"][p] += (left.sum(), len(left))
            if deck_elements(m, p) >= 2:
                self.crystals["mixed"][p] += (left.sum(), len(left))
        if logged:
            self.rolls += rolls_at_closed(m, pair_seed, logged)

    def figures(self) -> dict:
        s = np.concatenate(self.pair_scores)
        half = 1.96 * s.std(ddof=1) / np.sqrt(len(s))
        return {"score": s.mean(), "lo": s.mean() - half, "hi": s.mean() + half,
                "by_deck_pair": np.array([p.mean() for p in self.pair_scores]),
                "games_per_s": self.n_games / self.elapsed, "turns": self.turns / self.n_games,
                "closed_share": [r[1] / max(r[0], 1) for r in self.rolls],
                "crystals": {k: [c[p, 0] / max(c[p, 1], 1) for p in range(2)]
                             for k, c in self.crystals.items()}}


def ladder(pairs, games: int, logged: int, seed: int, cardset) -> list[dict]:
    """Every pilot pair's figures over every ordered pair of bundled decks. The pilot pairs take turns
    deck pair by deck pair, so that each row's games/s is measured over the same stretch of time as
    every other row's: a machine whose speed drifts during the run moves every row alike, and the
    ratios between rows (a pilot's speed against another's) hold."""
    from tqdm import tqdm

    from simcore.kernels.state import new_state

    decks = sorted(LISTS.glob("*.txt"))
    deck_pairs = [(a, b) for a in decks for b in decks if a != b]
    S = new_state(min(games // 2, 4096))
    rows = [Row() for _ in pairs]
    for k, (a, b) in enumerate(tqdm(deck_pairs, desc="deck pairs", unit="pair", mininterval=2.0)):
        for (x, y), row in zip(pairs, rows):
            row.play(x, y, a, b, seed * 100_003 + k, games, logged, S, cardset)
    return [row.figures() for row in rows]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", nargs="+", default=list(DEFAULT_PAIRS), metavar="X:Y",
                    help="pilot pairs, X on deck A against Y on deck B (default: %(default)s)")
    ap.add_argument("--games", type=int, default=400, help="seat-swapped games per ordered deck pair (even)")
    ap.add_argument("--logged", type=int, default=4, help="games per deck pair whose event logs are read")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.games < 2 or args.games % 2:
        ap.error("--games must be even and at least 2 (seat-swapped pairs)")
    if args.logged % 2:
        ap.error("--logged must be even (seat-swapped pairs)")
    from decks.errors import InputError
    from simcore.pilots import PILOTS, check_pilot
    pairs = []
    for text in args.pairs:
        x, _, y = text.partition(":")
        try:
            pairs.append((check_pilot(x), check_pilot(y)))
        except InputError:
            ap.error(f"'{text}': pilots are {', '.join(PILOTS)}, a budget in brackets: search[samples=4]")

    from decks.cardset import load_cardset
    from simcore.executors import play_span
    from simcore.kernels.state import new_state
    from simcore.matchup import make_matchup
    cardset = load_cardset()
    warm = make_matchup(LISTS / "steppe.txt", LISTS / "swamps.txt", cardset=cardset)
    print("compiling (or loading) the kernels ...", flush=True)
    play_span(warm.table.stats, warm.decks, warm.sizes, warm.params, new_state(2), 0, 0, 2, seat_pairs=True)

    n_decks = len(list(LISTS.glob("*.txt")))
    print(f"pilot ladder: {n_decks} bundled decks, {n_decks * (n_decks - 1)} ordered deck pairs x "
          f"{args.games} seat-swapped games, seed {args.seed}; closed-roll shares from {args.logged} "
          "logged games per deck pair\n")
    width = max(40, *(len(f"{x} vs {y}") for x, y in pairs))
    head = (f"{'X vs Y':<{width}} {'X scores':>8} {'95% interval':>16} {'games/s':>9} {'turns':>6} "
            f"{'closed rolls X / Y':>19} {'crystals left X / Y (mixed decks)':>34}")
    rows = ladder(pairs, args.games, args.logged, args.seed, cardset)
    print(head)
    print("-" * len(head))
    for (x, y), r in zip(pairs, rows):
        cl, cr = r["closed_share"], r["crystals"]
        print(f"{x + ' vs ' + y:<{width}} {r['score']:>8.1%} [{r['lo']:6.1%}, {r['hi']:6.1%}] "
              f"{r['games_per_s']:>9,.0f} {r['turns']:>6.1f} {cl[0]:>9.0%} / {cl[1]:<7.0%} "
              f"{cr['all'][0]:>8.2f} / {cr['all'][1]:<5.2f} ({cr['mixed'][0]:.2f} / {cr['mixed'][1]:.2f})",
              flush=True)
    if ("baseline", "baseline") in pairs:
        print_by_deck_strength(pairs, rows, rows[pairs.index(("baseline", "baseline"))]["by_deck_pair"], width)


BANDS = (0.0, 0.2, 0.4, 0.6, 0.8)       # deck A's score against deck B in baseline's mirror, from


def print_by_deck_strength(pairs, rows, strength, width):
    """Each pair's score by how deck A fares against deck B in baseline's mirror (`strength`, per deck
    pair): X's mean score in each band, and the points of X's whole score it loses there."""
    band = np.searchsorted(BANDS, strength, side="right") - 1
    names = [f"{lo:.0%}-{hi:.0%}" for lo, hi in zip(BANDS, BANDS[1:])] + [f">={BANDS[-1]:.0%}"]
    print(f"\nX's score by deck A's score against deck B in baseline's mirror (deck pairs: "
          f"{', '.join(f'{n} {int((band == i).sum())}' for i, n in enumerate(names))}); in brackets the "
          "points of X's whole score lost in each band")
    print(f"{'X vs Y':<{width}} " + " ".join(f"{n:>16}" for n in names))
    for (x, y), r in zip(pairs, rows):
        if x == y:
            continue
        s = r["by_deck_pair"]
        cells = []
        for i in range(len(names)):
            m = band == i
            lost = (1 - s[m]).sum() / len(s) * 100
            cells.append(f"{s[m].mean():.1%} ({lost:4.1f})" if m.any() else "-")
        print(f"{x + ' vs ' + y:<{width}} " + " ".join(f"{c:>16}" for c in cells))


if __name__ == "__main__":
    main()
