"""The SHACL shapes every RDF export must conform to.

Generated here from the vocabulary constants and committed under ``ontology/``
(``make schema`` refreshes them; a test keeps them current).

Besides the shape of each node, SPARQL-based constraints (SHACL-SPARQL) reject
graphs no export can be: ≻ together with ¬≻ for one pair (a chain of ≻, ≺
and ∼ counts, rule S2), ¬(A ≻ A) (it contradicts rule S1), and a reified
statement whose triple is missing. A positive self-loop (``a dp:stronger a``,
``a dp:equivalent a``, ``a dp:extends a``) is accepted: rules S1 and E1 make it
true, and an OWL reasoner entails it from the ontology (∼ is symmetric and
transitive), so a closed graph holds it.
"""

from __future__ import annotations

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf import bind_prefixes
from dptaxonomy.schema.enums import DIMENSION_ORDER, TABLE3_ROWS, Monotone
from dptaxonomy.schema.links import VariantReading
from dptaxonomy.schema.models import (
    ID_PATTERN,
    LinkKind,
    ParameterType,
    Quantifier,
    RelationKind,
    Scope,
    Setting,
    Status,
    Truth,
)
from dptaxonomy.schema.settings import Convention, Unit

__all__ = ["shapes_graph", "shapes_text"]


class _Shapes:
    """Builds SHACL shapes with stable blank-node labels."""

    def __init__(self) -> None:
        self.graph = Graph()
        bind_prefixes(self.graph)
        self.count = 0

    def _node(self) -> BNode:
        self.count += 1
        return BNode(f"shape-{self.count}")

    def _list(self, items: list[Node]) -> Node:
        head: Node = v.RDF.nil
        for item in reversed(items):
            cell = self._node()
            self.graph.add((cell, v.RDF.first, item))
            self.graph.add((cell, v.RDF.rest, head))
            head = cell
        return head

    def shape(self, name: str, target: URIRef) -> URIRef:
        iri = v.DP[f"{name}Shape"]
        self.graph.add((iri, v.RDF.type, v.SH.NodeShape))
        self.graph.add((iri, v.SH.targetClass, target))
        return iri

    def prop(self, shape: URIRef, path: URIRef, **constraints: object) -> None:
        node = self._node()
        self.graph.add((shape, v.SH.property, node))
        self.graph.add((node, v.SH.path, path))
        for key, value in constraints.items():
            if key == "values":
                items: list[Node] = [Literal(x) for x in value]  # type: ignore[attr-defined]
                self.graph.add((node, v.SH["in"], self._list(items)))
            elif key == "nodes":
                self.graph.add((node, v.SH["in"], self._list(list(value))))  # type: ignore[call-overload]
            elif key in ("minCount", "maxCount"):
                self.graph.add((node, v.SH[key], Literal(value)))
            else:
                self.graph.add((node, v.SH[key], value))  # type: ignore[arg-type]


def _placement(s: _Shapes, definition: URIRef) -> None:
    """Where a definition sits: scope, trust model, unit of privacy, neighbouring convention."""
    one = {"minCount": 1, "maxCount": 1}
    s.prop(definition, v.P_SCOPE, values=[x.value for x in Scope], **one)
    s.prop(definition, v.P_SETTING, values=[x.value for x in Setting], **one)
    s.prop(definition, v.P_UNIT, values=[x.value for x in Unit], maxCount=1)
    s.prop(definition, v.P_NEIGHBOURS, values=[x.value for x in Convention], maxCount=1)


def _variant_direction(s: _Shapes, link: URIRef) -> None:
    """A ``variant_of`` link's optional reading and its reason."""
    s.prop(link, v.P_VARIANT_READING, values=[x.value for x in VariantReading], maxCount=1)
    s.prop(link, v.P_VARIANT_REASON, maxCount=1)


