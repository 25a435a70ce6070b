"""Compose components by every sound route and keep the pointwise best.

Routes (each refused with its reason when it does not apply):

- ``gaussian-dp``: every component is μ-GDP (Gaussian mechanisms, GDP guarantees);
  μ composes by the catalog's GDP rules and converts out through the catalog's
  exact δ(ε) map. Exact: its bracket is also the lower bound.
- ``optimal-pure``: k runs of one ε-DP guarantee, by the catalog's ``optimal_pure``
  closed form (Kairouz–Oh–Viswanath). Exact for ε-DP guarantees.
- ``privacy-loss-distribution``: dominating pairs on a grid (see ``loss_route``).
- ``renyi-dp``: RDP curves summed by the catalog's rule and converted out through
  every catalog map from RDP to (ε, δ).
- ``zero-concentrated-dp``: ρ and ξ summed by the catalog's rule, converted out
  through the Rényi curve ξ + ρα.

The answer's ε is the smallest certified one; its lower bound the largest lower
bound any route proves. Sampled ε-DP and (ε, δ)-DP components are first
amplified by the catalog's rule for their sampling scheme and relation.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from dptaxonomy.base.errors import ComposeError
from dptaxonomy.base.records import record, replace
from dptaxonomy.reasoning.accounting import availability
from dptaxonomy.reasoning.accounting.closed import gdp_epsilon, pure_epsilon
from dptaxonomy.reasoning.accounting.components import Component, Shape
from dptaxonomy.reasoning.accounting.loss_route import has_pld, pld_epsilon
from dptaxonomy.reasoning.accounting.renyi import (
    Converter,
    RenyiCurve,
    compose_curves,
    epsilon_at,
    refined,
)
from dptaxonomy.reasoning.accounting.rules import RuleBook, RuleRef, fold
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper
from dptaxonomy.schema.arith import Node
from dptaxonomy.schema.enums import Adaptivity, ClosedForm, CompositionForm

__all__ = ["Composition", "Converters", "Route", "Step", "compose"]

_PURE_LIMIT = 2000
"""The largest count the optimal-pure closed form is summed for (k + 1 terms per evaluation)."""


@record
class Step:
    """One step of a route's proof: what was done, and the catalog fact or rule it used."""

    kind: str
    """lift, amplify, compose or convert."""
    text: str
    citation: str


@record
class Route:
    """What one route gives: a certified ε at δ (or its refusal), a lower bound, the proof."""

    name: str
    epsilon: float | None
    steps: tuple[Step, ...] = ()
    low: float | None = None
    """The lower end of the route's own bracket (its ε is in [low, epsilon])."""
    lower: float | None = None
    """A lower bound on the best ε any accountant can certify from these guarantees."""
    refusal: str | None = None


@record
class Converters:
    """The catalog maps that convert a composed guarantee into (ε, δ)-DP."""

    renyi: tuple[Converter, ...]
    gaussian: Node | None = None
    gaussian_citation: str = ""
    zcdp_curve: Node | None = None
    """The map from zCDP to RDP: ε of the order as an expression of ξ, ρ and α."""
    zcdp_citation: str = ""


@record
class Composition:
    """Every route's answer at δ, and the composed guarantees in zCDP, GDP and RDP."""

    delta: float
    routes: tuple[Route, ...]
    zcdp: tuple[dict[str, IV], tuple[Step, ...]] | None
    gdp: tuple[IV, tuple[Step, ...]] | None
    curve_of: Callable[[], RenyiCurve | None]
    """The composed Rényi curve, computed once when first asked: an exact closed form's
    text answer does not show it, and it is a third of that answer's work."""

    @property
    def curve(self) -> RenyiCurve | None:
        return self.curve_of()

    @property
    def best(self) -> Route | None:
        finite = [r for r in self.routes if r.epsilon is not None]
        return min(finite, key=lambda r: r.epsilon or 0.0) if finite else None

    @property
    def lower(self) -> float | None:
        bounds = [r.lower for r in self.routes if r.lower is not None]
        return max(bounds) if bounds else None


def _lifted(component: Component, definition: str) -> dict[str, IV] | None:
    lifts = component.lifted(definition)
    if component.sampled or not lifts:
        return None
    return min(lifts, key=lambda lift: [upper(v) for v in lift.values.values()]).values


