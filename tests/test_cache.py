"""The knowledge-base cache: never stale, never trusted when corrupt; query paths stay light."""

from __future__ import annotations

import json
import marshal
import shutil
from pathlib import Path

import pytest

from dptaxonomy.cache.marshalfile import MAGIC, plain_bytes, read_plain
from dptaxonomy.cache.store import cache_dir, catalog_digest, knowledge_base
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from tests.clirunner import run
from tests.conftest import FIXTURES


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Records each compilation from a catalog (a cache hit compiles nothing)."""
    from dptaxonomy.reasoning import compile as compile_module

    calls: list[Path] = []
    original = compile_module.compile_knowledge_base

    def counting(catalog: Catalog, *, assume_conjectures: bool = False) -> KnowledgeBase:
        calls.append(catalog.directory)
        return original(catalog, assume_conjectures=assume_conjectures)

    monkeypatch.setattr(compile_module, "compile_knowledge_base", counting)
    return calls


def _copy(tmp_path: Path) -> Path:
    catalog = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "valid", catalog)
    return catalog


def test_cache_is_written_and_reused(tmp_path: Path, compiles: list[Path]) -> None:
    catalog = _copy(tmp_path)
    first = knowledge_base(catalog)
    assert len(compiles) == 1
    files = list(cache_dir().glob("kb-*.marshal"))
    assert len(files) == 1
    assert read_plain(files[0])["digest"] == catalog_digest(catalog)
    second = knowledge_base(catalog)
    assert len(compiles) == 1  # restored from the cache, not compiled again
    assert second.strength.members == first.strength.members
    assert [f.origin.citation for f in second.facts] == [f.origin.citation for f in first.facts]


def test_an_edit_is_seen_by_the_next_query(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    catalog = _copy(tmp_path)
    before = run(capsys, "relate", "renyi-dp", "differential-privacy", "--catalog", str(catalog))
    assert before.out.startswith("renyi-dp vs differential-privacy: weaker")
    path = catalog / "renyi-dp.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("  - kind: weaker\n", "  - kind: stronger\n", 1),
        encoding="utf-8",
    )
    after = run(capsys, "relate", "renyi-dp", "differential-privacy", "--catalog", str(catalog))
    assert after.out.startswith("renyi-dp vs differential-privacy: stronger")


def test_an_invalid_edit_is_reported_not_served_from_cache(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    catalog = _copy(tmp_path)
    assert run(capsys, "stronger-than", "RényiDP", "--catalog", str(catalog)).code == 0
    (catalog / "renyi-dp.yaml").write_text("id: renyi-dp\nname: [\n", encoding="utf-8")
    result = run(capsys, "stronger-than", "RényiDP", "--catalog", str(catalog))
    assert result.code == 1
    assert "renyi-dp.yaml:3:1: error[yaml-syntax]" in result.err


@pytest.mark.parametrize(
    "garbage", [b"", b"{not json", b'{"format": 1}', b"\xff\xfe", b'{"format": 1, "version": 3}']
)
def test_a_corrupt_cache_is_rebuilt(tmp_path: Path, garbage: bytes, compiles: list[Path]) -> None:
    catalog = _copy(tmp_path)
    knowledge_base(catalog)
    [path] = cache_dir().glob("kb-*.marshal")
    path.write_bytes(garbage)
    kb = knowledge_base(catalog)
    assert len(compiles) == 2  # rebuilt from the catalog
    assert kb.is_stronger("differential-privacy", "renyi-dp")
    assert read_plain(path)["digest"] == catalog_digest(catalog)


@pytest.mark.parametrize(
    "garbage",
    [
        MAGIC,
        MAGIC + marshal.dumps({"format": 1})[:-3],
        MAGIC + b"[\x01\x00\x00\x00" * 100_000 + b"N",
        MAGIC + marshal.dumps(compile("print('ran')", "cache", "exec")),
    ],
    ids=["empty", "truncated", "deep", "code"],
)
def test_a_malformed_marshal_file_is_rebuilt(
    tmp_path: Path, garbage: bytes, compiles: list[Path]
) -> None:
    catalog = _copy(tmp_path)
    knowledge_base(catalog)
    [path] = cache_dir().glob("kb-*.marshal")
    path.write_bytes(garbage)
    assert knowledge_base(catalog).is_stronger("differential-privacy", "renyi-dp")
    assert len(compiles) == 2
    assert read_plain(path)["digest"] == catalog_digest(catalog)


def test_a_code_object_inside_a_wellformed_cache_is_rejected(
    tmp_path: Path, compiles: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _copy(tmp_path)
    knowledge_base(catalog)
    [path] = cache_dir().glob("facts-*.marshal")
    data = read_plain(path)
    code = compile("print('ran')", "cache", "exec")
    data["origins"]["rows"][0][data["origins"]["fields"].index("note")] = code
    path.write_bytes(MAGIC + marshal.dumps(data))
    kb = knowledge_base(catalog)
    assert len(compiles) == 1  # the facts are read when first needed
    assert all(f.origin.note is None or type(f.origin.note) is str for f in kb.facts)
    assert len(compiles) == 2  # refused by the decoder's type checks, never run
    assert "ran" not in capsys.readouterr().out
    assert read_plain(path)["origins"] == knowledge_base_data(catalog)["origins"]


def knowledge_base_data(catalog: Path) -> dict[str, object]:
    """The facts part a fresh compilation of ``catalog`` writes (in a cache of its own)."""
    from dptaxonomy.cache.codec import CORE, encode_knowledge_base
    from dptaxonomy.catalog.paths import root_relative_names
    from dptaxonomy.catalog.store import load_catalog
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    names = root_relative_names(catalog)
    whole = encode_knowledge_base(
        compile_knowledge_base(load_catalog(catalog)), lambda n: names.get(n, n)
    )
    plain: dict[str, object] = json.loads(json.dumps(whole))
    return {k: v for k, v in plain.items() if k not in CORE}


def test_the_facts_are_read_with_the_definitions_and_decoded_when_needed(
    tmp_path: Path, compiles: list[Path]
) -> None:
    catalog = _copy(tmp_path)
    fresh = knowledge_base(catalog)
    kb = knowledge_base(catalog)
    [path] = cache_dir().glob("facts-*.marshal")
    path.unlink()  # after the knowledge base was read: its bytes were read with it
    assert kb.facts == fresh.facts
    assert kb.mechanisms == fresh.mechanisms
    assert kb.operations == fresh.operations
    assert len(compiles) == 1


def test_a_question_reading_only_facts_decodes_only_them(
    tmp_path: Path, compiles: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dptaxonomy.cache import codec

    catalog = _copy(tmp_path)
    fresh = knowledge_base(catalog)
    kb = knowledge_base(catalog)
    decode_assertions = codec.decode_assertions

    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the mechanisms and operation rules were decoded")

    monkeypatch.setattr(codec, "decode_assertions", never)
    assert kb.facts == fresh.facts
    assert kb.separations == fresh.separations
    monkeypatch.setattr(codec, "decode_assertions", decode_assertions)
    read = kb.facts
    assert kb.mechanisms == fresh.mechanisms
    assert kb.mechanism_claims == fresh.mechanism_claims
    assert kb.operations == fresh.operations
    assert kb.facts is read  # the facts already read are kept, not decoded again
    assert kb.factset is kb._assertions.factset
    assert len(compiles) == 1


def test_a_bad_rest_of_the_facts_part_is_compiled_again_when_needed(
    tmp_path: Path, compiles: list[Path]
) -> None:
    catalog = _copy(tmp_path)
    fresh = knowledge_base(catalog)
    [path] = cache_dir().glob("facts-*.marshal")
    data = read_plain(path)
    data["operations"] = {"fields": ["nothing"], "rows": []}
    path.write_bytes(plain_bytes(data))
    kb = knowledge_base(catalog)
    assert kb.facts == fresh.facts
    assert len(compiles) == 1
    assert kb.operations == fresh.operations
    assert len(compiles) == 2


def test_a_missing_facts_file_is_compiled_again_when_needed(
    tmp_path: Path, compiles: list[Path]
) -> None:
    catalog = _copy(tmp_path)
    fresh = knowledge_base(catalog)
    [path] = cache_dir().glob("facts-*.marshal")
    path.unlink()
    kb = knowledge_base(catalog)
    assert len(compiles) == 1
    assert kb.facts == fresh.facts
    assert kb.separations == fresh.separations
    assert len(compiles) == 2
    assert path.exists()


def test_a_bad_facts_file_after_an_edit_refuses_the_question(
    tmp_path: Path, compiles: list[Path]
) -> None:
    from dptaxonomy.base.errors import CacheChangedError

    catalog = _copy(tmp_path)
    knowledge_base(catalog)
    [path] = cache_dir().glob("facts-*.marshal")
    path.write_bytes(b"")
    kb = knowledge_base(catalog)
    entry = catalog / "renyi-dp.yaml"
    entry.write_text(entry.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    with pytest.raises(CacheChangedError) as refused:
        _ = kb.facts
    assert str(refused.value) == (
        "the catalog changed while its cached knowledge base was being read; run it again"
    )
    assert len(compiles) == 1  # nothing compiled under the old key


def test_a_tampered_but_wellformed_cache_is_rejected(tmp_path: Path, compiles: list[Path]) -> None:
    catalog = _copy(tmp_path)
    knowledge_base(catalog)
    [path] = cache_dir().glob("kb-*.marshal")
    data = read_plain(path)
    data["strength"]["members"] = data["strength"]["members"][:1]
    path.write_bytes(plain_bytes(data))
    knowledge_base(catalog)
    assert len(compiles) == 2


def test_unwritable_cache_directory_only_costs_speed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    monkeypatch.setenv("DPTAX_CACHE_DIR", str(blocker / "cache"))
    assert knowledge_base(_copy(tmp_path)).is_stronger("differential-privacy", "renyi-dp")


def test_a_corrupt_views_file_is_rebuilt(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, compiles: list[Path]
) -> None:
    catalog = _copy(tmp_path)
    assert run(capsys, "show", "renyi-dp", "--catalog", str(catalog)).code == 0
    [path] = cache_dir().glob("views-*.marshal")
    data = read_plain(path)
    del data["views"]["definitions"]["renyi-dp"]["properties"]
    path.write_bytes(plain_bytes(data))
    result = run(capsys, "show", "renyi-dp", "--catalog", str(catalog), "--format", "json")
    assert result.code == 0
    assert json.loads(result.out)["properties"]["convexity"]["value"] == "yes"
    assert len(compiles) == 2


def test_a_mechanism_source_decodes_only_its_own_claims() -> None:
    """``convert`` from a mechanism reads its claims alone (issue 24: decoding every
    mechanism's claims and origins cost 17M instructions); the rest, read later, holds
    the very same objects."""
    from tests.conftest import CATALOG_DIR

    kb = knowledge_base(CATALOG_DIR)
    claims = kb.claims_of("gaussian")
    rows = kb._parts.rows  # type: ignore[union-attr]
    assert claims
    assert {claim.a for claim in claims} == {"gaussian"}
    assert sorted(rows.claims_table.decoded) == sorted(
        i
        for i, a in enumerate(rows.claims_table.column(range(len(rows.claims_table.rows)), "a"))
        if a == "gaussian"
    )
    everyone = kb.mechanism_claims
    assert len(everyone) > len(claims)
    assert all(any(c is mine for c in everyone) for mine in claims)
    assert kb.claims_of("gaussian") == claims  # now filtered from the assertions read whole


def test_a_damaged_claim_is_compiled_again_not_skipped(
    tmp_path: Path, compiles: list[Path]
) -> None:
    """A claim whose mechanism is no name is a damaged part, compiled again, never read as
    "no claim" (the review of issue 24: `convert gaussian` was refused); the parts read after
    that come from the part compiled again, as the same objects."""
    from tests.conftest import CATALOG_DIR

    catalog = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, catalog)
    fresh = knowledge_base(catalog)
    [path] = cache_dir().glob("facts-*.marshal")
    data = read_plain(path)
    position = data["mechanism_claims"]["fields"].index("a")
    for row in data["mechanism_claims"]["rows"]:
        row[position] = 7
    path.write_bytes(plain_bytes(data))
    kb = knowledge_base(catalog)
    claims = kb.claims_of("gaussian")
    assert claims
    assert claims == fresh.claims_of("gaussian")
    assert kb.claims_of("laplace") == fresh.claims_of("laplace")
    assert len(compiles) == 2  # the second read comes from the part compiled again
    mapped = [fact for facts in kb.mapped_edges(conditional=False).values() for fact in facts]
    assert all(any(fact is known for known in kb.facts) for fact in mapped)
    assert kb.mechanisms is kb.mechanisms
