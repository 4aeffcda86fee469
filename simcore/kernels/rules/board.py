"""The field (docs/RULES.md section 2): cells, adjacency, zones, ownership, formation, and the cells a
card coming back from the graveyard may take (section 7).

Cells are row * 5 + column; row 0..5 are the printed rows 1..6, column 0..4 are a..e.
"""
from numba import njit

from ..cardtable import (
    AB0,
    AB_W,
    ELITE,
    FLYER,
    HAS_FORMATION,
    SM,
)
from ..state import (
    CARD_ID,
    CELL,
    EFF,
    EXTRA_LIVES,
    G_BOARD,
    G_DECISION,
    G_DECK_SIZE,
    G_HURT,
    G_LOSS_REACH,
    G_NPLAY,
    G_OFFER_N,
    G_PLAY,
    G_RC_CLEAN,
    GAME0,
    LAST_CELL,
    LIFE_MAX,
    MAX_DECK,
    N_CELLS,
    N_COLS,
    N_ROWS,
    NCF,
    PARAM0,
    PR_FORMATION_ORTHOGONAL,
    WOUNDS,
    Z_AUX,
    Z_FIELD,
    ZONE,
)
from .decisions import Decision, add_option, choose_option, offer


@njit(cache=True, _nrt=False, inline="always")
def board_changed(S, g):
    """A card entered play or acquired the loss of its abilities: the next recomputation (503.3) must
    run (abilities.recompute skips it otherwise; a move or a card leaving play is cells_changed)."""
    S[g, GAME0 + G_RC_CLEAN] = 0


@njit(cache=True, _nrt=False, inline="always")
def cells_changed(S, g, a, b):
    """A card moved from cell a to cell b: the next recomputation (503.3) must run only if either cell
    is on or next to a card that can take abilities away (G_LOSS_REACH, kept by abilities.recompute):
    no card elsewhere gains or loses a neighbour that matters. Such a card itself moving leaves its
    own cell, which is in the reach."""
    reach = S[g, GAME0 + G_LOSS_REACH]
    if (reach >> a) & 1 or (reach >> b) & 1:
        S[g, GAME0 + G_RC_CLEAN] = 0


@njit(cache=True, _nrt=False, inline="always")
def life_lowered(S, g, s):
    """The current life of s went down (wounds, a lower life maximum, fewer extra lives): if it is 0 or
    less now, the next destruction check (509) must look (destruction.check_destruction skips it
    otherwise, G_HURT)."""
    if S[g, s * NCF + LIFE_MAX] + S[g, s * NCF + EXTRA_LIVES] - S[g, s * NCF + WOUNDS] <= 0:
        S[g, GAME0 + G_HURT] = 1


@njit(cache=True, _nrt=False, inline="always")
def owner_of(slot):
    return slot // MAX_DECK


@njit(cache=True, _nrt=False, inline="always")
def in_play(S, g, s):
    z = S[g, s * NCF + ZONE]
    return z == Z_FIELD or z == Z_AUX


@njit(cache=True, _nrt=False, inline="always")
def cell_row(c):
    return c // N_COLS


@njit(cache=True, _nrt=False, inline="always")
def cell_col(c):
    return c % N_COLS


@njit(cache=True, _nrt=False, inline="always")
def adjacent_cells(a, b):
    """Рядом: one of the 8 surrounding cells."""
    return cells_apart(a, b) == 1


@njit(cache=True, _nrt=False, inline="always")
def cells_apart(a, b):
    """How many steps apart cells a and b are, a diagonal step counting as one (1: adjacent)."""
    return max(abs(cell_row(a) - cell_row(b)), abs(cell_col(a) - cell_col(b)))


@njit(cache=True, _nrt=False)
def manhattan(a, b):
    return abs(cell_row(a) - cell_row(b)) + abs(cell_col(a) - cell_col(b))


@njit(cache=True, _nrt=False)
def diagonal(a, b):
    return cell_row(a) != cell_row(b) and cell_col(a) != cell_col(b)


@njit(cache=True, _nrt=False)
def own_row(player, row):
    """True if the printed row belongs to the player (rows 0-2 player 0, rows 3-5 player 1)."""
    return (row < 3) if player == 0 else (row >= 3)


@njit(cache=True, _nrt=False)
def may_come_back_to(S, g, s, cell):
    """True if card s, coming back into play from its owner's graveyard (revived, incarnated), may take
    cell: an empty cell of its owner's half, or the empty cell it was destroyed on (docs/RULES.md
    section 7, "Coming back")."""
    if S[g, GAME0 + G_BOARD + cell] >= 0:
        return False
    return own_row(owner_of(s), cell_row(cell)) or cell == S[g, s * NCF + LAST_CELL]


