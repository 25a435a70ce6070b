"""Checking operation rules on exact pairs: composition, group privacy, amplification,
change of neighbourhood, and the tightness a rule claims.

For each rule of an evaluable definition, the parts' tightest parameters are read off
battery pairs (:mod:`dptaxonomy.reasoning.evaluators.definitions`), mapped by the rule, and
the composed, grouped or subsampled pair (:mod:`dptaxonomy.reasoning.evaluators.operation_pairs`)
must meet the result's definition at the mapped parameters: a failure is a certain
counterexample. Products check a composition rule for mechanisms fixed in advance, which
every adaptivity includes, so a refutation holds whatever adaptivity the rule claims. A rule
stating tightness with a witness mechanism is checked to be attained: the witness's composed
(grouped) pair must fail the mapped parameters shrunk by :data:`SHRINK`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import record
from dptaxonomy.reasoning.evaluators.battery import (
    Case,
    conditions_hold,
    in_domains,
    mechanism_cases,
)
from dptaxonomy.reasoning.evaluators.closed_forms import optimal_pure_delta
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE, PURE, Evaluable, Params
from dptaxonomy.reasoning.evaluators.families import Finite, Pair, hull_max, is_infinite
from dptaxonomy.reasoning.evaluators.operation_pairs import (
    Masses,
    chains,
    composable,
    mixture,
    power,
    product,
    scaled,
    shuffled_counts,
    triples,
)
from dptaxonomy.reasoning.evaluators.verdicts import Results
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact, upper
from dptaxonomy.reasoning.maps.rounding import assignment_text
from dptaxonomy.schema.arith import parse_expression, parse_interval
from dptaxonomy.schema.enums import (
    ClosedForm,
    CompositionForm,
    Neighbourhood,
    OperationKind,
    Sampling,
)

if TYPE_CHECKING:
    from dptaxonomy.schema.mechanisms import Mechanism
    from dptaxonomy.schema.models import Definition
    from dptaxonomy.schema.operations import OperationRule

__all__ = [
    "GROUPS",
    "RATES",
    "CheckedRule",
    "RulePoint",
    "checked_rule",
    "composition_points",
    "free_values",
    "mapped_target",
    "part_parameters",
    "rule_reading",
    "rule_results",
    "scaled_points",
]

GROUPS = (2, 3)
"""Numbers of parts (k-fold composition) and group sizes checked."""
RATES = ("0.1", "0.5")
"""Sampling rates q checked."""
SLACKS = ("1e-6", "1e-3", "0.05", "0.5")
"""Candidate values of a slack parameter (kept when inside its domain, at most three)."""
PURE_FALLBACK: dict[str, dict[str, str]] = {
    "zero-concentrated-dp": {"xi": "0", "rho": "epsilon * tanh(epsilon / 2)"},
}
"""Sound parameters from a pair's pure ε where the evaluator has no tightest value (zCDP on a
finite pair): ε-DP implies ε·tanh(ε/2)-zCDP (the catalog's relation citing Ste24, Theorem 5)."""

GIVEN: dict[str, dict[str, tuple[str, ...]]] = {
    "truncated-concentrated-dp-bdrs18": {"omega": ("2", "10")},
}
"""Parameters an evaluator's ``tightest`` reads as given though they are not free (tCDP's
largest order ω: a finite pair's ρ is read at a finite ω), with the values checked."""


@record
class CheckedRule:
    """A rule with the evaluators of its definition and of its result's."""

    definition: Definition
    rule: OperationRule
    own: Evaluable
    result: Evaluable
    result_definition: Definition


def rule_reading(definition: str, rule: OperationRule) -> str:
    """One line naming the rule, e.g. ``… composition (heterogeneous, …): rho = rho_1 + rho_2``."""
    detail = [
        d.value
        for d in (rule.form, rule.adaptivity, rule.sampling, rule.neighbourhood)
        if d is not None
    ]
    if rule.to_neighbourhood is not None:
        detail[-1] += f" → {rule.to_neighbourhood.value}"
    head = f"{definition} {rule.operation.value}" + (f" ({', '.join(detail)})" if detail else "")
    if rule.closed_form is not None:
        return f"{head}: {rule.closed_form.value}"
    if rule.fails:
        return f"{head}: fails"
    body = ", ".join(f"{k} = {v}" for k, v in (rule.parameter_map or {}).items())
    return f"{head}: {body}" + (f" in {rule.result}" if rule.result else "")


def part_parameters(
    definition: Definition, evaluable: Evaluable, pair: Pair, free: Params
) -> Params | None:
    found = evaluable.tightest(pair, free)
    fallback = PURE_FALLBACK.get(definition.id)
    if found is None and fallback is not None:
        epsilon = pair.epsilon()
        if is_infinite(epsilon):
            return None
        found = {
            k: evaluate_interval(parse_expression(v), {"epsilon": epsilon})
            for k, v in fallback.items()
        }
    return found


def _join(evaluable: Evaluable, found: list[Params]) -> Params:
    """Parameters every one of ``found`` is within: the free ones as given, the others at their
    largest (the definitions checked weaken as they grow)."""
    joined: Params = {}
    for name in found[0]:
        values = [f[name] for f in found]
        joined[name] = values[0] if name in evaluable.free else hull_max(values)
    return joined


def free_values(evaluable: Evaluable, definition: str = "") -> Iterator[Params]:
    """Every assignment of the evaluator's free parameters (and of the definition's
    :data:`GIVEN` ones) on their grids."""
    given = GIVEN.get(definition, {})
    grids = [[(n, exact(v)) for v in evaluable.grids.get(n, ())] for n in evaluable.free]
    grids += [[(n, exact(v)) for v in values] for n, values in given.items()]
    for combination in itertools.product(*grids):
        yield dict(combination)


def _slacks(rule: OperationRule) -> Iterator[dict[str, IV]]:
    options = []
    for slack in rule.slack:
        domain = parse_interval(slack.domain)
        kept = [v for v in SLACKS if domain.contains(float(v))][:3]
        options.append([(slack.name, exact(v)) for v in kept])
    for combination in itertools.product(*options):
        yield dict(combination)


def mapped_target(checked: CheckedRule, env: dict[str, IV], kept: Params) -> Params | None:
    """The result's parameters: the map's values, the unmapped ones kept (own definition)."""
    rule = checked.rule
    mapped = {
        k: evaluate_interval(parse_expression(v), env)
        for k, v in (rule.parameter_map or {}).items()
    }
    target = {**kept, **mapped} if rule.result is None else mapped
    if not in_domains(target, checked.result_definition, checked.result.extensions):
        return None
    return target


@record
class RulePoint:
    """One application of a rule: the output pair, the map's variables, what is kept."""

    pair: Pair | None
    env: dict[str, IV]
    kept: Params
    where: str


def _judge(checked: CheckedRule, at: RulePoint) -> tuple[bool | None, str] | None:
    """The result's verdict on the pair at the mapped parameters (None: not applicable)."""
    if at.pair is None or not conditions_hold(checked.rule.conditions, at.env):
        return None
    try:
        target = mapped_target(checked, at.env, at.kept)
        if target is None:
            return None
        verdict = checked.result.holds(at.pair, target)
    except NumericError:
        return None
    shown = {k: v for k, v in at.env.items() if k != "k"}
    return verdict, f"{at.where}: {assignment_text(shown)} give {assignment_text(target)}"


def _suffixed(params: Params, part: int) -> dict[str, IV]:
    return {f"{k}_{part}": v for k, v in params.items()}


def _k(value: int) -> IV:
    return exact(str(value))


def composition_points(
    checked: CheckedRule, cases: list[Case], free: Params
) -> Iterator[RulePoint]:
    rule, own = checked.rule, checked.own
    usable = [c for c in cases if composable(c.pair)]
    if rule.form is CompositionForm.heterogeneous:
        for a, b in zip(usable, [*usable[1:], *usable[:1]], strict=True):
            pa = part_parameters(checked.definition, own, a.pair, free)
            pb = part_parameters(checked.definition, own, b.pair, free)
            if pa is None or pb is None:
                continue
            kept = {k: v for k, v in pa.items() if k in rule.shared or k in own.free}
            env = {**_suffixed(pa, 1), **_suffixed(pb, 2), **kept}
            yield RulePoint(product(a.pair, b.pair), env, kept, f"{a.label} × {b.label}")
        return
    for case, k in itertools.product(usable, GROUPS):
        params = part_parameters(checked.definition, own, case.pair, free)
        if params is not None:
            yield RulePoint(
                power(case.pair, k), {**params, "k": _k(k)}, params, f"{k}-fold {case.label}"
            )


def scaled_points(
    checked: CheckedRule, mechanism: Mechanism, free: Params, sizes: tuple[int, ...] = GROUPS
) -> Iterator[RulePoint]:
    """A mechanism with a sensitivity, at each grid point, on inputs at distance k."""
    for case in mechanism_cases(mechanism):
        params = part_parameters(checked.definition, checked.own, case.pair, free)
        if params is None:
            continue
        for k in sizes:
            env = {**params, "k": _k(k)}
            yield RulePoint(
                scaled(mechanism, case, k), env, params, f"{case.label} at distance {k}"
            )


def _group_points(
    checked: CheckedRule,
    mechanisms: dict[str, Mechanism],
    free: Params,
    sizes: tuple[int, ...] = GROUPS,
) -> Iterator[RulePoint]:
    for mechanism in mechanisms.values():
        if any(p.name == "sensitivity" for p in mechanism.parameters):
            yield from scaled_points(checked, mechanism, free, sizes)
    for k in sizes:
        for label, chain in chains(k):
            steps = [Finite(x, y) for x, y in itertools.pairwise(chain)]
            found = [part_parameters(checked.definition, checked.own, s, free) for s in steps]
            if any(f is None for f in found):
                continue
            params = _join(checked.own, [f for f in found if f is not None])
            pair = Finite(chain[0], chain[-1])
            yield RulePoint(pair, {**params, "k": _k(k)}, params, label)


def _amplification_points(
    checked: CheckedRule, cases: list[Case], free: Params
) -> Iterator[RulePoint]:
    rule = checked.rule
    poisson_add_remove = (rule.sampling, rule.neighbourhood) == (
        Sampling.poisson,
        Neighbourhood.add_remove,
    )
    for text in RATES:
        rate = exact(text)
        if poisson_add_remove:
            for case in cases:
                if not isinstance(case.pair, Finite):
                    continue
                params = part_parameters(checked.definition, checked.own, case.pair, free)
                if params is None:
                    continue
                pair = Finite(case.pair.p, mixture(case.pair.p, case.pair.q, rate))
                yield RulePoint(pair, {**params, "q": rate}, params, f"{case.label} subsampled")
            continue
        for label, r, p, q in triples():
            # replace-one neighbours constrain every two of R, P, Q without replacement (all
            # subsamples have m records), only (P, Q) under Poisson (R has one record fewer)
            constrained: list[tuple[Masses, Masses]] = [(p, q)]
            if rule.sampling is Sampling.without_replacement:
                constrained += [(r, p), (r, q)]
            found = [
                part_parameters(checked.definition, checked.own, Finite(x, y), free)
                for x, y in constrained
            ]
            if any(f is None for f in found):
                continue
            params = _join(checked.own, [f for f in found if f is not None])
            pair = Finite(mixture(r, p, rate), mixture(r, q, rate))
            yield RulePoint(pair, {**params, "q": rate}, params, f"{label} subsampled")


SHUFFLED = (("0.5", 1000), ("1", 1000))
"""(ε, n) of the shuffled randomized-response protocols checked."""


def _shuffling_points(checked: CheckedRule) -> Iterator[RulePoint]:
    """Shuffled randomized response (a pure local randomizer), for a rule of a pure ε."""
    if checked.own is not PURE:
        return
    for text, n in SHUFFLED:
        params = {"epsilon": exact(text)}
        pair = shuffled_counts(params["epsilon"], n)
        where = f"{n} shuffled randomized-response reports eps={text}"
        yield RulePoint(pair, {**params, "n": _k(n)}, params, where)


def _points(
    checked: CheckedRule, cases: list[Case], mechanisms: dict[str, Mechanism]
) -> Iterator[RulePoint]:
    rule = checked.rule
    for free in free_values(checked.own, checked.definition.id):
        if rule.operation is OperationKind.composition:
            yield from composition_points(checked, cases, free)
        elif rule.operation is OperationKind.group_privacy:
            yield from _group_points(checked, mechanisms, free)
        elif rule.operation is OperationKind.neighbourhood_change:
            if (rule.neighbourhood, rule.to_neighbourhood) == (
                Neighbourhood.add_remove,
                Neighbourhood.replace_one,
            ):
                yield from _group_points(checked, mechanisms, free, (2,))
        elif rule.sampling is Sampling.shuffling:
            yield from _shuffling_points(checked)
        else:
            yield from _amplification_points(checked, cases, free)


def _optimal(checked: CheckedRule, at: RulePoint) -> Iterator[tuple[bool | None, str]]:
    """The optimal composition of ε-DP at each ε' of the result's grid."""
    k = int(upper(at.env["k"]))
    for target in free_values(checked.result):
        epsilon = target["epsilon"]
        delta = optimal_pure_delta(at.kept["epsilon"], k, epsilon)
        params = {"epsilon": epsilon, "delta": delta}
        try:
            verdict = None if at.pair is None else checked.result.holds(at.pair, params)
        except NumericError:
            continue
        yield (
            verdict,
            f"{at.where}: epsilon = {assignment_text(at.kept)} gives {assignment_text(params)}",
        )


def checked_rule(
    catalog_definitions: dict[str, Definition], definition: Definition, rule: OperationRule
) -> CheckedRule | None:
    own = EVALUABLE.get(definition.id)
    result_id = rule.result or definition.id
    result = EVALUABLE.get(result_id)
    if own is None or result is None:
        return None
    if rule.closed_form is not None and not (
        rule.closed_form is ClosedForm.optimal_pure and own is PURE
    ):
        return None
    return CheckedRule(definition, rule, own, result, catalog_definitions[result_id])


def rule_results(
    definitions: dict[str, Definition],
    definition: Definition,
    rule: OperationRule,
    cases: list[Case],
    mechanisms: dict[str, Mechanism],
) -> Results:
    """Verdicts of the rule on the battery (empty when it cannot be checked)."""
    checked = checked_rule(definitions, definition, rule)
    if checked is None or rule.not_checked is not None:
        return []
    results: Results = []
    for point in _points(checked, cases, mechanisms):
        for slack in _slacks(rule):
            at = RulePoint(point.pair, {**point.env, **slack}, point.kept, point.where)
            if rule.closed_form is ClosedForm.optimal_pure:
                results.extend(_optimal(checked, at))
                continue
            found = _judge(checked, at)
            if found is not None:
                results.append(found)
    return results
