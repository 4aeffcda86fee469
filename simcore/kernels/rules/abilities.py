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
import numpy as np
from numba import njit

from decks.registry import (
    AmountOf,
    AttackKind,
    Condition,
    Duration,
    Effect,
    Kind,
    Limit,
    Protection,
    Spread,
    Target,
    Trigger,
)

from ..ai.triggered import RANDOM, best_form, best_ram, policy_of, prefers_closing, prefers_push, target_value
from ..cardtable import (
    AB0,
    AB_ALSO_AMOUNT,
    AB_ALSO_EFFECT,
    AB_ALSO_UNLESS,
    AB_AMOUNT,
    AB_AMOUNT_OF,
    AB_AND_SELF,
    AB_COND,
    AB_COUNTERS,
    AB_DESTROY_SELF,
    AB_DURATION,
    AB_EFFECT,
    AB_F_CLASS,
    AB_F_ELEM,
    AB_FLAGS,
    AB_HAS_PERM,
    AB_IGN_TARGET,
    AB_KIND,
    AB_LIMIT,
    AB_OPTIONAL,
    AB_PLUS_NOT_MOVED,
    AB_RANGE,
    AB_SELF_XL,
    AB_SPELL,
    AB_SPREAD,
    AB_STRENGTHS,
    AB_TAP,
    AB_TARGET,
    AB_TF_ELEM,
    AB_THEN,
    AB_THEN_AMOUNT,
    AB_TIMES,
    AB_TRIG_MASK,
    AB_TRIGGER,
    AB_UP_TO,
    AB_W,
    CLASS0,
    CLASS1,
    ELEMENT,
    F_DEATH_WATCH,
    F_INCARNATION,
    F_LOSER,
    F_TURN_CHOICE,
    F_TURN_TRIGGERS,
    F_VALHALLA,
    FLYER,
    IGN_TARGET,
    INCARN,
    INCARN_OPEN,
    LIFE,
    MAX_AB,
    MAX_COUNTERS,
    MOVE,
    N_AB,
    RANGED_ADJ,
    SM,
    SW,
    TC_W,
    VALHALLA_TWICE,
)
from ..state import (
    AB_USES,
    ACQ_LOST,
    ACTED,
    ARMOR_LEFT,
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    DEATH_PENDING,
    DEATH_TURN,
    DELAY_W,
    DIED_FROM,
    EFF,
    EXTRA_LIVES,
    G_ACTIVE,
    G_BOARD,
    G_DECK_SIZE,
    G_DELAY,
    G_FLAGS,
    G_HURT,
    G_LOSS_REACH,
    G_N_DELAYED,
    G_PEND_HI,
    G_PEND_LO,
    G_RC,
    G_RC_CLEAN,
    G_ROLL,
    G_STACK,
    G_STACK_N,
    G_TOKENS,
    G_WINNER,
    GAINED,
    GAINED_FORM_SHIFT,
    GAINED_SIX,
    GAINED_STONE_SHIFT,
    GAINED_STUN,
    GAINED_TOKEN,
    GAINED_WEB,
    GAME0,
    HEAL_END,
    KILLED_BY_RULE,
    LAST_CELL,
    LAST_TARGET,
    LIFE_MAX,
    MAX_DECK,
    MAX_DELAYED,
    MOVED,
    MOVES_LEFT,
    N_CELLS,
    N_COLS,
    N_ROWS,
    N_SLOTS,
    NCF,
    POISON,
    RC_MAX,
    ROLL_NONE,
    ROOT_SHIFT,
    STRIKES,
    TF_DIRECTED,
    TF_LIFE_SHIFT,
    TF_MARK_SHIFT,
    TF_NO_STRIKES,
    TF_NO_TAP,
    TF_OVA_SHIFT,
    TF_RANGE_SHIFT,
    TF_RANGED_SHIFT,
    TF_TURN_WOUNDS_SHIFT,
    TF_UNANSWERED,
    TMP_BYTE,
    TMP_FLAGS,
    TMP_OWN,
    TMP_STRIKE,
    TO_OVA_SHIFT,
    TO_STRIKE_SHIFT,
    USED_GAME,
    USED_TURN,
    WOUNDS,
    Z_AUX,
    Z_FIELD,
    Z_GRAVE,
    ZONE,
)
from .board import (
    add_to_play,
    adjacent_cells,
    board_changed,
    cell_col,
    cell_row,
    cells_changed,
    forwardness,
    has_adjacent_enemy,
    in_formation,
    in_play,
    life_lowered,
    manhattan,
    n_in_play,
    own_row,
    owner_of,
    play_slot,
)
from .damage import (
    absorb_armor,
    armor_value,
    attack_roll_bonus,
    attack_wounds,
    base_value,
    card_filter_ok,
    current_life,
    drawn_kinds_block,
    flyers_drawn,
    heal,
    mark_attack_wound,
    own_above_printed,
    poison,
    protections,
    web_blocks,
    webbed,
    wound,
)
from .destruction import check_destruction, check_game_end, destroy
from .dice import ai_int, roll_d6, single_roll_strength
from .errors import (
    E_ACTED,
    E_ADJACENT_RANGED,
    E_CLOSED,
    E_CONDITION,
    E_DRAWN,
    E_GAME_OVER,
    E_LIMIT,
    E_NO_ABILITY,
    E_NO_COUNTERS,
    E_NOT_ACTIVE,
    E_NOT_ADJACENT,
    E_NOT_DICE_WINDOW,
    E_NOT_IN_PLAY,
    E_NOT_REVIVABLE,
    E_OK,
    E_OUT_OF_RANGE,
    E_TARGET_FILTER,
    E_TARGET_NOT_IN_PLAY,
    E_TARGET_OWN,
    E_TARGET_SPELL,
    E_TARGET_THEIRS,
    E_TARGET_UNWANTED,
    E_WEBBED,
)
from .log import (
    EV_ABILITY,
    EV_ATTACK,
    EV_CHOOSE,
    EV_CLOSE_OR_WOUND,
    EV_DECLARE,
    EV_DELAYED,
    EV_GAIN,
    EV_INCARNATE,
    EV_LOST,
    EV_MOVE,
    EV_OPTION,
    EV_POISONED,
    EV_ROLL,
    OPT_FORM,
    OPT_PUSH,
    OPT_RAM,
    log,
    logging,
)
from .strike_effects import apply_strike_effect, is_strike_effect, strike_option_error

DL_TRAP = 1
DL_BOOST = 2
DL_EXPLOSION = 3        # branch swst: ranged_explosion; its entry holds the cell and the source slot
KILLED_BY_TRAP = -4


@njit(cache=True, _nrt=False, inline="always")
def ab(C, c, k, col):
    """Column col of ability k of the card table row c."""
    return C[c, AB0 + AB_W * k + col]


@njit(cache=True, _nrt=False, inline="always")
def n_cards(C):
    return C.shape[0] >> 1


# ---- recomputation of permanent abilities (115, 503.3) -------------------------------------------------
@njit(cache=True, _nrt=False)
def _lost_bit(lo, hi, s):
    if s < 64:
        return (lo >> s) & 1
    return (hi >> (s - 64)) & 1


