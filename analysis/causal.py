"""Causal card impact (docs/ANALYTICS.md, "Card level, causal"): swap tests on
common random numbers, with a sequential test (SPRT) that stops as soon as it decides.

A swap test plays a deck D and its variant D' (card c replaced by c' in every slot that held c)
against the same opponents, on the same seeds and seats, through the ordinary run machinery
(simcore.run: seat-swapped pairs, shards, any executor, resume). The folder of a test:

    impact.json        config (decks with hashes, swaps and any added card, seed, budget, chunk,
                       SPRT settings, AIs, ruleset, rules and card-set versions), status, command,
                       sessions, and per swap the SPRT's path (games, LLR) and verdict
    base/NN/           the run of D against opponent NN (player 1 = D), `berserk simulate --seat-pairs`
    swaps/KK/NN/       the run of the variant KK against opponent NN
    index.html, report.md, tables/*.csv, *.parquet   the report (reports.impact)

Common random numbers (part 1). Every random number of a game is a pure function of (master seed,
game index, stream, draw number) (simcore.kernels.rng): one dice stream per game, one shuffle stream per
deck, one AI stream per seat. The variant keeps each card's deck slot, and a shuffle of a deck of n
cards draws the same n - 1 numbers whatever the cards are, so base and variant are dealt the same
slots on every seed: the same 15 cards, except that c' stands where c stood. Everything up to the
first decision that the swapped card changes (a mulligan, a purchase, a placement, a move, an
attack) is identical, die for die. After that the streams stay aligned by draw number but not by
event: the k-th die of the game is the same number in both runs, yet it may be rolled for another
attack, and the AI streams (used by the random policy only; greedy draws nothing) likewise. So the
games agree exactly until play diverges and are then re-randomized, still sharing the deal, the
squads bought before the divergence and the seats. Swapping a card for itself gives exactly zero
difference on every game (tested).

Impact (part 2): per seed pair k (games 2k and 2k+1, seats swapped) and opponent j, the pair score
of D is s = (wins + draws / 2) / 2 over the two games, and d_kj = s(D') - s(D). Impact against j is
the mean of d_kj with the paired normal interval (analysis.stats.paired_diff); against the field
(uniform over the opponents) it is the mean of d_k = mean_j d_kj. Pairing saves games because d has
a far smaller variance than the difference of two independent runs: the report gives
var(s(D)) + var(s(D')) over var(d), the number of games two unpaired runs would need for the same
interval width, and the games saved.

SPRT on the field impact, one test per swap, on seed pairs: H0: impact = h0 against H1: impact = h1
(win-rate units: 0.03 = 3 percentage points), the generalized SPRT with a normal model and the
empirical variance (analysis.stats.sprt_llr), Wald's bounds ln(beta/(1-alpha)) and
ln((1-beta)/alpha). Games are played in chunks (shards) of `chunk` games per opponent; after each
chunk every undecided swap's LLR is updated, and a swap whose LLR crosses a bound stops (sequential
mode, `max_games`), or keeps playing to the fixed budget with its verdict recorded (`games`).
With several swaps (`--all-cards`) the fixed-sample p-values of the field impacts are Holm-corrected
over all swaps (the number of tests is printed); the SPRTs are each at alpha and beta.
"""
import json
import math
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import polars as pl

from decks import load_cardset, load_deck
from decks.errors import InputError
from decks.names import unknown_card
from decks.variants import card_description, is_vanilla, vanilla_copy, with_cards
from simcore.config import SPRT_ALPHA, SPRT_BETA, SPRT_CHUNK, SPRT_H1, SPRT_MAX_GAMES

from . import stats

FIELD = "field (uniform)"
VERDICTS = {"H1": "H1 accepted", "H0": "H0 accepted", "": "undecided"}


@dataclass(frozen=True)
class Swap:
    card: str                   # as spelt in the card set
    replacement: str
    added: dict | None = None   # the replacement's definition when it is not a card of the set file


def _card_name(cardset, name: str, option: str) -> str:
    card = cardset.get(name)
    if card is None:
        raise InputError(option, None, unknown_card(name, cardset), "write the name as printed (see `berserk cards`)")
    return card.name


