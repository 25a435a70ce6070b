"""Typed schema of a mechanism entry: a witness for separations between definitions.

A mechanism is stated once, in ``catalog/mechanisms/<id>.yaml``: what it takes,
what it outputs, its parameters, and claims about definitions. A ``satisfies``
claim gives the definition's parameters as expressions over the mechanism's
(the Gaussian mechanism is ρ-zCDP with ρ = Δ²/(2σ²)); a ``violates`` claim says
the mechanism meets the definition for no parameter value at all, under
optional conditions on its own parameters. The reasoner's witness rules (W1–W4
in docs/reasoning.md) turn them into separations; the evaluators recompute the
quantitative ones from ``pair``, the worst-case pair of neighbouring output
distributions.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, ValidationInfo, field_validator, model_validator

from dptaxonomy.schema.enums import Status
from dptaxonomy.schema.fields import (
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
from dptaxonomy.schema.models import Citation, Parameter
from dptaxonomy.schema.settings import Convention

__all__ = [
    "STATISTIC_INPUTS",
    "Action",
    "InputKind",
    "Mechanism",
    "MechanismInput",
    "Noise",
    "OutputPair",
    "PairKind",
    "Satisfies",
    "Statistic",
    "Violates",
    "WitnessedSeparation",
]


class InputKind(StrEnum):
    """What a mechanism reads; a witness only speaks about definitions on the same input."""

    dataset = "dataset"
    """A multiset of records."""
    graph = "graph"
    """A graph (nodes and edges)."""
    value = "value"
    """A single value (local model): one person's record."""


class PairKind(StrEnum):
    """Families of neighbouring output distributions the evaluators handle in closed form."""

    gaussian = "gaussian"
    """N(0, σ²) against N(shift, σ²); arguments ``shift``, ``sigma``."""
    laplace = "laplace"
    """Lap(0, b) against Lap(shift, b); arguments ``shift``, ``scale``."""
    zeta = "zeta"
    """Zeta(a) against Zeta(b) on the positive integers, P(k) ∝ k^-a; arguments ``a``, ``b``."""
    zeta_geometric = "zeta_geometric"
    """Zeta(a) against Geometric(q) on the positive integers, P(k) ∝ k^-a and
    Q(k) = (1 − q) q^(k−1); arguments ``a``, ``q``."""
    discrete_laplace = "discrete_laplace"
    """Two-sided geometric noise P(z) ∝ exp(-|z|/scale) on the integers, against the same
    shifted by the integer ``shift``; arguments ``shift``, ``scale``."""
    finite = "finite"
    """Two distributions over finitely many outcomes; arguments ``p0``, ``p1``, … and ``q0``, …."""
    thresholded_count = "thresholded_count"
    """DMKB19's T-thresholded count of n i.i.d. Ber(p) bits with no background knowledge: the
    output given the target bit 0 against given 1, over {⊥, T+1, …, n}; arguments ``n``,
    ``T``, ``p``. A pair of the partial-knowledge definitions (conditioned on the target
    record), not of two neighbouring datasets."""


class Statistic(StrEnum):
    """What a mechanism computes from its input before adding noise (a closed list, never code)."""

    constant = "constant"
    """The same value for every input."""
    size = "size"
    """The number of records of a dataset."""
    count_ones = "count"
    """The number of records equal to 1 (records are bits)."""
    edge_count = "edge-count"
    """The number of edges of a graph."""
    node_count = "node-count"
    """The number of nodes of a graph."""


STATISTIC_INPUTS: dict[Statistic, frozenset[InputKind]] = {
    Statistic.constant: frozenset(InputKind),
    Statistic.size: frozenset({InputKind.dataset}),
    Statistic.count_ones: frozenset({InputKind.dataset}),
    Statistic.edge_count: frozenset({InputKind.graph}),
    Statistic.node_count: frozenset({InputKind.graph}),
}
"""The inputs each statistic reads."""


class Noise(StrEnum):
    """The noise added to the statistic."""

    none = "none"
    """The statistic is released exactly."""
    laplace = "laplace"
    """Laplace noise; ``scale`` is its scale b."""
    gaussian = "gaussian"
    """Gaussian noise; ``scale`` is its standard deviation σ."""


class Action(_Strict):
    """How the mechanism acts on an input: a statistic plus optional noise, in closed form.

    The neighbourhood evaluator runs it on small concrete inputs under each
    definition's neighbour relation (bounded, unbounded, edge, node, any two).
    """

    statistic: Statistic = Field(
        description="constant, size, count (records equal to 1), edge-count or node-count."
    )
    noise: Noise = Field(default=Noise.none, description="none, laplace or gaussian.")
    scale: Expression | None = Field(
        default=None,
        description="The noise scale (Laplace b, Gaussian σ) over the mechanism's parameters.",
    )

    @model_validator(mode="after")
    def _scaled(self) -> Action:
        if (self.noise is Noise.none) != (self.scale is None):
            raise ValueError("give `scale` exactly when `noise` is laplace or gaussian")
        return self


