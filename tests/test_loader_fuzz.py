"""The loader never raises: any bytes give a definition or located diagnostics."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.loader import load_definition
from dptaxonomy.catalog.store import catalog_files
from dptaxonomy.catalog.yamlsource import parse_yaml
from tests.conftest import CATALOG_DIR

REAL_ENTRIES = [p.read_bytes() for p in catalog_files(CATALOG_DIR)]
_YAML_PIECES = [
    b":",
    b"- ",
    b"\n",
    b"  ",
    b"\t",
    b"[",
    b"]",
    b"{",
    b"}",
    b"&a ",
    b"*a",
    b"!!",
    b"'",
    b'"',
    b"---\n",
    b"#",
    b"\xff",
    b"\x00",
    b"\xef\xbb\xbf",
    b"yes",
    b"1e9",
    b"~",
    b"|",
    b">",
]


def _assert_sane(raw: bytes, directory: Path) -> None:
    path = directory / "fuzzed-entry.yaml"
    path.write_bytes(raw)
    loaded, diagnostics = load_definition(path)
    assert (loaded is None) == any(d.is_error for d in diagnostics)
    for diagnostic in diagnostics:
        assert diagnostic.line >= 1
        assert diagnostic.column >= 1
        assert diagnostic.file.endswith("fuzzed-entry.yaml")
        assert diagnostic.message


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=400))
def test_random_bytes(tmp_path: Path, raw: bytes) -> None:
    _assert_sane(raw, tmp_path)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from(REAL_ENTRIES),
    st.lists(
        st.tuples(
            st.integers(min_value=0),
            st.integers(min_value=0, max_value=40),
            st.sampled_from(_YAML_PIECES) | st.binary(max_size=6),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_real_entries(
    tmp_path: Path, entry: bytes, edits: list[tuple[int, int, bytes]]
) -> None:
    raw = entry
    for position, length, insert in edits:
        at = position % (len(raw) + 1)
        raw = raw[:at] + insert + raw[at + length :]
    _assert_sane(raw, tmp_path)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    located, problems = parse_yaml(text.encode("utf-8", "surrogatepass"), "x.yaml")
    assert located is not None or problems
