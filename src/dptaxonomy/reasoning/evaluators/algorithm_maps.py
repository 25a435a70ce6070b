"""Parameter maps to or from the prior-based definitions, checked on whole finite algorithms.

Semantic privacy and (ε, δ)-semantic privacy quantify over priors on
databases, so they are judged on a :class:`FiniteAlgorithm`, not on one pair of
neighbouring outputs. A map between one of them and a definition judged on
pairs (:data:`EVALUABLE`) reads the latter on every pair of neighbouring
databases of the algorithm (one position changed, KS14's reading of DP).

One case per algorithm, default value and tight parameter set of the implying
side: the parameters the algorithm certainly meets there, mapped, must hold on
the implied side. A mapped value outside the implied definition's domain, or
a case where the map's conditions do not certainly hold, is skipped.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.battery import DELTAS, conditions_hold, in_domains
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE, Evaluable
from dptaxonomy.reasoning.evaluators.families import Finite, at_most, is_infinite
from dptaxonomy.reasoning.evaluators.semantic import (
    SEMANTIC,
    FiniteAlgorithm,
    dp_epsilon,
    semantic_epsilon,
)
from dptaxonomy.reasoning.evaluators.semantic_delta import (
    EPSILON_DELTA_SEMANTIC,
    holds_epsilon_delta_semantic,
    tight_parameters,
)
from dptaxonomy.reasoning.numeric import IV, evaluate_interval, exact, lower, upper
from dptaxonomy.schema.arith import parse_expression

if TYPE_CHECKING:
    from dptaxonomy.schema.models import Definition, Relation

__all__ = ["PRIOR_BASED", "holds_on_algorithm", "map_results", "neighbour_pairs"]

Params = dict[str, IV]
PRIOR_BASED = (SEMANTIC, EPSILON_DELTA_SEMANTIC)
"""The definitions judged on whole algorithms (a map checked here involves one of them)."""
DIFFERENTIAL_PRIVACY = "differential-privacy"


def neighbour_pairs(algorithm: FiniteAlgorithm) -> list[Finite]:
    """The output distributions of every two databases differing in one position."""
    databases = algorithm.databases()
    return [
        Finite(algorithm.output(x), algorithm.output(y))
        for x, y in itertools.combinations(databases, 2)
        if sum(a != b for a, b in zip(x, y, strict=True)) == 1
    ]


def _on_pairs(evaluable: Evaluable, algorithm: FiniteAlgorithm, params: Params) -> bool | None:
    verdicts = [evaluable.holds(pair, params) for pair in neighbour_pairs(algorithm)]
    if any(v is False for v in verdicts):
        return False
    return True if all(v is True for v in verdicts) else None


def holds_on_algorithm(
    definition: str, algorithm: FiniteAlgorithm, default: int, params: Params
) -> bool | None:
    """Whether the algorithm meets the definition with these parameters (None: cannot tell,
    or the definition is not judged on algorithms)."""
    if definition == SEMANTIC:
        return at_most(semantic_epsilon(algorithm, default), params["epsilon"])
    if definition == EPSILON_DELTA_SEMANTIC:
        return holds_epsilon_delta_semantic(algorithm, default, params["epsilon"], params["delta"])
    evaluable = EVALUABLE.get(definition)
    return None if evaluable is None else _on_pairs(evaluable, algorithm, params)


def _semantic_delta_tight(algorithm: FiniteAlgorithm, default: int) -> list[Params]:
    """Each corner (ε, δ), then the same ε with every grid δ above the corner's δ."""
    found: list[Params] = []
    for epsilon, delta in tight_parameters(algorithm, default):
        if lower(delta) > 0:
            found.append({"epsilon": epsilon, "delta": delta})
        found += [
            {"epsilon": epsilon, "delta": exact(text)}
            for text in DELTAS
            if lower(exact(text)) >= upper(delta)
        ]
    return found


def _single(value: IV) -> list[Params]:
    return [] if is_infinite(value) else [{"epsilon": value}]


_TIGHT: dict[str, Callable[[FiniteAlgorithm, int], list[Params]]] = {
    SEMANTIC: lambda algorithm, default: _single(semantic_epsilon(algorithm, default)),
    EPSILON_DELTA_SEMANTIC: _semantic_delta_tight,
    DIFFERENTIAL_PRIVACY: lambda algorithm, _default: _single(dp_epsilon(algorithm)),
}
"""Parameters each implying side's algorithm certainly meets, as tight as computed."""


def _show(values: Params) -> str:
    return ", ".join(f"{k} = {upper(v):.6g}" for k, v in sorted(values.items()))


def map_results(
    relation: Relation, implying: str, implied: Definition, algorithms: list[FiniteAlgorithm]
) -> list[tuple[bool | None, str]] | None:
    """The relation's parameter map checked on ``algorithms`` (see the module docstring);
    None when the map does not involve a prior-based definition or a side is not judged."""
    mapping = relation.parameter_map
    tight = _TIGHT.get(implying)
    judged = implied.id in PRIOR_BASED or implied.id in EVALUABLE
    if mapping is None or tight is None or not judged:
        return None
    if implying not in PRIOR_BASED and implied.id not in PRIOR_BASED:
        return None
    needed = {p.name for p in implied.parameters}
    expressions = {k: parse_expression(e) for k, e in mapping.items()}
    results: list[tuple[bool | None, str]] = []
    for algorithm in algorithms:
        for default in range(len(algorithm.values)):
            for source in tight(algorithm, default):
                if not conditions_hold(relation.conditions, source):
                    continue
                try:
                    mapped = {k: evaluate_interval(e, source) for k, e in expressions.items()}
                except NumericError:
                    continue
                if not needed <= mapped.keys() or not in_domains(mapped, implied, {}):
                    continue
                try:
                    verdict = holds_on_algorithm(implied.id, algorithm, default, mapped)
                except NumericError:
                    continue
                where = (
                    f"{algorithm.name}, default {algorithm.values[default]}: {implying} "
                    f"{_show(source)} gives {implied.id} {_show(mapped)}"
                )
                results.append((verdict, where))
    return results