def plan_swaps(deck_path, cardset, card=None, replace=None, all_cards=False):
    """(card set with the fillers added, [Swap], [(card, why skipped)]).

    Filler rule: `replace` names the replacement; without it, a card is replaced by its vanilla copy
    (decks.variants.vanilla_copy: the same element, cost, elite, unique, kind, life, movement and
    strike, no keyword or ability), so the impact is what the card's text is worth on its body.
    With `all_cards`, every distinct card of the deck is swapped, except the filler itself and, for
    vanilla copies, cards that are already vanilla (their copy would play exactly like them)."""
    if card and all_cards:
        raise InputError("--card", None, "--card and --all-cards exclude each other",
                         "name one card with --card, or test every card with --all-cards")
    if not card and not all_cards:
        raise InputError("--card", None, "no card to swap", "name one with --card, or use --all-cards")
    deck = load_deck(deck_path, cardset)
    in_deck = list(dict.fromkeys(cardset.cards[i].name for i in deck.card_ids))
    replacement = _card_name(cardset, replace, "--replace") if replace else None
    if card:
        name = _card_name(cardset, card, "--card")
        if name not in in_deck:
            raise InputError(deck.path, None, f"'{name}' is not in the deck",
                             f"choose one of its cards: {', '.join(in_deck)}")
        targets = [name]
    else:
        targets = in_deck
    swaps, skipped, added = [], [], []
    for name in targets:
        if replacement:
            if all_cards and replacement == name:
                skipped.append((name, "it is the filler itself"))
                continue
            swaps.append(Swap(name, replacement))
            continue
        c = cardset.get(name)
        if all_cards and is_vanilla(c):
            skipped.append((name, "already vanilla: its vanilla copy plays exactly like it"))
            continue
        v = vanilla_copy(c)
        added.append(v)
        swaps.append(Swap(name, v.name, card_description(v)))
    if not swaps:
        raise InputError(deck.path, None, "no card of the deck is left to swap",
                         "choose another --replace, or a deck with cards that have text")
    return with_cards(cardset, added), swaps, skipped


def _check_settings(games, max_games, chunk, alpha, beta, h0, h1):
    try:
        bounds = stats.sprt_bounds(alpha, beta)
    except ValueError:
        bad = "--alpha" if not 0 < alpha < 0.5 else "--beta"
        raise InputError(bad, None, f"{bad} must lie strictly between 0 and 0.5 (got alpha {alpha}, "
                         f"beta {beta})", "write e.g. --alpha 0.05 --beta 0.05") from None
    for name, h in (("--h0", h0), ("--h1", h1)):
        if not -1.0 < h < 1.0:
            raise InputError(name, None, f"{name} {h} is not a win-rate difference in (-1, 1)",
                             "write the effect in win-rate units, e.g. --h1 0.03 for 3 percentage points")
    if h0 == h1:
        raise InputError("--h1", None, f"H0 and H1 are the same effect ({h0})",
                         "choose --h1 different from --h0, e.g. --h0 0 --h1 0.03")
    budget = games or max_games
    for name, n in (("--games" if games else "--max-games", budget), ("--chunk", chunk)):
        if n < 2:
            raise InputError(name, None, f"{name} {n} is below 2 (a seat-swapped pair)",
                             f"write an even {name} of at least 2")
    return bounds


def impact_config(deck_path, opponents, cardset, swaps, budget, chunk, sequential, seed, alpha, beta,
                  h0, h1, ais, ruleset, rules) -> dict:
    """What identifies an impact test: the same config resumes, a different one is refused."""
    from simcore import RULES_VERSION
    from simcore.pilots import pilots_config
    from simcore.run import file_sha, with_overrides

    return with_overrides({
        "kind": "impact", "deck": {"path": str(deck_path), "sha256": file_sha(deck_path)},
        "opponents": [{"path": str(p), "sha256": file_sha(p)} for p in opponents],
        "swaps": [{"card": s.card, "replacement": s.replacement, "added": s.added} for s in swaps],
        "games_per_opponent": budget, "chunk": chunk, "sequential": sequential, "seed": seed,
        "seat_pairs": True, "sprt": {"alpha": alpha, "beta": beta, "h0": h0, "h1": h1,
                                     "units": "win rate (draws half); 0.01 = 1 percentage point"},
        "rules_version": RULES_VERSION, "cardset_sha256": cardset.sha256, "ruleset": ruleset,
        "rules": dict(rules or {}),
        "ai": pilots_config(ais),
    }, cardset)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def base_folder(j: int) -> str:
    return f"base/{j:02d}"


