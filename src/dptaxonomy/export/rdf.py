"""RDF export: the catalog as an asserted graph, and the reasoner's conclusions as an inferred one.

Every relation is written twice: as a direct triple (``def:a dp:stronger
def:b``) typed by the ontology, and as a reified ``rdf:Statement`` carrying its
citation, status, parameter map and conditions, so separations and
parametric implications keep their provenance. Nodes get IRIs derived from
the definition id and lists get stable blank-node labels, so the output is
byte-for-byte deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf_knowledge import (
    add_assignments,
    add_definition_knowledge,
    add_reference_detail,
)
from dptaxonomy.export.rdf_mechanisms import add_evidence, add_mechanism, claim_iri
from dptaxonomy.export.rdf_operations import add_operations
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact, FactKind
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.enums import DIMENSION_ORDER
from dptaxonomy.schema.models import Citation, Claim, Definition, Reference, RelationKind

__all__ = [
    "ASSERTED_GRAPH",
    "INFERRED_GRAPH",
    "KIND_PREDICATES",
    "asserted_graph",
    "bind_prefixes",
    "inferred_graph",
]

ASSERTED_GRAPH = URIRef(v.BASE + "graph/asserted")
INFERRED_GRAPH = URIRef(v.BASE + "graph/inferred")

KIND_PREDICATES: dict[RelationKind, URIRef] = {
    RelationKind.stronger: v.P_STRONGER,
    RelationKind.weaker: v.P_WEAKER,
    RelationKind.extends: v.P_EXTENDS,
    RelationKind.extended_by: v.P_EXTENDED_BY,
    RelationKind.equivalent: v.P_EQUIVALENT,
    RelationKind.not_stronger: v.P_NOT_STRONGER,
    RelationKind.not_weaker: v.P_NOT_WEAKER,
}
_FACT_PREDICATES = {
    FactKind.stronger: v.P_STRONGER,
    FactKind.extends: v.P_EXTENDS,
    FactKind.not_stronger: v.P_NOT_STRONGER,
}


def bind_prefixes(graph: Graph) -> None:
    """Bind the project's prefixes (and only those) on ``graph``."""
    for prefix, namespace in v.PREFIXES.items():
        graph.bind(prefix, namespace, override=True, replace=True)


def _list(graph: Graph, label: str, items: Sequence[Node]) -> Node:
    """An rdf:List with stable blank-node labels derived from ``label``."""
    if not items:
        return v.RDF.nil
    head = BNode(f"{label}-0")
    node = head
    for index, item in enumerate(items):
        graph.add((node, v.RDF.first, item))
        following: Node = BNode(f"{label}-{index + 1}") if index + 1 < len(items) else v.RDF.nil
        graph.add((node, v.RDF.rest, following))
        node = following  # type: ignore[assignment]
    return head


def _citation(graph: Graph, node: URIRef, citation: Citation) -> URIRef:
    iri = URIRef(f"{node}/citation")
    graph.add((node, v.P_CITATION, iri))
    graph.add((iri, v.RDF.type, v.C_CITATION))
    graph.add((iri, v.P_CITES, v.reference_iri(citation.key)))
    graph.add((iri, v.P_LOCATOR, Literal(citation.at)))
    if citation.quote is not None:
        graph.add((iri, v.P_QUOTE, Literal(citation.quote)))
    return iri


def _claim(graph: Graph, definition: Definition, name: str, claim: Claim) -> None:
    iri = v.node_iri(definition.id, "claim", name)
    graph.add((v.definition_iri(definition.id), v.P_CLAIM, iri))
    graph.add((iri, v.RDF.type, v.C_CLAIM))
    graph.add((iri, v.P_PROPERTY, Literal(name)))
    graph.add((iri, v.P_VALUE, Literal(claim.value.value)))
    graph.add((iri, v.P_STATUS, Literal(claim.status.value)))
    if claim.citation is not None:
        _citation(graph, iri, claim.citation)
    if claim.scope is not None:
        graph.add((iri, v.P_CLAIM_SCOPE, Literal(claim.scope)))
    if claim.note is not None:
        graph.add((iri, v.SKOS.note, Literal(claim.note)))


