"""Progress counts (decided, open, refuted pairs), their history, and core-first open questions."""

from __future__ import annotations

from pathlib import Path

import pytest
from scripts.progress import HISTORY, PAGE, current_counts, page_text, read_history, updated_history

from dptaxonomy.base.records import replace
from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.queries.findings import OpenQuestionsResult
from dptaxonomy.queries.progress import progress, refuted_pairs
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.reasoner import Reasoner
from tests.conftest import FIXTURES


@pytest.fixture(scope="module")
def fixture_kb() -> KnowledgeBase:
    return compile_knowledge_base(load_catalog(FIXTURES / "valid"))


def _with_core(kb: KnowledgeBase, core: set[str]) -> KnowledgeBase:
    info = {i: replace(d, core=i in core) for i, d in kb.info.items()}
    return KnowledgeBase(info, kb.factset, kb.strength, kb.extension)


def test_counts_of_the_fixture_catalog(fixture_kb: KnowledgeBase) -> None:
    result = progress(fixture_kb, ["differential-privacy", "renyi-dp", "no-such-entry"])
    assert result.overall.to_json() == {
        "definitions": 4,
        "pairs": 12,
        "decided": 1,
        "stronger": 1,
        "not_stronger": 0,
        "open": 11,
        "refuted": 1,
    }
    assert result.core is not None
    assert (result.core.pairs, result.core.decided, result.core.open) == (2, 1, 1)
    assert result.to_text() == (
        "overall: 4 definitions, 12 ordered pairs: 1 decided (8.3 %; 1 ≻, 0 ⊁), 11 open, "
        "1 refuted\n"
        "core: 2 definitions, 2 ordered pairs: 1 decided (50.0 %; 1 ≻, 0 ⊁), 1 open, 0 refuted\n"
        "witness separations: 0"
    )
    assert progress(fixture_kb).core is None


def test_a_disputed_claim_is_a_refuted_pair(fixture_kb: KnowledgeBase) -> None:
    assert refuted_pairs(fixture_kb) == {("bayesian-dp-cd21", "bayesian-dp-ab20")}


def test_core_questions_come_first_with_their_decisiveness(fixture_kb: KnowledgeBase) -> None:
    plain = Reasoner(fixture_kb).open_questions()
    kb = _with_core(fixture_kb, {"differential-privacy", "renyi-dp"})
    assert kb.core == ("differential-privacy", "renyi-dp")
    ranked = Reasoner(kb).open_questions()
    assert [(q.a, q.b, q.core) for q in ranked[:1]] == [("renyi-dp", "differential-privacy", True)]
    assert not any(q.core for q in ranked[1:])
    assert sorted((q.a, q.b, q.decides) for q in ranked) == sorted(
        (q.a, q.b, q.decides) for q in plain
    )
    assert Reasoner(kb).open_questions(limit=3) == ranked[:3]
    text = OpenQuestionsResult(tuple(ranked[:2])).to_text().splitlines()
    assert text[0].split() == ["A", "B", "CORE", "DECIDES", "QUESTION"]
    assert text[1].split()[:4] == ["renyi-dp", "differential-privacy", "yes", "1"]


def test_no_open_question_is_decided_by_a_witness(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    ids = list(kb.info)
    asked = {(q.a, q.b) for q in Reasoner(kb).open_questions()}
    for mechanism in catalog.mechanisms.values():
        met = {c.definition for c in mechanism.satisfies}
        violated = {c.definition for c in mechanism.violates}
        met |= {b for a in met for b in ids if kb.is_stronger(a, b)}
        violated |= {a for b in violated for a in ids if kb.is_stronger(a, b)}
        assert not {(a, b) for a in met for b in violated} & asked, mechanism.id


def test_history_update_keeps_one_row_a_day() -> None:
    counts = {"overall": {"decided": 1}, "core": None, "witnesses": 0}
    first = updated_history([], counts, "2026-11-27")
    assert updated_history(first, counts, "2026-11-28") == first
    more = {**counts, "witnesses": 1}
    second = updated_history(first, more, "2026-11-28")
    assert [row["date"] for row in second] == ["2026-11-27", "2026-11-28"]
    third = updated_history(second, {**counts, "witnesses": 2}, "2026-11-28")
    assert [(r["date"], r["witnesses"]) for r in third] == [("2026-11-27", 0), ("2026-11-28", 2)]


def test_the_history_and_the_page_are_current(catalog: Catalog) -> None:
    history = read_history()
    assert history, f"{HISTORY.name} is missing: run `make progress`"
    last = {key: history[-1][key] for key in ("overall", "core", "witnesses")}
    assert last == current_counts(compile_knowledge_base(catalog)), (
        "docs/progress-history.json is stale: run `make progress`"
    )
    assert PAGE.read_text(encoding="utf-8") == page_text(history), (
        "docs/progress.md is stale: run `make progress`"
    )


@pytest.mark.slow
def test_the_site_progress_page_shows_the_counts(site_dir: Path, catalog: Catalog) -> None:
    page = (site_dir / "progress" / "index.html").read_text(encoding="utf-8")
    overall = progress(compile_knowledge_base(catalog)).overall
    row = (
        f'<tr><th scope="row">All definitions</th><td>{overall.definitions}</td>'
        f"<td>{overall.pairs}</td><td>{overall.decided}</td>"
    )
    assert row in page
    assert 'href="../progress/"' in (site_dir / "open-questions" / "index.html").read_text("utf-8")
