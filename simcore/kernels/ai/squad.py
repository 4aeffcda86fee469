"""The pilots' choices at setup (docs/RULES.md section 3): the mulligan, the squad purchase and the
placement. The game (simcore.kernels.game) asks them before the first turn.

random: uniform over the legal choices. baseline: the strongest affordable squad of its main element and
neutrals, placed in the order of the deck list, melee in front and ranged behind. greedy: of the squad
of the highest total cost across elements (plan_squad) and random fills of its deal (random_fill), the
one worth most by squad_worth (greedy_squad_plan); search plays candidate squads out instead
(ai.squad_search). Both place by role (next_to_place: the dearest melee creatures take the front cells).
deal_hand, buy_squad and place_squad drive a player's setup through his pilot's choices (the game's
setup, and the search pilot's imagined ones).
"""
import numpy as np
from numba import njit

from decks.registry import AttackKind, Element

from ..cardtable import (
    COST,
    DEF_NO_TAP,
    ELEMENT,
    ELITE,
    F_FREE_RECRUIT,
    FLYER,
    LIFE,
    RECRUIT_GOLD,
    RKIND,
    SM,
    SS,
    SW,
    UNIQUE,
)
from ..rules.board import bits, cell_col, cell_row, forwardness
from ..rules.dice import ai_int, ai_words
from ..rules.log import EV_MULLIGAN, log, logging
from ..rules.setup import (
    buy,
    enter_play,
    fits,
    open_level,
    pay_squad,
    pays_for,
    placement_open,
    purse,
    shuffle_and_deal,
    squad_totals,
    with_card,
)
from ..state import (
    CARD_ID,
    EFF,
    G_DECK_SIZE,
    G_FLAGS,
    G_GOLD,
    G_MULLIGANS,
    G_ORDER,
    G_SILVER,
    GAME0,
    MAX_DECK,
    N_CELLS,
    N_COLS,
    NCF,
    P_BY_COST,
    P_FILL_ORDER,
    P_PLACEMENT,
    P_SQUAD_PLAN,
    P_TERMS,
    PARAM0,
    PILOT0,
    PR_DEAL,
    PR_MULLIGAN_COST,
    PR_MULLIGAN_MAX,
    PR_SQUADS0,
    TERMS_COST_SHIFT,
    TERMS_COST_WIDTH,
    TERMS_DEALT_SHIFT,
    TERMS_EFF_COST_SHIFT,
    TERMS_EFF_COST_WIDTH,
    TERMS_ELEMENT_SHIFT,
    TERMS_ELEMENT_WIDTH,
    TERMS_ELITE_SHIFT,
    TERMS_FLYER_SHIFT,
    TERMS_GOLD_SHIFT,
    TERMS_GOLD_WIDTH,
    TERMS_GOLD_ZERO,
    TERMS_GROUP_SHIFT,
    TERMS_GROUP_WIDTH,
    Z_DEALT,
    Z_SQUAD,
    ZONE,
)
from .values import GREEDY, RANDOM, SEARCH, policy_of

ELITE_WORTH = 1.0        # greedy's squad: an elite card (paid in gold only) counts a crystal more,
TOP_WORTH = 0.5          # and the squad's dearest card half its cost more (measured: such squads win more),
STRIKE_WORTH = 0.1       # a tenth of a crystal more per point of its cards' strikes (weak + medium + strong)
LIFE_WORTH = 0.1         # and a tenth less per point of their life (measured: at a cost, striking pays more)
GREEDY_SQUADS = 16       # the random fills greedy weighs (its default `squads`; the search pilot's first candidate)
# how a pilot places its squad (the pilot field P_PLACEMENT + seat; choose_cell): as greedy, or, for the
# search pilot (ai.squad_search.best_placement weighs them in this order), greedy's rows filled from the
# last column on, with its melee creatures held back in the middle row, greedy's rows filled from the first
# column on, with its ranged attackers brought forward to the middle row, or its rows filled every second
# column first (the last, the middle, the first column, then the two between: SPREAD_ORDER)
PLACE_CENTRE = 0
PLACE_LAST_COLUMNS = 1
PLACE_HELD_BACK = 2
PLACE_FIRST_COLUMNS = 3
PLACE_RANGED_FORWARD = 4
PLACE_SPREAD = 5
N_PLACEMENTS = 6
SPREAD_ORDER = (2, 0, 3, 1, 4)  # a column's rank in PLACE_SPREAD (the highest first)


