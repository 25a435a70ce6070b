"""The proof checker checks every field a proof copies from the catalog (issue 10, item 6).

Before, a proof whose file, line, status, conditions, parameter map or rule
id had been forged still checked, as long as its logic was right.
"""

from __future__ import annotations

from typing import Any

import pytest

from dptaxonomy.base import records
from dptaxonomy.catalog.store import load_catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.logic.proof import Proof
from dptaxonomy.reasoning.logic.proofcheck import ProofError, check_proof
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.enums import Status
from tests.conftest import FIXTURES

CATALOG = load_catalog(FIXTURES / "valid")
SEARCH = ProofSearch(compile_knowledge_base(CATALOG))


def special_case() -> Proof:
    """differential-privacy ⊂ renyi-dp: one step with a parameter map and a condition."""
    proof = SEARCH.extends("differential-privacy", "renyi-dp")
    assert proof is not None
    assert proof.steps[0].origin.parameter_map
    assert proof.steps[0].origin.conditions
    return proof


def forged_origin(proof: Proof, **fields: Any) -> Proof:
    step = proof.steps[0]
    origin = records.replace(step.origin, **fields)
    return records.replace(proof, steps=(records.replace(step, origin=origin),))


def test_the_genuine_proof_checks() -> None:
    check_proof(CATALOG, special_case())


@pytest.mark.parametrize(
    ("fields", "wrong"),
    [
        ({"file": "elsewhere/renyi-dp.yaml"}, "file"),
        ({"line": 7}, "line"),
        ({"column": 99}, "column"),
        ({"status": Status.conjectured}, "status"),
        ({"conditions": ()}, "conditions"),
        ({"conditions": ("epsilon >= 1",)}, "conditions"),
        ({"parameter_map": (("alpha", "2"), ("epsilon", "epsilon"))}, "parameter map"),
        ({"parameter_map": ()}, "parameter map"),
        ({"note": "forged"}, "note"),
    ],
)
def test_a_forged_field_is_rejected(fields: dict[str, Any], wrong: str) -> None:
    with pytest.raises(ProofError, match=rf"step misquotes .*: {wrong}$"):
        check_proof(CATALOG, forged_origin(special_case(), **fields))


def test_a_forged_step_rule_is_rejected() -> None:
    proof = special_case()
    step = records.replace(proof.steps[0], rule=Rule.ASSERTED)  # it is read by A2
    with pytest.raises(ProofError, match=r"misquotes .*: rule$"):
        check_proof(CATALOG, records.replace(proof, steps=(step,)))


def test_a_forged_rule_list_is_rejected() -> None:
    proof = special_case()
    with pytest.raises(ProofError, match="cites rules A2, E2; its steps use A2"):
        check_proof(CATALOG, records.replace(proof, rules=(Rule.INVERSE, Rule.EXTENDS_TRANSITIVE)))
    with pytest.raises(ProofError, match="cites rules none"):
        check_proof(CATALOG, records.replace(proof, rules=()))
