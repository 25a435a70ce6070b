"""Parameters that are not numbers, carried along a chain as symbols.

A family Θ of priors, a dependence relation R, a function f_k has no numeric
value, so a conversion neither asks for one nor computes one. Along a chain
``d0 → … → dn`` each such parameter of each definition is one of:

- **the source's own** (:data:`SOURCE`): a parameter of ``d0``, whatever the
  user's guarantee has; a map carries it on by name (``Theta: Theta``);
- **fixed by a step** (:data:`FIXED`): a restriction naming a parameter of the
  implied side is a choice (rule K2, :mod:`~dptaxonomy.reasoning.logic.conditions`):
  the step holds with that parameter set to the described value (ε-DP gives
  information privacy with Δ = ℙ₁);
- **a constant of a map** (:data:`CONSTANT`): the map gives it by an expression
  without names (the identity mechanism is f-DP with f = 0, the trade-off function
  that is 0 everywhere);
- **every value** (:data:`EVERY`): the map leaves it unbound, and an unbound
  parameter of the implied side is universally quantified, as a numeric one is
  (:mod:`~dptaxonomy.reasoning.maps.conversion`): ε-DP is bounded DP's case
  c = 1 of dependent DP for any relation R.

A restriction naming a parameter of the implying side (rule K3) is a premise:
the step holds only when that parameter is the described value. It is met when
the parameter is free there (every value holds, so the chain takes that one)
or was fixed to the same description; otherwise it cannot be checked (a family
of priors is not a number) and the chain is refused with the reason. So is a
chain whose numeric expressions or conditions use a parameter that is not a
number, or whose map gives one by an expression of other names.

>>> SymbolicValue("R", EVERY).text("dependent-dp")
'every R'
"""

from __future__ import annotations

from collections.abc import Mapping

from dptaxonomy.base.records import record, replace
from dptaxonomy.base.refusals import RefusalKind
from dptaxonomy.reasoning.maps.chain_records import ChainRefused, ParameterSpec
from dptaxonomy.reasoning.maps.paths import Chain
from dptaxonomy.reasoning.maps.plan import CONSTANTS
from dptaxonomy.schema.arith import Name, render
from dptaxonomy.schema.arith_names import names_in

__all__ = ["CONSTANT", "EVERY", "FIXED", "SOURCE", "SymbolicValue", "symbolic_values"]

SOURCE = "source"
FIXED = "fixed"
CONSTANT = "constant"
EVERY = "every"


@record
class SymbolicValue:
    """A target parameter that is not a number, and what the chain says of it."""

    name: str
    kind: str
    """:data:`SOURCE`, :data:`FIXED`, :data:`CONSTANT` or :data:`EVERY`."""
    value: str = ""
    """The source's parameter (:data:`SOURCE`), the described value (:data:`FIXED`) or the
    expression (:data:`CONSTANT`)."""
    step: int = 0
    """The step that fixed it (:data:`FIXED`, :data:`CONSTANT`)."""

    @property
    def fixed(self) -> bool:
        """Whether a step sets it to one value (a guarantee for fewer values of it)."""
        return self.kind in (FIXED, CONSTANT)

    def text(self, source: str) -> str:
        """How a conversion states it: ``Theta = Theta of active-pk-dp``, ``every R``."""
        if self.kind == SOURCE:
            return f"{self.name} = {self.value} of {source}"
        if self.kind == FIXED:
            return f"{self.name} = “{self.value}” (step {self.step})"
        if self.kind == CONSTANT:
            return f"{self.name} = {self.value} (step {self.step})"
        return f"every {self.name}"

    def data(self) -> dict[str, object]:
        """JSON-ready form."""
        data: dict[str, object] = {"name": self.name, "kind": self.kind}
        if self.kind == SOURCE:
            data["source_parameter"] = self.value
        elif self.fixed:
            data["value"] = self.value
            data["step"] = self.step
        return data


