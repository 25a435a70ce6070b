"""The RDF vocabulary: one base IRI, and a named constant for every class and predicate."""

from __future__ import annotations

from urllib.parse import quote

from rdflib import Namespace, URIRef
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SKOS, XSD

__all__ = [
    "BASE",
    "BIBO",
    "CREATOR",
    "DCTERMS",
    "DP",
    "LICENSE_IRI",
    "OWL",
    "PREFIXES",
    "PROV",
    "RDF",
    "RDFS",
    "SH",
    "SKOS",
    "XSD",
    "definition_iri",
    "mechanism_iri",
    "node_iri",
    "reference_iri",
]

BASE = "https://w3id.org/dptaxonomy/"
"""The one base IRI of every term and resource dptaxonomy publishes."""

LICENSE_IRI = "https://opensource.org/licenses/MIT"
"""The licence of the package, the catalog and everything exported from it."""
CREATOR = "dptaxonomy contributors"
"""Who makes the catalog (as in pyproject and CITATION.cff)."""

DP = Namespace(BASE + "ns#")
BIBO = Namespace("http://purl.org/ontology/bibo/")
SH = Namespace("http://www.w3.org/ns/shacl#")

PREFIXES = {
    "dp": DP,
    "def": Namespace(BASE + "def/"),
    "ref": Namespace(BASE + "ref/"),
    "skos": SKOS,
    "dcterms": DCTERMS,
    "bibo": BIBO,
    "prov": PROV,
    "owl": OWL,
    "rdfs": RDFS,
    "xsd": XSD,
    "sh": SH,
}


def definition_iri(definition_id: str) -> URIRef:
    """IRI of a definition (ids are slugs, safe in a path)."""
    return URIRef(f"{BASE}def/{definition_id}")


def reference_iri(key: str) -> URIRef:
    """IRI of a bibliography entry; keys may contain `+`, which is percent-encoded."""
    return URIRef(f"{BASE}ref/{quote(key, safe='')}")


def mechanism_iri(mechanism_id: str, *parts: str | int) -> URIRef:
    """IRI of a mechanism, or of a node belonging to it (a claim)."""
    tail = "".join("/" + quote(str(part), safe="") for part in parts)
    return URIRef(f"{BASE}mechanism/{mechanism_id}{tail}")


def node_iri(definition_id: str, *parts: str | int) -> URIRef:
    """IRI of a node belonging to a definition (a claim, a relation, a parameter, …)."""
    tail = "/".join(quote(str(part), safe="") for part in parts)
    return URIRef(f"{BASE}def/{definition_id}/{tail}")


# Classes -------------------------------------------------------------------
C_DEFINITION = DP.Definition
C_DIMENSION = DP.Dimension
C_PARAMETER = DP.Parameter
C_SOURCE = DP.Source
C_CLAIM = DP.Claim
C_CITATION = DP.Citation
C_RELATION = DP.Relation
C_SEPARATION = DP.Separation
C_PARAMETRIC = DP.ParametricImplication
C_DEFINITION_SET = DP.DefinitionSet
C_MAPPING = DP.ParameterMapping
C_LINK = DP.Link
C_REFERENCE = DP.Reference
C_INFERENCE = DP.InferredStatement
C_SOURCED_NAME = DP.SourcedName
C_LIBRARY_MAPPING = DP.LibraryMapping
C_MECHANISM = DP.Mechanism
C_MECHANISM_CLAIM = DP.MechanismClaim
C_PERFECT_PRIVACY = DP.PerfectPrivacyDeclaration
C_VACUOUS_VALUE = DP.VacuousValue
C_OPERATION_RULE = DP.OperationRule

# Relations between definitions (direct triples; the ontology types them) -----
P_STRONGER = DP.stronger
P_WEAKER = DP.weaker
P_EXTENDS = DP.extends
P_EXTENDED_BY = DP.extendedBy
P_EQUIVALENT = DP.equivalent
P_NOT_STRONGER = DP.notStronger
P_NOT_WEAKER = DP.notWeaker

