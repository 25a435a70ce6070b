"""Hostile input, round 3 (issue 29): numbers. No silent wrong answer, no exit 70.

A section per class of defect (files and caches are in ``test_hostile_inputs.py``).
Every test here failed before its fix: a wrong answer, an internal error (exit
70), or a catalog that validated though it should not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.clirunner import run
from tests.test_hostile_inputs import hostile_catalog

# --- 2. Constants keep their decimal text into the interval ---

RENYI_MAP = "parameter_map: {alpha: inf, epsilon: epsilon}"


def _renyi_map(catalog: Path, epsilon: str) -> None:
    """Give the fixture's DP ⊂ Rényi DP step the map ``alpha = 2, epsilon = <epsilon>``."""
    path = catalog / "renyi-dp.yaml"
    text = path.read_text(encoding="utf-8")
    assert RENYI_MAP in text
    path.write_text(
        text.replace(RENYI_MAP, f'parameter_map: {{alpha: "2", epsilon: "{epsilon}"}}'),
        encoding="utf-8",
    )


def _convert(
    capsys: pytest.CaptureFixture[str], catalog: Path, *values: str, output: str = "json"
) -> tuple[int, str, str]:
    given = [part for value in values for part in ("--from", value)]
    result = run(
        capsys, "convert", "DP", "renyi-dp", *given, "--catalog", str(catalog), "-f", output
    )
    return result.code, result.out, result.err


def test_a_constant_no_double_holds_keeps_its_decimal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """10²² + 1 − 10²² is 1; read as doubles it was 0, and convert claimed ε ≤ 0."""
    catalog = hostile_catalog(tmp_path)
    _renyi_map(catalog, "10000000000000000000001 - 10000000000000000000000")
    code, out, err = _convert(capsys, catalog, "epsilon=1")
    assert (code, err) == (0, "")
    epsilon = json.loads(out)["to"]["epsilon"]
    assert epsilon["enclosure"] == [1.0, 1.0]
    assert epsilon["value"] == 1.0


def test_a_literal_keeps_its_text_and_an_exact_one_its_value() -> None:
    from dptaxonomy.reasoning.maps.numeric import evaluate_interval, lower, upper
    from dptaxonomy.schema.arith import Number, parse_expression, render

    assert parse_expression("2") == Number(2.0)
    assert parse_expression("0.1") == Number(0.1)  # the decimal repr(0.1) writes
    assert parse_expression("1" + "0" * 22 + "1") == Number(1e23 + 2**24, "1" + "0" * 22 + "1")
    text = "0.1000000000000000000000001"
    node = parse_expression(f"{text} - 0.1")
    assert render(node) == f"{text} - 0.1"
    value = evaluate_interval(node, {})
    assert 0 < lower(value) <= 1e-25 <= upper(value) < 2e-25


# --- 3. Integer parameters are integers ---


def _integer_k(catalog: Path) -> None:
    """Make Rényi DP's alpha an integer parameter (domain [2, inf))."""
    path = catalog / "renyi-dp.yaml"
    text = path.read_text(encoding="utf-8")
    old = '    type: real\n    domain: "(1, inf)"'
    assert old in text
    path.write_text(
        text.replace(old, '    type: integer\n    domain: "[2, inf)"'), encoding="utf-8"
    )


def test_an_integer_parameter_refuses_a_fraction_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = hostile_catalog(tmp_path)
    _integer_k(catalog)
    result = run(
        capsys, "convert", "renyi-dp", "DP", "--from", "alpha=2.5", "--from", "epsilon=1",
        "--catalog", str(catalog),
    )  # fmt: skip
    assert result.code == 1
    assert result.err == (
        "dptax: alpha of renyi-dp is an integer parameter: 2.5 is not an integer\n"
    )


