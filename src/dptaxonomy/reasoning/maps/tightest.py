"""The tightest conversion: every chain evaluated soundly, the best one chosen, with its proof.

For each chain of parameter maps from the source to the target
(:mod:`dptaxonomy.reasoning.maps.paths`), free parameters are chosen
by :func:`dptaxonomy.reasoning.maps.optimise.minimise` on a float evaluation,
then the chain is evaluated with interval arithmetic at those values: only
that sound result is kept. Chains are ranked by the upper bound of what
they compute (with several computed parameters, their sum; fix all but one
with ``--to`` to rank on one), then by how many parameters that are not numbers a
step fixes (fewer is more general: :mod:`.symbolic`), then by length.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from dptaxonomy.base.records import field, record, replace
from dptaxonomy.base.refusals import RefusalKind
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.conversion import (
    ChainRefused,
    ChainRun,
    FreeKey,
    ParameterSpec,
    check_inputs,
    run_chain,
)
from dptaxonomy.reasoning.maps.float_run import float_runner, search_key
from dptaxonomy.reasoning.maps.inversion import plan_inversion, solve
from dptaxonomy.reasoning.maps.numeric import IV, lower, upper
from dptaxonomy.reasoning.maps.optimise import minimise
from dptaxonomy.reasoning.maps.paths import Chain, chains_between
from dptaxonomy.reasoning.maps.per_base import kept_for
from dptaxonomy.reasoning.maps.plan import free_parameters
from dptaxonomy.reasoning.maps.symbolic import SymbolicValue, symbolic_values
from dptaxonomy.reasoning.maps.vacuity import VacuousValue, vacuity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "ChainResult",
    "Conversion",
    "FreeChoice",
    "Solved",
    "declared_vacuous",
    "evaluate_chains",
    "parameter_specs",
    "tightest_conversion",
]

_FALLBACKS = 5


@record
class FreeChoice:
    """A free parameter and the value the optimiser chose for it."""

    definition: str
    name: str
    value: float


@record
class Solved:
    """A target parameter solved for: ``name`` chosen so the chain's ``bounded`` ≤ the given."""

    name: str
    bounded: str
    bound: float
    """The chain's sound upper bound on ``bounded`` at the solution (≤ the value given)."""
    precision: float = 0.0
    """Relative gap to the largest smaller value the search tried and rejected (0: none)."""


@record
class ChainResult:
    """One chain and what it gives: a sound run, or the reason it gives nothing."""

    chain: Chain
    run: ChainRun | None
    free: tuple[FreeChoice, ...] = ()
    refusal: str | None = None
    solved: Solved | None = None
    refusal_kind: RefusalKind | None = None
    """What sort of reason :attr:`refusal` is (None when the chain gives a result)."""
    refusal_parameter: str | None = None
    """The value to give, when the kind is ``missing_parameter``."""
    symbols: tuple[SymbolicValue, ...] = ()
    """The target's parameters that are not numbers (:mod:`.symbolic`), when it gives a result."""
    vacuous: str | None = None
    """Why every mechanism meets what it gives (:mod:`.vacuity`), when so."""

    def score(self, target: Mapping[str, ParameterSpec]) -> float:
        """Sum of the computed parameters' reported ends, each signed so that smaller is
        tighter: an upper bound counts as is, a ``stronger_when_larger`` lower bound negated
        (inf when refused)."""
        if self.run is None:
            return math.inf
        values = self.run.target_values
        return sum(
            -lower(values[name]) if target[name].stronger_when_larger else upper(values[name])
            for name in self.run.computed
        )


@record
class Conversion:
    """Every chain from ``source`` to ``target`` evaluated, best first."""

    source: str
    target: str
    results: tuple[ChainResult, ...] = field(default=())

    @property
    def best(self) -> ChainResult | None:
        """The tightest chain that gives a result, if any."""
        first = self.results[0] if self.results else None
        return first if first is not None and first.run is not None else None


def parameter_specs(kb: KnowledgeBase, definition: str) -> tuple[ParameterSpec, ...]:
    """The parameters of ``definition`` as the conversion needs them (read once per knowledge
    base: the same objects come back, so programs compiled for them are found again)."""
    entries = kb.info[definition].conversion_parameters
    return kept_for(
        kb, (parameter_specs, definition), lambda: tuple(ParameterSpec(*e) for e in entries)
    )


