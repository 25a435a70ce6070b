"""No refusal where a catalog map exists (issue 24): every pair of definitions that mapped
steps join, and every mechanism a claim and mapped steps lead to a definition, converts at
the sample values of scripts/mapped_pairs.py, except the pairs listed here with why."""

from __future__ import annotations

import pytest
from scripts.mapped_pairs import definition_pairs, mechanism_pairs, pair_outcome

import dptaxonomy as dp
from dptaxonomy.catalog.paths import default_catalog_dir
from dptaxonomy.queries.session import knowledge_base

pytestmark = pytest.mark.slow

REFUSED = {
    # KL privacy ⊂ Rényi DP maps α to 1, outside Rényi DP's (1, ∞) (the ⊂ is marked
    # outside_domain in the catalog): so is every route to Rényi DP through KL privacy
    ("kl-privacy", "renyi-dp"): "refused: outside_domain",
    ("power-law-geometric-pair", "renyi-dp"): "refused: outside_domain",
    # the sample gives the Laplace mechanism Δ/b = 1, beyond semantic privacy's maps
    # (answered at a small Δ/b: test_laplace_reaches_semantic_privacy_at_a_small_epsilon)
    ("laplace", "semantic-privacy"): "refused: outside_domain",
    ("laplace", "epsilon-delta-semantic-privacy"): "refused: outside_domain",
    ("laplace", "local-semantic-privacy"): "refused: outside_domain",
}
"""The random-record mechanism's (0, δ)-DP, which meets KS14's δ/(1 − e^{−ε}) at ε = 0, is
answered by freeing ε (tests/test_convert_relaxed.py)."""


def test_every_mapped_pair_converts_but_the_known_ones() -> None:
    _, kb = knowledge_base(default_catalog_dir(), False)
    pairs = [*definition_pairs(kb), *mechanism_pairs(kb)]
    assert len(pairs) >= 488
    refused = {}
    for a, b in pairs:
        outcome, _ = pair_outcome(kb, a, b)
        if not outcome.startswith("answered"):
            refused[(a, b)] = outcome
    assert refused == REFUSED


def test_laplace_reaches_semantic_privacy_at_a_small_epsilon() -> None:
    result = dp.convert("laplace", "semantic-privacy", {"sensitivity": "0.1", "scale": "2"})
    assert result.to_json()["to"]["epsilon"]["enclosure"][1] < 0.1052
