"""Closed-form routes: privacy profiles δ(ε) given by a formula, inverted for ε at δ.

Both profiles here are exact for their extremal mechanism, so the interval that
brackets ε at δ gives an upper bound (the smallest ε whose δ is certainly small
enough) and a lower bound (the largest ε whose δ is certainly too large):

- μ-GDP, through the catalog's map from ``gaussian-dp`` to ``approximate-dp``
  (δ as an expression of μ and ε), passed in as ``profile``;
- k-fold ε-DP, through the catalog's ``optimal_pure`` closed form (Kairouz, Oh
  and Viswanath), evaluated by
  :func:`~dptaxonomy.reasoning.evaluators.closed_forms.optimal_pure_profile`.
"""

from __future__ import annotations

from collections.abc import Callable

from dptaxonomy.reasoning.evaluators.closed_forms import optimal_pure_guess, optimal_pure_profile
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, lower, point, upper
from dptaxonomy.schema.arith import Node
from dptaxonomy.schema.arith_eval import float_code

__all__ = ["gdp_epsilon", "invert", "pure_epsilon"]

_STEPS = 64


def invert(
    profile: Callable[[float], IV],
    delta: float,
    top: float,
    guess: Callable[[float], float] | None = None,
    *,
    narrow: bool = False,
) -> tuple[float, float] | None:
    """(lower, upper) bounds on the smallest ε ≥ 0 with profile(ε) ≤ δ, for a decreasing profile.

    ``upper`` is an ε whose whole δ enclosure is ≤ δ; ``lower`` one whose whole
    enclosure is > δ (0 when even ε = 0 may satisfy it). None when no ε up to
    ``top`` is certainly enough. ``guess``, a fast floating-point profile, only
    proposes where to check: each search is replayed on it and its end checked on the
    enclosures (:func:`_replayed`), each computed once; with ``narrow`` it also
    places the cut the upper search starts from.
    """
    profile = _remembered(profile)

    def enough(epsilon: float) -> bool:
        return upper(profile(epsilon)) <= delta

    def too_little(epsilon: float) -> bool:
        return lower(profile(epsilon)) > delta

    guessed = None if guess is None else lambda epsilon: guess(epsilon) <= delta
    # ε = 0 is checked last, and only when needed: once some ε is certainly too little,
    # the decreasing profile is above δ at 0 too (no search below depends on ε = 0).
    high = _doubled(enough, guessed, top)
    if high is None:
        return (0.0, 0.0) if enough(0.0) else None
    low_ok, high_ok = 0.0, high  # profile(high_ok) ≤ δ certainly
    if guess is not None and narrow:
        low, near = _narrow(guess, delta, 0.0, high)
        if enough(near):
            low_ok, high_ok = low, near
    low_ok, high_ok = _replayed(enough, guessed, low_ok, high_ok)
    if too_little(low_ok):  # so δ(0) ≥ δ(low_ok) > δ: ε = 0 is not enough, and too little
        low_bad, high_bad = low_ok, high_ok
    elif enough(0.0):
        return 0.0, 0.0
    elif not too_little(0.0):
        return 0.0, high_ok
    else:
        low_bad, high_bad = 0.0, high_ok
    low_bad, high_bad = _replayed(lambda e: not too_little(e), guessed, low_bad, high_bad)
    return low_bad, high_ok


def _bisect(passes: Callable[[float], bool], low: float, high: float) -> tuple[float, float]:
    """Halve [low, high] keeping ``passes`` false at low's side and true at high's, to a
    relative 1e-12 (at most :data:`_STEPS` halvings)."""
    for _ in range(_STEPS):
        if high - low <= 1e-12 * high:
            break
        middle = (low + high) / 2
        if passes(middle):
            high = middle
        else:
            low = middle
    return low, high


