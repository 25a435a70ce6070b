"""The two arithmetics a chain is run in: floats for the optimiser's search, intervals for
the answer (:func:`dptaxonomy.reasoning.maps.conversion.run_chain`)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, holds, inside, point
from dptaxonomy.schema.arith import ArithmeticError_, Comparison, Interval
from dptaxonomy.schema.arith_eval import COMPARISONS, float_code

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Floats", "Intervals"]


class Floats:
    """Fast float arithmetic for the optimiser's search."""

    @staticmethod
    def value(node: Any, values: Mapping[str, Any]) -> Any:
        try:
            result = float_code(node)(dict(values))
        except ArithmeticError_ as exc:
            raise NumericError(str(exc)) from None
        if math.isnan(result):
            raise NumericError("not a number")
        return result

    @staticmethod
    def condition(condition: Comparison, values: Mapping[str, Any]) -> bool | None:
        left = Floats.value(condition.left, values)
        right = Floats.value(condition.right, values)
        return bool(COMPARISONS[condition.op](left, right))

    @staticmethod
    def within(value: Any, domain: Interval) -> bool:
        return domain.contains(value)

    @staticmethod
    def lift(value: Any) -> Any:
        return float(value)


class Intervals:
    """Sound interval arithmetic (:mod:`dptaxonomy.reasoning.maps.numeric`)."""

    value = staticmethod(evaluate_interval)
    condition = staticmethod(holds)
    within = staticmethod(inside)

    @staticmethod
    def lift(value: Any) -> IV:
        return point(value) if isinstance(value, float) else value
