"""Abilities (RULES.md section 8, rules 113-118 and 123, 503.3, 509.3): the kernels that interpret the
ability rows of the card table (cardtable AB_* columns, written from decks.cardset.Ability).

- Played (114): `ability_error` / `play_ability`, actions A_AB0 + k of rules.turn. Slow and fast
  abilities are played by their owner in his Choice subphase; the opponent's priority windows and the
  stack (114.2.2) are not offered yet (see the README).
- Triggered: `fire_triggers` at on_strike (with a strength filter), on_struck, on_death (at the card's
  last cell, 509.3), on_enter, turn_start/turn_end (own and the opponent's) and on_move.
- Permanent (115) and recomputation (503.3): `recompute` iterates x_{k+1} = f(x_k) over which cards
  have lost their abilities and stops at the first state equal to an earlier one; a card that lost
  its abilities is read from its blank twin row (state field EFF).
- Acquired (117): poison, life reduction, extra lives, lost abilities and strike bonuses stay on the
  card when their source leaves play; a two-condition ability leaves "heal at end of turn" (118.3).
- Delayed (118): trap (the next enemy creature that acts takes N wounds) and boost (your next attack
  of the given strengths and element +N) wait in a per-game table and fire even if their source left.
- Multi-target effects apply to every matching card at once; destruction is checked after all of them.
"""
from numba import njit

from ..ai.triggered import RANDOM, policy_of, prefers_closing, target_value
from ..cardtable import (
    AB0,
    AB_ALSO_AMOUNT,
    AB_ALSO_EFFECT,
    AB_AMOUNT,
    AB_AMOUNT_OF,
    AMT_OPPOSITE_MEDIUM,
    AB_AND_SELF,
    AB_COND,
    AB_COUNTERS,
    AB_DESTROY_SELF,
    AB_DURATION,
    AB_EFFECT,
    AB_F_ELEM,
    AB_HAS_PERM,
    AB_KIND,
    AB_LIMIT,
    AB_OPTIONAL,
    AB_RANGE,
    AB_SPELL,
    AB_STRENGTHS,
    AB_TAP,
    AB_TARGET,
    AB_TF_ELEM,
    AB_THEN,
    AB_THEN_AMOUNT,
    AB_TRIG_MASK,
    AB_TRIGGER,
    AB_W,
    COND_ADJ_ALLY,
    COND_NOT_MOVED,
    AB_IGN_TARGET,
    COND_ADJ_ENEMY,
    COND_BACK_ROW,
    COND_FORMATION,
    COND_FRONT_ROW,
    COND_UNWOUNDED,
    COND_WOUNDED,
    DUR_OWN_TURN,
    EF_BOOST,
    EF_CLOSE,
    EF_CLOSE_OR_WOUND,
    EF_DESTROY,
    EF_EXTRA_LIVES,
    EF_GAIN_COUNTER,
    EF_GAIN_DIRECTED,
    EF_HEAL,
    EF_LOSE_ABILITIES,
    EF_NO_TAP,
    EF_OPEN,
    EF_OVA,
    EF_POISON,
    EF_RANGE_BONUS,
    EF_RANGED_BONUS,
    EF_REDUCE_LIFE,
    EF_SPECIAL,
    EF_STRIKE_BONUS,
    EF_STUN,
    EF_CURE_POISON,
    EF_SHOT,
    EF_WEB,
    K_SHOT,
    RANGED_ADJ,
    EF_TRAP,
    EF_WOUND,
    ELEMENT,
    F_DEATH_WATCH,
    F_LOSER,
    F_TURN_TRIGGERS,
    IGN_TARGET,
    K_SPECIAL,
    KIND_FAST,
    KIND_PERMANENT,
    KIND_PLAYED,
    KIND_TRIGGERED,
    LIMIT_BATTLE,
    LIMIT_TURN,
    MAX_COUNTERS,
    N_AB,
    P_SPELL,
    T_CREATURE_DIES,
    T_ON_DEATH,
    T_ON_STRIKE,
    T_ON_STRUCK,
    TG_ADJ,
    TG_ADJ_ENEMIES,
    TG_ALL,
    TG_ALL_ENEMIES,
    TG_ALL_OWN,
    TG_ATTACKED,
    TG_ATTACKER,
    TG_CHOSEN,
    TG_CHOSEN_ADJ,
    TG_CHOSEN_ENEMY,
    TG_CHOSEN_OWN,
    TG_SELF,
    SM,
)
from ..state import (
    AB_USES,
    ACQ_LOST,
    ACTED,
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    DEATH_PENDING,
    DELAY_W,
    DIED_FROM,
    EFF,
    EXTRA_LIVES,
    GAINED,
    GAINED_STUN,
    GAINED_WEB,
    G_ACTIVE,
    G_DECK_SIZE,
    G_DELAY,
    G_FLAGS,
    G_N_DELAYED,
    G_PENDING,
    G_RC,
    G_STACK,
    G_STACK_N,
    G_WINNER,
    G_BOARD,
    GAME0,
    HEAL_END,
    LAST_CELL,
    LIFE_MAX,
    MAX_DECK,
    MAX_DELAYED,
    MOVED,
    MOVES_LEFT,
    POISON,
    N_SLOTS,
    NCF,
    RC_MAX,
    TMP_STRIKE,
    USED_GAME,
    USED_TURN,
    WOUNDS,
    TF_DIRECTED,
    TF_NO_TAP,
    TF_OVA_SHIFT,
    TF_RANGE_SHIFT,
    TF_RANGED_SHIFT,
    TMP_BYTE,
    TMP_FLAGS,
    TMP_OWN,
    TO_OVA_SHIFT,
    TO_STRIKE_SHIFT,
    Z_FIELD,
    ZONE,
)
from .board import (
    adjacent_cells,
    cell_col,
    cell_row,
    forwardness,
    has_adjacent_enemy,
    in_formation,
    in_play,
    manhattan,
    n_in_play,
    owner_of,
    play_slot,
)
from .dice import ai_int, roll_d6, single_roll_strength
from .damage import (
    absorb_armor,
    attack_roll_bonus,
    drawn_kinds_block,
    flyers_drawn,
    web_blocks,
    webbed,
    attack_wounds,
    card_filter_ok,
    current_life,
    heal,
    poison,
    protections,
    wound,
)
from .destruction import check_destruction, check_game_end, destroy
from .errors import (
    E_ACTED,
    E_CLOSED,
    E_CONDITION,
    E_GAME_OVER,
    E_LIMIT,
    E_NO_ABILITY,
    E_NOT_ADJACENT,
    E_NO_COUNTERS,
    E_NOT_ACTIVE,
    E_NOT_IN_PLAY,
    E_OK,
    E_OUT_OF_RANGE,
    E_TARGET_FILTER,
    E_TARGET_NOT_IN_PLAY,
    E_TARGET_OWN,
    E_TARGET_SPELL,
    E_TARGET_THEIRS,
    E_TARGET_UNWANTED,
    E_ADJACENT_RANGED,
    E_DRAWN,
    E_WEBBED,
)
from .log import (EV_ABILITY, EV_ATTACK, EV_CHOOSE, EV_CLOSE_OR_WOUND, EV_DECLARE, EV_DELAYED, EV_LOST, EV_ROLL,
                  log, logging)