@njit(cache=True, _nrt=False)
def _set_bit(lo, hi, s):
    if s < 64:
        return lo | (1 << s), hi
    return lo, hi | (1 << (s - 64))


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
                acq_lo, acq_hi = _set_bit(acq_lo, acq_hi, s)
            c = S[g, s * NCF + CARD_ID]
            if C[c, AB_HAS_PERM] == 1 and (C[c, AB_FLAGS] & F_LOSER) != 0 and S[g, s * NCF + ZONE] == Z_FIELD:
                src_lo, src_hi = _set_bit(src_lo, src_hi, s)
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
            if _lost_bit(src_lo, src_hi, s) == 0 or _lost_bit(lo, hi, s) == 1:
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
                            nlo, nhi = _set_bit(nlo, nhi, o)
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
            lost = _lost_bit(lo, hi, s) == 1
            if lost and S[g, s * NCF + EFF] == c and logging(S, g):
                log(S, g, EV_LOST, s, 1, 0, 0, 0)
            elif not lost and S[g, s * NCF + EFF] != c and logging(S, g):
                log(S, g, EV_LOST, s, 0, 0, 0, 0)
            S[g, s * NCF + EFF] = c + n if lost else c
    return steps


# ---- targets --------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def matches(C, S, g, src, c, k, t):
    """Does card t pass the target filter of ability k of row c (source slot src)?"""
    if not filter_ok(C, S, g, src, c, k, t, AB_F_ELEM):
        return False
    k_class = ab(C, c, k, AB_F_CLASS)
    if k_class > 0:
        ct = S[g, t * NCF + EFF]
        return C[ct, CLASS0] == k_class or C[ct, CLASS1] == k_class
    return True


@njit(cache=True, _nrt=False)
def filter_ok(C, S, g, src, c, k, t, col0):
    """Card t against the filter stored at columns col0.. (element, flags, cost, cost at most) of
    ability k: the target filter (AB_F_ELEM) or the trigger filter (AB_TF_ELEM)."""
    return card_filter_ok(C, S, g, src, t, c, AB0 + AB_W * k + col0)


@njit(cache=True, _nrt=False)
def condition_holds(C, S, g, s, c, k):
    cond = ab(C, c, k, AB_COND)
    if cond == 0:
        return True
    if cond == Condition.IN_FORMATION:
        return in_formation(C, S, g, s)
    if cond == Condition.UNWOUNDED:
        return S[g, s * NCF + WOUNDS] == 0
    if cond == Condition.WOUNDED:
        return S[g, s * NCF + WOUNDS] > 0
    if cond == Condition.ADJACENT_ENEMY:
        return has_adjacent_enemy(S, g, s)
    if cond == Condition.ADJACENT_ALLY:
        return adjacent_ally(C, S, g, s, c, k)
    if cond == Condition.NOT_MOVED:
        return S[g, s * NCF + MOVED] == 0
    if cond == Condition.OWN_FRONT_ROW or cond == Condition.OWN_BACK_ROW:
        if S[g, s * NCF + ZONE] != Z_FIELD:
            return False
        f = forwardness(owner_of(s), cell_row(S[g, s * NCF + CELL]))
        return f == 2 if cond == Condition.OWN_FRONT_ROW else f == 0
    return False


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def spell_blocked(C, S, g, c, k, t):
    return ab(C, c, k, AB_SPELL) == 1 and (protections(C, S, g, t) & Protection.SPELL) != 0


# ---- effects ---------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False, inline="always")
def add_tmp(S, g, t, field, shift, n):
    """+ n to the gain packed in byte `shift` of TMP_FLAGS / TMP_OWN (at most TMP_BYTE). In int64, as
    the state: the top byte (shift 56) also works without the JIT (NUMBA_DISABLE_JIT)."""
    byte = np.int64(TMP_BYTE)
    v = min(((S[g, t * NCF + field] >> shift) & byte) + n, byte)
    S[g, t * NCF + field] = (S[g, t * NCF + field] & ~(byte << shift)) | (v << shift)


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


@njit(cache=True, _nrt=False)
def push_or_wound(C, S, g, src, t, n):
    """Молотобоец's 'hammer blow': t (struck by src) is pushed one cell on in the strike's direction
    (src -> t, diagonals too), or takes n wounds (an impact, not an attack). The push needs t on the
    battlefield and that cell on the board and empty; then t's owner chooses (random: a uniform
    integer in [0, 2) of his AI stream, 1 = pushed; greedy: pushed, which costs no life); else wounds."""
    to = -1
    if S[g, t * NCF + ZONE] == Z_FIELD and S[g, src * NCF + ZONE] == Z_FIELD:
        a, b = S[g, src * NCF + CELL], S[g, t * NCF + CELL]
        r = 2 * cell_row(b) - cell_row(a)
        col = 2 * cell_col(b) - cell_col(a)
        if 0 <= r <= 5 and 0 <= col <= 4 and S[g, GAME0 + G_BOARD + r * 5 + col] < 0:
            to = r * 5 + col
    pushed = False
    if to >= 0:
        q = owner_of(t)
        if policy_of(S, g, q) == RANDOM:
            pushed = ai_int(S, g, q, 2) == 1
        else:
            pushed = prefers_push(C, S, g, t, n)
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
def ram(C, S, g, src, t):
    """Центурион's 'ram': its owner chooses X from 1 to its current life (random: 1 + a uniform integer
    in [0, life) of his AI stream; greedy: ai.triggered.best_ram); src takes X wounds, then the enemy
    t opposite X - 1 (an impact, not an attack)."""
    p = owner_of(src)
    life = current_life(S, g, src)
    if not in_play(S, g, src) or life <= 0:
        return
    if policy_of(S, g, p) == RANDOM:
        x = 1 + ai_int(S, g, p, life)
    else:
        x, _ = best_ram(C, S, g, src, t)
    if logging(S, g):
        log(S, g, EV_OPTION, src, x, OPT_RAM, src, 0)
    wound(S, g, src, x, src)
    wound(S, g, t, x - 1, src)


@njit(cache=True, _nrt=False)
def choose_forms(C, S, g, p):
    """turn_choice (Оборотень), before player p's turn: each of his cards in play with a turn_choice
    takes one of its two forms until it chooses again (random: a uniform integer in [0, 2) of his AI
    stream; greedy: ai.triggered.best_form)."""
    if (S[g, GAME0 + G_FLAGS] & F_TURN_CHOICE) == 0:
        return
    for i in range(n_in_play(S, g, p)):
        s = play_slot(S, g, p, i)
        c = S[g, s * NCF + EFF]
        if (C[c, AB_FLAGS] & F_TURN_CHOICE) == 0:
            continue
        o = ai_int(S, g, p, 2) if policy_of(S, g, p) == RANDOM else best_form(C, S, g, s)
        if logging(S, g):
            log(S, g, EV_OPTION, s, o, OPT_FORM, s, 0)
        S[g, s * NCF + GAINED] = (S[g, s * NCF + GAINED] & ~(3 << GAINED_FORM_SHIFT)) | ((o + 1) << GAINED_FORM_SHIFT)


@njit(cache=True, _nrt=False, inline="always")
def form_value(C, S, g, s, col):
    """The regeneration (col TC0_REGEN) or move (TC0_MOVE) of the turn_choice form s holds, 0 if none."""
    form = S[g, s * NCF + GAINED] >> GAINED_FORM_SHIFT
    return C[S[g, s * NCF + EFF], col + TC_W * (form - 1)] if form > 0 else 0


@njit(cache=True, _nrt=False, inline="always")
def turn_wounds(S, g, t):
    """The wounds card t took this turn (counted only in games with F_TURN_WOUNDS)."""
    return (S[g, t * NCF + TMP_FLAGS] >> TF_TURN_WOUNDS_SHIFT) & TMP_BYTE if t >= 0 else 0


