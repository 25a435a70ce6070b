"""End-to-end tests of the `dptax` command line: exit codes, exact messages, JSON shapes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dptaxonomy.cli.app import app
from tests.clirunner import run
from tests.conftest import FIXTURES, ROOT

VALID = str(FIXTURES / "valid")
COMMANDS = tuple(str(command.name) for command in app.registered_commands)
"""Every command, from the app itself (a new command is tested without editing this file)."""


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    result = run(capsys, command, "--help")
    assert result.code == 0
    assert f"Usage: dptax {command}" in result.out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_is_documented(command: str) -> None:
    assert f"dptax {command}" in (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")


def test_no_arguments_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(
        capsys,
    )
    assert result.code == 2
    assert "Usage: dptax" in result.out + result.err


def test_unknown_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "validate", "--bogus")
    assert result.code == 2
    assert "No such option: --bogus" in result.err


def test_missing_catalog_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    result = run(capsys, "validate", "--catalog", str(missing))
    assert result.code == 1
    assert result.err == f"dptax: no catalog directory at {missing}\n"


def test_catalog_from_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DPTAX_CATALOG", VALID)
    result = run(capsys, "list", "--format", "json")
    assert result.code == 0
    assert [row["id"] for row in json.loads(result.out)["definitions"]] == [
        "bayesian-dp-ab20",
        "bayesian-dp-cd21",
        "differential-privacy",
        "renyi-dp",
    ]


@pytest.mark.parametrize(
    "name", ["renyi-dp", "RényiDP", "renyidp", "Rényi DP", "RENYI-DP", "rényi_dp"]
)
def test_name_resolution_variants(capsys: pytest.CaptureFixture[str], name: str) -> None:
    result = run(capsys, "show", name, "--catalog", VALID, "--format", "json")
    assert result.code == 0
    assert json.loads(result.out)["id"] == "renyi-dp"


@pytest.mark.parametrize(
    ("name", "expected"),
    [("BayDP[AB20]", "bayesian-dp-ab20"), ("bay dp [cd21]", "bayesian-dp-cd21")],
)
def test_homonyms_take_a_citation_suffix(
    capsys: pytest.CaptureFixture[str], name: str, expected: str
) -> None:
    result = run(capsys, "show", name, "--catalog", VALID, "--format", "json")
    assert result.code == 0
    assert json.loads(result.out)["id"] == expected


def test_ambiguous_name_lists_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "show", "Bayesian DP", "--catalog", VALID)
    assert result.code == 1
    assert result.err == (
        "dptax: 'Bayesian DP' is ambiguous; it may mean: Bayesian DP [AB20] (bayesian-dp-ab20); "
        "Bayesian DP [CD21] (bayesian-dp-cd21). Add the citation suffix, e.g. "
        "'Bayesian DP[AB20]'.\n"
    )


def test_unknown_name_suggests_close_matches(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "show", "Renyi", "--catalog", VALID)
    assert result.code == 1
    assert (
        result.err == "dptax: no definition is called 'Renyi'; did you mean: Rényi DP (renyi-dp)?\n"
    )


def test_unknown_name_without_close_match_still_gets_suggestions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(capsys, "show", "zzzz", "--catalog", VALID)
    assert result.code == 1
    assert result.err == (
        "dptax: no definition is called 'zzzz'; did you mean: Bayesian DP [AB20] "
        "(bayesian-dp-ab20); Bayesian DP [CD21] (bayesian-dp-cd21); differential privacy "
        "(differential-privacy)?\n"
    )


def test_show_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "show", "RényiDP", "--catalog", VALID, "--format", "json")
    data = json.loads(result.out)
    for key in (
        "id",
        "name",
        "abbreviations",
        "dimensions",
        "parameters",
        "properties",
        "relations",
        "source",
    ):
        assert key in data
    assert data["dimensions"] == ["Q"]
    assert data["properties"]["post_processing"] == {
        "value": "yes",
        "citation": {"key": "DP20", "at": "Table 3, row 5"},
        "status": "established",
    }
    assert data["properties"]["composability"]["value"] == "unknown"
    assert data["relations"][1]["parameter_map"] == {"alpha": "inf", "epsilon": "epsilon"}


def test_show_lists_relations_stated_elsewhere(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "show", "DP", "--catalog", VALID)
    assert result.code == 0
    assert (
        "Relations stated in other entries\n  renyi-dp ≺ differential-privacy  (weaker)"
        in result.out
    )
    data = json.loads(run(capsys, "show", "DP", "--catalog", VALID, "--format", "json").out)
    assert [r["subject"] for r in data["incoming_relations"]] == ["renyi-dp", "renyi-dp"]


def test_show_text(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "show", "BayDP[CD21]", "--catalog", VALID)
    assert result.code == 0
    assert result.out.startswith(
        "Bayesian DP [CD21]\n==================\nid:            bayesian-dp-cd21\n"
    )
    assert "  post_processing      ✗ no       [CD21] Proposition 2\n" in result.out
    assert "[disputed]\n      note: Invented for the fixture." in result.out


def test_list_filters(capsys: pytest.CaptureFixture[str]) -> None:
    def ids(*args: str) -> list[str]:
        result = run(capsys, "list", "--catalog", VALID, "--format", "json", *args)
        assert result.code == 0
        return [row["id"] for row in json.loads(result.out)["definitions"]]

    assert ids("--dimension", "Q") == ["bayesian-dp-cd21", "renyi-dp"]
    assert ids("-d", "q", "-d", "V") == ["bayesian-dp-cd21"]
    assert ids("--property", "composability=yes") == ["differential-privacy"]
    assert ids("--property", "post_processing=no") == ["bayesian-dp-cd21"]
    assert ids("--scope", "context") == []


def test_list_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    rows = json.loads(run(capsys, "list", "--catalog", VALID, "--format", "json").out)[
        "definitions"
    ]
    for row in rows:
        assert {"id", "name", "abbreviations", "dimensions", "scope"} <= set(row)


def test_list_text(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "list", "--catalog", VALID, "-d", "Q")
    assert result.out == (
        "ID                ABBREV       DIMS  PP CV CP  NAME\n"
        "bayesian-dp-cd21  BayDP[CD21]  QV    ✗??       Bayesian DP\n"
        "renyi-dp          RényiDP      Q     ✓✓?       Rényi DP\n"
    )
    assert result.err == "2 definition(s)\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--dimension", "X"), "dptax: --dimension takes one of: Q, N, V, B, F, R, C\n"),
        (
            ("--property", "speed=yes"),
            "dptax: --property: expected PROPERTY=VALUE with PROPERTY one of: "
            "post_processing, convexity, composability, parallel_composition, group_privacy\n",
        ),
        (
            ("--property", "convexity=maybe"),
            "dptax: --property: the value must be one of: yes, no, unknown\n",
        ),
        (
            ("--scope", "galaxy"),
            "dptax: --scope takes one of: core, input_type, context, out_of_scope, sensitivity\n",
        ),
    ],
)
def test_list_bad_filters_are_usage_errors(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    result = run(capsys, "list", "--catalog", VALID, *args)
    assert result.code == 2
    assert result.err == message


def test_queries_refuse_an_invalid_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    broken = FIXTURES / "invalid" / "unknown-key"
    result = run(capsys, "list", "--catalog", str(broken))
    assert result.code == 1
    assert result.err.endswith("fix them first (see `dptax validate`)\n")


def test_validate_github_annotations(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    shutil.copytree(VALID, tmp_path / "c")
    (tmp_path / "c" / "extra.yaml").write_text("id: extra\nname: [\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "c")
    result = run(capsys, "validate", "--catalog", ".", "--format", "github")
    assert result.code == 1
    assert re.fullmatch(r"::error file=extra.yaml,line=3,col=1,title=yaml-syntax::.*\n", result.out)


def test_schema_command_prints_the_committed_schema(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "schema")
    assert result.code == 0
    assert result.out == (ROOT / "schema" / "definition.schema.json").read_text(encoding="utf-8")
    result = run(capsys, "schema", "references")
    assert result.out == (ROOT / "schema" / "references.schema.json").read_text(encoding="utf-8")


def test_shared_abbreviation_is_reported_with_candidates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # SoK Section 4.2 writes individual DP as "InDP"; Table 3 row 33 writes induced neighbors DP
    # as "INDP": the same lookup key once case is ignored.
    result = run(capsys, "show", "InDP")
    assert result.code == 1
    assert result.err == (
        "dptax: 'InDP' is ambiguous; it may mean: individual DP [SCDFSM17] (individual-dp); "
        "induced neighbors DP [KM11] (induced-neighbors-dp). Add the citation suffix, e.g. "
        "'InDP[SCDFSM17]'.\n"
    )
    chosen = run(capsys, "show", "InDP[KM11]", "--format", "json")
    assert json.loads(chosen.out)["id"] == "induced-neighbors-dp"
