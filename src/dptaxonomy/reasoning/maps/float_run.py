"""A chain compiled for the optimiser's float search: the same run, without its bookkeeping.

The searches over free parameters and solved values (:mod:`.optimise`,
:mod:`.inversion`) run one chain thousands of times at different floats, with
the same *names* given every time. Everything :func:`~.conversion.run_chain`
decides from those names alone (which names a step binds and from where, which
conditions it checks before and after its map, each value's domain) is decided
once here, when the chain is compiled for a set of names; a run then only
computes. :func:`float_run` returns exactly what ``run_chain(..., exact=False)``
returns (the target's values and the computed names), or None where it raises
(any refusal or numeric error: the search treats them alike); a test compares
the two on every chain of the catalog. Like the float run it replaces, it only
proposes where the sound interval run happens: nothing it computes is reported.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.maps.chain_records import FreeKey, ParameterSpec
from dptaxonomy.reasoning.maps.paths import Chain
from dptaxonomy.reasoning.maps.plan import CONSTANTS, chain_plan
from dptaxonomy.schema.arith import Comparison, Interval
from dptaxonomy.schema.arith_eval import COMPARISONS, FLOAT_ERRORS, Compiled, bare_float_code

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["FloatRun", "FloatRunner", "float_run", "float_runner", "search_key"]

FloatRun = tuple[dict[str, float], tuple[str, ...]]
"""The target's values and the names the chain computed (as :class:`~.conversion.ChainRun`)."""

FloatRunner = Callable[
    [Mapping[str, float], Mapping[str, float], Mapping[FreeKey, float]], FloatRun | None
]
"""A chain compiled for some names (:func:`float_runner`): values in, its float run out."""

if TYPE_CHECKING:
    _Check = tuple[Compiled, Compiled, Callable[[Any, Any], bool]]
isnan = math.isnan


class _Refused(Exception):
    """The run gives nothing (a refusal or a numeric error of ``run_chain``)."""


@record
class _Value:
    """What is checked of one value a step gives: integer, domain, raising to its end."""

    name: str
    integer: bool
    contains: Callable[[float], bool] | None
    """Whether a value lies in the domain (None: no domain)."""
    raise_to: float | None
    """The domain's closed lower end when a value below it may be raised to it, else None."""


def _membership(domain: Interval) -> Callable[[float], bool]:
    """``domain.contains``, its ends' kinds decided once (NaN lies in no domain)."""
    low, high = domain.low, domain.high
    if domain.low_closed:
        if domain.high_closed:
            return lambda value: low <= value <= high
        return lambda value: low <= value < high
    if domain.high_closed:
        return lambda value: low < value <= high
    return lambda value: low < value < high


@record
class _Step:
    """One step, decided for the names given: where each unbound name comes from (``given``:
    the target's given values; ``free``: a free parameter's key), checks, map, values."""

    given: tuple[str, ...]
    free: tuple[tuple[str, FreeKey], ...]
    early: tuple[_Check, ...]
    mapping: tuple[tuple[str, Compiled], ...]
    late: tuple[_Check, ...]
    values: tuple[_Value, ...]


@record
class _Finish:
    """The target: computed names checked against given ones (with their spec), the rest."""

    compared: tuple[tuple[str, ParameterSpec], ...]
    kept: tuple[str, ...]
    from_given: tuple[str, ...]
    computed: tuple[str, ...]


_Program = tuple[tuple[_Step, ...], _Finish] | None
_PROGRAMS: dict[tuple[Any, ...], tuple[Chain, tuple[Any, ...], _Program]] = {}
_PROGRAMS_KEPT = 256


def _checked(checks: tuple[_Check, ...], scope: dict[str, float]) -> None:
    for left, right, compare in checks:
        x, y = left(scope), right(scope)
        if isnan(x) or isnan(y) or not compare(x, y):
            raise _Refused


def _compiled_check(condition: Comparison) -> _Check:
    return (
        bare_float_code(condition.left),
        bare_float_code(condition.right),
        COMPARISONS[condition.op],
    )


