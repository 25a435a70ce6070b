"""Components of a compose request turned into engine components, lifted along catalog facts.

A definition guarantee keeps its definition's parameters; a mechanism is read
through its output pair (Gaussian, Laplace) or its ε-DP claim. Each component is
then lifted to zCDP and μ-GDP by the tightest ``convert`` chain and to a Rényi
curve by the catalog's direct facts (the order left free), each lift keeping the
citation of the facts it used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from dptaxonomy.base.errors import (
    ComposeError,
    ConversionError,
    NameResolutionError,
    NumericError,
)
from dptaxonomy.catalog.names import normalize
from dptaxonomy.queries.compose_input import ComponentInput
from dptaxonomy.queries.parameter_values import PARAMETER_ALIASES, read_parameters
from dptaxonomy.reasoning.accounting.components import Component, Lift, Shape
from dptaxonomy.reasoning.accounting.engine import Converters
from dptaxonomy.reasoning.accounting.knowledge import AccountingKnowledge
from dptaxonomy.reasoning.accounting.lifts import GUARANTEES, LIFT_TARGETS, GuaranteeLifts
from dptaxonomy.reasoning.accounting.renyi import Converter
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.maps.chain_records import ParameterSpec
from dptaxonomy.reasoning.maps.composition import oriented_map
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact, lower, upper
from dptaxonomy.reasoning.maps.rounding import outward_text
from dptaxonomy.schema.arith import parse_expression

__all__ = ["SHAPES", "build_component", "converters"]

SHAPES = dict(
    zip(
        GUARANTEES,
        (Shape.pure, Shape.approximate, Shape.zcdp, Shape.gaussian, Shape.renyi),
        strict=True,
    )
)
"""The definitions a guarantee may be given in, and the shape each has."""


def _cite(fact: Fact) -> str:
    cited = fact.origin.citation
    return f"{fact.a} ⇒ {fact.b} [{cited.key}, {cited.at}] ({fact.origin.location})"


def _facts(facts: Sequence[Fact], source: str, target: str) -> list[Fact]:
    return [
        f
        for f in facts
        if f.a == source and f.b == target and f.kind.value != "not_stronger" and oriented_map(f)
    ]


def converters(maps: Sequence[Fact]) -> Converters:
    """The catalog's maps from RDP and from GDP into (ε, δ)-DP, among ``maps``."""
    renyi = []
    for fact in _facts(maps, "renyi-dp", "approximate-dp"):
        mapping = oriented_map(fact) or {}
        if "epsilon" in mapping and not fact.origin.restricting:
            renyi.append(Converter(mapping["epsilon"], _cite(fact)))
    gaussian = next(
        (
            f
            for f in _facts(maps, "gaussian-dp", "approximate-dp")
            if "delta" in (oriented_map(f) or {})
        ),
        None,
    )
    return Converters(
        tuple(renyi),
        (oriented_map(gaussian) or {})["delta"] if gaussian else None,
        _cite(gaussian) if gaussian else "",
    )


def _renyi_lifts(part: GuaranteeLifts, source: str, values: Mapping[str, IV]) -> list[Lift]:
    lifts = []
    for fact in _facts(part.renyi, source, "renyi-dp"):
        mapping = oriented_map(fact) or {}
        if "epsilon" in mapping and not fact.origin.conditions and "alpha" not in mapping:
            lifts.append(Lift("renyi-dp", dict(values), _cite(fact), mapping["epsilon"]))
    return lifts


def _convert_lifts(part: GuaranteeLifts, source: str, values: Mapping[str, IV]) -> list[Lift]:
    """Lifts to zCDP and μ-GDP by the tightest of ``convert``'s chains from a definition
    (``values``: every parameter of ``source``), as ``dptax convert`` chooses it."""
    from dptaxonomy.reasoning.maps.tightest import evaluate_chains  # not for a Gaussian

    specs = part.specs()
    lifts = []
    for target in LIFT_TARGETS:
        chains = part.chains_from(source, target)
        if target == source or not chains:
            continue
        try:
            best = evaluate_chains(source, target, chains, specs, values, {}).best
        except (ConversionError, NumericError):
            continue
        if best is None or best.run is None:
            continue
        cited = " → ".join(
            f"[{s.origin.citation.key}, {s.origin.citation.at}]" for s in best.chain.steps
        )
        lifts.append(Lift(target, dict(best.run.target_values), f"{source} ⇒ {target} {cited}"))
    return lifts


def _values(
    where: str, name: str, specs: tuple[ParameterSpec, ...], given: dict[str, str]
) -> dict[str, IV]:
    try:
        values = read_parameters(name, specs, given)
    except ConversionError as exc:
        raise ComposeError("input", f"{where}: {exc}") from None
    for spec in specs:
        if spec.name not in values:
            raise ComposeError(
                "input",
                f"{where}: missing parameter {spec.name} of {name} (domain {spec.domain_text})",
            )
    return values


