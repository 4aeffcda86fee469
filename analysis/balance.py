"""Balance search: the fewest +-1 stat edits (life, each simple strike value,
cost of the decks' cards) that pull every deck's field win rate into a target band.

A deck's field win rate is its mean score against the other decks under uniform weights, mirrors
left out (as analysis.tables' deck win rate over other decks). The search is greedy:

1. Screen (cheap, in memory): play every pair of decks `games` games as seat-swapped seed pairs on
   one seed (common random numbers), and compute each deck's field win rate. If every deck is in the
   band, stop. Otherwise take the deck farthest out of the band and, for every card of that deck,
   the +-1 edits that help it (below the band: +1 life, +1 weak, medium or strong, -1 cost; above
   it: the opposite), skipping values a card cannot take. Each candidate changes only the pairs whose
   decks hold the card (the other pairs' games are the very same games, so they are reused); it is
   played on the same seeds, and scored by the total distance of all decks from the band. The best
   candidate is kept if it lowers that distance; the search stops when the band is reached, after
   `max_edits` edits, or when no candidate helps.
2. Confirm (on disk, resumable): the unedited meta and the edited one, `confirm_games` games per
   pair, on a fresh seed (seed + 1, so that the figures carry no bias from choosing the edits on the
   screening games), both as meta folders (simcore.meta, `berserk report` renders them). Per deck:
   field win rate before and after with Wilson intervals, and the paired change (per seed pair, the
   deck's field score after minus before, analysis.stats.paired_diff).

Layout: balance.json (config, the search's steps and games, the edits, status), confirm/base/ and
confirm/edited/ (meta folders, no mirrors).
"""
import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import polars as pl

from decks import load_cardset, load_deck, load_decks
from decks.errors import InputError
from decks.overrides import INT_FIELDS, apply_overrides, get_stat

from .stats import paired_diff, weighted_mean_var, wilson_weighted
from .sweep import pair_scores

EDIT_STATS = ("life", "weak", "medium", "strong", "cost")
HELPS = {"life": 1, "weak": 1, "medium": 1, "strong": 1, "cost": -1}   # the +-1 that helps a deck


def parse_target(text: str) -> tuple[float, float]:
    """'0.45:0.55' -> (0.45, 0.55); InputError naming --target otherwise."""
    fix = "write --target LO:HI with 0 <= LO < HI <= 1, e.g. --target 0.45:0.55"
    lo, sep, hi = str(text).partition(":")
    try:
        band = (float(lo), float(hi))
    except ValueError:
        raise InputError("--target", None, f"'{text}' is not LO:HI", fix) from None
    if not sep or not 0.0 <= band[0] < band[1] <= 1.0:
        raise InputError("--target", None, f"'{text}' is not a band of win rates", fix)
    return band


def out_of_band(field: np.ndarray, band) -> float:
    """Total distance of the field win rates from the band (0 when all are inside)."""
    lo, hi = band
    return float(np.sum(np.maximum(0.0, np.maximum(lo - field, field - hi))))


def edit_key(edit: str) -> str:
    """'Орк.life=11' -> 'Орк.life'."""
    return edit.rsplit("=", 1)[0]


def merge_edits(edits, new: str) -> tuple:
    """The edit set with `new` replacing any edit of the same card field."""
    return tuple(sorted([e for e in edits if edit_key(e) != edit_key(new)] + [new]))


