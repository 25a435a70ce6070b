"""Asserted facts: the catalog's relations read as ≻, ⊂ and ¬≻ edges with their origin.

This is the graph layer's input: every relation of every entry becomes zero,
one or two :class:`Fact` records (rules A1–A4), each remembering the file,
line and citation it comes from.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum

from dptaxonomy.base.records import field, record
from dptaxonomy.reasoning.info import CitationRef
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.enums import Quantifier, RelationKind, Status

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dptaxonomy.catalog.evidence import Computed
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.schema.models import Relation

__all__ = [
    "Fact",
    "FactKind",
    "FactSet",
    "Origin",
    "WitnessRef",
    "collect_facts",
    "evidence_level",
    "origin_target",
    "relation_origin",
]


class FactKind(StrEnum):
    """The three kinds of edge the reasoner works with."""

    stronger = "stronger"
    """``a ≻ b``."""
    extends = "extends"
    """``a ⊂ b``: a is a special case of b."""
    not_stronger = "not_stronger"
    """``¬(a ≻ b)``."""


@record(slots=True)
class WitnessRef:
    """The two claims of a mechanism entry that make a separation (rule W3)."""

    mechanism: str
    satisfies: str
    satisfies_citation: CitationRef
    satisfies_line: int
    violates: str
    violates_citation: CitationRef
    violates_line: int
    satisfies_evidence: str = "cited"
    """Each claim's own evidence level (see :func:`evidence_level`) and case count."""
    satisfies_cases: int = 0
    violates_evidence: str = "cited"
    violates_cases: int = 0


