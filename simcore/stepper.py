"""A Python driver of the fast engine, one action at a time: the same game as `simcore.kernels.game.play_game`
(setup, then the active player's policy and `apply_action` until the game ends), with a look at the
state after setup and after every action.

It calls the njit kernels from Python on a one-row state, so it is slow next to the batch runner
(every call crosses into Numba) and is meant for tests: invariants on random play, comparison with
a reference engine. No kernels live here (it is outside simcore/kernels: editing it does not
recompile the engine). Setup (roll-off, deal, mulligans, purchases, placement) is one kernel call;
the finest look inside a turn is after each action, since an action's rule effects (combat, deaths,
triggers, priority windows, the end and start phases) run inside `apply_action`.
"""
from dataclasses import dataclass

import numpy as np

from .kernels.ai.search import pilot_action
from .kernels.game import new_action_buffer, new_scratch, setup
from .kernels.rules.setup import init_game
from .kernels.rules.turn import apply_action, start_turn
from .kernels.state import (
    G_ACTIVE,
    G_ERROR,
    G_FIRST,
    G_WINNER,
    GAME0,
    new_state,
    set_params,
)
from .limits import check_games


@dataclass
class Step:
    """One look at a game: `S` is the live one-row state (row 0) after the step; `action` the
    (kind, actor, target) just applied (None after setup) and `before` a copy of row 0 taken just
    before it (None after setup); `index` counts the actions applied so far."""
    S: np.ndarray
    index: int
    action: tuple | None = None
    before: np.ndarray | None = None


_SCRATCH = new_scratch()


def engine_policy(C, S, buf):
    """The pilot of the seat to move as the run would use it (from the params)."""
    return pilot_action(C, S, 0, buf, _SCRATCH)


def play_steps(stats, decks, sizes, params, seed: int, game_index: int, log_capacity: int = 0,
               policy=None, max_actions: int = 1_000_000):
    """Yield a Step after setup and after every action of game `game_index` of `seed` (the game
    the batch runner plays with these card table, decks and params). `policy(C, S, buf)` returns
    the next (kind, actor, target) (default: `engine_policy`, the seats' AIs). Raises RuntimeError
    if the game is still running after `max_actions` actions, limits.EngineLimitError if it stopped
    at an engine limit."""
    S = new_state(1, log_capacity)
    set_params(S, params)
    buf = new_action_buffer()
    policy = policy or engine_policy
    init_game(stats, S, 0, decks, sizes, np.uint64(seed), np.int64(game_index))
    setup(stats, S, 0, _SCRATCH)
    yield Step(S, 0)
    if S[0, GAME0 + G_WINNER] >= 0:
        return
    S[0, GAME0 + G_ACTIVE] = S[0, GAME0 + G_FIRST]
    start_turn(stats, S, 0)
    n = 0
    while S[0, GAME0 + G_WINNER] < 0 and S[0, GAME0 + G_ERROR] == 0:
        if n >= max_actions:
            raise RuntimeError(f"game {game_index} of seed {seed} still runs after {max_actions} actions")
        kind, actor, target = (int(x) for x in policy(stats, S, buf))
        before = S[0].copy()
        apply_action(stats, S, 0, kind, actor, target, -2, -1)
        n += 1
        yield Step(S, n, (kind, actor, target), before)
    check_games(S[:1, GAME0 + G_ERROR], lambda i: game_index, seed)
