"""bench/levels.py's share of a margin kept (`kept`): the ratio of two paired mean margins and its Fieller
interval, checked against cases whose answer is known."""

from __future__ import annotations

import math
import random
import statistics

from bench.levels import kept


def test_a_margin_exactly_proportional_has_no_uncertainty() -> None:
    b = {d: float(v) for d, v in enumerate([10, 40, -5, 70, 25, 60])}
    a = {d: 0.8 * v for d, v in b.items()}
    ratio, lo, hi = kept(a, b)
    assert math.isclose(ratio, 0.8)
    assert math.isclose(lo, 0.8, abs_tol=1e-6) and math.isclose(hi, 0.8, abs_tol=1e-6)  # float rounding


def test_only_the_common_deals_count() -> None:
    b = {0: 10.0, 1: 20.0, 2: 30.0}
    a = {1: 20.0, 2: 30.0, 3: -999.0}
    assert kept(a, b)[0] == 1.0


def test_a_margin_not_clearly_away_from_zero_gives_an_unbounded_interval() -> None:
    b = {d: v for d, v in enumerate([50.0, -40.0, 35.0, -45.0])}
    a = {d: v + 1 for d, v in b.items()}
    _, lo, hi = kept(a, b)
    assert lo == -math.inf and hi == math.inf


def test_the_interval_agrees_with_the_delta_method_on_many_deals() -> None:
    rng = random.Random(7)
    b = {d: rng.gauss(70, 80) for d in range(2000)}
    a = {d: 0.9 * v + rng.gauss(0, 30) for d, v in b.items()}
    ratio, lo, hi = kept(a, b)
    x, y = list(a.values()), list(b.values())
    mx, my, n = statistics.fmean(x), statistics.fmean(y), len(x)
    sxx, syy, sxy = statistics.variance(x), statistics.variance(y), statistics.covariance(x, y)
    var = sxx - 2 * ratio * sxy + ratio**2 * syy
    half = 1.96 * math.sqrt(var / n) / my
    assert lo < ratio < hi and 0.85 < ratio < 0.95
    assert math.isclose(lo, ratio - half, rel_tol=0.01) and math.isclose(hi, ratio + half, rel_tol=0.01)
    assert mx / my == ratio
