"""A grid of conversions, each checked against the DP libraries and the exact truth (issue 24).

Each case is one `dptax convert` question with what OpenDP, dp_accounting and autodp answer
for it (where they can) and, where known, the exact truth (a lower bound for every sound
answer: the worst-case mechanism's own value). Smaller is tighter for every quantity here.
Run as a script to print the ratio table and the per-family summary::

    python tests/oracle_grid.py

(with ``PYTHONPATH=/other/checkout/src`` it measures that checkout: the before table).
"""

from __future__ import annotations

import math
import operator
import warnings
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import mpmath

from dptaxonomy.base.errors import DptaxError
from dptaxonomy.catalog.store import open_catalog
from dptaxonomy.queries.convert import convert_result as convert
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase

TIGHT = 1e-6
"""Relative slack under which an answer counts as tight (equal to the best reference)."""
CLOSE = 0.01
"""The issue's bound: within 1 % of the best library."""


@dataclass
class Case:
    """One question, the libraries' answers and the truth (None: unknown)."""

    family: str
    label: str
    source: str
    target: str
    given: dict[str, str]
    fixed: dict[str, str]
    wanted: str
    libraries: dict[str, float] = field(default_factory=dict)
    truth: float | None = None
    attained: bool = True
    """Whether ``truth`` is the exact answer (a mechanism attains it) or only a lower bound."""