@njit(cache=True, _nrt=False)
def apply_effect(C, S, g, src, c, k, t, other):
    """Effect of ability k (table row c, source slot src) on card t (-1: no target), then its `also`
    effect on the same card. An `amount_of` amount is computed now (other: the trigger's other card,
    -1 if none)."""
    n = ab(C, c, k, AB_AMOUNT)
    if ab(C, c, k, AB_AMOUNT_OF) == AmountOf.OPPOSITE_MEDIUM_STRIKE:
        n = opposite_medium_strike(C, S, g, src)
    elif ab(C, c, k, AB_AMOUNT_OF) == AmountOf.OTHER_POISON:
        n = S[g, other * NCF + POISON] if other >= 0 else 0
    elif ab(C, c, k, AB_AMOUNT_OF) == AmountOf.WOUNDS_THIS_TURN:
        n = turn_wounds(S, g, t)
    elif ab(C, c, k, AB_AMOUNT_OF) == AmountOf.CELLS_MOVED:
        n = S[g, src * NCF + MOVED]
    elif ab(C, c, k, AB_AMOUNT_OF) == AmountOf.OWN_ABOVE_PRINTED_LIFE:
        n = min(own_above_printed(C, S, g, owner_of(src)), n)
    if ab(C, c, k, AB_PLUS_NOT_MOVED) > 0 and t >= 0 and S[g, t * NCF + MOVED] == 0:
        n += ab(C, c, k, AB_PLUS_NOT_MOVED)          # the target took no step in its last turn
    apply_one(C, S, g, src, c, k, t, ab(C, c, k, AB_EFFECT), n)
    if ab(C, c, k, AB_ALSO_EFFECT) > 0:
        apply_one(C, S, g, src, c, k, t, ab(C, c, k, AB_ALSO_EFFECT), ab(C, c, k, AB_ALSO_AMOUNT))


@njit(cache=True, _nrt=False)
def apply_one(C, S, g, src, c, k, t, eff, n):
    """One effect eff of amount n of ability k (table row c, source slot src) on card t."""
    if eff == Effect.TRAP:
        add_delayed(S, g, DL_TRAP, owner_of(src), n, 0, 0)
        return
    if eff == Effect.BOOST_NEXT_ATTACK:
        add_delayed(S, g, DL_BOOST, owner_of(src), n, ab(C, c, k, AB_F_ELEM), ab(C, c, k, AB_STRENGTHS))
        return
    if eff == Effect.REVIVE:
        if t >= 0 and revivable(C, S, g, src, t):
            revive(C, S, g, t)
        return
    if eff == Effect.INCARNATION_TOKEN:
        give_incarnation_token(C, S, g, owner_of(src))
        return
    if t < 0 or not in_play(S, g, t) or spell_blocked(C, S, g, c, k, t):
        return
    if eff == Effect.WOUND:
        wound(S, g, t, n, src)
        if ab(C, c, k, AB_THEN) == 1:
            S[g, t * NCF + HEAL_END] += ab(C, c, k, AB_THEN_AMOUNT)
    elif eff == Effect.HEAL:
        heal(S, g, t, n)
    elif eff == Effect.EXTRA_LIVES:
        S[g, t * NCF + EXTRA_LIVES] += n
    elif eff == Effect.REDUCE_LIFE:
        S[g, t * NCF + LIFE_MAX] = max(S[g, t * NCF + LIFE_MAX] - n, 0)
        life_lowered(S, g, t)
        if current_life(S, g, t) <= 0 and S[g, t * NCF + DIED_FROM] == -1:
            S[g, t * NCF + DIED_FROM] = src
    elif eff == Effect.DESTROY:
        destroy(S, g, t, src)
    elif eff == Effect.POISON:
        poison(C, S, g, src, t, n)
    elif eff == Effect.STRIKE_BONUS:
        if ab(C, c, k, AB_DURATION) == Duration.END_OF_OWN_TURN:
            add_tmp(S, g, t, TMP_OWN, TO_STRIKE_SHIFT, n)
        else:
            S[g, t * NCF + TMP_STRIKE] += n
    elif eff == Effect.ATTACK_EXPERIENCE:
        if ab(C, c, k, AB_DURATION) == Duration.END_OF_OWN_TURN:
            add_tmp(S, g, t, TMP_OWN, TO_OVA_SHIFT, n)
        else:
            add_tmp(S, g, t, TMP_FLAGS, TF_OVA_SHIFT, n)
    elif eff == Effect.RANGED_BONUS:
        add_tmp(S, g, t, TMP_FLAGS, TF_RANGED_SHIFT, n)
    elif eff == Effect.RANGE_BONUS:
        add_tmp(S, g, t, TMP_FLAGS, TF_RANGE_SHIFT, n)
    elif eff == Effect.GAIN_DIRECTED:
        S[g, t * NCF + TMP_FLAGS] |= TF_DIRECTED
    elif eff == Effect.STUN:
        S[g, t * NCF + GAINED] |= GAINED_STUN
    elif eff == Effect.NEXT_ROLL_SIX:
        S[g, t * NCF + GAINED] |= GAINED_SIX
    elif eff == Effect.CURE_POISON:
        S[g, t * NCF + POISON] = 0
    elif eff == Effect.ROLLED_SHOT:
        shot_effect(C, S, g, src, t, n, ab(C, c, k, AB_IGN_TARGET) == 1)
    elif eff == Effect.WEB:
        S[g, t * NCF + GAINED] |= GAINED_WEB
    elif eff == Effect.CLOSE_OR_WOUND:
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
    elif eff == Effect.LOSE_ABILITIES:
        S[g, t * NCF + ACQ_LOST] = 1
        board_changed(S, g)
    elif eff == Effect.CLOSE:
        S[g, t * NCF + CLOSED] = 1
    elif eff == Effect.OPEN:
        S[g, t * NCF + CLOSED] = 0
    elif eff == Effect.SPECIAL_STRIKE:
        # an attack of src, as its tap special strike: strike bonuses, protections, reductions and
        # armor apply; no dice, no counter-strike
        if logging(S, g):
            log(S, g, EV_ATTACK, src, t, AttackKind.SPECIAL_STRIKE, 0, 0)
        ign = C[S[g, src * NCF + EFF], IGN_TARGET] == 1
        w = attack_wounds(C, S, g, src, t, AttackKind.SPECIAL_STRIKE, 0, n, False, ign, False)
        w = absorb_armor(C, S, g, t, w, AttackKind.SPECIAL_STRIKE, ign)
        wound(S, g, t, w, src)
        mark_attack_wound(S, g, t, w)
    elif eff == Effect.REDUCE_LIFE_TURN:
        # life maximum -n until the end of the turn (508.4); given back in end_of_turn_effects
        cut = min(n, S[g, t * NCF + LIFE_MAX])
        S[g, t * NCF + LIFE_MAX] -= cut
        life_lowered(S, g, t)
        add_tmp(S, g, t, TMP_FLAGS, TF_LIFE_SHIFT, cut)
        if current_life(S, g, t) <= 0 and S[g, t * NCF + DIED_FROM] == -1:
            S[g, t * NCF + DIED_FROM] = src
    elif eff == Effect.NO_TAP_AFTER_ATTACK:
        S[g, t * NCF + TMP_FLAGS] |= TF_NO_TAP
    elif eff == Effect.GAIN_COUNTER:
        m = C[S[g, t * NCF + EFF], MAX_COUNTERS]
        if m == 0 or S[g, t * NCF + COUNTERS] < m:
            S[g, t * NCF + COUNTERS] += 1
    elif eff == Effect.FIRST_STRIKE_UNANSWERED:
        S[g, t * NCF + TMP_FLAGS] |= TF_UNANSWERED      # its first simple strike this turn
    elif eff == Effect.PUSH_OR_WOUND:
        push_or_wound(C, S, g, src, t, n)
    elif eff == Effect.STONE_SKIN:
        v = min(((S[g, t * NCF + GAINED] >> GAINED_STONE_SHIFT) & 7) + n, 7)
        S[g, t * NCF + GAINED] = (S[g, t * NCF + GAINED] & ~(7 << GAINED_STONE_SHIFT)) | (v << GAINED_STONE_SHIFT)
    elif eff == Effect.RAM:
        ram(C, S, g, src, t)
    else:
        apply_swst(C, S, g, src, c, k, t, eff, n)


