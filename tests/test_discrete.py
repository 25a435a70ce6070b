"""The discrete Laplace pair: its finite reduction against a truncated sum over the integers."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.discrete import discrete_laplace_pair
from dptaxonomy.reasoning.maps.numeric import exact, lower, point, upper


def _truncated(shift: int, scale: float) -> tuple[list[float], list[float]]:
    r = math.exp(-1 / scale)
    norm = (1 - r) / (1 + r)
    span = int(80 * scale) + 5  # r^span < 1e-30: the rest of the tails is negligible
    zs = range(-span, span + shift + 1)
    return [norm * r ** abs(z) for z in zs], [norm * r ** abs(z - shift) for z in zs]


def _renyi(p: list[float], q: list[float], alpha: float) -> float:
    """D_α(P‖Q) by a log-sum-exp (the terms overflow floats otherwise)."""
    logs = [alpha * math.log(a) + (1 - alpha) * math.log(b) for a, b in zip(p, q, strict=True)]
    top = max(logs)
    return (top + math.log(sum(math.exp(v - top) for v in logs))) / (alpha - 1)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 6), st.floats(0.3, 5), st.floats(1.2, 8), st.floats(0, 3))
def test_the_reduction_keeps_every_quantity(
    shift: int, scale: float, alpha: float, eps: float
) -> None:
    pair = discrete_laplace_pair(exact(str(shift)), point(scale))
    p, q = _truncated(shift, scale)
    kl = max(
        sum(a * math.log(a / b) for a, b in zip(p, q, strict=True)),
        sum(b * math.log(b / a) for a, b in zip(p, q, strict=True)),
    )
    renyi = max(_renyi(p, q, alpha), _renyi(q, p, alpha))
    delta = max(
        sum(max(0.0, a - math.exp(eps) * b) for a, b in zip(p, q, strict=True)),
        sum(max(0.0, b - math.exp(eps) * a) for a, b in zip(p, q, strict=True)),
    )
    for value, truth in ((pair.kl(), kl), (pair.renyi_at(point(alpha)), renyi)):
        assert value is not None
        assert lower(value) - 1e-9 <= truth <= upper(value) + 1e-9
    assert lower(pair.delta(point(eps))) - 1e-9 <= delta <= upper(pair.delta(point(eps))) + 1e-9
    assert abs(upper(pair.epsilon()) - shift / scale) < 1e-9


def test_the_shift_must_be_a_small_positive_integer() -> None:
    with pytest.raises(NumericError, match="integer"):
        discrete_laplace_pair(exact("1.5"), exact("1"))
    with pytest.raises(NumericError, match="integer"):
        discrete_laplace_pair(exact("0"), exact("1"))
