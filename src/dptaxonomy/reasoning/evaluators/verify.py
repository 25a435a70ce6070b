"""Checking the catalog numerically: every mechanism claim, and every evaluable parameter map.

A mechanism's ``satisfies`` claim is evaluated at every point of its parameter grid (and of
the claimed definition's free parameters, such as α): the claimed parameters must meet the
definition for the mechanism's pair. A ``violates`` claim must find the pair meeting the
definition for no parameter. A parameter map ``A ⇒ B`` is evaluated on the whole battery: the
pair's tightest parameters for A, mapped, must meet B. A failure is a counterexample, found
with sound enclosures: a refutation is certain.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import record
from dptaxonomy.catalog.checks import implication_sides
from dptaxonomy.reasoning.evaluators import semantic
from dptaxonomy.reasoning.evaluators.algorithm_maps import map_results
from dptaxonomy.reasoning.evaluators.battery import (
    DELTAS,
    MAX_GRID_POINTS,
    Case,
    battery,
    conditions_hold,
    grid_size,
    in_domains,
    mechanism_cases,
)
from dptaxonomy.reasoning.evaluators.definitions import EPSILONS, EVALUABLE, Evaluable
from dptaxonomy.reasoning.evaluators.families import INFINITE
from dptaxonomy.reasoning.evaluators.neighbours import RELATIONS, neighbour_check
from dptaxonomy.reasoning.evaluators.operation_forms import operation_results, rule_reading
from dptaxonomy.reasoning.evaluators.operation_tightness import tightness_results
from dptaxonomy.reasoning.evaluators.perfect_checks import declaration_results
from dptaxonomy.reasoning.evaluators.relation_checks import relation_results, vacuous_results
from dptaxonomy.reasoning.evaluators.thresholding import evaluable_for
from dptaxonomy.reasoning.maps.numeric import (
    IV,
    evaluate_interval,
    exact,
)
from dptaxonomy.reasoning.maps.rounding import assignment_text
from dptaxonomy.schema.arith import Name, parse_expression
from dptaxonomy.schema.mechanisms import Mechanism, Satisfies, Violates

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.schema.models import Definition, Relation

__all__ = [
    "Check",
    "CheckKind",
    "Outcome",
    "operation_checks",
    "verify_catalog",
    "verify_mechanism",
]

FREE_GRIDS: dict[str, tuple[str, ...]] = {
    "delta": DELTAS,
    "epsilon": EPSILONS,
    "alpha": ("1.5", "2", "5", "32"),
    "omega": ("2", "10"),
}
"""Values for a parameter a map or claim leaves free (e.g. δ in zCDP ⇒ (ε, δ)-DP)."""


class Outcome(StrEnum):
    """What the numeric check found."""

    computed = "computed"
    """Consistent on every case checked (``cases`` counts them)."""
    refuted = "refuted"
    """A certain counterexample exists."""
    unchecked = "unchecked"
    """No case could be evaluated (no closed form, no pair, …)."""


class CheckKind(StrEnum):
    satisfies = "satisfies"
    violates = "violates"
    parameter_map = "parameter_map"
    perfect_privacy = "perfect_privacy"
    vacuous = "vacuous"
    relation = "relation"
    operation = "operation"
    tightness = "tightness"


@record
class Check:
    """The numeric verdict on one claim or one parameter map."""

    kind: CheckKind
    entry: str
    """The mechanism (claims) or the definition whose entry states the relation (maps)."""
    index: int
    reading: str
    outcome: Outcome
    cases: int
    disputed: bool
    counterexample: str | None = None
    relation: str | None = None
    """For a relation check: the relation's symbol (≻, ∼ or ⊂)."""
    sampled_from: int = 0
    """The full grid's size when only a seeded sample of it was checked (0: all of it)."""

    def data(self) -> dict[str, Any]:
        """JSON form (the rows of ``catalog/evidence.json``)."""
        data: dict[str, Any] = {
            "kind": self.kind.value,
            "entry": self.entry,
            "index": self.index,
            "reading": self.reading,
            "outcome": self.outcome.value,
            "cases": self.cases,
        }
        if self.counterexample is not None:
            data["counterexample"] = self.counterexample
        if self.relation is not None:
            data["relation"] = self.relation
        if self.sampled_from:
            data["sampled_from"] = self.sampled_from
        return data


def _value(expression: str, values: dict[str, IV]) -> IV:
    """An expression's enclosure; ``inf`` itself (an unbounded order ω) is allowed."""
    node = parse_expression(expression)
    if isinstance(node, Name) and node.name == "inf" and "inf" not in values:
        return INFINITE
    return evaluate_interval(node, values)


def _assignments(names: list[str]) -> Iterator[dict[str, IV]]:
    grids = [[(n, exact(v)) for v in FREE_GRIDS.get(n, ())] for n in names]
    for combination in itertools.product(*grids):
        yield dict(combination)


