"""Solving a chain for a target parameter: ε such that δ(ε) ≤ the δ asked for.

Some conversions give the target's parameters the other way round from the
question: Dong–Roth–Su's μ-GDP profile gives δ as a function of ε, while the
user fixes δ. When the target is weaker as that computed parameter P grows
(the catalog's ``monotone: weaker_when_larger``, e.g. δ of (ε, δ)-DP), the
chain's guarantee at (Q = q, P = P(q)) with P(q) ≤ p implies the guarantee
at (q, p). So we search for the smallest q whose *sound* P(q) is at most p:
a float bisection proposes q, the interval evaluation decides. A poor search
only makes q larger (looser), never unsound.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from dptaxonomy.base.records import record
from dptaxonomy.base.refusals import RefusalKind
from dptaxonomy.reasoning.maps.bisection import STEPS, Bracket, float_key, smallest_passing
from dptaxonomy.reasoning.maps.conversion import (
    ChainRefused,
    ChainRun,
    FreeKey,
    ParameterSpec,
    run_chain,
)
from dptaxonomy.reasoning.maps.float_run import float_runner
from dptaxonomy.reasoning.maps.numeric import IV, holds, point, upper
from dptaxonomy.reasoning.maps.optimise import Proposals, minimise
from dptaxonomy.reasoning.maps.paths import Chain
from dptaxonomy.reasoning.maps.plan import chain_plan, free_parameters
from dptaxonomy.reasoning.maps.rounding import outward_text
from dptaxonomy.schema.arith import parse_condition

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Inversion", "Solution", "plan_inversion", "solve"]

_FALLBACKS = 5
_NUDGES = (0.0, 1e-12, 1e-9, 3e-9, 1e-8, 1e-7, 1e-6, 1e-3)
"""Relative steps by which the float solution is moved toward the safe side until the sound
run holds. A certified map may itself leave a margin of this order (the Rényi certificate
nudges δ by 1e-9), so the steps are finer than decades around it: a bound a hair above
the limit after 1e-9 then costs 3e-9, not 1e-6."""
_AT_MOST = parse_condition("x <= y")


@record
class Inversion:
    """Solve for ``solve_for`` so that the chain's ``bounded`` is at most its given value."""

    solve_for: ParameterSpec
    bounded: str


def plan_inversion(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    target_given: Mapping[str, Any],
) -> Inversion | None:
    """The inversion this chain needs, if exactly one is possible and sound.

    Needed when the last step uses a target parameter Q the user did not give (or
    leaves it open: the implication holds at every Q, as KL privacy ⇒ (ε, δ)-DP with δ
    the total-variation bound), and computes a target parameter P the user did give;
    sound when the target weakens as P grows. Q must be numeric; the chain's free parameters are
    then chosen jointly with Q (:func:`solve`).
    """
    plan = chain_plan(chain, specs)
    target = {spec.name: spec for spec in plan.target}
    last_map = plan.maps[-1]
    # a target parameter the last map neither computes nor is given is used unbound, or
    # open (a name in the map is then the previous definition's): either way it is Q
    wanted = [target[n] for n in sorted(target) if n not in last_map and n not in target_given]
    bounded = [
        n
        for n in sorted(last_map)
        if n in target_given and n in target and target[n].weaker_when_larger
    ]
    if len(wanted) != 1 or len(bounded) != 1:  # wanted is numeric: plan.target
        return None
    return Inversion(wanted[0], bounded[0])


def _float(value: IV) -> float:
    return upper(value)


@record
class Solution:
    """A sound run at the solved value, P's upper bound there, the free values used,
    and the search's relative precision (how far below the solution a smaller value
    was tried and failed in the float search: 0 when the domain's end was reached)."""

    run: ChainRun
    bound: float
    free: dict[FreeKey, float]
    precision: float


_COARSE = 32
"""Bisection steps while the free parameters are searched (a relative error near 2^-21)."""


