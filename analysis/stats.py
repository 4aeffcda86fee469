"""Statistical primitives of the analytics reports (docs/ANALYTICS.md): every rate comes with its n and a 95%
interval (Wilson), differences of rates get a Newcombe interval and a two-proportion test, many tests are
corrected with Holm, the field of a matchup matrix is weighted by its Nash equilibrium mix, and decks are
grouped into tiers by an explicit interval-aware rule.

Everything here is plain Python/numpy (scipy for the normal tail and the LP), deterministic, and works on
fractional successes (a draw counts as half a win). scipy is imported inside the functions that need it so
that importing `analysis` stays cheap.
"""
import math

import numpy as np

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95):
    """Wilson score interval (lo, hi) for successes out of n; draws count as half a success."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def weighted_mean_var(ps, ns, ws):
    """(p, var) of a weighted mean of independent binomial proportions (Var = sum w^2 p(1-p)/n; Fleiss 2003).

    p = sum w_j p_j and var = sum w_j^2 p_j (1 - p_j) / n_j (Fleiss, Levin & Paik, Statistical Methods for
    Rates and Proportions, 3rd ed., 2003).
    Weights are normalised to sum 1 over the cells that count: cells with w == 0 or n == 0 are ignored.
    n may be np.inf (a cell known exactly, such as a mirror at 0.5): it adds its mean but no variance.
    Returns (nan, nan) when no cell counts. Raises ValueError on mismatched shapes, negative weights or
    counts, or proportions outside [0, 1].
    """
    ps, ns, ws = (np.asarray(a, dtype=float).ravel() for a in (ps, ns, ws))
    if not ps.shape == ns.shape == ws.shape:
        raise ValueError(f"weighted_mean_var: ps, ns, ws differ in length ({ps.size}, {ns.size}, {ws.size})")
    if not np.isfinite(ws).all() or (ws < 0).any() or np.isnan(ns).any() or (ns < 0).any():
        raise ValueError("weighted_mean_var: weights must be finite and >= 0, counts >= 0")
    keep = (ws > 0) & (ns > 0)
    ps, ns, ws = ps[keep], ns[keep], ws[keep]
    if ps.size == 0:
        return (math.nan, math.nan)
    if np.isnan(ps).any() or (ps < 0).any() or (ps > 1).any():
        raise ValueError("weighted_mean_var: proportions must lie in [0, 1]")
    w = ws / ws.sum()
    p = float(np.dot(w, ps))
    var = float(np.sum(w * w * ps * (1 - ps) / ns))      # n == inf gives 0
    return (min(1.0, max(0.0, p)), var)


def wilson_weighted(p: float, var: float, z: float = Z95):
    """Wilson score interval (lo, hi) at effective n = p(1-p)/var (Wilson 1927, JASA 22:209; Kish 1965).

    For a weighted mean of independent proportions such as a deck's field win rate (see weighted_mean_var);
    n_eff is Kish's effective sample size (Survey Sampling, 1965).
    var == 0 gives (p, p). A NaN p (nothing to average, see weighted_mean_var) gives (0, 1) like wilson()
    with n == 0. When p is 0 or 1 but var > 0 (only from round-off or a variance not of the binomial form)
    n_eff is undefined and the normal interval p -+ z sqrt(var) is used. The result is clamped to [0, 1].
    """
    if math.isnan(p):
        return (0.0, 1.0)
    if math.isnan(var) or var < 0 or not 0.0 <= p <= 1.0:
        raise ValueError(f"wilson_weighted: need 0 <= p <= 1 and var >= 0, got p={p}, var={var}")
    if var == 0:
        return (p, p)
    if p in (0.0, 1.0):
        half = z * math.sqrt(var)
        return (max(0.0, p - half), min(1.0, p + half))
    n_eff = p * (1 - p) / var
    return wilson(p * n_eff, n_eff, z)


def paired_diff(diffs, z: float = Z95):
    """(mean, lo, hi, n) of paired differences (common random numbers: one value per seed pair, e.g. the
    variant's score minus the base's score on the same seeds and seats, in [-1, 1]).

    The interval is the normal one with the sample variance, mean +- z * sd / sqrt(n); with n < 2 it is
    (-1, 1). Pairing removes the between-game variance the two runs share, which is what makes a swap test
    need far fewer games than two independent runs.
    """
    d = np.asarray(diffs, dtype=float).ravel()
    n = d.size
    if n == 0:
        return (math.nan, -1.0, 1.0, 0)
    mean = float(d.mean())
    if n < 2:
        return (mean, -1.0, 1.0, n)
    half = z * float(d.std(ddof=1)) / math.sqrt(n)
    return (mean, max(-1.0, mean - half), min(1.0, mean + half), n)


def newcombe_diff(s1: float, n1: float, s2: float, n2: float, z: float = Z95):
    """(diff, lo, hi) for p1 - p2: hybrid score interval (Newcombe 1998, Stat Med 17:873, method 10).

    Independent proportions; the interval is built from the two Wilson intervals.
    If n1 or n2 is 0 the difference is unknown: returns (nan, -1.0, 1.0).
    """
    if n1 <= 0 or n2 <= 0:
        return (math.nan, -1.0, 1.0)
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, z)
    l2, u2 = wilson(s2, n2, z)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (d, max(-1.0, lo), min(1.0, hi))


def two_proportion_p(s1: float, n1: float, s2: float, n2: float) -> float:
    """Two-sided p of the pooled two-proportion z test (Agresti, Categorical Data Analysis, 2013, ch. 3).

    Equal to Pearson's chi-square test on the 2x2 table without continuity correction; fractional
    successes (draws as half) are allowed.
    Returns 1.0 when the test is undefined: n1 or n2 is 0, or the pooled proportion is 0 or 1.
    """
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (s1 + s2) / (n1 + n2)
    if pooled <= 0.0 or pooled >= 1.0:
        return 1.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    zstat = (s1 / n1 - s2 / n2) / se
    from scipy.stats import norm
    return float(min(1.0, 2 * norm.sf(abs(zstat))))


def holm(pvalues, alpha: float = 0.05):
    """(rejected, adjusted) in input order by Holm's step-down Bonferroni (Holm 1979, Scand J Stat 6:65).

    adjusted_(i) = max_{k <= i} min(1, (m - k + 1) p_(k)) over the sorted p-values, so adjusted values are
    monotone in p and capped at 1; rejected = adjusted <= alpha (the step-down stops at the first
    acceptance). NaN p-values are not tests: they do not count in m, get adjusted NaN and are never
    rejected. Raises ValueError for p-values outside [0, 1] or alpha outside (0, 1].
    """
    p = np.asarray(pvalues, dtype=float).ravel()
    if not 0.0 < alpha <= 1.0:
        raise ValueError(f"holm: alpha must be in (0, 1], got {alpha}")
    valid = ~np.isnan(p)
    if ((p[valid] < 0) | (p[valid] > 1)).any():
        raise ValueError("holm: p-values must lie in [0, 1] (or be NaN)")
    adjusted = np.full(p.shape, np.nan)
    idx = np.flatnonzero(valid)
    m = idx.size
    if m:
        order = idx[np.argsort(p[idx], kind="stable")]
        steps = np.minimum(1.0, (m - np.arange(m)) * p[order])
        adjusted[order] = np.maximum.accumulate(steps)
    rejected = np.zeros(p.shape, dtype=bool)
    rejected[valid] = adjusted[valid] <= alpha
    return rejected, adjusted


def nash_mix(M):
    """(x, value): maximin mix of the matrix game M by linear programming (von Neumann 1928; Dantzig 1951).

    Solved with scipy.optimize.linprog(method="highs").
    M[i, j] = P(deck i beats deck j). Solves max v s.t. sum_i x_i M[i, j] >= v for all j, sum x = 1,
    x >= 0. For a win-rate matrix (M + M.T == 1, diagonal 0.5; the symmetric zero-sum game M - 0.5) the
    value is 0.5 and x is a Nash equilibrium mix of the meta. x: tiny negatives clipped to 0, entries below
    1e-9 zeroed, renormalised to sum 1. value: the LP optimum v. Raises ValueError if M is not a non-empty
    square matrix of finite numbers or the solver fails.
    """
    M = np.asarray(M, dtype=float)
    if M.ndim != 2 or M.shape[0] != M.shape[1] or M.shape[0] == 0:
        raise ValueError(f"nash_mix: M must be a non-empty square matrix, got shape {M.shape}")
    if not np.isfinite(M).all():
        raise ValueError("nash_mix: M has non-finite entries (unplayed matchups?)")
    from scipy.optimize import linprog
    n = M.shape[0]
    c = np.zeros(n + 1)
    c[n] = -1.0                                           # maximise v
    A_ub = np.hstack([-M.T, np.ones((n, 1))])             # v - sum_i x_i M[i, j] <= 0
    A_eq = np.append(np.ones(n), 0.0)[None, :]
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(n), A_eq=A_eq, b_eq=[1.0],
                  bounds=[(0, None)] * n + [(None, None)], method="highs")
    if res.status != 0 or res.x is None:
        raise ValueError(f"nash_mix: linear program failed (status {res.status}): {res.message}")
    x = np.clip(res.x[:n], 0.0, None)
    x[x < 1e-9] = 0.0
    if x.sum() <= 0:
        raise ValueError("nash_mix: linear program returned an empty mix")
    return x / x.sum(), float(res.x[n])


def tiers(score, lo, hi, margin=0.0):
    """Tier (1 = best) per deck: greedy "not worse than the best" grouping (cf. Hsu 1984, AoS 12:1136).

    Rule, with k = 1: repeat until all decks have a tier: take the remaining deck with the highest score
    (ties: lowest index); tier k contains it and every remaining deck whose score is within `margin` of
    it (a practical difference: by default none, the report passes TIER_MARGIN) or whose upper bound hi
    >= that deck's lower bound lo (i.e. not significantly worse than the best remaining deck); k += 1.
    A deck thus starts a lower tier only when it is both practically and significantly worse.
    The rule is not transitive and not monotone in score: a deck with a wide interval can share the tier of
    the best while a deck with a higher score and a narrow interval falls to the next one.
    Raises ValueError on arrays of different lengths or NaN entries.
    """
    score, lo, hi = (np.asarray(a, dtype=float).ravel() for a in (score, lo, hi))
    if not score.shape == lo.shape == hi.shape:
        raise ValueError(f"tiers: score, lo, hi differ in length ({score.size}, {lo.size}, {hi.size})")
    if np.isnan(score).any() or np.isnan(lo).any() or np.isnan(hi).any():
        raise ValueError("tiers: NaN in score, lo or hi")
    tier = np.zeros(score.size, dtype=int)
    k = 1
    while (tier == 0).any():
        remaining = np.flatnonzero(tier == 0)
        best = remaining[np.argmax(score[remaining])]     # argmax takes the first (lowest index) on ties
        members = remaining[(hi[remaining] >= lo[best]) | (score[remaining] >= score[best] - margin)]
        tier[members] = k
        tier[best] = k
        k += 1
    return tier


def paired_p(diffs) -> float:
    """Two-sided p-value of the normal (z) test that paired differences have mean 0, with the sample
    variance: the test behind paired_diff's interval. All-zero differences give 1; constant
    non-zero ones 0."""
    d = np.asarray(diffs, dtype=float).ravel()
    if d.size < 2:
        return 1.0
    mean, sd = float(d.mean()), float(d.std(ddof=1))
    if sd == 0:
        return 1.0 if mean == 0 else 0.0
    from scipy.stats import norm
    return float(min(1.0, 2 * norm.sf(abs(mean) / (sd / math.sqrt(d.size)))))


SPRT_VAR_FLOOR = 1e-9    # variance used when every difference so far is equal


def sprt_bounds(alpha: float, beta: float):
    """(lower, upper) = (ln(beta / (1 - alpha)), ln((1 - beta) / alpha)): Wald's SPRT accepts H0 when
    the log-likelihood ratio falls to `lower`, H1 when it reaches `upper` (Wald 1945, as fishtest).
    Raises ValueError unless 0 < alpha < 0.5 and 0 < beta < 0.5."""
    for name, x in (("alpha", alpha), ("beta", beta)):
        if not 0.0 < x < 0.5:
            raise ValueError(f"sprt_bounds: {name} must lie in (0, 0.5), got {x}")
    return (math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha))


def sprt_llr(n, total, total_sq, h0: float, h1: float):
    """Log-likelihood ratio of H1: mean = h1 against H0: mean = h0 after n paired differences with
    sum `total` and sum of squares `total_sq`: the generalized SPRT with a normal model and the
    empirical variance (fishtest's normal approximation for game pairs):

        LLR = (h1 - h0) * (2 * total - n * (h0 + h1)) / (2 * var),   var = total_sq / n - mean^2

    (var at least SPRT_VAR_FLOOR). Works elementwise on numpy arrays; n == 0 gives 0."""
    n = np.asarray(n, dtype=float)
    total = np.asarray(total, dtype=float)
    safe_n = np.maximum(n, 1.0)
    mean = total / safe_n
    var = np.maximum(np.asarray(total_sq, dtype=float) / safe_n - mean * mean, SPRT_VAR_FLOOR)
    llr = (h1 - h0) * (2 * total - n * (h0 + h1)) / (2 * var)
    llr = np.where(n > 0, llr, 0.0)
    return float(llr) if llr.ndim == 0 else llr


def sprt_verdict(llr, lower: float, upper: float):
    """'H1' when llr >= upper, 'H0' when llr <= lower, '' (undecided) in between; elementwise on
    arrays (an array of str)."""
    llr = np.asarray(llr, dtype=float)
    out = np.where(llr >= upper, "H1", np.where(llr <= lower, "H0", ""))
    return str(out) if out.ndim == 0 else out
