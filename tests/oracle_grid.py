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


@dataclass(frozen=True)
class Family:
    """A kind of question: one source, one target, one wanted parameter; its cases differ in
    their inputs, the libraries' answers and the truth."""

    name: str
    source: str
    target: str
    wanted: str
    attained: bool = True

    def case(
        self,
        label: str,
        given: dict[str, float],
        fixed: dict[str, float],
        libraries: dict[str, float] | None = None,
        truth: float | None = None,
    ) -> Case:
        """One case of the family (parameters as numbers; ``convert`` gets their reprs)."""
        return Case(
            self.name,
            label,
            self.source,
            self.target,
            {k: repr(v) for k, v in given.items()},
            {k: repr(v) for k, v in fixed.items()},
            self.wanted,
            libraries or {},
            truth,
            self.attained,
        )


ZCDP_EPSILON = Family("zCDP→ε at δ", "zCoDP", "(ε, δ)-DP", "epsilon", attained=False)
ZCDP_DELTA = Family("zCDP→δ at ε", "zCoDP", "(ε, δ)-DP", "delta", attained=False)
PURE_ZCDP = Family("ε-DP→zCDP", "ε-DP", "zCoDP", "rho")
PURE_GDP = Family("ε-DP→GDP", "ε-DP", "GaussDP", "mu")
PURE_RDP = Family("ε-DP→RDP", "ε-DP", "RényiDP", "epsilon")
GDP_EPSILON = Family("GDP→ε at δ", "GaussDP", "(ε, δ)-DP", "epsilon")
GDP_DELTA = Family("GDP→δ at ε", "GaussDP", "(ε, δ)-DP", "delta")
GDP_ZCDP = Family("GDP→zCDP", "GaussDP", "zCoDP", "rho")
GDP_RDP = Family("GDP→RDP", "GaussDP", "RényiDP", "epsilon")
RDP_EPSILON = Family("RDP→ε at δ", "RényiDP", "(ε, δ)-DP", "epsilon")
RDP_LARGE_DELTA = Family("RDP→ε, large δ", "RényiDP", "(ε, δ)-DP", "epsilon")
GAUSSIAN_EPSILON = Family("Gaussian→ε at δ", "Gaussian mechanism", "(ε, δ)-DP", "epsilon")

RHOS = [0.001, 0.01, 0.1, 0.5, 1.0, 2.0]
DELTAS = [1e-3, 1e-6, 1e-9, 1e-12]
ORDERS = [1.5, 2.0, 5.0, 10.0, 100.0]
MUS = [0.1, 0.5, 1.0, 2.0, 3.0, 5.0]
PURE_EPSILONS = [0.01, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0]


def _least_mu(epsilon: float) -> float:
    """2Φ⁻¹(e^ε/(1 + e^ε)) with 50 digits: the least μ of ε-DP, which randomized response
    attains."""
    with mpmath.workdps(50):
        e = mpmath.exp(mpmath.mpf(epsilon))
        return float(2 * mpmath.sqrt(2) * mpmath.erfinv(2 * e / (1 + e) - 1))


def _zcdp_cases() -> list[Case]:
    import autodp.converter as autodp_converter
    import dp_accounting
    import opendp.prelude as dp

    dp.enable_features("contrib")
    space = dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float)

    def opendp_curve(rho: float) -> Any:
        gaussian = dp.m.make_gaussian(*space, scale=math.sqrt(1 / (2 * rho)))
        return dp.c.make_zCDP_to_approxDP(gaussian).map(1.0)  # type: ignore[no-untyped-call]

    def accountant(rho: float) -> Any:
        acc = dp_accounting.rdp.RdpAccountant()
        acc.compose(dp_accounting.ZCDpEvent(rho))
        return acc

    found = []
    for rho in RHOS:
        given = {"xi": 0, "rho": rho}
        for delta in DELTAS:
            libs = _libs(
                opendp=_quiet(opendp_curve(rho).epsilon, delta),
                dp_accounting=_quiet(accountant(rho).get_epsilon, delta),
                autodp=_quiet(autodp_converter.rdp_to_approxdp(partial(operator.mul, rho)), delta),
            )
            truth = _quiet(dp_accounting.get_epsilon_gaussian, math.sqrt(1 / (2 * rho)), delta)
            label = f"ρ={rho} δ={delta:g}"
            found.append(ZCDP_EPSILON.case(label, given, {"delta": delta}, libs, truth))
        for epsilon in [0.1, 0.5, 1.0, 3.0]:
            libs = _libs(
                opendp=_quiet(opendp_curve(rho).delta, epsilon),
                dp_accounting=_quiet(accountant(rho).get_delta, epsilon),
            )
            truth = _gauss_delta(math.sqrt(2 * rho), epsilon)
            label = f"ρ={rho} ε={epsilon}"
            found.append(ZCDP_DELTA.case(label, given, {"epsilon": epsilon}, libs, truth))
    return found


