"""The event log of one game (replay and scenario output); a no-op unless logging is on.

Logging is on when the state was allocated with a log capacity above 1. Event codes are named in
simcore/events.py, which formats them for people.
"""
from numba import njit

from ..state import ERR_LOG_FULL, G_ERROR, G_N_EVENTS

EV_FIRST, EV_DEAL, EV_MULLIGAN, EV_BUY, EV_PLACE, EV_TURN, EV_MOVE, EV_JUMP, EV_ATTACK, \
    EV_DEFEND, EV_ROLL, EV_EXCHANGE, EV_WOUND, EV_NO_WOUND, EV_HEAL, EV_DEATH, EV_POISONED, \
    EV_DESTROY, EV_COUNTER, EV_GAIN, EV_CLOSE, EV_END, EV_REGEN, EV_POISON_TICK, EV_PASS, \
    EV_CRYSTALS = range(26)


@njit(cache=True)
def log(st, g, code, a, b, c, d, e):
    cap = st.events.shape[1]
    if cap <= 1:
        return
    n = st.game[g, G_N_EVENTS]
    if n >= cap:
        st.game[g, G_ERROR] = ERR_LOG_FULL
        return
    st.events[g, n, 0] = code
    st.events[g, n, 1] = a
    st.events[g, n, 2] = b
    st.events[g, n, 3] = c
    st.events[g, n, 4] = d
    st.events[g, n, 5] = e
    st.game[g, G_N_EVENTS] = n + 1
