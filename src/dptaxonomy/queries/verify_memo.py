"""``dptax verify``'s checks, remembered under the catalog's content key.

Verifying the catalog evaluates every claim, map, relation and operation rule
on the battery: tens of seconds. The checks are a pure function of the catalog's
definitions, mechanisms and bibliography and of the package's code, so they are
kept in the cache directory (:mod:`dptaxonomy.cache.memo`) under a key that
hashes exactly those (:func:`~dptaxonomy.cache.digest.catalog_digest` without the
stored evidence, which ``--check`` compares against and ``--write`` rewrites).
Any edit to an entry or to the code gives a new key, so a remembered answer is
never stale; a missing, malformed or foreign one is computed again. Every value
read back is checked field by field: a memo never runs code.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any, TypeGuard

from dptaxonomy.cache.digest import NO_CACHE_ENV, catalog_digest
from dptaxonomy.cache.memo import recall, remember
from dptaxonomy.reasoning.evaluators.verdicts import Check, CheckKind, Outcome
from dptaxonomy.reasoning.evaluators.verify import verify_catalog

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog

__all__ = ["MEMO_NAME", "verified_checks"]

MEMO_NAME = "verify"

_TEXT = ("entry", "reading")
_OPTIONAL_TEXT = ("counterexample", "relation")


def _row(check: Check) -> dict[str, Any]:
    row = check.data()
    row["disputed"] = check.disputed
    return row


def _count(value: Any) -> TypeGuard[int]:
    return type(value) is int and value >= 0


def _check(row: Any) -> Check | None:
    """The check a remembered row describes, or None when the row is not one."""
    if not isinstance(row, dict):
        return None
    try:
        kind, outcome = CheckKind(row["kind"]), Outcome(row["outcome"])
    except (KeyError, TypeError, ValueError):
        return None
    if not all(isinstance(row.get(name), str) for name in _TEXT):
        return None
    if not all(row.get(name) is None or isinstance(row[name], str) for name in _OPTIONAL_TEXT):
        return None
    index, cases, sampled = row.get("index"), row.get("cases"), row.get("sampled_from", 0)
    if not (_count(index) and _count(cases) and _count(sampled)):
        return None
    if type(row.get("disputed")) is not bool:
        return None
    return Check(
        kind,
        row["entry"],
        index,
        row["reading"],
        outcome,
        cases,
        row["disputed"],
        counterexample=row.get("counterexample"),
        relation=row.get("relation"),
        sampled_from=sampled,
    )


def _recalled(key: str) -> list[Check] | None:
    rows = recall(key, MEMO_NAME)
    if not isinstance(rows, list):
        return None
    checks = [_check(row) for row in rows]
    return None if any(c is None for c in checks) else [c for c in checks if c is not None]


def verified_checks(catalog: Catalog, entries: Collection[str] | None = None) -> list[Check]:
    """:func:`verify_catalog` of ``catalog``, from the memo when its content was verified before.

    With ``entries`` (ids), only the checks those entries state, always computed: the memo
    keeps whole verifications, and a part takes seconds."""
    import os

    if entries is not None:
        return verify_catalog(catalog, entries)
    if os.environ.get(NO_CACHE_ENV):
        return verify_catalog(catalog)
    key = catalog_digest(catalog.directory, evidence=False)
    found = _recalled(key)
    if found is not None:
        return found
    checks = verify_catalog(catalog)
    remember(key, MEMO_NAME, [_row(c) for c in checks])
    return checks
