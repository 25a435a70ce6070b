"""Every entry resolves under the spellings papers use (generated from the catalog).

For each definition: its name, abbreviations and aliases, and every label of
the form "X DP" also as "X differential privacy", "X-DP" and "X differentially
private" (and the reverse for "X differential privacy"). A spelling several
entries share must be reported as ambiguous with this entry among its
candidates, and resolve once the citation suffix that tells them apart is added.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dptaxonomy.base.errors import AmbiguousNameError, UnknownNameError
from dptaxonomy.catalog import names, spellings
from dptaxonomy.catalog.names import NameIndex, loose_key
from dptaxonomy.catalog.paths import catalog_files
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.schema.models import Definition
from tests.clirunner import run
from tests.conftest import CATALOG_DIR

_SHORT = re.compile(r"^(?P<stem>.*\S)[\s\-]+DP$")
_LONG = re.compile(r"^(?P<stem>.*\S)[\s\-]+differential(?:ly)? priva(?:cy|te)$", re.IGNORECASE)


def _spellings(definition: Definition) -> Iterator[str]:
    for label in dict.fromkeys([definition.name, *definition.abbreviations, *definition.aliases]):
        yield label
        if short := _SHORT.match(label):
            stem = short.group("stem")
            yield from (
                f"{stem} differential privacy",
                f"{stem}-DP",
                f"{stem} differentially private",
            )
        if long := _LONG.match(label):
            yield from (f"{long.group('stem')} DP", f"{long.group('stem')}-DP")


_IDS = [path.stem for path in catalog_files(CATALOG_DIR)]


@pytest.fixture(scope="module")
def index(catalog: Catalog) -> NameIndex:
    return catalog.names


def _resolves(index: NameIndex, definition_id: str, spelling: str) -> bool:
    try:
        return index.resolve(spelling) == definition_id
    except AmbiguousNameError as ambiguous:
        if definition_id not in ambiguous.candidates:
            return False
        key = index.distinguishing_key(definition_id, set(ambiguous.candidates) - {definition_id})
        return key is not None and index.resolve(f"{spelling}[{key}]") == definition_id
    except UnknownNameError:
        return False


@pytest.mark.parametrize("definition_id", _IDS)
def test_every_entry_resolves_under_its_spellings(
    catalog: Catalog, index: NameIndex, definition_id: str
) -> None:
    spellings = list(dict.fromkeys(_spellings(catalog.definitions[definition_id])))
    assert [s for s in spellings if not _resolves(index, definition_id, s)] == []


def test_the_cases_cover_every_entry(catalog: Catalog) -> None:
    assert set(_IDS) == set(catalog.definitions)
    spellings = [s for d in catalog.definitions.values() for s in _spellings(d)]
    assert len(spellings) > 2 * len(_IDS)


def test_loose_spellings_and_library_identifiers(index: NameIndex) -> None:
    assert index.resolve("Rényi differentially private") == "renyi-dp"
    assert index.resolve("personalised differential privacy") == "personalized-dp"
    assert index.resolve("(eps, delta)-differential privacy") == "approximate-dp"
    assert index.resolve("tmlt.core.measures.ApproxDP") == "approximate-dp"
    assert index.resolve("ApproxDP") == "approximate-dp"
    assert index.resolve("RhoZCDP") == "zero-concentrated-dp"
    assert index.resolve("ZeroConcentratedDivergence") == "zero-concentrated-dp"
    assert loose_key("Rényi DP") == loose_key("renyi differential privacy")


def test_a_library_identifier_of_two_notions_is_ambiguous(index: NameIndex) -> None:
    with pytest.raises(AmbiguousNameError) as raised:
        index.resolve("dpv:DifferentialPrivacy")
    assert raised.value.candidates == ("approximate-dp", "differential-privacy")


def test_initials_of_several_names_are_reported_with_every_meaning(index: NameIndex) -> None:
    with pytest.raises(AmbiguousNameError) as raised:
        index.resolve("PDP")
    assert {"personalized-dp", "probabilistic-dp", "predictive-dp"} <= set(raised.value.candidates)
    assert str(raised.value).startswith(
        "'PDP' is not a recorded name but the initials of several; it may mean: "
    )
    assert str(raised.value).endswith(". Give the full name.")


def test_initials_of_one_name_never_resolve_alone(index: NameIndex) -> None:
    with pytest.raises(UnknownNameError) as raised:
        index.resolve("ALDP")
    assert index.initial_matches("ALDP") == {"approximate-local-dp"}
    assert str(raised.value).startswith(
        "no definition is called 'ALDP'; did you mean: approximate local DP (approximate-local-dp);"
    )


def test_show_and_relate_resolve_library_identifiers(capsys: pytest.CaptureFixture[str]) -> None:
    shown = run(capsys, "show", "tmlt.core.measures.RhoZCDP", "--catalog", str(CATALOG_DIR))
    assert shown.code == 0
    assert shown.out.splitlines()[2] == "id:            zero-concentrated-dp"
    related = run(capsys, "relate", "RhoZCDP", "RenyiDivergence", "--catalog", str(CATALOG_DIR))
    assert related.out.splitlines()[0] == (
        "zero-concentrated-dp vs renyi-dp: stronger (strictly); extension: none"
    )
    ambiguous = run(capsys, "show", "PDP", "--catalog", str(CATALOG_DIR))
    assert ambiguous.code == 1
    assert ambiguous.err.startswith("dptax: 'PDP' is not a recorded name but the initials")


_GREEK_PATTERN = re.compile(  # the oracle: the Greek letters' names as a regular expression
    r"(?<![A-Za-z])\\?(varepsilon|epsilon|alpha|delta|eps|rho|mu)(?![A-Za-z])", re.IGNORECASE
)


@given(st.text(alphabet="epsilonvardthmuEPSDMUxı İſé \\-_(),", max_size=16))
def test_greek_names_are_read_as_the_pattern_reads_them(text: str) -> None:
    try:
        expected = _GREEK_PATTERN.sub(lambda m: spellings._GREEK_WORDS[m.group(1).lower()], text)
    except KeyError:  # a look-alike letter the pattern matches but no name is spelled with
        return
    assert spellings.greek_letters(text) == expected


@given(st.text(alphabet="aZé \t\u00a0\u2003\x1c-_‐‑‒–—/", max_size=12))
def test_whitespace_and_dashes_are_ignored_as_the_pattern_ignores_them(text: str) -> None:
    assert names.normalize(text) == normalize_by_pattern(text)


def normalize_by_pattern(text: str) -> str:
    ignored = re.compile(r"[\s\-_‐‑‒–—]+")
    if text.isascii():
        return ignored.sub("", text).casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    return ignored.sub(
        "", "".join(c for c in decomposed if not unicodedata.combining(c))
    ).casefold()


def test_a_name_without_greek_letters_names_or_suffix_needs_no_pattern() -> None:
    assert names.split_suffix("Rényi DP") == ("Rényi DP", None)
    assert names.split_suffix("BayDP [TF20]") == ("BayDP", "TF20")
    assert spellings.greek_letters("mutual-information DP") == "mutual-information DP"
    assert spellings.greek_letters("(eps, \\delta)-DP") == "(ε, δ)-DP"
