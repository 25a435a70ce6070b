"""What each evaluable definition asks of a pair, and its tightest parameters.

For every definition the evaluators understand, a :class:`Evaluable` says:

* ``holds(pair, params)``: does the pair meet the definition with these
  parameters? True (certainly, or on every grid point for the definitions that
  quantify over all orders α), False (a certain counterexample), None (the
  enclosures cannot decide, or the family has no closed form);
* ``tightest(pair, free)``: parameters the pair certainly meets, as tight as
  the closed forms give (upper enclosures), given the free ones (ε for the
  privacy profile, α for Rényi DP); None when not computable;
* ``violated(pair)``: does the pair meet the definition for no parameter value?

Definitions quantifying over every order α > 1 (zCDP, tCDP) are checked on
:data:`ALPHAS`; such a check can refute a claim for certain, but confirms it
only on the grid, which the evidence records as the number of cases.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import field, record
from dptaxonomy.reasoning.evaluators.approximate_zcdp import approximate_zcdp_holds
from dptaxonomy.reasoning.evaluators.bounded_range import (
    range_holds,
    range_violated,
    range_width,
)
from dptaxonomy.reasoning.evaluators.concentration import mcdp_holds, mcdp_parameters, tcdp_rho
from dptaxonomy.reasoning.evaluators.families import (
    INFINITE,
    Gaussian,
    Pair,
    at_most,
    is_infinite,
)
from dptaxonomy.reasoning.evaluators.tradeoff import GaussianTradeoff, ZeroTradeoff, gdp_mu, meets
from dptaxonomy.reasoning.maps.intervals import least
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper

__all__ = ["ALPHAS", "EPSILONS", "EVALUABLE", "FDP", "Evaluable", "at_most"]

ALPHAS = ("1.25", "1.5", "2", "3", "5", "10", "32", "100")
"""Orders α at which "for every α" definitions are checked."""
EPSILONS = ("0.1", "0.5", "1", "2", "4")
"""Values of a free ε (privacy profiles, probabilistic DP)."""

Params = dict[str, IV]


def _all(results: list[bool | None]) -> bool | None:
    if any(r is False for r in results):
        return False
    return True if results and all(r is True for r in results) else None


@record
class Evaluable:
    """How the evaluators read one definition (see the module docstring)."""

    holds: Callable[[Pair, Params], bool | None]
    tightest: Callable[[Pair, Params], Params | None]
    violated: Callable[[Pair], bool | None]
    free: tuple[str, ...] = ()
    grids: dict[str, tuple[str, ...]] = field(default_factory=dict)
    implicit: tuple[str, ...] = ()
    """Parameters the pair itself fixes, not read from a claim (Θ for the partial-knowledge
    definitions, whose pair is built from the data distribution θ)."""
    certain: bool = True
    """Whether ``holds`` answering True is certain; False for the definitions checked on a
    grid of orders (zCDP, tCDP) or of λ (mCDP), whose True is evidence on the grid."""
    extensions: dict[str, tuple[float, ...]] = field(default_factory=dict)
    """Values outside a parameter's declared domain that ``holds`` still reads (Rényi DP's
    continuity extensions α = 1, the KL divergence, and α = ∞, the largest log-ratio)."""


def _undecided(_pair: Pair) -> None:
    """No pair violates the definition for every parameter (e.g. δ = 1 always holds)."""


def _finite_or_none(value: IV | None) -> IV | None:
    return None if value is None or is_infinite(value) else value


def _pure_tightest(pair: Pair, _: Params) -> Params | None:
    value = _finite_or_none(pair.epsilon())
    return None if value is None else {"epsilon": value}


PURE = Evaluable(
    holds=lambda pair, p: at_most(pair.epsilon(), p["epsilon"]),
    tightest=_pure_tightest,
    violated=lambda pair: is_infinite(pair.epsilon()),
)


def _profile(delta: Callable[[Pair, IV], IV | None]) -> Evaluable:
    """A definition with parameters (ε, δ) judged by a δ(ε) of the pair, ε chosen by the user.

    (ε, δ)-DP reads the privacy profile (hockey-stick divergence), probabilistic
    DP the mass where the loss exceeds ε.
    """

    def tightest(pair: Pair, free: Params) -> Params | None:
        value = delta(pair, free["epsilon"])
        return None if value is None else {"epsilon": free["epsilon"], "delta": value}

    return Evaluable(
        holds=lambda pair, p: at_most(delta(pair, p["epsilon"]), p["delta"]),
        tightest=tightest,
        violated=_undecided,
        free=("epsilon",),
        grids={"epsilon": EPSILONS},
    )


APPROXIMATE = _profile(lambda pair, epsilon: pair.delta(epsilon))
PROBABILISTIC = _profile(lambda pair, epsilon: pair.probabilistic_delta(epsilon))


def _renyi_tightest(pair: Pair, free: Params) -> Params | None:
    value = _finite_or_none(pair.renyi_at(free["alpha"]))
    return None if value is None else {"alpha": free["alpha"], "epsilon": value}


def _renyi_violated(pair: Pair) -> bool | None:
    # violated for every (α, ε) only if every order α > 1 is infinite: a grid of orders
    # cannot show that, so the pair must decide it (a leak, or its closed form)
    return pair.renyi_unbounded()


def _renyi_holds(pair: Pair, p: Params) -> bool | None:
    alpha = p["alpha"]
    if is_infinite(alpha):
        return at_most(pair.epsilon(), p["epsilon"])
    if lower(alpha) == upper(alpha) == 1:
        return at_most(pair.kl(), p["epsilon"])
    return at_most(pair.renyi_at(alpha), p["epsilon"])


RENYI = Evaluable(
    holds=_renyi_holds,
    tightest=_renyi_tightest,
    violated=_renyi_violated,
    free=("alpha",),
    grids={"alpha": ALPHAS},
    extensions={"alpha": (1.0, math.inf)},
)


def _orders(below: IV | None = None) -> list[IV]:
    values = [exact(a) for a in ALPHAS]
    return [a for a in values if below is None or upper(a) < lower(below)]


def _zcdp_holds(pair: Pair, p: Params) -> bool | None:
    return _all([at_most(pair.renyi_at(a), p["xi"] + p["rho"] * a) for a in _orders()])


def _gaussian_rho(pair: Pair) -> IV | None:
    mu = pair.gaussian_mu() if isinstance(pair, Gaussian) else None
    return None if mu is None else mu**2 / 2


def _zcdp_tightest(pair: Pair, _: Params) -> Params | None:
    rho = _gaussian_rho(pair)
    return None if rho is None else {"xi": point(0.0), "rho": rho}


def _some_order_infinite(pair: Pair) -> bool | None:
    values = [pair.renyi_at(a) for a in _orders()]
    if any(v is not None and is_infinite(v) for v in values):
        return True
    return None


ZCDP = Evaluable(
    holds=_zcdp_holds,
    tightest=_zcdp_tightest,
    violated=_some_order_infinite,
    certain=False,
)


def _bounded_orders(omega: IV) -> list[IV]:
    """The grid's orders α ≤ ω, and ω itself when finite (bCDP's range is 1 < α ≤ ω)."""
    orders = [a for a in _orders() if upper(a) <= lower(omega)]
    return orders if is_infinite(omega) else [*orders, omega]


def _bcdp_holds(pair: Pair, p: Params) -> bool | None:
    return _all(
        [at_most(pair.renyi_at(a), p["xi"] + p["rho"] * a) for a in _bounded_orders(p["omega"])]
    )


BCDP = Evaluable(
    holds=_bcdp_holds,
    tightest=lambda pair, given: (
        None
        if (rho := _gaussian_rho(pair)) is None
        else {"xi": point(0.0), "rho": rho, "omega": given.get("omega", INFINITE)}
    ),
    violated=lambda pair: pair.renyi_unbounded(),
)
"""(ξ, ρ, ω)-bounded CDP: zCDP's inequality on the orders 1 < α ≤ ω only."""


