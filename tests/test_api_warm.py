"""A warm process: what a conversion keeps per knowledge base (issue 24).

Chains, parameter specs and mechanism sources are kept with the knowledge base
object (and so never serve another catalog); memoised pieces of the numeric
work give exactly the values they replace. The catalog key a process keeps is
tested with the other keys, in tests/test_cache_digest.py.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

import dptaxonomy
from dptaxonomy.catalog.store import open_catalog
from dptaxonomy.queries.mechanism_source import find_mechanism
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.maps.float_run import _membership
from dptaxonomy.reasoning.maps.intervals import Enclosure, enclose, exp, log
from dptaxonomy.reasoning.maps.numeric import evaluate_interval, lower, upper
from dptaxonomy.reasoning.maps.optimise import _mapping
from dptaxonomy.reasoning.maps.paths import chains_between
from dptaxonomy.reasoning.maps.rational import enclosure
from dptaxonomy.reasoning.maps.tightest import parameter_specs
from dptaxonomy.schema.arith import BinOp, Interval, Number
from tests.conftest import CATALOG_DIR


def test_chains_specs_and_mechanisms_are_kept_per_knowledge_base() -> None:
    catalog = open_catalog(CATALOG_DIR)
    kb, other = compile_knowledge_base(catalog), compile_knowledge_base(catalog)
    first = chains_between(kb, "zero-concentrated-dp", "approximate-dp", conditional=True)
    again = chains_between(kb, "zero-concentrated-dp", "approximate-dp", conditional=True)
    assert len(first) >= 2
    assert first == again
    assert first is not again  # a caller may change its list
    assert all(a is b for a, b in zip(first, again, strict=True))
    elsewhere = chains_between(other, "zero-concentrated-dp", "approximate-dp", conditional=True)
    assert elsewhere == first
    assert not any(a is b for a, b in zip(first, elsewhere, strict=True))
    assert parameter_specs(kb, "renyi-dp") is parameter_specs(kb, "renyi-dp")
    assert parameter_specs(other, "renyi-dp") is not parameter_specs(kb, "renyi-dp")
    gaussian = find_mechanism(kb, "gaussian")
    assert gaussian is not None
    assert find_mechanism(kb, "gaussian") is gaussian
    assert find_mechanism(other, "gaussian") is not gaussian
    chains = gaussian.chains(kb, "approximate-dp")
    assert len(chains) >= 2
    assert all(a is b for a, b in zip(chains, gaussian.chains(kb, "approximate-dp"), strict=True))
    assert find_mechanism(kb, "no such mechanism") is None


def test_a_warm_conversion_at_a_new_value_answers_as_a_cold_one() -> None:
    question = ("gaussian", "(ε, δ)-DP", {"sensitivity": "1"}, {"delta": "1e-5"})
    source, target, others, fixed = question
    warm = [dptaxonomy.convert(source, target, {**others, "sigma": s}, fixed) for s in "123"]
    kb = compile_knowledge_base(open_catalog(CATALOG_DIR))
    from dptaxonomy.queries.convert import convert_result

    cold = convert_result(kb, source, target, {**others, "sigma": "3"}, fixed)
    assert warm[-1].to_json() == cold.to_json()


_ENDS = st.sampled_from([-math.inf, -1.0, 0.0, 0.5, 1.0, math.inf])
_VALUES = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True), _ENDS, st.sampled_from([-0.0, 5e-324])
)


@given(low=_ENDS, high=_ENDS, low_closed=st.booleans(), high_closed=st.booleans(), x=_VALUES)
def test_domain_membership_is_interval_contains(
    low: float, high: float, low_closed: bool, high_closed: bool, x: float
) -> None:
    domain = Interval(low, high, low_closed, high_closed)
    assert _membership(domain)(x) is domain.contains(x)


def _to_value(t: float, domain: Interval) -> float:
    """The optimiser's map as it was written before it was decided once per domain."""
    low, high = domain.low, domain.high
    if math.isfinite(low) and math.isfinite(high):
        return low + (high - low) / (1.0 + math.exp(-t))
    if math.isfinite(low):
        return low + math.exp(t)
    if math.isfinite(high):
        return high - math.exp(t)
    return math.sinh(t)


@given(low=_ENDS, high=_ENDS, t=st.floats(min_value=-16, max_value=16))
def test_the_optimisers_map_is_bit_for_bit_as_before(low: float, high: float, t: float) -> None:
    domain = Interval(low, high, False, False)
    found, expected = _mapping(domain)(t), _to_value(t, domain)
    assert math.copysign(1.0, found) == math.copysign(1.0, expected)
    assert found == expected or (math.isnan(found) and math.isnan(expected))


@given(st.fractions(max_denominator=10**6))
def test_a_remembered_enclosure_is_the_enclosure(value: Fraction) -> None:
    n = Number(float(value.numerator), str(value.numerator))
    d = Number(float(value.denominator), str(value.denominator))
    fresh = evaluate_interval(BinOp("/", n, d), {})
    kept = enclosure(value)
    assert (lower(kept), upper(kept)) == (lower(fresh), upper(fresh))
    assert enclosure(value) is kept


def _quantile_eight_steps(p: Decimal) -> Enclosure:
    """Φ⁻¹'s estimate as it would be without stopping at a fixed point: 8 Newton steps."""
    from dptaxonomy.reasoning.maps.normal import _ROOT_TWO_PI, _WIDE, _start, phi

    x = enclose(_start(p))
    target = enclose(_WIDE.ln(p))
    for _ in range(8):
        value = enclose(phi(x).low)
        if not value.low > 0:
            break
        density = exp(-(x * x) / 2) / _ROOT_TWO_PI
        x = enclose((x - (log(value) - target) * value / density).low)
    return x


@given(st.floats(min_value=1e-300, max_value=0.5))
def test_the_quantile_stopped_at_its_fixed_point_is_bit_for_bit_as_before(p: float) -> None:
    from dptaxonomy.reasoning.maps.normal import _estimate

    assert _estimate(Decimal(p)) == _quantile_eight_steps(Decimal(p))
