"""Templates in, pages out: the Jinja2 environment and one method per kind of page."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.site import pages as page_data
from dptaxonomy.export.site.definition import definition_context
from dptaxonomy.export.site.diagram import diagram_alt, neighbourhood_dot, neighbourhood_svg
from dptaxonomy.export.site.mechanism import computed_claims, mechanism_context
from dptaxonomy.export.site.metadata import dataset_jsonld
from dptaxonomy.export.site.progress import progress_context
from dptaxonomy.export.site.urls import definition_url, mechanism_url, pair_key
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.reasoner import Reasoner
from dptaxonomy.schema.settings import CONVENTION_TEXT

if TYPE_CHECKING:
    from jinja2 import Environment

    from dptaxonomy.export.site.builder import SiteOptions

__all__ = ["STATIC_FILES", "Renderer", "static_assets"]

STATIC_FILES = ("site.css", "search.js", "calc.js", "explore.js")

DIAGRAM_OFF = (
    '<p class="note diagram-off">The diagram is missing from this build: '
    "Graphviz's <code>dot</code> was not installed when the site was built. "
    "The tables on this page list the same relations as text.</p>\n"
)
"""What a definition page shows where its diagram would be, in a build without Graphviz."""
Produced = list[tuple[str, str]]


def static_assets() -> dict[str, bytes]:
    """The stylesheet and script, copied from the package into ``assets/``."""
    folder = resources.files("dptaxonomy.export.site") / "static"
    return {f"assets/{name}": (folder / name).read_bytes() for name in STATIC_FILES}


def _environment() -> Environment:
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    return Environment(
        loader=PackageLoader("dptaxonomy.export.site", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


class Renderer:
    """Renders every page of one catalog."""

    def __init__(
        self, catalog: Catalog, kb: KnowledgeBase, *, version: str, date: str, options: SiteOptions
    ) -> None:
        self.catalog = catalog
        self.kb = kb
        self.reasoner = Reasoner(kb)
        self.options = options
        self.version = version
        self.date = date
        self.env = _environment()
        self.env.globals.update(
            version=version,
            date=date,
            repository=options.repository.rstrip("/"),
            conventions={c.value: text for c, text in CONVENTION_TEXT.items()},
            deployments=options.registry is not None,
        )
        self._unrendered: list[str] = []

    def _page(self, template: str, path: str, **context: Any) -> tuple[str, str]:
        depth = path.count("/")
        text = self.env.get_template(template).render(root="../" * depth, path=path, **context)
        return path, text

    def diagram(self, definition_id: str) -> str:
        """The inline SVG of a definition's neighbourhood (a note when Graphviz is missing)."""
        if not self.options.graphviz:
            return DIAGRAM_OFF
        dot = neighbourhood_dot(self.catalog, self.kb, definition_id)
        return neighbourhood_svg(dot, diagram_alt(self.catalog, self.kb, definition_id))

    def unrendered(self) -> tuple[str, ...]:
        return tuple(self._unrendered)

    @cached_property
    def pairs(self) -> list[tuple[str, str]]:
        """Every pair a definition page links to (canonical order)."""
        found: set[tuple[str, str]] = set()
        for context in self._definitions.values():
            for table in ("stronger", "weaker", "equivalents"):
                found.update(pair_key(context["definition"].id, row.id) for row in context[table])
            found.update(
                pair_key(context["definition"].id, row["id"]) for row in context["separated"]
            )
        return sorted(found)

    @cached_property
    def _definitions(self) -> dict[str, dict[str, Any]]:
        return {
            i: definition_context(self.catalog, self.reasoner, i, self.version)
            for i in self.catalog.definitions
        }

    def pages(self, diagrams: dict[str, str]) -> Iterator[tuple[str, Produced]]:
        """Every page, grouped by kind: (kind, [(path, html), …])."""
        index = page_data.index_context(self.catalog, self.reasoner)
        index["jsonld"] = dataset_jsonld(
            version=self.version,
            date=self.date,
            definitions=len(self.catalog.definitions),
            repository=self.options.repository,
        )
        yield (
            "index",
            [
                self._page("index.html", "index.html", **index),
                self._page("definitions.html", "d/index.html", **index),
                self._page("contribute.html", "contribute/index.html"),
                self._page("not_found.html", "404.html"),
            ],
        )
        definitions = []
        unknown = page_data.unknown_contexts(
            self.catalog,
            self.reasoner,
            self.options.repository,
            self.options.unknown_per_definition,
        )
        for definition_id, context in self._definitions.items():
            statement = context["statement"]
            if statement is not None and not statement.rendered:
                self._unrendered.append(definition_id)
            path = definition_url(definition_id) + "index.html"
            definitions.append(
                self._page(
                    "definition.html",
                    path,
                    diagram=diagrams[definition_id],
                    unknown=unknown[definition_id],
                    **context,
                )
            )
        yield "definition", definitions
        pairs = set(self.pairs)
        yield (
            "mechanism",
            [
                self._page(
                    "mechanism.html",
                    mechanism_url(m.id) + "index.html",
                    **mechanism_context(self.catalog, m, pairs),
                )
                for m in self.catalog.mechanisms.values()
            ],
        )
        mechanisms = list(self.catalog.mechanisms.values())
        verdicts = computed_claims(self.catalog)
        yield (
            "index",
            [
                self._page(
                    "mechanisms.html", "m/index.html", mechanisms=mechanisms, verdicts=verdicts
                )
            ],
        )
        yield (
            "pair",
            [
                self._page(
                    "pair.html",
                    f"p/{a}/{b}/index.html",
                    **page_data.pair_context(self.catalog, self.reasoner, a, b),
                )
                for a, b in self.pairs
            ],
        )
        questions = page_data.open_questions_context(
            self.catalog, self.reasoner, self.options.repository, self.options.open_questions
        )
        yield "tool", list(self._tool_pages())
        yield (
            "open-questions",
            [
                self._page("open_questions.html", "open-questions/index.html", **questions),
                self._page(
                    "progress.html",
                    "progress/index.html",
                    **progress_context(self.catalog, self.reasoner, pairs),
                ),
            ],
        )
        yield (
            "table3",
            [
                self._page(
                    "table3.html",
                    "table3/index.html",
                    **page_data.table3_context(self.catalog, self.reasoner),
                )
            ],
        )

    def _tool_pages(self) -> Iterator[tuple[str, str]]:
        from dptaxonomy.export.site.tools import (
            calculator_contexts,
            explorer_context,
            rule_glossary,
        )

        sizes = self.options.sizes
        for path, context in calculator_contexts(
            self.catalog, pyodide=self.options.pyodide is not None, sizes=sizes
        ).items():
            yield self._page("calculator.html", path, **context)
        explorer = explorer_context(self.catalog)
        yield self._page("explore.html", "explore/index.html", **explorer)
        yield self._page("find.html", "find/index.html", **explorer)
        yield self._page("rules.html", "rules/index.html", families=rule_glossary())
        yield self._page("how_to_read.html", "how-to-read/index.html")

    def data_files(self) -> dict[str, bytes]:
        """Downloads, per-definition RDF, the search index and the metadata files."""
        from dptaxonomy.export.bibtex import bibtex_text
        from dptaxonomy.export.ontology import ontology_text
        from dptaxonomy.export.rdf import asserted_graph
        from dptaxonomy.export.site.data import (
            definition_graphs,
            search_documents,
            search_index_script,
        )
        from dptaxonomy.export.site.explore import (
            explorer_json,
            implication_matrix,
            matrix_csv,
            matrix_json,
        )
        from dptaxonomy.export.site.metadata import void_turtle

        graph = asserted_graph(self.catalog, self.kb)
        turtle = graph.serialize(format="turtle")
        files = {
            f"d/{i}/rdf.ttl": text.encode("utf-8")
            for i, text in definition_graphs(self.catalog, graph).items()
        }
        files["data/dptaxonomy.ttl"] = turtle.encode("utf-8")
        files["data/void.ttl"] = void_turtle(
            version=self.version,
            date=self.date,
            triples=len(graph),
            definitions=len(self.catalog.definitions),
        ).encode("utf-8")
        files["data/ontology.ttl"] = ontology_text().encode("utf-8")
        files["data/references.bib"] = bibtex_text(self.catalog.references).encode("utf-8")
        matrix = implication_matrix(self.catalog, self.kb)
        files["data/implications.csv"] = matrix_csv(matrix).encode("utf-8")
        files["data/implications.json"] = matrix_json(matrix).encode("utf-8")
        files["assets/explore-data.js"] = explorer_json(self.catalog, self.kb, matrix).encode(
            "utf-8"
        )
        files["assets/search-index.js"] = search_index_script(
            search_documents(self.catalog)
        ).encode("utf-8")
        return files