def _sum(
    components: Sequence[Component], book: RuleBook, definition: str, adaptivity: Adaptivity
) -> tuple[dict[str, IV], tuple[Step, ...]] | str:
    """Each component's guarantee in ``definition`` composed by the catalog's rules."""
    rule = book.composition(definition, adaptivity, form=CompositionForm.heterogeneous)
    if rule is None:
        return f"no composition rule of {definition} covers {adaptivity.value} composition"
    k_fold = book.composition(definition, adaptivity, form=CompositionForm.k_fold)
    steps: list[Step] = []
    total: dict[str, IV] | None = None
    used: list[RuleRef] = []
    for component in components:
        values = _lifted(component, definition)
        if values is None:
            return f"{component.label} has no {definition} guarantee (unsampled) in the catalog"
        lift = component.lifted(definition)[0]
        steps.append(Step("lift", f"{component.label} ⇒ {definition}", lift.citation))
        group, by = _fold(rule, k_fold, values, component.count)
        if component.count > 1 and by not in used:
            used.append(by)
        if total is not None:
            total = _pair(rule, total, group)
            if rule not in used:
                used.append(rule)
        else:
            total = group
    assert total is not None
    for ref in used:
        form = ref.rule.form.value.replace("_", "-") if ref.rule.form else "composition"
        steps.append(Step("compose", f"{definition} guarantees composed ({form})", ref.citation))
    return total, tuple(steps)


def _fold(
    rule: RuleRef, k_fold: RuleRef | None, values: dict[str, IV], count: int
) -> tuple[dict[str, IV], RuleRef]:
    """``count`` runs of one guarantee: by the k-fold rule when there is one, else folded."""
    if k_fold is not None and count > 1:
        result = k_fold.evaluate({**values, "k": point(float(count))})
        if result is not None:
            return {name: result.get(name, values[name]) for name in values}, k_fold
    return fold(rule, values, count, {}), rule


def _pair(rule: RuleRef, first: dict[str, IV], second: dict[str, IV]) -> dict[str, IV]:
    env = {f"{n}_1": first[n] for n in first} | {f"{n}_2": second[n] for n in second}
    result = rule.evaluate(env)
    if result is None:
        raise ValueError(f"a condition of {rule.citation} fails")
    return {name: result.get(name, first[name]) for name in first}


def _gdp_route(
    mu: IV | None, steps: tuple[Step, ...], delta: float, converters: Converters, exact_pairs: bool
) -> Route:
    name = "gaussian-dp"
    if mu is None or converters.gaussian is None:
        return Route(name, None, refusal="not every component is μ-GDP")
    bracket = gdp_epsilon(mu, delta, converters.gaussian)
    if bracket is None:
        return Route(name, None, steps, refusal="no finite ε at this δ")
    out = Step("convert", "μ-GDP ⇒ (ε, δ)-DP, solved for ε", converters.gaussian_citation)
    low, high = bracket
    return Route(name, high, (*steps, out), low, low if exact_pairs else None)


def _pure_route(
    components: Sequence[Component], delta: float, book: RuleBook, adaptivity: Adaptivity
) -> Route:
    name = "optimal-pure"
    shapes = {c.shape for c in components}
    if shapes - {Shape.pure, Shape.laplace} or any(c.sampled for c in components):
        return Route(name, None, refusal="not every component is ε-DP")
    epsilons = {(lower(c.values["epsilon"]), upper(c.values["epsilon"])) for c in components}
    if len(epsilons) != 1:
        return Route(name, None, refusal="the components' ε differ (the closed form is k-fold)")
    count = sum(c.count for c in components)
    if count > _PURE_LIMIT:
        return Route(
            name, None, refusal=f"{count} runs: the closed form is summed up to {_PURE_LIMIT}"
        )
    rule = book.composition("differential-privacy", adaptivity, closed_form=ClosedForm.optimal_pure)
    if rule is None:
        return Route(
            name, None, refusal=f"no optimal_pure rule covers {adaptivity.value} composition"
        )
    bracket = pure_epsilon(components[0].values["epsilon"], count, delta)
    if bracket is None:
        return Route(name, None, refusal="no finite ε at this δ")
    steps = (Step("compose", f"{count} runs of ε-DP, optimal composition", rule.citation),)
    tight = shapes == {Shape.pure}
    return Route(name, bracket[1], steps, bracket[0], bracket[0] if tight else None)


def _renyi_route(
    components: Sequence[Component],
    curve: RenyiCurve | None,
    rule: RuleRef | None,
    delta: float,
    converters: Converters,
) -> Route:
    name = "renyi-dp"
    if curve is None or rule is None:
        return Route(name, None, refusal="not every component has a Rényi curve")
    target = exact(repr(delta))
    best = epsilon_at(curve, target, converters.renyi)
    if best is None:
        return Route(name, None, refusal="no catalog map converts the curve at this δ")
    if any(c.sampled for c in components):  # the best fractional order near the best one
        better = refined(components, rule, target, converters.renyi, best[1])
        if better is not None and upper(better[0]) < upper(best[0]):
            best = better
    value, order, converter = best
    steps = (
        *(Step("lift", "Rényi curve", c) for c in curve.citations),
        Step("compose", "Rényi curves added order by order", rule.citation),
        Step("convert", f"(α, ε)-RDP ⇒ (ε, δ)-DP at α = {upper(order):g}", converter.citation),
    )
    return Route(name, upper(value), steps, lower(value))


