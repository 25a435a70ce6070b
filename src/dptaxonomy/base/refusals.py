"""Why a conversion gives no numbers: a typed kind, a message in the user's terms, the details.

``dptax convert`` refuses for reasons of different nature: the mathematics
gives no implication (or a separation is known), the implication carries no
parameter maps, a value lies outside a domain, a parameter is missing, a
step's condition fails at the values given. Callers decide by the kind,
never by matching the message; ``--format json`` prints :meth:`Refusal.data`
on standard output.
"""

from __future__ import annotations

from enum import StrEnum

from dptaxonomy.base.records import field, record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Refusal", "RefusalKind"]


class RefusalKind(StrEnum):
    """The nature of a refusal, most telling first (a chain's refusals are ranked in this order)."""

    missing_parameter = "missing_parameter"
    """A value the conversion needs was not given (``--from`` or ``--to``)."""
    invalid_value = "invalid_value"
    """A value given is not a number, not an integer, or names no parameter."""
    outside_domain = "outside_domain"
    """A value given, or one a step computes, lies outside its parameter's domain."""
    condition_fails = "condition_fails"
    """A step's side condition fails (or cannot be verified) at the values."""
    not_attained = "not_attained"
    """The chain's bound does not reach a value given for the target (e.g. ε at this δ)."""
    not_evaluable = "not_evaluable"
    """A step's map cannot be evaluated at the values (a log of a value that may be ≤ 0, …)."""
    undefined_composition = "undefined_composition"
    """The composed map is undefined wherever it applies (e.g. division by α − 1 at α = 1)."""
    perfect_privacy = "perfect_privacy"
    """The values given make the source perfect privacy, which meets the target at every
    parameter: the target holds at any values, though no map is defined there."""
    special_case = "special_case"
    """The values given make the source the target itself (a special case read backwards)."""
    separated = "separated"
    """A separation ¬(A ≻ B) is known: its witness is named."""
    disputed = "disputed"
    """The only implication rests on a disputed claim: the dispute is named."""
    no_map = "no_map"
    """A ≻ B is known, but no chain of its steps carries parameter maps."""
    no_implication = "no_implication"
    """No implication from A to B is known (nor a separation)."""
    mechanism_violates = "mechanism_violates"
    """The mechanism source is known not to satisfy the target."""
    same_definition = "same_definition"
    """The source is the target: nothing to convert."""


@record
class Refusal:
    """A refusal: its kind, the message shown to the user, and typed details."""

    kind: RefusalKind
    message: str
    details: dict[str, Any] = field(default_factory=dict)
    """Kind-specific data: the ``parameter`` missing, the ``witness`` of a separation,
    the ``dispute`` (a citation and place), the chains tried with their own refusals."""

    def data(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"refused": True, "kind": self.kind.value, "message": self.message, **self.details}
