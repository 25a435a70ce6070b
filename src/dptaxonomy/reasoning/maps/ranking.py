"""Parametric chains as ``relate`` shows them: each chain composed, ranked by its guarantee.

A chain (:func:`dptaxonomy.reasoning.maps.paths.chains_between`, the one
enumerator ``convert`` uses too) is a path of ≻ and ⊂ facts from A to B whose
every step carries a parameter map (a ⊂ step's map says which β-B *is* α-A, so it also gives an
implication). Composing the maps (M1) gives B's parameters as expressions
over A's; the steps' conditions are restated over A's parameters (M2).
Parameters left free are universally quantified (M3): the bound holds for
every value, so one may optimise over them. A condition that the composed
constants violate makes the chain vacuous (M4); one that still mentions
parameters is reported as not checked.

Chains are ranked by tightness, not by length: each chain's composed map is
evaluated on a grid of A's parameters (and of the free ones, minimising over
intermediate parameters such as the Rényi order α), and a chain whose values
are nowhere larger than another's, and smaller somewhere, comes first.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable

from dptaxonomy.base.records import record, replace
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.proof import Conclusion, Proof
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.maps.composition import constant_truth, oriented_map, render_condition
from dptaxonomy.reasoning.maps.definedness import composition_defect
from dptaxonomy.reasoning.maps.paths import Chain, chains_between
from dptaxonomy.reasoning.maps.scoping import Composer, sides
from dptaxonomy.schema.arith import ArithmeticError_, Name, Node, parse_condition, parse_interval
from dptaxonomy.schema.arith_eval import compile_expression
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.arith_shared import render_bounded

__all__ = ["ParametricChain", "chain_proof", "compose", "parametric_chains"]

_CONSTANTS = {"inf", "pi", "e"}
_GRID_VALUES = (0.1, 0.5, 1.0, 2.0, 4.0, 8.0)
_SMALL_VALUES = (1e-6, 1e-3)
_ORDER_VALUES = (1.5, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0)


@record
class ParametricChain:
    """One chain of maps from ``proof.a`` to ``proof.b`` and what it guarantees."""

    proof: Proof
    mapping: dict[str, str]
    """B's parameters as expressions over A's (M1), as text (shared form when large)."""
    conditions: tuple[str, ...]
    """Every step's conditions, restated over A's parameters where the maps allow (M2)."""
    free: tuple[str, ...]
    """Names other than A's parameters the composed map leaves free: any value holds (M3)."""
    feasible: bool
    """False when a composed constant violates a later step's condition (M4)."""
    unchecked: tuple[str, ...]
    """Conditions that still mention parameters: not checked symbolically."""
    tightest: bool = False
    """Its values are nowhere larger than any other evaluated chain's on the grid."""
    evaluated: bool = False
    """Whether its map could be evaluated on the grid (numeric, defined everywhere there)."""
    choices: tuple[str, ...] = ()
    """Parameters a step fixes to a described value (restrictions of kind K2)."""
    composed: dict[str, Node] | None = None
    """The composed map itself, subtrees shared (what :attr:`mapping` writes), for evaluation."""
    renamed: tuple[tuple[str, str, str], ...] = ()
    """Free parameters renamed so as not to capture another's name: (the name in
    :attr:`mapping`, its definition, its own name), e.g. ``epsilon_2`` for ε of (ε, δ)-DP
    after ε-DP ⇒ μ-GDP (:mod:`~dptaxonomy.reasoning.maps.scoping`)."""

    def data(self) -> dict[str, object]:
        """JSON-ready summary (the proof is rendered by the caller)."""
        return {
            "parameter_map": self.mapping,
            "conditions": list(self.conditions),
            "free": list(self.free),
            "feasible": self.feasible,
            "unchecked": list(self.unchecked),
            "tightest": self.tightest,
            "evaluated": self.evaluated,
            "choices": list(self.choices),
            "renamed": [
                {"name": fresh, "definition": definition, "parameter": name}
                for fresh, definition, name in self.renamed
            ],
        }


def chain_proof(steps: tuple[Fact, ...]) -> Proof:
    """The proof that a chain of mapped ≻/⊂ steps establishes its ends' ≻ (rule M1)."""
    rules = {s.rule for s in steps} | {Rule.MAP_COMPOSITION}
    if len(steps) > 1:
        rules.add(Rule.STRONGER_TRANSITIVE)
    return Proof(
        Conclusion.stronger,
        steps[0].a,
        steps[-1].b,
        steps,
        tuple(sorted(rules, key=lambda r: r.value)),
    )


