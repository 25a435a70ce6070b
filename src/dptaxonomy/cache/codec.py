"""The cache's JSON form of a knowledge base, derived from the records' field definitions.

Each record type (:class:`DefinitionInfo`, :class:`Origin`, :class:`Fact`) is
stored as a table: the field names once, then one row of values per record.
Encoding and decoding read the records' fields and their annotations, so a
new field is one edit, in the record. Decoding checks every value's type and
raises :class:`ValueError` on anything unexpected: a tampered or truncated
cache is rejected, never half-trusted.
"""

from __future__ import annotations

import itertools
import types
from collections.abc import Callable
from enum import Enum

from dptaxonomy.base.records import fields, from_columns, is_record
from dptaxonomy.cache.annotations import annotation_parts, field_types
from dptaxonomy.reasoning.assertions import Assertions
from dptaxonomy.reasoning.info import DefinitionInfo, MechanismInfo, OperationInfo
from dptaxonomy.reasoning.knowledge import KnowledgeBase, is_mapped
from dptaxonomy.reasoning.logic.closure import Closure
from dptaxonomy.reasoning.logic.facts import Fact, Origin

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    from dptaxonomy.reasoning.assertions import AssertionParts

    T = TypeVar("T")
    Convert = Callable[[Any], Any]
    Column = Callable[[list[Any]], list[Any]]
    """Decodes one column of a table (every record's value of one field) at once."""

__all__ = [
    "CORE",
    "decode_assertions",
    "decode_core",
    "decode_knowledge_base",
    "encode_knowledge_base",
]


def _encode_value(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_encode_value(item) for item in value]
    if is_record(value) and not isinstance(value, type):
        return [_encode_value(getattr(value, name)) for name in fields(value)]
    return value


_SCALARS = (str, int, bool)
_NONE = type(None)


def _check(values: list[Any], allowed: set[type], what: str) -> list[Any]:
    """``values``, if every one's type is one of ``allowed`` (a bool is no int); else ValueError."""
    found = set(map(type, values))
    if not found <= allowed:
        raise ValueError(f"expected {what}, got {sorted(t.__name__ for t in found - allowed)}")
    return values


def _per_value(convert: Convert) -> Column:
    return lambda values: list(map(convert, values))


def _column(annotation: Any) -> Column:
    """A function turning the JSON form of a column of values of type ``annotation`` back.

    Columns rather than values, so that type checks and conversions run as
    whole-list operations (``map``, ``set``, ``zip``) instead of one Python
    call per value: restoring a knowledge base is most of a query's work.
    """
    origin, arguments = annotation_parts(annotation)
    if origin is types.UnionType:
        inner = [a for a in arguments if a is not _NONE]
        if len(inner) != 1:
            raise TypeError(f"unsupported union {annotation}")
        return _optional(inner[0])
    if origin is tuple:
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            return _variable_tuples(arguments[0])
        return _fixed_tuples([_column(a) for a in arguments])
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        members = annotation._value2member_map_

        def member(values: list[Any]) -> list[Any]:
            try:
                return list(map(members.__getitem__, values))
            except (KeyError, TypeError):
                raise ValueError(f"a value is not a valid {annotation.__name__}") from None

        return member
    if isinstance(annotation, type) and is_record(annotation):
        return _records(annotation)
    if annotation in _SCALARS:
        return lambda values: _check(values, {annotation}, annotation.__name__)
    raise TypeError(f"unsupported field type {annotation}")


def _optional(annotation: Any) -> Column:
    if annotation in _SCALARS:
        return lambda values: _check(values, {annotation, _NONE}, annotation.__name__)
    convert = _column(annotation)

    def optional(values: list[Any]) -> list[Any]:
        present = [i for i, v in enumerate(values) if v is not None]
        result: list[Any] = [None] * len(values)
        for i, value in zip(present, convert([values[i] for i in present]), strict=True):
            result[i] = value
        return result

    return optional


def _variable_tuples(item: Any) -> Column:
    if item in _SCALARS:

        def scalars(values: list[Any]) -> list[Any]:
            _check(values, {list}, "a list")
            _check(list(itertools.chain.from_iterable(values)), {item}, item.__name__)
            return list(map(tuple, values))

        return scalars
    convert = _column(item)

    def variable(values: list[Any]) -> list[Any]:
        _check(values, {list}, "a list")
        flat = iter(convert(list(itertools.chain.from_iterable(values))))
        pieces = map(itertools.islice, itertools.repeat(flat), map(len, values))
        return list(map(tuple, pieces))  # each piece is taken in turn, by C-level maps

    return variable


