"""Interval statistics (ANALYTICS.md): every rate comes with its n and a Wilson 95% interval."""
import math

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
