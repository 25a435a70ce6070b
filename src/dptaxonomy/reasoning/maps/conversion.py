"""Applying a chain of parameter maps to numbers.

Along ``d0 → d1 → … → dn`` each step's map gives some parameters of d(i+1)
as expressions. A name in an expression means d(i)'s parameter when d(i)
has one (the catalog's convention, as in ``epsilon + log(1/delta)/(alpha-1)``
for Rényi DP → (ε, δ)-DP); otherwise it is d(i+1)'s own parameter that the
map leaves unbound. Such an unbound parameter is universally quantified by
the implication (the step holds for every δ > 0, every order α > 1):

- at the target, its value is given by the user (``--to delta=1e-6``);
- at an intermediate definition, it is a *free* parameter: any value in its
  domain gives a valid chain, so the optimiser chooses one
  (:mod:`dptaxonomy.reasoning.maps.optimise`).

:func:`run_chain` evaluates a chain either quickly with floats (to search for
free values) or soundly with intervals (for the answer). Only the interval
run is ever reported; the float run only chooses where to evaluate it.
Every step's conditions are checked at the actual values, and every value at
every definition is checked against its parameter's domain: a condition or
domain that does not certainly hold rules the chain out.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import replace
from dptaxonomy.base.refusals import RefusalKind
from dptaxonomy.reasoning.maps.chain_records import (
    ChainRefused,
    ChainRun,
    ConditionCheck,
    FreeKey,
    ParameterSpec,
)
from dptaxonomy.reasoning.maps.numeric import (
    is_integer,
    point,
)
from dptaxonomy.reasoning.maps.paths import Chain
from dptaxonomy.reasoning.maps.plan import CONSTANTS, chain_plan
from dptaxonomy.reasoning.maps.rational import (
    enclosure,
    exact_extra,
    exact_verdict,
    rational_value,
    rationals_of,
)
from dptaxonomy.reasoning.maps.rounding import SafeSide, bound_text
from dptaxonomy.reasoning.maps.run_arithmetic import Floats, Intervals
from dptaxonomy.schema.arith import (
    Comparison,
    Node,
    parse_condition,
    parse_expression,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "ChainRefused",
    "ChainRun",
    "ConditionCheck",
    "FreeKey",
    "ParameterSpec",
    "check_inputs",
    "run_chain",
]


def _label(definition: str, name: str) -> str:
    return f"{name} of {definition}"


def run_chain(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source_values: Mapping[str, Any],
    target_given: Mapping[str, Any],
    free: Mapping[FreeKey, Any],
    *,
    exact: bool,
) -> ChainRun:
    """Evaluate ``chain`` at the given values.

    ``source_values`` and ``target_given`` hold enclosures (exact run) or
    floats; ``free`` holds a value for every free parameter the chain needs.
    Raises :class:`ChainRefused` with the reason when the chain does not give
    the conversion, listing in ``needs`` the free parameters still missing.
    """
    ops: Any = Intervals if exact else Floats
    plan = chain_plan(chain, specs)
    maps, conditions_of, unbound_of = plan.maps, plan.conditions, plan.unbound
    current = {name: ops.lift(v) for name, v in source_values.items()}
    checks: list[ConditionCheck] = []
    raised_labels: list[str] = []
    definitions = chain.definitions
    exactly = rationals_of(source_values) if exact else None
    for index in range(len(chain.steps)):
        try:
            here, there = definitions[index], definitions[index + 1]
            theirs = {spec.name: spec for spec in specs[there]}
            extra = _bind(
                chain, index, maps[index], unbound_of[index], theirs, target_given, free, ops
            )
            scope = {**extra, **current}
            extra_exactly = exact_extra(extra, target_given) if exactly is not None else {}
            exact_scope = {**extra_exactly, **exactly} if exactly is not None else None
            texts = chain.steps[index].origin.conditions
            pending = list(zip(conditions_of[index], texts, strict=True))
            known = set(scope) | CONSTANTS
            names = chain.condition_names[index]
            early = [p for p, used in zip(pending, names, strict=True) if used <= known]
            checks += _check(early, scope, index, ops, exact_scope)  # before the map: its reason
            try:
                computed, computed_exactly = _apply(maps[index], scope, exact_scope, ops)
            except NumericError as exc:
                raise ChainRefused(
                    f"step {index + 1} ({here} → {there}) cannot be evaluated: {exc}"
                ) from None
            following = {**extra, **computed}
            following_exactly = {**extra_exactly, **computed_exactly}
            late = [pair for pair in pending if pair not in early]
            late_scope = None if exactly is None else {**following_exactly, **exactly}
            checks += _check(late, {**following, **current}, index, ops, late_scope)
            for name, value in list(following.items()):
                if name in theirs and theirs[name].type == "integer" and not is_integer(value):
                    raise ChainRefused(
                        f"step {index + 1} gives {_label(there, name)}, not an integer",
                        kind=RefusalKind.outside_domain,
                    )
                domain = theirs[name].domain if name in theirs else None
                if domain is None or ops.within(value, domain):
                    continue
                raised = _raised(ops, value, theirs[name])
                if raised is None:
                    raise ChainRefused(
                        f"step {index + 1} gives {_label(there, name)} outside its domain "
                        f"{theirs[name].domain_text}",
                        kind=RefusalKind.outside_domain,
                    )
                following[name] = raised
                following_exactly.pop(name, None)
                raised_labels.append(
                    f"step {index + 1} gives {_label(there, name)} below its domain "
                    f"{theirs[name].domain_text}: raised to {domain.low:g}, "
                    f"sound as {there} is weaker when {name} is larger"
                )
            current = following
            exactly = following_exactly if exactly is not None else None
        except ChainRefused as refused:
            refused.step = index  # a refusal before any free value is read recurs at every one
            raise
    run = _finish(chain.target, plan.target, maps[-1], current, target_given, checks, ops)
    return replace(run, raised=tuple(raised_labels)) if raised_labels else run


def _apply(
    mapping: Mapping[str, Node],
    scope: Mapping[str, Any],
    exactly: Mapping[str, Fraction] | None,
    ops: Any,
) -> tuple[dict[str, Any], dict[str, Fraction]]:
    """A step's map at ``scope``; a value with an exact rational form (:mod:`.rational`) is
    enclosed from it, so a boundary value such as 0 stays exactly 0."""
    computed: dict[str, Any] = {}
    computed_exactly: dict[str, Fraction] = {}
    for name, node in mapping.items():
        value = None if exactly is None else rational_value(node, exactly)
        if value is not None:
            computed_exactly[name] = value
            computed[name] = enclosure(value)
        else:
            computed[name] = ops.value(node, scope)
    return computed, computed_exactly


def _check(
    conditions: list[tuple[Comparison, str]],
    scope: Mapping[str, Any],
    index: int,
    ops: Any,
    exactly: Mapping[str, Fraction] | None = None,
) -> list[ConditionCheck]:
    """Check step ``index``'s conditions at ``scope``: each must certainly hold (decided
    exactly when both sides have exact rational values, :mod:`.rational`)."""
    checks = []
    for condition, text in conditions:
        try:
            verdict = exact_verdict(condition, exactly)
            if verdict is None:
                verdict = ops.condition(condition, scope)
        except NumericError as exc:
            raise ChainRefused(
                f"condition {text!r} of step {index + 1} cannot be checked: {exc}",
                kind=RefusalKind.condition_fails,
            ) from None
        if verdict is not True:
            why = "fails" if verdict is False else "cannot be verified"
            raise ChainRefused(
                f"condition {text!r} of step {index + 1} {why}", kind=RefusalKind.condition_fails
            )
        checks.append(ConditionCheck(index + 1, text, True))
    return checks


def _bind(
    chain: Chain,
    index: int,
    mapping: Mapping[str, Node],
    unbound: set[str],
    theirs: Mapping[str, ParameterSpec],
    target_given: Mapping[str, Any],
    free: Mapping[FreeKey, Any],
    ops: Any,
) -> dict[str, Any]:
    """Values of the names step ``index`` needs that ``d(index)`` lacks."""
    here, there = chain.definitions[index], chain.definitions[index + 1]
    extra: dict[str, Any] = {}
    needs: list[FreeKey] = []
    for name in sorted(unbound):
        if name not in theirs:
            raise ChainRefused(
                f"step {index + 1} uses {name!r}, a parameter of neither {here} nor {there}"
            )
        if name in mapping:
            raise ChainRefused(f"step {index + 1} defines {name!r} in terms of itself")
        if index == len(chain.steps) - 1:
            if name not in target_given:
                raise _needs_input(there, name)
            extra[name] = ops.lift(target_given[name])
        elif (index + 1, name) in free:
            extra[name] = ops.lift(free[(index + 1, name)])
        else:
            needs.append((index + 1, name))
    if needs:
        raise ChainRefused("free parameters need values", needs=tuple(needs))
    return extra


def _needs_input(target: str, name: str) -> ChainRefused:
    return ChainRefused(
        f"the chain needs {_label(target, name)} as input",
        kind=RefusalKind.missing_parameter,
        parameter=name,
    )


def check_inputs(
    chain: Chain, specs: Mapping[str, tuple[ParameterSpec, ...]], target_given: Mapping[str, Any]
) -> None:
    """Refuse at once when the last step uses a target parameter that is not given: every run
    would be refused, whatever the free parameters (so no search is made for them)."""
    for name in sorted(chain_plan(chain, specs).unbound[-1]):
        if name not in target_given:
            raise _needs_input(chain.target, name)


def _finish(
    target: str,
    target_specs: tuple[ParameterSpec, ...],
    last_map: Mapping[str, Any],
    current: dict[str, Any],
    target_given: Mapping[str, Any],
    checks: list[ConditionCheck],
    ops: Any,
) -> ChainRun:
    """The target's numeric values: computed by the last map, or given; fixed ones must agree."""
    by_name = {spec.name: spec for spec in target_specs}
    names = set(by_name)
    computed_names = tuple(sorted(set(last_map) & names))
    values = {name: current[name] for name in names if name in current}
    for name in computed_names:
        if name not in target_given:
            continue
        given = ops.lift(target_given[name])
        spec = by_name[name]
        if spec.weaker_when_larger and _at_most(ops, current[name], given):
            values[name] = given  # the guarantee at the computed value implies it at the given one
            continue
        if spec.stronger_when_larger and _at_most(ops, given, current[name]):
            values[name] = given  # stronger when larger: it implies itself at every smaller value
            continue
        if not _same(ops, current[name], given):
            relation = "at least" if spec.stronger_when_larger else "at most"
            raise ChainRefused(
                f"the chain gives {_label(target, name)} {_show(ops, current[name], spec.side)}, "
                f"not {relation} the value given",
                kind=RefusalKind.not_attained,
            )
    computed_names = tuple(n for n in computed_names if n not in target_given)
    for name in names - set(values):
        if name not in target_given:
            raise ChainRefused(
                f"the chain leaves {_label(target, name)} open",
                kind=RefusalKind.missing_parameter,
                parameter=name,
            )
        values[name] = ops.lift(target_given[name])
    return ChainRun(values, computed_names, tuple(checks))


_RAISE = parse_expression("max(x, low)")


def _raised(ops: Any, value: Any, spec: ParameterSpec) -> Any | None:
    """A value below its domain raised to the domain's closed lower end, or None. Sound only
    for a ``weaker_when_larger`` parameter: BS16's mCDP → zCDP may give ξ < 0, BBG+20's RDP →
    (ε, δ)-DP ε < 0; the inequality holds there, so at the domain's end (ξ = 0, ε = 0) too."""
    domain = spec.domain
    if domain is None or not (spec.weaker_when_larger and domain.low_closed):
        return None
    raised = ops.value(_RAISE, {"x": value, "low": ops.lift(domain.low)})
    return raised if ops.within(raised, domain) else None


def _at_most(ops: Any, left: Any, right: Any) -> bool:
    return bool(ops.condition(parse_condition("x <= y"), {"x": left, "y": right}) is True)


def _show(ops: Any, value: Any, side: SafeSide) -> str:
    return bound_text(value if ops is Intervals else point(float(value)), side)


def _same(ops: Any, left: Any, right: Any) -> bool:
    return bool(ops.condition(parse_condition("x == y"), {"x": left, "y": right}))