DL_TRAP = 1
DL_BOOST = 2
KILLED_BY_TRAP = -4


@njit(cache=True, inline="always")
def ab(C, c, k, col):
    """Column col of ability k of the card table row c."""
    return C[c, AB0 + AB_W * k + col]


@njit(cache=True, inline="always")
def n_cards(C):
    return C.shape[0] >> 1


# ---- recomputation of permanent abilities (115, 503.3) -------------------------------------------------
@njit(cache=True)
def _lost_bit(lo, hi, s):
    if s < 64:
        return (lo >> s) & 1
    return (hi >> (s - 64)) & 1


@njit(cache=True)
def _lost_step(C, S, g, lo, hi):
    """f(x): which cards in play lose their abilities when exactly the cards of x have lost theirs:
    permanent lose_abilities of every card still holding its abilities, plus acquired losses."""
    nlo = 0
    nhi = 0
    for p in range(2):
        for i in range(n_in_play(S, g, p)):
            s = play_slot(S, g, p, i)
            if S[g, s * NCF + ACQ_LOST] == 1:
                if s < 64:
                    nlo |= 1 << s
                else:
                    nhi |= 1 << (s - 64)
            c = S[g, s * NCF + CARD_ID]
            if C[c, AB_HAS_PERM] == 0 or _lost_bit(lo, hi, s) == 1 or S[g, s * NCF + ZONE] != Z_FIELD:
                continue
            for k in range(C[c, N_AB]):
                if ab(C, c, k, AB_KIND) != KIND_PERMANENT or ab(C, c, k, AB_EFFECT) != EF_LOSE_ABILITIES:
                    continue
                enemies_only = ab(C, c, k, AB_TARGET) == TG_ADJ_ENEMIES
                for q in range(2):
                    if enemies_only and q == p:
                        continue
                    for j in range(n_in_play(S, g, q)):
                        o = play_slot(S, g, q, j)
                        if o != s and S[g, o * NCF + ZONE] == Z_FIELD and adjacent_cells(
                                S[g, s * NCF + CELL], S[g, o * NCF + CELL]):
                            if o < 64:
                                nlo |= 1 << o
                            else:
                                nhi |= 1 << (o - 64)
    return nlo, nhi


