"""What a chain run takes and gives: parameters, checked conditions, results and refusals."""

from __future__ import annotations

from functools import cached_property

from dptaxonomy.base.records import record
from dptaxonomy.base.refusals import RefusalKind
from dptaxonomy.reasoning.maps.rounding import SafeSide, safe_side
from dptaxonomy.schema.arith import Interval, parse_interval

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["ChainRefused", "ChainRun", "ConditionCheck", "FreeKey", "ParameterSpec"]

FreeKey = tuple[int, str]
"""A free parameter: (position of its definition in the chain, parameter name)."""


@record
class ParameterSpec:
    """A parameter of a definition: name, type and domain (parsed when numeric)."""

    name: str
    type: str
    domain_text: str
    monotone: str = ""
    """"weaker_when_larger", "stronger_when_larger" or "" (unknown), from the catalog."""
    standard: str = ""
    """The value the usual form fixes it to ("" when none), e.g. "0" for ξ of zCDP."""
    standard_form: str = ""
    """The name of that usual form, e.g. "ρ-zCDP"."""

    @property
    def weaker_when_larger(self) -> bool:
        return self.monotone == "weaker_when_larger"

    @property
    def stronger_when_larger(self) -> bool:
        return self.monotone == "stronger_when_larger"

    @property
    def numeric(self) -> bool:
        """Whether its values are numbers (a real or an integer), as opposed to a family of
        priors, a relation or a function, which a conversion carries as a symbol
        (:mod:`~dptaxonomy.reasoning.maps.symbolic`)."""
        return self.domain is not None

    @property
    def side(self) -> SafeSide:
        """The end of an enclosure this parameter's guarantee may report."""
        return safe_side(self.monotone)

    @cached_property
    def domain(self) -> Interval | None:
        if self.type not in ("real", "integer"):
            return None
        return parse_interval(self.domain_text)


@record
class ConditionCheck:
    """A step's side condition and whether it certainly holds at the values used."""

    step: int
    condition: str
    holds: bool


@record
class ChainRun:
    """A chain evaluated: the target's parameters and what was checked."""

    target_values: dict[str, Any]
    """Every target parameter: computed by the chain or given by the user."""
    computed: tuple[str, ...]
    """Target parameters the chain computed (the others were given)."""
    checks: tuple[ConditionCheck, ...]
    raised: tuple[str, ...] = ()
    """Values a step gave below their domain, raised to its end (sound: weaker when larger)."""


class ChainRefused(Exception):
    """The chain does not give the conversion; ``reason`` says why and ``kind`` what sort of
    reason it is (:class:`~dptaxonomy.base.refusals.RefusalKind`); ``parameter`` names the
    value to give when the kind is ``missing_parameter``."""

    def __init__(
        self,
        reason: str,
        *,
        kind: RefusalKind = RefusalKind.not_evaluable,
        needs: tuple[FreeKey, ...] = (),
        parameter: str | None = None,
    ) -> None:
        self.reason = reason
        self.kind = kind
        self.needs = needs
        self.parameter = parameter
        self.step: int | None = None
        """The index of the step refused at, when a chain run refuses inside one."""
        super().__init__(reason)
