"""Which answers are vacuous (``reasoning/maps/vacuity.py``): at least as weak as a declared
value, in the direction the parameter's ``monotone`` gives, exactly for a decimal."""

from __future__ import annotations

import pytest

from dptaxonomy.reasoning.maps.chain_records import ChainRun, ParameterSpec
from dptaxonomy.reasoning.maps.numeric import exact, point
from dptaxonomy.reasoning.maps.vacuity import vacuity

DELTA = ParameterSpec("delta", "real", "[0, 1]", "weaker_when_larger")
MU = ParameterSpec("mu", "real", "[0, inf)", "stronger_when_larger")
GAMMA = ParameterSpec("gamma", "real", "[0, 1]")


def _run(name: str, value: object) -> ChainRun:
    return ChainRun({name: value}, (name,), ())


@pytest.mark.parametrize(
    ("spec", "value", "declared", "vacuous"),
    [
        (DELTA, exact("1"), "1", True),
        (DELTA, point(0.9999999999999999), "1", False),
        (MU, exact("0"), "0", True),
        (MU, exact("0.001"), "0", False),
        (GAMMA, exact("1"), "1", True),
        (GAMMA, point(1.0000000000000002), "1", False),  # neither direction: only equality
        (DELTA, point(float("inf")), "inf", True),  # a constant expression the schema admits
        (DELTA, exact("1"), "exp(0)", True),
        (DELTA, exact("1"), "log(0)", False),  # no value: never vacuous, never an error
    ],
)
def test_vacuity(spec: ParameterSpec, value: object, declared: str, vacuous: bool) -> None:
    found = vacuity(
        _run(spec.name, value), {spec.name: spec}, [(((spec.name, declared),), "K", "p")]
    )
    assert (found is not None) is vacuous
    if vacuous:
        assert found == f"every mechanism meets it at {spec.name} = {declared} ([K] p; rule V1)"


def test_every_parameter_a_declared_value_names_must_be_as_weak() -> None:
    both = ((("delta", "1"), ("mu", "0")), "K", "p")
    run = ChainRun({"delta": exact("1"), "mu": exact("0.5")}, ("delta", "mu"), ())
    assert vacuity(run, {"delta": DELTA, "mu": MU}, [both]) is None