def _value_check(name: str, spec: ParameterSpec | None) -> _Value | None:
    """The checks of value ``name``, or None when nothing is checked of it."""
    if spec is None:
        return None
    domain = spec.domain
    integer = spec.type == "integer"
    if domain is None:
        return _Value(name, True, None, None) if integer else None
    raise_to = None
    if spec.weaker_when_larger and domain.low_closed:
        raise_to = domain.low
    return _Value(name, integer, _membership(domain), raise_to)


def _compile(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source: frozenset[str],
    given: frozenset[str],
    free: frozenset[FreeKey],
) -> _Program:
    """The program of ``chain`` for these names, or None when it refuses whatever the values."""
    plan = chain_plan(chain, specs)
    conditions_of, unbound_of, maps = plan.conditions, plan.unbound, plan.maps
    definitions = chain.definitions
    current = set(source)
    steps = []
    for index, mapping in enumerate(maps):
        theirs = {spec.name: spec for spec in specs[definitions[index + 1]]}
        last = index == len(maps) - 1
        from_given, from_free = [], []
        for name in sorted(unbound_of[index]):
            if name not in theirs or name in mapping:
                return None
            if last and name in given:
                from_given.append(name)
            elif not last and (index + 1, name) in free:
                from_free.append((name, (index + 1, name)))
            else:
                return None
        extra = [*from_given, *(name for name, _ in from_free)]
        known = set(extra) | current | CONSTANTS
        names = chain.condition_names[index]
        pairs = list(zip(conditions_of[index], names, strict=True))
        early = tuple(_compiled_check(c) for c, used in pairs if used <= known)
        late = tuple(_compiled_check(c) for c, used in pairs if not used <= known)
        following = list(dict.fromkeys([*extra, *mapping]))
        steps.append(
            _Step(
                tuple(from_given),
                tuple(from_free),
                early,
                tuple((name, bare_float_code(node)) for name, node in mapping.items()),
                late,
                tuple(
                    check
                    for name in following
                    if (check := _value_check(name, theirs.get(name))) is not None
                ),
            )
        )
        current = set(following)
    by_name = {spec.name: spec for spec in plan.target}
    computed = sorted(set(maps[-1]) & set(by_name))
    compared = tuple((name, by_name[name]) for name in computed if name in given)
    kept = tuple(name for name in by_name if name in current)
    rest = [name for name in by_name if name not in current]
    if any(name not in given for name in rest):
        return None
    finish = _Finish(compared, kept, tuple(rest), tuple(n for n in computed if n not in given))
    return tuple(steps), finish


def _program(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    names: tuple[frozenset[str], frozenset[str], frozenset[FreeKey]],
) -> _Program:
    """:func:`_compile`, remembered for the chain, the specs objects and the names."""
    used = tuple(specs[d] for d in chain.definitions)
    key = (id(chain), *map(id, used), *names)
    kept = _PROGRAMS.get(key)
    if kept is not None and kept[0] is chain and kept[1] == used:
        return kept[2]
    if len(_PROGRAMS) >= _PROGRAMS_KEPT:
        _PROGRAMS.clear()
    program = _compile(chain, specs, *names)
    _PROGRAMS[key] = (chain, used, program)
    return program


if TYPE_CHECKING:
    _StepCode = Callable[[dict[str, float], Mapping[str, float], Any], dict[str, float]]


def _step_code(step: _Step) -> _StepCode:
    """The step as a function: the values of its definition from ``current`` (left as it is),
    the given values and the free parameters' (a new mapping). Its fields are read once
    here, not at each of the thousands of runs of a search."""
    from_given, from_free, early, mapping, late = (
        step.given,
        step.free,
        step.early,
        step.mapping,
        step.late,
    )
    reads = bool(from_given or from_free)
    values = tuple((v.name, v.integer, v.contains, v.raise_to) for v in step.values)
    isfinite = math.isfinite

    def run(current: dict[str, float], given: Mapping[str, float], free: Any) -> dict[str, float]:
        following: dict[str, float] = {}
        if reads:
            for name in from_given:
                following[name] = float(given[name])
            for name, key in from_free:
                following[name] = float(free[key])
            scope = {**following, **current}
        else:
            scope = current
        if early:
            _checked(early, scope)
        for name, code in mapping:
            value = code(scope)
            if isnan(value):
                raise _Refused
            following[name] = value
        if late:
            _checked(late, {**following, **current})
        for name, integer, contains, raise_to in values:
            value = following[name]
            if integer and not (isfinite(value) and value.is_integer()):
                raise _Refused
            if contains is None or contains(value):
                continue
            if raise_to is None:
                raise _Refused
            raised = float(max(value, raise_to))
            if not contains(raised):
                raise _Refused
            following[name] = raised
        return following

    return run


