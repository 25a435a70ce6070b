"""Trade-off curves (f-DP) and Gaussian DP, as sound enclosures.

For a pair (P, Q) the trade-off function T(P, Q)(x) is the least type II
error 1 − E_Q[φ] of a test φ whose type I error E_P[φ] is at most x (Dong,
Roth and Su, DRS21 Section 2). A mechanism is f-DP when T ≥ f for both orders
of every neighbouring pair, and μ-GDP when it is G_μ-DP, with
G_μ(x) = Φ(Φ⁻¹(1 − x) − μ), the trade-off between N(0, 1) and N(μ, 1).

**Finite pairs.** By the Neyman–Pearson lemma the best tests reject the
outcomes in decreasing order of the likelihood ratio q/p (randomising on the
last one), so T(P, Q) is the piecewise-linear convex curve through the
vertices (P(S), 1 − Q(S)) for the sets S of the outcomes with the largest
ratios. A convex f lies below T everywhere iff it lies below T at T's
vertices: between two vertices T is linear and f, being convex, lies below
its own chord, which lies below T's chord when it does at both ends. G_μ
and f_{ε,δ} are convex (DRS21 Section 2), so checking the vertices decides.

Ratios are enclosures, so outcomes whose ratio enclosures overlap may be in
the wrong order. Such outcomes are grouped: each group is contiguous in the
true order (it is separated from the others), so its end vertices A and B
are exact whatever the order inside it. Inside, the outcomes are taken in
some order, giving a curve C from A to B; C and T both have slopes in
[−r_hi, −r_lo], so C − T ≤ (r_hi − r_lo)(x − x_A) ≤ g = (r_hi − r_lo)·P(group).
C's inner vertices are therefore lowered by g, while A and B keep no slack:
on the first and last piece the line from the exact end to the lowered vertex
stays below C − (r_hi − r_lo)·min(x − x_A, x_B − x) ≤ T, on inner pieces
C − g does, so the vertex check stays sound.

**Tightest μ.** G_μ(x) ≤ y iff μ ≥ Φ⁻¹(1 − x) − Φ⁻¹(y), so the least μ
of a finite pair is the largest of these over the vertices (0 when none is
positive), computed with a rigorous enclosure of Φ⁻¹
(:func:`~dptaxonomy.reasoning.maps.normal.phi_inverse`) and
rounded up. The Gaussian family N(0, σ²) against N(Δ, σ²) has μ = Δ/σ
exactly (DRS21 Section 2).

**Other pairs with a finite ε** (the Laplace family) get a sound, not least,
μ: every ε-DP pair has T ≥ f_{ε,0}, and G_μ ≤ f_{ε,0} for
μ_ε = 2Φ⁻¹(e^ε/(1 + e^ε)). Indeed G_{μ_ε} passes through the kink
(1/(1 + e^ε), 1/(1 + e^ε)) of f_{ε,0} and through (0, 1) and (1, 0), and a
convex function lies below its chords, which are f_{ε,0}'s two pieces. Such a
pair meets G_μ for μ ≥ μ_ε; below μ_ε it is undecided (None).
"""

from __future__ import annotations

from typing import Protocol

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import record
from dptaxonomy.reasoning.evaluators.families import (
    INFINITE,
    Finite,
    Gaussian,
    Pair,
    at_most,
    hull_max,
    is_infinite,
)
from dptaxonomy.reasoning.maps.intervals import exp, interval
from dptaxonomy.reasoning.maps.normal import phi, phi_inverse
from dptaxonomy.reasoning.maps.numeric import IV, lower, point, upper

__all__ = [
    "GaussianTradeoff",
    "PrivacyTradeoff",
    "Tradeoff",
    "Vertex",
    "ZeroTradeoff",
    "gdp_mu",
    "meets",
    "vertices",
]


class Tradeoff(Protocol):
    """A convex, non-increasing trade-off function f, enclosed over an interval of x."""

    def at(self, x: IV) -> IV:
        """An enclosure of f(t) for every t in the enclosure x ⊆ [0, 1]."""
        ...


@record
class ZeroTradeoff:
    """f = 0: every trade-off function is ≥ 0, so every mechanism is 0-DP in the f-DP sense."""

    def at(self, x: IV) -> IV:  # noqa: ARG002
        return point(0.0)


@record
class GaussianTradeoff:
    """G_μ(x) = Φ(Φ⁻¹(1 − x) − μ) (DRS21 Section 2)."""

    mu: IV

    def at(self, x: IV) -> IV:
        return phi(phi_inverse(1 - x) - self.mu)


@record
class PrivacyTradeoff:
    """f_{ε,δ}(x) = max(0, 1 − δ − e^ε x, e^{−ε}(1 − δ − x)), the curve of (ε, δ)-DP
    (DRS21 Section 2)."""

    epsilon: IV
    delta: IV

    def at(self, x: IV) -> IV:
        factor = exp(self.epsilon)
        pieces = [point(0.0), 1 - self.delta - factor * x, (1 - self.delta - x) / factor]
        return hull_max(pieces)


@record
class Vertex:
    """A vertex (x, y) of T(P, Q); T ≥ y − slack holds at x (see the module docstring)."""

    x: IV
    y: IV
    slack: IV

    @property
    def floor(self) -> IV:
        """A lower enclosure of T at x."""
        return self.y - self.slack


