"""The battery: mechanisms' output pairs on a grid of their parameters, plus random finite pairs.

Every entry of the catalog with a ``pair`` contributes one pair per point of a
grid over its parameters (values taken from a fixed list and kept when they
lie in the parameter's domain). Random pairs over three outcomes, drawn from
a seeded generator so the evidence file is reproducible, catch maps that only
fail away from the textbook families.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import record
from dptaxonomy.catalog.mechanism_checks import finite_size
from dptaxonomy.reasoning.evaluators.discrete import discrete_laplace_pair
from dptaxonomy.reasoning.evaluators.families import Finite, Gaussian, Laplace, Pair, Zeta
from dptaxonomy.reasoning.evaluators.thresholding import (
    CONDITIONAL_KINDS,
    PAIR_GRIDS,
    thresholded_count_pair,
)
from dptaxonomy.reasoning.evaluators.zeta_geometric import ZetaGeometric
from dptaxonomy.reasoning.maps.numeric import (
    IV,
    evaluate_interval,
    exact,
    holds,
    inside,
    lower,
    upper,
)
from dptaxonomy.schema.arith import parse_condition, parse_expression, parse_interval
from dptaxonomy.schema.enums import ParameterType
from dptaxonomy.schema.mechanisms import Mechanism, OutputPair, PairKind

if TYPE_CHECKING:
    from dptaxonomy.schema.models import Definition

__all__ = [
    "DELTAS",
    "GRID",
    "Case",
    "battery",
    "extremal_pairs",
    "in_domains",
    "mechanism_cases",
    "pair_of",
    "parameter_grid",
    "random_pairs",
]

GRID: dict[ParameterType, tuple[str, ...]] = {
    ParameterType.real: ("0.25", "0.5", "1", "2", "4"),
    ParameterType.integer: ("1", "2", "3", "10"),
}
"""Candidate values of a mechanism parameter, by type (kept when inside its domain)."""
DELTAS = ("1e-6", "1e-3", "0.05")
"""Values of a δ that a map or claim leaves free, or that a tight (ε, δ) may be loosened to."""
RANDOM_PAIRS = 24
SEED = 13


@record
class Case:
    """One pair of the battery: where it comes from and the values it was built with."""

    label: str
    values: dict[str, IV]
    pair: Pair


def pair_of(spec: OutputPair, values: dict[str, IV]) -> Pair:
    """The pair a mechanism's ``pair`` gives at these parameter values."""
    arguments = {
        name: evaluate_interval(parse_expression(expression), values)
        for name, expression in spec.arguments.items()
    }
    if spec.kind is PairKind.gaussian:
        return Gaussian(arguments["shift"], arguments["sigma"])
    if spec.kind is PairKind.laplace:
        return Laplace(arguments["shift"], arguments["scale"])
    if spec.kind is PairKind.discrete_laplace:
        return discrete_laplace_pair(arguments["shift"], arguments["scale"])
    if spec.kind is PairKind.zeta:
        return Zeta(arguments["a"], arguments["b"])
    if spec.kind is PairKind.zeta_geometric:
        return ZetaGeometric(arguments["a"], arguments["q"])
    if spec.kind is PairKind.thresholded_count:
        return thresholded_count_pair(arguments["n"], arguments["T"], arguments["p"])
    size = finite_size(sorted(arguments))
    if size is None:
        raise NumericError("a finite pair needs p0…pk and q0…qk")
    return Finite(
        tuple(arguments[f"p{i}"] for i in range(size)),
        tuple(arguments[f"q{i}"] for i in range(size)),
    )


def conditions_hold(conditions: list[str], values: dict[str, IV]) -> bool:
    """Whether every condition certainly holds at these values (undecidable counts as not)."""
    try:
        return all(holds(parse_condition(c), values) is True for c in conditions)
    except NumericError:
        return False


MAX_GRID_POINTS = 64
"""Largest mechanism grid checked in full (the shipped mechanisms have at most 25 points);
a larger one, exponential in the parameter count, is checked on a seeded sample of this size."""


def _grid_choices(mechanism: Mechanism) -> list[list[tuple[str, str]]]:
    own = PAIR_GRIDS.get(mechanism.pair.kind, {}) if mechanism.pair is not None else {}
    choices: list[list[tuple[str, str]]] = []
    for parameter in mechanism.parameters:
        domain = parse_interval(parameter.domain)
        kept = []
        for text in own.get(parameter.name, GRID.get(parameter.type, ())):
            if domain.contains(float(text)):
                kept.append((parameter.name, text))
        choices.append(kept)
    return choices


def grid_size(mechanism: Mechanism) -> int:
    """How many points the mechanism's full parameter grid has."""
    return math.prod(len(kept) for kept in _grid_choices(mechanism))


