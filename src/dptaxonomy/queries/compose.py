"""``dptax compose``: the total guarantee of many mechanisms, by every sound route, with proofs.

The request is checked before anything is computed: one unit of privacy; one
neighbour relation, or a catalog rule converting each add/remove guarantee to
replace-one; a sampling scheme some catalog rule covers under the component's
relation. Then every route of :mod:`dptaxonomy.reasoning.accounting.engine`
runs; the smallest certified ε wins and the largest proven lower bound is shown
beside it.

>>> from dptaxonomy.queries.compose_input import parse_request
>>> from dptaxonomy.cache.store import knowledge_base
>>> from dptaxonomy.catalog.paths import default_catalog_dir
>>> kb = knowledge_base(default_catalog_dir())
>>> request = parse_request({"delta": "1e-5", "components": [
...     {"mechanism": "gaussian", "parameters": {"sigma": 2, "sensitivity": 1}, "count": 4}]})
>>> result = compose(kb, request)
>>> best = result.to_json()["results"][0]["parameters"]["epsilon"]
>>> round(best["value"], 6), best["lower"] <= best["value"]  # exactly 1-GDP: the bracket is tight
(4.377178, True)
"""

from __future__ import annotations

from collections.abc import Callable

from dptaxonomy.base.errors import ComposeError
from dptaxonomy.base.records import record, replace
from dptaxonomy.queries.compose_input import ComponentInput, Request
from dptaxonomy.queries.compose_lift import build_component, converters
from dptaxonomy.queries.compose_text import composition_json, composition_text
from dptaxonomy.reasoning.accounting.components import Component, Shape
from dptaxonomy.reasoning.accounting.engine import Composition, Step, amplify
from dptaxonomy.reasoning.accounting.engine import compose as engine_compose
from dptaxonomy.reasoning.accounting.knowledge import AccountingKnowledge, accounting_knowledge
from dptaxonomy.reasoning.accounting.rules import RuleBook, covers
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.numeric import lower
from dptaxonomy.reasoning.maps.rounding import SafeSide, outward_text
from dptaxonomy.schema.enums import Neighbourhood, Sampling

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["ComposeResult", "compose", "compose_with"]

_COMPOSED = ("renyi-dp", "gaussian-dp", "zero-concentrated-dp", "differential-privacy")
"""The definitions whose composition rules the routes use."""


@record
class ComposeResult:
    """The answer of ``dptax compose``: every route, the best, and what was assumed."""

    request: Request
    composition: Composition
    preparation: tuple[Step, ...]
    """Neighbourhood changes and amplifications applied before composing."""
    neighbourhood: Neighbourhood
    unit: str

    def to_json(self) -> dict[str, Any]:
        return composition_json(self)

    def to_text(self) -> str:
        return composition_text(self)


def _unit(items: tuple[ComponentInput, ...]) -> str:
    units = sorted({item.unit for item in items})
    if len(units) > 1:
        raise ComposeError(
            "unit",
            f"the components protect different units of privacy ({', '.join(units)}): a composed "
            "guarantee protects one unit; restate every component for the same unit",
        )
    return units[0]


