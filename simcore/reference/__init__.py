"""The reference engine: the rules of docs/RULES.md written plainly in Python (objects, no numpy, no numba),
a second statement of the rules that the fast Numba engine (simcore.kernels.rules) is tested against.

- `board`: the battlefield, one card of a game (`GameCard`), delayed abilities, the dice table;
- `game`: players' resources, setup, turns, attacks, life and destruction (sections 2-9);
- `abilities`: the table-driven interpreter of the ability vocabulary (section 8);
- `rng`: the game's random streams (Philox4x32-10) in plain Python: the reference draws its own dice
  and shuffles, so dice use is checked too;
- `differential`: replays the fast engine's games action by action and compares the whole state.
- `scenario`: plays a scenario file (docs/SCENARIOS.md) and prints the contract's JSON, as
  `berserk scenario --engine reference`; tests/test_scenarios_both_engines.py compares every file's.

Nothing here has kernels: it lies outside simcore/kernels, so editing it recompiles nothing.
"""
from .board import Disagreement
from .differential import first_difference, play_checked
from .game import Action, Game

__all__ = ["Action", "Disagreement", "Game", "first_difference", "play_checked"]
