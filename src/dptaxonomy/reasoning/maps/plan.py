"""What a chain's numeric run reads, decided once per chain: conditions, maps, unbound names.

A step's map may carry a parameter that is not a number (a family Θ of priors, a
relation R, a function f: ``Theta: Theta``); the numeric run leaves those to
:mod:`~dptaxonomy.reasoning.maps.symbolic` and evaluates only the map's numeric
parameters (:attr:`ChainPlan.maps`) and the target's (:attr:`ChainPlan.target`).
"""

from __future__ import annotations

from collections.abc import Mapping

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.maps.chain_records import FreeKey, ParameterSpec
from dptaxonomy.reasoning.maps.paths import Chain
from dptaxonomy.schema.arith import Comparison, Node
from dptaxonomy.schema.arith_names import names_in

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["CONSTANTS", "ChainPlan", "chain_plan", "free_parameters"]

CONSTANTS = frozenset({"pi", "e", "inf"})
"""Names an expression may use that are no parameter."""


@record
class ChainPlan:
    """A chain's numeric run, decided for its definitions' parameters."""

    conditions: tuple[tuple[Comparison, ...], ...]
    """Each step's side conditions, parsed."""
    unbound: list[set[str]]
    """Each step's names that ``d(i)`` lacks: parameters of ``d(i+1)`` the map leaves
    unbound, used in its expressions or conditions, or (at an intermediate definition) in
    the next step's."""
    maps: tuple[dict[str, Node], ...]
    """Each step's map without the parameters that are not numbers."""
    target: tuple[ParameterSpec, ...]
    """The target's numeric parameters."""


_PLANS: dict[tuple[int, ...], tuple[Chain, tuple[Any, ...], ChainPlan]] = {}
_PLANS_KEPT = 256


def chain_plan(chain: Chain, specs: Mapping[str, tuple[ParameterSpec, ...]]) -> ChainPlan:
    """:func:`_plan_of`, remembered for the chain and specs objects (a solver runs one chain
    thousands of times; the objects are kept with the plan, so their ids are not reused)."""
    used = tuple(specs[d] for d in chain.definitions)
    key = (id(chain), *map(id, used))
    kept = _PLANS.get(key)
    if kept is not None and kept[0] is chain and kept[1] == used:
        return kept[2]
    if len(_PLANS) >= _PLANS_KEPT:
        _PLANS.clear()
    plan = _plan_of(chain, specs)
    _PLANS[key] = (chain, used, plan)
    return plan


def _plan_of(chain: Chain, specs: Mapping[str, tuple[ParameterSpec, ...]]) -> ChainPlan:
    definitions = chain.definitions
    maps = tuple(
        _numeric_map(mapping, specs[there])
        for mapping, there in zip(chain.maps, definitions[1:], strict=True)
    )
    conditions_of = chain.conditions
    referenced_by: list[set[str]] = []
    for mapping, conditions in zip(maps, conditions_of, strict=True):
        referenced: set[str] = set()
        for node in [*mapping.values(), *conditions]:
            referenced |= names_in(node)
        referenced_by.append(referenced)
    unbound_of = []
    for index, mapping in enumerate(maps):
        own = {spec.name for spec in specs[definitions[index]]}
        theirs = {spec.name for spec in specs[definitions[index + 1]]}
        unbound = {n for n in referenced_by[index] if n not in own and n not in CONSTANTS}
        if index < len(maps) - 1:
            unbound |= (referenced_by[index + 1] & theirs) - set(mapping)
        unbound_of.append(unbound)
    target = tuple(spec for spec in specs[chain.target] if spec.numeric)
    return ChainPlan(conditions_of, unbound_of, maps, target)


def _numeric_map(mapping: dict[str, Node], specs: tuple[ParameterSpec, ...]) -> dict[str, Node]:
    """``mapping`` without the parameters of ``specs`` that are not numbers (the same object
    when it has none)."""
    symbolic = {spec.name for spec in specs if not spec.numeric}
    if symbolic.isdisjoint(mapping):
        return mapping
    return {name: node for name, node in mapping.items() if name not in symbolic}


def free_parameters(
    chain: Chain, specs: Mapping[str, tuple[ParameterSpec, ...]]
) -> list[tuple[FreeKey, ParameterSpec]]:
    """The free parameters of ``chain``: unbound parameters of intermediate definitions."""
    unbound_of = chain_plan(chain, specs).unbound
    found = []
    for index, unbound in enumerate(unbound_of[:-1]):
        there = {spec.name: spec for spec in specs[chain.definitions[index + 1]]}
        found += [((index + 1, name), there[name]) for name in sorted(unbound) if name in there]
    return found