def _pld_route(components: Sequence[Component], delta: float, rule: RuleRef | None) -> Route:
    name = "privacy-loss-distribution"
    if not availability.numpy_available():
        return Route(name, None, refusal=availability.NO_NUMPY)
    upper_value, lower_value, h = pld_epsilon(components, delta)
    cite = rule.citation if rule else "dominating pairs compose by their product (no catalog rule)"
    steps = (
        Step("lift", "each run's dominating pair, discretised pessimistically", "docs/compose.md"),
        Step("compose", f"loss distributions convolved on the grid h = {h:g}", cite),
        Step(
            "convert", "δ(ε) = E[(1 − e^(ε − L))₊] + error bounds, solved for ε", "docs/compose.md"
        ),
    )
    if upper_value is None:
        reason = (
            "not every component has a dominating pair"
            if not all(has_pld(c) for c in components)
            else "the grid's error terms exceed δ"
        )
        return Route(name, None, steps, lower=lower_value, refusal=reason)
    return Route(name, upper_value, steps, None, lower_value)


def amplify(component: Component, book: RuleBook) -> tuple[Component, Step | None]:
    """A sampled ε-DP or (ε, δ)-DP component replaced by its amplified guarantee."""
    if not component.sampled or component.shape is Shape.gaussian:
        return component, None
    assert component.sampling is not None
    assert component.rate is not None
    definition = {Shape.pure: "differential-privacy", Shape.laplace: "differential-privacy"}.get(
        component.shape, "approximate-dp"
    )
    if component.shape not in (Shape.pure, Shape.laplace, Shape.approximate):
        raise ComposeError(
            "sampling",
            f"{component.label}: no catalog rule amplifies a {component.shape} guarantee",
        )
    rule = book.amplification(definition, component.sampling, component.neighbourhood)
    if rule is None:
        raise ComposeError(
            "sampling",
            f"{component.label}: no catalog rule of {definition} covers "
            f"{component.sampling.value} sampling under {component.neighbourhood.value} neighbours",
        )
    values = rule.evaluate({**component.values, "q": component.rate})
    if values is None:
        raise ComposeError("sampling", f"{component.label}: a condition of {rule.citation} fails")
    shape = Shape.approximate if component.shape is Shape.approximate else Shape.pure
    amplified = replace(component, shape=shape, values=values, sampling=None, rate=None, lifts=())
    return amplified, Step("amplify", f"{component.label} sampled at rate q", rule.citation)


def compose(
    components: Sequence[Component],
    delta: float,
    book: RuleBook,
    converters: Converters,
    adaptivity: Adaptivity = Adaptivity.adaptive,
) -> Composition:
    """Every route's ε at ``delta`` for the composition of ``components``."""
    renyi_rule = book.composition("renyi-dp", adaptivity, form=CompositionForm.heterogeneous)
    curve = functools.cache(lambda: compose_curves(components, renyi_rule) if renyi_rule else None)
    zcdp = _sum(components, book, "zero-concentrated-dp", adaptivity)
    gdp = _sum(components, book, "gaussian-dp", adaptivity)
    exact_pairs = all(c.shape is Shape.gaussian and not c.sampled for c in components)
    closed = [
        _gdp_route(
            gdp[0]["mu"] if isinstance(gdp, tuple) else None,
            gdp[1] if isinstance(gdp, tuple) else (),
            delta,
            converters,
            exact_pairs,
        ),
        _pure_route(components, delta, book, adaptivity),
    ]
    if any(r.epsilon is not None and r.lower is not None for r in closed):
        # an exact closed form is the pointwise best: numerical routes could only tie it
        skipped = "not run: an exact closed form answers"
        routes = [
            *closed,
            Route("privacy-loss-distribution", None, refusal=skipped),
            Route("renyi-dp", None, refusal=skipped),
        ]
    else:
        routes = [
            *closed,
            _pld_route(
                components,
                delta,
                book.closed_form(ClosedForm.tensor_product, adaptivity),
            ),
            _renyi_route(components, curve(), renyi_rule, delta, converters),
        ]
    return Composition(
        delta,
        tuple(routes),
        zcdp if isinstance(zcdp, tuple) else None,
        (gdp[0]["mu"], gdp[1]) if isinstance(gdp, tuple) else None,
        curve,
    )
