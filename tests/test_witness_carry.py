"""Rules W5 and W6: a witness is carried along stated special cases, never outside a domain.

M ⊨ A and A ⊂ B give M ⊨ B (W5); M ⊭ B and A ⊂ B give M ⊭ A (W6). Every
separation they add must have a proof the independent checker accepts, a ⊂
the catalog places outside a domain must never carry a witness, and a witness
carried into the definition it violates is a contradiction (W4).
"""

from __future__ import annotations

import pytest

from dptaxonomy.base import records
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.logic.contradictions import find_contradictions, validation_diagnostics
from dptaxonomy.reasoning.logic.facts import FactKind
from dptaxonomy.reasoning.logic.proof import Conclusion, Proof
from dptaxonomy.reasoning.logic.proofcheck import ProofError, check_proof
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.enums import Status
from dptaxonomy.schema.models import Citation, Relation, RelationKind


def _with_relations(catalog: Catalog, subject: str, relations: list[Relation]) -> Catalog:
    entry = catalog.entries[subject]
    changed = type(entry)(
        entry.definition.model_copy(update={"relations": relations}), entry.file, entry.located
    )
    return records.replace(catalog, entries={**catalog.entries, subject: changed})


def test_a_witness_of_dp_separates_the_definitions_extending_dp(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    proof = ProofSearch(kb).not_stronger("d-privacy", "free-lunch-privacy")
    assert proof is not None
    assert [(s.kind, s.a, s.b) for s in proof.steps] == [
        (FactKind.extends, "differential-privacy", "d-privacy"),
        (FactKind.not_stronger, "differential-privacy", "free-lunch-privacy"),
    ]
    assert Rule.WITNESS_CARRIED_SATISFIES in proof.rules
    assert Rule.STRONGER_TRANSITIVE not in proof.rules
    check_proof(catalog, proof)
    relations = [
        r for r in catalog.definitions["d-privacy"].relations if r.target != "differential-privacy"
    ]
    without = compile_knowledge_base(_with_relations(catalog, "d-privacy", relations))
    assert not without.is_not_stronger("d-privacy", "free-lunch-privacy")


def test_w6_carries_a_violation_down_to_a_special_case(catalog: Catalog) -> None:
    """Planted: differential obliviousness ⊂ Gaussian DP. The identity mechanism meets f-DP
    (f = 0) and violates Gaussian DP, so it violates the special case (W6): ¬(f-DP ≻ it)."""
    assert not compile_knowledge_base(catalog).is_not_stronger("f-dp", "differential-obliviousness")
    planted = Relation(
        kind=RelationKind.extends, target="gaussian-dp", citation=Citation(key="DP20", at="planted")
    )
    relations = [*catalog.definitions["differential-obliviousness"].relations, planted]
    changed = _with_relations(catalog, "differential-obliviousness", relations)
    proof = ProofSearch(compile_knowledge_base(changed)).not_stronger(
        "f-dp", "differential-obliviousness"
    )
    assert proof is not None
    assert Rule.WITNESS_CARRIED_VIOLATES in proof.rules
    assert [(s.kind, s.a, s.b) for s in proof.steps][-1] == (
        FactKind.extends,
        "differential-obliviousness",
        "gaussian-dp",
    )
    check_proof(changed, proof)


def test_every_separation_proof_checks_and_w5_is_used(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    search = ProofSearch(kb)
    used: set[Rule] = set()
    for a in kb.info:
        for b in kb.not_stronger_targets(a):
            if a == b:
                continue
            proof = search.not_stronger(a, b)
            assert proof is not None
            check_proof(catalog, proof)
            used.update(proof.rules)
    assert Rule.WITNESS_CARRIED_SATISFIES in used


def test_a_special_case_outside_the_domain_carries_nothing(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    kl = [f for f in kb.extends_facts if (f.a, f.b) == ("kl-privacy", "renyi-dp")]
    assert len(kl) == 2  # Table 3 row 5, and Section 3.2's continuity extension α = 1
    assert all(f.origin.outside_domain for f in kl)
    assert all((f.a, f.b) != ("kl-privacy", "renyi-dp") for f in ProofSearch(kb)._carriers)


def test_the_checker_refuses_a_carried_chain_without_a_witness(catalog: Catalog) -> None:
    """A cited separation (not a witness) may fail Definition 6 through condition (2) alone,
    so a ⊂ step before it proves nothing: the checker must refuse the chain."""
    kb = compile_knowledge_base(catalog)
    pairs = [
        (special, separation)
        for separation in kb.separations
        if separation.origin.witness is None
        for special in kb.extends_facts
        if special.b == separation.a and not special.origin.outside_domain
    ]
    assert pairs
    special, separation = pairs[0]
    rules = (Rule.SEPARATION_PROPAGATION, separation.rule, special.rule)
    forged = Proof(
        Conclusion.not_stronger, special.a, separation.b, (special, separation), tuple(rules)
    )
    with pytest.raises(ProofError, match="the chain breaks at"):
        check_proof(catalog, forged)


def test_a_witness_carried_into_what_it_violates_is_a_contradiction(catalog: Catalog) -> None:
    """Planted: ε-DP ⊂ free-lunch privacy. The noisy count is ε-DP, so it would be free-lunch
    private, which it violates: rule W4 through ⊂, though no ≻ is derivable."""
    planted = Relation(
        kind=RelationKind.extended_by,
        target="differential-privacy",
        citation=Citation(key="DP20", at="planted"),
    )
    relations = [*catalog.definitions["free-lunch-privacy"].relations, planted]
    changed = _with_relations(catalog, "free-lunch-privacy", relations)
    kb = compile_knowledge_base(changed)
    assert not kb.is_stronger("differential-privacy", "free-lunch-privacy")
    carried = [c for c in find_contradictions(kb) if c.rule is Rule.WITNESS_CONFLICT]
    assert any(
        "satisfies differential-privacy, hence free-lunch-privacy (carried along ≻ and ⊂)"
        in c.message
        for c in carried
    )
    errors = [d for d in validation_diagnostics(changed) if d.is_error]
    assert errors
    assert all(d.code.startswith("contradiction-") for d in errors)


def test_the_federated_f_dp_special_cases_stay_disputed_for_a_reason(catalog: Catalog) -> None:
    """Table 3's "f-wFDP ⊂ GaussDP" is kept as printed but disputed: put back in use, the
    identity mechanism (which meets f-wFDP at f = 0) would be carried into Gaussian DP, which
    it violates, and validation fails with rule W4."""
    for subject in ("weak-federated-f-dp", "strong-federated-f-dp"):
        relations = catalog.definitions[subject].relations
        disputed = [r for r in relations if r.target == "gaussian-dp"]
        assert [r.status.value for r in disputed] == ["disputed"]
        restored = [
            r.model_copy(update={"status": Status.established}) if r in disputed else r
            for r in relations
        ]
        errors = [
            d
            for d in validation_diagnostics(_with_relations(catalog, subject, restored))
            if d.is_error
        ]
        assert errors
        # W4 (the identity mechanism carried into Gaussian DP), V1 (f = 0 is vacuous) and the
        # refuted relation check of evidence.json each reject it
        assert {d.code for d in errors} == {"contradiction-W4", "vacuous-value", "refuted-fact"}
        assert any(
            f"mechanism identity satisfies {subject}, hence gaussian-dp" in d.message
            for d in errors
        )
