"""The cache's JSON form of what composing reads of a knowledge base (its ``compose`` part).

Mechanisms, operation rules, the mechanisms' claims and the parameter maps, as tables
of records (see :mod:`dptaxonomy.cache.codec`); decoding checks every value and raises
:class:`ValueError` on anything unexpected.
"""

from __future__ import annotations

from collections.abc import Callable

from dptaxonomy.cache.codec import (
    _file_reader,
    _identity,
    _origin_indexer,
    _origin_reader,
    _table,
    _untable,
)
from dptaxonomy.reasoning.accounting.knowledge import AccountingKnowledge, accounting_knowledge
from dptaxonomy.reasoning.info import MechanismInfo, OperationInfo
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact, Origin

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["decode_accounting", "encode_accounting"]


def encode_accounting(
    kb: KnowledgeBase, file_name: Callable[[str], str] = _identity
) -> dict[str, Any]:
    """The JSON-ready form of what composing reads of ``kb`` (its own cache part)."""
    part = accounting_knowledge(kb)
    origin_list, origin_index = _origin_indexer()
    claims = _table(list(part.claims), Fact, {"origin": origin_index})
    maps = _table(list(part.maps), Fact, {"origin": origin_index})
    return {
        "mechanisms": _table(list(part.mechanisms), MechanismInfo),
        "operations": _table(list(part.operations), OperationInfo),
        "origins": _table(origin_list, Origin, {"file": file_name}),
        "claims": claims,
        "maps": maps,
    }


def decode_accounting(
    data: dict[str, Any], file_name: Callable[[str], str] = _identity
) -> AccountingKnowledge:
    """The part :func:`encode_accounting` stored; ValueError if malformed."""
    origin_at = _origin_reader(data["origins"], _file_reader(file_name))
    return AccountingKnowledge(
        tuple(_untable(data["mechanisms"], MechanismInfo)),
        tuple(_untable(data["claims"], Fact, {"origin": origin_at})),
        tuple(_untable(data["operations"], OperationInfo)),
        tuple(_untable(data["maps"], Fact, {"origin": origin_at})),
    )
