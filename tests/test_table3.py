"""Every row of the SoK's Table 3, typed by hand from the source, against the catalog.

Source: ../shared/seeds/000_a1cfb299f2712209.txt, Section 10, "Table 3: Summary
of variants/extensions of DP" (88 rows). Columns typed here: dimension
(column 2), post-processing and convexity (column 3), composability
(column 4). ✓ is "y", ✗/χ is "n", ? is "u".
"""

from __future__ import annotations

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.schema.models import Truth

# row: (id, dimensions, post-processing, convexity, composability)
TABLE3: dict[int, tuple[str, str, str, str, str]] = {
    1: ("approximate-dp", "Q", "y", "y", "y"),
    2: ("probabilistic-dp", "Q", "n", "n", "y"),
    3: ("relaxed-dp", "Q", "n", "n", "y"),
    4: ("kl-privacy", "Q", "y", "y", "y"),
    5: ("renyi-dp", "Q", "y", "y", "y"),
    6: ("mean-concentrated-dp", "Q", "n", "u", "y"),
    7: ("zero-concentrated-dp", "Q", "y", "y", "y"),
    8: ("approximate-concentrated-dp", "Q", "n", "u", "y"),
    9: ("bounded-concentrated-dp", "Q", "y", "y", "y"),
    10: ("truncated-concentrated-dp-col16", "Q", "y", "y", "y"),
    11: ("truncated-concentrated-dp-bdrs18", "Q", "y", "y", "y"),
    12: ("divergence-dp", "Q", "y", "y", "u"),
    13: ("k-divergence-dp", "Q", "y", "y", "u"),
    14: ("capacity-bounded-dp", "Q", "y", "y", "u"),
    15: ("unbounded-dp", "N", "y", "y", "y"),
    16: ("bounded-dp", "N", "y", "y", "y"),
    17: ("one-sided-dp", "N", "y", "y", "y"),
    18: ("asymmetric-dp", "N", "y", "y", "y"),
    19: ("client-dp", "N", "y", "y", "y"),
    20: ("element-dp", "N", "y", "y", "y"),
    21: ("group-dp", "N", "y", "y", "y"),
    22: ("dependent-dp", "N", "y", "y", "y"),
    23: ("bayesian-dp-ysn15", "N", "y", "y", "y"),
    24: ("correlated-dp", "N", "y", "y", "y"),
    25: ("prior-dp", "N", "y", "y", "y"),
    26: ("free-lunch-privacy", "N", "y", "y", "y"),
    27: ("individual-dp", "N", "y", "y", "y"),
    28: ("per-instance-dp", "N", "y", "y", "y"),
    29: ("generic-dp-km11", "N", "y", "y", "y"),
    30: ("constrained-dp", "N", "y", "y", "y"),
    31: ("distributional-privacy-zlw09", "N", "y", "y", "y"),
    32: ("sensitivity-induced-dp", "N", "y", "y", "y"),
    33: ("induced-neighbors-dp", "N", "y", "y", "y"),
    34: ("blowfish-privacy", "N", "y", "y", "y"),
    35: ("personalized-dp", "V", "y", "y", "y"),
    36: ("tailored-dp", "V", "y", "y", "y"),
    37: ("input-discriminative-dp", "V", "y", "y", "y"),
    38: ("outlier-privacy", "V", "y", "y", "y"),
    39: ("pareto-dp", "V", "y", "y", "y"),
    40: ("random-dp", "V", "u", "n", "y"),
    41: ("d-privacy", "NV", "y", "y", "y"),
    42: ("smooth-dp", "NV", "y", "y", "y"),
    43: ("distributional-privacy-rot10", "NV", "u", "u", "u"),
    44: ("weak-bayesian-dp", "QV", "y", "u", "y"),
    45: ("on-average-kl-privacy", "QV", "y", "u", "u"),
    46: ("bayesian-dp-tf20", "QV", "y", "n", "y"),
    47: ("pseudo-metric-dp", "QNV", "u", "u", "y"),
    48: ("extended-divergence-dp", "QNV", "y", "y", "u"),
    49: ("generic-dp-kl10", "QNV", "y", "y", "u"),
    50: ("abstract-dp", "QNV", "n", "n", "u"),
    51: ("noiseless-privacy-bbg11", "B", "y", "y", "n"),
    52: ("causal-dp", "B", "y", "y", "n"),
    53: ("dp-under-sampling", "QB", "y", "y", "n"),
    54: ("active-pk-dp", "QB", "y", "y", "n"),
    55: ("passive-pk-dp", "QB", "y", "y", "n"),
    56: ("pufferfish-privacy", "NB", "y", "y", "n"),
    57: ("bayesian-dp-ll12", "NB", "y", "y", "n"),
    58: ("distribution-privacy", "QNB", "y", "y", "n"),
    59: ("profile-based-dp", "QNB", "y", "y", "n"),
    60: ("probabilistic-distribution-privacy", "QNB", "n", "n", "n"),
    61: ("divergence-distribution-privacy", "QNB", "y", "y", "n"),
    62: ("extended-distribution-privacy", "NVB", "y", "y", "n"),
    63: ("extended-divergence-distribution-privacy", "QNVB", "y", "y", "n"),
    64: ("indistinguishable-privacy", "F", "y", "y", "y"),
    65: ("semantic-privacy", "F", "u", "u", "u"),
    66: ("range-bounded-privacy", "F", "u", "u", "u"),
    67: ("f-dp", "QF", "y", "u", "y"),
    68: ("gaussian-dp", "QF", "y", "u", "y"),
    69: ("weak-federated-f-dp", "QF", "y", "u", "y"),
    70: ("strong-federated-f-dp", "QF", "y", "u", "y"),
    71: ("aposteriori-noiseless-privacy", "BF", "y", "y", "u"),
    72: ("positive-membership-privacy", "BF", "y", "y", "n"),
    73: ("negative-membership-privacy", "BF", "y", "y", "n"),
    74: ("membership-privacy-lqs13", "BF", "y", "y", "n"),
    75: ("adversarial-privacy", "QBF", "y", "y", "n"),
    76: ("information-privacy-dpcf12", "NBF", "u", "u", "u"),
    77: ("zero-knowledge-privacy", "R", "y", "y", "u"),
    78: ("subspace-dp", "QR", "u", "u", "y"),
    79: ("bounded-leakage-dp", "QR", "y", "y", "y"),
    80: ("coupled-worlds-privacy", "NBR", "y", "y", "n"),
    81: ("inference-coupled-worlds-privacy", "QNBFR", "u", "u", "n"),
    82: ("inference-distributional-dp", "QNBFR", "u", "u", "n"),
    83: ("typical-stability", "QVR", "u", "u", "n"),
    84: ("sim-computational-dp", "C", "y", "y", "y"),
    85: ("ind-computational-dp", "C", "y", "y", "y"),
    86: ("computational-zero-knowledge-privacy", "RC", "y", "y", "u"),
    87: ("output-constrained-dp", "NVC", "y", "y", "y"),
    88: ("dp-for-record-linkage", "NVC", "y", "y", "y"),
}