def _tally(results: list[tuple[bool | None, str]]) -> tuple[Outcome, int, str | None]:
    for verdict, where in results:
        if verdict is False:
            return Outcome.refuted, sum(1 for v, _ in results if v is True), where
    cases = sum(1 for v, _ in results if v is True)
    return (Outcome.computed if cases else Outcome.unchecked), cases, None


def _satisfies(
    claim: Satisfies, definition: Definition, evaluable: Evaluable, cases: list[Case]
) -> list[tuple[bool | None, str]]:
    needed = [p.name for p in definition.parameters if p.name not in evaluable.implicit]
    free = [n for n in evaluable.free if n not in claim.parameters]
    results = []
    for case in cases:
        for assignment in _assignments(free):
            values = {**case.values, **assignment}
            if not conditions_hold(claim.conditions, values):
                continue
            try:
                params = {k: _value(e, values) for k, e in claim.parameters.items()}
                params.update(assignment)
                if all(n in params for n in needed):
                    verdict = evaluable.holds(case.pair, params)
                else:
                    met = evaluable.tightest(case.pair, params) is not None
                    verdict = True if met else evaluable.violated(case.pair) is not True and None
            except NumericError:
                continue
            results.append(
                (verdict, f"{case.label}: {definition.id} with {assignment_text(params)}")
            )
    return results


def _violates(
    claim: Violates, evaluable: Evaluable, cases: list[Case]
) -> list[tuple[bool | None, str]]:
    results = []
    for case in cases:
        if not conditions_hold(claim.conditions, case.values):
            continue
        try:
            violated = evaluable.violated(case.pair)
        except NumericError:
            continue
        results.append((violated, f"{case.label} meets it for some parameters"))
    return results


def _pair_results(
    catalog: Catalog, mechanism: Mechanism, claim: Satisfies | Violates, cases: list[Case]
) -> list[tuple[bool | None, str]]:
    """The claim judged on the mechanism's worst-case pair at each grid point."""
    kind = mechanism.pair.kind if mechanism.pair is not None else None
    evaluable = evaluable_for(kind, claim.definition, EVALUABLE)
    definition = catalog.definition(claim.definition)
    if evaluable is None or definition is None or not cases:
        return []
    if isinstance(claim, Satisfies):
        return _satisfies(claim, definition, evaluable, cases)
    return _violates(claim, evaluable, cases)


_OUTCOMES = {True: Outcome.computed, False: Outcome.refuted, None: Outcome.unchecked}


def _claim_checks(catalog: Catalog, mechanism: Mechanism) -> Iterator[Check]:
    cases = mechanism_cases(mechanism)
    full = grid_size(mechanism)
    claims: list[tuple[CheckKind, int, Satisfies | Violates]] = [
        *((CheckKind.satisfies, i, c) for i, c in enumerate(mechanism.satisfies)),
        *((CheckKind.violates, i, c) for i, c in enumerate(mechanism.violates)),
    ]
    for kind, index, claim in claims:
        relation = RELATIONS.get(claim.definition)
        if mechanism.action is not None and relation is not None:
            verdict, count, where = neighbour_check(mechanism, claim, relation)
            outcome = _OUTCOMES[verdict]
        else:
            outcome, count, where = _tally(_pair_results(catalog, mechanism, claim, cases))
        yield Check(
            kind,
            mechanism.id,
            index,
            f"{mechanism.id} {kind.value} {claim.definition}",
            outcome,
            count,
            claim.status.value == "disputed",
            where,
            sampled_from=full if full > MAX_GRID_POINTS else 0,
        )


def _map_results(
    relation: Relation,
    source: Evaluable,
    target: Evaluable,
    implied: Definition,
    cases: list[Case],
) -> list[tuple[bool | None, str]]:
    assert relation.parameter_map is not None
    target_free = [p.name for p in implied.parameters if p.name not in relation.parameter_map]
    results = []
    for case in cases:
        for free in _assignments(list(source.free)):
            tight = source.tightest(case.pair, free)
            if tight is None:
                continue
            for extra in _assignments(target_free):
                # a name the source has means the source's parameter (as in `convert`): the
                # implied side's ε left free by KL ⇒ (ε, δ)-DP is not KL's ε
                values = {**extra, **tight}
                if not conditions_hold(relation.conditions, values):
                    continue
                try:
                    mapped = {k: _value(e, values) for k, e in relation.parameter_map.items()}
                    if not in_domains(mapped, implied, target.extensions):
                        continue
                    verdict = target.holds(case.pair, {**extra, **mapped})
                except NumericError:
                    continue
                where = (
                    f"{case.label}: source {assignment_text(tight)} "
                    f"gives {assignment_text({**extra, **mapped})}"
                )
                results.append((verdict, where))
    return results


