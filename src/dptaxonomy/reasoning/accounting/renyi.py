"""The Rényi route: each component's RDP curve at a grid of orders, summed, converted out.

A component's curve comes from the catalog: its mechanism's ``renyi-dp`` claim
or a map of its definition into ``renyi-dp`` (the order α left free), one
:class:`~dptaxonomy.reasoning.accounting.components.Lift` each; where several
apply, the smallest value at each order wins. The Poisson-subsampled Gaussian,
which no catalog fact maps, uses the exact integer-order expansion of Mironov,
Talwar and Zhang 2019 (Section 3.3):
ε(α) = log Σ_{j=0..α} C(α, j)(1 − q)^(α−j) q^j e^((j² − j)μ²/2) / (α − 1),
which bounds both neighbour directions at integer α. Curves add under
composition by the catalog's rule, and the total converts to
(ε, δ) through every catalog map from ``renyi-dp`` to ``approximate-dp``, the
best order and map winning. Every number is an interval enclosure.
"""

from __future__ import annotations

from collections.abc import Sequence

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.accounting.components import Component, Shape
from dptaxonomy.reasoning.accounting.rules import RuleRef, fold
from dptaxonomy.reasoning.maps.numeric import INTERVALS, IV, binomial_mass, evaluate_interval, exact, point, upper
from dptaxonomy.schema.arith import Node

__all__ = ["ORDERS", "Converter", "RenyiCurve", "component_curve", "epsilon_at"]

ORDERS: tuple[IV, ...] = tuple(
    exact(text)
    for text in (
        "1.25 1.5 1.75 2 2.5 3 3.5 4 4.5 5 6 7 8 9 10 11 12 13 14 15 16 18 20 22 24 26 28 "
        "32 36 40 44 48 56 64 80 96 112 128 160 192 256 384 512 1024 2048 4096"
    ).split()
)
"""The orders the curve is evaluated at (integer ones only for subsampled components)."""

_SUBSAMPLED_LIMIT = 256
"""The largest order of the subsampled-Gaussian expansion (its sum has α + 1 terms)."""


@record
class Converter:
    """A catalog map from (α, ε)-RDP to (ε, δ)-DP: ε of the target as an expression."""

    expression: Node
    citation: str


@record
class RenyiCurve:
    """ε(α) of a composition at each order where every component has a value."""

    orders: tuple[IV, ...]
    epsilons: tuple[IV, ...]
    citations: tuple[str, ...]
    """The catalog facts (and formulas) the components' curves came from."""


def _subsampled(mu: IV, q: IV, order: int) -> IV:
    """The Poisson-subsampled Gaussian's RDP at integer ``order`` (an enclosure)."""
    total = point(0.0)
    scale = mu * mu / 2
    for j in range(order + 1):
        total = total + binomial_mass(j, order, q) * INTERVALS.exp((j * j - j) * scale)
    return INTERVALS.log(total) / (order - 1)


def component_curve(component: Component) -> tuple[dict[int, IV], list[str]]:
    """One run's RDP at each usable order (by index into ORDERS), and where it comes from."""
    values: dict[int, IV] = {}
    cited: list[str] = []
    if component.sampled:
        if component.shape is not Shape.gaussian or component.rate is None:
            return {}, []
        for index, order in enumerate(ORDERS):
            number = upper(order)
            if number == int(number) and 2 <= number <= _SUBSAMPLED_LIMIT:
                values[index] = _subsampled(component.values["mu"], component.rate, int(number))
        cited.append("[MTZ19, Section 3.3] the subsampled Gaussian's integer-order RDP")
        return values, cited
    for lift in component.lifted("renyi-dp"):
        assert lift.curve is not None
        cited.append(lift.citation)
        for index, order in enumerate(ORDERS):
            try:
                value = evaluate_interval(lift.curve, {**lift.values, "alpha": order})
            except (ArithmeticError, ValueError, ZeroDivisionError):
                continue
            if index not in values or upper(value) < upper(values[index]):
                values[index] = value
    return values, cited


def compose_curves(components: Sequence[Component], rule: RuleRef) -> RenyiCurve | None:
    """The composed curve by the catalog's RDP composition ``rule`` (α shared), order by order."""
    totals: dict[int, IV] | None = None
    cited: list[str] = []
    for component in components:
        values, sources = component_curve(component)
        if not values:
            return None
        cited.extend(s for s in sources if s not in cited)
        scaled = {
            i: fold(rule, {"epsilon": v}, component.count, {"alpha": ORDERS[i]})["epsilon"]
            for i, v in values.items()
        }
        if totals is None:
            totals = scaled
        else:
            totals = {
                i: fold_pair(rule, totals[i], scaled[i], ORDERS[i])
                for i in totals.keys() & scaled.keys()
            }
    if not totals:
        return None
    keys = sorted(totals)
    return RenyiCurve(
        tuple(ORDERS[i] for i in keys), tuple(totals[i] for i in keys), tuple(cited)
    )


def fold_pair(rule: RuleRef, first: IV, second: IV, order: IV) -> IV:
    """Two RDP values at one order composed by ``rule``."""
    result = rule.evaluate({"epsilon_1": first, "epsilon_2": second, "alpha": order})
    if result is None:
        raise ValueError(f"a condition of {rule.citation} fails")
    return result["epsilon"]


def epsilon_at(
    curve: RenyiCurve, delta: IV, converters: Sequence[Converter]
) -> tuple[IV, IV, Converter] | None:
    """The smallest ε at ``delta`` over orders and catalog maps: (ε, its order, the map)."""
    best: tuple[IV, IV, Converter] | None = None
    for order, epsilon in zip(curve.orders, curve.epsilons, strict=True):
        for converter in converters:
            try:
                value = evaluate_interval(
                    converter.expression, {"alpha": order, "epsilon": epsilon, "delta": delta}
                )
            except (ArithmeticError, ValueError, ZeroDivisionError):
                continue
            if best is None or upper(value) < upper(best[0]):
                best = (value, order, converter)
    return best
