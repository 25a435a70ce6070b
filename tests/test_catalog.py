"""Integrity checks over every entry of the real catalog, one test per entry."""

from __future__ import annotations

import pytest

from dptaxonomy.catalog.names import normalize
from dptaxonomy.catalog.store import Catalog, catalog_files
from dptaxonomy.schema.models import Definition, Scope, Truth
from tests.conftest import CATALOG_DIR

MODELINE = "# yaml-language-server: $schema=../schema/definition.schema.json\n"
ENTRY_FILES = catalog_files(CATALOG_DIR)


def test_catalog_is_valid(catalog: Catalog) -> None:
    assert catalog.diagnostics == ()


def test_catalog_has_the_table3_rows_and_dp(catalog: Catalog) -> None:
    assert len(catalog.definitions) >= 89
    assert "differential-privacy" in catalog.definitions


@pytest.mark.parametrize("path", ENTRY_FILES, ids=lambda p: p.stem)
def test_entry_starts_with_the_schema_modeline(path: object) -> None:
    from pathlib import Path

    assert isinstance(path, Path)
    assert path.read_text(encoding="utf-8").startswith(MODELINE)


@pytest.mark.parametrize("path", ENTRY_FILES, ids=lambda p: p.stem)
def test_entry(catalog: Catalog, path: object) -> None:
    from pathlib import Path

    assert isinstance(path, Path)
    definition: Definition = catalog.definitions[path.stem]
    # Every entry is explained in our words and cited.
    assert len(definition.summary.split()) >= 8, "the summary says what changes relative to ε-DP"
    assert definition.introduced_in
    # Every yes/no property is cited; every relation resolves (checked by load) and is cited.
    for name in type(definition.properties).model_fields:
        claim = getattr(definition.properties, name)
        if claim is not None and claim.value is not Truth.unknown:
            assert claim.citation is not None
    for relation in definition.relations:
        assert relation.citation.at.strip()
    # The entry can be found by each of its labels.
    for label in definition.labels:
        found = catalog.names.candidates(label)
        assert definition.id in found
        if len(found) > 1:
            # A shared label resolves with a citation suffix: the disambiguator of a homonym,
            # or (for a shared abbreviation or alias) a key only this definition has.
            rivals = found - {definition.id}
            key = definition.disambiguator or catalog.names.distinguishing_key(
                definition.id, rivals
            )
            assert key, f"{label!r} is shared but {definition.id} has no suffix"
            assert catalog.names.resolve(f"{label}[{key}]") == definition.id
        else:
            assert catalog.names.resolve(label) == definition.id
    # Table 3 rows are core definitions of the SoK, in the central model.
    if definition.source.table3 is not None:
        assert definition.scope is Scope.core
        assert definition.source.key == "DP20"
        # Table 3's spelling is kept, bare or with its parameters ("(ε, δ)-DP" for row 1,
        # whose bare "DP" is ε-DP's abbreviation).
        spelling = normalize(definition.source.table3.abbreviation)
        assert any(normalize(a).endswith(spelling) for a in definition.abbreviations)
    # Ids are slugs of the name or carry the homonym's citation key.
    if definition.disambiguator:
        assert definition.id.endswith(normalize(definition.disambiguator).replace("+", ""))


def test_every_reference_key_is_used_or_comes_from_a_seed_list(catalog: Catalog) -> None:
    # The bibliography is the union of the seeds' reference lists; each entry has a title.
    assert all(reference.title for reference in catalog.references.values())
    assert {"DP20", "DMKB19", "KS14"} <= set(catalog.references)


def test_stats_cover_the_whole_catalog(catalog: Catalog) -> None:
    from dptaxonomy.queries.stats import catalog_stats

    stats = catalog_stats(catalog).counts
    assert stats["definitions"] == len(catalog.definitions) >= 225
    assert stats["table3_rows_covered"] == 88
    assert sum(stats["by_scope"].values()) == stats["definitions"]
    assert sum(stats["by_relation_kind"].values()) == stats["relations"]
    for counts in stats["by_property_value"].values():
        assert sum(counts.values()) <= stats["definitions"]
    assert stats["by_property_value"]["composability"]["yes"] >= 1


def test_stats_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tests.clirunner import run

    result = run(capsys, "stats", "--format", "json")
    assert result.code == 0
    data = json.loads(result.out)
    assert {
        "by_dimension",
        "by_dimension_combination",
        "by_scope",
        "by_source",
        "by_relation_kind",
        "by_property_value",
        "with_statement",
        "table3_rows_covered",
    } <= set(data)
