"""The site's deployments section (`dptax site --registry DIR`): escaped, deterministic pages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.site.deployments import deployment_pages
from dptaxonomy.queries.registry import check_registry
from dptaxonomy.reasoning.compile import compile_knowledge_base
from tests.clirunner import run
from tests.conftest import FIXTURES

ENTRIES = FIXTURES / "registry" / "deployments"

HOSTILE = """url_slug: hostile
status: Draft
tier: 1
deployment:
  basic:
    name: <script>alert("x")</script> & co
  dp_variant:
    variant_name: Pure DP
  privacy_loss:
    privacy_unit: <b>User</b>-level
    privacy_parameters: {epsilon: 1}
"""


def registry(tmp_path: Path) -> Path:
    folder = tmp_path / "registry" / "deployments"
    folder.mkdir(parents=True)
    shutil.copy(ENTRIES / "zcdp_with_epsilon.yaml", folder / "zcdp_with_epsilon.yaml")
    (folder / "hostile.yaml").write_text(HOSTILE, encoding="utf-8")
    return folder.parent


@pytest.mark.slow
def test_an_index_and_a_page_per_entry(catalog: Catalog, tmp_path: Path) -> None:
    kb = compile_knowledge_base(catalog)
    check = check_registry(kb, registry(tmp_path))
    pages = deployment_pages(check)
    assert sorted(pages) == [
        "deployments/hostile/index.html",
        "deployments/index.html",
        "deployments/zcdp_with_epsilon/index.html",
    ]
    index = pages["deployments/index.html"]
    assert "<title>Deployments · dptaxonomy</title>" in index
    assert '<td><a href="zcdp_with_epsilon/">zcdp_with_epsilon</a></td>' in index
    assert "<td>rho = 0.0728, xi = 0</td><td>no_sound_conversion</td>" in index
    assert "<td>differential-privacy</td><td>epsilon = 1</td><td>none</td>" in index
    assert "<p>2 entries, 2 with a card, 1 finding(s)." in index
    assert '<a href="zcdp_with_epsilon/">zcdp_with_epsilon</a>: <code>no_sound_conversion' in index
    card = pages["deployments/zcdp_with_epsilon/index.html"]
    assert '<p><a href="../">← all deployments</a></p>' in card
    assert "<h1>Privacy card: Fictional statistics with an epsilon beside rho</h1>" in card
    assert "<code>zcdp_with_epsilon.yaml</code>" in card
    assert card.count("<svg") == 2
    hostile = pages["deployments/hostile/index.html"]
    assert "<script>" not in hostile
    assert (
        "<h1>Privacy card: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</h1>"
        in hostile
    )
    assert "<li>privacy unit &#x27;&lt;b&gt;User&lt;/b&gt;-level&#x27; protects" in hostile
    assert deployment_pages(check_registry(kb, registry(tmp_path / "again"))) == pages


def test_site_refuses_a_registry_that_is_not_a_directory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing"
    result = run(capsys, "site", "--out", str(tmp_path / "out"), "--registry", str(missing))
    assert result.code == 1
    assert result.err == f"dptax: {missing} is not a directory\n"
    assert not (tmp_path / "out").exists()