@njit(cache=True, _nrt=False)
def apply_swst(C, S, g, src, c, k, t, eff, n):
    """The effects added with branch swst: shot, protect_from_strikes, take_wounds, raise_poison, root."""
    if eff == Effect.SHOT:
        # an attack of src: a shot N, no dice, no counter-strike; its ranged strike bonuses, the
        # target's protections (ZoV), reductions and armor apply
        if logging(S, g):
            log(S, g, EV_ATTACK, src, t, AttackKind.SHOT, 0, 0)
        ign = C[S[g, src * NCF + EFF], IGN_TARGET] == 1
        w = attack_wounds(C, S, g, src, t, AttackKind.SHOT, 0, n, False, ign, False)
        w = absorb_armor(C, S, g, t, w, AttackKind.SHOT, ign)
        wound(S, g, t, w, src)
    elif eff == Effect.PROTECT_FROM_STRIKES:
        S[g, t * NCF + TMP_FLAGS] |= TF_NO_STRIKES
    elif eff == Effect.TAKE_WOUNDS:
        # up to n of t's wounds move onto the ability's card (an impact: no reductions)
        if in_play(S, g, src) and t != src:
            m = heal(S, g, t, n)
            wound(S, g, src, m, KILLED_BY_RULE)
    elif eff == Effect.RAISE_POISON:
        p = S[g, t * NCF + POISON]
        if p > 0 and (protections(C, S, g, t) & Protection.POISON) == 0:
            v = max(p, min(p + n, ab(C, c, k, AB_UP_TO)))
            if v > p:
                S[g, t * NCF + POISON] = v
                if logging(S, g):
                    log(S, g, EV_POISONED, t, v - p, src, 0, 0)
    elif eff == Effect.ROLL_BONUS_AGAINST:
        # until the end of the turn the creatures of src's owner get + n to their die rolls when they
        # attack t (a mark of the other player is replaced)
        f = S[g, t * NCF + TMP_FLAGS]
        m = f >> TF_MARK_SHIFT
        p = owner_of(src)
        v = min((m & TMP_BYTE) + n, TMP_BYTE) if m != 0 and (m >> 8) & 1 == p else n
        S[g, t * NCF + TMP_FLAGS] = (f & ~(511 << TF_MARK_SHIFT)) | ((v | (p << 8)) << TF_MARK_SHIFT)
    elif eff == Effect.FINISH_OFF:
        # finish off N (509.2): a creature on the battlefield with current life <= N is destroyed
        if S[g, t * NCF + ZONE] == Z_FIELD and current_life(S, g, t) <= n:
            destroy(S, g, t, src)
    elif eff == Effect.ROOT:
        S[g, t * NCF + GAINED] = (S[g, t * NCF + GAINED] & ~(255 << ROOT_SHIFT)) | ((src + 1) << ROOT_SHIFT)


@njit(cache=True, _nrt=False)
def shot_effect(C, S, g, src, t, n, ign_ability):
    """Effect shot N (forest branch): src shoots t: only src rolls (its OvA counts), N wounds for every
    strength, a non-magical ranged attack of kind shot (its ranged strike bonuses, t's protections,
    reductions and armor apply; a web on t blocks it); no counter-strike, src does not close.
    ign_ability: the ability ignores the target's abilities (Серый альв's 'fire arrow')."""
    if web_blocks(S, g, src, t):
        return
    if logging(S, g):
        log(S, g, EV_ATTACK, src, t, AttackKind.SHOT, 0, 0)
    a = roll_d6(S, g) + attack_roll_bonus(C, S, g, src, t)
    st = single_roll_strength(a)
    if logging(S, g):
        log(S, g, EV_ROLL, src, t, a, -1, st * 4)
    ign = C[S[g, src * NCF + EFF], IGN_TARGET] == 1 or ign_ability
    w = attack_wounds(C, S, g, src, t, AttackKind.SHOT, st, n + take_boost(C, S, g, src, st), False, ign, False)
    w = absorb_armor(C, S, g, t, w, AttackKind.SHOT, ign)
    wound(S, g, t, w, src)


@njit(cache=True, _nrt=False)
def _apply_area(C, S, g, src, c, k, center, target, other):
    """Every card matching an area target, all at once (simple ability, RULES.md section 8)."""
    p = owner_of(src)
    for q in range(2):
        if (target == Target.ADJACENT_ENEMIES or target == Target.ALL_ENEMIES) and q == p:
            continue
        if target == Target.ALL_OWN and q != p:
            continue
        i = 0
        while i < n_in_play(S, g, q):
            o = play_slot(S, g, q, i)
            i += 1
            if o == src and target != Target.ALL_OWN and target != Target.ALL:
                continue
            if target == Target.ADJACENT or target == Target.ADJACENT_ENEMIES:
                if center < 0 or S[g, o * NCF + ZONE] != Z_FIELD or not adjacent_cells(
                        center, S[g, o * NCF + CELL]):
                    continue
            if not matches(C, S, g, src, c, k, o):
                continue
            n_before = n_in_play(S, g, q)
            apply_effect(C, S, g, src, c, k, o, other)
            if n_in_play(S, g, q) < n_before:       # destroyed: the list shifted
                i -= 1


@njit(cache=True, _nrt=False, inline="always")
def is_chosen(target):
    return (target == Target.CHOSEN or target == Target.CHOSEN_ENEMY or target == Target.CHOSEN_OWN
            or target == Target.CHOSEN_ADJACENT or target == Target.CHOSEN_ADJACENT_TO_OTHER or target == Target.CHOSEN_OWN_DEAD)


@njit(cache=True, _nrt=False)
def revivable(C, S, g, s, t):
    """chosen_own_dead: t is a card of s's owner in his graveyard that can come back: a flyer, or a
    ground creature whose last cell is empty."""
    p = owner_of(s)
    if t < p * MAX_DECK or t >= p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p] or S[g, t * NCF + ZONE] != Z_GRAVE:
        return False
    if C[S[g, t * NCF + CARD_ID], FLYER] == 1:
        return True
    cell = S[g, t * NCF + LAST_CELL]
    return cell >= 0 and S[g, GAME0 + G_BOARD + cell] < 0


@njit(cache=True, _nrt=False)
def revive(C, S, g, t):
    """Знахарь племени's revive: t comes back into play closed, on its last cell (a flyer into the
    auxiliary zone), as a new card: its printed life, no wounds, counters, poison, gains or markers."""
    c = S[g, t * NCF + CARD_ID]
    if C[c, FLYER] == 1:
        S[g, t * NCF + ZONE] = Z_AUX
        S[g, t * NCF + CELL] = -1
    else:
        cell = S[g, t * NCF + LAST_CELL]
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
def trigger_target_error(C, S, g, src, c, k, t, other):
    """ability_target_error, and for chosen_adjacent_to_other: t stands on a cell around the trigger's
    other card (around its last cell when it has left play), t not being that card."""
    e = ability_target_error(C, S, g, src, c, k, t)
    if e != E_OK or ab(C, c, k, AB_TARGET) != Target.CHOSEN_ADJACENT_TO_OTHER:
        return e
    if other < 0:
        return E_NOT_ADJACENT
    center = S[g, other * NCF + CELL] if in_play(S, g, other) else S[g, other * NCF + LAST_CELL]
    if center < 0 or t == other or S[g, t * NCF + ZONE] != Z_FIELD or not adjacent_cells(
            center, S[g, t * NCF + CELL]):
        return E_NOT_ADJACENT
    return E_OK


