"""Movement and relocation (RULES.md section 4, rules 506 and 507).

A ground creature spends one movement point per step to an orthogonal empty cell, never through
an occupied cell [H]; an action forfeits the rest (506.5). Jump range N [H]: instead of walking, a
creature that has not moved this turn may jump to any empty cell within Manhattan distance N,
spending all its movement. Relocation needs an empty cell (507.1).
"""
from numba import njit

from ..cardtable import JUMP
from ..state import CARD_ID, CELL, G_BOARD, MOVED, MOVES_LEFT, N_CELLS, Z_FIELD, ZONE
from .board import manhattan
from .combat import actor_error
from .errors import (
    E_ALREADY_MOVED,
    E_BAD_CELL,
    E_FLYER_MOVES,
    E_JUMP_RANGE,
    E_NO_ABILITY,
    E_NO_MOVES,
    E_NOT_ORTHOGONAL,
    E_OCCUPIED,
    E_OK,
)
from .log import EV_JUMP, EV_MOVE, log


@njit(cache=True)
def relocate(st, g, s, cell):
    """507: put s on an empty cell."""
    st.game[g, G_BOARD + st.cards[g, s, CELL]] = -1
    st.game[g, G_BOARD + cell] = s
    st.cards[g, s, CELL] = cell


@njit(cache=True)
def move_error(T, st, g, s, cell):
    e = actor_error(st, g, s)
    if e != E_OK:
        return e
    if st.cards[g, s, ZONE] != Z_FIELD:
        return E_FLYER_MOVES
    if cell < 0 or cell >= N_CELLS:
        return E_BAD_CELL
    if st.cards[g, s, MOVES_LEFT] <= 0:
        return E_NO_MOVES
    if manhattan(st.cards[g, s, CELL], cell) != 1:
        return E_NOT_ORTHOGONAL
    if st.game[g, G_BOARD + cell] >= 0:
        return E_OCCUPIED
    return E_OK


@njit(cache=True)
def move(T, st, g, s, cell):
    log(st, g, EV_MOVE, s, st.cards[g, s, CELL], cell, 0, 0)
    relocate(st, g, s, cell)
    st.cards[g, s, MOVES_LEFT] -= 1
    st.cards[g, s, MOVED] += 1


@njit(cache=True)
def jump_error(T, st, g, s, cell):
    e = actor_error(st, g, s)
    if e != E_OK:
        return e
    n = T.stats[st.cards[g, s, CARD_ID], JUMP]
    if n == 0:
        return E_NO_ABILITY
    if st.cards[g, s, ZONE] != Z_FIELD:
        return E_FLYER_MOVES
    if cell < 0 or cell >= N_CELLS:
        return E_BAD_CELL
    if st.cards[g, s, MOVED] > 0 or st.cards[g, s, MOVES_LEFT] <= 0:
        return E_ALREADY_MOVED
    if st.game[g, G_BOARD + cell] >= 0:
        return E_OCCUPIED
    if manhattan(st.cards[g, s, CELL], cell) > n:
        return E_JUMP_RANGE
    return E_OK


@njit(cache=True)
def jump(T, st, g, s, cell):
    log(st, g, EV_JUMP, s, st.cards[g, s, CELL], cell, 0, 0)
    relocate(st, g, s, cell)
    st.cards[g, s, MOVED] += 1
    st.cards[g, s, MOVES_LEFT] = 0
