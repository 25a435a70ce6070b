"""The optimal Rényi → (ε, δ) conversion ``rdp_epsilon`` (issue 24).

Checked three ways: its enclosure against an independent high-precision primal
(mpmath, δ*(γ) over two-atom laws, searched the other way round: δ at a given γ),
its certified upper end against a linear program over many atoms (scipy, slow), and
against the DP libraries' conversions (dp_accounting's RDP accountant, which uses
Balle et al.'s closed form on its orders; the Gaussian mechanism's exact ε as the truth).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mpmath import mp

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.maps.numeric import evaluate_interval, exact, lower, point, upper
from dptaxonomy.reasoning.maps.renyi_certificate import certified_delta, rdp_epsilon_enclosure
from dptaxonomy.schema.arith import parse_expression
from dptaxonomy.schema.arith_eval import evaluate
from dptaxonomy.schema.arith_renyi import optimal_witness, rdp_epsilon
from tests.external import require

GRID = [
    (alpha, r, delta)
    for alpha in (1.5, 2.0, 4.0, 10.0, 32.0)
    for r in (0.01, 0.1, 1.0)
    for delta in (1e-3, 1e-6, 1e-9)
]


def bbg(alpha: float, r: float, delta: float) -> float:
    """Balle et al.'s closed form [BBG+20] at one order (the catalog's other map)."""
    return r + math.log((alpha - 1) / alpha) - (math.log(delta) + math.log(alpha)) / (alpha - 1)


def enclosure(alpha: float, r: float, delta: float) -> tuple[float, float]:
    found = rdp_epsilon_enclosure(point(alpha), point(r), point(delta))
    return lower(found), upper(found)


def primal_delta(alpha: float, r: float, gamma: float, digits: int = 25) -> Any:
    """δ at e^ε = gamma from the best two-atom law L ∈ {1 − u, b} (mass u/(b − 1 + u) at b,
    α-moment e^{(α−1)r}), at ``digits`` digits: a scan of log u, then a golden section
    (b by Newton's method on the convex F, from its right).

    Written apart from the module under test (the other direction, other searches): a
    lower bound on the optimal δ*, and the optimal δ* itself if two atoms suffice."""
    with mp.workdps(digits):
        a_, g_, big_m = mp.mpf(alpha), mp.mpf(gamma), mp.exp((mp.mpf(alpha) - 1) * mp.mpf(r))

        def value(t: Any) -> Any:
            u = mp.exp(t)
            low = (1 - u) ** a_
            b = (big_m / u) ** (1 / (a_ - 1)) + 1  # F > 0 here; F is convex: Newton descends
            for _ in range(200):
                step = (u * b**a_ + (b - 1) * low - big_m * (b - 1 + u)) / (
                    a_ * u * b ** (a_ - 1) + low - big_m
                )
                b -= step
                if abs(step) <= b * mp.eps * 4:
                    break
            return max(u / (b - 1 + u) * (b - g_), mp.mpf(0))

        ts = [mp.mpf(-40) * k / 100 for k in range(101)]
        best = max(range(len(ts)), key=lambda k: value(ts[k]))
        low_t, high_t = ts[min(best + 1, 100)], ts[max(best - 1, 0)]
        ratio = (mp.sqrt(5) - 1) / 2
        for _ in range(60):
            c, d = high_t - ratio * (high_t - low_t), low_t + ratio * (high_t - low_t)
            if value(c) < value(d):
                low_t = c
            else:
                high_t = d
        return max(value((low_t + high_t) / 2), value(ts[best]))


# -- the function in the grammar ---------------------------------------------------------------


def test_in_the_grammar_float_and_interval() -> None:
    """The grammar's call: the float proposal and the interval enclosure agree."""
    node = parse_expression("rdp_epsilon(alpha, epsilon, delta)")
    values = {"alpha": 2.0, "epsilon": 0.5, "delta": 1e-3}
    floated = evaluate(node, values)
    found = evaluate_interval(node, {k: exact(repr(v)) for k, v in values.items()})
    assert lower(found) <= floated <= upper(found)
    assert upper(found) - lower(found) < 1e-8
    assert round(upper(found), 6) == 5.09485


@pytest.mark.parametrize(
    ("alpha", "r", "delta", "message"),
    [
        ("1", "0.5", "1e-3", "rdp_epsilon needs alpha > 1, r >= 0 and delta > 0"),
        ("2", "-0.1", "1e-3", "rdp_epsilon needs alpha > 1, r >= 0 and delta > 0"),
        ("2", "0.5", "0", "rdp_epsilon needs alpha > 1, r >= 0 and delta > 0"),
    ],
)
def test_outside_the_domain_is_refused(alpha: str, r: str, delta: str, message: str) -> None:
    with pytest.raises(NumericError) as caught:
        rdp_epsilon_enclosure(exact(alpha), exact(r), exact(delta))
    assert str(caught.value) == message


def test_trivial_corners_are_zero() -> None:
    """δ ≥ 1 asks nothing, and r = 0 forces P = Q: ε = 0, exactly."""
    assert enclosure(2.0, 0.5, 1.0) == (0.0, 0.0)
    assert enclosure(2.0, 0.0, 1e-6) == (0.0, 0.0)
    assert rdp_epsilon(2.0, 0.0, 1e-6) == 0.0


def test_out_of_float_range_gives_no_proposal() -> None:
    """α close to 1 with a small δ puts the law's atom beyond e^700: no proposal, no bound."""
    with pytest.raises(OverflowError):
        rdp_epsilon(1.001, 0.5, 1e-9)
    with pytest.raises(NumericError) as caught:
        rdp_epsilon_enclosure(point(1.001), point(0.5), point(1e-9))
    assert str(caught.value) == "rdp_epsilon: no certificate found at this precision"


# -- exactness against an independent high-precision primal -----------------------------------


@pytest.mark.parametrize(("alpha", "r", "delta"), GRID[::4])
def test_enclosure_is_tight_and_matches_the_high_precision_primal(
    alpha: float, r: float, delta: float
) -> None:
    """The enclosure is narrow, the primal law at its upper end stays within δ (else the
    certificate would be wrong) and the one at its lower end exceeds δ (it is attained)."""
    low, high = enclosure(alpha, r, delta)
    assert 0 < high - low <= 2e-6 * max(1.0, high)  # the δ margins: 1e-9 to 1e-3 relative
    assert primal_delta(alpha, r, math.exp(high)) <= delta
    assert primal_delta(alpha, r, math.exp(low)) >= delta


# -- properties --------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    alpha=st.floats(1.2, 64.0),
    r=st.floats(0.005, 3.0),
    delta=st.floats(1e-10, 0.5),
)
def test_never_worse_than_bbg_and_above_its_witness(alpha: float, r: float, delta: float) -> None:
    """Certified upper end ≤ Balle et al.'s closed form; lower end ≤ float proposal ≤
    upper end; the witness law at the lower end is feasible with value above δ."""
    try:
        low, high = enclosure(alpha, r, delta)
    except NumericError:
        assume(False)
        return
    assert low <= rdp_epsilon(alpha, r, delta) + 1e-9
    assert low <= high
    assert high <= max(bbg(alpha, r, delta), 0.0) * (1 + 1e-12) + 1e-12
    witness = optimal_witness(alpha, r, delta)
    if low > 0 and witness is not None:
        assert float(primal_delta(alpha, r, math.exp(low), digits=20)) > delta * (1 - 1e-9)