@njit(cache=True, _nrt=False)
def card_value(C, c):
    """Greedy's squad ranking: the crystal cost, ties broken by life and strike."""
    return C[c, COST] * 100 + C[c, LIFE] * 2 + C[c, SW] + C[c, SM] + C[c, SS]


@njit(cache=True, _nrt=False, inline="always")
def n_dealt(S, g, p):
    """How many cards the deal gave (the first n of the deck order)."""
    return min(S[g, PARAM0 + PR_DEAL], S[g, GAME0 + G_DECK_SIZE + p])


@njit(cache=True, _nrt=False, inline="always")
def dealt_slot(S, g, p, i):
    return p * MAX_DECK + S[g, GAME0 + G_ORDER + p * MAX_DECK + i]


@njit(cache=True, _nrt=False)
def main_element(C, S, g, p):
    """The non-neutral element with the highest total cost in the deal (bought cards included;
    -1 if none; ties go to the element listed first)."""
    t0 = t1 = t2 = t3 = t4 = 0
    for i in range(n_dealt(S, g, p)):
        c = S[g, dealt_slot(S, g, p, i) * NCF + EFF]
        e = C[c, ELEMENT]
        if e == 0:
            t0 += C[c, COST]
        elif e == 1:
            t1 += C[c, COST]
        elif e == 2:
            t2 += C[c, COST]
        elif e == 3:
            t3 += C[c, COST]
        elif e == 4:
            t4 += C[c, COST]
    best, best_e = 0, -1
    for e, tot in enumerate((t0, t1, t2, t3, t4)):
        if tot > best:
            best, best_e = tot, e
    return best_e


@njit(cache=True, _nrt=False)
def wants_mulligan(C, S, g, p, allowed):
    if not allowed:
        return False
    if policy_of(S, g, p) == RANDOM:
        return ai_int(S, g, p, 2) == 1
    # greedy: re-deal when the main element (plus neutrals) cannot fill two thirds of the budget
    me = main_element(C, S, g, p)
    total = 0
    for i in range(n_dealt(S, g, p)):
        c = S[g, dealt_slot(S, g, p, i) * NCF + EFF]
        if C[c, ELEMENT] == me or C[c, ELEMENT] == Element.NEUTRAL:
            total += C[c, COST]
    return total * 3 < (S[g, GAME0 + G_GOLD + p] + S[g, GAME0 + G_SILVER + p]) * 2


@njit(cache=True, _nrt=False)
def choose_buy(C, S, g, p, me, totals):
    """The next dealt card to buy into the squad, or -1 to stop (me: main_element of the deal, for
    greedy; the deal does not change while the player buys; totals: rules.setup.squad_totals of the
    squad so far, kept by the caller as it buys)."""
    elite, ordinary, flyers, gold, elements = totals
    nd = n_dealt(S, g, p)
    if policy_of(S, g, p) == RANDOM:
        n = 0
        for i in range(nd):
            s = dealt_slot(S, g, p, i)
            if S[g, s * NCF + ZONE] == Z_DEALT and fits(C, S, g, p, elite, ordinary, flyers, gold,
                                                       elements, s):
                n += 1
        k = ai_int(S, g, p, n + 1)
        for i in range(nd):
            s = dealt_slot(S, g, p, i)
            if S[g, s * NCF + ZONE] == Z_DEALT and fits(C, S, g, p, elite, ordinary, flyers, gold,
                                                       elements, s):
                if k == 0:
                    return s
                k -= 1
        return -1
    if policy_of(S, g, p) >= GREEDY:
        return dearest_squad_buy(C, S, g, p, totals)
    best, best_v = -1, -1
    for pass_ in range(2):
        for i in range(nd):
            s = dealt_slot(S, g, p, i)
            if S[g, s * NCF + ZONE] != Z_DEALT:
                continue
            c = S[g, s * NCF + EFF]
            if pass_ == 0 and not (C[c, ELEMENT] == me or C[c, ELEMENT] == Element.NEUTRAL):
                continue
            v = card_value(C, c)
            if v > best_v and fits(C, S, g, p, elite, ordinary, flyers, gold, elements, s):
                best, best_v = s, v
        if best >= 0:
            return best
    return -1


