"""What composing reads of the catalog for a guarantee given in a definition.

A compose component such as ``{definition: zCDP, parameters: {rho: 0.5}}`` needs
its name resolved, its definition's parameters, ``convert``'s chains from that
definition to zCDP and μ-GDP (the lifts every component gets) and the facts from
it into Rényi DP. That is a small part of the knowledge base, compiled with it and
cached on its own (:func:`dptaxonomy.cache.store.guarantee_lifts`), so that a
composition of guarantees decodes neither the closures nor the facts; the name
index is the compilation's own file, read when a name is resolved.
"""

from __future__ import annotations

from collections.abc import Callable

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.logic.facts import Fact, FactKind
from dptaxonomy.reasoning.maps.chain_records import ParameterSpec

TYPE_CHECKING = False
if TYPE_CHECKING:  # a closed-form composition of mechanisms imports this module, not them
    from dptaxonomy.catalog.names import NameIndex
    from dptaxonomy.reasoning.knowledge import KnowledgeBase
    from dptaxonomy.reasoning.maps.paths import Chain

__all__ = ["GUARANTEES", "LIFT_TARGETS", "GuaranteeLifts", "Parameters", "guarantee_lifts"]

GUARANTEES = (
    "differential-privacy",
    "approximate-dp",
    "zero-concentrated-dp",
    "gaussian-dp",
    "renyi-dp",
)
"""The definitions a compose component may be given in."""

LIFT_TARGETS = ("zero-concentrated-dp", "gaussian-dp")
"""The definitions every component is lifted to by ``convert``'s tightest chain."""

Parameters = tuple[tuple[str, str, str, str, str, str], ...]
"""A definition's ``conversion_parameters``."""


@record
class GuaranteeLifts:
    """The lift chains and Rényi facts of the :data:`GUARANTEES`, and the parameters they use."""

    chains: tuple[Chain, ...]
    """``convert``'s chains from each of :data:`GUARANTEES` to each of :data:`LIFT_TARGETS`
    (``chains_between``, conditional steps included), in its order."""
    renyi: tuple[Fact, ...]
    """The facts from each of :data:`GUARANTEES` into Rényi DP, in the base's order."""
    parameters: tuple[tuple[str, Parameters], ...]
    """The parameters of the guarantees' definitions and of every definition a chain
    passes through."""
    ids: frozenset[str] = frozenset()
    """Every definition's id."""
    labels: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each normalised label one of :data:`GUARANTEES` carries, and every id carrying it
    (``NameIndex.labelled``): the usual names resolve without the whole name index."""
    names: Callable[[], NameIndex | None] | None = None
    """Reads the compilation's name index (None, or a reader giving None: not at hand)."""

    def resolve(self, name: str) -> str | None:
        """The definition ``name`` designates (raising as ``KnowledgeBase.resolve`` does), or
        None when the name index is not at hand.

        An id, or a label without a citation suffix that one definition carries, resolves
        here as ``NameIndex.resolve`` resolves it (an id first, then the labels); anything
        else is asked of the whole index."""
        from dptaxonomy.catalog.names import normalize, split_suffix

        if name in self.ids:
            return name
        label, key = split_suffix(name)
        carrying = dict(self.labels).get(normalize(label), ()) if key is None else ()
        if len(carrying) == 1:
            return carrying[0]
        index = self.names() if self.names is not None else None
        return None if index is None else index.resolve(name)

    def specs(self) -> dict[str, tuple[ParameterSpec, ...]]:
        """Every definition's parameters this part holds."""
        return {d: tuple(ParameterSpec(*entry) for entry in e) for d, e in self.parameters}

    def chains_from(self, source: str, target: str) -> list[Chain]:
        """The lift chains from ``source`` to ``target``, in ``convert``'s order."""
        return [c for c in self.chains if c.source == source and c.target == target]


def guarantee_lifts(kb: KnowledgeBase) -> GuaranteeLifts:
    """The part of ``kb`` guarantees given in a definition read."""
    from dptaxonomy.reasoning.maps.paths import chains_between

    chains = [
        chain
        for source in GUARANTEES
        for target in LIFT_TARGETS
        if source != target
        for chain in chains_between(kb, source, target, conditional=True)
    ]
    used = dict.fromkeys([*GUARANTEES, *(d for chain in chains for d in chain.definitions)])
    return GuaranteeLifts(
        tuple(chains),
        tuple(
            f
            for f in kb.facts
            if f.a in GUARANTEES and f.b == "renyi-dp" and f.kind is not FactKind.not_stronger
        ),
        tuple((d, kb.info[d].conversion_parameters) for d in used if d in kb.info),
        frozenset(kb.info),
        tuple((k, tuple(sorted(v))) for k, v in sorted(kb.names.labelled(GUARANTEES).items())),
        lambda: kb.names,
    )
