"""Names, crosswalk, statement sources and bibliographic detail (issue 14)."""

from __future__ import annotations

import pytest

from dptaxonomy.base.errors import AmbiguousNameError, UnknownNameError
from dptaxonomy.catalog.names import NameIndex, normalize, strip_parameters
from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.export.bibtex import bibtex_entry
from dptaxonomy.export.crosswalk_terms import library_curie, library_iri
from dptaxonomy.schema.bibliography import EntryType, Reference
from dptaxonomy.schema.crosswalk import Library, Mapping, MatchKind
from tests.clirunner import run
from tests.conftest import FIXTURES

VALID = str(FIXTURES / "valid")


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("(eps, delta)-DP", "(ε, δ)-DP"),
        ("(epsilon,delta)-DP", "(ε,δ)-DP"),
        ("rho-zCDP", "ρ-zCDP"),
        ("mu-GDP", "μ-GDP"),
        ("(alpha, eps)-Renyi DP", "(α, ε)-Rényi DP"),
        ("\\varepsilon-DP", "ε-DP"),
        ("µ-GDP", "μ-GDP"),  # micro sign and Greek mu
    ],
)
def test_greek_parameter_names_are_read_as_letters(typed: str, stored: str) -> None:
    assert normalize(typed) == normalize(stored)


@pytest.mark.parametrize("word", ["mutual information", "Epsilonia", "deltas", "rhombus"])
def test_greek_words_inside_other_words_are_kept(word: str) -> None:
    assert normalize(word) == word.replace(" ", "").casefold()


@pytest.mark.parametrize(
    ("label", "bare"),
    [
        ("(α, ε)-RDP", "RDP"),
        ("(alpha,eps)-RDP", "RDP"),
        ("ρ-zCDP", "zCDP"),
        ("rho-zCDP", "zCDP"),
        ("(k, ε)-group DP", "group DP"),
        ("(ε, δ)-DP", None),
        ("(eps, delta)-LDP", None),
        ("f-DP", None),
        ("d-privacy", None),
        ("zCDP", None),
    ],
)
def test_strip_parameters(label: str, bare: str | None) -> None:
    assert strip_parameters(label) == bare


def test_fixture_lookups_by_sourced_name_and_parameters() -> None:
    catalog = load_catalog(FIXTURES / "valid")
    index = NameIndex(catalog.definitions.values())
    assert index.resolve("CD-Bayesian DP") == "bayesian-dp-cd21"
    assert index.resolve("(alpha, eps)-Renyi DP") == "renyi-dp"
    assert index.resolve("ε-Rényi DP") == "renyi-dp"
    with pytest.raises(UnknownNameError):
        index.resolve("(eps, delta)-Rényi DP")  # δ is never dropped
    with pytest.raises(AmbiguousNameError) as raised:
        index.resolve("ε-Bayesian DP")
    assert list(raised.value.candidates) == ["bayesian-dp-ab20", "bayesian-dp-cd21"]


