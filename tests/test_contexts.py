"""The private mpmath contexts (for ζ, the one function mpmath still serves) are mpmath's own
functions, at our precision, built cheaply."""

from __future__ import annotations

import inspect

import mpmath
import pytest

from dptaxonomy.reasoning.maps.contexts import private_context


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
