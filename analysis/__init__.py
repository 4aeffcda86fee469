"""Polars pipelines over the outcome shards of simcore runs: win rates with Wilson intervals,
splits by seat, end reasons and game length (ANALYTICS.md)."""
from .stats import wilson
from .summary import load_games, summarize

__all__ = ["wilson", "load_games", "summarize"]
