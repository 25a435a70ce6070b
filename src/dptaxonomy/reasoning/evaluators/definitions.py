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

from collections.abc import Callable
from dataclasses import dataclass, field

from dptaxonomy.reasoning.evaluators.families import (
    INFINITE,
    Gaussian,
    Pair,
    is_infinite,
)
from dptaxonomy.reasoning.numeric import IV, exact, lower, point, upper

__all__ = ["ALPHAS", "EPSILONS", "EVALUABLE", "Evaluable", "at_most"]

ALPHAS = ("1.25", "1.5", "2", "3", "5", "10", "32", "100")
"""Orders α at which "for every α" definitions are checked."""
EPSILONS = ("0.1", "0.5", "1", "2", "4")
"""Values of a free ε (privacy profiles, probabilistic DP)."""

Params = dict[str, IV]


def at_most(value: IV | None, bound: IV) -> bool | None:
    """value ≤ bound: True certainly, False certainly not, None undecided (or no value)."""
    if value is None:
        return None
    if is_infinite(value):
        return is_infinite(bound) or False
    if upper(value) <= lower(bound):
        return True
    if lower(value) > upper(bound):
        return False
    # equal up to the enclosures' width: a tight claim, consistent
    return True if upper(value) - lower(bound) <= 1e-12 * max(1.0, abs(upper(bound))) else None


def _all(results: list[bool | None]) -> bool | None:
    if any(r is False for r in results):
        return False
    return True if results and all(r is True for r in results) else None


@dataclass(frozen=True)
class Evaluable:
    """How the evaluators read one definition (see the module docstring)."""

    holds: Callable[[Pair, Params], bool | None]
    tightest: Callable[[Pair, Params], Params | None]
    violated: Callable[[Pair], bool | None]
    free: tuple[str, ...] = ()
    grids: dict[str, tuple[str, ...]] = field(default_factory=dict)


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


def _approx_tightest(pair: Pair, free: Params) -> Params | None:
    delta = pair.delta(free["epsilon"])
    return None if delta is None else {"epsilon": free["epsilon"], "delta": delta}


APPROXIMATE = Evaluable(
    holds=lambda pair, p: at_most(pair.delta(p["epsilon"]), p["delta"]),
    tightest=_approx_tightest,
    violated=_undecided,
    free=("epsilon",),
    grids={"epsilon": EPSILONS},
)


def _probabilistic_tightest(pair: Pair, free: Params) -> Params | None:
    delta = pair.probabilistic_delta(free["epsilon"])
    return None if delta is None else {"epsilon": free["epsilon"], "delta": delta}


PROBABILISTIC = Evaluable(
    holds=lambda pair, p: at_most(pair.probabilistic_delta(p["epsilon"]), p["delta"]),
    tightest=_probabilistic_tightest,
    violated=_undecided,
    free=("epsilon",),
    grids={"epsilon": EPSILONS},
)


def _renyi_tightest(pair: Pair, free: Params) -> Params | None:
    value = _finite_or_none(pair.renyi_at(free["alpha"]))
    return None if value is None else {"alpha": free["alpha"], "epsilon": value}


def _renyi_violated(pair: Pair) -> bool | None:
    # violated for every (α, ε) only if every order is infinite; the smallest grid
    # order stands for all of them only when the pair leaks (infinite at every α > 1)
    return pair.leaks()


RENYI = Evaluable(
    holds=lambda pair, p: at_most(pair.renyi_at(p["alpha"]), p["epsilon"]),
    tightest=_renyi_tightest,
    violated=_renyi_violated,
    free=("alpha",),
    grids={"alpha": ALPHAS},
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
)


def _tcdp_holds(pair: Pair, p: Params) -> bool | None:
    return _all([at_most(pair.renyi_at(a), p["rho"] * a) for a in _orders(p["omega"])])


def _tcdp_tightest(pair: Pair, _: Params) -> Params | None:
    rho = _gaussian_rho(pair)
    return None if rho is None else {"rho": rho, "omega": INFINITE}


TCDP = Evaluable(holds=_tcdp_holds, tightest=_tcdp_tightest, violated=lambda pair: pair.leaks())


def _mcdp_holds(pair: Pair, p: Params) -> bool | None:
    mu = pair.gaussian_mu() if isinstance(pair, Gaussian) else None
    if mu is None:
        return None
    return _all([at_most(mu**2 / 2, p["mu"]), at_most(mu, p["tau"])])


def _mcdp_tightest(pair: Pair, _: Params) -> Params | None:
    mu = pair.gaussian_mu() if isinstance(pair, Gaussian) else None
    return None if mu is None else {"mu": mu**2 / 2, "tau": mu}


def _kl_infinite(pair: Pair) -> bool | None:
    value = pair.kl()
    return None if value is None else is_infinite(value)


def _mcdp_violated(pair: Pair) -> bool | None:
    # an infinite mean privacy loss rules out every μ; a finite one decides nothing
    return True if _kl_infinite(pair) else None


MCDP = Evaluable(holds=_mcdp_holds, tightest=_mcdp_tightest, violated=_mcdp_violated)


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


def _no_closed_form(_pair: Pair, _params: Params) -> None:
    """Gaussian DP's trade-off curve is not evaluated: only its violation by leaking pairs."""


GDP = Evaluable(
    holds=_no_closed_form,
    tightest=_no_closed_form,
    violated=lambda pair: pair.leaks() or None,
)

EVALUABLE: dict[str, Evaluable] = {
    "differential-privacy": PURE,
    "unbounded-dp": PURE,
    "local-dp": PURE,
    "approximate-dp": APPROXIMATE,
    "approximate-local-dp": APPROXIMATE,
    "probabilistic-dp": PROBABILISTIC,
    "renyi-dp": RENYI,
    "zero-concentrated-dp": ZCDP,
    "truncated-concentrated-dp-bdrs18": TCDP,
    "mean-concentrated-dp": MCDP,
    "kl-privacy": KL,
    "total-variation-privacy": TV,
    "gaussian-dp": GDP,
}
"""The definitions the evaluators understand, by id."""
