"""mpmath imported through ``load_mpmath`` describes its functions as a plain import does."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys

import pytest

from dptaxonomy.reasoning.maps.contexts import _LateSignature

_LISTING = """
{first}
import inspect, json, sys
{load}
listing = {{}}
for name in ("mp", "iv", "fp"):
    ctx = getattr(mpmath, name)
    for attribute in sorted(dir(type(ctx))):
        function = getattr(type(ctx), attribute)
        if callable(function) and "__signature__" in getattr(function, "__dict__", {{}}):
            signature = inspect.signature(function)
            listing[name + "." + attribute] = [str(signature), type(signature).__name__]
json.dump(listing, sys.stdout)
"""


def _signatures(load: str, first: str = "") -> dict[str, list[str]]:
    script = _LISTING.format(load=load, first=first)
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    listing: dict[str, list[str]] = json.loads(done.stdout)
    return listing


@pytest.mark.slow
def test_deferred_signatures_equal_mpmaths_own() -> None:
    plain = _signatures("import mpmath")
    deferred = _signatures(
        "from dptaxonomy.reasoning.maps.contexts import load_mpmath\nmpmath = load_mpmath()"
    )
    assert len(plain) > 600
    assert deferred == plain
    loaded_first = "from dptaxonomy.reasoning.maps.contexts import load_mpmath\nload_mpmath()"
    without_inspect = _signatures("import mpmath", first=loaded_first)  # mpmath met the stand-in
    assert without_inspect == plain


def test_signature_is_computed_when_read() -> None:
    def scaled(x: float, factor: float = 2.0) -> float:
        return x * factor

    late = _LateSignature(scaled)
    assert type(late) is _LateSignature
    assert str(late) == "(x: 'float', factor: 'float' = 2.0) -> 'float'"
    became: type = type(late)  # reading it made it a plain Signature
    assert became is inspect.Signature
    assert late == inspect.signature(scaled)


def test_mpmath_is_loaded_without_inspect_whose_stand_in_delegates() -> None:
    script = (
        "import sys\n"
        "from dptaxonomy.reasoning.maps.contexts import load_mpmath\n"
        "mpmath = load_mpmath()\n"
        "print('inspect' in sys.modules)\n"
        "stand_in = sys.modules['mpmath.ctx_fp'].inspect\n"
        "import inspect\n"
        "print(stand_in is not inspect, stand_in.getdoc is inspect.getdoc)\n"
        "late = stand_in.signature(mpmath.mp.besselj)\n"
        "print(isinstance(late, inspect.Signature), type(late).__name__, late)\n"
    )
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "False",
        "True True",
        "True Signature (n, z, derivative=0, **kwargs)",
    ]