def shapes_graph() -> Graph:
    """SHACL shapes every export must conform to."""
    s = _Shapes()
    one = {"minCount": 1, "maxCount": 1}
    definition = s.shape("Definition", v.C_DEFINITION)
    s.prop(
        definition,
        v.P_ID,
        datatype=v.XSD.string,
        pattern=Literal(ID_PATTERN),
        **one,
    )
    s.prop(definition, v.SKOS.prefLabel, datatype=v.XSD.string, **one)
    s.prop(definition, v.DCTERMS.description, datatype=v.XSD.string, **one)
    s.prop(definition, v.P_STATEMENT, datatype=v.XSD.string, maxCount=1)
    _placement(s, definition)
    s.prop(definition, v.P_HAS_DIMENSION, nodes=[v.DP[d] for d in DIMENSION_ORDER])
    s.prop(definition, v.P_SOURCE, node=v.DP.SourceShape, **one)
    s.prop(definition, v.P_CLAIM, node=v.DP.ClaimShape, minCount=3)
    s.prop(definition, v.P_RELATION, node=v.DP.RelationShape)
    s.prop(definition, v.P_LINK, node=v.DP.LinkShape)
    s.prop(definition, v.P_PARAMETERS, **one)
    s.prop(definition, v.P_INTRODUCED_IN, **one)
    source = v.DP.SourceShape
    s.graph.add((source, v.RDF.type, v.SH.NodeShape))
    s.prop(source, v.P_CITES, **{"class": v.C_REFERENCE}, **one)
    s.prop(
        source,
        v.P_TABLE3_ROW,
        datatype=v.XSD.integer,
        minInclusive=Literal(1),
        maxInclusive=Literal(TABLE3_ROWS),
        maxCount=1,
    )
    claim = s.shape("Claim", v.C_CLAIM)
    s.prop(claim, v.P_VALUE, values=[x.value for x in Truth], **one)
    s.prop(claim, v.P_STATUS, values=[x.value for x in Status], **one)
    s.prop(claim, v.P_PROPERTY, datatype=v.XSD.string, **one)
    s.prop(claim, v.P_CITATION, node=v.DP.CitationShape, maxCount=1)
    relation = s.shape("Relation", v.C_RELATION)
    predicates = [
        v.P_STRONGER,
        v.P_WEAKER,
        v.P_EXTENDS,
        v.P_EXTENDED_BY,
        v.P_EQUIVALENT,
        v.P_NOT_STRONGER,
        v.P_NOT_WEAKER,
    ]
    assert len(predicates) == len(RelationKind)
    s.prop(relation, v.RDF.subject, **{"class": v.C_DEFINITION}, **one)
    s.prop(relation, v.RDF.predicate, nodes=predicates, **one)
    s.prop(relation, v.RDF.object, **one)
    s.prop(relation, v.P_STATUS, values=[x.value for x in Status], **one)
    s.prop(relation, v.P_CONVENTION, values=[x.value for x in Convention], maxCount=1)
    s.prop(relation, v.P_CITATION, node=v.DP.CitationShape, **one)
    s.prop(relation, v.P_POSITION, datatype=v.XSD.integer, **one)
    direct = v.DP.DirectRelationShape  # `a dp:stronger b` and the like: definitions at both ends
    s.graph.add((direct, v.RDF.type, v.SH.NodeShape))
    s.graph.add((direct, v.SH["class"], v.C_DEFINITION))
    for predicate in predicates:
        s.graph.add((direct, v.SH.targetSubjectsOf, predicate))
        s.prop(direct, predicate, nodeKind=v.SH.IRI, **{"class": v.C_DEFINITION})
    definition_set = s.shape("DefinitionSet", v.C_DEFINITION_SET)
    s.prop(definition_set, v.P_QUANTIFIER, values=[x.value for x in Quantifier], **one)
    s.prop(definition_set, v.P_HAS_DIMENSION, nodes=[v.DP[d] for d in DIMENSION_ORDER], **one)
    link = s.shape("Link", v.C_LINK)
    s.prop(link, v.P_LINK_KIND, values=[x.value for x in LinkKind], **one)
    s.prop(link, v.RDF.object, **{"class": v.C_DEFINITION}, **one)
    s.prop(link, v.P_CITATION, node=v.DP.CitationShape, **one)
    _variant_direction(s, link)
    _support_shapes(s)
    _consistency_shapes(s)
    return s.graph


def _support_shapes(s: _Shapes) -> None:
    """Shapes of citations, parameters and references."""
    one = {"minCount": 1, "maxCount": 1}
    citation = s.shape("Citation", v.C_CITATION)
    s.prop(citation, v.P_CITES, **{"class": v.C_REFERENCE}, **one)
    s.prop(citation, v.P_LOCATOR, datatype=v.XSD.string, **one)
    parameter = s.shape("Parameter", v.C_PARAMETER)
    s.prop(parameter, v.P_PARAMETER_NAME, datatype=v.XSD.string, **one)
    s.prop(parameter, v.P_PARAMETER_TYPE, values=[x.value for x in ParameterType], **one)
    s.prop(parameter, v.P_MONOTONE, values=[x.value for x in Monotone], maxCount=1)
    s.prop(parameter, v.P_STANDARD_VALUE, datatype=v.XSD.string, maxCount=1)
    s.prop(parameter, v.P_STANDARD_FORM, datatype=v.XSD.string, maxCount=1)
    reference = s.shape("Reference", v.C_REFERENCE)
    s.prop(reference, v.P_CITATION_KEY, datatype=v.XSD.string, **one)
    s.prop(reference, v.DCTERMS.title, datatype=v.XSD.string, **one)
    s.prop(reference, v.P_YEAR, datatype=v.XSD.integer, **one)
    s.prop(reference, v.BIBO.authorList, **one)


