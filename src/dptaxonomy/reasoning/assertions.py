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

__all__ = ["Assertions", "MechanismPart"]

MechanismPart = tuple[dict[str, MechanismInfo], list[Fact]]
"""The mechanisms by id, and their claims (a part of the :class:`Assertions`)."""


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