@njit(cache=True, _nrt=False)
def note_deal(C, S, g, p):
    """Pack each dealt card's purchase terms into the pilot fields P_TERMS + i (simcore.kernels.state,
    TERMS_*), for the plans of p's squad (plan_squad, random_fill) while his deal and its zones stay as
    they are: what rules.setup.with_card adds to a squad's totals (with_terms), whether it is dealt, the
    cost of its effective card, and for a unique card the deal holds more than once a copy group shared
    with its copies (from 1 up), so that whether a copy of it is taken is one bit (copy_in)."""
    nd = n_dealt(S, g, p)
    groups = 0
    for i in range(nd):
        s = dealt_slot(S, g, p, i)
        c = S[g, s * NCF + CARD_ID]
        e = C[c, ELEMENT]
        terms = ((C[c, COST] << TERMS_COST_SHIFT) | (np.int64(C[c, ELITE] == 1) << TERMS_ELITE_SHIFT)
                 | (np.int64(C[c, FLYER] == 1) << TERMS_FLYER_SHIFT)
                 | (np.int64(0 if e == Element.NEUTRAL else e + 1) << TERMS_ELEMENT_SHIFT)
                 | ((C[c, RECRUIT_GOLD] + TERMS_GOLD_ZERO) << TERMS_GOLD_SHIFT)
                 | (np.int64(S[g, s * NCF + ZONE] == Z_DEALT) << TERMS_DEALT_SHIFT)
                 | (C[S[g, s * NCF + EFF], COST] << TERMS_EFF_COST_SHIFT))
        if C[c, UNIQUE] == 1:
            for j in range(nd):         # the first other copy: an earlier one's group, or a new group
                if j != i and S[g, dealt_slot(S, g, p, j) * NCF + CARD_ID] == c:
                    if j < i:
                        group = bits(S[g, PILOT0 + P_TERMS + j], TERMS_GROUP_SHIFT, TERMS_GROUP_WIDTH)
                    else:
                        groups += 1
                        group = groups
                    terms |= np.int64(group) << TERMS_GROUP_SHIFT
                    break
        S[g, PILOT0 + P_TERMS + i] = terms


@njit(cache=True, _nrt=False, inline="always")
def with_terms(terms, totals):
    """rules.setup.with_card on the packed terms of a dealt card (note_deal)."""
    elite, ordinary, flyers, gold, elements = totals
    cost = bits(terms, TERMS_COST_SHIFT, TERMS_COST_WIDTH)
    if bits(terms, TERMS_ELITE_SHIFT, 1):
        elite += cost
    else:
        ordinary += cost
    if bits(terms, TERMS_FLYER_SHIFT, 1):
        flyers += cost
    element = bits(terms, TERMS_ELEMENT_SHIFT, TERMS_ELEMENT_WIDTH)
    if element > 0:
        elements |= 1 << (element - 1)
    gold += bits(terms, TERMS_GOLD_SHIFT, TERMS_GOLD_WIDTH) - TERMS_GOLD_ZERO
    return elite, ordinary, flyers, gold, elements


@njit(cache=True, _nrt=False, inline="always")
def noted_dealt(terms):
    """True if the dealt card of these noted terms (note_deal) is still dealt, not bought."""
    return bits(terms, TERMS_DEALT_SHIFT, 1) == 1


@njit(cache=True, _nrt=False, inline="always")
def noted_cost(terms):
    """The cost of the effective card of a dealt card, from its noted terms (note_deal)."""
    return bits(terms, TERMS_EFF_COST_SHIFT, TERMS_EFF_COST_WIDTH)


@njit(cache=True, _nrt=False, inline="always")
def copy_group(terms):
    """A dealt card's copy group (note_deal; 0: none)."""
    return bits(terms, TERMS_GROUP_SHIFT, TERMS_GROUP_WIDTH)


