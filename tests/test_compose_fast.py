"""Closed-form compose without extra work: the replayed searches end where the certified
bisection does, and guarantees given in a definition read their own small cache part."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.base.errors import DptaxError, NameResolutionError
from dptaxonomy.cache.lifts_codec import decode_lifts, encode_lifts
from dptaxonomy.cache.store import accounting, knowledge_base
from dptaxonomy.catalog.paths import default_catalog_dir
from dptaxonomy.queries.compose import compose_with
from dptaxonomy.queries.compose_input import parse_request
from dptaxonomy.queries.compose_lift import converters
from dptaxonomy.queries.convert import convert_result
from dptaxonomy.reasoning.accounting import closed
from dptaxonomy.reasoning.accounting.lifts import GUARANTEES, LIFT_TARGETS, guarantee_lifts
from dptaxonomy.reasoning.evaluators.closed_forms import optimal_pure_guess, optimal_pure_profile
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.intervals import interval
from dptaxonomy.reasoning.maps.normal import phi_inverse
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper
from dptaxonomy.schema.arith import Node

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return knowledge_base(default_catalog_dir())


def _certified_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The searches as they were: every turn decided on the enclosures."""
    doubled = closed._doubled
    monkeypatch.setattr(
        closed, "_replayed", lambda passes, _g, low, high: closed._bisect(passes, low, high)
    )
    monkeypatch.setattr(closed, "_doubled", lambda passes, _g, top: doubled(passes, None, top))


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from(["0.05", "0.1", "0.3", "0.5", "1", "2"]),
    st.integers(1, 30),
    st.sampled_from([1e-12, 1e-9, 1e-6, 1e-3, 0.05]),
)
def test_pure_search_ends_where_the_certified_bisection_does(
    epsilon: str, count: int, delta: float
) -> None:
    profile = optimal_pure_profile(exact(epsilon), count)
    top = upper(exact(epsilon)) * count + 1  # as pure_epsilon tops its search
    certified = closed.invert(lambda t: profile(point(t)), delta, top)
    assert closed.pure_epsilon(exact(epsilon), count, delta) == certified


@pytest.fixture(scope="module")
def gdp_profile() -> Node:
    found = converters(accounting(default_catalog_dir()).maps).gaussian
    assert found is not None
    return found


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from(["0.1", "0.5", "1", "2", "3.7", "8"]),
    st.sampled_from([1e-12, 1e-9, 1e-6, 1e-5, 1e-3, 0.05]),
)
def test_gdp_search_ends_where_the_certified_bisection_does(
    gdp_profile: Node, mu: str, delta: float
) -> None:
    replayed = closed.gdp_epsilon(exact(mu), delta, gdp_profile)
    with pytest.MonkeyPatch.context() as patch:
        _certified_only(patch)
        assert closed.gdp_epsilon(exact(mu), delta, gdp_profile) == replayed


def _profile(epsilon: str, count: int) -> tuple[Any, Any]:
    exact_profile = optimal_pure_profile(exact(epsilon), count)
    return (lambda t: exact_profile(point(t))), optimal_pure_guess(float(epsilon), count)


def test_a_wrong_guess_costs_time_not_the_answer() -> None:
    profile, guess = _profile("0.5", 10)
    certified = closed.invert(profile, 1e-6, 6.0)
    assert certified is not None
    assert 4.9998 < certified[1] < 4.9999
    assert closed.invert(profile, 1e-6, 6.0, lambda e: guess(e * 1.001)) == certified
    assert closed.invert(profile, 1e-6, 6.0, lambda e: guess(e) * 1e3) == certified


def test_a_guess_that_overflows_is_no_proposal() -> None:
    profile, _ = _profile("0.5", 10)

    def overflowing(_epsilon: float) -> float:
        raise OverflowError("math range error")

    assert closed.invert(profile, 1e-6, 6.0, overflowing) == closed.invert(profile, 1e-6, 6.0)


def test_the_pure_guess_is_the_profile_in_floating_point() -> None:
    for epsilon, count, target in [("0.5", 10, 4.99989), ("0.1", 100, 3.0), ("2", 3, 1.0)]:
        enclosure = optimal_pure_profile(exact(epsilon), count)(point(target))
        value = optimal_pure_guess(float(epsilon), count)(target)
        assert value == pytest.approx((lower(enclosure) + upper(enclosure)) / 2, rel=1e-12)
    assert optimal_pure_guess(1.0, 2000)(100.0) == pytest.approx(1.0, rel=1e-12)


def test_one_enclosure_is_inverted_once() -> None:
    probabilities = interval(exact("0.6"), exact("0.6000001"))
    phi_inverse.cache_clear()
    first = phi_inverse(probabilities)
    assert phi_inverse(interval(exact("0.6"), exact("0.6000001"))) is first
    assert phi_inverse.cache_info().hits == 1


GIVEN = {
    "differential-privacy": {"epsilon": "0.5"},
    "approximate-dp": {"epsilon": "1", "delta": "1e-7"},
    "zero-concentrated-dp": {"rho": "0.1", "xi": "0.01"},
    "gaussian-dp": {"mu": "0.5"},
    "renyi-dp": {"alpha": "3", "epsilon": "0.2"},
}