def _tcodp_holds(pair: Pair, p: Params) -> bool | None:
    """D_α ≤ min(η, ατ) for every α ≥ 1: KL (α = 1), the grid, and the limit α → ∞ (the
    largest log-ratio, bounded by η alone)."""
    eta, tau = p["eta"], p["tau"]
    checks = [at_most(pair.kl(), least((eta, tau))), at_most(pair.epsilon(), eta)]
    checks += [at_most(pair.renyi_at(a), least((eta, a * tau))) for a in _orders()]
    return _all(checks)


TCODP = Evaluable(
    holds=_tcodp_holds,
    tightest=lambda _pair, _given: None,
    violated=lambda pair: pair.renyi_unbounded(),
)
"""Col16's (η, τ)-truncated CDP (the statement writes η as ξ)."""


def _tcdp_holds(pair: Pair, p: Params) -> bool | None:
    return _all([at_most(pair.renyi_at(a), p["rho"] * a) for a in _orders(p["omega"])])


def _tcdp_tightest(pair: Pair, given: Params) -> Params | None:
    omega = given.get("omega", INFINITE)
    rho = tcdp_rho(pair, omega)
    return None if rho is None else {"rho": rho, "omega": omega}


TCDP = Evaluable(
    holds=_tcdp_holds,
    tightest=_tcdp_tightest,
    violated=lambda pair: pair.renyi_unbounded(),
    certain=False,
    free=("omega",),
    grids={"omega": ("2", "10")},
)
"""(ρ, ω)-tCDP; ω is free for the checks (each grid value), so a map whose condition bounds
the Rényi order by ω (``alpha <= omega``, issue 24) is checked at finite ω."""