class Screen:
    """Plays pairs of decks in memory under card edits, on common random numbers, through an
    executor (simcore.executors), and remembers every pair's per-seed-pair scores: a pair's games
    depend only on the edits of cards its two decks hold."""

    def __init__(self, deck_paths, base_cardset, games, seed, ais, ruleset, rules, executor,
                 shard_size, progress=None):
        from simcore.matchup import make_matchup

        self.n = len(deck_paths)
        self.pairs = [(i, j) for i in range(self.n) for j in range(i + 1, self.n)]
        self.matchups = {p: make_matchup(deck_paths[p[0]], deck_paths[p[1]], ruleset=ruleset, rules=rules,
                                         ais=ais, cardset=base_cardset) for p in self.pairs}
        self.base = base_cardset
        self.names = [load_deck(Path(p), base_cardset).name for p in deck_paths]
        self.cards = [{base_cardset.cards[c].name for c in load_deck(Path(p), base_cardset).card_ids}
                      for p in deck_paths]
        self.games, self.seed, self.executor, self.shard_size = games, seed, executor, shard_size
        self.progress, self.cache, self.played = progress, {}, 0

    def _key(self, pair, edits):
        i, j = pair
        cards = self.cards[i] | self.cards[j]
        return pair, tuple(e for e in edits if edit_key(e).rsplit(".", 1)[0] in cards)

    def scores(self, edit_sets):
        """{edits: {pair: per-seed-pair scores of the pair's first deck}} for every edit set, playing
        (all together) the pairs not seen before."""
        from simcore.config import DEFAULT_BATCH
        from simcore.executors import Chunk, GameSpec
        from simcore.kernels.cardtable import compile_cardset

        specs, chunks, keys, tables = [], [], [], {}
        for edits in edit_sets:
            for pair in self.pairs:
                key = self._key(pair, edits)
                if key in self.cache or key in keys:
                    continue
                if key[1] not in tables:
                    tables[key[1]] = compile_cardset(apply_overrides(self.base, list(key[1]))).stats
                m = self.matchups[pair]
                specs.append(GameSpec(tables[key[1]], m.decks, m.sizes, m.params, self.seed, True, DEFAULT_BATCH))
                keys.append(key)
                for k, lo in enumerate(range(0, self.games, self.shard_size)):
                    chunks.append(Chunk(len(specs) - 1, k, lo, min(self.games, lo + self.shard_size)))
        parts = {}
        for c, games, _ in self.executor.play(specs, chunks, self.progress):
            parts.setdefault(c.run, []).append((c.lo, games["winner"]))
        for r, key in enumerate(keys):
            w = np.concatenate([x for _, x in sorted(parts[r], key=lambda t: t[0])])
            self.cache[key] = np.where(w == 0, 1.0, np.where(w == 2, 0.5, 0.0)).reshape(-1, 2).mean(axis=1)
        self.played += sum(c.hi - c.lo for c in chunks)
        return {edits: {p: self.cache[self._key(p, edits)] for p in self.pairs} for edits in edit_sets}


def field_per_pair(n: int, scores: dict) -> np.ndarray:
    """(decks, seed pairs): each deck's mean score over the other decks, per seed pair."""
    per = [[] for _ in range(n)]
    for (i, j), s in scores.items():
        per[i].append(s)
        per[j].append(1.0 - s)
    return np.array([np.mean(p, axis=0) for p in per])


def candidates(screen: Screen, cardset, deck: int, direction: int, edits):
    """(edit set, edit, card, stat, from, to) of every +-1 edit of the deck's cards in the direction
    that moves the deck towards the band (+1: helps it), that the card can take."""
    out = []
    for card in sorted(screen.cards[deck], key=lambda name: cardset.index(name)):
        c = cardset.get(card)
        for stat in EDIT_STATS:
            now = get_stat(c, stat)
            new = now + HELPS[stat] * direction
            if new < INT_FIELDS[stat]:
                continue
            edit = f"{card}.{stat}={new}"
            out.append((merge_edits(edits, edit), edit, card, stat, now, new))
    return out


def _deck_figures(per_pair: np.ndarray, deck: int, before: np.ndarray | None = None) -> dict:
    """The deck's screened field win rate with its 95% interval over seed pairs, and with `before` (the
    per-seed-pair field scores before an edit) the paired change."""
    score, lo, hi, _ = paired_diff(per_pair[deck])
    out = {"score": score, "score_lo": max(0.0, lo), "score_hi": min(1.0, hi)}
    if before is not None:
        change, clo, chi, _ = paired_diff(per_pair[deck] - before[deck])
        out.update({"change": change, "change_lo": clo, "change_hi": chi})
    return out


