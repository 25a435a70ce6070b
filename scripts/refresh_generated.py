"""Regenerate the committed generated files.

Run `make schema` (or `python scripts/refresh_generated.py`) after changing
the models, the exports or the catalog; tests/test_generated.py fails until
you do, naming this command.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from dptaxonomy.base.atomic import write_bytes_atomic
from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.export.dot import DiagramOptions, dot_text, render
from dptaxonomy.export.jsondump import export_schema_text
from dptaxonomy.export.ontology import ontology_text
from dptaxonomy.export.produce import ExportKind, produce
from dptaxonomy.export.shapes import shapes_text
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.schema.jsonschema import SCHEMA_FILES, schema_text

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "valid"
OVERVIEW = DiagramOptions(
    only_table3=True, title="dptaxonomy: the definitions of the SoK's Table 3"
)


def _compiled(directory: Path) -> tuple[Catalog, KnowledgeBase]:
    catalog = load_catalog(directory)
    return catalog, compile_knowledge_base(catalog)


def _overview() -> str:
    return dot_text(*_compiled(ROOT / "catalog"), OVERVIEW)


def _encoded(build: Callable[[str], str], argument: str) -> bytes:
    return build(argument).encode()


def _fixture_export(kind: ExportKind) -> bytes:
    return produce(kind, *_compiled(FIXTURE))


def _performance_page() -> bytes:
    if str(ROOT) not in sys.path:  # run as `python scripts/refresh_generated.py`
        sys.path.insert(0, str(ROOT))
    from scripts.bench_page import page_markdown, read_history

    return page_markdown(read_history()).encode()


def generators() -> dict[Path, Callable[[], bytes]]:
    """Every generated file and how to build it."""
    files: dict[Path, Callable[[], bytes]] = {}
    for kind, name in SCHEMA_FILES.items():
        files[ROOT / "schema" / name] = partial(_encoded, schema_text, kind)
    files[ROOT / "schema" / "export.schema.json"] = lambda: export_schema_text().encode()
    files[ROOT / "ontology" / "dptaxonomy.ttl"] = lambda: ontology_text().encode()
    files[ROOT / "ontology" / "shapes.ttl"] = lambda: shapes_text().encode()
    golden = ROOT / "tests" / "golden"
    for export, suffix in (
        (ExportKind.turtle, "ttl"),
        (ExportKind.jsonld, "jsonld"),
        (ExportKind.trig, "trig"),
        (ExportKind.json, "json"),
        (ExportKind.bibtex, "bib"),
        (ExportKind.sssom, "sssom.tsv"),
        (ExportKind.dot, "dot"),
    ):
        files[golden / f"fixture.{suffix}"] = partial(_fixture_export, export)
    files[ROOT / "docs" / "overview.dot"] = lambda: _overview().encode()
    files[ROOT / "docs" / "performance.md"] = _performance_page
    files[OVERVIEW_SVG] = lambda: render(_overview(), "svg")
    return files


OVERVIEW_SVG = ROOT / "docs" / "overview.svg"
"""The one generated file that needs Graphviz's dot."""


def main() -> None:
    for path, build in generators().items():
        if path == OVERVIEW_SVG and shutil.which("dot") is None:
            print(
                f"not regenerated: {path.relative_to(ROOT)} needs Graphviz's dot", file=sys.stderr
            )
            continue
        data = build()
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_bytes_atomic(path, data)
            print(f"updated {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
