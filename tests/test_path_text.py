"""The catalog's folder as a string: the same text and display as :mod:`pathlib` gives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dptaxonomy.catalog.paths import (
    default_catalog_dir,
    default_catalog_folder,
    display_path,
    path_text,
)

_PARTS = st.sampled_from(["", ".", "..", "a", "b.yaml", "catalog", "é", " x "])
_PATHS = st.builds(
    lambda root, parts, tail: root + "/".join(parts) + tail,
    st.sampled_from(["", "/", "//", "///", "./"]),
    st.lists(_PARTS, max_size=5),
    st.sampled_from(["", "/", "//"]),
)


@given(_PATHS)
def test_path_text_is_pathlibs_string(text: str) -> None:
    assert path_text(text) == str(Path(text))
    assert path_text(Path(text)) == str(Path(text))


@given(st.lists(_PARTS, max_size=4), st.sampled_from(["", "/", "//"]))
def test_display_path_is_pathlibs_relative_form(parts: list[str], tail: str) -> None:
    cwd = os.getcwd()
    for text in ("/".join(parts) + tail, cwd + "/" + "/".join(parts) + tail, cwd + tail):
        try:
            expected = str(Path(text).relative_to(Path.cwd()))
        except ValueError:
            expected = str(Path(text))
        assert display_path(text) == expected, text
        assert display_path(Path(text)) == expected, text


def test_display_path_from_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir("/")
    assert [display_path(p) for p in ("/", "/usr/lib", "//usr", "usr")] == [
        ".",
        "usr/lib",
        "//usr",
        "usr",
    ]


def test_the_default_catalog_is_the_same_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_catalog_dir() == Path(default_catalog_folder())
    monkeypatch.setenv("DPTAX_CATALOG", "./somewhere//else/")
    assert default_catalog_folder() == "somewhere/else" == str(default_catalog_dir())
