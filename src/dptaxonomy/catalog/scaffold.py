"""``dptax new``: a new definition or mechanism file, pre-filled and commented from the schema.

The comments are the schema's own field descriptions, so the scaffold never
drifts from what ``dptax validate`` checks.
"""

from __future__ import annotations

import json
from pathlib import Path

from dptaxonomy.base.atomic import write_text_atomic
from dptaxonomy.base.errors import DptaxError
from dptaxonomy.base.records import field, record
from dptaxonomy.catalog.formatting import MECHANISM_MODELINE, MODELINE
from dptaxonomy.catalog.paths import MECHANISMS_DIR
from dptaxonomy.schema.enums import Dimension, Scope, Setting
from dptaxonomy.schema.mechanisms import InputKind, Mechanism
from dptaxonomy.schema.models import Definition

__all__ = [
    "NewDefinition",
    "NewMechanism",
    "mechanism_scaffold_text",
    "scaffold_text",
    "write_scaffold",
]


@record
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


@record
class NewMechanism:
    """What the contributor tells `dptax new --mechanism`."""

    id: str
    name: str
    introduced_in: list[str]
    description: str
    output: str
    input: InputKind = InputKind.dataset
    neighbourhood: str = "add or remove one record"


def _comment(name: str, model: type[Definition] | type[Mechanism] = Definition) -> str:
    description = model.model_fields[name].description or ""
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


def mechanism_scaffold_text(new: NewMechanism) -> str:
    """The text of a new mechanism file; it validates once its citation keys exist."""

    def comment(name: str) -> str:
        return _comment(name, Mechanism)

    return (
        "\n".join(
            [
                MECHANISM_MODELINE,
                "# A new mechanism: a witness for separations. Every claim carries a citation (see",
                "# CONTRIBUTING.md); `dptax validate` checks the file, `dptax verify` its claims.",
                comment("id"),
                f"id: {new.id}",
                comment("name"),
                f"name: {_scalar(new.name)}",
                comment("aliases"),
                "aliases: []",
                comment("description"),
                f"description: {_scalar(new.description)}",
                comment("introduced_in"),
                f"introduced_in: [{', '.join(new.introduced_in)}]",
                comment("input"),
                "input:",
                f"  kind: {new.input.value}",
                f"  neighbourhood: {_scalar(new.neighbourhood)}",
                comment("output"),
                f"output: {_scalar(new.output)}",
                comment("parameters"),
                "# Each: {name: sigma, symbol: \\sigma, meaning: ..., type: real,",
                "#        domain: (0, inf)}",
                "parameters: []",
                comment("pair"),
                "# e.g. {kind: gaussian, arguments: {shift: sensitivity, sigma: sigma}}; or leave",
                "# it out",
                comment("action"),
                "# e.g. {statistic: size, noise: laplace, scale: 1 / epsilon}; or leave out",
                comment("satisfies"),
                "# Each: {definition: <id>, parameters: {rho: ...}, citation: {key: KEY, at: ...}}",
                "satisfies: []",
                comment("violates"),
                "# Each: {definition: <id>, citation: {key: KEY, at: ...}}",
                "violates: []",
                comment("witnesses"),
                "# Each: {stronger: <id it satisfies>, not_stronger_than: <id it violates>}",
                "witnesses: []",
            ]
        )
        + "\n"
    )


def write_scaffold(
    directory: Path, new: NewDefinition | NewMechanism, *, force: bool = False
) -> Path:
    """Write ``directory/<id>.yaml`` (``directory/mechanisms/<id>.yaml`` for a mechanism);
    refuse to overwrite unless ``force``."""
    from pydantic import ValidationError

    try:
        if isinstance(new, NewMechanism):
            Mechanism.model_validate(_mechanism_data(new))
        else:
            Definition.model_validate(_data(new))
    except ValidationError as exc:
        problems = "; ".join(
            ".".join(str(p) for p in error["loc"]) + ": " + str(error["msg"])
            for error in exc.errors()
        )
        raise DptaxError(f"cannot scaffold this entry: {problems}") from None
    mechanism = isinstance(new, NewMechanism)
    path = (directory / MECHANISMS_DIR if mechanism else directory) / f"{new.id}.yaml"
    if path.exists() and not force:
        raise DptaxError(f"{path} already exists (use --force to overwrite it)")
    text = mechanism_scaffold_text(new) if isinstance(new, NewMechanism) else scaffold_text(new)
    try:
        path.parent.mkdir(exist_ok=True)
        write_text_atomic(path, text)
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


def _mechanism_data(new: NewMechanism) -> dict[str, object]:
    """The mechanism scaffold's content as data, validated before anything is written."""
    return {
        "id": new.id,
        "name": new.name,
        "description": new.description,
        "introduced_in": new.introduced_in,
        "input": {"kind": new.input.value, "neighbourhood": new.neighbourhood},
        "output": new.output,
    }