@njit(cache=True)
def recompute(C, S, g):
    """503.3: x0 = nobody lost, x_{k+1} = f(x_k), stop at the first x_k equal to an earlier state;
    x_k is the result. Sets EFF of every card in play (its blank twin while it has lost its
    abilities). Returns the number of steps taken (0: no card of the game can take abilities away)."""
    if (S[g, GAME0 + G_FLAGS] & F_LOSER) == 0:
        return 0
    lo, hi = 0, 0
    S[g, GAME0 + G_RC] = 0
    S[g, GAME0 + G_RC + 1] = 0
    stored = 1
    steps = 0
    while True:
        lo, hi = _lost_step(C, S, g, lo, hi)
        steps += 1
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
    n = n_cards(C)
    for p in range(2):
        for i in range(n_in_play(S, g, p)):
            s = play_slot(S, g, p, i)
            c = S[g, s * NCF + CARD_ID]
            lost = _lost_bit(lo, hi, s) == 1
            if lost and S[g, s * NCF + EFF] == c and logging(S, g):
                log(S, g, EV_LOST, s, 1, 0, 0, 0)
            elif not lost and S[g, s * NCF + EFF] != c and logging(S, g):
                log(S, g, EV_LOST, s, 0, 0, 0, 0)
            S[g, s * NCF + EFF] = c + n if lost else c
    return steps


# ---- targets --------------------------------------------------------------------------------------------
@njit(cache=True)
def matches(C, S, g, src, c, k, t):
    """Does card t pass the target filter of ability k of row c (source slot src)?"""
    return filter_ok(C, S, g, src, c, k, t, AB_F_ELEM)


@njit(cache=True)
def filter_ok(C, S, g, src, c, k, t, col0):
    """Card t against the filter stored at columns col0.. (element, flags, cost, cost at most) of
    ability k: the target filter (AB_F_ELEM) or the trigger filter (AB_TF_ELEM)."""
    return card_filter_ok(C, S, g, src, t, c, AB0 + AB_W * k + col0)


@njit(cache=True)
def condition_holds(C, S, g, s, c, k):
    cond = ab(C, c, k, AB_COND)
    if cond == 0:
        return True
    if cond == COND_FORMATION:
        return in_formation(C, S, g, s)
    if cond == COND_UNWOUNDED:
        return S[g, s * NCF + WOUNDS] == 0
    if cond == COND_WOUNDED:
        return S[g, s * NCF + WOUNDS] > 0
    if cond == COND_ADJ_ENEMY:
        return has_adjacent_enemy(S, g, s)
    if cond == COND_ADJ_ALLY:
        return adjacent_ally(C, S, g, s, c, k)
    if cond == COND_NOT_MOVED:
        return S[g, s * NCF + MOVED] == 0
    if cond == COND_FRONT_ROW or cond == COND_BACK_ROW:
        if S[g, s * NCF + ZONE] != Z_FIELD:
            return False
        f = forwardness(owner_of(s), cell_row(S[g, s * NCF + CELL]))
        return f == 2 if cond == COND_FRONT_ROW else f == 0
    return False


@njit(cache=True)
def adjacent_ally(C, S, g, s, c, k):
    """Condition adjacent_ally: another creature of s's owner stands on a cell around s and passes the
    ability's trigger_filter (Оури: "next to your creature costing 7 or more")."""
    if S[g, s * NCF + ZONE] != Z_FIELD:
        return False
    p = owner_of(s)
    for i in range(n_in_play(S, g, p)):
        o = play_slot(S, g, p, i)
        if o != s and S[g, o * NCF + ZONE] == Z_FIELD and adjacent_cells(
                S[g, s * NCF + CELL], S[g, o * NCF + CELL]) and filter_ok(C, S, g, s, c, k, o, AB_TF_ELEM):
            return True
    return False


@njit(cache=True)
def spell_blocked(C, S, g, c, k, t):
    return ab(C, c, k, AB_SPELL) == 1 and (protections(C, S, g, t) & P_SPELL) != 0


# ---- effects ---------------------------------------------------------------------------------------------
@njit(cache=True)
def add_delayed(S, g, kind, player, amount, elem, strengths):
    for k in range(MAX_DELAYED):
        b = GAME0 + G_DELAY + k * DELAY_W
        if S[g, b] == 0:
            S[g, b] = kind
            S[g, b + 1] = player
            S[g, b + 2] = amount
            S[g, b + 3] = elem
            S[g, b + 4] = strengths
            S[g, GAME0 + G_N_DELAYED] += 1
            if logging(S, g):
                log(S, g, EV_DELAYED, player, kind, amount, 0, 0)
            return True
    return False


@njit(cache=True, inline="always")
def add_tmp(S, g, t, field, shift, n):
    """+ n to the gain packed in byte `shift` of TMP_FLAGS / TMP_OWN (at most TMP_BYTE)."""
    v = min(((S[g, t * NCF + field] >> shift) & TMP_BYTE) + n, TMP_BYTE)
    S[g, t * NCF + field] = (S[g, t * NCF + field] & ~(TMP_BYTE << shift)) | (v << shift)


@njit(cache=True)
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


