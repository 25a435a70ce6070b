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

Gaussian DP likewise: N(0, 1) against (1 − q)N(0, 1) + qN(μ, 1) has the trade-off curve
T(x) = (1 − q)(1 − x) + q·G_μ(x) (the likelihood ratio grows with the output, so the best
tests are thresholds), whose tail as x → 0 is q times G_μ's: it lies below G_μ' for every
μ' < μ at small enough x. A μ-GDP amplification map is refuted where T(x) < G_μ'(x) at one of
the type I errors :data:`TAILS`, μ' the map's value; one order suffices, G_μ' being its own
inverse (T ≥ G_μ' in one order iff in the other).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dptaxonomy.reasoning.accounting.subsampled import integer_rdp
from dptaxonomy.reasoning.evaluators.families import at_most
from dptaxonomy.reasoning.evaluators.verdicts import Results
from dptaxonomy.reasoning.maps.normal import phi_inverse
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact, lower, point, upper
from dptaxonomy.reasoning.maps.rounding import assignment_text
from dptaxonomy.schema.arith import parse_expression
from dptaxonomy.schema.enums import Neighbourhood, OperationKind, Sampling

if TYPE_CHECKING:
    from dptaxonomy.schema.models import Definition
    from dptaxonomy.schema.operations import OperationRule

__all__ = ["GAUSSIANS", "ORDERS", "TAILS", "subsampled_gaussian_results"]

GAUSSIANS = (("0.5", "0.01"), ("1", "0.01"), ("1", "0.001"), ("2", "0.1"))
"""(μ, q) of the Poisson-subsampled Gaussians checked."""
ORDERS = (2, 8, 32, 128, 512)
"""Integer orders α at which their Rényi divergences are computed."""

_POWER = parse_expression("Phi(z + mu)")
TAILS = ("1e-3", "1e-6", "1e-10", "1e-20", "1e-40")
"""Type I errors at which a subsampled Gaussian's trade-off curve is compared with G_μ'."""


def _applies(definition: Definition, rule: OperationRule, target: str) -> bool:
    return (
        definition.id == target
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
    """Verdicts of a zCDP Poisson-amplification rule (a map, or ``fails``), or of a Gaussian DP
    amplification map, on the subsampled Gaussians; empty for every other rule."""
    if rule.closed_form is not None:
        return []
    gdp_map = rule.parameter_map is not None and rule.result is None
    if _applies(definition, rule, "gaussian-dp") and gdp_map:
        return _gdp_results(rule)
    if not _applies(definition, rule, "zero-concentrated-dp"):
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


def _gdp_results(rule: OperationRule) -> Results:
    """A μ-GDP Poisson-amplification map against the subsampled Gaussian's curve (module
    docstring), compared on the powers 1 − T(x) and 1 − G_μ'(x) = Φ(Φ⁻¹(x) + μ'), which keep
    their precision in the tail."""
    results: Results = []
    expression = parse_expression((rule.parameter_map or {}).get("mu", "mu"))
    for mu_text, q_text in GAUSSIANS:
        mu, q = exact(mu_text), exact(q_text)
        mapped = evaluate_interval(expression, {"mu": mu, "q": q})
        shown = assignment_text({"mu": mapped})
        for text in TAILS:
            x = exact(text)
            z = phi_inverse(x)
            power = (1 - q) * x + q * evaluate_interval(_POWER, {"z": z, "mu": mu})
            promised = evaluate_interval(_POWER, {"z": z, "mu": mapped})
            where = f"gaussian mu={mu_text} subsampled q={q_text}: x={text} gives {shown}"
            results.append((at_most(power, promised), where))
    return results
