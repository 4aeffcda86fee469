"""503.3, property: recomputation of permanent abilities always terminates, is idempotent, and
agrees with a plain statement of the cycle rule, on random positions of Грибынычи and other cards."""
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from decks import load_cardset
from simcore.kernels.cardtable import compile_cardset
from simcore.kernels.rules.board import rebuild_play_lists
from simcore.kernels.rules.movement import relocate
from simcore.kernels.rules.permanent import recompute
from simcore.kernels.rules.setup import init_game
from simcore.kernels.state import (
    CARD_ID,
    CELL,
    EFF,
    G_BOARD,
    GAME0,
    LIFE_MAX,
    MAX_DECK,
    NCF,
    RC_MAX,
    Z_FIELD,
    ZONE,
    new_state,
)

CARDS = load_cardset()
TABLE = compile_cardset(CARDS).stats
GRIB = CARDS.index("Грибыныч")
OTHERS = [CARDS.index(n) for n in ("Кочевник", "Арацент", "Вайл", "Хедд")]
N = len(CARDS)


def adjacent(a, b):
    return max(abs(a // 5 - b // 5), abs(a % 5 - b % 5)) == 1


def reference_lost(cards):
    """cards: [(slot, card id, cell)]. x0 = nobody; x_{k+1}: neighbours of every Грибыныч not in x_k;
    stop at the first x_k equal to an earlier x_j."""
    history = [frozenset()]
    while True:
        x = history[-1]
        nxt = frozenset(o for s, c, cs in cards if c == GRIB and s not in x
                        for o, _, co in cards if o != s and adjacent(cs, co))
        if nxt in history:
            return nxt
        history.append(nxt)


positions = st.lists(st.tuples(st.integers(0, 29), st.booleans(), st.sampled_from(OTHERS), st.booleans()),
                     min_size=1, max_size=14, unique_by=lambda t: t[0])


def _position(cells):
    """The cells as a position: (state with every card on the battlefield, [(slot, card id, cell)])."""
    decks = np.full((2, MAX_DECK), -1, np.int64)
    sizes = np.zeros(2, np.int64)
    placed = []
    for cell, grib, other, owner in cells:
        p = int(owner)
        cid = GRIB if grib else other
        decks[p, sizes[p]] = cid
        placed.append((p * MAX_DECK + sizes[p], cid, cell))
        sizes[p] += 1
    S = new_state(1)
    init_game(TABLE, S, 0, decks, sizes, np.uint64(0), 0)
    for s, cid, cell in placed:
        S[0, s * NCF + ZONE] = Z_FIELD
        S[0, s * NCF + CELL] = cell
        S[0, s * NCF + LIFE_MAX] = 8
        S[0, GAME0 + G_BOARD + cell] = s
    rebuild_play_lists(S, 0)
    return S, placed


@settings(max_examples=150, deadline=None)
@given(positions)
def test_503_3_recomputation_terminates_is_idempotent_and_follows_the_cycle_rule(cells):
    S, placed = _position(cells)
    steps = recompute(TABLE, S, 0)
    if any(cid == GRIB for _, cid, _ in placed):
        assert 1 <= steps <= 2 * len(placed) + 2
    else:
        assert steps == 0           # no card of this game can take abilities away: skipped
    first = S[0, [s * NCF + EFF for s, _, _ in placed]].copy()
    lost = reference_lost(placed)
    for (s, cid, _), eff in zip(placed, first):
        assert eff == (cid + N if s in lost else cid), (s, cid)
        assert S[0, s * NCF + CARD_ID] == cid
    recompute(TABLE, S, 0)
    np.testing.assert_array_equal(S[0, [s * NCF + EFF for s, _, _ in placed]], first)
    assert RC_MAX >= 2


@settings(max_examples=100, deadline=None)
@given(positions.filter(lambda cs: any(grib for _, grib, _, _ in cs)), st.integers(0, 13), st.integers(0, 29))
def test_503_3_recomputation_is_skipped_only_while_nothing_moved_within_reach(cells, who, to):
    """recompute skips its work when no card entered play or lost its abilities, and none moved from
    or to (or left play from) a cell on or next to a Грибыныч since the last time (G_RC_CLEAN,
    G_LOSS_REACH); after such a move it must see the new neighbours, and after any other move its
    result still follows the rule."""
    S, placed = _position(cells)
    assert recompute(TABLE, S, 0) >= 1
    assert recompute(TABLE, S, 0) == 0                  # nothing changed: skipped, EFF kept
    s, _, start = placed[who % len(placed)]
    if S[0, GAME0 + G_BOARD + to] >= 0:
        return
    near = any(c == GRIB and (adjacent(co, x) or co == x) for _, c, co in placed for x in (start, to))
    relocate(S, 0, s, to)                               # the engine's own move
    placed = [(o, c, to if o == s else co) for o, c, co in placed]
    assert (recompute(TABLE, S, 0) >= 1) == near        # it runs again exactly when the move was near
    lost = reference_lost(placed)
    for o, c, _ in placed:
        assert S[0, o * NCF + EFF] == (c + N if o in lost else c), (o, c)
