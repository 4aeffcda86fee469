"""The statistical primitives of analysis/stats.py against textbook answers and properties.

Known values: Wilson intervals from Newcombe 1998a (Stat Med 17:857, table I, method 3); differences from
Newcombe 1998b (Stat Med 17:873, table II, method 10); Holm's procedure worked by hand; Nash equilibria of
rock-paper-scissors and of a generalised RPS solved by hand. Properties (hypothesis): Holm against a
brute-force closed test, the LP mix against the equilibrium inequalities, tiers under permutation.
"""
import math
from itertools import combinations
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analysis.stats import (
    Z95,
    holm,
    nash_mix,
    newcombe_diff,
    paired_diff,
    tiers,
    two_proportion_p,
    weighted_mean_var,
    wilson,
    wilson_weighted,
)

FAST = settings(deadline=None, max_examples=150)


# --- Wilson -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("s,n,lo,hi", [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605),
                                       (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)])
def test_wilson_matches_newcombe_1998a_table(s, n, lo, hi):
    assert wilson(s, n) == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_fractional_successes_are_symmetric_and_contain_the_rate():
    lo, hi = wilson(5.5, 10)                   # 5 wins, 1 draw, 4 losses
    lo2, hi2 = wilson(4.5, 10)
    assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    assert lo < 0.55 < hi


def test_wilson_no_games_is_the_unit_interval():
    assert wilson(0, 0) == (0.0, 1.0)


# --- weighted field win rate --------------------------------------------------------------------------

def test_weighted_mean_var_hand_computed_value():
    # w = (1, 3)/4: p = .25*.6 + .75*.4 = .45; var = .0625*.24/100 + .5625*.24/50 = .00015 + .0027
    p, var = weighted_mean_var([0.6, 0.4], [100, 50], [1, 3])
    assert p == pytest.approx(0.45)
    assert var == pytest.approx(0.00285)


def test_weighted_mean_var_ignores_zero_weight_and_empty_cells():
    base = weighted_mean_var([0.6, 0.4], [100, 50], [1, 3])
    padded = weighted_mean_var([0.6, 0.9, 0.4, 0.1], [100, 40, 50, 0], [1, 0, 3, 2])
    assert padded == pytest.approx(base)


def test_weighted_mean_var_infinite_n_adds_mean_but_no_variance():
    p, var = weighted_mean_var([0.5, 0.7], [np.inf, 30], [1, 1])
    assert p == pytest.approx(0.6)
    assert var == pytest.approx(0.25 * 0.7 * 0.3 / 30)


def test_weighted_mean_var_no_usable_cell_is_nan_and_bad_input_raises():
    p, var = weighted_mean_var([0.5, 0.5], [0, 10], [1, 0])
    assert math.isnan(p) and math.isnan(var)
    with pytest.raises(ValueError):
        weighted_mean_var([0.5], [10, 10], [1, 1])
    with pytest.raises(ValueError):
        weighted_mean_var([0.5, 0.5], [10, 10], [1, -1])
    with pytest.raises(ValueError):
        weighted_mean_var([1.5, 0.5], [10, 10], [1, 1])


@pytest.mark.parametrize("s,n", [(7, 10), (56, 70), (0.5, 3), (81, 263)])
def test_wilson_weighted_single_cell_equals_wilson(s, n):
    p, var = weighted_mean_var([s / n], [n], [1.0])
    assert wilson_weighted(p, var) == pytest.approx(wilson(s, n), abs=1e-12)


def test_wilson_weighted_equal_cells_pool_into_one_wilson():
    # four cells of 25/40 under uniform weights carry the information of 100/160
    p, var = weighted_mean_var([25 / 40] * 4, [40] * 4, [1] * 4)
    assert wilson_weighted(p, var) == pytest.approx(wilson(100, 160), abs=1e-12)


def test_wilson_weighted_zero_variance_is_a_point_and_nan_is_the_unit_interval():
    assert wilson_weighted(0.5, 0.0) == (0.5, 0.5)
    assert wilson_weighted(1.0, 0.0) == (1.0, 1.0)
    assert wilson_weighted(math.nan, math.nan) == (0.0, 1.0)


def test_wilson_weighted_boundary_rate_with_variance_falls_back_to_clamped_normal():
    lo, hi = wilson_weighted(1.0, 1e-4)
    assert lo == pytest.approx(1 - Z95 * 1e-2) and hi == 1.0
    with pytest.raises(ValueError):
        wilson_weighted(0.5, -1e-3)


