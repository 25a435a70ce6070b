"""Publishing metadata: schema.org ``Dataset`` JSON-LD for the index, and a VoID description."""

from __future__ import annotations

import json

from dptaxonomy.export.vocabulary import BASE, CREATOR
from dptaxonomy.export.vocabulary import LICENSE_IRI as LICENSE

__all__ = ["dataset_jsonld", "void_turtle"]


def dataset_jsonld(*, version: str, date: str, definitions: int, repository: str) -> str:
    """schema.org ``Dataset`` as JSON, safe to embed in a script element."""
    data = {
        "@context": "https://schema.org",
        "@type": "Dataset",
        "@id": BASE,
        "name": "dptaxonomy",
        "description": (
            f"The open, machine-checked map of differential privacy definitions: "
            f"{definitions} definitions with dimensions, parameters, statements, "
            "cited properties and relations, and the implications a reasoner derives."
        ),
        "version": version,
        "dateModified": date,
        "license": LICENSE,
        "creator": {"@type": "Organization", "name": CREATOR},
        "isAccessibleForFree": True,
        "keywords": ["differential privacy", "taxonomy", "knowledge base", "ontology"],
        "url": repository,
        "distribution": [
            {
                "@type": "DataDownload",
                "encodingFormat": "text/turtle",
                "contentUrl": "data/dptaxonomy.ttl",
            },
            {
                "@type": "DataDownload",
                "encodingFormat": "application/x-bibtex",
                "contentUrl": "data/references.bib",
            },
        ],
    }
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
    return text.replace("<", "\\u003c")


def void_turtle(*, version: str, date: str, triples: int, definitions: int) -> str:
    """A VoID description of the RDF dataset (``data/void.ttl``)."""
    return f"""@prefix void: <http://rdfs.org/ns/void#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

<{BASE}void> a void:DatasetDescription ;
    dcterms:title "VoID description of dptaxonomy" ;
    dcterms:subject <{BASE}dataset> .

<{BASE}dataset> a void:Dataset ;
    dcterms:title "dptaxonomy" ;
    dcterms:description "The open, machine-checked map of differential privacy definitions." ;
    dcterms:license <{LICENSE}> ;
    dcterms:creator "{CREATOR}" ;
    dcterms:modified "{date}"^^xsd:date ;
    owl:versionInfo "{version}" ;
    void:uriSpace "{BASE}def/" ;
    void:exampleResource <{BASE}def/differential-privacy> ;
    void:vocabulary <{BASE}ns#> ;
    void:feature <http://www.w3.org/ns/formats/Turtle> ;
    void:dataDump <dptaxonomy.ttl> ;
    void:triples {triples} ;
    void:entities {definitions} .
"""
