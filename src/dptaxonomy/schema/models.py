"""Typed schema of a catalog entry and of the bibliography.

Every field is documented: the descriptions end up in the published JSON
Schema (``dptax schema``) that editors use to check entries as they are typed.
The models only check what one file can check alone; whole-catalog checks
(dangling references, duplicate ids, ambiguous names) live in
:mod:`dptaxonomy.catalog.checks`.
"""

from __future__ import annotations

import re

from pydantic import (
    Field,
    field_validator,
    model_validator,
)

from dptaxonomy.schema.bibliography import Reference
from dptaxonomy.schema.claims import (
    Citation,
    Claim,
    PerfectPrivacy,
    Properties,
    VacuousValue,
    check_constant_in_domain,
)
from dptaxonomy.schema.crosswalk import Mapping, SourcedName
from dptaxonomy.schema.enums import (
    CITATION_SUFFIX,
    DIMENSION_ORDER,
    TABLE3_ROWS,
    Dimension,
    LinkKind,
    ParameterType,
    Quantifier,
    RelationKind,
    Scope,
    Setting,
    Status,
    Truth,
)
from dptaxonomy.schema.evaluation import NotEvaluable
from dptaxonomy.schema.fields import (
    CITATION_KEY_PATTERN,
    ID_PATTERN,
    PARAMETER_NAME_PATTERN,
    CitationKey,
    Condition,
    DefinitionId,
    Expression,
    Label,
    ParameterName,
    Text,
    citation_field,
    conditions_field,
    note_field,
    require_note,
    status_field,
)
from dptaxonomy.schema.fields import StrictModel as _Strict
from dptaxonomy.schema.links import Link
from dptaxonomy.schema.operations import OperationRule, Slack, Tightness
from dptaxonomy.schema.parameters import Parameter
from dptaxonomy.schema.settings import Convention, Unit

__all__ = [
    "CITATION_KEY_PATTERN",
    "ID_PATTERN",
    "PARAMETER_NAME_PATTERN",
    "Citation",
    "CitationKey",
    "Claim",
    "Definition",
    "DefinitionId",
    "DefinitionSet",
    "Dimension",
    "Link",
    "LinkKind",
    "Mapping",
    "OperationRule",
    "Parameter",
    "ParameterType",
    "PerfectPrivacy",
    "Properties",
    "Quantifier",
    "Reference",
    "Relation",
    "RelationKind",
    "Restriction",
    "Scope",
    "Setting",
    "Slack",
    "Source",
    "SourcedName",
    "Status",
    "Table3Row",
    "Tightness",
    "Truth",
    "VacuousValue",
]


class DefinitionSet(_Strict):
    """A set of definitions named by a dimension, for set-level statements."""

    dimension: Dimension = Field(description="The dimension whose definitions are meant.")
    quantifier: Quantifier = Field(description="`all` or `most` definitions of the dimension.")


class Restriction(_Strict):
    """A parameter a relation fixes to a described value, where no arithmetic condition can say it.

    E.g. ``{parameter: Delta, value: "ℙ₁, every distribution on datasets"}``. On the implied
    side it is a choice of parameters (rule K2); on the implying side it restricts the
    relation to a sub-family (rule K3).
    """

    parameter: ParameterName = Field(description="The parameter fixed, of either side.")
    value: Text = Field(description="The value or subset it is fixed to, as the source states it.")


