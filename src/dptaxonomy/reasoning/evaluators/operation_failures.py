"""zCDP under Poisson subsampling, checked on the subsampled Gaussian, whose Rényi divergences
are computed exactly (:func:`~dptaxonomy.reasoning.accounting.subsampled.integer_rdp`).

The Gaussian mechanism of sensitivity-to-noise ratio μ is ρ-zCDP with ρ = μ²/2. Run on a
Poisson subsample of rate q (add/remove neighbours), its Rényi divergence at order α still
tends to αρ as α grows, whatever q: subsampling barely moves its zCDP parameter. So:

* a zCDP amplification rule that ``fails`` is confirmed at (μ, q) when some order α of
  :data:`ORDERS` has D_α > αρ/2: no amplified map below ρ/2 holds there;
* a zCDP amplification map is refuted where some order α has D_α > ξ' + αρ' (ξ', ρ' the map's
  values at ρ = μ²/2, ξ = 0); the finite pairs of the battery, whose privacy loss is bounded,
  cannot refute a map such as ρ' = qρ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dptaxonomy.reasoning.accounting.subsampled import integer_rdp
from dptaxonomy.reasoning.evaluators.families import at_most
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact, lower, point, upper
from dptaxonomy.reasoning.maps.rounding import assignment_text
from dptaxonomy.schema.arith import parse_expression
from dptaxonomy.schema.enums import Neighbourhood, OperationKind, Sampling

if TYPE_CHECKING:
    from dptaxonomy.schema.models import Definition
    from dptaxonomy.schema.operations import OperationRule

__all__ = ["GAUSSIANS", "ORDERS", "subsampled_gaussian_results"]

GAUSSIANS = (("0.5", "0.01"), ("1", "0.01"), ("1", "0.001"), ("2", "0.1"))
"""(μ, q) of the Poisson-subsampled Gaussians checked."""
ORDERS = (2, 8, 32, 128, 512)
"""Integer orders α at which their Rényi divergences are computed."""

Results = list[tuple[bool | None, str]]


def _applies(definition: Definition, rule: OperationRule) -> bool:
    return (
        definition.id == "zero-concentrated-dp"
        and rule.operation is OperationKind.amplification
        and rule.sampling is Sampling.poisson
        and rule.neighbourhood is Neighbourhood.add_remove
    )


def _mapped(rule: OperationRule, values: dict[str, IV]) -> dict[str, IV]:
    mapping = rule.parameter_map or {}
    found = dict(values)
    for name in ("xi", "rho"):
        if name in mapping:
            found[name] = evaluate_interval(parse_expression(mapping[name]), values)
    return {"xi": found["xi"], "rho": found["rho"]}


def subsampled_gaussian_results(definition: Definition, rule: OperationRule) -> Results:
    """Verdicts of a zCDP Poisson-amplification rule (a map, or ``fails``) on the subsampled
    Gaussians; empty for every other rule."""
    if not _applies(definition, rule) or rule.closed_form is not None:
        return []
    results: Results = []
    for mu_text, q_text in GAUSSIANS:
        mu, q = exact(mu_text), exact(q_text)
        rho = mu * mu / 2
        where = f"gaussian mu={mu_text} subsampled q={q_text}"
        divergences = {alpha: integer_rdp(mu, q, alpha) for alpha in ORDERS}
        if rule.fails:
            above = [a for a, d in divergences.items() if lower(d) > upper(a * rho / 2)]
            shown = assignment_text({"rho": rho})
            if above:
                results.append((True, f"{where}: D_{above[0]} > {above[0]} * rho / 2, {shown}"))
            else:
                results.append((None, f"{where}: no order above rho / 2, {shown}"))
            continue
        mapped = _mapped(rule, {"rho": rho, "xi": point(0.0), "q": q})
        for alpha, divergence in divergences.items():
            bound = mapped["xi"] + alpha * mapped["rho"]
            verdict = at_most(divergence, bound)
            results.append((verdict, f"{where}: alpha={alpha} gives {assignment_text(mapped)}"))
    return results