def symbolic_values(
    chain: Chain, specs: Mapping[str, tuple[ParameterSpec, ...]]
) -> tuple[SymbolicValue, ...]:
    """The target's parameters that are not numbers, as ``chain`` gives them (in the target's
    order). Raises :class:`ChainRefused` when a step's premise on one cannot be checked or a
    step uses one as a number."""
    definitions = chain.definitions
    state = {
        spec.name: SymbolicValue(spec.name, SOURCE, spec.name)
        for spec in specs[chain.source]
        if not spec.numeric
    }
    restricted = any(step.origin.restrictions for step in chain.steps)
    if not state and not restricted and all(s.numeric for d in definitions[1:] for s in specs[d]):
        return ()
    for index, step in enumerate(chain.steps):
        here, there = definitions[index], definitions[index + 1]
        mapping = chain.maps[index]
        theirs = {spec.name: spec for spec in specs[there]}
        own = {spec.name for spec in specs[here]}
        symbolic_there = {name for name, spec in theirs.items() if not spec.numeric}
        _numbers_only(chain, index, own, set(state), symbolic_there)
        chosen: dict[str, str] = {}
        for parameter, value in step.origin.restrictions:
            if parameter in own:
                state[parameter] = _premise(state.get(parameter), parameter, value, index, here)
            else:
                chosen[parameter] = value
        following = {}
        for name, spec in theirs.items():
            if spec.numeric:
                if name in chosen:
                    raise ChainRefused(
                        f"step {index + 1} sets {name} of {there}, a number, to a described "
                        f"value (“{chosen[name]}”), which the conversion cannot evaluate"
                    )
                continue
            if name in mapping:
                node = mapping[name]
                if isinstance(node, Name) and node.name in state:
                    following[name] = replace(state[node.name], name=name)
                elif not names_in(node) - CONSTANTS:
                    following[name] = SymbolicValue(name, CONSTANT, render(node), index + 1)
                else:
                    raise ChainRefused(
                        f"step {index + 1} gives {name} of {there}, which is not a number, by "
                        "an expression of other names, which the conversion cannot carry"
                    )
            elif name in chosen:
                following[name] = SymbolicValue(name, FIXED, chosen[name], index + 1)
            else:
                following[name] = SymbolicValue(name, EVERY)
        state = following
    return tuple(state.values())


def _premise(
    current: SymbolicValue | None, parameter: str, value: str, index: int, here: str
) -> SymbolicValue:
    """Step ``index + 1``'s premise that ``parameter`` of ``here`` is ``value``, checked."""
    if current is not None and current.kind == EVERY:
        return SymbolicValue(parameter, FIXED, value, index + 1)  # free: the chain takes it
    if current is not None and current.kind == FIXED and current.value == value:
        return current
    if current is None:
        what = "a number the restriction describes in words"
    elif current.kind == SOURCE:
        what = "the source's own, which is not a number"
    else:
        what = f"fixed by step {current.step} to “{current.value}”"
    raise ChainRefused(
        f"step {index + 1} holds only when {parameter} of {here} is “{value}”; "
        f"the conversion cannot check that: {parameter} there is {what}",
        kind=RefusalKind.condition_fails,
    )


def _numbers_only(chain: Chain, index: int, own: set[str], here: set[str], there: set[str]) -> None:
    """Refuse step ``index`` when a numeric expression or condition uses a parameter that is
    not a number: ``here``'s among ``d(i)``'s parameters ``own``, else ``there``'s (a name
    in a map means ``d(i)``'s parameter when it has one)."""

    def symbolic(names: set[str]) -> list[str]:
        return sorted(n for n in names if (n in here if n in own else n in there))

    for name, node in chain.maps[index].items():
        used = [] if name in there else symbolic(names_in(node))
        if used:
            raise ChainRefused(
                f"step {index + 1} computes {name} from {', '.join(used)}, which is not a number"
            )
    for condition, text in zip(
        chain.conditions[index], chain.steps[index].origin.conditions, strict=True
    ):
        used = symbolic(names_in(condition))
        if used:
            raise ChainRefused(
                f"condition {text!r} of step {index + 1} uses {', '.join(used)}, "
                "which is not a number",
                kind=RefusalKind.condition_fails,
            )