def swap_folder(k: int, j: int) -> str:
    return f"swaps/{k:02d}/{j:02d}"


def _pair_scores(run_dir: Path, shards) -> np.ndarray:
    """Deck A's score per seed pair (games 2k, 2k+1; draws half) over the given shards, in game order."""
    parts = []
    for k in shards:
        g = pl.read_parquet(run_dir / "games" / f"shard-{k:05d}.parquet", columns=["game", "winner"])
        parts.append(g.sort("game")["winner"].to_numpy())
    w = np.concatenate(parts) if parts else np.zeros(0, np.int8)
    score = (w == 0) + 0.5 * (w == 2)
    return score.reshape(-1, 2).mean(axis=1)


def run_impact(deck, opponents, card=None, replace=None, all_cards=False, *, games=None,
               max_games=SPRT_MAX_GAMES, chunk=SPRT_CHUNK, seed=0, alpha=SPRT_ALPHA, beta=SPRT_BETA, h0=0.0,
               h1=None, out=None, cardset=None, overrides=(), ais=("greedy", "greedy"), ruleset="classic",
               rules=None,
               executor=None, threads=None, progress=None, command=None, resume=False) -> dict:
    """Play a swap test (see the module docstring) into `out` and return its manifest (impact.json).

    games: a fixed budget per opponent (every swap plays it all; the SPRT verdict is recorded where
    it was reached); otherwise sequential: each swap stops at its SPRT decision or at max_games.
    h1 defaults to +SPRT_H1 for a named replacement and -SPRT_H1 for vanilla fillers (H1: the
    card's text is worth SPRT_H1). An odd budget or chunk is rounded up to even. `overrides`:
    `--set CARD.FIELD=VALUE` card edits (decks.overrides) applied to `cardset` (default: the bundled
    set) for the base, the variants and the opponents alike; recorded in impact.json."""
    from simcore.config import DEFAULT_BATCH
    from simcore.executors import LocalExecutor
    from simcore.matchup import make_matchup, swap_cards
    from simcore.run import RunFolder, open_manifest, play_shards, write_json

    if h1 is None:
        h1 = SPRT_H1 if replace and not all_cards else -SPRT_H1
    lower, upper = _check_settings(games, max_games, chunk, alpha, beta, h0, h1)
    budget = (games or max_games) + (games or max_games) % 2
    chunk = min(chunk + chunk % 2, budget)
    sequential = not games
    from decks.overrides import apply_overrides

    from .sweep import sweep_opponents
    cardset = apply_overrides(cardset or load_cardset(), overrides)
    cardset, swaps, skipped = plan_swaps(deck, cardset, card, replace, all_cards)
    # as in `berserk sweep`: the deck itself (by path or name) and repeats are left out
    opponents = [p for p, _ in sweep_opponents(deck, load_deck(deck, cardset), opponents, cardset)]
    base = [make_matchup(deck, o, ruleset=ruleset, rules=rules, ais=ais, cardset=cardset) for o in opponents]
    variants = []
    for s in swaps:
        ids = {cardset.index(s.card): cardset.index(s.replacement)}
        desc = {"added": s.added} if s.added else {}
        variants.append([swap_cards(m, 0, ids, desc) for m in base])
    config = impact_config(deck, opponents, cardset, swaps, budget, chunk, sequential, seed, alpha, beta,
                           h0, h1, ais, ruleset, rules)
    out = Path(out or default_folder(deck, card, replace, all_cards, budget, seed))
    manifest_path = out / "impact.json"
    manifest = open_manifest(out, "impact.json", config, "other decks, swaps, seed, budget, chunk, SPRT "
                             "settings, AI, ruleset, card set or --set edits", resume)
    executor = executor or LocalExecutor(threads)
    out.mkdir(parents=True, exist_ok=True)
    session = {"started": _now(), "executor": executor.describe()}
    manifest = manifest or {"config": config, "created": session["started"]}
    manifest.update({"status": "running", "command": command or " ".join(sys.argv),
                     "skipped": [{"card": c, "why": why} for c, why in skipped]})
    manifest["sessions"] = [*manifest.get("sessions", []), session]
    write_json(manifest_path, manifest)

    def folder(m, where):
        return RunFolder(m, budget, seed, out / where, chunk, DEFAULT_BATCH, seat_pairs=True,
                         command=manifest["command"], executor=session["executor"])

    runs = [folder(m, base_folder(j)) for j, m in enumerate(base)]
    var_runs = [[folder(m, swap_folder(k, j)) for j, m in enumerate(row)] for k, row in enumerate(variants)]
    for row in var_runs:
        runs += row
    n_opp = len(opponents)
    state = [{"card": s.card, "replacement": s.replacement, "games": 0, "n": 0, "sum": 0.0, "sum_sq": 0.0,
              "llr": 0.0, "verdict": "", "decided_games": None, "path": []} for s in swaps]
    n_steps = runs[0].n_shards
    for step in range(n_steps):
        active = [k for k, st in enumerate(state) if not (sequential and st["verdict"])]
        if not active:
            break
        wanted = [(j, step) for j in range(n_opp)]
        wanted += [(n_opp * (1 + k) + j, step) for k in active for j in range(n_opp)]
        if progress:
            on_disk = sum(runs[i].bounds(step)[1] - runs[i].bounds(step)[0] for i, s in wanted
                          if s in runs[i].done)
            if on_disk:
                getattr(progress, "found", progress)(on_disk)
        play_shards(runs, wanted, executor, progress)
        b = np.stack([_pair_scores(r.out, [step]) for r in runs[:n_opp]])
        games_so_far = runs[0].bounds(step)[1]
        for k in active:
            st = state[k]
            v = np.stack([_pair_scores(r.out, [step]) for r in var_runs[k]])
            d = (v - b).mean(axis=0)
            st["n"] += d.size
            st["sum"] += float(d.sum())
            st["sum_sq"] += float((d * d).sum())
            st["games"] = games_so_far
            st["llr"] = stats.sprt_llr(st["n"], st["sum"], st["sum_sq"], h0, h1)
            st["path"].append([games_so_far, round(st["llr"], 6)])
            verdict = stats.sprt_verdict(st["llr"], lower, upper)
            if verdict and not st["verdict"]:
                st["verdict"], st["decided_games"] = verdict, games_so_far
    for r in runs:
        if r.missing():
            r.stop("the SPRT decided" if sequential else "not played")
        else:
            r.finish()
    manifest.update({
        "status": "complete", "finished": _now(), "sprt_bounds": [lower, upper],
        "results": [{k: st[k] for k in ("card", "replacement", "games", "llr", "verdict", "decided_games",
                                        "path")} for st in state],
        "games_played": int(sum(r.games_on_disk() for r in runs))})
    session.update({"finished": manifest["finished"], "games_played_this_session":
                    int(sum(r.played for r in runs)), "seconds": round(sum(r.seconds for r in runs), 3)})
    write_json(manifest_path, manifest)
    return manifest