# Cells where the catalog deliberately records the SoK's text (or another seed's)
# instead of the table, each with the passage that settles it. The entry must
# carry a note.
TEXT_OVERRIDES: dict[tuple[int, str], tuple[str, str]] = {
    # Section 10.1, Proposition 2: "ProDP and ACoDP do not satisfy the convexity
    # axiom." Table 3 row 8 prints "?".
    (8, "convexity"): ("u", "n"),
    # Seed 003 (LPT+22), Table 11, row [25], Capacity bounded DP, Sequential
    # composition: "If M_1(x) and M_2(x) are (H_1, Γ) and (H_2, Γ) capacity bounded
    # DP with ε_1 and ε_2, respectively, then the combination (M_1, M_2) is (H, Γ)
    # capacity bounded DP with ε_1 + ε_2." Table 3 row 14 prints "?".
    (14, "composability"): ("u", "y"),
    # Section 10.1, Proposition 5: "All variants of MPr, AdvPr, and ANPr satisfy
    # both axioms. As a direct corollary, InfPr also satisfies both axioms."
    (76, "post_processing"): ("u", "y"),
    (76, "convexity"): ("u", "y"),
}

_TRUTH = {"y": Truth.yes, "n": Truth.no, "u": Truth.unknown}
_PROPERTIES = ("post_processing", "convexity", "composability")


def test_table_has_88_rows() -> None:
    assert sorted(TABLE3) == list(range(1, 89))
    assert len({row[0] for row in TABLE3.values()}) == 88


def test_every_row_has_exactly_one_entry(catalog: Catalog) -> None:
    rows: dict[int, list[str]] = {}
    for definition in catalog.definitions.values():
        if definition.source.table3 is not None:
            rows.setdefault(definition.source.table3.row, []).append(definition.id)
    assert rows == {row: [expected[0]] for row, expected in TABLE3.items()}


@pytest.mark.parametrize("row", sorted(TABLE3), ids=lambda row: f"row{row}-{TABLE3[row][0]}")
def test_row_dimensions_and_properties(catalog: Catalog, row: int) -> None:
    definition_id, dimensions, *cells = TABLE3[row]
    definition = catalog.definitions[definition_id]
    assert "".join(d.value for d in definition.dimensions) == dimensions
    for name, cell in zip(_PROPERTIES, cells, strict=True):
        claim = getattr(definition.properties, name)
        expected = cell
        if (row, name) in TEXT_OVERRIDES:
            table_value, text_value = TEXT_OVERRIDES[(row, name)]
            assert table_value == cell
            expected = text_value
            assert claim.note, f"row {row} {name}: an override of Table 3 needs a note"
        assert claim.value is _TRUTH[expected], f"row {row} {name}"
