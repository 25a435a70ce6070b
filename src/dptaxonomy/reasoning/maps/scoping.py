"""Composing the maps of a chain without capturing names (rule M1, capture-avoiding).

Along ``d0 → d1 → … → dn`` a name in step i's map means d(i)'s parameter when
d(i) has one (or when the maps before compute it), else d(i+1)'s own parameter
that the map leaves unbound (the catalog's convention, as
:mod:`dptaxonomy.reasoning.maps.conversion` evaluates it). Substituting
the maps into each other must keep those apart: ε-DP ⇒ μ-GDP gives
μ = 2Φ⁻¹(e^ε/(1 + e^ε)) over the source's ε, and μ-GDP ⇒ (ε, δ)-DP gives δ over
μ and the *target's* ε, a different variable with the same name. So every
variable of the composition is keyed by its definition's position and its
name; d0's parameters keep their names, and any later free parameter whose name
is taken gets a fresh one, ``epsilon_2`` (ε of d2), recorded in
:attr:`Composer.renamed`. A step whose sides' parameter names are unknown
(:attr:`~dptaxonomy.reasoning.logic.facts.Origin.scopes` empty) is substituted as
written.

>>> from dptaxonomy.schema.arith import parse_expression, render
>>> composer = Composer(("epsilon",))
>>> first = {"mu": parse_expression("2 * epsilon")}
>>> composer.step(first, Sides(frozenset({"epsilon"}), frozenset({"mu"})))
>>> second = {"delta": parse_expression("epsilon / mu")}
>>> composer.step(second, Sides(frozenset({"mu"}), frozenset({"epsilon", "delta"})))
>>> {k: render(v) for k, v in composer.current.items()}
{'delta': 'epsilon_2 / (2 * epsilon)'}
>>> composer.renamed
(('epsilon_2', 2, 'epsilon'),)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.schema.arith import Comparison, Name, Node, substitute
from dptaxonomy.schema.arith_names import names_in

__all__ = ["Composer", "Sides", "compose_steps", "sides"]

_CONSTANTS = frozenset({"inf", "pi", "e"})


@record
class Sides:
    """The parameter names of a step's implying side ``a`` and implied side ``b``."""

    a: frozenset[str]
    b: frozenset[str]


def sides(step: Fact) -> Sides | None:
    """The parameter names of ``step``'s two definitions, or None when its origin lacks them."""
    known = dict(step.origin.scopes)
    if step.a not in known or step.b not in known:
        return None
    return Sides(frozenset(known[step.a]), frozenset(known[step.b]))


class Composer:
    """The maps of a chain substituted into each other, first to last, step by step.

    ``current`` holds d(i)'s parameters that the maps so far compute, as
    expressions over the composition's variables; :meth:`restate` gives one of
    step i's conditions over the same variables.
    """

    def __init__(self, source: Iterable[str] = ()) -> None:
        self.current: dict[str, Node] = {}
        self.index = 0
        self._variables: dict[tuple[int, str], Name] = {(0, n): Name(n) for n in source}
        self._taken = {n for _, n in self._variables}
        self._renamed: list[tuple[str, int, str]] = []

    @property
    def renamed(self) -> tuple[tuple[str, int, str], ...]:
        """Each variable given a fresh name: (that name, its definition's position, its name)."""
        return tuple(self._renamed)

    @property
    def variables(self) -> dict[tuple[int, str], str]:
        """Every variable so far, (its definition's position, its name): its name here."""
        return {key: name.name for key, name in self._variables.items()}

    def _variable(self, position: int, name: str) -> Name:
        key = (position, name)
        found = self._variables.get(key)
        if found is None:
            fresh, suffix = name, ""
            while fresh in self._taken:
                suffix += f"_{position}"
                fresh = name + suffix
            found = self._variables[key] = Name(fresh)
            self._taken.add(fresh)
            if fresh != name:
                self._renamed.append((fresh, position, name))
        return found

    def _resolve(self, name: str, scope: Sides | None, mapping: Mapping[str, Node]) -> Node:
        """What ``name`` in the current step means, over the composition's variables."""
        if name in _CONSTANTS:
            return Name(name)
        if name in self.current:  # d(i)'s parameter the maps so far compute
            return self.current[name]
        if scope is None:  # unknown sides: as written
            return Name(name)
        if name in scope.a:
            return self._variable(self.index, name)
        if name in mapping:  # d(i+1)'s parameter that this step computes (a late condition)
            return substitute(mapping[name], self._scope(mapping[name], scope, {}))
        return self._variable(self.index + 1, name)

    def _scope(
        self, node: Node | Comparison, scope: Sides | None, mapping: Mapping[str, Node]
    ) -> dict[str, Node]:
        return {name: self._resolve(name, scope, mapping) for name in sorted(names_in(node))}

    def _begin(self, scope: Sides | None) -> None:
        """Before the first step, reserve the source's names (they are never renamed)."""
        if self.index == 0 and scope is not None:
            for name in sorted(scope.a):
                self._variable(0, name)

    def restate(
        self, condition: Comparison, scope: Sides | None, mapping: Mapping[str, Node]
    ) -> Comparison:
        """A condition of the current step over the composition's variables."""
        self._begin(scope)
        values = self._scope(condition, scope, mapping)
        return Comparison(
            condition.op, substitute(condition.left, values), substitute(condition.right, values)
        )

    def step(self, mapping: Mapping[str, Node], scope: Sides | None) -> None:
        """Apply the current step's map: d(i+1)'s computed parameters become ``current``."""
        self._begin(scope)
        self.current = {
            name: substitute(node, self._scope(node, scope, {})) for name, node in mapping.items()
        }
        self.index += 1

    def copy(self) -> Composer:
        """A composer in this one's state, to go on from independently."""
        other = Composer()
        other.current = dict(self.current)
        other.index = self.index
        other._variables = dict(self._variables)
        other._taken = set(self._taken)
        other._renamed = list(self._renamed)
        return other


_PREFIXES: dict[tuple[int, ...], tuple[tuple[object, ...], Composer]] = {}
_PREFIXES_KEPT = 1024


def compose_steps(
    steps: Iterable[Fact], maps: Iterable[Mapping[str, Node]]
) -> tuple[dict[str, Node], tuple[tuple[str, int, str], ...]]:
    """The composed map of ``steps`` (whose maps are ``maps``) and the variables renamed.

    The composer's state after each prefix is remembered by the step and map objects
    (kept with it, so their ids are not reused): chains of one conversion share their
    first steps, and then their composed subtrees are the same objects too.
    """
    pairs = list(zip(steps, maps, strict=True))
    objects = [item for pair in pairs for item in pair]
    composer, start = Composer(), 0
    for length in range(len(pairs), 0, -1):
        kept = _PREFIXES.get(tuple(map(id, objects[: 2 * length])))
        if kept is not None and all(a is b for a, b in zip(kept[0], objects, strict=False)):
            composer, start = kept[1].copy(), length
            break
    for length in range(start + 1, len(pairs) + 1):
        step, mapping = pairs[length - 1]
        composer.step(mapping, sides(step))
        if len(_PREFIXES) >= _PREFIXES_KEPT:
            _PREFIXES.clear()
        prefix = tuple(objects[: 2 * length])
        _PREFIXES[tuple(map(id, prefix))] = (prefix, composer.copy())
    return composer.current, composer.renamed