def _relations(graph: Graph, definition: Definition) -> None:
    subject = v.definition_iri(definition.id)
    for index, relation in enumerate(definition.relations):
        iri = v.node_iri(definition.id, "relation", index)
        graph.add((subject, v.P_RELATION, iri))
        graph.add((iri, v.RDF.type, v.RDF.Statement))
        graph.add((iri, v.RDF.type, v.C_RELATION))
        if relation.kind in (RelationKind.not_stronger, RelationKind.not_weaker):
            graph.add((iri, v.RDF.type, v.C_SEPARATION))
        if relation.parameter_map is not None:
            graph.add((iri, v.RDF.type, v.C_PARAMETRIC))
        graph.add((iri, v.P_POSITION, Literal(index)))
        graph.add((iri, v.RDF.subject, subject))
        graph.add((iri, v.RDF.predicate, KIND_PREDICATES[relation.kind]))
        if relation.target is not None:
            graph.add((iri, v.RDF.object, v.definition_iri(relation.target)))
        else:
            assert relation.target_set is not None
            target = URIRef(f"{iri}/set")
            graph.add((iri, v.RDF.object, target))
            graph.add((target, v.RDF.type, v.C_DEFINITION_SET))
            graph.add((target, v.P_HAS_DIMENSION, v.DP[relation.target_set.dimension.value]))
            graph.add((target, v.P_QUANTIFIER, Literal(relation.target_set.quantifier.value)))
        graph.add((iri, v.P_STATUS, Literal(relation.status.value)))
        if relation.convention is not None:
            graph.add((iri, v.P_CONVENTION, Literal(relation.convention.value)))
        _citation(graph, iri, relation.citation)
        if relation.note is not None:
            graph.add((iri, v.SKOS.note, Literal(relation.note)))
        if relation.parameter_map is not None:
            mapping = URIRef(f"{iri}/map")
            graph.add((iri, v.P_PARAMETER_MAP, mapping))
            graph.add((mapping, v.RDF.type, v.C_MAPPING))
            add_assignments(graph, mapping, v.P_PARAMETER_MAP, relation.parameter_map)
        if relation.conditions:
            label = f"{definition.id}-relation-{index}-conditions"
            items = [Literal(c) for c in relation.conditions]
            graph.add((iri, v.P_CONDITIONS, _list(graph, label, items)))
        for position, restriction in enumerate(relation.restrictions):
            entry = URIRef(f"{iri}/restriction/{position}")
            graph.add((iri, v.P_RESTRICTION, entry))
            graph.add((entry, v.P_POSITION, Literal(position)))
            graph.add((entry, v.P_PARAMETER_NAME, Literal(restriction.parameter)))
            graph.add((entry, v.P_RESTRICTED_TO, Literal(restriction.value)))


def _links(graph: Graph, definition: Definition) -> None:
    subject = v.definition_iri(definition.id)
    for index, link in enumerate(definition.links):
        iri = v.node_iri(definition.id, "link", index)
        graph.add((subject, v.P_LINK, iri))
        graph.add((iri, v.RDF.type, v.C_LINK))
        graph.add((iri, v.P_POSITION, Literal(index)))
        graph.add((iri, v.P_LINK_KIND, Literal(link.kind.value)))
        graph.add((iri, v.RDF.object, v.definition_iri(link.target)))
        _citation(graph, iri, link.citation)
        if link.note is not None:
            graph.add((iri, v.SKOS.note, Literal(link.note)))
        if link.direction is not None:
            graph.add((iri, v.P_VARIANT_READING, Literal(link.direction.reading.value)))
            graph.add((iri, v.P_VARIANT_REASON, Literal(link.direction.reason)))


def _parameters(graph: Graph, definition: Definition) -> None:
    nodes = []
    for parameter in definition.parameters:
        iri = v.node_iri(definition.id, "parameter", parameter.name)
        nodes.append(iri)
        graph.add((iri, v.RDF.type, v.C_PARAMETER))
        graph.add((iri, v.P_PARAMETER_NAME, Literal(parameter.name)))
        graph.add((iri, v.P_SYMBOL, Literal(parameter.symbol)))
        graph.add((iri, v.P_MEANING, Literal(parameter.meaning)))
        graph.add((iri, v.P_PARAMETER_TYPE, Literal(parameter.type.value)))
        graph.add((iri, v.P_DOMAIN, Literal(parameter.domain)))
        if parameter.monotone is not None:
            graph.add((iri, v.P_MONOTONE, Literal(parameter.monotone.value)))
        if parameter.standard is not None:
            graph.add((iri, v.P_STANDARD_VALUE, Literal(parameter.standard.value)))
            graph.add((iri, v.P_STANDARD_FORM, Literal(parameter.standard.form)))
    label = f"{definition.id}-parameters"
    graph.add((v.definition_iri(definition.id), v.P_PARAMETERS, _list(graph, label, nodes)))