def compose(steps: tuple[Fact, ...], chain: Chain | None = None) -> ParametricChain | None:
    """Compose the maps of ``steps`` (M1–M4), or None if a step has no map or the composed
    map is undefined (:mod:`dptaxonomy.reasoning.maps.definedness`). ``chain`` is the
    enumerated chain of these steps, whose definedness is already known."""
    composer = Composer()
    conditions: list[str] = []
    unchecked: list[str] = []
    choices: list[str] = []
    feasible = True
    for step in steps:
        mapping = oriented_map(step)
        scope = sides(step)
        for condition in step.origin.conditions:
            restated = composer.restate(parse_condition(condition), scope, mapping or {})
            text = render_condition(restated)
            truth = constant_truth(restated)
            if truth is True:
                continue  # discharged by the constants the maps assign
            if truth is False:
                feasible = False
            elif text not in unchecked:
                unchecked.append(text)
            if text not in conditions:
                conditions.append(text)
        for parameter, value in step.origin.restrictions:
            if f"{parameter}: {value}" in step.origin.restricting:
                text = f"{parameter}: {value} (over {step.a}'s parameters)"
                conditions.append(text)
                unchecked.append(text)
            else:
                choices.append(f"{parameter} of {step.b}: {value}")
        if mapping is None:
            return None
        composer.step(mapping, scope)
    current = composer.current if steps else None
    defect = chain.defect if chain is not None else None
    if chain is None and current is not None:
        defect = composition_defect(steps, current)
    if current is None or defect is not None:
        return None  # undefined somewhere on the way: no guarantee to show
    rendered = {name: render_bounded(node) for name, node in current.items()}
    free = sorted(set().union(*(names_in(n) for n in current.values())) - _CONSTANTS)
    proof = chain_proof(steps)
    definitions = (steps[0].a, *(step.b for step in steps))
    return ParametricChain(
        proof,
        rendered,
        tuple(conditions),
        tuple(free),
        feasible,
        tuple(unchecked),
        choices=tuple(choices),
        composed=current,
        renamed=tuple((fresh, definitions[at], name) for fresh, at, name in composer.renamed),
    )


def _axis(domain: str | None) -> tuple[float, ...]:
    """Sample values inside a parameter's interval domain (none for other domains)."""
    if domain is None:
        return _GRID_VALUES
    try:
        interval = parse_interval(domain)
    except ArithmeticError_:
        return ()
    values: tuple[float, ...] = _GRID_VALUES
    if interval.high <= 1:
        values = _SMALL_VALUES
    elif interval.low >= 1:
        values = _ORDER_VALUES
    return tuple(v for v in values if interval.low <= v <= interval.high)


_Column = tuple[Callable[[tuple[float, ...]], object], dict[object, float]]
"""One of b's parameters on the grid: the key of a grid point (the values the expression
reads there) and the expression's value at each key."""


