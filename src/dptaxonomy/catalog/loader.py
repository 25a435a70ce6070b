"""First validation pass: read each catalog file alone and check it against its model.

One generic function, :func:`load_document`, reads a YAML file of any kind
(a definition, a mechanism, or the bibliography); :func:`load_entry` adds the
id check shared by every entry kind and joins pydantic's error locations with
the YAML node positions, so every problem is reported as ``file:line:col``.
"""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Callable
from pathlib import Path as FsPath
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.base.errors import UnsafeFileError
from dptaxonomy.base.records import record
from dptaxonomy.catalog.paths import REFERENCES_FILE, display_path
from dptaxonomy.catalog.safe_read import MAX_FILE_BYTES, read_catalog_file, refusal
from dptaxonomy.catalog.yamlsource import Located, Path, format_path, parse_yaml
from dptaxonomy.schema.mechanisms import Mechanism
from dptaxonomy.schema.models import CitationKey, Definition, Reference

__all__ = [
    "MAX_FILE_BYTES",
    "REFERENCES_FILE",
    "LoadedDefinition",
    "LoadedMechanism",
    "LoadedReferences",
    "display_path",
    "load_definition",
    "load_document",
    "load_entry",
    "load_mechanism",
    "load_references",
    "model_at",
    "unwrap_annotation",
]

_REFERENCES = TypeAdapter(dict[CitationKey, Reference])


@record
class LoadedDefinition:
    """A definition that passed the per-file checks, with where it came from."""

    definition: Definition
    file: str
    located: Located


@record
class LoadedMechanism:
    """A mechanism that passed the per-file checks, with where it came from."""

    mechanism: Mechanism
    file: str
    located: Located


@record
class LoadedReferences:
    """The bibliography, with where each key is written."""

    references: dict[str, Reference]
    file: str
    located: Located


def unwrap_annotation(annotation: Any) -> Any:
    """The model class inside ``Optional[...]``, ``list[...]`` or ``dict[str, ...]``, if any."""
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (list, dict, typing.Union, types.UnionType):
            arguments = [a for a in typing.get_args(annotation) if a is not type(None)]
            annotation = arguments[-1] if arguments else None
        else:
            return annotation


def model_at(root: type[BaseModel] | None, path: Path) -> type[BaseModel] | None:
    """The model class that validates the mapping at ``path`` (None if not a model)."""
    current: Any = root
    for part in path:
        if isinstance(part, int):
            continue
        if current is None or part not in current.model_fields:
            return None
        current = unwrap_annotation(current.model_fields[part].annotation)
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            current = None
    return typing.cast("type[BaseModel] | None", current)


def _closest(word: str, options: list[str]) -> str | None:
    matches = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return matches[0] if matches else None


def _error_diagnostic(
    error: Any, located: Located, file: str, root: type[BaseModel] | None
) -> Diagnostic:
    raw_loc: tuple[Any, ...] = tuple(error["loc"])
    path: Path = tuple(p for p in raw_loc if isinstance(p, str | int))
    kind = error["type"]
    message = str(error["msg"]).removeprefix("Value error, ")
    if kind == "extra_forbidden":
        parent = model_at(root, path[:-1])
        allowed = sorted(parent.model_fields) if parent else []
        suggestion = _closest(str(path[-1]), allowed) if allowed else None
        hint = f"did you mean {suggestion!r}?" if suggestion else None
        if hint is None and allowed:
            hint = "allowed keys here: " + ", ".join(allowed)
        line, column = located.key_mark(path)
        return Diagnostic(
            Severity.error,
            file,
            line,
            column,
            "unknown-key",
            f"{format_path(path)}: unknown key",
            hint,
        )
    if kind == "missing":
        line, column = located.value_mark(path[:-1])
        return Diagnostic(
            Severity.error,
            file,
            line,
            column,
            "missing-key",
            f"{format_path(path)}: required key is missing",
            f"add `{path[-1]}:` here (`dptax schema` shows every key)",
        )
    line, column = located.value_mark(path)
    code = "wrong-type" if kind.endswith("_type") else "invalid-value"
    hint = _hint(kind, path, error.get("input"))
    where = format_path(path) if path else "(document)"
    return Diagnostic(Severity.error, file, line, column, code, f"{where}: {message}", hint)


