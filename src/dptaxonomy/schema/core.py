"""The practitioner's core: the definitions libraries, accountants and textbooks use.

``catalog/core.yaml`` names them; every ordered pair among them is meant to be
decided (docs/core.md). The list is data, checked like every catalog file.
"""

from __future__ import annotations

from pydantic import Field, field_validator

from dptaxonomy.schema.fields import DefinitionId, StrictModel, Text

__all__ = ["CoreList", "CoreMember"]


class CoreMember(StrictModel):
    """One definition of the core, and who uses it."""

    id: DefinitionId = Field(description="Id of the definition.")
    why: Text = Field(description="Which libraries, accountants, deployments or textbooks use it.")
    operations: bool = Field(
        default=False,
        description=(
            "Whether its entry must answer every operation (composition, group privacy, "
            "amplification per sampling scheme, change of neighbours) with a rule or an `open` "
            "mark (issue 23's list; tests/test_operations_coverage.py)."
        ),
    )


class CoreList(StrictModel):
    """The contents of ``core.yaml``."""

    description: Text = Field(description="What the list is and how it was chosen.")
    members: list[CoreMember] = Field(min_length=1, description="The definitions of the core.")

    @field_validator("members")
    @classmethod
    def _unique(cls, value: list[CoreMember]) -> list[CoreMember]:
        ids = [m.id for m in value]
        for name in ids:
            if ids.count(name) > 1:
                raise ValueError(f"{name!r} is listed twice")
        return value

    @property
    def ids(self) -> tuple[str, ...]:
        """The members' ids, in the file's order."""
        return tuple(m.id for m in self.members)

    @property
    def operation_ids(self) -> tuple[str, ...]:
        """The members whose entries must answer every operation, in the file's order."""
        return tuple(m.id for m in self.members if m.operations)
