"""Synthetic catalogs, for property-based tests and the benchmark.

:func:`synthetic_catalog` builds an in-memory :class:`Catalog` from a list of
relations without touching the file system; :func:`random_relations` draws
chains, branches, equivalence classes, ⊂ edges and separations (about three
facts per definition).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path

from dptaxonomy.catalog import Catalog
from dptaxonomy.loader import LoadedDefinition
from dptaxonomy.models import (
    Citation,
    Claim,
    Definition,
    Dimension,
    Properties,
    Relation,
    RelationKind,
    Scope,
    Source,
    Status,
    Truth,
)
from dptaxonomy.yamlsource import Located

__all__ = ["SYNTHETIC_KEY", "random_relations", "synthetic_catalog", "synthetic_id"]

SYNTHETIC_KEY = "Syn00"
Triple = tuple[str, RelationKind, str]


def synthetic_id(index: int) -> str:
    """The id of the index-th synthetic definition."""
    return f"def-{index:05d}"


def _claim(value: Truth) -> Claim:
    if value is Truth.unknown:
        return Claim(value=value)
    return Claim(value=value, citation=Citation(key=SYNTHETIC_KEY, at="synthetic"))


def synthetic_catalog(
    ids: Sequence[str],
    relations: Iterable[Triple | tuple[str, RelationKind, str, Status]],
    composability: dict[str, Truth] | None = None,
    dimensions: dict[str, list[Dimension]] | None = None,
) -> Catalog:
    """An in-memory catalog of bare definitions carrying the given relations."""
    by_subject: dict[str, list[Relation]] = {i: [] for i in ids}
    for number, item in enumerate(relations):
        subject, kind, target = item[0], item[1], item[2]
        status = item[3] if len(item) == 4 else Status.established
        by_subject[subject].append(
            Relation(
                kind=kind,
                target=target,
                status=status,
                note="synthetic" if status is Status.disputed else None,
                citation=Citation(key=SYNTHETIC_KEY, at=f"fact {number}"),
            )
        )
    entries = {}
    for definition_id in ids:
        definition = Definition(
            id=definition_id,
            name=f"synthetic {definition_id}",
            dimensions=(dimensions or {}).get(definition_id, []),
            summary="A synthetic definition used to test and benchmark the reasoner.",
            introduced_in=[SYNTHETIC_KEY],
            source=Source(key=SYNTHETIC_KEY),
            scope=Scope.core,
            properties=Properties(
                post_processing=_claim(Truth.unknown),
                convexity=_claim(Truth.unknown),
                composability=_claim((composability or {}).get(definition_id, Truth.unknown)),
            ),
            relations=by_subject[definition_id],
        )
        entries[definition_id] = LoadedDefinition(definition, f"{definition_id}.yaml", Located())
    return Catalog(directory=Path("<synthetic>"), entries=entries, references={})


def random_relations(size: int, seed: int = 0, facts_per_definition: float = 3.0) -> list[Triple]:
    """Relations shaped like the real catalog: ≻ chains and branches, ∼ classes, ⊂, separations.

    ≻ edges mostly point from lower to higher index (a layered order with a few
    back edges that form equivalence classes); separations go from weaker to
    stronger definitions so most of them are consistent.
    """
    rng = random.Random(seed)
    ids = [synthetic_id(i) for i in range(size)]
    total = int(size * facts_per_definition)
    triples: list[Triple] = []
    for _ in range(total):
        a = rng.randrange(size)
        span = max(1, min(size - 1, int(rng.expovariate(1 / 20)) + 1))
        b = min(size - 1, a + span)
        if a == b:
            continue
        draw = rng.random()
        if draw < 0.6:
            triples.append((ids[a], RelationKind.stronger, ids[b]))
        elif draw < 0.7:
            triples.append((ids[b], RelationKind.weaker, ids[a]))
        elif draw < 0.8:
            triples.append((ids[a], RelationKind.extends, ids[b]))
        elif draw < 0.83:
            triples.append((ids[a], RelationKind.equivalent, ids[min(size - 1, a + 1)]))
        else:
            triples.append((ids[b], RelationKind.not_stronger, ids[a]))
    return [t for t in triples if t[0] != t[2]]