def _sign(value: IV) -> int:
    """0 if certainly 0, 1 if certainly positive; undecided supports are refused."""
    if upper(value) == 0:
        return 0
    if lower(value) > 0:
        return 1
    raise NumericError("a probability is too close to 0 to decide its support")


@record(frozen=False)
class _Group:
    members: list[tuple[IV, IV]]
    low: IV
    high: IV


def _groups(p: tuple[IV, ...], q: tuple[IV, ...]) -> tuple[IV, list[_Group], IV]:
    """Q's mass where P is 0, the groups of outcomes with both masses positive (in
    decreasing order of q/p, overlapping ratio enclosures merged), and P's mass where Q is 0."""
    q_only, p_only = point(0.0), point(0.0)
    ratios: list[tuple[IV, IV, IV]] = []
    for a, b in zip(p, q, strict=True):
        sa, sb = _sign(a), _sign(b)
        if sa and sb:
            ratios.append((b / a, a, b))
        elif sb:
            q_only += b
        elif sa:
            p_only += a
    ratios.sort(key=lambda r: upper(r[0]), reverse=True)
    groups: list[_Group] = []
    for ratio, a, b in ratios:
        last = groups[-1] if groups else None
        if last is not None and upper(ratio) >= lower(last.low):
            low = ratio if lower(ratio) < lower(last.low) else last.low
            groups[-1] = _Group([*last.members, (a, b)], low, last.high)
        else:
            groups.append(_Group([(a, b)], ratio, ratio))
    return q_only, groups, p_only


def vertices(p: tuple[IV, ...], q: tuple[IV, ...]) -> list[Vertex]:
    """The vertices of T(P, Q) from (0, 1) to (1, 0); inner vertices of a merged group carry
    the slack g of the module docstring."""
    q_only, groups, p_only = _groups(p, q)
    zero = point(0.0)
    found = [Vertex(zero, point(1.0), zero), Vertex(zero, 1 - q_only, zero)]
    x, y = zero, 1 - q_only
    for number, group in enumerate(groups):
        mass = sum((a for a, _ in group.members), zero)
        width = group.high - group.low
        slack = interval(0, width * mass)
        for index, (a, b) in enumerate(group.members):
            x, y = x + a, y - b
            inner = index < len(group.members) - 1
            if not inner and number == len(groups) - 1:
                # all of Q's mass is spent: exactly (1 − P(q = 0), 0), whatever the rounding
                x, y = 1 - p_only, zero
            found.append(Vertex(x, y, slack if inner else zero))
    found.append(Vertex(point(1.0), zero, zero))
    return found


def _orders(pair: Finite) -> list[list[Vertex]]:
    return [vertices(pair.p, pair.q), vertices(pair.q, pair.p)]


def meets(pair: Pair, tradeoff: Tradeoff) -> bool | None:
    """T(P, Q) ≥ f and T(Q, P) ≥ f: True certainly, False certainly not, None undecided.

    f = 0 holds for every pair; G_μ is decided for the Gaussian family by
    comparing μ; finite pairs are checked at the vertices of both curves; other
    pairs with a finite ε meet G_μ for μ ≥ μ_ε (else None).
    """
    if isinstance(tradeoff, ZeroTradeoff):
        return True
    if isinstance(pair, Gaussian) and isinstance(tradeoff, GaussianTradeoff):
        return at_most(pair.mu, tradeoff.mu)
    if not isinstance(pair, Finite):
        if not isinstance(tradeoff, GaussianTradeoff):
            return None
        bound = _pure_mu(pair)
        return True if bound is not None and at_most(bound, tradeoff.mu) is True else None
    results = [at_most(tradeoff.at(v.x), v.floor) for curve in _orders(pair) for v in curve]
    if any(r is False for r in results):
        return False
    return True if all(r is True for r in results) else None


def _needed_mu(vertex: Vertex) -> IV:
    """An enclosure of Φ⁻¹(1 − x) − Φ⁻¹(floor), the least μ with G_μ(x) ≤ floor."""
    if upper(vertex.x) == 0:  # G_μ(0) = 1 for every μ: only a floor of 1 is met
        return point(0.0) if lower(vertex.floor) >= 1 else INFINITE
    if lower(vertex.x) >= 1:
        return point(0.0)
    floor = vertex.floor
    if upper(floor) > 1:
        floor = interval(floor, 1)
    return phi_inverse(1 - vertex.x) - phi_inverse(floor)


def _pure_mu(pair: Pair) -> IV | None:
    """μ_ε = 2Φ⁻¹(e^ε/(1 + e^ε)) rounded up, for a pair with a finite ε (module docstring)."""
    epsilon = pair.epsilon()
    if is_infinite(epsilon):
        return None
    factor = exp(epsilon)
    return point(upper(2 * phi_inverse(factor / (1 + factor))))


def gdp_mu(pair: Pair) -> IV | None:
    """A μ for which the pair is μ-GDP, rounded up to a float (a point): the least one for
    the Gaussian family and finite pairs, μ_ε for other pairs with a finite ε (module
    docstring); ``INFINITE`` when no μ works; None when nothing is known."""
    if isinstance(pair, Gaussian):
        return pair.mu
    if not isinstance(pair, Finite):
        return _pure_mu(pair)
    needed = [_needed_mu(v) for curve in _orders(pair) for v in curve]
    bound = max([0.0, *(upper(n) for n in needed)])
    if bound == float("inf"):
        # a leak (T(0) < 1, or T(x) = 0 for some x < 1) rules out every μ
        return INFINITE if pair.leaks() else None
    return point(bound)
