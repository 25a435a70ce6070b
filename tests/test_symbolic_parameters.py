"""Parameters that are not numbers (Θ, Δ, R, f_k) carried through `convert` as symbols."""

from __future__ import annotations

import json
from functools import cache

import pytest

from dptaxonomy.base.records import replace
from dptaxonomy.base.refusals import RefusalKind
from dptaxonomy.catalog.store import open_catalog
from dptaxonomy.queries.parameter_values import read_parameters
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.maps.chain_records import ChainRefused, ParameterSpec
from dptaxonomy.reasoning.maps.paths import Chain
from dptaxonomy.reasoning.maps.symbolic import (
    CONSTANT,
    EVERY,
    FIXED,
    SOURCE,
    SymbolicValue,
    symbolic_values,
)
from dptaxonomy.reasoning.maps.tightest import evaluate_chains, parameter_specs
from tests.clirunner import run

APKDP, PPKDP = "active-pk-dp", "passive-pk-dp"
FULL_KNOWLEDGE = "background knowledge B = D₋ᵢ, all other records (an attacker with full knowledge)"
FULL_SUPPORT = "contains a prior with full support (p(x) > 0 for every input x); our reading"


@cache
def _kb() -> KnowledgeBase:
    return compile_knowledge_base(open_catalog())


def _step(a: str, b: str, *, restricted: bool = False) -> Fact:
    """The mapped step from ``a`` to ``b`` (the one with restrictions when asked)."""
    found = [
        fact
        for fact in _kb().mapped_edges(conditional=True)[a]
        if fact.b == b and bool(fact.origin.restrictions) == restricted
    ]
    assert found, (a, b)
    return found[0]


def _specs(*definitions: str) -> dict[str, tuple[ParameterSpec, ...]]:
    return {d: parameter_specs(_kb(), d) for d in definitions}


def _values(*steps: Fact) -> tuple[SymbolicValue, ...]:
    chain = Chain(steps[0].a, steps[-1].b, steps)
    return symbolic_values(chain, _specs(*chain.definitions))


def test_the_source_family_is_carried_by_name() -> None:
    assert _values(_step(APKDP, PPKDP)) == (SymbolicValue("Theta", SOURCE, "Theta"),)


def test_a_choice_fixes_the_target_family_and_is_carried_on() -> None:
    fixed = (SymbolicValue("Theta", FIXED, FULL_KNOWLEDGE, 1),)
    assert _values(_step("approximate-dp", APKDP, restricted=True)) == fixed
    carried = _values(_step("approximate-dp", APKDP, restricted=True), _step(APKDP, PPKDP))
    assert carried == fixed  # step 2's Theta: Theta keeps step 1's choice


def test_a_parameter_the_map_leaves_out_holds_for_every_value() -> None:
    assert _values(_step("bounded-dp", "dependent-dp")) == (SymbolicValue("R", EVERY),)
    assert SymbolicValue("R", EVERY).text("bounded-dp") == "every R"


def test_numeric_chains_have_no_symbols() -> None:
    assert _values(_step("zero-concentrated-dp", "renyi-dp")) == ()


def test_a_premise_on_the_source_family_is_refused_with_its_reason() -> None:
    step = _step("information-privacy-dpcf12", "strong-dp-mf13", restricted=True)
    with pytest.raises(ChainRefused) as caught:
        _values(step)
    assert caught.value.kind is RefusalKind.condition_fails
    assert caught.value.reason == (
        f"step 1 holds only when Theta of information-privacy-dpcf12 is “{FULL_SUPPORT}”; "
        "the conversion cannot check that: Theta there is the source's own, which is not a number"
    )


def test_a_premise_on_a_free_family_is_met_by_choosing_it() -> None:
    # strong DP ⇒ information privacy for every Θ, so for a Θ with full support, where
    # information privacy ⇒ 2ε-strong DP: the chain chooses that Θ
    forward = _step("strong-dp-mf13", "information-privacy-dpcf12")
    back = _step("information-privacy-dpcf12", "strong-dp-mf13", restricted=True)
    assert _values(forward, back) == ()  # strong DP has no parameter that is not a number


def test_a_premise_on_a_family_fixed_otherwise_is_refused() -> None:
    forward = replace(
        _step("strong-dp-mf13", "information-privacy-dpcf12"),
        origin=replace(
            _step("strong-dp-mf13", "information-privacy-dpcf12").origin,
            restrictions=(("Theta", "the uniform prior"),),
        ),
    )
    back = _step("information-privacy-dpcf12", "strong-dp-mf13", restricted=True)
    with pytest.raises(ChainRefused, match="Theta there is fixed by step 1 to “the uniform prior”"):
        _values(forward, back)


def _with_map(step: Fact, parameter_map: tuple[tuple[str, str], ...], **more: object) -> Fact:
    return replace(step, origin=replace(step.origin, parameter_map=parameter_map, **more))


