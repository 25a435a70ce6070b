"""Trade-off curves, Gaussian DP and mean-concentrated DP: the laws their evaluators must obey.

Every quantity is a sound enclosure, so the properties are checked on the
enclosures' ends: a failure is a real bug, never rounding.
"""

from __future__ import annotations

import itertools
import math
from statistics import NormalDist

from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.reasoning.evaluators.concentration import mcdp_holds, mcdp_parameters
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE
from dptaxonomy.reasoning.evaluators.families import Finite, Gaussian, Laplace, Pair, is_infinite
from dptaxonomy.reasoning.evaluators.tradeoff import (
    GaussianTradeoff,
    PrivacyTradeoff,
    ZeroTradeoff,
    gdp_mu,
    meets,
    vertices,
)
from dptaxonomy.reasoning.maps.normal import phi_inverse
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact, lower, point, upper
from dptaxonomy.schema.arith import parse_expression
from tests.test_evaluators import finite_pairs

NORMAL = NormalDist()
GDP_DELTA = parse_expression(
    "Phi(-epsilon / mu + mu / 2) - exp(epsilon) * Phi(-epsilon / mu - mu / 2)"
)


def _randomized_response(epsilon: float) -> Finite:
    e = point(math.exp(epsilon))
    return Finite((e / (1 + e), 1 / (1 + e)), (1 / (1 + e), e / (1 + e)))


def _k_ary(epsilon: str, k: int) -> Finite:
    e = _iv_exp(exact(epsilon))
    total = e + (k - 1)
    p = (e / total, *(1 / total for _ in range(k - 1)))
    q = (1 / total, e / total, *(1 / total for _ in range(k - 2)))
    return Finite(p, q)


def _mu(pair: Pair) -> IV:
    """The pair's μ, which these pairs have."""
    mu = gdp_mu(pair)
    assert mu is not None
    return mu


def _iv_exp(value: IV) -> IV:
    return evaluate_interval(parse_expression("exp(x)"), {"x": value})


@settings(max_examples=60, deadline=None)
@given(st.floats(1e-9, 1 - 1e-9))
def test_probit_encloses_the_normal_quantile(p: float) -> None:
    z = phi_inverse(point(p))
    truth = NORMAL.inv_cdf(p)
    assert lower(z) - 1e-9 <= truth <= upper(z) + 1e-9
    assert upper(z) - lower(z) < 1e-12


def test_probit_is_infinite_at_the_ends() -> None:
    assert math.isinf(lower(phi_inverse(point(0.0))))
    assert lower(phi_inverse(point(0.0))) < 0
    assert math.isinf(upper(phi_inverse(point(1.0))))
    assert upper(phi_inverse(point(1.0))) > 0


@settings(max_examples=40, deadline=None)
@given(finite_pairs())
def test_the_trade_off_of_a_distribution_with_itself_is_one_minus_x(pair: Finite) -> None:
    for vertex in vertices(pair.p, pair.p):
        assert lower(vertex.floor) - 1e-12 <= 1 - upper(vertex.x)
        assert lower(1 - vertex.x) - 1e-12 <= upper(vertex.y)
    same = Finite(pair.p, pair.p)
    assert upper(_mu(same)) < 1e-9


@settings(max_examples=40, deadline=None)
@given(finite_pairs())
def test_every_test_lies_on_or_above_the_curve(pair: Finite) -> None:
    """Brute force: every rejection set S gives (P(S), 1 − Q(S)) on or above T's vertices."""
    curve = vertices(pair.p, pair.q)
    xs = [(lower(v.x) + upper(v.x)) / 2 for v in curve]
    ys = [(lower(v.y) + upper(v.y)) / 2 for v in curve]
    p = [(lower(a) + upper(a)) / 2 for a in pair.p]
    q = [(lower(b) + upper(b)) / 2 for b in pair.q]
    for size in range(len(p) + 1):
        for chosen in itertools.combinations(range(len(p)), size):
            x = sum(p[i] for i in chosen)
            y = 1 - sum(q[i] for i in chosen)
            for (x0, y0), (x1, y1) in itertools.pairwise(zip(xs, ys, strict=True)):
                if x0 - 1e-12 <= x <= x1 + 1e-12 and x1 > x0:
                    assert y >= y0 + (y1 - y0) * (x - x0) / (x1 - x0) - 1e-9


