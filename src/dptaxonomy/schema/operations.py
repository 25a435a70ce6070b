"""Operation rules: what a definition promises under composition, for groups, under
subsampling or shuffling, and under another neighbour relation.

Each rule is a cited map from the parameters the parts (or the mechanism) meet to the
parameters the result meets, written in the catalog's arithmetic language (or, where no
expression writes it, a named closed form evaluated numerically). The variables a map may
read are documented on :class:`OperationRule`; whole-catalog checks (map keys, variables,
witnesses) live in :mod:`dptaxonomy.catalog.operation_checks`.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from dptaxonomy.schema.arith import ArithmeticError_, parse_interval
from dptaxonomy.schema.claims import Citation
from dptaxonomy.schema.enums import (
    Adaptivity,
    ClosedForm,
    CompositionForm,
    Neighbourhood,
    OpenReason,
    OperationKind,
    Sampling,
    Status,
)
from dptaxonomy.schema.fields import (
    Condition,
    DefinitionId,
    Expression,
    Label,
    ParameterName,
    Text,
    conditions_field,
    note_field,
    require_note,
    status_field,
)
from dptaxonomy.schema.fields import StrictModel as _Strict

__all__ = ["OperationRule", "Slack", "Tightness"]


class Slack(_Strict):
    """A free parameter of the rule that the user picks, e.g. δ' of advanced composition."""

    name: ParameterName = Field(description="ASCII name used in the map, e.g. `delta_prime`.")
    domain: Label = Field(description="Its admissible values, an interval such as `(0, 1]`.")
    meaning: Text = Field(description="What it trades off.")

    @model_validator(mode="after")
    def _interval(self) -> Slack:
        try:
            parse_interval(self.domain)
        except ArithmeticError_ as exc:
            raise ValueError(f"slack {self.name}: not an interval: {exc}") from None
        return self


class Tightness(_Strict):
    """The source's statement that the rule cannot be improved, with a mechanism attaining it."""

    witness: Label | None = Field(
        default=None,
        description=(
            "Id of a catalog mechanism (`catalog/mechanisms/`) attaining the map; `dptax verify` "
            "checks that its composed (grouped) pair meets no smaller value."
        ),
    )
    citation: Citation | None = Field(
        default=None, description="Where tightness is stated, when not the rule's citation."
    )
    note: Text | None = Field(default=None, description="In what sense it is tight.")


