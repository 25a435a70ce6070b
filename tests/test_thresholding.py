"""DMKB19's thresholded count: the entry, its exact pair, binom_pmf, and its checked claims."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.base.errors import NumericError
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE, at_most
from dptaxonomy.reasoning.evaluators.thresholding import (
    CONDITIONAL,
    evaluable_for,
    thresholded_count_pair,
)
from dptaxonomy.reasoning.evaluators.verdicts import Outcome
from dptaxonomy.reasoning.evaluators.verify import verify_mechanism
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact, lower, upper
from dptaxonomy.schema.arith import ArithmeticError_, parse_expression
from dptaxonomy.schema.arith_eval import evaluate
from dptaxonomy.schema.mechanisms import PairKind
from tests.clirunner import run

ID = "thresholded-count"


def _values(n: int, threshold: int, p: str) -> dict[str, IV]:
    return {"n": exact(str(n)), "T": exact(str(threshold)), "p": exact(p)}


def _exact_masses(n: int, threshold: int, p: Fraction) -> tuple[list[Fraction], list[Fraction]]:
    """The pair by hand, in rationals: counts of the n − 1 other records, shifted by D(t)."""
    f = [comb(n - 1, s) * p**s * (1 - p) ** (n - 1 - s) for s in range(n)] + [Fraction(0)]
    zero = [sum(f[: threshold + 1], Fraction(0))] + [f[k] for k in range(threshold + 1, n + 1)]
    one = [sum(f[:threshold], Fraction(0))] + [f[k - 1] for k in range(threshold + 1, n + 1)]
    return zero, one


# --------------------------------------------------------------------------- the entry


def test_the_entry_loads_with_its_claims_and_no_violates(catalog: Catalog) -> None:
    mechanism = catalog.mechanisms[ID]
    assert mechanism.introduced_in == ["DMKB19"]
    assert mechanism.pair is not None
    assert mechanism.pair.kind is PairKind.thresholded_count
    assert [c.definition for c in mechanism.satisfies] == [
        "active-pk-dp",
        "passive-pk-dp",
        "active-pk-dp",
        "passive-pk-dp",
    ]
    # Example 7's active attacker is no `violates` claim: δ = 1 always holds
    assert mechanism.violates == []
    assert mechanism.witnesses == []
    printed = mechanism.satisfies[0]
    assert printed.conditions == ["p * (n - 1) / (1 - p)**T < 1"]
    assert printed.note is not None
    assert "garbled or a misprint" in printed.note


def test_show_prints_the_entry(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "show", ID)
    assert result.code == 0
    assert result.out.startswith("thresholded count (mechanism)\n")
    assert "binom_pmf(T, n - 1, p)" in result.out
    assert "evidence: computed (8 cases)" in result.out


# --------------------------------------------------------------------------- binom_pmf


def test_binom_pmf_encloses_the_exact_value_and_agrees_in_floats() -> None:
    node = parse_expression("binom_pmf(T, n - 1, p)")
    enclosure = evaluate_interval(node, _values(50, 5, "0.01"))
    value = comb(49, 5) * Fraction(1, 100) ** 5 * Fraction(99, 100) ** 44
    assert lower(enclosure) <= value <= upper(enclosure)
    assert evaluate(node, {"T": 5.0, "n": 50.0, "p": 0.01}) == pytest.approx(float(value))
    assert upper(evaluate_interval(parse_expression("binom_pmf(3, 2, 0.5)"), {})) == 0


@pytest.mark.parametrize(
    "text",
    ["binom_pmf(1.5, 4, 0.5)", "binom_pmf(-1, 4, 0.5)", "binom_pmf(1, 4, 2)"],
)
def test_binom_pmf_refuses_what_it_cannot_bound(text: str) -> None:
    with pytest.raises(NumericError):
        evaluate_interval(parse_expression(text), {})
    with pytest.raises(ArithmeticError_):
        evaluate(parse_expression(text), {})


def test_binom_pmf_with_two_arguments_is_refused_by_the_parser() -> None:
    """Arity is the grammar's (issue 29): `validate` reports it, nothing evaluates it."""
    with pytest.raises(ArithmeticError_, match=r"^binom_pmf takes 3 arguments, given 2$"):
        parse_expression("binom_pmf(1, 4)")


# --------------------------------------------------------------------------- the exact pair


def test_the_pair_matches_a_rational_computation() -> None:
    pair = thresholded_count_pair(exact("20"), exact("3"), exact("0.01"))
    zero, one = _exact_masses(20, 3, Fraction(1, 100))
    for enclosures, masses in ((pair.p, zero), (pair.q, one)):
        assert len(enclosures) == len(masses) == 18
        for enclosure, mass in zip(enclosures, masses, strict=True):
            assert lower(enclosure) <= mass <= upper(enclosure)
    assert upper(pair.p[-1]) == 0 < lower(pair.q[-1])  # a count of n needs D(t) = 1


