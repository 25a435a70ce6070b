"""A guarantee's parameters as the user gives them: names, decimal values, domains.

Shared by ``dptax convert`` and ``dptax compose`` (and the release checks), and
kept apart from the conversion engine so that reading a mechanism's parameters
does not import it.

>>> from dptaxonomy.reasoning.maps.chain_records import ParameterSpec
>>> spec = ParameterSpec("rho", "real", "[0, inf)")
>>> values = read_parameters("zCDP", (spec,), {"rho": "0.5"})
>>> float(values["rho"].low), values.rationals["rho"]
(0.5, Fraction(1, 2))
>>> read_parameters("zCDP", (spec,), {"rho": "-1"})
Traceback (most recent call last):
dptaxonomy.base.errors.ConversionError: rho = -1 is outside the domain [0, inf) of rho of zCDP
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from dptaxonomy.base.digits import foreign_digit_message
from dptaxonomy.base.errors import ConversionError, NumericError, OutOfRangeError
from dptaxonomy.base.refusals import Refusal, RefusalKind
from dptaxonomy.reasoning.maps.numeric import IV, exact, inside, is_integer
from dptaxonomy.reasoning.maps.rational import GivenValues

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dptaxonomy.reasoning.maps.chain_records import ParameterSpec

__all__ = ["PARAMETER_ALIASES", "read_parameters", "refuse"]

PARAMETER_ALIASES = {
    "eps": "epsilon",
    "ε": "epsilon",
    "δ": "delta",
    "ρ": "rho",
    "α": "alpha",
    "μ": "mu",
    "σ": "sigma",
    "ξ": "xi",
    "Δ": "sensitivity",
}
"""Greek letters and short forms accepted for the catalog's parameter names."""


def refuse(kind: RefusalKind, message: str, **details: Any) -> ConversionError:
    """A conversion refused for a reason of ``kind``, in the user's terms."""
    return ConversionError(Refusal(kind, message, details))


def read_parameters(
    definition: str, specs: tuple[ParameterSpec, ...], given: Mapping[str, str]
) -> dict[str, IV]:
    """The values ``given`` of ``definition``'s parameters, checked against their domains."""
    by_name = {spec.name: spec for spec in specs}
    values: dict[str, IV] = {}
    for name, text in given.items():
        if name not in by_name:
            known = ", ".join(by_name) or "none"
            raise refuse(
                RefusalKind.invalid_value,
                f"unknown parameter {name!r} of {definition} (its parameters: {known})",
            )
        spec = by_name[name]
        domain = spec.domain
        if domain is None:
            raise refuse(
                RefusalKind.invalid_value,
                f"{name} of {definition} is not a number ({spec.type}): leave it out, "
                "it is carried as a symbol, never given a value",
            )
        shown = text if len(text) <= 40 else text[:40] + "…"
        foreign = foreign_digit_message(text)
        if foreign is not None:
            raise refuse(RefusalKind.invalid_value, f"{name} of {definition}: {foreign}")
        try:
            value = exact(text)
        except OutOfRangeError as exc:
            raise refuse(
                RefusalKind.invalid_value,
                f"{name} of {definition}: {exc} (domain {spec.domain_text})",
            ) from None
        except NumericError:
            raise refuse(
                RefusalKind.invalid_value,
                f"{name} of {definition}: {shown!r} is not a number (domain {spec.domain_text})",
            ) from None
        if spec.type == "integer" and not is_integer(value):
            raise refuse(
                RefusalKind.invalid_value,
                f"{name} of {definition} is an integer parameter: {shown} is not an integer",
            )
        if not inside(value, domain) and domain.contains(Fraction(text.strip())):
            raise refuse(
                RefusalKind.invalid_value,
                f"{name} = {text} lies in the domain {spec.domain_text} of {name} of "
                f"{definition}, but too near its end to be told apart from it in "
                "double precision",
            )
        if not inside(value, domain):
            raise refuse(
                RefusalKind.outside_domain,
                f"{name} = {text} is outside the domain {spec.domain_text} "
                f"of {name} of {definition}",
                parameter=name,
                definition=definition,
            )
        values[name] = value
    return GivenValues(values, {name: Fraction(given[name].strip()) for name in values})
