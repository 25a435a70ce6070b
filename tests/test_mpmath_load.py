"""mpmath imported through ``load_mpmath`` describes its functions as a plain import does."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys

import pytest

from dptaxonomy.reasoning.maps.contexts import _LateSignature

_LISTING = """
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


def _signatures(load: str) -> dict[str, list[str]]:
    script = _LISTING.format(load=load)
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


def test_signature_is_computed_when_read() -> None:
    def scaled(x: float, factor: float = 2.0) -> float:
        return x * factor

    late = _LateSignature(scaled)
    assert type(late) is _LateSignature
    assert str(late) == "(x: 'float', factor: 'float' = 2.0) -> 'float'"
    assert type(late) is inspect.Signature
    assert late == inspect.signature(scaled)