class MechanismInput(_Strict):
    """The input a mechanism reads and the neighbouring relation its claims use."""

    kind: InputKind = Field(description="dataset, graph or value.")
    neighbourhood: Label = Field(
        description="Which inputs the claims treat as neighbours, e.g. `add or remove one record`."
    )
    query: Text | None = Field(
        default=None, description="The query the mechanism answers, with its sensitivity."
    )


class OutputPair(_Strict):
    """A worst-case pair of neighbouring output distributions, for the numeric evaluators."""

    kind: PairKind = Field(
        description=(
            "gaussian, laplace, zeta, zeta_geometric, discrete_laplace, finite or "
            "thresholded_count."
        )
    )
    arguments: dict[ParameterName, Expression] = Field(
        description="Arguments of the family as expressions over the mechanism's parameters."
    )
    note: Text | None = Field(
        default=None, description="Why this pair is the worst case (dominating pair)."
    )


class Satisfies(_Strict):
    """`M satisfies D` with D's parameters as expressions over M's (free ones stay free)."""

    definition: DefinitionId = Field(description="Id of the definition.")
    parameters: dict[ParameterName, Expression] = Field(
        default_factory=dict,
        description=(
            "Each parameter of the definition the mechanism fixes, as an expression of the "
            "mechanism's parameters and the definition's free parameters (e.g. `alpha`)."
        ),
    )
    conditions: list[Condition] = conditions_field(
        "When the claim holds, over either side's parameters."
    )
    citation: Citation = citation_field("Where the claim is stated or proved.")
    status: Status = status_field("claim")
    note: Text | None = note_field()

    @model_validator(mode="after")
    def _noted(self) -> Satisfies:
        require_note(
            self.status, self.note, "a disputed claim needs a note with the counterexample"
        )
        return self


class Violates(_Strict):
    """`M violates D`: for the mechanism parameters allowed, no parameter of D works."""

    definition: DefinitionId = Field(description="Id of the definition.")
    conditions: list[Condition] = conditions_field(
        "Mechanism parameters for which the claim holds; empty means all."
    )
    convention: Convention | None = Field(
        default=None,
        description=(
            "The neighbouring convention the claim holds under, when the definition's reading "
            "of its neighbours matters (e.g. add_remove: only an added or removed record "
            "changes the output); separations it witnesses say so."
        ),
    )
    citation: Citation = citation_field("Where the claim is stated or proved.")
    status: Status = status_field("claim")
    note: Text | None = note_field()

    @model_validator(mode="after")
    def _noted(self) -> Violates:
        require_note(
            self.status, self.note, "a disputed claim needs a note with the counterexample"
        )
        return self


class WitnessedSeparation(_Strict):
    """A separation ¬(stronger ≻ weaker) the entry exists to witness; the reasoner checks it."""

    stronger: DefinitionId = Field(description="The definition the mechanism satisfies.")
    not_stronger_than: DefinitionId = Field(description="The definition it violates.")


class Mechanism(_Strict):
    """One mechanism: one YAML file under ``mechanisms/``, named by its id."""

    id: DefinitionId = Field(description="Stable id; the file stem must equal it.")
    name: Label = Field(description="Usual name, e.g. `Gaussian mechanism`.")
    aliases: list[Label] = Field(default_factory=list, description="Other names.")
    description: Text = Field(description="What the mechanism does, in our own words.")
    introduced_in: list[CitationKey] = Field(
        min_length=1, description="Citation keys of the works that introduced or used it."
    )
    input: MechanismInput = Field(description="What it reads and its neighbourhood.")
    output: Text = Field(description="The output distribution, as a formal statement (LaTeX).")
    parameters: list[Parameter] = Field(default_factory=list, description="Its parameters.")
    pair: OutputPair | None = Field(
        default=None, description="Worst-case neighbouring output distributions, if known."
    )
    action: Action | None = Field(
        default=None,
        description="How it acts on inputs, for the neighbourhood evaluator (closed form).",
    )
    satisfies: list[Satisfies] = Field(default_factory=list, description="Definitions it meets.")
    violates: list[Violates] = Field(
        default_factory=list, description="Definitions it meets for no parameter value."
    )
    witnesses: list[WitnessedSeparation] = Field(
        default_factory=list, description="Separations this entry is meant to witness."
    )

    @field_validator("parameters")
    @classmethod
    def _parameters_unique(cls, value: list[Parameter]) -> list[Parameter]:
        names = [p.name for p in value]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"parameter {name!r} is declared twice")
        return value

    @field_validator("action")
    @classmethod
    def _action_reads_input(cls, value: Action | None, info: ValidationInfo) -> Action | None:
        given = info.data.get("input")  # declared before `action`, so validated first
        if (
            value is not None
            and given is not None
            and (given.kind not in STATISTIC_INPUTS[value.statistic])
        ):
            raise ValueError(
                f"the statistic {value.statistic.value!r} does not read a {given.kind.value}"
            )
        return value

    @property
    def labels(self) -> list[str]:
        """Every string the mechanism may be looked up by."""
        return [self.id, self.name, *self.aliases]