@njit(cache=True, _nrt=False)
def can_come_back(C, S, g, s):
    """True if card s has somewhere to come back to: it is a flyer (its owner's auxiliary zone), or a
    cell may_come_back_to allows it."""
    if C[S[g, s * NCF + CARD_ID], FLYER] == 1:
        return True
    for cell in range(N_CELLS):
        if may_come_back_to(S, g, s, cell):
            return True
    return False


@njit(cache=True, _nrt=False)
def come_back_cell(C, S, g, s):
    """The cell ground card s comes back to: its owner decides (CELL, context (s, -1): the cells
    may_come_back_to allows, in cell order); -1 when there is none."""
    offer(S, g, Decision.CELL, owner_of(s), s, -1, 0, 0, 0)
    for cell in range(N_CELLS):
        if may_come_back_to(S, g, s, cell):
            add_option(S, g, cell)
    if S[g, GAME0 + G_OFFER_N] == 0:
        S[g, GAME0 + G_DECISION] = 0
        return -1
    return choose_option(C, S, g, False)


@njit(cache=True, _nrt=False)
def forwardness(player, row):
    """0 for the player's back row, 1 middle, 2 front row."""
    return row if player == 0 else 5 - row


@njit(cache=True, _nrt=False, inline="always")
def n_in_play(S, g, p):
    """How many creatures player p has in play (the play list of the game row)."""
    return S[g, GAME0 + G_NPLAY + p]


@njit(cache=True, _nrt=False, inline="always")
def play_slot(S, g, p, i):
    """The i-th of player p's creatures in play, in slot order."""
    return S[g, GAME0 + G_PLAY + p * MAX_DECK + i]


@njit(cache=True, _nrt=False)
def add_to_play(S, g, s):
    """Keep the play list (slots in play, ascending) when s enters play."""
    p = s // MAX_DECK
    base = GAME0 + G_PLAY + p * MAX_DECK
    n = S[g, GAME0 + G_NPLAY + p]
    i = n
    while i > 0 and S[g, base + i - 1] > s:
        S[g, base + i] = S[g, base + i - 1]
        i -= 1
    S[g, base + i] = s
    S[g, GAME0 + G_NPLAY + p] = n + 1
    board_changed(S, g)


@njit(cache=True, _nrt=False)
def remove_from_play(S, g, s, cell):
    """Keep the play list when s leaves play from cell (-1: the auxiliary zone). Recomputation must
    run again only if that cell was within reach of a card that takes abilities away (cells_changed):
    a card leaving elsewhere was neither such a card nor next to one."""
    p = s // MAX_DECK
    base = GAME0 + G_PLAY + p * MAX_DECK
    n = S[g, GAME0 + G_NPLAY + p]
    j = 0
    for i in range(n):
        if S[g, base + i] != s:
            S[g, base + j] = S[g, base + i]
            j += 1
    S[g, GAME0 + G_NPLAY + p] = j
    if cell >= 0:
        cells_changed(S, g, cell, cell)


@njit(cache=True, _nrt=False)
def rebuild_play_lists(S, g):
    """Rebuild both play lists from the cards' zones (after a position is set up by hand)."""
    for p in range(2):
        n = 0
        for s in range(p * MAX_DECK, p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p]):
            if in_play(S, g, s):
                S[g, GAME0 + G_PLAY + p * MAX_DECK + n] = s
                n += 1
        S[g, GAME0 + G_NPLAY + p] = n
    board_changed(S, g)


@njit(cache=True, _nrt=False)
def only_flyers_left(C, S, g, player):
    """True if the player has creatures in play and all of them are flyers."""
    n = n_in_play(S, g, player)
    for i in range(n):
        if S[g, play_slot(S, g, player, i) * NCF + ZONE] == Z_FIELD:
            return False
    return n > 0


@njit(cache=True, _nrt=False, inline="always")
def in_formation(C, S, g, s):
    """[H] Formation (строй): a card with formation abilities is in formation while its left or right
    neighbour (same row; with the `formation_orthogonal` setting also the cells in front and behind)
    is a creature of the same player that has formation too."""
    return in_formation_with(C, S, g, s, -1)


