"""Why ``dptax convert`` gives no numbers, as a typed :class:`~dptaxonomy.base.refusals.Refusal`.

When chains exist but none gives a result at the values, the chains' own
refusals are ranked by kind (a missing value first, then a failed condition,
a value outside a domain, …); when none exists, the reason is a known
separation (with its witness), an implication without parameter maps, a
disputed claim (named), or no known implication at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from dptaxonomy.base.errors import Argument, ConversionError, MissingParameterError
from dptaxonomy.base.refusals import Refusal, RefusalKind
from dptaxonomy.reasoning.jsonform import fact_data
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.tightest import ChainResult, Conversion
from dptaxonomy.schema.enums import RelationKind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["conversion_error", "refusal"]


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
    if first.refusal_kind is RefusalKind.missing_parameter:
        assert first.refusal is not None
        return Refusal(
            RefusalKind.missing_parameter,
            first.refusal,
            {"parameter": first.refusal_parameter, "definition": target, "chains": tried},
        )
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


def _exactly(value: str, given: Mapping[str, Fraction], name: str) -> bool:
    try:
        return name in given and given[name] == Fraction(value)
    except (ValueError, ZeroDivisionError):
        return False


def _perfect(
    kb: KnowledgeBase, source: str, target: str, given: Mapping[str, Fraction]
) -> Refusal | None:
    """At values where the source is perfect privacy and perfect privacy meets the target."""
    mine, theirs = kb.info[source], kb.info[target]
    parameters = mine.perfect_parameters
    if not parameters or not theirs.perfect_every:
        return None
    if not all(_exactly(value, given, name) for name, value in parameters):
        return None
    at = ", ".join(f"{name} = {value}" for name, value in parameters)
    return Refusal(
        RefusalKind.perfect_privacy,
        f"at {at}, {source} is perfect privacy (its perfect_privacy, {mine.file}), which meets "
        f"{target} at every parameter (its perfect_privacy, {theirs.file}): {target} holds at "
        "any values, but no chain of maps is defined there to compute tighter ones",
        {"holds_at_every_parameter": True},
    )


def _special_case(
    kb: KnowledgeBase, source: str, target: str, given: Mapping[str, Fraction]
) -> Refusal | None:
    """At values where the source *is* the target: a ⊂ target → source whose constants match."""
    for fact in kb.mapped_edges(conditional=False).get(target, ()):
        if fact.b != source or fact.kind.value != "extends":
            continue
        mapping = dict(fact.origin.parameter_map)
        constants = {n: v for n, v in mapping.items() if n not in _names(kb, target, v)}
        if not constants or not all(_exactly(v, given, n) for n, v in constants.items()):
            continue
        at = ", ".join(f"{n} = {v}" for n, v in constants.items())
        same = {v: _decimal(given[n]) for n, v in mapping.items() if n not in constants}
        holds = ", ".join(f"{n} = {v}" for n, v in sorted(same.items())) or "its values"
        origin = fact.origin
        return Refusal(
            RefusalKind.special_case,
            f"at {at}, {source} is {target} itself, with {holds} ([{origin.citation.key}] "
            f"{origin.citation.at}: {target} ⊂ {source} with "
            f"{', '.join(f'{n} = {v}' for n, v in mapping.items())}, {origin.location}); "
            "there is nothing to convert",
            {"special_case": fact_data(fact), "holds_with": same},
        )
    return None


def _decimal(value: Fraction) -> str:
    """An exact rational given as a decimal, as the user wrote it (it came from one)."""
    return str(Decimal(value.numerator) / Decimal(value.denominator))


def _names(kb: KnowledgeBase, definition: str, expression: str) -> set[str]:
    """``{expression}`` when it is the name of one of the definition's parameters, else ∅."""
    names = {name for name, _ in kb.info[definition].parameters}
    return {expression} if expression in names else set()


def refusal(
    kb: KnowledgeBase,
    source: str,
    target: str,
    conversion: Conversion,
    given: Mapping[str, Fraction] | None = None,
) -> Refusal:
    """Why no numbers: ``given`` are the source values, exactly (for the degenerate cases)."""
    if given is not None and source in kb.info:
        degenerate = _special_case(kb, source, target, given) or _perfect(kb, source, target, given)
        if degenerate is not None:
            return degenerate
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
    kb: KnowledgeBase,
    source: str,
    target: str,
    conversion: Conversion,
    given: Mapping[str, Fraction] | None = None,
) -> ConversionError:
    """The error to raise for :func:`refusal`: a target value the best chain needs and was
    not given is a :class:`MissingParameterError` (of ``target_values``)."""
    found = refusal(kb, source, target, conversion, given)
    if found.kind is not RefusalKind.missing_parameter:
        return ConversionError(found)
    parameter = str(found.details["parameter"])
    details = {k: v for k, v in found.details.items() if k not in ("parameter", "definition")}
    return MissingParameterError(found.message, parameter, target, Argument.target_values, details)
