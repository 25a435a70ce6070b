"""What composing reads of the catalog, apart from the rest of the knowledge base.

``dptax compose`` on mechanisms needs the mechanisms (names, parameters, output
pairs, established claims), every definition's operation rules and the catalog's
maps from Rényi DP and μ-GDP into (ε, δ)-DP: a small part of the knowledge base,
compiled with it and cached on its own (:func:`dptaxonomy.cache.store.accounting`),
so that a closed-form composition decodes neither the closures nor the facts.
Guarantees given in a definition read a third, smaller part when they need it:
:class:`~dptaxonomy.reasoning.accounting.lifts.GuaranteeLifts`.
"""

from __future__ import annotations

from collections.abc import Callable

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.info import MechanismInfo, OperationInfo
from dptaxonomy.reasoning.logic.facts import Fact, FactKind

TYPE_CHECKING = False
if TYPE_CHECKING:  # only the cache build passes one: a composition reads the cached part
    from dptaxonomy.reasoning.accounting.lifts import GuaranteeLifts
    from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["CONVERTED", "AccountingKnowledge", "accounting_knowledge"]

CONVERTED = (("renyi-dp", "approximate-dp"), ("gaussian-dp", "approximate-dp"))
"""The (source, target) pairs whose catalog maps turn a composed guarantee into (ε, δ)."""


@record
class AccountingKnowledge:
    """Mechanisms, their claims, operation rules and the maps into (ε, δ)-DP."""

    mechanisms: tuple[MechanismInfo, ...]
    claims: tuple[Fact, ...]
    """The mechanisms' established claims with maps (``KnowledgeBase.mechanism_claims``)."""
    operations: tuple[OperationInfo, ...]
    maps: tuple[Fact, ...]
    """The asserted or derived facts of the :data:`CONVERTED` pairs, in the base's order."""
    lifts: Callable[[], GuaranteeLifts] | None = None
    """Reads what guarantees given in a definition need (None: not at hand; the whole
    knowledge base then gives it)."""

    def mechanism(self, wanted: str) -> MechanismInfo | None:
        """The first mechanism one of whose names normalises to ``wanted``."""
        from dptaxonomy.catalog.names import normalize

        for mechanism in self.mechanisms:
            if wanted in {normalize(n) for n in (mechanism.id, mechanism.name, *mechanism.aliases)}:
                return mechanism
        return None


def accounting_knowledge(kb: KnowledgeBase) -> AccountingKnowledge:
    """The part of ``kb`` composing reads."""
    from dptaxonomy.reasoning.accounting.lifts import guarantee_lifts

    return AccountingKnowledge(
        tuple(kb.mechanisms.values()),
        tuple(kb.mechanism_claims),
        tuple(kb.operations),
        tuple(
            f for f in kb.facts if (f.a, f.b) in CONVERTED and f.kind is not FactKind.not_stronger
        ),
        lambda: guarantee_lifts(kb),
    )
