"""The RDF form of mechanism entries: each mechanism, and each of its claims with its citation.

A witness separation in the inferred graph points (``prov:wasDerivedFrom``) at
the ``violates`` claim it rests on; the claim names the mechanism, the
definition it is about, and its citation.
"""

from __future__ import annotations

from rdflib import Graph, Literal, URIRef

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export import vocabulary as v
from dptaxonomy.reasoning.logic.facts import evidence_level
from dptaxonomy.schema.mechanisms import Mechanism, Satisfies, Violates
from dptaxonomy.schema.models import Citation

__all__ = ["add_evidence", "add_mechanism", "claim_iri"]


def claim_iri(mechanism_id: str, part: str, index: int) -> URIRef:
    """IRI of claim ``index`` of the mechanism's ``satisfies`` or ``violates`` list."""
    return v.mechanism_iri(mechanism_id, part, index)


def _citation(graph: Graph, node: URIRef, citation: Citation) -> None:
    iri = URIRef(f"{node}/citation")
    graph.add((node, v.P_CITATION, iri))
    graph.add((iri, v.RDF.type, v.C_CITATION))
    graph.add((iri, v.P_CITES, v.reference_iri(citation.key)))
    graph.add((iri, v.P_LOCATOR, Literal(citation.at)))
    if citation.quote is not None:
        graph.add((iri, v.P_QUOTE, Literal(citation.quote)))


def _claim(
    graph: Graph, mechanism: Mechanism, part: str, index: int, claim: Satisfies | Violates
) -> None:
    iri = claim_iri(mechanism.id, part, index)
    predicate = v.P_SATISFIES if part == "satisfies" else v.P_VIOLATES
    graph.add((v.mechanism_iri(mechanism.id), predicate, iri))
    graph.add((iri, v.RDF.type, v.C_MECHANISM_CLAIM))
    graph.add((iri, v.P_ABOUT, v.definition_iri(claim.definition)))
    graph.add((iri, v.P_POSITION, Literal(index)))
    graph.add((iri, v.P_STATUS, Literal(claim.status.value)))
    _citation(graph, iri, claim.citation)
    if isinstance(claim, Satisfies):
        for position, (name, expression) in enumerate(claim.parameters.items()):
            entry = URIRef(f"{iri}/map/{position}")
            graph.add((iri, v.P_PARAMETER_MAP, entry))
            graph.add((entry, v.RDF.type, v.C_MAPPING))
            graph.add((entry, v.P_POSITION, Literal(position)))
            graph.add((entry, v.P_PARAMETER_NAME, Literal(name)))
            graph.add((entry, v.P_EXPRESSION, Literal(expression)))
    if claim.note is not None:
        graph.add((iri, v.SKOS.note, Literal(claim.note)))


def add_mechanism(graph: Graph, mechanism: Mechanism) -> None:
    """Add one mechanism, its claims and their citations to ``graph``."""
    iri = v.mechanism_iri(mechanism.id)
    graph.add((iri, v.RDF.type, v.C_MECHANISM))
    graph.add((iri, v.P_ID, Literal(mechanism.id)))
    graph.add((iri, v.SKOS.prefLabel, Literal(mechanism.name)))
    for alias in mechanism.aliases:
        graph.add((iri, v.SKOS.altLabel, Literal(alias)))
    graph.add((iri, v.SKOS.definition, Literal(mechanism.description)))
    graph.add((iri, v.P_STATEMENT, Literal(mechanism.output)))
    for key in mechanism.introduced_in:
        graph.add((iri, v.DCTERMS.source, v.reference_iri(key)))
    for index, met in enumerate(mechanism.satisfies):
        _claim(graph, mechanism, "satisfies", index, met)
    for index, violated in enumerate(mechanism.violates):
        _claim(graph, mechanism, "violates", index, violated)


def add_evidence(graph: Graph, catalog: Catalog) -> None:
    """The evidence level (quoted, cited, computed, refuted) of every relation and claim."""
    from dptaxonomy.catalog.evidence import relation_evidence

    for subject, definition in catalog.definitions.items():
        for index, relation in enumerate(definition.relations):
            level, _ = evidence_level(
                relation.citation.quote, relation_evidence(catalog.evidence, subject, index)
            )
            graph.add((v.node_iri(subject, "relation", index), v.P_EVIDENCE, Literal(level)))
    for mechanism in catalog.mechanisms.values():
        for part in ("satisfies", "violates"):
            for index, claim in enumerate(getattr(mechanism, part)):
                level, _ = evidence_level(
                    claim.citation.quote, catalog.evidence.get((part, mechanism.id, index))
                )
                graph.add((claim_iri(mechanism.id, part, index), v.P_EVIDENCE, Literal(level)))
