"""Rule E3: a special case that can be made perfectly private is stronger than its extension.

The shipped catalog's declarations, the rule's side conditions (each one
removed must stop the rule), the independent proof checker on E3 steps, and
``dptax verify`` refuting a false declaration.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from pydantic import ValidationError

from dptaxonomy.base import records
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.evaluators.perfect_checks import (
    every_parameter_results,
    point_results,
)
from dptaxonomy.reasoning.evaluators.verdicts import Check, Outcome
from dptaxonomy.reasoning.logic.proofcheck import ProofError, check_proof
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.enums import Dimension
from dptaxonomy.schema.models import Definition, PerfectPrivacy
from tests.clirunner import run


def _changed(catalog: Catalog, definition_id: str, **update: Any) -> Catalog:
    entry = catalog.entries[definition_id]
    changed = type(entry)(entry.definition.model_copy(update=update), entry.file, entry.located)
    return records.replace(catalog, entries={**catalog.entries, definition_id: changed})


def _e3_pairs(catalog: Catalog) -> set[tuple[str, str]]:
    kb = compile_knowledge_base(catalog)
    return {(f.a, f.b) for f in kb.facts if f.rule is Rule.PERFECT_PRIVACY}


def test_the_shipped_catalog_reads_exactly_these_special_cases_as_stronger(
    catalog: Catalog,
) -> None:
    assert _e3_pairs(catalog) == {
        ("differential-privacy", "approximate-dp"),
        ("approximate-dp", "f-dp"),
        ("gaussian-dp", "f-dp"),
        ("differential-privacy", "zero-concentrated-dp"),
    }


def test_gaussian_dp_is_strictly_stronger_than_f_dp_with_a_checked_proof(
    catalog: Catalog,
) -> None:
    kb = compile_knowledge_base(catalog)
    assert kb.is_stronger("gaussian-dp", "f-dp")
    assert kb.is_not_stronger("f-dp", "gaussian-dp")
    proof = ProofSearch(kb).stronger("gaussian-dp", "f-dp")
    assert proof is not None
    assert proof.rules == (Rule.PERFECT_PRIVACY,)
    assert proof.derived
    check_proof(catalog, proof)


def test_kl_privacy_at_the_continuity_extension_is_not_read_by_e3(catalog: Catalog) -> None:
    """KL ⊂ Rényi DP only at α = 1, outside α > 1: E3 must not make KL ≻ Rényi DP."""
    kb = compile_knowledge_base(catalog)
    assert kb.is_extension("kl-privacy", "renyi-dp")
    assert not kb.is_stronger("kl-privacy", "renyi-dp")


@pytest.mark.parametrize(
    ("definition_id", "update"),
    [
        ("gaussian-dp", {"perfect_privacy": None}),
        ("f-dp", {"perfect_privacy": None}),
        ("f-dp", {"dimensions": [Dimension.Q, Dimension.N, Dimension.F]}),
        ("gaussian-dp", {"dimensions": [Dimension.Q, Dimension.N, Dimension.F]}),
    ],
)
def test_each_side_condition_is_needed(
    catalog: Catalog, definition_id: str, update: dict[str, Any]
) -> None:
    assert ("gaussian-dp", "f-dp") not in _e3_pairs(_changed(catalog, definition_id, **update))


def test_a_declaration_without_the_needed_half_does_not_apply(catalog: Catalog) -> None:
    gaussian = catalog.definitions["gaussian-dp"].perfect_privacy
    approximate = catalog.definitions["approximate-dp"].perfect_privacy
    assert gaussian is not None
    assert approximate is not None
    no_point = gaussian.model_copy(update={"parameters": {}})
    assert ("gaussian-dp", "f-dp") not in _e3_pairs(
        _changed(catalog, "gaussian-dp", perfect_privacy=no_point)
    )
    not_every = approximate.model_copy(update={"every_parameter": False})
    changed = _changed(catalog, "approximate-dp", perfect_privacy=not_every)
    assert ("differential-privacy", "approximate-dp") not in _e3_pairs(changed)
    assert ("approximate-dp", "f-dp") in _e3_pairs(changed)  # its point still serves


@pytest.mark.parametrize(
    ("parameters", "message"),
    [
        ({"mu": "-1"}, "perfect_privacy: mu = -1 is outside its domain [0, inf)"),
        ({"sigma": "0"}, "perfect_privacy: 'sigma' is not a parameter (its parameters: mu)"),
        ({"mu": "x + 1"}, "perfect_privacy: mu = 'x + 1' is not a number"),
    ],
)
def test_a_declared_point_must_be_a_number_in_the_domain(
    catalog: Catalog, parameters: dict[str, str], message: str
) -> None:
    data = catalog.definitions["gaussian-dp"].model_dump(mode="json", exclude_none=True)
    data["perfect_privacy"]["parameters"] = parameters
    with pytest.raises(ValidationError, match=re.escape(message)):
        Definition.model_validate(data)


def test_a_declaration_must_say_something() -> None:
    with pytest.raises(ValidationError, match="give `parameters`, or `every_parameter: true`"):
        PerfectPrivacy.model_validate({"citation": {"key": "DP20", "at": "Definition 2"}})


def test_the_checker_rejects_an_e3_step_whose_declaration_is_gone(catalog: Catalog) -> None:
    proof = ProofSearch(compile_knowledge_base(catalog)).stronger("gaussian-dp", "f-dp")
    assert proof is not None
    with pytest.raises(ProofError, match="declares no parameter forcing perfect privacy"):
        check_proof(_changed(catalog, "gaussian-dp", perfect_privacy=None), proof)
    step = proof.steps[0]
    moved = records.replace(step.origin, perfect_privacy=(1, 1))
    forged = records.replace(proof, steps=(records.replace(step, origin=moved),))
    with pytest.raises(ProofError, match="other perfect-privacy lines"):
        check_proof(catalog, forged)
    plain = records.replace(step, rule=Rule.INVERSE)
    with pytest.raises(ProofError):
        check_proof(catalog, records.replace(proof, steps=(plain,)))


def _declared(catalog: Catalog, definition_id: str, **update: Any) -> Definition:
    definition = catalog.definitions[definition_id]
    assert definition.perfect_privacy is not None
    declared = definition.perfect_privacy.model_copy(update=update)
    return definition.model_copy(update={"perfect_privacy": declared})


def test_verify_refutes_a_point_that_does_not_force_perfect_privacy(catalog: Catalog) -> None:
    from dptaxonomy.reasoning.evaluators.battery import battery

    cases = battery(catalog.mechanisms)
    assert all(v is not False for v, _ in point_results(catalog.definitions["gaussian-dp"], cases))
    wrong = _declared(catalog, "gaussian-dp", parameters={"mu": "1"})
    verdicts = [v for v, _ in point_results(wrong, cases)]
    assert False in verdicts
    wrong_dp = _declared(catalog, "approximate-dp", parameters={"epsilon": "0", "delta": "0.05"})
    assert False in [v for v, _ in point_results(wrong_dp, cases)]


def test_verify_checks_every_parameter_on_identical_pairs(catalog: Catalog) -> None:
    results = every_parameter_results(catalog.definitions["approximate-dp"])
    assert results
    assert all(v is True for v, _ in results)


@pytest.mark.slow
def test_every_shipped_declaration_is_computed(
    catalog: Catalog, shipped_checks: list[Check]
) -> None:
    checks = [c for c in shipped_checks if c.kind.value == "perfect_privacy"]
    declared = [d for d in catalog.definitions.values() if d.perfect_privacy is not None]
    assert len(declared) >= 11
    assert checks
    assert all(c.outcome is Outcome.computed for c in checks)


def test_show_prints_the_declaration_with_its_checks(capsys: pytest.CaptureFixture[str]) -> None:
    text = run(capsys, "show", "Gaussian DP").out
    assert (
        "Perfect privacy (rule E3)\n"
        "  forces identical outputs on neighbours at mu = 0 (computed, 112 cases)\n"
        "  identical outputs on neighbours meet every parameter (computed, 12 cases)\n"
        "  [DRS21] Section 2, definition of μ-GDP (definition number not checked)\n"
    ) in text
    result = run(capsys, "explain", "Gaussian DP", "f-DP")
    assert result.code == 0
    assert (
        "read as ≻ (rule E3): gaussian-dp forces perfect privacy (catalog/gaussian-dp.yaml:"
        in result.out
    )


def test_e3_needs_the_same_setting_and_reads_each_pair_once(catalog: Catalog) -> None:
    from dptaxonomy.schema.enums import Setting

    local = _changed(catalog, "f-dp", setting=Setting.local)
    assert ("gaussian-dp", "f-dp") not in _e3_pairs(local)
    kb = compile_knowledge_base(catalog)
    read = [f for f in kb.facts if f.rule is Rule.PERFECT_PRIVACY]
    assert len(read) == len({(f.a, f.b) for f in read})


@pytest.mark.slow
def test_every_derived_proof_checks_and_e3_is_among_them(catalog: Catalog) -> None:
    used = 0
    for proof in ProofSearch(compile_knowledge_base(catalog)).derived():
        check_proof(catalog, proof)
        used += Rule.PERFECT_PRIVACY in proof.rules
    assert used >= 100  # 144 when last counted
