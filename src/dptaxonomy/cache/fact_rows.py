"""The cached facts, each row decoded when first read, and once.

Restoring every fact and its origin is most of what reading the ``facts`` part
costs (several hundred records of some twenty fields each), and ``convert``
reads only the facts that carry a parameter map: the compilation stores their
rows (``mapped``, ``mapped_conditional``), and :meth:`FactRows.mapped` decodes
those rows and their origins alone. A later :meth:`FactRows.factset` decodes
the rest and returns the very same objects for the rows already read, so a
fact is one object whichever question reads it first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property

from dptaxonomy.cache.codec import _fields, _file_reader, _list, _records, _untable
from dptaxonomy.reasoning.info import MechanismInfo
from dptaxonomy.reasoning.logic.facts import Fact, FactSet, Origin

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["FactRows"]


class _Rows:
    """A stored table of records, each row decoded on first reading (checked as it is)."""

    def __init__(self, data: Any, cls: type, overrides: dict[str, Callable[[Any], Any]]) -> None:
        names = [name for name, _ in _fields(cls)]
        if not isinstance(data, dict) or data.get("fields") != names:
            raise ValueError(f"the {cls.__name__} table has other fields than this version's")
        self.names = names
        self.rows = _list(data["rows"])
        self.decode = _records(cls, overrides)
        self.decoded: dict[int, Any] = {}

    def at(self, indexes: Sequence[int]) -> list[Any]:
        """The records of rows ``indexes``; ValueError for an index that is no row."""
        decoded, rows = self.decoded, self.rows
        missing = [i for i in dict.fromkeys(indexes) if i not in decoded]
        if missing:
            if set(map(type, missing)) != {int} or min(missing) < 0 or max(missing) >= len(rows):
                raise ValueError("a row index is not a row of the table")
            records = self.decode(list(map(rows.__getitem__, missing)))
            decoded.update(zip(missing, records, strict=True))
        return list(map(decoded.__getitem__, indexes))

    def all(self) -> list[Any]:
        """Every row's record (decoded at once when none is yet)."""
        if self.decoded:
            return self.at(range(len(self.rows)))
        records = self.decode(self.rows)
        self.decoded = dict(enumerate(records))
        return records

    def column(self, indexes: Sequence[int], name: str) -> list[Any]:
        """The stored (not decoded) values of field ``name`` in rows ``indexes``."""
        position = self.names.index(name)
        return [_list(self.rows[i])[position] for i in indexes]


class FactRows:
    """The facts and origins of a stored ``facts`` part (of :func:`encode_knowledge_base`)."""

    def __init__(self, data: dict[str, Any], file_name: Callable[[str], str]) -> None:
        self.data = data
        self.origins = _Rows(data["origins"], Origin, {"file": _file_reader(file_name)})
        origin: dict[str, Callable[[Any], Any]] = {"origin": self.origin_at}
        self.facts = _Rows(data["facts"], Fact, origin)
        self.conditional = _Rows(data["conditional"], Fact, origin)
        self.claims_table = _Rows(data["mechanism_claims"], Fact, origin)

    def origin_at(self, index: Any) -> Origin:
        """The origin of row ``index``."""
        if type(index) is not int:
            raise ValueError("bad origin index")
        found: Origin | None = self.origins.decoded.get(index)
        return found if found is not None else self.origins.at([index])[0]

    def _facts(self, table: _Rows, indexes: Sequence[int]) -> list[Fact]:
        self.origins.at(table.column(indexes, "origin"))  # their origins in one decoding
        return table.at(indexes)

    def mapped(self) -> tuple[list[Fact], list[Fact]]:
        """The facts that carry a usable map: unconditional, conditional (each in order)."""
        return (
            self._facts(self.facts, _list(self.data["mapped"])),
            self._facts(self.conditional, _list(self.data["mapped_conditional"])),
        )

    @cached_property
    def mechanisms(self) -> dict[str, MechanismInfo]:
        """Every mechanism by id (their claims are rows of their own: :meth:`claims`), one
        object however often read."""
        return {m.id: m for m in _untable(self.data["mechanisms"], MechanismInfo)}

    def claims(self) -> list[Fact]:
        """Every mechanism's claims, in order."""
        return self._facts(self.claims_table, range(len(self.claims_table.rows)))

    def claims_of(self, mechanism: str) -> list[Fact]:
        """The claims of one mechanism, in order: only their rows and origins decoded."""
        table = self.claims_table
        subjects = table.column(range(len(table.rows)), "a")
        if any(type(a) is not str for a in subjects):  # read undecoded: checked here
            raise ValueError("a claim's mechanism is not a name")
        return self._facts(table, [i for i, a in enumerate(subjects) if a == mechanism])

    @cached_property
    def factset(self) -> FactSet:
        """Every fact, and the origins set aside (one object, however often read)."""
        data = self.data
        self.origins.all()
        origins = self.origins.at
        return FactSet(
            facts=self.facts.all(),
            conditional=self.conditional.all(),
            disputed=origins(_indexes(data["disputed"])),
            conjectured_unused=origins(_indexes(data["conjectured_unused"])),
            unquantified=origins(_indexes(data["unquantified"])),
        )


def _indexes(value: Any) -> list[int]:
    indexes = _list(value)
    if any(type(i) is not int for i in indexes):
        raise ValueError("bad origin index")
    return indexes