class OperationRule(_Strict):
    """One cited rule ``parts ⟹ whole`` of the entry's definition under an operation.

    The map's keys are the definition's parameters for the result; a parameter it leaves out
    keeps its value (it must then be one the parts share). Its expressions read:

    * ``composition``, ``k_fold``: the parameters each of the ``k`` parts meets, and ``k``;
    * ``composition``, ``heterogeneous``: the first part's parameters suffixed ``_1``, the
      second's ``_2``, and the ``shared`` ones (e.g. the order α) unsuffixed;
    * ``group_privacy``: the parameters for neighbours, and the group size ``k`` (the
      result holds for inputs at distance k);
    * ``amplification``: the mechanism's parameters, the sampling rate ``q`` (Poisson
      probability, or m/n without replacement), and for shuffling the number ``n`` of reports;
    * ``neighbourhood_change``: the parameters under ``neighbourhood``, giving them under
      ``to_neighbourhood``;

    and in every case the ``slack`` parameters it declares. A rule that ``fails`` has no map:
    its source shows that none holds. An ``open`` mark is no rule: it says why the entry gives
    none (a source we could not read, no source known, not applicable), with a note.
    """

    operation: OperationKind = Field(description="composition, group_privacy, amplification, …")
    name: Label | None = Field(
        default=None, description="The result's usual name, e.g. `advanced composition`."
    )
    form: CompositionForm | None = Field(
        default=None, description="For composition: `k_fold` or `heterogeneous`."
    )
    adaptivity: Adaptivity | None = Field(
        default=None,
        description=(
            "For composition: the most adaptive setting the source proves it in "
            "(non_adaptive, adaptive, fully_adaptive, concurrent)."
        ),
    )
    sampling: Sampling | None = Field(
        default=None, description="For amplification: poisson, without_replacement, shuffling."
    )
    neighbourhood: Neighbourhood | None = Field(
        default=None,
        description=(
            "The neighbour relation the rule assumes (amplification), or the one converted "
            "from (neighbourhood_change)."
        ),
    )
    to_neighbourhood: Neighbourhood | None = Field(
        default=None, description="For neighbourhood_change: the relation converted to."
    )
    result: DefinitionId | None = Field(
        default=None,
        description=(
            "The definition the result is stated in, when not the entry's own (advanced "
            "composition of ε-DP gives (ε, δ)-DP; shuffling ε-local DP reports gives central "
            "(ε, δ)-DP); the map's keys are then its parameters."
        ),
    )
    parameter_map: dict[ParameterName, Expression] | None = Field(
        default=None,
        description=(
            "The result's parameters as expressions (see the model's description for the "
            "variables), e.g. `{rho: 'rho_1 + rho_2'}`."
        ),
    )
    closed_form: ClosedForm | None = Field(
        default=None,
        description="For a map no expression writes: the named closed form, evaluated numerically.",
    )
    fails: bool = Field(
        default=False,
        description=(
            "Instead of a map: the source shows that no rule of this kind holds (e.g. zCDP is "
            "not amplified by subsampling); the note says what fails. It answers the operation "
            "question as a map would."
        ),
    )
    open: OpenReason | None = Field(
        default=None,
        description=(
            "Instead of a map, a mark saying why the entry gives no rule: `source_not_read` (a "
            "cited source states one we could not read), `no_source_known`, `not_applicable` "
            "(the note says why). An amplification mark without `sampling` concerns every "
            "scheme. It leaves the operation question open, but for `not_applicable`."
        ),
    )
    shared: list[ParameterName] = Field(
        default_factory=list,
        description="For heterogeneous composition: parameters both parts share (e.g. `alpha`).",
    )
    slack: list[Slack] = Field(
        default_factory=list, description="Free parameters the user picks (e.g. δ')."
    )
    conditions: list[Condition] = conditions_field("Side conditions over the map's variables.")
    tight: Tightness | None = Field(
        default=None, description="Where the source states the map cannot be improved."
    )
    status: Status = status_field("rule")
    citation: Citation | None = Field(
        default=None,
        description=(
            "The result proving the rule; required but on an `open` mark, where it names the "
            "unread source (`source_not_read`, required), the definition's statement "
            "(`not_applicable`, optional) or nothing (`no_source_known`)."
        ),
    )
    note: Text | None = note_field()
    not_checked: Text | None = Field(
        default=None,
        description="Why `dptax verify` cannot compute a check of this rule, when it cannot.",
    )

    @model_validator(mode="after")
    def _shape(self) -> OperationRule:
        composition = self.operation is OperationKind.composition
        marked = self.open is not None
        if composition and not marked and (self.form is None or self.adaptivity is None):
            raise ValueError("a composition rule needs `form` and `adaptivity`")
        if not composition and (self.form or self.adaptivity):
            raise ValueError("`form` and `adaptivity` are for composition rules")
        given = (
            (self.parameter_map is not None) + (self.closed_form is not None) + self.fails + marked
        )
        if given != 1:
            raise ValueError(
                "give exactly one of `parameter_map`, `closed_form`, `fails` and `open`"
            )
        if self.fails and (self.note is None or self.tight or self.slack or self.result):
            raise ValueError("a rule that `fails` needs a note saying what fails, and no more")
        if marked:
            self._mark_shape()
        elif self.citation is None:
            raise ValueError("a rule needs a `citation`")
        if self.shared and self.form is not CompositionForm.heterogeneous:
            raise ValueError("`shared` is for heterogeneous composition")
        amplification = self.operation is OperationKind.amplification
        if self.sampling is not None and not amplification:
            raise ValueError("`sampling` is required for amplification, and only there")
        if amplification and not marked and self.sampling is None:
            raise ValueError("`sampling` is required for amplification, and only there")
        change = self.operation is OperationKind.neighbourhood_change
        if (change or (amplification and not marked)) and self.neighbourhood is None:
            raise ValueError(f"{self.operation.value} needs `neighbourhood`")
        if change != (self.to_neighbourhood is not None):
            raise ValueError(
                "`to_neighbourhood` is required for neighbourhood_change, and only there"
            )
        if change and self.neighbourhood == self.to_neighbourhood:
            raise ValueError("`neighbourhood` and `to_neighbourhood` are the same")
        require_note(self.status, self.note, "a disputed rule needs a note explaining the conflict")
        return self

    def _mark_shape(self) -> None:
        """An ``open`` mark: a note saying why, a citation as its reason allows, no map parts."""
        extra = self.tight or self.slack or self.result or self.conditions or self.shared
        if self.note is None or extra or self.not_checked:
            raise ValueError("an `open` mark needs a note saying why, and no more")
        if self.open is OpenReason.source_not_read and self.citation is None:
            raise ValueError("`open: source_not_read` needs the `citation` of the unread source")
        if self.open is OpenReason.no_source_known and self.citation is not None:
            raise ValueError("`open: no_source_known` cites nothing")
