"""`dptax show` and `dptax list` through the command line: filters, links, names."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.clirunner import run
from tests.conftest import FIXTURES

VALID = str(FIXTURES / "valid")


def _ids(capsys: pytest.CaptureFixture[str], *options: str) -> list[str]:
    result = run(capsys, "list", "--catalog", VALID, "--format", "json", *options)
    assert result.code == 0, result.err
    return [row["id"] for row in json.loads(result.out)["definitions"]]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (("--dimension", "Q", "--dimension", "V"), ["bayesian-dp-cd21"]),
        (
            ("--any-dimension", "N", "--any-dimension", "V"),
            ["bayesian-dp-ab20", "bayesian-dp-cd21"],
        ),
        (("--any-dimension", "N", "--dimension", "Q"), []),
        (
            ("--unknown-property", "composability"),
            ["bayesian-dp-ab20", "bayesian-dp-cd21", "renyi-dp"],
        ),
        (
            ("--unknown-property", "group-privacy", "--dimension", "Q"),
            ["bayesian-dp-cd21", "renyi-dp"],
        ),
        (("--setting", "local"), []),
        (("--setting", "central", "--scope", "core", "-d", "N"), ["bayesian-dp-ab20"]),
        (("--no-statement", "-p", "composability=yes"), ["differential-privacy"]),
    ],
)
def test_list_filters(
    capsys: pytest.CaptureFixture[str], options: tuple[str, ...], expected: list[str]
) -> None:
    assert _ids(capsys, *options) == expected


def test_unknown_property_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "list", "--catalog", VALID, "--unknown-property", "speed")
    assert result.code == 2
    assert result.err == (
        "dptax: --property: expected PROPERTY=VALUE with PROPERTY one of: post_processing, "
        "convexity, composability, parallel_composition, group_privacy\n"
    )


def _augmented(tmp_path: Path) -> str:
    """The valid fixture plus a link and a relation stated by a second source."""
    catalog = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "valid", catalog)
    renyi = catalog / "renyi-dp.yaml"
    renyi.write_text(
        renyi.read_text(encoding="utf-8")
        + "  - kind: weaker\n    target: differential-privacy\n"
        + "    citation: {key: Mir17, at: Proposition 3}\n",
        encoding="utf-8",
    )
    bayes = catalog / "bayesian-dp-cd21.yaml"
    bayes.write_text(
        bayes.read_text(encoding="utf-8")
        + "links:\n  - kind: variant_of\n    target: bayesian-dp-ab20\n"
        + "    citation: {key: CD21, at: Section 1}\n",
        encoding="utf-8",
    )
    return str(catalog)


def test_show_merges_a_relation_stated_by_several_sources(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    result = run(capsys, "show", "RényiDP", "--catalog", _augmented(tmp_path))
    assert result.code == 0, result.err
    assert (
        "Relations stated in this entry\n"
        "  renyi-dp ≺ differential-privacy  (weaker)\n"
        "      [DP20] Table 3, row 5 — cited; [Mir17] Proposition 3 — cited\n"
        "  renyi-dp ⊃ differential-privacy  (extended_by)"
    ) in result.out


def test_show_prints_links(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    result = run(capsys, "show", "bayesian-dp-cd21", "--catalog", _augmented(tmp_path))
    assert result.code == 0, result.err
    assert "\nLinks\n  variant of Bayesian DP (bayesian-dp-ab20)\n      [CD21] Section 1\n" in (
        result.out
    )


@pytest.mark.parametrize(
    ("name", "suggested"),
    [
        ("Bayes", "Bayesian DP [AB20] (bayesian-dp-ab20); Bayesian DP [CD21] (bayesian-dp-cd21)"),
        ("privacy", "differential privacy (differential-privacy)"),
        ("Renyi", "Rényi DP (renyi-dp)"),
        ("Rényi PD", "Rényi DP (renyi-dp)"),
    ],
)
def test_did_you_mean_finds_prefixes_words_and_misspellings(
    capsys: pytest.CaptureFixture[str], name: str, suggested: str
) -> None:
    result = run(capsys, "show", name, "--catalog", VALID)
    assert result.code == 1
    assert result.err == f"dptax: no definition is called {name!r}; did you mean: {suggested}?\n"


def test_an_unknown_name_always_gets_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "relate", "qqqq", "renyi-dp", "--catalog", VALID)
    assert result.code == 1
    assert result.err.startswith("dptax: no definition is called 'qqqq'; did you mean: ")
    assert result.err.count("(") == 3


def test_suggestions_rank_by_similarity_not_alphabet(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "show", "zCoPD")  # a transposition in zCoDP
    assert result.code == 1
    assert "did you mean: zero-concentrated DP (zero-concentrated-dp); " in result.err
