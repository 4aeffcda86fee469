"""From a finished run or meta folder to the report dict that reports.render turns into HTML,
Markdown, CSV and Parquet: every table of analysis.tables, the run's provenance (seed range, rules
version, card-set hash and `--set` card edits, AI, games, dates, command) and the caveats a reader needs."""
from pathlib import Path

from analysis import tables
from analysis.run import open_run
from simcore.pilots import describe

KIND_TITLES = {"meta": "Meta report", "matchup": "Matchup report", "run": "Run report"}


def provenance(run, games: int, card_tests: int, weights_file=None) -> dict:
    m = run.manifest
    cfg = m["config"]
    first = run.pairs[0][3]
    ai = cfg["ai"]
    ai_text = describe(ai)
    if run.kind == "run":
        g = cfg["games"]
        seed_range = f"games 0..{g - 1} of seed {cfg['seed']}"
        title = f"{KIND_TITLES['run']}: {run.pairs[0][1]} vs {run.pairs[0][2]}"
    else:
        g = cfg["games_per_matchup"]
        seed_range = (f"games 0..{g - 1} of seed {cfg['seed']} in each of {len(run.pairs)} "
                      f"matchup{'s' if len(run.pairs) != 1 else ''}")
        title = (f"{KIND_TITLES['meta']}: {len(run.decks)} decks" if run.kind == "meta" else
                 f"{KIND_TITLES['matchup']}: {' vs '.join(run.decks)}")
    if run.seat_pairs:
        seed_range += " (seat-swapped pairs: games 2k and 2k+1 share dice and shuffles, first player swapped)"
    return {
        "title": title, "kind": run.kind, "command": m.get("command", ""),
        "created": m.get("created"), "finished": m.get("finished"), "seed": cfg["seed"],
        "seed_range": seed_range, "rules_version": cfg["rules_version"],
        "cardset_sha256": cfg["cardset_sha256"], "ai": ai_text, "ruleset": cfg["ruleset"],
        "rules": cfg.get("rules", {}), "games": games, "decks": list(run.decks),
        "seat_pairs": run.seat_pairs, "library_versions": first.get("library_versions", {}),
        "card_tests": card_tests, "weights_file": str(weights_file) if weights_file else None,
        "card_edits": list(cfg.get("overrides", [])),
    }


def notes(run, tier_margin: float = tables.TIER_MARGIN) -> list:
    out = [
        ("Win rates count draws as half a win; every interval is a Wilson 95% score interval over games "
         "(a field win rate's interval uses the effective n of the weighted mean)."),
        ("Mirror matchups are 50% by construction and are left out of each deck's overall win rate; "
         "the field win rate counts the deck itself at 50%."),
        tables.tier_rule(tier_margin),
        ("The Nash mix is the equilibrium of the symmetric zero-sum game whose payoff is the matchup "
         "matrix: no deck scores above 50% against it; decks outside its support are beaten by it."),
        ("A comeback is a win by the side that lost a creature first (in an earlier turn than the "
         "other side's first loss)."),
        tables.CARD_NOTE,
    ]
    if not run.seat_pairs:
        out.insert(1, "The first player was decided by the seeded roll-off, not by seat-swapped pairs, so "
                      "matchup cells also carry roll-off noise.")
    return out


def build_report(run_or_path, weights_file=None, tier_margin: float = tables.TIER_MARGIN) -> dict:
    """The report dict of reports.render for a finished run or meta folder; tier_margin is the practical
    margin of the tiers (a share of field score, analysis.tables.tier_rule)."""
    run = open_run(run_or_path)
    weights = tables.load_weights(weights_file, run.decks) if weights_file else None
    cards = tables.card_stats(run)
    card_tests = int(cards["tests"][0]) if cards.height else 0
    t = {
        "deck_win_rates": tables.deck_win_rates(run),
        "matchups": tables.matchup_matrix(run),
        "field": tables.field_win_rates(run, weights, tier_margin),
        "nash_mix": tables.nash_mix(run),
        "first_player": tables.first_player(run),
        "turns": tables.turn_histogram(run),
        "end_reasons": tables.end_reasons(run),
        "comebacks": tables.comebacks(run),
        "card_stats": cards,
    }
    games = int(t["turns"]["games"].sum())
    prov = provenance(run, games, card_tests, weights_file) | {"tier_margin": tier_margin}
    report_notes = notes(run, tier_margin)
    if card_tests:
        report_notes.append(
            f"Card flags: {card_tests:,} cards (per deck) were tested at once, so some would look significant "
            "by chance alone; a card is marked significant only if it stays so after the Holm correction "
            f"for {card_tests:,} tests at alpha = 0.05.")
    report = {"provenance": prov, "notes": report_notes,
              "tables": t, "path": Path(run.path)}
    compared = run.manifest.get("compared_pilots") if run.kind != "run" else None
    if compared:
        add_pilot_dependence(report, run, compared)
    return report


