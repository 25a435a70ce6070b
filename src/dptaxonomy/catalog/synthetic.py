"""Synthetic catalogs, for property-based tests and the benchmark.

:func:`synthetic_catalog` builds an in-memory :class:`Catalog` from a list of
relations without touching the file system; :func:`random_relations` draws
chains, branches, equivalence classes, ⊂ edges and separations (about three
facts per definition). The benchmark's scale shapes come from
:func:`chain_relations` (a chain of parametric implications whose map uses its
variable twice) and :func:`star_relations` (one hub stronger than every other
definition, all in one large entry); :func:`write_catalog_files` writes any
synthetic catalog as YAML files that ``dptax`` commands read.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import yaml

from dptaxonomy.catalog.loader import LoadedDefinition
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.catalog.yamlsource import Located
from dptaxonomy.schema.enums import Monotone
from dptaxonomy.schema.models import (
    Citation,
    Claim,
    Definition,
    Dimension,
    Parameter,
    ParameterType,
    Properties,
    Relation,
    RelationKind,
    Scope,
    Source,
    Status,
    Truth,
)

__all__ = [
    "DOUBLING_MAP",
    "EPSILON",
    "SYNTHETIC_KEY",
    "chain_relations",
    "random_relations",
    "star_relations",
    "synthetic_catalog",
    "synthetic_id",
    "write_catalog_files",
]

SYNTHETIC_KEY = "Syn00"
Triple = tuple[str, RelationKind, str]
MappedTriple = tuple[str, RelationKind, str, dict[str, str]]
"""A relation carrying a parameter map (target's parameters over the subject's)."""
EPSILON = Parameter(
    name="epsilon",
    symbol="\\varepsilon",
    meaning="A synthetic privacy-loss bound.",
    type=ParameterType.real,
    domain="[0, inf)",
    monotone=Monotone.weaker_when_larger,
)
DOUBLING_MAP = {"epsilon": "epsilon / 2 + epsilon / 2"}
"""A map that keeps ε's value but names it twice: substituted as a tree, it doubles per step."""


def synthetic_id(index: int) -> str:
    """The id of the index-th synthetic definition."""
    return f"def-{index:05d}"


def _claim(value: Truth) -> Claim:
    if value is Truth.unknown:
        return Claim(value=value)
    return Claim(value=value, citation=Citation(key=SYNTHETIC_KEY, at="synthetic"))


def synthetic_catalog(
    ids: Sequence[str],
    relations: Iterable[Triple | tuple[str, RelationKind, str, Status] | MappedTriple],
    composability: dict[str, Truth] | None = None,
    dimensions: dict[str, list[Dimension]] | None = None,
    parameters: Mapping[str, list[Parameter]] | None = None,
) -> Catalog:
    """An in-memory catalog of bare definitions carrying the given relations.

    A relation's fourth item is its status or its parameter map.
    """
    by_subject: dict[str, list[Relation]] = {i: [] for i in ids}
    for number, item in enumerate(relations):
        subject, kind, target = item[0], item[1], item[2]
        extra = item[3] if len(item) == 4 else None
        status = extra if isinstance(extra, Status) else Status.established
        by_subject[subject].append(
            Relation(
                kind=kind,
                target=target,
                parameter_map=extra if isinstance(extra, dict) else None,
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
            parameters=(parameters or {}).get(definition_id, []),
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


def random_relations(size: int, seed: int = 0, cluster: int = 25) -> list[Triple]:
    """Relations shaped like the real catalog, about three per definition.

    Definitions fall in clusters (like the SoK's dimension combinations):
    inside a cluster, ≻ edges form chains and branches from earlier to later
    members, with a few ⊂ edges, equivalences and separations (from a
    weaker member to a stronger one, so most are consistent). A hub
    (definition 0, like ε-DP) is stronger than each cluster's root, and one
    root in a hundred is stronger than the hub, as free lunch privacy is.
    """
    rng = random.Random(seed)
    ids = [synthetic_id(i) for i in range(size)]
    triples: list[Triple] = []
    for start in range(1, size, cluster):
        members = list(range(start, min(size, start + cluster)))
        root = members[0]
        if rng.random() < 0.01:
            triples.append((ids[root], RelationKind.stronger, ids[0]))
        else:
            triples.append((ids[0], RelationKind.stronger, ids[root]))
        for position, node in enumerate(members[1:], start=1):
            parent = members[rng.randrange(position)]
            kind = RelationKind.stronger if rng.random() < 0.8 else RelationKind.weaker
            pair = (parent, node) if kind is RelationKind.stronger else (node, parent)
            triples.append((ids[pair[0]], kind, ids[pair[1]]))
            draw = rng.random()
            other = members[rng.randrange(position)]
            if draw < 0.55:
                triples.append((ids[other], RelationKind.stronger, ids[node]))
            elif draw < 0.85:
                triples.append((ids[node], RelationKind.extends, ids[other]))
            elif draw < 0.9:
                triples.append((ids[node], RelationKind.equivalent, ids[other]))
            else:
                triples.append((ids[node], RelationKind.not_stronger, ids[parent]))
            if rng.random() < 0.5:
                target = members[rng.randrange(len(members))]
                triples.append((ids[node], RelationKind.extended_by, ids[target]))
    return [t for t in triples if t[0] != t[2]]


def chain_relations(steps: int) -> list[MappedTriple]:
    """``def-00000 ≻ def-00001 ≻ … ≻ def-{steps}``, each step mapping ε by :data:`DOUBLING_MAP`."""
    return [
        (synthetic_id(i), RelationKind.stronger, synthetic_id(i + 1), dict(DOUBLING_MAP))
        for i in range(steps)
    ]


def star_relations(size: int) -> list[Triple]:
    """The hub ``def-00000`` stronger than each of the other ``size - 1`` (one large entry)."""
    return [(synthetic_id(0), RelationKind.stronger, synthetic_id(i)) for i in range(1, size)]


def write_catalog_files(catalog: Catalog, directory: Path) -> None:
    """Write ``catalog`` as a catalog folder: one YAML file per entry and ``references.yaml``."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "references.yaml").write_text(
        f"{SYNTHETIC_KEY}:\n  authors: [Benchmark]\n  title: Synthetic facts\n  year: 2000\n",
        encoding="utf-8",
    )
    for definition_id, entry in catalog.entries.items():
        data = entry.definition.model_dump(mode="json", exclude_defaults=True)
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
        (directory / f"{definition_id}.yaml").write_text(text, encoding="utf-8")