@njit(cache=True, _nrt=False)
def has_adjacent_enemy(S, g, s):
    """Does an enemy creature stand on one of the 8 cells around s (s on the battlefield)?"""
    if S[g, s * NCF + ZONE] != Z_FIELD:
        return False
    q = 1 - owner_of(s)
    for j in range(n_in_play(S, g, q)):
        o = play_slot(S, g, q, j)
        if S[g, o * NCF + ZONE] == Z_FIELD and adjacent_cells(S[g, s * NCF + CELL], S[g, o * NCF + CELL]):
            return True
    return False


@njit(cache=True, _nrt=False)
def in_formation_with(C, S, g, s, elite):
    """In formation (the rule of in_formation) with a partner that is elite (elite = 1) or ordinary
    (elite = 0), or with any partner (elite = -1): some neighbour that makes it in formation has that
    eliteness."""
    if S[g, s * NCF + ZONE] != Z_FIELD or C[S[g, s * NCF + EFF], HAS_FORMATION] == 0:
        return False
    c = S[g, s * NCF + CELL]
    col = cell_col(c)
    row = cell_row(c)
    p = owner_of(s)
    orth = S[g, PARAM0 + PR_FORMATION_ORTHOGONAL] == 1
    for k in range(4):
        if k < 2:
            dc = -1 if k == 0 else 1
            if col + dc < 0 or col + dc >= N_COLS:
                continue
            o = S[g, GAME0 + G_BOARD + c + dc]
        else:
            if not orth:
                break
            dr = -1 if k == 2 else 1
            if row + dr < 0 or row + dr >= N_ROWS:
                continue
            o = S[g, GAME0 + G_BOARD + c + dr * N_COLS]
        if o >= 0 and owner_of(o) == p:
            co = S[g, o * NCF + EFF]
            if C[co, HAS_FORMATION] == 1 and (elite < 0 or C[co, ELITE] == elite):
                return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def ab(C, c, k, col):
    """Column col of ability k of the card table row c."""
    return C[c, AB0 + AB_W * k + col]


@njit(cache=True, _nrt=False, inline="always")
def n_cards(C):
    return C.shape[0] >> 1


@njit(cache=True, _nrt=False)
def opposite_medium_strike(C, S, g, s):
    """The printed medium simple strike of the creature (either player's) standing opposite card s: on
    the cell directly in front of it (same column, one row towards the enemy's back row); 0 when s is
    not on the battlefield or that cell is empty or off the board."""
    if S[g, s * NCF + ZONE] != Z_FIELD:
        return 0
    cell = S[g, s * NCF + CELL]
    r = cell_row(cell) + (1 if owner_of(s) == 0 else -1)
    if r < 0 or r > 5:
        return 0
    o = S[g, GAME0 + G_BOARD + r * 5 + cell_col(cell)]
    return C[S[g, o * NCF + EFF], SM] if o >= 0 else 0


@njit(cache=True, _nrt=False)
def opposite_card(S, g, s):
    """The card on the cell directly in front of card s (same column, one row towards the enemy's
    back row), -1 when s is not on the battlefield or that cell is empty or off the board."""
    if S[g, s * NCF + ZONE] != Z_FIELD:
        return -1
    cell = S[g, s * NCF + CELL]
    r = cell_row(cell) + (1 if owner_of(s) == 0 else -1)
    if r < 0 or r > 5:
        return -1
    return S[g, GAME0 + G_BOARD + r * 5 + cell_col(cell)]


# ---- slot sets: the 100 slots of a game as two int64 words (slots 0-63, 64-99) -------------------------
@njit(cache=True, _nrt=False)
def slot_in(lo, hi, s):
    """Is slot s in the set (lo, hi)? (1 or 0)"""
    if s < 64:
        return (lo >> s) & 1
    return (hi >> (s - 64)) & 1


@njit(cache=True, _nrt=False)
def with_slot(lo, hi, s):
    """The set (lo, hi) with slot s added."""
    if s < 64:
        return lo | (1 << s), hi
    return lo, hi | (1 << (s - 64))


# ---- bit fields of the packed card fields (simcore.kernels.state: SHIFT and WIDTH of each) -------------
@njit(cache=True, _nrt=False, inline="always")
def bits(v, shift, width):
    """The value of `width` bits of v from bit `shift`."""
    return (v >> shift) & ((1 << width) - 1)


@njit(cache=True, _nrt=False, inline="always")
def with_bits(v, shift, width, x):
    """v with its `width` bits from bit `shift` set to x (0 <= x < 2 ** width)."""
    return (v & ~(((1 << width) - 1) << shift)) | (x << shift)
