"""Neighbourhood evaluation: a mechanism's action run on small concrete inputs.

Definitions such as bounded DP, unbounded DP, edge-DP, node-DP and free-lunch
privacy all ask for ε-DP; they differ in which inputs count as neighbours.
A mechanism that declares its ``action`` (a statistic of the input plus
optional Laplace or Gaussian noise, see :class:`~dptaxonomy.schema.mechanisms.Action`)
is run on every small concrete input: datasets of bits with at most
:data:`MAX_RECORDS` records, labelled graphs on at most :data:`MAX_NODES` nodes.
Each neighbouring pair of inputs under the definition's relation gives a pair of
output distributions (two point masses, two shifted Laplace or two shifted
Gaussian laws), which the ε-DP evaluator of :mod:`.definitions` judges.

Verdicts (one case is one input pair at one point of the parameter grid):

* a deterministic output that changes gives an infinite log-ratio: the claim
  "satisfies" fails and "violates for every ε" holds, both for certain;
* a claimed ε below some pair's loss is a certain refutation;
* "violates for every ε" with noise: consistent when the worst loss grows
  strictly with the input size at every size checked (it is unbounded in the
  closed-form statistics, but the check itself only sees small inputs);
  "satisfies for some ε" (no ε fixed): consistent when every loss is finite and
  the worst loss stops growing; otherwise undecided.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum
from functools import cache

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import record
from dptaxonomy.reasoning.evaluators.battery import conditions_hold, parameter_grid
from dptaxonomy.reasoning.evaluators.definitions import PURE
from dptaxonomy.reasoning.evaluators.families import Finite, Gaussian, Laplace, Pair, is_infinite
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact, lower, point, upper
from dptaxonomy.reasoning.maps.rounding import outward_text
from dptaxonomy.schema.arith import parse_expression
from dptaxonomy.schema.mechanisms import (
    Action,
    InputKind,
    Mechanism,
    Noise,
    Satisfies,
    Statistic,
    Violates,
)

__all__ = [
    "MAX_NODES",
    "MAX_RECORDS",
    "RELATIONS",
    "InputPair",
    "Neighbours",
    "Tally",
    "input_pairs",
    "neighbour_check",
]

MAX_RECORDS = 4
"""Datasets checked: every multiset of bits with at most this many records."""
MAX_NODES = 5
"""Graphs checked: every labelled simple graph on at most this many nodes."""


class Neighbours(StrEnum):
    """Which inputs a definition treats as neighbours."""

    bounded = "bounded"
    """Same size, one record replaced."""
    unbounded = "unbounded"
    """One record added or removed."""
    one_record = "one-record"
    """One record changed, added or removed: bounded and unbounded together (ε-DP)."""
    edge = "edge"
    """One edge added or removed."""
    node = "node"
    """One node added or removed, with its edges."""
    any = "any"
    """Any two datasets (free-lunch privacy)."""


RELATIONS: dict[str, Neighbours] = {
    "bounded-dp": Neighbours.bounded,
    "unbounded-dp": Neighbours.unbounded,
    "differential-privacy": Neighbours.one_record,
    "edge-dp": Neighbours.edge,
    "node-dp": Neighbours.node,
    "free-lunch-privacy": Neighbours.any,
}
"""ε-DP definitions by their neighbour relation (DP20 Sections 2.1, 4.1, 4.3). ε-DP's
"datasets differing in one record" is read as the SoK's Section 4 reads it: same size with
one record changed, or one extra record; "the original definition of ε-DP is the
conjunction of ε-unbounded DP and ε-bounded DP" (Section 4.1)."""

_READS: dict[Neighbours, InputKind] = {
    Neighbours.bounded: InputKind.dataset,
    Neighbours.unbounded: InputKind.dataset,
    Neighbours.one_record: InputKind.dataset,
    Neighbours.any: InputKind.dataset,
    Neighbours.edge: InputKind.graph,
    Neighbours.node: InputKind.graph,
}