@njit(cache=True)
def apply_effect(C, S, g, src, c, k, t):
    """Effect of ability k (table row c, source slot src) on card t (-1: no target), then its `also`
    effect on the same card. An `amount_of` amount is computed now."""
    n = ab(C, c, k, AB_AMOUNT)
    if ab(C, c, k, AB_AMOUNT_OF) == AMT_OPPOSITE_MEDIUM:
        n = opposite_medium_strike(C, S, g, src)
    apply_one(C, S, g, src, c, k, t, ab(C, c, k, AB_EFFECT), n)
    if ab(C, c, k, AB_ALSO_EFFECT) > 0:
        apply_one(C, S, g, src, c, k, t, ab(C, c, k, AB_ALSO_EFFECT), ab(C, c, k, AB_ALSO_AMOUNT))


@njit(cache=True)
def apply_one(C, S, g, src, c, k, t, eff, n):
    """One effect eff of amount n of ability k (table row c, source slot src) on card t."""
    if eff == EF_TRAP:
        add_delayed(S, g, DL_TRAP, owner_of(src), n, 0, 0)
        return
    if eff == EF_BOOST:
        add_delayed(S, g, DL_BOOST, owner_of(src), n, ab(C, c, k, AB_F_ELEM), ab(C, c, k, AB_STRENGTHS))
        return
    if t < 0 or not in_play(S, g, t) or spell_blocked(C, S, g, c, k, t):
        return
    if eff == EF_WOUND:
        wound(S, g, t, n, src)
        if ab(C, c, k, AB_THEN) == 1:
            S[g, t * NCF + HEAL_END] += ab(C, c, k, AB_THEN_AMOUNT)
    elif eff == EF_HEAL:
        heal(S, g, t, n)
    elif eff == EF_EXTRA_LIVES:
        S[g, t * NCF + EXTRA_LIVES] += n
    elif eff == EF_REDUCE_LIFE:
        S[g, t * NCF + LIFE_MAX] = max(S[g, t * NCF + LIFE_MAX] - n, 0)
        if current_life(S, g, t) <= 0 and S[g, t * NCF + DIED_FROM] == -1:
            S[g, t * NCF + DIED_FROM] = src
    elif eff == EF_DESTROY:
        destroy(S, g, t, src)
    elif eff == EF_POISON:
        poison(C, S, g, src, t, n)
    elif eff == EF_STRIKE_BONUS:
        if ab(C, c, k, AB_DURATION) == DUR_OWN_TURN:
            add_tmp(S, g, t, TMP_OWN, TO_STRIKE_SHIFT, n)
        else:
            S[g, t * NCF + TMP_STRIKE] += n
    elif eff == EF_OVA:
        if ab(C, c, k, AB_DURATION) == DUR_OWN_TURN:
            add_tmp(S, g, t, TMP_OWN, TO_OVA_SHIFT, n)
        else:
            add_tmp(S, g, t, TMP_FLAGS, TF_OVA_SHIFT, n)
    elif eff == EF_RANGED_BONUS:
        add_tmp(S, g, t, TMP_FLAGS, TF_RANGED_SHIFT, n)
    elif eff == EF_RANGE_BONUS:
        add_tmp(S, g, t, TMP_FLAGS, TF_RANGE_SHIFT, n)
    elif eff == EF_GAIN_DIRECTED:
        S[g, t * NCF + TMP_FLAGS] |= TF_DIRECTED
    elif eff == EF_STUN:
        S[g, t * NCF + GAINED] |= GAINED_STUN
    elif eff == EF_CURE_POISON:
        S[g, t * NCF + POISON] = 0
    elif eff == EF_SHOT:
        shot_effect(C, S, g, src, t, n, ab(C, c, k, AB_IGN_TARGET) == 1)
    elif eff == EF_WEB:
        S[g, t * NCF + GAINED] |= GAINED_WEB
    elif eff == EF_CLOSE_OR_WOUND:
        # the target's owner chooses: it closes, or it takes n wounds
        q = owner_of(t)
        if policy_of(S, g, q) == RANDOM:
            close = ai_int(S, g, q, 2) == 0
        else:
            close = prefers_closing(C, S, g, t, n)
        if logging(S, g):
            log(S, g, EV_CLOSE_OR_WOUND, t, 1 if close else 0, src, n, 0)     # a decision of t's owner
        if close:
            S[g, t * NCF + CLOSED] = 1
        else:
            wound(S, g, t, n, src)
    elif eff == EF_LOSE_ABILITIES:
        S[g, t * NCF + ACQ_LOST] = 1
    elif eff == EF_CLOSE:
        S[g, t * NCF + CLOSED] = 1
    elif eff == EF_OPEN:
        S[g, t * NCF + CLOSED] = 0
    elif eff == EF_SPECIAL:
        # an attack of src, as its tap special strike: strike bonuses, protections, reductions and
        # armor apply; no dice, no counter-strike
        if logging(S, g):
            log(S, g, EV_ATTACK, src, t, K_SPECIAL, 0, 0)
        ign = C[S[g, src * NCF + EFF], IGN_TARGET] == 1
        w = attack_wounds(C, S, g, src, t, K_SPECIAL, 0, n, False, ign, False)
        w = absorb_armor(C, S, g, t, w, K_SPECIAL, ign)
        wound(S, g, t, w, src)
    elif eff == EF_NO_TAP:
        S[g, t * NCF + TMP_FLAGS] |= TF_NO_TAP
    elif eff == EF_GAIN_COUNTER:
        m = C[S[g, t * NCF + EFF], MAX_COUNTERS]
        if m == 0 or S[g, t * NCF + COUNTERS] < m:
            S[g, t * NCF + COUNTERS] += 1