def test_wilson_weighted_is_narrower_with_smaller_variance_and_stays_in_unit_interval():
    wide, narrow = wilson_weighted(0.9, 1e-2), wilson_weighted(0.9, 1e-4)
    assert wide[0] < narrow[0] < 0.9 < narrow[1] < wide[1] <= 1.0
    assert 0.0 <= wilson_weighted(0.01, 0.05)[0]


# --- Newcombe difference and two-proportion test -----------------------------------------------------

@pytest.mark.parametrize("s1,n1,s2,n2,lo,hi", [
    (56, 70, 48, 80, 0.0524, 0.3339),          # Newcombe's example (a); diff 0.2
    (9, 10, 3, 10, 0.1705, 0.8090),
    (5, 56, 0, 29, -0.0381, 0.1926),
    (0, 10, 0, 20, -0.1611, 0.2775),
    (0, 10, 0, 10, -0.2775, 0.2775),
    (10, 10, 0, 20, 0.6791, 1.0),
    (10, 10, 0, 10, 0.6075, 1.0),
])
def test_newcombe_diff_matches_newcombe_1998b_method_10(s1, n1, s2, n2, lo, hi):
    d, l, h = newcombe_diff(s1, n1, s2, n2)
    assert d == pytest.approx(s1 / n1 - s2 / n2)
    assert round(l, 4) == pytest.approx(lo, abs=1e-12) and round(h, 4) == pytest.approx(hi, abs=1e-12)


def test_newcombe_diff_worked_example_diff_is_0_2():
    assert newcombe_diff(56, 70, 48, 80)[0] == pytest.approx(0.2)


def test_newcombe_diff_swapping_groups_negates_the_interval():
    d, lo, hi = newcombe_diff(56, 70, 48, 80)
    assert newcombe_diff(48, 80, 56, 70) == pytest.approx((-d, -hi, -lo))


def test_newcombe_diff_empty_group_is_unknown():
    d, lo, hi = newcombe_diff(3, 0, 5, 10)
    assert math.isnan(d) and (lo, hi) == (-1.0, 1.0)
    assert math.isnan(newcombe_diff(3, 10, 0, 0)[0])


def test_two_proportion_p_hand_computed_values():
    # 50/100 vs 40/100: pooled .45, se = sqrt(.45*.55*(2/100)) = .070356, z = 1.42134, p = .15522
    assert two_proportion_p(50, 100, 40, 100) == pytest.approx(0.155218, abs=1e-6)
    # 56/70 vs 48/80: pooled 104/150, z = 2.65017, p = .0080451
    assert two_proportion_p(56, 70, 48, 80) == pytest.approx(0.0080451, abs=1e-7)
    assert two_proportion_p(40, 100, 50, 100) == two_proportion_p(50, 100, 40, 100)
    assert two_proportion_p(5, 10, 50, 100) == pytest.approx(1.0)


def test_two_proportion_p_undefined_is_one():
    assert two_proportion_p(0, 0, 5, 10) == 1.0
    assert two_proportion_p(0, 10, 0, 20) == 1.0
    assert two_proportion_p(10, 10, 20, 20) == 1.0


@FAST
@given(st.integers(1, 300), st.integers(1, 300), st.data())
def test_two_proportion_p_equals_uncorrected_chi_square(n1, n2, data):
    from scipy.stats import chi2_contingency
    s1, s2 = data.draw(st.integers(0, n1)), data.draw(st.integers(0, n2))
    if s1 + s2 in (0, n1 + n2):
        return
    chi2p = chi2_contingency([[s1, n1 - s1], [s2, n2 - s2]], correction=False)[1]
    assert two_proportion_p(s1, n1, s2, n2) == pytest.approx(chi2p, rel=1e-9, abs=1e-15)


def test_two_proportion_p_counts_draws_as_half():
    # 10 wins + 10 draws of 40 is a rate of .375: same as 15/40 with the same n
    assert two_proportion_p(15.0, 40, 25, 40) == two_proportion_p(10 + 10 / 2, 40, 25, 40)
    assert 0.0 < two_proportion_p(15.5, 40, 25, 40) < 1.0


# --- Holm -----------------------------------------------------------------------------------------------

