"""Integrity checks over every mechanism entry of the real catalog, one test per entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from dptaxonomy.catalog.loader import load_entry, load_mechanism
from dptaxonomy.catalog.paths import catalog_files, mechanism_files
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.schema.arith import parse_expression
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.mechanisms import Mechanism
from dptaxonomy.schema.models import Definition
from tests.conftest import CATALOG_DIR

MODELINE = "# yaml-language-server: $schema=../../schema/mechanism.schema.json\n"
MECHANISM_FILES = mechanism_files(CATALOG_DIR)


def test_there_are_at_least_14_mechanisms(catalog: Catalog) -> None:
    assert len(catalog.mechanisms) >= 14
    assert {"gaussian", "laplace", "randomized-response", "identity"} <= set(catalog.mechanisms)


def test_mechanism_files_are_not_definition_files() -> None:
    assert not set(catalog_files(CATALOG_DIR)) & set(MECHANISM_FILES)


@pytest.mark.parametrize("path", MECHANISM_FILES, ids=lambda p: p.stem)
def test_mechanism_entry(catalog: Catalog, path: Path) -> None:
    assert path.read_text(encoding="utf-8").startswith(MODELINE)
    loaded, diagnostics = load_mechanism(path)
    assert diagnostics == []
    assert loaded is not None
    mechanism = loaded.mechanism
    assert catalog.mechanisms[path.stem] == mechanism
    assert len(mechanism.description.split()) >= 10, "the description says what it does"
    assert mechanism.satisfies or mechanism.violates, "a mechanism entry makes claims"
    claimed = {c.definition for c in mechanism.satisfies} | {
        c.definition for c in mechanism.violates
    }
    assert claimed <= set(catalog.definitions)
    for key in mechanism.introduced_in:
        assert key in catalog.references
    own = {p.name for p in mechanism.parameters}
    if mechanism.pair is not None:
        for expression in mechanism.pair.arguments.values():
            assert names_in(parse_expression(expression)) <= own | {"inf"}
    for separation in mechanism.witnesses:
        assert separation.stronger in claimed | set(catalog.definitions)


def test_the_generic_loader_reads_both_kinds() -> None:
    definition, _, problems = load_entry(CATALOG_DIR / "renyi-dp.yaml", Definition)
    assert problems == []
    assert isinstance(definition, Definition)
    mechanism, _, problems = load_entry(CATALOG_DIR / "mechanisms" / "gaussian.yaml", Mechanism)
    assert problems == []
    assert isinstance(mechanism, Mechanism)


def test_a_definition_file_is_no_mechanism() -> None:
    mechanism, _, problems = load_entry(CATALOG_DIR / "renyi-dp.yaml", Mechanism)
    assert mechanism is None
    assert {p.code for p in problems} == {"unknown-key", "missing-key"}


def test_id_must_match_the_file_name(tmp_path: Path) -> None:
    source = (CATALOG_DIR / "mechanisms" / "laplace.yaml").read_text(encoding="utf-8")
    path = tmp_path / "laplace-two.yaml"
    path.write_text(source, encoding="utf-8")
    loaded, problems = load_mechanism(path)
    assert loaded is None
    assert [p.code for p in problems] == ["id-mismatch"]
    assert problems[0].message == "id: 'laplace' differs from the file name 'laplace-two.yaml'"


NUMERIC_TYPES = frozenset({"real", "integer"})


@pytest.mark.parametrize("path", MECHANISM_FILES, ids=lambda p: p.stem)
def test_a_partial_parameter_map_leaves_out_only_parameters_that_hold_at_every_value(
    catalog: Catalog, path: Path
) -> None:
    """``dptax convert`` reads a parameter a claim's map leaves out as holding at *every*
    value (Rényi DP at every order α; the Gaussian's δ(ε) at every ε < 1), and ``dptax
    verify`` checks such a claim at every value of its evaluator's free parameters. A numeric
    parameter neither mapped nor free would be read as "any value" by the first and as
    "some value" by the second: the power-law pair's tCDP claim gave ω = 2 and no ρ, and
    ``convert`` answered with ρ near 0 (ε ≤ 0.0056 at δ = 1e-5; the truth is above 5)."""
    from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE
    from dptaxonomy.reasoning.evaluators.thresholding import evaluable_for

    mechanism = catalog.mechanisms[path.stem]
    kind = mechanism.pair.kind if mechanism.pair is not None else None
    for claim in mechanism.satisfies:
        definition = catalog.definition(claim.definition)
        if not claim.parameters or definition is None:
            continue  # no map: "for some parameters", never a step of a conversion
        evaluable = evaluable_for(kind, claim.definition, EVALUABLE)
        free = set(evaluable.free) if evaluable is not None else set()
        left_out = [
            p.name
            for p in definition.parameters
            if p.type.value in NUMERIC_TYPES and p.name not in claim.parameters
        ]
        assert set(left_out) <= free, (claim.definition, left_out, sorted(free))