_FAILURES = (_Refused, *FLOAT_ERRORS)
"""What a run that gives nothing raises (a refusal or a numeric error)."""


def _fixed(steps: tuple[_Step, ...]) -> int:
    """How many leading steps read no given value and no free parameter."""
    return next((k for k, step in enumerate(steps) if step.given or step.free), len(steps))


def _head_values(head: tuple[_Step, ...], source: Mapping[str, float]) -> dict[str, float] | None:
    """The values the leading steps ``head`` give from ``source``, or None where they refuse."""
    current = {name: float(value) for name, value in source.items()}
    try:
        for code in map(_step_code, head):
            current = code(current, {}, {})
    except _FAILURES:
        return None
    return current


def search_key(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source: Mapping[str, float],
    given: Mapping[str, float],
    free: list[FreeKey],
) -> tuple[Any, ...] | None:
    """What the float run of ``chain`` at these values is a function of, besides the free
    parameters' values: the facts of the steps after the leading ones, the exact values
    those leading steps give (sign of zero included), the given values, and the free
    parameters by their place in those steps. Two chains of one conversion with equal keys
    have runs that give equal results at every point, so a search over their free
    parameters finds the same points (the facts are compared by identity: compare keys
    only while the knowledge base lives). None when the leading steps refuse."""
    program = _program(chain, specs, (frozenset(source), frozenset(given), frozenset(free)))
    if program is None:
        return None
    steps = program[0]
    fixed = _fixed(steps)
    values = _head_values(steps[:fixed], source)
    if values is None:
        return None
    return (
        chain.target,
        tuple(id(fact) for fact in chain.steps[fixed:]),
        tuple((name, value.hex()) for name, value in values.items()),
        tuple((name, float(value).hex()) for name, value in given.items()),
        tuple((index - fixed, name) for index, name in free),
    )


def float_runner(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source: Iterable[str],
    given: Iterable[str],
    free: Iterable[FreeKey],
) -> FloatRunner:
    """The chain compiled for these names of source values, given target values and free
    parameters: a function of their values giving what :func:`float_run` gives."""
    program = _program(chain, specs, (frozenset(source), frozenset(given), frozenset(free)))
    if program is None:
        return lambda _source, _given, _free: None
    steps, finish = program
    # the leading steps that read no given value and no free parameter compute the same
    # values at every point of a search: run once per source mapping, then reused
    fixed = _fixed(steps)
    head, tail = steps[:fixed], tuple(map(_step_code, steps[fixed:]))
    kept: list[Any] = [None, None, None]  # the source mapping, a copy of it, its head's values

    def start(source: Mapping[str, float]) -> dict[str, float] | None:
        if source is kept[0] and source == kept[1]:
            return kept[2]  # type: ignore[no-any-return]
        current = _head_values(head, source)
        kept[:] = [source, dict(source), current]
        return current

    def run(
        source: Mapping[str, float], given: Mapping[str, float], free: Mapping[FreeKey, float]
    ) -> FloatRun | None:
        current = start(source)
        if current is None:
            return None
        try:
            for code in tail:
                current = code(current, given, free)
        except _FAILURES:
            return None
        values = {}
        for name in finish.kept:
            values[name] = current[name]
        for name, spec in finish.compared:
            mine, theirs = current[name], float(given[name])
            if (spec.weaker_when_larger and mine <= theirs) or (
                spec.stronger_when_larger and theirs <= mine
            ):
                values[name] = theirs
            elif mine != theirs:
                return None
        for name in finish.from_given:
            values[name] = float(given[name])
        return values, finish.computed

    return run


def float_run(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source: Mapping[str, float],
    given: Mapping[str, float],
    free: Mapping[FreeKey, float],
) -> FloatRun | None:
    """``run_chain(chain, specs, source, given, free, exact=False)``'s target values and
    computed names, or None where it raises."""
    return float_runner(chain, specs, source, given, free)(source, given, free)