_STRENGTH = "(dp:stronger|^dp:weaker|dp:equivalent|^dp:equivalent)"
"""A ≻ step in SPARQL: ``a ≻ b`` as written, as ``b ≺ a``, or from ``a ∼ b`` either way."""

CONTRADICTION_QUERY = f"""SELECT $this ?value WHERE {{
    {{ $this dp:notStronger ?value . $this {_STRENGTH}+ ?value . }}
    UNION
    {{ $this dp:notWeaker ?value . ?value {_STRENGTH}+ $this . }}
    FILTER (?value != $this)
}}"""
"""Pairs said to be both ≻ (directly or along a chain) and ¬≻."""

SELF_SEPARATION_QUERY = """SELECT $this WHERE {
    { $this dp:notStronger $this . } UNION { $this dp:notWeaker $this . }
}"""
"""Definitions said not to be stronger than themselves."""

ORPHAN_QUERY = """SELECT $this ?value ?predicate WHERE {
    ?value a $this ; rdf:subject ?s ; rdf:predicate ?predicate ; rdf:object ?o .
    {
        ?value a dp:InferredStatement .
    } UNION {
        ?value a dp:Relation ; dp:status "established" .
        FILTER NOT EXISTS { ?value dp:conditions ?conditions . }
        FILTER NOT EXISTS { ?value dp:restriction ?restriction . }
        FILTER NOT EXISTS { ?o a dp:DefinitionSet . }
    }
    FILTER NOT EXISTS { ?s ?predicate ?o . }
    FILTER NOT EXISTS {
        ?o ?forward ?s .
        FILTER (
            (?predicate = dp:weaker && ?forward = dp:stronger)
            || (?predicate = dp:extendedBy && ?forward = dp:extends)
            || (?predicate = dp:notWeaker && ?forward = dp:notStronger)
        )
    }
    FILTER NOT EXISTS {
        FILTER (?predicate = dp:equivalent)
        ?s dp:stronger ?o . ?o dp:stronger ?s .
    }
}"""
"""Reified statements (inferred, or an established relation to one definition under no
condition or restriction) whose triple is in the graph in no reading: as stated, as its
inverse, or for ∼ as ≻ both ways. The focus is the class ``rdf:Statement`` and each
orphan a value: one query over the graph, not one per statement (rdflib would take
seconds)."""


def _sparql(
    s: _Shapes, name: str, message: str, query: str, target: tuple[str, list[URIRef]]
) -> None:
    """A node shape with one SPARQL constraint and its targets (``targetSubjectsOf``, …)."""
    shape = v.DP[f"{name}Shape"]
    s.graph.add((shape, v.RDF.type, v.SH.NodeShape))
    kind, nodes = target
    for node in nodes:
        s.graph.add((shape, v.SH[kind], node))
    constraint = s._node()
    s.graph.add((shape, v.SH.sparql, constraint))
    s.graph.add((constraint, v.RDF.type, v.SH.SPARQLConstraint))
    s.graph.add((constraint, v.SH.message, Literal(message)))
    s.graph.add((constraint, v.SH.prefixes, _PREFIXES))
    s.graph.add((constraint, v.SH.select, Literal(query)))


_PREFIXES = URIRef(v.BASE + "ns")


def _consistency_shapes(s: _Shapes) -> None:
    """SPARQL constraints across nodes: contradictions, ¬(A ≻ A), orphaned reifications."""
    for prefix, namespace in (("dp", v.DP), ("rdf", v.RDF)):
        declaration = s._node()
        s.graph.add((_PREFIXES, v.SH.declare, declaration))
        s.graph.add((declaration, v.SH.prefix, Literal(prefix)))
        s.graph.add((declaration, v.SH.namespace, Literal(str(namespace), datatype=v.XSD.anyURI)))
    separations = [v.P_NOT_STRONGER, v.P_NOT_WEAKER]
    _sparql(
        s,
        "Contradiction",
        "{$this} is said to be both stronger and not stronger than {?value} (or weaker and"
        " not weaker): a contradiction (rules S2, N1)",
        CONTRADICTION_QUERY,
        ("targetSubjectsOf", separations),
    )
    _sparql(
        s,
        "SelfSeparation",
        "{$this} is said not to be stronger than itself, contradicting rule S1 (≻ is reflexive)",
        SELF_SEPARATION_QUERY,
        ("targetSubjectsOf", separations),
    )
    _sparql(
        s,
        "ReifiedTriple",
        "the reified statement {?value} has no triple with predicate {?predicate} in the graph",
        ORPHAN_QUERY,
        ("targetNode", [v.RDF.Statement]),
    )


def shapes_text() -> str:
    """The SHACL shapes as Turtle."""
    return shapes_graph().serialize(format="turtle")