@njit(cache=True, _nrt=False)
def taken_groups(S, g, p, taken):
    """The copy groups (note_deal; bit k: group k) of the dealt cards of deal-index mask `taken`."""
    groups = 0
    for i in range(n_dealt(S, g, p)):
        if (taken >> i) & 1:
            groups |= 1 << copy_group(S[g, PILOT0 + P_TERMS + i])
    return groups


@njit(cache=True, _nrt=False, inline="always")
def copy_in(terms, groups):
    """True if the dealt card of these noted terms is unique and a copy of it is among the cards a plan
    has taken, whose copy groups are `groups` (taken_groups): docs/RULES.md section 1, a unique card
    stands at most once in a squad (rules.setup.fits sees only the cards bought, not those a pilot plans
    to buy)."""
    group = copy_group(terms)
    return group > 0 and (groups >> group) & 1 == 1


@njit(cache=True, _nrt=False, inline="always")
def noted_if_fits(C, S, g, p, totals, i, plain, money):
    """with_if_fits of dealt card i, from its noted terms (note_deal) when the purchase is plain."""
    if plain:
        after = with_terms(S[g, PILOT0 + P_TERMS + i], totals)
        e, o, f, b, el = after
        return pays_for(e, o, f, b, el, money), after
    return with_if_fits(C, S, g, p, totals, dealt_slot(S, g, p, i), plain, money)


@njit(cache=True, _nrt=False)
def plain_purchase(S, g, p):
    """True when rules.setup.fits of a card p plans to buy is the purchase rule on the squad's totals
    alone (rules.setup.pays_for): none of p's cards is bought yet, so no copy of a unique card stands
    in his squad, and no card is recruited for free (rules.setup.free_discount: a card with free_costs
    needs other cards bought; fits sees only the cards bought, not those a pilot plans to buy). A plan
    asks it once."""
    for i in range(n_dealt(S, g, p)):
        if S[g, dealt_slot(S, g, p, i) * NCF + ZONE] == Z_SQUAD:
            return False
    return True


@njit(cache=True, _nrt=False, inline="always")
def with_if_fits(C, S, g, p, totals, s, plain, money):
    """(rules.setup.fits of dealt card s after a squad of these totals, the totals with s added):
    with plain (plain_purchase) the purchase rule on the totals and money (rules.setup.purse)."""
    elite, ordinary, flyers, gold, elements = totals
    after = with_card(C, S[g, s * NCF + CARD_ID], elite, ordinary, flyers, gold, elements)
    if plain:
        e, o, f, b, el = after
        return pays_for(e, o, f, b, el, money), after
    return fits(C, S, g, p, elite, ordinary, flyers, gold, elements, s), after


@njit(cache=True, _nrt=False)
def fill_cost(C, S, g, p, totals, taken, plain, money):
    """(total cost, deal-index bit mask) of the dealt cards a squad of these totals could still add,
    dearest first (the order plan_squad leaves in the pilot fields P_BY_COST + k), those of mask
    `taken` aside (plain, money: with_if_fits), on the deal's terms as noted (note_deal)."""
    total = 0
    groups = taken_groups(S, g, p, taken)
    for k in range(n_dealt(S, g, p)):
        i = S[g, PILOT0 + P_BY_COST + k]
        terms = S[g, PILOT0 + P_TERMS + i]
        if (taken >> i) & 1 or not noted_dealt(terms) or copy_in(terms, groups):
            continue
        ok, after = noted_if_fits(C, S, g, p, totals, i, plain, money)
        if ok:
            totals = after
            total += noted_cost(terms)
            taken |= 1 << i
            groups |= 1 << copy_group(terms)
    return total, taken


