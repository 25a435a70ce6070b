"""An independent checker for proofs.

It does not use the engine: it re-reads each cited relation from the catalog
entry the step names, re-derives what that relation may mean on its own
(a table of readings written separately from :mod:`dptaxonomy.reasoning.facts`), and
checks that the steps chain into the conclusion under the rules cited.
"""

from __future__ import annotations

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.conditions import ConditionKind, classify_condition, implying_is_target
from dptaxonomy.reasoning.facts import Fact
from dptaxonomy.reasoning.proofs import Conclusion, Proof
from dptaxonomy.reasoning.rules import Rule
from dptaxonomy.schema.models import Quantifier, Relation, Status

__all__ = ["ProofError", "check_proof"]

# What a relation `s KIND t` may be read as: (edge kind, from, to) with "s"/"t".
_READINGS: dict[str, set[tuple[str, str, str]]] = {
    "stronger": {("stronger", "s", "t")},
    "weaker": {("stronger", "t", "s")},
    "equivalent": {("stronger", "s", "t"), ("stronger", "t", "s")},
    "extends": {("extends", "s", "t")},
    "extended_by": {("extends", "t", "s")},
    "not_stronger": {("not_stronger", "s", "t")},
    "not_weaker": {("not_stronger", "t", "s")},
}


class ProofError(ValueError):
    """A proof does not check."""


def _targets(catalog: Catalog, subject: str, relation: Relation) -> set[str]:
    if relation.target is not None:
        return {relation.target}
    assert relation.target_set is not None
    if relation.target_set.quantifier is not Quantifier.all:
        return set()
    dimension = relation.target_set.dimension
    return {d.id for d in catalog.definitions.values() if dimension in d.dimensions} - {subject}


def _check_step(catalog: Catalog, step: Fact, allow_conjectures: bool) -> None:
    origin = step.origin
    definition = catalog.definitions.get(origin.definition)
    if definition is None or origin.index >= len(definition.relations):
        raise ProofError(f"step cites a relation that does not exist: {origin.location}")
    relation = definition.relations[origin.index]
    cited = (relation.citation.key, relation.citation.at, relation.citation.quote)
    if cited != (origin.citation.key, origin.citation.at, origin.citation.quote) or (
        relation.kind != origin.kind
    ):
        raise ProofError(f"step misquotes {origin.location}")
    if relation.status is Status.disputed:
        raise ProofError(f"step uses a disputed fact: {origin.location}")
    if relation.status is Status.conjectured and not allow_conjectures:
        raise ProofError(f"step uses a conjecture without --assume-conjectures: {origin.location}")
    for target in _targets(catalog, origin.definition, relation):
        ends = {"s": origin.definition, "t": target}
        for kind, start, end in _READINGS[relation.kind.value]:
            if (kind, ends[start], ends[end]) == (step.kind.value, step.a, step.b):
                return
    raise ProofError(f"{origin.location} does not say {step.a} {step.kind.value} {step.b}")


def _restricting(catalog: Catalog, step: Fact) -> bool:
    """Whether the cited relation holds only for a sub-family (rule K3), judged afresh."""
    relation = catalog.definitions[step.origin.definition].relations[step.origin.index]
    implying_id = (
        step.origin.target if implying_is_target(relation.kind) else step.origin.definition
    )
    implying = catalog.definitions.get(implying_id)
    domains = {p.name: p.domain for p in implying.parameters} if implying else {}
    return any(
        classify_condition(c, domains) is ConditionKind.restricting for c in relation.conditions
    ) or any(r.parameter in domains for r in relation.restrictions)


def _check_chain(
    steps: tuple[Fact, ...], kind: str, start: str, end: str, *, maps: bool = False
) -> None:
    node = start
    for step in steps:
        mapped_special_case = maps and step.kind.value == "extends" and kind == "stronger"
        if (step.kind.value != kind and not mapped_special_case) or step.a != node:
            raise ProofError(f"the chain breaks at {step.origin.location}")
        node = step.b
    if node != end:
        raise ProofError(f"the chain ends at {node}, not {end}")


def check_proof(catalog: Catalog, proof: Proof, *, allow_conjectures: bool = False) -> None:
    """Raise :class:`ProofError` unless ``proof`` establishes its conclusion from ``catalog``."""
    for step in proof.steps:
        _check_step(catalog, step, allow_conjectures)
    restricted = [s for s in proof.steps if _restricting(catalog, s)]
    if restricted and Rule.CONDITIONAL not in proof.rules:
        raise ProofError(
            f"an unconditional proof rests on a conditional fact: {restricted[0].origin.location}"
        )
    if not restricted and Rule.CONDITIONAL in proof.rules:
        raise ProofError("a conditional proof (rule K4) without a restricting step")
    if proof.conclusion is Conclusion.not_stronger:
        separations = [i for i, s in enumerate(proof.steps) if s.kind.value == "not_stronger"]
        if len(separations) != 1:
            raise ProofError("a separation proof uses exactly one asserted separation")
        index = separations[0]
        separation = proof.steps[index]
        _check_chain(proof.steps[:index], "stronger", separation.a, proof.a)
        _check_chain(proof.steps[index + 1 :], "stronger", proof.b, separation.b)
        return
    maps = Rule.MAP_COMPOSITION in proof.rules
    if maps and any(not s.origin.parameter_map for s in proof.steps):
        raise ProofError("a parametric chain (rule M1) with a step that maps no parameters")
    _check_chain(proof.steps, proof.conclusion.value, proof.a, proof.b, maps=maps)
