"""Plain records of what the reasoner needs to know about each definition.

They carry no pydantic model, so a knowledge base restored from the cache
answers queries without importing pydantic, networkx or rdflib.
"""

from __future__ import annotations

from dptaxonomy.base.records import record
from dptaxonomy.schema.enums import (
    Adaptivity,
    ClosedForm,
    CompositionForm,
    Dimension,
    Neighbourhood,
    OperationKind,
    Sampling,
    Scope,
    Status,
    Truth,
)

__all__ = ["CitationRef", "DefinitionInfo", "MechanismInfo", "OperationInfo"]


@record(slots=True)
class CitationRef:
    """A citation: bibliography key, exact place, optional quote."""

    key: str
    at: str
    quote: str | None = None

    def data(self) -> dict[str, str]:
        """JSON-ready form (no ``quote`` key when there is none)."""
        result = {"key": self.key, "at": self.at}
        if self.quote is not None:
            result["quote"] = self.quote
        return result


@record(slots=True)
class DefinitionInfo:
    """The facts about a definition that queries and contradiction checks use."""

    id: str
    name: str
    abbreviations: tuple[str, ...]
    aliases: tuple[str, ...]
    names: tuple[str, ...]
    """Labels of the entry's sourced names (``names`` in the catalog)."""
    name_sources: tuple[str, ...]
    """Citation keys of the works using those names (they also tell homonyms apart)."""
    disambiguator: str | None
    introduced_in: tuple[str, ...]
    dimensions: tuple[Dimension, ...]
    scope: Scope
    composability: Truth
    composability_status: Status
    composability_citation: CitationRef | None
    file: str
    composability_line: int
    parameters: tuple[tuple[str, str], ...] = ()
    """(name, domain) of each parameter, in the entry's order."""
    properties: tuple[tuple[str, Truth, Status], ...] = ()
    """Post-processing and convexity claims: (property, value, status)."""
    core: bool = False
    """In the practitioner's core (``catalog/core.yaml``): its open questions are listed first."""
    library_ids: tuple[str, ...] = ()
    """Identifiers DP libraries give the notion (the entry's crosswalk); lookups accept them."""
    conversion_parameters: tuple[tuple[str, str, str, str, str, str], ...] = ()
    """Each parameter as (name, type, domain, monotone, standard value, standard form), e.g.
    ("xi", "real", "[0, inf)", "weaker_when_larger", "0", "ρ-zCDP"); monotone is "" when the
    catalog does not say, the standard "" when it gives none (``dptax convert``)."""
    perfect_parameters: tuple[tuple[str, str], ...] = ()
    """The parameter values at which it forces perfect privacy (its ``perfect_privacy``)."""
    perfect_every: bool = False
    """Whether perfect privacy meets it at every parameter value."""
    vacuous: tuple[tuple[tuple[tuple[str, str], ...], str, str], ...] = ()
    """Each numeric ``vacuous`` value as (its parameters, its citation's key, where in the
    source): there every mechanism meets the definition (rule V1)."""
    operations: tuple[str, ...] = ()
    """The operations (``OperationKind`` values) the entry states an undisputed rule for."""
    operation_rules: tuple[tuple[str, str, str], ...] = ()
    """Each undisputed operation rule as (operation, its line, citation key): what ``relate``
    prints (:func:`dptaxonomy.reasoning.operation_reading.rule_line`)."""
    operation_marks: tuple[tuple[str, str, str], ...] = ()
    """Each undisputed ``open`` mark as (operation, reason (``OpenReason`` value), citation
    key or ""): why the entry gives no rule (``dptax open-questions``)."""

    @property
    def labels(self) -> list[str]:
        """Every string the definition may be looked up by."""
        return [self.id, self.name, *self.abbreviations, *self.aliases, *self.names]


@record(slots=True)
class MechanismInfo:
    """What ``dptax convert`` needs of a mechanism as a source: names, parameters, violations.

    Its ``satisfies`` claims with parameter maps are facts of the knowledge base
    (:attr:`~dptaxonomy.reasoning.knowledge.KnowledgeBase.mechanism_claims`).
    """

    id: str
    name: str
    aliases: tuple[str, ...]
    parameters: tuple[tuple[str, str, str], ...]
    """Each parameter as (name, type, domain)."""
    violations: tuple[tuple[str, str], ...] = ()
    """(definition, "[key] place") for each established, unconditional ``violates`` claim."""
    pair_kind: str | None = None
    """Its output pair's kind (``gaussian``, ``laplace``, …), when the catalog gives one."""
    pair_arguments: tuple[tuple[str, str], ...] = ()
    """The pair's arguments as (name, expression over the mechanism's parameters)."""


@record(slots=True)
class OperationInfo:
    """One operation rule of a definition (``operations[index]`` of its entry), as data.

    The fields of :class:`~dptaxonomy.schema.operations.OperationRule` that ``dptax
    compose`` reads, compiled with the knowledge base, so that composing reads no YAML.
    """

    definition: str
    index: int
    operation: OperationKind
    status: Status
    citation: CitationRef
    form: CompositionForm | None = None
    adaptivity: Adaptivity | None = None
    sampling: Sampling | None = None
    neighbourhood: Neighbourhood | None = None
    to_neighbourhood: Neighbourhood | None = None
    result: str | None = None
    parameter_map: tuple[tuple[str, str], ...] | None = None
    """The map as (parameter, expression) pairs; None when a closed form gives it."""
    closed_form: ClosedForm | None = None
    fails: bool = False
    """The source shows no rule of this kind holds (no map, no closed form)."""
    shared: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
