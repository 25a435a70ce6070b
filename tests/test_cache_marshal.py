"""The compilation's on-disk form: plain JSON values stored with marshal (issue 24)."""

from __future__ import annotations

import json
import marshal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dptaxonomy.cache.marshalfile import MAGIC, plain_bytes, read_plain

_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
JSON_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(JSON_VALUES)
def test_a_value_reads_back_as_json_would_give_it(value: object) -> None:
    plain = json.loads(json.dumps(value))
    data = plain_bytes(plain)
    assert data.startswith(MAGIC)
    restored = marshal.loads(data[len(MAGIC) :])
    assert restored == plain
    assert json.dumps(restored) == json.dumps(plain)


def test_a_file_reads_back(tmp_path: Path) -> None:
    value = {"rows": [["renyi-dp", 1, None, True, 0.5], ["renyi-dp", 2, [], False, -1.0]]}
    path = tmp_path / "kb.marshal"
    path.write_bytes(plain_bytes(value))
    assert read_plain(path) == value


def test_equal_strings_are_stored_once(tmp_path: Path) -> None:
    name = "".join(["renyi", "-dp"])  # made at run time: not one object with the literal
    rows = [[name], ["renyi-dp"], ["".join(["renyi-", "dp"])]]
    separate = marshal.dumps(rows, 4)
    path = tmp_path / "kb.marshal"
    path.write_bytes(plain_bytes(rows))
    assert len(path.read_bytes()) - len(MAGIC) < len(separate)
    restored = read_plain(path)
    assert restored[0][0] is restored[1][0] is restored[2][0]


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b'{"format": 16}',
        MAGIC,
        MAGIC + b"\xff",
        MAGIC + marshal.dumps([1, 2, 3])[:-2],
        MAGIC + b"[\x01\x00\x00\x00" * 100_000 + b"N",
        marshal.dumps({"format": 16}),
    ],
    ids=["empty", "json", "magic-only", "unknown-type", "truncated", "deep", "no-magic"],
)
def test_what_cannot_be_read_reads_as_none(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "kb.marshal"
    path.write_bytes(content)
    assert read_plain(path) is None


def test_a_missing_file_or_a_directory_reads_as_none(tmp_path: Path) -> None:
    assert read_plain(tmp_path / "missing.marshal") is None
    assert read_plain(tmp_path) is None


def test_a_world_writable_file_is_not_read(tmp_path: Path) -> None:
    # marshal is not hardened against crafted data: a file anyone may write is rebuilt.
    path = tmp_path / "kb.marshal"
    path.write_bytes(plain_bytes({"format": 16}))
    path.chmod(0o664)
    assert read_plain(path) == {"format": 16}
    path.chmod(0o666)
    assert read_plain(path) is None
