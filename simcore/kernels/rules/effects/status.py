"""Effects of the status family (decks.registry.Family.STATUS): keywords and markers a card gains or loses,
for a turn (packed in TMP_FLAGS / TMP_OWN) or for good (GAINED, 117), and the forms of turn_choice.
"""
import numpy as np
from numba import njit

from decks.registry import Duration, Effect

from ...cardtable import (
    AB_DURATION,
    AB_FLAGS,
    F_TURN_CHOICE,
    TC_W,
)
from ...state import (
    ACQ_LOST,
    CLOSED,
    EFF,
    ERR_GAIN_FULL,
    ERR_STONE_FULL,
    G_ERROR,
    G_FLAGS,
    GAIN_MAX,
    GAINED,
    GAINED_FORM_SHIFT,
    GAINED_FORM_WIDTH,
    GAINED_ROOT_SHIFT,
    GAINED_ROOT_WIDTH,
    GAINED_SIX,
    GAINED_STONE_SHIFT,
    GAINED_STONE_WIDTH,
    GAINED_STUN,
    GAINED_WEB,
    GAME0,
    NCF,
    STONE_MAX,
    TF_DIRECTED,
    TF_MARK_PLAYER_BIT,
    TF_MARK_SHIFT,
    TF_MARK_WIDTH,
    TF_NO_STRIKES,
    TF_NO_TAP,
    TF_OVA_SHIFT,
    TF_RANGE_SHIFT,
    TF_RANGED_SHIFT,
    TF_UNANSWERED,
    TMP_FLAGS,
    TMP_OWN,
    TMP_STRIKE,
    TO_OVA_SHIFT,
    TO_STRIKE_SHIFT,
)
from ..board import (
    ab,
    bits,
    board_changed,
    n_in_play,
    owner_of,
    play_slot,
    with_bits,
)
from ..damage import wound
from ..decisions import Decision, add_option, choose_option, offer
from ..log import (
    EV_CLOSE_OR_WOUND,
    EV_OPTION,
    OPT_FORM,
    log,
    logging,
)
from ..targets import reaches


@njit(cache=True, _nrt=False, inline="always")
def add_tmp(S, g, t, field, shift, n):
    """+ n to the gain packed in byte `shift` of TMP_FLAGS / TMP_OWN; past GAIN_MAX the game stops with
    ERR_GAIN_FULL (an engine limit). In int64, as the state: the top byte (shift 56) also works
    without the JIT (NUMBA_DISABLE_JIT)."""
    byte = np.int64(GAIN_MAX)
    v = ((S[g, t * NCF + field] >> shift) & byte) + n
    if v > byte:
        S[g, GAME0 + G_ERROR] = ERR_GAIN_FULL
        v = byte
    S[g, t * NCF + field] = (S[g, t * NCF + field] & ~(byte << shift)) | (v << shift)


@njit(cache=True, _nrt=False)
def choose_forms(C, S, g, p):
    """turn_choice (Оборотень), before player p's turn: each of his cards in play with a turn_choice
    takes one of its two forms until it chooses again (decision FORM: option 0 or 1)."""
    if (S[g, GAME0 + G_FLAGS] & F_TURN_CHOICE) == 0:
        return
    for i in range(n_in_play(S, g, p)):
        s = play_slot(S, g, p, i)
        c = S[g, s * NCF + EFF]
        if (C[c, AB_FLAGS] & F_TURN_CHOICE) == 0:
            continue
        offer(S, g, Decision.FORM, p, s, 0, 0, 0, 0)
        add_option(S, g, 0)
        add_option(S, g, 1)
        o = choose_option(C, S, g, False)
        if logging(S, g):
            log(S, g, EV_OPTION, s, o, OPT_FORM, s, 0)
        S[g, s * NCF + GAINED] = with_bits(S[g, s * NCF + GAINED], GAINED_FORM_SHIFT, GAINED_FORM_WIDTH, o + 1)


