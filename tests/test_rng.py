"""The counter-based RNG: Philox4x32-10 known-answer tests (Random123's kat_vectors) and the
properties the engine relies on (pure function of its counter, uniform ranges, separate streams)."""
import numpy as np
import pytest

from simcore.kernels.rng import draw_u32, philox4x32, uniform_int

U = np.uint32
KAT = [
    ((0, 0, 0, 0), (0, 0), (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)),
    ((0xFFFFFFFF,) * 4, (0xFFFFFFFF,) * 2, (0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD)),
    ((0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344), (0xA4093822, 0x299F31D0),
     (0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1)),
]


@pytest.mark.parametrize("ctr,key,expected", KAT)
def test_philox4x32_10_known_answers(ctr, key, expected):
    out = philox4x32(*(U(c) for c in ctr), *(U(k) for k in key))
    assert tuple(int(x) for x in out) == expected


def test_draws_are_a_pure_function_of_seed_game_stream_draw():
    a = [draw_u32(np.uint64(7), 12345, 0, d) for d in range(5)]
    b = [draw_u32(np.uint64(7), 12345, 0, d) for d in range(5)]
    assert a == b
    assert a != [draw_u32(np.uint64(8), 12345, 0, d) for d in range(5)]
    assert a != [draw_u32(np.uint64(7), 12346, 0, d) for d in range(5)]
    assert a != [draw_u32(np.uint64(7), 12345, 1, d) for d in range(5)]


def test_d6_is_uniform_over_1_to_6():
    rolls = np.array([1 + uniform_int(np.uint64(1), 0, 0, d, 6) for d in range(60000)])
    counts = np.bincount(rolls, minlength=7)[1:]
    assert rolls.min() == 1 and rolls.max() == 6
    # chi-square with 5 degrees of freedom; 20.5 is the 0.999 quantile
    chi2 = ((counts - 10000) ** 2 / 10000).sum()
    assert chi2 < 20.5
