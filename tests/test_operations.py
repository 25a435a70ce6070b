"""Operation rules (docs/operations.md): the schema, `dptax validate`'s checks of a rule, and
`dptax verify`'s computed checks, which refute planted false rules."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.reasoning.evaluators.battery import Case, mechanism_cases, random_pairs
from dptaxonomy.reasoning.evaluators.closed_forms import optimal_pure_delta
from dptaxonomy.reasoning.evaluators.evidence import problems
from dptaxonomy.reasoning.evaluators.families import Finite, Gaussian
from dptaxonomy.reasoning.evaluators.operation_checks import rule_results
from dptaxonomy.reasoning.evaluators.operation_forms import hockey_stick, operation_results
from dptaxonomy.reasoning.evaluators.operation_pairs import mixture, power, product, scaled
from dptaxonomy.reasoning.evaluators.operation_tightness import tightness_results
from dptaxonomy.reasoning.evaluators.verdicts import Check, CheckKind, Outcome
from dptaxonomy.reasoning.maps.numeric import exact, lower, point, upper
from dptaxonomy.schema.operations import OperationRule
from tests.clirunner import run
from tests.conftest import CATALOG_DIR
from tests.test_verify import _copy

CITE = {"key": "BS16", "at": "planted"}


def _rule(**fields: object) -> OperationRule:
    return OperationRule.model_validate({"citation": CITE, **fields})


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"operation": "composition", "parameter_map": {"rho": "rho_1 + rho_2"}},
            "a composition rule needs `form` and `adaptivity`",
        ),
        (
            {"operation": "group_privacy", "form": "k_fold", "parameter_map": {"rho": "k * rho"}},
            "`form` and `adaptivity` are for composition rules",
        ),
        (
            {"operation": "group_privacy"},
            "give exactly one of `parameter_map`, `closed_form`, `fails` and `open`",
        ),
        (
            {"operation": "group_privacy", "fails": True, "parameter_map": {"rho": "k * rho"}},
            "give exactly one of `parameter_map`, `closed_form`, `fails` and `open`",
        ),
        (
            {"operation": "group_privacy", "fails": True},
            "a rule that `fails` needs a note saying what fails, and no more",
        ),
        (
            {"operation": "amplification", "parameter_map": {"epsilon": "q * epsilon"}},
            "`sampling` is required for amplification, and only there",
        ),
        (
            {
                "operation": "amplification",
                "sampling": "poisson",
                "parameter_map": {"epsilon": "q * epsilon"},
            },
            "amplification needs `neighbourhood`",
        ),
        (
            {
                "operation": "neighbourhood_change",
                "neighbourhood": "add_remove",
                "to_neighbourhood": "add_remove",
                "parameter_map": {"epsilon": "epsilon"},
            },
            "`neighbourhood` and `to_neighbourhood` are the same",
        ),
        (
            {
                "operation": "composition",
                "form": "k_fold",
                "adaptivity": "adaptive",
                "shared": ["alpha"],
                "parameter_map": {"epsilon": "k * epsilon"},
            },
            "`shared` is for heterogeneous composition",
        ),
        (
            {
                "operation": "group_privacy",
                "parameter_map": {"rho": "k * rho"},
                "status": "disputed",
            },
            "a disputed rule needs a note explaining the conflict",
        ),
    ],
)
def test_the_schema_rejects_a_malformed_rule(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValidationError) as raised:
        _rule(**fields)
    assert raised.value.errors()[0]["msg"] == f"Value error, {message}"


def _plant(catalog: Path, definition: str, text: str) -> None:
    path = catalog / f"{definition}.yaml"
    source = path.read_text(encoding="utf-8")
    path.write_text(source.replace("operations:\n", "operations:\n" + text, 1), encoding="utf-8")


def test_validate_reports_a_rule_reading_unknown_variables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _copy(tmp_path)
    _plant(
        catalog,
        "zero-concentrated-dp",
        "  - operation: composition\n    form: heterogeneous\n    adaptivity: adaptive\n"
        "    parameter_map: {rho: rho_1 + rho_3, sigma: k}\n"
        "    conditions: ['q < 1']\n"
        "    citation: {key: BS16, at: planted}\n"
        "    tight: {witness: gausian}\n",
    )
    result = run(capsys, "validate", "--catalog", str(catalog))
    assert result.code == 1
    lines = [line for line in result.out.splitlines() if "operations[0]" in line]
    assert [line.split(": ", 1)[1] for line in lines] == [
        "error[unknown-parameter]: operations[0].parameter_map.rho: rho_3 not a variable of "
        "this rule",
        "error[unknown-parameter]: operations[0].parameter_map.sigma: 'sigma' is not a "
        "parameter of zero-concentrated-dp",
        "error[unknown-parameter]: operations[0].parameter_map.sigma: k not a variable of this "
        "rule",
        "error[unknown-parameter]: operations[0].conditions[0]: q not a variable of this rule",
        "error[dangling-reference]: operations[0].tight.witness: no mechanism 'gausian'",
    ]
    assert "hint: did you mean 'gaussian'?" in result.out


def test_validate_reports_a_result_in_another_definition_left_unmapped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _copy(tmp_path)
    _plant(
        catalog,
        "differential-privacy",
        "  - operation: composition\n    form: k_fold\n    adaptivity: adaptive\n"
        "    result: approximate-dp\n    parameter_map: {epsilon: k * epsilon}\n"
        "    citation: {key: DR+14, at: planted}\n",
    )
    result = run(capsys, "validate", "--catalog", str(catalog))
    assert result.code == 1
    assert (
        "error[missing-parameter]: operations[0].parameter_map: the result in approximate-dp "
        "leaves delta unmapped"
    ) in result.out


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return load_catalog(CATALOG_DIR)


def _verdict(
    catalog: Catalog,
    definition: str,
    fields: Mapping[str, object],
    cases: list[Case],
    mechanisms: tuple[str, ...] = (),
) -> tuple[Outcome, str | None]:
    rule = _rule(**fields)
    entry = catalog.definitions[definition]
    chosen = {m: catalog.mechanisms[m] for m in mechanisms}
    found = operation_results(catalog.definitions, entry, rule, cases, chosen)
    refuted = [where for verdict, where in found if verdict is False]
    if refuted:
        return Outcome.refuted, refuted[0]
    return (Outcome.computed if found else Outcome.unchecked), None


def _cases(catalog: Catalog, *mechanisms: str) -> list[Case]:
    found = [c for m in mechanisms for c in mechanism_cases(catalog.mechanisms[m])]
    return [*found, *random_pairs(6)]


def test_a_wrong_composition_sum_is_refuted(shipped: Catalog) -> None:
    fields = {
        "operation": "composition",
        "form": "heterogeneous",
        "adaptivity": "adaptive",
        "parameter_map": {"xi": "xi_1 + xi_2", "rho": "max(rho_1, rho_2)"},
    }
    outcome, where = _verdict(
        shipped, "zero-concentrated-dp", fields, _cases(shipped, "discrete-laplace")
    )
    assert outcome is Outcome.refuted
    assert where == (
        "discrete-laplace epsilon=0.25 sensitivity=1 × discrete-laplace epsilon=0.5 "
        "sensitivity=1: rho_1=[0.0310882, 0.0310883], rho_2=[0.122459, 0.12246], xi_1=0, "
        "xi_2=0 give rho=[0.122459, 0.12246], xi=0"
    )
    fields["parameter_map"] = {"epsilon": "sqrt(epsilon_1 ** 2 + epsilon_2 ** 2)"}
    outcome, where = _verdict(
        shipped, "differential-privacy", fields, _cases(shipped, "randomized-response")
    )
    assert outcome is Outcome.refuted
    assert where is not None
    assert where.startswith("randomized-response epsilon=0.25 × randomized-response epsilon=0.5")


def test_a_group_privacy_map_too_small_is_refuted(shipped: Catalog) -> None:
    fields = {"operation": "group_privacy", "parameter_map": {"rho": "k * rho"}}
    outcome, where = _verdict(shipped, "zero-concentrated-dp", fields, [], ("gaussian",))
    assert outcome is Outcome.refuted
    assert where == (
        "gaussian sensitivity=0.25 sigma=0.25 at distance 2: rho=0.5, xi=0 give rho=1, xi=0"
    )


def test_an_amplification_bound_under_the_wrong_sampling_scheme_is_refuted(
    shipped: Catalog,
) -> None:
    amplified = {"epsilon": "log(1 + q * (exp(epsilon) - 1))"}
    right = {
        "operation": "amplification",
        "sampling": "without_replacement",
        "neighbourhood": "replace_one",
        "parameter_map": amplified,
    }
    assert _verdict(shipped, "differential-privacy", right, []) == (Outcome.computed, None)
    wrong = {**right, "sampling": "poisson"}
    outcome, where = _verdict(shipped, "differential-privacy", wrong, [])
    assert outcome is Outcome.refuted
    assert where is not None
    assert where.startswith("random triple #2 (seed 13) subsampled: epsilon=[0.966301, 0.966302]")


def test_a_tightness_claim_its_witness_does_not_attain_is_refuted(shipped: Catalog) -> None:
    rule = _rule(
        operation="composition",
        form="heterogeneous",
        adaptivity="adaptive",
        parameter_map={"mu": "mu_1 + mu_2"},
        tight={"witness": "gaussian"},
    )
    entry = shipped.definitions["gaussian-dp"]
    found = tightness_results(shipped.definitions, shipped.mechanisms, entry, rule)
    assert found
    assert found[0] == (
        False,
        "gaussian sensitivity=0.25 sigma=0.25 × gaussian sensitivity=0.25 sigma=0.5 still "
        "meets mu=[1.49849, 1.49851]",
    )


def test_the_optimal_composition_of_pure_dp_is_randomized_responses_profile() -> None:
    eps = exact("1")
    # one mechanism: δ(0) of randomized response is (e − 1)/(e + 1); δ(ε) = 0
    single = optimal_pure_delta(eps, 1, point(0.0))
    assert lower(single) <= 0.46211715726000974 <= upper(single)
    assert upper(optimal_pure_delta(eps, 1, eps)) < 1e-20
    assert upper(optimal_pure_delta(eps, 3, exact("3"))) < 1e-20
    pair = power(Finite((exact("0.75"), exact("0.25")), (exact("0.25"), exact("0.75"))), 3)
    assert pair is not None
    delta = optimal_pure_delta(exact("1.0986122886681098"), 3, exact("1"))
    power_delta = pair.delta(exact("1"))
    assert power_delta is not None
    assert lower(power_delta) <= upper(delta)


def test_products_and_mixtures() -> None:
    gaussian = product(Gaussian(exact("3"), exact("1")), Gaussian(exact("4"), exact("1")))
    assert isinstance(gaussian, Gaussian)
    assert lower(gaussian.mu) <= 5 <= upper(gaussian.mu)
    half = exact("0.5")
    assert mixture((point(1.0), point(0.0)), (point(0.0), point(1.0)), half) == (half, half)
    big = Finite(tuple(exact("0.125") for _ in range(8)), tuple(exact("0.125") for _ in range(8)))
    square = product(big, big)  # 64 outcomes is the limit: 8 × 8 is built, 8 × 8 × 8 is not
    assert isinstance(square, Finite)
    assert len(square.p) == 64
    assert power(big, 3) is None


MASSES = st.lists(st.integers(1, 20), min_size=3, max_size=3)


def _finite(p: list[int], q: list[int]) -> Finite:
    return Finite(
        tuple(exact(str(w)) / exact(str(sum(p))) for w in p),
        tuple(exact(str(w)) / exact(str(sum(q))) for w in q),
    )


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(MASSES, MASSES, MASSES, MASSES)
def test_shipped_composition_rules_hold_on_random_mechanisms(
    p1: list[int], q1: list[int], p2: list[int], q2: list[int]
) -> None:
    catalog = load_catalog(CATALOG_DIR)  # cached: a fixture cannot be used with @given
    cases = [Case("first", {}, _finite(p1, q1)), Case("second", {}, _finite(p2, q2))]
    for definition in ("differential-privacy", "renyi-dp", "gaussian-dp", "zero-concentrated-dp"):
        entry = catalog.definitions[definition]
        for rule in entry.operations:
            if rule.operation.value != "composition" or rule.closed_form is not None:
                continue
            found = rule_results(catalog.definitions, entry, rule, cases, {})
            assert all(v is not False for v, _ in found), (definition, found)


@pytest.mark.slow
def test_every_shipped_rule_is_computed_never_refuted(shipped_checks: list[Check]) -> None:
    rules = (CheckKind.operation, CheckKind.tightness)
    checks = [c for c in shipped_checks if c.kind in rules]
    assert not problems(checks, None, check_file=False)
    kinds = {c.kind for c in checks}
    assert kinds == {CheckKind.operation, CheckKind.tightness}
    unchecked = sorted(c.reading for c in checks if c.outcome is Outcome.unchecked)
    assert unchecked == [
        "approximate-concentrated-dp composition (heterogeneous, adaptive): xi = xi_1 + xi_2, "
        "rho = rho_1 + rho_2, delta = delta_1 + delta_2",
        "approximate-dp composition (k_fold, adaptive): optimal_pure",
        "f-dp amplification (without_replacement, replace_one): subsampled_tradeoff",
        "f-dp composition (heterogeneous, adaptive): tensor_product",
    ]
    assert all(c.outcome is Outcome.computed for c in checks if c.kind is CheckKind.tightness)


@pytest.mark.parametrize("k", [2, 3])
def test_a_group_moves_the_discrete_laplace_noise_not_its_scale(k: int) -> None:
    # its scale is written Δ/ε: re-building it at k·Δ would scale the noise too and leave a
    # pair exactly as private as one step, which no group rule could fail on
    mechanism = load_catalog(CATALOG_DIR).mechanisms["discrete-laplace"]
    cases = mechanism_cases(mechanism)
    assert cases
    for case in cases:
        grouped = scaled(mechanism, case, k)
        assert isinstance(grouped, Finite)
        epsilon = case.values["epsilon"]
        assert lower(hockey_stick(grouped.p, grouped.q, epsilon)) > 0, case.label
        assert upper(hockey_stick(grouped.p, grouped.q, k * epsilon)) < 1e-12, case.label
