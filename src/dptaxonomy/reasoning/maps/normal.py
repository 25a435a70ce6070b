"""The standard normal distribution function Φ and its inverse, enclosed.

Φ(x) = ½·erfc(−x/√2), and erfc is enclosed at an exact point t from two classical
expansions (Abramowitz and Stegun, *Handbook of Mathematical Functions*, §7.1; the
formula numbers are not quoted here):

* **|t| < 3: the series of positive terms** erf t = (2/√π)·e^{−t²}·Σₙ aₙ with
  a₀ = t and aₙ₊₁ = aₙ·2t²/(2n + 3) (t ≥ 0; erf is odd). The ratios 2t²/(2n + 3) decrease,
  so once the next ratio ρ is below 1 the terms not summed add up to at most
  aₙ₊₁/(1 − ρ), and that bound is added as the interval [0, aₙ₊₁/(1 − ρ)].
* **t ≥ 3: Laplace's continued fraction** √π·e^{t²}·erfc t = 1/(t + ½/(t + 1/(t + (3/2)/(t + …))))
  (partial numerators 1, ½, 1, 3/2, 2, …, every denominator t). Its elements are
  positive, so its value lies between any two consecutive convergents: the n-th
  convergent is the fraction with its tail T replaced by 0, the (n+1)-th with T replaced
  by the tail's first step a/t, the true tail lies strictly between (0 < T < a/t), and
  the fraction is monotone in its tail. The convergents come from the usual forward
  recurrence in interval arithmetic; more are taken until two consecutive ones agree to
  about the working precision.

For t < 0, erfc t = 2 − erfc(−t). Every step is interval arithmetic
(:mod:`~dptaxonomy.reasoning.maps.intervals`), so the enclosure is sound at every t; the
tests compare it with mpmath at 300 bits. Φ is increasing, so Φ over an enclosure is
enclosed by Φ at its ends.

Φ⁻¹ at an end p is *certified*: an estimate (the float quantile refined by Newton's
method) is moved outward until Φ's enclosure there lies on the safe side of p. Above ½ it
is −Φ⁻¹(1 − p), with 1 − p rounded the safe way: near 1, Φ's enclosures are only as fine
as 1 is, so the lower tail resolves p far better.

>>> from dptaxonomy.reasoning.maps.float_ends import lower, upper
>>> z = phi_inverse(enclose(0.975))
>>> round(lower(z), 12), round(upper(z), 12)
(1.95996398454, 1.95996398454)
>>> far = phi(enclose(-40))  # 3.655893540915e-350, far below the doubles
>>> str(far.low)[:14], str(far.high)[:14], upper(far)
('3.655893540915', '3.655893540915', 5e-324)
"""

from __future__ import annotations

import functools
import math
from decimal import Decimal

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.maps.intervals import (
    CEILING,
    DIGITS,
    FLOOR,
    PI,
    Enclosure,
    enclose,
    exp,
    interval,
    log,
    sqrt,
    wide_context,
)

__all__ = ["phi", "phi_inverse"]

_SQRT2 = sqrt(enclose(2))
_TWO_OVER_ROOT_PI = 2 / sqrt(PI)
_ROOT_TWO_PI = sqrt(2 * PI)
_SWITCH = Decimal("3")
"""Where the continued fraction takes over from the series. Below it the series is the
cheaper (at t = 3: 0.34 ms against 0.83 ms), but 1 − erf t loses the digits erfc t lacks:
just below t = 3 (erfc ≈ 2.2e-5) its relative width is about 1e-27; by t = 4 it would be 2e-24,
which a cancelling difference of Φs (δ of μ-GDP at a tiny μ) shows."""
_TINY = Decimal("1e-20")
"""Below this, erf t is enclosed by (2/√π)·[t − t³/3, t] (the series' first two terms)."""
_CONVERGED_DIGITS = DIGITS - 4
"""Two consecutive convergents agree once their hull is this many orders below them: the
forward recurrence's rounding grows by about a unit in the last place per term."""
_MOST_TERMS = 20000
"""A bound on the terms taken (never reached for arguments a double can hold)."""
_ZERO, _ONE, _HALF = enclose(0), enclose(1), enclose(0.5)
_NARROW_ARGUMENT = Decimal("1e-15")
"""Arguments narrower than this take erfc once, with a bound on its slope (:func:`_erfc_over`)."""
_SMALLEST = Decimal("1e-300")
"""Below this, Φ⁻¹'s start comes from the tail's asymptotics, not the double quantile."""
_WIDE = wide_context(DIGITS)
"""For estimates only (ln p of a start and of Newton's target)."""


