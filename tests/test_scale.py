"""Bounded cost for every input (issue 29): growth is checked by counting nodes and bytes, never by
timing."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scripts.bench_scale import _wide_mechanism

from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.catalog.synthetic import (
    DOUBLING_MAP,
    EPSILON,
    chain_relations,
    random_relations,
    synthetic_catalog,
    synthetic_id,
    write_catalog_files,
)
from dptaxonomy.export.jsondump import json_text, proof_steps
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.evaluators.battery import MAX_GRID_POINTS, grid_size, parameter_grid
from dptaxonomy.reasoning.logic.questions import count_open_questions, rank_open_questions
from dptaxonomy.schema.arith import Node, parse_expression, substitute
from dptaxonomy.schema.arith_eval import compile_expression, evaluate
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.arith_shared import RENDER_LIMIT, render_bounded, tree_size
from dptaxonomy.schema.models import Definition, RelationKind
from tests.clirunner import run

STEP = parse_expression(DOUBLING_MAP["epsilon"])


def _composed(steps: int, step: Node = STEP) -> Node:
    node: Node = parse_expression("epsilon")
    for _ in range(steps):
        node = substitute(step, {"epsilon": node})
    return node


def _expanded(text: str) -> Node:
    """The shared form read back: each ``$k`` replaced by its definition, last first."""
    head, _, tail = text.partition(", where ")
    bindings = dict(b.split(" = ", 1) for b in tail.split("; ")) if tail else {}
    labels = {label: f"_{label[1:]}" for label in bindings}

    def plain(part: str) -> str:
        return re.sub(r"\$(\d+)", r"_\1", part)

    node = parse_expression(plain(head))
    for label in sorted(bindings, key=lambda k: -int(k[1:])):
        node = substitute(node, {labels[label]: parse_expression(plain(bindings[label]))})
    return node


def test_a_composed_map_is_a_shared_graph_measured_without_writing_it_out() -> None:
    node = _composed(60)
    assert tree_size(node) == 6 * 2**60 - 5  # s(k) = 2 s(k-1) + 5, s(0) = 1
    assert names_in(node) == {"epsilon"}
    assert evaluate(node, {"epsilon": 3.0}) == pytest.approx(3.0)
    assert len(render_bounded(node)) < 60 * 40


@pytest.mark.parametrize("steps", [2, 5, 6, 9])
def test_the_shared_form_reads_back_as_the_same_expression(steps: int) -> None:
    node = _composed(steps, parse_expression("epsilon * 2 - epsilon / 3 + log(1 + epsilon)"))
    text = render_bounded(node)
    assert ("where" in text) == (tree_size(node) > RENDER_LIMIT)
    back = _expanded(text)
    for value in (0.5, 1.0, 7.0):
        assert evaluate(back, {"epsilon": value}) == pytest.approx(
            evaluate(node, {"epsilon": value}), rel=1e-12
        )


def test_the_shared_form_is_exact_text() -> None:
    assert render_bounded(_composed(6)) == (
        "$5 / 2 + $5 / 2, where $1 = epsilon / 2 + epsilon / 2; $2 = $1 / 2 + $1 / 2; "
        "$3 = $2 / 2 + $2 / 2; $4 = $3 / 2 + $3 / 2; $5 = $4 / 2 + $4 / 2"
    )
    assert render_bounded(_composed(2)) == (
        "(epsilon / 2 + epsilon / 2) / 2 + (epsilon / 2 + epsilon / 2) / 2"
    )


@given(st.floats(min_value=0.01, max_value=50), st.integers(min_value=1, max_value=400))
@settings(max_examples=30, deadline=None)
def test_a_large_graph_evaluates_like_its_steps_one_by_one(value: float, steps: int) -> None:
    step = parse_expression("sqrt(epsilon * epsilon) + min(epsilon, 1) - min(1, epsilon)")
    expected = value
    for _ in range(steps):
        expected = compile_expression(step)({"epsilon": expected})
    assert compile_expression(_composed(steps, step))({"epsilon": value}) == pytest.approx(
        expected, rel=1e-9
    )


def _chain_catalog(folder: Path, steps: int) -> Path:
    ids = [synthetic_id(i) for i in range(steps + 1)]
    catalog = synthetic_catalog(ids, chain_relations(steps), parameters={i: [EPSILON] for i in ids})
    write_catalog_files(catalog, folder)
    return folder


@pytest.mark.slow
def test_a_twenty_step_chain_answers_with_a_linear_map(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sizes = {}
    for steps in (20, 40):
        catalog = str(_chain_catalog(tmp_path / str(steps), steps))
        last = synthetic_id(steps)
        relate = run(capsys, "relate", synthetic_id(0), last, "--catalog", catalog)
        assert relate.code == 0
        assert relate.out.startswith(f"{synthetic_id(0)} vs {last}: stronger")
        assert "$1 = epsilon / 2 + epsilon / 2; $2 = $1 / 2 + $1 / 2" in relate.out
        assert f"epsilon = ${steps - 1} / 2 + ${steps - 1} / 2, where" in relate.out
        explain = run(capsys, "explain", synthetic_id(0), last, "--catalog", catalog)
        assert explain.code == 0
        exported = run(capsys, "export", "json", "--catalog", catalog)
        assert exported.code == 0
        data = json.loads(exported.out)
        longest = max(data["derived"], key=lambda d: d["proof"]["length"])
        assert longest["proof"]["parameter_map"]["epsilon"].endswith(
            f"${steps - 1} = ${steps - 2} / 2 + ${steps - 2} / 2"
        )
        sizes[steps] = len(relate.out)
    assert sizes[40] < 2.5 * sizes[20]  # linear in the steps (a tree would be 2^20 times larger)


def _plain_chain_export(size: int) -> tuple[int, dict[str, Any]]:
    ids = [synthetic_id(i) for i in range(size)]
    relations = [(ids[i], RelationKind.stronger, ids[i + 1]) for i in range(size - 1)]
    catalog = synthetic_catalog(ids, relations)
    text = json_text(catalog, compile_knowledge_base(catalog))
    return len(text.encode("utf-8")), json.loads(text)


@pytest.mark.slow
def test_a_four_hundred_definition_chain_exports_in_space_linear_in_its_derived_pairs() -> None:
    per_pair = {}
    for size in (100, 400):
        length, data = _plain_chain_export(size)
        derived = data["derived"]
        assert len(derived) == size * (size - 1) // 2 - (size - 1)
        assert len(data["facts"]) == size - 1  # each asserted fact written once
        assert len(data["step_chains"]) <= len(derived) + len(data["facts"])
        per_pair[size] = length / len(derived)
        sample = max(derived, key=lambda d: d["proof"]["length"])
        steps = proof_steps(data, sample["proof"])
        assert [s["a"] for s in steps] == [synthetic_id(i) for i in range(size - 1)]
    assert per_pair[400] < 1.2 * per_pair[100]  # the proofs' n³/6 steps are not written


def test_compiling_builds_the_definitions_by_id_a_fixed_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Catalog.definitions`` builds a new sorted dict on each read; read once per definition,
    it made compiling 10 000 definitions take 300× the time of 1 000 (issue 24)."""
    built = Catalog.__dict__["definitions"].fget
    reads: list[int] = []

    def counted(catalog: Catalog) -> dict[str, Definition]:
        reads.append(len(catalog.entries))
        result: dict[str, Definition] = built(catalog)
        return result

    monkeypatch.setattr(Catalog, "definitions", property(counted))
    counts = []
    for size in (20, 200):
        ids = [synthetic_id(i) for i in range(size)]
        catalog = synthetic_catalog(ids, random_relations(size))
        reads.clear()
        compile_knowledge_base(catalog)
        counts.append(len(reads))
    assert counts[0] == counts[1] <= 5


