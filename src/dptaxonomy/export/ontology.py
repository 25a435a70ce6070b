"""The OWL ontology of the RDF export (its SHACL shapes are in :mod:`dptaxonomy.export.shapes`).

It is generated here from the vocabulary constants and committed under
``ontology/`` (``make schema`` refreshes it; a test keeps it current).
"""

from __future__ import annotations

from rdflib import Graph, Literal, URIRef

from dptaxonomy import __version__
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf import bind_prefixes
from dptaxonomy.schema.enums import DIMENSION_LABELS

__all__ = [
    "ONTOLOGY_CREATED",
    "ONTOLOGY_MODIFIED",
    "ontology_graph",
    "ontology_text",
]

ONTOLOGY_CREATED = "2026-11-21"
"""First release of the vocabulary (0.1.0, see CHANGELOG.md)."""
ONTOLOGY_MODIFIED = "2026-11-26"
"""Last change of the vocabulary: raise it with ``__version__`` when a term changes."""

_CLASSES: list[tuple[URIRef, str, str, URIRef | None]] = [
    (
        v.C_DEFINITION,
        "definition",
        "A data privacy definition derived from differential privacy.",
        v.SKOS.Concept,
    ),
    (
        v.C_DIMENSION,
        "dimension",
        "One of the SoK's seven dimensions along which DP is modified.",
        None,
    ),
    (v.C_PARAMETER, "parameter", "A parameter of a definition, such as ε or δ.", None),
    (v.C_SOURCE, "source", "Where a definition is presented (work, section, Table 3 row).", None),
    (
        v.C_CLAIM,
        "property claim",
        "A cited claim that a definition has a property (yes, no, unknown).",
        None,
    ),
    (v.C_CITATION, "citation", "A bibliography entry and the exact place in it.", None),
    (
        v.C_PERFECT_PRIVACY,
        "perfect-privacy declaration",
        "Where a definition forces, and is met by, identically distributed outputs on "
        "neighbours (read by rule E3).",
        None,
    ),
    (
        v.C_VACUOUS_VALUE,
        "vacuous value",
        "Parameter values at which every mechanism meets a definition (read by rule V1).",
        None,
    ),
    (
        v.C_OPERATION_RULE,
        "operation rule",
        "A cited rule for composition, group privacy, amplification or a change of neighbour "
        "relation, with its parameter map (docs/operations.md).",
        None,
    ),
    (
        v.C_SOURCED_NAME,
        "sourced name",
        "A name or spelling of a definition, with a work that uses it.",
        None,
    ),
    (
        v.C_LIBRARY_MAPPING,
        "library mapping",
        "The identifier a DP library or vocabulary gives a definition, with its version.",
        None,
    ),
    (
        v.C_RELATION,
        "relation",
        "A cited relation between two definitions, as a reified statement.",
        v.RDF.Statement,
    ),
    (
        v.C_SEPARATION,
        "separation",
        "A cited statement that one definition does not imply another.",
        v.C_RELATION,
    ),
    (
        v.C_PARAMETRIC,
        "parametric implication",
        "A relation with a map between parameters.",
        v.C_RELATION,
    ),
    (
        v.C_MECHANISM,
        "mechanism",
        "A randomized algorithm stated in the catalog, the witness of separations.",
        None,
    ),
    (
        v.C_MECHANISM_CLAIM,
        "mechanism claim",
        "A cited claim that a mechanism satisfies a definition, or violates it for every "
        "parameter.",
        None,
    ),
    (v.C_DEFINITION_SET, "set of definitions", "All (or most) definitions of a dimension.", None),
    (
        v.C_MAPPING,
        "parameter mapping",
        "The parameters of one side as expressions of the other's.",
        None,
    ),
    (
        v.C_LINK,
        "link",
        "A cited, non-logical link: local version of, distinct from, variant of.",
        None,
    ),
    (v.C_REFERENCE, "reference", "A work in the bibliography.", v.BIBO.Document),
    (
        v.C_INFERENCE,
        "inferred statement",
        "A fact derived by the reasoner, with its provenance.",
        v.RDF.Statement,
    ),
]