@njit(cache=True, _nrt=False)
def choose_trigger_target(C, S, g, src, c, k, other, lo, hi):
    """The owner's policy picks the target of triggered ability k of src among the cards in play that
    ability_target_error allows: random uniformly (with "none" when optional), greedy the one worth
    most (ai.triggered.target_value; none when optional and nothing is worth more than 0). -1: none.
    Cards whose bit is set in the slot masks lo (slots 0-63) and hi (64-99) are left out (`times`)."""
    p = owner_of(src)
    optional = ab(C, c, k, AB_OPTIONAL) == 1
    eff = ab(C, c, k, AB_EFFECT)
    n = ab(C, c, k, AB_AMOUNT)
    if ab(C, c, k, AB_AMOUNT_OF) == AmountOf.OTHER_POISON:
        n = S[g, other * NCF + POISON] if other >= 0 else 0
    count = 0
    best = -1
    best_v = 0.0
    for q in range(2):
        for i in range(n_in_play(S, g, q)):
            t = play_slot(S, g, q, i)
            if trigger_target_error(C, S, g, src, c, k, t, other) != E_OK or _lost_bit(lo, hi, t) == 1:
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
                if trigger_target_error(C, S, g, src, c, k, t, other) == E_OK and _lost_bit(lo, hi, t) == 0:
                    if j == 0:
                        return t
                    j -= 1
        return -1
    if optional and best_v <= 0.0:
        return -1
    return best


@njit(cache=True, _nrt=False)
def resolve(C, S, g, src, c, k, chosen, other):
    """Apply ability k of row c of card src: to the chosen card (a triggered ability's owner chooses it
    now), the other card of a strike (attacked or attacker), itself, or an area. Destruction is checked
    by the caller."""
    target = ab(C, c, k, AB_TARGET)
    eff = ab(C, c, k, AB_EFFECT)
    if chosen < 0 and is_chosen(target) and ab(C, c, k, AB_KIND) == Kind.TRIGGERED:
        if ab(C, c, k, AB_TIMES) == 1:
            resolve_times(C, S, g, src, c, k)
            return
        chosen = choose_trigger_target(C, S, g, src, c, k, other, 0, 0)
        if logging(S, g):
            log(S, g, EV_CHOOSE, src, k, chosen, eff, 0)      # the owner's choice (-1: none)
        if chosen < 0:
            return
    if ab(C, c, k, AB_KIND) == Kind.TRIGGERED and ab(C, c, k, AB_LIMIT) != 0:
        if ab(C, c, k, AB_LIMIT) == Limit.TWICE_PER_TURN and (S[g, src * NCF + USED_TURN] >> k) & 1:
            S[g, src * NCF + USED_TURN] |= 1 << (k + MAX_AB)
        S[g, src * NCF + USED_TURN] |= 1 << k        # "(once per turn)": it has fired
    if ab(C, c, k, AB_DESTROY_SELF) == 1 and in_play(S, g, src):
        destroy(S, g, src, src)           # first; the area is then around its last cell (509.3)
    if logging(S, g):
        log(S, g, EV_ABILITY, src, k, chosen if chosen >= 0 else other, eff, 0)
    if ab(C, c, k, AB_SELF_XL) > 0 and in_play(S, g, src):
        S[g, src * NCF + EXTRA_LIVES] += ab(C, c, k, AB_SELF_XL)     # self_first: the card gains first
    if is_strike_effect(eff):
        _resolve_strike_effect(C, S, g, src, c, k, chosen)
    elif eff == Effect.TRAP or eff == Effect.BOOST_NEXT_ATTACK:
        apply_effect(C, S, g, src, c, k, -1, other)
    elif target == Target.SELF:
        apply_effect(C, S, g, src, c, k, src, other)
    elif target == Target.OPPOSITE_ENEMY:
        o = opposite_card(S, g, src)
        if o >= 0 and owner_of(o) != owner_of(src) and matches(C, S, g, src, c, k, o):
            apply_effect(C, S, g, src, c, k, o, other)
    elif target == Target.ATTACKED or target == Target.ATTACKER:
        if other >= 0 and matches(C, S, g, src, c, k, other):
            apply_effect(C, S, g, src, c, k, other, other)
    elif is_chosen(target):
        if ab(C, c, k, AB_SPREAD) == Spread.ADJACENT_ENEMIES_SAME_WEAK:
            spread_same_weak(C, S, g, src, c, k, chosen, other)
        else:
            apply_effect(C, S, g, src, c, k, chosen, other)
        if ab(C, c, k, AB_AND_SELF) == 1 and in_play(S, g, src):
            apply_effect(C, S, g, src, c, k, src, other)
    else:
        center = S[g, src * NCF + CELL] if in_play(S, g, src) else S[g, src * NCF + LAST_CELL]
        _apply_area(C, S, g, src, c, k, center, target, other)


@njit(cache=True, _nrt=False, inline="always")
def trigger_used_up(C, S, g, s, c, k):
    """A triggered ability limited once (twice) per turn that has fired once (twice) this turn."""
    lim = ab(C, c, k, AB_LIMIT)
    if lim == Limit.ONCE_PER_TURN:
        return (S[g, s * NCF + USED_TURN] >> k) & 1 == 1
    if lim == Limit.TWICE_PER_TURN:
        return (S[g, s * NCF + USED_TURN] >> (k + MAX_AB)) & 1 == 1
    return False


@njit(cache=True, _nrt=False)
def _resolve_strike_effect(C, S, g, src, c, k, opt):
    """A strike effect on the attack in progress (rules.strike_effects), then its `also` on its own
    card unless the struck creature has the element also_unless_struck."""
    struck = apply_strike_effect(S, g, src, ab(C, c, k, AB_EFFECT), opt, ab(C, c, k, AB_AMOUNT))
    also = ab(C, c, k, AB_ALSO_EFFECT)
    if also == 0 or not in_play(S, g, src):
        return
    unless = ab(C, c, k, AB_ALSO_UNLESS)
    if unless > 0 and struck >= 0 and C[S[g, struck * NCF + EFF], ELEMENT] == unless - 1:
        return
    apply_one(C, S, g, src, c, k, src, also, ab(C, c, k, AB_ALSO_AMOUNT))


# ---- triggered abilities ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def fire_triggers(C, S, g, s, trig, other, strength):
    """Fire the triggered abilities of card s for event trig (strength: 1..3 for on_strike, else 0)."""
    c = S[g, s * NCF + EFF]
    if c < 0 or (C[c, AB_TRIG_MASK] >> trig) & 1 == 0:
        return
    for k in range(C[c, N_AB]):
        if ab(C, c, k, AB_KIND) != Kind.TRIGGERED or ab(C, c, k, AB_TRIGGER) != trig:
            continue
        if strength > 0 and (ab(C, c, k, AB_STRENGTHS) >> (strength - 1)) & 1 == 0:
            continue
        if trig != Trigger.ON_DEATH and not condition_holds(C, S, g, s, c, k):
            continue
        if trigger_used_up(C, S, g, s, c, k):
            continue
        if other >= 0 and (trig == Trigger.ON_STRIKE or trig == Trigger.ON_STRUCK or trig == Trigger.ENEMY_POISON_WOUNDED) \
                and not filter_ok(
                C, S, g, s, c, k, other, AB_TF_ELEM):
            continue                # the trigger filter: which struck / striking card fires it
        if ab(C, c, k, AB_TARGET) == Target.LEFT_RIGHT_OWN:
            resolve_left_right(C, S, g, s, c, k, other, strength)
            continue
        resolve(C, S, g, s, c, k, -1, other)


