"""``dptax site``: every page and asset of the static site, then one safe write.

:func:`site_files` is pure: it maps each path of the site to its bytes, the
same bytes for the same catalog (no clock, no randomness, sorted data).
:func:`write_site` puts them in place: into a fresh sibling directory first,
which then replaces the output directory, so a failed build leaves nothing
half-written and a rebuilt site has no stale pages.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from dptaxonomy import __version__
from dptaxonomy.base.atomic import target_mode
from dptaxonomy.base.errors import ExportError
from dptaxonomy.base.records import field, record, replace
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.site.dates import catalog_date
from dptaxonomy.export.site.render import Renderer, static_assets
from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = [
    "MARKER",
    "SiteOptions",
    "SiteReport",
    "build_site",
    "missing_parts",
    "site_files",
    "write_site",
]

MARKER = ".dptax-site"
"""A file in every built site: only such a directory (or an empty one) is replaced."""

PAGE_KINDS = ("index", "definition", "mechanism", "pair", "tool", "open-questions", "table3")

DEFAULT_REPOSITORY = "https://github.com/dptaxonomy/dptaxonomy"


@record
class SiteOptions:
    """What the build needs beyond the catalog."""

    repository: str = DEFAULT_REPOSITORY
    """The GitHub repository that pre-filled issue and source links point to."""
    open_questions: int = 200
    """How many open questions the open-questions page lists."""
    unknown_per_definition: int = 10
    """How many of its open questions each definition page lists (most decisive first)."""
    date: str | None = None
    """The catalog's last change (YYYY-MM-DD); found from the data when None."""
    pyodide: Path | None = None
    """Pyodide's unpacked npm package; without it the calculator pages say they cannot compute."""
    graphviz: bool = True
    """Whether Graphviz draws the diagrams (off anyway when ``dot`` is missing)."""
    sizes: dict[str, int] = field(default_factory=dict)
    """Sizes of the calculator's files, shown on its pages (set by :func:`site_files`)."""
    registry: Path | None = None
    """A checkout of the OpenDP deployments registry: the site gains a deployments section."""


@record
class SiteReport:
    """What a build produced."""

    out: str
    pages: dict[str, int]
    files: int
    size: int
    unrendered: tuple[str, ...] = field(default=())
    """Definitions whose statement is shown as LaTeX source (MathML failed)."""
    missing: tuple[str, ...] = field(default=())
    """What this build lacks and why (no Graphviz: no diagrams; no Pyodide: no calculators)."""

    def to_json(self) -> dict[str, Any]:
        from dptaxonomy.queries.results import json_document

        return json_document(
            {
                "out": self.out,
                "pages": self.pages,
                "files": self.files,
                "bytes": self.size,
                "unrendered_statements": list(self.unrendered),
                "missing": list(self.missing),
            }
        )

    def to_text(self) -> str:
        pages = ", ".join(f"{count} {kind}" for kind, count in self.pages.items())
        lines = [f"wrote {self.files} files ({self.size / 1e6:.1f} MB) to {self.out}: {pages}"]
        if self.unrendered:
            lines.append("statements shown as LaTeX source: " + ", ".join(self.unrendered))
        lines.extend(f"note: {text}" for text in self.missing)
        return "\n".join(lines)


def missing_parts(options: SiteOptions) -> tuple[str, ...]:
    """What a build with ``options`` on this machine leaves out, each with how to add it."""
    missing = []
    if not options.graphviz or shutil.which("dot") is None:
        missing.append(
            "no diagrams: Graphviz's `dot` is not installed (Debian/Ubuntu: apt-get install "
            "graphviz); each definition page says so where its diagram would be"
        )
    if options.pyodide is None:
        missing.append(
            "no calculators: built without --pyodide (`make pyodide` fetches Pyodide); "
            "the relate and convert pages show the command to run instead"
        )
    return tuple(missing)


