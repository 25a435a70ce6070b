"""Whole-catalog checks of mechanism entries.

Duplicate ids, unknown citation keys, claims about definitions that do not
exist, parameter names a claim's expressions cannot mean, and output pairs
missing an argument their family needs, noise scales over unknown names.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from dptaxonomy.base.diagnostics import Diagnostic
from dptaxonomy.catalog.checks import did_you_mean, entry_error
from dptaxonomy.catalog.loader import LoadedMechanism, LoadedReferences
from dptaxonomy.catalog.yamlsource import Path
from dptaxonomy.schema.arith import parse_condition, parse_expression
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.mechanisms import Mechanism, PairKind
from dptaxonomy.schema.models import Definition

__all__ = ["PAIR_ARGUMENTS", "check_mechanisms", "finite_size"]

CONSTANTS = frozenset({"inf", "pi", "e"})
PAIR_ARGUMENTS: dict[PairKind, frozenset[str]] = {
    PairKind.gaussian: frozenset({"shift", "sigma"}),
    PairKind.laplace: frozenset({"shift", "scale"}),
    PairKind.zeta: frozenset({"a", "b"}),
    PairKind.zeta_geometric: frozenset({"a", "q"}),
    PairKind.discrete_laplace: frozenset({"shift", "scale"}),
    PairKind.thresholded_count: frozenset({"n", "T", "p"}),
}
"""Arguments each closed-form family needs (``finite`` takes p0…pk and q0…qk)."""


def finite_size(arguments: Sequence[str]) -> int | None:
    """k + 1 when the names are exactly p0…pk and q0…qk, else None.

    >>> finite_size(["p0", "p1", "q0", "q1"]), finite_size(["p0", "q1"])
    (2, None)
    """
    count = len(arguments) // 2
    expected = {f"p{i}" for i in range(count)} | {f"q{i}" for i in range(count)}
    return count if count >= 2 and set(arguments) == expected else None


def _citations(mechanism: Mechanism) -> Iterator[tuple[Path, str]]:
    for index, key in enumerate(mechanism.introduced_in):
        yield ("introduced_in", index), key
    for part in ("satisfies", "violates"):
        for index, claim in enumerate(getattr(mechanism, part)):
            yield (part, index, "citation", "key"), claim.citation.key


def _check_claims(
    entry: LoadedMechanism, definitions: dict[str, Definition], ids: Sequence[str]
) -> Iterator[Diagnostic]:
    mechanism = entry.mechanism
    own = {p.name for p in mechanism.parameters}
    for part in ("satisfies", "violates"):
        for index, claim in enumerate(getattr(mechanism, part)):
            path: Path = (part, index)
            definition = definitions.get(claim.definition)
            if definition is None:
                yield entry_error(
                    entry,
                    (*path, "definition"),
                    "dangling-reference",
                    f"no definition has id {claim.definition!r}",
                    did_you_mean(claim.definition, ids) or "check the id in catalog/",
                )
                continue
            theirs = {p.name for p in definition.parameters}
            allowed = own | CONSTANTS | (theirs if part == "satisfies" else set())
            for key, expression in getattr(claim, "parameters", {}).items():
                if key not in theirs:
                    yield entry_error(
                        entry,
                        (*path, "parameters", key),
                        "unknown-parameter",
                        f"{key!r} is not a parameter of {definition.id}",
                        f"its parameters are: {', '.join(sorted(theirs)) or 'none'}",
                    )
                unknown = names_in(parse_expression(expression)) - allowed
                if unknown:
                    yield entry_error(
                        entry,
                        (*path, "parameters", key),
                        "unknown-parameter",
                        f"{', '.join(sorted(unknown))} not a parameter of the mechanism "
                        "or the definition",
                        f"the mechanism's parameters are: {', '.join(sorted(own)) or 'none'}",
                    )
            for number, condition in enumerate(claim.conditions):
                unknown = names_in(parse_condition(condition)) - allowed
                if unknown:
                    yield entry_error(
                        entry,
                        (*path, "conditions", number),
                        "unknown-parameter",
                        f"{', '.join(sorted(unknown))} not a parameter it may use",
                        "a `violates` condition uses the mechanism's parameters only",
                    )


def _check_pair(entry: LoadedMechanism) -> Iterator[Diagnostic]:
    pair = entry.mechanism.pair
    if pair is None:
        return
    own = {p.name for p in entry.mechanism.parameters}
    given = sorted(pair.arguments)
    if pair.kind is PairKind.finite:
        if finite_size(given) is None:
            yield entry_error(
                entry,
                ("pair", "arguments"),
                "invalid-value",
                "a finite pair needs arguments p0…pk and q0…qk (k ≥ 1)",
                "give one probability per outcome for each of the two distributions",
            )
    elif set(given) != PAIR_ARGUMENTS[pair.kind]:
        needed = ", ".join(sorted(PAIR_ARGUMENTS[pair.kind]))
        yield entry_error(
            entry,
            ("pair", "arguments"),
            "invalid-value",
            f"a {pair.kind.value} pair takes exactly: {needed}",
            f"give {needed}",
        )
    for key, expression in pair.arguments.items():
        unknown = names_in(parse_expression(expression)) - own - CONSTANTS
        if unknown:
            yield entry_error(
                entry,
                ("pair", "arguments", key),
                "unknown-parameter",
                f"{', '.join(sorted(unknown))} not a parameter of the mechanism",
                f"its parameters are: {', '.join(sorted(own)) or 'none'}",
            )


def _check_action(entry: LoadedMechanism) -> Iterator[Diagnostic]:
    action = entry.mechanism.action
    if action is None or action.scale is None:
        return
    own = {p.name for p in entry.mechanism.parameters}
    unknown = names_in(parse_expression(action.scale)) - own - CONSTANTS
    if unknown:
        yield entry_error(
            entry,
            ("action", "scale"),
            "unknown-parameter",
            f"{', '.join(sorted(unknown))} not a parameter of the mechanism",
            f"its parameters are: {', '.join(sorted(own)) or 'none'}",
        )


def _check_witnesses(
    entry: LoadedMechanism, definitions: dict[str, Definition], ids: Sequence[str]
) -> Iterator[Diagnostic]:
    for index, separation in enumerate(entry.mechanism.witnesses):
        for key in ("stronger", "not_stronger_than"):
            target = getattr(separation, key)
            if target not in definitions:
                yield entry_error(
                    entry,
                    ("witnesses", index, key),
                    "dangling-reference",
                    f"no definition has id {target!r}",
                    did_you_mean(target, ids) or "check the id in catalog/",
                )


def check_mechanisms(
    loaded: Sequence[LoadedMechanism],
    definitions: dict[str, Definition],
    references: LoadedReferences | None,
) -> list[Diagnostic]:
    """Every whole-catalog check of the mechanism entries."""
    diagnostics: list[Diagnostic] = []
    first: dict[str, LoadedMechanism] = {}
    ids = sorted(definitions)
    known = sorted(references.references) if references is not None else []
    for entry in loaded:
        previous = first.setdefault(entry.mechanism.id, entry)
        if previous is not entry:
            line, _ = previous.located.value_mark(("id",))
            diagnostics.append(
                entry_error(
                    entry,
                    ("id",),
                    "duplicate-id",
                    f"{entry.mechanism.id!r} is already used by {previous.file}:{line}",
                    "give each mechanism its own id",
                )
            )
        if references is not None:
            for path, key in _citations(entry.mechanism):
                if key not in references.references:
                    hint = did_you_mean(key, known) or "add the work to catalog/references.yaml"
                    message = f"unknown citation key {key!r}"
                    diagnostics.append(entry_error(entry, path, "unknown-citation", message, hint))
        diagnostics.extend(_check_claims(entry, definitions, ids))
        diagnostics.extend(_check_pair(entry))
        diagnostics.extend(_check_action(entry))
        diagnostics.extend(_check_witnesses(entry, definitions, ids))
    return diagnostics
