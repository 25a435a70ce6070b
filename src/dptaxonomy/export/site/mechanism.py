"""What a mechanism's page shows, and which mechanisms a definition page mentions.

A mechanism entry claims definitions it satisfies (with parameters) and
violates, and names the separations it witnesses: a mechanism satisfying A
but violating B shows that A does not imply B. Each claim shows what
``dptax verify`` found (``catalog/evidence.json``): computed on N cases,
refuted (with the counterexample), or unchecked.
"""

from __future__ import annotations

from typing import Any

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.site.labels import label_of
from dptaxonomy.export.site.mathml import render_latex
from dptaxonomy.export.site.urls import pair_key
from dptaxonomy.schema.mechanisms import Mechanism

__all__ = ["computed_claims", "mechanism_context", "mechanisms_about", "witnesses_of"]


def _name(catalog: Catalog, definition_id: str) -> str:
    definition = catalog.definition(definition_id)
    return label_of(definition) if definition is not None else definition_id


def _verdict(catalog: Catalog, kind: str, mechanism_id: str, index: int) -> dict[str, Any]:
    """The verify verdict of one claim: outcome, case count, counterexample, and its wording."""
    computed = catalog.evidence.get((kind, mechanism_id, index))
    if computed is None or computed.outcome == "unchecked":
        return {"outcome": "unchecked", "text": "unchecked", "counterexample": None}
    if computed.outcome == "refuted":
        return {"outcome": "refuted", "text": "refuted", "counterexample": computed.counterexample}
    cases = f"{computed.cases} case{'s' if computed.cases != 1 else ''}"
    return {"outcome": "computed", "text": f"computed ({cases})", "counterexample": None}


def _action(mechanism: Mechanism) -> str | None:
    action = mechanism.action
    if action is None:
        return None
    if action.scale is None:
        return f"{action.statistic.value}, released exactly"
    return f"{action.statistic.value} + {action.noise.value} noise of scale {action.scale}"


def mechanism_context(
    catalog: Catalog, mechanism: Mechanism, pairs: set[tuple[str, str]]
) -> dict[str, Any]:
    """Everything the page of ``mechanism`` shows; ``pairs`` are the pair pages that exist."""
    witnessed = []
    for item in mechanism.witnesses:
        key = pair_key(item.stronger, item.not_stronger_than)
        witnessed.append(
            {
                "stronger": item.stronger,
                "stronger_label": _name(catalog, item.stronger),
                "weaker": item.not_stronger_than,
                "weaker_label": _name(catalog, item.not_stronger_than),
                "pair": f"p/{key[0]}/{key[1]}/" if key in pairs else None,
            }
        )
    return {
        "mechanism": mechanism,
        "output": render_latex(mechanism.output, block=True, label=mechanism.output),
        "parameters": [
            {"parameter": p, "symbol": render_latex(p.symbol, label=p.symbol).markup}
            for p in mechanism.parameters
        ],
        "action": _action(mechanism),
        "satisfies": [
            (
                claim,
                _name(catalog, claim.definition),
                sorted(claim.parameters.items()),
                _verdict(catalog, "satisfies", mechanism.id, index),
            )
            for index, claim in enumerate(mechanism.satisfies)
        ],
        "violates": [
            (
                claim,
                _name(catalog, claim.definition),
                _verdict(catalog, "violates", mechanism.id, index),
            )
            for index, claim in enumerate(mechanism.violates)
        ],
        "witnessed": witnessed,
        "introduced_in": [(k, catalog.references.get(k)) for k in mechanism.introduced_in],
        "file": f"catalog/mechanisms/{mechanism.id}.yaml",
    }


def computed_claims(catalog: Catalog) -> dict[str, dict[str, int]]:
    """For each mechanism, how many of its claims ``verify`` computed, refuted or left unchecked."""
    counts = {}
    for mechanism in catalog.mechanisms.values():
        tally = {"computed": 0, "refuted": 0, "unchecked": 0}
        for kind in ("satisfies", "violates"):
            for index in range(len(getattr(mechanism, kind))):
                tally[_verdict(catalog, kind, mechanism.id, index)["outcome"]] += 1
        counts[mechanism.id] = tally
    return counts


def mechanisms_about(catalog: Catalog, definition_id: str) -> list[dict[str, Any]]:
    """The mechanisms that claim to satisfy or violate ``definition_id``, with verify's verdict."""
    rows = []
    for mechanism in catalog.mechanisms.values():
        for kind in ("satisfies", "violates"):
            for index, claim in enumerate(getattr(mechanism, kind)):
                if claim.definition == definition_id:
                    rows.append(
                        {
                            "mechanism": mechanism,
                            "claim": kind,
                            "citation": claim.citation,
                            "verdict": _verdict(catalog, kind, mechanism.id, index),
                        }
                    )
    return rows


def witnesses_of(catalog: Catalog) -> dict[tuple[str, str], list[Mechanism]]:
    """Mechanisms witnessing each separation ¬(A ≻ B), keyed by (A, B)."""
    found: dict[tuple[str, str], list[Mechanism]] = {}
    for mechanism in catalog.mechanisms.values():
        for item in mechanism.witnesses:
            found.setdefault((item.stronger, item.not_stronger_than), []).append(mechanism)
    return found
