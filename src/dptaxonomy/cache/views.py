"""The catalog as plain JSON data, stored in the cache next to the knowledge base.

``dptax show`` and ``dptax list`` read entries as documents (the JSON form of
each definition, as ``dptax show --format json`` prints it) instead of parsing
YAML and validating with pydantic. Encoding needs the loaded catalog; decoding
needs nothing but the standard library.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

from dptaxonomy.base.records import field, record
from dptaxonomy.catalog.names import NameIndex, normalize

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dptaxonomy.catalog.evidence import Computed
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["CatalogView", "EntryLabels", "decode_views", "encode_views"]

if TYPE_CHECKING:
    Document = dict[str, Any]


def encode_views(
    catalog: Catalog, kb: KnowledgeBase, stored: Callable[[str], str] = str
) -> dict[str, Any]:
    """The JSON-ready documents of every definition, and the bibliography's authors and years.

    Each document also holds the property values rules P1/P2 derive for the
    definition from ``kb`` (``derived_properties``), so that ``show`` and
    ``list`` need no knowledge base. ``stored`` turns a file name as the
    catalog shows it into the name to store.
    """
    from dptaxonomy.catalog.evidence import relation_evidence
    from dptaxonomy.reasoning.logic.derived import derived_properties

    definitions = {}
    for definition_id, definition in catalog.definitions.items():
        document = definition.model_dump(mode="json", exclude_none=True)
        document["file"] = stored(catalog.entries[definition_id].file)
        document["derived_properties"] = [d.data() for d in derived_properties(kb, definition_id)]
        for index, relation in enumerate(document.get("relations", ())):
            _with_evidence(relation, relation_evidence(catalog.evidence, definition_id, index))
        declared = document.get("perfect_privacy")
        if declared is not None:
            for index, part in enumerate(("parameters", "every_parameter")):
                computed = catalog.evidence.get(("perfect_privacy", definition_id, index))
                if declared.get(part) and computed is not None:
                    declared.setdefault("verify", {})[part] = {
                        "outcome": computed.outcome,
                        "cases": computed.cases,
                    }
        for index, rule in enumerate(document.get("operations", ())):
            _with_evidence(rule, catalog.evidence.get(("operation", definition_id, index)))
            computed = catalog.evidence.get(("tightness", definition_id, index))
            if "tight" in rule and computed is not None:
                rule["tight"]["verify"] = computed.outcome
        for index, value in enumerate(document.get("vacuous", ())):
            computed = catalog.evidence.get(("vacuous", definition_id, index))
            if computed is not None:
                value["verify"] = {"outcome": computed.outcome, "cases": computed.cases}
        definitions[definition_id] = document
    references = {
        key: {"authors": list(reference.authors), "year": reference.year}
        for key, reference in sorted(catalog.references.items())
    }
    mechanisms = _mechanism_documents(catalog, stored)
    return {"definitions": definitions, "mechanisms": mechanisms, "references": references}


def _with_evidence(claim: Document, computed: Computed | None) -> None:
    """Add a claim's evidence level (quoted, cited, computed, refuted) and its verify verdict."""
    from dptaxonomy.reasoning.logic.facts import evidence_level

    level, cases = evidence_level(claim.get("citation", {}).get("quote"), computed)
    claim["evidence"] = level
    if level == "computed":
        claim["cases"] = cases
    if computed is not None:
        claim["verify"] = computed.outcome
        if computed.counterexample is not None:
            claim["counterexample"] = computed.counterexample


def _mechanism_documents(catalog: Catalog, stored: Callable[[str], str]) -> dict[str, Document]:
    """Each mechanism's document: its entry, each claim's evidence, and its separations.

    A declared separation carries the evidence of the witness fact rule W3
    derives from it (the weaker of its two claims), or ``derived: false`` when
    W3 does not apply (a disputed claim, or claims about different instances).
    """
    from dptaxonomy.reasoning.logic.witnesses import witness_facts

    derived = {
        (f.origin.witness.mechanism, f.a, f.b): f.origin
        for f in witness_facts(catalog)
        if f.origin.witness is not None
    }
    documents = {}
    for mechanism_id, entry in sorted(catalog.mechanism_entries.items()):
        document = entry.mechanism.model_dump(mode="json", exclude_none=True)
        document["file"] = stored(entry.file)
        for kind in ("satisfies", "violates"):
            for index, claim in enumerate(document[kind]):
                _with_evidence(claim, catalog.evidence.get((kind, mechanism_id, index)))
        for item in document["witnesses"]:
            origin = derived.get((mechanism_id, item["stronger"], item["not_stronger_than"]))
            item["derived"] = origin is not None
            if origin is not None:
                item["evidence"] = origin.evidence
                if origin.evidence == "computed":
                    item["cases"] = origin.cases
        documents[mechanism_id] = document
    return documents


