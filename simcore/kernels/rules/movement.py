"""Movement and relocation (docs/RULES.md section 4, rules 506 and 507).

A ground creature spends one movement point per step to an orthogonal empty cell, never through
an occupied cell [H]; an action forfeits the rest (506.5). Jump range N [H]: instead of walking, a
creature that has not moved this turn may jump to any empty cell within Manhattan distance N,
spending all its movement. Relocation needs an empty cell (507.1).
"""
from numba import njit

from decks.registry import Trigger

from ..cardtable import AB_TRIG_MASK, F_ROOT, JUMP, LOSE_COUNTERS_MOVE
from ..state import (
    CELL,
    COUNTERS,
    EFF,
    G_BOARD,
    G_FLAGS,
    GAINED,
    GAINED_ROOT_SHIFT,
    GAINED_ROOT_WIDTH,
    GAME0,
    MOVED,
    MOVES_LEFT,
    N_CELLS,
    NCF,
    Z_FIELD,
    ZONE,
)
from .board import (
    bits,
    cell_row,
    cells_changed,
    in_play,
    manhattan,
    n_in_play,
    own_row,
    owner_of,
    play_slot,
    with_bits,
)
from .combat import actor_error
from .destruction import check_game_end
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
    E_ROOTED,
)
from .log import EV_JUMP, EV_MOVE, log, logging
from .triggers import check_deaths, fire_triggers

# the triggers a step can fire
MOVE_TRIGGERS = (1 << Trigger.ON_MOVE) | (1 << Trigger.TO_ENEMY_HALF) | (1 << Trigger.TO_OWN_HALF)


@njit(cache=True, _nrt=False)
def relocate(S, g, s, cell):
    """507: put s on an empty cell."""
    cells_changed(S, g, S[g, s * NCF + CELL], cell)
    S[g, GAME0 + G_BOARD + S[g, s * NCF + CELL]] = -1
    S[g, GAME0 + G_BOARD + cell] = s
    S[g, s * NCF + CELL] = cell


@njit(cache=True, _nrt=False)
def rooted(S, g, s):
    """Effect root (Василиск): s may not leave its cell while the card that rooted it is in play (the
    root ends when that card moves, release_roots)."""
    r = bits(S[g, s * NCF + GAINED], GAINED_ROOT_SHIFT, GAINED_ROOT_WIDTH)
    return r > 0 and in_play(S, g, r - 1)


@njit(cache=True, _nrt=False)
def release_roots(S, g, s):
    """Card s moved: the creatures it rooted may leave their cells again."""
    for q in range(2):
        for i in range(n_in_play(S, g, q)):
            o = play_slot(S, g, q, i)
            if bits(S[g, o * NCF + GAINED], GAINED_ROOT_SHIFT, GAINED_ROOT_WIDTH) == s + 1:
                S[g, o * NCF + GAINED] = with_bits(S[g, o * NCF + GAINED], GAINED_ROOT_SHIFT, GAINED_ROOT_WIDTH, 0)


@njit(cache=True, _nrt=False)
def move_error(C, S, g, s, cell):
    e = actor_error(S, g, s)
    if e != E_OK:
        return e
    if S[g, s * NCF + ZONE] != Z_FIELD:
        return E_FLYER_MOVES
    if S[g, GAME0 + G_FLAGS] & F_ROOT and rooted(S, g, s):
        return E_ROOTED
    if cell < 0 or cell >= N_CELLS:
        return E_BAD_CELL
    if S[g, s * NCF + MOVES_LEFT] <= 0:
        return E_NO_MOVES
    if manhattan(S[g, s * NCF + CELL], cell) != 1:
        return E_NOT_ORTHOGONAL
    if S[g, GAME0 + G_BOARD + cell] >= 0:
        return E_OCCUPIED
    return E_OK


@njit(cache=True, _nrt=False)
def move(C, S, g, s, cell):
    old = S[g, s * NCF + CELL]
    if logging(S, g):
        log(S, g, EV_MOVE, s, old, cell, 0, 0)
    relocate(S, g, s, cell)
    S[g, s * NCF + MOVES_LEFT] -= 1
    S[g, s * NCF + MOVED] += 1
    if S[g, GAME0 + G_FLAGS] & F_ROOT:
        release_roots(S, g, s)
    if S[g, s * NCF + COUNTERS] > 0 and C[S[g, s * NCF + EFF], LOSE_COUNTERS_MOVE] == 1:
        S[g, s * NCF + COUNTERS] = 0          # Камнедрев: loses all its counters when it moves
    mask = C[S[g, s * NCF + EFF], AB_TRIG_MASK]
    if mask & MOVE_TRIGGERS:
        # on_move, then crossing between the halves (the step from the old cell to the new one)
        if (mask >> Trigger.ON_MOVE) & 1:
            fire_triggers(C, S, g, s, Trigger.ON_MOVE, -1, 0)
        p = owner_of(s)
        was_own = own_row(p, cell_row(old))
        now_own = own_row(p, cell_row(cell))
        if was_own and not now_own:
            fire_triggers(C, S, g, s, Trigger.TO_ENEMY_HALF, -1, 0)
        elif now_own and not was_own:
            fire_triggers(C, S, g, s, Trigger.TO_OWN_HALF, -1, 0)
        check_deaths(C, S, g)
        check_game_end(S, g)


@njit(cache=True, _nrt=False)
def jump_error(C, S, g, s, cell):
    e = actor_error(S, g, s)
    if e != E_OK:
        return e
    n = C[S[g, s * NCF + EFF], JUMP]
    if n == 0:
        return E_NO_ABILITY
    if S[g, s * NCF + ZONE] != Z_FIELD:
        return E_FLYER_MOVES
    if S[g, GAME0 + G_FLAGS] & F_ROOT and rooted(S, g, s):
        return E_ROOTED
    if cell < 0 or cell >= N_CELLS:
        return E_BAD_CELL
    if S[g, s * NCF + MOVED] > 0 or S[g, s * NCF + MOVES_LEFT] <= 0:
        return E_ALREADY_MOVED
    if S[g, GAME0 + G_BOARD + cell] >= 0:
        return E_OCCUPIED
    if manhattan(S[g, s * NCF + CELL], cell) > n:
        return E_JUMP_RANGE
    return E_OK


@njit(cache=True, _nrt=False)
def jump(C, S, g, s, cell):
    if logging(S, g):
        log(S, g, EV_JUMP, s, S[g, s * NCF + CELL], cell, 0, 0)
    relocate(S, g, s, cell)
    S[g, s * NCF + MOVED] += 1
    S[g, s * NCF + MOVES_LEFT] = 0
    if S[g, GAME0 + G_FLAGS] & F_ROOT:
        release_roots(S, g, s)
