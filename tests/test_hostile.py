"""Hostile and malformed input: every case fails cleanly (or is a documented acceptance).

Each case lays files over a copy of the valid fixture catalog and runs
`dptax validate`. It must exit with the expected code, name the file in a
located message, raise no traceback, finish quickly, and write nothing.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from tests.clirunner import run
from tests.conftest import FIXTURES

HEAD = "# yaml-language-server: $schema=../schema/definition.schema.json\n"
ENTRY = (
    "id: extra-dp\nname: extra DP\ndimensions: [Q]\n"
    "summary: A hostile fixture entry, used by the tests.\n"
    "introduced_in: [Dwo06]\nsource: {key: DP20}\nscope: core\nproperties:\n"
    "  post_processing: {value: unknown}\n  convexity: {value: unknown}\n"
    "  composability: {value: unknown}\n"
)


def entry(**replace: str) -> bytes:
    text = HEAD + ENTRY
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new, 1)
    return text.encode("utf-8")


BOMB = (
    b"a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
    b"e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
    b"g: [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
)

# name: (files, exit code, text the output must contain)
CASES: dict[str, tuple[dict[str, bytes], int, str]] = {
    "truncated-quoted-string": (
        {"extra-dp.yaml": entry(**{"name: extra DP": 'name: "extra DP'})[:120]},
        1,
        "extra-dp.yaml:",
    ),
    "tab-indentation": (
        {"extra-dp.yaml": entry(**{"  convexity": "\tconvexity"})},
        1,
        "error[yaml-syntax]",
    ),
    "bad-indentation": (
        {"extra-dp.yaml": entry(**{"  convexity": "   convexity"})},
        1,
        "error[yaml-syntax]",
    ),
    "unclosed-bracket": (
        {"extra-dp.yaml": entry(**{"dimensions: [Q]": "dimensions: [Q"})},
        1,
        "error[yaml-syntax]",
    ),
    "unclosed-brace": (
        {"extra-dp.yaml": entry(**{"source: {key: DP20}": "source: {key: DP20"})},
        1,
        "error[yaml-syntax]",
    ),
    "duplicate-key": (
        {"extra-dp.yaml": entry() + b"scope: core\n"},
        1,
        "error[duplicate-key]: scope",
    ),
    "unknown-key": ({"extra-dp.yaml": entry() + b"colour: red\n"}, 1, "error[unknown-key]: colour"),
    "list-for-string": (
        {"extra-dp.yaml": entry(**{"name: extra DP": "name: [a, b]"})},
        1,
        "error[wrong-type]: name",
    ),
    "empty-file": ({"extra-dp.yaml": b""}, 1, "extra-dp.yaml:1:1: error[empty-file]"),
    "whitespace-only": (
        {"extra-dp.yaml": b"   \n\n  \n"},
        1,
        "extra-dp.yaml:1:1: error[empty-file]",
    ),
    "comments-only": (
        {"extra-dp.yaml": b"# nothing\n# here\n"},
        1,
        "extra-dp.yaml:1:1: error[empty-file]",
    ),
    "null-document": ({"extra-dp.yaml": b"~\n"}, 1, "error[wrong-type]: (document)"),
    "several-documents": ({"extra-dp.yaml": entry() + b"---\n" + entry()}, 1, "error[yaml-syntax]"),
    "list-at-top-level": (
        {"extra-dp.yaml": b"- id: extra-dp\n"},
        1,
        "error[wrong-type]: (document)",
    ),
    "scalar-at-top-level": ({"extra-dp.yaml": b"hello\n"}, 1, "error[wrong-type]: (document)"),
    "latin-1-bytes": (
        {"extra-dp.yaml": entry(**{"extra DP": "extra D\u00e9P"}).replace(b"\xc3\xa9", b"\xe9")},
        1,
        "extra-dp.yaml:3:14: error[encoding]",
    ),
    "control-character": (
        {"extra-dp.yaml": entry(**{"extra DP": "extra\x07DP"})},
        1,
        "extra-dp.yaml:3:12: error[yaml-syntax]: control character U+0007",
    ),
    "nul-byte": (
        {"extra-dp.yaml": entry(**{"extra DP": "extra\x00DP"})},
        1,
        "extra-dp.yaml:3:12: error[yaml-syntax]: control character U+0000",
    ),
    "python-tag": (
        {
            "extra-dp.yaml": entry(
                **{"name: extra DP": "name: !!python/object/apply:os.system [ls]"}
            )
        },
        1,
        "error[yaml-tag]",
    ),
    "custom-tag": (
        {"extra-dp.yaml": entry(**{"name: extra DP": "name: !shout extra DP"})},
        1,
        "error[yaml-tag]",
    ),
    "billion-laughs": ({"extra-dp.yaml": BOMB}, 1, "error[yaml-alias]"),
    "simple-alias": (
        {"extra-dp.yaml": entry(**{"name: extra DP": "name: &n extra DP\naliases: [*n]"})},
        1,
        "error[yaml-alias]",
    ),
    "merge-key": (
        {
            "extra-dp.yaml": entry(
                **{"source: {key: DP20}": "base: &b {key: DP20}\nsource:\n  <<: *b"}
            )
        },
        1,
        "error[yaml-key]: merge keys (<<) are not allowed",
    ),
    "deep-flow-nesting": (
        {"extra-dp.yaml": b"a: " + b"[" * 20000 + b"]" * 20000 + b"\n"},
        1,
        "extra-dp.yaml:",
    ),
    "deep-block-nesting": (
        {"extra-dp.yaml": "".join(f"{'  ' * i}k{i}:\n" for i in range(200)).encode()},
        1,
        "extra-dp.yaml:",
    ),
    "very-large-file": (
        {"extra-dp.yaml": entry() + b"# " + b"x" * 1_100_000 + b"\n"},
        1,
        "extra-dp.yaml:1:1: error[file-too-large]",
    ),
    "id-with-path-separator": (
        {"extra-dp.yaml": entry(**{"id: extra-dp": "id: ../extra-dp"})},
        1,
        "extra-dp.yaml:2:5: error[invalid-value]: id",
    ),
    "id-with-look-alike-letter": (
        {"extra-dp.yaml": entry(**{"id: extra-dp": "id: extr\u0430-dp"})},
        1,
        "extra-dp.yaml:2:5: error[invalid-value]: id",
    ),
    "uppercase-id": (
        {"Extra-DP.yaml": entry(**{"id: extra-dp": "id: Extra-DP"})},
        1,
        "error[invalid-value]: id",
    ),
    "empty-id": (
        {"extra-dp.yaml": entry(**{"id: extra-dp": 'id: ""'})},
        1,
        "error[invalid-value]: id",
    ),
    "number-for-string": (
        {"extra-dp.yaml": entry(**{"name: extra DP": "name: 3.14"})},
        1,
        "error[wrong-type]: name",
    ),
    "boolean-for-string": (
        {"extra-dp.yaml": entry(**{"name: extra DP": "name: true"})},
        1,
        "error[wrong-type]: name",
    ),
    "overlong-string": (
        {"extra-dp.yaml": entry(**{"name: extra DP": "name: " + "x" * 100_000})},
        1,
        "error[invalid-value]: name",
    ),
    "non-string-key": ({"extra-dp.yaml": entry() + b"? [a, b]\n: 1\n"}, 1, "error[yaml-key]"),
    "float-for-integer": (
        {
            "extra-dp.yaml": entry(
                **{
                    "source: {key: DP20}": (
                        "source: {key: DP20, table3: {row: 1e400, label: x, abbreviation: x}}"
                    )
                }
            )
        },
        1,
        "error[invalid-value]: source.table3.row",
    ),
    "dangling-target": (
        {
            "extra-dp.yaml": entry() + b"relations:\n  - {kind: stronger, target: nowhere-dp, "
            b"citation: {key: DP20, at: x}}\n"
        },
        1,
        "error[dangling-reference]",
    ),
    "self-reference": (
        {
            "extra-dp.yaml": entry() + b"relations:\n  - {kind: stronger, target: extra-dp, "
            b"citation: {key: DP20, at: x}}\n"
        },
        1,
        "error[self-reference]",
    ),
    "dangling-link": (
        {
            "extra-dp.yaml": entry() + b"links:\n  - {kind: distinct_from, target: nowhere-dp, "
            b"citation: {key: DP20, at: x}}\n"
        },
        1,
        "error[dangling-reference]: links[0].target",
    ),
    "unknown-citation": (
        {"extra-dp.yaml": entry(**{"[Dwo06]": "[Nobody99]"})},
        1,
        "error[unknown-citation]",
    ),
    "duplicate-id-across-folders": (
        {
            "sub/renyi-dp.yaml": entry(
                **{"id: extra-dp": "id: renyi-dp", "name: extra DP": "name: copy"}
            )
        },
        1,
        "error[duplicate-id]",
    ),
    "misspelled-kind": (
        {
            "extra-dp.yaml": entry() + b"relations:\n  - {kind: strongr, target: renyi-dp, "
            b"citation: {key: DP20, at: x}}\n"
        },
        1,
        "error[invalid-value]: relations[0].kind",
    ),
    # Documented acceptances.
    "byte-order-mark": ({"extra-dp.yaml": b"\xef\xbb\xbf" + entry()}, 0, ""),
    "crlf-line-endings": ({"extra-dp.yaml": entry().replace(b"\n", b"\r\n")}, 0, ""),
    "date-where-string-belongs": (
        {"extra-dp.yaml": entry(**{"name: extra DP": "name: 2020-01-01"})},
        0,
        "",
    ),
    "huge-number-where-string-belongs": (
        {"extra-dp.yaml": entry(**{"name: extra DP": "name: " + "9" * 5000})},
        1,
        "error[invalid-value]: name",
    ),
}


def _snapshot(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): (
            os.readlink(p).encode() if p.is_symlink() else p.read_bytes()
        )
        for p in sorted(directory.rglob("*"))
        if p.is_file() or p.is_symlink()
    }


def test_at_least_40_cases() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_input(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    files, code, needle = CASES[name]
    catalog = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "valid", catalog)
    for relative, content in files.items():
        (catalog / relative).parent.mkdir(parents=True, exist_ok=True)
        (catalog / relative).write_bytes(content)
    monkeypatch.chdir(catalog)
    before = _snapshot(catalog)
    start = time.perf_counter()
    result = run(capsys, "validate", "--catalog", ".")
    elapsed = time.perf_counter() - start
    assert result.code == code, result.out + result.err
    assert needle in result.out
    if code:
        first = result.out.splitlines()[0]
        assert first.split(":")[0] in {*files, "differential-privacy.yaml", "renyi-dp.yaml"}
    assert elapsed < 20
    assert _snapshot(catalog) == before
    query = run(capsys, "stronger-than", "DP", "--catalog", ".")
    assert query.code == code
    assert _snapshot(catalog) == before


def test_symlink_leading_outside_the_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "valid", catalog)
    secret = tmp_path / "secret.yaml"
    secret.write_bytes(entry())
    (catalog / "extra-dp.yaml").symlink_to(secret)
    monkeypatch.chdir(catalog)
    result = run(capsys, "validate", "--catalog", ".")
    assert result.code == 1
    assert result.out.startswith(
        "extra-dp.yaml:1:1: error[outside-catalog]: the file is a link to a place outside"
    )


@pytest.mark.parametrize("name", ["billion-laughs", "deep-flow-nesting", "very-large-file"])
def test_hostile_input_runs_in_bounded_memory(name: str, tmp_path: Path) -> None:
    """The worst cases, in a separate process limited to 1 GiB of address space and 60 s."""
    import resource
    import subprocess
    import sys

    catalog = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "valid", catalog)
    for relative, content in CASES[name][0].items():
        (catalog / relative).write_bytes(content)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run(
        [sys.executable, "-m", "dptaxonomy", "validate", "--catalog", str(catalog)],
        capture_output=True,
        timeout=60,
        preexec_fn=limit,
        env={**os.environ, "DPTAX_CACHE_DIR": str(tmp_path / "cache")},
        check=False,
    )
    assert done.returncode == 1
    assert b"Traceback" not in done.stderr
    assert CASES[name][2].encode() in done.stdout