@njit(cache=True, _nrt=False)
def resolve_left_right(C, S, g, s, c, k, other, strength):
    """Target left_right_own (branch neut2): ability k of card s (on the battlefield) acts on its owner's
    creatures on the cells directly left and right of it, the left one first. amount_of strike_value:
    the amount is s's simple strike of the strength that fired it (base_value: printed, its turn gains
    and its form), the largest number its owner may choose (Ревнитель Сеггера)."""
    if S[g, s * NCF + ZONE] != Z_FIELD:
        return
    eff = ab(C, c, k, AB_EFFECT)
    n = ab(C, c, k, AB_AMOUNT)
    if ab(C, c, k, AB_AMOUNT_OF) == AmountOf.STRIKE_VALUE:
        n = base_value(C, S, g, s, AttackKind.STRIKE, strength)
    if logging(S, g):
        log(S, g, EV_ABILITY, s, k, other, eff, 0)
    cell = S[g, s * NCF + CELL]
    for d in range(2):
        col = cell_col(cell) + (2 * d - 1)
        if col < 0 or col >= N_COLS:
            continue
        o = S[g, GAME0 + G_BOARD + cell - cell_col(cell) + col]
        if o < 0 or owner_of(o) != owner_of(s) or not matches(C, S, g, s, c, k, o):
            continue
        apply_one(C, S, g, s, c, k, o, eff, n)
        if ab(C, c, k, AB_ALSO_EFFECT) > 0:
            apply_one(C, S, g, s, c, k, o, ab(C, c, k, AB_ALSO_EFFECT), ab(C, c, k, AB_ALSO_AMOUNT))


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def fire_death_watchers(C, S, g, dead):
    """"When a creature dies" abilities of the cards in play (both players), for the creature dead
    if it passes their trigger filter; the dead card is their `attacked`-style other card."""
    for p in range(2):
        i = 0
        while i < n_in_play(S, g, p):
            s = play_slot(S, g, p, i)
            n_before = n_in_play(S, g, p)
            c = S[g, s * NCF + EFF]
            if (C[c, AB_TRIG_MASK] >> Trigger.CREATURE_DIES) & 1:
                for k in range(C[c, N_AB]):
                    if ab(C, c, k, AB_KIND) == Kind.TRIGGERED and ab(C, c, k, AB_TRIGGER) == Trigger.CREATURE_DIES \
                            and condition_holds(C, S, g, s, c, k) and filter_ok(C, S, g, s, c, k, dead, AB_TF_ELEM) \
                            and not trigger_used_up(C, S, g, s, c, k):
                        resolve(C, S, g, s, c, k, -1, dead)
            if n_in_play(S, g, p) == n_before:
                i += 1


@njit(cache=True, _nrt=False)
def fire_poison_watchers(C, S, g, poisoned):
    """"When an enemy creature takes poison wounds" (enemy_poison_wounded): the abilities of the cards
    in play of the other player than the poisoned creature's, in slot order, right after its poison
    wounds; the poisoned creature is their other card."""
    p = 1 - owner_of(poisoned)
    i = 0
    while i < n_in_play(S, g, p):
        s = play_slot(S, g, p, i)
        n_before = n_in_play(S, g, p)
        c = S[g, s * NCF + EFF]
        if (C[c, AB_TRIG_MASK] >> Trigger.ENEMY_POISON_WOUNDED) & 1:
            fire_triggers(C, S, g, s, Trigger.ENEMY_POISON_WOUNDED, poisoned, 0)
        if n_in_play(S, g, p) == n_before:
            i += 1


@njit(cache=True, _nrt=False, inline="always")
def check_deaths(C, S, g):
    """Destroy every card at 0 life, then fire the on-death abilities of every card destroyed since
    the last check, in slot order, at its last cell (509.3); repeat while they destroy more. First the
    waiting on_incarnation_token abilities (branch dark). Nothing to do unless a life went down
    (G_HURT), a card was destroyed (G_PEND_HI) or a token given (G_TOKENS): this test is inlined
    where check_deaths is called; the work is _check_deaths'."""
    if S[g, GAME0 + G_HURT] != 0 or S[g, GAME0 + G_PEND_HI] >= 0 or S[g, GAME0 + G_TOKENS] != 0:
        _check_deaths(C, S, g)


@njit(cache=True, _nrt=False)
def _check_deaths(C, S, g):
    if S[g, GAME0 + G_FLAGS] & F_INCARNATION:
        fire_pending_tokens(C, S, g)
    check_destruction(S, g)
    while S[g, GAME0 + G_PEND_HI] >= 0:
        # the slots in slot order, from the lowest destroyed to the highest, that one included even
        # when it is destroyed during this pass (a lower one destroyed meanwhile waits for the next)
        s = S[g, GAME0 + G_PEND_LO]
        hi = S[g, GAME0 + G_PEND_HI]
        S[g, GAME0 + G_PEND_LO] = N_SLOTS
        S[g, GAME0 + G_PEND_HI] = -1
        while s <= max(hi, S[g, GAME0 + G_PEND_HI]):
            if S[g, s * NCF + DEATH_PENDING] == 1:
                S[g, s * NCF + DEATH_PENDING] = 0
                fire_triggers(C, S, g, s, Trigger.ON_DEATH, -1, 0)
                S[g, s * NCF + EFF] = S[g, s * NCF + CARD_ID]
                if C[S[g, s * NCF + CARD_ID], INCARN] > 0:
                    S[g, s * NCF + COUNTERS] = 0        # in the graveyard its counters are incarnation tokens
                if S[g, GAME0 + G_FLAGS] & F_DEATH_WATCH:
                    fire_death_watchers(C, S, g, s)
            s += 1
        check_destruction(S, g)


# ---- valhalla (VOCABULARY.md, readings) -------------------------------------------------------------
@njit(cache=True, _nrt=False)
def fire_valhalla(C, S, g, p):
    """At the start of player p's turn, the valhalla abilities of his cards lying in his graveyard,
    in slot order, each at one of his creatures in play that he chooses (target chosen_own). While
    p has in play a card with valhalla_twice (Рагнар) that has its abilities, the first valhalla
    ability fired this turn fires twice (two choices). Deaths are checked after each."""
    if (S[g, GAME0 + G_FLAGS] & F_VALHALLA) == 0:
        return
    twice = False
    for i in range(n_in_play(S, g, p)):
        if C[S[g, play_slot(S, g, p, i) * NCF + EFF], VALHALLA_TWICE] == 1:
            twice = True
    for i in range(S[g, GAME0 + G_DECK_SIZE + p]):
        s = p * MAX_DECK + i
        if S[g, s * NCF + ZONE] != Z_GRAVE:
            continue
        c = S[g, s * NCF + CARD_ID]
        if (C[c, AB_TRIG_MASK] >> Trigger.VALHALLA) & 1 == 0:
            continue
        for k in range(C[c, N_AB]):
            if ab(C, c, k, AB_KIND) != Kind.TRIGGERED or ab(C, c, k, AB_TRIGGER) != Trigger.VALHALLA:
                continue
            times = 2 if twice else 1
            twice = False
            for _ in range(times):
                if S[g, GAME0 + G_WINNER] >= 0:
                    return
                resolve(C, S, g, s, c, k, -1, -1)
                check_deaths(C, S, g)
                check_game_end(S, g)
# ---- branch dark: spread, incarnation ------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def resolve_times(C, S, g, src, c, k):
    """`times = "incarnation_tokens"` (Поганище): X = src's tokens; its owner chooses X different targets
    one after another (each choice logged; none left: it stops) and the effect hits each."""
    lo = 0
    hi = 0
    for j in range(S[g, src * NCF + COUNTERS]):
        t = choose_trigger_target(C, S, g, src, c, k, -1, lo, hi)
        if logging(S, g):
            log(S, g, EV_CHOOSE, src, k, t, ab(C, c, k, AB_EFFECT), 0)
        if t < 0:
            return
        if t < 64:
            lo |= 1 << t
        else:
            hi |= 1 << (t - 64)
        if logging(S, g):
            log(S, g, EV_ABILITY, src, k, t, ab(C, c, k, AB_EFFECT), 0)
        apply_effect(C, S, g, src, c, k, t, -1)