def _erf_series(t: Decimal) -> Enclosure:
    """erf t for 0 ≤ t, by the series of positive terms (module doc). The terms and sums are
    non-negative and each step increases in its arguments, so the lower ends are computed
    with FLOOR alone and the upper ends with CEILING alone."""
    x = enclose(t)
    if t < _TINY:  # an alternating series of decreasing terms: between its first partial sums
        return _TWO_OVER_ROOT_PI * interval(x - x * x * x / 3, x)
    twice_low = FLOOR.multiply(2, FLOOR.multiply(t, t))
    twice_high = CEILING.multiply(2, CEILING.multiply(t, t))
    total_low = total_high = term_low = term_high = t
    for n in range(_MOST_TERMS):
        # the first term not yet summed, and a bound on every later ratio
        term_low = FLOOR.divide(FLOOR.multiply(term_low, twice_low), 2 * n + 3)
        term_high = CEILING.divide(CEILING.multiply(term_high, twice_high), 2 * n + 3)
        ratio = CEILING.divide(twice_high, 2 * n + 5)
        if ratio < 1 and (not term_high or term_high.adjusted() < total_low.adjusted() - DIGITS):
            rest = CEILING.divide(term_high, FLOOR.subtract(1, ratio))
            total_high = CEILING.add(total_high, rest)
            break
        total_low = FLOOR.add(total_low, term_low)
        total_high = CEILING.add(total_high, term_high)
    else:
        raise NumericError("erf could not be enclosed")
    return _TWO_OVER_ROOT_PI * exp(-(x * x)) * Enclosure(total_low, total_high)


def _erfc_fraction(t: Decimal) -> Enclosure:
    """erfc t for t ≥ 3, between two consecutive convergents of Laplace's fraction.

    The k-th convergent is A_k/B_k with A_k = t·A_{k−1} + a_k·A_{k−2} (likewise B_k),
    A_{−1} = 1, A_0 = 0, B_{−1} = 0, B_0 = 1: every A and B is non-negative and each step
    increases in its arguments, so FLOOR and CEILING give their ends apart.
    """
    a_low = a_high = Decimal(0)
    b_low = b_high = Decimal(1)
    before = (Decimal(1), Decimal(1), Decimal(0), Decimal(0))  # A_{k−2} and B_{k−2} ends
    previous: tuple[Decimal, Decimal] | None = None
    for k in range(1, _MOST_TERMS):
        numerator = Decimal(1) if k == 1 else FLOOR.divide(k - 1, 2)  # exact: k is small
        a_low, a_high, b_low, b_high, before = (
            FLOOR.add(FLOOR.multiply(t, a_low), FLOOR.multiply(numerator, before[0])),
            CEILING.add(CEILING.multiply(t, a_high), CEILING.multiply(numerator, before[1])),
            FLOOR.add(FLOOR.multiply(t, b_low), FLOOR.multiply(numerator, before[2])),
            CEILING.add(CEILING.multiply(t, b_high), CEILING.multiply(numerator, before[3])),
            (a_low, a_high, b_low, b_high),
        )
        current = (FLOOR.divide(a_low, b_high), CEILING.divide(a_high, b_low))
        if previous is not None:
            low, high = min(previous[0], current[0]), max(previous[1], current[1])
            if CEILING.subtract(high, low).adjusted() < low.adjusted() - _CONVERGED_DIGITS:
                x = enclose(t)
                return exp(-(x * x)) / sqrt(PI) * Enclosure(low, high)
        previous = current
    raise NumericError("erfc could not be enclosed")


@functools.lru_cache(maxsize=1024)
def _erfc(t: Decimal) -> Enclosure:
    """erfc at an exact point t."""
    if t.is_infinite():
        return _ZERO if t > 0 else enclose(2)
    if t < 0:
        return 2 - _erfc(t.copy_negate())
    if t >= _SWITCH:
        return _erfc_fraction(t)
    return 1 - _erf_series(t)


def phi(x: Enclosure) -> Enclosure:
    """Φ over an enclosure (ends may be infinite), clipped to [0, 1]."""
    arguments = -x / _SQRT2  # erfc is decreasing: its high end gives Φ's low end
    least, most = _erfc_over(arguments.low, arguments.high)
    low = (_HALF * Enclosure(least, least)).low
    high = (_HALF * Enclosure(most, most)).high
    return Enclosure(max(low, _ZERO.low), min(high, _ONE.high))


