"""JSON export of the whole knowledge base, with a published JSON Schema.

Proofs are shared by reference, so the export grows with the number of
derived facts, not with the total length of their proofs (a chain of n
definitions has about n²/2 derived pairs whose proofs together hold about
n³/6 steps). Every asserted fact a proof uses is written once, in ``facts``;
the step sequences form a prefix tree, ``step_chains``, where each link
names the chain before it and one more fact; a proof names its last link.
:func:`proof_steps` reads a proof's steps back.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from dptaxonomy import __version__
from dptaxonomy.catalog.paths import root_relative_names
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.jsonform import contradiction_data, fact_data, proof_data
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.contradictions import find_contradictions
from dptaxonomy.reasoning.logic.derived import derived_properties
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.schema.mechanisms import Mechanism
from dptaxonomy.schema.models import Definition, Reference

__all__ = ["EXPORT_FORMAT", "KnowledgeBaseExport", "export_schema_text", "json_text", "proof_steps"]

EXPORT_FORMAT = 2
"""Version of the export's shape: 2 shares facts and step chains by reference (1 inlined them)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DerivedFact(_Frozen):
    """A fact the reasoner derives that no entry asserts as such, with its simplest proof."""

    kind: str = Field(description="stronger (a ≻ b) or not_stronger (¬(a ≻ b)).")
    a: str = Field(description="Id of the first definition.")
    b: str = Field(description="Id of the second definition.")
    proof: dict[str, Any] = Field(
        description=(
            "The proof: conclusion, rules and flags; `chain` is the id of its last link in "
            "`step_chains` and `length` its number of steps."
        )
    )


class StepLink(_Frozen):
    """One link of the prefix tree of proof steps: the chain before it, then one fact."""

    id: int = Field(description="Id of this link (its position in `step_chains`).")
    before: int | None = Field(
        default=None, description="Id of the link before it; absent for a first step."
    )
    fact: int = Field(description="Id of the step's fact in `facts`.")


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
    export_format: int = Field(
        default=EXPORT_FORMAT, description="Version of this document's shape (2: shared proofs)."
    )
    definitions: list[Definition] = Field(description="Every catalog entry, by id.")
    references: dict[str, Reference] = Field(description="The bibliography, by citation key.")
    mechanisms: list[Mechanism] = Field(
        default_factory=list, description="Every mechanism entry (the witnesses), by id."
    )
    equivalence_classes: list[list[str]] = Field(
        description="Classes of mutually equivalent definitions with more than one member."
    )
    facts: list[dict[str, Any]] = Field(
        default_factory=list,
        description="Every asserted fact a proof uses, once, each with its `id`.",
    )
    step_chains: list[StepLink] = Field(
        default_factory=list, description="The proofs' step sequences as a prefix tree."
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


class _ProofTable:
    """Facts and step chains, each written once, with ids in order of first use."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names
        self.facts: list[dict[str, Any]] = []
        self.links: list[StepLink] = []
        self._fact_ids: dict[int, int] = {}  # by object: facts are not hashable
        self._alive: list[Fact] = []  # keeps each keyed fact alive, so its id stays its own
        self._link_ids: dict[tuple[int | None, int], int] = {}

    def fact(self, fact: Fact) -> int:
        known = self._fact_ids.get(id(fact))
        if known is None:
            known = self._fact_ids[id(fact)] = len(self.facts)
            self._alive.append(fact)
            data = fact_data(fact)
            data["file"] = self.names.get(data["file"], data["file"])
            self.facts.append({"id": known, **data})
        return known

    def chain(self, steps: tuple[Fact, ...]) -> int:
        link: int | None = None
        for step in steps:
            key = (link, self.fact(step))
            found = self._link_ids.get(key)
            if found is None:
                found = self._link_ids[key] = len(self.links)
                self.links.append(StepLink(id=found, before=link, fact=key[1]))
            link = found
        assert link is not None, "a proof has at least one step"
        return link


def proof_steps(export: dict[str, Any], proof: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps of an exported proof, first to last, read from ``facts`` and ``step_chains``."""
    links, facts = export["step_chains"], export["facts"]
    steps: list[dict[str, Any]] = []
    link: int | None = proof["chain"]
    while link is not None:
        steps.append(facts[links[link]["fact"]])
        link = links[link].get("before")
    return steps[::-1]


def _export(catalog: Catalog, kb: KnowledgeBase) -> KnowledgeBaseExport:
    search = ProofSearch(kb)
    names = root_relative_names(catalog.directory)
    table = _ProofTable(names)
    derived = []
    for p in search.derived():
        proof = proof_data(p, with_steps=False)
        proof["chain"] = table.chain(p.steps)
        proof["length"] = len(p.steps)
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
        facts=table.facts,
        step_chains=table.links,
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
