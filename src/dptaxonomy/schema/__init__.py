"""The data model of catalog files: enums, the arithmetic grammar, pydantic models, JSON Schema."""
