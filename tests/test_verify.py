"""`dptax verify`: the shipped catalog passes, and planted false claims are refuted."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dptaxonomy.catalog.store import load_catalog
from dptaxonomy.reasoning.evaluators.evidence import evidence_text, problems
from dptaxonomy.reasoning.evaluators.verdicts import Check, CheckKind, Outcome
from dptaxonomy.reasoning.evaluators.verify import verify_catalog
from tests.clirunner import run
from tests.conftest import CATALOG_DIR

DISPUTED = [
    "⊘ refuted   information-privacy-wxh17 ⇒ adversarial-privacy with Theta = Delta, "
    "epsilon = epsilon, delta = 0 (201 cases)",
    "⊘ refuted   approximate-dp ⇒ probabilistic-dp with epsilon = 2 * epsilon, "
    "delta = 2 * delta / exp(epsilon) (441 cases)",
    "⊘ refuted   approximate-dp ⇒ probabilistic-dp with epsilon = 2 * epsilon, "
    "delta = 2 * delta / (epsilon * exp(epsilon)) (425 cases)",
    "⊘ refuted   epsilon-delta-semantic-privacy ⇒ approximate-dp with epsilon = 3 * epsilon, "
    "delta = 2 * delta (91 cases)",
    "⊘ refuted   probabilistic-dp ⊂ approximate-concentrated-dp (identity of the families) "
    "(611 cases)",
    "⊘ refuted   strong-federated-f-dp ⊂ gaussian-dp (130 cases)",
    "⊘ refuted   weak-federated-f-dp ⊂ gaussian-dp (130 cases)",
]
"""The published claims the battery refutes, each kept as printed and disputed (⊘)."""


def _copy(tmp_path: Path) -> Path:
    catalog = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, catalog)
    return catalog


def _append(path: Path, text: str) -> None:
    """Add a relation as the first item of the entry's ``relations`` list."""
    source = path.read_text(encoding="utf-8")
    path.write_text(source.replace("relations:\n", "relations:\n" + text, 1), encoding="utf-8")


@pytest.mark.slow
@pytest.mark.usefixtures("shipped_checks", "shared_verify_cache")
def test_the_shipped_catalog_passes_verify_check(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "verify", "--check", "--catalog", str(CATALOG_DIR))
    assert result.code == 0, result.out
    lines = result.out.splitlines()
    assert [line for line in lines if line.startswith("✗")] == []
    assert [line for line in lines if line.startswith("⊘")] == DISPUTED
    assert result.err.startswith("claims: ")


@pytest.mark.slow
def test_every_evaluable_map_and_claim_is_computed_or_unchecked_never_refuted(
    shipped_checks: list[Check],
) -> None:
    checks = shipped_checks
    refuted = [c for c in checks if c.outcome is Outcome.refuted]
    # every refutation is of a published claim kept as printed and disputed (issue 22): the
    # maps of KS14's Theorem 2.4 (2) and Lemma 3.3 Part 2 (as stated and as its proof
    # concludes, issue 24), of the reading of WXH17's information privacy as adversarial
    # privacy, and the stated relations the relation checks refute
    assert all(c.disputed for c in refuted)
    maps = [c for c in refuted if c.kind is CheckKind.parameter_map]
    assert [(c.entry, c.index) for c in maps] == [
        ("adversarial-privacy", 3),
        ("approximate-dp", 3),
        ("approximate-dp", 4),
        ("epsilon-delta-semantic-privacy", 1),
    ]
    found = [c.counterexample or "" for c in maps]
    assert found[0].startswith("random algorithm 1, prior #0: information-privacy-wxh17")
    assert found[1].startswith("discrete-laplace epsilon=0.25 sensitivity=1")
    assert found[2].startswith("discrete-laplace epsilon=4 sensitivity=1")
    assert found[3].startswith("randomized response, n = 1, ε = 0.05")
    relations = [c for c in refuted if c.kind is CheckKind.relation]
    assert len(relations) == 3
    maps = [c for c in checks if c.kind is CheckKind.parameter_map]
    assert sum(c.outcome is Outcome.computed for c in maps) >= 10
    claims = [c for c in checks if c.kind in (CheckKind.satisfies, CheckKind.violates)]
    assert sum(c.outcome is Outcome.computed for c in claims) >= 30


@pytest.mark.slow
def test_a_wrong_parameter_map_is_refuted(tmp_path: Path) -> None:
    catalog = _copy(tmp_path)
    _append(
        catalog / "zero-concentrated-dp.yaml",
        "  - kind: stronger\n    target: renyi-dp\n"
        "    parameter_map: {epsilon: rho * alpha / 2}\n"
        "    citation: {key: BS16, at: Lemma 99}\n",
    )
    # the maps zCDP's entry states, as `dptax verify --entry zCDP` checks them
    checks = verify_catalog(
        load_catalog(catalog), ["zero-concentrated-dp"], [CheckKind.parameter_map]
    )
    wrong = [c for c in checks if c.reading.endswith("epsilon = rho * alpha / 2")]
    assert len(wrong) == 1
    assert wrong[0].outcome is Outcome.refuted
    assert wrong[0].counterexample is not None
    assert "gaussian" in wrong[0].counterexample
    found = problems(checks, None, check_file=False)
    assert len(found) == 1
    assert "mark it `status: disputed`" in found[0]