def test_a_map_giving_an_integer_parameter_a_fraction_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = hostile_catalog(tmp_path)
    _integer_k(catalog)
    path = catalog / "renyi-dp.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(RENYI_MAP, 'parameter_map: {alpha: "epsilon + 2", epsilon: epsilon}'),
        encoding="utf-8",
    )
    code, _, err = _convert(capsys, catalog, "epsilon=0.5")
    assert (code, err) == (
        1,
        "dptax: no chain from differential-privacy to renyi-dp gives a result at these values"
        " (via renyi-dp [DP20]: step 1 gives alpha of renyi-dp, not an integer)\n",
    )
    assert _convert(capsys, catalog, "epsilon=1")[0] == 0  # alpha = 3: an integer


# --- 4. Only ASCII digits are digits ---

BENGALI_FOUR = "\u09ea"


def test_a_unicode_digit_on_the_command_line_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = hostile_catalog(tmp_path)
    code, _, err = _convert(capsys, catalog, f"epsilon=0.{BENGALI_FOUR}")
    assert code == 1
    assert err == (
        f"dptax: epsilon of differential-privacy: '{BENGALI_FOUR}' (BENGALI DIGIT FOUR) is not"
        " an ASCII digit: write numbers with the digits 0-9\n"
    )


def test_a_unicode_digit_in_a_catalog_expression_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = hostile_catalog(tmp_path)
    _renyi_map(catalog, f"epsilon * {BENGALI_FOUR}")
    monkeypatch.chdir(catalog)
    result = run(capsys, "validate", "--catalog", ".")
    assert result.code == 1
    assert (
        f"renyi-dp.yaml:34:42: error[invalid-value]: relations[1].parameter_map.epsilon: "
        f"'{BENGALI_FOUR}' (BENGALI DIGIT FOUR) is not an ASCII digit"
    ) in result.out


