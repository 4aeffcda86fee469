"""Effects of the movement family (decks.registry.Family.MOVEMENT): a card pushed to another cell, a card brought
back from the graveyard into play (relocation, 507).
"""
from numba import njit

from decks.registry import Effect

from ...cardtable import (
    FLYER,
    LIFE,
)
from ...state import (
    ACQ_LOST,
    ACTED,
    ARMOR_LEFT,
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    DEATH_PENDING,
    DEATH_TURN,
    DIED_FROM,
    EFF,
    EXTRA_LIVES,
    G_BOARD,
    G_DECISION,
    G_OFFER_N,
    GAINED,
    GAME0,
    HEAL_END,
    LAST_TARGET,
    LIFE_MAX,
    MOVED,
    MOVES_LEFT,
    N_CELLS,
    NCF,
    POISON,
    STRIKES,
    TMP_FLAGS,
    TMP_OWN,
    TMP_STRIKE,
    USED_GAME,
    USED_TURN,
    WOUNDS,
    Z_AUX,
    Z_FIELD,
    ZONE,
)
from ..board import (
    add_to_play,
    cell_col,
    cell_row,
    cells_changed,
    come_back_cell,
    owner_of,
)
from ..damage import (
    armor_value,
    wound,
)
from ..decisions import Decision, add_option, choose_option, offer
from ..log import (
    EV_MOVE,
    EV_OPTION,
    OPT_PUSH,
    log,
    logging,
)
from ..targets import reaches, revivable


@njit(cache=True, _nrt=False)
def push_or_wound(C, S, g, src, t, n):
    """Молотобоец's 'hammer blow': t (struck by src) is pushed one cell on in the strike's direction
    (src -> t, diagonals too), or takes n wounds (an impact, not an attack). The push needs t on the
    battlefield and that cell on the board and empty; then t's owner decides (PUSH: the wounds (0) or
    the push (1)); else wounds."""
    to = -1
    if S[g, t * NCF + ZONE] == Z_FIELD and S[g, src * NCF + ZONE] == Z_FIELD:
        a, b = S[g, src * NCF + CELL], S[g, t * NCF + CELL]
        r = 2 * cell_row(b) - cell_row(a)
        col = 2 * cell_col(b) - cell_col(a)
        if 0 <= r <= 5 and 0 <= col <= 4 and S[g, GAME0 + G_BOARD + r * 5 + col] < 0:
            to = r * 5 + col
    pushed = False
    if to >= 0:
        offer(S, g, Decision.PUSH, owner_of(t), t, src, n, to, 0)
        add_option(S, g, 0)
        add_option(S, g, 1)
        pushed = choose_option(C, S, g, False) == 1
        if logging(S, g):
            log(S, g, EV_OPTION, t, 1 if pushed else 0, OPT_PUSH, src, 0)
    if pushed:
        S[g, GAME0 + G_BOARD + S[g, t * NCF + CELL]] = -1
        S[g, GAME0 + G_BOARD + to] = t
        if logging(S, g):
            log(S, g, EV_MOVE, t, S[g, t * NCF + CELL], to, 0, 0)
        cells_changed(S, g, S[g, t * NCF + CELL], to)
        S[g, t * NCF + CELL] = to
    else:
        wound(S, g, t, n, src)


@njit(cache=True, _nrt=False)
def revive(C, S, g, t):
    """Знахарь племени's revive: t comes back into play closed (a flyer into the auxiliary zone, a ground
    creature on the cell its owner decides: board.come_back_cell; the caller checked that it has one),
    as a new card: its printed life, no wounds, counters, poison, gains or markers."""
    c = S[g, t * NCF + CARD_ID]
    if C[c, FLYER] == 1:
        S[g, t * NCF + ZONE] = Z_AUX
        S[g, t * NCF + CELL] = -1
    else:
        cell = come_back_cell(C, S, g, t)
        S[g, t * NCF + ZONE] = Z_FIELD
        S[g, t * NCF + CELL] = cell
        S[g, GAME0 + G_BOARD + cell] = t
    for f in (WOUNDS, EXTRA_LIVES, MOVES_LEFT, MOVED, ACTED, STRIKES, COUNTERS, POISON, GAINED, TMP_STRIKE,
              USED_TURN, USED_GAME, ACQ_LOST, HEAL_END, DEATH_PENDING, TMP_FLAGS, TMP_OWN):
        S[g, t * NCF + f] = 0
    S[g, t * NCF + LIFE_MAX] = C[c, LIFE]
    S[g, t * NCF + CLOSED] = 1
    S[g, t * NCF + LAST_TARGET] = -1
    S[g, t * NCF + DIED_FROM] = -1
    S[g, t * NCF + DEATH_TURN] = -1
    S[g, t * NCF + EFF] = c
    add_to_play(S, g, t)
    S[g, t * NCF + ARMOR_LEFT] = armor_value(C, S, g, t)


@njit(cache=True, _nrt=False)
def movement_effect(C, S, g, src, c, k, t, eff, n):
    """An effect of the movement family of amount n of ability k (table row c, source slot src) on card t:
    revive reaches a card of its owner's graveyard, push_or_wound and relocate one in play."""
    if eff == Effect.REVIVE:
        if t >= 0 and revivable(C, S, g, src, t):
            revive(C, S, g, t)
    elif eff == Effect.PUSH_OR_WOUND:
        if reaches(C, S, g, c, k, t):
            push_or_wound(C, S, g, src, t, n)
    elif eff == Effect.RELOCATE:
        if reaches(C, S, g, c, k, t) and S[g, t * NCF + ZONE] == Z_FIELD:
            relocate_anywhere(C, S, g, src, t)


@njit(cache=True, _nrt=False)
def relocate_anywhere(C, S, g, src, t):
    """Варлок's 'dimension door': t moves to a free cell of the battlefield that src's owner decides
    (CELL, in cell order); relocation (507), no step: no movement is spent and no trigger fires."""
    offer(S, g, Decision.CELL, owner_of(src), t, src, 0, 0, 0)
    for cell in range(N_CELLS):
        if S[g, GAME0 + G_BOARD + cell] < 0:
            add_option(S, g, cell)
    if S[g, GAME0 + G_OFFER_N] == 0:
        S[g, GAME0 + G_DECISION] = 0
        return
    to = choose_option(C, S, g, False)
    old = S[g, t * NCF + CELL]
    S[g, GAME0 + G_BOARD + old] = -1
    S[g, GAME0 + G_BOARD + to] = t
    if logging(S, g):
        log(S, g, EV_MOVE, t, old, to, 0, 0)
    cells_changed(S, g, old, to)
    S[g, t * NCF + CELL] = to