@njit(cache=True, _nrt=False)
def plan_squad(C, S, g, p, totals):
    """The deal-index bit mask of the squad of the highest total cost greedy sees: for each first card
    (one copy of each card), that card and the dearest cards that still fit after it (fill_cost), on the
    deal's terms as noted (note_deal)."""
    best_total, best_mask = -1, 0
    nd = n_dealt(S, g, p)
    plain = plain_purchase(S, g, p)
    money = purse(S, g, p)
    for i in range(nd):                 # the deal's indices by cost, dearest first (stable)
        cost = noted_cost(S[g, PILOT0 + P_TERMS + i])
        k = i
        while k > 0 and noted_cost(S[g, PILOT0 + P_TERMS + S[g, PILOT0 + P_BY_COST + k - 1]]) < cost:
            S[g, PILOT0 + P_BY_COST + k] = S[g, PILOT0 + P_BY_COST + k - 1]
            k -= 1
        S[g, PILOT0 + P_BY_COST + k] = i
    for i in range(nd):
        s = dealt_slot(S, g, p, i)
        c = S[g, s * NCF + EFF]
        copy = False
        for j in range(i):
            copy = copy or S[g, dealt_slot(S, g, p, j) * NCF + EFF] == c
        if copy or not noted_dealt(S[g, PILOT0 + P_TERMS + i]):
            continue
        ok, after = noted_if_fits(C, S, g, p, totals, i, plain, money)
        if not ok:
            continue
        total, mask = fill_cost(C, S, g, p, after, 1 << i, plain, money)
        total += C[c, COST]
        if total > best_total:
            best_total, best_mask = total, mask
    return best_mask


@njit(cache=True, _nrt=False)
def random_fill(C, S, g, p, taken):
    """The deal-index mask of a squad filled in a random order of p's deal, each card bought when it
    still fits after those before it (no crystal is left that another dealt card could use); `taken`
    (a mask) is bought first. The order is a Fisher-Yates shuffle whose indices come from 16-bit
    shares of p's AI stream, eight to a draw (ai_words), in the pilot fields P_FILL_ORDER + k. The deal's
    terms are those noted (note_deal)."""
    nd = n_dealt(S, g, p)
    totals = (0, 0, 0, 0, 0)
    groups = 0
    for i in range(nd):
        S[g, PILOT0 + P_FILL_ORDER + i] = i
        if (taken >> i) & 1:
            totals = with_terms(S[g, PILOT0 + P_TERMS + i], totals)
            groups |= 1 << copy_group(S[g, PILOT0 + P_TERMS + i])
    word = np.uint64(0)
    rest = np.uint64(0)
    shares = 0
    for i in range(nd - 1, 0, -1):
        if shares == 0:
            w0, w1, w2, w3 = ai_words(S, g, p)
            word = np.uint64(w0) | (np.uint64(w1) << np.uint64(32))
            rest = np.uint64(w2) | (np.uint64(w3) << np.uint64(32))
            shares = 8
        elif shares == 4:
            word = rest
        j = np.int64(((word & np.uint64(0xFFFF)) * np.uint64(i + 1)) >> np.uint64(16))
        word >>= np.uint64(16)
        shares -= 1
        k = S[g, PILOT0 + P_FILL_ORDER + i]
        S[g, PILOT0 + P_FILL_ORDER + i] = S[g, PILOT0 + P_FILL_ORDER + j]
        S[g, PILOT0 + P_FILL_ORDER + j] = k
    plain = plain_purchase(S, g, p)
    money = purse(S, g, p)
    for k in range(nd):
        i = S[g, PILOT0 + P_FILL_ORDER + k]
        terms = S[g, PILOT0 + P_TERMS + i]
        if (taken >> i) & 1 or copy_in(terms, groups):
            continue
        ok, after = noted_if_fits(C, S, g, p, totals, i, plain, money)
        if ok:
            totals = after
            taken |= 1 << i
            groups |= 1 << copy_group(terms)
    return taken


@njit(cache=True, _nrt=False)
def squad_worth(C, S, g, p, mask):
    """What greedy believes the squad of deal-index mask `mask` is worth, in crystals: its total cost,
    ELITE_WORTH more for each elite card, TOP_WORTH of its dearest card's cost more, STRIKE_WORTH more
    per point of its cards' weak, medium and strong strikes and LIFE_WORTH less per point of their life."""
    total, top, elite, strikes, life = 0, 0, 0, 0, 0
    for i in range(n_dealt(S, g, p)):
        if (mask >> i) & 1:
            c = S[g, dealt_slot(S, g, p, i) * NCF + EFF]
            total += C[c, COST]
            top = max(top, C[c, COST])
            elite += C[c, ELITE]
            strikes += C[c, SW] + C[c, SM] + C[c, SS]
            life += C[c, LIFE]
    return total + ELITE_WORTH * elite + TOP_WORTH * top + STRIKE_WORTH * strikes - LIFE_WORTH * life


