"""The data behind the explorer and the property search: the implication matrix and the claims.

The implication matrix has a row and a column per definition (sorted by id):
``1`` when the row implies the column (``a ≻ b`` derivable: rules S1, S2 over
A1–A4), ``0`` when that is refuted (``¬(a ≻ b)`` derivable: rule N1), empty
(CSV) or ``null`` (JSON) when it is open. Its CSV and JSON are downloads; the
explorer page reads the JSON with each definition's dimensions, scope, setting
and properties, and each mechanism's claims, to filter and search in the
browser.

A mechanism's claims are its established ``satisfies`` and ``violates``
entries, and what the closure carries them to: ``M ⊨ A`` and ``A ≻ B`` give
``M ⊨ B`` (rule W1); ``M ⊭ B`` and ``A ≻ B`` give ``M ⊭ A`` (rule W2).
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.site.labels import label_of
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.claims import Properties
from dptaxonomy.schema.enums import Status

__all__ = ["explorer_json", "implication_matrix", "matrix_csv", "matrix_json"]

Matrix = tuple[list[str], list[list[int | None]]]


def implication_matrix(catalog: Catalog, kb: KnowledgeBase) -> Matrix:
    """The ids (sorted) and, for each ordered pair, 1 (≻), 0 (¬≻) or None (open)."""
    ids = sorted(catalog.definitions)
    rows: list[list[int | None]] = []
    for a in ids:
        row: list[int | None] = []
        for b in ids:
            if kb.is_stronger(a, b):
                row.append(1)
            elif kb.is_not_stronger(a, b):
                row.append(0)
            else:
                row.append(None)
        rows.append(row)
    return ids, rows


def matrix_csv(matrix: Matrix) -> str:
    """The matrix as CSV: a header of ids, then one row per definition (its id first)."""
    ids, rows = matrix
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["implies", *ids])
    for a, row in zip(ids, rows, strict=True):
        writer.writerow([a, *("" if cell is None else cell for cell in row)])
    return out.getvalue()


def matrix_json(matrix: Matrix) -> str:
    """The matrix as JSON: ``{"definitions": [...], "implies": [[1, 0, null, ...], ...]}``."""
    ids, rows = matrix
    document = {
        "about": "implies[i][j]: 1 if definitions[i] ≻ definitions[j] is derivable, "
        "0 if its negation is, null if open",
        "definitions": ids,
        "implies": rows,
    }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"


def _property_values(catalog: Catalog, definition_id: str) -> dict[str, str]:
    properties = catalog.entries[definition_id].definition.properties
    values = {}
    for name in Properties.model_fields:
        claim = getattr(properties, name)
        values[name] = claim.value.value if claim is not None else "unknown"
    return values


def _claims(catalog: Catalog, kb: KnowledgeBase) -> list[dict[str, Any]]:
    """Each mechanism's claims, asserted and carried by the closure (W1, W2)."""
    ids = sorted(catalog.definitions)
    found = []
    for mechanism in catalog.mechanisms.values():
        satisfies: dict[str, str] = {}
        violates: dict[str, str] = {}
        for claim in mechanism.satisfies:
            if claim.status is Status.established and claim.definition in catalog.entries:
                satisfies[claim.definition] = "asserted"
        for violated in mechanism.violates:
            if violated.status is Status.established and violated.definition in catalog.entries:
                violates[violated.definition] = "asserted"
        for source in list(satisfies):
            for b in ids:
                if b not in satisfies and kb.is_stronger(source, b):
                    satisfies[b] = f"{Rule.WITNESS_SATISFIES.value} from {source}"
        for target in list(violates):
            for a in ids:
                if a not in violates and kb.is_stronger(a, target):
                    violates[a] = f"{Rule.WITNESS_VIOLATES.value} from {target}"
        found.append(
            {
                "id": mechanism.id,
                "name": mechanism.name,
                "satisfies": dict(sorted(satisfies.items())),
                "violates": dict(sorted(violates.items())),
            }
        )
    return found


def explorer_json(catalog: Catalog, kb: KnowledgeBase, matrix: Matrix) -> str:
    """Everything the explorer and the property search filter: definitions, matrix, claims."""
    ids, rows = matrix
    definitions = []
    for definition_id in ids:
        d = catalog.entries[definition_id].definition
        definitions.append(
            {
                "id": d.id,
                "label": label_of(d),
                "name": d.name,
                "dimensions": [x.value for x in d.dimensions],
                "scope": d.scope.value,
                "setting": d.setting.value,
                "core": kb.info[d.id].core,
                "properties": _property_values(catalog, d.id),
            }
        )
    document = {
        "definitions": definitions,
        "implies": rows,
        "mechanisms": _claims(catalog, kb),
    }
    text = json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "window.DPTAX_EXPLORE=" + text.replace("<", "\\u003c") + ";\n"