def _definition(
    knowledge: AccountingKnowledge, full: Callable[[], KnowledgeBase], item: ComponentInput
) -> tuple[str, Shape, dict[str, IV], list[Lift]]:
    part = _part(knowledge, full)
    try:
        definition = part.resolve(item.name) or full().resolve(item.name)
    except NameResolutionError as exc:
        raise ComposeError("input", f"{item.label}: {exc}") from None
    shape = SHAPES.get(definition)
    if shape is None:
        known = ", ".join(SHAPES)
        raise ComposeError(
            "input",
            f"{item.label}: compose takes guarantees in {known}; convert a {definition} guarantee "
            f"first (dptax convert {definition} TARGET)",
        )
    given = {PARAMETER_ALIASES.get(k, k): v for k, v in item.parameters.items()}
    if definition == "zero-concentrated-dp":
        given.setdefault("xi", "0")
    specs = part.specs()[definition]
    values = read = _values(item.label, definition, specs, given)
    if shape is Shape.approximate and values["delta"].high == 0:
        shape, values = Shape.pure, {"epsilon": values["epsilon"]}
    lifts = (
        [Lift(definition, dict(values), f"{definition} (given)")]
        if definition in LIFT_TARGETS
        else []
    )
    lifts += _convert_lifts(part, definition, read)
    lifts += _renyi_lifts(part, definition, values)
    if shape is Shape.gaussian:
        values = {"mu": values["mu"]}
    return definition, shape, values, lifts


def _part(knowledge: AccountingKnowledge, full: Callable[[], KnowledgeBase]) -> GuaranteeLifts:
    """What guarantees given in a definition read: from the cache, else from the whole base."""
    if knowledge.lifts is not None:
        return knowledge.lifts()
    from dptaxonomy.reasoning.accounting.lifts import guarantee_lifts

    return guarantee_lifts(full())


def _mechanism(
    knowledge: AccountingKnowledge, full: Callable[[], KnowledgeBase], item: ComponentInput
) -> tuple[str, Shape, dict[str, IV], list[Lift]]:
    mechanism = knowledge.mechanism(normalize(item.name))
    if mechanism is None:
        raise ComposeError("input", f"{item.label}: no catalog mechanism is called {item.name!r}")
    specs = tuple(ParameterSpec(*p) for p in mechanism.parameters)
    given = {PARAMETER_ALIASES.get(k, k): v for k, v in item.parameters.items()}
    values = _values(item.label, mechanism.id, specs, given)
    claims = [f for f in knowledge.claims if f.a == mechanism.id]
    kind = mechanism.pair_kind
    if kind in ("gaussian", "laplace"):
        arguments = {
            k: evaluate_interval(parse_expression(v), values) for k, v in mechanism.pair_arguments
        }
        if kind == "gaussian":
            shape, own = Shape.gaussian, {"mu": arguments["shift"] / arguments["sigma"]}
        else:
            shape, own = Shape.laplace, {"epsilon": arguments["shift"] / arguments["scale"]}
    else:
        claim = next((c for c in claims if c.b == "differential-privacy"), None)
        if claim is None:
            raise ComposeError(
                "input",
                f"{item.label}: the {mechanism.id} mechanism has no output pair or ε-DP claim "
                "compose can use; give its guarantee as a definition instead",
            )
        shape = Shape.pure
        epsilon = dict(claim.origin.parameter_map)["epsilon"]
        own = {"epsilon": evaluate_interval(parse_expression(epsilon), values)}
    lifts = []
    for claim in claims:
        if claim.origin.conditions:
            continue
        cited = claim.origin.citation
        where = f"{mechanism.id} ⇒ {claim.b} [{cited.key}, {cited.at}]"
        expressions = {k: parse_expression(v) for k, v in claim.origin.parameter_map}
        if claim.b == "renyi-dp" and "epsilon" in expressions:
            lifts.append(Lift("renyi-dp", dict(values), where, expressions["epsilon"]))
        elif claim.b in LIFT_TARGETS:
            lifted = {k: evaluate_interval(v, values) for k, v in expressions.items()}
            lifts.append(Lift(claim.b, lifted, where))
    if shape is Shape.laplace:  # its ε-DP guarantee lifts further along the catalog's maps
        text = {"epsilon": outward_text(upper(own["epsilon"]), up=True)}
        part, pure = _part(knowledge, full), "differential-privacy"
        try:
            read = read_parameters(pure, part.specs()[pure], text)
        except (ConversionError, NumericError):
            read = {}
        lifts += _convert_lifts(part, pure, read) if read else []
    return mechanism.id, shape, own, lifts


def build_component(
    knowledge: AccountingKnowledge, full: Callable[[], KnowledgeBase], item: ComponentInput
) -> Component:
    """The engine component for one input line, with its lifts.

    ``full`` gives the whole knowledge base, asked for only when ``knowledge`` does not
    hold what a guarantee given in a definition reads, or cannot resolve its name.
    """
    if item.is_mechanism:
        source, shape, values, lifts = _mechanism(knowledge, full, item)
    else:
        source, shape, values, lifts = _definition(knowledge, full, item)
    rate = None
    if item.rate is not None:
        try:
            rate = exact(item.rate)
        except NumericError:
            raise ComposeError(
                "input", f"{item.label}: sampling rate {item.rate!r} is not a number"
            ) from None
        if not (lower(rate) > 0 and upper(rate) <= 1):
            raise ComposeError(
                "input", f"{item.label}: sampling rate {item.rate} is outside (0, 1]"
            )
    return Component(
        item.label,
        shape,
        values,
        item.count,
        item.sampling,
        rate,
        item.neighbourhood,
        item.unit,
        tuple(lifts),
        source,
    )
