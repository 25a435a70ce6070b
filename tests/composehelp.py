"""Helpers for the compose tests: run a request given as data, read its ε."""

from __future__ import annotations

from functools import cache
from typing import Any

from dptaxonomy.cache.store import knowledge_base
from dptaxonomy.catalog.paths import default_catalog_dir
from dptaxonomy.queries.compose import ComposeResult, compose
from dptaxonomy.queries.compose_input import parse_request
from dptaxonomy.reasoning.knowledge import KnowledgeBase


@cache
def shipped() -> KnowledgeBase:
    return knowledge_base(default_catalog_dir())


def run_data(data: dict[str, Any]) -> ComposeResult:
    return compose(shipped(), parse_request(data))


def epsilon(data: dict[str, Any]) -> dict[str, Any]:
    """The (ε, δ) result's ε: value, enclosure and, where known, lower."""
    parameters: dict[str, Any] = run_data(data).to_json()["results"][0]["parameters"]
    return dict(parameters["epsilon"])


def gaussian(sigma: float, count: int = 1, rate: float | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {
        "mechanism": "gaussian",
        "parameters": {"sigma": sigma, "sensitivity": 1},
        "count": count,
    }
    if rate is not None:
        item["sampling"] = {"scheme": "poisson", "rate": rate}
    return item
