"""Setup (docs/RULES.md section 3): deck order, deal, mulligan, squad purchase, placement.

Purchase: elite cards with gold only, ordinary with gold or silver; each distinct non-neutral
element beyond the first costs 1 gold; flyers cost at most 15 crystals in total; a unique card
at most once. Placement: ground creatures on empty cells of the owner's three rows, flyers into his
auxiliary zone; with `placement_levels` (modern) cells are filled level by level.
"""
from numba import njit

from decks.registry import Element

from ..cardtable import (
    AB_FLAGS,
    COST,
    DRAWS_RANGED,
    ELEMENT,
    ELITE,
    F_FAST,
    F_FREE_RECRUIT,
    FLYER,
    FREE_COSTS,
    LIFE,
    RECRUIT_GOLD,
    SECOND_COUNTERS,
    UNIQUE,
)
from ..rng import N_STREAMS
from ..state import (
    AB_USES,
    ACQ_LOST,
    ACTED,
    ARMOR_LEFT,
    BOUGHT,
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    DEALT,
    DEATH_PENDING,
    DEATH_TURN,
    DELAY_W,
    DIED_FROM,
    DMG_DEALT,
    EFF,
    EXTRA_LIVES,
    G_AT_END,
    G_BOARD,
    G_DECISION,
    G_DECK_SIZE,
    G_DELAY,
    G_DICE_USED,
    G_DRAWERS,
    G_DRAWS,
    G_END,
    G_ERROR,
    G_FAST,
    G_FIRST,
    G_FLAGS,
    G_GOLD,
    G_HURT,
    G_INDEX,
    G_LAST_WOUND,
    G_LOSS_REACH,
    G_MULLIGANS,
    G_N_DELAYED,
    G_N_EVENTS,
    G_NPLAY,
    G_ORDER,
    G_PEND_HI,
    G_PEND_LO,
    G_QUEUE_N,
    G_RC_CLEAN,
    G_SEED,
    G_SILVER,
    G_STACK_N,
    G_TOKENS,
    G_TURN,
    G_WINNER,
    GAINED,
    GAME0,
    HEAL_END,
    KILLS,
    LAST_CELL,
    LAST_TARGET,
    LIFE_MAX,
    MAX_DECK,
    MAX_DELAYED,
    MOVED,
    MOVES_LEFT,
    N_CELLS,
    N_PILOT_FIELDS,
    N_SLOTS,
    NCF,
    PARAM0,
    PILOT0,
    POISON,
    PR_DEAL,
    PR_ELEMENT_PENALTY,
    PR_FLYER_CAP,
    PR_GOLD_FIRST,
    PR_GOLD_SECOND,
    PR_PLACEMENT_LEVELS,
    PR_SILVER_FIRST,
    PR_SILVER_SECOND,
    STRIKES,
    TMP_FLAGS,
    TMP_OWN,
    TMP_STRIKE,
    USED_GAME,
    USED_TURN,
    WOUNDS,
    Z_AUX,
    Z_DEALT,
    Z_DECK,
    Z_FIELD,
    Z_NONE,
    Z_SQUAD,
    ZONE,
)
from .board import add_to_play, cell_col, cell_row, forwardness, own_row
from .dice import shuffle_int
from .log import EV_BUY, EV_CRYSTALS, EV_DEAL, EV_PLACE, log, logging