@settings(max_examples=40, deadline=None)
@given(finite_pairs())
def test_the_tightest_mu_is_met_and_nothing_smaller_is(pair: Finite) -> None:
    mu = gdp_mu(pair)
    assert mu is not None
    assert not is_infinite(mu)
    assert meets(pair, GaussianTradeoff(mu)) is True
    assert meets(pair, GaussianTradeoff(mu + 1)) is True
    if upper(mu) > 1e-3:
        assert meets(pair, GaussianTradeoff(mu * exact("0.99"))) is False


@settings(max_examples=40, deadline=None)
@given(finite_pairs(), st.floats(0, 4))
def test_mu_gdp_gives_the_dong_roth_su_delta(pair: Finite, eps: float) -> None:
    """μ-GDP ⇒ (ε, δ(ε))-DP with δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)."""
    mu = gdp_mu(pair)
    assert mu is not None
    if upper(mu) < 1e-6:
        return
    delta = evaluate_interval(GDP_DELTA, {"epsilon": point(eps), "mu": mu})
    assert upper(pair.delta(point(eps))) <= upper(delta) + 1e-12


@settings(max_examples=40, deadline=None)
@given(finite_pairs(), st.floats(0, 3), st.floats(0, 1))
def test_epsilon_delta_dp_is_f_epsilon_delta_dp(pair: Finite, eps: float, delta: float) -> None:
    """(ε, δ)-DP ⇔ f_{ε,δ}-DP (DRS21 Section 2), wherever the enclosures decide."""
    profile = pair.delta(point(eps))
    verdict = meets(pair, PrivacyTradeoff(point(eps), point(delta)))
    if upper(profile) < delta - 1e-9:
        assert verdict is True
    if lower(profile) > delta + 1e-9:
        assert verdict is False


@settings(max_examples=30, deadline=None)
@given(finite_pairs(), st.floats(0, 3), st.floats(0, 3))
def test_gdp_is_monotone_in_mu(pair: Finite, a: float, b: float) -> None:
    low, high = sorted((a, b))
    if meets(pair, GaussianTradeoff(point(low))) is True:
        assert meets(pair, GaussianTradeoff(point(high))) is True


@given(st.floats(0.05, 5))
@settings(max_examples=20, deadline=None)
def test_randomized_response_has_the_closed_form_mu(eps: float) -> None:
    """ε-RR is μ-GDP exactly for μ = 2Φ⁻¹(e^ε/(1 + e^ε)): G_μ passes through f_{ε,0}'s kink."""
    mu = _mu(_randomized_response(eps))
    truth = 2 * NORMAL.inv_cdf(math.exp(eps) / (1 + math.exp(eps)))
    assert abs(upper(mu) - truth) < 1e-9 * max(1.0, truth)


def test_tied_ratios_are_grouped_soundly() -> None:
    """k-ary randomized response has k − 2 outcomes with ratio 1: merged, with slack."""
    pair = _k_ary("1", 5)
    mu = gdp_mu(pair)
    assert mu is not None
    assert meets(pair, GaussianTradeoff(mu)) is True
    assert meets(pair, GaussianTradeoff(mu * exact("0.99"))) is False


def test_gaussian_family_and_other_families() -> None:
    pair = Gaussian(exact("1"), exact("2"))
    assert lower(_mu(pair)) == upper(_mu(pair)) == 0.5
    assert meets(pair, GaussianTradeoff(exact("0.5"))) is True
    assert meets(pair, GaussianTradeoff(exact("0.25"))) is False
    assert meets(Laplace(exact("1"), exact("1")), GaussianTradeoff(exact("1"))) is None
    assert meets(Laplace(exact("1"), exact("1")), ZeroTradeoff()) is True


def test_a_leaking_pair_meets_no_mu_but_meets_f_zero() -> None:
    identity = Finite((point(1.0), point(0.0)), (point(0.0), point(1.0)))
    assert is_infinite(_mu(identity))
    assert meets(identity, GaussianTradeoff(exact("40"))) is False
    assert meets(identity, ZeroTradeoff()) is True
    assert EVALUABLE["f-dp"].holds(identity, {"f": point(0.0)}) is True
    assert EVALUABLE["gaussian-dp"].violated(identity) is True