class Relation(_Strict):
    """A typed relation `subject KIND target`, stored in the subject's entry."""

    kind: RelationKind = Field(
        description=(
            "extends (⊂), extended_by (⊃), stronger (≻), weaker (≺), equivalent (∼), "
            "not_stronger, not_weaker (separations)."
        )
    )
    target: DefinitionId | None = Field(default=None, description="Id of the target definition.")
    target_set: DefinitionSet | None = Field(
        default=None, description="A set of definitions, for set-level statements."
    )
    parameter_map: dict[ParameterName, Expression] | None = Field(
        default=None,
        description=(
            "For a parametric implication or special case: each parameter of the implied "
            "(weaker, or more general) side as an arithmetic expression of the parameters of "
            "the implying (stronger, or special) side; for `equivalent`, target parameters "
            "from subject parameters. E.g. `{xi: '0', rho: 'epsilon**2 / 2'}` on "
            "`differential-privacy stronger zero-concentrated-dp`."
        ),
    )
    conditions: list[Condition] = conditions_field(
        "Side conditions over the implying (or special) side's parameters."
    )
    restrictions: list[Restriction] = Field(
        default_factory=list,
        description=(
            "Parameters fixed to a described value (a distribution family, a form of background "
            "knowledge) that an arithmetic condition cannot express."
        ),
    )
    status: Status = status_field("relation")
    convention: Convention | None = Field(
        default=None, description="The neighbouring convention the relation holds under, if one."
    )
    citation: Citation = citation_field("Where the relation is stated.")
    note: Text | None = note_field()

    @model_validator(mode="after")
    def _shape(self) -> Relation:
        if (self.target is None) == (self.target_set is None):
            raise ValueError("give exactly one of `target` and `target_set`")
        require_note(
            self.status, self.note, "a disputed relation needs a note explaining the conflict"
        )
        if self.target_set is not None and self.parameter_map is not None:
            raise ValueError("a set-level relation cannot carry a parameter map")
        return self


class Table3Row(_Strict):
    """The definition's row in the SoK's Table 3."""

    row: int = Field(
        ge=1, le=TABLE3_ROWS, description="Row number, counting from 1 at the top of Table 3."
    )
    label: Label = Field(description="Column 1 as printed, e.g. `(α, ε)-Rényi DP [Mir17]`.")
    abbreviation: Label = Field(description="The abbreviation as Table 3 spells it.")


class Source(_Strict):
    """Where the definition is presented."""

    key: CitationKey = Field(description="The work presenting it (for SoK entries, the SoK).")
    section: Label | None = Field(default=None, description="Section, e.g. `3.3`.")
    definition: Label | None = Field(
        default=None, description="Definition number as printed, e.g. `Definition 14`."
    )
    table3: Table3Row | None = Field(default=None, description="Its row in the SoK's Table 3.")


