"""From a finished run or meta folder to the report dict that reports.render turns into HTML,
Markdown, CSV and Parquet: every table of analysis.tables, the run's provenance (seed range, rules
version, card-set hash and `--set` card edits, AI, games, dates, command) and the caveats a reader needs."""
from pathlib import Path

from analysis import tables
from analysis.run import open_run

KIND_TITLES = {"meta": "Meta report", "matchup": "Matchup report", "run": "Run report"}


def provenance(run, games: int, card_tests: int, weights_file=None) -> dict:
    m = run.manifest
    cfg = m["config"]
    first = run.pairs[0][3]
    ai = cfg["ai"]
    ai_text = f"{ai['a']} vs {ai['b']}, AI_VERSION {ai['version']}"
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


def notes(run) -> list:
    out = [
        ("Win rates count draws as half a win; every interval is a Wilson 95% score interval over games "
         "(a field win rate's interval uses the effective n of the weighted mean)."),
        ("Mirror matchups are 50% by construction and are left out of each deck's overall win rate; "
         "the field win rate counts the deck itself at 50%."),
        tables.TIER_RULE,
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


def build_report(run_or_path, weights_file=None) -> dict:
    """The report dict of reports.render for a finished run or meta folder."""
    run = open_run(run_or_path)
    weights = tables.load_weights(weights_file, run.decks) if weights_file else None
    cards = tables.card_stats(run)
    card_tests = int(cards["tests"][0]) if cards.height else 0
    t = {
        "deck_win_rates": tables.deck_win_rates(run),
        "matchups": tables.matchup_matrix(run),
        "field": tables.field_win_rates(run, weights),
        "nash_mix": tables.nash_mix(run),
        "first_player": tables.first_player(run),
        "turns": tables.turn_histogram(run),
        "end_reasons": tables.end_reasons(run),
        "comebacks": tables.comebacks(run),
        "card_stats": cards,
    }
    games = int(t["turns"]["games"].sum())
    return {"provenance": provenance(run, games, card_tests, weights_file), "notes": notes(run),
            "tables": t, "path": Path(run.path)}
