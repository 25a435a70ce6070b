"""Witness separations (rules W1–W4): the textbook strict relations, and planted false claims."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.contradictions import find_contradictions
from dptaxonomy.reasoning.logic.proofcheck import check_proof
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.reasoner import Reasoner, Verdict
from tests.clirunner import run
from tests.conftest import CATALOG_DIR

# (stronger, weaker, witness): each ≻ is strict, and the witness mechanism shows it.
TEXTBOOK = [
    ("differential-privacy", "approximate-dp", "gaussian"),
    ("differential-privacy", "renyi-dp", "gaussian"),
    ("differential-privacy", "zero-concentrated-dp", "gaussian"),
    ("zero-concentrated-dp", "renyi-dp", "power-law-pair"),
    ("zero-concentrated-dp", "approximate-dp", "publish-with-probability-delta"),
    ("renyi-dp", "approximate-dp", "publish-with-probability-delta"),
    ("differential-privacy", "kl-privacy", "gaussian"),
    ("differential-privacy", "truncated-concentrated-dp-bdrs18", "gaussian"),
    ("differential-privacy", "mean-concentrated-dp", "gaussian"),
    ("zero-concentrated-dp", "truncated-concentrated-dp-bdrs18", "power-law-pair"),
    ("truncated-concentrated-dp-bdrs18", "approximate-dp", "publish-with-probability-delta"),
    ("mean-concentrated-dp", "approximate-dp", "publish-with-probability-delta"),
    ("differential-privacy", "bounded-dp", "exact-size"),
    ("unbounded-dp", "bounded-dp", "exact-size"),
    ("node-dp", "edge-dp", "edge-count"),
    ("differential-privacy", "gaussian-dp", "gaussian"),
    ("gaussian-dp", "approximate-dp", "publish-with-probability-delta"),
    ("renyi-dp", "kl-privacy", "power-law-geometric-pair"),
]


@pytest.fixture(scope="module")
def reasoner(catalog: Catalog) -> Reasoner:
    return Reasoner(compile_knowledge_base(catalog))


@pytest.mark.parametrize(("a", "b", "witness"), TEXTBOOK, ids=str)
def test_textbook_relations_are_strict_with_a_witness(
    catalog: Catalog, reasoner: Reasoner, a: str, b: str, witness: str
) -> None:
    relationship = reasoner.relationship(a, b)
    assert relationship.verdict is Verdict.stronger
    assert relationship.strict
    separation = reasoner.search.not_stronger(b, a)
    assert separation is not None
    check_proof(catalog, separation)
    kb = reasoner.kb
    # ¬(b ≻ a) follows by N1 from a fact ¬(X ≻ Y) of this witness with X ≻ b and a ≻ Y.
    assert any(
        f.origin.witness is not None
        and f.origin.witness.mechanism == witness
        and kb.is_stronger(f.a, b)
        and kb.is_stronger(a, f.b)
        for f in kb.separations
    )


def test_every_listed_witness_is_derived(catalog: Catalog, reasoner: Reasoner) -> None:
    for mechanism in catalog.mechanisms.values():
        for listed in mechanism.witnesses:
            assert reasoner.kb.is_not_stronger(listed.stronger, listed.not_stronger_than), (
                mechanism.id,
                listed,
            )


def test_witness_proofs_name_the_rules(reasoner: Reasoner) -> None:
    direct = reasoner.search.not_stronger("zero-concentrated-dp", "differential-privacy")
    assert direct is not None
    assert direct.rules == (Rule.WITNESS,)
    propagated = reasoner.search.not_stronger("kl-privacy", "client-dp")
    assert propagated is not None
    assert Rule.WITNESS in propagated.rules
    assert Rule.WITNESS_VIOLATES in propagated.rules


def test_the_shipped_catalog_has_no_contradiction(reasoner: Reasoner) -> None:
    assert find_contradictions(reasoner.kb) == []


def test_without_mechanisms_the_separations_are_fewer(catalog: Catalog) -> None:
    from dptaxonomy.base import records

    bare = compile_knowledge_base(records.replace(catalog, mechanism_entries={}))
    full = compile_knowledge_base(catalog)
    ids = list(full.info)

    def count(kb: KnowledgeBase) -> int:
        return sum(1 for a in ids for b in ids if a != b and kb.is_not_stronger(a, b))

    assert count(full) >= count(bare) + 200  # 394 -> 639 when last measured


def _plant(tmp_path: Path, file: str, text: str) -> Path:
    catalog = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, catalog)
    path = catalog / file
    source = path.read_text(encoding="utf-8")
    if "\nrelations:\n" not in source:
        source += "relations:\n"
    path.write_text(source.replace("relations:\n", "relations:\n" + text, 1), encoding="utf-8")
    return catalog


FALSE_CLAIMS = {
    "quantitative": (
        "approximate-dp.yaml",
        "  - kind: stronger\n    target: zero-concentrated-dp\n"
        "    citation: {key: BS16, at: Lemma 99}\n",
        "approximate-dp ≻ zero-concentrated-dp is derivable, yet mechanism "
        "publish-with-probability-delta satisfies approximate-dp and violates "
        "zero-concentrated-dp",
    ),
    "gaussian dp": (
        "approximate-dp.yaml",
        "  - kind: stronger\n    target: gaussian-dp\n    citation: {key: DRS21, at: Section 9}\n",
        "approximate-dp ≻ gaussian-dp is derivable, yet mechanism "
        "publish-with-probability-delta satisfies approximate-dp and violates gaussian-dp",
    ),
    "neighbourhood": (
        "bounded-dp.yaml",
        "  - kind: stronger\n    target: unbounded-dp\n    citation: {key: KM11, at: Section 9}\n",
        "bounded-dp ≻ unbounded-dp is derivable, yet mechanism exact-size satisfies "
        "bounded-dp and violates unbounded-dp",
    ),
    "graph neighbourhood": (
        "edge-dp.yaml",
        "  - kind: stronger\n    target: node-dp\n    citation: {key: HLMJ09, at: Section 9}\n",
        "edge-dp ≻ node-dp is derivable, yet mechanism edge-count satisfies edge-dp and "
        "violates node-dp",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(FALSE_CLAIMS))
def test_a_planted_false_claim_fails_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    file, text, message = FALSE_CLAIMS[case]
    catalog = _plant(tmp_path, file, text)
    loaded = load_catalog(catalog)
    assert loaded.ok
    result = run(capsys, "validate", "--catalog", str(catalog))
    assert result.code == 1
    assert "error[contradiction-W4]" in result.out
    assert message in result.out
