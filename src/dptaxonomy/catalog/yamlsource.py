"""Safe YAML reading that keeps the position of every key and value.

The text is composed into a node tree by PyYAML's safe composer (the C one
when available) and converted here, by hand, into plain Python values, so
that:

* nothing is ever constructed from a tag (only the core tags are accepted);
* plain scalars follow YAML 1.2's core schema (``yes`` and ``no`` stay
  strings, as in editors' YAML language servers);
* duplicate keys, anchors and aliases are rejected with their position;
* every key and value keeps its line and column, for diagnostics.
"""

from __future__ import annotations

import bisect
import re
from typing import Any

import yaml

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.base.records import field, record

__all__ = ["Located", "Path", "PathPart", "format_path", "parse_yaml"]

try:  # pragma: no branch - depends on how PyYAML was built
    _Composer: type[yaml.SafeLoader] = yaml.CSafeLoader  # type: ignore[assignment]
except AttributeError:  # pragma: no cover
    _Composer = yaml.SafeLoader

PathPart = str | int
Path = tuple[PathPart, ...]
Mark = tuple[int, int]

_CORE = "tag:yaml.org,2002:"
_ALLOWED_TAGS = frozenset(
    _CORE + name for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
)


class _Loader(_Composer):  # type: ignore[valid-type,misc]
    """The safe composer, with the only implicit tags the conversion looks at.

    PyYAML's resolver matches every untagged scalar against its YAML 1.1
    patterns (a third of the time spent reading the catalog), but plain
    scalars are resolved here by YAML 1.2's core schema
    (:func:`_plain_scalar`), so the one implicit tag that matters is the merge
    key ``<<``, which is refused. Explicit tags are left as written and checked.
    """

    def resolve(self, kind: type[yaml.Node], value: str, implicit: tuple[bool, bool]) -> str:
        if kind is yaml.ScalarNode:
            return _CORE + ("merge" if implicit[0] and value == "<<" else "str")
        return _CORE + ("seq" if kind is yaml.SequenceNode else "map")


_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"^[-+]?[0-9]+$")
_INT_OCT = re.compile(r"^0o[0-7]+$")
_INT_HEX = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^([-+]?)\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")
MAX_DEPTH = 40


class _Positions:
    r"""Line and column of a character offset, counting only ``\n`` as a line break.

    PyYAML also breaks lines at NEL (U+0085), U+2028 and U+2029, so its own
    line numbers drift from what editors, ``grep -n`` and GitHub show once
    one of them appears in a string.

    >>> _Positions("a: x\u2028y\nb: 1\n").at(7)
    (2, 1)
    """

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, index: int) -> Mark:
        line = bisect.bisect_right(self.starts, index)
        return line, index - self.starts[line - 1] + 1


@record(frozen=False)
class Located:
    """A parsed YAML document with the position of every value and key.

    Positions are kept as character offsets and turned into (line, column)
    only when a diagnostic asks for one: a document has thousands of values
    and most are never reported on.
    """

    data: Any = None
    values: dict[Path, int] = field(default_factory=dict)
    keys: dict[Path, int] = field(default_factory=dict)
    positions: _Positions | None = None

    def _mark(self, offset: int) -> Mark:
        return self.positions.at(offset) if self.positions is not None else (1, 1)

    def value_mark(self, path: Path) -> Mark:
        """Position of the value at ``path``, or of its nearest located ancestor."""
        for end in range(len(path), -1, -1):
            offset = self.values.get(path[:end])
            if offset is not None:
                return self._mark(offset)
        return (1, 1)

    def key_mark(self, path: Path) -> Mark:
        """Position of the key naming ``path`` (falls back to the value's position)."""
        offset = self.keys.get(path)
        return self._mark(offset) if offset is not None else self.value_mark(path)


def _plain_scalar(text: str) -> Any:
    """Resolve a plain (unquoted) scalar with YAML 1.2 core-schema rules."""
    if _NULL.match(text):
        return None
    if text in _BOOL:
        return _BOOL[text]
    try:
        if _INT.match(text):
            return int(text)
        if _INT_OCT.match(text):
            return int(text[2:], 8)
        if _INT_HEX.match(text):
            return int(text[2:], 16)
    except ValueError:  # more digits than Python converts: keep the text
        return text
    if _FLOAT.match(text):
        return float(text)
    infinite = _INF.match(text)
    if infinite:
        return float(f"{infinite.group(1)}inf")
    if _NAN.match(text):
        return float("nan")
    return text


