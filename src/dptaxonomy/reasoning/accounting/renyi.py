"""The Rényi route: each component's RDP curve at a grid of orders, summed, converted out.

A component's curve comes from the catalog: its mechanism's ``renyi-dp`` claim
or a map of its definition into ``renyi-dp`` (the order α left free), one
:class:`~dptaxonomy.reasoning.accounting.components.Lift` each; where several
apply, the smallest value at each order wins. The Poisson-subsampled Gaussian,
which no catalog fact maps, uses :mod:`~dptaxonomy.reasoning.accounting.subsampled`
(exact at integer orders, a certified quadrature at fractional ones; the best order is
then searched for near the best grid order, and its quadrature refined).
A guarantee at one order α holds at every order below it (Rényi divergence is
non-decreasing in the order: van Erven and Harremoës 2014). Curves add under
composition by the catalog's rule, and the total converts to
(ε, δ) through every catalog map from ``renyi-dp`` to ``approximate-dp``, the
best order and map winning. Every number is an interval enclosure.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.golden import golden_section
from dptaxonomy.base.records import record
from dptaxonomy.reasoning.accounting import availability
from dptaxonomy.reasoning.accounting.components import Component, Shape
from dptaxonomy.reasoning.accounting.rules import RuleRef, fold
from dptaxonomy.reasoning.accounting.subsampled import (
    CELLS,
    FINE_CELLS,
    fractional_rdp,
    integer_rdp,
)
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact, lower, upper
from dptaxonomy.schema.arith import Node

__all__ = [
    "ORDERS",
    "Converter",
    "RenyiCurve",
    "component_curve",
    "compose_curves",
    "epsilon_at",
    "refined",
]

ORDERS: tuple[IV, ...] = tuple(
    exact(text)
    for text in [
        "1.25",
        "1.5",
        "1.75",
        "2",
        "2.5",
        "3",
        "3.5",
        "4",
        "4.5",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "11",
        "12",
        "13",
        "14",
        "15",
        "16",
        "18",
        "20",
        "22",
        "24",
        "26",
        "28",
        "32",
        "36",
        "40",
        "44",
        "48",
        "56",
        "64",
        "80",
        "96",
        "112",
        "128",
        "160",
        "192",
        "256",
        "384",
        "512",
        "1024",
        "2048",
        "4096",
    ]
)
"""The orders the curve is evaluated at (integer ones only for subsampled components)."""

_SUBSAMPLED_LIMIT = 1024
"""The largest order of the subsampled-Gaussian expansion (its sum has α + 1 terms)."""
_FRACTIONAL_LIMIT = 64.0
"""The largest fractional order the subsampled Gaussian's quadrature is run at."""
_ORDER_STEP = 0.01
"""The golden-section search for the best fractional order stops at this width."""


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


def refined(
    components: Sequence[Component],
    rule: RuleRef,
    delta: IV,
    converters: Sequence[Converter],
    centre: IV,
) -> tuple[IV, IV, Converter] | None:
    """A better order than ``centre`` (the best on :data:`ORDERS`), or None: the best
    integer between its neighbours on the grid (exact), then the best fractional order
    within 1 of that integer (up to order 64), each by a golden-section search (any order
    gives a sound bound, so the search only chooses); the fractional order's sound ε is
    computed on the fine grid (:data:`FINE_CELLS`)."""

    def at(order: float, cells: int = CELLS) -> tuple[IV, IV, Converter] | None:
        curve = compose_curves(components, rule, (exact(repr(order)),), cells)
        return epsilon_at(curve, delta, converters) if curve is not None else None

    def score(order: float) -> float:
        found = at(order)
        return math.inf if found is None else upper(found[0])

    grid = [upper(order) for order in ORDERS]
    middle = upper(centre)
    low = max([2.0, *(g for g in grid if g < middle)])
    high = min([_SUBSAMPLED_LIMIT, *(g for g in grid if g > middle)])
    whole = _golden(lambda x: score(float(round(x))), low, high, 1.0)
    best = float(round(whole)) if math.isfinite(whole) else middle
    found = [at(best)]
    if best - 1 < _FRACTIONAL_LIMIT and availability.numpy_available():
        step = _golden(
            lambda x: score(round(x, 3)),
            max(1 + 2**-6, best - 1),
            min(_FRACTIONAL_LIMIT, best + 1),
            _ORDER_STEP,
        )
        if math.isfinite(step):
            found.append(at(round(step, 3), FINE_CELLS))
    results = [f for f in found if f is not None]
    return min(results, key=lambda f: upper(f[0])) if results else None