def test_the_grid_is_certified_everywhere() -> None:
    """No refusal on the grid the table below reports."""
    for alpha, r, delta in GRID:
        low, high = enclosure(alpha, r, delta)
        assert low <= high <= bbg(alpha, r, delta) + 1e-12


def test_the_certificate_is_weak_duality() -> None:
    """Any multipliers bound δ* from above; poor ones only loosely (here 10× λ)."""
    witness = optimal_witness(2.0, 0.5, 1e-3)
    assert witness is not None
    lam, nu = witness.multipliers(witness.gamma)
    at = point(2.0), point(0.5), point(witness.gamma)
    tight, loose = certified_delta(*at, lam, nu), certified_delta(*at, 10 * lam, nu)
    assert tight == pytest.approx(1e-3, rel=1e-8)
    assert loose > 2e-3


# -- the libraries and the truth (slow) --------------------------------------------------------


def _table(rows: list[tuple[float, float, float, float, float, float]]) -> str:
    head = f"{'α':>6} {'r':>6} {'δ':>7} {'BBG+20 ε':>12} {'ours ε':>12} {'primal ε ≥':>12}"
    lines = [f"{a:6g} {r:6g} {d:7.0e} {b:12.6f} {o:12.6f} {p:12.6f}" for a, r, d, b, o, p in rows]
    return "\n".join([head, *lines])


@pytest.mark.slow
def test_linear_program_never_exceeds_the_certificate() -> None:
    """A linear program over 4000 atoms (any law, not only two atoms) at the certified
    ε never finds a δ above the one asked for: the upper end is sound."""
    require("oracles")
    import numpy as np
    from scipy.optimize import linprog

    checked = 0
    for alpha, r, delta in GRID:
        high = enclosure(alpha, r, delta)[1]
        gamma, big_m = math.exp(high), math.exp((alpha - 1) * r)
        if (4 * gamma) ** alpha > 1e12:  # beyond what the solver's tolerances handle
            continue
        checked += 1
        top = max(4 * gamma, 3 * math.exp(r))
        xs = np.unique(np.concatenate([np.linspace(0, top, 4001), np.linspace(0, 1, 201), [gamma]]))
        found = linprog(
            -np.maximum(xs - gamma, 0),
            A_eq=[np.ones_like(xs), xs],
            b_eq=[1, 1],
            A_ub=[xs**alpha],
            b_ub=[big_m],
            bounds=(0, None),
            method="highs",
        )
        assert found.status == 0, (alpha, r, delta, found.message)
        assert -found.fun <= delta * (1 + 1e-6)
    assert checked >= 15


@pytest.mark.slow
def test_against_dp_accounting_and_the_gaussian_truth(capsys: pytest.CaptureFixture[str]) -> None:
    """dp_accounting's RDP accountant at one order (Balle et al.'s form) is never tighter
    than ours; the Gaussian mechanism with that RDP at that order has a smaller exact ε
    (never tighter than the truth). Prints the table of the three."""
    require("oracles")
    import dp_accounting
    from dp_accounting.rdp import rdp_privacy_accountant

    library: Callable[..., Any] = rdp_privacy_accountant.compute_epsilon
    rows = []
    for alpha, r, delta in GRID:
        low, high = enclosure(alpha, r, delta)
        theirs = float(library([alpha], [r], delta)[0])
        assert high <= theirs + 1e-9
        sigma = math.sqrt(alpha / (2 * r))  # the Gaussian of sensitivity 1 meets (α, r)-RDP
        assert high >= dp_accounting.get_epsilon_gaussian(sigma, delta) - 1e-9
        rows.append((alpha, r, delta, bbg(alpha, r, delta), high, low))
    with capsys.disabled():
        print("\n" + _table(rows))
