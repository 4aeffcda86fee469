"""The event log of one game (replay and scenario output); a no-op unless logging is on.

Logging is on when the state was allocated with a log capacity above 1. Event codes are named in
simcore/events.py, which formats them for people. What a player decides shows in the log in words
(mulligan, buy, placement, defender, exchange, each fast ability declared and each time both players
pass at a priority window, the target a triggered ability's owner chooses (EV_CHOOSE), close_or_wound
(EV_CLOSE_OR_WOUND), a turn_choice form, push or wound and the X of a ram (EV_OPTION)); with
G_LOG_OFFERS on, every decision of rules/decisions.py is also logged with the options it offered
(EV_DECISION, EV_OFFER), which the reference engine (simcore.reference) replays and checks.
"""
from numba import njit

from ..state import ERR_LOG_FULL, EV0, G_ERROR, G_EV_CAP, G_N_EVENTS, GAME0

EV_FIRST, EV_DEAL, EV_MULLIGAN, EV_BUY, EV_PLACE, EV_TURN, EV_MOVE, EV_JUMP, EV_ATTACK, \
    EV_DEFEND, EV_ROLL, EV_EXCHANGE, EV_WOUND, EV_NO_WOUND, EV_HEAL, EV_DEATH, EV_POISONED, \
    EV_DESTROY, EV_COUNTER, EV_GAIN, EV_CLOSE, EV_END, EV_REGEN, EV_POISON_TICK, EV_PASS, \
    EV_CRYSTALS, EV_ABILITY, EV_DELAYED, EV_LOST, EV_DECLARE, EV_WINDOW, EV_CHOOSE, \
    EV_CLOSE_OR_WOUND, EV_OPTION, EV_VAMPIRISM, EV_INCARNATE, EV_BLOCKED, EV_WEB, \
    EV_DECISION, EV_OFFER = range(40)
# EV_OPTION: a player's choice between options: (card, option, OPT_* what, source, 0)
OPT_FORM = 1             # turn_choice: the form card a takes (option 0 or 1)
OPT_PUSH = 2             # push_or_wound: card a's owner lets it be pushed (1) or takes the wounds (0)
OPT_RAM = 3              # ram: the X card a's owner chose
# EV_ROLL: (attacker, target, A, D or -1, payload): A and D are the totals (die + bonuses); the payload
# packs the strengths, why a single die was rolled and the dice as rolled (roll_payload; the replay reads
# it with simcore.events.roll_parts). Logging only: no game reads it.
WHY_BOTH = 0             # both dice: a simple strike at an open target
WHY_CLOSED = 1           # only the attacker rolls: the target is closed
WHY_UNANSWERED = 2       # only the attacker rolls: an unanswered strike
WHY_RANGED = 3           # only the attacker rolls: a ranged attack (or a shot of an ability)
# EV_BLOCKED: (target, attacker, die, blocked) a ranged attack's block roll; EV_WEB: an attack blocked by
# the web; EV_DECISION (decision, decider, options, chosen index, range start or -1) and EV_OFFER
# (decision, option, 0, 0, 0): rules/decisions.py


@njit(cache=True, _nrt=False, inline="always")
def logging(S, g):
    """Is the event log of game row g on? Callers test this before calling log, so that a batch
    run (capacity 1) pays one comparison instead of a function call per event."""
    return S[g, GAME0 + G_EV_CAP] > 1


@njit(cache=True, _nrt=False, inline="always")
def roll_payload(strength, counter, why, die_a, die_d):
    """EV_ROLL's last field: strength * 4 + counter-strike (0..15), + 16 * why (WHY_*), + 128 * (the
    attacker's die as rolled + 32), + 8192 * (the defender's die as rolled + 32; -1 when he does not roll)."""
    return strength * 4 + counter + 16 * why + 128 * (die_a + 32) + 8192 * (die_d + 32)


@njit(cache=True, _nrt=False)
def log(S, g, code, a, b, c, d, e):
    cap = S[g, GAME0 + G_EV_CAP]
    if cap <= 1:
        return
    n = S[g, GAME0 + G_N_EVENTS]
    if n >= cap:
        S[g, GAME0 + G_ERROR] = ERR_LOG_FULL
        return
    S[g, EV0 + 6 * n + 0] = code
    S[g, EV0 + 6 * n + 1] = a
    S[g, EV0 + 6 * n + 2] = b
    S[g, EV0 + 6 * n + 3] = c
    S[g, EV0 + 6 * n + 4] = d
    S[g, EV0 + 6 * n + 5] = e
    S[g, GAME0 + G_N_EVENTS] = n + 1