def test_holm_textbook_example_rejects_two_of_four():
    # sorted: .005*4 = .02 reject, .01*3 = .03 reject, .03*2 = .06 stop; .04*1 = .04 -> max .06
    rejected, adjusted = holm([0.01, 0.04, 0.03, 0.005], alpha=0.05)
    assert rejected.tolist() == [True, False, False, True]
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_holm_caps_adjusted_at_one_and_keeps_them_monotone():
    p = [0.5, 0.2, 0.9, 0.01]
    rejected, adjusted = holm(p)
    assert adjusted == pytest.approx([1.0, 0.6, 1.0, 0.04])
    order = np.argsort(p)
    assert (np.diff(adjusted[order]) >= 0).all()
    assert rejected.tolist() == [False, False, False, True]


def test_holm_nan_is_not_a_test_and_never_rejected():
    rejected, adjusted = holm([0.01, np.nan, 0.04, 0.03, 0.005])
    assert rejected.tolist() == [True, False, False, False, True]
    assert math.isnan(adjusted[1])
    assert np.delete(adjusted, 1) == pytest.approx([0.03, 0.06, 0.06, 0.02])   # m = 4, not 5
    r, a = holm([np.nan, np.nan])
    assert not r.any() and np.isnan(a).all()


def test_holm_empty_and_invalid_input():
    r, a = holm([])
    assert r.shape == (0,) and a.shape == (0,)
    with pytest.raises(ValueError):
        holm([0.5, 1.5])
    with pytest.raises(ValueError):
        holm([0.5], alpha=0.0)


def _holm_closed_test(p, alpha):
    """Holm as the closed test of Bonferroni intersection tests: adjusted p_i = max over sets S containing i
    of min(1, |S| min_S p). Exponential, independent of the step-down shortcut."""
    idx = [i for i in range(len(p)) if not math.isnan(p[i])]
    adjusted = [math.nan] * len(p)
    for i in idx:
        others = [j for j in idx if j != i]
        adjusted[i] = max(min(1.0, (k + 1) * min([p[i]] + [p[j] for j in S]))
                          for k in range(len(others) + 1) for S in combinations(others, k))
    rejected = [not math.isnan(a) and a <= alpha for a in adjusted]
    return rejected, adjusted


P_VALUE = st.one_of(st.floats(0, 1), st.sampled_from([0.0, 0.01, 0.025, 0.05, 1.0, math.nan]))


@FAST
@given(st.lists(P_VALUE, max_size=8), st.sampled_from([0.01, 0.05, 0.1]))
def test_holm_matches_brute_force_closed_test(p, alpha):
    rejected, adjusted = holm(p, alpha)
    exp_rejected, exp_adjusted = _holm_closed_test(p, alpha)
    np.testing.assert_allclose(adjusted, exp_adjusted, rtol=1e-12, atol=0)
    assert rejected.tolist() == exp_rejected


# --- Nash mix -------------------------------------------------------------------------------------------

def _check_equilibrium(M, x, value, tol=1e-7):
    M = np.asarray(M, dtype=float)
    assert (x >= 0).all() and x.sum() == pytest.approx(1.0, abs=1e-12)
    assert (M @ x <= value + tol).all()          # no pure deck does better than the value against x
    assert (x @ M >= value - tol).all()          # x gets at least the value against every pure deck


def test_nash_mix_rock_paper_scissors_is_uniform():
    M = [[0.5, 1, 0], [0, 0.5, 1], [1, 0, 0.5]]
    x, value = nash_mix(M)
    assert x == pytest.approx([1 / 3] * 3, abs=1e-9)
    assert value == pytest.approx(0.5, abs=1e-9)


def test_nash_mix_deck_that_beats_everyone_gets_all_weight():
    M = np.array([[0.5, 0.4, 0.7, 0.2],
                  [0.6, 0.5, 0.55, 0.51],
                  [0.3, 0.45, 0.5, 0.9],
                  [0.8, 0.49, 0.1, 0.5]])
    x, value = nash_mix(M)
    assert x.tolist() == [0.0, 1.0, 0.0, 0.0]
    assert value == pytest.approx(0.5, abs=1e-9)


