"""The library crosswalk as an SSSOM mapping set (TSV with a YAML metadata header).

One row per crosswalk mapping: the definition (``def:`` CURIE), the SKOS
predicate of the match kind, the library identifier as a CURIE, the library
version as ``object_source_version``, and the entry's note as ``comment``.
Rows are sorted; cells never contain a tab or a line break.
"""

from __future__ import annotations

import re

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.crosswalk_terms import LIBRARY_PREFIXES, MATCH_PREDICATES, library_curie
from dptaxonomy.export.vocabulary import BASE

__all__ = ["SSSOM_COLUMNS", "sssom_text"]

SSSOM_COLUMNS = (
    "subject_id",
    "subject_label",
    "predicate_id",
    "object_id",
    "object_label",
    "mapping_justification",
    "object_source_version",
    "comment",
)
_CONTROL = re.compile(r"[\t\r\n\x00-\x1f\x7f]+")
_SKOS = "http://www.w3.org/2004/02/skos/core#"


def _cell(text: str) -> str:
    """A TSV cell: control characters (tabs, line breaks) become single spaces."""
    return _CONTROL.sub(" ", text).strip()


def _yaml_scalar(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def sssom_text(catalog: Catalog) -> str:
    """Every crosswalk mapping of the catalog as SSSOM/TSV."""
    prefixes = {
        "def": f"{BASE}def/",
        "skos": _SKOS,
        "semapv": "https://w3id.org/semapv/vocab/",
    }
    prefixes.update(dict(LIBRARY_PREFIXES.values()))
    header = [
        "# mapping_set_id: " + _yaml_scalar(f"{BASE}mappings.sssom.tsv"),
        "# mapping_set_title: " + _yaml_scalar("dptaxonomy definitions to DP library identifiers"),
        "# license: " + _yaml_scalar("https://spdx.org/licenses/MIT.html"),
        "# curie_map:",
        *(f"#   {p}: {_yaml_scalar(iri)}" for p, iri in sorted(prefixes.items())),
    ]
    rows = []
    for definition in catalog.definitions.values():
        for mapping in definition.crosswalk:
            predicate = str(MATCH_PREDICATES[mapping.match]).replace(_SKOS, "skos:")
            rows.append(
                (
                    f"def:{definition.id}",
                    _cell(definition.name),
                    predicate,
                    library_curie(mapping),
                    _cell(mapping.identifier),
                    "semapv:ManualMappingCuration",
                    _cell(mapping.version),
                    _cell(mapping.note or ""),
                )
            )
    lines = [*header, "\t".join(SSSOM_COLUMNS), *("\t".join(row) for row in sorted(rows))]
    return "\n".join(lines) + "\n"
