"""Checking the optimal composition of ε-bounded-range mechanisms (the closed form
``optimal_bounded_range``) on exact pairs.

* sound: every finite ε-BR battery pair (ε its range width) and every extremal pair below,
  composed k-fold, must be (ε', δ(ε'))-DP at every ε' of (ε, δ)-DP's grid, δ the closed form;
* attained: at each ε, k and ε', the extremal pair at the maximising candidate t, composed
  k-fold, must fail δ(ε') shrunk by the factor tightness claims are checked with
  (:data:`~dptaxonomy.reasoning.evaluators.operation_tightness.SHRINK`).

The extremal pairs are exponential mechanisms, built from their scores and not from the closed
form's masses: two candidates whose scores (s, 0) become (s − 1, 1) between neighbours, sampled
with probability ∝ exp(ε·score/2). Their losses are t and t − ε with
e^(as) = (e^ε − e^t)/(e^t − 1), so every t strictly inside (0, ε) is one such mechanism.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.battery import Case
from dptaxonomy.reasoning.evaluators.closed_forms import (
    optimal_range_delta,
    range_candidates,
    range_response_delta,
)
from dptaxonomy.reasoning.evaluators.definitions import APPROXIMATE, EPSILONS, EVALUABLE
from dptaxonomy.reasoning.evaluators.families import Finite, Pair
from dptaxonomy.reasoning.evaluators.operation_checks import GROUPS, part_parameters
from dptaxonomy.reasoning.evaluators.operation_pairs import composable, power
from dptaxonomy.reasoning.evaluators.verdicts import Results
from dptaxonomy.reasoning.maps.intervals import exp
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, upper
from dptaxonomy.reasoning.maps.rounding import assignment_text

if TYPE_CHECKING:
    from dptaxonomy.schema.models import Definition

__all__ = ["EXTREMAL", "RangeDelta", "exponential_pair", "range_attained", "range_results"]

RangeDelta = Callable[[IV, int, IV], IV]
"""δ(ε') of k-fold composition of ε-BR, as (ε, k, ε') ↦ δ."""
EXTREMAL = ("0.5", "1", "2")
"""Values of ε at which the extremal exponential mechanisms are built."""
FRACTIONS = ("0.125", "0.5", "0.875")
"""Points t/ε at which extremal pairs are built besides the candidates t_ℓ."""


def exponential_pair(epsilon: IV, t: IV) -> Finite | None:
    """The two-candidate exponential mechanism whose losses are t and t − ε (None unless
    0 < t < ε): scores (s, 0) on one input, (s − 1, 1) on the other, e^(εs/2) as above."""
    if not 0 < lower(t) <= upper(t) < lower(epsilon):
        return None
    weight = (exp(epsilon) - exp(t)) / (exp(t) - 1)
    half = exp(epsilon / 2)
    first = (weight / (weight + 1), 1 / (weight + 1))
    second = (weight / half, half)
    total = second[0] + second[1]
    return Finite(first, (second[0] / total, second[1] / total))


def _shown(value: IV) -> str:
    return assignment_text({"v": value}).removeprefix("v=")


def _judge(pair: Pair | None, epsilon: IV, k: int, formula: RangeDelta, where: str) -> Results:
    composed = None if pair is None else power(pair, k)
    if composed is None:
        return []
    found: Results = []
    for text in EPSILONS:
        target = exact(text)
        delta = formula(epsilon, k, target)
        try:
            verdict = APPROXIMATE.holds(composed, {"epsilon": target, "delta": delta})
        except NumericError:
            continue
        found.append((verdict, f"{k}-fold {where}: epsilon={text} gives delta={_shown(delta)}"))
    return found


def _extremal(text: str, k: int, target: IV) -> Iterator[tuple[IV, str]]:
    epsilon = exact(text)
    for fraction in FRACTIONS:
        yield epsilon * exact(fraction), f"t={fraction}*epsilon"
    for ell, t in enumerate(range_candidates(epsilon, k, target)):
        yield t, f"t_{ell}"


def range_results(
    definition: Definition, cases: list[Case], formula: RangeDelta = optimal_range_delta
) -> Results:
    """Soundness of ``formula`` on the battery's ε-BR pairs and on the extremal exponential
    mechanisms (their candidates t_ℓ at ε' = 1)."""
    own = EVALUABLE[definition.id]
    found: Results = []
    for case in cases:
        params = part_parameters(definition, own, case.pair, {})
        if params is None or not composable(case.pair):
            continue
        for k in GROUPS:
            where = f"{case.label} (epsilon={_shown(params['epsilon'])})"
            found += _judge(case.pair, params["epsilon"], k, formula, where)
    for text in EXTREMAL:
        for k in GROUPS:
            for t, name in _extremal(text, k, exact("1")):
                pair = exponential_pair(exact(text), t)
                where = f"exponential mechanism epsilon={text} at {name}"
                found += _judge(pair, exact(text), k, formula, where)
    return found


def range_attained(shrink: IV, formula: RangeDelta = optimal_range_delta) -> Results:
    """Whether the exponential mechanism at the maximising t attains ``formula``: its k-fold
    product must fail δ(ε')·``shrink``."""
    found: Results = []
    for text in EXTREMAL:
        epsilon = exact(text)
        for k in GROUPS:
            for target_text in EPSILONS:
                target = exact(target_text)
                delta = formula(epsilon, k, target)
                if lower(delta) <= 0:
                    continue
                best = max(
                    range_candidates(epsilon, k, target),
                    key=lambda t: upper(range_response_delta(epsilon, t, k, target)),
                )
                pair = exponential_pair(epsilon, best)
                composed = None if pair is None else power(pair, k)
                if composed is None:
                    continue
                shrunk = {"epsilon": target, "delta": delta * shrink}
                try:
                    meets = APPROXIMATE.holds(composed, shrunk)
                except NumericError:
                    continue
                where = f"{k}-fold exponential mechanism epsilon={text} at t={upper(best):.6g}"
                verdict = None if meets is None else not meets
                meets_text = f"epsilon={target_text}, delta={_shown(shrunk['delta'])}"
                found.append((verdict, f"{where} still meets {meets_text}"))
    return found