@njit(cache=True)
def shot_effect(C, S, g, src, t, n, ign_ability):
    """Effect shot N (forest branch): src shoots t: only src rolls (its OvA counts), N wounds for every
    strength, a non-magical ranged attack of kind shot (its ranged strike bonuses, t's protections,
    reductions and armor apply; a web on t blocks it); no counter-strike, src does not close.
    ign_ability: the ability ignores the target's abilities (Серый альв's 'fire arrow')."""
    if web_blocks(S, g, src, t):
        return
    if logging(S, g):
        log(S, g, EV_ATTACK, src, t, K_SHOT, 0, 0)
    a = roll_d6(S, g) + attack_roll_bonus(C, S, g, src, t)
    st = single_roll_strength(a)
    if logging(S, g):
        log(S, g, EV_ROLL, src, t, a, -1, st * 4)
    ign = C[S[g, src * NCF + EFF], IGN_TARGET] == 1 or ign_ability
    w = attack_wounds(C, S, g, src, t, K_SHOT, st, n + take_boost(C, S, g, src, st), False, ign, False)
    w = absorb_armor(C, S, g, t, w, K_SHOT, ign)
    wound(S, g, t, w, src)


@njit(cache=True)
def _apply_area(C, S, g, src, c, k, center, target):
    """Every card matching an area target, all at once (simple ability, RULES.md section 8)."""
    p = owner_of(src)
    for q in range(2):
        if (target == TG_ADJ_ENEMIES or target == TG_ALL_ENEMIES) and q == p:
            continue
        if target == TG_ALL_OWN and q != p:
            continue
        i = 0
        while i < n_in_play(S, g, q):
            o = play_slot(S, g, q, i)
            i += 1
            if o == src and target != TG_ALL_OWN and target != TG_ALL:
                continue
            if target == TG_ADJ or target == TG_ADJ_ENEMIES:
                if center < 0 or S[g, o * NCF + ZONE] != Z_FIELD or not adjacent_cells(
                        center, S[g, o * NCF + CELL]):
                    continue
            if not matches(C, S, g, src, c, k, o):
                continue
            n_before = n_in_play(S, g, q)
            apply_effect(C, S, g, src, c, k, o)
            if n_in_play(S, g, q) < n_before:       # destroyed: the list shifted
                i -= 1


@njit(cache=True, inline="always")
def is_chosen(target):
    return target == TG_CHOSEN or target == TG_CHOSEN_ENEMY or target == TG_CHOSEN_OWN or target == TG_CHOSEN_ADJ


@njit(cache=True)
def choose_trigger_target(C, S, g, src, c, k):
    """The owner's policy picks the target of triggered ability k of src among the cards in play that
    ability_target_error allows: random uniformly (with "none" when optional), greedy the one worth
    most (ai.triggered.target_value; none when optional and nothing is worth more than 0). -1: none."""
    p = owner_of(src)
    optional = ab(C, c, k, AB_OPTIONAL) == 1
    eff = ab(C, c, k, AB_EFFECT)
    n = ab(C, c, k, AB_AMOUNT)
    count = 0
    best = -1
    best_v = 0.0
    for q in range(2):
        for i in range(n_in_play(S, g, q)):
            t = play_slot(S, g, q, i)
            if ability_target_error(C, S, g, src, c, k, t) != E_OK:
                continue
            count += 1
            v = target_value(C, S, g, src, t, eff, n)
            if best < 0 or v > best_v:
                best = t
                best_v = v
    if count == 0:
        return -1
    if policy_of(S, g, p) == RANDOM:
        j = ai_int(S, g, p, count + (1 if optional else 0))
        for q in range(2):
            for i in range(n_in_play(S, g, q)):
                t = play_slot(S, g, q, i)
                if ability_target_error(C, S, g, src, c, k, t) == E_OK:
                    if j == 0:
                        return t
                    j -= 1
        return -1
    if optional and best_v <= 0.0:
        return -1
    return best


