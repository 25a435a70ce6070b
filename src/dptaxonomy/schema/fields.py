"""The building blocks every catalog model shares: id and key patterns, constrained strings,
arithmetic fields checked by the grammar, and the strict base model."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from dptaxonomy.schema.arith import ArithmeticError_, parse_condition, parse_expression
from dptaxonomy.schema.enums import Status

__all__ = [
    "CITATION_KEY_PATTERN",
    "ID_PATTERN",
    "PARAMETER_NAME_PATTERN",
    "CitationKey",
    "Condition",
    "DefinitionId",
    "Expression",
    "Label",
    "ParameterName",
    "StrictModel",
    "Text",
    "citation_field",
    "conditions_field",
    "note_field",
    "require_note",
    "status_field",
]

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
CITATION_KEY_PATTERN = r"^[A-Za-z][A-Za-z0-9+]*[0-9]{2}[a-z]?$"
PARAMETER_NAME_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*$"

DefinitionId = Annotated[
    str,
    Field(
        pattern=ID_PATTERN,
        max_length=80,
        description="A definition id: lowercase ASCII words joined by single hyphens.",
    ),
]
CitationKey = Annotated[
    str,
    Field(
        pattern=CITATION_KEY_PATTERN,
        max_length=40,
        description="A bibliography key in the SoK's style, e.g. `BS16` or `KDH+20`.",
    ),
]
Text = Annotated[str, Field(min_length=1, max_length=4000)]


def _expression(text: str) -> str:
    try:
        parse_expression(text)
    except ArithmeticError_ as exc:
        raise ValueError(str(exc)) from None
    return text


def _condition(text: str) -> str:
    try:
        parse_condition(text)
    except ArithmeticError_ as exc:
        raise ValueError(str(exc)) from None
    return text


ParameterName = Annotated[
    str,
    Field(pattern=PARAMETER_NAME_PATTERN, max_length=40, description="An ASCII identifier."),
]
Expression = Annotated[
    str,
    AfterValidator(_expression),
    Field(description="An arithmetic expression, e.g. `epsilon**2 / 2`."),
]
Condition = Annotated[
    str,
    AfterValidator(_condition),
    Field(description="A comparison of two expressions, e.g. `alpha > 1`."),
]
Label = Annotated[str, Field(min_length=1, max_length=200)]


class StrictModel(BaseModel):
    """Base of every model: unknown keys are errors, values are not coerced to strings."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=False)


# The fields every cited statement shares (relations, mechanism claims, operation rules), in
# the order the models declare them; each model keeps its own wording of what it is.


def conditions_field(description: str) -> Any:
    """``conditions: list[Condition]``, empty by default."""
    return Field(default_factory=list, description=description)


def status_field(thing: str) -> Any:
    """``status: Status``, established by default: "How settled the {thing} is."."""
    return Field(default=Status.established, description=f"How settled the {thing} is.")


def citation_field(description: str) -> Any:
    """``citation: Citation``, required."""
    return Field(description=description)


def note_field(description: str = "Remarks; required when disputed.") -> Any:
    """``note: Text | None``."""
    return Field(default=None, description=description)


def require_note(status: Status, note: str | None, message: str) -> None:
    """Raise ``ValueError(message)`` for a disputed statement without a note."""
    if status is Status.disputed and note is None:
        raise ValueError(message)
