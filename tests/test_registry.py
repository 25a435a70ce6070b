"""`dptax check-registry` on entries written in the OpenDP deployments registry's format
(tests/fixtures/registry: fictional entries, one of each kind, consistent and not)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dptaxonomy.queries.registry import registry_release
from dptaxonomy.schema.enums import Setting
from dptaxonomy.schema.settings import Convention, Unit
from tests.clirunner import run
from tests.conftest import FIXTURES

REGISTRY = FIXTURES / "registry"


def entry(flavour: str, parameters: dict[str, float], **loss: str) -> dict[str, object]:
    return {
        "deployment": {
            "name": "x",
            "dp_flavor": {"name": flavour, "unprotected_quantities": "- a\n- b\n"},
            "privacy_loss": {"privacy_parameters": parameters, **loss},
            "model": {"model_name": "Federated"},
        }
    }


def test_a_zcdp_entry_with_an_epsilon_is_read_with_both_statements() -> None:
    data = entry(
        "Zero-concentrated DP",
        {"rho": 0.0728, "epsilon": 1.453, "delta": 1e-5},
        privacy_unit="Person-level",
        privacy_unit_description="bounded neighbors: the modification of one record",
    )
    release, notes = registry_release(data, "stem")
    assert release is not None
    assert release.guarantee.parameters == {"rho": 0.0728, "xi": 0}
    [also] = release.also_stated
    assert (also.definition, also.parameters) == (
        "approximate-dp",
        {"epsilon": 1.453, "delta": 1e-5},
    )
    assert (release.unit, release.neighbouring) == (Unit.record, Convention.replace_one)
    assert release.trust_model is Setting.distributed
    assert release.invariants == ["a", "b"]
    assert notes == ["ρ-zCDP read with ξ = 0 (Bun and Steinke's zCDP)"]


def test_readings_that_are_not_copies_are_noted() -> None:
    release, notes = registry_release(entry("Pure DP", {"epsilon": 1}, privacy_unit="?"), "s")
    assert release is not None
    assert (release.unit, release.neighbouring) == (Unit.record, Convention.add_remove)
    assert notes == [
        "privacy unit '?' not recognised: read as one record",
        "neighbouring relation not stated: read as add/remove",
    ]
    for flavour in ("Renyi DP", "Custom"):
        release, notes = registry_release(entry(flavour, {"epsilon": 1}), "s")
        assert release is None
        assert notes == [f"DP variant {flavour!r}: no parameters a card can read"]


def current(variant: str | None, parameters: object, **loss: object) -> dict[str, object]:
    """An entry in the registry's current key names (dp_variant, deployment_model, basic)."""
    deployment: dict[str, object] = {
        "basic": {"name": "current"},
        "privacy_loss": {"privacy_parameters": parameters, **loss},
        "deployment_model": {"model_name": "Shuffle"},
    }
    if variant is not None:
        deployment["dp_variant"] = {"variant_name": variant, "unprotected_quantities": "- c\n"}
    return {"deployment": deployment}


def test_the_current_key_names_are_read() -> None:
    data = current(
        "Approximate DP",
        {"epsilon": 1, "delta": 1e-6},
        privacy_unit="User-day-level",
        privacy_unit_details="the addition or removal of one user's data on one day",
    )
    release, notes = registry_release(data, "stem")
    assert release is not None
    assert (release.name, release.guarantee.definition) == ("current", "approximate-dp")
    assert (release.unit, release.neighbouring) == (Unit.user_day, Convention.add_remove)
    assert (release.trust_model, release.invariants) == (Setting.shuffle, ["c"])
    assert notes == []
    release, notes = registry_release(current(None, {}), "stem")
    assert release is None
    assert notes == ["no DP variant stated: no parameters a card can read"]