def _source(graph: Graph, definition: Definition) -> None:
    iri = v.node_iri(definition.id, "source")
    source = definition.source
    graph.add((v.definition_iri(definition.id), v.P_SOURCE, iri))
    graph.add((iri, v.RDF.type, v.C_SOURCE))
    graph.add((iri, v.P_CITES, v.reference_iri(source.key)))
    if source.section is not None:
        graph.add((iri, v.P_SECTION, Literal(source.section)))
    if source.definition is not None:
        graph.add((iri, v.P_DEFINITION_NUMBER, Literal(source.definition)))
    if source.table3 is not None:
        graph.add((iri, v.P_TABLE3_ROW, Literal(source.table3.row)))
        graph.add((iri, v.P_TABLE3_LABEL, Literal(source.table3.label)))
        graph.add((iri, v.P_TABLE3_ABBREVIATION, Literal(source.table3.abbreviation)))


def _definition(graph: Graph, definition: Definition) -> None:
    iri = v.definition_iri(definition.id)
    graph.add((iri, v.RDF.type, v.C_DEFINITION))
    graph.add((iri, v.P_ID, Literal(definition.id)))
    graph.add((iri, v.SKOS.prefLabel, Literal(definition.name)))
    for label in (*definition.abbreviations, *definition.aliases):
        graph.add((iri, v.SKOS.altLabel, Literal(label)))
    for field, values in (
        ("abbreviations", definition.abbreviations),
        ("aliases", definition.aliases),
    ):
        predicate = v.P_ABBREVIATIONS if field == "abbreviations" else v.P_ALIASES
        literals = [Literal(x) for x in values]
        graph.add((iri, predicate, _list(graph, f"{definition.id}-{field}", literals)))
    if definition.disambiguator is not None:
        graph.add((iri, v.P_DISAMBIGUATOR, v.reference_iri(definition.disambiguator)))
    for dimension in definition.dimensions:
        graph.add((iri, v.P_HAS_DIMENSION, v.DP[dimension.value]))
    _parameters(graph, definition)
    if definition.statement is not None:
        graph.add((iri, v.P_STATEMENT, Literal(definition.statement)))
    graph.add((iri, v.DCTERMS.description, Literal(definition.summary)))
    refs = [v.reference_iri(k) for k in definition.introduced_in]
    graph.add((iri, v.P_INTRODUCED_IN, _list(graph, f"{definition.id}-introduced-in", refs)))
    _source(graph, definition)
    graph.add((iri, v.P_SCOPE, Literal(definition.scope.value)))
    graph.add((iri, v.P_SETTING, Literal(definition.setting.value)))
    if definition.unit is not None:
        graph.add((iri, v.P_UNIT, Literal(definition.unit.value)))
    if definition.neighbours is not None:
        graph.add((iri, v.P_NEIGHBOURS, Literal(definition.neighbours.value)))
    if definition.combines:
        members = [v.definition_iri(i) for i in definition.combines]
        graph.add((iri, v.P_COMBINES, _list(graph, f"{definition.id}-combines", members)))
    for name in type(definition.properties).model_fields:
        claim = getattr(definition.properties, name)
        if claim is not None:
            _claim(graph, definition, name, claim)
    _relations(graph, definition)
    _links(graph, definition)
    add_definition_knowledge(graph, definition)
    add_operations(graph, definition)