@njit(cache=True, _nrt=False)
def init_game(C, S, g, decks, sizes, seed, game_index):
    """Reset row g to a fresh game of decks[p, :sizes[p]] (card ids), all cards in the decks."""
    S[g, GAME0 + G_SEED] = seed
    S[g, GAME0 + G_INDEX] = game_index
    for s in range(N_SLOTS):
        # every slot: what the outcome tables and slot scans read
        S[g, s * NCF + CARD_ID] = -1
        S[g, s * NCF + EFF] = -1
        S[g, s * NCF + ZONE] = Z_NONE
        S[g, s * NCF + CELL] = -1
        S[g, s * NCF + DEATH_TURN] = -1
        S[g, s * NCF + DEATH_PENDING] = 0
        S[g, s * NCF + DEALT] = 0
        S[g, s * NCF + BOUGHT] = 0
        if s % MAX_DECK >= sizes[s // MAX_DECK]:
            continue                # beyond the deck: never used in this game
        S[g, s * NCF + WOUNDS] = 0
        S[g, s * NCF + EXTRA_LIVES] = 0
        S[g, s * NCF + LIFE_MAX] = 0
        S[g, s * NCF + CLOSED] = 0
        S[g, s * NCF + MOVES_LEFT] = 0
        S[g, s * NCF + MOVED] = 0
        S[g, s * NCF + ACTED] = 0
        S[g, s * NCF + STRIKES] = 0
        S[g, s * NCF + LAST_TARGET] = -1
        S[g, s * NCF + ARMOR_LEFT] = 0
        S[g, s * NCF + COUNTERS] = 0
        S[g, s * NCF + POISON] = 0
        S[g, s * NCF + GAINED] = 0
        S[g, s * NCF + DIED_FROM] = -1
        S[g, s * NCF + DMG_DEALT] = 0
        S[g, s * NCF + KILLS] = 0
        S[g, s * NCF + LAST_CELL] = -1
        S[g, s * NCF + TMP_STRIKE] = 0
        S[g, s * NCF + TMP_FLAGS] = 0
        S[g, s * NCF + TMP_OWN] = 0
        S[g, s * NCF + USED_TURN] = 0
        S[g, s * NCF + USED_GAME] = 0
        S[g, s * NCF + ACQ_LOST] = 0
        S[g, s * NCF + HEAL_END] = 0
        S[g, s * NCF + AB_USES] = 0
    for k in range(MAX_DELAYED * DELAY_W):
        S[g, GAME0 + G_DELAY + k] = 0
    S[g, GAME0 + G_N_DELAYED] = 0
    S[g, GAME0 + G_PEND_LO] = N_SLOTS
    S[g, GAME0 + G_PEND_HI] = -1
    S[g, GAME0 + G_RC_CLEAN] = 0
    S[g, GAME0 + G_AT_END] = 0
    S[g, GAME0 + G_TOKENS] = 0
    S[g, GAME0 + G_HURT] = 1
    S[g, GAME0 + G_LOSS_REACH] = 0
    S[g, GAME0 + G_DECISION] = 0
    flags = 0
    for p in range(2):
        fast = 0
        for i in range(sizes[p]):
            flags |= C[decks[p, i], AB_FLAGS]
            if C[decks[p, i], AB_FLAGS] & F_FAST:
                fast |= 1 << i
        S[g, GAME0 + G_FAST + p] = fast
    S[g, GAME0 + G_FLAGS] = flags
    S[g, GAME0 + G_STACK_N] = 0
    S[g, GAME0 + G_QUEUE_N] = 0
    for c in range(N_CELLS):
        S[g, GAME0 + G_BOARD + c] = -1
    for p in range(2):
        S[g, GAME0 + G_DECK_SIZE + p] = sizes[p]
        S[g, GAME0 + G_DRAWERS + p] = 0
        S[g, GAME0 + G_NPLAY + p] = 0
        S[g, GAME0 + G_MULLIGANS + p] = 0
        for i in range(sizes[p]):
            s = p * MAX_DECK + i
            S[g, s * NCF + CARD_ID] = decks[p, i]
            S[g, s * NCF + EFF] = decks[p, i]
            S[g, s * NCF + ZONE] = Z_DECK
            if C[decks[p, i], DRAWS_RANGED] != 0:
                S[g, GAME0 + G_DRAWERS + p] = 1
            S[g, GAME0 + G_ORDER + p * MAX_DECK + i] = i
    for k in range(N_STREAMS):
        S[g, GAME0 + G_DRAWS + k] = 0
    S[g, GAME0 + G_TURN] = 0
    S[g, GAME0 + G_LAST_WOUND] = 0
    for i in range(N_PILOT_FIELDS):     # a row reused by another game must not carry the pilots' own
        S[g, PILOT0 + i] = 0            # fields over (results would depend on the batch)
    S[g, GAME0 + G_WINNER] = -1
    S[g, GAME0 + G_END] = 0
    S[g, GAME0 + G_N_EVENTS] = 0
    S[g, GAME0 + G_ERROR] = 0
    S[g, GAME0 + G_DICE_USED] = 0


@njit(cache=True, _nrt=False)
def give_crystals(C, S, g, first):
    """Crystals by seat (the ruleset preset): the first player and the second player."""
    S[g, GAME0 + G_FIRST] = first
    S[g, GAME0 + G_GOLD + first] = S[g, PARAM0 + PR_GOLD_FIRST]
    S[g, GAME0 + G_SILVER + first] = S[g, PARAM0 + PR_SILVER_FIRST]
    S[g, GAME0 + G_GOLD + (1 - first)] = S[g, PARAM0 + PR_GOLD_SECOND]
    S[g, GAME0 + G_SILVER + (1 - first)] = S[g, PARAM0 + PR_SILVER_SECOND]
    for p in range(2):
        if logging(S, g):
            log(S, g, EV_CRYSTALS, p, S[g, GAME0 + G_GOLD + p], S[g, GAME0 + G_SILVER + p], 0, 0)


@njit(cache=True, _nrt=False)
def shuffle_and_deal(S, g, p, n_deal):
    """Shuffle the whole deck (Fisher-Yates on the player's shuffle stream) and deal n_deal cards."""
    n = S[g, GAME0 + G_DECK_SIZE + p]
    for i in range(n - 1, 0, -1):
        j = shuffle_int(S, g, i + 1, p)
        tmp = S[g, GAME0 + G_ORDER + p * MAX_DECK + i]
        S[g, GAME0 + G_ORDER + p * MAX_DECK + i] = S[g, GAME0 + G_ORDER + p * MAX_DECK + j]
        S[g, GAME0 + G_ORDER + p * MAX_DECK + j] = tmp
    for i in range(n):
        s = p * MAX_DECK + S[g, GAME0 + G_ORDER + p * MAX_DECK + i]
        dealt = i < n_deal
        S[g, s * NCF + ZONE] = Z_DEALT if dealt else Z_DECK
        S[g, s * NCF + DEALT] = 1 if dealt else 0
    if logging(S, g):
        log(S, g, EV_DEAL, p, min(n, n_deal), S[g, GAME0 + G_MULLIGANS + p], 0, 0)


@njit(cache=True, _nrt=False)
def with_card(C, c, elite, ordinary, flyers, bonus_gold, elements):
    """Squad totals with card id c added."""
    if C[c, ELITE] == 1:
        elite += C[c, COST]
    else:
        ordinary += C[c, COST]
    if C[c, FLYER] == 1:
        flyers += C[c, COST]
    if C[c, ELEMENT] != Element.NEUTRAL:
        elements |= 1 << C[c, ELEMENT]
    return elite, ordinary, flyers, bonus_gold + C[c, RECRUIT_GOLD], elements


@njit(cache=True, _nrt=False)
def squad_totals(C, S, g, p):
    """(elite cost, ordinary cost, flyer cost, recruit gold, element mask) of the squad so far."""
    elite = 0
    ordinary = 0
    flyers = 0
    bonus_gold = 0
    elements = 0
    for i in range(min(S[g, PARAM0 + PR_DEAL], S[g, GAME0 + G_DECK_SIZE + p])):
        s = p * MAX_DECK + S[g, GAME0 + G_ORDER + p * MAX_DECK + i]    # squad cards come from the deal
        if S[g, s * NCF + ZONE] != Z_SQUAD:
            continue
        elite, ordinary, flyers, bonus_gold, elements = with_card(
            C, S[g, s * NCF + CARD_ID], elite, ordinary, flyers, bonus_gold, elements)
    if S[g, GAME0 + G_FLAGS] & F_FREE_RECRUIT:
        de, do = free_discount(C, S, g, p, -1)
        elite -= de
        ordinary -= do
    return elite, ordinary, flyers, bonus_gold, elements


@njit(cache=True, _nrt=False, inline="always")
def _squad_member(S, g, p, i, extra):
    """Member i of the squad (i = -1: the card `extra` being considered; -1 when not a member)."""
    if i < 0:
        return extra
    s = p * MAX_DECK + S[g, GAME0 + G_ORDER + p * MAX_DECK + i]
    return s if S[g, s * NCF + ZONE] == Z_SQUAD else -1


@njit(cache=True, _nrt=False)
def free_discount(C, S, g, p, extra):
    """free_if_squad_costs (Ведающий запасами): the (elite, ordinary) crystals not paid for
    the cards of the squad (with card `extra` added, -1 for none) that are recruited for free: the
    squad's other cards have every cost their mask asks for."""
    de = 0
    do = 0
    n = min(S[g, PARAM0 + PR_DEAL], S[g, GAME0 + G_DECK_SIZE + p])
    for i in range(-1, n):
        x = _squad_member(S, g, p, i, extra)
        if x < 0 or C[S[g, x * NCF + CARD_ID], FREE_COSTS] == 0:
            continue
        cx = S[g, x * NCF + CARD_ID]
        have = 0
        for j in range(-1, n):
            y = _squad_member(S, g, p, j, extra)
            if y >= 0 and y != x and C[S[g, y * NCF + CARD_ID], COST] <= 30:
                have |= 1 << C[S[g, y * NCF + CARD_ID], COST]
        if have & C[cx, FREE_COSTS] == C[cx, FREE_COSTS]:
            if C[cx, ELITE] == 1:
                de += C[cx, COST]
            else:
                do += C[cx, COST]
    return de, do


@njit(cache=True, _nrt=False, inline="always")
def _element_count(elements):
    n_el = 0
    for e in range(Element.NEUTRAL):
        if (elements >> e) & 1:
            n_el += 1
    return n_el


@njit(cache=True, _nrt=False)
def element_penalty(S, g, elements):
    """Each distinct non-neutral element beyond the first costs 1 gold (the ruleset's setting)."""
    return max(_element_count(elements) - 1, 0) * S[g, PARAM0 + PR_ELEMENT_PENALTY]


@njit(cache=True, _nrt=False, inline="always")
def purse(S, g, p):
    """What p's squad is paid from and checked against: (gold, silver, flyer cap, gold per element
    beyond the first)."""
    return (S[g, GAME0 + G_GOLD + p], S[g, GAME0 + G_SILVER + p], S[g, PARAM0 + PR_FLYER_CAP],
            S[g, PARAM0 + PR_ELEMENT_PENALTY])


@njit(cache=True, _nrt=False, inline="always")
def pays_for(elite, ordinary, flyers, bonus_gold, elements, money):
    """The purchase rule on a squad's totals (squad_totals) and a purse: flyers within the cap, elite
    cards and the element penalty paid in gold, ordinary cards in silver and then gold."""
    gold, silver, flyer_cap, per_element = money
    if flyers > flyer_cap:
        return False
    penalty = max(_element_count(elements) - 1, 0) * per_element
    gold += bonus_gold
    if elite + penalty > gold:
        return False
    return elite + ordinary + penalty <= gold + silver


@njit(cache=True, _nrt=False)
def fits(C, S, g, p, elite, ordinary, flyers, bonus_gold, elements, extra):
    """Can the player pay for a squad of these totals plus card `extra` (-1 for none)?"""
    if extra >= 0:
        c = S[g, extra * NCF + CARD_ID]
        if C[c, UNIQUE] == 1:
            for i in range(min(S[g, PARAM0 + PR_DEAL], S[g, GAME0 + G_DECK_SIZE + p])):
                o = p * MAX_DECK + S[g, GAME0 + G_ORDER + p * MAX_DECK + i]
                if S[g, o * NCF + ZONE] == Z_SQUAD and S[g, o * NCF + CARD_ID] == c:
                    return False
        elite, ordinary, flyers, bonus_gold, elements = with_card(
            C, c, elite, ordinary, flyers, bonus_gold, elements)
        if S[g, GAME0 + G_FLAGS] & F_FREE_RECRUIT:
            de, do = free_discount(C, S, g, p, extra)       # the squad with it, less its own discount
            de0, do0 = free_discount(C, S, g, p, -1)
            elite -= de - de0
            ordinary -= do - do0
    return pays_for(elite, ordinary, flyers, bonus_gold, elements, purse(S, g, p))


@njit(cache=True, _nrt=False)
def buy(C, S, g, p, s):
    S[g, s * NCF + ZONE] = Z_SQUAD
    S[g, s * NCF + BOUGHT] = 1
    if logging(S, g):
        log(S, g, EV_BUY, s, 0, 0, 0, 0)


@njit(cache=True, _nrt=False)
def pay_squad(C, S, g, p):
    """Pay: elite and the element penalty in gold, ordinary cards in silver first, then gold."""
    elite, ordinary, flyers, bonus_gold, elements = squad_totals(C, S, g, p)
    gold = S[g, GAME0 + G_GOLD + p] + bonus_gold - elite - element_penalty(S, g, elements)
    silver = S[g, GAME0 + G_SILVER + p] - ordinary
    if silver < 0:
        gold += silver
        silver = 0
    S[g, GAME0 + G_GOLD + p] = gold
    S[g, GAME0 + G_SILVER + p] = silver
    lo = p * MAX_DECK
    for s in range(lo, lo + S[g, GAME0 + G_DECK_SIZE + p]):
        if S[g, s * NCF + ZONE] == Z_DEALT:
            S[g, s * NCF + ZONE] = Z_DECK
    if logging(S, g):
        log(S, g, EV_CRYSTALS, p, gold, silver, 1, 0)


@njit(cache=True, _nrt=False)
def placement_level(C, S, g, p, c):
    """[H] modern placement levels by seat: lower levels fill first."""
    row = cell_row(c)
    col = cell_col(c)
    f = forwardness(p, row)
    edge = col == 0 or col == 4
    if S[g, GAME0 + G_FIRST] == p:
        if not edge:
            return 0
        return 2 if f == 2 else 1
    if f == 2 or not edge:
        return 0
    return 1


@njit(cache=True, _nrt=False)
def open_level(C, S, g, p):
    """The lowest placement level among the empty cells of the player's rows (-1 when levels are off:
    every empty cell is open)."""
    if S[g, PARAM0 + PR_PLACEMENT_LEVELS] == 0:
        return -1
    lvl = 99
    for o in range(N_CELLS):
        if S[g, GAME0 + G_BOARD + o] < 0 and own_row(p, cell_row(o)):
            lvl = min(lvl, placement_level(C, S, g, p, o))
    return lvl


@njit(cache=True, _nrt=False, inline="always")
def placement_open(C, S, g, p, c, lvl):
    """May a card be placed on cell c: an empty cell of the player's rows, of the lowest level still
    open when levels are on (lvl: open_level, the same for every cell of one placement)?"""
    if S[g, GAME0 + G_BOARD + c] >= 0 or not own_row(p, cell_row(c)):
        return False
    return lvl < 0 or placement_level(C, S, g, p, c) == lvl


@njit(cache=True, _nrt=False)
def enter_play(C, S, g, s, cell):
    """A squad card enters play: its life maximum is its printed life (508.1)."""
    c = S[g, s * NCF + CARD_ID]
    S[g, s * NCF + LIFE_MAX] = C[c, LIFE]
    if C[c, SECOND_COUNTERS] > 0 and S[g, GAME0 + G_FIRST] != s // MAX_DECK:
        S[g, s * NCF + COUNTERS] += C[c, SECOND_COUNTERS]     # as 2nd player: starts battle with them
    if cell >= 0:
        S[g, s * NCF + ZONE] = Z_FIELD
        S[g, s * NCF + CELL] = cell
        S[g, GAME0 + G_BOARD + cell] = s
    else:
        S[g, s * NCF + ZONE] = Z_AUX
        S[g, s * NCF + CELL] = -1
    add_to_play(S, g, s)
    if logging(S, g):
        log(S, g, EV_PLACE, s, cell, 0, 0, 0)
