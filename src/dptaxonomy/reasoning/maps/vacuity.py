"""Whether a conversion's answer says nothing: a guarantee every mechanism meets.

Every mechanism is (ε, 1)-probabilistic DP (the definition's ``vacuous`` value δ = 1,
checked on the battery by rule V1). A chain can end there: Laplace → probabilistic DP
through the Rényi curve reaches δ ≤ 1 at ε ≈ 0, which the sum of the computed
parameters ranks above (2, 0) from pure DP. Such an answer is sound and empty, so the
ranking puts it after every answer that says something, and the output names it.

An answer is vacuous when some declared value V is at most as strong as it: every
parameter V names is, in the answer, at least as weak as in V (a larger value when the
definition is weaker as it grows, a smaller one when stronger; equal when the catalog
says neither). The parameters V leaves out may take any value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from dptaxonomy.reasoning.maps.chain_records import ChainRun, ParameterSpec
from dptaxonomy.reasoning.maps.numeric import IV, lower, upper
from dptaxonomy.schema.arith import ArithmeticError_, parse_expression
from dptaxonomy.schema.arith_eval import evaluate

__all__ = ["VacuousValue", "vacuity"]

VacuousValue = tuple[tuple[tuple[str, str], ...], str, str]
"""A declared value: its parameters (name, number as text), its citation's key and place."""


def vacuity(
    run: ChainRun, specs: Mapping[str, ParameterSpec], declared: Sequence[VacuousValue]
) -> str | None:
    """Why the guarantee ``run`` gives is met by every mechanism, or None when it is not."""
    values = run.target_values
    for parameters, key, at in declared:
        if parameters and all(
            name in values and name in specs and _as_weak(values[name], text, specs[name])
            for name, text in parameters
        ):
            point = ", ".join(f"{name} = {text}" for name, text in parameters)
            return f"every mechanism meets it at {point} ([{key}] {at}; rule V1)"
    return None


def _as_weak(value: IV, text: str, spec: ParameterSpec) -> bool:
    """Whether the answer's ``value`` (an enclosure) is certainly at least as weak as the
    declared constant ``text``, at the end the answer states (exactly, for a decimal)."""
    declared = _constant(text)
    if declared is None:
        return False
    if spec.weaker_when_larger:
        return declared <= upper(value)
    if spec.stronger_when_larger:
        return declared >= lower(value)
    return declared == lower(value) == upper(value)


def _constant(text: str) -> Fraction | float | None:
    """A declared value: a decimal exactly, another constant expression (``inf``,
    ``exp(1)``; the schema admits them) as a float, None when it has no value."""
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        pass
    try:
        return evaluate(parse_expression(text), {})
    except (ArithmeticError_, ArithmeticError, ValueError):
        return None
