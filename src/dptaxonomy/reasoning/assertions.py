"""What a knowledge base holds besides its definitions and closures, and its parts.

The facts with their origins (notes, citations, witnesses), the mechanisms with their
claims and the operation rules: most of a compilation, and read by fewer questions than
the closures, so the cache restores them only when a question first reads them
(:mod:`dptaxonomy.cache.store`), and some in parts (the mechanisms and their claims alone,
for ``convert`` from a mechanism).
"""

from __future__ import annotations

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.info import MechanismInfo, OperationInfo
from dptaxonomy.reasoning.logic.facts import Fact, FactSet

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

__all__ = ["Assertions"]


@record(slots=True)
class Assertions:
    """What a knowledge base holds besides its definitions and closures.

    The facts with their origins (notes, citations, witnesses), the mechanisms
    with their claims and the operation rules: most of a compilation, and read
    by fewer questions than the closures, so the cache restores it only when a
    question first reads it (:mod:`dptaxonomy.cache.store`).
    """

    factset: FactSet
    mechanisms: dict[str, MechanismInfo]
    mechanism_claims: list[Fact]
    operations: list[OperationInfo]


if TYPE_CHECKING:

    class AssertionParts(Protocol):
        """Reads the :class:`Assertions` whole (a call) or a part alone, the same objects
        whichever is read first (the cache's reader, :mod:`dptaxonomy.cache.store`)."""

        def __call__(self) -> Assertions: ...

        def facts(self) -> FactSet:
            """The facts alone (most questions read nothing else)."""

        def mapped(self) -> tuple[list[Fact], list[Fact]]:
            """The facts with maps, unconditional and conditional, in order (``convert``)."""

        def mechanisms(self) -> dict[str, MechanismInfo]:
            """Every mechanism by id, without their claims."""

        def claims_of(self, mechanism: str) -> list[Fact]:
            """One mechanism's claims (``convert`` from a mechanism)."""
