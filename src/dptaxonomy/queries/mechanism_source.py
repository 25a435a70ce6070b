"""A mechanism as the source of a conversion: its ``satisfies`` claims are the first step.

A claim "the Gaussian mechanism is (0, Δ²/(2σ²))-zCDP" maps the mechanism's
parameters to the definition's, exactly like a parametric implication, so it
becomes the first step of a chain, followed by every chain of the knowledge
base from that definition to the target. The claims are compiled with the
knowledge base (:mod:`dptaxonomy.reasoning.maps.mechanism_claims`), so they
come from the cache like the definitions.
"""

from __future__ import annotations

from dptaxonomy.base.records import record
from dptaxonomy.catalog.names import normalize
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.maps.conversion import ParameterSpec
from dptaxonomy.reasoning.maps.paths import MAX_STEPS, Chain, chains_between
from dptaxonomy.reasoning.maps.per_base import kept_for
from dptaxonomy.reasoning.maps.tightest import parameter_specs

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
        """Each claim, followed by every chain from its definition to ``target``: built
        once per knowledge base (the mechanism's claims are its), so the chains keep
        their composed maps between conversions."""
        key = (MechanismSource.chains, self.id, target)
        return list(kept_for(kb, key, lambda: self._chains(kb, target)))

    def _chains(self, kb: KnowledgeBase, target: str) -> tuple[Chain, ...]:
        found = []
        for claim in self.claims:
            if claim.b == target:
                found.append(Chain(self.id, target, (claim,)))
                continue
            rest = chains_between(kb, claim.b, target, conditional=True, max_steps=MAX_STEPS - 1)
            found += [Chain(self.id, target, (claim, *chain.steps)) for chain in rest]
        return tuple(found)

    def specs(self, kb: KnowledgeBase, chains: list[Chain]) -> dict[str, tuple[ParameterSpec, ...]]:
        """Parameters of the mechanism and of every definition on ``chains``."""
        specs = {self.id: self.parameters}
        for chain in chains:
            for definition in chain.definitions[1:]:
                specs.setdefault(definition, parameter_specs(kb, definition))
        return specs


def find_mechanism(kb: KnowledgeBase, name: str) -> MechanismSource | None:
    """The mechanism called ``name`` (id, name or alias) in the knowledge base's catalog,
    found once per knowledge base (the same parameter objects then find the same compiled
    runs of its chains)."""
    return kept_for(kb, (find_mechanism, name), lambda: _find(kb, name))


def _find(kb: KnowledgeBase, name: str) -> MechanismSource | None:
    wanted = normalize(name)
    for mechanism in kb.mechanisms.values():
        if wanted not in {normalize(n) for n in (mechanism.id, mechanism.name, *mechanism.aliases)}:
            continue
        claims = tuple(kb.claims_of(mechanism.id))
        parameters = tuple(ParameterSpec(*entry) for entry in mechanism.parameters)
        return MechanismSource(mechanism.id, parameters, claims, mechanism.violations)
    return None
