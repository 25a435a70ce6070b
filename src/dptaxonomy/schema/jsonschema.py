"""JSON Schemas of catalog files, generated from the models.

The committed copies under ``schema/`` are what the catalog's
``yaml-language-server`` modelines point at; a test keeps them current.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from dptaxonomy.schema.models import CitationKey, Definition, Reference

__all__ = ["SCHEMA_FILES", "definition_schema", "references_schema", "schema_text"]

SCHEMA_FILES = {
    "definition": "definition.schema.json",
    "references": "references.schema.json",
}


def definition_schema() -> dict[str, Any]:
    """JSON Schema of a definition file."""
    schema = Definition.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "dptaxonomy definition"
    return schema


def references_schema() -> dict[str, Any]:
    """JSON Schema of ``references.yaml``."""
    schema = TypeAdapter(dict[CitationKey, Reference]).json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "dptaxonomy bibliography"
    return schema


def schema_text(kind: str = "definition") -> str:
    """The schema of ``kind`` (``definition`` or ``references``) as stable JSON text."""
    schema = definition_schema() if kind == "definition" else references_schema()
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
