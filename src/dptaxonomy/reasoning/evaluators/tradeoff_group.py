"""Group privacy of f-DP, checked on trade-off curves: Dong, Roth and Su's rule that an f-DP
mechanism is [1 − (1 − f)^{∘k}]-DP on inputs at distance k (``closed_form: tradeoff_group``;
for a change of neighbourhood add/remove → replace-one, the same at k = 2).

**The f of the steps.** For finite pairs, f is the largest convex function the battery can
certify below every step's trade-off curve, in both orders. It is written through the dual
form of a trade-off curve: for a test φ and any c ≥ 0, the type II error satisfies
1 − E_Q[φ] ≥ 1 − c·E_P[φ] − Σ (q − c·p)⁺, so T(P, Q)(x) ≥ 1 − c·x − H_c(Q ‖ P) at every x,
with equality in the supremum over c (attained at the likelihood ratios q/p, the slopes of
T's pieces). Taking, for each slope c of every step, the largest H_c over the steps and both
orders, f(x) = max(0, max_c [1 − c·x − H_c]) is convex, non-increasing, at most 1 − x, and
below every step's curve: a trade-off function every step meets, so the rule applies to it.

**The grouped curve.** ψ = 1 − f is concave and non-decreasing, so ψ^{∘k} is concave and
1 − ψ^{∘k} convex: :func:`~dptaxonomy.reasoning.evaluators.tradeoff.meets` decides it on the
grouped pair's vertices. The Gaussian mechanism's steps meet G_μ exactly, and its grouped
pair's curve G_{kμ} is compared with 1 − (1 − G_μ)^{∘k} at the type I errors of :data:`ALPHAS`.

A group rule written as a map on f-DP's f is read the same way when the map is f itself (no
degradation): that planted rule is what the checks refute.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from decimal import Decimal
from typing import TYPE_CHECKING

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.evaluators.battery import mechanism_cases
from dptaxonomy.reasoning.evaluators.closed_forms import positive_part
from dptaxonomy.reasoning.evaluators.families import Finite, Gaussian, at_most
from dptaxonomy.reasoning.evaluators.operation_checks import GROUPS
from dptaxonomy.reasoning.evaluators.operation_pairs import Masses, chains, scaled
from dptaxonomy.reasoning.evaluators.tradeoff import GaussianTradeoff, Tradeoff, meets
from dptaxonomy.reasoning.evaluators.verdicts import Results
from dptaxonomy.reasoning.maps.intervals import Enclosure, enclose
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper
from dptaxonomy.schema.arith import Name, parse_expression
from dptaxonomy.schema.enums import ClosedForm, Neighbourhood, OperationKind

if TYPE_CHECKING:
    from dptaxonomy.schema.mechanisms import Mechanism
    from dptaxonomy.schema.operations import OperationRule

__all__ = [
    "ALPHAS",
    "DualTradeoff",
    "GroupTradeoff",
    "applies",
    "dual_tradeoff",
    "tradeoff_group_results",
]

ALPHAS = ("0.001", "0.01", "0.1", "0.3", "0.5", "0.7", "0.9")
"""Type I errors at which a Gaussian group is compared."""

_ZERO, _ONE = Decimal(0), Decimal(1)


def _unit(value: IV) -> IV:
    """The enclosure cut to [0, 1] (a probability)."""
    low, high = (min(max(end, _ZERO), _ONE) for end in (value.low, value.high))
    return Enclosure(low, high)


@record
class DualTradeoff:
    """max(0, max over lines of 1 − c·x − h): a convex, non-increasing trade-off function."""

    lines: tuple[tuple[IV, IV], ...]

    def at(self, x: IV) -> IV:
        values = [1 - c * x - h for c, h in self.lines]
        return Enclosure(
            max(_ZERO, *(v.low for v in values)), max(_ZERO, *(v.high for v in values))
        )


@record
class GroupTradeoff:
    """1 − (1 − f)^{∘k}: the trade-off function DRS21's group rule gives at distance k."""

    base: Tradeoff
    k: int

    def at(self, x: IV) -> IV:
        value = _unit(x)
        for _ in range(self.k):
            value = _unit(1 - self.base.at(value))
        return 1 - value