def search(screen: Screen, band, max_edits: int, log=None):
    """The greedy search: (edits, steps, reached, field win rates at the start and end of screening).

    Each step is one +-1 edit tried: the best candidate for the deck farthest from the band, with the
    deck's screened figures (its field win rate before with the 95% interval over seed pairs, after,
    and the paired change), and whether it was accepted (it lowers the total distance from the band).
    `log(step)` is called after each step, and `log({"stop": why, "edits": n})` when the search ends
    (why: reached, max_edits, no_help, no_candidates)."""
    edits, steps = (), []
    cur = field_per_pair(screen.n, screen.scores([edits])[edits])
    field = cur.mean(axis=1)
    start = field.copy()

    def stop(why, reached):
        if log:
            log({"stop": why, "edits": len(edits), "reached": reached})
        return edits, steps, reached, start, field

    while True:
        dist = out_of_band(field, band)
        if dist == 0:
            return stop("reached", True)
        if len(steps) >= max_edits:
            return stop("max_edits", False)
        lo, hi = band
        gaps = np.maximum(lo - field, field - hi)
        deck = int(np.argmax(gaps))
        direction = 1 if field[deck] < lo else -1
        cardset = apply_overrides(screen.base, list(edits))
        cands = candidates(screen, cardset, deck, direction, edits)
        before = screen.played
        t0 = time.perf_counter()
        results = screen.scores([c[0] for c in cands])
        best = None
        for cand in cands:
            per_pair = field_per_pair(screen.n, results[cand[0]])
            d = out_of_band(per_pair.mean(axis=1), band)
            if best is None or d < best[0]:
                best = (d, cand, per_pair)
        now = _deck_figures(cur, deck)
        step = {"step": len(steps) + 1, "deck": screen.names[deck], "deck_score": float(field[deck]),
                "deck_score_lo": now["score_lo"], "deck_score_hi": now["score_hi"],
                "direction": "help" if direction > 0 else "weaken", "candidates": len(cands),
                "screen_games": screen.played - before, "seconds": round(time.perf_counter() - t0, 2),
                "out_of_band_before": dist}
        if best is None:
            step.update({"edit": None, "tried": None, "accepted": False, "out_of_band_after": dist})
            steps.append(step)
            if log:
                log(step)
            return stop("no_candidates", False)
        d, (new_edits, edit, card, stat, old, new), per_pair = best
        after = _deck_figures(per_pair, deck, cur)
        accepted = d < dist
        step.update({"edit": edit if accepted else None, "tried": edit, "accepted": accepted, "card": card,
                     "stat": stat, "from_value": old, "to_value": new, "out_of_band_after": d,
                     "deck_score_after": after["score"], "deck_score_after_lo": after["score_lo"],
                     "deck_score_after_hi": after["score_hi"], "change": after["change"],
                     "change_lo": after["change_lo"], "change_hi": after["change_hi"]})
        steps.append(step)
        if log:
            log(step)
        if not accepted:
            return stop("no_help", False)
        edits, cur, field = new_edits, per_pair, per_pair.mean(axis=1)


def run_balance(deck_paths, band, games: int, confirm_games: int, max_edits: int, seed: int, out_dir,
                ais=("greedy", "greedy"), ruleset="classic", rules=None, overrides=(), executor=None,
                threads=None, shard_size=None, command=None, log=None, progress=None,
                resume: bool = False) -> dict:
    """Search, confirm, and write out_dir; returns balance.json's content."""
    from simcore import RULES_VERSION
    from simcore.config import DEFAULT_SHARD
    from simcore.executors import LocalExecutor
    from simcore.pilots import pilots_config
    from simcore.run import file_sha, open_manifest, write_json

    if games % 2 or confirm_games % 2:
        raise ValueError("seat-swapped pairs: games must be even")
    if len(deck_paths) < 3:
        raise InputError("--decks", None, f"{len(deck_paths)} decks: a field needs at least 3",
                         "give three or more deck lists")
    shard_size = shard_size or DEFAULT_SHARD
    shard_size += shard_size % 2
    base = apply_overrides(load_cardset(), overrides)
    decks = load_decks([Path(p) for p in deck_paths], base)
    names = [d.name for d in decks]
    if len(set(names)) < len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise InputError("--decks", None, f"deck name '{dup}' appears twice",
                         "give each deck once, each with its own '# Name'")
    config = {
        "kind": "balance", "target": list(band), "games_per_pair": games, "confirm_games_per_pair": confirm_games,
        "max_edits": max_edits, "seed": seed, "confirm_seed": seed + 1, "shard_size": shard_size,
        "decks": [{"path": str(p), "name": n, "sha256": file_sha(p)} for p, n in zip(deck_paths, names)],
        "rules_version": RULES_VERSION, "cardset_sha256": base.sha256, "overrides": list(base.overrides),
        "ruleset": ruleset, "rules": dict(rules or {}), "ai": pilots_config(ais),
        "edit_stats": list(EDIT_STATS),
    }
    out = Path(out_dir)
    path = out / "balance.json"
    old = open_manifest(out, "balance.json", config, "other decks, target, games, edits, seed, AI, ruleset "
                        "or --set card edits", resume)
    created = old.get("created") if old else None
    executor = executor or LocalExecutor(threads)
    out.mkdir(parents=True, exist_ok=True)
    manifest = {"config": config, "created": created or datetime.now(UTC).isoformat(timespec="seconds"),
                "status": "searching", "command": command or " ".join(sys.argv), "executor": executor.describe()}
    write_json(path, manifest)
    t0 = time.perf_counter()
    screen = Screen(deck_paths, base, games, seed, ais, ruleset, rules, executor, shard_size, progress)
    stopped = {}

    def on_step(step):
        if "stop" in step:
            stopped.update(step)
        if log:
            log(step)

    edits, steps, reached, start, end = search(screen, band, max_edits, on_step)
    manifest.update({"status": "confirming", "edits": list(edits), "steps": steps,
                     "screen_reached": reached, "screen_stopped_because": stopped.get("stop"),
                     "screen_games": screen.played,
                     "screen_seconds": round(time.perf_counter() - t0, 2),
                     "screen_field_start": [float(x) for x in start], "screen_field_end": [float(x) for x in end]})
    write_json(path, manifest)
    confirm(deck_paths, edits, confirm_games, seed + 1, out / "confirm", ais, ruleset, rules, manifest["command"],
            progress, shard_size, executor, base)
    n_pairs = len(deck_paths) * (len(deck_paths) - 1) // 2
    manifest.update({"status": "complete", "finished": datetime.now(UTC).isoformat(timespec="seconds"),
                     "confirm_games": confirm_games * n_pairs * (2 if edits else 1),
                     "library_versions": _library_versions(out / "confirm" / "base")})
    write_json(path, manifest)
    return manifest


