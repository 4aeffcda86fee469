"""The SPRT of the swap tests (analysis.stats.sprt_*; docs/ANALYTICS.md "Sequential stopping"): Wald's bounds,
the normal-approximation log-likelihood ratio, and its error rates in simulations of known effects
(no games: paired differences drawn with numpy, looked at in chunks as `berserk impact` does)."""
import math

import numpy as np
import pytest

from analysis.stats import paired_p, sprt_bounds, sprt_llr, sprt_verdict

ALPHA, BETA = 0.05, 0.05
H0, H1 = 0.0, 0.05
RUNS = 2000
CHUNK = 20            # seed pairs between two looks
MAX_PAIRS = 6000


def test_wald_bounds():
    lower, upper = sprt_bounds(0.05, 0.1)
    assert lower == pytest.approx(math.log(0.1 / 0.95))
    assert upper == pytest.approx(math.log(0.9 / 0.05))
    for alpha, beta in ((0.0, 0.05), (0.05, 0.5), (-0.1, 0.05), (0.05, 1.2)):
        with pytest.raises(ValueError):
            sprt_bounds(alpha, beta)


def test_llr_is_the_normal_likelihood_ratio_with_the_sample_variance():
    rng = np.random.default_rng(1)
    d = rng.choice([-0.5, 0.0, 0.5], size=400, p=[0.25, 0.4, 0.35])
    var = d.var()                                     # maximum-likelihood variance (ddof 0)
    direct = (np.sum((d - H0) ** 2) - np.sum((d - H1) ** 2)) / (2 * var)
    assert sprt_llr(d.size, d.sum(), (d * d).sum(), H0, H1) == pytest.approx(direct)
    assert sprt_llr(0, 0.0, 0.0, H0, H1) == 0.0
    # all differences equal (a card swapped for itself): the floor variance gives a decisive H0
    assert sprt_verdict(sprt_llr(100, 0.0, 0.0, H0, H1), *sprt_bounds(ALPHA, BETA)) == "H0"


def _simulate(mean: float, rng) -> tuple:
    """RUNS sequential tests on differences in {-0.5, 0, 0.5} with the given mean (sd about 0.39):
    (verdicts, pairs used)."""
    q = 0.6                                            # P(d != 0)
    up, down = (q + 2 * mean) / 2, (q - 2 * mean) / 2  # P(d = +0.5), P(d = -0.5)
    lower, upper = sprt_bounds(ALPHA, BETA)
    n = np.zeros(RUNS)
    total = np.zeros(RUNS)
    total_sq = np.zeros(RUNS)
    verdict = np.full(RUNS, "", dtype="<U2")
    used = np.zeros(RUNS, dtype=int)
    for _ in range(MAX_PAIRS // CHUNK):
        active = verdict == ""
        if not active.any():
            break
        d = rng.choice([0.5, -0.5, 0.0], size=(int(active.sum()), CHUNK), p=[up, down, 1 - q])
        n[active] += CHUNK
        total[active] += d.sum(axis=1)
        total_sq[active] += (d * d).sum(axis=1)
        v = sprt_verdict(sprt_llr(n[active], total[active], total_sq[active], H0, H1), lower, upper)
        verdict[active] = v
        used[active] = n[active]
    return verdict, used


def test_sprt_error_rates_match_alpha_and_beta():
    rng = np.random.default_rng(20261130)
    tol = 3 * math.sqrt(ALPHA * (1 - ALPHA) / RUNS)    # three standard errors of an observed rate
    at_h0, n0 = _simulate(H0, rng)
    at_h1, n1 = _simulate(H1, rng)
    assert (at_h0 == "").mean() < 0.01 and (at_h1 == "").mean() < 0.01     # it decides within the budget
    false_h1 = (at_h0 == "H1").mean()                  # type I error
    false_h0 = (at_h1 == "H0").mean()                  # type II error
    # Wald: the rates are at most about alpha and beta (a little below, since a chunk overshoots the bound)
    assert false_h1 <= ALPHA + tol and false_h0 <= BETA + tol
    assert false_h1 >= ALPHA / 5 and false_h0 >= BETA / 5         # a real test, not one that never errs
    # and it needs far fewer pairs than a fixed-size test of the same power
    fixed = ((1.645 + 1.645) * 0.39 / (H1 - H0)) ** 2
    assert n0.mean() < fixed and n1.mean() < fixed


def test_paired_p():
    assert paired_p([0.0] * 10) == 1.0
    assert paired_p([0.25] * 10) == 0.0
    d = np.array([0.5, -0.5, 0.0, 0.5] * 50)
    z = d.mean() / (d.std(ddof=1) / math.sqrt(d.size))
    assert paired_p(d) == pytest.approx(math.erfc(z / math.sqrt(2)))
