"""The neighbourhood Hasse diagram of a definition, as inline SVG.

Drawn by the same code as ``dptax export svg --around ID`` (DOT text from
:mod:`dptaxonomy.export.dot`, laid out by Graphviz), with a link on every
node; the SVG is then trimmed for inlining: no XML prologue or comments, no
size beyond the page's width (CSS scales it down), and a ``<title>`` as its text alternative.
"""

from __future__ import annotations

import re
from html import escape

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.dot import DiagramOptions, dot_text, render, select
from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["diagram_alt", "neighbourhood_dot", "neighbourhood_svg"]

_PROLOGUE = re.compile(r"\A.*?(?=<svg\b)", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->\n?", re.DOTALL)
_OPEN = re.compile(r"<svg\b")


def _options(definition_id: str) -> DiagramOptions:
    return DiagramOptions(
        around=definition_id,
        depth=1,
        title="≻ stronger (solid), ⊂ special case (dashed), ⊁ separated (dotted)",
        node_url="../{id}/",
    )


def neighbourhood_dot(catalog: Catalog, kb: KnowledgeBase, definition_id: str) -> str:
    """The DOT text of the diagram (what ``dptax export dot --around`` draws, plus links)."""
    return dot_text(catalog, kb, _options(definition_id))


def diagram_alt(catalog: Catalog, kb: KnowledgeBase, definition_id: str) -> str:
    """A text alternative naming what the diagram shows."""
    shown = select(catalog, kb, _options(definition_id))
    name = catalog.entries[definition_id].definition.name
    others = len(shown) - 1
    return (
        f"Hasse diagram of {name} and the {others} definition(s) one fact away from it: "
        "an arrow points from a stronger definition to a weaker one; "
        "the tables on this page list the same relations as text."
    )


def neighbourhood_svg(dot: str, alt: str) -> str:
    """Render ``dot`` with Graphviz and trim the SVG for inlining in a page."""
    svg = render(dot, "svg").decode("utf-8")
    svg = _COMMENT.sub("", _PROLOGUE.sub("", svg, count=1))
    svg = _OPEN.sub(
        '<svg class="diagram" role="group" aria-labelledby="diagram-title"', svg, count=1
    )
    head_end = svg.index(">") + 1
    title = f'\n<title id="diagram-title">{escape(alt, quote=False)}</title>'
    return svg[:head_end] + title + svg[head_end:].rstrip() + "\n"