@njit(cache=True, _nrt=False)
def greedy_squad_plan(C, S, g, p, totals, fills):
    """The deal-index mask of the squad greedy buys: of the squad of the highest total cost
    (plan_squad) and `fills` random fills of the deal (random_fill), the one worth most by squad_worth
    (the first on a tie). Notes the deal's terms for them (note_deal)."""
    note_deal(C, S, g, p)
    best = plan_squad(C, S, g, p, totals)
    best_v = squad_worth(C, S, g, p, best)
    for _ in range(fills):
        mask = random_fill(C, S, g, p, 0)
        v = squad_worth(C, S, g, p, mask)
        if v > best_v + 1e-9:
            best, best_v = mask, v
    return best


@njit(cache=True, _nrt=False)
def dearest_squad_buy(C, S, g, p, totals):
    """greedy's and search's next purchase: at the first, it plans the squad of the highest total cost
    across elements (plan_squad: an extra element is bought when its cards pay for its penalty, and the
    crystals are spent), kept in the pilot field P_SQUAD_PLAN; then the dearest card of the plan that
    fits (by card_value), and when none does, the dearest dealt card that fits; -1 to stop."""
    elite, ordinary, flyers, gold, elements = totals
    if elite + ordinary == 0 and flyers == 0 and policy_of(S, g, p) != SEARCH:     # search plans its own
        S[g, PILOT0 + P_SQUAD_PLAN] = greedy_squad_plan(C, S, g, p, totals, S[g, PARAM0 + PR_SQUADS0 + p])
    plan = S[g, PILOT0 + P_SQUAD_PLAN]
    for in_plan in (True, False):
        best, best_v = -1, -1
        for i in range(n_dealt(S, g, p)):
            s = dealt_slot(S, g, p, i)
            if S[g, s * NCF + ZONE] != Z_DEALT or (in_plan and not (plan >> i) & 1):
                continue
            v = card_value(C, S[g, s * NCF + EFF])
            if v > best_v and fits(C, S, g, p, elite, ordinary, flyers, gold, elements, s):
                best, best_v = s, v
        if best >= 0:
            return best
    return -1


@njit(cache=True, _nrt=False)
def stands_behind(C, c):
    """True if greedy places card c behind its melee creatures: it has a ranged attack that is not a
    magic strike (a magic strike reaches adjacent cards only: placed as melee)."""
    rk = C[c, RKIND]
    return rk != 0 and rk != AttackKind.MAGIC_STRIKE


@njit(cache=True, _nrt=False)
def next_to_place(C, S, g, p):
    """The squad card of p placed next (-1: all are placed): random and baseline in the order of the
    deck list; greedy and search by role: a defender that does not close to defend (Лёккен) first, so
    that it takes the front row's centre (choose_cell) with the most of its squad beside it to guard,
    then the dearest melee creatures (the front cells), then the ranged attackers, flyers last."""
    best, best_v = -1, -1
    by_role = policy_of(S, g, p) >= GREEDY
    for s in range(p * MAX_DECK, p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p]):
        if S[g, s * NCF + ZONE] != Z_SQUAD:
            continue
        if not by_role:
            return s
        c = S[g, s * NCF + EFF]
        v = card_value(C, c)
        if C[c, FLYER] == 0:
            v += 500_000 if stands_behind(C, c) else 1_000_000
            if C[c, DEF_NO_TAP] == 1:
                v += 1_000_000      # Лёккен first: the front centre, next to the most of its squad
        if v > best_v:
            best, best_v = s, v
    return best