# Definition data -------------------------------------------------------------
P_ID = DP.identifier
P_ABBREVIATIONS = DP.abbreviations
P_ALIASES = DP.aliases
P_DISAMBIGUATOR = DP.disambiguator
P_HAS_DIMENSION = DP.hasDimension
P_PARAMETERS = DP.parameters
P_PARAMETER_NAME = DP.parameterName
P_SYMBOL = DP.symbol
P_MEANING = DP.meaning
P_PARAMETER_TYPE = DP.parameterType
P_DOMAIN = DP.domain
P_MONOTONE = DP.monotone
P_STANDARD_VALUE = DP.standardValue
P_STANDARD_FORM = DP.standardForm
P_STATEMENT = DP.statement
P_INTRODUCED_IN = DP.introducedIn
P_SOURCE = DP.source
P_SECTION = DP.section
P_DEFINITION_NUMBER = DP.definitionNumber
P_TABLE3_ROW = DP.table3Row
P_TABLE3_LABEL = DP.table3Label
P_TABLE3_ABBREVIATION = DP.table3Abbreviation
P_SCOPE = DP.scope
P_SETTING = DP.setting
P_UNIT = DP.unit
P_NEIGHBOURS = DP.neighbours
P_CONVENTION = DP.convention
P_COMBINES = DP.combines
P_CLAIM = DP.claim
P_PROPERTY = DP.property
P_VALUE = DP.value
P_STATUS = DP.status
P_CITATION = DP.citation
P_CITES = DP.cites
P_LOCATOR = DP.locator
P_QUOTE = DP.quote
P_RELATION = DP.relation
P_POSITION = DP.position
P_QUANTIFIER = DP.quantifier
P_PARAMETER_MAP = DP.parameterMap
P_EXPRESSION = DP.expression
P_CONDITIONS = DP.conditions
P_RESTRICTION = DP.restriction
P_RESTRICTED_TO = DP.restrictedTo
P_LINK = DP.link
P_LINK_KIND = DP.linkKind
P_VARIANT_READING = DP.variantReading
P_VARIANT_REASON = DP.variantReason
P_CITATION_KEY = DP.citationKey
P_VENUE = DP.venue
P_YEAR = DP.year
P_RULE = DP.rule

# Names, crosswalk, statement source, bibliographic detail (issue 14) ---------
P_NAME = DP.name
P_LABEL = DP.label
P_STATEMENT_SOURCE = DP.statementSource
P_MAPPING = DP.mapping
P_LIBRARY = DP.library
P_LIBRARY_IDENTIFIER = DP.libraryIdentifier
P_LIBRARY_VERSION = DP.libraryVersion
P_MATCH = DP.match
P_ENTRY_TYPE = DP.entryType
P_ARXIV = DP.arxiv
P_SATISFIES = DP.satisfiesClaim
P_VIOLATES = DP.violatesClaim
P_ABOUT = DP.about
P_EVIDENCE = DP.evidence
P_PERFECT_PRIVACY = DP.perfectPrivacy
P_PERFECT_AT = DP.perfectPrivacyAt
P_EVERY_PARAMETER = DP.perfectPrivacyMeetsEveryParameter
P_NOT_EVALUABLE = DP.notEvaluableBecause
P_VACUOUS = DP.vacuousValue
P_VACUOUS_AT = DP.vacuousAt
P_DESCRIBED = DP.describedValue

# Operation rules (issue 23) ---------------------------------------------------
P_OPERATION_RULE = DP.operationRule
P_OPERATION = DP.operation
P_COMPOSITION_FORM = DP.compositionForm
P_ADAPTIVITY = DP.adaptivity
P_SAMPLING = DP.sampling
P_NEIGHBOURHOOD = DP.neighbourhood
P_TO_NEIGHBOURHOOD = DP.toNeighbourhood
P_RESULT_DEFINITION = DP.resultDefinition
P_CLOSED_FORM = DP.closedForm
P_OPEN_REASON = DP.openReason
P_TIGHTNESS_WITNESS = DP.tightnessWitness
P_RULE_DATA = DP.ruleData
P_CLAIM_SCOPE = DP.claimScope
