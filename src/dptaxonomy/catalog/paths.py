"""Where the catalog is, and which files it holds (standard library only: used on fast paths).

The query commands handle the catalog's folder as a string (:func:`path_text`): importing
:mod:`pathlib` (with :mod:`fnmatch`, :mod:`re` and :mod:`urllib.parse`) costs a query
about half a bare interpreter's start-up. Functions documented to return a
:class:`~pathlib.Path` import it when called.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "CATALOG_ENV",
    "CORE_FILE",
    "EVIDENCE_FILE",
    "MECHANISMS_DIR",
    "REFERENCES_FILE",
    "catalog_files",
    "catalog_listing",
    "check_catalog_dir",
    "default_catalog_dir",
    "default_catalog_folder",
    "display_path",
    "mechanism_files",
    "path_text",
    "root_relative_names",
]

CATALOG_ENV = "DPTAX_CATALOG"
REFERENCES_FILE = "references.yaml"
CORE_FILE = "core.yaml"
MECHANISMS_DIR = "mechanisms"
EVIDENCE_FILE = "evidence.json"


def default_catalog_dir() -> Path:
    """The catalog to use when none is given: ``$DPTAX_CATALOG``, else the embedded one.

    An installed package carries its catalog in ``dptaxonomy/data/catalog``; a
    source checkout (editable install) uses the repository's ``catalog/``.
    """
    from pathlib import Path

    return Path(default_catalog_folder())


def default_catalog_folder() -> str:
    """:func:`default_catalog_dir` as the string ``str()`` gives of it (no :mod:`pathlib`)."""
    configured = os.environ.get(CATALOG_ENV)
    if configured:
        return path_text(configured)
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    embedded = os.path.join(package, "data", "catalog")
    if os.path.isdir(embedded):
        return embedded
    return os.path.join(os.path.dirname(os.path.dirname(package)), "catalog")


def path_text(path: Path | str) -> str:
    """``str(Path(path))`` without importing :mod:`pathlib`: on POSIX, the path with repeated
    slashes and ``.`` parts dropped (``..`` kept), ``"."`` for an empty one.

    >>> path_text("./catalog//defs/./x.yaml/"), path_text(""), path_text("//a/../b")
    ('catalog/defs/x.yaml', '.', '//a/../b')
    """
    text = os.fspath(path)
    if os.sep != "/" or os.altsep:  # another flavour's rules: pathlib's own
        from pathlib import Path

        return str(Path(text))
    stripped = text.lstrip("/")
    leading = len(text) - len(stripped)
    root = "" if not leading else "//" if leading == 2 else "/"
    parts = [part for part in stripped.split("/") if part and part != "."]
    return root + "/".join(parts) if root or parts else "."


def _yaml_below(
    directory: Path | str, folders: list[str] | None = None, skip: str = ""
) -> list[tuple[str, str]]:
    """(relative POSIX path, path) of every ``*.yaml`` below ``directory``, sorted.

    Like ``Path.rglob("*.yaml")``: symbolic links to directories are listed
    but not descended into. Built on :func:`os.walk` and plain strings because
    every query lists the catalog to compute its cache key, and this is
    several times faster than ``rglob``. Each folder walked is appended to
    ``folders`` (if given); the top folder's subfolder ``skip`` is not walked.
    """
    found = []
    root = str(directory)
    for folder, subfolders, files in os.walk(root):
        if folders is not None:
            folders.append(folder)
        relative = os.path.relpath(folder, root).replace(os.sep, "/")
        prefix = "" if relative == "." else relative + "/"
        for name in (*files, *subfolders):
            if name.endswith(".yaml"):
                found.append((prefix + name, os.path.join(folder, name)))
        if skip and folder == root and skip in subfolders:
            subfolders.remove(skip)
    found.sort()
    return found


def catalog_listing(
    directory: Path | str, folders: list[str] | None = None
) -> list[tuple[str, str]]:
    """(relative POSIX path, path) of every file the catalog is made of, in a stable order.

    The bibliography, the definitions, the mechanisms and, when present, the
    stored evidence: what the cache key covers. Every folder whose entries it
    reads is appended to ``folders`` (if given), each once: an entry added,
    removed or renamed in one of them changes that folder's modification time.
    """
    root = str(directory)
    files = [(REFERENCES_FILE, os.path.join(root, REFERENCES_FILE))]
    files += [
        (name, path)
        for name, path in _yaml_below(root, folders, skip=MECHANISMS_DIR)
        if name != REFERENCES_FILE and name.split("/", 1)[0] != MECHANISMS_DIR
    ]
    mechanisms = os.path.join(root, MECHANISMS_DIR)
    if os.path.isdir(mechanisms):
        below = _yaml_below(mechanisms, folders)
        files += [(f"{MECHANISMS_DIR}/{name}", path) for name, path in below]
    evidence = os.path.join(root, EVIDENCE_FILE)
    if os.path.lexists(evidence):
        files.append((EVIDENCE_FILE, evidence))
    return files


def catalog_files(directory: Path) -> list[Path]:
    """Every definition file below ``directory`` (not ``mechanisms/``, the bibliography or the
    core list), in a stable order."""
    from pathlib import Path

    return [
        Path(path)
        for name, path in _yaml_below(directory)
        if name not in (REFERENCES_FILE, CORE_FILE) and name.split("/", 1)[0] != MECHANISMS_DIR
    ]


def mechanism_files(directory: Path) -> list[Path]:
    """Every mechanism file, ``mechanisms/**/*.yaml``, in a stable order."""
    from pathlib import Path

    folder = directory / MECHANISMS_DIR
    if not folder.is_dir():
        return []
    return [Path(path) for _, path in _yaml_below(folder)]


def check_catalog_dir(directory: Path | str) -> None:
    """Raise :class:`~dptaxonomy.base.errors.CatalogNotFoundError` unless it is a catalog.

    A catalog folder holds ``references.yaml``. A checkout root (a folder
    whose ``catalog/`` holds it) and a folder with no catalog files at all are
    errors, so that a wrong ``--catalog`` is never read as hundreds of broken
    entries. A folder of definition files without a bibliography is still a
    catalog, whose missing ``references.yaml`` validation then reports.
    """
    if os.path.isfile(os.path.join(directory, REFERENCES_FILE)):
        return
    from pathlib import Path

    from dptaxonomy.base.errors import CatalogNotFoundError

    folder = Path(directory)
    shown = display_path(folder)
    if not folder.is_dir():
        raise CatalogNotFoundError(f"no catalog directory at {shown}")
    inner = folder / "catalog"
    if (inner / REFERENCES_FILE).is_file():
        raise CatalogNotFoundError(
            f"{shown} is a checkout, not a catalog: pass --catalog {display_path(inner)}"
        )
    if not any(folder.glob("*.yaml")):
        raise CatalogNotFoundError(
            f"no catalog at {shown}: it holds no {REFERENCES_FILE} and no definition files"
        )


def display_path(path: Path | str) -> str:
    """A path as diagnostics show it: relative to the working directory when possible
    (as ``str(Path(path).relative_to(Path.cwd()))`` gives it, else ``str(Path(path))``)."""
    text = path_text(path)
    if os.sep != "/" or os.altsep:
        from pathlib import Path

        try:
            return str(Path(text).relative_to(Path.cwd()))
        except ValueError:
            return text
    cwd = path_text(os.getcwd())
    if text == cwd:
        return "."
    if text.startswith("//") != cwd.startswith("//"):
        return text  # different roots
    prefix = cwd if cwd.endswith("/") else cwd + "/"
    return text[len(prefix) :] if text.startswith(prefix) else text


def root_relative_names(directory: Path | str) -> dict[str, str]:
    """Each catalog file's displayed name (as entries carry it) -> its path below ``directory``.

    Displayed names depend on the working directory; names relative to the
    catalog root do not, so the cache and the JSON export store those.
    """
    from pathlib import Path

    folder = Path(directory)
    if not folder.is_dir():
        return {}
    return {
        display_path(path): path.relative_to(folder).as_posix()
        for path in [*catalog_files(folder), *mechanism_files(folder)]
    }
