"""The engine's limits (docs/RULES.md, "Engine limits"): a game that would go past one stops with an
error code in its row (G_ERROR) instead of playing another game silently; whoever plays games
(executors.play_span, the replay's stepper, the scenario harness) raises EngineLimitError naming the
limit, the game and what to do."""


def engine_limits() -> dict:
    """{error code: what the limit is}: the codes a game row's G_ERROR may hold."""
    from .kernels.state import (
        ERR_ACTIONS_FULL,
        ERR_DELAYED_FULL,
        ERR_GAIN_FULL,
        ERR_LOG_FULL,
        ERR_STONE_FULL,
        ERR_WINDOW_STEPS,
        GAIN_MAX,
        MAX_ACTIONS,
        MAX_DELAYED,
        STONE_MAX,
    )
    return {
        ERR_DELAYED_FULL: (f"more than {MAX_DELAYED} delayed abilities (traps, boosts, explosions) waited at "
                           "once, the size of the engine's table (118)"),
        ERR_WINDOW_STEPS: ("a priority window went past the ruleset's window_steps_max declarations and passes; "
                           "raise it with --rule window_steps_max=N"),
        ERR_GAIN_FULL: (f"a gain until the end of a turn (strike, OvA, ranged, range, roll bonus, wounds taken "
                        f"this turn, life lowered) went past {GAIN_MAX}, the most its byte of the game row holds"),
        ERR_STONE_FULL: f"stone skins on one card added up past {STONE_MAX}, the most its field holds",
        ERR_LOG_FULL: "the game's event log is full",
        ERR_ACTIONS_FULL: f"the legal actions of one moment went past {MAX_ACTIONS}, the random pilot's list",
    }


class EngineLimitError(RuntimeError):
    """A game reached one of the engine's limits (engine_limits): it was stopped, not finished."""


def limit_message(code: int) -> str:
    return engine_limits().get(int(code), f"engine error {int(code)}")


def check_games(errors, game_of, seed: int) -> None:
    """Raise EngineLimitError for the first game whose error code (array `errors`, one per row) is set;
    game_of(i): the run's index of row i's game."""
    for i, code in enumerate(errors):
        if code:
            raise EngineLimitError(f"game {game_of(i)} of seed {seed} stopped at an engine limit: "
                                   f"{limit_message(code)} (docs/RULES.md, Engine limits)")
