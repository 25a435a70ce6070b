"""The proof record: a conclusion about two definitions and the asserted facts behind it.

It depends only on facts and rules, so the proof search
(:mod:`dptaxonomy.reasoning.logic.proofs`) and the composition of parameter maps
(:mod:`dptaxonomy.reasoning.maps.parameters`) both build on it, one way.
"""

from __future__ import annotations

from enum import StrEnum

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.rules import Rule

__all__ = ["Conclusion", "Proof"]


class Conclusion(StrEnum):
    """What a proof concludes about (a, b)."""

    stronger = "stronger"
    extends = "extends"
    not_stronger = "not_stronger"


@record
class Proof:
    """A conclusion about ``a`` and ``b`` and the asserted facts that establish it.

    For ≻ and ⊂ the steps are a chain from ``a`` to ``b``. For ¬(a ≻ b) they are
    a chain X ≻ … ≻ a, the separation ¬(X ≻ Y), and a chain b ≻ … ≻ Y (rule N1).
    """

    conclusion: Conclusion
    a: str
    b: str
    steps: tuple[Fact, ...]
    rules: tuple[Rule, ...]

    @property
    def conjectural(self) -> bool:
        """Whether the proof rests on a conjectured fact."""
        return any(step.conjectured for step in self.steps)

    @property
    def conditional(self) -> bool:
        """Whether a step holds only under restricting conditions (rule K3)."""
        return any(step.conditional for step in self.steps)

    @property
    def conventions(self) -> tuple[str, ...]:
        """The neighbouring conventions the steps hold under (the verdict depends on them)."""
        return tuple(sorted({s.origin.convention for s in self.steps if s.origin.convention}))

    @property
    def derived(self) -> bool:
        """False when the conclusion is one asserted fact read as stated (not by rule E3)."""
        if len(self.steps) != 1:
            return True
        step = self.steps[0]
        return step.kind.value != self.conclusion.value or bool(step.origin.perfect_privacy)