@pytest.mark.parametrize(("n", "threshold"), [(5, 5), (5, 7), (0, 0)])
def test_the_pair_refuses_degenerate_sizes(n: int, threshold: int) -> None:
    with pytest.raises(NumericError):
        thresholded_count_pair(exact(str(n)), exact(str(threshold)), exact("0.1"))


_SIZES = st.integers(2, 40).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1)))
_PROBABILITIES = st.integers(1, 999).map(lambda k: f"0.{k:03d}")


@settings(max_examples=30, deadline=None)
@given(_SIZES, _PROBABILITIES)
def test_both_sides_are_distributions_and_the_profile_is_non_increasing(
    size: tuple[int, int], p: str
) -> None:
    n, threshold = size
    pair = thresholded_count_pair(exact(str(n)), exact(str(threshold)), exact(p))
    for side in (pair.p, pair.q):
        total = sum(side, exact("0"))
        assert lower(total) <= 1 <= upper(total)
    profile = [pair.delta(exact(e)) for e in ("0", "0.01", "0.1", "1", "5")]
    for larger, smaller in itertools.pairwise(profile):
        assert lower(smaller) <= upper(larger)
    assert upper(profile[0]) <= 1


# --------------------------------------------------------------------------- the checks


def test_the_claims_are_computed_on_the_exact_pair(catalog: Catalog) -> None:
    checks = verify_mechanism(catalog, catalog.mechanisms[ID])
    assert [(c.outcome, c.cases) for c in checks] == [
        (Outcome.computed, 8),
        (Outcome.computed, 8),
        (Outcome.computed, 11),
        (Outcome.computed, 11),
    ]


def test_a_halved_delta_is_refuted(catalog: Catalog) -> None:
    mechanism = catalog.mechanisms[ID]
    claim = mechanism.satisfies[2]
    halved = claim.model_copy(
        update={"parameters": {**claim.parameters, "delta": f"({claim.parameters['delta']}) / 2"}}
    )
    planted = mechanism.model_copy(update={"satisfies": [halved]})
    (check,) = verify_mechanism(catalog, planted)
    assert check.outcome is Outcome.refuted
    assert check.counterexample is not None
    assert check.counterexample.startswith("thresholded-count T=3 n=20 p=0.001: active-pk-dp")


def test_only_the_partial_knowledge_definitions_read_a_conditional_pair() -> None:
    kind = PairKind.thresholded_count
    assert evaluable_for(kind, "approximate-dp", EVALUABLE) is None
    assert evaluable_for(kind, "active-pk-dp", EVALUABLE) is CONDITIONAL["active-pk-dp"]
    assert evaluable_for(PairKind.finite, "active-pk-dp", EVALUABLE) is None
    assert (
        evaluable_for(PairKind.finite, "approximate-dp", EVALUABLE) is EVALUABLE["approximate-dp"]
    )


_DELTA = "binom_pmf(T, n - 1, p) / (1 - p * (n - 1) / ({denominator}))"
_READINGS = {"printed": "(1 - p)**T", "proof": "(1 - p) * T"}


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 60).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n - 1))),
    st.integers(1, 300).map(lambda k: f"0.{k:04d}"),
    st.sampled_from(sorted(_READINGS)),
)
def test_theorem_4_holds_on_the_exact_pair_wherever_r_is_below_1(
    size: tuple[int, int], p: str, reading: str
) -> None:
    """Beyond the verify grid: random (n, T, p) with r < 1, either reading of r."""
    n, threshold = size
    values = _values(n, threshold, p)
    delta_text = _DELTA.format(denominator=_READINGS[reading])
    ratio = f"p * (n - 1) / ({_READINGS[reading]})"
    try:
        if upper(evaluate_interval(parse_expression(ratio), values)) >= 1:
            return
        delta = evaluate_interval(parse_expression(delta_text), values)
        epsilon = evaluate_interval(parse_expression(f"-log(1 - {delta_text})"), values)
    except NumericError:  # δ ≥ 1: ε is undefined and the claim says nothing
        return
    pair = thresholded_count_pair(values["n"], values["T"], values["p"])
    # never certainly above δ; a δ within the 96-bit enclosures' width (about 1e-28 when
    # n = T + 1 and p is tiny) is left undecided, as `dptax verify` leaves it
    assert at_most(pair.delta(epsilon), delta) is not False
