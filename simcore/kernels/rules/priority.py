"""Priority windows and the stack (docs/RULES.md section 4, rule 114.2.2): fast abilities answered last
in, first out.

A window opens at the start of each turn (after the start phase), after an attack is declared
(before the dice) and at the end of each turn (before the end phase effects), and whenever a played
ability is declared. Starting with the active player, the players in turn may declare a fast
ability (paying its cost at once) or pass; after a declaration the other player has priority;
when both pass in a row the top of the stack resolves and the active player has priority again;
the window closes when both pass with the stack empty. Permanent abilities and rule effects never
use the stack (115, 503.2). Each player's answer is his decision (ANSWER: pass or one of the fast
abilities he may use now, then ANSWER_TARGET: its target), or a scenario's scripted answer. The log records each declaration (EV_DECLARE) and each time
both players pass (EV_WINDOW: the top resolves, or the window closes), so that a replay knows every
player's answer at every priority step.
"""
from numba import njit

from ..state import (
    ERR_BAD_ANSWER,
    ERR_WINDOW_STEPS,
    G_ACTIVE,
    G_ERROR,
    G_FAST,
    G_QUEUE,
    G_QUEUE_N,
    G_SCRIPTED,
    G_STACK_N,
    G_WINNER,
    GAME0,
    PARAM0,
    PR_STACK_MAX,
    PR_WINDOW_STEPS,
)
from .board import owner_of
from .errors import E_NOT_DICE_WINDOW, E_OK
from .log import EV_WINDOW, log, logging
from .played import answer_decision, pay_and_push, resolve_top, use_error


@njit(cache=True, _nrt=False)
def _scripted_answer(C, S, g, p):
    """A scenario's next scripted answer, if it is player p's: (slot, ability, target) or slot -1."""
    if S[g, GAME0 + G_QUEUE_N] == 0:
        return -1, 0, -1
    s = S[g, GAME0 + G_QUEUE]
    if owner_of(s) != p:
        return -1, 0, -1
    k = S[g, GAME0 + G_QUEUE + 1]
    t = S[g, GAME0 + G_QUEUE + 2]
    if use_error(C, S, g, s, k, t, True) == E_NOT_DICE_WINDOW:
        return -1, 0, -1        # a strike effect waits for the dice window (and the rest for the others)
    n = S[g, GAME0 + G_QUEUE_N] - 1
    for i in range(3 * n):
        S[g, GAME0 + G_QUEUE + i] = S[g, GAME0 + G_QUEUE + 3 + i]
    S[g, GAME0 + G_QUEUE_N] = n
    if use_error(C, S, g, s, k, t, True) != E_OK:
        S[g, GAME0 + G_ERROR] = ERR_BAD_ANSWER
        return -1, 0, -1
    return s, k, t


@njit(cache=True, _nrt=False)
def _answer(C, S, g, p):
    """Player p's answer: none while the stack holds stack_max abilities (a scenario's scripted answer
    waits too), else the scenario's or his pilot's."""
    if S[g, GAME0 + G_STACK_N] >= S[g, PARAM0 + PR_STACK_MAX]:
        return -1, 0, -1
    if S[g, GAME0 + G_SCRIPTED] == 1:
        return _scripted_answer(C, S, g, p)
    if S[g, GAME0 + G_FAST + p] == 0:
        return -1, 0, -1
    return answer_decision(C, S, g, p)


@njit(cache=True, _nrt=False)
def priority_window(C, S, g):
    """Let both players answer with fast abilities until both pass with the stack empty. A window
    that would take more than the ruleset's window_steps_max declarations and passes stops the game
    with ERR_WINDOW_STEPS."""
    scripted = S[g, GAME0 + G_SCRIPTED] == 1
    if S[g, GAME0 + G_WINNER] >= 0 or (S[g, GAME0 + G_STACK_N] == 0 and not scripted
                                          and S[g, GAME0 + G_FAST] == 0 and S[g, GAME0 + G_FAST + 1] == 0):
        return
    if scripted and S[g, GAME0 + G_QUEUE_N] == 0 and S[g, GAME0 + G_STACK_N] == 0:
        return
    active = S[g, GAME0 + G_ACTIVE]
    p = active
    passes = 0
    closed = False
    for _ in range(S[g, PARAM0 + PR_WINDOW_STEPS]):
        s, k, t = _answer(C, S, g, p)
        if s >= 0:
            pay_and_push(C, S, g, s, k, t)
            passes = 0
            p = 1 - p
            continue
        passes += 1
        if passes < 2:
            p = 1 - p
            continue
        if S[g, GAME0 + G_STACK_N] == 0:
            closed = True
            break
        if logging(S, g):
            log(S, g, EV_WINDOW, active, 1, 0, 0, 0)     # both passed: the top resolves
        resolve_top(C, S, g)
        if S[g, GAME0 + G_WINNER] >= 0:
            S[g, GAME0 + G_STACK_N] = 0
            closed = True
            break
        passes = 0
        p = active
    if not closed:
        if S[g, GAME0 + G_ERROR] == 0:
            S[g, GAME0 + G_ERROR] = ERR_WINDOW_STEPS
        return
    if logging(S, g):
        log(S, g, EV_WINDOW, active, 0, 0, 0, 0)     # the window closes


@njit(cache=True, _nrt=False)
def play_ability(C, S, g, s, k, t):
    """Ability k of s as an action of its owner's Choice subphase: declared (cost paid), then the
    opponent may answer, then it resolves (114)."""
    pay_and_push(C, S, g, s, k, t)
    priority_window(C, S, g)