def _quiet(function: Callable[..., Any], *arguments: Any) -> float | None:
    """``function(*arguments)`` as a float, or None when the library cannot answer."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return float(function(*arguments))
        except Exception:
            return None


def _first(pair: tuple[float, float]) -> float:
    return pair[0]


def _gauss_delta(mu: float, epsilon: float) -> float:
    """δ(ε) of μ-GDP (DRS21's duality), computed with 50 digits."""
    with mpmath.workdps(50):
        m, e = mpmath.mpf(mu), mpmath.mpf(epsilon)
        value = mpmath.ncdf(-e / m + m / 2) - mpmath.exp(e) * mpmath.ncdf(-e / m - m / 2)
        return float(value)


def _libs(**answers: float | None) -> dict[str, float]:
    return {name: value for name, value in answers.items() if value is not None}


def cases() -> list[Case]:
    """The grid: 239 conversions over eleven families."""
    import autodp.converter as autodp_converter
    import autodp.rdp_bank as autodp_bank
    import dp_accounting
    import opendp.prelude as dp
    from dp_accounting.rdp import rdp_privacy_accountant

    dp.enable_features("contrib")
    space = dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float)

    def opendp_curve(rho: float) -> Any:
        gaussian = dp.m.make_gaussian(*space, scale=math.sqrt(1 / (2 * rho)))
        return dp.c.make_zCDP_to_approxDP(gaussian).map(1.0)  # type: ignore[no-untyped-call]

    def accountant(rho: float) -> Any:
        acc = dp_accounting.rdp.RdpAccountant()
        acc.compose(dp_accounting.ZCDpEvent(rho))
        return acc

    found: list[Case] = []
    rhos, deltas = [0.001, 0.01, 0.1, 0.5, 1.0, 2.0], [1e-3, 1e-6, 1e-9, 1e-12]
    for rho in rhos:
        sigma = math.sqrt(1 / (2 * rho))
        for delta in deltas:
            libs = _libs(
                opendp=_quiet(opendp_curve(rho).epsilon, delta),
                dp_accounting=_quiet(accountant(rho).get_epsilon, delta),
                autodp=_quiet(autodp_converter.rdp_to_approxdp(partial(operator.mul, rho)), delta),
            )
            truth = _quiet(dp_accounting.get_epsilon_gaussian, sigma, delta)
            found.append(
                Case(
                    "zCDP→ε at δ",
                    f"ρ={rho} δ={delta:g}",
                    "zCoDP",
                    "(ε, δ)-DP",
                    {"xi": "0", "rho": repr(rho)},
                    {"delta": repr(delta)},
                    "epsilon",
                    libs,
                    truth,
                    attained=False,
                )
            )
        for epsilon in [0.1, 0.5, 1.0, 3.0]:
            libs = _libs(
                opendp=_quiet(opendp_curve(rho).delta, epsilon),
                dp_accounting=_quiet(accountant(rho).get_delta, epsilon),
            )
            found.append(
                Case(
                    "zCDP→δ at ε",
                    f"ρ={rho} ε={epsilon}",
                    "zCoDP",
                    "(ε, δ)-DP",
                    {"xi": "0", "rho": repr(rho)},
                    {"epsilon": repr(epsilon)},
                    "delta",
                    libs,
                    _gauss_delta(math.sqrt(2 * rho), epsilon),
                    attained=False,
                )
            )
    for epsilon in [0.01, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0]:
        laplace = dp.m.make_laplace(*space, scale=1 / epsilon)
        libs = _libs(opendp=_quiet(dp.c.make_pureDP_to_zCDP(laplace).map, 1.0))
        found.append(
            Case(
                "ε-DP→zCDP",
                f"ε={epsilon}",
                "ε-DP",
                "zCoDP",
                {"eps": repr(epsilon)},
                {},
                "rho",
                libs,
                epsilon * math.tanh(epsilon / 2),
            )
        )
    orders = [1.5, 2.0, 5.0, 10.0, 100.0]
    for epsilon in [0.1, 0.5, 1.0, 2.0, 5.0]:
        for alpha in orders:
            value = _quiet(autodp_converter.puredp_to_rdp(epsilon), alpha)
            found.append(
                Case(
                    "ε-DP→RDP",
                    f"ε={epsilon} α={alpha}",
                    "ε-DP",
                    "RényiDP",
                    {"eps": repr(epsilon)},
                    {"alpha": repr(alpha)},
                    "epsilon",
                    _libs(autodp=value),
                    value,
                )
            )
    mus = [0.1, 0.5, 1.0, 2.0, 3.0, 5.0]
    for mu in mus:
        for delta in deltas:
            value = _quiet(dp_accounting.get_epsilon_gaussian, 1 / mu, delta)
            found.append(
                Case(
                    "GDP→ε at δ",
                    f"μ={mu} δ={delta:g}",
                    "GaussDP",
                    "(ε, δ)-DP",
                    {"mu": repr(mu)},
                    {"delta": repr(delta)},
                    "epsilon",
                    _libs(dp_accounting=value),
                    value,
                )
            )
        for epsilon in [0.1, 0.5, 1.0, 3.0]:
            found.append(
                Case(
                    "GDP→δ at ε",
                    f"μ={mu} ε={epsilon}",
                    "GaussDP",
                    "(ε, δ)-DP",
                    {"mu": repr(mu)},
                    {"epsilon": repr(epsilon)},
                    "delta",
                    {},
                    _gauss_delta(mu, epsilon),
                )
            )
        at_two = _quiet(autodp_bank.RDP_gaussian, {"sigma": 1 / mu}, 2.0)
        found.append(
            Case(
                "GDP→zCDP",
                f"μ={mu}",
                "GaussDP",
                "zCoDP",
                {"mu": repr(mu)},
                {},
                "rho",
                _libs(autodp=None if at_two is None else at_two / 2.0),
                mu * mu / 2,
            )
        )
        for alpha in orders:
            value = _quiet(autodp_bank.RDP_gaussian, {"sigma": 1 / mu}, alpha)
            found.append(
                Case(
                    "GDP→RDP",
                    f"μ={mu} α={alpha}",
                    "GaussDP",
                    "RényiDP",
                    {"mu": repr(mu)},
                    {"alpha": repr(alpha)},
                    "epsilon",
                    _libs(autodp=value),
                    alpha * mu * mu / 2,
                )
            )
    for alpha in [1.5, 2.0, 4.0, 8.0, 32.0]:
        for bound in [0.01, 0.1, 1.0]:
            for delta in deltas[:3]:
                value = _quiet(
                    _first, rdp_privacy_accountant.compute_epsilon([alpha], [bound], delta)
                )
                found.append(
                    Case(
                        "RDP→ε at δ",
                        f"α={alpha} ε={bound} δ={delta:g}",
                        "RényiDP",
                        "(ε, δ)-DP",
                        {"alpha": repr(alpha), "epsilon": repr(bound)},
                        {"delta": repr(delta)},
                        "epsilon",
                        _libs(dp_accounting=value),
                    )
                )
    for alpha in [1.01, 2.0, 10.0]:
        for bound in [0.001, 0.1, 0.5]:
            for delta in [0.5, 0.9]:
                # Pinsker: the total variation is at most √(KL/2) ≤ √(ε/2) ≤ δ, so ε = 0 is
                # the truth (the identity of distributions attains it).
                value = _quiet(
                    _first, rdp_privacy_accountant.compute_epsilon([alpha], [bound], delta)
                )
                found.append(
                    Case(
                        "RDP→ε, large δ",
                        f"α={alpha} ε={bound} δ={delta:g}",
                        "RényiDP",
                        "(ε, δ)-DP",
                        {"alpha": repr(alpha), "epsilon": repr(bound)},
                        {"delta": repr(delta)},
                        "epsilon",
                        _libs(dp_accounting=value),
                        0.0,
                    )
                )
    for sigma in [0.5, 1.0, 2.0, 5.0]:
        for delta in deltas[:3]:
            value = _quiet(dp_accounting.get_epsilon_gaussian, sigma, delta)
            found.append(
                Case(
                    "Gaussian→ε at δ",
                    f"σ={sigma} δ={delta:g}",
                    "Gaussian mechanism",
                    "(ε, δ)-DP",
                    {"sensitivity": "1", "sigma": repr(sigma)},
                    {"delta": repr(delta)},
                    "epsilon",
                    _libs(dp_accounting=value),
                    value,
                )
            )
    return found


