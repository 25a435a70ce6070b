"""Parameter maps with a side judged on whole algorithms, checked on the semantic battery.

Semantic privacy and its (ε, δ), local and reality-oblivious forms, localized
information privacy and mutual-information DP read the data through priors,
so they are judged on
a :class:`FiniteAlgorithm` (:mod:`algorithm_readings`), not on one pair of
neighbouring outputs. A map with one of them on either side is checked here.

One case per algorithm, context (a default value, a prior) and tight
parameter set of the implying side: the parameters the algorithm certainly
meets there, mapped, must hold on the implied side in the same context (the
side with more contexts sets them). A
mapped value outside the implied definition's domain, or a case where the
map's conditions do not certainly hold, is skipped. A family of priors (Θ)
passed through unchanged is read as the context's one prior on both sides,
which is exact for definitions quantifying "for all θ ∈ Θ"; a map that
restricts or transforms a family is not checked. A map with a local
definition on either side is checked on the algorithms on one record only
(their inputs are one user's values).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.algorithm_readings import ALGORITHM_JUDGED, reading_for
from dptaxonomy.reasoning.evaluators.battery import conditions_hold, in_domains
from dptaxonomy.reasoning.evaluators.semantic import FiniteAlgorithm
from dptaxonomy.reasoning.evaluators.verdicts import Results
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval
from dptaxonomy.reasoning.maps.rounding import enclosure_text
from dptaxonomy.schema.arith import parse_expression
from dptaxonomy.schema.enums import ParameterType, Setting

if TYPE_CHECKING:
    from dptaxonomy.schema.models import Definition, Relation

__all__ = ["map_results"]


def _show(values: dict[str, IV]) -> str:
    return ", ".join(f"{k} = {enclosure_text(v, digits=6)}" for k, v in sorted(values.items()))


def map_results(
    relation: Relation,
    implying: Definition,
    implied: Definition,
    algorithms: list[FiniteAlgorithm],
) -> Results | None:
    """The relation's parameter map checked on ``algorithms`` (see the module docstring);
    None when neither side is judged on algorithms, or a side has no reading."""
    mapping = relation.parameter_map
    source, target = reading_for(implying.id), reading_for(implied.id)
    if mapping is None or source is None or source.tight is None or target is None:
        return None
    if not {implying.id, implied.id} & ALGORITHM_JUDGED:
        return None
    local = Setting.local in (implying.setting, implied.setting)
    numeric = (ParameterType.real, ParameterType.integer)
    needed = {p.name for p in implied.parameters if p.type in numeric}
    families = {p.name for p in (*implying.parameters, *implied.parameters)} - needed
    if any(r.parameter in families for r in relation.restrictions):
        return None  # a family restricted to a described subset (e.g. product priors)
    if any(k in families and e not in families for k, e in mapping.items()):
        return None  # a family mapped to anything but a family passed through
    # a family passed through (Theta: Theta) is the context's prior on both sides
    expressions = {k: parse_expression(e) for k, e in mapping.items() if k not in families}
    results: Results = []
    for algorithm in algorithms:
        if local and algorithm.size != 1:
            continue
        # the side with more contexts (a default and a prior, say) sets them
        contexts = max(source.contexts(algorithm), target.contexts(algorithm), key=len)
        for context, label in contexts:
            for given in source.tight(algorithm, context):
                if not conditions_hold(relation.conditions, given):
                    continue
                try:
                    mapped = {k: evaluate_interval(e, given) for k, e in expressions.items()}
                    if not needed <= mapped.keys() or not in_domains(mapped, implied, {}):
                        continue
                    verdict = target.holds(algorithm, context, mapped)
                except NumericError:
                    continue
                where = (
                    f"{algorithm.name}{', ' + label if label else ''}: {implying.id} "
                    f"{_show(given)} gives {implied.id} {_show(mapped)}"
                )
                results.append((verdict, where))
    return results
