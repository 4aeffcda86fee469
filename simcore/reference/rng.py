"""The game's random numbers in plain Python: Philox4x32-10 (Salmon et al., Random123), the same
counter-based generator as simcore/rng.py, written again without numpy or numba.

Every random number of a game is a pure function of (master seed, game index, stream, draw number).
The reference engine draws its own dice and shuffles from these streams, so a disagreement in how
many dice a rule rolls, or in which order, shows up as a different game (and a different draw count).
"""
from dataclasses import dataclass, field

STREAM_DICE = 0
STREAM_SHUFFLE = (1, 4)         # player 0's deck, player 1's deck
STREAM_AI = (2, 3)              # the policies' streams: never read by the rules

_MASK = 0xFFFFFFFF
_M0, _M1 = 0xD2511F53, 0xCD9E8D57
_W0, _W1 = 0x9E3779B9, 0xBB67AE85


def philox4x32(c0, c1, c2, c3, k0, k1):
    """Philox4x32 with 10 rounds on four 32-bit counter words and a two-word key."""
    for _ in range(10):
        p0 = c0 * _M0
        p1 = c2 * _M1
        c0, c1, c2, c3 = (p1 >> 32) ^ c1 ^ k0, p1 & _MASK, (p0 >> 32) ^ c3 ^ k1, p0 & _MASK
        k0 = (k0 + _W0) & _MASK
        k1 = (k1 + _W1) & _MASK
    return c0, c1, c2, c3


def uniform_int(seed, game_index, stream, draw, n):
    """An integer uniform on [0, n) from one draw: the first word of the block, multiply-shift."""
    seed &= (1 << 64) - 1
    game_index &= (1 << 64) - 1
    x = philox4x32(draw & _MASK, stream, game_index & _MASK, game_index >> 32,
                   seed & _MASK, seed >> 32)[0]
    return (x * n) >> 32


@dataclass
class Streams:
    """The random streams of one game, each with its count of draws taken."""
    seed: int
    game_index: int
    draws: dict = field(default_factory=lambda: {s: 0 for s in (STREAM_DICE, *STREAM_SHUFFLE)})

    def _next(self, stream, n):
        d = self.draws[stream]
        self.draws[stream] = d + 1
        return uniform_int(self.seed, self.game_index, stream, d, n)

    def d6(self):
        return 1 + self._next(STREAM_DICE, 6)

    def shuffle_int(self, player, n):
        """A uniform integer in [0, n) from the player's shuffle stream."""
        return self._next(STREAM_SHUFFLE[player], n)
