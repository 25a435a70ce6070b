"""`dptax show`: evidence on every relation line, and mechanisms with their claims' evidence."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.clirunner import run
from tests.conftest import CATALOG_DIR


def _show(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    result = run(capsys, "show", *args, "--catalog", str(CATALOG_DIR))
    return result.code, result.out, result.err


def test_relation_lines_show_their_evidence(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _show(capsys, "bounded-dp")
    assert code == 0
    assert "      [DP20] Section 4.1, after Definition 14 — quoted\n" in out
    assert "      [DP20] Table 3, row 73 — cited\n" in out
    code, out, _ = _show(capsys, "differential-privacy")
    assert "      [DP20] Section 4.1, after Definition 14 — computed (105 cases)\n" in out


def test_relation_json_carries_the_evidence(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _show(capsys, "differential-privacy", "-f", "json")
    assert code == 0
    data = json.loads(out)
    relations = data["relations"] + data["incoming_relations"]
    levels = {r["evidence"] for r in relations}
    assert levels <= {"quoted", "cited", "computed", "refuted"}
    computed = [r for r in relations if r["evidence"] == "computed"]
    assert computed
    assert all(r["cases"] > 0 and r["verify"] == "computed" for r in computed)


def test_show_prints_a_mechanism(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _show(capsys, "exact-size")
    assert code == 0
    assert out.startswith("exact dataset size (mechanism)\n==============================\n")
    assert "action:        size, released exactly\n" in out
    assert (
        "Satisfies\n  bounded-dp  with epsilon = 0\n"
        "      [KM11] Section on bounded and unbounded DP (the size is public under bounded DP;"
        " section number not checked)\n"
        "      evidence: computed (10 cases)\n"
    ) in out
    assert (
        "Separations it witnesses\n  bounded-dp ⊁ unbounded-dp   (rule W3; evidence: computed"
        in out
    )
    assert out.rstrip().endswith("file: catalog/mechanisms/exact-size.yaml")


def test_show_mechanism_by_name_and_unchecked_claims(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = _show(capsys, "--mechanism", "Gaussian mechanism")
    assert code == 0
    assert "  gaussian-dp  with mu = sensitivity / sigma\n" in out
    assert "stored copy)\n      evidence: computed (25 cases)\n      note: μ = Δ/σ.\n" in out
    assert "  gaussian-dp ⊁ differential-privacy   (rule W3; evidence: computed (25 cases))" in out
    # every shipped claim is computed: an evidence file recording one as unchecked shows it so
    catalog = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, catalog)
    evidence = catalog / "evidence.json"
    data = json.loads(evidence.read_text(encoding="utf-8"))
    for row in data["checks"]:
        if row["reading"] == "gaussian satisfies gaussian-dp":
            row.update(outcome="unchecked", cases=0)
    evidence.write_text(json.dumps(data), encoding="utf-8")
    result = run(capsys, "show", "--mechanism", "Gaussian mechanism", "--catalog", str(catalog))
    assert result.code == 0
    assert "      evidence: cited; verify: unchecked\n" in result.out
    assert "  gaussian-dp ⊁ differential-privacy   (rule W3; evidence: cited)" in result.out


def test_show_mechanism_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _show(capsys, "edge-count", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["schema_version"], data["kind"], data["id"]) == (1, "mechanism", "edge-count")
    assert data["action"] == {"statistic": "edge-count", "noise": "laplace", "scale": "1 / epsilon"}
    [met] = data["satisfies"]
    [violated] = data["violates"]
    assert (met["definition"], met["evidence"], met["verify"]) == (
        "edge-dp",
        "computed",
        "computed",
    )
    assert (violated["definition"], violated["cases"]) == ("node-dp", 5495)
    assert data["witnesses"] == [
        {
            "stronger": "edge-dp",
            "not_stronger_than": "node-dp",
            "derived": True,
            "evidence": "computed",
            "cases": 5495,
        }
    ]


def test_show_mechanism_flag_refuses_a_definition(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _show(capsys, "--mechanism", "bounded-dp")
    assert (code, out) == (1, "")
    assert err.startswith(
        "dptax: no mechanism is called 'bounded-dp'; the mechanisms are: constant, "
        "contribution-counter, discrete-laplace, distinct-element-counter, edge-count, exact-size,"
    )


def test_an_unknown_name_is_still_reported_as_a_definition(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = _show(capsys, "no-such-thing-anywhere")
    assert code == 1
    assert err.startswith("dptax: no definition is called 'no-such-thing-anywhere'")


def test_relate_shows_each_witness_claims_computed_evidence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(capsys, "relate", "node-dp", "edge-dp", "--catalog", str(CATALOG_DIR))
    assert result.code == 0
    assert result.out.startswith("node-dp vs edge-dp: stronger (strictly)")
    assert (
        "  1. edge-dp ⊁ node-dp   witness: mechanism edge-count (rule W3; evidence: computed "
        "(5495 cases))\n"
    ) in result.out
    assert "(catalog/mechanisms/edge-count.yaml:22; computed (26625 cases))\n" in result.out
    assert "(catalog/mechanisms/edge-count.yaml:26; computed (5495 cases))\n" in result.out
    result = run(
        capsys, "relate", "bounded-dp", "unbounded-dp", "-f", "json", "--catalog", str(CATALOG_DIR)
    )
    data = json.loads(result.out)
    [step] = [s for p in data["proofs"] for s in p["steps"] if "witness" in s]
    witness = step["witness"]
    assert witness["mechanism"] == "exact-size"
    assert (witness["satisfies"]["evidence"], witness["satisfies"]["cases"]) == ("computed", 10)
    assert (witness["violates"]["evidence"], witness["violates"]["cases"]) == ("computed", 20)


@pytest.mark.parametrize(
    "argv", [["show", "exact-size"], ["show", "--mechanism", "gaussian", "-f", "json"]]
)
def test_fast_and_typer_paths_show_a_mechanism_alike(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    from dptaxonomy.cli import fast

    full = [*argv, "--catalog", str(CATALOG_DIR)]
    assert fast.parse(full) is not None
    quick = run(capsys, *full)
    monkeypatch.setattr(fast, "parse", lambda _argv: None)
    assert run(capsys, *full) == quick
    assert quick.code == 0


def test_a_definition_lists_the_mechanism_claims_about_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _show(capsys, "unbounded-dp")
    assert code == 0
    assert (
        "Mechanisms (dptax show MECHANISM for the entry)\n"
        "  exact-size violates it for every parameter\n"
        "      [KM11] Section on bounded and unbounded DP (section number not checked)"
        " — computed (20 cases)\n"
        "  noisy-count satisfies it with epsilon = epsilon\n"
    ) in out
    code, out, _ = _show(capsys, "unbounded-dp", "-f", "json")
    claims = json.loads(out)["mechanism_claims"]
    assert [(c["mechanism"], c["claim"], c["evidence"]) for c in claims] == [
        ("exact-size", "violates", "computed"),
        ("noisy-count", "satisfies", "computed"),
    ]