def solve(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source: Mapping[str, IV],
    given: Mapping[str, IV],
    inversion: Inversion,
    searches: dict[Any, Any] | None = None,
) -> Solution:
    """The sound run at the smallest q found, jointly over the chain's free parameters.

    For each choice of the free parameters (the Rényi order α, …), the smallest q
    whose float P(q) is at most p is found by bisection over the doubles
    (:mod:`dptaxonomy.reasoning.maps.bisection`, so q = 1e-100 is reached); the free
    parameters are chosen to make that q smallest; the interval run then decides.
    ``searches`` is the conversion's memo of searches (:func:`~.optimise.minimise`).
    Raises :class:`ChainRefused` when no value of Q in its domain is found.
    """
    name, bound = inversion.solve_for.name, inversion.bounded
    domain = inversion.solve_for.domain
    assert domain is not None
    others = {k: v for k, v in given.items() if k != bound}
    limit = _float(given[bound])
    floats = {k: _float(v) for k, v in source.items()}
    float_others = {k: _float(v) for k, v in others.items()}
    free = free_parameters(chain, specs)
    keys = [key for key, _ in free]
    domains = [spec.domain for _, spec in free]
    if any(d is None for d in domains):
        raise ChainRefused("a free parameter is not numeric")

    runner = float_runner(chain, specs, floats, [*float_others, name], keys)
    # a Q the last step leaves open (KL privacy ⇒ (ε, δ)-DP holds at every ε) is never
    # read: the run, and so the test, is the same at every value of it
    constant = name not in chain_plan(chain, specs).unbound[-1]

    def search(choice: dict[FreeKey, float], steps: int) -> Bracket | None:
        def passes(q: float) -> bool:
            run = runner(floats, {**float_others, name: q}, choice)
            if run is None:
                return False
            value = float(run[0][bound])
            return math.isfinite(value) and value <= limit

        return smallest_passing(passes, domain, steps, constant=constant)

    def objective(values: list[float]) -> float:
        found = search(dict(zip(keys, values, strict=True)), _COARSE)
        return math.inf if found is None else float(float_key(found.found))

    def first_solution(points: list[list[float]], refusal: ChainRefused) -> Solution | ChainRefused:
        for values in points[:_FALLBACKS]:
            choice = dict(zip(keys, values, strict=True))
            bracket = search(choice, STEPS)
            if bracket is None:
                continue
            solution = _check(chain, specs, source, given, inversion, choice, bracket)
            if isinstance(solution, Solution):
                return solution
            refusal = solution
        return refusal

    numeric = [d for d in domains if d is not None]
    points = (
        minimise(objective, numeric, stepped=True, shared=searches) if keys else Proposals([[]])
    )
    found = first_solution(
        points,
        ChainRefused(
            f"no value of {name} makes the chain's {bound} at most the {bound} given",
            kind=RefusalKind.not_attained,
        ),
    )
    if isinstance(found, ChainRefused) and points.borrowed:  # another chain's points failed
        found = first_solution(minimise(objective, numeric, stepped=True), found)
    if isinstance(found, ChainRefused):
        raise found
    return found


def _check(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source: Mapping[str, IV],
    given: Mapping[str, IV],
    inversion: Inversion,
    choice: dict[FreeKey, float],
    bracket: Bracket,
) -> Solution | ChainRefused:
    """The interval run at the bracket's value, nudged up until it certainly holds, or why not."""
    name, bound = inversion.solve_for.name, inversion.bounded
    others = {k: v for k, v in given.items() if k != bound}
    candidate = bracket.found
    reason = (
        f"the sound bound on {bound} exceeds the value given near "
        f"{name} = {outward_text(candidate, up=True)}"
    )
    kind = RefusalKind.not_attained
    for nudge in _NUDGES:
        q = candidate * (1 + nudge) if candidate > 0 else candidate + nudge
        try:
            run = run_chain(chain, specs, source, {**others, name: point(q)}, choice, exact=True)
        except ChainRefused as exc:
            reason, kind = exc.reason, exc.kind
            continue
        computed = run.target_values[bound]
        if holds(_AT_MOST, {"x": computed, "y": given[bound]}) is True:
            values = {**run.target_values, bound: given[bound], name: point(q)}
            solved = ChainRun(values, (name,), run.checks, run.raised)
            tried = Bracket(q, bracket.below)
            return Solution(solved, upper(computed), choice, tried.precision)
    return ChainRefused(reason, kind=kind)
