"""JSON Schemas of catalog files, generated from the models.

The committed copies under ``schema/`` are what the catalog's
``yaml-language-server`` modelines point at; a test keeps them current.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from dptaxonomy.schema.core import CoreList
from dptaxonomy.schema.mechanisms import Mechanism
from dptaxonomy.schema.models import CitationKey, Definition, Reference

__all__ = [
    "SCHEMA_FILES",
    "core_schema",
    "definition_schema",
    "mechanism_schema",
    "references_schema",
    "schema_text",
]

SCHEMA_FILES = {
    "definition": "definition.schema.json",
    "mechanism": "mechanism.schema.json",
    "references": "references.schema.json",
    "core": "core.schema.json",
}


def definition_schema() -> dict[str, Any]:
    """JSON Schema of a definition file."""
    schema = Definition.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "dptaxonomy definition"
    return schema


def mechanism_schema() -> dict[str, Any]:
    """JSON Schema of a mechanism file (``mechanisms/<id>.yaml``)."""
    schema = Mechanism.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "dptaxonomy mechanism"
    return schema


def references_schema() -> dict[str, Any]:
    """JSON Schema of ``references.yaml``."""
    schema = TypeAdapter(dict[CitationKey, Reference]).json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "dptaxonomy bibliography"
    return schema


def core_schema() -> dict[str, Any]:
    """JSON Schema of ``core.yaml``, the practitioner's core."""
    schema = CoreList.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "dptaxonomy practitioner's core"
    return schema


def schema_text(kind: str = "definition") -> str:
    """The schema of ``kind`` (``definition``, ``mechanism``, ``references`` or ``core``) as
    JSON text."""
    builders = {
        "core": core_schema,
        "definition": definition_schema,
        "mechanism": mechanism_schema,
        "references": references_schema,
    }
    schema = builders.get(kind, references_schema)()
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
