"""From a finished run or meta folder to the report dict that reports.render turns into HTML,
Markdown, CSV and Parquet: every table of analysis.tables, the run's provenance (seed range, rules
version, card-set hash and `--set` card edits, AI, games, dates, command) and the caveats a reader needs."""
from datetime import datetime
from pathlib import Path

from analysis import tables
from analysis.run import open_run
from simcore.pilots import describe

from .lang import EN, Messages, messages
from .render import report_messages


def provenance(run, games: int, card_tests: int, weights_file=None, T: Messages = EN) -> dict:
    m = run.manifest
    cfg = m["config"]
    first = run.pairs[0][3]
    ai = cfg["ai"]
    ai_text = describe(ai).replace(" vs ", T("build.ai.vs"))
    if run.kind == "run":
        g = cfg["games"]
        seed_range = T("build.range.run", last=g - 1, seed=cfg["seed"])
        title = T("build.title.run", a=run.pairs[0][1], b=run.pairs[0][2])
    else:
        g = cfg["games_per_matchup"]
        seed_range = T.plural("build.range.meta", len(run.pairs), last=g - 1, seed=cfg["seed"])
        title = (T("build.title.meta", n=len(run.decks)) if run.kind == "meta" else
                 T("build.title.matchup", a=run.decks[0], b=run.decks[-1]))
    if run.seat_pairs:
        seed_range += T("build.range.pairs")
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


def notes(run, tier_margin: float = tables.TIER_MARGIN, T: Messages = EN) -> list:
    out = [
        T("build.note.win_rates"),
        T("build.note.mirrors"),
        T("build.note.tiers", margin=f"{100 * tier_margin:g}"),
        T("build.note.nash"),
        T("build.note.comebacks"),
        T("build.note.cards"),
    ]
    if not run.seat_pairs:
        out.insert(1, T("build.note.rolloff"))
    return out


def build_report(run_or_path, weights_file=None, tier_margin: float = tables.TIER_MARGIN, lang: str = "en") -> dict:
    """The report dict of reports.render for a finished run or meta folder, in the language `lang`;
    tier_margin is the practical margin of the tiers (a share of field score, analysis.tables.tier_rule)."""
    T = messages(lang)
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
    prov = provenance(run, games, card_tests, weights_file, T) | {"tier_margin": tier_margin}
    report_notes = notes(run, tier_margin, T)
    if card_tests:
        report_notes.append(T("build.note.card_flags", n=T.count(card_tests)))
    report = {"provenance": prov, "notes": report_notes,
              "tables": t, "path": Path(run.path), "lang": T.lang}
    compared = run.manifest.get("compared_pilots") if run.kind != "run" else None
    if compared:
        add_pilot_dependence(report, run, compared)
    return report


RECORDED_PILOTS = ("meta.json", "sweep.json", "impact.json", "confirm/base/meta.json")   # where a run names its pilots


def also_under(report: dict, root: Path, compared: list) -> None:
    """Name the other pilots a run was played under, with the versions their runs recorded, in the
    provenance's AI line ('... · also under baseline (AI 8)'). The other pilots play after the first, so
    the run finished when the last of them did: that is the provenance's finish (none while one has not)."""
    import json

    named = []
    finishes = [report["provenance"].get("finished")]
    for c in compared:
        version, finished = None, None
        for name in RECORDED_PILOTS:
            path = root / c["folder"] / name
            if path.exists():
                manifest = json.loads(path.read_text(encoding="utf-8"))
                version = manifest["config"]["ai"].get("pilots", {}).get(c["pilot"], {}).get("version")
                finished = manifest.get("finished")
                break
        named.append(f"{c['pilot']} (AI {version})" if version else c["pilot"])
        finishes.append(finished)
    report["provenance"]["ai"] += report_messages(report)("build.ai.also") + ", ".join(named)
    report["provenance"]["finished"] = max(finishes, key=datetime.fromisoformat) if all(finishes) else None


def add_pilot_dependence(report: dict, run, compared: list) -> None:
    """The tables of analysis.pilots for a meta played under other pilots too (its manifest's
    compared_pilots), with what they mean in the notes."""
    from analysis.pilots import pilot_tables

    ref = run.manifest["config"]["ai"]["a"]
    runs = {ref: run, **{c["pilot"]: Path(run.path) / c["folder"] for c in compared}}
    report["tables"].update(pilot_tables(runs))
    report["provenance"]["pilots_compared"] = list(runs)
    also_under(report, Path(run.path), compared)
    report["notes"].append(report_messages(report)("build.note.pilots_meta", pilots=", ".join(runs), ref=ref))


def add_experiment_pilots(report: dict, manifest: dict, answers) -> None:
    """For a sweep, balance or swap test played under other pilots too (its manifest's compared_pilots):
    the pilot_answers table (answers: {pilot spec: folder of its run} -> table, analysis.pilots) and
    what it means in the notes."""
    compared = manifest.get("compared_pilots")
    if not compared:
        return
    T = report_messages(report)
    root = Path(report["path"])
    ref = manifest["config"]["ai"]["a"]
    folders = {ref: root, **{c["pilot"]: root / c["folder"] for c in compared}}
    report["tables"]["pilot_answers"] = answers(folders)
    report["provenance"]["pilots_compared"] = list(folders)
    also_under(report, root, compared)
    what = T("pilots.what." + report["provenance"]["kind"])
    report["notes"].append(T("build.note.pilots_experiment", what=what, pilots=", ".join(folders), ref=ref))