@settings(max_examples=40, deadline=None)
@given(finite_pairs())
def test_a_finite_pair_meets_its_mcdp_parameters(pair: Finite) -> None:
    found = mcdp_parameters(pair)
    assert found is not None
    mu, tau = found
    assert mcdp_holds(pair, mu, tau) is True
    assert mcdp_holds(pair, mu + 1, tau * 2) is True
    if lower(mu) > 1e-6:
        assert mcdp_holds(pair, mu / 2, tau) is False


@settings(max_examples=40, deadline=None)
@given(finite_pairs())
def test_pure_dp_gives_dwork_rothblum_mcdp(pair: Finite) -> None:
    """ε-DP ⇒ (ε(e^ε − 1)/2, ε)-mCDP (DR16, Theorem 3.5)."""
    eps = pair.epsilon()
    mu = eps * (_iv_exp(eps) - 1) / 2
    assert mcdp_holds(pair, mu, eps) in (True, None)


def test_renyi_reads_alpha_one_as_kl_and_alpha_infinity_as_epsilon() -> None:
    pair = _randomized_response(1.0)
    renyi = EVALUABLE["renyi-dp"]
    kl, eps = pair.kl(), pair.epsilon()
    assert renyi.holds(pair, {"alpha": point(1.0), "epsilon": kl}) is True
    assert renyi.holds(pair, {"alpha": point(1.0), "epsilon": kl / 2}) is False
    assert renyi.holds(pair, {"alpha": point(math.inf), "epsilon": eps}) is True
    assert renyi.holds(pair, {"alpha": point(math.inf), "epsilon": eps / 2}) is False


def _pure_bound(eps: float) -> float:
    return 2 * NORMAL.inv_cdf(math.exp(eps) / (1 + math.exp(eps)))


@settings(max_examples=40, deadline=None)
@given(finite_pairs())
def test_the_least_mu_never_exceeds_the_pure_dp_bound(pair: Finite) -> None:
    """T ≥ f_{ε,0} ≥ G_{μ_ε}: a pair's least μ is at most μ_ε = 2Φ⁻¹(e^ε/(1 + e^ε))."""
    mu = gdp_mu(pair)
    assert mu is not None
    assert upper(mu) <= _pure_bound(upper(pair.epsilon())) + 1e-9


def test_a_laplace_pair_meets_the_pure_dp_bound() -> None:
    pair = Laplace(exact("1"), exact("2"))  # ε = 1/2
    mu = gdp_mu(pair)
    assert mu is not None
    assert abs(upper(mu) - _pure_bound(0.5)) < 1e-12
    assert meets(pair, GaussianTradeoff(mu)) is True
    assert meets(pair, GaussianTradeoff(mu / 2)) is None  # not decided: μ_ε is not the least
    assert meets(pair, PrivacyTradeoff(exact("0.5"), exact("0"))) is None


@settings(max_examples=30, deadline=None)
@given(st.floats(0.01, 8))
def test_the_catalog_least_mu_of_pure_dp_is_tight_at_randomized_response(eps: float) -> None:
    """ε-DP ⇒ μ-GDP at μ = 2Φ⁻¹(e^ε/(1 + e^ε)) (catalog/gaussian-dp.yaml, issue 24): the map's
    enclosure is met by randomized response, and 0.999 of it is not (the witness's claim in
    catalog/mechanisms/randomized-response.yaml)."""
    epsilon = {"epsilon": exact(repr(eps))}
    mu = evaluate_interval(
        parse_expression("2 * Phi_inv(exp(epsilon) / (1 + exp(epsilon)))"), epsilon
    )
    e = evaluate_interval(parse_expression("exp(epsilon)"), epsilon)
    pair = Finite((e / (1 + e), 1 / (1 + e)), (1 / (1 + e), e / (1 + e)))
    assert meets(pair, GaussianTradeoff(point(upper(mu)))) is True
    assert meets(pair, GaussianTradeoff(point(lower(mu) * 0.999))) is False
