"""The cache's JSON form of what guarantees given in a definition read (its ``lifts`` part).

The lift chains and the Rényi lifts refer by index to one table of facts, so a fact
several chains share is stored once; facts and origins are tables of records, as in
:mod:`dptaxonomy.cache.codec`. Decoding checks every value and raises
:class:`ValueError` on anything unexpected.
"""

from __future__ import annotations

from collections.abc import Callable

from dptaxonomy.cache.codec import (
    _check,
    _file_reader,
    _identity,
    _list,
    _origin_indexer,
    _origin_reader,
    _table,
    _untable,
)
from dptaxonomy.reasoning.accounting.lifts import GuaranteeLifts, Parameters, guarantee_lifts
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact, Origin
from dptaxonomy.reasoning.maps.paths import Chain

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["decode_lifts", "encode_lifts"]


def encode_lifts(kb: KnowledgeBase, file_name: Callable[[str], str] = _identity) -> dict[str, Any]:
    """The JSON-ready form of :func:`guarantee_lifts` of ``kb`` (its own cache part)."""
    part = guarantee_lifts(kb)
    origin_list, origin_index = _origin_indexer()
    facts: list[Fact] = []
    at: dict[int, int] = {}

    def fact_index(fact: Fact) -> int:
        if id(fact) not in at:
            at[id(fact)] = len(facts)
            facts.append(fact)
        return at[id(fact)]

    chains = [[c.source, c.target, [fact_index(s) for s in c.steps]] for c in part.chains]
    renyi = [fact_index(f) for f in part.renyi]
    table = _table(facts, Fact, {"origin": origin_index})
    return {
        "facts": table,
        "chains": chains,
        "renyi": renyi,
        "parameters": [[d, [list(p) for p in entries]] for d, entries in part.parameters],
        "ids": sorted(part.ids),
        "labels": [[label, list(ids)] for label, ids in part.labels],
        "origins": _table(origin_list, Origin, {"file": file_name}),
    }


def _strings(value: Any, count: int, what: str) -> list[str]:
    if not isinstance(value, list) or len(value) != count:
        raise ValueError(f"{what} is not a list of {count} values")
    return _check(value, {str}, what)


def _parameters(data: Any) -> tuple[tuple[str, Parameters], ...]:
    found = []
    for row in _list(data):
        definition, entries = _strings(row[:1], 1, "a definition id")[0], _list(row[1])
        rows = [_strings(entry, 6, f"a parameter of {definition!r}") for entry in entries]
        found.append((definition, tuple(map(tuple, rows))))
    return tuple(found)  # type: ignore[arg-type]  # checked: six strings per parameter


def decode_lifts(
    data: dict[str, Any], file_name: Callable[[str], str] = _identity
) -> GuaranteeLifts:
    """The part :func:`encode_lifts` stored; ValueError if malformed."""
    origin_at = _origin_reader(data["origins"], _file_reader(file_name))
    facts = _untable(data["facts"], Fact, {"origin": origin_at})

    def fact_at(index: Any) -> Fact:
        if type(index) is not int or not 0 <= index < len(facts):
            raise ValueError(f"a lift refers to fact {index!r} of {len(facts)}")
        return facts[index]

    chains = []
    for row in _list(data["chains"]):
        source, target, steps = _list(row)
        ends = _strings([source, target], 2, "a lift chain's ends")
        chains.append(Chain(ends[0], ends[1], tuple(map(fact_at, _list(steps)))))
    renyi = tuple(map(fact_at, _list(data["renyi"])))
    labels = []
    for row in _list(data["labels"]):
        label, ids = _list(row)
        labels.append((_strings([label], 1, "a label")[0], tuple(_check(_list(ids), {str}, "ids"))))
    ids = frozenset(_check(_list(data["ids"]), {str}, "a definition id"))
    return GuaranteeLifts(tuple(chains), renyi, _parameters(data["parameters"]), ids, tuple(labels))