class _Converter:
    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.positions = _Positions(text)
        self.located = Located(positions=self.positions)
        self.problems: list[Diagnostic] = []
        self.seen: set[int] = set()

    def mark(self, node: yaml.Node) -> Mark:
        return self.positions.at(node.start_mark.index)

    def problem(self, node: yaml.Node, code: str, message: str, hint: str) -> None:
        line, column = self.mark(node)
        self.problems.append(
            Diagnostic(Severity.error, self.file, line, column, code, message, hint)
        )

    def convert(self, node: yaml.Node, path: Path) -> Any:
        self.located.values[path] = node.start_mark.index
        if id(node) in self.seen:
            self.problem(
                node,
                "yaml-alias",
                "anchors and aliases are not allowed in catalog files",
                "write the value out in full",
            )
            return None
        self.seen.add(id(node))
        if node.tag not in _ALLOWED_TAGS:
            self.problem(
                node,
                "yaml-tag",
                f"YAML tag {node.tag!r} is not allowed",
                "remove the tag; catalog files hold plain strings, numbers, lists and mappings",
            )
            return None
        if len(path) > MAX_DEPTH:
            self.problem(
                node,
                "yaml-depth",
                f"nested more than {MAX_DEPTH} levels deep",
                "catalog entries are only a few levels deep; check the indentation",
            )
            return None
        if isinstance(node, yaml.ScalarNode):
            if not node.style:  # plain: None from the Python parser, "" from the C one
                return _plain_scalar(node.value)
            return node.value
        if isinstance(node, yaml.SequenceNode):
            return [self.convert(item, (*path, index)) for index, item in enumerate(node.value)]
        assert isinstance(node, yaml.MappingNode)  # the composer builds only three kinds
        return self.mapping(node, path)

    def mapping(self, node: yaml.MappingNode, path: Path) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _CORE + "merge":
                self.problem(
                    key_node,
                    "yaml-key",
                    "merge keys (<<) are not allowed",
                    "write the keys out in full",
                )
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _ALLOWED_TAGS:
                self.problem(
                    key_node, "yaml-key", "mapping keys must be plain strings", "use a simple word"
                )
                continue
            key = key_node.value
            if key in result:
                first = self.positions.at(self.located.keys[(*path, key)])
                self.problem(
                    key_node,
                    "duplicate-key",
                    f"{format_path((*path, key))}: duplicate key (first at line {first[0]})",
                    "remove one of the two keys",
                )
                continue
            self.located.keys[(*path, key)] = key_node.start_mark.index
            result[key] = self.convert(value_node, (*path, key))
        return result


def format_path(path: Path) -> str:
    """Render a path the way diagnostics show it.

    >>> format_path(("parameters", 1, "domain"))
    'parameters[1].domain'
    """
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "(document)"


def _yaml_error(file: str, error: yaml.YAMLError, text: str) -> Diagnostic:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    line, column = _Positions(text).at(min(mark.index, len(text))) if mark is not None else (1, 1)
    problem = getattr(error, "problem", None) or str(error).splitlines()[0]
    context = getattr(error, "context", None)
    message = f"{context}: {problem}" if context else problem
    if isinstance(error, yaml.reader.ReaderError):
        before = text[: error.position]
        line = before.count("\n") + 1
        column = error.position - (before.rfind("\n") + 1) + 1
        code = error.character if isinstance(error.character, int) else ord(error.character)
        message = f"control character U+{code:04X} is not allowed in YAML"
        return Diagnostic(
            Severity.error,
            file,
            line,
            column,
            "yaml-syntax",
            message,
            "remove the character (or write it as an escape inside a double-quoted string)",
        )
    hint = "check the indentation, quotes and brackets around this position"
    if "\t" in message or "tab" in message:
        hint = "YAML does not allow tabs for indentation; use spaces"
    if "expected a single document" in message or "but found another document" in message:
        hint = "a catalog file holds exactly one YAML document; remove the extra '---'"
    return Diagnostic(Severity.error, file, line, column, "yaml-syntax", message, hint)


def parse_yaml(raw: bytes, file: str) -> tuple[Located | None, list[Diagnostic]]:
    """Parse one YAML document; return it with positions, or diagnostics.

    >>> doc, problems = parse_yaml(b"a: yes\\nb: [1, 2.5, null]\\n", "x.yaml")
    >>> doc.data, doc.value_mark(("b", 1)), problems
    ({'a': 'yes', 'b': [1, 2.5, None]}, (2, 8), [])
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [
            Diagnostic(
                Severity.error,
                file,
                line,
                column,
                "encoding",
                f"not valid UTF-8 (byte 0x{raw[exc.start]:02x})",
                "save the file as UTF-8",
            )
        ]
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        return None, [_yaml_error(file, exc, text)]
    except RecursionError:
        return None, [
            Diagnostic(
                Severity.error,
                file,
                1,
                1,
                "yaml-depth",
                "the document is nested too deeply to read",
                "catalog entries are only a few levels deep",
            )
        ]
    if node is None:
        return None, [
            Diagnostic(
                Severity.error,
                file,
                1,
                1,
                "empty-file",
                "the file holds no YAML document",
                "write the entry as a mapping of keys (see `dptax schema`)",
            )
        ]
    converter = _Converter(file, text)
    converter.located.data = converter.convert(node, ())
    return converter.located, converter.problems