@dataclass
class Outcome:
    """A case's answer and verdicts."""

    case: Case
    ours: float | None
    reference: float | None
    """The best (smallest) of the libraries and the truth when it is attained."""

    @property
    def ratio(self) -> float | None:
        if self.ours is None or not self.reference:
            return None
        return self.ours / self.reference

    @property
    def kind(self) -> str:
        ratio = self.ratio
        if self.ours is None:
            return "refused"
        if ratio is None:  # no reference, or a reference of 0 (a library's underflow)
            return "tight" if self.reference is None or self.ours < 1e-300 else "loose"
        if ratio <= 1 + TIGHT:
            return "tight"
        return "close" if ratio <= 1 + CLOSE else "loose"

    @property
    def below_truth(self) -> bool:
        """Tighter than the truth: unsound (a relative 1e-12 allowed for the libraries' floats)."""
        truth = self.case.truth
        return self.ours is not None and truth is not None and self.ours < truth * (1 - 1e-12)


def run(case: Case, kb: KnowledgeBase) -> Outcome:
    try:
        data = convert(kb, case.source, case.target, case.given, case.fixed).to_json()
        ours: float | None = float(data["to"][case.wanted]["value"])
    except DptaxError:
        ours = None
    known = list(case.libraries.values())
    if case.truth is not None and case.attained:
        known.append(case.truth)
    return Outcome(case, ours, min(known) if known else None)


def outcomes() -> list[Outcome]:
    kb = compile_knowledge_base(open_catalog())
    return [run(case, kb) for case in cases()]


def ratio_table(results: list[Outcome]) -> str:
    """One line per case: family, inputs, ours, the best reference, the ratio, the verdict."""
    lines = [f"{'family':<16} {'case':<24} {'dptax':>12} {'best':>12} {'ratio':>10}  kind"]
    for r in results:
        ours = "refused" if r.ours is None else f"{r.ours:.6g}"
        best = "-" if r.reference is None else f"{r.reference:.6g}"
        ratio = "-" if r.ratio is None else f"{r.ratio:.6f}"
        lines.append(
            f"{r.case.family:<16} {r.case.label:<24} {ours:>12} {best:>12} {ratio:>10}  {r.kind}"
        )
    return "\n".join(lines)


def summary(results: list[Outcome]) -> str:
    """Per family: how many cases are tight, close (within 1 %), loose, refused."""
    kinds = ("tight", "close", "loose", "refused")
    counts: dict[str, Counter[str]] = {}
    for r in results:
        counts.setdefault(r.case.family, Counter())[r.kind] += 1
    lines = [f"{'family':<16} " + " ".join(f"{k:>7}" for k in kinds)]
    for family, counter in counts.items():
        lines.append(f"{family:<16} " + " ".join(f"{counter[k]:>7}" for k in kinds))
    total = Counter(r.kind for r in results)
    lines.append(f"{'all':<16} " + " ".join(f"{total[k]:>7}" for k in kinds))
    return "\n".join(lines)


if __name__ == "__main__":
    measured = outcomes()
    print(ratio_table(measured))
    print()
    print(summary(measured))
