"""Every stated relation between evaluable definitions is checked in the directions it asserts."""

from __future__ import annotations

from dptaxonomy.base import records
from dptaxonomy.catalog.loader import LoadedDefinition
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.queries.verification import VerifyResult
from dptaxonomy.reasoning.evaluators.battery import battery, extremal_pairs
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE
from dptaxonomy.reasoning.evaluators.relation_checks import relation_results
from dptaxonomy.reasoning.evaluators.verdicts import Check, CheckKind, Outcome
from dptaxonomy.schema.models import Citation, Relation, RelationKind


def _only(catalog: Catalog, definition_id: str, relations: list[Relation]) -> Catalog:
    """The catalog with one entry, carrying these relations (so only they are checked)."""
    entry = catalog.entries[definition_id]
    changed = type(entry)(
        entry.definition.model_copy(update={"relations": relations}), entry.file, entry.located
    )
    return records.replace(
        catalog, entries={definition_id: changed, **_targets(catalog, relations)}
    )


def _targets(catalog: Catalog, relations: list[Relation]) -> dict[str, LoadedDefinition]:
    kept = {}
    for relation in relations:
        assert relation.target is not None
        entry = catalog.entries[relation.target]
        kept[relation.target] = type(entry)(
            entry.definition.model_copy(update={"relations": []}), entry.file, entry.located
        )
    return kept


def _verdicts(catalog: Catalog) -> list[tuple[str, str, bool | None]]:
    cases = extremal_pairs()
    return [
        (found.reading, found.symbol, next((v for v, _ in found.results if v is False), True))
        for found in relation_results(catalog, cases)
    ]


def test_a_false_identity_is_refuted_both_ways(catalog: Catalog) -> None:
    """(ε, 1/2)-DP is not ε-DP: the identity claimed by a complete ⊂ map fails on the pair
    that publishes its input with probability 0.05."""
    wrong = Relation(
        kind=RelationKind.extended_by,
        target="differential-privacy",
        parameter_map={"epsilon": "epsilon", "delta": "0.5"},
        citation=Citation(key="DP20", at="planted"),
    )
    found = list(relation_results(_only(catalog, "approximate-dp", [wrong]), extremal_pairs()))
    ((check),) = found
    assert (check.reading, check.symbol) == (
        "differential-privacy ⊂ approximate-dp (identity of the families)",
        "⊂",
    )
    failures = [where for verdict, where in check.results if verdict is False]
    assert (
        "publish with probability 0.05: differential-privacy with epsilon=0 fails but "
        "approximate-dp with delta=0.5, epsilon=0 holds"
    ) in failures


def test_a_stronger_claim_is_refuted_by_a_pair_meeting_one_side_only(catalog: Catalog) -> None:
    wrong = Relation(
        kind=RelationKind.stronger,
        target="differential-privacy",
        citation=Citation(key="DP20", at="planted"),
    )
    ((check),) = relation_results(_only(catalog, "approximate-dp", [wrong]), extremal_pairs())
    assert check.reading == "approximate-dp ≻ differential-privacy"
    failures = [where for verdict, where in check.results if verdict is False]
    assert failures[0].startswith("publish with probability 0.05 meets approximate-dp with ")
    assert failures[0].endswith("but differential-privacy for no parameter")


def test_an_equivalence_is_checked_both_ways(catalog: Catalog) -> None:
    forward = Relation(
        kind=RelationKind.equivalent,
        target="differential-privacy",
        citation=Citation(key="DP20", at="planted"),
    )
    ((check),) = relation_results(_only(catalog, "approximate-dp", [forward]), extremal_pairs())
    readings = {where.split(" meets ")[1].split(" with ")[0] for v, where in check.results if not v}
    assert readings == {"approximate-dp"}  # the reverse direction holds on every pair
    assert any(v is True for v, _ in check.results)


def test_the_shipped_relations_are_refuted_only_where_disputed(catalog: Catalog) -> None:
    rows = {k: v for k, v in catalog.evidence.items() if k[0] == "relation"}
    refuted = sorted((k[1], k[2]) for k, v in rows.items() if v.outcome == "refuted")
    assert refuted == [
        ("approximate-concentrated-dp", 3),
        ("strong-federated-f-dp", 1),
        ("weak-federated-f-dp", 0),
    ]
    for entry, index in refuted:
        assert catalog.definitions[entry].relations[index].status.value == "disputed"
    # issues 24 and 26 added relations; issue 23 bounded range's five, issue 24 ε-DP ⇒ μ-GDP
    # and the optimal Rényi → (ε, δ) map
    assert len(rows) == 72
    assert "approximate-concentrated-dp" in EVALUABLE


def test_the_battery_has_the_extremal_and_two_outcome_pairs(catalog: Catalog) -> None:
    labels = [case.label for case in battery(catalog.mechanisms)]
    assert "identity on one bit" in labels
    assert "point mass against (1/2, 1/2)" in labels
    assert "random pair #11 (seed 13, 2 outcomes)" in labels


def test_the_summary_counts_relations_by_kind() -> None:
    def check(symbol: str, outcome: Outcome, disputed: bool = False) -> Check:
        return Check(CheckKind.relation, "x", 0, "x", outcome, 1, disputed, None, symbol)

    result = VerifyResult(
        (
            check("⊂", Outcome.computed),
            check("⊂", Outcome.refuted, disputed=True),
            check("≻", Outcome.computed),
            check("≻", Outcome.unchecked),
            check("∼", Outcome.refuted),
        )
    )
    assert result.relation_summary() == (
        "relations: 2 ⊂ checked, 1 ≻ checked, 1 ∼ checked; 2 refuted (1 disputed); 1 unchecked"
    )
