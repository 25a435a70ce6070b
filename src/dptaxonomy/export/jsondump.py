"""JSON export of the whole knowledge base, with a published JSON Schema."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from dptaxonomy import __version__
from dptaxonomy.catalog.paths import root_relative_names
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.contradictions import find_contradictions
from dptaxonomy.reasoning.derived import derived_properties
from dptaxonomy.reasoning.jsonform import contradiction_data, proof_data
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.proofs import ProofSearch
from dptaxonomy.schema.mechanisms import Mechanism
from dptaxonomy.schema.models import Definition, Reference

__all__ = ["KnowledgeBaseExport", "export_schema_text", "json_text"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DerivedFact(_Frozen):
    """A fact the reasoner derives that no entry asserts as such, with its simplest proof."""

    kind: str = Field(description="stronger (a ≻ b) or not_stronger (¬(a ≻ b)).")
    a: str = Field(description="Id of the first definition.")
    b: str = Field(description="Id of the second definition.")
    proof: dict[str, Any] = Field(description="The proof: steps with citations and rules.")


class DerivedProperty(_Frozen):
    """A property value derived by rule P1 or P2 where the entry asserts `unknown`."""

    definition: str
    property: str
    value: str
    derived_from: str = Field(description="The equivalent definition whose claim it is.")
    rule: str = Field(description="P1 (composability across ∼) or P2 (same-parameter ∼).")
    conjectural: bool = Field(description="Whether an equivalence used rests on a conjecture.")


class KnowledgeBaseExport(_Frozen):
    """Everything dptaxonomy knows: entries, bibliography, and the reasoner's conclusions."""

    dptaxonomy_version: str = Field(description="Version of the tool that produced the export.")
    definitions: list[Definition] = Field(description="Every catalog entry, by id.")
    references: dict[str, Reference] = Field(description="The bibliography, by citation key.")
    mechanisms: list[Mechanism] = Field(
        default_factory=list, description="Every mechanism entry (the witnesses), by id."
    )
    equivalence_classes: list[list[str]] = Field(
        description="Classes of mutually equivalent definitions with more than one member."
    )
    derived: list[DerivedFact] = Field(description="Derived facts not asserted as such.")
    derived_properties: list[DerivedProperty] = Field(
        description="Property values derived by rules P1 and P2 where the entry asserts unknown."
    )
    contradictions: list[dict[str, Any]] = Field(
        description="Contradictions (rule, message, facts, claims), as in `dptax contradictions`."
    )


def _rooted(items: list[dict[str, Any]], names: dict[str, str]) -> list[dict[str, Any]]:
    """``items`` with each ``file`` relative to the catalog root, whatever the working directory."""
    return [{**item, "file": names.get(item["file"], item["file"])} for item in items]


def _export(catalog: Catalog, kb: KnowledgeBase) -> KnowledgeBaseExport:
    search = ProofSearch(kb)
    names = root_relative_names(catalog.directory)
    derived = []
    for p in search.derived():
        proof = proof_data(p)
        proof["steps"] = _rooted(proof["steps"], names)
        derived.append(DerivedFact(kind=p.conclusion.value, a=p.a, b=p.b, proof=proof))
    properties = [
        DerivedProperty(
            definition=i,
            property=d.name,
            value=d.value.value,
            derived_from=d.derived_from,
            rule=d.rule.value,
            conjectural=d.conjectural,
        )
        for i in sorted(kb.info)
        for d in derived_properties(kb, i)
        if d.agrees is None
    ]
    contradictions = []
    for found in find_contradictions(kb):
        data = contradiction_data(found)
        data["facts"] = _rooted(data["facts"], names)
        data["claims"] = _rooted(data["claims"], names)
        contradictions.append(data)
    return KnowledgeBaseExport(
        dptaxonomy_version=__version__,
        definitions=list(catalog.definitions.values()),
        references=catalog.references,
        mechanisms=list(catalog.mechanisms.values()),
        equivalence_classes=[list(m) for m in sorted(kb.strength.members) if len(m) > 1],
        derived=derived,
        derived_properties=properties,
        contradictions=contradictions,
    )


def json_text(catalog: Catalog, kb: KnowledgeBase) -> str:
    """The knowledge base as stable JSON."""
    data = _export(catalog, kb).model_dump(mode="json", exclude_none=True)
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def export_schema_text() -> str:
    """JSON Schema of :func:`json_text`'s output."""
    schema = KnowledgeBaseExport.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "dptaxonomy knowledge base export"
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