def test_nash_mix_strictly_dominated_deck_gets_zero_weight():
    # RPS at 70/30 plus D, a strictly worse Rock: row D < row R everywhere (.4<.5, .2<.3, .6<.7, .5<.6)
    M = np.array([[0.5, 0.3, 0.7, 0.6],
                  [0.7, 0.5, 0.3, 0.8],
                  [0.3, 0.7, 0.5, 0.4],
                  [0.4, 0.2, 0.6, 0.5]])
    assert (M + M.T == 1).all() and (M[3] < M[0]).all()
    x, value = nash_mix(M)
    assert x[3] == 0.0
    assert x[:3] == pytest.approx([1 / 3] * 3, abs=1e-9)
    assert value == pytest.approx(0.5, abs=1e-9)


def test_nash_mix_two_by_two_picks_the_better_deck():
    x, value = nash_mix([[0.5, 0.45], [0.55, 0.5]])
    assert x.tolist() == [0.0, 1.0] and value == pytest.approx(0.5, abs=1e-9)
    x, value = nash_mix([[0.5, 0.5], [0.5, 0.5]])         # even matchup: any mix is an equilibrium
    _check_equilibrium([[0.5, 0.5], [0.5, 0.5]], x, value)
    assert value == pytest.approx(0.5, abs=1e-9)


def test_nash_mix_generalised_rps_matches_hand_solution():
    # Payoff A = M - .5 = [[0, -a, b], [a, 0, -c], [-b, c, 0]] with a = .4 (P beats R at .9), b = .1 (R beats S
    # at .6), c = .3 (S beats P at .8). Indifference A x = 0 gives x = (c, b, a)/(a+b+c) = (.375, .125, .5):
    # R: -.4*.125 + .1*.5 = 0, P: .4*.375 - .3*.5 = 0, S: -.1*.375 + .3*.125 = 0.
    M = [[0.5, 0.1, 0.6], [0.9, 0.5, 0.2], [0.4, 0.8, 0.5]]
    x, value = nash_mix(M)
    assert x == pytest.approx([0.375, 0.125, 0.5], abs=1e-9)
    assert value == pytest.approx(0.5, abs=1e-9)


def test_nash_mix_one_deck_and_bad_input():
    x, value = nash_mix([[0.5]])
    assert x.tolist() == [1.0] and value == pytest.approx(0.5)
    with pytest.raises(ValueError, match="square"):
        nash_mix([[0.5, 0.4, 0.1], [0.6, 0.5, 0.3]])
    with pytest.raises(ValueError, match="square"):
        nash_mix(np.zeros((0, 0)))
    with pytest.raises(ValueError, match="non-finite"):
        nash_mix([[0.5, np.nan], [np.nan, 0.5]])


def test_nash_mix_solver_failure_raises(monkeypatch):
    monkeypatch.setattr("scipy.optimize.linprog",
                        lambda *a, **k: SimpleNamespace(status=2, x=None, message="infeasible"))
    with pytest.raises(ValueError, match="failed"):
        nash_mix([[0.5, 0.4], [0.6, 0.5]])


RATE = st.one_of(st.floats(0, 1), st.sampled_from([0.0, 0.5, 1.0]))


@st.composite
def win_rate_matrices(draw):
    n = draw(st.integers(1, 7))
    M = np.full((n, n), 0.5)
    for i in range(n):
        for j in range(i + 1, n):
            M[i, j] = draw(RATE)
            M[j, i] = 1 - M[i, j]
    return M


@FAST
@given(win_rate_matrices())
def test_nash_mix_is_an_equilibrium_of_random_win_rate_matrices(M):
    x, value = nash_mix(M)
    assert value == pytest.approx(0.5, abs=1e-7)
    _check_equilibrium(M, x, value)


# --- tiers ----------------------------------------------------------------------------------------------

def test_tiers_clear_separation_gives_one_two_three():
    score = [0.40, 0.60, 0.50]
    lo = [0.37, 0.57, 0.47]
    hi = [0.43, 0.63, 0.53]
    assert tiers(score, lo, hi).tolist() == [3, 1, 2]


def test_tiers_overlapping_intervals_share_a_tier():
    score = [0.60, 0.58, 0.45, 0.44]
    lo = [0.55, 0.52, 0.40, 0.41]
    hi = [0.65, 0.64, 0.50, 0.47]
    assert tiers(score, lo, hi).tolist() == [1, 1, 2, 2]


def test_tiers_rule_is_not_transitive_and_uses_the_best_decks_lower_bound():
    # B overlaps A and C overlaps B, but C's hi .545 < A's lo .55: C starts tier 2, not tier 1.
    # D has a low score but a wide interval reaching A's lo: tier 1 with A.
    score = [0.60, 0.56, 0.54, 0.50]
    lo = [0.55, 0.53, 0.535, 0.40]
    hi = [0.65, 0.59, 0.545, 0.60]
    assert tiers(score, lo, hi).tolist() == [1, 1, 2, 1]


