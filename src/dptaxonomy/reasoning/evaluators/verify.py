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
from collections.abc import Callable, Collection, Iterator
from typing import TYPE_CHECKING

from dptaxonomy.base.errors import NumericError
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
from dptaxonomy.reasoning.evaluators.rule_checks import (
    operation_checks,
    perfect_privacy_checks,
    relation_checks,
    vacuous_checks,
)
from dptaxonomy.reasoning.evaluators.thresholding import evaluable_for
from dptaxonomy.reasoning.evaluators.verdicts import (
    Check,
    CheckKind,
    Outcome,
    Results,
    Wanted,
    everything,
    tally,
)
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

__all__ = ["verify_catalog", "verify_mechanism"]

FREE_GRIDS: dict[str, tuple[str, ...]] = {
    "delta": DELTAS,
    "epsilon": EPSILONS,
    "alpha": ("1.5", "2", "5", "32"),
    "omega": ("2", "10"),
}
"""Values for a parameter a map or claim leaves free (e.g. δ in zCDP ⇒ (ε, δ)-DP)."""


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


def _satisfies(
    claim: Satisfies, definition: Definition, evaluable: Evaluable, cases: list[Case]
) -> Results:
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


def _violates(claim: Violates, evaluable: Evaluable, cases: list[Case]) -> Results:
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
) -> Results:
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
            outcome, count, where = tally(_pair_results(catalog, mechanism, claim, cases))
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
) -> Results:
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
    catalog: Catalog,
    cases: list[Case],
    algorithms: list[semantic.FiniteAlgorithm],
    wanted: Wanted,
) -> Iterator[Check]:
    for subject, definition in catalog.definitions.items():
        if not wanted(subject):
            continue
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
            outcome, count, where = tally(results)
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


def verify_catalog(
    catalog: Catalog,
    entries: Collection[str] | None = None,
    kinds: Collection[CheckKind] | None = None,
) -> list[Check]:
    """Every claim of every mechanism, then every evaluable parameter map, stated relation,
    declaration and operation rule, checked. ``entries`` keeps only the checks the entries
    with these ids state, ``kinds`` only those of these kinds; each is judged on the whole
    battery all the same."""
    wanted: Wanted = everything if entries is None else frozenset(entries).__contains__
    run = set(CheckKind) if kinds is None else set(kinds)
    checks: list[Check] = []
    if run & {CheckKind.satisfies, CheckKind.violates}:
        for mechanism in catalog.mechanisms.values():
            if wanted(mechanism.id):
                checks.extend(_claim_checks(catalog, mechanism))
    cases, algorithms = battery(catalog.mechanisms), semantic.semantic_battery()
    phases: list[tuple[CheckKind, Callable[[], Iterator[Check]]]] = [
        (CheckKind.parameter_map, lambda: _map_checks(catalog, cases, algorithms, wanted)),
        (CheckKind.perfect_privacy, lambda: perfect_privacy_checks(catalog, cases, wanted)),
        (CheckKind.vacuous, lambda: vacuous_checks(catalog, cases, wanted)),
        (CheckKind.relation, lambda: relation_checks(catalog, cases, wanted)),
        (CheckKind.operation, lambda: operation_checks(catalog, cases, wanted)),
    ]
    for kind, checked in phases:
        if kind in run or (kind is CheckKind.operation and CheckKind.tightness in run):
            checks.extend(checked())
    return [c for c in checks if c.kind in run]