def _mcdp_holds(pair: Pair, p: Params) -> bool | None:
    return mcdp_holds(pair, p["mu"], p["tau"])


def _mcdp_tightest(pair: Pair, _: Params) -> Params | None:
    found = mcdp_parameters(pair)
    return None if found is None else {"mu": found[0], "tau": found[1]}


def _kl_infinite(pair: Pair) -> bool | None:
    value = pair.kl()
    return None if value is None else is_infinite(value)


def _mcdp_violated(pair: Pair) -> bool | None:
    # an infinite mean privacy loss rules out every μ; a finite one decides nothing
    return True if _kl_infinite(pair) else None


MCDP = Evaluable(holds=_mcdp_holds, tightest=_mcdp_tightest, violated=_mcdp_violated, certain=False)


def _kl_tightest(pair: Pair, _: Params) -> Params | None:
    value = _finite_or_none(pair.kl())
    return None if value is None else {"epsilon": value}


KL = Evaluable(
    holds=lambda pair, p: at_most(pair.kl(), p["epsilon"]),
    tightest=_kl_tightest,
    violated=_kl_infinite,
)


def _tv_tightest(pair: Pair, _: Params) -> Params | None:
    value = pair.tv()
    return None if value is None else {"epsilon": value}


TV = Evaluable(
    holds=lambda pair, p: at_most(pair.tv(), p["epsilon"]),
    tightest=_tv_tightest,
    violated=_undecided,
)


def _gdp_tightest(pair: Pair, _: Params) -> Params | None:
    mu = _finite_or_none(gdp_mu(pair))
    return None if mu is None else {"mu": mu}


GDP = Evaluable(
    holds=lambda pair, p: meets(pair, GaussianTradeoff(p["mu"])),
    tightest=_gdp_tightest,
    violated=lambda pair: pair.leaks() or None,
)


def _fdp_holds(pair: Pair, p: Params) -> bool | None:
    """f-DP with a trade-off function written as a number: only f = 0 is one (a constant c
    with f(1) ≤ 1 − 1 is 0); G_μ and f_{ε,δ} are the catalog's Gaussian DP and (ε, δ)-DP."""
    f = p["f"]
    if not lower(f) == upper(f) == 0:
        raise NumericError("the only trade-off function written as a number is f = 0")
    return meets(pair, ZeroTradeoff())


FDP = Evaluable(
    holds=_fdp_holds,
    tightest=lambda _pair, _p: {"f": point(0.0)},
    violated=lambda _pair: False,
)
"""f-DP: f = 0 holds for every pair, so no pair violates f-DP for every f."""

APPROXIMATE_ZCDP = Evaluable(
    holds=approximate_zcdp_holds,
    tightest=lambda _pair, _p: None,
    violated=lambda _pair: None,
)
"""δ-approximate (ξ, ρ)-zCDP: one-sided, certain only where deterministic events show it."""


def _range_tightest(pair: Pair, _: Params) -> Params | None:
    value = _finite_or_none(range_width(pair))
    return None if value is None else {"epsilon": value}


BOUNDED_RANGE = Evaluable(
    holds=lambda pair, p: range_holds(pair, p["epsilon"]),
    tightest=_range_tightest,
    violated=range_violated,
)
"""ε-bounded range: the privacy loss's values lie within an interval of width ε."""

EVALUABLE: dict[str, Evaluable] = {
    "differential-privacy": PURE,
    "unbounded-dp": PURE,
    "local-dp": PURE,
    "approximate-dp": APPROXIMATE,
    "approximate-local-dp": APPROXIMATE,
    "probabilistic-dp": PROBABILISTIC,
    "range-bounded-privacy": BOUNDED_RANGE,
    "renyi-dp": RENYI,
    "zero-concentrated-dp": ZCDP,
    "bounded-concentrated-dp": BCDP,
    "approximate-concentrated-dp": APPROXIMATE_ZCDP,
    "truncated-concentrated-dp-bdrs18": TCDP,
    "truncated-concentrated-dp-col16": TCODP,
    "mean-concentrated-dp": MCDP,
    "kl-privacy": KL,
    "total-variation-privacy": TV,
    "gaussian-dp": GDP,
    "f-dp": FDP,
    # federated f-DP adopts f-DP's trade-off condition (SoK Section 7.1): on one pair of
    # neighbouring outputs it reads the same; what differs is which inputs are neighbours
    "weak-federated-f-dp": FDP,
    "strong-federated-f-dp": FDP,
}
"""The definitions the evaluators understand, by id."""