class _Tightness:
    """Evaluates chains from ``a`` to ``b`` on a grid of the parameters the user controls.

    The grid spans a's parameters and b's parameters that a chain leaves free
    (chosen by the user, e.g. δ); any other free name (an intermediate
    parameter such as the Rényi order α) is minimised over its own samples.
    Each of b's parameters is evaluated once for each combination of the values it
    reads, not at every point of the grid (most of whose axes it does not read).
    """

    def __init__(self, kb: KnowledgeBase, a: str, b: str) -> None:
        self.kb = kb
        self.own = dict(kb.info[a].parameters)
        self.target = dict(kb.info[b].parameters)
        self.axes = {
            name: _axis(domain) for name, domain in sorted({**self.target, **self.own}.items())
        }
        self.position = {name: at for at, name in enumerate(self.axes)}
        axes = self.axes.values()
        self.points = list(itertools.product(*axes)) if all(axes) else []
        """Every grid point: a value for each name of :attr:`axes`, in its order."""

    def _domain(self, chain: ParametricChain, name: str) -> str | None:
        for fresh, definition, own in chain.renamed:
            if fresh == name:
                return dict(self.kb.info[definition].parameters).get(own)
        for step in chain.proof.steps:
            domains = dict(self.kb.info[step.b].parameters)
            if name in domains:
                return domains[name]
        return None

    def columns(self, chain: ParametricChain) -> list[_Column] | None:
        """b's parameters on the grid (the best over intermediate names), or None when one
        evaluates nowhere at some point: :meth:`values` writes them out point by point."""
        if not self.points:
            return None
        composed = chain.composed or {}
        given = {  # the target's own parameters renamed in the composition: the user's values
            fresh: own for fresh, definition, own in chain.renamed if definition == chain.proof.b
        }
        inner = {
            n: _axis(self._domain(chain, n))
            for n in chain.free
            if n not in self.own and n not in self.target and n not in given
        }
        if self.target and not all(inner.values()):
            return None  # no sample of some intermediate name: nothing to minimise over
        columns = []
        for name in sorted(self.target):
            column = self._column(composed.get(name, Name(name)), given, inner)
            if column is None:
                return None
            columns.append(column)
        return columns

    def values(self, columns: list[_Column]) -> list[float]:
        """The columns' values at every grid point, one column after the other."""
        flat: list[float] = []
        for key, table in columns:
            flat += [table[key(point)] for point in self.points]
        return flat

    def _column(
        self, node: Node, given: dict[str, str], inner: dict[str, tuple[float, ...]]
    ) -> _Column | None:
        """One of b's parameters on the grid, or None where no sample evaluates.

        The expression reads a few names: grid values (its own, or renamed in
        ``given``) and intermediate ones (``inner``, minimised over their samples). Its
        value at a grid point depends on those alone, so it is computed once for each
        combination of them, trying the samples in the order a full product would.
        """
        expression = compile_expression(node)
        read = names_in(node)
        extra = [n for n in inner if n in read]
        renamed = {n: given[n] for n in read if n in given}
        plain = [n for n in read if n not in inner and n not in given and n in self.axes]
        grid = sorted({*renamed.values(), *plain}, key=self.position.__getitem__)
        key = operator.itemgetter(*(self.position[g] for g in grid)) if grid else _nothing
        samples = [
            dict(zip(extra, c, strict=True)) for c in itertools.product(*(inner[n] for n in extra))
        ]
        names = [*plain, *renamed]  # what the expression reads, and where each value comes from
        sources = [grid.index(n) for n in plain] + [grid.index(o) for o in renamed.values()]
        table: dict[object, float] = {}
        for values in itertools.product(*(self.axes[g] for g in grid)):
            base = dict(zip(names, [values[at] for at in sources], strict=True))
            best = math.inf
            for sample in samples:
                try:
                    best = min(best, expression({**base, **sample} if sample else base))
                except (ArithmeticError_, ValueError, OverflowError, ZeroDivisionError):
                    continue
            if best == math.inf:
                return None
            table[values if len(grid) != 1 else values[0]] = best
        return key, table


def _nothing(_point: tuple[float, ...]) -> object:
    return ()


def _at_most(x: list[float], y: list[float]) -> bool:
    return all(map(operator.le, x, y))


def _dominates(x: list[float], y: list[float]) -> bool:
    return _at_most(x, y) and any(map(operator.lt, x, y))


def parametric_chains(
    kb: KnowledgeBase, a: str, b: str, *, rank: bool = True
) -> list[ParametricChain]:
    """Every parametric chain from ``a`` to ``b`` (up to :data:`MAX_STEPS` steps), tightest first.

    Chains whose values cannot be compared on the grid (non-numeric
    parameters, undefined expressions) keep their order by length after the
    comparable ones that no other chain beats. With ``rank=False`` the chains
    come by length, unranked (``tightest`` false), which is cheaper.
    """
    if a == b:
        return []
    found = chains_between(kb, a, b, conditional=False)
    chains = [c for c in (compose(p.steps, p) for p in found if p.defect is None) if c is not None]
    if not rank:
        return chains
    tightness = _Tightness(kb, a, b)
    evaluated = {i: v for i, c in enumerate(chains) if (v := tightness.columns(c)) is not None}
    # values written out only to compare chains (a chain is at most itself: values are numbers)
    table = {i: tightness.values(v) for i, v in evaluated.items()} if len(evaluated) > 1 else {}
    beaten = {j for i in table for j in table if i != j and _dominates(table[i], table[j])}
    ranked = sorted(
        range(len(chains)),
        key=lambda i: (not chains[i].feasible, i in beaten, i not in evaluated, i),
    )
    best = ranked[0] if ranked else None
    if best is not None and not (
        chains[best].feasible
        and best in evaluated
        and all(_at_most(table[best], table[j]) for j in table if j != best)
    ):
        best = None
    own = set(tightness.own)
    return [
        replace(
            chains[i],
            free=tuple(n for n in chains[i].free if n not in own),
            tightest=i == best,
            evaluated=i in evaluated,
        )
        for i in ranked
    ]
