"""The float search behind ``rdp_epsilon`` stays exact while it saves work (issue 24).

The scan over log u stops early when no later point's ceiling beats its best; these
tests check that the ceiling is one and that the search returns, bit for bit, what
the scan over every point returns. Refusals (OverflowError) are remembered too.
"""

from __future__ import annotations

import math
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.schema import arith_renyi
from dptaxonomy.schema.arith_renyi import optimal_witness, rdp_epsilon

_ORDERS = st.floats(min_value=-4.0, max_value=3.0).map(lambda e: 1.0 + 10.0**e)
_RS = st.floats(min_value=-6.0, max_value=2.0).map(lambda e: 10.0**e)
_DELTAS = st.floats(min_value=-15.0, max_value=-0.01).map(lambda e: 10.0**e)


def _outcome(alpha: float, r: float, delta: float, width: float) -> object:
    try:
        return optimal_witness(alpha, r, delta, width=width)
    except OverflowError as refused:
        return str(refused)


@settings(max_examples=200, deadline=None)
@given(alpha=_ORDERS, r=_RS, delta=_DELTAS)
def test_the_early_stop_changes_no_bit(alpha: float, r: float, delta: float) -> None:
    widths = (arith_renyi._RANKING, arith_renyi._EXACT)
    found = [_outcome(alpha, r, delta, width) for width in widths]
    with mock.patch.object(arith_renyi, "_ceiling", return_value=math.inf):
        everywhere = [_outcome(alpha, r, delta, width) for width in widths]
    assert found == everywhere


@settings(max_examples=200, deadline=None)
@given(alpha=_ORDERS, r=_RS, delta=_DELTAS, share=st.floats(min_value=0.0, max_value=1.0))
def test_the_ceiling_is_above_the_searched_phi(
    alpha: float, r: float, delta: float, share: float
) -> None:
    log_m = (alpha - 1.0) * r
    u = math.exp(math.log(delta) * (1.0 - share))
    b = arith_renyi._atom(u, alpha, math.exp(log_m), log_m) if log_m <= 700.0 else None
    ceiling = arith_renyi._ceiling(u, alpha, log_m, delta)
    if b is None:
        assert ceiling == math.inf or log_m > 700.0
    else:
        assert b - delta * (b - 1.0 + u) / u <= ceiling


def test_the_scan_stops_early_on_the_benchmarks_order() -> None:
    calls: list[float] = []
    atom = arith_renyi._atom

    def counted(u: float, alpha: float, big_m: float, log_m: float) -> float | None:
        calls.append(u)
        return atom(u, alpha, big_m, log_m)

    with mock.patch.object(arith_renyi, "_atom", counted):
        early = optimal_witness(5.4318, 2.7159, 1e-5)
        stopped = len(calls)
        with mock.patch.object(arith_renyi, "_ceiling", return_value=math.inf):
            assert optimal_witness(5.4318, 2.7159, 1e-5) == early
    assert stopped < len(calls) - stopped


def test_a_refusal_is_remembered() -> None:
    arith_renyi._proposal.cache_clear()
    with mock.patch.object(arith_renyi, "optimal_witness", wraps=optimal_witness) as spy:
        for _ in range(2):
            with pytest.raises(OverflowError) as caught:
                rdp_epsilon(1.001, 0.5, 1e-9)
            assert str(caught.value) == "a two-atom law is beyond the float range"
    assert spy.call_count == 1