_OBJECT_PROPERTIES: list[tuple[URIRef, str, str, list[URIRef]]] = [
    (
        v.P_STRONGER,
        "stronger than",
        "SoK Definition 6 (≻): the subject implies the object, up to parameters.",
        [v.OWL.TransitiveProperty],
    ),
    (
        v.P_EXTENDS,
        "special case of",
        "SoK Definition 5 (⊂): every instance of the subject is one of the object.",
        [v.OWL.TransitiveProperty],
    ),
    (
        v.P_EQUIVALENT,
        "equivalent to",
        "SoK ∼: stronger in both directions.",
        [v.OWL.SymmetricProperty, v.OWL.TransitiveProperty],
    ),
    (
        v.P_NOT_STRONGER,
        "not stronger than",
        "A separation: no parameters make the subject imply the object.",
        [],
    ),
    (v.P_WEAKER, "weaker than", "SoK ≺, the inverse of stronger than.", []),
    (v.P_EXTENDED_BY, "generalises", "SoK ⊃, the inverse of special case of.", []),
    (v.P_NOT_WEAKER, "not weaker than", "The inverse of not stronger than.", []),
]

_DATA_PROPERTIES: list[tuple[URIRef, str]] = [
    (v.P_ID, "stable identifier of a definition"),
    (v.P_STATEMENT, "formal statement, as LaTeX"),
    (v.P_SCOPE, "where the SoK places the notion"),
    (
        v.P_SETTING,
        "the trust model: central, local, shuffle, distributed, pan-private or "
        "continual observation",
    ),
    (v.P_UNIT, "the unit of privacy: record, event, item, label, user-day, user, edge or node"),
    (v.P_NEIGHBOURS, "the neighbouring convention: add/remove, replace-one or either"),
    (v.P_CONVENTION, "the neighbouring convention a relation holds under"),
    (v.P_PARAMETER_NAME, "ASCII name of a parameter"),
    (v.P_SYMBOL, "LaTeX symbol of a parameter"),
    (v.P_MEANING, "what a parameter controls"),
    (v.P_PARAMETER_TYPE, "mathematical type of a parameter"),
    (v.P_DOMAIN, "admissible values of a parameter"),
    (v.P_MONOTONE, "whether a guarantee weakens or strengthens as the parameter grows"),
    (v.P_STANDARD_VALUE, "the value the usual form of a definition fixes a parameter to"),
    (v.P_STANDARD_FORM, "the name of that usual form, e.g. ρ-zCDP"),
    (v.P_SECTION, "section of the source"),
    (v.P_DEFINITION_NUMBER, "definition number in the source"),
    (v.P_TABLE3_ROW, "row of the SoK's Table 3"),
    (v.P_TABLE3_LABEL, "column 1 of the Table 3 row, as printed"),
    (v.P_TABLE3_ABBREVIATION, "abbreviation as Table 3 spells it"),
    (v.P_PROPERTY, "name of the property a claim is about"),
    (v.P_VALUE, "yes, no or unknown"),
    (v.P_STATUS, "established, conjectured or disputed"),
    (v.P_LOCATOR, "exact place in the cited work"),
    (v.P_QUOTE, "verbatim excerpt of the cited work"),
    (v.P_OPERATION, "composition, group_privacy, amplification or neighbourhood_change"),
    (v.P_COMPOSITION_FORM, "k_fold or heterogeneous composition"),
    (v.P_ADAPTIVITY, "the most adaptive setting a composition rule is proved in"),
    (v.P_SAMPLING, "the subsampling or shuffling an amplification rule assumes"),
    (v.P_NEIGHBOURHOOD, "the neighbour relation an operation rule assumes or converts from"),
    (v.P_TO_NEIGHBOURHOOD, "the neighbour relation a change of neighbourhood converts to"),
    (v.P_CLOSED_FORM, "the named closed form of an operation rule without a map"),
    (v.P_OPEN_REASON, "why an entry gives no rule for an operation: source_not_read, …"),
    (v.P_RULE_DATA, "the operation rule as canonical JSON (for a lossless import)"),
    (v.P_CLAIM_SCOPE, "what a property claim covers"),
    (v.P_POSITION, "position of an item in its entry"),
    (v.P_QUANTIFIER, "all or most"),
    (v.P_EXPRESSION, "arithmetic expression of a parameter map"),
    (v.P_LINK_KIND, "local_version_of, distinct_from or variant_of"),
    (
        v.P_VARIANT_READING,
        "what a variant_of link's change implies: implies, no_known_direction, …",
    ),
    (v.P_VARIANT_REASON, "why a variant_of link's change implies that relation, or none"),
    (v.P_CITATION_KEY, "bibliography key"),
    (v.P_VENUE, "journal, conference or publisher"),
    (v.P_YEAR, "year of publication"),
    (v.P_RULE, "id of a reasoner rule used to derive a statement"),
    (v.P_LABEL, "a name or spelling, as the citing work writes it"),
    (v.P_LIBRARY, "a DP library or vocabulary (opendp, tumult-analytics, dp-accounting, ...)"),
    (v.P_LIBRARY_IDENTIFIER, "the identifier a library gives the definition"),
    (v.P_LIBRARY_VERSION, "library version in which the identifier was checked"),
    (v.P_MATCH, "exact, close, broad, narrow or related (SKOS mapping strength)"),
    (v.P_ENTRY_TYPE, "BibTeX entry type of a reference"),
    (v.P_ARXIV, "arXiv identifier of a reference"),
    (v.P_EVIDENCE, "evidence level: quoted, cited, computed, refuted or derived"),
    (v.P_EVERY_PARAMETER, "whether perfect privacy meets every parameter of the definition"),
    (v.P_NOT_EVALUABLE, "why no evaluator computes the definition on small finite mechanisms"),
    (v.P_DESCRIBED, "a vacuous value no number can write, in words"),
]

