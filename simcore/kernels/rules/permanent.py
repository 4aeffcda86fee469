"""Permanent abilities and recomputation (docs/RULES.md section 8; rules 115, 503.3): which cards have lost
their abilities, recomputed after every game action by iterating x_{k+1} = f(x_k) from x_0 = nobody until a
state repeats; a card that has lost its abilities is read from its blank twin row (state field EFF).
"""
from numba import njit

from decks.registry import (
    Effect,
    Kind,
    Target,
)

from ..cardtable import (
    AB_EFFECT,
    AB_FLAGS,
    AB_HAS_PERM,
    AB_KIND,
    AB_TARGET,
    F_LOSER,
    N_AB,
)
from ..state import (
    ACQ_LOST,
    CARD_ID,
    CELL,
    EFF,
    G_BOARD,
    G_FLAGS,
    G_LOSS_REACH,
    G_RC,
    G_RC_CLEAN,
    GAME0,
    N_COLS,
    N_ROWS,
    NCF,
    RC_MAX,
    Z_FIELD,
    ZONE,
)
from .board import (
    ab,
    cell_col,
    cell_row,
    n_cards,
    n_in_play,
    owner_of,
    play_slot,
    slot_in,
    with_slot,
)
from .log import (
    EV_LOST,
    log,
    logging,
)


@njit(cache=True, _nrt=False)
def _loss_sources(C, S, g):
    """The cards in play that can take abilities away (a permanent lose_abilities, on the battlefield)
    and those that have acquired the loss (117), as slot bitsets (src_lo, src_hi, acq_lo, acq_hi);
    and the cells within their reach (their own and the 8 around each), as a cell bitmask."""
    src_lo = src_hi = acq_lo = acq_hi = 0
    reach = 0
    for p in range(2):
        for i in range(n_in_play(S, g, p)):
            s = play_slot(S, g, p, i)
            if S[g, s * NCF + ACQ_LOST] == 1:
                acq_lo, acq_hi = with_slot(acq_lo, acq_hi, s)
            c = S[g, s * NCF + CARD_ID]
            if C[c, AB_HAS_PERM] == 1 and (C[c, AB_FLAGS] & F_LOSER) != 0 and S[g, s * NCF + ZONE] == Z_FIELD:
                src_lo, src_hi = with_slot(src_lo, src_hi, s)
                cell = S[g, s * NCF + CELL]
                row = cell_row(cell)
                col = cell_col(cell)
                for dr in range(max(row - 1, 0), min(row + 2, N_ROWS)):
                    for dc in range(max(col - 1, 0), min(col + 2, N_COLS)):
                        reach |= 1 << (dr * N_COLS + dc)
    return src_lo, src_hi, acq_lo, acq_hi, reach


@njit(cache=True, _nrt=False)
def _lost_step(C, S, g, lo, hi, src_lo, src_hi, acq_lo, acq_hi):
    """f(x): which cards in play lose their abilities when exactly the cards of x have lost theirs:
    permanent lose_abilities of every source (_loss_sources) still holding its abilities, plus the
    acquired losses."""
    nlo = acq_lo
    nhi = acq_hi
    for p in range(2):
        for i in range(n_in_play(S, g, p)):
            s = play_slot(S, g, p, i)
            if slot_in(src_lo, src_hi, s) == 0 or slot_in(lo, hi, s) == 1:
                continue
            c = S[g, s * NCF + CARD_ID]
            for k in range(C[c, N_AB]):
                if ab(C, c, k, AB_KIND) != Kind.PERMANENT or ab(C, c, k, AB_EFFECT) != Effect.LOSE_ABILITIES:
                    continue
                enemies_only = ab(C, c, k, AB_TARGET) == Target.ADJACENT_ENEMIES
                cell = S[g, s * NCF + CELL]
                row = cell_row(cell)
                col = cell_col(cell)
                for dr in range(-1, 2):         # the 8 cells around it (adjacent_cells), via the board
                    if row + dr < 0 or row + dr >= N_ROWS:
                        continue
                    for dc in range(-1, 2):
                        if (dr == 0 and dc == 0) or col + dc < 0 or col + dc >= N_COLS:
                            continue
                        o = S[g, GAME0 + G_BOARD + cell + dr * N_COLS + dc]
                        if o >= 0 and not (enemies_only and owner_of(o) == p):
                            nlo, nhi = with_slot(nlo, nhi, o)
    return nlo, nhi


@njit(cache=True, _nrt=False, inline="always")
def recompute(C, S, g):
    """503.3: x0 = nobody lost, x_{k+1} = f(x_k), stop at the first x_k equal to an earlier state;
    x_k is the result. Sets EFF of every card in play (its blank twin while it has lost its
    abilities). Returns the number of steps taken (0: no card of the game can take abilities away,
    or nothing it depends on changed since the last time: G_RC_CLEAN, kept by board.board_changed and
    board.cells_changed, which reads the cells within the sources' reach, G_LOSS_REACH).
    This test is inlined where recompute is called (after every action); the work is _recompute's."""
    if (S[g, GAME0 + G_FLAGS] & F_LOSER) == 0 or S[g, GAME0 + G_RC_CLEAN] == 1:
        return 0
    return _recompute(C, S, g)


@njit(cache=True, _nrt=False)
def _recompute(C, S, g):
    """recompute's cycle. f(x) reads only which sources are in x: when x1 = f(nobody) holds no
    source, x2 = f(x1) = x1 without computing it."""
    S[g, GAME0 + G_RC_CLEAN] = 1
    lo, hi = 0, 0
    S[g, GAME0 + G_RC] = 0
    S[g, GAME0 + G_RC + 1] = 0
    stored = 1
    steps = 0
    src_lo, src_hi, acq_lo, acq_hi, reach = _loss_sources(C, S, g)
    S[g, GAME0 + G_LOSS_REACH] = reach
    if src_lo != 0 or src_hi != 0 or acq_lo != 0 or acq_hi != 0:
        while True:
            lo, hi = _lost_step(C, S, g, lo, hi, src_lo, src_hi, acq_lo, acq_hi)
            steps += 1
            if steps == 1 and (lo & src_lo) == 0 and (hi & src_hi) == 0:
                steps = 2 if lo != 0 or hi != 0 else 1     # x2 = f(x1) = f(nobody) = x1
                break
            seen = False
            for j in range(min(stored, RC_MAX)):
                if S[g, GAME0 + G_RC + 2 * j] == lo and S[g, GAME0 + G_RC + 2 * j + 1] == hi:
                    seen = True
                    break
            if seen:
                break
            # keep the last RC_MAX states; with lose_abilities (an antitone f) the first repeat is
            # always one of the last two, so the ring never misses it
            j = stored % RC_MAX
            S[g, GAME0 + G_RC + 2 * j] = lo
            S[g, GAME0 + G_RC + 2 * j + 1] = hi
            stored += 1
    else:
        steps = 1           # f(nobody) = nobody: x1 repeats x0, as the loop above would find
    n = n_cards(C)
    for p in range(2):
        for i in range(n_in_play(S, g, p)):
            s = play_slot(S, g, p, i)
            c = S[g, s * NCF + CARD_ID]
            lost = slot_in(lo, hi, s) == 1
            if lost and S[g, s * NCF + EFF] == c and logging(S, g):
                log(S, g, EV_LOST, s, 1, 0, 0, 0)
            elif not lost and S[g, s * NCF + EFF] != c and logging(S, g):
                log(S, g, EV_LOST, s, 0, 0, 0, 0)
            S[g, s * NCF + EFF] = c + n if lost else c
    return steps
