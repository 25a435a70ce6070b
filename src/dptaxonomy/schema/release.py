"""Typed schema of a release description: what a deployment claims, in full.

A release description (YAML, checked by ``schema/release.schema.json``) is
what ``dptax card`` reads: the guarantee in any catalog definition with its
parameters, what one change of the input is (the unit of privacy and the
neighbouring convention, :mod:`dptaxonomy.schema.settings`), the trust model
(:class:`~dptaxonomy.schema.enums.Setting`), the composition that produced
it, the quantities left unprotected and free-text hazards. The model checks
what the file alone can check; whether the parameters are consistent with
the definition is the card's job (:mod:`dptaxonomy.queries.card_checks`).
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field, field_validator, model_validator

from dptaxonomy.schema.enums import Setting
from dptaxonomy.schema.fields import Label, Text
from dptaxonomy.schema.fields import StrictModel as _Strict
from dptaxonomy.schema.settings import Convention, Unit

__all__ = ["Composition", "Guarantee", "Release", "parameter_text"]

Number = float | int | str
"""A parameter value: a YAML number, or a decimal string kept exact (``"1e-5"``)."""


def parameter_text(value: Number) -> str:
    """A parameter value as the exact decimal text the conversions read.

    >>> parameter_text(0.0728), parameter_text(2), parameter_text("1e-5")
    ('0.0728', '2', '1e-5')
    """
    return value if isinstance(value, str) else repr(value)


class Guarantee(_Strict):
    """A privacy guarantee: a catalog definition, or a catalog mechanism, at given parameters."""

    definition: Label | None = Field(
        default=None,
        description=(
            "The definition the guarantee is stated in: a catalog id or any name the catalog "
            "resolves, e.g. `zCDP`, `(ε, δ)-DP`, `gaussian-dp`. Give this or `mechanism`."
        ),
    )
    mechanism: Label | None = Field(
        default=None,
        description=(
            "A catalog mechanism (id, name or alias, e.g. `gaussian`) whose exact claims give "
            "the guarantee, its `parameters` being the mechanism's (e.g. `{sigma: 1.1, "
            "sensitivity: 1}`). Give this or `definition`."
        ),
    )
    parameters: dict[Label, Number] = Field(
        default_factory=dict,
        description=(
            "The definition's parameters by name (Greek letters and short forms accepted), "
            "e.g. `{rho: 0.0728}`; a number, or a decimal string to keep it exact."
        ),
    )
    count: int = Field(
        default=1,
        ge=1,
        description="How many times this guarantee is composed (a component's repetitions).",
    )

    @model_validator(mode="after")
    def _one_source(self) -> Guarantee:
        if (self.definition is None) == (self.mechanism is None):
            raise ValueError("give exactly one of `definition` and `mechanism`")
        return self

    @property
    def name(self) -> str:
        """The definition or mechanism as written."""
        name = self.definition if self.definition is not None else self.mechanism
        assert name is not None
        return name

    @field_validator("parameters")
    @classmethod
    def _finite(cls, value: dict[str, Number]) -> dict[str, Number]:
        for name, number in value.items():
            if isinstance(number, float) and math.isnan(number):
                raise ValueError(f"parameter {name} is not a number (nan)")
        return value


class Composition(_Strict):
    """How the released guarantee was assembled from components."""

    components: list[Guarantee] = Field(
        default_factory=list,
        description="The guarantees composed, each with its `count` of repetitions.",
    )
    adaptivity: Literal["non_adaptive", "adaptive", "fully_adaptive", "concurrent"] | None = Field(
        default=None,
        description=(
            "How the components were chosen: fixed in advance (`non_adaptive`), after "
            "previous outputs (`adaptive`), with adaptive parameters (`fully_adaptive`), "
            "or interleaved (`concurrent`)."
        ),
    )
    sampling: Literal["poisson", "without_replacement", "shuffling"] | None = Field(
        default=None,
        description="The subsampling each component runs on, when amplification is claimed.",
    )
    accounted_sampling: Literal["poisson", "without_replacement", "shuffling"] | None = Field(
        default=None,
        description="The sampling scheme the amplification bound (the accountant) assumes.",
    )
    filter: bool = Field(
        default=False,
        description="Whether a privacy filter or odometer enforces the total (fully adaptive use).",
    )
    sampling_rate: float | None = Field(
        default=None,
        gt=0,
        le=1,
        description="The sampling probability q (or batch size over data size).",
    )


class Release(_Strict):
    """A release description: one deployment's privacy guarantee, stated completely."""

    name: Label = Field(description="The release, e.g. `2020 Census redistricting data`.")
    guarantee: Guarantee = Field(description="The guarantee the release claims, as stated.")
    also_stated: list[Guarantee] = Field(
        default_factory=list,
        description=(
            "Further statements of the same guarantee the release reports, e.g. the ε at a "
            "δ beside a ρ; each is checked against `guarantee`."
        ),
    )
    unit: Unit = Field(description="The unit of privacy: what one change of the input is.")
    neighbouring: Convention = Field(
        description="Which inputs are neighbours: `add_remove`, `replace_one` or `either`."
    )
    guarantee_neighbouring: Convention | None = Field(
        default=None,
        description=(
            "The convention the guarantee is proven for, when it differs from `neighbouring`."
        ),
    )
    guarantee_unit: Unit | None = Field(
        default=None,
        description=(
            "The unit the guarantee is proven for when it differs from `unit` (e.g. a "
            "record-level proof of a user-level claim); group privacy must then bridge them."
        ),
    )
    group_size: int | None = Field(
        default=None,
        ge=1,
        description="At most how many `guarantee_unit`s one `unit` contributes.",
    )
    trust_model: Setting = Field(
        default=Setting.central, description="Who sees the raw data: the trust model."
    )
    composition: Composition | None = Field(
        default=None, description="The components composed into the guarantee, if given."
    )
    invariants: list[Label] = Field(
        default_factory=list,
        description="Quantities released exactly, outside the guarantee (e.g. state totals).",
    )
    hazards: list[Text] = Field(
        default_factory=list,
        description="Known implementation hazards (floating point, timing), in free text.",
    )
    source: Label | None = Field(
        default=None, description="Where the release documents its guarantee (a URL)."
    )
