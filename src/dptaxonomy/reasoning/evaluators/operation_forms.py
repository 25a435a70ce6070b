"""Checking the operation rules written as closed forms on profiles, privacy-loss distributions
and Rényi curves, and the entry point that checks every rule (with :func:`rule_reading`, the
line naming it).

* ``pld_convolution``: for two finite battery pairs, in each order (P, Q), the privacy-loss
  distributions ω₁, ω₂ of the parts (loss log(p/q) with mass p; +∞ where q = 0) are convolved,
  and the product pair's hockey-stick divergence H_{e^ε}(P₁×P₂ ‖ Q₁×Q₂) must be at most
  E_{L∼ω₁⊛ω₂}[(1 − e^{ε−L})⁺] at every ε of the grid;
* ``profile_subsampled``: a profile is (ε, δ(ε))-DP at every ε, so Balle–Barthe–Gaboardi's map
  is checked as the (ε, δ)-DP rule ε' = log(1 + q(e^ε − 1)), δ' = qδ on the same pairs as
  (ε, δ)-DP's amplification rules, ε on the grid;
* ``profile_group``: likewise, the rule is checked as (ε, δ)-DP's own group-privacy rule (the
  approximate-dp entry's map, read from the catalog, not repeated here), ε on the grid; at
  k = 2 for add/remove → replace-one. A privacy-loss distribution's rules that state their
  ``result`` in privacy-profile (the profile it induces) are checked the same way;
* ``subsampled_renyi``: the parts' Rényi DP at the orders 2, …, α (and ε(∞)) are read off
  battery pairs, the scheme's bound (:mod:`dptaxonomy.reasoning.evaluators.closed_forms`) is
  evaluated, and the subsampled pair's Rényi divergence at α must not exceed it. Poisson with
  add/remove neighbours reads (R, (1 − q)R + qP); replace-one neighbours read
  ((1 − q)R + qP, (1 − q)R + qQ), every two of R, P, Q within the curve without replacement,
  only (P, Q) under Poisson sampling (R has one record fewer).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from dptaxonomy.reasoning.evaluators import tradeoff_group
from dptaxonomy.reasoning.evaluators.battery import Case
from dptaxonomy.reasoning.evaluators.closed_forms import (
    poisson_renyi,
    positive_part,
    without_replacement_renyi,
)
from dptaxonomy.reasoning.evaluators.definitions import EPSILONS, EVALUABLE, FDP
from dptaxonomy.reasoning.evaluators.families import Finite, at_most, hull_max, is_infinite
from dptaxonomy.reasoning.evaluators.operation_checks import RATES, rule_reading, rule_results
from dptaxonomy.reasoning.evaluators.operation_failures import subsampled_gaussian_results
from dptaxonomy.reasoning.evaluators.operation_pairs import Masses, composable, mixture, triples
from dptaxonomy.reasoning.evaluators.operation_range import range_results
from dptaxonomy.reasoning.evaluators.verdicts import Results
from dptaxonomy.reasoning.maps.intervals import exp, log
from dptaxonomy.reasoning.maps.numeric import IV, exact, point, upper
from dptaxonomy.reasoning.maps.rounding import assignment_text
from dptaxonomy.schema.enums import ClosedForm, Neighbourhood, OperationKind, Sampling

if TYPE_CHECKING:
    from collections.abc import Iterator

    from dptaxonomy.schema.mechanisms import Mechanism
    from dptaxonomy.schema.models import Definition
    from dptaxonomy.schema.operations import OperationRule

__all__ = [
    "PROFILE_SUBSAMPLED",
    "RENYI_ORDERS",
    "convolve",
    "hockey_stick",
    "loss_distribution",
    "operation_results",
    "pld_delta",
    "rule_reading",
]

Loss = tuple[IV | None, IV]
"""A privacy-loss value (None for +∞) and its mass."""

PROFILE_SUBSAMPLED = {"epsilon": "log(1 + q * (exp(epsilon) - 1))", "delta": "q * delta"}
"""Balle–Barthe–Gaboardi's map at one point ε of the profile, as an (ε, δ)-DP map."""
RENYI_ORDERS = (2, 3, 5, 8)
"""Integer orders α at which the subsampled Rényi bounds are checked."""


