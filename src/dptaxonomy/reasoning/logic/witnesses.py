"""Witness separations: a mechanism that meets A and violates B shows ¬(A ≻ B) (rule W3).

Each mechanism entry claims it ``satisfies`` some definitions (for some
parameter values) and ``violates`` others (for every parameter value). Every
pair (A satisfied, B violated) of one mechanism is a separation fact whose
origin names the mechanism and both claims. Rules W1 and W2, which carry the
claims along ≻ (M ⊨ A ≻ B gives M ⊨ B; M ⊭ B with A ≻ B gives M ⊭ A), need no
facts of their own: rule N1 applied to the W3 fact derives exactly what they
add. A witness whose separation contradicts a derivable ≻ is rule W4.

A pair applies only to one mechanism instance: when both claims restrict the
mechanism's own parameters, they may concern different instances, so such a
pair is not used (one of the two claims must hold for every instance).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from dptaxonomy.reasoning.info import CitationRef
from dptaxonomy.reasoning.logic.facts import Fact, FactKind, Origin, WitnessRef, evidence_level
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.arith import parse_condition
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.enums import RelationKind, Status

if TYPE_CHECKING:
    from dptaxonomy.catalog.loader import LoadedMechanism
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.schema.mechanisms import Mechanism, Satisfies, Violates

__all__ = ["same_instance", "witness_fact", "witness_facts"]


def _restricts_mechanism(claim: Satisfies | Violates, own: set[str]) -> bool:
    return any(names_in(parse_condition(c)) & own for c in claim.conditions)


def same_instance(mechanism: Mechanism, met: Satisfies, violated: Violates) -> bool:
    """Whether the two claims surely concern one instance: not both restrict its parameters."""
    own = {p.name for p in mechanism.parameters}
    return not (_restricts_mechanism(met, own) and _restricts_mechanism(violated, own))


def _usable(status: Status, assume_conjectures: bool) -> bool:
    if status is Status.disputed:
        return False
    return status is Status.established or assume_conjectures


def _citation(claim: Satisfies | Violates) -> CitationRef:
    return CitationRef(claim.citation.key, claim.citation.at, claim.citation.quote)


_ORDER = ("refuted", "cited", "quoted", "computed")


def _levels(
    catalog: Catalog, mechanism: str, claims: list[tuple[str, int, str | None]]
) -> list[tuple[str, int]]:
    """Each claim's evidence: computed or refuted from ``evidence.json``, else quoted or cited."""
    return [
        evidence_level(quote, catalog.evidence.get((kind, mechanism, index)))
        for kind, index, quote in claims
    ]


def _weaker(levels: list[tuple[str, int]]) -> tuple[str, int]:
    """The weaker evidence of a witness's two claims (a refuted one refutes the witness)."""
    return min(levels, key=lambda level: (_ORDER.index(level[0]), level[1]))


def witness_fact(catalog: Catalog, mechanism_id: str, s_index: int, v_index: int) -> Fact:
    """The W3 fact of claims ``satisfies[s_index]`` and ``violates[v_index]`` of a mechanism,
    whether or not the pair is usable (statuses, :func:`same_instance`)."""
    entry = catalog.mechanism_entries[mechanism_id]
    mechanism = entry.mechanism
    met, violated = mechanism.satisfies[s_index], mechanism.violates[v_index]
    s_line, _ = entry.located.value_mark(("satisfies", s_index))
    line, column = entry.located.value_mark(("violates", v_index))
    conjectured = Status.conjectured in (met.status, violated.status)
    levels = _levels(
        catalog,
        mechanism.id,
        [
            ("satisfies", s_index, met.citation.quote),
            ("violates", v_index, violated.citation.quote),
        ],
    )
    evidence, cases = _weaker(levels)
    witness = WitnessRef(
        mechanism.id,
        met.definition,
        _citation(met),
        s_line,
        violated.definition,
        _citation(violated),
        line,
        *levels[0],
        *levels[1],
    )
    origin = Origin(
        definition=mechanism.id,
        index=v_index,
        file=entry.file,
        line=line,
        column=column,
        kind=RelationKind.not_stronger,
        target=violated.definition,
        citation=_citation(violated),
        status=Status.conjectured if conjectured else Status.established,
        note=(
            f"witness: {mechanism.name} satisfies {met.definition} "
            f"[{met.citation.key}, {met.citation.at}] and violates "
            f"{violated.definition} for every parameter"
        ),
        witness=witness,
        evidence=evidence,
        cases=cases,
        convention=violated.convention.value if violated.convention else None,
    )
    return Fact(FactKind.not_stronger, met.definition, violated.definition, origin, Rule.WITNESS)


def _facts(catalog: Catalog, entry: LoadedMechanism, assume_conjectures: bool) -> Iterator[Fact]:
    mechanism = entry.mechanism
    for s_index, met in enumerate(mechanism.satisfies):
        if not _usable(met.status, assume_conjectures):
            continue
        for v_index, violated in enumerate(mechanism.violates):
            if not _usable(violated.status, assume_conjectures):
                continue
            if met.definition == violated.definition:
                continue  # stated in one file: the schema check reports it
            if not same_instance(mechanism, met, violated):
                continue
            yield witness_fact(catalog, mechanism.id, s_index, v_index)


def witness_facts(catalog: Catalog, *, assume_conjectures: bool = False) -> list[Fact]:
    """Every separation the catalog's mechanisms witness directly (rule W3)."""
    facts: list[Fact] = []
    for mechanism_id in sorted(catalog.mechanism_entries):
        entry = catalog.mechanism_entries[mechanism_id]
        facts.extend(_facts(catalog, entry, assume_conjectures))
    return facts