def experiment_provenance(manifest: dict, title: str, kind: str, decks: list, games: int,
                          seed_range: str, T: Messages = EN) -> dict:
    """The provenance of a sweep or balance folder (their manifests hold the config of their runs)."""
    cfg = manifest["config"]
    ai = cfg["ai"]
    return {
        "title": title, "kind": kind, "command": manifest.get("command", ""),
        "created": manifest.get("created"), "finished": manifest.get("finished"), "seed": cfg["seed"],
        "seed_range": seed_range + T("build.range.experiment"),
        "rules_version": cfg["rules_version"], "cardset_sha256": cfg["cardset_sha256"],
        "ai": describe(ai).replace(" vs ", T("build.ai.vs")), "ruleset": cfg["ruleset"],
        "rules": cfg.get("rules", {}), "games": games, "decks": decks, "seat_pairs": True,
        "library_versions": manifest.get("library_versions", {}),
        "card_edits": list(cfg.get("overrides", [])),
    }


def build_sweep_report(path, lang: str = "en") -> dict:
    """The report dict of reports.render for a finished `berserk sweep` folder, in the language `lang`."""
    from analysis.pilots import sweep_answers
    from analysis.sweep import sweep_tables

    T = messages(lang)
    manifest, t = sweep_tables(path)
    cfg = manifest["config"]
    n_runs = len(manifest["runs"])
    g = cfg["games_per_run"]
    deck, card, stat = cfg["deck"]["name"], cfg["card"], T.value(cfg["stat"])
    mode = T("build.sweep.absolute") if cfg["absolute"] else T("build.sweep.relative", base=cfg["base_value"])
    if cfg.get("deck_only"):
        mode += T("build.sweep.deck_only", deck=deck)
    title = T("build.title.sweep", card=card, stat=stat, lo=cfg["values"][0], hi=cfg["values"][-1], deck=deck)
    prov = experiment_provenance(
        manifest, title, "sweep", [deck] + [o["name"] for o in cfg["opponents"]], g * n_runs,
        T("build.range.sweep", last=g - 1, seed=cfg["seed"], n=n_runs), T)
    prov["sweep"] = {"card": card, "stat": cfg["stat"], "deck": deck,
                     "base_value": cfg["base_value"], "values": cfg["values"], "mode": mode,
                     "holders": manifest.get("opponents_holding_card", [])}
    holders = manifest.get("opponents_holding_card", [])
    notes = [
        T("build.note.sweep_crn", card=card, stat=stat, mode=mode, deck=deck, pairs=g // 2),
        T("build.note.sweep_score"),
        T("build.note.sweep_exchange"),
        (T("build.note.sweep_deck_only", deck=deck, card=card) if cfg.get("deck_only") else
         T("build.note.sweep_erratum", who=T("build.note.sweep_holders", card=card, holders=", ".join(holders))
           if holders else T("build.note.sweep_no_holder", card=card))),
    ]
    if cfg["stat"] == "cost":
        notes.append(T("build.note.sweep_cost"))
    report = {"provenance": prov, "notes": notes, "tables": t, "path": Path(path), "lang": T.lang}
    add_experiment_pilots(report, manifest, sweep_answers)
    return report


def build_balance_report(path, lang: str = "en") -> dict:
    """The report dict of reports.render for a finished `berserk balance` folder, in the language `lang`."""
    from analysis.balance import balance_tables
    from analysis.pilots import balance_answers

    T = messages(lang)
    manifest, t = balance_tables(path)
    cfg = manifest["config"]
    lo, hi = cfg["target"]
    names = [d["name"] for d in cfg["decks"]]
    n_pairs = len(names) * (len(names) - 1) // 2
    g = cfg["confirm_games_per_pair"]
    prov = experiment_provenance(
        manifest, T("build.title.balance", n=len(names), lo=f"{100 * lo:.0f}", hi=f"{100 * hi:.0f}"), "balance",
        names, manifest["screen_games"] + manifest["confirm_games"],
        T("build.range.balance", screen_last=cfg["games_per_pair"] - 1, seed=cfg["seed"], last=g - 1,
          confirm_seed=cfg["confirm_seed"], pairs=n_pairs), T)
    prov["balance"] = {"target": [lo, hi], "edits": manifest["edits"]}
    notes = [
        T("build.note.balance_field"),
        T("build.note.balance_search", stats=", ".join(T.value(x) for x in cfg["edit_stats"]),
          games=cfg["games_per_pair"], seed=cfg["seed"], max_edits=cfg["max_edits"]),
        T("build.note.balance_confirm", games=g, seed=cfg["confirm_seed"]),
        T("build.note.balance_erratum"),
        T("build.note.balance_folders"),
    ]
    report = {"provenance": prov, "notes": notes, "tables": t, "path": Path(path), "lang": T.lang}
    add_experiment_pilots(report, manifest,
                          lambda folders: balance_answers(manifest, {k: f / "confirm" for k, f in folders.items()}))
    return report
