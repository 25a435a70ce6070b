"""RDF of an entry's operation rules (docs/operations.md), and reading them back.

Each rule is a node ``def:<id>/operation/<n>`` typed ``dp:OperationRule`` with its operation,
form, adaptivity, sampling, neighbour relations, result definition, parameter map,
conditions, citation and tightness witness as triples (for SPARQL), and the rule's canonical
JSON (``dp:ruleData``), which the import reads so the round trip stays lossless.
"""

from __future__ import annotations

import json
from typing import Any

from rdflib import Graph, Literal, URIRef
from rdflib.term import Node

from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf_knowledge import add_assignments
from dptaxonomy.schema.models import Definition

__all__ = ["add_operations", "read_operations"]

_ENUMS = {
    "operation": v.P_OPERATION,
    "form": v.P_COMPOSITION_FORM,
    "adaptivity": v.P_ADAPTIVITY,
    "sampling": v.P_SAMPLING,
    "neighbourhood": v.P_NEIGHBOURHOOD,
    "to_neighbourhood": v.P_TO_NEIGHBOURHOOD,
    "closed_form": v.P_CLOSED_FORM,
    "open": v.P_OPEN_REASON,
}


def add_operations(graph: Graph, definition: Definition) -> None:
    """Every operation rule of the entry."""
    subject = v.definition_iri(definition.id)
    for position, rule in enumerate(definition.operations):
        node = v.node_iri(definition.id, "operation", position)
        data = rule.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
        graph.add((subject, v.P_OPERATION_RULE, node))
        graph.add((node, v.RDF.type, v.C_OPERATION_RULE))
        graph.add((node, v.P_POSITION, Literal(position)))
        for key, predicate in _ENUMS.items():
            if key in data:
                graph.add((node, predicate, Literal(data[key])))
        if rule.result is not None:
            graph.add((node, v.P_RESULT_DEFINITION, v.definition_iri(rule.result)))
        if rule.parameter_map is not None:
            add_assignments(graph, node, v.P_PARAMETER_MAP, rule.parameter_map)
        for condition in rule.conditions:
            graph.add((node, v.P_CONDITIONS, Literal(condition)))
        if rule.tight is not None and rule.tight.witness is not None:
            graph.add((node, v.P_TIGHTNESS_WITNESS, v.mechanism_iri(rule.tight.witness)))
        if rule.citation is not None:
            citation = URIRef(f"{node}/citation")
            graph.add((node, v.P_CITATION, citation))
            graph.add((citation, v.RDF.type, v.C_CITATION))
            graph.add((citation, v.P_CITES, v.reference_iri(rule.citation.key)))
            graph.add((citation, v.P_LOCATOR, Literal(rule.citation.at)))
        if rule.note is not None:
            graph.add((node, v.SKOS.note, Literal(rule.note)))
        graph.add((node, v.P_STATUS, Literal(rule.status.value)))
        text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        graph.add((node, v.P_RULE_DATA, Literal(text)))


def read_operations(graph: Graph, subject: Node) -> list[dict[str, Any]]:
    """The entry's operation rules, in their order, as data."""
    nodes = sorted(
        graph.objects(subject, v.P_OPERATION_RULE),
        key=lambda n: int(str(next(iter(graph.objects(n, v.P_POSITION))))),
    )
    return [json.loads(str(next(iter(graph.objects(n, v.P_RULE_DATA))))) for n in nodes]