@njit(cache=True, _nrt=False)
def choose_cell(C, S, g, p, s):
    """Where to place ground creature s: random uniform over the allowed cells; greedy puts melee
    in front (centre first) and ranged attackers behind; search may fill greedy's rows from the last
    column, from the first or every second column first instead of from the centre, hold its melee
    creatures back in the middle row or bring its ranged attackers forward to it (its pilot field
    P_PLACEMENT + p: PLACE_LAST_COLUMNS, PLACE_FIRST_COLUMNS, PLACE_SPREAD, PLACE_HELD_BACK,
    PLACE_RANGED_FORWARD)."""
    first_cell = 0 if p == 0 else N_CELLS // 2
    lvl = open_level(C, S, g, p)
    if policy_of(S, g, p) == RANDOM:
        n = 0
        for c in range(first_cell, first_cell + N_CELLS // 2):
            if placement_open(C, S, g, p, c, lvl):
                n += 1
        k = ai_int(S, g, p, n)
        for c in range(first_cell, first_cell + N_CELLS // 2):
            if placement_open(C, S, g, p, c, lvl):
                if k == 0:
                    return c
                k -= 1
        return -1
    ranged = stands_behind(C, S[g, s * NCF + EFF])
    placement = S[g, PILOT0 + P_PLACEMENT + p]
    best, best_v = -1, -1000
    for c in range(first_cell, first_cell + N_CELLS // 2):
        if not placement_open(C, S, g, p, c, lvl):
            continue
        f = forwardness(p, cell_row(c))
        centre = 2 - abs(cell_col(c) - 2)
        if placement == PLACE_LAST_COLUMNS:
            centre = cell_col(c)
        elif placement == PLACE_FIRST_COLUMNS:
            centre = N_COLS - 1 - cell_col(c)
        elif placement == PLACE_HELD_BACK and not ranged and f > 0:
            f = 3 - f                   # the middle row before the front row
        elif placement == PLACE_RANGED_FORWARD and ranged and f < 2:
            f = 1 - f                   # the middle row before the back row
        elif placement == PLACE_SPREAD:
            centre = SPREAD_ORDER[cell_col(c)]
        v = (2 - f) * 10 + centre if ranged else f * 10 + centre
        if v > best_v:
            best, best_v = c, v
    return best


@njit(cache=True, _nrt=False)
def deal_hand(C, S, g, p):
    """Deal p his cards, and deal again as long as his pilot wants a mulligan and may take one (each
    costs PR_MULLIGAN_COST gold)."""
    shuffle_and_deal(S, g, p, S[g, PARAM0 + PR_DEAL])
    while True:
        allowed = (S[g, GAME0 + G_MULLIGANS + p] < S[g, PARAM0 + PR_MULLIGAN_MAX]
                   and S[g, GAME0 + G_GOLD + p] >= S[g, PARAM0 + PR_MULLIGAN_COST])
        if not wants_mulligan(C, S, g, p, allowed):
            break
        S[g, GAME0 + G_MULLIGANS + p] += 1
        S[g, GAME0 + G_GOLD + p] -= S[g, PARAM0 + PR_MULLIGAN_COST]
        if logging(S, g):
            log(S, g, EV_MULLIGAN, p, S[g, GAME0 + G_MULLIGANS + p], 0, 0, 0)
        shuffle_and_deal(S, g, p, S[g, PARAM0 + PR_DEAL])


@njit(cache=True, _nrt=False)
def buy_squad(C, S, g, p):
    """p's pilot buys his squad from the deal, card by card (choose_buy), and pays for it."""
    me = main_element(C, S, g, p)
    totals = squad_totals(C, S, g, p)
    while True:
        s = choose_buy(C, S, g, p, me, totals)
        if s < 0:
            break
        buy(C, S, g, p, s)
        if S[g, GAME0 + G_FLAGS] & F_FREE_RECRUIT:
            totals = squad_totals(C, S, g, p)       # a free recruit depends on the whole squad
        else:
            elite, ordinary, flyers, gold, elements = totals
            totals = with_card(C, S[g, s * NCF + CARD_ID], elite, ordinary, flyers, gold, elements)
    pay_squad(C, S, g, p)


@njit(cache=True, _nrt=False)
def place_squad(C, S, g, p):
    """p's pilot places his squad: flyers into his auxiliary zone, the others on the cells it chooses."""
    while True:
        s = next_to_place(C, S, g, p)
        if s < 0:
            break
        if C[S[g, s * NCF + CARD_ID], FLYER] == 1:
            enter_play(C, S, g, s, -1)
        else:
            enter_play(C, S, g, s, choose_cell(C, S, g, p, s))

