"""A chain whose step pins a parameter at its weakest end, read as every larger value too.

Total-variation privacy with bound η is (0, η)-DP, and (ε, δ)-DP is weaker as ε
grows (the catalog's ``monotone: weaker_when_larger``), so it is also (ε', η)-DP
for every ε' ≥ 0. A later map may be undefined at ε = 0 (Kasiviswanathan–Smith's
(ε, δ)-DP ⇒ probabilistic DP divides by 1 − e^{−ε}), and then the chain as
stated gives nothing, although the mathematics gives a bound at every ε' > 0.

:func:`relaxed` rewrites such a chain: a step of it that sets a parameter of an
intermediate definition to the *closed lower end of its domain*, where that
definition is weaker when the parameter is larger, leaves it unbound instead. The
implication then holds at every value of its domain (each is at least the end), so
it is a free parameter like any other (:mod:`.conversion`), chosen by the search
and decided by the sound run. Only the closed lower end is relaxed: every value of
the domain lies above it, so no condition ties the new value to the old one.
"""

from __future__ import annotations

from collections.abc import Mapping

from dptaxonomy.base.records import replace
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.maps.chain_records import ParameterSpec
from dptaxonomy.reasoning.maps.paths import Chain
from dptaxonomy.schema.arith import Number
from dptaxonomy.schema.arith_names import names_in

__all__ = ["Relaxed", "relaxed"]

Relaxed = tuple[Chain, tuple[str, ...]]
"""The rewritten chain, and for each value it frees, why that is sound (for the proof)."""


def relaxed(chain: Chain, specs: Mapping[str, tuple[ParameterSpec, ...]]) -> Relaxed | None:
    """``chain`` with every value pinned at its weakest end left free, or None when no step
    pins one (:mod:`this module <.relaxed>`)."""
    steps = list(chain.steps)
    notes: list[str] = []
    for index, mapping in enumerate(chain.maps[:-1]):  # the target's values are the answer
        step = steps[index]
        if step.rule is Rule.EQUIVALENCE:  # its map may be read backwards: left as stated
            continue
        there = chain.definitions[index + 1]
        theirs = {spec.name: spec for spec in specs[there]}
        # a name the step reads means the implying side's parameter when it has one; when
        # it has none, the name is this very value, which stays pinned (it is read as it is)
        mine = {spec.name for spec in specs.get(chain.definitions[index], ())}
        read = set().union(*chain.condition_names[index], *map(names_in, mapping.values()))
        pinned = {
            name: node.value
            for name, node in mapping.items()
            if name in theirs
            and isinstance(node, Number)
            and _weakest_end(node, theirs[name])
            and (name in mine or name not in read)
        }
        kept = tuple(pair for pair in step.origin.parameter_map if pair[0] not in pinned)
        if not pinned or not kept:  # a step keeps a map (paths: every step has one)
            continue
        steps[index] = replace(step, origin=replace(step.origin, parameter_map=kept))
        notes += [
            f"step {index + 1} gives {name} of {there} = {value:g}, the end of its domain "
            f"{theirs[name].domain_text}; every larger value holds too ({there} is weaker "
            f"when {name} is larger), so it is chosen freely"
            for name, value in pinned.items()
        ]
    if not notes:
        return None
    return Chain(chain.source, chain.target, tuple(steps)), tuple(notes)


def _weakest_end(node: Number, spec: ParameterSpec) -> bool:
    """Whether ``node`` is the closed lower end of the parameter's domain, and larger values
    of it make the definition weaker."""
    domain = spec.domain
    return (
        spec.weaker_when_larger
        and domain is not None
        and domain.low_closed
        and node.value == domain.low
    )