@njit(cache=True)
def resolve(C, S, g, src, c, k, chosen, other):
    """Apply ability k of row c of card src: to the chosen card (a triggered ability's owner chooses it
    now), the other card of a strike (attacked or attacker), itself, or an area. Destruction is checked
    by the caller."""
    target = ab(C, c, k, AB_TARGET)
    eff = ab(C, c, k, AB_EFFECT)
    if chosen < 0 and is_chosen(target) and ab(C, c, k, AB_KIND) == KIND_TRIGGERED:
        chosen = choose_trigger_target(C, S, g, src, c, k)
        if logging(S, g):
            log(S, g, EV_CHOOSE, src, k, chosen, eff, 0)      # the owner's choice (-1: none)
        if chosen < 0:
            return
    if ab(C, c, k, AB_DESTROY_SELF) == 1 and in_play(S, g, src):
        destroy(S, g, src, src)           # first; the area is then around its last cell (509.3)
    if logging(S, g):
        log(S, g, EV_ABILITY, src, k, chosen if chosen >= 0 else other, eff, 0)
    if eff == EF_TRAP or eff == EF_BOOST:
        apply_effect(C, S, g, src, c, k, -1)
    elif target == TG_SELF:
        apply_effect(C, S, g, src, c, k, src)
    elif target == TG_ATTACKED or target == TG_ATTACKER:
        if other >= 0 and matches(C, S, g, src, c, k, other):
            apply_effect(C, S, g, src, c, k, other)
    elif is_chosen(target):
        apply_effect(C, S, g, src, c, k, chosen)
        if ab(C, c, k, AB_AND_SELF) == 1 and in_play(S, g, src):
            apply_effect(C, S, g, src, c, k, src)
    else:
        center = S[g, src * NCF + CELL] if in_play(S, g, src) else S[g, src * NCF + LAST_CELL]
        _apply_area(C, S, g, src, c, k, center, target)


# ---- triggered abilities ----------------------------------------------------------------------------
@njit(cache=True)
def fire_triggers(C, S, g, s, trig, other, strength):
    """Fire the triggered abilities of card s for event trig (strength: 1..3 for on_strike, else 0)."""
    c = S[g, s * NCF + EFF]
    if c < 0 or (C[c, AB_TRIG_MASK] >> trig) & 1 == 0:
        return
    for k in range(C[c, N_AB]):
        if ab(C, c, k, AB_KIND) != KIND_TRIGGERED or ab(C, c, k, AB_TRIGGER) != trig:
            continue
        if strength > 0 and (ab(C, c, k, AB_STRENGTHS) >> (strength - 1)) & 1 == 0:
            continue
        if trig != T_ON_DEATH and not condition_holds(C, S, g, s, c, k):
            continue
        if other >= 0 and (trig == T_ON_STRIKE or trig == T_ON_STRUCK) and not filter_ok(
                C, S, g, s, c, k, other, AB_TF_ELEM):
            continue                # the trigger filter: which struck / striking card fires it
        resolve(C, S, g, s, c, k, -1, other)


@njit(cache=True)
def fire_player_triggers(C, S, g, p, trig):
    """Fire trig for every card player p has in play (start and end of turn)."""
    if (S[g, GAME0 + G_FLAGS] & F_TURN_TRIGGERS) == 0:
        return
    i = 0
    while i < n_in_play(S, g, p):
        s = play_slot(S, g, p, i)
        n_before = n_in_play(S, g, p)
        fire_triggers(C, S, g, s, trig, -1, 0)
        if n_in_play(S, g, p) == n_before:
            i += 1


@njit(cache=True)
def fire_death_watchers(C, S, g, dead):
    """"When a creature dies" abilities of the cards in play (both players), for the creature dead
    if it passes their trigger filter; the dead card is their `attacked`-style other card."""
    for p in range(2):
        i = 0
        while i < n_in_play(S, g, p):
            s = play_slot(S, g, p, i)
            n_before = n_in_play(S, g, p)
            c = S[g, s * NCF + EFF]
            if (C[c, AB_TRIG_MASK] >> T_CREATURE_DIES) & 1:
                for k in range(C[c, N_AB]):
                    if ab(C, c, k, AB_KIND) == KIND_TRIGGERED and ab(C, c, k, AB_TRIGGER) == T_CREATURE_DIES \
                            and condition_holds(C, S, g, s, c, k) and filter_ok(C, S, g, s, c, k, dead, AB_TF_ELEM):
                        resolve(C, S, g, s, c, k, -1, dead)
            if n_in_play(S, g, p) == n_before:
                i += 1


