"""The contributor workflow: dptax new, dptax fmt, pre-commit hooks, the example workflow."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from dptaxonomy.catalog.formatting import FileKind, format_text
from dptaxonomy.catalog.paths import catalog_files, mechanism_files
from tests.clirunner import run
from tests.conftest import CATALOG_DIR, FIXTURES, ROOT


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(FIXTURES / "valid", tmp_path / "catalog")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "catalog"


def test_new_scaffolds_a_valid_commented_entry(
    capsys: pytest.CaptureFixture[str], work: Path
) -> None:
    result = run(
        capsys,
        "new",
        "--id",
        "my-new-dp",
        "--name",
        'a "quoted" DP',
        "-i",
        "Mir17",
        "--summary",
        "Changes the neighbourhood to something new: a fixture.",
        "-d",
        "n",
    )
    assert result.code == 0
    assert (
        result.out
        == "wrote catalog/my-new-dp.yaml; fill it in, then run `dptax validate` and `dptax fmt`\n"
    )
    text = (work / "my-new-dp.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../schema/definition.schema.json\n")
    assert "# summary: One or two sentences, in our own words" in text
    assert yaml.safe_load(text)["name"] == 'a "quoted" DP'
    assert run(capsys, "validate", "--catalog", "catalog").code == 0
    assert format_text(text) == text


def test_new_refuses_to_overwrite_and_reports_bad_values(
    capsys: pytest.CaptureFixture[str], work: Path
) -> None:
    args = ["new", "--id", "renyi-dp", "--name", "x", "-i", "Mir17", "--summary", "y"]
    result = run(capsys, *args)
    assert result.code == 1
    assert (
        result.err == "dptax: catalog/renyi-dp.yaml already exists (use --force to overwrite it)\n"
    )
    bad = run(capsys, "new", "--id", "Bad Id", "--name", "x", "-i", "Mir17", "--summary", "y")
    assert bad.code == 1
    assert bad.err.startswith("dptax: cannot scaffold this entry: id: String should match pattern")
    assert not (work / "Bad Id.yaml").exists()


def test_new_without_a_terminal_asks_for_flags(
    capsys: pytest.CaptureFixture[str], work: Path
) -> None:
    result = run(capsys, "new", "--name", "x")
    assert result.code == 2
    assert result.err == "dptax: missing --id (or run interactively to be asked)\n"
    assert sorted(p.name for p in work.iterdir()) == sorted(
        p.name for p in (FIXTURES / "valid").iterdir()
    )


def test_fmt_orders_keys_and_keeps_comments(capsys: pytest.CaptureFixture[str], work: Path) -> None:
    path = work / "differential-privacy.yaml"
    text = path.read_text(encoding="utf-8")
    shuffled = (
        text.replace("summary: The reference definition.\n", "")
        + "# kept comment\nsummary: The reference definition.\n"
    )
    path.write_text(shuffled, encoding="utf-8")
    check = run(capsys, "fmt", "--check", "catalog/differential-privacy.yaml")
    assert check.code == 1
    assert check.out == "would reformat catalog/differential-privacy.yaml\n"
    assert path.read_text(encoding="utf-8") == shuffled
    assert run(capsys, "fmt", "catalog/differential-privacy.yaml").code == 0
    formatted = path.read_text(encoding="utf-8")
    assert "# kept comment" in formatted
    assert formatted.index("summary:") < formatted.index("introduced_in:")
    assert yaml.safe_load(formatted) == yaml.safe_load(shuffled)
    assert run(capsys, "fmt", "--check", "catalog/differential-privacy.yaml").code == 0


def test_fmt_reports_unparsable_files(capsys: pytest.CaptureFixture[str], work: Path) -> None:
    (work / "broken.yaml").write_text("id: [\n", encoding="utf-8")
    result = run(capsys, "fmt", "--check", "catalog/broken.yaml")
    assert result.code == 1
    assert result.err.startswith("catalog/broken.yaml: the file does not parse")
    assert (work / "broken.yaml").read_text(encoding="utf-8") == "id: [\n"


@pytest.mark.parametrize("path", catalog_files(CATALOG_DIR), ids=lambda p: p.stem)
def test_every_catalog_file_is_formatted(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_text(text) == text, f"run `dptax fmt {path.relative_to(ROOT)}`"


@pytest.mark.parametrize("path", mechanism_files(CATALOG_DIR), ids=lambda p: p.stem)
def test_every_mechanism_file_is_formatted(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_text(text, kind=FileKind.mechanism) == text, (
        f"run `dptax fmt {path.relative_to(ROOT)}`"
    )


def test_the_references_file_is_formatted() -> None:
    """GRS09 landed unformatted once: nothing but `dptax fmt --check` in CI looked at this file."""
    path = CATALOG_DIR / "references.yaml"
    text = path.read_text(encoding="utf-8")
    assert format_text(text, kind=FileKind.references) == text, (
        f"run `dptax fmt {path.relative_to(ROOT)}`"
    )


def test_pre_commit_hooks_and_workflow() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert {hook["id"] for hook in hooks} == {"dptax-validate", "dptax-fmt"}
    assert all(hook["entry"].startswith("dptax ") for hook in hooks)
    workflow = yaml.safe_load(
        (ROOT / ".github" / "workflows" / "catalog.yml").read_text(encoding="utf-8")
    )
    steps = " ".join(str(step.get("run", "")) for step in workflow["jobs"]["validate"]["steps"])
    assert "dptax validate --catalog catalog --format github" in steps
    assert "dptax fmt --check" in steps


def test_contributing_guide_covers_the_workflow() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for command in ("dptax new", "dptax validate", "dptax fmt", "dptax relate", "make test"):
        assert command in text


MECHANISM_ARGS = [
    "new",
    "--mechanism",
    "--id",
    "my-mech",
    "--name",
    'a "noisy" count',
    "-i",
    "Mir17",
    "--summary",
    "Adds Laplace noise to the number of records.",
    "--output",
    r"\mathcal{M}(D) = |D| + \mathrm{Lap}(1/\varepsilon)",
]


def test_new_mechanism_scaffolds_an_entry_validate_accepts(
    capsys: pytest.CaptureFixture[str], work: Path
) -> None:
    result = run(capsys, *MECHANISM_ARGS)
    assert result.code == 0
    assert result.out == (
        "wrote catalog/mechanisms/my-mech.yaml; fill it in, then run `dptax validate` and "
        "`dptax verify`\n"
    )
    path = work / "mechanisms" / "my-mech.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../schema/mechanism.schema.json\n")
    assert "# action: How it acts on inputs, for the neighbourhood evaluator" in text
    data = yaml.safe_load(text)
    assert data["output"] == r"\mathcal{M}(D) = |D| + \mathrm{Lap}(1/\varepsilon)"
    assert data["input"] == {"kind": "dataset", "neighbourhood": "add or remove one record"}
    assert format_text(text, kind=FileKind.mechanism) == text
    # the author fills it in: a claim and an action, then validate and fmt accept it
    path.write_text(
        text.replace(
            "satisfies: []",
            "satisfies:\n  - {definition: differential-privacy, "
            "citation: {key: Mir17, at: Section 9}}",
        ).replace(
            "parameters: []",
            "parameters:\n  - {name: epsilon, symbol: \\varepsilon, meaning: scale inverse, "
            "type: real, domain: '(0, inf)'}\n"
            "action: {statistic: size, noise: laplace, scale: 1 / epsilon}",
        ),
        encoding="utf-8",
    )
    validated = run(capsys, "validate", "--catalog", "catalog")
    assert validated.code == 0, validated.out
    assert run(capsys, "fmt", "catalog/mechanisms/my-mech.yaml").code == 0
    formatted = path.read_text(encoding="utf-8")
    assert formatted.index("parameters:") < formatted.index("action:")
    assert run(capsys, "fmt", "--check", "catalog/mechanisms/my-mech.yaml").code == 0
    whole = run(capsys, "fmt", "--check")  # the fixture's definitions are not all canonical
    assert whole.err.startswith("6 file(s):")  # references, 4 definitions and the mechanism
    assert "my-mech" not in whole.out


def test_new_mechanism_refuses_overwrite_and_bad_values(
    capsys: pytest.CaptureFixture[str], work: Path
) -> None:
    assert run(capsys, *MECHANISM_ARGS).code == 0
    again = run(capsys, *MECHANISM_ARGS)
    assert again.code == 1
    assert again.err == (
        "dptax: catalog/mechanisms/my-mech.yaml already exists (use --force to overwrite it)\n"
    )
    bad = run(capsys, *MECHANISM_ARGS, "--force", "--input", "stream")
    assert bad.code == 2
    assert "invalid value: --input must be one of: dataset, graph, value" in bad.err
    wrong = run(capsys, *[a if a != "my-mech" else "Not An Id" for a in MECHANISM_ARGS])
    assert wrong.code == 1
    assert wrong.err.startswith("dptax: cannot scaffold this entry: id: ")
    assert not (work / "mechanisms" / "Not An Id.yaml").exists()


def test_fmt_orders_a_mechanism_by_its_schema(
    capsys: pytest.CaptureFixture[str], work: Path
) -> None:
    source = (CATALOG_DIR / "mechanisms" / "exact-size.yaml").read_text(encoding="utf-8")
    lines = source.splitlines()
    shuffled = "\n".join([*lines[1:3][::-1], *lines[3:]]) + "\n"  # no modeline, name before id
    (work / "mechanisms").mkdir()
    path = work / "mechanisms" / "exact-size.yaml"
    path.write_text(shuffled, encoding="utf-8")
    assert run(capsys, "fmt", "--check", "catalog/mechanisms/exact-size.yaml").code == 1
    assert run(capsys, "fmt", "catalog/mechanisms/exact-size.yaml").code == 0
    assert path.read_text(encoding="utf-8") == source