@njit(cache=True, _nrt=False)
def fire_pending_tokens(C, S, g):
    """The on_incarnation_token abilities of graveyard cards that received a token from an effect
    (Талион) since the last check, in slot order (called by check_deaths: no effect calls them itself).
    Without a token given since the last call (G_TOKENS) there is nothing to scan for."""
    if S[g, GAME0 + G_TOKENS] == 0:
        return
    S[g, GAME0 + G_TOKENS] = 0
    for s in range(N_SLOTS):
        if S[g, s * NCF + ZONE] == Z_GRAVE and S[g, s * NCF + GAINED] & GAINED_TOKEN:
            S[g, s * NCF + GAINED] &= ~GAINED_TOKEN
            fire_token_triggers(C, S, g, s)


@njit(cache=True, _nrt=False)
def fire_token_triggers(C, S, g, s):
    """on_incarnation_token: card s (in the graveyard) has just received an incarnation token."""
    c = S[g, s * NCF + CARD_ID]
    for k in range(C[c, N_AB]):
        if ab(C, c, k, AB_KIND) == Kind.TRIGGERED and ab(C, c, k, AB_TRIGGER) == Trigger.ON_INCARNATION_TOKEN:
            resolve(C, S, g, s, c, k, -1, -1)


@njit(cache=True, _nrt=False)
def spread_targets(C, S, g, src, chosen):
    """spread adjacent_enemies_same_weak (Герольд мрака): the enemy creatures of src's owner on the cells
    around the chosen card whose printed weak strike equals the chosen card's, as a slot bitset (lo, hi)
    (kernels allocate nothing: see README, "Kernels do not count references")."""
    lo = 0
    hi = 0
    if chosen < 0 or not in_play(S, g, chosen) or S[g, chosen * NCF + ZONE] != Z_FIELD:
        return lo, hi
    cell = S[g, chosen * NCF + CELL]
    weak = C[S[g, chosen * NCF + EFF], SW]
    q = 1 - owner_of(src)
    for i in range(n_in_play(S, g, q)):
        o = play_slot(S, g, q, i)
        if o != chosen and S[g, o * NCF + ZONE] == Z_FIELD and adjacent_cells(cell, S[g, o * NCF + CELL]) \
                and C[S[g, o * NCF + EFF], SW] == weak:
            lo, hi = _set_bit(lo, hi, o)
    return lo, hi


@njit(cache=True, _nrt=False)
def spread_same_weak(C, S, g, src, c, k, chosen, other):
    """The effect on the chosen card and, at once, on its spread targets (found before any wound), in
    slot order."""
    lo, hi = spread_targets(C, S, g, src, chosen)
    apply_effect(C, S, g, src, c, k, chosen, other)
    for o in range(N_SLOTS):
        if _lost_bit(lo, hi, o) == 1:
            apply_effect(C, S, g, src, c, k, o, other)


@njit(cache=True, _nrt=False)
def give_incarnation_token(C, S, g, p):
    """effect incarnation_token (Талион): a token on the card of player p's graveyard with incarnation
    that lacks the fewest tokens (ties: the lowest slot); nothing without one."""
    best = -1
    best_missing = 1000
    for s in range(p * MAX_DECK, p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p]):
        n = C[S[g, s * NCF + CARD_ID], INCARN]
        if S[g, s * NCF + ZONE] != Z_GRAVE or n == 0 or S[g, s * NCF + COUNTERS] >= n:
            continue
        if n - S[g, s * NCF + COUNTERS] < best_missing:
            best = s
            best_missing = n - S[g, s * NCF + COUNTERS]
    if best >= 0:
        S[g, best * NCF + COUNTERS] += 1
        S[g, best * NCF + GAINED] |= GAINED_TOKEN      # its on_incarnation_token fires at check_deaths
        S[g, GAME0 + G_TOKENS] += 1
        if logging(S, g):
            log(S, g, EV_GAIN, best, 0, S[g, best * NCF + COUNTERS], 0, 0)


@njit(cache=True, _nrt=False)
def incarnation_cell(S, g, s):
    """The empty cell of its owner's half nearest the cell it died on (Manhattan; ties: the lowest
    cell number); -1 if the half is full."""
    p = owner_of(s)
    last = S[g, s * NCF + LAST_CELL]
    best = -1
    best_d = 1000
    for cell in range(N_CELLS):
        if not own_row(p, cell_row(cell)) or S[g, GAME0 + G_BOARD + cell] >= 0:
            continue
        d = manhattan(last, cell) if last >= 0 else 0
        if d < best_d:
            best = cell
            best_d = d
    return best


@njit(cache=True, _nrt=False)
def incarnate(C, S, g, s):
    """Card s returns from the graveyard (incarnation): as a new card, printed life, no wounds, extra
    lives, counters, poison or acquired effects; closed (open with incarnates_open); then its
    on_incarnate abilities fire. False if its owner's half has no empty cell (it waits)."""
    c = S[g, s * NCF + CARD_ID]
    cell = -1
    if C[c, FLYER] == 0:
        cell = incarnation_cell(S, g, s)
        if cell < 0:
            return False
    for f in (WOUNDS, EXTRA_LIVES, COUNTERS, POISON, GAINED, TMP_STRIKE, TMP_FLAGS, TMP_OWN, ACQ_LOST,
              HEAL_END, USED_TURN, MOVED, ACTED, STRIKES, DEATH_PENDING):
        S[g, s * NCF + f] = 0
    S[g, s * NCF + LIFE_MAX] = C[c, LIFE]
    S[g, s * NCF + EFF] = c
    S[g, s * NCF + DIED_FROM] = -1
    S[g, s * NCF + DEATH_TURN] = -1
    S[g, s * NCF + LAST_TARGET] = -1
    S[g, s * NCF + CLOSED] = 1 - C[c, INCARN_OPEN]
    if cell >= 0:
        S[g, s * NCF + ZONE] = Z_FIELD
        S[g, s * NCF + CELL] = cell
        S[g, GAME0 + G_BOARD + cell] = s
        S[g, s * NCF + MOVES_LEFT] = C[c, MOVE]
    else:
        S[g, s * NCF + ZONE] = Z_AUX
        S[g, s * NCF + CELL] = -1
        S[g, s * NCF + MOVES_LEFT] = 0
    add_to_play(S, g, s)
    S[g, s * NCF + ARMOR_LEFT] = armor_value(C, S, g, s)
    if logging(S, g):
        log(S, g, EV_INCARNATE, s, cell, 0, 0, 0)
    fire_triggers(C, S, g, s, Trigger.ON_INCARNATE, -1, 0)
    fire_incarnation_watchers(C, S, g, s)
    return True


@njit(cache=True, _nrt=False)
def fire_incarnation_watchers(C, S, g, s):
    """creature_incarnates: the abilities of the cards its owner has in play (itself included), by slot,
    when his creature s has incarnated; s is their other card."""
    p = owner_of(s)
    i = 0
    while i < n_in_play(S, g, p):
        o = play_slot(S, g, p, i)
        n_before = n_in_play(S, g, p)
        c = S[g, o * NCF + EFF]
        for k in range(C[c, N_AB]):
            if ab(C, c, k, AB_KIND) == Kind.TRIGGERED and ab(C, c, k, AB_TRIGGER) == Trigger.CREATURE_INCARNATES \
                    and condition_holds(C, S, g, o, c, k):
                resolve(C, S, g, o, c, k, -1, s)
        if n_in_play(S, g, p) == n_before:
            i += 1