@record(slots=True)
class Origin:
    """Where an asserted relation is written, and what it says."""

    definition: str
    index: int
    file: str
    line: int
    column: int
    kind: RelationKind
    target: str
    citation: CitationRef
    status: Status
    parameter_map: tuple[tuple[str, str], ...] = ()
    conditions: tuple[str, ...] = ()
    note: str | None = None
    restrictions: tuple[tuple[str, str], ...] = ()
    """Parameters fixed to a described value: (parameter, value)."""
    restricting: tuple[str, ...] = ()
    """The conditions and restrictions of kind K3: the fact holds only where they do."""
    witness: WitnessRef | None = None
    """For a separation read from a mechanism entry: the mechanism and its two claims."""
    evidence: str = "cited"
    """quoted, cited, computed or refuted (see :func:`evidence_level`)."""
    cases: int = 0
    """For computed evidence: how many cases of the battery were checked."""
    outside_domain: bool = False
    """For a ⊂: the catalog places this special case outside the general side's domain (some
    ⊂ of the pair maps a parameter to a number its domain excludes); rules E3, W5 and W6
    do not use it."""
    convention: str | None = None
    """The neighbouring convention the relation holds under, when it depends on one."""
    perfect_privacy: tuple[int, ...] = ()
    """For a ≻ read from a ⊂ by rule E3: the lines of the special case's and of the general
    definition's ``perfect_privacy`` declarations (each in its own entry's file)."""
    scopes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The parameter names of the relation's two sides, (id, names) each, so that a composed
    map can tell whose parameter a name in a step's map is
    (:mod:`dptaxonomy.reasoning.maps.scoping`)."""

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}"


_CONJECTURED = Status.conjectured
"""Read once: reading a member from its enum class costs some hundred nanoseconds (CPython
3.11), and :attr:`Fact.conjectured` is asked of every fact each search sorts."""


@record(slots=True)
class Fact:
    """One asserted edge ``a KIND b`` and the rule that read it from its origin."""

    kind: FactKind
    a: str
    b: str
    origin: Origin
    rule: Rule = Rule.ASSERTED

    @property
    def conjectured(self) -> bool:
        return self.origin.status is _CONJECTURED

    @property
    def conditional(self) -> bool:
        """Whether the fact holds only for a sub-family of parameters (rule K3)."""
        return bool(self.origin.restricting)


@record(frozen=False)
class FactSet:
    """All facts usable for inference, plus those set aside and why."""

    facts: list[Fact] = field(default_factory=list)
    """The unconditional facts: the input of the closures."""
    conditional: list[Fact] = field(default_factory=list)
    """Facts holding only under restricting conditions (rule K3): kept out of the closures."""
    disputed: list[Origin] = field(default_factory=list)
    conjectured_unused: list[Origin] = field(default_factory=list)
    unquantified: list[Origin] = field(default_factory=list)


_FORWARD: dict[RelationKind, tuple[FactKind, bool]] = {
    RelationKind.stronger: (FactKind.stronger, False),
    RelationKind.weaker: (FactKind.stronger, True),
    RelationKind.extends: (FactKind.extends, False),
    RelationKind.extended_by: (FactKind.extends, True),
    RelationKind.not_stronger: (FactKind.not_stronger, False),
    RelationKind.not_weaker: (FactKind.not_stronger, True),
}


def _restricting(
    catalog: Catalog, subject: str, relation: Relation, target: str
) -> tuple[str, ...]:
    """The K3 conditions and restrictions of a relation (see :mod:`.conditions`)."""
    if not relation.conditions and not relation.restrictions:
        return ()
    from dptaxonomy.reasoning.logic.conditions import (  # compile time only: parses expressions
        ConditionKind,
        classify_condition,
        classify_restriction,
        implying_is_target,
    )

    implying_id = target if implying_is_target(relation.kind) else subject
    implying_definition = catalog.definition(implying_id)
    implying = (
        {p.name: p.domain for p in implying_definition.parameters} if implying_definition else {}
    )
    implied_definition = catalog.definition(subject if implying_id == target else target)
    implied = (
        {p.name: p.domain for p in implied_definition.parameters} if implied_definition else {}
    )
    found = [
        c
        for c in relation.conditions
        if classify_condition(c, implying, implied) is ConditionKind.restricting
    ]
    found += [
        f"{r.parameter}: {r.value}"
        for r in relation.restrictions
        if classify_restriction(r.parameter, implying) is ConditionKind.restricting
    ]
    return tuple(found)


def evidence_level(quote: str | None, computed: Computed | None) -> tuple[str, int]:
    """The evidence of a claim: refuted or computed (from ``evidence.json``), else quoted or cited.

    >>> evidence_level(None, None), evidence_level("as printed", None)
    (('cited', 0), ('quoted', 0))
    """
    if computed is not None and computed.outcome in ("refuted", "computed"):
        return computed.outcome, computed.cases
    return ("quoted" if quote is not None else "cited"), 0


def origin_target(relation: Relation, target: str | None) -> str:
    """What an origin names as the relation's target, read towards ``target`` (None: as a whole).

    The relation's own target; for a set-level relation, the set ("all
    definitions of dimension N"), except that one with conditions gets an
    origin per target, since whether a condition restricts depends on the
    target's parameters (rule K3).
    """
    if relation.target is not None:
        return relation.target
    wanted = relation.target_set
    assert wanted is not None
    if target is not None and relation.conditions:
        return target
    return f"{wanted.quantifier.value} definitions of dimension {wanted.dimension.value}"


def relation_origin(
    catalog: Catalog, subject: str, index: int, relation: Relation, target: str
) -> Origin:
    """The origin of relation ``index`` of ``subject``, as every fact read from it carries it
    (``target`` as :func:`origin_target` gives it; not marked by rule E3 or a domain)."""
    from dptaxonomy.catalog.evidence import relation_evidence

    entry = catalog.entries[subject]
    line, column = entry.located.value_mark(("relations", index))
    evidence, cases = evidence_level(
        relation.citation.quote, relation_evidence(catalog.evidence, subject, index)
    )
    return Origin(
        definition=subject,
        index=index,
        file=entry.file,
        line=line,
        column=column,
        kind=relation.kind,
        target=target,
        citation=CitationRef(relation.citation.key, relation.citation.at, relation.citation.quote),
        status=relation.status,
        parameter_map=tuple((relation.parameter_map or {}).items()),
        conditions=tuple(relation.conditions),
        note=relation.note,
        restrictions=tuple((r.parameter, r.value) for r in relation.restrictions),
        restricting=_restricting(catalog, subject, relation, target),
        convention=relation.convention.value if relation.convention else None,
        evidence=evidence,
        cases=cases,
        scopes=tuple(
            (name, tuple(p.name for p in catalog.entries[name].definition.parameters))
            for name in dict.fromkeys((subject, target))
            if name in catalog.entries
        ),
    )


def _edges(
    subject: str, relation: Relation, target: str, origin: Origin, rule: Rule
) -> Iterator[Fact]:
    if relation.kind is RelationKind.equivalent:
        yield Fact(FactKind.stronger, subject, target, origin, Rule.EQUIVALENCE)
        yield Fact(FactKind.stronger, target, subject, origin, Rule.EQUIVALENCE)
        return
    kind, inverse = _FORWARD[relation.kind]
    if inverse:
        yield Fact(kind, target, subject, origin, Rule.INVERSE if rule is Rule.ASSERTED else rule)
    else:
        yield Fact(kind, subject, target, origin, rule)


def collect_facts(catalog: Catalog, *, assume_conjectures: bool = False) -> FactSet:
    """Read every relation of the catalog as facts (rules A1–A4).

    Disputed relations are never used; conjectured ones only when asked.
    """
    result = FactSet()
    by_dimension: dict[str, list[str]] = {}
    for definition in catalog.definitions.values():
        for dimension in definition.dimensions:
            by_dimension.setdefault(dimension.value, []).append(definition.id)
    for subject, definition in catalog.definitions.items():
        for index, relation in enumerate(definition.relations):
            targets: list[str]
            rule = Rule.ASSERTED
            if relation.target is not None:
                targets = [relation.target]
            else:
                assert relation.target_set is not None
                targets = by_dimension.get(relation.target_set.dimension.value, [])
                rule = Rule.SET_LEVEL
            label = origin_target(relation, None)
            origin = relation_origin(catalog, subject, index, relation, label)
            if relation.status is Status.disputed:
                result.disputed.append(origin)
                continue
            if relation.status is Status.conjectured and not assume_conjectures:
                result.conjectured_unused.append(origin)
                continue
            if (
                relation.target_set is not None
                and relation.target_set.quantifier is not Quantifier.all
            ):
                result.unquantified.append(origin)
                continue
            for target in targets:
                if target == subject:
                    continue
                if origin_target(relation, target) != label:
                    origin = relation_origin(catalog, subject, index, relation, target)
                facts = list(_edges(subject, relation, target, origin, rule))
                (result.conditional if origin.restricting else result.facts).extend(facts)
    return result