def test_tiers_ties_take_the_lowest_index_as_best():
    # A and B tie at .55; C's hi .52 reaches A's lo .50 but not B's lo .54, so who is "best" decides C
    score = [0.55, 0.55, 0.45]
    lo = [0.50, 0.54, 0.38]
    hi = [0.60, 0.56, 0.52]
    assert tiers(score, lo, hi).tolist() == [1, 1, 1]
    assert tiers(score[::-1], lo[::-1], hi[::-1]).tolist() == [2, 1, 1]


def test_tiers_practical_margin_joins_close_decks_with_narrow_intervals():
    # intervals of +-0.2 points: every difference is significant; a 2-point margin joins A, B and C
    # (each within 2 points of A) and starts tier 2 at D, 2.5 points below A; D and E (1 point apart) share it
    score = np.array([0.560, 0.550, 0.541, 0.535, 0.525])
    lo, hi = score - 0.002, score + 0.002
    assert tiers(score, lo, hi).tolist() == [1, 2, 3, 4, 5]
    assert tiers(score, lo, hi, margin=0.02).tolist() == [1, 1, 1, 2, 2]


def test_tiers_empty_and_bad_input():
    assert tiers([], [], []).tolist() == []
    with pytest.raises(ValueError):
        tiers([0.5, 0.6], [0.4], [0.6, 0.7])
    with pytest.raises(ValueError):
        tiers([0.5, np.nan], [0.4, 0.5], [0.6, 0.7])


@st.composite
def tier_inputs(draw):
    n = draw(st.integers(1, 10))
    score = draw(st.lists(st.floats(0.05, 0.95), min_size=n, max_size=n, unique=True))
    below = draw(st.lists(st.floats(0, 0.2), min_size=n, max_size=n))
    above = draw(st.lists(st.floats(0, 0.2), min_size=n, max_size=n))
    perm = draw(st.permutations(range(n)))
    score = np.array(score)
    return score, score - np.array(below), score + np.array(above), np.array(perm, dtype=int)


@FAST
@given(tier_inputs())
def test_tiers_are_independent_of_input_order_and_follow_the_rule(data):
    score, lo, hi, perm = data
    t = tiers(score, lo, hi)
    assert tiers(score[perm], lo[perm], hi[perm]).tolist() == t[perm].tolist()
    assert set(t.tolist()) == set(range(1, t.max() + 1))
    for k in range(1, t.max() + 1):                         # re-check the rule tier by tier
        remaining = t >= k
        best = np.flatnonzero(remaining)[np.argmax(score[remaining])]
        assert t[best] == k
        assert ((t == k) == (remaining & (hi >= lo[best]))).all()


def test_paired_diff_is_the_normal_interval_of_the_mean_difference():
    # diffs 1, 0, 0, -1, 1: mean 0.2, sample sd sqrt(0.7), half width 1.96 * sqrt(0.7 / 5)
    mean, lo, hi, n = paired_diff([1, 0, 0, -1, 1])
    assert n == 5 and mean == pytest.approx(0.2)
    assert lo == pytest.approx(0.2 - 0.7333514) and hi == pytest.approx(0.2 + 0.7333514)
    assert paired_diff([0.0] * 10) == (0.0, 0.0, 0.0, 10)
    assert paired_diff([1.0]) == (1.0, -1.0, 1.0, 1)


@FAST
@given(tier_inputs(), st.floats(0, 0.1))
def test_tiers_with_a_margin_split_only_where_a_deck_is_both_further_and_significantly_worse(data, margin):
    score, lo, hi, perm = data
    t = tiers(score, lo, hi, margin)
    assert tiers(score[perm], lo[perm], hi[perm], margin).tolist() == t[perm].tolist()
    assert (tiers(score, lo, hi, float(np.ptp(score)) + 1e-12) == 1).all()   # a margin of the whole range: one tier
    for k in range(1, t.max() + 1):
        remaining = t >= k
        best = np.flatnonzero(remaining)[np.argmax(score[remaining])]
        close = (hi >= lo[best]) | (score >= score[best] - margin)
        assert ((t == k) == (remaining & close)).all()