def default_folder(deck, card, replace, all_cards, budget, seed) -> str:
    what = "all-cards" if all_cards else (card + (f"-to-{replace}" if replace else "-to-vanilla"))
    what = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in what)
    return f"runs/impact-{Path(deck).stem}-{what}-{budget}g-seed{seed}"


def _read_impact(path) -> dict:
    p = Path(path) / "impact.json"
    try:
        manifest = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise InputError(str(p), None, f"unreadable impact manifest ({e.__class__.__name__})",
                         "give the --out folder of `berserk impact`") from None
    if manifest.get("status") != "complete":
        raise InputError(str(p), None, f"the impact test is not finished (status '{manifest.get('status')}')",
                         "run the same command again to resume it, then report")
    return manifest


def _opponent_names(config) -> list:
    cs = load_cardset()
    names = []
    for o in config["opponents"]:
        try:
            name = load_deck(o["path"], cs, validate=False).name
        except InputError:
            name = Path(o["path"]).stem
        while name in names:
            name += "'"
        names.append(name)
    return names


def impact_tables(path) -> dict:
    """The tables of a finished impact folder, as polars frames:

    swaps                one row per swap: field impact with its paired interval, base and variant
                         field scores, p-value, Holm flag and the number of tests, SPRT verdict,
                         games to the decision, LLR and bounds, and what pairing saved
    impact_by_opponent   one row per swap and opponent (and the field): impact and interval
    sprt_path            the LLR after each chunk, per swap (with the bounds)
    """
    path = Path(path)
    manifest = _read_impact(path)
    config = manifest["config"]
    opp = _opponent_names(config)
    chunk = config["chunk"]
    lower, upper = manifest["sprt_bounds"]
    results = manifest["results"]
    longest = max(r["games"] for r in results)
    base = [_pair_scores(path / base_folder(j), range(-(-longest // chunk))) for j in range(len(opp))]
    rows, by_opp, steps = [], [], []
    for k, r in enumerate(results):
        pairs = r["games"] // 2
        b = np.stack([x[:pairs] for x in base])
        v = np.stack([_pair_scores(path / swap_folder(k, j), range(-(-r["games"] // chunk)))[:pairs]
                      for j in range(len(opp))])
        label = f"{r['card']} → {r['replacement']}"
        for j, name in [*enumerate(opp), (None, FIELD)]:
            bj, vj = (b.mean(axis=0), v.mean(axis=0)) if j is None else (b[j], v[j])
            d = vj - bj
            mean, lo, hi, n = stats.paired_diff(d)
            var_d = float(d.var(ddof=1)) if n > 1 else math.nan
            var_u = float(bj.var(ddof=1) + vj.var(ddof=1)) if n > 1 else math.nan
            ratio = var_u / var_d if var_d > 0 else math.nan
            row = {"swap": label, "card": r["card"], "replacement": r["replacement"], "opponent": name,
                   "games": 2 * n, "base_score": float(bj.mean()), "variant_score": float(vj.mean()),
                   "impact": mean, "impact_lo": lo, "impact_hi": hi, "sd_paired": math.sqrt(var_d)
                   if not math.isnan(var_d) else math.nan, "variance_ratio": ratio}
            by_opp.append(row)
        field = by_opp[-1]
        ratio = field["variance_ratio"]
        unpaired = math.nan if math.isnan(ratio) else 2 * pairs * ratio
        rows.append({
            "swap": label, "card": r["card"], "replacement": r["replacement"],
            "games": r["games"], "opponents": len(opp),
            "base_score": field["base_score"], "variant_score": field["variant_score"],
            "impact": field["impact"], "impact_lo": field["impact_lo"], "impact_hi": field["impact_hi"],
            "p_value": stats.paired_p(v.mean(axis=0) - b.mean(axis=0)),
            "verdict": VERDICTS[r["verdict"]], "decided_games": r["decided_games"],
            "llr": r["llr"], "llr_lower": lower, "llr_upper": upper,
            "variance_ratio": field["variance_ratio"],
            "unpaired_games": None if math.isnan(unpaired) else math.ceil(unpaired),
            "games_saved": None if math.isnan(unpaired) else round(2 * len(opp) * (unpaired - r["games"])),
        })
        steps += [{"swap": label, "card": r["card"], "games": g, "llr": llr, "llr_lower": lower, "llr_upper": upper}
                  for g, llr in r["path"]]
    flagged, adjusted = stats.holm([r["p_value"] for r in rows])
    for r, f, a in zip(rows, flagged, adjusted):
        r.update({"p_holm": float(a), "flagged": bool(f), "tests": len(rows)})
    # counts that may all be None (every SPRT undecided): typed, so that the CSV reads back as the Parquet
    counts = {c: pl.Int64 for c in ("decided_games", "unpaired_games", "games_saved")}
    return {"swaps": pl.DataFrame(rows, infer_schema_length=None, schema_overrides=counts),
            "impact_by_opponent": pl.DataFrame(by_opp, infer_schema_length=None),
            "sprt_path": pl.DataFrame(steps, schema={"swap": pl.Utf8, "card": pl.Utf8, "games": pl.Int64,
                                                    "llr": pl.Float64, "llr_lower": pl.Float64,
                                                    "llr_upper": pl.Float64})}


def impact(deck, vs, card=None, replace=None, all_cards=False, out=None, **options) -> dict:
    """Run (or resume) a swap test and return its tables (see impact_tables), for notebooks:

        import analysis
        t = analysis.impact("decks/lists/steppe.txt", ["decks/lists/swamps.txt"], card="Арацент",
                            replace="Кочевник", max_games=20000, out="runs/impact-demo")
        t["swaps"]; t["impact_by_opponent"]

    Options are those of run_impact (games, max_games, chunk, seed, alpha, beta, h0, h1, cardset,
    overrides, ais, ruleset, rules, executor, threads, progress)."""
    if out is None:
        budget = options.get("games") or options.get("max_games") or SPRT_MAX_GAMES
        out = default_folder(deck, card, replace, all_cards, budget + budget % 2, options.get("seed", 0))
    run_impact(deck, vs, card, replace, all_cards, out=out, **options)
    return impact_tables(out)