@pytest.mark.slow
def test_a_wrong_mechanism_claim_is_refuted_and_a_disputed_one_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _copy(tmp_path)
    path = catalog / "mechanisms" / "laplace.yaml"
    wrong = (
        "  - definition: kl-privacy\n    parameters: {epsilon: sensitivity / (4 * scale)}\n"
        "    citation: {key: DR+14, at: Section 3.3}\n"
    )
    text = path.read_text(encoding="utf-8").replace("satisfies:\n", "satisfies:\n" + wrong, 1)
    path.write_text(text, encoding="utf-8")
    result = run(capsys, "verify", "--entry", "Laplace mechanism", "--catalog", str(catalog))
    assert result.code == 1
    assert "✗ refuted   laplace satisfies kl-privacy" in result.out
    assert "counterexample: laplace scale=" in result.out
    disputed = wrong + "    status: disputed\n    note: Refuted by dptax verify.\n"
    path.write_text(text.replace(wrong, disputed), encoding="utf-8")
    result = run(capsys, "verify", "--entry", "laplace", "--catalog", str(catalog))
    assert result.code == 0
    # still refuted, now marked as disputed in the catalog (⊘, issue 22)
    assert "⊘ refuted   laplace satisfies kl-privacy" in result.out
    assert "✗" not in result.out


@pytest.mark.slow
@pytest.mark.usefixtures("shipped_checks", "shared_verify_cache")
def test_a_stale_evidence_file_fails_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _copy(tmp_path)
    evidence = catalog / "evidence.json"
    evidence.write_text(
        evidence.read_text(encoding="utf-8").replace('"cases": 25', '"cases": 24', 1)
    )
    result = run(capsys, "verify", "--check", "--catalog", str(catalog))
    assert result.code == 1
    assert "problem: catalog/evidence.json is stale: run `dptax verify --write`" in result.out
    result = run(capsys, "verify", "--write", "--catalog", str(catalog))
    assert result.code == 0
    assert evidence.read_text(encoding="utf-8") == (CATALOG_DIR / "evidence.json").read_text(
        encoding="utf-8"
    )


def test_evidence_text_is_stable_and_sorted() -> None:
    assert evidence_text([]) == (
        '{\n  "checks": [],\n  "format": 1,\n  "written_by": "dptax verify --write"\n}\n'
    )


def test_entry_checks_only_what_the_named_entries_state(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # a mechanism by its name, a definition as every query resolves it
    result = run(
        capsys, "verify", "--entry", "Laplace mechanism", "-e", "approximate local DP", "-f", "json"
    )
    assert result.code == 0, result.out
    checks = json.loads(result.out)["checks"]
    assert {c["entry"] for c in checks} == {"laplace", "approximate-local-dp"}
    kinds = {c["kind"] for c in checks}
    assert {"satisfies", "parameter_map", "relation", "operation"} <= kinds
    assert json.loads(result.out)["counts"]["claims"] == {"computed": 2}
    assert json.loads(result.out)["entries"] == ["approximate-local-dp", "laplace"]


@pytest.mark.parametrize("option", ["--write", "--check"])
def test_entry_refuses_to_write_or_check_the_evidence_file(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _copy(tmp_path)
    before = (catalog / "evidence.json").read_bytes()
    result = run(capsys, "verify", option, "--entry", "laplace", "--catalog", str(catalog))
    assert result.code == 2
    assert result.out == ""
    assert result.err == (
        f"dptax: --entry checks part of the catalog, and {option} needs all of it: drop --entry\n"
    )
    assert (catalog / "evidence.json").read_bytes() == before


def test_an_entry_that_names_nothing_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "verify", "--entry", "laplase")
    assert result.code == 1
    assert result.out == ""
    assert result.err.startswith(
        "dptax: no definition or mechanism is called 'laplase'; did you mean: laplace (a "
        "mechanism); "
    )
    result = run(capsys, "verify", "--entry", " ")
    assert (result.code, result.out, result.err) == (
        1,
        "",
        "dptax: ' ' names no definition or mechanism\n",
    )


def test_an_entry_with_nothing_to_compute_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "verify", "--entry", "bounded DP")
    assert result.code == 0
    assert result.out == (
        "no check: bounded-dp states no claim, map, relation, declaration or rule that can be "
        "computed\n"
    )
    assert result.err.startswith("only what bounded-dp states: claims: none; ")