def _golden(score: Callable[[float], float], low: float, high: float, width: float) -> float:
    """Where ``score`` is least on [low, high], to ``width`` (:func:`golden_section`), or nan
    when low ≥ high."""
    if low >= high:
        return math.nan
    return min(golden_section(score, low, high, width=width))[1]


def component_curve(
    component: Component, orders: Sequence[IV] = ORDERS, cells: int = CELLS
) -> tuple[dict[int, IV], list[str]]:
    """One run's RDP at each usable order (by index into ``orders``), and where it comes from."""
    values: dict[int, IV] = {}
    cited: list[str] = []
    if component.sampled:
        if component.shape is not Shape.gaussian or component.rate is None:
            return {}, []
        mu, rate = component.values["mu"], component.rate
        fractional = availability.numpy_available()  # else the integer orders only
        for index, order in enumerate(orders):
            number = upper(order)
            if number == int(number) and 2 <= number <= _SUBSAMPLED_LIMIT:
                values[index] = integer_rdp(mu, rate, int(number))
            elif number <= _FRACTIONAL_LIMIT and lower(order) > 1 and fractional:
                values[index] = fractional_rdp(upper(mu), upper(rate), number, cells)
        cited.append("the subsampled Gaussian's RDP [MTZ19, Section 3.3] (docs/compose.md)")
        return values, cited
    if component.shape is Shape.renyi:  # one order given; D_α is non-decreasing in α
        given, value = component.values["alpha"], component.values["epsilon"]
        for index, order in enumerate(orders):
            if upper(order) <= lower(given):
                values[index] = value
        cited.append(f"{component.label} (given), at every order up to its own [vEH14]")
        return values, cited
    for lift in component.lifted("renyi-dp"):
        assert lift.curve is not None
        cited.append(lift.citation)
        for index, order in enumerate(orders):
            try:
                value = evaluate_interval(lift.curve, {**lift.values, "alpha": order})
            except (NumericError, ArithmeticError, ValueError):
                continue
            if index not in values or upper(value) < upper(values[index]):
                values[index] = value
    return values, cited


def compose_curves(
    components: Sequence[Component],
    rule: RuleRef,
    orders: Sequence[IV] = ORDERS,
    cells: int = CELLS,
) -> RenyiCurve | None:
    """The composed curve by the catalog's RDP composition ``rule`` (α shared), order by order."""
    totals: dict[int, IV] | None = None
    cited: list[str] = []
    for component in components:
        values, sources = component_curve(component, orders, cells)
        if not values:
            return None
        cited.extend(s for s in sources if s not in cited)
        scaled = {
            i: fold(rule, {"epsilon": v}, component.count, {"alpha": orders[i]})["epsilon"]
            for i, v in values.items()
        }
        if totals is None:
            totals = scaled
        else:
            totals = {
                i: fold_pair(rule, totals[i], scaled[i], orders[i])
                for i in totals.keys() & scaled.keys()
            }
    if not totals:
        return None
    keys = sorted(totals)
    return RenyiCurve(tuple(orders[i] for i in keys), tuple(totals[i] for i in keys), tuple(cited))


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
            except (NumericError, ArithmeticError, ValueError):
                continue
            if best is None or upper(value) < upper(best[0]):
                best = (value, order, converter)
    return best
