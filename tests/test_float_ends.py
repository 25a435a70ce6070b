"""Floats from enclosures: the fast paths give exactly what the checked conversion gives,
and the private mpmath contexts are mpmath's own functions, at our precision, built cheaply."""

from __future__ import annotations

import gc
import inspect
import math
import sys

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mpmath import libmp

from dptaxonomy.base.gcpause import collector_paused
from dptaxonomy.reasoning.maps import float_ends
from dptaxonomy.reasoning.maps.contexts import private_context
from dptaxonomy.reasoning.maps.float_ends import finite, rounded
from dptaxonomy.reasoning.maps.numeric import DOUBLE, INTERVALS, evaluate_interval, point
from dptaxonomy.schema.arith import parse_expression


def checked(raw: tuple[int, int, int, int], up: bool) -> float:
    """The float nearest ``raw`` on the side asked, found by exact comparisons only."""
    guess = float(libmp.to_float(raw, rnd=libmp.round_nearest))
    if math.isinf(guess):
        guess = math.copysign(sys.float_info.max, guess)
    step = math.inf if up else -math.inf
    while libmp.mpf_cmp(libmp.from_float(guess), raw) * (1 if up else -1) < 0:
        guess = math.nextafter(guess, step)
    back = math.nextafter(guess, -step)
    while (
        math.isfinite(back) and libmp.mpf_cmp(libmp.from_float(back), raw) * (1 if up else -1) >= 0
    ):
        guess, back = back, math.nextafter(back, -step)
    return guess


mantissas = st.integers(min_value=1, max_value=2**120)
exponents = st.integers(min_value=-1250, max_value=1100)


@settings(max_examples=400, deadline=None)
@given(negative=st.booleans(), mantissa=mantissas, exponent=exponents, up=st.booleans())
def test_rounding_is_the_nearest_float_on_the_safe_side(
    negative: bool, mantissa: int, exponent: int, up: bool
) -> None:
    raw = libmp.from_man_exp(-mantissa if negative else mantissa, exponent)
    assert rounded(raw, up=up) == checked(raw, up)


@settings(max_examples=400, deadline=None)
@given(mantissa=mantissas, exponent=exponents, width=st.integers(min_value=0, max_value=2**60))
def test_finite_reads_the_raw_ends_as_the_rounded_floats_do(
    mantissa: int, exponent: int, width: int
) -> None:
    low = libmp.from_man_exp(-mantissa, exponent)
    high = libmp.from_man_exp(mantissa + width, exponent)
    value = INTERVALS.mpf((INTERVALS.make_mpf((low, low)).a, INTERVALS.make_mpf((high, high)).b))
    slow = math.isfinite(float_ends.lower(value)) and math.isfinite(float_ends.upper(value))
    assert finite(value) is slow


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (libmp.fzero, True),
        (libmp.finf, False),
        (libmp.fninf, False),
        (libmp.fnan, False),
        (libmp.from_man_exp(1, 1023), True),  # 2^1023 < the largest float
        (libmp.from_man_exp(2**60 - 1, 1024 - 60), False),  # just below 2^1024, rounded up: ∞
    ],
)
def test_finite_at_the_edges(raw: tuple[int, int, int, int], expected: bool) -> None:
    assert finite(INTERVALS.make_mpf((raw, raw))) is expected


def test_private_contexts_are_built_without_mpmath_wrapping_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("mpmath wrapped its functions again")

    monkeypatch.setattr(inspect, "signature", refuse)
    intervals = private_context(type(mpmath.iv))
    real = private_context(type(mpmath.mp))
    intervals.prec, real.prec = 96, 192
    assert intervals.exp(1).delta < 2**-90
    assert mpmath.iv.prec == 53
    assert abs(real.ncdf(1) - real.mpf("0.841344746068542948585232545632038")) < 1e-33


def test_the_working_contexts_are_private_and_at_their_precision() -> None:
    assert INTERVALS is not mpmath.iv
    assert DOUBLE is not mpmath.mp
    assert (INTERVALS.prec, DOUBLE.prec, mpmath.mp.prec, mpmath.iv.prec) == (96, 192, 53, 53)
    value = evaluate_interval(parse_expression("Phi(x) + exp(x)"), {"x": point(0.5)})
    with mpmath.workprec(300):
        exact = mpmath.ncdf(mpmath.mpf(0.5)) + mpmath.exp(mpmath.mpf(0.5))
    assert value.a <= exact <= value.b
    assert value.delta < 2**-85


def test_a_frozen_pause_restores_the_collector() -> None:
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    with collector_paused(freeze=True):
        assert not gc.isenabled()
        made: list[list[int]] = [[] for _ in range(10)]
    assert gc.isenabled()
    assert gc.get_freeze_count() > frozen
    assert len(made) == 10
    gc.unfreeze()


def test_only_the_console_script_freezes_what_a_query_allocated(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from dptaxonomy.cli.main import main

    frozen = gc.get_freeze_count()
    with pytest.raises(SystemExit) as ended:
        main(["show", "zCDP"])  # in-process, as tests and the web page call it
    assert ended.value.code == 0
    assert "zero-concentrated-dp" in capsys.readouterr().out
    assert gc.get_freeze_count() == frozen
    assert gc.isenabled()