@njit(cache=True)
def check_deaths(C, S, g):
    """Destroy every card at 0 life, then fire the on-death abilities of every card destroyed since
    the last check, in slot order, at its last cell (509.3); repeat while they destroy more."""
    check_destruction(S, g)
    while S[g, GAME0 + G_PENDING] > 0:
        S[g, GAME0 + G_PENDING] = 0
        for s in range(N_SLOTS):
            if s % MAX_DECK >= S[g, GAME0 + G_DECK_SIZE + s // MAX_DECK]:
                continue
            if S[g, s * NCF + DEATH_PENDING] == 1:
                S[g, s * NCF + DEATH_PENDING] = 0
                fire_triggers(C, S, g, s, T_ON_DEATH, -1, 0)
                S[g, s * NCF + EFF] = S[g, s * NCF + CARD_ID]
                if S[g, GAME0 + G_FLAGS] & F_DEATH_WATCH:
                    fire_death_watchers(C, S, g, s)
        check_destruction(S, g)


# ---- delayed abilities (118) ----------------------------------------------------------------------------
@njit(cache=True)
def spring_traps(C, S, g, actor):
    """The next enemy creature that acts takes the trap's wounds, before its action resolves. Returns
    True if the actor is still in play. Only called while delayed abilities wait (G_N_DELAYED)."""
    p = owner_of(actor)
    fired = False
    for k in range(MAX_DELAYED):
        b = GAME0 + G_DELAY + k * DELAY_W
        if S[g, b] == DL_TRAP and S[g, b + 1] != p:
            S[g, b] = 0
            S[g, GAME0 + G_N_DELAYED] -= 1
            fired = True
            if logging(S, g):
                log(S, g, EV_DELAYED, S[g, b + 1], DL_TRAP, S[g, b + 2], actor, 1)
            wound(S, g, actor, S[g, b + 2], KILLED_BY_TRAP)
    if not fired:
        return True
    check_deaths(C, S, g)
    check_game_end(S, g)
    return in_play(S, g, actor)


@njit(cache=True)
def take_boost(C, S, g, att, strength):
    """+N to this attack if a boost of att's player waits for an attack of this strength by a card
    of its element; the boost is used up."""
    if S[g, GAME0 + G_N_DELAYED] == 0:
        return 0
    p = owner_of(att)
    total = 0
    for k in range(MAX_DELAYED):
        b = GAME0 + G_DELAY + k * DELAY_W
        if S[g, b] != DL_BOOST or S[g, b + 1] != p or strength <= 0:
            continue
        if (S[g, b + 4] >> (strength - 1)) & 1 == 0:
            continue
        e = S[g, b + 3]
        if e > 0 and C[S[g, att * NCF + EFF], ELEMENT] != e - 1:
            continue
        S[g, b] = 0
        S[g, GAME0 + G_N_DELAYED] -= 1
        total += S[g, b + 2]
        if logging(S, g):
            log(S, g, EV_DELAYED, p, DL_BOOST, S[g, b + 2], att, 1)
    return total


@njit(cache=True)
def end_of_turn_effects(C, S, g):
    """End phase (118.3): "heal at end of turn" of every card in play, even if its source left;
    strike bonuses until end of turn expire; per-turn limits reset. Only games with ability cards
    call it (G_FLAGS & F_ABILITIES)."""
    for p in range(2):
        for i in range(n_in_play(S, g, p)):
            s = play_slot(S, g, p, i)
            h = S[g, s * NCF + HEAL_END]
            if h > 0:
                S[g, s * NCF + HEAL_END] = 0
                heal(S, g, s, h)
            S[g, s * NCF + TMP_STRIKE] = 0
            S[g, s * NCF + TMP_FLAGS] = 0
            if p == S[g, GAME0 + G_ACTIVE]:
                S[g, s * NCF + TMP_OWN] = 0          # "until the end of your (next) turn" ends
                S[g, s * NCF + GAINED] &= ~GAINED_WEB   # a web lasts to the end of its owner's turn
            S[g, s * NCF + USED_TURN] = 0


# ---- played abilities (114) -------------------------------------------------------------------------------
@njit(cache=True)
def ability_target_error(C, S, g, s, c, k, t):
    target = ab(C, c, k, AB_TARGET)
    eff = ab(C, c, k, AB_EFFECT)
    chosen = is_chosen(target)
    if not chosen or eff == EF_TRAP or eff == EF_BOOST:
        return E_OK if t < 0 else E_TARGET_UNWANTED
    if t < 0 or not in_play(S, g, t):
        return E_TARGET_NOT_IN_PLAY
    if target == TG_CHOSEN_ENEMY and owner_of(t) == owner_of(s):
        return E_TARGET_OWN
    if target == TG_CHOSEN_OWN and owner_of(t) != owner_of(s):
        return E_TARGET_THEIRS
    if not matches(C, S, g, s, c, k, t):
        return E_TARGET_FILTER
    if spell_blocked(C, S, g, c, k, t):
        return E_TARGET_SPELL
    if target == TG_CHOSEN_ADJ:
        # around the card's cell, or its last cell when it has left play (an on-death ability, 509.3)
        center = S[g, s * NCF + CELL] if in_play(S, g, s) else S[g, s * NCF + LAST_CELL]
        if center < 0 or t == s or S[g, t * NCF + ZONE] != Z_FIELD or not adjacent_cells(
                center, S[g, t * NCF + CELL]):
            return E_NOT_ADJACENT
    if eff == EF_SHOT:
        e = shot_target_error(C, S, g, s, t)
        if e != E_OK:
            return e
    r = ab(C, c, k, AB_RANGE)
    if r > 0 and S[g, s * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD:
        if manhattan(S[g, s * NCF + CELL], S[g, t * NCF + CELL]) > r:
            return E_OUT_OF_RANGE
    return E_OK


@njit(cache=True)
def shot_target_error(C, S, g, s, t):
    """What a shot effect of s may target, as its own shot would: not an adjacent card (unless it has
    ranged_at_adjacent), and the cards that draw shots or flyers' attacks."""
    if S[g, s * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD and adjacent_cells(
            S[g, s * NCF + CELL], S[g, t * NCF + CELL]) and C[S[g, s * NCF + EFF], RANGED_ADJ] == 0:
        return E_ADJACENT_RANGED
    if flyers_drawn(C, S, g, s, t):
        return E_DRAWN
    blocked, _ = drawn_kinds_block(C, S, g, s, t, K_SHOT)
    if blocked:
        return E_DRAWN
    return E_OK


@njit(cache=True)
def use_error(C, S, g, s, k, t, window):
    """May card s use ability k at target t (-1: none)? window = False: as an action of its owner's
    Choice subphase (played or fast, 114.2.1); True: at a priority window, fast only (114.2.2),
    by either player."""
    e = source_error(C, S, g, s, k, window)
    if e != E_OK:
        return e
    return ability_target_error(C, S, g, s, S[g, s * NCF + EFF], k, t)


@njit(cache=True)
def source_error(C, S, g, s, k, window):
    """The part of use_error that does not depend on the target: kind, cost, condition, limit."""
    if S[g, GAME0 + G_WINNER] >= 0:
        return E_GAME_OVER
    if s < 0 or not in_play(S, g, s):
        return E_NOT_IN_PLAY
    active = owner_of(s) == S[g, GAME0 + G_ACTIVE]
    if not window and not active:
        return E_NOT_ACTIVE
    c = S[g, s * NCF + EFF]
    if k >= C[c, N_AB]:
        return E_NO_ABILITY
    kind = ab(C, c, k, AB_KIND)
    if kind != KIND_FAST and (window or kind != KIND_PLAYED):
        return E_NO_ABILITY
    if ab(C, c, k, AB_TAP) == 1:
        if S[g, s * NCF + CLOSED] == 1:
            return E_CLOSED
        if active and S[g, s * NCF + ACTED] == 1:
            return E_ACTED
    if S[g, s * NCF + COUNTERS] < ab(C, c, k, AB_COUNTERS):
        return E_NO_COUNTERS
    if webbed(S, g, s):
        return E_WEBBED
    if not condition_holds(C, S, g, s, c, k):
        return E_CONDITION
    lim = ab(C, c, k, AB_LIMIT)
    if lim == LIMIT_TURN and (S[g, s * NCF + USED_TURN] >> k) & 1:
        return E_LIMIT
    if lim == LIMIT_BATTLE and (S[g, s * NCF + USED_GAME] >> k) & 1:
        return E_LIMIT
    return E_OK


@njit(cache=True)
def ability_error(C, S, g, s, k, t):
    """Played ability k of card s at target t (-1: none), in its owner's Choice subphase (114.2.1)."""
    return use_error(C, S, g, s, k, t, False)


@njit(cache=True)
def pay_and_push(C, S, g, s, k, t):
    """Declare ability k of s: pay its cost now (counters; closing the card, which is its action
    in its own turn, 506.5) and put it on the stack."""
    c = S[g, s * NCF + EFF]
    if logging(S, g):
        log(S, g, EV_DECLARE, s, k, t, ab(C, c, k, AB_EFFECT), 0)
    S[g, s * NCF + COUNTERS] -= ab(C, c, k, AB_COUNTERS)
    S[g, s * NCF + USED_TURN] |= 1 << k
    S[g, s * NCF + USED_GAME] |= 1 << k
    S[g, s * NCF + AB_USES] += 1
    if ab(C, c, k, AB_TAP) == 1:
        S[g, s * NCF + CLOSED] = 1
        if owner_of(s) == S[g, GAME0 + G_ACTIVE]:
            S[g, s * NCF + ACTED] = 1
            S[g, s * NCF + MOVES_LEFT] = 0
    n = S[g, GAME0 + G_STACK_N]
    S[g, GAME0 + G_STACK + 3 * n] = s
    S[g, GAME0 + G_STACK + 3 * n + 1] = k
    S[g, GAME0 + G_STACK + 3 * n + 2] = t
    S[g, GAME0 + G_STACK_N] = n + 1


@njit(cache=True)
def resolve_top(C, S, g):
    """Resolve the top of the stack (last in, first out), even if its source has left play or lost
    its abilities since (the ability was already used); a chosen target that left play is not
    affected."""
    n = S[g, GAME0 + G_STACK_N] - 1
    S[g, GAME0 + G_STACK_N] = n
    s = S[g, GAME0 + G_STACK + 3 * n]
    k = S[g, GAME0 + G_STACK + 3 * n + 1]
    t = S[g, GAME0 + G_STACK + 3 * n + 2]
    resolve(C, S, g, s, S[g, s * NCF + CARD_ID], k, t, -1)
    check_deaths(C, S, g)
    check_game_end(S, g)