RECORDED_PILOTS = ("meta.json", "sweep.json", "impact.json", "confirm/base/meta.json")   # where a run names its pilots


def also_under(report: dict, root: Path, compared: list) -> None:
    """Name the other pilots a run was played under, with the versions their runs recorded, in the
    provenance's AI line ('... · also under baseline (AI 8)')."""
    import json

    named = []
    for c in compared:
        version = None
        for name in RECORDED_PILOTS:
            path = root / c["folder"] / name
            if path.exists():
                pilots = json.loads(path.read_text(encoding="utf-8"))["config"]["ai"].get("pilots", {})
                version = pilots.get(c["pilot"], {}).get("version")
                break
        named.append(f"{c['pilot']} (AI {version})" if version else c["pilot"])
    report["provenance"]["ai"] += " · also under " + ", ".join(named)


def add_pilot_dependence(report: dict, run, compared: list) -> None:
    """The tables of analysis.pilots for a meta played under other pilots too (its manifest's
    compared_pilots), with what they mean in the notes."""
    from analysis.pilots import pilot_tables

    ref = run.manifest["config"]["ai"]["a"]
    runs = {ref: run, **{c["pilot"]: Path(run.path) / c["folder"] for c in compared}}
    report["tables"].update(pilot_tables(runs))
    report["provenance"]["pilots_compared"] = list(runs)
    also_under(report, Path(run.path), compared)
    report["notes"].append(
        f"Pilots: the same meta (decks, seeds, games) was played under {', '.join(runs)}; every other table "
        f"is {ref}'s. Pilot tables: each matchup's score under each pilot (Wilson 95%) and the paired "
        f"difference from {ref} over the same seed pairs (normal 95% interval); a verdict is 'above' or "
        "'below' when the score's interval excludes 50%, else 'even'; tiers are each pilot's own; Kendall's "
        f"tau compares the decks' field win rates under each pilot with {ref}'s (1: the same order). The "
        "other pilots' own reports are in their folders (pilots/*).")


def add_experiment_pilots(report: dict, manifest: dict, answers) -> None:
    """For a sweep, balance or swap test played under other pilots too (its manifest's compared_pilots):
    the pilot_answers table (answers: {pilot spec: folder of its run} -> table, analysis.pilots) and
    what it means in the notes."""
    compared = manifest.get("compared_pilots")
    if not compared:
        return
    root = Path(report["path"])
    ref = manifest["config"]["ai"]["a"]
    folders = {ref: root, **{c["pilot"]: root / c["folder"] for c in compared}}
    report["tables"]["pilot_answers"] = answers(folders)
    report["provenance"]["pilots_compared"] = list(folders)
    also_under(report, root, compared)
    what = {"sweep": "sweep", "balance": "confirmation of the edits", "impact": "swap test"}[report["provenance"]["kind"]]
    report["notes"].append(
        f"Pilots: the same {what} was played under {', '.join(folders)} on the same seeds; "
        f"the figures above are {ref}'s. 'Holds' in the pilots table: the answer's 95% interval lies on the same "
        f"side of 0 (or holds 0) as under {ref}; for a balance, the edits found under {ref} still bring "
        "every deck into the band (or, if they did not under it, closer to it). Each pilot's own run is in "
        "its folder (pilots/*).")


def experiment_provenance(manifest: dict, title: str, kind: str, decks: list, games: int,
                          seed_range: str) -> dict:
    """The provenance of a sweep or balance folder (their manifests hold the config of their runs)."""
    cfg = manifest["config"]
    ai = cfg["ai"]
    return {
        "title": title, "kind": kind, "command": manifest.get("command", ""),
        "created": manifest.get("created"), "finished": manifest.get("finished"), "seed": cfg["seed"],
        "seed_range": seed_range + " (seat-swapped pairs: games 2k and 2k+1 share dice and shuffles, "
                                   "first player swapped; the same seeds for every variant)",
        "rules_version": cfg["rules_version"], "cardset_sha256": cfg["cardset_sha256"],
        "ai": describe(ai), "ruleset": cfg["ruleset"],
        "rules": cfg.get("rules", {}), "games": games, "decks": decks, "seat_pairs": True,
        "library_versions": manifest.get("library_versions", {}),
        "card_edits": list(cfg.get("overrides", [])),
    }


