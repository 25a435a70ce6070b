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
from typing import Any

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import record
from dptaxonomy.base.refusals import RefusalKind
from dptaxonomy.reasoning.maps.conversion import (
    ChainRefused,
    ChainRun,
    ParameterSpec,
    free_parameters,
    run_chain,
)
from dptaxonomy.reasoning.maps.numeric import IV, holds, point, upper
from dptaxonomy.reasoning.maps.optimise import GRID, to_value
from dptaxonomy.reasoning.maps.paths import Chain
from dptaxonomy.reasoning.maps.rounding import outward_text
from dptaxonomy.schema.arith import names_in, parse_condition

__all__ = ["Inversion", "plan_inversion", "solve"]

_BISECTIONS = 60
_NUDGES = (0.0, 1e-12, 1e-9, 1e-6, 1e-3)
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

    Needed when the last step uses a target parameter Q the user did not give,
    and computes a target parameter P the user did give; sound when the target
    weakens as P grows. Q must be numeric; free parameters are not combined
    with inversion (the chain is then refused as before, asking for Q).
    """
    target = {spec.name: spec for spec in specs[chain.target]}
    last_map = chain.maps[-1]
    used: set[str] = set()
    for node in [*last_map.values(), *chain.conditions[-1]]:
        used |= names_in(node)
    here = {spec.name for spec in specs[chain.definitions[-2]]}
    wanted = [
        target[n]
        for n in sorted(used - here)
        if n in target and n not in last_map and n not in target_given
    ]
    bounded = [
        n
        for n in sorted(last_map)
        if n in target_given and n in target and target[n].weaker_when_larger
    ]
    if len(wanted) != 1 or len(bounded) != 1 or wanted[0].domain is None:
        return None
    if free_parameters(chain, specs):
        return None
    return Inversion(wanted[0], bounded[0])


def _float(value: IV) -> float:
    return upper(value)


def solve(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source: Mapping[str, IV],
    given: Mapping[str, IV],
    inversion: Inversion,
) -> tuple[ChainRun, float]:
    """The sound run at the smallest q found, and P's upper bound there.

    Raises :class:`ChainRefused` when no value of Q in its domain is found.
    """
    name, bound = inversion.solve_for.name, inversion.bounded
    domain = inversion.solve_for.domain
    assert domain is not None
    others = {k: v for k, v in given.items() if k != bound}
    limit = _float(given[bound])
    floats = {k: _float(v) for k, v in source.items()}
    float_others = {k: _float(v) for k, v in others.items()}

    def feasible(t: float) -> bool:
        q = to_value(t, domain)
        try:
            run = run_chain(chain, specs, floats, {**float_others, name: q}, {}, exact=False)
        except (ChainRefused, NumericError, OverflowError, ValueError, ZeroDivisionError):
            return False
        value = float(run.target_values[bound])
        return math.isfinite(value) and value <= limit

    first = next((k for k, t in enumerate(GRID) if feasible(t)), None)
    if first is None:
        raise ChainRefused(
            f"no value of {name} makes the chain's {bound} at most the {bound} given",
            kind=RefusalKind.not_attained,
        )
    low, high = (GRID[first - 1], GRID[first]) if first > 0 else (GRID[0] - 8.0, GRID[0])
    for _ in range(_BISECTIONS):
        middle = (low + high) / 2
        low, high = (low, middle) if feasible(middle) else (middle, high)
    candidate = to_value(high, domain)
    near = outward_text(candidate, up=True)
    reason = f"the sound bound on {bound} exceeds the value given near {name} = {near}"
    kind = RefusalKind.not_attained
    for nudge in _NUDGES:
        q = candidate * (1 + nudge) if candidate > 0 else candidate + nudge
        try:
            run = run_chain(chain, specs, source, {**others, name: point(q)}, {}, exact=True)
        except ChainRefused as exc:
            reason, kind = exc.reason, exc.kind
            continue
        computed = run.target_values[bound]
        if holds(_AT_MOST, {"x": computed, "y": given[bound]}) is True:
            values = {**run.target_values, bound: given[bound], name: point(q)}
            return ChainRun(values, (name,), run.checks, run.raised), upper(computed)
    raise ChainRefused(reason, kind=kind)