def confirm(deck_paths, edits, games: int, seed: int, confirm_dir: Path, ais, ruleset, rules, command, progress,
            shard_size, executor, cardset) -> dict:
    """The confirmation metas (no mirrors, resumable): confirm_dir/base unedited and, with edits,
    confirm_dir/edited; returns the last one's manifest."""
    from simcore.meta import run_meta

    for name, e in [("base", ())] + ([("edited", edits)] if edits else []):
        played = run_meta(deck_paths, games, seed, confirm_dir / name, ais=ais, ruleset=ruleset, rules=rules,
                          mirrors=False, kind="meta", command=command, progress=progress, shard_size=shard_size,
                          executor=executor, cardset=cardset, overrides=list(e))
    return played


def _library_versions(meta_dir: Path) -> dict:
    first = min(meta_dir.glob("matchups/*/run.json"))
    return json.loads(first.read_text(encoding="utf-8")).get("library_versions", {})


def _meta_field(meta_dir: Path, n: int):
    """((decks, seed pairs) field scores, (decks, decks) mean scores) of a confirmation meta folder."""
    manifest = json.loads((meta_dir / "meta.json").read_text(encoding="utf-8"))
    scores = {(e["a"], e["b"]): pair_scores(meta_dir / e["folder"]) for e in manifest["matchups"]}
    matrix = np.full((n, n), np.nan)
    for (i, j), s in scores.items():
        matrix[i, j], matrix[j, i] = s.mean(), 1.0 - s.mean()
    return field_per_pair(n, scores), matrix


def confirmed_decks(confirm_dir: Path, manifest: dict) -> pl.DataFrame:
    """balance_tables' balance_decks from the confirmation metas in confirm_dir (base/, edited/) of the
    balance whose balance.json is `manifest`."""
    cfg = manifest["config"]
    names = [d["name"] for d in cfg["decks"]]
    n, g = len(names), cfg["confirm_games_per_pair"]
    lo_band, hi_band = cfg["target"]
    before, m_before = _meta_field(confirm_dir / "base", n)
    after, m_after = _meta_field(confirm_dir / "edited", n) if manifest["edits"] else (before, m_before)
    rows = []
    for d in range(n):
        row = {"deck": names[d]}
        others = [e for e in range(n) if e != d]
        for label, m in (("before", m_before), ("after", m_after)):
            # uniform over the other decks, each cell over g games (analysis.tables' field rule)
            p, var = weighted_mean_var(m[d, others], [g] * len(others), [1.0] * len(others))
            lo, hi = wilson_weighted(p, var)
            row.update({label: p, f"{label}_lo": lo, f"{label}_hi": hi})
        change, clo, chi, pairs = paired_diff(after[d] - before[d])
        row.update({"change": change, "change_lo": clo, "change_hi": chi, "pairs": pairs,
                    "in_band_before": lo_band <= row["before"] <= hi_band,
                    "in_band_after": lo_band <= row["after"] <= hi_band})
        rows.append(row)
    return pl.DataFrame(rows).with_columns(pl.col("pairs").cast(pl.Int64))


