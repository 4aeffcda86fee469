"""Polars pipelines over the outcome shards of simcore runs (docs/ANALYTICS.md): deck win rates, the
matchup matrix, first-player advantage, field win rates with the Nash mix and tiers, game shape and
observational card statistics, each with n and a 95% interval.

The Python API, for notebooks (every function takes a run or meta folder path, or open_run's Run,
and returns a polars.DataFrame; `.to_pandas()` for pandas):

    import analysis
    run = analysis.open_run("runs/meta-9d-20000g-seed0")
    analysis.matchup_matrix(run)      # long form; analysis.matchup_grid(run) is deck x opponent
    analysis.field_win_rates(run, weights=analysis.load_weights("w.csv", run.decks))

Swap tests (analysis.causal): `analysis.impact(deck, opponents, card=..., replace=...)` plays (or
resumes) a paired swap test and returns its tables; `analysis.impact_tables(folder)` reads a finished one.
"""
from .causal import impact, impact_tables
from .run import Run, open_run
from .stats import wilson
from .summary import load_games, summarize
from .tables import (
    card_stats,
    comebacks,
    deck_win_rates,
    end_reasons,
    field_win_rates,
    first_player,
    load_weights,
    matchup_grid,
    matchup_matrix,
    nash_mix,
    turn_histogram,
)

__all__ = [
    "Run",
    "card_stats",
    "comebacks",
    "deck_win_rates",
    "end_reasons",
    "field_win_rates",
    "first_player",
    "impact",
    "impact_tables",
    "load_games",
    "load_weights",
    "matchup_grid",
    "matchup_matrix",
    "nash_mix",
    "open_run",
    "summarize",
    "turn_histogram",
    "wilson",
]
