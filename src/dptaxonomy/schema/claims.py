"""Claims an entry makes about its definition, each with the citation it rests on.

A property claim (post-processing, convexity, composability, …) and the
perfect-privacy declaration that rule E3 of docs/reasoning.md reads, and the vacuous values
that rule V1 reads.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from dptaxonomy.schema.arith import ArithmeticError_, constant_value, parse_interval
from dptaxonomy.schema.enums import Status, Truth
from dptaxonomy.schema.fields import (
    CitationKey,
    Expression,
    Label,
    ParameterName,
    Text,
    require_note,
    status_field,
)
from dptaxonomy.schema.fields import StrictModel as _Strict

__all__ = [
    "Citation",
    "Claim",
    "PerfectPrivacy",
    "Properties",
    "StandardValue",
    "VacuousValue",
    "check_constant_in_domain",
]


class Citation(_Strict):
    """Where a claim comes from: a bibliography key and the exact place in that work."""

    key: CitationKey = Field(description="Key of the cited work in `references.yaml`.")
    at: Label = Field(
        description="Exact place in the cited work: table row, section, lemma, proposition.",
        examples=["Table 3, row 5", "Section 3.3, Lemma 3.5"],
    )
    quote: Text | None = Field(
        default=None, description="Optional verbatim excerpt supporting the claim."
    )


class Claim(_Strict):
    """A property claim (never a bare boolean)."""

    value: Truth = Field(description="yes, no, or unknown (the SoK's ✓, ✗, ?).")
    citation: Citation | None = Field(
        default=None,
        description="Source of the claim; required unless the value is `unknown`.",
    )
    status: Status = status_field("claim")
    scope: Text | None = Field(
        default=None,
        description=(
            "What the claim covers, as the source states it: the neighbour relation, the "
            "partition of the data (parallel composition), the class of post-processings."
        ),
    )
    note: Text | None = Field(default=None, description="Remarks, e.g. on a conflict in sources.")

    @model_validator(mode="after")
    def _cited(self) -> Claim:
        if self.value is not Truth.unknown and self.citation is None:
            raise ValueError("a yes/no claim needs a citation")
        require_note(
            self.status, self.note, "a disputed claim needs a note explaining the conflict"
        )
        return self


class Properties(_Strict):
    """Privacy axioms (SoK Definition 3), composability (Definition 4) and later extras."""

    post_processing: Claim = Field(description="Post-processing axiom (SoK Definition 3.1).")
    convexity: Claim = Field(description="Convexity axiom (SoK Definition 3.2).")
    composability: Claim = Field(description="Sequential composability (SoK Definition 4).")
    parallel_composition: Claim | None = Field(
        default=None, description="Parallel composition (SoK Section 2.3)."
    )
    group_privacy: Claim | None = Field(
        default=None, description="Graceful degradation for groups of records."
    )


class PerfectPrivacy(_Strict):
    """How the definition meets perfect privacy: outputs identically distributed on neighbours.

    Rule E3 (docs/reasoning.md) reads it: if A is a special case of B, A has a
    parameter forcing perfect privacy and B holds for every perfectly private
    mechanism at every parameter, then A ≻ B (SoK Definition 6, condition 2).
    """

    parameters: dict[ParameterName, Expression] = Field(
        default_factory=dict,
        description=(
            "Parameter values (numbers) at which the definition forces the outputs on every two "
            "neighbouring inputs to have the same distribution; empty if it has none."
        ),
    )
    every_parameter: bool = Field(
        default=False,
        description=(
            "Whether a mechanism whose outputs on neighbouring inputs are identically "
            "distributed meets the definition at every parameter value."
        ),
    )
    citation: Citation = Field(description="Where the definition's statement shows it.")
    note: Text | None = Field(default=None, description="The argument, in a sentence or two.")

    @model_validator(mode="after")
    def _says_something(self) -> PerfectPrivacy:
        if not self.parameters and not self.every_parameter:
            raise ValueError("give `parameters`, or `every_parameter: true`, or both")
        return self


class VacuousValue(_Strict):
    """A parameter value at which every mechanism meets the definition (rule V1 reads it).

    δ = 1 for (ε, δ)-DP, f = 0 for f-DP, ε̄ = 1 for a bound on a statistical distance, or a
    value no number can write (``described``: a prior family of point masses, an empty
    neighbour relation). SoK Definition 6 reads relations over whole families, so a relation
    whose implying side has such a value needs the implied side to have one too.
    """

    parameters: dict[ParameterName, Expression] = Field(
        default_factory=dict,
        description=(
            "Parameter values (numbers) at which every mechanism meets the definition; the "
            "parameters not named may take any value of their domain."
        ),
    )
    described: Text | None = Field(
        default=None,
        description=(
            "A value no number can write (a prior family, a neighbour relation), in words; "
            "`parameters` then lists the numeric ones it needs, if any."
        ),
    )
    citation: Citation = Field(description="Where the definition's statement shows it.")
    note: Text = Field(description="The argument: why every mechanism meets it there.")

    @model_validator(mode="after")
    def _says_something(self) -> VacuousValue:
        if not self.parameters and self.described is None:
            raise ValueError("give `parameters`, or `described`, or both")
        return self


class StandardValue(_Strict):
    """The value the field's usual form fixes a parameter to (ξ = 0 in ρ-zCDP)."""

    value: Label = Field(description="The value, a number inside the domain, e.g. `0`.")
    form: Label = Field(description="The usual form it gives, as the field writes it: `ρ-zCDP`.")


def check_constant_in_domain(
    name: str, text: str, domains: dict[str, str], where: str = "perfect_privacy"
) -> None:
    """Raise ValueError unless ``name`` is a parameter and ``text`` a number in its domain
    (``where`` names the declaration in the message)."""
    if name not in domains:
        known = ", ".join(sorted(domains)) or "none"
        raise ValueError(f"{where}: {name!r} is not a parameter (its parameters: {known})")
    value = constant_value(text)
    if value is None:
        raise ValueError(f"{where}: {name} = {text!r} is not a number")
    try:
        domain = parse_interval(domains[name])
    except ArithmeticError_:
        return  # a non-numeric domain (a function, a set) admits any value written
    if not domain.contains(value):
        raise ValueError(f"{where}: {name} = {text} is outside its domain {domains[name]}")