def test_a_wide_mechanism_grid_is_sampled_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _wide_mechanism(tmp_path / "wide", 6)
    mechanism = load_catalog(tmp_path / "wide").mechanisms["wide-laplace"]
    assert grid_size(mechanism) == 5**6
    points = list(parameter_grid(mechanism))
    assert len(points) == MAX_GRID_POINTS == len({tuple(sorted(p.items())) for p in points})
    assert points == list(parameter_grid(mechanism))  # seeded: the same sample every time
    result = run(capsys, "verify", "--catalog", str(tmp_path / "wide"))
    assert result.code == 0
    assert result.out.splitlines()[0] == (
        "✓ computed  wide-laplace satisfies differential-privacy (64 cases) "
        "[grid of 15625 points: a seeded sample of 64 checked]"
    )
    data = json.loads(run(capsys, "verify", "--catalog", str(tmp_path / "wide"), "-f", "json").out)
    assert data["checks"][0]["sampled_from"] == 15625


@given(st.integers(min_value=2, max_value=120), st.integers(0, 10**6), st.integers(1, 60))
@settings(max_examples=25, deadline=None)
def test_the_best_open_questions_are_the_full_rankings_first(
    size: int, seed: int, limit: int
) -> None:
    ids = [synthetic_id(i) for i in range(size)]
    kb = compile_knowledge_base(synthetic_catalog(ids, random_relations(size, seed, cluster=8)))
    full = rank_open_questions(kb)
    assert rank_open_questions(kb, limit=limit) == full[:limit]
    assert count_open_questions(kb) == len(full)
