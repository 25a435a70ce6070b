"""A definition's parameter: its symbol, type, domain, monotonicity and standard value."""

from __future__ import annotations

from pydantic import Field, ValidationInfo, field_validator, model_validator

from dptaxonomy.schema.arith import ArithmeticError_, parse_interval
from dptaxonomy.schema.claims import StandardValue, check_constant_in_domain
from dptaxonomy.schema.enums import Monotone, ParameterType
from dptaxonomy.schema.fields import Label, ParameterName, Text
from dptaxonomy.schema.fields import StrictModel as _Strict

__all__ = ["NUMERIC_TYPES", "Parameter"]

NUMERIC_TYPES = frozenset({ParameterType.real, ParameterType.integer})


class Parameter(_Strict):
    """A parameter of the definition, e.g. ε or δ."""

    name: ParameterName = Field(
        description="ASCII identifier used in parameter maps, e.g. `epsilon`."
    )
    symbol: Label = Field(description="LaTeX symbol as the source writes it, e.g. `\\varepsilon`.")
    meaning: Text = Field(description="What the parameter controls.")
    type: ParameterType = Field(description="Mathematical type of the parameter.")
    domain: Label = Field(
        description=(
            "For real and integer parameters an interval such as `[0, inf)`, `[0, 1]` or "
            "`(1, inf]`; for the others a short description of the admissible values."
        )
    )
    monotone: Monotone | None = Field(
        default=None,
        description=(
            "How the guarantee changes with this parameter, the others fixed: "
            "`weaker_when_larger` when it implies itself at every larger value (ε and δ of "
            "(ε, δ)-DP), `stronger_when_larger` for the reverse. `dptax convert` uses it to "
            "accept a computed value below the one asked for, and to solve for a parameter."
        ),
    )

    standard: StandardValue | None = Field(
        default=None,
        description=(
            "The value the field's usual form fixes this parameter to, and the name of that "
            "form (ξ = 0 gives ρ-zCDP): `dptax convert` uses it when the value is not given, "
            "and says so."
        ),
    )

    @field_validator("domain")
    @classmethod
    def _domain(cls, value: str, info: ValidationInfo) -> str:
        if info.data.get("type") in NUMERIC_TYPES:
            try:
                parse_interval(value)
            except ArithmeticError_ as exc:
                raise ValueError(f"not an interval: {exc}") from None
        return value

    @model_validator(mode="after")
    def _standard_inside(self) -> Parameter:
        if self.standard is not None:
            domains = {self.name: self.domain}
            check_constant_in_domain(self.name, self.standard.value, domains, "standard")
        return self