def in_domains(
    values: dict[str, IV], definition: Definition, extensions: dict[str, tuple[float, ...]]
) -> bool:
    """Whether every numeric parameter value lies in its declared domain or is one of the
    evaluator's extensions, such as Rényi's α = 1 and α = ∞ (else: not applicable)."""
    for parameter in definition.parameters:
        numeric = parameter.type.value in ("real", "integer")
        value = values.get(parameter.name)
        if not numeric or value is None:
            continue
        extended = lower(value) == upper(value) in extensions.get(parameter.name, ())
        if not extended and not inside(value, parse_interval(parameter.domain)):
            return False
    return True


def parameter_grid(mechanism: Mechanism) -> Iterator[dict[str, str]]:
    """Every point of the mechanism's parameter grid, as exact decimal texts (the pair
    kind's own grid where it has one, see :data:`PAIR_GRIDS`); beyond
    :data:`MAX_GRID_POINTS` points, that many drawn with :data:`SEED`, in grid order."""
    choices = _grid_choices(mechanism)
    total = math.prod(len(kept) for kept in choices)
    if total <= MAX_GRID_POINTS:
        for combination in itertools.product(*choices):
            yield dict(combination)
        return
    for drawn in sorted(random.Random(SEED).sample(range(total), MAX_GRID_POINTS)):
        picked, rest = [], drawn
        for kept in reversed(choices):  # the last parameter varies fastest, as in product
            rest, position = divmod(rest, len(kept))
            picked.append(kept[position])
        yield dict(reversed(picked))


def mechanism_cases(mechanism: Mechanism) -> list[Case]:
    """The mechanism's pair at every grid point (none when it has no pair)."""
    if mechanism.pair is None:
        return []
    cases = []
    for point in parameter_grid(mechanism):
        values = {name: exact(text) for name, text in point.items()}
        label = mechanism.id + "".join(f" {k}={v}" for k, v in sorted(point.items()))
        try:
            cases.append(Case(label, values, pair_of(mechanism.pair, values)))
        except NumericError:
            continue
    return cases


def random_pairs(count: int = RANDOM_PAIRS, seed: int = SEED, outcomes: int = 3) -> list[Case]:
    """Random pairs of distributions over ``outcomes`` outcomes, with rational masses
    (reproducible)."""
    generator = random.Random(seed)
    cases = []
    for number in range(count):
        masses = []
        for _ in range(2):
            weights = [generator.randint(1, 20) for _ in range(outcomes)]
            total = sum(weights)
            masses.append(tuple(exact(str(w)) / exact(str(total)) for w in weights))
        shape = "" if outcomes == 3 else f", {outcomes} outcomes"
        label = f"random pair #{number} (seed {seed}{shape})"
        cases.append(Case(label, {}, Finite(masses[0], masses[1])))
    return cases


def _finite(label: str, p: tuple[str, ...], q: tuple[str, ...]) -> Case:
    return Case(label, {}, Finite(tuple(exact(m) for m in p), tuple(exact(m) for m in q)))


def extremal_pairs() -> list[Case]:
    """The extremal pairs: binary randomized response, publish-with-probability-δ (the output
    is the input with probability δ, else ⊥), the identity on one bit, and two-outcome pairs
    with one impossible outcome (a point mass against a mixture)."""
    cases = []
    for eps in ("0.5", "1", "2"):
        values = {"x": exact(eps)}
        keep = evaluate_interval(parse_expression("exp(x) / (1 + exp(x))"), values)
        flip = evaluate_interval(parse_expression("1 / (1 + exp(x))"), values)
        pair = Finite((keep, flip), (flip, keep))
        cases.append(Case(f"randomized response eps={eps}", {}, pair))
    for delta in ("0.05", "0.5"):
        rest = "0.95" if delta == "0.05" else "0.5"
        cases.append(
            _finite(f"publish with probability {delta}", (rest, delta, "0"), (rest, "0", delta))
        )
    cases.append(_finite("identity on one bit", ("1", "0"), ("0", "1")))
    cases.append(_finite("point mass against (1/2, 1/2)", ("1", "0"), ("0.5", "0.5")))
    return cases


def battery(mechanisms: dict[str, Mechanism]) -> list[Case]:
    """Every catalog mechanism's grid, then the random pairs (conditional pairs, which are
    not pairs of neighbouring datasets, stay out: they only check their own claims)."""
    cases = []
    for mechanism in mechanisms.values():
        if mechanism.pair is None or mechanism.pair.kind not in CONDITIONAL_KINDS:
            cases.extend(mechanism_cases(mechanism))
    return [*cases, *random_pairs(), *random_pairs(12, SEED, 2), *extremal_pairs()]
