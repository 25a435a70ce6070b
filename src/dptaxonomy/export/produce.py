"""One entry point for every export format, and writing the result safely."""

from __future__ import annotations

import sys
from pathlib import Path

from dptaxonomy.base.atomic import write_bytes_atomic
from dptaxonomy.base.errors import ExportError
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.dot import DiagramOptions
from dptaxonomy.export.kinds import ExportKind
from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["ExportKind", "produce", "write_output"]


def produce(
    kind: ExportKind,
    catalog: Catalog,
    kb: KnowledgeBase,
    diagram: DiagramOptions | None = None,
    table_format: str = "markdown",
) -> bytes:
    """The export as bytes (text formats are UTF-8)."""
    text: str
    if kind in (ExportKind.turtle, ExportKind.ntriples, ExportKind.jsonld, ExportKind.trig):
        from dptaxonomy.export.rdf_text import rdf_text

        text = rdf_text(catalog, kb, kind.value)
    elif kind in (ExportKind.ontology, ExportKind.shacl):
        from dptaxonomy.export.ontology import ontology_text
        from dptaxonomy.export.shapes import shapes_text

        text = ontology_text() if kind is ExportKind.ontology else shapes_text()
    elif kind in (ExportKind.json, ExportKind.json_schema):
        from dptaxonomy.export.jsondump import export_schema_text, json_text

        text = json_text(catalog, kb) if kind is ExportKind.json else export_schema_text()
    elif kind is ExportKind.bibtex:
        from dptaxonomy.export.bibtex import bibtex_text

        text = bibtex_text(catalog.references)
    elif kind is ExportKind.sssom:
        from dptaxonomy.export.sssom import sssom_text

        text = sssom_text(catalog)
    elif kind is ExportKind.table3:
        from dptaxonomy.export.table3 import table3_text

        text = table3_text(catalog, kb, table_format)
    else:
        from dptaxonomy.export.dot import dot_text, render

        text = dot_text(catalog, kb, diagram)
        if kind is not ExportKind.dot:
            return render(text, kind.value)
    return text.encode("utf-8")


def write_output(data: bytes, out: Path | None) -> None:
    """Write to ``out`` atomically, or to standard output when ``out`` is None or ``-``."""
    if out is None or str(out) == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        write_bytes_atomic(out, data)
    except OSError as exc:
        raise ExportError(f"cannot write {out}: {exc.strerror or exc}") from None