class Definition(_Strict):
    """One privacy definition: one YAML file, named by its id."""

    id: DefinitionId = Field(description="Stable id; the file stem must equal it.")
    name: Label = Field(description="Name as the source writes it, e.g. `Rényi DP`.")
    abbreviations: list[Label] = Field(
        default_factory=list,
        description="Abbreviations, every spelling the source uses (text and Table 3).",
    )
    aliases: list[Label] = Field(
        default_factory=list, description="Other names for the same notion."
    )
    names: list[SourcedName] = Field(
        default_factory=list,
        description="Further names and spellings, each with a work that uses it.",
    )
    disambiguator: CitationKey | None = Field(
        default=None,
        description="For homonyms: the citation key that tells them apart, as in `BayDP[TF20]`.",
    )
    dimensions: list[Dimension] = Field(
        description="Dimensions (subset of Q N V B F R C); empty for ε-DP itself."
    )
    parameters: list[Parameter] = Field(default_factory=list, description="Parameters.")
    statement: Text | None = Field(
        default=None, description="The formal definition, as LaTeX, transcribed from the source."
    )
    statement_source: Citation | None = Field(
        default=None,
        description=(
            "Where the statement is transcribed from, when that is not the `source` block "
            "(e.g. the introducing paper's definition)."
        ),
    )
    summary: Text = Field(
        description="One or two sentences, in our own words, on what it changes relative to ε-DP."
    )
    introduced_in: list[CitationKey] = Field(
        min_length=1, description="Citation keys of the papers that introduced the notion."
    )
    source: Source = Field(description="Where the definition is presented.")
    scope: Scope = Field(description="Where the SoK places the notion.")
    setting: Setting = Field(default=Setting.central, description="The trust model.")
    unit: Unit | None = Field(
        default=None, description="The unit of privacy, where the source says."
    )
    neighbours: Convention | None = Field(
        default=None, description="Add/remove, replace-one or either, where the source says."
    )
    combines: list[DefinitionId] = Field(
        default_factory=list,
        description="For multidimensional definitions: the definitions it combines.",
    )
    properties: Properties = Field(description="Privacy axioms and composability.")
    relations: list[Relation] = Field(
        default_factory=list, description="Relations with this definition as subject."
    )
    operations: list[OperationRule] = Field(
        default_factory=list,
        description=(
            "Cited rules for composition, group privacy, amplification by subsampling or "
            "shuffling, and change of neighbour relation (docs/operations.md)."
        ),
    )
    links: list[Link] = Field(
        default_factory=list,
        description="Non-logical links: local version of, distinct from (homonyms), variant of.",
    )
    crosswalk: list[Mapping] = Field(
        default_factory=list,
        description="Identifiers of the notion in DP libraries and vocabularies (SKOS matches).",
    )
    perfect_privacy: PerfectPrivacy | None = Field(
        default=None,
        description=(
            "Where the definition meets perfect privacy (outputs identically distributed on "
            "neighbours); rule E3 reads it."
        ),
    )
    not_evaluable: NotEvaluable | None = Field(
        default=None,
        description=(
            "Why no evaluator of `dptax verify` computes the definition on small finite "
            "mechanisms (for a quantitative definition with a formal statement)."
        ),
    )
    vacuous: list[VacuousValue] = Field(
        default_factory=list,
        description=(
            "Parameter values at which every mechanism meets the definition (δ = 1, f = 0, a "
            "prior family of point masses), each with its argument; rule V1 reads them."
        ),
    )

    @field_validator("name", "abbreviations", "aliases")
    @classmethod
    def _no_citation_suffix(cls, value: str | list[str]) -> str | list[str]:
        for label in [value] if isinstance(value, str) else value:
            match = re.match(CITATION_SUFFIX, label)
            if match is not None:
                raise ValueError(
                    f"{label!r} ends in [{match.group('key')}], which lookups read as a citation "
                    f"suffix (like BayDP[TF20]); write {match.group('label')!r} and set "
                    f"`disambiguator: {match.group('key').strip()}` if it tells homonyms apart"
                )
        return value

    @field_validator("dimensions")
    @classmethod
    def _dimensions_unique(cls, value: list[Dimension]) -> list[Dimension]:
        if len(set(value)) != len(value):
            raise ValueError("a dimension is listed twice")
        return sorted(value, key=DIMENSION_ORDER.index)

    @field_validator("parameters")
    @classmethod
    def _parameters_unique(cls, value: list[Parameter]) -> list[Parameter]:
        names = [p.name for p in value]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"parameter {name!r} is declared twice")
        return value

    @model_validator(mode="after")
    def _statement_sourced(self) -> Definition:
        if self.statement_source is not None and self.statement is None:
            raise ValueError("`statement_source` needs a `statement`")
        return self

    @model_validator(mode="after")
    def _perfect_privacy_in_domain(self) -> Definition:
        if self.perfect_privacy is not None:
            domains = {p.name: p.domain for p in self.parameters}
            for name, text in self.perfect_privacy.parameters.items():
                check_constant_in_domain(name, text, domains)
        return self

    @model_validator(mode="after")
    def _vacuous_in_domain(self) -> Definition:
        domains = {p.name: p.domain for p in self.parameters}
        for index, value in enumerate(self.vacuous):
            for name, text in value.parameters.items():
                check_constant_in_domain(name, text, domains, f"vacuous[{index}]")
        return self

    @property
    def name_sources(self) -> tuple[str, ...]:
        """Citation keys of the works that use the sourced names, without repeats."""
        return tuple(dict.fromkeys(n.source for n in self.names))

    @property
    def library_ids(self) -> tuple[str, ...]:
        """The identifiers DP libraries give the notion (its crosswalk), without repeats."""
        return tuple(dict.fromkeys(m.identifier for m in self.crosswalk))

    @property
    def labels(self) -> list[str]:
        """Every string the definition may be looked up by."""
        return [
            self.id,
            self.name,
            *self.abbreviations,
            *self.aliases,
            *(n.label for n in self.names),
        ]
