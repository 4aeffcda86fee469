"""Defenders (docs/RULES.md section 5, 504): who may take over a simple strike aimed at another card."""
from numba import njit

from ..cardtable import DEF_ANY
from ..state import CELL, CLOSED, EFF, NCF, Z_AUX, ZONE
from .board import adjacent_cells, in_play, owner_of
from .damage import is_directed, webbed
from .errors import E_DEFENDER_DIRECTED, E_DEFENDER_INVALID, E_OK


# ---- defenders -----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def can_defend(C, S, g, att, t, d):
    """504 defender: an open creature of the target's owner adjacent to both attacker and target;
    a flyer target only by another open flyer; a flyer attacker's ground target by an open ground
    creature adjacent to the target; `defends_any` flyers defend any non-flying creature."""
    if d == t or d == att or not in_play(S, g, d) or owner_of(d) != owner_of(t):
        return False
    if S[g, d * NCF + CLOSED] == 1 or webbed(S, g, d):
        return False
    d_aux = S[g, d * NCF + ZONE] == Z_AUX
    if S[g, t * NCF + ZONE] == Z_AUX:
        return d_aux
    if d_aux:
        return C[S[g, d * NCF + EFF], DEF_ANY] == 1
    if not adjacent_cells(S[g, d * NCF + CELL], S[g, t * NCF + CELL]):
        return False
    if S[g, att * NCF + ZONE] == Z_AUX:
        return True
    return adjacent_cells(S[g, d * NCF + CELL], S[g, att * NCF + CELL])


@njit(cache=True, _nrt=False)
def defender_error(C, S, g, att, t, d):
    if is_directed(C, S, g, att, t):
        return E_DEFENDER_DIRECTED
    if not can_defend(C, S, g, att, t, d):
        return E_DEFENDER_INVALID
    return E_OK
