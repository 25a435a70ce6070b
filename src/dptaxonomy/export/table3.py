"""The SoK's Table 3 regenerated from the catalog, as CSV, Markdown or LaTeX.

Each row gives the name as printed, the dimensions, the three properties
(✓ ✗ ?), the relations the row states, and — marked † — the covering
relations among Table 3's definitions that the reasoner derives but the
table does not state.
"""

from __future__ import annotations

import csv
import io

import networkx as nx

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.bibtex import latex_escape
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.schema.enums import RELATION_SYMBOLS, TRUTH_MARKS
from dptaxonomy.schema.models import Definition, Relation

__all__ = ["TABLE3_HEADERS", "Table3Row", "table3_rows", "table3_text"]

TABLE3_HEADERS = [
    "Row",
    "Name & references",
    "Dimensions",
    "P.P.",
    "Cv.",
    "Cp.",
    "Relations",
    "Derived †",
]

Table3Row = list[str]


def _abbreviation(definition: Definition) -> str:
    """The entry's first abbreviation (Table 3's bare spelling can collide, e.g. "DP" in row 1)."""
    text = definition.abbreviations[0] if definition.abbreviations else definition.name
    return text + (f"[{definition.disambiguator}]" if definition.disambiguator else "")


def _stated(definition: Definition, relation: Relation, names: dict[str, str]) -> str:
    target = (
        names.get(relation.target, relation.target)
        if relation.target is not None
        else f"{relation.target_set.quantifier} def. in {relation.target_set.dimension}"  # type: ignore[union-attr]
    )
    return f"{_abbreviation(definition)} {RELATION_SYMBOLS[relation.kind]} {target}"


def table3_rows(catalog: Catalog, kb: KnowledgeBase) -> list[Table3Row]:
    """The rows, in Table 3's order."""
    definitions = catalog.definitions
    rows = sorted(
        (d for d in definitions.values() if d.source.table3 is not None),
        key=lambda d: d.source.table3.row,  # type: ignore[union-attr]
    )
    ids = [d.id for d in rows]
    names = {i: _abbreviation(definitions[i]) for i in definitions}
    order: nx.DiGraph = nx.DiGraph()
    order.add_nodes_from(ids)
    heads = {i: min(m for m in kb.equivalents(i) if m in ids) for i in ids}
    order.add_edges_from(
        (heads[a], heads[b])
        for a in ids
        for b in ids
        if heads[a] != heads[b] and kb.is_stronger(a, b)
    )
    covering = set(nx.transitive_reduction(order).edges())
    stated_pairs = {
        frozenset((d.id, r.target))
        for d in rows
        for r in d.relations
        if r.target is not None and r.citation.key == "DP20" and r.citation.at.startswith("Table 3")
    }
    result = []
    for definition in rows:
        row = definition.source.table3
        assert row is not None
        stated = [
            _stated(definition, r, names)
            for r in definition.relations
            if r.citation.key == "DP20" and r.citation.at.startswith(f"Table 3, row {row.row}")
        ]
        derived = sorted(
            f"{names[a]} ≻ {names[b]}"
            for a, b in covering
            if definition.id in (a, b) and frozenset((a, b)) not in stated_pairs
        )
        props = definition.properties
        result.append(
            [
                str(row.row),
                row.label,
                ", ".join(d.value for d in definition.dimensions),
                TRUTH_MARKS[props.post_processing.value],
                TRUTH_MARKS[props.convexity.value],
                TRUTH_MARKS[props.composability.value],
                "; ".join(stated),
                "; ".join(derived),
            ]
        )
    return result


def _markdown_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def table3_text(catalog: Catalog, kb: KnowledgeBase, fmt: str) -> str:
    """Table 3 in ``fmt`` (csv, markdown or latex)."""
    rows = table3_rows(catalog, kb)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(TABLE3_HEADERS)
        writer.writerows(rows)
        return buffer.getvalue()
    if fmt == "markdown":
        lines = ["| " + " | ".join(TABLE3_HEADERS) + " |", "|" + "---|" * len(TABLE3_HEADERS)]
        lines += ["| " + " | ".join(_markdown_cell(c) for c in row) + " |" for row in rows]
        return "\n".join(lines) + "\n"
    if fmt == "latex":
        lines = [
            "\\begin{longtable}{rp{4cm}lcccp{5cm}p{4cm}}",
            " & ".join(latex_escape(h) for h in TABLE3_HEADERS) + " \\\\",
            "\\hline",
        ]
        lines += [" & ".join(latex_escape(c) for c in row) + " \\\\" for row in rows]
        lines.append("\\end{longtable}")
        return "\n".join(lines) + "\n"
    raise ValueError(f"unknown Table 3 format {fmt!r}")