def site_files(
    catalog: Catalog, kb: KnowledgeBase, options: SiteOptions | None = None
) -> tuple[dict[str, bytes], dict[str, int], tuple[str, ...]]:
    """Every file of the site by relative path, the page counts, and unrendered statements."""
    from dptaxonomy.export.site.calculator import pyodide_files, python_bundle

    options = options or SiteOptions()
    date = options.date or catalog_date(catalog.directory)
    files: dict[str, bytes] = {}
    if options.pyodide is not None:
        runtime = pyodide_files(options.pyodide)
        bundle = python_bundle(catalog, kb)
        files.update(runtime)
        files.update(bundle)
        sizes = {
            "runtime": sum(len(data) for data in runtime.values()),
            "bundle": sum(len(data) for data in bundle.values()),
        }
        options = replace(options, sizes=sizes)
    if options.graphviz and shutil.which("dot") is None:
        options = replace(options, graphviz=False)
    renderer = Renderer(catalog, kb, version=__version__, date=date, options=options)
    pages: dict[str, int] = {}
    with ThreadPoolExecutor(max_workers=2) as pool:  # Graphviz runs in subprocesses
        diagrams = dict(
            zip(catalog.definitions, pool.map(renderer.diagram, catalog.definitions), strict=True)
        )
    for kind, produced in renderer.pages(diagrams):
        for path, text in produced:
            files[path] = text.encode("utf-8")
            pages[kind] = pages.get(kind, 0) + 1
    pages = {kind: pages.get(kind, 0) for kind in PAGE_KINDS}
    if options.registry is not None:
        from dptaxonomy.export.site.deployments import deployment_pages
        from dptaxonomy.queries.registry import check_registry

        section = deployment_pages(check_registry(kb, options.registry))
        files.update((path, text.encode("utf-8")) for path, text in section.items())
        pages["deployments"] = len(section)
    for path, data in renderer.data_files().items():
        files[path] = data
    for path, data in static_assets().items():
        files[path] = data
    files[MARKER] = f"built by dptax {__version__}\n".encode()
    return dict(sorted(files.items())), pages, renderer.unrendered()


def _replaceable(out: Path) -> bool:
    if not out.exists():
        return True
    if not out.is_dir():
        return False
    return (out / MARKER).is_file() or not any(out.iterdir())


def write_site(files: dict[str, bytes], out: Path) -> None:
    """Write ``files`` under ``out``, replacing a previous build as one step.

    The new site keeps the permissions of the directory it replaces. A
    symbolic link as ``out`` is refused: replacing it would replace the link,
    not the site it leads to, and leave that old site in place.
    """
    if out.is_symlink():
        raise ExportError(
            f"{out} is a symbolic link; give the directory it leads to "
            f"({os.path.realpath(out)}) or a new directory as --out"
        )
    if not _replaceable(out):
        raise ExportError(
            f"{out} exists and is not a site built by dptax (no {MARKER} file); "
            "choose an empty or new directory"
        )
    parent = out.resolve().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=parent))
    except OSError as exc:
        raise ExportError(f"cannot write {out}: {exc.strerror or exc}") from None
    try:
        os.chmod(staging, target_mode(out, directory=True))
        for relative, data in files.items():
            target = staging / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        old = None
        if out.exists():
            old = parent / f"{staging.name}.old"
            os.replace(out, old)
        os.replace(staging, out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        with contextlib.suppress(OSError):
            shutil.rmtree(staging)
        raise ExportError(f"cannot write {out}: {exc.strerror or exc}") from None


def build_site(
    catalog: Catalog, kb: KnowledgeBase, out: Path, options: SiteOptions | None = None
) -> SiteReport:
    """Build the whole site into ``out`` and say what it holds."""
    files, pages, unrendered = site_files(catalog, kb, options)
    write_site(files, out)
    return SiteReport(
        out=str(out),
        pages=pages,
        files=len(files),
        size=sum(len(data) for data in files.values()),
        unrendered=unrendered,
        missing=missing_parts(options or SiteOptions()),
    )
