"""Counter-based random numbers: Philox4x32-10 (Salmon et al., Random123) in njit.

Every random number of a game is a pure function of (master seed, global game index, stream, draw
number), so results never depend on thread count, batch split or machine count. The key is the
master seed (two 32-bit words); the counter is (draw, stream, game_lo, game_hi). Separate streams
for dice, each player's shuffles and each player's AI choices give common random numbers: two runs
that differ in one card still see the same dice and the same shuffles, and the two games of a
seat-swapped pair deal each deck the same cards whoever shuffles first.
"""
import numpy as np
from numba import njit

STREAM_DICE = 0
STREAM_SHUFFLE = 1      # player 0's deck; player 1's deck uses STREAM_SHUFFLE1
STREAM_AI0 = 2          # player 0's policy; player 1 uses STREAM_AI0 + 1
STREAM_SHUFFLE1 = 4
N_STREAMS = 5

_M0 = np.uint64(0xD2511F53)
_M1 = np.uint64(0xCD9E8D57)
_W0 = np.uint32(0x9E3779B9)
_W1 = np.uint32(0xBB67AE85)
_LO = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


@njit(cache=True, _nrt=False)
def philox4x32(c0, c1, c2, c3, k0, k1):
    """Philox4x32 with 10 rounds; all arguments uint32, returns four uint32 words."""
    for _ in range(10):
        p0 = np.uint64(c0) * _M0
        p1 = np.uint64(c2) * _M1
        hi0 = np.uint32(p0 >> _S32)
        lo0 = np.uint32(p0 & _LO)
        hi1 = np.uint32(p1 >> _S32)
        lo1 = np.uint32(p1 & _LO)
        c0, c1, c2, c3 = hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0
        k0 = np.uint32(k0 + _W0)
        k1 = np.uint32(k1 + _W1)
    return c0, c1, c2, c3


@njit(cache=True, _nrt=False)
def draw_words(seed, game_index, stream, draw):
    """The four 32-bit words of the draw-th draw of a stream of one game."""
    k0 = np.uint32(np.uint64(seed) & _LO)
    k1 = np.uint32(np.uint64(seed) >> _S32)
    g = np.uint64(game_index)
    return philox4x32(np.uint32(draw), np.uint32(stream), np.uint32(g & _LO), np.uint32(g >> _S32), k0, k1)


@njit(cache=True, _nrt=False)
def draw_u32(seed, game_index, stream, draw):
    """The draw-th 32-bit word of a stream of one game (the first of draw_words)."""
    return draw_words(seed, game_index, stream, draw)[0]


@njit(cache=True, _nrt=False)
def uniform_int(seed, game_index, stream, draw, n):
    """An integer uniform on [0, n) from one draw (multiply-shift; bias below 2**-26 for n <= 64)."""
    x = np.uint64(draw_u32(seed, game_index, stream, draw))
    return np.int64((x * np.uint64(n)) >> _S32)