def declared_vacuous(kb: KnowledgeBase, definition: str) -> tuple[VacuousValue, ...]:
    """The numeric values at which ``definition`` holds for every mechanism (its ``vacuous``
    declarations, rule V1), or () for a name the knowledge base has no entry for."""
    return kb.info[definition].vacuous if definition in kb.info else ()


def _evaluate(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source: Mapping[str, IV],
    given: Mapping[str, IV],
    searches: dict[Any, Any],
) -> ChainResult:
    if chain.defect is not None:
        reason = f"the composed map is undefined: {chain.defect}"
        refused = _refused(chain, ChainRefused(reason, kind=RefusalKind.undefined_composition))
        from dptaxonomy.reasoning.maps.relaxed import relaxed  # only for such a chain

        rewritten = relaxed(chain, specs)  # a value pinned at its weakest end, freed
        if rewritten is None or rewritten[0].defect is not None:
            return refused
        result = _evaluate(rewritten[0], specs, source, given, searches)
        if result.run is None:  # why the rewritten chain gives nothing, said as such
            return replace(
                result,
                chain=chain,
                refusal=f"{result.refusal}, with the value pinned at the end of its domain "
                f"chosen freely (as stated, {reason})",
            )
        run = replace(result.run, raised=(*rewritten[1], *result.run.raised))
        return replace(result, chain=chain, run=run)
    try:
        symbols = symbolic_values(chain, specs)
    except ChainRefused as exc:
        return _refused(chain, exc)
    result = _numbers(chain, specs, source, given, searches)
    return replace(result, symbols=symbols) if symbols and result.run is not None else result


def _numbers(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source: Mapping[str, IV],
    given: Mapping[str, IV],
    searches: dict[Any, Any],
) -> ChainResult:
    """The chain's numeric parameters: solved for, or run at the best free values found."""
    inversion = plan_inversion(chain, specs, given)
    if inversion is not None:
        try:
            solution = solve(chain, specs, source, given, inversion, searches)
        except ChainRefused as exc:
            return _refused(chain, exc)
        solved = Solved(
            inversion.solve_for.name, inversion.bounded, solution.bound, solution.precision
        )
        return ChainResult(chain, solution.run, _choices(chain, solution.free), solved=solved)
    try:
        check_inputs(chain, specs, given)
    except ChainRefused as exc:
        return _refused(chain, exc)
    free = free_parameters(chain, specs)
    keys: list[FreeKey] = [key for key, _ in free]
    domains = [spec.domain for _, spec in free]
    if any(domain is None for domain in domains):
        return ChainResult(
            chain,
            None,
            refusal="a free parameter is not numeric",
            refusal_kind=RefusalKind.not_evaluable,
        )
    try:
        if not keys:
            return ChainResult(chain, run_chain(chain, specs, source, given, {}, exact=True))
        floats = {name: _middle(value) for name, value in source.items()}
        floats_given = {name: _middle(value) for name, value in given.items()}
        stronger = {spec.name: spec.stronger_when_larger for spec in specs[chain.target]}
        runner = float_runner(chain, specs, floats, floats_given, keys)
        (first, *_others) = keys

        def objective(point: list[float]) -> float:
            free = dict(zip(keys, point, strict=True)) if _others else {first: point[0]}
            run = runner(floats, floats_given, free)
            if run is None:
                return math.inf
            values, computed = run
            if len(computed) == 1:  # what sum() gives for one term: 0 + it (-0.0 becomes 0.0)
                name = computed[0]
                total = 0.0 + (-values[name] if stronger[name] else values[name])
            else:
                total = float(sum(-values[n] if stronger[n] else values[n] for n in computed))
            return total if math.isfinite(total) else math.inf

        # chains that end in the same steps, reached at the same values, search alike
        key = search_key(chain, specs, floats, floats_given, keys)
        candidates = searches.get(key) if key is not None else None
        several = sum(spec.name not in given for spec in specs[chain.target]) > 1
        numeric = [d for d in domains if d is not None]
        if candidates is None:
            candidates = minimise(objective, numeric, basins=several, shared=searches)
            if key is not None:
                searches[key] = candidates
    except ChainRefused as exc:
        return _refused(chain, exc)
    found = _first_sound(chain, specs, source, given, keys, candidates)
    if (
        isinstance(found, ChainRefused) and candidates.borrowed and not _before_free(found, keys)
    ):  # another chain's points, all refused here: this chain's own search decides
        found = _first_sound(
            chain, specs, source, given, keys, minimise(objective, numeric, basins=several)
        )
    return _refused(chain, found) if isinstance(found, ChainRefused) else found


