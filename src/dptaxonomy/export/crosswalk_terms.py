"""IRIs and CURIEs of library identifiers, shared by the RDF and SSSOM exports.

Only the DPV has IRIs of its own; the libraries name their measures and
accountants in code, so their identifiers get IRIs under dptaxonomy's base
(``…/lib/<library>/<identifier>``), one prefix per library.
"""

from __future__ import annotations

from urllib.parse import quote

from rdflib import URIRef
from rdflib.namespace import SKOS

from dptaxonomy.export.vocabulary import BASE
from dptaxonomy.schema.crosswalk import Library, Mapping, MatchKind

__all__ = ["LIBRARY_PREFIXES", "MATCH_PREDICATES", "library_curie", "library_iri"]

LIBRARY_PREFIXES: dict[Library, tuple[str, str]] = {
    Library.opendp: ("opendp", f"{BASE}lib/opendp/"),
    Library.tumult_analytics: ("tmlt", f"{BASE}lib/tumult-analytics/"),
    Library.dp_accounting: ("dpacct", f"{BASE}lib/dp-accounting/"),
    Library.opacus: ("opacus", f"{BASE}lib/opacus/"),
    Library.autodp: ("autodp", f"{BASE}lib/autodp/"),
    Library.dpv: ("dpv", "https://w3id.org/dpv#"),
}
"""CURIE prefix and IRI namespace of each library's identifiers."""

MATCH_PREDICATES: dict[MatchKind, URIRef] = {
    MatchKind.exact: SKOS.exactMatch,
    MatchKind.close: SKOS.closeMatch,
    MatchKind.broad: SKOS.broadMatch,
    MatchKind.narrow: SKOS.narrowMatch,
    MatchKind.related: SKOS.relatedMatch,
}
"""The SKOS mapping property (and SSSOM predicate) of each match kind."""


def _local(mapping: Mapping) -> str:
    identifier = mapping.identifier
    if mapping.library is Library.dpv:
        identifier = identifier.removeprefix("dpv:")
    return quote(identifier, safe="._")


def library_iri(mapping: Mapping) -> URIRef:
    """IRI of the library identifier a mapping names.

    >>> from dptaxonomy.schema.crosswalk import Mapping
    >>> library_iri(Mapping(library="dpv", identifier="dpv:DifferentialPrivacy",
    ...                     version="2.2", match="broad"))
    rdflib.term.URIRef('https://w3id.org/dpv#DifferentialPrivacy')
    """
    return URIRef(LIBRARY_PREFIXES[mapping.library][1] + _local(mapping))


def library_curie(mapping: Mapping) -> str:
    """CURIE of the library identifier, e.g. ``opendp:ZeroConcentratedDivergence``."""
    return f"{LIBRARY_PREFIXES[mapping.library][0]}:{_local(mapping)}"
