"""Non-logical links between definitions, and what a `variant of` link means for the reasoner.

A link `A variant_of B` is not a fact. Its ``direction`` says whether the
change it describes has a known direction (then the implied relation is
stated among the relations, and `dptax validate` checks that it is) or why
it has none, so that `dptax show` can say which.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, model_validator

from dptaxonomy.schema.claims import Citation
from dptaxonomy.schema.enums import LinkKind
from dptaxonomy.schema.fields import DefinitionId, StrictModel, Text

__all__ = ["Link", "VariantDirection", "VariantReading"]


class VariantReading(StrEnum):
    """What a variant's change implies about Definition 6."""

    implies = "implies"
    """The change has a known direction (a stricter or looser neighbourhood, a weaker
    adversary, a special case); the relation it implies is stated between the two."""
    no_known_direction = "no_known_direction"
    """The change has no direction: another divergence or metric, a neighbourhood neither
    contained in nor containing the other, or changes along several dimensions at once."""
    not_comparable = "not_comparable"
    """Definition 6 does not compare the two: another input type or setting, or one is a
    measure (a sensitivity, a leakage quantity) rather than a privacy definition."""
    undecided = "undecided"
    """A direction is plausible but was not checked against the source; the reason says
    what would decide it."""


class VariantDirection(StrictModel):
    """The reading of one `variant_of` link."""

    reading: VariantReading = Field(
        description="implies, no_known_direction, not_comparable or undecided."
    )
    reason: Text = Field(
        description=(
            "Which dimension changes and how; for `implies`, the relation it gives; otherwise "
            "why there is none, or what would decide it."
        )
    )


class Link(StrictModel):
    """A cited, non-logical link `subject KIND target`, e.g. a homonym note."""

    kind: LinkKind = Field(description="local_version_of, distinct_from or variant_of.")
    target: DefinitionId = Field(description="Id of the linked definition.")
    citation: Citation = Field(description="Where the source states the link.")
    note: Text | None = Field(default=None, description="Remarks.")
    direction: VariantDirection | None = Field(
        default=None,
        description="For `variant_of`: the relation the change implies, or why it implies none.",
    )

    @model_validator(mode="after")
    def _direction_on_variants(self) -> Link:
        if self.direction is not None and self.kind is not LinkKind.variant_of:
            raise ValueError("`direction` belongs to `variant_of` links only")
        return self