def _reference(graph: Graph, key: str, reference: Reference) -> None:
    iri = v.reference_iri(key)
    graph.add((iri, v.RDF.type, v.C_REFERENCE))
    graph.add((iri, v.RDF.type, v.BIBO.Document))
    graph.add((iri, v.P_CITATION_KEY, Literal(key)))
    graph.add((iri, v.DCTERMS.title, Literal(reference.title)))
    authors = [Literal(a) for a in reference.authors]
    graph.add(
        (iri, v.BIBO.authorList, _list(graph, f"ref-{key.replace('+', '_')}-authors", authors))
    )
    graph.add((iri, v.P_YEAR, Literal(reference.year)))
    graph.add((iri, v.DCTERMS.issued, Literal(str(reference.year), datatype=v.XSD.gYear)))
    if reference.venue is not None:
        graph.add((iri, v.P_VENUE, Literal(reference.venue)))
    if reference.url is not None:
        graph.add((iri, v.BIBO.uri, Literal(reference.url)))
    if reference.note is not None:
        graph.add((iri, v.SKOS.note, Literal(reference.note)))
    add_reference_detail(graph, iri, reference)


def _facts(graph: Graph, facts: Sequence[Fact]) -> None:
    for fact in facts:
        graph.add((v.definition_iri(fact.a), _FACT_PREDICATES[fact.kind], v.definition_iri(fact.b)))


def asserted_graph(catalog: Catalog, kb: KnowledgeBase | None = None) -> Graph:
    """Every entry and reference, reified relations, and the direct triples of the facts used."""
    graph = Graph()
    bind_prefixes(graph)
    for dimension in DIMENSION_ORDER:
        graph.add((v.DP[dimension], v.RDF.type, v.C_DIMENSION))
    for definition in catalog.definitions.values():
        _definition(graph, definition)
    for key, reference in catalog.references.items():
        _reference(graph, key, reference)
    for mechanism in catalog.mechanisms.values():
        add_mechanism(graph, mechanism)
    add_evidence(graph, catalog)
    _facts(graph, (kb or compile_knowledge_base(catalog)).facts)
    return graph


def _inference(
    graph: Graph,
    name: str,
    a: str,
    predicate: URIRef,
    b: str,
    rules: Iterable[Rule],
    steps: Iterable[Fact],
) -> None:
    """The direct triple ``a predicate b`` and its reification with the proof's provenance."""
    graph.add((v.definition_iri(a), predicate, v.definition_iri(b)))
    iri = URIRef(f"{v.BASE}inferred/{name}/{a}/{b}")
    graph.add((iri, v.RDF.type, v.RDF.Statement))
    graph.add((iri, v.RDF.type, v.C_INFERENCE))
    graph.add((iri, v.RDF.subject, v.definition_iri(a)))
    graph.add((iri, v.RDF.predicate, predicate))
    graph.add((iri, v.RDF.object, v.definition_iri(b)))
    for rule in rules:
        graph.add((iri, v.P_RULE, Literal(rule.value)))
    for step in steps:
        origin = step.origin
        source = (
            claim_iri(origin.definition, "violates", origin.index)
            if origin.witness is not None
            else v.node_iri(origin.definition, "relation", origin.index)
        )
        graph.add((iri, v.PROV.wasDerivedFrom, source))


def inferred_graph(kb: KnowledgeBase) -> Graph:
    """Every derived relation not asserted as such, each reified with its proof's provenance.

    Derived ≻ and ¬≻ (``dp:stronger``, ``dp:notStronger``), derived ⊂
    (``dp:extends``), and ``dp:equivalent`` for every pair of distinct
    definitions in one equivalence class (rule A3 or a ≻-cycle).
    """
    graph = Graph()
    bind_prefixes(graph)
    search = ProofSearch(kb)
    for proof in search.derived():
        kind = FactKind(proof.conclusion.value)
        _inference(
            graph, kind.value, proof.a, _FACT_PREDICATES[kind], proof.b, proof.rules, proof.steps
        )
    asserted = {(f.a, f.b) for f in kb.extends_facts}
    for a in kb.info:
        for b in kb.extension.descendants(a):
            if a != b and (a, b) not in asserted:
                special = search.extends(a, b)
                assert special is not None  # the closure says it is derivable
                _inference(graph, "extends", a, v.P_EXTENDS, b, special.rules, special.steps)
    for members in kb.strength.members:
        for a in members:
            for b in members:
                if a == b:
                    continue
                forward, backward = search.stronger(a, b), search.stronger(b, a)
                assert forward is not None  # a and b are in one class
                assert backward is not None
                rules = sorted({*forward.rules, *backward.rules}, key=lambda r: r.value)
                steps = (*forward.steps, *backward.steps)
                _inference(graph, "equivalent", a, v.P_EQUIVALENT, b, rules, steps)
    return graph