@pytest.mark.parametrize(
    "command",
    [
        ["open-questions", "--limit"],
        ["export", "dot", "--around", "DP", "--depth"],
        ["sparql", "ASK {}", "--limit"],
        ["sparql", "ASK {}", "--timeout"],
    ],
)
def test_a_unicode_digit_in_a_count_option_is_a_usage_error(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """click's int() read `--limit ৪` as 4."""
    result = run(capsys, *command, BENGALI_FOUR)
    assert result.code == 2
    assert (
        f"'{BENGALI_FOUR}' (BENGALI DIGIT FOUR) is not an ASCII digit: write numbers with the"
        " digits 0-9"
    ) in " ".join(result.err.split())


@given(st.characters(categories=["Nd"]).filter(lambda c: not c.isascii()))
def test_no_unicode_digit_is_read_as_a_number(digit: str) -> None:
    from dptaxonomy.base.errors import NumericError
    from dptaxonomy.reasoning.maps.numeric import exact
    from dptaxonomy.schema.arith import ArithmeticError_, parse_expression

    with pytest.raises(ArithmeticError_, match="is not an ASCII digit"):
        parse_expression(f"1{digit}")
    with pytest.raises(NumericError, match="is not an ASCII digit"):
        exact(f"1{digit}")


# --- 7. What used to exit 70 is a located error, exit 1 ---


def test_an_exponential_tower_is_refused_not_an_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = hostile_catalog(tmp_path)
    _renyi_map(catalog, "exp(exp(exp(epsilon)))")
    code, _, err = _convert(capsys, catalog, "epsilon=100")
    assert code == 1
    assert err == (
        "dptax: no chain from differential-privacy to renyi-dp gives a result at these values"
        " (via renyi-dp [DP20]: step 1 (differential-privacy → renyi-dp) cannot be evaluated:"
        " the value is not finite)\n"
    )


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("exp(epsilon, 2)", "exp takes 1 argument, given 2"),
        ("binom_pmf(1, epsilon)", "binom_pmf takes 3 arguments, given 2"),
        ("sqrt(epsilon, epsilon, 1)", "sqrt takes 1 argument, given 3"),
    ],
)
def test_a_function_with_the_wrong_arity_fails_validation(
    expression: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    catalog = hostile_catalog(tmp_path)
    _renyi_map(catalog, expression)
    monkeypatch.chdir(catalog)
    result = run(capsys, "validate", "--catalog", ".")
    assert result.code == 1
    assert (
        "renyi-dp.yaml:34:42: error[invalid-value]: relations[1].parameter_map.epsilon: " + message
    ) in result.out


MECHANISM = """\
id: {id}
name: {id}
description: A hostile mechanism.
introduced_in: [Mir17]
input: {{kind: dataset, neighbourhood: datasets differing in one record}}
output: f(D) + noise
parameters:
  - {{name: s, symbol: s, meaning: A scale., type: real, domain: "(0, inf)"}}
pair:
  kind: {kind}
  arguments: {arguments}
"""

INVALID_PAIRS = {
    "negative-sigma": (
        "gaussian",
        '{shift: "1", sigma: "-s"}',
        "the gaussian pair is not valid at s = 0.25: a Gaussian pair needs sigma > 0",
    ),
    "masses-not-summing-to-1": (
        "finite",
        '{p0: "0.5", p1: "0.4", q0: "0.5", q1: "0.5"}',
        "the finite pair is not valid at s = 0.25: a finite pair needs two probability vectors",
    ),
    "negative-laplace-scale-somewhere": (
        "laplace",
        '{shift: "1", scale: "s - 1"}',
        "the laplace pair is not valid at s = 0.25: a Laplace pair needs scale > 0",
    ),
}


@pytest.mark.parametrize("name", sorted(INVALID_PAIRS))
def test_an_invalid_mechanism_pair_fails_validation(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    kind, arguments, message = INVALID_PAIRS[name]
    catalog = hostile_catalog(tmp_path)
    (catalog / "mechanisms").mkdir()
    text = MECHANISM.format(id="hostile", kind=kind, arguments=arguments)
    (catalog / "mechanisms" / "hostile.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(catalog)
    result = run(capsys, "validate", "--catalog", ".")
    assert result.code == 1, result.out + result.err
    located = f"mechanisms/hostile.yaml:10:3: error[invalid-pair]: pair: {message}"
    assert result.out.startswith(located)
    verified = run(capsys, "verify", "--catalog", ".")
    assert verified.code == 1
    assert verified.err.startswith(located)


def test_a_valid_mechanism_pair_passes_validation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = hostile_catalog(tmp_path)
    (catalog / "mechanisms").mkdir()
    text = MECHANISM.format(id="fine", kind="gaussian", arguments='{shift: "1", sigma: s}')
    (catalog / "mechanisms" / "fine.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(catalog)
    assert run(capsys, "validate", "--catalog", ".").code == 0


def test_site_out_through_a_symlink_is_refused(tmp_path: Path) -> None:
    from dptaxonomy.base.errors import ExportError
    from dptaxonomy.export.site.builder import MARKER, write_site

    real = tmp_path / "real-site"
    write_site({"index.html": b"old", MARKER: b"built"}, real)
    link = tmp_path / "site"
    link.symlink_to(real, target_is_directory=True)
    with pytest.raises(ExportError) as refused:
        write_site({"index.html": b"new", MARKER: b"built"}, link)
    assert str(refused.value) == (
        f"{link} is a symbolic link; give the directory it leads to ({real}) or a new directory"
        " as --out"
    )
    assert link.is_symlink()
    assert (real / "index.html").read_bytes() == b"old"


def test_a_rebuilt_site_keeps_its_permissions(tmp_path: Path) -> None:
    from dptaxonomy.export.site.builder import MARKER, write_site

    out = tmp_path / "site"
    write_site({"index.html": b"old", MARKER: b"built"}, out)
    out.chmod(0o750)
    write_site({"index.html": b"new", MARKER: b"built"}, out)
    assert (out.stat().st_mode & 0o777, (out / "index.html").read_bytes()) == (0o750, b"new")
