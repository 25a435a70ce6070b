"""A mechanism's ``satisfies`` claims read as parametric facts, compiled with the knowledge base.

A claim "the Gaussian mechanism is (0, Δ²/(2σ²))-zCDP" maps the mechanism's
parameters to the definition's, exactly like a parametric implication, so it
becomes the first step of a chain (``dptax convert Gaussian …``). The claims
are compiled once per catalog, with the definitions, and stored in the
content-keyed cache: a conversion from a mechanism reads no YAML.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dptaxonomy.reasoning.info import CitationRef, MechanismInfo
from dptaxonomy.reasoning.logic.facts import Fact, FactKind, Origin
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.enums import RelationKind, Status

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog

__all__ = ["mechanism_claims"]


def mechanism_claims(catalog: Catalog) -> tuple[dict[str, MechanismInfo], list[Fact]]:
    """Every mechanism of ``catalog`` by id, and its established claims with parameter maps."""
    infos: dict[str, MechanismInfo] = {}
    claims: list[Fact] = []
    for mechanism_id, loaded in sorted(catalog.mechanism_entries.items()):
        mechanism = loaded.mechanism
        for index, claim in enumerate(mechanism.satisfies):
            if claim.status is not Status.established or not claim.parameters:
                continue
            line, column = loaded.located.value_mark(("satisfies", index))
            origin = Origin(
                definition=mechanism_id,
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
                scopes=(
                    (mechanism_id, tuple(p.name for p in mechanism.parameters)),
                    *(
                        (claim.definition, tuple(p.name for p in entry.definition.parameters))
                        for entry in [catalog.entries.get(claim.definition)]
                        if entry is not None
                    ),
                ),
            )
            claims.append(
                Fact(FactKind.stronger, mechanism_id, claim.definition, origin, Rule.ASSERTED)
            )
        infos[mechanism_id] = MechanismInfo(
            id=mechanism_id,
            name=mechanism.name,
            aliases=tuple(mechanism.aliases),
            parameters=tuple((p.name, p.type.value, p.domain) for p in mechanism.parameters),
            violations=tuple(
                (v.definition, f"[{v.citation.key}] {v.citation.at}")
                for v in mechanism.violates
                if v.status is Status.established and not v.conditions
            ),
            pair_kind=mechanism.pair.kind.value if mechanism.pair else None,
            pair_arguments=tuple(mechanism.pair.arguments.items()) if mechanism.pair else (),
        )
    return infos, claims