_LINKING_PROPERTIES: list[tuple[URIRef, str]] = [
    (v.P_HAS_DIMENSION, "a dimension of the definition"),
    (v.P_PARAMETERS, "ordered list of parameters"),
    (v.P_ABBREVIATIONS, "ordered list of abbreviations"),
    (v.P_ALIASES, "ordered list of aliases"),
    (v.P_DISAMBIGUATOR, "the citation that tells homonyms apart"),
    (v.P_INTRODUCED_IN, "ordered list of the works that introduced the definition"),
    (v.P_SOURCE, "where the definition is presented"),
    (v.P_COMBINES, "ordered list of the definitions it combines"),
    (v.P_CLAIM, "a property claim"),
    (v.P_CITATION, "the citation of a claim, relation or link"),
    (v.P_CITES, "the cited work"),
    (v.P_RELATION, "a relation stated in the definition's entry"),
    (v.P_PARAMETER_MAP, "parameter mapping of a parametric implication"),
    (v.P_CONDITIONS, "side conditions of a relation"),
    (v.P_RESTRICTION, "a parameter a relation fixes to a described value"),
    (v.P_RESTRICTED_TO, "the value or subset a restriction fixes its parameter to"),
    (v.P_LINK, "a non-logical link stated in the entry"),
    (v.P_NAME, "a further name of the definition, with a work that uses it"),
    (v.P_MAPPING, "a crosswalk mapping to a library identifier"),
    (v.P_STATEMENT_SOURCE, "where the formal statement is transcribed from"),
    (v.P_PERFECT_PRIVACY, "the definition's perfect-privacy declaration"),
    (v.P_PERFECT_AT, "a parameter value at which the definition forces perfect privacy"),
    (v.P_VACUOUS, "a value at which every mechanism meets the definition"),
    (v.P_VACUOUS_AT, "a parameter value of a vacuous value"),
    (v.P_OPERATION_RULE, "an operation rule stated in the definition's entry"),
    (v.P_RESULT_DEFINITION, "the definition an operation rule's result is stated in"),
    (v.P_TIGHTNESS_WITNESS, "the mechanism attaining a tight operation rule"),
    (v.P_SATISFIES, "a claim that the mechanism satisfies a definition"),
    (v.P_VIOLATES, "a claim that the mechanism violates a definition for every parameter"),
    (v.P_ABOUT, "the definition a mechanism claim is about"),
]


