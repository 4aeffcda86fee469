"""Dice (docs/RULES.md section 5, the strike table of 504) and the per-game random draws.

Every d6 comes from the game's dice stream, or, in a scenario, from its list of forced dice. A pilot
that imagines games (the search pilot's copies of a game row) asks for dice keyed by who rolls
(KEYED_DICE): the die of a card in a fight is a function of the turn, the card, the card it fights
and which of its dice it is, not of how many dice were rolled before, so that two imagined lines of
play that differ in the order of their attacks still see the same die for the same fight. Its second
sample of a pair mirrors the first (MIRRORED_DICE: each die d read as 7 - d), so that a fight won on a
high roll in one is the same fight on the low roll in the other.
"""
import numpy as np
from numba import njit

from ..rng import STREAM_AI0, STREAM_DICE, STREAM_SHUFFLE, STREAM_SHUFFLE1, draw_words, uniform_int
from ..state import (
    DICE0,
    ERR_DICE_EXHAUSTED,
    G_DICE_N,
    G_DICE_USED,
    G_DRAWS,
    G_ERROR,
    G_INDEX,
    G_SEED,
    G_TURN,
    GAME0,
    N_SLOTS,
)

KEYED_DICE = -2         # G_DICE_N: dice keyed by who rolls (a pilot's imagined game, not a real one)
MIRRORED_DICE = -3      # G_DICE_N: KEYED_DICE's dice mirrored, each d read as 7 - d (an antithetic sample)

MISS, WEAK, MEDIUM, STRONG = 0, 1, 2, 3


@njit(cache=True, _nrt=False)
def roll_d6(S, g, who, other, nth):
    """A d6 rolled by card `who` (-1: a player) in a fight with card `other` (-1: none); `nth`: which
    of its dice in that fight (they differ only with KEYED_DICE and MIRRORED_DICE)."""
    n = S[g, GAME0 + G_DICE_N]
    if n == KEYED_DICE or n == MIRRORED_DICE:
        d = ((S[g, GAME0 + G_TURN] * (N_SLOTS + 1) + who + 1) * (N_SLOTS + 1) + other + 1) * 4 + nth
        die = 1 + uniform_int(S[g, GAME0 + G_SEED], S[g, GAME0 + G_INDEX], STREAM_DICE, d, 6)
        return die if n == KEYED_DICE else 7 - die
    if n >= 0:
        i = S[g, GAME0 + G_DICE_USED]
        if i >= n:
            S[g, GAME0 + G_ERROR] = ERR_DICE_EXHAUSTED
            return 1
        S[g, GAME0 + G_DICE_USED] = i + 1
        return S[g, DICE0 + i]
    d = S[g, GAME0 + G_DRAWS + STREAM_DICE]
    S[g, GAME0 + G_DRAWS + STREAM_DICE] = d + 1
    return 1 + uniform_int(S[g, GAME0 + G_SEED], S[g, GAME0 + G_INDEX], STREAM_DICE, d, 6)


@njit(cache=True, _nrt=False)
def shuffle_int(S, g, n, player):
    """A uniform integer in [0, n) from the player's shuffle stream."""
    stream = STREAM_SHUFFLE if player == 0 else STREAM_SHUFFLE1
    d = S[g, GAME0 + G_DRAWS + stream]
    S[g, GAME0 + G_DRAWS + stream] = d + 1
    return uniform_int(S[g, GAME0 + G_SEED], S[g, GAME0 + G_INDEX], stream, d, n)


@njit(cache=True, _nrt=False)
def ai_int(S, g, player, n):
    """A uniform integer in [0, n) from the player's AI stream."""
    stream = STREAM_AI0 + player
    d = S[g, GAME0 + G_DRAWS + stream]
    S[g, GAME0 + G_DRAWS + stream] = d + 1
    return uniform_int(S[g, GAME0 + G_SEED], S[g, GAME0 + G_INDEX], stream, d, n)


@njit(cache=True, _nrt=False)
def ai_words(S, g, player):
    """Four 32-bit words (128 random bits) from one draw of the player's AI stream."""
    stream = STREAM_AI0 + player
    d = S[g, GAME0 + G_DRAWS + stream]
    S[g, GAME0 + G_DRAWS + stream] = d + 1
    return draw_words(S[g, GAME0 + G_SEED], S[g, GAME0 + G_INDEX], stream, d)


@njit(cache=True, _nrt=False)
def strike_table(a, d):
    """504 table: (attacker's strike, counter-strike, exchange) for attacker total a, defender d.

    Strikes are MISS..STRONG; counter-strikes MISS (none), WEAK or MEDIUM. exchange = 1 when the
    side with the stronger strike may lower both one step.
    """
    diff = a - d
    if diff >= 5:
        return STRONG, MISS, 0
    if diff == 4:
        return STRONG, WEAK, 1
    if diff == 3:
        return MEDIUM, MISS, 0
    if diff == 2:
        return MEDIUM, WEAK, 1
    if diff == 1:
        return WEAK, MISS, 0
    if diff == 0:
        if a <= 4:
            return WEAK, MISS, 0
        return MISS, WEAK, 0
    if diff == -1:
        return WEAK, MISS, 0
    if diff == -2:
        return MISS, MISS, 0
    if diff == -3:
        return MISS, WEAK, 0
    if diff == -4:
        return WEAK, MEDIUM, 1
    return MISS, MEDIUM, 0


@njit(cache=True, _nrt=False)
def single_roll_strength(a):
    """Closed target, ranged attack, unanswered strike: only the attacker rolls (504)."""
    if a <= 3:
        return WEAK
    if a <= 5:
        return MEDIUM
    return STRONG


N_ROWS = 12
MAX_BONUS_ROLL = 8


def dice_row_probabilities():
    """(prob, rows): prob[ova, ovz, r] is the chance of table row r for a simple strike at an open
    target with those roll bonuses; rows[r] = (attacker strike, counter-strike, exchange). Row r is
    diff + 5 for a difference clipped to [-5, 5], and row 11 for a difference of 0 with A >= 5."""
    prob = np.zeros((MAX_BONUS_ROLL, MAX_BONUS_ROLL, N_ROWS), np.float64)
    rows = np.zeros((N_ROWS, 3), np.int64)
    for ova in range(MAX_BONUS_ROLL):
        for ovz in range(MAX_BONUS_ROLL):
            for ra in range(1, 7):
                for rd in range(1, 7):
                    a, d = ra + ova, rd + ovz
                    r = table_row(a, d)
                    prob[ova, ovz, r] += 1.0 / 36.0
    for r in range(N_ROWS):
        if r == 11:
            rows[r] = strike_table(5, 5)
        else:
            rows[r] = strike_table(4 + (r - 5), 4) if r - 5 != 0 else strike_table(4, 4)
    return prob, rows


@njit(cache=True, _nrt=False)
def table_row(a, d):
    diff = max(-5, min(5, a - d))
    if diff == 0 and a >= 5:
        return 11
    return diff + 5