@njit(cache=True, _nrt=False)
def incarnations(C, S, g, p):
    """Start of player p's turn: each of his graveyard cards with incarnation N takes a token (at most
    N); one that holds N incarnates, in slot order. Only games with such cards (F_INCARNATION)."""
    for s in range(p * MAX_DECK, p * MAX_DECK + S[g, GAME0 + G_DECK_SIZE + p]):
        if S[g, s * NCF + ZONE] != Z_GRAVE:
            continue
        n = C[S[g, s * NCF + CARD_ID], INCARN]
        if n == 0:
            continue
        if S[g, s * NCF + COUNTERS] < n:
            S[g, s * NCF + COUNTERS] += 1
            fire_token_triggers(C, S, g, s)
        if S[g, s * NCF + COUNTERS] >= n:
            incarnate(C, S, g, s)


# ---- delayed abilities (118) ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def explode(C, S, g, p):
    """ranged_explosion (Орк-бомбардир): at the start of player p's turn each of his waiting explosions
    wounds the card on its cell (an impact), in table order. Destruction is checked by the caller."""
    for k in range(MAX_DELAYED):
        b = GAME0 + G_DELAY + k * DELAY_W
        if S[g, b] == DL_EXPLOSION and S[g, b + 1] == p:
            S[g, b] = 0
            S[g, GAME0 + G_N_DELAYED] -= 1
            o = S[g, GAME0 + G_BOARD + S[g, b + 3]]
            if logging(S, g):
                log(S, g, EV_DELAYED, p, DL_EXPLOSION, S[g, b + 2], o, 1)
            if o >= 0:
                wound(S, g, o, S[g, b + 2], S[g, b + 4])


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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
            S[g, s * NCF + LIFE_MAX] += (S[g, s * NCF + TMP_FLAGS] >> TF_LIFE_SHIFT) & TMP_BYTE
            S[g, s * NCF + TMP_FLAGS] = 0
            if p != S[g, GAME0 + G_ACTIVE] and (S[g, s * NCF + GAINED] >> GAINED_STONE_SHIFT) & 7:
                S[g, s * NCF + GAINED] &= ~(7 << GAINED_STONE_SHIFT)     # stone skin: the opponent's turn ends
            if p == S[g, GAME0 + G_ACTIVE]:
                S[g, s * NCF + TMP_OWN] = 0          # "until the end of your (next) turn" ends
                S[g, s * NCF + GAINED] &= ~GAINED_WEB   # a web lasts to the end of its owner's turn
            S[g, s * NCF + USED_TURN] = 0


# ---- played abilities (114) -------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def ability_target_error(C, S, g, s, c, k, t):
    target = ab(C, c, k, AB_TARGET)
    eff = ab(C, c, k, AB_EFFECT)
    if is_strike_effect(eff):
        return strike_option_error(S, g, s, eff, t)       # t: the option (rules.strike_effects)
    chosen = is_chosen(target)
    if not chosen or eff == Effect.TRAP or eff == Effect.BOOST_NEXT_ATTACK:
        return E_OK if t < 0 else E_TARGET_UNWANTED
    if target == Target.CHOSEN_OWN_DEAD:
        if not revivable(C, S, g, s, t):
            return E_NOT_REVIVABLE
        return E_OK if matches(C, S, g, s, c, k, t) else E_TARGET_FILTER
    if t < 0 or not in_play(S, g, t):
        return E_TARGET_NOT_IN_PLAY
    if target == Target.CHOSEN_ENEMY and owner_of(t) == owner_of(s):
        return E_TARGET_OWN
    if target == Target.CHOSEN_OWN and owner_of(t) != owner_of(s):
        return E_TARGET_THEIRS
    if not matches(C, S, g, s, c, k, t):
        return E_TARGET_FILTER
    if spell_blocked(C, S, g, c, k, t):
        return E_TARGET_SPELL
    if target == Target.CHOSEN_ADJACENT:
        # around the card's cell, or its last cell when it has left play (an on-death ability, 509.3)
        center = S[g, s * NCF + CELL] if in_play(S, g, s) else S[g, s * NCF + LAST_CELL]
        if center < 0 or t == s or S[g, t * NCF + ZONE] != Z_FIELD or not adjacent_cells(
                center, S[g, t * NCF + CELL]):
            return E_NOT_ADJACENT
    if eff == Effect.ROLLED_SHOT:
        e = shot_target_error(C, S, g, s, t)
        if e != E_OK:
            return e
    r = ab(C, c, k, AB_RANGE)
    if r > 0 and S[g, s * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD:
        if manhattan(S[g, s * NCF + CELL], S[g, t * NCF + CELL]) > r:
            return E_OUT_OF_RANGE
    return E_OK


@njit(cache=True, _nrt=False)
def shot_target_error(C, S, g, s, t):
    """What a shot effect of s may target, as its own shot would: not an adjacent card (unless it has
    ranged_at_adjacent), and the cards that draw shots or flyers' attacks."""
    if S[g, s * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD and adjacent_cells(
            S[g, s * NCF + CELL], S[g, t * NCF + CELL]) and C[S[g, s * NCF + EFF], RANGED_ADJ] == 0:
        return E_ADJACENT_RANGED
    if flyers_drawn(C, S, g, s, t):
        return E_DRAWN
    blocked, _ = drawn_kinds_block(C, S, g, s, t, AttackKind.SHOT)
    if blocked:
        return E_DRAWN
    return E_OK


@njit(cache=True, _nrt=False)
def use_error(C, S, g, s, k, t, window):
    """May card s use ability k at target t (-1: none)? window = False: as an action of its owner's
    Choice subphase (played or fast, 114.2.1); True: at a priority window, fast only (114.2.2),
    by either player."""
    e = source_error(C, S, g, s, k, window)
    if e != E_OK:
        return e
    return ability_target_error(C, S, g, s, S[g, s * NCF + EFF], k, t)


@njit(cache=True, _nrt=False)
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
    if kind != Kind.FAST and (window or kind != Kind.PLAYED):
        return E_NO_ABILITY
    # strike effects only at an attack's dice window, and nothing else there (branch neut)
    if is_strike_effect(ab(C, c, k, AB_EFFECT)) != (window and S[g, GAME0 + G_ROLL] != ROLL_NONE):
        return E_NOT_DICE_WINDOW
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
    if lim == Limit.ONCE_PER_TURN and (S[g, s * NCF + USED_TURN] >> k) & 1:
        return E_LIMIT
    if lim == Limit.ONCE_PER_BATTLE and (S[g, s * NCF + USED_GAME] >> k) & 1:
        return E_LIMIT
    if lim == Limit.TWICE_PER_TURN and (S[g, s * NCF + USED_TURN] >> (k + MAX_AB)) & 1:
        return E_LIMIT          # bit k: used once this turn, bit MAX_AB + k: twice
    return E_OK


@njit(cache=True, _nrt=False)
def ability_error(C, S, g, s, k, t):
    """Played ability k of card s at target t (-1: none), in its owner's Choice subphase (114.2.1)."""
    return use_error(C, S, g, s, k, t, False)


@njit(cache=True, _nrt=False)
def pay_and_push(C, S, g, s, k, t):
    """Declare ability k of s: pay its cost now (counters; closing the card, which is its action
    in its own turn, 506.5) and put it on the stack."""
    c = S[g, s * NCF + EFF]
    if logging(S, g):
        log(S, g, EV_DECLARE, s, k, t, ab(C, c, k, AB_EFFECT), 0)
    S[g, s * NCF + COUNTERS] -= ab(C, c, k, AB_COUNTERS)
    if ab(C, c, k, AB_LIMIT) == Limit.TWICE_PER_TURN and (S[g, s * NCF + USED_TURN] >> k) & 1:
        S[g, s * NCF + USED_TURN] |= 1 << (k + MAX_AB)
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


@njit(cache=True, _nrt=False)
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
