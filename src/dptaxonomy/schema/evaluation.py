"""Why a definition's statement cannot be evaluated on small finite mechanisms.

`dptax verify` checks claims and maps with the evaluators of
``reasoning/evaluators``; a quantitative definition none of them evaluates
says why in its entry, so a gap in the checks is a stated decision.
"""

from __future__ import annotations

from pydantic import Field

from dptaxonomy.schema.fields import StrictModel as _Strict
from dptaxonomy.schema.fields import Text

__all__ = ["NotEvaluable"]


class NotEvaluable(_Strict):
    """The reason no evaluator computes the definition on small finite mechanisms."""

    reason: Text = Field(
        description=(
            "Why the formal statement cannot be evaluated on a small finite mechanism "
            "(e.g. a parameter that is a function or a relation, an existential over "
            "simulators), in a sentence or two."
        )
    )
