"""The cache's JSON form of a knowledge base, derived from the records' field definitions.

Each record type (:class:`DefinitionInfo`, :class:`Origin`, :class:`Fact`) is
stored as a table: the field names once, then one row of values per record.
Encoding and decoding read the dataclass fields and their annotations, so a
new field is one edit, in the record. Decoding checks every value's type and
raises :class:`ValueError` on anything unexpected: a tampered or truncated
cache is rejected, never half-trusted.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from dptaxonomy.reasoning.closure import Closure
from dptaxonomy.reasoning.facts import Fact, FactSet, Origin
from dptaxonomy.reasoning.info import DefinitionInfo
from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["decode_knowledge_base", "encode_knowledge_base"]

T = TypeVar("T")
Convert = Callable[[Any], Any]


def _encode_value(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_encode_value(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [_encode_value(getattr(value, f.name)) for f in dataclasses.fields(value)]
    return value


_SCALARS = (str, int, bool)


def _wrong(kind: type, value: Any) -> ValueError:
    return ValueError(f"expected {kind.__name__}, got {type(value).__name__}")


def _scalar(kind: type) -> Convert:
    def convert(value: Any) -> Any:
        # bool is an int in Python; a cache never stores one where an int is due
        if type(value) is not kind:
            raise _wrong(kind, value)
        return value

    return convert


def _scalars(kinds: tuple[type, ...] | None, item: type | None = None) -> Convert:
    """A tuple of scalars: of the ``kinds`` in order, or of any length all of type ``item``.

    The commonest field shapes, checked in one loop without a call per value.
    """

    def convert(value: Any) -> tuple[Any, ...]:
        values = _list(value)
        wanted = kinds if kinds is not None else (item,) * len(values)
        if len(values) != len(wanted):
            raise ValueError("wrong tuple length")
        for kind, v in zip(wanted, values, strict=True):
            if type(v) is not kind:
                raise _wrong(kind, v)  # type: ignore[arg-type]
        return tuple(values)

    return convert


def _converter(annotation: Any) -> Convert:
    """A function turning the JSON form of a value of type ``annotation`` back into it."""
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        inner = [a for a in arguments if a is not type(None)]
        if len(inner) != 1:
            raise TypeError(f"unsupported union {annotation}")
        convert_inner = _converter(inner[0])
        return lambda value: None if value is None else convert_inner(value)
    if origin is tuple:
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            if arguments[0] in _SCALARS:
                return _scalars(None, arguments[0])
            item = _converter(arguments[0])
            return lambda value: tuple([item(v) for v in _list(value)])
        if all(a in _SCALARS for a in arguments):
            return _scalars(tuple(arguments))
        parts = [_converter(a) for a in arguments]

        def fixed(value: Any) -> tuple[Any, ...]:
            values = _list(value)
            if len(values) != len(parts):
                raise ValueError("wrong tuple length")
            return tuple([p(v) for p, v in zip(parts, values, strict=True)])

        return fixed
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        members = annotation._value2member_map_

        def member(value: Any) -> Any:
            try:
                return members[value]
            except (KeyError, TypeError):
                raise ValueError(f"{value!r} is not a valid {annotation.__name__}") from None

        return member
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        return _row_reader(annotation)
    if annotation in _SCALARS:
        return _scalar(annotation)
    raise TypeError(f"unsupported field type {annotation}")


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {type(value).__name__}")
    return value


_FIELDS: dict[type, list[tuple[str, Any]]] = {}
"""A memo of :func:`_fields` (record types never change at run time)."""


def _fields(cls: type) -> list[tuple[str, Any]]:
    """Each field's name and type; the string annotations are evaluated once per class."""
    known = _FIELDS.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    known = _FIELDS[cls] = [(f.name, hints[f.name]) for f in dataclasses.fields(cls)]
    return known


def _row_reader(cls: type[T], overrides: dict[str, Convert] | None = None) -> Callable[[Any], T]:
    # a scalar field is checked inline (its kind), any other converted (its function)
    steps: list[tuple[type | None, Convert | None]] = []
    for name, annotation in _fields(cls):
        override = (overrides or {}).get(name)
        if override is None and annotation in _SCALARS:
            steps.append((annotation, None))
        else:
            steps.append((None, override or _converter(annotation)))
    count = len(steps)

    def read(row: Any) -> T:
        values = _list(row)
        if len(values) != count:
            raise ValueError(f"a {cls.__name__} row has {len(values)} values")
        decoded = []
        for (kind, convert), value in zip(steps, values, strict=True):
            if convert is not None:
                decoded.append(convert(value))
                continue
            if type(value) is not kind:
                raise _wrong(kind, value)  # type: ignore[arg-type]
            decoded.append(value)
        # positional, in field order: the records are plain dataclasses
        return cls(*decoded)

    return read