def test_a_family_used_as_a_number_is_refused() -> None:
    step = _with_map(
        _step(APKDP, PPKDP),
        (("Theta", "Theta"), ("epsilon", "epsilon * Theta"), ("delta", "delta")),
    )
    with pytest.raises(ChainRefused, match=r"^step 1 computes epsilon from Theta, which is not a"):
        _values(step)
    condition = _with_map(_step(APKDP, PPKDP), _step(APKDP, PPKDP).origin.parameter_map)
    condition = replace(condition, origin=replace(condition.origin, conditions=("Theta > 0",)))
    with pytest.raises(ChainRefused, match=r"^condition 'Theta > 0' of step 1 uses Theta"):
        _values(condition)


def test_a_family_given_by_an_expression_is_refused_unless_constant() -> None:
    step = _with_map(_step(APKDP, PPKDP), (("Theta", "2 * Theta"), ("epsilon", "epsilon")))
    with pytest.raises(ChainRefused, match="gives Theta of passive-pk-dp, which is not a number"):
        _values(step)
    step = _with_map(_step(APKDP, PPKDP), (("Theta", "1 + 1"), ("epsilon", "epsilon")))
    assert _values(step) == (SymbolicValue("Theta", CONSTANT, "1 + 1", 1),)


def test_a_number_fixed_to_words_is_refused() -> None:
    step = _step("zero-concentrated-dp", "renyi-dp")
    step = replace(step, origin=replace(step.origin, restrictions=(("alpha", "large"),)))
    with pytest.raises(
        ChainRefused, match=r"^step 1 sets alpha of renyi-dp, a number, to a described value"
    ):
        _values(step)


def test_cli_states_each_kind(capsys: pytest.CaptureFixture[str]) -> None:
    cases = {
        (APKDP, PPKDP, "epsilon=1", "delta=1e-6"): (
            "active-pk-dp (Theta, delta = 1e-6, epsilon = 1) ⇒ passive-pk-dp with "
            "Theta = Theta of active-pk-dp, "
        ),
        ("approximate-dp", APKDP, "epsilon=1", "delta=1e-6"): (
            f"approximate-dp (delta = 1e-6, epsilon = 1) ⇒ active-pk-dp with "
            f"Theta = “{FULL_KNOWLEDGE}” (step 1), "
        ),
        ("zero-knowledge-privacy", "differential-privacy", "epsilon=1"): (
            "zero-knowledge-privacy (Agg, epsilon = 1) ⇒ differential-privacy with epsilon ≤ 2"
        ),
        ("bounded-dp", "dependent-dp", "epsilon=1"): (
            "bounded-dp (epsilon = 1) ⇒ dependent-dp with every R, c = 1, epsilon = 1"
        ),
    }
    for (a, b, *given), first in cases.items():
        args = [part for value in given for part in ("--from", value)]
        result = run(capsys, "convert", a, b, *args)
        assert result.code == 0, result.err
        assert result.out.splitlines()[0].startswith(first)
    constant = run(capsys, "convert", "identity", "f-dp")
    assert constant.out.splitlines()[0] == "identity () ⇒ f-dp with f = 0 (step 1)"
    shown = run(
        capsys, "convert", "approximate-dp", APKDP, "--from", "epsilon=1", "--from", "delta=0"
    )
    assert f"     with: Theta = “{FULL_KNOWLEDGE}”" in shown.out.splitlines()


def test_json_lists_the_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("convert", "differential-privacy", PPKDP, "--from", "epsilon=1", "--to", "delta=0")
    result = run(capsys, *args, "-f", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["symbols"] == {
        "from": [],
        "to": [{"name": "Theta", "kind": "fixed", "value": FULL_KNOWLEDGE, "step": 2}],
    }
    assert "Theta" not in data["to"]
    source = run(
        capsys, "convert", APKDP, PPKDP, "--from", "epsilon=1", "--from", "delta=0", "-f", "json"
    )
    assert json.loads(source.out)["symbols"] == {
        "from": ["Theta"],
        "to": [{"name": "Theta", "kind": "source", "source_parameter": "Theta"}],
    }


def test_a_value_for_a_family_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    args = (
        "convert",
        APKDP,
        PPKDP,
        "--from",
        "Theta=x",
        "--from",
        "epsilon=1",
        "--from",
        "delta=0",
    )
    result = run(capsys, *args)
    assert result.code == 1
    assert result.err == (
        "dptax: Theta of active-pk-dp is not a number (distribution_family): leave it out, "
        "it is carried as a symbol, never given a value\n"
    )


def test_at_equal_numbers_every_value_ranks_before_a_fixed_one() -> None:
    fixed = _step("approximate-dp", APKDP, restricted=True)
    every = replace(fixed, origin=replace(fixed.origin, restrictions=()))
    chains = [Chain("approximate-dp", APKDP, (step,)) for step in (fixed, every)]
    source = read_parameters(
        "approximate-dp",
        parameter_specs(_kb(), "approximate-dp"),
        {"epsilon": "1", "delta": "1e-6"},
    )
    conversion = evaluate_chains(
        "approximate-dp", APKDP, chains, _specs("approximate-dp", APKDP), source, {}
    )
    assert [r.symbols for r in conversion.results] == [
        (SymbolicValue("Theta", EVERY),),
        (SymbolicValue("Theta", FIXED, FULL_KNOWLEDGE, 1),),
    ]