def ontology_graph() -> Graph:
    """The OWL ontology of the export."""
    graph = Graph()
    bind_prefixes(graph)
    ontology = URIRef(v.BASE + "ns")
    graph.add((ontology, v.RDF.type, v.OWL.Ontology))
    graph.add(
        (ontology, v.RDFS.label, Literal("dptaxonomy: the map of differential privacy definitions"))
    )
    graph.add((ontology, v.DCTERMS.source, v.reference_iri("DP20")))
    graph.add((ontology, v.OWL.versionIRI, URIRef(f"{v.BASE}ns/{__version__}")))
    graph.add((ontology, v.OWL.versionInfo, Literal(__version__)))
    graph.add((ontology, v.DCTERMS.license, URIRef(v.LICENSE_IRI)))
    graph.add((ontology, v.DCTERMS.creator, Literal(v.CREATOR)))
    graph.add((ontology, v.DCTERMS.created, Literal(ONTOLOGY_CREATED, datatype=v.XSD.date)))
    graph.add((ontology, v.DCTERMS.modified, Literal(ONTOLOGY_MODIFIED, datatype=v.XSD.date)))
    for iri, label, comment, parent in _CLASSES:
        graph.add((iri, v.RDF.type, v.OWL.Class))
        graph.add((iri, v.RDFS.label, Literal(label)))
        graph.add((iri, v.RDFS.comment, Literal(comment)))
        if parent is not None:
            graph.add((iri, v.RDFS.subClassOf, parent))
    for letter, label in DIMENSION_LABELS.items():
        graph.add((v.DP[letter], v.RDF.type, v.C_DIMENSION))
        graph.add((v.DP[letter], v.RDF.type, v.OWL.NamedIndividual))
        graph.add((v.DP[letter], v.SKOS.prefLabel, Literal(label)))
        graph.add((v.DP[letter], v.SKOS.notation, Literal(letter)))
    for iri, label, comment, characteristics in _OBJECT_PROPERTIES:
        graph.add((iri, v.RDF.type, v.OWL.ObjectProperty))
        for characteristic in characteristics:
            graph.add((iri, v.RDF.type, characteristic))
        graph.add((iri, v.RDFS.label, Literal(label)))
        graph.add((iri, v.RDFS.comment, Literal(comment)))
        graph.add((iri, v.RDFS.domain, v.C_DEFINITION))
        graph.add((iri, v.RDFS.range, v.C_DEFINITION))
    graph.add((v.P_EQUIVALENT, v.RDFS.subPropertyOf, v.P_STRONGER))
    graph.add((v.P_WEAKER, v.OWL.inverseOf, v.P_STRONGER))
    graph.add((v.P_EXTENDED_BY, v.OWL.inverseOf, v.P_EXTENDS))
    graph.add((v.P_NOT_WEAKER, v.OWL.inverseOf, v.P_NOT_STRONGER))
    for iri, comment in _DATA_PROPERTIES:
        graph.add((iri, v.RDF.type, v.OWL.DatatypeProperty))
        graph.add((iri, v.RDFS.comment, Literal(comment)))
    for iri, comment in _LINKING_PROPERTIES:
        graph.add((iri, v.RDF.type, v.OWL.ObjectProperty))
        graph.add((iri, v.RDFS.comment, Literal(comment)))
    return graph


def ontology_text() -> str:
    """The ontology as Turtle."""
    return ontology_graph().serialize(format="turtle")