@pytest.mark.parametrize(
    ("text", "unit", "note"),
    [
        ("User-level\n", Unit.user, None),
        ("User-account-level", Unit.user, None),
        ("Tuple-level", Unit.record, None),
        ("User-month-level", Unit.event, "part of one user's data (month): read as one event"),
        ("User-trip-level", Unit.event, "part of one user's data (trip): read as one event"),
        ("User-quarter-day-level", Unit.event, "(quarter-day): read as one event"),
        (
            "Bounded contribution-day",
            Unit.event,
            "one contribution's data (day): read as one event",
        ),
        (
            "Person-level; housing-unit-level",
            Unit.record,
            "names several units: read as one record",
        ),
        ("Business establishment", Unit.record, "not recognised: read as one record"),
        ("", Unit.record, "privacy unit not stated: read as one record"),
    ],
)
def test_units_as_the_registry_writes_them(text: str, unit: Unit, note: str | None) -> None:
    release, notes = registry_release(
        current("Pure DP", {"epsilon": 1}, privacy_unit=text, privacy_unit_details="add"), "s"
    )
    assert release is not None
    assert release.unit is unit
    if note is None:
        assert notes == []
    else:
        [said] = notes
        assert said.endswith(note)


@pytest.mark.parametrize(
    ("details", "convention", "said"),
    [
        ('a "bounded neighbors" definition of adjacency', Convention.replace_one, []),
        (
            "differ by a bounded number of page views for a single day",
            Convention.add_remove,
            ["neighbouring relation not stated: read as add/remove"],
        ),
        ("the distance is the symmetric distance", Convention.add_remove, []),
    ],
)
def test_neighbours_from_the_details(details: str, convention: Convention, said: list[str]) -> None:
    data = current("Pure DP", {"epsilon": 1}, privacy_unit="User", privacy_unit_details=details)
    release, notes = registry_release(data, "s")
    assert release is not None
    assert (release.neighbouring, notes) == (convention, said)


def test_a_delta_given_as_a_formula_gives_no_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shutil.copy(REGISTRY / "deployments" / "variant_formula_delta.yaml", tmp_path / "f.yaml")
    result = run(capsys, "check-registry", str(tmp_path), "-f", "json")
    assert result.code == 0, result.err
    [entry] = json.loads(result.out)["entries"]
    assert (entry["card"], entry["findings"]) == (None, [])
    assert entry["notes"][-1] == (
        r"delta of approximate-dp: 'n^{(-\\epsilon \\ln(n))}' is not a number (domain [0, 1])"
    )


def test_json_lists_every_entry_and_exits_1_on_a_finding(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "deployments"
    folder.mkdir()
    for name in ("zcdp_with_epsilon.yaml", "zcdp_consistent.yaml"):
        shutil.copy(REGISTRY / "deployments" / name, folder / name)
    result = run(capsys, "check-registry", str(tmp_path), "--format", "json")
    assert result.code == 1, result.err
    data = json.loads(result.out)
    files = [Path(e["file"]).name for e in data["entries"]]
    assert files == ["zcdp_consistent.yaml", "zcdp_with_epsilon.yaml"]
    consistent, inconsistent = data["entries"]
    assert consistent["findings"] == []
    [finding] = inconsistent["findings"]
    assert finding["kind"] == "no_sound_conversion"
    assert finding["message"].endswith("needs ε > 1.4758")
    assert [s["b"] for s in finding["proof"]["steps"]] == ["renyi-dp", "approximate-dp"]


def test_consistent_entries_exit_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shutil.copy(REGISTRY / "deployments" / "zcdp_consistent.yaml", tmp_path / "a.yaml")
    result = run(capsys, "check-registry", str(tmp_path))
    assert result.code == 0, result.err
    assert result.out.splitlines()[-1] == "1 entries, 1 with a card, 0 finding(s)"


def test_not_a_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    result = run(capsys, "check-registry", str(tmp_path / "missing"))
    assert result.code == 1
    assert result.err == f"dptax: {tmp_path / 'missing'} is not a directory\n"


@pytest.mark.slow
def test_every_fixture_entry(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "check-registry", str(REGISTRY), "-f", "json")
    assert result.code == 1
    found = {
        Path(e["file"]).stem: [f["kind"] for f in e["findings"]]
        for e in json.loads(result.out)["entries"]
    }
    assert found == {
        "approximate": [],
        "pure_with_delta": ["variant_contradicts_parameters"],
        "renyi": [],
        "zcdp_consistent": [],
        "zcdp_with_epsilon": ["no_sound_conversion"],
        "variant_bounded_contribution": [],
        "variant_census_like": [],
        "variant_formula_delta": [],
        "variant_none": [],
        "variant_user_month": [],
    }
