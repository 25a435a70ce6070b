"""``dptax new``: a new definition file, pre-filled and commented from the schema.

The comments are the schema's own field descriptions, so the scaffold never
drifts from what ``dptax validate`` checks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from dptaxonomy.base.atomic import write_text_atomic
from dptaxonomy.base.errors import DptaxError
from dptaxonomy.catalog.formatting import MODELINE
from dptaxonomy.schema.enums import Dimension, Scope, Setting
from dptaxonomy.schema.models import Definition

__all__ = ["NewDefinition", "scaffold_text", "write_scaffold"]


@dataclass(frozen=True)
class NewDefinition:
    """What the contributor tells `dptax new`."""

    id: str
    name: str
    introduced_in: list[str]
    summary: str
    dimensions: list[Dimension] = field(default_factory=list)
    abbreviations: list[str] = field(default_factory=list)
    scope: Scope = Scope.core
    setting: Setting = Setting.central
    section: str | None = None


def _comment(name: str) -> str:
    description = Definition.model_fields[name].description or ""
    return f"# {name}: {description}"


def _scalar(value: str) -> str:
    """A YAML scalar that reads back as this exact string (JSON strings are valid YAML)."""
    return json.dumps(value, ensure_ascii=False)


def scaffold_text(new: NewDefinition) -> str:
    """The text of the new file; it validates once its citation keys exist."""
    keys = ", ".join(new.introduced_in)
    first = new.introduced_in[0]
    lines = [
        MODELINE,
        "# A new catalog entry. Every claim carries a citation: see CONTRIBUTING.md and",
        "# docs/transcription-guide.md; `dptax validate` checks the file as you go.",
        _comment("id"),
        f"id: {new.id}",
        _comment("name"),
        f"name: {_scalar(new.name)}",
        _comment("abbreviations"),
        f"abbreviations: [{', '.join(_scalar(a) for a in new.abbreviations)}]",
        _comment("aliases"),
        "aliases: []",
        _comment("dimensions"),
        f"dimensions: [{', '.join(d.value for d in new.dimensions)}]",
        _comment("parameters"),
        "# Each: {name: epsilon, symbol: \\varepsilon, meaning: ..., type: real,",
        '#        domain: "[0, inf)"}',
        "parameters: []",
        _comment("summary"),
        f"summary: {_scalar(new.summary)}",
        _comment("introduced_in"),
        f"introduced_in: [{keys}]",
        _comment("source"),
        "source:",
        f"  key: {first}",
    ]
    if new.section:
        lines.append(f"  section: {_scalar(new.section)}")
    lines += [
        _comment("scope"),
        f"scope: {new.scope.value}",
        _comment("setting"),
        f"setting: {new.setting.value}",
        _comment("properties"),
        "# Use `value: unknown` until a source states the property; yes/no need a citation:",
        '#   {value: yes, citation: {key: KEY, at: "Theorem 3"}}',
        "properties:",
        "  post_processing: {value: unknown}",
        "  convexity: {value: unknown}",
        "  composability: {value: unknown}",
        _comment("relations"),
        '# Each: {kind: stronger, target: <id>, citation: {key: KEY, at: "Lemma 2"}}',
        "relations: []",
    ]
    return "\n".join(lines) + "\n"


def write_scaffold(directory: Path, new: NewDefinition, *, force: bool = False) -> Path:
    """Write ``directory/<id>.yaml``; refuse to overwrite unless ``force``."""
    from pydantic import ValidationError

    try:
        Definition.model_validate(_data(new))
    except ValidationError as exc:
        problems = "; ".join(
            ".".join(str(p) for p in error["loc"]) + ": " + str(error["msg"])
            for error in exc.errors()
        )
        raise DptaxError(f"cannot scaffold this entry: {problems}") from None
    path = directory / f"{new.id}.yaml"
    if path.exists() and not force:
        raise DptaxError(f"{path} already exists (use --force to overwrite it)")
    try:
        write_text_atomic(path, scaffold_text(new))
    except OSError as exc:
        raise DptaxError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path


def _data(new: NewDefinition) -> dict[str, object]:
    """The scaffold's content as data, validated before anything is written."""
    return {
        "id": new.id,
        "name": new.name,
        "abbreviations": new.abbreviations,
        "dimensions": [d.value for d in new.dimensions],
        "summary": new.summary,
        "introduced_in": new.introduced_in,
        "source": {
            "key": new.introduced_in[0],
            **({"section": new.section} if new.section else {}),
        },
        "scope": new.scope.value,
        "setting": new.setting.value,
        "properties": {
            name: {"value": "unknown"} for name in ("post_processing", "convexity", "composability")
        },
    }
