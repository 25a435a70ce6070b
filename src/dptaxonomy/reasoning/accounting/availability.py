"""Whether numpy is there: the website's calculator runs compose in Pyodide without it.

Two computations need numpy: the privacy-loss-distribution route (FFT) and the
subsampled Gaussian's RDP at fractional orders (a Riemann sum on 10⁵ cells).
Without numpy the first is refused with :data:`NO_NUMPY` and the second is left
out (the curve keeps its integer orders: sound, possibly looser); every other
number is the same.
"""

from __future__ import annotations

__all__ = ["NO_NUMPY", "numpy_available"]

NO_NUMPY = "not computed: numpy is not installed here (`dptax compose` with numpy computes it)"
"""The PLD route's refusal where numpy cannot be imported."""


def numpy_available() -> bool:
    """Whether numpy can be imported (it is not imported here).

    Callers look it up on this module at each call, so a test can hide numpy.
    """
    from importlib.util import find_spec

    return find_spec("numpy") is not None
