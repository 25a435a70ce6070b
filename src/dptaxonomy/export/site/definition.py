"""What a definition's page shows, as plain data for its template.

Everything comes from the catalog entry and the reasoner: the properties
with their evidence, the three tables of the Equational Theories Project
(implied by, implies, separated from), special cases and generalisations,
equivalents, and where the definition is written down.
"""

from __future__ import annotations

from typing import Any

from dptaxonomy.base.records import record
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.bibtex import cite_text
from dptaxonomy.export.site.labels import label_of, library_names, literature_names
from dptaxonomy.export.site.mathml import render_latex
from dptaxonomy.export.site.mechanism import mechanisms_about, witnesses_of
from dptaxonomy.export.site.urls import definition_url, pair_url
from dptaxonomy.reasoning.logic.proof import Proof
from dptaxonomy.reasoning.maps.parameters import composed_map
from dptaxonomy.reasoning.reasoner import Reasoner
from dptaxonomy.schema.enums import DIMENSION_LABELS, TRUTH_MARKS, OpenReason
from dptaxonomy.schema.models import Claim, Definition, Properties

__all__ = ["PROPERTY_LABELS", "RelationRow", "definition_context", "evidence_of"]

PROPERTY_LABELS = {
    "post_processing": "Post-processing",
    "convexity": "Convexity",
    "composability": "Composability",
    "parallel_composition": "Parallel composition",
    "group_privacy": "Group privacy",
}


@record
class RelationRow:
    """One row of a relation table on a definition page."""

    id: str
    name: str
    label: str
    how: str
    """asserted, derived or conjectural."""
    steps: int
    parameter_map: tuple[tuple[str, str], ...]
    conditions: tuple[str, ...]
    pair: str
    """Root-relative URL of the pair page with the proof."""
    witness: str = ""

    @property
    def unchanged(self) -> bool:
        """Whether the map sends every parameter to the same-named one (equivalents)."""
        return bool(self.parameter_map) and all(name == expr for name, expr in self.parameter_map)


def evidence_of(claim: Claim | None) -> str:
    """quoted (a stored quote), cited (a citation without one) or unknown."""
    if claim is None or claim.citation is None:
        return "unknown"
    return "quoted" if claim.citation.quote else "cited"


def _how(proof: Proof) -> str:
    if proof.conjectural:
        return "conjectural"
    return "derived" if proof.derived else "asserted"


def _row(catalog: Catalog, reasoner: Reasoner, this: str, other: str, proof: Proof) -> RelationRow:
    parametric = reasoner.search.parametric(proof.a, proof.b) if proof.steps else None
    mapping = composed_map(parametric) if parametric is not None else None
    shown = parametric if mapping is not None and parametric is not None else proof
    conditions = tuple(dict.fromkeys(c for s in shown.steps for c in s.origin.conditions))
    definition = catalog.entries[other].definition
    return RelationRow(
        id=other,
        name=definition.name,
        label=label_of(definition),
        how=_how(proof),
        steps=len(proof.steps),
        parameter_map=tuple(sorted((mapping or {}).items())),
        conditions=conditions,
        pair=pair_url(this, other),
    )


def _separations(catalog: Catalog, reasoner: Reasoner, this: str) -> list[dict[str, Any]]:
    kb, search = reasoner.kb, reasoner.search
    witnessed = witnesses_of(catalog)
    rows = []
    for other in catalog.definitions:
        if other == this:
            continue
        for a, b, reading in ((this, other, "does not imply"), (other, this, "is not implied by")):
            if not kb.is_not_stronger(a, b):
                continue
            proof = search.not_stronger(a, b)
            assert proof is not None
            separation = next(s for s in proof.steps if s.kind.value == "not_stronger")
            citation = separation.origin.citation
            definition = catalog.entries[other].definition
            rows.append(
                {
                    "id": other,
                    "name": definition.name,
                    "label": label_of(definition),
                    "reading": reading,
                    "how": _how(proof),
                    "witness": f"{separation.a} ⊁ {separation.b}",
                    "citation": f"[{citation.key}] {citation.at}",
                    "note": separation.origin.note or "",
                    "pair": pair_url(this, other),
                    "mechanisms": [(m.id, m.name) for m in witnessed.get((a, b), [])],
                }
            )
    return rows


def _properties(reasoner: Reasoner, definition: Definition) -> list[dict[str, Any]]:
    """Each property as asserted, with any value rules P1/P2 derive shown beside it."""
    from dptaxonomy.reasoning.logic.derived import derived_properties

    derived = {d.name: d for d in derived_properties(reasoner.kb, definition.id)}
    rows = []
    for field in Properties.model_fields:
        claim: Claim | None = getattr(definition.properties, field)
        value = claim.value.value if claim is not None else "unknown"
        found = derived.get(field)
        rows.append(
            {
                "label": PROPERTY_LABELS.get(field, field),
                "value": value,
                "mark": TRUTH_MARKS[value],
                "evidence": evidence_of(claim),
                "status": claim.status.value if claim is not None else "",
                "citation": claim.citation if claim is not None else None,
                "note": claim.note if claim is not None else None,
                "scope": claim.scope if claim is not None else None,
                "derived": None
                if found is None
                else {
                    "value": found.value.value,
                    "mark": TRUTH_MARKS[found.value.value],
                    "rule": found.rule.value,
                    "from": found.derived_from,
                    "agrees": found.agrees,
                    "conjectural": found.conjectural,
                },
            }
        )
    return rows


