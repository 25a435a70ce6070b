"""Whether an equivalence changes parameters (rules R1 and R2).

The SoK's ∼ allows a change of parameters: (ε, δ)-DP ∼ ProDP, group DP ∼ DP.
A reader takes "equivalent" as "interchangeable", so each equivalence says
which it is:

- **R1 same_parameters**: a parametric chain A → B maps every parameter of B
  to the parameter of A with the same name, and a chain B → A does the same
  the other way. Then α-A ⇒ α-B ⇒ α-A: the two definitions, read with the
  same parameters, are satisfied by the same mechanisms.
- **R2 reparametrised**: otherwise. The maps, when the cited facts give
  them, say how the parameters change; when no chain maps parameters, the
  equivalence holds only in the sense of Definition 6.
"""

from __future__ import annotations

from enum import StrEnum

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.ranking import ParametricChain, parametric_chains

__all__ = ["EquivalenceKind", "EquivalenceMaps", "equivalence_maps"]


class EquivalenceKind(StrEnum):
    """How two equivalent definitions' parameters correspond; the rule is R1 or R2."""

    same_parameters = "same_parameters"
    reparametrised = "reparametrised"


@record
class EquivalenceMaps:
    """The kind of an equivalence and the tightest maps both ways, when known."""

    kind: EquivalenceKind
    forward: ParametricChain | None
    backward: ParametricChain | None

    @property
    def rule(self) -> str:
        return "R1" if self.kind is EquivalenceKind.same_parameters else "R2"


def _identity(
    chain: ParametricChain, source: tuple[tuple[str, str], ...], target: tuple[tuple[str, str], ...]
) -> bool:
    own = {name for name, _ in source}
    names = [name for name, _ in target]
    return bool(names) and all(n in own and chain.mapping.get(n) == n for n in names)


def equivalence_maps(kb: KnowledgeBase, a: str, b: str, *, rank: bool = True) -> EquivalenceMaps:
    """The kind of the equivalence ``a ∼ b`` (which the caller has established).

    ``rank=False`` skips ranking the maps by tightness when only the kind matters.
    """
    forward = parametric_chains(kb, a, b, rank=rank)
    backward = parametric_chains(kb, b, a, rank=rank)
    pa, pb = kb.info[a].parameters, kb.info[b].parameters
    same_forward = next((c for c in forward if _identity(c, pa, pb)), None)
    same_backward = next((c for c in backward if _identity(c, pb, pa)), None)
    if a == b or (same_forward is not None and same_backward is not None):
        return EquivalenceMaps(EquivalenceKind.same_parameters, same_forward, same_backward)
    return EquivalenceMaps(
        EquivalenceKind.reparametrised,
        forward[0] if forward else None,
        backward[0] if backward else None,
    )