@record
class EntryLabels:
    """What name resolution needs of a document (see :class:`~dptaxonomy.catalog.names.Named`)."""

    id: str
    name: str
    disambiguator: str | None
    introduced_in: tuple[str, ...]
    name_sources: tuple[str, ...]
    labels: list[str]
    library_ids: tuple[str, ...]


def _labels(document: Document) -> EntryLabels:
    return EntryLabels(
        id=document["id"],
        name=document["name"],
        disambiguator=document.get("disambiguator"),
        introduced_in=tuple(document["introduced_in"]),
        name_sources=tuple(dict.fromkeys(n["source"] for n in document.get("names", ()))),
        labels=[
            document["id"],
            document["name"],
            *document.get("abbreviations", ()),
            *document.get("aliases", ()),
            *(n["label"] for n in document.get("names", ())),
        ],
        library_ids=tuple(dict.fromkeys(m["identifier"] for m in document.get("crosswalk", ()))),
    )


@record
class CatalogView:
    """Every definition's and mechanism's document by id (sorted), and each reference's
    authors and year."""

    definitions: dict[str, Document]
    references: dict[str, Document]
    mechanisms: dict[str, Document] = field(default_factory=dict)
    stored_names: Callable[[], NameIndex | None] | None = None
    """Reads the name index the cache stored beside the documents (None: build it)."""

    @cached_property
    def names(self) -> NameIndex:
        """Name resolution over the documents (read from the cache when it holds it)."""
        stored = self.stored_names() if self.stored_names is not None else None
        if stored is not None and stored.ids() == set(self.definitions):
            return stored
        return NameIndex(_labels(d) for d in self.definitions.values())

    def resolve(self, name: str) -> Document:
        """The document of the definition ``name`` designates (raises a name error if none)."""
        return self.definitions[self.names.resolve(name)]

    def mechanism(self, name: str) -> Document | None:
        """The mechanism whose id, name or alias is ``name`` (spelling-insensitive), if any."""
        wanted = normalize(name)
        for document in self.mechanisms.values():
            labels = (document["id"], document["name"], *document.get("aliases", ()))
            if wanted in {normalize(label) for label in labels}:
                return document
        return None

    def claims_about(self, definition_id: str) -> list[tuple[str, str, Document]]:
        """(mechanism id, satisfies or violates, claim) for each mechanism claim about it."""
        return [
            (mechanism_id, kind, claim)
            for mechanism_id, mechanism in self.mechanisms.items()
            for kind in ("satisfies", "violates")
            for claim in mechanism[kind]
            if claim["definition"] == definition_id
        ]

    def incoming(self, definition_id: str) -> list[tuple[str, Document]]:
        """(subject id, relation) for each relation another entry states about the definition."""
        return [
            (subject_id, relation)
            for subject_id, subject in self.definitions.items()
            for relation in subject.get("relations", ())
            if relation.get("target") == definition_id
        ]


def decode_views(data: Any, shown: Callable[[str], str] = str) -> CatalogView:
    """The view :func:`encode_views` stored; ValueError if its shape is wrong.

    ``shown`` turns a stored file name into the name to show.
    """
    if not isinstance(data, dict):
        raise ValueError("the views are not an object")
    definitions = data["definitions"]
    references = data["references"]
    mechanisms = data["mechanisms"]
    if not all(isinstance(part, dict) for part in (definitions, references, mechanisms)):
        raise ValueError("the views have the wrong shape")
    for definition_id, document in definitions.items():
        if not isinstance(document, dict) or document.get("id") != definition_id:
            raise ValueError(f"the document of {definition_id!r} is malformed")
        required = ("name", "introduced_in", "dimensions", "scope", "properties", "file")
        for key in (*required, "derived_properties"):
            if key not in document:
                raise ValueError(f"the document of {definition_id!r} lacks {key!r}")
        document["file"] = shown(str(document["file"]))
    for mechanism_id, document in mechanisms.items():
        if not isinstance(document, dict) or document.get("id") != mechanism_id:
            raise ValueError(f"the document of mechanism {mechanism_id!r} is malformed")
        document["file"] = shown(str(document["file"]))
    return CatalogView(dict(sorted(definitions.items())), references, mechanisms)
