"""The checks of ``dptax verify`` that judge a definition's own declarations and rules.

Each stated relation between evaluable definitions (both directions it asserts), each
perfect-privacy declaration (rule E3), each numeric vacuous value (rule V1), each
operation rule and each tightness claim with a witness, judged on the battery of pairs.
``wanted`` picks the entries whose checks run (``dptax verify --entry``); by default all.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from dptaxonomy.reasoning.evaluators.battery import Case
from dptaxonomy.reasoning.evaluators.operation_forms import operation_results, rule_reading
from dptaxonomy.reasoning.evaluators.operation_tightness import tightness_results
from dptaxonomy.reasoning.evaluators.perfect_checks import declaration_results
from dptaxonomy.reasoning.evaluators.relation_checks import relation_results, vacuous_results
from dptaxonomy.reasoning.evaluators.verdicts import Check, CheckKind, Wanted, everything, tally

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.schema.models import Definition

__all__ = [
    "operation_checks",
    "perfect_privacy_checks",
    "relation_checks",
    "vacuous_checks",
]


def _chosen(catalog: Catalog, wanted: Wanted) -> list[Definition]:
    return [d for d in catalog.definitions.values() if wanted(d.id)]


def operation_checks(
    catalog: Catalog, cases: list[Case], wanted: Wanted = everything
) -> Iterator[Check]:
    """Each operation rule on the battery (docs/operations.md), then each tightness claim
    with a witness; an ``open`` mark is no rule and has no row."""
    definitions, mechanisms = catalog.definitions, catalog.mechanisms
    for definition in _chosen(catalog, wanted):
        rules = [(i, r) for i, r in enumerate(definition.operations) if r.open is None]
        for index, rule in rules:
            reading = rule_reading(definition.id, rule)
            disputed = rule.status.value == "disputed"
            outcome, count, where = tally(
                operation_results(definitions, definition, rule, cases, mechanisms)
            )
            yield Check(
                CheckKind.operation, definition.id, index, reading, outcome, count, disputed, where
            )
            if rule.tight is not None and rule.tight.witness is not None:
                found = tightness_results(definitions, mechanisms, definition, rule)
                outcome, count, where = tally(found)
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


def vacuous_checks(
    catalog: Catalog, cases: list[Case], wanted: Wanted = everything
) -> Iterator[Check]:
    """Each numeric ``vacuous`` value of an evaluable definition (rule V1)."""
    return _declarations(catalog, cases, wanted, CheckKind.vacuous)


def relation_checks(
    catalog: Catalog, cases: list[Case], wanted: Wanted = everything
) -> Iterator[Check]:
    """Each ≻, ∼ and ⊂ between two evaluable definitions, in the directions it asserts."""
    for found in relation_results(catalog, cases, wanted):
        outcome, count, where = tally(found.results)
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


def perfect_privacy_checks(
    catalog: Catalog, cases: list[Case], wanted: Wanted = everything
) -> Iterator[Check]:
    """Each ``perfect_privacy`` declaration: #0 its point, #1 ``every_parameter`` (rule E3)."""
    return _declarations(catalog, cases, wanted, CheckKind.perfect_privacy)


def _declarations(
    catalog: Catalog, cases: list[Case], wanted: Wanted, kind: CheckKind
) -> Iterator[Check]:
    """The checks of one kind of a definition's declared values, each read as its results
    name it (a perfect-privacy reading is prefixed with the definition's id)."""
    judged = vacuous_results if kind is CheckKind.vacuous else declaration_results
    for definition in _chosen(catalog, wanted):
        for index, reading, results in judged(definition, cases):
            outcome, count, where = tally(results)
            shown = reading if kind is CheckKind.vacuous else f"{definition.id} {reading}"
            yield Check(kind, definition.id, index, shown, outcome, count, False, where)
