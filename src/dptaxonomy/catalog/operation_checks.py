"""Whole-catalog checks of operation rules (``operations`` of a definition entry).

A rule's map must name parameters of the definition its result is stated in, read only the
variables its operation provides (docs/operations.md), a tightness witness must be a
catalog mechanism, and an ``open`` mark (no rule, and why) must not sit beside a rule
answering the same operation. Citation keys are checked with the entry's other citations
(:mod:`dptaxonomy.catalog.checks`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from dptaxonomy.base.diagnostics import Diagnostic
from dptaxonomy.catalog.checks import CONSTANTS, did_you_mean, entry_error
from dptaxonomy.catalog.loader import LoadedDefinition
from dptaxonomy.catalog.yamlsource import Path
from dptaxonomy.schema.arith import parse_condition, parse_expression
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.enums import (
    OPERATION_VARIABLES,
    CompositionForm,
    OperationKind,
    Status,
    Truth,
)
from dptaxonomy.schema.operations import OperationRule

__all__ = ["check_operations", "rule_variables"]


def rule_variables(rule: OperationRule, parameters: Sequence[str]) -> frozenset[str]:
    """The names a rule's map and conditions may read, given the entry's parameters."""
    names = set(OPERATION_VARIABLES[rule.operation]) | {s.name for s in rule.slack}
    if rule.form is CompositionForm.heterogeneous:
        names |= {f"{p}_{part}" for p in parameters for part in (1, 2)} | set(rule.shared)
        names.discard("k")
    else:
        names |= set(parameters)
    return frozenset(names)


def _unknown(
    loaded: LoadedDefinition,
    path: Path,
    read: set[str] | frozenset[str],
    allowed: frozenset[str],
    rule: OperationRule,
) -> Iterator[Diagnostic]:
    """An error when an expression or condition reads names the rule does not provide."""
    unknown = read - allowed
    if unknown:
        yield entry_error(
            loaded,
            path,
            "unknown-parameter",
            f"{', '.join(sorted(unknown))} not a variable of this rule",
            f"a {rule.operation.value} rule reads: {', '.join(sorted(allowed - CONSTANTS))}",
        )


def _check_rule(
    loaded: LoadedDefinition,
    index: int,
    rule: OperationRule,
    definitions: dict[str, LoadedDefinition],
    mechanisms: Sequence[str] | None,
) -> Iterator[Diagnostic]:
    own = loaded.definition
    path: Path = ("operations", index)
    parameters = [p.name for p in own.parameters]
    result = own
    if rule.result is not None:
        if rule.result not in definitions:
            hint = did_you_mean(rule.result, sorted(definitions)) or "use a definition id"
            yield entry_error(
                loaded,
                (*path, "result"),
                "dangling-reference",
                f"no definition {rule.result!r}",
                hint,
            )
            return
        result = definitions[rule.result].definition
    targets = {p.name for p in result.parameters}
    for shared in rule.shared:
        if shared not in parameters:
            yield entry_error(
                loaded,
                (*path, "shared"),
                "unknown-parameter",
                f"{shared!r} is not a parameter of {own.id}",
                f"its parameters are: {', '.join(sorted(parameters)) or 'none'}",
            )
    allowed = rule_variables(rule, parameters) | CONSTANTS
    for key, expression in (rule.parameter_map or {}).items():
        if key not in targets:
            yield entry_error(
                loaded,
                (*path, "parameter_map", key),
                "unknown-parameter",
                f"{key!r} is not a parameter of {result.id}",
                f"its parameters are: {', '.join(sorted(targets)) or 'none'}",
            )
        read = names_in(parse_expression(expression))
        yield from _unknown(loaded, (*path, "parameter_map", key), read, allowed, rule)
    if rule.parameter_map is not None and result is not own:
        missing = targets - set(rule.parameter_map)
        if missing:
            yield entry_error(
                loaded,
                (*path, "parameter_map"),
                "missing-parameter",
                f"the result in {result.id} leaves {', '.join(sorted(missing))} unmapped",
                "a result in another definition maps every one of its parameters",
            )
    for number, condition in enumerate(rule.conditions):
        read = names_in(parse_condition(condition))
        yield from _unknown(loaded, (*path, "conditions", number), read, allowed, rule)
    witness = rule.tight.witness if rule.tight is not None else None
    if witness is not None and mechanisms is not None and witness not in mechanisms:
        yield entry_error(
            loaded,
            (*path, "tight", "witness"),
            "dangling-reference",
            f"no mechanism {witness!r}",
            did_you_mean(witness, mechanisms) or "name a mechanism of catalog/mechanisms/",
        )


def _check_composability(loaded: LoadedDefinition) -> Iterator[Diagnostic]:
    """A composition rule beside a claim that the definition does not compose."""
    claim = loaded.definition.properties.composability
    if claim.value is not Truth.no or claim.status is Status.disputed:
        return
    for index, rule in enumerate(loaded.definition.operations):
        if rule.open is not None:
            continue
        if rule.operation is OperationKind.composition and rule.status is not Status.disputed:
            yield entry_error(
                loaded,
                ("operations", index, "operation"),
                "contradicts-property",
                "a composition rule contradicts `properties.composability: no`",
                "mark one of them `status: disputed` with a note on the conflict",
            )


def _concerns(mark: OperationRule, rule: OperationRule) -> bool:
    """Whether ``rule`` answers what the ``open`` mark says has no answer (same operation and,
    for amplification, the mark's sampling scheme when it names one)."""
    if rule.operation is not mark.operation or rule.status is Status.disputed:
        return False
    return mark.sampling is None or rule.sampling is mark.sampling


def _check_marks(loaded: LoadedDefinition) -> Iterator[Diagnostic]:
    """An ``open`` mark beside a rule that answers the same operation."""
    operations = loaded.definition.operations
    rules = [(i, r) for i, r in enumerate(operations) if r.open is None]
    for index, mark in enumerate(operations):
        if mark.open is None:
            continue
        for other, rule in rules:
            if _concerns(mark, rule):
                yield entry_error(
                    loaded,
                    ("operations", index, "open"),
                    "open-beside-rule",
                    f"an `open` mark for {mark.operation.value} beside a rule for it "
                    f"(operations[{other}])",
                    "remove the mark, or name the sampling scheme it is about",
                )
                break


def check_operations(
    loaded: Sequence[LoadedDefinition], mechanisms: Sequence[str] | None = None
) -> Iterator[Diagnostic]:
    """Every operation rule of every entry (``mechanisms``: ids for witnesses, if known)."""
    definitions = {entry.definition.id: entry for entry in loaded}
    for entry in loaded:
        for index, rule in enumerate(entry.definition.operations):
            yield from _check_rule(entry, index, rule, definitions, mechanisms)
        yield from _check_composability(entry)
        yield from _check_marks(entry)
