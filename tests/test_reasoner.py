"""The reasoner on planted contradictions and on questions answered by the SoK."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.catalog.synthetic import synthetic_catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.logic.contradictions import find_contradictions
from dptaxonomy.reasoning.logic.proofcheck import ProofError, check_proof
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.reasoner import Reasoner
from dptaxonomy.schema.models import RelationKind, Status, Truth
from tests.clirunner import run
from tests.conftest import FIXTURES

S, W, E, X, N = (
    RelationKind.stronger,
    RelationKind.weaker,
    RelationKind.equivalent,
    RelationKind.extends,
    RelationKind.not_stronger,
)


def _facts(contradiction: object) -> set[tuple[str, str, str]]:
    return {(f.a, f.kind.value, f.b) for f in contradiction.facts}  # type: ignore[attr-defined]


# Planted contradictions -------------------------------------------------------


def test_fact_and_negation_with_minimal_fact_set() -> None:
    # a ≻ b ≻ c ≻ d, plus a noise edge a ≻ z, and ¬(a ≻ d) asserted.
    catalog = synthetic_catalog(
        ["a", "b", "c", "d", "z"],
        [("a", S, "b"), ("b", S, "c"), ("c", S, "d"), ("a", S, "z"), ("a", N, "d")],
    )
    [found] = find_contradictions(compile_knowledge_base(catalog))
    assert found.rule is Rule.FACT_AND_NEGATION
    assert _facts(found) == {
        ("a", "not_stronger", "d"),
        ("a", "stronger", "b"),
        ("b", "stronger", "c"),
        ("c", "stronger", "d"),
    }


def test_derived_separation_contradiction_uses_the_shortest_chain() -> None:
    catalog = synthetic_catalog(
        ["a", "b", "c", "d"],
        [("a", S, "b"), ("b", S, "c"), ("c", S, "d"), ("a", S, "d"), ("a", N, "d")],
    )
    [found] = find_contradictions(compile_knowledge_base(catalog))
    assert _facts(found) == {("a", "not_stronger", "d"), ("a", "stronger", "d")}


def test_extension_cycle() -> None:
    catalog = synthetic_catalog(
        ["a", "b", "c", "d"], [("a", X, "b"), ("b", X, "c"), ("c", X, "a"), ("c", X, "d")]
    )
    [found] = find_contradictions(compile_knowledge_base(catalog))
    assert found.rule is Rule.EXTENSION_CYCLE
    assert _facts(found) == {("a", "extends", "b"), ("b", "extends", "c"), ("c", "extends", "a")}


def test_strictness_inside_an_equivalence_class() -> None:
    # a ∼ b, a ≻ b strictly claimed by ¬(b ≻ a).
    catalog = synthetic_catalog(["a", "b"], [("a", E, "b"), ("b", N, "a")])
    [found] = find_contradictions(compile_knowledge_base(catalog))
    assert found.rule is Rule.STRICT_IN_CLASS
    assert _facts(found) == {("b", "not_stronger", "a"), ("b", "stronger", "a")}


def test_composability_conflict_between_equivalent_definitions() -> None:
    catalog = synthetic_catalog(
        ["a", "b", "c"],
        [("a", S, "b"), ("b", S, "c"), ("c", S, "a")],
        composability={"a": Truth.yes, "c": Truth.no},
    )
    [found] = find_contradictions(compile_knowledge_base(catalog))
    assert found.rule is Rule.PROPERTY_CONFLICT
    assert {(c.definition, c.value) for c in found.claims} == {("a", Truth.yes), ("c", Truth.no)}
    assert _facts(found) == {("a", "stronger", "b"), ("b", "stronger", "c"), ("c", "stronger", "a")}


def test_disputed_facts_never_contradict() -> None:
    catalog = synthetic_catalog(["a", "b"], [("a", S, "b"), ("a", N, "b", Status.disputed)])
    assert find_contradictions(compile_knowledge_base(catalog)) == []


def test_conjectures_only_on_request_and_marked() -> None:
    catalog = synthetic_catalog(["a", "b", "c"], [("a", S, "b"), ("b", S, "c", Status.conjectured)])
    assert not compile_knowledge_base(catalog).is_stronger("a", "c")
    kb = compile_knowledge_base(catalog, assume_conjectures=True)
    proof = ProofSearch(kb).stronger("a", "c")
    assert proof is not None
    assert proof.conjectural
    with pytest.raises(ProofError, match="conjecture"):
        check_proof(catalog, proof)
    check_proof(catalog, proof, allow_conjectures=True)


def test_established_chains_are_preferred_over_conjectures() -> None:
    catalog = synthetic_catalog(
        ["a", "b", "c", "d"],
        [("a", S, "d", Status.conjectured), ("a", S, "b"), ("b", S, "c"), ("c", S, "d")],
    )
    proof = ProofSearch(compile_knowledge_base(catalog, assume_conjectures=True)).stronger("a", "d")
    assert proof is not None
    assert [step.b for step in proof.steps] == ["b", "c", "d"]


def test_checker_rejects_a_forged_step() -> None:
    catalog = synthetic_catalog(["a", "b", "c"], [("a", S, "b"), ("b", S, "c")])
    proof = ProofSearch(compile_knowledge_base(catalog)).stronger("a", "c")
    assert proof is not None
    forged = type(proof)(proof.conclusion, "a", "c", proof.steps[:1], proof.rules)
    with pytest.raises(ProofError, match="chain ends at b"):
        check_proof(catalog, forged)


def test_composability_transfers_across_equivalence() -> None:
    catalog = synthetic_catalog(["a", "b"], [("a", E, "b")], composability={"a": Truth.yes})
    value = compile_knowledge_base(catalog).composability["b"]
    assert value.value is Truth.yes
    assert value.derived_from == "a"


def test_open_questions_rank_decisive_questions_first() -> None:
    # a ≻ b, c ≻ d; nothing links {a, b} and {c, d}.
    catalog = synthetic_catalog(["a", "b", "c", "d"], [("a", S, "b"), ("c", S, "d")])
    questions = Reasoner(compile_knowledge_base(catalog)).open_questions()
    assert {(q.a, q.b) for q in questions} == {(x, y) for x in "ab" for y in "cd"} | {
        (x, y) for x in "cd" for y in "ab"
    } | {("b", "a"), ("d", "c")}
    assert questions[0].decides >= questions[-1].decides


def test_redundant_facts() -> None:
    catalog = synthetic_catalog(
        ["a", "b", "c"], [("a", S, "b"), ("b", S, "c"), ("a", S, "c"), ("c", W, "b")]
    )
    found = {
        (f.a, f.b, f.origin.citation.at)
        for f, _ in Reasoner(compile_knowledge_base(catalog)).redundant()
    }
    assert found == {("a", "c", "fact 2"), ("b", "c", "fact 1"), ("b", "c", "fact 3")}


# Questions the sources answer --------------------------------------------------


@pytest.fixture(scope="module")
def reasoner(catalog: Catalog) -> Reasoner:
    return Reasoner(compile_knowledge_base(catalog))


@pytest.mark.parametrize(
    ("a", "b", "verdict", "extension"),
    [
        # Table 3 row 1: "(ε, δ)-DP ⊃^≺ ε-DP" (asserted).
        ("approximate-dp", "differential-privacy", "weaker", "b_special_case_of_a"),
        # Table 3 row 5: "ε-KLPPr ⊂^≺ (α, ε)-RényiDP ⊃^≺ ε-DP" (asserted).
        ("renyi-dp", "kl-privacy", "stronger", "b_special_case_of_a"),
        # Table 3 row 19 "ε-ClDP ≻ ε-DP" and row 4 "ε-KLPPr ≺ ε-DP": derived ClDP ≻ KLPr.
        ("client-dp", "kl-privacy", "stronger", "none"),
        # Table 3 row 26 "ε-FLPr ≻ all def. in N" and row 16 bounded DP in N (derived, rule A4).
        ("free-lunch-privacy", "bounded-dp", "stronger", "none"),
        # Table 3 row 7: "(ξ, ρ)-zCoDP ∼ (μ, τ)-mCoDP".
        ("zero-concentrated-dp", "mean-concentrated-dp", "equivalent", "none"),
        # Table 3 row 15: "ε-DP ∼ ε-uBoDP ⊂^∼ (c, ε)-GrDP".
        ("unbounded-dp", "group-dp", "equivalent", "a_special_case_of_b"),
        # DMKB19 Examples 1 and 3: causal DP and noiseless privacy do not imply each other.
        ("causal-dp", "noiseless-privacy-bbg11", "incomparable", "none"),
    ],
)
def test_sok_answers(
    catalog: Catalog, reasoner: Reasoner, a: str, b: str, verdict: str, extension: str
) -> None:
    answer = reasoner.relationship(a, b)
    assert (answer.verdict, answer.extension) == (verdict, extension)
    for proof in answer.proofs:
        check_proof(catalog, proof)


def test_stronger_than_renyi_dp(reasoner: Reasoner) -> None:
    # Table 3 row 5 says ε-DP ≻ RényiDP (asserted); row 19 ClDP ≻ ε-DP makes ClDP ≻ RényiDP derived.
    found = {n.id: n for n in reasoner.stronger_than("renyi-dp")}
    assert not found["differential-privacy"].derived
    assert found["client-dp"].derived
    assert "kl-privacy" not in found


def test_the_real_catalog_has_no_contradiction(reasoner: Reasoner) -> None:
    assert reasoner.contradictions == []


def test_every_proof_over_the_real_catalog_checks(catalog: Catalog, reasoner: Reasoner) -> None:
    kb, search = reasoner.kb, reasoner.search
    ids = list(catalog.definitions)
    checked = 0
    for a in ids:
        for b in kb.strength.descendants(a):
            proof = search.stronger(a, b)
            assert proof is not None
            check_proof(catalog, proof)
            checked += 1
        for b in kb.not_stronger_targets(a):
            proof = search.not_stronger(a, b)
            assert proof is not None
            check_proof(catalog, proof)
    assert checked > len(ids)


# Command line ---------------------------------------------------------------------


def test_relate_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "relate", "ClDP", "KLPr", "--format", "json")
    assert result.code == 0
    data = json.loads(result.out)
    assert {k: data[k] for k in ("verdict", "strict", "extension")} == {
        "verdict": "stronger",
        "strict": True,  # the Gaussian mechanism witnesses KL privacy ⊁ ε-DP ≺ client DP
        "extension": "none",
    }
    assert data["proofs"][0]["steps"][0]["citation"] == {"key": "DP20", "at": "Table 3, row 19"}
    assert data["proofs"][1]["steps"][0]["witness"]["mechanism"] == "gaussian"


def test_stronger_than_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "stronger-than", "RényiDP", "--format", "json")
    assert result.code == 0
    rows = json.loads(result.out)["definitions"]
    assert all({"id", "name", "derived"} <= set(row) for row in rows)
    assert {"differential-privacy", "client-dp"} <= {row["id"] for row in rows}


def test_explain_unknown_lists_nearest_facts(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "explain", "pareto-dp", "quantum-dp")
    assert result.code == 0
    assert result.out.startswith("pareto-dp vs quantum-dp: unknown; no fact relates them")


def _planted(tmp_path: Path) -> Path:
    catalog = tmp_path / "c"
    shutil.copytree(FIXTURES / "valid", catalog)
    path = catalog / "differential-privacy.yaml"
    path.write_text(
        path.read_text(encoding="utf-8")
        + "relations:\n  - kind: not_stronger\n    target: renyi-dp\n"
        "    citation: {key: DP20, at: planted}\n",
        encoding="utf-8",
    )
    return catalog


def test_contradictions_command_exit_codes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(capsys, "contradictions", "--catalog", str(FIXTURES / "valid")).code == 0
    result = run(capsys, "contradictions", "--catalog", str(_planted(tmp_path)), "--format", "json")
    assert result.code == 1
    [found] = json.loads(result.out)["contradictions"]
    assert found["rule"] == "C1"
    assert [f["reading"] for f in found["facts"]] == [
        "differential-privacy ⊁ renyi-dp",
        "differential-privacy ≻ renyi-dp",
    ]


def test_validate_fails_on_a_contradiction(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(_planted(tmp_path))
    result = run(capsys, "validate", "--catalog", ".")
    assert result.code == 1
    assert result.out.startswith(
        "differential-privacy.yaml:21:5: error[contradiction-C1]: differential-privacy ≻ renyi-dp "
        "is derivable, yet its negation is asserted; facts: differential-privacy.yaml:21 [DP20] "
        "planted (differential-privacy not_stronger renyi-dp); "
        "renyi-dp.yaml:29 [DP20] Table 3, row 5 (differential-privacy stronger renyi-dp)\n"
    )
