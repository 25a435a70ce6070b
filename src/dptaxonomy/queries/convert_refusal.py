"""Why ``dptax convert`` gives no numbers, as a typed :class:`~dptaxonomy.base.refusals.Refusal`.

When chains exist but none gives a result at the values, the chains' own
refusals are ranked by kind (a missing value first, then a failed condition,
a value outside a domain, …); when none exists, the reason is a known
separation (with its witness), an implication without parameter maps, a
disputed claim (named), or no known implication at all.
"""

from __future__ import annotations

from typing import Any

from dptaxonomy.base.errors import Argument, ConversionError, MissingParameterError
from dptaxonomy.base.refusals import Refusal, RefusalKind
from dptaxonomy.reasoning.jsonform import fact_data
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.tightest import ChainResult, Conversion
from dptaxonomy.schema.enums import RelationKind

__all__ = ["conversion_error", "refusal", "refuse"]


_IMPLYING = {
    RelationKind.stronger: False,
    RelationKind.extends: False,
    RelationKind.equivalent: False,
    RelationKind.weaker: True,
    RelationKind.extended_by: True,
}
"""Relation kinds that read as an implication, and whether from target to subject."""


def _disputed(kb: KnowledgeBase, source: str, target: str) -> Refusal | None:
    """A disputed claim that would give ``source`` ⇒ ``target``, named, if the catalog holds one."""
    for origin in kb.factset.disputed:
        if origin.kind not in _IMPLYING:
            continue
        implying, implied = origin.definition, origin.target
        if _IMPLYING[origin.kind]:
            implying, implied = implied, implying
        if origin.kind is RelationKind.equivalent and {implying, implied} == {source, target}:
            implying, implied = source, target
        if (implying, implied) != (source, target):
            continue
        where = f"[{origin.citation.key}] {origin.citation.at}, {origin.location}"
        return Refusal(
            RefusalKind.disputed,
            f"the only known implication from {source} to {target} is disputed ({where}); "
            "the catalog keeps it as printed and does not use it",
            {"dispute": {**origin.citation.data(), "location": origin.location}},
        )
    return None


def _ranked(conversion: Conversion) -> list[ChainResult]:
    """The chains' results, the most telling refusal first (the kinds' order)."""
    kinds = list(RefusalKind)
    return sorted(
        conversion.results,
        key=lambda r: kinds.index(r.refusal_kind or RefusalKind.not_evaluable),
    )


def _tried(ranked: list[ChainResult]) -> list[dict[str, Any]]:
    return [
        {
            "definitions": list(r.chain.definitions),
            "kind": (r.refusal_kind or RefusalKind.not_evaluable).value,
            "message": r.refusal,
        }
        for r in ranked
    ]


def _chain_refusal(source: str, target: str, conversion: Conversion) -> Refusal:
    """Why no chain gives a result: the most telling reasons, by kind (the enum's order)."""
    ranked = _ranked(conversion)
    tried = _tried(ranked)
    first = ranked[0]
    reasons = "; ".join(
        f"via {' → '.join(r.chain.definitions[1:])} "
        f"[{', '.join(s.origin.citation.key for s in r.chain.steps)}]: {r.refusal}"
        for r in ranked[:3]
    )
    return Refusal(
        first.refusal_kind or RefusalKind.not_evaluable,
        f"no chain from {source} to {target} gives a result at these values ({reasons})",
        {"chains": tried},
    )


def refusal(kb: KnowledgeBase, source: str, target: str, conversion: Conversion) -> Refusal:
    if conversion.results:
        return _chain_refusal(source, target, conversion)
    from dptaxonomy.reasoning.logic.proofs import ProofSearch

    if kb.is_not_stronger(source, target):
        proof = ProofSearch(kb).not_stronger(source, target)
        separation = (
            next((s for s in proof.steps if s.kind.value == "not_stronger"), None)
            if proof
            else None
        )
        where = (
            f" ([{separation.origin.citation.key}] {separation.origin.citation.at}: "
            f"¬({separation.a} ≻ {separation.b}), {separation.origin.location})"
            if separation
            else ""
        )
        witness = fact_data(separation) if separation else None
        return Refusal(
            RefusalKind.separated,
            f"{source} does not imply {target}: a separation is known{where}",
            {"witness": witness},
        )
    if kb.is_stronger(source, target):
        return Refusal(
            RefusalKind.no_map,
            f"{source} ≻ {target} is known, but no chain of its steps carries parameter maps, "
            f"so the catalog gives no numbers (see: dptax relate {source} {target})",
        )
    disputed = _disputed(kb, source, target)
    if disputed is not None:
        return disputed
    return Refusal(RefusalKind.no_implication, f"no known implication from {source} to {target}")


def conversion_error(
    kb: KnowledgeBase, source: str, target: str, conversion: Conversion
) -> ConversionError:
    """The error to raise when no chain gives a result: a value the best chain needs that was
    not given is a :class:`MissingParameterError` (of the target's values), else the refusal."""
    ranked = _ranked(conversion)
    if ranked and ranked[0].refusal_kind is RefusalKind.missing_parameter:
        first = ranked[0]
        assert first.refusal is not None
        assert first.refusal_parameter is not None
        details = {"chains": _tried(ranked)}
        parameter = first.refusal_parameter
        return MissingParameterError(
            first.refusal, parameter, target, Argument.target_values, details
        )
    return ConversionError(refusal(kb, source, target, conversion))


def refuse(kind: RefusalKind, message: str, **details: Any) -> ConversionError:
    return ConversionError(Refusal(kind, message, details))
