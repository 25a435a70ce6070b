"""Second validation pass: checks that need the whole catalog.

Duplicate ids, dangling definition references, unknown citation keys,
names that would resolve to two definitions, and parameter maps naming
parameters the related definitions do not have.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.catalog.loader import LoadedDefinition, LoadedMechanism, LoadedReferences
from dptaxonomy.catalog.names import NameIndex, normalize
from dptaxonomy.catalog.yamlsource import Path, format_path
from dptaxonomy.schema.arith import parse_condition, parse_expression
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.models import Citation, Definition, Relation, RelationKind

__all__ = ["check_catalog", "did_you_mean", "entry_error", "implication_sides"]

CONSTANTS = frozenset({"inf", "pi", "e"})
_SEPARATIONS = frozenset({RelationKind.not_stronger, RelationKind.not_weaker})


def implication_sides(kind: RelationKind) -> tuple[str, str] | None:
    """For a relation `subject KIND target`: which side is (implying, implied).

    The parameter map's keys are parameters of the implied (or general) side;
    its expressions range over the implying (or special) side's parameters.
    """
    if kind in (RelationKind.stronger, RelationKind.extends, RelationKind.equivalent):
        return ("subject", "target")
    if kind in (RelationKind.weaker, RelationKind.extended_by):
        return ("target", "subject")
    return None


def entry_error(
    loaded: LoadedDefinition | LoadedMechanism, path: Path, code: str, message: str, hint: str
) -> Diagnostic:
    """An error located at ``path`` inside a loaded definition or mechanism entry."""
    line, column = loaded.located.value_mark(path)
    return Diagnostic(
        Severity.error, loaded.file, line, column, code, f"{format_path(path)}: {message}", hint
    )


def did_you_mean(word: str, options: Sequence[str]) -> str:
    """A hint naming up to three close matches of ``word``, or nothing."""
    close = difflib.get_close_matches(word, options, n=3, cutoff=0.6)
    return f"did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def _citations(definition: Definition) -> Iterator[tuple[Path, str]]:
    """Every citation key of an entry with its path."""
    yield ("source", "key"), definition.source.key
    for index, key in enumerate(definition.introduced_in):
        yield ("introduced_in", index), key
    if definition.disambiguator:
        yield ("disambiguator",), definition.disambiguator
    for name in type(definition.properties).model_fields:
        claim = getattr(definition.properties, name)
        if claim is not None and claim.citation is not None:
            yield ("properties", name, "citation", "key"), claim.citation.key
    if definition.perfect_privacy is not None:
        yield ("perfect_privacy", "citation", "key"), definition.perfect_privacy.citation.key
    for index, vacuous in enumerate(definition.vacuous):
        yield ("vacuous", index, "citation", "key"), vacuous.citation.key
    for index, relation in enumerate(definition.relations):
        citation: Citation = relation.citation
        yield ("relations", index, "citation", "key"), citation.key
    for index, link in enumerate(definition.links):
        yield ("links", index, "citation", "key"), link.citation.key
    for index, sourced in enumerate(definition.names):
        yield ("names", index, "source"), sourced.source
    if definition.statement_source is not None:
        yield ("statement_source", "key"), definition.statement_source.key
    for index, rule in enumerate(definition.operations):
        if rule.citation is not None:
            yield ("operations", index, "citation", "key"), rule.citation.key
        if rule.tight is not None and rule.tight.citation is not None:
            yield ("operations", index, "tight", "citation", "key"), rule.tight.citation.key


def _check_citations(
    loaded: LoadedDefinition, known: frozenset[str], ordered: Sequence[str]
) -> Iterator[Diagnostic]:
    """Unknown citation keys (``ordered`` is the sorted bibliography, for suggestions)."""
    for path, key in _citations(loaded.definition):
        if key not in known:
            hint = did_you_mean(key, ordered) or "add the work to catalog/references.yaml"
            yield entry_error(
                loaded, path, "unknown-citation", f"unknown citation key {key!r}", hint
            )


def _check_parameter_map(
    loaded: LoadedDefinition, index: int, relation: Relation, target: Definition
) -> Iterator[Diagnostic]:
    subject = loaded.definition
    sides = implication_sides(relation.kind)
    path: Path = ("relations", index)
    if sides is None:
        if relation.parameter_map is not None or relation.conditions or relation.restrictions:
            yield entry_error(
                loaded,
                (*path, "parameter_map"),
                "invalid-value",
                "a separation cannot carry a parameter map or conditions",
                "remove `parameter_map` and `conditions` from this relation",
            )
        return
    by_side = {
        "subject": {p.name for p in subject.parameters},
        "target": {p.name for p in target.parameters},
    }
    implying, implied = by_side[sides[0]], by_side[sides[1]]
    implied_name = subject.id if sides[1] == "subject" else target.id
    mapping = relation.parameter_map or {}
    free = implied - set(mapping)
    for key, expression in mapping.items():
        if key not in implied:
            yield entry_error(
                loaded,
                (*path, "parameter_map", key),
                "unknown-parameter",
                f"{key!r} is not a parameter of {implied_name}",
                f"its parameters are: {', '.join(sorted(implied)) or 'none'}",
            )
        unknown = names_in(parse_expression(expression)) - implying - free - CONSTANTS
        if unknown:
            yield entry_error(
                loaded,
                (*path, "parameter_map", key),
                "unknown-parameter",
                f"{', '.join(sorted(unknown))} not a parameter of either side",
                "expressions use the parameters of the implying side, or free parameters "
                "of the implied side",
            )
    for number, restriction in enumerate(relation.restrictions):
        if restriction.parameter not in implying | implied:
            yield entry_error(
                loaded,
                (*path, "restrictions", number, "parameter"),
                "unknown-parameter",
                f"{restriction.parameter!r} not a parameter of either side",
                "a restriction fixes a parameter of one of the two related definitions",
            )
    for number, condition in enumerate(relation.conditions):
        unknown = names_in(parse_condition(condition)) - implying - implied - CONSTANTS
        if unknown:
            yield entry_error(
                loaded,
                (*path, "conditions", number),
                "unknown-parameter",
                f"{', '.join(sorted(unknown))} not a parameter of either side",
                "conditions use the parameters of the two related definitions",
            )


def _check_references(
    loaded: LoadedDefinition, definitions: dict[str, LoadedDefinition], ids: Sequence[str]
) -> Iterator[Diagnostic]:
    """Dangling targets; ``ids`` is the sorted list of definition ids (for suggestions)."""
    for index, member in enumerate(loaded.definition.combines):
        if member not in definitions:
            yield entry_error(
                loaded,
                ("combines", index),
                "dangling-reference",
                f"no definition has id {member!r}",
                did_you_mean(member, ids) or "check the id in catalog/",
            )
    for index, link in enumerate(loaded.definition.links):
        path: Path = ("links", index, "target")
        if link.target == loaded.definition.id:
            yield entry_error(
                loaded, path, "self-reference", "a definition cannot be linked to itself", ""
            )
        elif link.target not in definitions:
            yield entry_error(
                loaded,
                path,
                "dangling-reference",
                f"no definition has id {link.target!r}",
                did_you_mean(link.target, ids) or "check the id in catalog/",
            )
    for index, relation in enumerate(loaded.definition.relations):
        if relation.target is None:
            continue
        target = definitions.get(relation.target)
        if target is None:
            yield entry_error(
                loaded,
                ("relations", index, "target"),
                "dangling-reference",
                f"no definition has id {relation.target!r}",
                did_you_mean(relation.target, ids) or "check the id in catalog/",
            )
            continue
        if relation.target == loaded.definition.id:
            yield entry_error(
                loaded,
                ("relations", index, "target"),
                "self-reference",
                "a definition cannot be related to itself",
                "relations between parameter values of one definition go in a note",
            )
            continue
        yield from _check_parameter_map(loaded, index, relation, target.definition)


def _label_paths(definition: Definition) -> Iterator[tuple[Path, str]]:
    yield ("id",), definition.id
    yield ("name",), definition.name
    for index, abbreviation in enumerate(definition.abbreviations):
        yield ("abbreviations", index), abbreviation
    for index, alias in enumerate(definition.aliases):
        yield ("aliases", index), alias
    for index, name in enumerate(definition.names):
        yield ("names", index, "label"), name.label


def _check_ambiguity(definitions: dict[str, LoadedDefinition]) -> Iterator[Diagnostic]:
    index = NameIndex(loaded.definition for loaded in definitions.values())
    shared = index.shared_labels()
    for loaded in definitions.values():
        definition = loaded.definition
        reported: set[str] = set()
        for path, label in _label_paths(definition):
            key = normalize(label)
            others = sorted(shared.get(key, set()) - {definition.id})
            if not others or key in reported:
                continue
            reported.add(key)
            group = [definitions[i].definition for i in (definition.id, *others)]
            tags = [d.disambiguator for d in group]
            if definition.disambiguator and tags.count(definition.disambiguator) == 1:
                continue
            if path[0] in ("abbreviations", "aliases", "names") and index.distinguishing_key(
                definition.id, others
            ):
                continue  # a shared abbreviation: `ABBR[KEY]` tells the definitions apart
            yield entry_error(
                loaded,
                path,
                "ambiguous-name",
                f"{label!r} also names {', '.join(others)}",
                "homonyms each need a distinct `disambiguator` (the citation key that tells "
                "them apart); otherwise remove the label from one entry",
            )


def _check_duplicates(loaded: Sequence[LoadedDefinition]) -> Iterator[Diagnostic]:
    first: dict[str, LoadedDefinition] = {}
    for entry in loaded:
        previous = first.setdefault(entry.definition.id, entry)
        if previous is not entry:
            line, _ = previous.located.value_mark(("id",))
            yield entry_error(
                entry,
                ("id",),
                "duplicate-id",
                f"{entry.definition.id!r} is already used by {previous.file}:{line}",
                "give each definition its own id",
            )


def check_catalog(
    loaded: Sequence[LoadedDefinition], references: LoadedReferences | None
) -> list[Diagnostic]:
    """Run every whole-catalog check and return the diagnostics."""
    diagnostics = list(_check_duplicates(loaded))
    definitions = {entry.definition.id: entry for entry in loaded}
    ids = sorted(definitions)
    ordered = sorted(references.references) if references is not None else []
    known = frozenset(ordered)
    for entry in loaded:
        if references is not None:
            diagnostics.extend(_check_citations(entry, known, ordered))
        diagnostics.extend(_check_references(entry, definitions, ids))
    diagnostics.extend(_check_ambiguity(definitions))
    return diagnostics
