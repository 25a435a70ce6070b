"""The export formats (a light module: the CLI imports it at start-up)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["ExportKind", "TableFormat"]


class ExportKind(StrEnum):
    """Every format `dptax export` produces."""

    turtle = "turtle"
    ntriples = "ntriples"
    jsonld = "jsonld"
    trig = "trig"
    ontology = "ontology"
    shacl = "shacl"
    json = "json"
    json_schema = "json-schema"
    bibtex = "bibtex"
    table3 = "table3"
    sssom = "sssom"
    dot = "dot"
    svg = "svg"
    png = "png"
    pdf = "pdf"


class TableFormat(StrEnum):
    """Formats of the regenerated Table 3."""

    csv = "csv"
    markdown = "markdown"
    latex = "latex"