def _operations(catalog: Catalog, definition: Definition) -> list[dict[str, Any]]:
    """Each operation rule: its line, citation, evidence (with ``dptax verify``'s verdict) and
    tightness; an ``open`` mark's evidence is ``open`` or ``not-applicable``."""
    from dptaxonomy.reasoning.logic.facts import evidence_level
    from dptaxonomy.reasoning.operation_reading import rule_line

    rows = []
    for index, rule in enumerate(definition.operations):
        computed = catalog.evidence.get(("operation", definition.id, index))
        quote = rule.citation.quote if rule.citation is not None else None
        level, cases = evidence_level(quote, computed)
        if rule.open is not None:
            level = "not-applicable" if rule.open is OpenReason.not_applicable else "open"
        tight = catalog.evidence.get(("tightness", definition.id, index))
        rows.append(
            {
                "line": rule_line(rule.model_dump(mode="json", exclude_none=True)),
                "citation": rule.citation,
                "evidence": level,
                "cases": cases,
                "status": rule.status.value,
                "tight": rule.tight,
                "tight_verdict": tight.outcome if tight is not None else None,
                "note": rule.note,
                "not_checked": rule.not_checked,
            }
        )
    return rows


def entry_bibtex(definition: Definition, version: str) -> str:
    """BibTeX for this catalog entry itself (the introducing papers are cited separately)."""
    from dptaxonomy.export.bibtex import latex_escape

    return (
        f"@misc{{dptaxonomy-{definition.id},\n"
        f"  author = {{{{dptaxonomy contributors}}}},\n"
        f"  title = {{{{{latex_escape(definition.name)}}} (dptaxonomy entry)}},\n"
        f"  howpublished = {{dptaxonomy {latex_escape(version)}}},\n"
        f"  url = {{https://w3id.org/dptaxonomy/def/{definition.id}}}\n"
        "}\n"
    )


def definition_context(
    catalog: Catalog, reasoner: Reasoner, this: str, version: str = ""
) -> dict[str, Any]:
    """Everything the page of definition ``this`` shows (diagram excluded)."""
    kb = reasoner.kb
    definition = catalog.entries[this].definition
    stronger: list[RelationRow] = []
    equivalents: list[RelationRow] = []
    for neighbour in reasoner.stronger_than(this):
        row = _row(catalog, reasoner, this, neighbour.id, neighbour.proof)
        (equivalents if neighbour.equivalent else stronger).append(row)
    weaker = [
        _row(catalog, reasoner, this, n.id, n.proof)
        for n in reasoner.weaker_than(this)
        if not n.equivalent
    ]
    ext = kb.extension
    special = [
        catalog.entries[i].definition for i in ext.ancestors(this) if not ext.same_class(i, this)
    ]
    general = [
        catalog.entries[i].definition for i in ext.descendants(this) if not ext.same_class(i, this)
    ]
    statement = (
        render_latex(definition.statement, block=True, label=definition.statement)
        if definition.statement
        else None
    )
    return {
        "definition": definition,
        "label": label_of(definition),
        "literature_names": literature_names(definition),
        "library_names": library_names(definition),
        "dimensions": [(d.value, DIMENSION_LABELS[d]) for d in definition.dimensions],
        "parameters": [
            {"parameter": p, "symbol": render_latex(p.symbol, label=p.symbol).markup}
            for p in definition.parameters
        ],
        "statement": statement,
        "properties": _properties(reasoner, definition),
        "operations": _operations(catalog, definition),
        "stronger": stronger,
        "weaker": weaker,
        "equivalents": equivalents,
        "separated": _separations(catalog, reasoner, this),
        "mechanisms": mechanisms_about(catalog, this),
        "special_cases": [(d.id, d.name) for d in special],
        "generalisations": [(d.id, d.name) for d in general],
        "combines": [(i, catalog.entries[i].definition.name) for i in definition.combines],
        "links": [
            (link, catalog.entries[link.target].definition.name)
            for link in definition.links
            if link.target in catalog.entries
        ],
        "cite": cite_text(catalog, definition),
        "cite_entry": entry_bibtex(definition, version),
        "introduced_in": [(k, catalog.references.get(k)) for k in definition.introduced_in],
        "file": f"catalog/{this}.yaml",
        "url": definition_url(this),
    }