def loss_distribution(p: Masses, q: Masses) -> list[Loss]:
    """The privacy-loss distribution of (P, Q): log(p/q) with mass p, +∞ (None) where q = 0."""
    return [
        (None if upper(b) == 0 else log(a / b), a)
        for a, b in zip(p, q, strict=True)
        if upper(a) > 0
    ]


def convolve(first: list[Loss], second: list[Loss]) -> list[Loss]:
    """The law of the sum of independent losses."""
    return [
        (None if a is None or b is None else a + b, m * n)
        for (a, m), (b, n) in itertools.product(first, second)
    ]


def pld_delta(losses: list[Loss], epsilon: IV) -> IV:
    """E_{L∼ω}[(1 − e^{ε−L})⁺] for a finite privacy-loss distribution ω (mass at +∞ counts
    whole)."""
    total = point(0.0)
    for loss, mass in losses:
        total += mass if loss is None else mass * positive_part(1 - exp(epsilon - loss))
    return total


def hockey_stick(p: Masses, q: Masses, epsilon: IV) -> IV:
    """H_{e^ε}(P ‖ Q) = Σ (p − e^ε q)⁺."""
    scale = exp(epsilon)
    total = point(0.0)
    for a, b in zip(p, q, strict=True):
        total += positive_part(a - scale * b)
    return total


def _convolution_results(cases: list[Case]) -> Iterator[tuple[bool | None, str]]:
    usable = [c for c in cases if isinstance(c.pair, Finite) and composable(c.pair)]
    for a, b in zip(usable, [*usable[1:], *usable[:1]], strict=True):
        pa, pb = a.pair, b.pair
        if not (isinstance(pa, Finite) and isinstance(pb, Finite)):
            continue
        for (p1, q1), (p2, q2) in (((pa.p, pa.q), (pb.p, pb.q)), ((pa.q, pa.p), (pb.q, pb.p))):
            omega = convolve(loss_distribution(p1, q1), loss_distribution(p2, q2))
            p = tuple(x * y for x in p1 for y in p2)
            q = tuple(x * y for x in q1 for y in q2)
            for text in EPSILONS:
                epsilon = exact(text)
                bound = pld_delta(omega, epsilon)
                verdict = at_most(hockey_stick(p, q, epsilon), bound)
                where = f"{a.label} × {b.label}: epsilon={text} gives delta={_shown(bound)}"
                yield verdict, where


def _shown(value: IV) -> str:
    return assignment_text({"v": value}).removeprefix("v=")


def _curve(pairs: list[Finite], alpha: int) -> tuple[dict[int, IV], IV] | None:
    """The largest Rényi DP of the pairs at the orders 2, …, α, and their largest pure ε."""
    curve = {}
    for order in range(2, alpha + 1):
        values = [pair.renyi(exact(str(order))) for pair in pairs]  # orders ≥ 2
        if any(is_infinite(v) for v in values):
            return None
        curve[order] = hull_max(values)
    return curve, hull_max([pair.epsilon() for pair in pairs])


Point = tuple[str, IV, Finite, list[Finite]]
"""Where, the rate q, the subsampled pair, and the pairs the mechanism's curve must cover."""


def _renyi_points(rule: OperationRule, cases: list[Case]) -> Iterator[Point]:
    poisson = rule.sampling is Sampling.poisson
    for text in RATES:
        rate = exact(text)
        if poisson and rule.neighbourhood is Neighbourhood.add_remove:
            for case in cases:
                if isinstance(case.pair, Finite):
                    r, p = case.pair.p, case.pair.q
                    subsampled = Finite(r, mixture(r, p, rate))
                    yield f"{case.label} subsampled q={text}", rate, subsampled, [case.pair]
            continue
        for label, r, p, q in triples():
            # replace-one neighbours: without replacement every two of R, P, Q are neighbours;
            # under Poisson sampling R (one record fewer) is unconstrained
            pairs = [Finite(p, q)] if poisson else [Finite(p, q), Finite(r, p), Finite(r, q)]
            subsampled = Finite(mixture(r, p, rate), mixture(r, q, rate))
            yield f"{label} subsampled q={text}", rate, subsampled, pairs