Dataset = tuple[int, int]
"""A multiset of bits: (number of 0 records, number of 1 records)."""
Graph = tuple[int, frozenset[tuple[int, int]]]
"""A labelled simple graph: (number of nodes, edges as ordered node pairs)."""
Tally = tuple[bool | None, int, str | None]
"""(verdict, cases, counterexample): False refuted, True consistent, None unchecked."""


@record(slots=True)
class InputPair:
    """Two neighbouring inputs, by their statistics, and the size of the larger one."""

    size: int
    first: dict[Statistic, int]
    second: dict[Statistic, int]
    describe: Callable[[], str]
    """The two inputs, readably (called only for a counterexample)."""

    @property
    def label(self) -> str:
        return self.describe()


def _dataset(data: Dataset) -> dict[Statistic, int]:
    zeros, ones = data
    return {Statistic.constant: 0, Statistic.size: zeros + ones, Statistic.count_ones: ones}


def _graph(graph: Graph) -> dict[Statistic, int]:
    nodes, edges = graph
    return {Statistic.constant: 0, Statistic.node_count: nodes, Statistic.edge_count: len(edges)}


def _show_dataset(data: Dataset) -> str:
    return "{" + ", ".join(["0"] * data[0] + ["1"] * data[1]) + "}"


def _show_graph(graph: Graph) -> str:
    nodes, edges = graph
    shown = ", ".join(f"{a}-{b}" for a, b in sorted(edges)) or "none"
    return f"the graph on {nodes} node(s) with edges {shown}"


def _data_pair(size: int, a: Dataset, b: Dataset) -> InputPair:
    return InputPair(
        size, _dataset(a), _dataset(b), lambda: f"{_show_dataset(a)} ~ {_show_dataset(b)}"
    )


def _graph_pair(a: Graph, b: Graph) -> InputPair:
    return InputPair(a[0], _graph(a), _graph(b), lambda: f"{_show_graph(a)} ~ {_show_graph(b)}")


def _datasets() -> list[Dataset]:
    return [(z, n - z) for n in range(MAX_RECORDS + 1) for z in range(n + 1)]


def _dataset_pairs(relation: Neighbours) -> Iterator[InputPair]:
    for a in _datasets():
        size = sum(a)
        if relation in (Neighbours.bounded, Neighbours.one_record) and a[0] >= 1:
            b = (a[0] - 1, a[1] + 1)
            yield _data_pair(size, a, b)
        if relation in (Neighbours.unbounded, Neighbours.one_record) and size < MAX_RECORDS:
            for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)):
                yield _data_pair(size + 1, a, b)
    if relation is Neighbours.any:
        for a, b in itertools.combinations(_datasets(), 2):
            yield _data_pair(max(sum(a), sum(b)), a, b)


def _graphs(nodes: int) -> Iterator[Graph]:
    slots = list(itertools.combinations(range(nodes), 2))
    for chosen in itertools.product((False, True), repeat=len(slots)):
        yield nodes, frozenset(s for s, on in zip(slots, chosen, strict=True) if on)


def _graph_pairs(relation: Neighbours) -> Iterator[InputPair]:
    for nodes in range(1, MAX_NODES + 1):
        for graph in _graphs(nodes):
            _, edges = graph
            if relation is Neighbours.edge:
                for edge in sorted(edges):
                    yield _graph_pair(graph, (nodes, edges - {edge}))
            else:
                last = nodes - 1
                kept = frozenset(e for e in edges if last not in e)
                # removing node ``last``; every other node is the same up to relabelling
                yield _graph_pair(graph, (last, kept))


@cache
def input_pairs(relation: Neighbours) -> tuple[InputPair, ...]:
    """Every neighbouring pair of small inputs under the relation (built once per process)."""
    if _READS[relation] is InputKind.graph:
        return tuple(_graph_pairs(relation))
    return tuple(_dataset_pairs(relation))


_ONE, _ZERO = point(1.0), point(0.0)


def _output(action: Action, scale: IV | None, first: int, second: int) -> Pair:
    shift = exact(str(abs(first - second)))
    if action.noise is Noise.laplace and scale is not None:
        return Laplace(shift, scale)
    if action.noise is Noise.gaussian and scale is not None:
        return Gaussian(shift, scale)
    if first == second:
        return Finite((_ONE, _ZERO), (_ONE, _ZERO))
    return Finite((_ONE, _ZERO), (_ZERO, _ONE))


