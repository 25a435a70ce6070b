"""Checking every stated relation between two evaluable definitions, and every vacuous value.

A relation asserts one or two implications, and the battery checks each:

* ``A ≻ B`` (and ``B ≺ A``): a pair meeting A at some α meets B at some β;
* ``A ∼ B``: that, both ways;
* ``A ⊂ B`` with a map naming every parameter of B: the identity of the
  families, α-A ≡ m(α)-B, at every grid point α of A, both ways;
* ``A ⊂ B`` otherwise: the implication, as for ≻.

A pair meeting A while B's evaluator proves it meets B at no parameter, or a
grid point where one side of a claimed identity certainly holds and the other
certainly fails, is a certain counterexample. A vacuous value (an entry's
``vacuous``) must hold for every pair of the battery and for identical pairs.
The evaluators are read from :data:`EVALUABLE`, so a definition that gains an
evaluator gains these checks.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import record
from dptaxonomy.catalog.checks import implication_sides
from dptaxonomy.reasoning.evaluators.battery import Case, conditions_hold, in_domains
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE, Evaluable
from dptaxonomy.reasoning.evaluators.families import INFINITE, STRICT
from dptaxonomy.reasoning.evaluators.grids import IDENTITY_GRIDS, definition_grid
from dptaxonomy.reasoning.evaluators.perfect_checks import IDENTICAL, holds_or_none
from dptaxonomy.reasoning.evaluators.verdicts import Results, Wanted, everything
from dptaxonomy.reasoning.logic.perfect import excluded_pairs
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact
from dptaxonomy.reasoning.maps.rounding import assignment_text
from dptaxonomy.schema.arith import ArithmeticError_, Name, parse_condition, parse_expression
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.enums import RelationKind

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.schema.models import Definition, Relation

__all__ = ["RelationResults", "relation_results", "vacuous_results"]

SYMBOLS = {
    RelationKind.stronger: "≻",
    RelationKind.weaker: "≻",
    RelationKind.equivalent: "∼",
    RelationKind.extends: "⊂",
    RelationKind.extended_by: "⊂",
}


@record
class RelationResults:
    """The cases of one stated relation: where it is stated, what it asserts, the verdicts."""

    subject: str
    index: int
    symbol: str
    reading: str
    results: Results
    disputed: bool


def _free(evaluable: Evaluable) -> Iterator[dict[str, IV]]:
    grids = [[(n, exact(v)) for v in evaluable.grids.get(n, ())] for n in evaluable.free]
    for combination in itertools.product(*grids):
        yield dict(combination)


def _meets_some(evaluable: Evaluable, case: Case) -> bool | None:
    """Whether the pair meets the definition at some parameter (False: at none, certainly)."""
    try:
        if evaluable.violated(case.pair) is True:
            return False
        if any(evaluable.tightest(case.pair, free) is not None for free in _free(evaluable)):
            return True
    except NumericError:
        return None
    return None


def _over(conditions: list[str], values: dict[str, IV]) -> list[str]:
    """The conditions over these parameters only (the others choose the implied side's, K2)."""
    kept = []
    for text in conditions:
        try:
            if names_in(parse_condition(text)) <= set(values):
                kept.append(text)
        except ArithmeticError_:
            continue
    return kept


def _implication(
    source: Evaluable,
    target: Evaluable,
    relation: Relation,
    names: tuple[str, str],
    cases: list[Case],
) -> Results:
    """A pair meeting the implying side at some α (within the conditions) meets the other."""
    results: Results = []
    for case in cases:
        try:
            met = [t for f in _free(source) if (t := source.tightest(case.pair, f)) is not None]
        except NumericError:
            continue
        met = [t for t in met if conditions_hold(_over(relation.conditions, t), t)]
        if not met:
            continue
        verdict = _meets_some(target, case)
        where = (
            f"{case.label} meets {names[0]} with {assignment_text(met[0])} "
            f"but {names[1]} for no parameter"
        )
        results.append((verdict, where))
    return results


def _value(expression: str, values: dict[str, IV]) -> IV:
    """An expression's enclosure; ``inf`` itself (Rényi's order α = ∞) is allowed."""
    node = parse_expression(expression)
    if isinstance(node, Name) and node.name == "inf":
        return INFINITE
    return evaluate_interval(node, values)


def _identity(
    relation: Relation,
    sides: tuple[Definition, Definition],
    evaluables: tuple[Evaluable, Evaluable],
    cases: list[Case],
) -> Results:
    """α-A ≡ m(α)-B at every grid point α of A, for every pair."""
    special, general = sides
    assert relation.parameter_map is not None
    results: Results = []
    names = [p.name for p in special.parameters]
    for point in definition_grid(special, names, IDENTITY_GRIDS):
        if not conditions_hold(relation.conditions, point):
            continue
        try:
            mapped = {k: _value(e, point) for k, e in relation.parameter_map.items()}
        except (ArithmeticError_, NumericError):
            continue
        if not in_domains(mapped, general, evaluables[1].extensions):
            continue
        for case in cases:
            a, b = _certain(evaluables[0], case, point), _certain(evaluables[1], case, mapped)
            if a is None or b is None:
                continue
            where = (
                f"{case.label}: {special.id} with {assignment_text(point)} "
                f"{'holds' if a else 'fails'} but {general.id} with {assignment_text(mapped)} "
                f"{'holds' if b else 'fails'}"
            )
            results.append((a == b, where))
    return results


def _certain(evaluable: Evaluable, case: Case, params: dict[str, IV]) -> bool | None:
    """``holds`` where both answers are certain: strict enclosures, and None for a True that
    is only evidence on a grid of orders."""
    token = STRICT.set(True)
    try:
        found = holds_or_none(evaluable, case.pair, params)
    finally:
        STRICT.reset(token)
    return None if found is True and not evaluable.certain else found


def _complete(relation: Relation, general: Definition) -> bool:
    mapping = relation.parameter_map or {}
    return bool(mapping) and all(p.name in mapping for p in general.parameters)


def _results(catalog: Catalog, subject: str, relation: Relation, cases: list[Case]) -> Results:
    assert relation.target is not None
    sides = implication_sides(relation.kind)
    assert sides is not None
    ends = {"subject": subject, "target": relation.target}
    a, b = ends[sides[0]], ends[sides[1]]
    source, target = EVALUABLE[a], EVALUABLE[b]
    if relation.kind in (RelationKind.extends, RelationKind.extended_by):
        general = catalog.entries[b].definition
        if _complete(relation, general):
            pair = (catalog.entries[a].definition, general)
            return _identity(relation, pair, (source, target), cases)
    found = _implication(source, target, relation, (a, b), cases)
    if relation.kind is RelationKind.equivalent:
        found += _implication(target, source, relation, (b, a), cases)
    return found


def relation_results(
    catalog: Catalog, cases: list[Case], wanted: Wanted = everything
) -> Iterator[RelationResults]:
    """Every ≻, ∼ and ⊂ stated between two evaluable definitions (by the entries ``wanted``
    picks), judged on the cases.

    A ⊂ without a map that the catalog places outside the general side's domain (KL privacy
    ⊂ Rényi DP holds at α = 1 only) is left to its sibling with the map, checked as an
    identity at that value."""
    excluded = excluded_pairs(catalog)
    for subject, definition in catalog.definitions.items():
        for index, relation in enumerate(definition.relations):
            symbol = SYMBOLS.get(relation.kind)
            target = relation.target
            if symbol is None or target is None or subject not in EVALUABLE or not wanted(subject):
                continue
            if target not in EVALUABLE:
                continue
            sides = implication_sides(relation.kind)
            assert sides is not None
            left, right = (subject, target) if sides[0] == "subject" else (target, subject)
            identity = symbol == "⊂" and _complete(relation, catalog.entries[right].definition)
            if symbol == "⊂" and not identity and (left, right) in excluded:
                continue  # outside the domain: checked as the identity its map states
            reading = f"{left} {symbol} {right}" + (
                " (identity of the families)" if identity else ""
            )
            results = _results(catalog, subject, relation, cases)
            disputed = relation.status.value == "disputed"
            yield RelationResults(subject, index, symbol, reading, results, disputed)


def vacuous_results(
    definition: Definition, cases: list[Case]
) -> Iterator[tuple[int, str, Results]]:
    """Each numeric vacuous value of an evaluable definition, judged on every pair (all must
    meet it, at every grid value of the parameters it leaves free)."""
    evaluable = EVALUABLE.get(definition.id)
    if evaluable is None:
        return
    for index, value in enumerate(definition.vacuous):
        if value.described is not None or not value.parameters:
            continue
        fixed = {k: exact(v) for k, v in value.parameters.items()}
        others = [p.name for p in definition.parameters if p.name not in fixed]
        results: Results = []
        for free in definition_grid(definition, others):
            params = {**fixed, **free}
            for case in [*IDENTICAL, *cases]:
                met = holds_or_none(evaluable, case.pair, params)
                results.append(
                    (met, f"{case.label} fails {definition.id} with {assignment_text(params)}")
                )
        point = ", ".join(f"{k} = {v}" for k, v in value.parameters.items())
        yield index, f"{definition.id} is met by every mechanism at {point}", results