def _renyi_results(rule: OperationRule, cases: list[Case]) -> Iterator[tuple[bool | None, str]]:
    """The scheme's bound (Poisson: Zhu–Wang; without replacement: Wang–Balle–Kasiviswanathan)
    on the pairs of the rule's neighbourhood; without replacement under add/remove is not built."""
    poisson = rule.sampling is Sampling.poisson
    if not poisson and rule.neighbourhood is not Neighbourhood.replace_one:
        return
    for where, rate, subsampled, pairs in _renyi_points(rule, cases):
        for alpha in RENYI_ORDERS:
            found = _curve(pairs, alpha)
            if found is None:
                continue
            curve, pure = found
            bound = (
                poisson_renyi(curve, rate, alpha)
                if poisson
                else without_replacement_renyi(curve, pure, rate, alpha)
            )
            verdict = at_most(subsampled.renyi_at(exact(str(alpha))), bound)
            yield verdict, f"{where}: alpha={alpha} gives epsilon={_shown(bound)}"


def _pointwise_map(
    definitions: dict[str, Definition], rule: OperationRule
) -> dict[str, str] | None:
    """The (ε, δ)-DP map a profile rule applies at every ε, or None for other rules: the
    subsampling map, or approximate-dp's group-privacy rule as the catalog writes it."""
    if rule.closed_form is ClosedForm.profile_subsampled:
        return PROFILE_SUBSAMPLED
    if rule.closed_form is not ClosedForm.profile_group:
        return None
    for own in definitions["approximate-dp"].operations:
        if own.operation is OperationKind.group_privacy and own.parameter_map is not None:
            return dict(own.parameter_map)
    return None


def operation_results(
    definitions: dict[str, Definition],
    definition: Definition,
    rule: OperationRule,
    cases: list[Case],
    mechanisms: dict[str, Mechanism],
) -> Results:
    """Verdicts of any rule on the battery (empty when it cannot be checked, and for an
    ``open`` mark, which is no rule): f-DP's group rules by
    :mod:`~dptaxonomy.reasoning.evaluators.tradeoff_group`, the closed forms above here and
    bounded range's (:mod:`~dptaxonomy.reasoning.evaluators.operation_range`), rules that
    ``fails`` and zCDP's Poisson amplification maps also by
    :mod:`~dptaxonomy.reasoning.evaluators.operation_failures`, the others by
    :func:`~dptaxonomy.reasoning.evaluators.operation_checks.rule_results`."""
    if rule.not_checked is not None or rule.open is not None:
        return []
    if EVALUABLE.get(definition.id) is FDP and tradeoff_group.applies(rule):
        return tradeoff_group.tradeoff_group_results(rule, mechanisms)
    if rule.fails:
        return subsampled_gaussian_results(definition, rule)
    if rule.closed_form is ClosedForm.pld_convolution:
        return list(_convolution_results(cases))
    if rule.closed_form is ClosedForm.subsampled_renyi:
        return list(_renyi_results(rule, cases))
    if rule.closed_form is ClosedForm.optimal_bounded_range:
        return range_results(definition, cases)
    pointwise_map = _pointwise_map(definitions, rule)
    if pointwise_map is not None:
        update = {"closed_form": None, "parameter_map": pointwise_map, "result": None}
        pointwise = rule.model_copy(update=update)
        target = definitions["approximate-dp"]
        return rule_results(definitions, target, pointwise, cases, mechanisms)
    found = rule_results(definitions, definition, rule, cases, mechanisms)
    return found + subsampled_gaussian_results(definition, rule)