def _map_checks(
    catalog: Catalog, cases: list[Case], algorithms: list[semantic.FiniteAlgorithm]
) -> Iterator[Check]:
    for subject, definition in catalog.definitions.items():
        for index, relation in enumerate(definition.relations):
            sides = implication_sides(relation.kind)
            if relation.parameter_map is None or sides is None or relation.target is None:
                continue
            ends = {"subject": subject, "target": relation.target}
            implying, implied = ends[sides[0]], ends[sides[1]]
            source, target = EVALUABLE.get(implying), EVALUABLE.get(implied)
            if source is not None and target is not None:
                implied_entry = catalog.entries[implied].definition
                results = _map_results(relation, source, target, implied_entry, cases)
            else:  # prior-based definitions are judged on whole algorithms, not on pairs
                entries = catalog.entries[implying].definition, catalog.entries[implied].definition
                found = map_results(relation, *entries, algorithms)
                if found is None:
                    continue
                results = found
            outcome, count, where = _tally(results)
            yield Check(
                CheckKind.parameter_map,
                subject,
                index,
                f"{implying} ⇒ {implied} with "
                + ", ".join(f"{k} = {v}" for k, v in relation.parameter_map.items()),
                outcome,
                count,
                relation.status.value == "disputed",
                where,
            )


def verify_mechanism(catalog: Catalog, mechanism: Mechanism) -> list[Check]:
    """Every ``satisfies`` and ``violates`` claim of one mechanism, checked (no maps)."""
    return list(_claim_checks(catalog, mechanism))


def verify_catalog(catalog: Catalog) -> list[Check]:
    """Every claim of every mechanism, then every evaluable parameter map, checked."""
    checks: list[Check] = []
    for mechanism in catalog.mechanisms.values():
        checks.extend(_claim_checks(catalog, mechanism))
    cases, algorithms = battery(catalog.mechanisms), semantic.semantic_battery()
    checks.extend(_map_checks(catalog, cases, algorithms))
    checks.extend(_perfect_privacy_checks(catalog, cases))
    checks.extend(_vacuous_checks(catalog, cases))
    checks.extend(_relation_checks(catalog, cases))
    checks.extend(operation_checks(catalog, cases))
    return checks


def operation_checks(catalog: Catalog, cases: list[Case]) -> Iterator[Check]:
    """Each operation rule on the battery (docs/operations.md), then each tightness claim
    with a witness; an ``open`` mark is no rule and has no row."""
    definitions, mechanisms = catalog.definitions, catalog.mechanisms
    for definition in definitions.values():
        rules = [(i, r) for i, r in enumerate(definition.operations) if r.open is None]
        for index, rule in rules:
            reading = rule_reading(definition.id, rule)
            disputed = rule.status.value == "disputed"
            outcome, count, where = _tally(
                operation_results(definitions, definition, rule, cases, mechanisms)
            )
            yield Check(
                CheckKind.operation, definition.id, index, reading, outcome, count, disputed, where
            )
            if rule.tight is not None and rule.tight.witness is not None:
                found = tightness_results(definitions, mechanisms, definition, rule)
                outcome, count, where = _tally(found)
                yield Check(
                    CheckKind.tightness,
                    definition.id,
                    index,
                    f"{reading}, attained by {rule.tight.witness}",
                    outcome,
                    count,
                    disputed,
                    where,
                )


def _vacuous_checks(catalog: Catalog, cases: list[Case]) -> Iterator[Check]:
    """Each numeric ``vacuous`` value of an evaluable definition (rule V1)."""
    for definition in catalog.definitions.values():
        for index, reading, results in vacuous_results(definition, cases):
            outcome, count, where = _tally(results)
            yield Check(
                CheckKind.vacuous, definition.id, index, reading, outcome, count, False, where
            )


def _relation_checks(catalog: Catalog, cases: list[Case]) -> Iterator[Check]:
    """Each ≻, ∼ and ⊂ between two evaluable definitions, in the directions it asserts."""
    for found in relation_results(catalog, cases):
        outcome, count, where = _tally(found.results)
        yield Check(
            CheckKind.relation,
            found.subject,
            found.index,
            found.reading,
            outcome,
            count,
            found.disputed,
            where,
            found.symbol,
        )


def _perfect_privacy_checks(catalog: Catalog, cases: list[Case]) -> Iterator[Check]:
    """Each ``perfect_privacy`` declaration: #0 its point, #1 ``every_parameter`` (rule E3)."""
    for definition in catalog.definitions.values():
        for index, reading, results in declaration_results(definition, cases):
            outcome, count, where = _tally(results)
            yield Check(
                CheckKind.perfect_privacy,
                definition.id,
                index,
                f"{definition.id} {reading}",
                outcome,
                count,
                False,
                where,
            )
