"""The files the site's calculators run on: Pyodide, the package's source and the knowledge base.

The relate, convert and compose pages answer in the browser with the CLI's own
code: Pyodide (CPython compiled to WebAssembly, from its npm package, copied into
``assets/pyodide/``) imports this package's modules from a zip
(``assets/py/dptaxonomy.zip``, with PyYAML's pure-Python modules, which read a
compose request; the enclosures are the package's own, on the standard library's
:mod:`decimal`, so no numeric library is shipped) and
reads ``assets/py/kb.json``, the knowledge base in the cache's
encoding. :mod:`dptaxonomy.cli.browser` answers there as the CLI does, so no
mathematics is written twice (no JavaScript evaluator to drift apart).

numpy is not shipped (Pyodide's npm package has no numpy wheel), so the compose
page runs every route but the privacy-loss distributions' and says so.

Every byte is a function of the package, PyYAML and the catalog: zip entries
are sorted and carry a fixed date, so rebuilds are byte-identical.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from dptaxonomy.base.errors import ExportError
from dptaxonomy.catalog.paths import root_relative_names
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["PYODIDE_FILES", "PYODIDE_VERSION", "pyodide_files", "python_bundle"]

PYODIDE_VERSION = "314.0.7"
"""The npm package ``pyodide`` the site is tested with (``make pyodide`` fetches it)."""

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What the browser loads from the package: the loader, the interpreter and its standard library."""

_EPOCH = (1980, 1, 1, 0, 0, 0)


def pyodide_files(directory: Path) -> dict[str, bytes]:
    """The Pyodide runtime from an unpacked npm package (its ``package/`` folder), by site path."""
    files = {}
    for name in PYODIDE_FILES:
        path = directory / name
        try:
            files[f"assets/pyodide/{name}"] = path.read_bytes()
        except OSError as exc:
            raise ExportError(
                f"{directory} is not Pyodide's npm package (cannot read {name}: "
                f"{exc.strerror or exc}); `make pyodide` unpacks it into build/pyodide/package"
            ) from None
    return files


def _package_sources(root: Path, prefix: str) -> list[tuple[str, bytes]]:
    return [
        (f"{prefix}/{path.relative_to(root).as_posix()}", path.read_bytes())
        for path in sorted(root.rglob("*.py"))
        if "tests" not in path.relative_to(root).parts
    ]


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


def python_bundle(catalog: Catalog, kb: KnowledgeBase) -> dict[str, bytes]:
    """``assets/py/dptaxonomy.zip`` (this package and PyYAML's Python modules) and
    ``assets/py/kb.json``."""
    import yaml

    import dptaxonomy
    from dptaxonomy.cache.codec import encode_knowledge_base

    entries = _package_sources(Path(dptaxonomy.__file__).parent, "dptaxonomy")
    entries += _package_sources(Path(yaml.__file__).parent, "yaml")  # its C part is optional
    names = root_relative_names(catalog.directory)
    data = encode_knowledge_base(kb, lambda name: names.get(name, name))
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return {"assets/py/dptaxonomy.zip": _zip(entries), "assets/py/kb.json": text.encode("utf-8")}