def _fixed_tuples(parts: list[Column]) -> Column:
    def fixed(values: list[Any]) -> list[Any]:
        _check(values, {list}, "a list")
        if set(map(len, values)) - {len(parts)}:
            raise ValueError("wrong tuple length")
        if not values:
            return []
        columns = [
            part(list(column))
            for part, column in zip(parts, zip(*values, strict=True), strict=True)
        ]
        return list(zip(*columns, strict=True))

    return fixed


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {type(value).__name__}")
    return value


_FIELDS: dict[type, list[tuple[str, Any]]] = {}
"""A memo of :func:`_fields` (record types never change at run time)."""


def _fields(cls: type) -> list[tuple[str, Any]]:
    """Each field's name and type; the string annotations are read once per class."""
    known = _FIELDS.get(cls)
    if known is not None:
        return known
    known = _FIELDS[cls] = field_types(cls, fields(cls))
    return known


def _records(cls: type[T], overrides: dict[str, Convert] | None = None) -> Column:
    """Rows of ``cls``'s fields, in field order, back into records (positional, in field order)."""
    columns = [
        _per_value(overrides[name]) if overrides and name in overrides else _column_of(annotation)
        for name, annotation in _fields(cls)
    ]

    def records(rows: list[Any]) -> list[Any]:
        _check(rows, {list}, f"a {cls.__name__} row")
        if set(map(len, rows)) - {len(columns)}:
            raise ValueError(f"a {cls.__name__} row has other than {len(columns)} values")
        if not rows:
            return []
        decoded = [
            convert(list(c)) for convert, c in zip(columns, zip(*rows, strict=True), strict=True)
        ]
        return from_columns(cls, decoded, len(rows))

    return records


_COLUMNS: dict[Any, Column] = {}
"""A memo of :func:`_column` (annotations never change at run time, and restoring a knowledge
base decodes the same field types in several tables)."""


def _column_of(annotation: Any) -> Column:
    known = _COLUMNS.get(annotation)
    if known is None:
        known = _COLUMNS[annotation] = _column(annotation)
    return known


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
    return _records(cls, overrides)(_list(data["rows"]))


def _closure(closure: Closure) -> dict[str, Any]:
    return {
        "members": [list(m) for m in closure.members],
        "successors": closure.successors,
        "edges": [list(e) for e in closure.edges],
    }


def _unclosure(part: Any) -> Closure:
    members = _check(_list(part["members"]), {list}, "a list of members")
    _check(list(itertools.chain.from_iterable(members)), {str}, "a definition id")
    successors = _check(_list(part["successors"]), {list}, "a list of successors")
    _check(list(itertools.chain.from_iterable(successors)), {int}, "a component index")
    edges = _check(_list(part["edges"]), {list}, "an edge")
    if set(map(len, edges)) - {2}:
        raise ValueError("an edge is not a pair")
    _check(list(itertools.chain.from_iterable(edges)), {str}, "a definition id")
    return Closure(list(map(tuple, members)), successors, list(map(tuple, edges)))


def _rows(data: Any, count: int) -> list[int]:
    """Rule N1's stored rows: one bitset per component, in hexadecimal (a decimal int of
    more than 4300 digits is refused by ``int``; a hexadecimal one never is)."""
    rows = _list(data)
    if len(rows) != count or any(type(row) is not str for row in rows):
        raise ValueError("the separation rows do not match the components")
    return [int(row, 16) for row in rows]


def _identity(name: str) -> str:
    return name


def _origin_indexer() -> tuple[list[Origin], Callable[[Origin], int]]:
    """A list of origins and the function giving each origin's index in it (adding it once)."""
    origins: dict[Origin, int] = {}
    origin_list: list[Origin] = []

    def origin_index(origin: Origin) -> int:
        if origin not in origins:
            origins[origin] = len(origin_list)
            origin_list.append(origin)
        return origins[origin]

    return origin_list, origin_index


