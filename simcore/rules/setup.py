"""Setup (RULES.md section 3): deck order, deal, mulligan, squad purchase, placement.

Purchase: elite cards with gold only, ordinary with gold or silver; each distinct non-neutral
element beyond the first costs 1 gold; flyers cost at most 15 crystals in total; a unique card
at most once. Placement: ground creatures on empty cells of the owner's three rows, flyers into his
auxiliary zone; with `placement_levels` (modern) cells are filled level by level.
"""
from numba import njit

from ..cardtable import (
    COST,
    E_NEUTRAL,
    ELEMENT,
    ELITE,
    FLYER,
    LIFE,
    RECRUIT_GOLD,
    UNIQUE,
)
from ..rng import N_STREAMS
from ..ruleset import (
    PR_ELEMENT_PENALTY,
    PR_FLYER_CAP,
    PR_GOLD_FIRST,
    PR_GOLD_SECOND,
    PR_PLACEMENT_LEVELS,
    PR_SILVER_FIRST,
    PR_SILVER_SECOND,
)
from ..state import (
    ACTED,
    ARMOR_LEFT,
    BOUGHT,
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    DEALT,
    DEATH_TURN,
    DIED_FROM,
    DMG_DEALT,
    EXTRA_LIVES,
    G_BOARD,
    G_DECK_SIZE,
    G_DICE_USED,
    G_DRAWS,
    G_END,
    G_ERROR,
    G_FIRST,
    G_GOLD,
    G_INDEX,
    G_MULLIGANS,
    G_N_EVENTS,
    G_ORDER,
    G_SEED,
    G_SILVER,
    G_TURN,
    G_WINNER,
    GAINED,
    KILLS,
    LAST_TARGET,
    LIFE_MAX,
    MAX_DECK,
    MOVED,
    MOVES_LEFT,
    N_CELLS,
    POISON,
    STRIKES,
    WOUNDS,
    Z_AUX,
    Z_DEALT,
    Z_DECK,
    Z_FIELD,
    Z_NONE,
    Z_SQUAD,
    ZONE,
)
from .board import cell_col, cell_row, forwardness, own_row
from .dice import shuffle_int
from .log import EV_BUY, EV_CRYSTALS, EV_DEAL, EV_PLACE, log


@njit(cache=True)
def init_game(st, g, decks, sizes, seed, game_index):
    """Reset row g to a fresh game of decks[p, :sizes[p]] (card ids), all cards in the decks."""
    st.game[g, G_SEED] = seed
    st.game[g, G_INDEX] = game_index
    for s in range(st.cards.shape[1]):
        st.cards[g, s, CARD_ID] = -1
        st.cards[g, s, ZONE] = Z_NONE
        st.cards[g, s, CELL] = -1
        st.cards[g, s, WOUNDS] = 0
        st.cards[g, s, EXTRA_LIVES] = 0
        st.cards[g, s, LIFE_MAX] = 0
        st.cards[g, s, CLOSED] = 0
        st.cards[g, s, MOVES_LEFT] = 0
        st.cards[g, s, MOVED] = 0
        st.cards[g, s, ACTED] = 0
        st.cards[g, s, STRIKES] = 0
        st.cards[g, s, LAST_TARGET] = -1
        st.cards[g, s, ARMOR_LEFT] = 0
        st.cards[g, s, COUNTERS] = 0
        st.cards[g, s, POISON] = 0
        st.cards[g, s, GAINED] = 0
        st.cards[g, s, DIED_FROM] = -1
        st.cards[g, s, DEATH_TURN] = -1
        st.cards[g, s, DEALT] = 0
        st.cards[g, s, BOUGHT] = 0
        st.cards[g, s, DMG_DEALT] = 0
        st.cards[g, s, KILLS] = 0
    for c in range(N_CELLS):
        st.game[g, G_BOARD + c] = -1
    for p in range(2):
        st.game[g, G_DECK_SIZE + p] = sizes[p]
        st.game[g, G_MULLIGANS + p] = 0
        for i in range(sizes[p]):
            s = p * MAX_DECK + i
            st.cards[g, s, CARD_ID] = decks[p, i]
            st.cards[g, s, ZONE] = Z_DECK
            st.game[g, G_ORDER + p * MAX_DECK + i] = i
    for k in range(N_STREAMS):
        st.game[g, G_DRAWS + k] = 0
    st.game[g, G_TURN] = 0
    st.game[g, G_WINNER] = -1
    st.game[g, G_END] = 0
    st.game[g, G_N_EVENTS] = 0
    st.game[g, G_ERROR] = 0
    st.game[g, G_DICE_USED] = 0


@njit(cache=True)
def give_crystals(T, st, g, first):
    """Crystals by seat (the ruleset preset): the first player and the second player."""
    P = T.params
    st.game[g, G_FIRST] = first
    st.game[g, G_GOLD + first] = P[PR_GOLD_FIRST]
    st.game[g, G_SILVER + first] = P[PR_SILVER_FIRST]
    st.game[g, G_GOLD + (1 - first)] = P[PR_GOLD_SECOND]
    st.game[g, G_SILVER + (1 - first)] = P[PR_SILVER_SECOND]
    for p in range(2):
        log(st, g, EV_CRYSTALS, p, st.game[g, G_GOLD + p], st.game[g, G_SILVER + p], 0, 0)