@njit(cache=True, _nrt=False, inline="always")
def form_value(C, S, g, s, col):
    """The regeneration (col TC0_REGEN) or move (TC0_MOVE) of the turn_choice form s holds, 0 if none."""
    form = bits(S[g, s * NCF + GAINED], GAINED_FORM_SHIFT, GAINED_FORM_WIDTH)
    return C[S[g, s * NCF + EFF], col + TC_W * (form - 1)] if form > 0 else 0


@njit(cache=True, _nrt=False)
def status_effect(C, S, g, src, c, k, t, eff, n):
    """An effect of the status family of amount n of ability k (table row c, source slot src) on card t."""
    if not reaches(C, S, g, c, k, t):
        return
    if eff == Effect.STRIKE_BONUS:
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
    elif eff == Effect.NO_TAP_AFTER_ATTACK:
        S[g, t * NCF + TMP_FLAGS] |= TF_NO_TAP
    elif eff == Effect.FIRST_STRIKE_UNANSWERED:
        S[g, t * NCF + TMP_FLAGS] |= TF_UNANSWERED      # its first simple strike this turn
    elif eff == Effect.PROTECT_FROM_STRIKES:
        S[g, t * NCF + TMP_FLAGS] |= TF_NO_STRIKES
    elif eff == Effect.STONE_SKIN:
        v = bits(S[g, t * NCF + GAINED], GAINED_STONE_SHIFT, GAINED_STONE_WIDTH) + n
        if v > STONE_MAX:
            S[g, GAME0 + G_ERROR] = ERR_STONE_FULL
            v = STONE_MAX
        S[g, t * NCF + GAINED] = with_bits(S[g, t * NCF + GAINED], GAINED_STONE_SHIFT, GAINED_STONE_WIDTH, v)
    elif eff == Effect.ROLL_BONUS_AGAINST:
        # until the end of the turn the creatures of src's owner get + n to their die rolls when they
        # attack t (a mark of the other player is replaced)
        f = S[g, t * NCF + TMP_FLAGS]
        m = bits(f, TF_MARK_SHIFT, TF_MARK_WIDTH)
        p = owner_of(src)
        v = (m & GAIN_MAX) + n if m != 0 and (m >> TF_MARK_PLAYER_BIT) & 1 == p else n
        if v > GAIN_MAX:
            S[g, GAME0 + G_ERROR] = ERR_GAIN_FULL
            v = GAIN_MAX
        S[g, t * NCF + TMP_FLAGS] = with_bits(f, TF_MARK_SHIFT, TF_MARK_WIDTH, v | (p << TF_MARK_PLAYER_BIT))
    elif eff == Effect.NEXT_ROLL_SIX:
        S[g, t * NCF + GAINED] |= GAINED_SIX
    elif eff == Effect.LOSE_ABILITIES:
        S[g, t * NCF + ACQ_LOST] = 1
        board_changed(S, g)
    elif eff == Effect.CLOSE:
        S[g, t * NCF + CLOSED] = 1
    elif eff == Effect.OPEN:
        S[g, t * NCF + CLOSED] = 0
    elif eff == Effect.CLOSE_OR_WOUND:
        # decision CLOSE_OR_WOUND of the target's owner: it closes (0), or it takes n wounds (1)
        offer(S, g, Decision.CLOSE_OR_WOUND, owner_of(t), t, src, n, 0, 0)
        add_option(S, g, 0)
        add_option(S, g, 1)
        close = choose_option(C, S, g, False) == 0
        if logging(S, g):
            log(S, g, EV_CLOSE_OR_WOUND, t, 1 if close else 0, src, n, 0)     # a decision of t's owner
        if close:
            S[g, t * NCF + CLOSED] = 1
        else:
            wound(S, g, t, n, src)
    elif eff == Effect.STUN:
        S[g, t * NCF + GAINED] |= GAINED_STUN
    elif eff == Effect.WEB:
        S[g, t * NCF + GAINED] |= GAINED_WEB
    elif eff == Effect.ROOT:
        S[g, t * NCF + GAINED] = with_bits(S[g, t * NCF + GAINED], GAINED_ROOT_SHIFT, GAINED_ROOT_WIDTH, src + 1)
