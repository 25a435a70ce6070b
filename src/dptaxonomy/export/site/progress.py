"""What the progress page shows: decided, open and refuted pairs, and the core's grid."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.site.labels import label_of
from dptaxonomy.export.site.urls import pair_key, pair_url
from dptaxonomy.queries.progress import progress, refuted_pairs
from dptaxonomy.reasoning.reasoner import Reasoner

__all__ = ["progress_context"]


def _cell(reasoner: Reasoner, a: str, b: str, refuted: Collection[tuple[str, str]]) -> str:
    kb = reasoner.kb
    if a == b:
        return "self"
    if kb.is_stronger(a, b):
        return "stronger"
    if kb.is_not_stronger(a, b):
        return "not_stronger"
    return "refuted" if (a, b) in refuted else "open"


def progress_context(
    catalog: Catalog, reasoner: Reasoner, pairs: Collection[tuple[str, str]]
) -> dict[str, Any]:
    """The counts overall and in the core, and for the core a grid "row ≻ column?"
    whose cells link to the pair's page where the site has one."""
    kb = reasoner.kb
    counts = progress(kb, kb.core)
    refuted = refuted_pairs(kb)
    grid = [
        {
            "definition": catalog.entries[a].definition,
            "label": label_of(catalog.entries[a].definition),
            "cells": [
                {
                    "state": _cell(reasoner, a, b, refuted),
                    "title": f"{label_of(catalog.entries[a].definition)} ≻ "
                    f"{label_of(catalog.entries[b].definition)}?",
                    "url": pair_url(a, b) if pair_key(a, b) in pairs else None,
                }
                for b in kb.core
            ],
        }
        for a in kb.core
    ]
    return {
        "overall": counts.overall,
        "core": counts.core,
        "witnesses": counts.witnesses,
        "grid": grid,
        "columns": [label_of(catalog.entries[b].definition) for b in kb.core],
    }
