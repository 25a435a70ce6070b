"""The privacy-loss-distribution route: every component's dominating pair, composed on a grid.

Upper bound: each run's pessimistic grid distribution (connected dots), all
composed by one FFT, δ(ε) with every error term added, in both neighbour
directions (the larger ε wins). Lower bound: each run replaced by an extremal
mechanism meeting its guarantee (the mechanism itself for Gaussian, Laplace and
subsampled Gaussian components; randomized response for ε-DP; the Gaussian of
the same ρ or Rényi value for zCDP and RDP), discretised optimistically (lowered
connected dots, or at very small δ losses rounded down) with every error term
subtracted: no accountant given only these guarantees can certify less. Each run's range
reaches where less than δ/(1000·runs) of its mass lies above it, and below δ = ``SMALL``
both compositions are tilted (:mod:`~dptaxonomy.reasoning.accounting.tilt`).
"""

from __future__ import annotations

from collections.abc import Sequence

from dptaxonomy.base.records import replace
from dptaxonomy.reasoning.accounting.components import Component, Shape
from dptaxonomy.reasoning.maps.intervals import sqrt

TYPE_CHECKING = False
if TYPE_CHECKING:  # the grid modules load only when the route runs (an exact closed form skips it)
    from dptaxonomy.reasoning.accounting.pld import Composed

__all__ = ["GRID", "has_pld", "pld_epsilon", "witness"]

GRID = 1e-4
"""The default grid step of privacy losses (dp_accounting's default discretisation)."""

SMALL = 1e-9
"""Below this δ the upper bound's composition is tilted (``pld.compose``): its absolute
errors, ~10⁻¹⁶ of the total mass, become relative to δ."""

DOTS_SLACK = 1e-10
"""Per run: below δ / runs, lower bounds connect the dots; above it, they round losses down."""

_PLD_SHAPES = frozenset({Shape.gaussian, Shape.laplace, Shape.pure, Shape.approximate})


def has_pld(component: Component) -> bool:
    """Whether the component has a dominating pair the route can discretise."""
    if component.sampled:
        return component.shape is Shape.gaussian
    return component.shape in _PLD_SHAPES


def witness(component: Component) -> Component | None:
    """An extremal mechanism meeting the component's guarantee (for lower bounds), or None."""
    if has_pld(component):
        return component
    values = component.values
    if component.shape is Shape.zcdp and values["xi"].high == 0:
        mu = sqrt(2 * values["rho"])
    elif component.shape is Shape.renyi:
        mu = sqrt(2 * values["epsilon"] / values["alpha"])
    else:
        return None
    return replace(component, shape=Shape.gaussian, values={"mu": mu})


def _composed(
    components: Sequence[Component], h: float, *, pessimistic: bool, delta: float
) -> list[Composed]:
    # an optimistic run's connected dots may exceed the truth by ~1e-10 (rounding): where the
    # runs' sum of that is not small against δ, losses are rounded down instead
    from dptaxonomy.reasoning.accounting.lossdist import Direction, loss_cdf
    from dptaxonomy.reasoning.accounting.pld import compose, discretise
    from dptaxonomy.reasoning.accounting.tilt import tilt_for

    runs = sum(c.count for c in components)
    dots = pessimistic or runs * DOTS_SLACK < delta
    # the mass beyond a run's range goes to +∞: below a thousandth of δ over all runs
    tail = delta * 1e-3 / runs
    results = []
    for direction in Direction:
        parts = [
            (
                discretise(
                    loss_cdf(c, direction, pessimistic=pessimistic, tail=tail),
                    h,
                    pessimistic=pessimistic,
                    dots=dots,
                    floor=tail,
                ),
                c.count,
            )
            for c in components
        ]
        tilt = tilt_for(parts, h, delta) if delta < SMALL else 0.0
        results.append(compose(parts, h, tilt=tilt))
    return results


def pld_epsilon(
    components: Sequence[Component], delta: float, *, h: float = GRID, lower_bound: bool = True
) -> tuple[float | None, float | None, float]:
    """(certified ε or None, lower bound or None, the grid step used).

    The upper bound needs every component to have a loss distribution; the lower
    bound needs a witness for each. The grid is coarsened (×4) while the FFT
    window would exceed its limit.
    """
    from dptaxonomy.reasoning.accounting.grid_epsilon import lower_epsilon, upper_epsilon

    upper_parts = list(components) if all(has_pld(c) for c in components) else None
    witnesses = [witness(c) for c in components]
    lower_parts = [w for w in witnesses if w is not None] if None not in witnesses else None
    while True:
        try:
            upper = None
            if upper_parts is not None:
                values = [
                    upper_epsilon(c, delta)
                    for c in _composed(upper_parts, h, pessimistic=True, delta=delta)
                ]
                upper = None if None in values else max(v for v in values if v is not None)
            lower = None
            if lower_parts is not None and lower_bound:
                composed = _composed(lower_parts, h, pessimistic=False, delta=delta)
                lows = [lower_epsilon(c, delta) for c in composed]
                lower = max(lows)
            return upper, lower, h
        except OverflowError:
            h *= 4
            if h > 1.0:
                return None, None, h