def _hint(kind: str, path: Path, value: Any) -> str:
    last = path[-1] if path else None
    if kind == "string_type" and isinstance(value, int | float | bool):
        return "quote the value to make it a string"
    if kind == "string_type" and value is None:
        return "give a value after the colon, or remove the key"
    if kind in ("dict_type", "model_type", "model_attributes_type") and not path:
        return "a catalog file holds one mapping of keys, e.g. `id: renyi-dp`"
    if (kind == "string_pattern_mismatch" and last in ("id", "target")) or (
        kind == "string_pattern_mismatch" and len(path) >= 2 and path[-2] == "combines"
    ):
        return "ids are lowercase ASCII words joined by single hyphens, e.g. `renyi-dp`"
    if (
        kind == "string_pattern_mismatch" and last in ("key", "disambiguator", "introduced_in")
    ) or (kind == "string_pattern_mismatch" and len(path) >= 2 and path[-2] == "introduced_in"):
        return "citation keys look like `BS16` or `KDH+20` (see references.yaml)"
    if "parameter_map" in path or "conditions" in path:
        return (
            "expressions use numbers, parameter names, + - * / ** ( ) and "
            "exp log sqrt min max abs; conditions compare two expressions"
        )
    if last == "domain":
        return "a real or integer parameter needs an interval such as [0, inf), [0, 1] or (1, inf)"
    if kind == "enum":
        return "use one of the listed values"
    if kind == "list_type":
        return "write a list, e.g. `[Q, N]` or one `- item` per line"
    return "see `dptax schema` for what this key expects"


def load_document(
    path: FsPath,
    validate: Callable[[Any], Any],
    model: type[BaseModel] | None,
    root: FsPath | None = None,
) -> tuple[Any, Located | None, list[Diagnostic]]:
    """Read and validate one YAML file of any kind.

    ``validate`` builds the typed value from plain data (raising pydantic's
    ``ValidationError``); ``model`` is the model used to suggest key names.
    The file is read only if :func:`read_catalog_file` allows it below
    ``root``, the catalog directory (by default the file's own folder).
    """
    file = display_path(path)
    try:
        raw = read_catalog_file(path, path.parent if root is None else root)
    except UnsafeFileError as refused:
        return None, None, [refusal(refused, file)]
    located, problems = parse_yaml(raw, file)
    if located is None or problems:
        return None, located, problems
    try:
        value = validate(located.data)
    except ValidationError as exc:
        diagnostics = [_error_diagnostic(e, located, file, model) for e in exc.errors()]
        return None, located, diagnostics
    return value, located, []


class _Entry(Protocol):
    @property
    def id(self) -> str: ...


E = TypeVar("E", bound=_Entry)


def load_entry(
    path: FsPath, model: type[E], root: FsPath | None = None
) -> tuple[E | None, Located | None, list[Diagnostic]]:
    """Load one entry file of kind ``model`` (a definition or a mechanism).

    Checks the schema, and that the file stem equals the entry's id.
    """
    base = typing.cast("type[BaseModel]", model)
    value, located, diagnostics = load_document(path, base.model_validate, base, root)
    if value is None or located is None:
        return None, located, diagnostics
    entry: E = value
    if path.stem != entry.id:
        line, column = located.value_mark(("id",))
        diagnostics.append(
            Diagnostic(
                Severity.error,
                display_path(path),
                line,
                column,
                "id-mismatch",
                f"id: {entry.id!r} differs from the file name {path.name!r}",
                f"rename the file to {entry.id}.yaml or set `id: {path.stem}`",
            )
        )
        return None, located, diagnostics
    return entry, located, diagnostics


def load_definition(
    path: FsPath, root: FsPath | None = None
) -> tuple[LoadedDefinition | None, list[Diagnostic]]:
    """Load one definition file and check what the file alone can tell."""
    definition, located, diagnostics = load_entry(path, Definition, root)
    if definition is None or located is None:
        return None, diagnostics
    return LoadedDefinition(definition, display_path(path), located), diagnostics


def load_mechanism(
    path: FsPath, root: FsPath | None = None
) -> tuple[LoadedMechanism | None, list[Diagnostic]]:
    """Load one mechanism file and check what the file alone can tell."""
    mechanism, located, diagnostics = load_entry(path, Mechanism, root)
    if mechanism is None or located is None:
        return None, diagnostics
    return LoadedMechanism(mechanism, display_path(path), located), diagnostics


def load_references(
    path: FsPath, root: FsPath | None = None
) -> tuple[LoadedReferences | None, list[Diagnostic]]:
    """Load the bibliography file."""
    value, located, diagnostics = load_document(path, _REFERENCES.validate_python, None, root)
    if value is None or located is None:
        return None, diagnostics
    return LoadedReferences(value, display_path(path), located), diagnostics