def _before_free(refused: ChainRefused, keys: list[FreeKey]) -> bool:
    """Whether the run was refused at a step before the first that reads a free value (so
    it is refused alike at every value of them)."""
    return refused.step is not None and refused.step < min(index for index, _ in keys) - 1


def _first_sound(
    chain: Chain,
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source: Mapping[str, IV],
    given: Mapping[str, IV],
    keys: list[FreeKey],
    candidates: Sequence[list[float]],
) -> ChainResult | ChainRefused:
    """The sound run at the first of ``candidates`` (at most :data:`_FALLBACKS`) the chain
    gives a result at, or why none did."""
    last = ChainRefused(
        "no value of the free parameters gives a result", kind=RefusalKind.not_evaluable
    )
    for point in candidates[:_FALLBACKS]:
        choice = dict(zip(keys, point, strict=True))
        try:
            run = run_chain(chain, specs, source, given, choice, exact=True)
        except ChainRefused as exc:
            last = exc
            if _before_free(exc, keys):
                break  # so at every other choice too
            continue
        return ChainResult(chain, run, _choices(chain, choice))
    return last


def _refused(chain: Chain, refused: ChainRefused) -> ChainResult:
    return ChainResult(
        chain,
        None,
        refusal=refused.reason,
        refusal_kind=refused.kind,
        refusal_parameter=refused.parameter,
    )


def _choices(chain: Chain, choice: Mapping[FreeKey, float]) -> tuple[FreeChoice, ...]:
    return tuple(
        FreeChoice(chain.definitions[index], name, value) for (index, name), value in choice.items()
    )


def _middle(value: Any) -> float:
    low, high = lower(value), upper(value)
    return high if low == high else (low + high) / 2


def tightest_conversion(
    kb: KnowledgeBase,
    source: str,
    target: str,
    source_values: Mapping[str, IV],
    target_given: Mapping[str, IV],
) -> Conversion:
    """Evaluate every chain of parameter maps from ``source`` to ``target``.

    ``source_values`` must hold every parameter of ``source``;
    ``target_given`` the target parameters the user fixed.
    """
    chains = chains_between(kb, source, target, conditional=True)
    specs: dict[str, tuple[ParameterSpec, ...]] = {}
    for chain in chains:
        for definition in chain.definitions:
            if definition not in specs:
                specs[definition] = parameter_specs(kb, definition)
    vacuous = declared_vacuous(kb, target)
    return evaluate_chains(source, target, chains, specs, source_values, target_given, vacuous)


def evaluate_chains(
    source: str,
    target: str,
    chains: Sequence[Chain],
    specs: Mapping[str, tuple[ParameterSpec, ...]],
    source_values: Mapping[str, IV],
    target_given: Mapping[str, IV],
    vacuous: Sequence[VacuousValue] = (),
) -> Conversion:
    """Evaluate ``chains`` (with every definition's parameters in ``specs``), best first;
    an answer at one of the target's ``vacuous`` values after every other answer."""
    searches: dict[Any, Any] = {}  # by search key, and by coarse values (optimise)
    results = [_evaluate(chain, specs, source_values, target_given, searches) for chain in chains]
    at_target = {spec.name: spec for spec in specs.get(target, ())}
    if vacuous:
        results = [
            replace(r, vacuous=vacuity(r.run, at_target, vacuous)) if r.run is not None else r
            for r in results
        ]
    scores = [result.score(at_target) for result in results]
    # at equal numbers, a guarantee for every value of a symbol beats one for a fixed value
    fixed = [sum(symbol.fixed for symbol in result.symbols) for result in results]
    order = sorted(
        range(len(results)),
        key=lambda i: (
            results[i].run is None,
            results[i].vacuous is not None,
            scores[i],
            fixed[i],
            len(results[i].chain.steps),
            i,
        ),
    )
    return Conversion(source, target, tuple(results[i] for i in order))