def _relation(
    full: Callable[[], KnowledgeBase], book: RuleBook, items: tuple[ComponentInput, ...]
) -> tuple[tuple[ComponentInput, ...], Neighbourhood, list[Step]]:
    """One relation for all components: add/remove guarantees converted by catalog rules."""
    relations = {item.neighbourhood for item in items}
    if len(relations) == 1:
        return items, relations.pop(), []
    target, source = Neighbourhood.replace_one, Neighbourhood.add_remove
    converted, steps = [], []
    for item in items:
        if item.neighbourhood is target:
            converted.append(item)
            continue
        if item.is_mechanism or item.sampling is not None:
            raise ComposeError(
                "neighbourhood",
                f"{item.label} is stated for add-remove neighbours and others for replace-one: "
                "give it for replace-one (a mechanism's sensitivity depends on the relation)",
            )
        from dptaxonomy.reasoning.maps.tightest import parameter_specs

        kb = full()
        definition = kb.resolve(item.name)
        rule = book.neighbourhood_change(definition, source, target)
        if rule is None:
            raise ComposeError(
                "neighbourhood",
                f"{item.label}: no catalog rule converts an add-remove {definition} guarantee "
                "to replace-one neighbours",
            )
        specs = {spec.name: spec for spec in parameter_specs(kb, definition)}
        from dptaxonomy.queries.parameter_values import PARAMETER_ALIASES, read_parameters

        given = {PARAMETER_ALIASES.get(k, k): v for k, v in item.parameters.items()}
        if definition == "zero-concentrated-dp":
            given.setdefault("xi", "0")
        values = rule.evaluate(read_parameters(definition, tuple(specs.values()), given))
        if values is None:
            raise ComposeError(
                "neighbourhood", f"{item.label}: a condition of {rule.citation} fails"
            )
        texts = dict(given)
        for name, value in values.items():
            up = specs[name].side is not SafeSide.low
            texts[name] = outward_text(value.high if up else value.low, up=up)
        converted.append(replace(item, parameters=texts, neighbourhood=target))
        steps.append(
            Step("neighbourhood", f"{item.label}: add-remove ⇒ replace-one", rule.citation)
        )
    return tuple(converted), target, steps


def _sampling(component: Component, book: RuleBook) -> None:
    """Refuse a sampled component no catalog rule or route covers, with the reason."""
    if not component.sampled or component.shape is not Shape.gaussian:
        return
    if component.sampling is not Sampling.poisson:
        assert component.sampling is not None
        raise ComposeError(
            "sampling",
            f"{component.label}: the subsampled Gaussian is accounted under Poisson sampling only; "
            f"{component.sampling.value.replace('_', '-')} sampling is not covered",
        )
    if component.neighbourhood is not Neighbourhood.add_remove:
        rule = book.amplification("approximate-dp", Sampling.poisson, Neighbourhood.add_remove)
        where = f" ({rule.citation})" if rule else ""
        raise ComposeError(
            "sampling",
            f"{component.label}: amplification by Poisson subsampling holds for add-remove "
            f"neighbours{where}; this component is stated for replace-one",
        )


def compose(kb: KnowledgeBase, request: Request) -> ComposeResult:
    """Compose the request's components; raises :class:`ComposeError` with a typed reason."""
    return compose_with(accounting_knowledge(kb), lambda: kb, request)


def compose_with(
    knowledge: AccountingKnowledge, full: Callable[[], KnowledgeBase], request: Request
) -> ComposeResult:
    """:func:`compose` from what composing reads of the catalog, asking ``full`` for the
    whole knowledge base only when a component needs it (a guarantee in a definition).

    Both come from the content-keyed cache: no YAML catalog is read.
    """
    book = RuleBook(knowledge.operations)
    unit = _unit(request.components)
    items, relation, steps = _relation(full, book, request.components)
    components = []
    for item in items:
        component = build_component(knowledge, full, item)
        _sampling(component, book)
        component, step = amplify(component, book)
        if step is not None:
            steps.append(step)
        components.append(component)
    delta = lower(request.delta_value)  # the smaller end: ε at it holds at the δ given
    maps = converters(knowledge.maps)
    composition = engine_compose(components, delta, book, maps, request.adaptivity)
    if composition.best is None:
        reasons = "; ".join(f"{r.name}: {r.refusal}" for r in composition.routes)
        covered = any(
            rule.rule.adaptivity is not None and covers(rule.rule.adaptivity, request.adaptivity)
            for d in _COMPOSED
            for rule in book.compositions(d)
        )
        kind = "no-route" if covered else "adaptivity"
        raise ComposeError(kind, f"no route gives a finite ε at δ = {request.delta} ({reasons})")
    return ComposeResult(request, composition, tuple(steps), relation, unit)
