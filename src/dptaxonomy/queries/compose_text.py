"""The JSON and text forms of a compose result (``dptax compose [--format json]``)."""

from __future__ import annotations

from dptaxonomy.queries.results import json_document
from dptaxonomy.reasoning.accounting.engine import Route, Step
from dptaxonomy.reasoning.maps.numeric import IV, lower, upper

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dptaxonomy.queries.compose import ComposeResult

__all__ = ["ROUNDING", "composition_json", "composition_text"]

ROUNDING = (
    "upper bounds are rounded up and lower bounds down; a numerical route's discretisation is "
    "pessimistic and its error terms are added to δ (docs/compose.md)"
)


def _bound(value: IV, *, lower_known: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"value": upper(value), "enclosure": [lower(value), upper(value)]}
    if lower_known:
        data["lower"] = lower(value)
    return data


def _steps(steps: tuple[Step, ...]) -> list[dict[str, str]]:
    return [{"kind": s.kind, "text": s.text, "citation": s.citation} for s in steps]


def _route(route: Route) -> dict[str, Any]:
    data: dict[str, Any] = {"route": route.name}
    if route.epsilon is None:
        data["refused"] = route.refusal
    else:
        data["epsilon"] = route.epsilon
    if route.lower is not None:
        data["lower"] = route.lower
    return data


def _epsilon(result: ComposeResult) -> dict[str, Any]:
    composition = result.composition
    best = composition.best
    assert best is not None
    assert best.epsilon is not None
    low = best.low if best.low is not None else best.epsilon
    epsilon: dict[str, Any] = {"value": best.epsilon, "enclosure": [low, best.epsilon]}
    if composition.lower is not None:
        epsilon["lower"] = composition.lower
    return {
        "definition": "approximate-dp",
        "parameters": {
            "epsilon": epsilon,
            "delta": {"value": float(result.request.delta), "given": True},
        },
        "route": best.name,
        "proof": _steps(result.preparation + best.steps),
        "alternatives": [_route(r) for r in composition.routes if r is not best],
    }


def composition_json(result: ComposeResult, *, with_curve: bool = True) -> dict[str, Any]:
    """``results``: (ε, δ) first, then zCDP, μ-GDP and the Rényi curve where they exist
    (``with_curve``: the text leaves the curve out, and it is then not computed)."""
    composition = result.composition
    results = [_epsilon(result)]
    if composition.zcdp is not None:
        values, steps = composition.zcdp
        results.append(
            {
                "definition": "zero-concentrated-dp",
                "parameters": {n: _bound(v, lower_known=False) for n, v in sorted(values.items())},
                "proof": _steps(result.preparation + steps),
            }
        )
    if composition.gdp is not None:
        mu, steps = composition.gdp
        exact = all(r.lower is not None for r in composition.routes if r.name == "gaussian-dp")
        results.append(
            {
                "definition": "gaussian-dp",
                "parameters": {"mu": _bound(mu, lower_known=exact)},
                "proof": _steps(result.preparation + steps),
            }
        )
    curve = composition.curve if with_curve else None
    if curve is not None:
        results.append(
            {
                "definition": "renyi-dp",
                "parameters": {},
                "curve": [
                    {"alpha": upper(a), "epsilon": _bound(e, lower_known=False)}
                    for a, e in zip(curve.orders, curve.epsilons, strict=True)
                ],
                "proof": [
                    {"kind": "lift", "text": "Rényi curve", "citation": c} for c in curve.citations
                ],
            }
        )
    request = result.request
    return json_document(
        {
            "delta": float(request.delta),
            "results": results,
            "assumptions": {
                "adaptivity": request.adaptivity.value,
                "neighbourhood": result.neighbourhood.value,
                "unit": result.unit,
                "sampling": sorted(
                    {c.sampling.value for c in request.components if c.sampling is not None}
                ),
            },
            "rounding": ROUNDING,
        }
    )


def composition_text(result: ComposeResult) -> str:
    """A few lines: the (ε, δ) answer with its bracket, the other guarantees, the proof."""
    data = composition_json(result, with_curve=False)
    first = data["results"][0]
    epsilon = first["parameters"]["epsilon"]
    lines = [
        f"(ε, δ)-DP: ε ≤ {epsilon['value']:.6g} at δ = {data['delta']:g} (route: {first['route']})"
    ]
    if "lower" in epsilon:
        lines.append(f"  lower bound: ε ≥ {epsilon['lower']:.6g} (an extremal mechanism's value)")
    for other in data["results"][1:]:
        values = ", ".join(f"{n} ≤ {p['value']:.6g}" for n, p in other["parameters"].items())
        lines.append(f"{other['definition']}: {values}")
    lines.append("proof:")
    lines += [f"  {s['kind']}: {s['text']} — {s['citation']}" for s in first["proof"]]
    lines.append("alternatives:")
    for route in first["alternatives"]:
        shown = (
            f"ε ≤ {route['epsilon']:.6g}" if "epsilon" in route else f"refused: {route['refused']}"
        )
        lines.append(f"  {route['route']}: {shown}")
    assumed = data["assumptions"]
    lines.append(
        f"assumes: {assumed['adaptivity']} composition, {assumed['neighbourhood']} neighbours, "
        f"unit {assumed['unit']}"
    )
    return "\n".join(lines)
