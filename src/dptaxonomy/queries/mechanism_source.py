"""A mechanism as the source of a conversion: its ``satisfies`` claims are the first step.

A claim "the Gaussian mechanism is (0, Δ²/(2σ²))-zCDP" maps the mechanism's
parameters to the definition's, exactly like a parametric implication, so it
becomes the first step of a chain, followed by every chain of the knowledge
base from that definition to the target. Mechanisms are read from the catalog
files (they are not in the compiled knowledge base), only when SOURCE names no
definition.
"""

from __future__ import annotations

from pathlib import Path

from dptaxonomy.base.errors import CatalogError
from dptaxonomy.base.records import record
from dptaxonomy.catalog.names import normalize
from dptaxonomy.catalog.store import load_catalog
from dptaxonomy.reasoning.info import CitationRef
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact, FactKind, Origin
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.maps.conversion import ParameterSpec
from dptaxonomy.reasoning.maps.paths import MAX_STEPS, Chain, chains_between
from dptaxonomy.reasoning.maps.tightest import parameter_specs
from dptaxonomy.schema.enums import RelationKind, Status

__all__ = ["MechanismSource", "find_mechanism"]


@record
class MechanismSource:
    """A mechanism's parameters and its claims read as first steps."""

    id: str
    parameters: tuple[ParameterSpec, ...]
    claims: tuple[Fact, ...]
    violations: tuple[tuple[str, str], ...] = ()
    """(definition, "[key] place") for each established ``violates`` claim."""

    def chains(self, kb: KnowledgeBase, target: str) -> list[Chain]:
        """Each claim, followed by every chain from its definition to ``target``."""
        found = []
        for claim in self.claims:
            if claim.b == target:
                found.append(Chain(self.id, target, (claim,)))
                continue
            for rest in chains_between(
                kb, claim.b, target, max_steps=MAX_STEPS - 1, conditional=True
            ):
                found.append(Chain(self.id, target, (claim, *rest.steps)))
        return found

    def specs(self, kb: KnowledgeBase, chains: list[Chain]) -> dict[str, tuple[ParameterSpec, ...]]:
        """Parameters of the mechanism and of every definition on ``chains``."""
        specs = {self.id: self.parameters}
        for chain in chains:
            for definition in chain.definitions[1:]:
                specs.setdefault(definition, parameter_specs(kb, definition))
        return specs


def find_mechanism(directory: Path, name: str) -> MechanismSource | None:
    """The mechanism called ``name`` (id, name or alias) in the catalog at ``directory``."""
    catalog = load_catalog(directory)
    if not catalog.ok:
        raise CatalogError(catalog.diagnostics)
    wanted = normalize(name)
    for loaded in catalog.mechanism_entries.values():
        mechanism = loaded.mechanism
        if wanted not in {normalize(n) for n in (mechanism.id, mechanism.name, *mechanism.aliases)}:
            continue
        claims = []
        for index, claim in enumerate(mechanism.satisfies):
            if claim.status is not Status.established or not claim.parameters:
                continue
            line, column = loaded.located.value_mark(("satisfies", index))
            origin = Origin(
                definition=mechanism.id,
                index=index,
                file=loaded.file,
                line=line,
                column=column,
                kind=RelationKind.stronger,
                target=claim.definition,
                citation=CitationRef(claim.citation.key, claim.citation.at, claim.citation.quote),
                status=claim.status,
                parameter_map=tuple(claim.parameters.items()),
                conditions=tuple(claim.conditions),
                note=claim.note,
            )
            claims.append(
                Fact(FactKind.stronger, mechanism.id, claim.definition, origin, Rule.ASSERTED)
            )
        parameters = tuple(
            ParameterSpec(p.name, p.type.value, p.domain) for p in mechanism.parameters
        )
        violations = tuple(
            (v.definition, f"[{v.citation.key}] {v.citation.at}")
            for v in mechanism.violates
            if v.status is Status.established and not v.conditions
        )
        return MechanismSource(mechanism.id, parameters, tuple(claims), violations)
    return None