def _slopes(p: Masses, q: Masses) -> list[IV]:
    """The ratios q/p where both are positive, as exact points (any c ≥ 0 gives a sound line)."""
    found = []
    for a, b in zip(p, q, strict=True):
        if lower(a) > 0 and lower(b) > 0:
            found.append(point(upper(b / a)))
    return found


def _excess(p: Masses, q: Masses, c: IV) -> IV:
    """H_c(Q ‖ P) = Σ (q − c·p)⁺."""
    total = point(0.0)
    for a, b in zip(p, q, strict=True):
        total += positive_part(b - c * a)
    return total


def dual_tradeoff(steps: list[Finite]) -> DualTradeoff:
    """The convex f below every step's trade-off curve in both orders (module docstring)."""
    orders = [(s.p, s.q) for s in steps] + [(s.q, s.p) for s in steps]
    slopes = sorted({upper(c): c for p, q in orders for c in _slopes(p, q)}.items())
    lines = []
    for _, c in slopes:
        excess = [_excess(p, q, c) for p, q in orders]
        lines.append((c, enclose(max(upper(e) for e in excess))))
    return DualTradeoff(tuple(lines))


def _distance(rule: OperationRule) -> tuple[int, ...]:
    if rule.operation is OperationKind.group_privacy:
        return GROUPS
    moved = (rule.neighbourhood, rule.to_neighbourhood)
    return (2,) if moved == (Neighbourhood.add_remove, Neighbourhood.replace_one) else ()


def _identity(rule: OperationRule) -> bool:
    """Whether the rule is a map ``f: f`` (the grouped mechanism keeps its f)."""
    mapped = (rule.parameter_map or {}).get("f")
    return mapped is not None and parse_expression(mapped) == Name("f")


def applies(rule: OperationRule) -> bool:
    """Whether this module checks the rule of an f-DP definition."""
    degraded = rule.closed_form is ClosedForm.tradeoff_group or _identity(rule)
    return degraded and bool(_distance(rule))


def _result(rule: OperationRule, base: Tradeoff, k: int) -> Tradeoff:
    return base if _identity(rule) else GroupTradeoff(base, k)


@record
class _Group:
    label: str
    steps: list[Finite]
    grouped: Finite


def _finite_groups(mechanisms: dict[str, Mechanism], k: int) -> Iterator[_Group]:
    for label, chain in chains(k):
        steps = [Finite(x, y) for x, y in itertools.pairwise(chain)]
        yield _Group(label, steps, Finite(chain[0], chain[-1]))
    for mechanism in mechanisms.values():
        for case in mechanism_cases(mechanism):
            grouped = scaled(mechanism, case, k)
            if isinstance(case.pair, Finite) and isinstance(grouped, Finite):
                yield _Group(f"{case.label} at distance {k}", [case.pair], grouped)


def _gaussian_results(rule: OperationRule, mechanisms: dict[str, Mechanism], k: int) -> Results:
    results: Results = []
    for mechanism in mechanisms.values():
        for case in mechanism_cases(mechanism):
            grouped = scaled(mechanism, case, k)
            if not (isinstance(case.pair, Gaussian) and isinstance(grouped, Gaussian)):
                continue
            promised = _result(rule, GaussianTradeoff(case.pair.mu), k)
            curve = GaussianTradeoff(grouped.mu)
            for text in ALPHAS:
                x = exact(text)
                verdict = at_most(promised.at(x), curve.at(x))
                results.append((verdict, f"{case.label} at distance {k}: x={text}"))
    return results


def tradeoff_group_results(rule: OperationRule, mechanisms: dict[str, Mechanism]) -> Results:
    """Verdicts of an f-DP group (or add/remove → replace-one) rule: each grouped pair must meet
    the rule's trade-off function of its steps' f (module docstring)."""
    results: Results = []
    for k in _distance(rule):
        for group in _finite_groups(mechanisms, k):
            promised = _result(rule, dual_tradeoff(group.steps), k)
            results.append((meets(group.grouped, promised), f"{group.label}: f of its steps"))
        results.extend(_gaussian_results(rule, mechanisms, k))
    return results
