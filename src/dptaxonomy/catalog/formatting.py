"""Canonical formatting of catalog files, keeping comments (ruamel.yaml round trip).

Canonical form: keys in the order the schema declares them (so every entry
reads the same way: definitions, and mechanisms under ``mechanisms/``),
two-space indentation, sequences indented under their key, lines folded at
100 characters, the `yaml-language-server` modeline of the entry's schema
first. Quoting is kept as written. Formatting never changes the data: the
result is checked to load to the same values before anything is written.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from dptaxonomy.base.atomic import write_text_atomic
from dptaxonomy.base.errors import DptaxError, UnsafeFileError
from dptaxonomy.base.records import record
from dptaxonomy.catalog.paths import CORE_FILE, MECHANISMS_DIR, REFERENCES_FILE
from dptaxonomy.catalog.safe_read import read_catalog_file, read_regular_file
from dptaxonomy.catalog.yamlsource import parse_yaml
from dptaxonomy.schema.core import CoreList
from dptaxonomy.schema.mechanisms import Mechanism
from dptaxonomy.schema.models import Definition

__all__ = [
    "CORE_MODELINE",
    "MECHANISM_MODELINE",
    "MODELINE",
    "FileKind",
    "FormatResult",
    "file_kind",
    "format_files",
    "format_text",
]

MODELINE = "# yaml-language-server: $schema=../schema/definition.schema.json"
MECHANISM_MODELINE = "# yaml-language-server: $schema=../../schema/mechanism.schema.json"
CORE_MODELINE = "# yaml-language-server: $schema=../schema/core.schema.json"
WIDTH = 100


class FileKind(StrEnum):
    """What a catalog file holds, which decides its key order and modeline."""

    definition = "definition"
    mechanism = "mechanism"
    references = "references"
    core = "core"


_MODELS: dict[FileKind, tuple[type[BaseModel], str]] = {
    FileKind.definition: (Definition, MODELINE),
    FileKind.mechanism: (Mechanism, MECHANISM_MODELINE),
    FileKind.core: (CoreList, CORE_MODELINE),
}


def file_kind(path: Path) -> FileKind:
    """The bibliography and the core list by name, a mechanism below a ``mechanisms/`` folder,
    else a definition."""
    if path.name == REFERENCES_FILE:
        return FileKind.references
    if path.name == CORE_FILE:
        return FileKind.core
    if MECHANISMS_DIR in path.resolve().parent.parts:
        return FileKind.mechanism
    return FileKind.definition


class FormatError(DptaxError):
    """A file cannot be formatted (it does not parse, or formatting would change its data)."""


@record
class FormatResult:
    """What formatting a file did."""

    path: Path
    changed: bool
    error: str | None = None


def _order(model: type[BaseModel] | None, mapping: Any) -> None:
    """Reorder a CommentedMap's keys to the model's field order, recursively."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    from dptaxonomy.catalog.loader import model_at

    if isinstance(mapping, CommentedSeq):
        for item in mapping:
            _order(model, item)
        return
    if not isinstance(mapping, CommentedMap) or model is None:
        return
    fields = list(model.model_fields)
    known = [k for k in fields if k in mapping]
    unknown = [k for k in mapping if k not in fields]
    for key in [*known, *unknown]:
        mapping.move_to_end(key)
    for key in known:
        _order(model_at(model, (key,)), mapping[key])


def _yaml() -> Any:
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = WIDTH
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.allow_duplicate_keys = False
    return yaml


def format_text(text: str, *, kind: FileKind = FileKind.definition) -> str:
    """The canonical form of one file's text (raises :class:`FormatError`)."""
    before, problems = parse_yaml(text.encode("utf-8"), "<input>")
    if before is None or problems:
        raise FormatError("the file does not parse; run `dptax validate` to see why")
    yaml = _yaml()
    try:
        document = yaml.load(text)
    except Exception as exc:  # ruamel raises many error types; none may escape
        raise FormatError(f"ruamel.yaml cannot read the file: {exc}") from None
    entry = _MODELS.get(kind)
    if entry is not None:
        _order(entry[0], document)
    buffer = io.StringIO()
    yaml.dump(document, buffer)
    body = buffer.getvalue()
    lines = body.splitlines()
    if entry is not None:
        lines = [line for line in lines if line.strip() != entry[1]]
        lines.insert(0, entry[1])
    result = "\n".join(lines).rstrip("\n") + "\n"
    after, problems = parse_yaml(result.encode("utf-8"), "<output>")
    if after is None or problems or after.data != before.data:
        raise FormatError("formatting would change the data; the file is left as it is")
    return result


def format_files(
    paths: Iterable[Path], *, check: bool, root: Path | None = None
) -> list[FormatResult]:
    """Format (or, with ``check``, only inspect) each file: a regular file of at most the
    catalog's size cap, and, given the catalog ``root``, one inside it."""
    results = []
    for path in paths:
        try:
            raw = read_regular_file(path) if root is None else read_catalog_file(path, root)
            text = raw.decode("utf-8")
            formatted = format_text(text, kind=file_kind(path))
        except (UnsafeFileError, UnicodeDecodeError) as exc:
            results.append(FormatResult(path, False, f"cannot read: {exc}"))
            continue
        except FormatError as exc:
            results.append(FormatResult(path, False, str(exc)))
            continue
        changed = formatted != text
        if changed and not check:
            write_text_atomic(path, formatted)
        results.append(FormatResult(path, changed))
    return results