def _erfc_over(a: Decimal, b: Decimal) -> tuple[Decimal, Decimal]:
    """A lower bound on erfc b and an upper bound on erfc a (a ≤ b: erfc decreases).

    On a narrow [a, b] with a ≥ 0 (a chain's enclosures are some 1e-33 wide) erfc is
    computed once, at a: erfc b ≥ erfc a − (b − a)·sup|erfc′| over [a, b], and there
    |erfc′ t| = (2/√π)e^{−t²} ≤ (2/√π)e^{−a²} < erfc(a)·(a + √(a² + 2)) by the classical
    lower bound on erfc (Abramowitz and Stegun, §7.1; formula number not quoted). The
    bound is at most about 1.25 times the variation of erfc over [a, b] itself."""
    at_a = _erfc(a)
    if a == b:
        return at_a.low, at_a.high
    width = CEILING.subtract(b, a) if a >= 0 and b.is_finite() else None
    if width is None or width > _NARROW_ARGUMENT:
        return _erfc(b).low, at_a.high
    x = enclose(a)
    slope = (at_a * (x + sqrt(x * x + 2))).high
    return max(FLOOR.subtract(at_a.low, CEILING.multiply(width, slope)), _ZERO.low), at_a.high


def _normal_quantile(p: float) -> float:
    """``statistics.NormalDist().inv_cdf(p)`` for p in (0, 1), from the C code it runs
    when present: importing :mod:`statistics` costs more than a closed-form query."""
    try:
        from _statistics import _normal_dist_inv_cdf  # type: ignore[import-not-found]
    except ImportError:  # an interpreter without the accelerator
        from statistics import NormalDist

        return NormalDist().inv_cdf(p)
    return float(_normal_dist_inv_cdf(p, 0.0, 1.0))


def _start(p: Decimal) -> float:
    """A float start for Φ⁻¹(p), p ≤ ½: the double quantile, or below the doubles' range the
    tail's asymptotics ln Φ(x) ≈ −x²/2 − ln|x| − ½ ln 2π solved by a few fixed-point steps
    (ln p is a modest float even when p is not: ln 1e-100000 ≈ −230259)."""
    if p >= _SMALLEST:
        return _normal_quantile(float(p))
    depth = -float(_WIDE.ln(p))
    x = math.sqrt(2 * depth)
    for _ in range(4):
        x = math.sqrt(2 * depth - 2 * math.log(x) - math.log(2 * math.pi))
    return -x


def _estimate(p: Decimal) -> Enclosure:
    """An estimate of Φ⁻¹(p) for p ≤ ½ (a point): :func:`_start` refined by Newton's method on
    ln Φ, which converges from far in the tail (on Φ itself a step can overshoot by orders)."""
    x = enclose(_start(p))
    target = enclose(_WIDE.ln(p))
    for _ in range(8):
        value = enclose(phi(x).low)
        if not value.low > 0:
            break
        density = exp(-(x * x) / 2) / _ROOT_TWO_PI
        following = enclose((x - (log(value) - target) * value / density).low)
        if following == x:  # a fixed point: every later step would give x again
            break
        x = following
    return x


_STEPS = 96
"""Outward steps (each doubling) tried when certifying an end of Φ⁻¹."""


def _certified(p: Decimal, *, below: bool) -> Decimal:
    """A number z with Φ(z) ≤ p (below) or Φ(z) ≥ p, certainly, searched outward from the
    estimate; −∞ at p ≤ 0 and +∞ at p ≥ 1."""
    if p <= 0:
        return Decimal("-Infinity")
    if p >= 1:
        return Decimal("Infinity")
    if p == _HALF.low:
        return Decimal(0)  # Φ(0) = ½ exactly
    if p > _HALF.low:  # Φ⁻¹(p) = −Φ⁻¹(1 − p), where Φ's enclosures are relative, not absolute
        # the lower end needs an upper end of Φ⁻¹(1 − p): of a number at or above 1 − p
        rest = CEILING.subtract(1, p) if below else FLOOR.subtract(1, p)
        return _certified(rest, below=not below).copy_negate()
    x = _estimate(p)
    step = (abs(x) + 1) * Decimal("1e-27")
    for _ in range(_STEPS):
        candidate = x - step if below else x + step
        end = candidate.low if below else candidate.high
        enclosed = phi(enclose(end))
        if (below and enclosed.high <= p) or (not below and enclosed.low >= p):
            return end
        step = step * 2
    raise NumericError("Phi_inv could not be enclosed")


@functools.lru_cache(maxsize=256)
def phi_inverse(p: Enclosure) -> Enclosure:
    """Φ⁻¹ over an enclosure of probabilities (−∞ at 0, +∞ at 1), certified end by end.

    Remembered per enclosure: two lift chains through μ-GDP ask for the same one.
    """
    return Enclosure(_certified(p.low, below=True), _certified(p.high, below=False))