@njit(cache=True)
def shuffle_and_deal(st, g, p, n_deal):
    """Shuffle the whole deck (Fisher-Yates on the shuffle stream) and deal n_deal cards."""
    n = st.game[g, G_DECK_SIZE + p]
    for i in range(n - 1, 0, -1):
        j = shuffle_int(st, g, i + 1)
        tmp = st.game[g, G_ORDER + p * MAX_DECK + i]
        st.game[g, G_ORDER + p * MAX_DECK + i] = st.game[g, G_ORDER + p * MAX_DECK + j]
        st.game[g, G_ORDER + p * MAX_DECK + j] = tmp
    for i in range(n):
        s = p * MAX_DECK + st.game[g, G_ORDER + p * MAX_DECK + i]
        dealt = i < n_deal
        st.cards[g, s, ZONE] = Z_DEALT if dealt else Z_DECK
        st.cards[g, s, DEALT] = 1 if dealt else 0
    log(st, g, EV_DEAL, p, min(n, n_deal), st.game[g, G_MULLIGANS + p], 0, 0)


@njit(cache=True)
def squad_totals(T, st, g, p, extra):
    """(elite cost, ordinary cost, element penalty, flyer cost, recruit gold, unique clash) of the
    squad so far plus card `extra` (-1 for none)."""
    C = T.stats
    elite = 0
    ordinary = 0
    flyers = 0
    bonus_gold = 0
    elements = 0
    clash = False
    lo = p * MAX_DECK
    hi = lo + st.game[g, G_DECK_SIZE + p]
    for s in range(lo, hi):
        if st.cards[g, s, ZONE] != Z_SQUAD and s != extra:
            continue
        c = st.cards[g, s, CARD_ID]
        if C[c, ELITE] == 1:
            elite += C[c, COST]
        else:
            ordinary += C[c, COST]
        if C[c, FLYER] == 1:
            flyers += C[c, COST]
        bonus_gold += C[c, RECRUIT_GOLD]
        if C[c, ELEMENT] != E_NEUTRAL:
            elements |= 1 << C[c, ELEMENT]
        if C[c, UNIQUE] == 1:
            for o in range(lo, s):
                if (st.cards[g, o, ZONE] == Z_SQUAD or o == extra) and st.cards[g, o, CARD_ID] == c:
                    clash = True
    n_el = 0
    for e in range(E_NEUTRAL):
        if (elements >> e) & 1:
            n_el += 1
    penalty = max(n_el - 1, 0) * T.params[PR_ELEMENT_PENALTY]
    return elite, ordinary, penalty, flyers, bonus_gold, clash


@njit(cache=True)
def squad_feasible(T, st, g, p, extra):
    """Can the player pay for his squad so far plus card `extra`? (RULES.md section 3)"""
    elite, ordinary, penalty, flyers, bonus_gold, clash = squad_totals(T, st, g, p, extra)
    if clash or flyers > T.params[PR_FLYER_CAP]:
        return False
    gold = st.game[g, G_GOLD + p] + bonus_gold
    if elite + penalty > gold:
        return False
    return elite + ordinary + penalty <= gold + st.game[g, G_SILVER + p]


@njit(cache=True)
def buy(T, st, g, p, s):
    st.cards[g, s, ZONE] = Z_SQUAD
    st.cards[g, s, BOUGHT] = 1
    log(st, g, EV_BUY, s, 0, 0, 0, 0)


@njit(cache=True)
def pay_squad(T, st, g, p):
    """Pay: elite and the element penalty in gold, ordinary cards in silver first, then gold."""
    elite, ordinary, penalty, flyers, bonus_gold, clash = squad_totals(T, st, g, p, -1)
    gold = st.game[g, G_GOLD + p] + bonus_gold - elite - penalty
    silver = st.game[g, G_SILVER + p] - ordinary
    if silver < 0:
        gold += silver
        silver = 0
    st.game[g, G_GOLD + p] = gold
    st.game[g, G_SILVER + p] = silver
    lo = p * MAX_DECK
    for s in range(lo, lo + st.game[g, G_DECK_SIZE + p]):
        if st.cards[g, s, ZONE] == Z_DEALT:
            st.cards[g, s, ZONE] = Z_DECK
    log(st, g, EV_CRYSTALS, p, gold, silver, 1, 0)


@njit(cache=True)
def placement_level(T, st, g, p, c):
    """[H] modern placement levels by seat: lower levels fill first."""
    row = cell_row(c)
    col = cell_col(c)
    f = forwardness(p, row)
    edge = col == 0 or col == 4
    if st.game[g, G_FIRST] == p:
        if not edge:
            return 0
        return 2 if f == 2 else 1
    if f == 2 or not edge:
        return 0
    return 1


@njit(cache=True)
def placement_allowed(T, st, g, p, c):
    """An empty cell of the player's rows, of the lowest level still open when levels are on."""
    if st.game[g, G_BOARD + c] >= 0 or not own_row(p, cell_row(c)):
        return False
    if T.params[PR_PLACEMENT_LEVELS] == 0:
        return True
    lvl = placement_level(T, st, g, p, c)
    for o in range(N_CELLS):
        if st.game[g, G_BOARD + o] < 0 and own_row(p, cell_row(o)) and placement_level(T, st, g, p, o) < lvl:
            return False
    return True


@njit(cache=True)
def enter_play(T, st, g, s, cell):
    """A squad card enters play: its life maximum is its printed life (508.1)."""
    C = T.stats
    c = st.cards[g, s, CARD_ID]
    st.cards[g, s, LIFE_MAX] = C[c, LIFE]
    if cell >= 0:
        st.cards[g, s, ZONE] = Z_FIELD
        st.cards[g, s, CELL] = cell
        st.game[g, G_BOARD + cell] = s
    else:
        st.cards[g, s, ZONE] = Z_AUX
        st.cards[g, s, CELL] = -1
    log(st, g, EV_PLACE, s, cell, 0, 0, 0)