def test_show_lists_names_statement_source_and_crosswalk(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(capsys, "show", "CD-Bayesian DP", "--catalog", VALID)
    assert result.code == 0
    assert "also called:   CD-Bayesian DP [CD21]\n" in result.out
    assert "  from [CD21] Definition 1\n" in result.out
    assert (
        "In libraries and vocabularies\n"
        "  opendp 0.14.1: UserDivergence (related match); Invented for the fixture.\n"
        "  dpv 2.2: dpv:DifferentialPrivacy (broad match)\n"
    ) in result.out


def test_library_terms() -> None:
    dpv = Mapping.model_validate(
        {
            "library": "dpv",
            "identifier": "dpv:DifferentialPrivacy",
            "version": "2.2",
            "match": "broad",
        }
    )
    assert library_curie(dpv) == "dpv:DifferentialPrivacy"
    assert str(library_iri(dpv)) == "https://w3id.org/dpv#DifferentialPrivacy"
    accountant = Mapping.model_validate(
        {
            "library": "dp-accounting",
            "identifier": "dp_accounting.rdp.RdpAccountant",
            "version": "0.6.0",
            "match": "related",
        }
    )
    assert library_curie(accountant) == "dpacct:dp_accounting.rdp.RdpAccountant"


def test_bibtex_uses_the_entry_type_and_escapes_every_field() -> None:
    reference = Reference(
        type=EntryType.article,
        authors=["A. Author"],
        title="On {braces}",
        venue="Journal of Privacy & Confidentiality",
        year=2020,
        volume="10",
        number="1",
        pages="1--2",
        doi="10.1000/x_y",
        arxiv="2001.00001",
    )
    assert bibtex_entry("Aut20", reference) == (
        "@article{Aut20,\n"
        "  author = {A. Author},\n"
        "  title = {{On \\{braces\\}}},\n"
        "  year = {2020},\n"
        "  journal = {Journal of Privacy \\& Confidentiality},\n"
        "  volume = {10},\n"
        "  number = {1},\n"
        "  pages = {1--2},\n"
        "  doi = {10.1000/x\\_y},\n"
        "  eprint = {2001.00001},\n"
        "  archiveprefix = {arXiv}\n"
        "}\n"
    )


@pytest.mark.parametrize("doi", ["doi:10.1/x", "https://doi.org/10.1109/x", "10.12/ x"])
def test_malformed_doi_is_rejected(doi: str) -> None:
    with pytest.raises(ValueError, match="doi"):
        Reference(authors=["A"], title="T", year=2020, doi=doi)


def test_sssom_cells_cannot_break_rows() -> None:
    from dptaxonomy.export.sssom import SSSOM_COLUMNS, sssom_text

    catalog = load_catalog(FIXTURES / "valid")
    entry = catalog.entries["renyi-dp"]
    hostile = entry.definition.model_copy(
        update={
            "crosswalk": [
                Mapping(
                    library=Library.opendp,
                    identifier="Renyi\tDivergence",
                    version="0.14.1",
                    match=MatchKind.exact,
                    note="two\nlines",
                )
            ]
        }
    )
    catalog.entries["renyi-dp"] = type(entry)(hostile, entry.file, entry.located)
    rows = [line for line in sssom_text(catalog).splitlines() if not line.startswith("#")]
    assert rows[0].split("\t") == list(SSSOM_COLUMNS)
    (renyi,) = [row for row in rows if row.startswith("def:renyi-dp\t")]
    assert renyi.split("\t") == [
        "def:renyi-dp",
        "Rényi DP",
        "skos:exactMatch",
        "opendp:Renyi%09Divergence",
        "Renyi Divergence",
        "semapv:ManualMappingCuration",
        "0.14.1",
        "two lines",
    ]


def test_stats_coverage(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    result = run(capsys, "stats", "--coverage", "--format", "json", "--catalog", VALID)
    assert result.code == 0
    data = json.loads(result.out)
    assert data["definitions"] == 4
    assert data["isolated"] == []
    assert data["with_names"] == 1
    assert data["mappings_by_library"] == {"dpv": 1, "opendp": 1}
    assert data["with_statement_source"] == data["with_statement"] == 1
    assert data["references_with_doi"] == 1
    text = run(capsys, "stats", "--coverage", "--catalog", VALID).out
    assert "isolated (no relation or link): 0 (0.0%)" in text


TYPED_NAMES = {
    "pure DP": "differential-privacy",
    "global DP": "differential-privacy",
    "eps-DP": "differential-privacy",
    "approx DP": "approximate-dp",
    "(eps, delta)-DP": "approximate-dp",
    "epsilon-delta DP": "approximate-dp",
    "zCDP": "zero-concentrated-dp",
    "rho-zCDP": "zero-concentrated-dp",
    "RDP": "renyi-dp",
    "(alpha, eps)-RDP": "renyi-dp",
    "Renyi DP": "renyi-dp",
    "mCDP": "mean-concentrated-dp",
    "tCDP": "truncated-concentrated-dp-bdrs18",
    "approximate zCDP": "approximate-concentrated-dp",
    "mu-GDP": "gaussian-dp",
    "μ-GDP": "gaussian-dp",
    "TV privacy": "total-variation-privacy",
    "metric DP": "d-privacy",
    "dX-privacy": "d-privacy",
    "approximate LDP": "approximate-local-dp",
    "Pufferfish": "pufferfish-privacy",
    "user-level DP": "user-level-dp",
    "event-level DP": "event-level-dp",
    "label DP": "label-dp",
    "edge-level DP": "edge-dp",
    "node-level DP": "node-dp",
    "shuffle model": "dp-in-the-shuffled-model",
    "DP under correlation": "dp-under-correlation",
    "GDP[DRS21]": "gaussian-dp",
    "CDP[DMKB19]": "causal-dp",
    "GDP[LPT+22]": "differential-privacy",
    "CDP[BS16]": "mean-concentrated-dp",
}


@pytest.mark.parametrize(("typed", "expected"), sorted(TYPED_NAMES.items()))
def test_names_people_type_resolve(catalog: Catalog, typed: str, expected: str) -> None:
    assert NameIndex(catalog.definitions.values()).resolve(typed) == expected


@pytest.mark.parametrize(
    ("homonym", "candidates"),
    [
        ("GDP", ["differential-privacy", "gaussian-dp"]),
        ("CDP", ["causal-dp", "mean-concentrated-dp"]),
    ],
)
def test_homonyms_are_reported_with_every_candidate(
    catalog: Catalog, homonym: str, candidates: list[str]
) -> None:
    with pytest.raises(AmbiguousNameError) as raised:
        NameIndex(catalog.definitions.values()).resolve(homonym)
    assert list(raised.value.candidates) == candidates