def _replayed(
    passes: Callable[[float], bool],
    guess: Callable[[float], bool] | None,
    low: float,
    high: float,
) -> tuple[float, float]:
    """:func:`_bisect` on ``passes`` (certified, costly), found by bisecting on ``guess``.

    Any bisection's midpoints all lie outside its final bracket; so when a bracket's ends
    check (a new high end passes, a new low end fails), a monotone ``passes`` agrees
    with every turn taken, and the certified bisection ends on the same bracket: the
    answer is bit-identical, at two certified checks instead of about 40. When the
    guess's rounding put its cut a step off, a second bisection asks ``passes`` near
    that cut only; when that fails too, the certified bisection runs. Only checked ends
    are returned: sound whatever the guess.
    """
    if guess is None:
        return _bisect(passes, low, high)

    def checked(found: tuple[float, float]) -> bool:
        return (found[1] == high or passes(found[1])) and (found[0] == low or not passes(found[0]))

    try:
        found = _bisect(guess, low, high)
        if checked(found):
            return found
        near = 4 * (found[1] - found[0])
        start, stop = found[0] - near, found[1] + near
        found = _bisect(lambda e: passes(e) if start <= e <= stop else guess(e), low, high)
        if checked(found):
            return found
    except (ArithmeticError, ValueError):  # the guess overflowed: no proposal
        pass
    return _bisect(passes, low, high)


def _doubled(
    passes: Callable[[float], bool], guess: Callable[[float], bool] | None, top: float
) -> float | None:
    """The first of min(1, top), then doubled (``top`` itself tried), that ``passes``;
    None when ``top`` fails. The guess proposes one, checked to pass and its predecessor
    to fail (the same answer for a monotone ``passes``)."""
    steps = [min(1.0, top)]
    while steps[-1] < top:
        steps.append(min(steps[-1] * 2, top))  # doubling past ``top`` must not skip it
    if guess is not None:
        try:
            first = next((i for i, e in enumerate(steps) if guess(e)), None)
        except (ArithmeticError, ValueError):  # the guess overflowed: no proposal
            first = None
        if (first is not None and passes(steps[first])) and (
            first == 0 or not passes(steps[first - 1])
        ):
            return steps[first]
    return next((e for e in steps if passes(e)), None)


def _remembered(profile: Callable[[float], IV]) -> Callable[[float], IV]:
    """``profile`` asked once per ε (enclosures are values: the second answer is the first)."""
    known: dict[float, IV] = {}

    def remembered(epsilon: float) -> IV:
        if epsilon not in known:
            known[epsilon] = profile(epsilon)
        return known[epsilon]

    return remembered


def _narrow(
    guess: Callable[[float], float], delta: float, low: float, high: float
) -> tuple[float, float]:
    """A bracket around the floating-point solution, widened by a relative 1e-10."""
    for _ in range(200):
        middle = (low + high) / 2
        if guess(middle) <= delta:
            high = middle
        else:
            low = middle
        if high - low <= 1e-15 * high:
            break
    return max(0.0, low * (1 - 1e-10)), high * (1 + 1e-10) + 1e-300


def gdp_epsilon(mu: IV, delta: float, profile: Node) -> tuple[float, float] | None:
    """Bounds on ε at δ for μ-GDP, through the catalog's δ(ε) map ``profile``."""
    middle = float(mu.low)  # an estimate: the enclosure is narrow
    code = float_code(profile)  # compiled once: the searches ask for it some 200 times
    return invert(
        lambda epsilon: evaluate_interval(profile, {"mu": mu, "epsilon": point(epsilon)}),
        delta,
        1e6,
        lambda epsilon: code({"mu": middle, "epsilon": epsilon}),
        narrow=True,
    )


def pure_epsilon(epsilon: IV, count: int, delta: float) -> tuple[float, float] | None:
    """Bounds on ε' at δ for the optimal ``count``-fold composition of ε-DP."""
    profile = optimal_pure_profile(epsilon, count)
    return invert(
        lambda target: profile(point(target)),
        delta,
        upper(epsilon) * count + 1,
        optimal_pure_guess(float(epsilon.low), count),
    )