def _pure_cases() -> list[Case]:
    import autodp.converter as autodp_converter
    import opendp.prelude as dp

    dp.enable_features("contrib")
    space = dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float)
    found = []
    for epsilon in PURE_EPSILONS:
        laplace = dp.m.make_laplace(*space, scale=1 / epsilon)
        libs = _libs(opendp=_quiet(dp.c.make_pureDP_to_zCDP(laplace).map, 1.0))
        truth = epsilon * math.tanh(epsilon / 2)
        found.append(PURE_ZCDP.case(f"ε={epsilon}", {"eps": epsilon}, {}, libs, truth))
        # no library converts ε-DP to μ-GDP; randomized response attains the least μ
        found.append(PURE_GDP.case(f"ε={epsilon}", {"eps": epsilon}, {}, {}, _least_mu(epsilon)))
    for epsilon in [0.1, 0.5, 1.0, 2.0, 5.0]:
        for alpha in ORDERS:
            value = _quiet(autodp_converter.puredp_to_rdp(epsilon), alpha)
            label = f"ε={epsilon} α={alpha}"
            given, fixed = {"eps": epsilon}, {"alpha": alpha}
            found.append(PURE_RDP.case(label, given, fixed, _libs(autodp=value), value))
    return found


def _gdp_cases() -> list[Case]:
    import autodp.rdp_bank as autodp_bank
    import dp_accounting

    found = []
    for mu in MUS:
        given = {"mu": mu}
        for delta in DELTAS:
            value = _quiet(dp_accounting.get_epsilon_gaussian, 1 / mu, delta)
            label = f"μ={mu} δ={delta:g}"
            libs = _libs(dp_accounting=value)
            found.append(GDP_EPSILON.case(label, given, {"delta": delta}, libs, value))
        for epsilon in [0.1, 0.5, 1.0, 3.0]:
            truth = _gauss_delta(mu, epsilon)
            found.append(
                GDP_DELTA.case(f"μ={mu} ε={epsilon}", given, {"epsilon": epsilon}, {}, truth)
            )
        at_two = _quiet(autodp_bank.RDP_gaussian, {"sigma": 1 / mu}, 2.0)
        libs = _libs(autodp=None if at_two is None else at_two / 2.0)
        found.append(GDP_ZCDP.case(f"μ={mu}", given, {}, libs, mu * mu / 2))
        for alpha in ORDERS:
            value = _quiet(autodp_bank.RDP_gaussian, {"sigma": 1 / mu}, alpha)
            libs = _libs(autodp=value)
            truth = alpha * mu * mu / 2
            found.append(GDP_RDP.case(f"μ={mu} α={alpha}", given, {"alpha": alpha}, libs, truth))
    return found


def _rdp_cases() -> list[Case]:
    import dp_accounting
    from dp_accounting.rdp import rdp_privacy_accountant

    def accountant(alpha: float, bound: float, delta: float) -> float | None:
        return _quiet(_first, rdp_privacy_accountant.compute_epsilon([alpha], [bound], delta))

    found = []
    for alpha in [1.5, 2.0, 4.0, 8.0, 32.0]:
        for bound in [0.01, 0.1, 1.0]:
            for delta in DELTAS[:3]:
                libs = _libs(dp_accounting=accountant(alpha, bound, delta))
                label = f"α={alpha} ε={bound} δ={delta:g}"
                given = {"alpha": alpha, "epsilon": bound}
                found.append(RDP_EPSILON.case(label, given, {"delta": delta}, libs))
    for alpha in [1.01, 2.0, 10.0]:
        for bound in [0.001, 0.1, 0.5]:
            for delta in [0.5, 0.9]:
                # Pinsker: the total variation is at most √(KL/2) ≤ √(ε/2) ≤ δ, so ε = 0 is
                # the truth (the identity of distributions attains it).
                libs = _libs(dp_accounting=accountant(alpha, bound, delta))
                label = f"α={alpha} ε={bound} δ={delta:g}"
                given = {"alpha": alpha, "epsilon": bound}
                found.append(RDP_LARGE_DELTA.case(label, given, {"delta": delta}, libs, 0.0))
    for sigma in [0.5, 1.0, 2.0, 5.0]:
        for delta in DELTAS[:3]:
            value = _quiet(dp_accounting.get_epsilon_gaussian, sigma, delta)
            given = {"sensitivity": 1, "sigma": sigma}
            libs = _libs(dp_accounting=value)
            label = f"σ={sigma} δ={delta:g}"
            found.append(GAUSSIAN_EPSILON.case(label, given, {"delta": delta}, libs, value))
    return found


def cases() -> list[Case]:
    """The grid: 246 conversions over twelve families."""
    return [*_zcdp_cases(), *_pure_cases(), *_gdp_cases(), *_rdp_cases()]


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