def confirm_under_pilot(out_dir, spec: str, executor=None, threads=None, progress=None) -> dict:
    """Play the confirmation of the finished balance in out_dir (its unedited and edited metas, the same
    seeds and games) under the pilot of `spec` on both sides, into out_dir/pilots/<spec>/confirm:
    whether the edits found under the balance's own pilot hold under another (resumable). Returns the
    last confirmation meta's manifest."""
    from simcore.executors import LocalExecutor
    from simcore.pilots import pilot_folder

    out = Path(out_dir)
    manifest = json.loads((out / "balance.json").read_text(encoding="utf-8"))
    cfg = manifest["config"]
    return confirm([d["path"] for d in cfg["decks"]], manifest["edits"], cfg["confirm_games_per_pair"],
                   cfg["confirm_seed"], out / pilot_folder(spec) / "confirm", (spec, spec), cfg["ruleset"],
                   cfg["rules"], manifest["command"], progress, cfg["shard_size"],
                   executor or LocalExecutor(threads), apply_overrides(load_cardset(), cfg["overrides"]))


def edits_table(steps) -> pl.DataFrame:
    """The edits the search kept, one row per +-1 edit in the order it accepted them: step, card, stat,
    from_value, to_value, edit (+1 or -1) and setting (its --set form)."""
    rows = [{"step": st["step"], "card": st["card"], "stat": st["stat"], "from_value": st["from_value"],
             "to_value": st["to_value"], "edit": f"{st['to_value'] - st['from_value']:+d}", "setting": st["edit"]}
            for st in steps if st.get("edit")]
    return pl.DataFrame(rows, schema={"step": pl.Int64, "card": pl.String, "stat": pl.String, "from_value": pl.Int64,
                                      "to_value": pl.Int64, "edit": pl.String, "setting": pl.String})


def balance_tables(path) -> tuple[dict, dict]:
    """(manifest, tables) of a finished balance folder:
    balance_decks: deck, before (field win rate, unedited), before_lo/hi, after (edited), after_lo/hi
      (Wilson 95% with the effective n of the mean over the other decks), change (paired, per seed
      pair) with change_lo/hi, pairs, in_band_before, in_band_after;
    balance_edits: the edits kept, one row per +-1 edit in the order the search accepted them (step,
      card, stat, from_value, to_value, edit, setting: its --set form; two steps on one card field
      are two rows, and the field's last setting is the one the edited meta plays);
    balance_steps: the greedy steps: step, deck (the one farthest out of the band), its screened
      score, direction, candidates, screen_games, tried (the best candidate), change (the deck's paired
      change with it, change_lo/hi), out_of_band_before/after (total distance of all decks from the
      band), accepted, edit (the one kept; none: no candidate helped);
    balance_summary: target, reached (by the confirmed win rates), edits (the rows of balance_edits),
      games spent."""
    root = Path(path)
    try:
        manifest = json.loads((root / "balance.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        raise InputError(str(root), None, "not a balance folder (no readable balance.json)",
                         "give the --out folder of `berserk balance`") from None
    if manifest.get("status") != "complete":
        raise InputError(str(root / "balance.json"), None, "the balance search is not finished",
                         "run the same command again to finish it")
    cfg = manifest["config"]
    decks = confirmed_decks(root / "confirm", manifest)
    edits = edits_table(manifest["steps"])
    step_schema = {"step": pl.Int64, "deck": pl.String, "deck_score": pl.Float64, "direction": pl.String,
                   "candidates": pl.Int64, "screen_games": pl.Int64, "tried": pl.String, "change": pl.Float64,
                   "change_lo": pl.Float64, "change_hi": pl.Float64, "out_of_band_before": pl.Float64,
                   "out_of_band_after": pl.Float64, "accepted": pl.Boolean, "edit": pl.String}
    steps = pl.DataFrame([{k: s.get(k) for k in step_schema} for s in manifest["steps"]], schema=step_schema)
    n_edits = edits.height                   # one +-1 edit per accepted step, as balance_edits lists them
    summary = pl.DataFrame([{
        "target_lo": cfg["target"][0], "target_hi": cfg["target"][1], "reached": bool(decks["in_band_after"].all()),
        "reached_in_screening": bool(manifest["screen_reached"]), "edits": n_edits,
        "screen_games": manifest["screen_games"], "confirm_games": manifest["confirm_games"],
        "screen_seconds": manifest["screen_seconds"]}])
    return manifest, {"balance_summary": summary, "balance_decks": decks, "balance_edits": edits,
                      "balance_steps": steps}