def _file_reader(file_name: Callable[[str], str]) -> Convert:
    shown: dict[str, str] = {}

    def file(name: Any) -> str:
        if type(name) is not str:
            raise ValueError(f"expected a file name, got {type(name).__name__}")
        if name not in shown:
            shown[name] = file_name(name)
        return shown[name]

    return file


def _origin_reader(table: Any, file: Convert) -> Callable[[Any], Origin]:
    origins = _untable(table, Origin, {"file": file})

    def origin_at(index: Any) -> Origin:
        if type(index) is not int or not 0 <= index < len(origins):
            raise ValueError("bad origin index")
        return origins[index]

    return origin_at


def encode_knowledge_base(
    kb: KnowledgeBase, file_name: Callable[[str], str] = _identity
) -> dict[str, Any]:
    """The JSON-ready form of ``kb`` (origins stored once, referred to by index).

    ``file_name`` maps each file as the knowledge base shows it to the form to
    store (the cache stores paths relative to the catalog root).
    """
    origin_list, origin_index = _origin_indexer()
    factset = kb.factset
    facts = _table(factset.facts, Fact, {"origin": origin_index})
    conditional = _table(factset.conditional, Fact, {"origin": origin_index})
    mechanism_claims = _table(kb.mechanism_claims, Fact, {"origin": origin_index})
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
        "mapped": [i for i, f in enumerate(factset.facts) if is_mapped(f)],  # convert reads
        "mapped_conditional": [i for i, f in enumerate(factset.conditional) if is_mapped(f)],
        "strength": _closure(kb.strength),
        "extension": _closure(kb.extension),
        "mechanisms": _table(list(kb.mechanisms.values()), MechanismInfo),
        "mechanism_claims": mechanism_claims,
        "not_stronger_rows": [format(row, "x") for row in kb.not_stronger_rows],
        "operations": _table(kb.operations, OperationInfo),
    }


CORE = ("assume_conjectures", "infos", "strength", "extension", "not_stronger_rows")
"""The keys of :func:`encode_knowledge_base`'s form that :func:`decode_core` reads; the
others hold the :class:`Assertions` (:func:`decode_assertions`)."""


def decode_assertions(
    data: dict[str, Any], file_name: Callable[[str], str] = _identity, rows: Any = None
) -> Assertions:
    """The facts, mechanisms, claims and operations :func:`encode_knowledge_base` stored
    (``rows``: the :class:`~dptaxonomy.cache.fact_rows.FactRows` of the same ``data`` that
    parts were read from: the same objects come back)."""
    from dptaxonomy.cache.fact_rows import FactRows

    rows = rows if isinstance(rows, FactRows) else FactRows(data, file_name)
    operations = _untable(data["operations"], OperationInfo)
    return Assertions(rows.factset, rows.mechanisms, rows.claims(), operations)


def decode_core(
    data: dict[str, Any],
    file_name: Callable[[str], str],
    assertions: Callable[[], Assertions],
    parts: AssertionParts | None = None,
) -> KnowledgeBase:
    """The knowledge base from its :data:`CORE` part; ``assertions`` reads the rest when a
    question first needs it, ``parts`` (if given) a part of it alone (a question that reads
    only the facts, or those with maps, or a mechanism). ValueError if the part is malformed."""
    file = _file_reader(file_name)
    infos = {info.id: info for info in _untable(data["infos"], DefinitionInfo, {"file": file})}
    kb = KnowledgeBase(
        infos,
        None,
        _unclosure(data["strength"]),
        _unclosure(data["extension"]),
        assume_conjectures=bool(data["assume_conjectures"]),
        not_stronger_rows=_rows(data["not_stronger_rows"], len(data["strength"]["members"])),
        assertions=assertions,
        parts=parts,
    )
    if set(kb.strength.component) != set(infos) or set(kb.extension.component) != set(infos):
        raise ValueError("closure and definitions disagree")
    return kb


def decode_knowledge_base(
    data: dict[str, Any], file_name: Callable[[str], str] = _identity
) -> KnowledgeBase:
    """The knowledge base :func:`encode_knowledge_base` stored, every part decoded now;
    ValueError if malformed.

    ``file_name`` maps each stored file name back to the form to show (the
    cache renders catalog-root paths against the catalog in use).
    """
    assertions = decode_assertions(data, file_name)
    return decode_core(data, file_name, lambda: assertions)