def _table(records: list[Any], cls: type, overrides: dict[str, Convert] | None = None) -> Any:
    names = [name for name, _ in _fields(cls)]
    rows = [
        [(overrides or {}).get(name, _encode_value)(getattr(record, name)) for name in names]
        for record in records
    ]
    return {"fields": names, "rows": rows}


def _untable(data: Any, cls: type[T], overrides: dict[str, Convert] | None = None) -> list[T]:
    if not isinstance(data, dict) or data.get("fields") != [name for name, _ in _fields(cls)]:
        raise ValueError(f"the {cls.__name__} table has other fields than this version's")
    read = _row_reader(cls, overrides)
    return [read(row) for row in _list(data["rows"])]


def _closure(closure: Closure) -> dict[str, Any]:
    return {
        "members": [list(m) for m in closure.members],
        "successors": closure.successors,
        "edges": [list(e) for e in closure.edges],
    }


def _unclosure(part: Any) -> Closure:
    return Closure(
        [tuple(str(n) for n in _list(m)) for m in _list(part["members"])],
        [[int(i) for i in _list(s)] for s in _list(part["successors"])],
        [(str(a), str(b)) for a, b in _list(part["edges"])],
    )


def _identity(name: str) -> str:
    return name


def encode_knowledge_base(
    kb: KnowledgeBase, file_name: Callable[[str], str] = _identity
) -> dict[str, Any]:
    """The JSON-ready form of ``kb`` (origins stored once, referred to by index).

    ``file_name`` maps each file as the knowledge base shows it to the form to
    store (the cache stores paths relative to the catalog root).
    """
    origins: dict[Origin, int] = {}
    origin_list: list[Origin] = []

    def origin_index(origin: Origin) -> int:
        if origin not in origins:
            origins[origin] = len(origin_list)
            origin_list.append(origin)
        return origins[origin]

    factset = kb.factset
    facts = _table(factset.facts, Fact, {"origin": origin_index})
    conditional = _table(factset.conditional, Fact, {"origin": origin_index})
    set_aside = {
        name: [origin_index(o) for o in getattr(factset, name)]
        for name in ("disputed", "conjectured_unused", "unquantified")
    }
    return {
        "assume_conjectures": kb.assume_conjectures,
        "infos": _table(list(kb.info.values()), DefinitionInfo, {"file": file_name}),
        "origins": _table(origin_list, Origin, {"file": file_name}),
        "facts": facts,
        "conditional": conditional,
        **set_aside,
        "strength": _closure(kb.strength),
        "extension": _closure(kb.extension),
    }


def decode_knowledge_base(
    data: dict[str, Any], file_name: Callable[[str], str] = _identity
) -> KnowledgeBase:
    """The knowledge base :func:`encode_knowledge_base` stored; ValueError if malformed.

    ``file_name`` maps each stored file name back to the form to show (the
    cache renders catalog-root paths against the catalog in use).
    """
    shown: dict[str, str] = {}
    check = _scalar(str)

    def file(value: Any) -> str:
        name = check(value)
        if name not in shown:
            shown[name] = file_name(name)
        return shown[name]

    infos = {info.id: info for info in _untable(data["infos"], DefinitionInfo, {"file": file})}
    origins = _untable(data["origins"], Origin, {"file": file})

    def origin_at(index: Any) -> Origin:
        if type(index) is not int or not 0 <= index < len(origins):
            raise ValueError("bad origin index")
        return origins[index]

    factset = FactSet(
        facts=_untable(data["facts"], Fact, {"origin": origin_at}),
        conditional=_untable(data["conditional"], Fact, {"origin": origin_at}),
        disputed=[origin_at(i) for i in _list(data["disputed"])],
        conjectured_unused=[origin_at(i) for i in _list(data["conjectured_unused"])],
        unquantified=[origin_at(i) for i in _list(data["unquantified"])],
    )
    kb = KnowledgeBase(
        infos,
        factset,
        _unclosure(data["strength"]),
        _unclosure(data["extension"]),
        assume_conjectures=bool(data["assume_conjectures"]),
    )
    if set(kb.strength.component) != set(infos) or set(kb.extension.component) != set(infos):
        raise ValueError("closure and definitions disagree")
    return kb