@pytest.mark.parametrize("source", GUARANTEES)
def test_lifts_are_the_tightest_convert_chains(kb: KnowledgeBase, source: str) -> None:
    from dptaxonomy.queries.compose_lift import _convert_lifts
    from dptaxonomy.queries.parameter_values import read_parameters
    from dptaxonomy.reasoning.maps.tightest import parameter_specs

    values = read_parameters(source, parameter_specs(kb, source), GIVEN[source])
    lifts = {lift.definition: lift for lift in _convert_lifts(guarantee_lifts(kb), source, values)}
    for target in LIFT_TARGETS:
        if target == source:
            continue
        try:
            expected: dict[str, IV] | None = dict(
                convert_result(kb, source, target, GIVEN[source], {}).best.run.target_values  # type: ignore[union-attr]
            )
        except DptaxError:
            expected = None
        assert (lifts[target].values if target in lifts else None) == expected


def _request(definition: str, parameters: dict[str, str]) -> Any:
    return parse_request(
        {
            "delta": "1e-6",
            "components": [{"definition": definition, "parameters": parameters, "count": 3}],
        }
    )


@pytest.mark.parametrize(
    ("name", "parameters"),
    [
        ("pure-dp", {"epsilon": "0.5"}),
        ("(ε, δ)-DP", {"epsilon": "1", "delta": "1e-7"}),
        ("zCDP", {"rho": "0.1"}),
        ("gaussian-dp", {"mu": "0.5"}),
        ("Rényi DP", {"alpha": "3", "epsilon": "0.2"}),
    ],
)
def test_guarantees_compose_without_the_whole_knowledge_base(
    kb: KnowledgeBase, name: str, parameters: dict[str, str]
) -> None:
    from dptaxonomy.queries.compose import compose

    def whole() -> KnowledgeBase:
        raise AssertionError("the whole knowledge base was decoded")

    request = _request(name, parameters)
    fast = compose_with(accounting(default_catalog_dir()), whole, request)
    assert fast.to_json() == compose(kb, request).to_json()


def test_the_lifts_part_decodes_to_what_was_encoded(kb: KnowledgeBase) -> None:
    stored = json.loads(json.dumps(encode_lifts(kb)))
    decoded = decode_lifts(stored)
    built = guarantee_lifts(kb)
    assert decoded.chains == built.chains
    assert decoded.renyi == built.renyi
    assert decoded.parameters == built.parameters
    assert decoded.ids == built.ids
    assert decoded.labels == built.labels
    assert len(decoded.chains) >= 8


@pytest.mark.parametrize(
    ("where", "bad", "message"),
    [
        ("chains", [["differential-privacy", "gaussian-dp", [10**6]]], "a lift refers to fact"),
        ("renyi", ["0"], "a lift refers to fact"),
        ("labels", [["zcdp", [1]]], "expected ids"),
        ("parameters", [["renyi-dp", [["alpha", "real"]]]], "is not a list of 6 values"),
    ],
)
def test_a_malformed_lifts_part_is_rejected(
    kb: KnowledgeBase, where: str, bad: Any, message: str
) -> None:
    stored = json.loads(json.dumps(encode_lifts(kb)))
    stored[where] = bad
    with pytest.raises(ValueError, match=message):
        decode_lifts(stored)


def _names(kb: KnowledgeBase) -> list[str]:
    data = kb.names.data()
    labels = [label for part in ("labels", "loose", "initials") for label in data[part]]
    return sorted({*kb.info, *labels, "zCDP[BS16]", "(ε, δ)-DP", "ρ-zCDP", "no such notion"})


def _answer(resolve: Any, name: str) -> str | None:
    """What ``resolve`` gives for ``name``: the id, or the error's message."""
    try:
        found: str | None = resolve(name)
    except NameResolutionError as exc:
        return f"error: {exc}"
    return found


def test_the_usual_names_resolve_as_the_name_index_resolves_them(kb: KnowledgeBase) -> None:
    part = guarantee_lifts(kb)
    offline = type(part)(part.chains, part.renyi, part.parameters, part.ids, part.labels)
    answered = 0
    for name in _names(kb):
        expected = _answer(kb.resolve, name)
        assert _answer(part.resolve, name) == expected
        quick = offline.resolve(name)  # without the index: an answer only where it is sure
        assert quick is None or quick == expected
        answered += quick is not None
    assert answered > len(kb.info)  # every id, and the guarantees' labels besides


def test_the_bench_measures_the_pure_case() -> None:
    from scripts.bench_commands import COMMANDS

    arguments, target = COMMANDS["compose-pure"]
    assert target == 10.0
    data = json.loads(Path(arguments[1]).read_text(encoding="utf-8"))
    assert data["components"] == [
        {"definition": "pure-dp", "parameters": {"epsilon": 0.5}, "count": 10}
    ]
    assert math.isclose(data["delta"], 1e-6)