def _grows(pairs: Sequence[InputPair], losses: list[IV]) -> bool:
    """Whether the worst loss over inputs of size ≤ n grows strictly with n, at every size."""
    worst: dict[int, IV] = {}
    for pair, loss in zip(pairs, losses, strict=True):
        if pair.size not in worst or upper(loss) > upper(worst[pair.size]):
            worst[pair.size] = loss
    running: list[IV] = []
    for size in sorted(worst):
        if running and upper(worst[size]) <= upper(running[-1]):
            running.append(running[-1])
        else:
            running.append(worst[size])
    return len(running) >= 3 and all(lower(b) > upper(a) for a, b in itertools.pairwise(running))


def _outputs(
    action: Action, scale: IV | None, pairs: Sequence[InputPair]
) -> tuple[list[Pair], list[IV]]:
    """The output pair of every input pair and its ε-DP loss (once per distinct statistics)."""
    built: dict[tuple[int, int], tuple[Pair, IV]] = {}
    outputs, losses = [], []
    for pair in pairs:
        key = (pair.first[action.statistic], pair.second[action.statistic])
        if key not in built:
            output = _output(action, scale, *key)
            built[key] = output, output.epsilon()
        outputs.append(built[key][0])
        losses.append(built[key][1])
    return outputs, losses


Judge = Callable[[Sequence[InputPair], list[IV], list[Pair]], Tally]


def _judge_satisfies(claim: Satisfies, values: dict[str, IV]) -> Judge:
    def judge(pairs: Sequence[InputPair], losses: list[IV], outputs: list[Pair]) -> Tally:
        if "epsilon" in claim.parameters:
            bound = evaluate_interval(parse_expression(claim.parameters["epsilon"]), values)
            verdicts: dict[int, bool | None] = {}
            for pair, output in zip(pairs, outputs, strict=True):
                if id(output) not in verdicts:
                    verdicts[id(output)] = PURE.holds(output, {"epsilon": bound})
                if verdicts[id(output)] is False:
                    shown = outward_text(lower(bound), up=False, digits=6)
                    return False, 0, f"{pair.label}: loss exceeds epsilon={shown}"
            return True, sum(1 for o in outputs if verdicts[id(o)] is True), None
        for pair, loss in zip(pairs, losses, strict=True):
            if is_infinite(loss):
                return False, 0, f"{pair.label}: the privacy loss is infinite (no epsilon works)"
        return (None, 0, None) if _grows(pairs, losses) else (True, len(pairs), None)

    return judge


def _judge_violates(pairs: Sequence[InputPair], losses: list[IV], _outputs: list[Pair]) -> Tally:
    if any(is_infinite(loss) for loss in losses) or _grows(pairs, losses):
        return True, len(pairs), None
    return None, 0, None


def neighbour_check(
    mechanism: Mechanism, claim: Satisfies | Violates, relation: Neighbours
) -> Tally:
    """The claim checked on every input pair of the relation, at every grid point."""
    action = mechanism.action
    if action is None or _READS[relation] is not mechanism.input.kind:
        return None, 0, None
    pairs = input_pairs(relation)
    cases = 0
    for grid_point in parameter_grid(mechanism):
        values = {name: exact(text) for name, text in grid_point.items()}
        if not conditions_hold(claim.conditions, values):
            continue
        try:
            scale = (
                None
                if action.scale is None
                else evaluate_interval(parse_expression(action.scale), values)
            )
            outputs, losses = _outputs(action, scale, pairs)
            judge = (
                _judge_satisfies(claim, values) if isinstance(claim, Satisfies) else _judge_violates
            )
            verdict, count, where = judge(pairs, losses, outputs)
        except NumericError:
            continue
        at = "".join(f" {k}={v}" for k, v in sorted(grid_point.items()))
        if verdict is False:
            return False, cases, f"{mechanism.id}{at}, {relation.value} neighbours {where}"
        if verdict is True:
            cases += count
    return (True, cases, None) if cases else (None, 0, None)