def build_sweep_report(path) -> dict:
    """The report dict of reports.render for a finished `berserk sweep` folder."""
    from analysis.pilots import sweep_answers
    from analysis.sweep import sweep_tables

    manifest, t = sweep_tables(path)
    cfg = manifest["config"]
    n_runs = len(manifest["runs"])
    g = cfg["games_per_run"]
    mode = "absolute values" if cfg["absolute"] else f"relative to its value {cfg['base_value']}"
    if cfg.get("deck_only"):
        mode += f", edited only in {cfg['deck']['name']}"
    title = f"Stat sweep: {cfg['card']} {cfg['stat']} {cfg['values'][0]}..{cfg['values'][-1]} in {cfg['deck']['name']}"
    prov = experiment_provenance(
        manifest, title, "sweep", [cfg["deck"]["name"]] + [o["name"] for o in cfg["opponents"]], g * n_runs,
        f"games 0..{g - 1} of seed {cfg['seed']} in each of {n_runs} runs")
    prov["sweep"] = {"card": cfg["card"], "stat": cfg["stat"], "deck": cfg["deck"]["name"],
                     "base_value": cfg["base_value"], "values": cfg["values"], "mode": mode,
                     "holders": manifest.get("opponents_holding_card", [])}
    holders = manifest.get("opponents_holding_card", [])
    notes = [
        (f"Every value of {cfg['card']}'s {cfg['stat']} ({mode}) plays {cfg['deck']['name']} against each "
         f"opponent on the same {g // 2} seed pairs: common random numbers, so the differences between "
         "values are paired and their intervals are much narrower than those of two independent runs."),
        ("Score: wins plus half the draws over games, with Wilson 95% intervals; the field is the uniform "
         "mean over the opponents (the deck's own mirror left out), its interval Wilson with the effective "
         "n of the mean."),
        ("Exchange rate: the score change per +1 of the stat between neighbouring values (finite "
         "differences), and 'slope': the least-squares slope over the whole range, each with the normal "
         "95% interval of the paired differences over seed pairs (analysis.stats.paired_diff)."),
        (f"Only {cfg['deck']['name']}'s copies of {cfg['card']} are edited (--deck-only: a variant card in "
         "the same deck slots); the opponents play the card as it was."
         if cfg.get("deck_only") else
         "The edit applies to the card everywhere, like an erratum: "
         + (f"opponents holding {cfg['card']} ({', '.join(holders)}) play it edited too."
            if holders else f"no opponent holds {cfg['card']}.")),
    ]
    if cfg["stat"] == "cost":
        notes.append("Cost changes what the squad budget buys (crystals, the flyer cap, gold for elite "
                     "cards) and the 604.1 turn-cap adjudication; the deck list stays legal at every cost "
                     "(legality does not depend on cost); a card costing more than the budget is never bought.")
    report = {"provenance": prov, "notes": notes, "tables": t, "path": Path(path)}
    add_experiment_pilots(report, manifest, sweep_answers)
    return report


def build_balance_report(path) -> dict:
    """The report dict of reports.render for a finished `berserk balance` folder."""
    from analysis.balance import balance_tables
    from analysis.pilots import balance_answers

    manifest, t = balance_tables(path)
    cfg = manifest["config"]
    lo, hi = cfg["target"]
    names = [d["name"] for d in cfg["decks"]]
    n_pairs = len(names) * (len(names) - 1) // 2
    g = cfg["confirm_games_per_pair"]
    prov = experiment_provenance(
        manifest, f"Balance search: {len(names)} decks into {100 * lo:.0f}-{100 * hi:.0f}%", "balance", names,
        manifest["screen_games"] + manifest["confirm_games"],
        f"screening: games 0..{cfg['games_per_pair'] - 1} of seed {cfg['seed']} per pair and candidate; "
        f"confirmation: games 0..{g - 1} of seed {cfg['confirm_seed']} in each of {n_pairs} pairs, unedited "
        "and edited")
    prov["balance"] = {"target": [lo, hi], "edits": manifest["edits"]}
    notes = [
        ("Field win rate: a deck's mean score against the other decks, uniform weights, mirrors left out; "
         "draws count half; intervals are Wilson 95% with the effective n of the mean."),
        (f"Search: greedy. Each step takes the deck farthest from the band and screens every +-1 edit of its "
         f"cards' {', '.join(cfg['edit_stats'])} in the direction that moves it towards the band "
         f"({cfg['games_per_pair']} games per pair on seed {cfg['seed']}, common random numbers: pairs whose "
         "decks do not hold the edited card replay the same games and are reused), keeping the edit that "
         "most lowers the total distance of all decks from the band; it stops when the band is reached, "
         f"after {cfg['max_edits']} edits, or when no edit helps."),
        (f"Confirmation: the unedited and the edited meta, {g} games per pair on a fresh seed "
         f"({cfg['confirm_seed']}), so that the figures carry no selection bias from the screening; the "
         "change is the paired difference per seed pair (same seeds before and after) with its 95% interval."),
        ("Edits apply to the card everywhere, like an erratum: every deck holding the card plays it edited. "
         "A cost edit changes what the squad budget buys; deck lists stay legal (legality does not depend "
         "on cost)."),
        "The confirmation runs are ordinary meta folders (confirm/base, confirm/edited): `berserk report` renders them.",
    ]
    report = {"provenance": prov, "notes": notes, "tables": t, "path": Path(path)}
    add_experiment_pilots(report, manifest,
                          lambda folders: balance_answers(manifest, {k: f / "confirm" for k, f in folders.items()}))
    return report
