"""GraphViz diagrams: the Hasse diagram of ≻ over equivalence classes.

One node per equivalence class (listing its members); solid edges are the
transitive reduction of ≻ among the selected definitions (so a ≻ chain
through a hidden definition still shows); dashed edges the reduction of ⊂;
dotted edges asserted separations. Nodes are coloured by dimension.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable

import networkx as nx

from dptaxonomy.base.errors import ExportError
from dptaxonomy.base.records import field, record
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.schema.models import Definition, Dimension, Scope

__all__ = ["DiagramOptions", "dot_text", "render", "select"]

COLOURS = {
    "Q": "#8dd3c7",
    "N": "#ffffb3",
    "V": "#bebada",
    "B": "#fb8072",
    "F": "#80b1d3",
    "R": "#fdb462",
    "C": "#b3de69",
}


@record
class DiagramOptions:
    """Which definitions to draw, and how."""

    around: str | None = None
    depth: int = 1
    dimensions: tuple[Dimension, ...] = ()
    scope: Scope | None = None
    only_table3: bool = False
    cluster: bool = False
    title: str | None = None
    extra: dict[str, str] = field(default_factory=dict)
    node_url: str | None = None
    """A link for every node, ``{id}`` standing for the class head's id (e.g. ``../{id}/``)."""


def quote(text: str) -> str:
    """A DOT double-quoted string (escapes backslashes, quotes and newlines).

    >>> quote('a "b" \\\\c')
    '"a \\\\"b\\\\" \\\\\\\\c"'
    """
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def select(catalog: Catalog, kb: KnowledgeBase, options: DiagramOptions) -> list[str]:
    """Ids of the definitions the diagram shows."""
    definitions = catalog.definitions
    chosen = set(definitions)
    if options.only_table3:
        chosen = {i for i in chosen if definitions[i].source.table3 is not None}
    if options.scope is not None:
        chosen = {i for i in chosen if definitions[i].scope is options.scope}
    if options.dimensions:
        wanted = set(options.dimensions)
        chosen = {i for i in chosen if wanted <= set(definitions[i].dimensions)}
    if options.around is not None:
        graph: nx.Graph = nx.Graph()
        graph.add_nodes_from(definitions)
        graph.add_edges_from((f.a, f.b) for f in kb.facts)
        near = nx.single_source_shortest_path_length(graph, options.around, cutoff=options.depth)
        chosen &= set(near) | {options.around}
        chosen.add(options.around)
    return sorted(chosen)


def _reduction(nodes: list[str], holds: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    graph: nx.DiGraph = nx.DiGraph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from(holds)
    return sorted(nx.transitive_reduction(graph).edges())


def _label(definitions: dict[str, Definition], members: tuple[str, ...]) -> str:
    lines = []
    for member in members:
        d = definitions[member]
        short = d.abbreviations[0] if d.abbreviations else d.name
        suffix = f"[{d.disambiguator}]" if d.disambiguator else ""
        dims = "".join(x.value for x in d.dimensions)
        lines.append(f"{short}{suffix}" + (f" ({dims})" if dims else ""))
    return "\n".join(lines)


def dot_text(catalog: Catalog, kb: KnowledgeBase, options: DiagramOptions | None = None) -> str:
    """The diagram in the DOT language (deterministic)."""
    options = options or DiagramOptions()
    definitions = catalog.definitions
    chosen = select(catalog, kb, options)
    classes: dict[str, tuple[str, ...]] = {}
    for member in chosen:
        group = tuple(m for m in kb.equivalents(member) if m in chosen)
        classes[member] = group
    heads = sorted({group[0] for group in classes.values()})
    head_of = {member: group[0] for member, group in classes.items()}
    stronger = [(a, b) for a in heads for b in heads if a != b and kb.is_stronger(a, b)]
    extends = [(a, b) for a in chosen for b in chosen if a != b and kb.is_extension(a, b)]
    lines = ["digraph dptaxonomy {"]
    lines.append(
        f"  label={quote(options.title or 'dptaxonomy: ≻ (solid), ⊂ (dashed), ⊁ (dotted)')};"
    )
    lines.append(
        '  labelloc="t"; rankdir="TB"; node [shape=box, style=filled, fontname="Helvetica"];'
    )
    lines.append('  edge [fontname="Helvetica"];')
    groups: dict[str, list[str]] = {}
    for head in heads:
        dims = "".join(x.value for x in definitions[head].dimensions) or "none"
        groups.setdefault(dims if options.cluster else "", []).append(head)
    for cluster, members in sorted(groups.items()):
        indent = "  "
        if cluster:
            lines.append(f"  subgraph {quote('cluster_' + cluster)} {{")
            lines.append(f"    label={quote('dimensions ' + cluster)};")
            indent = "    "
        for head in members:
            letters = [x.value for x in definitions[head].dimensions]
            colour = ":".join(COLOURS[x] for x in letters) or "white"
            style = "striped" if len(letters) > 1 else "filled"
            tooltip = "; ".join(definitions[m].name for m in classes[head])
            link = (
                f", URL={quote(options.node_url.replace('{id}', head))}" if options.node_url else ""
            )
            lines.append(
                f"{indent}{quote(head)} [label={quote(_label(definitions, classes[head]))}, "
                f"fillcolor={quote(colour)}, style={quote(style)}, tooltip={quote(tooltip)}{link}];"
            )
        if cluster:
            lines.append("  }")
    for a, b in _reduction(heads, stronger):
        lines.append(f"  {quote(a)} -> {quote(b)};")
    for a, b in _reduction(chosen, extends):
        lines.append(
            f'  {quote(head_of[a])} -> {quote(head_of[b])} [style=dashed, color="#555555"];'
        )
    separations = sorted(
        {(head_of[f.a], head_of[f.b]) for f in kb.separations if f.a in head_of and f.b in head_of}
    )
    for a, b in separations:
        lines.append(f'  {quote(a)} -> {quote(b)} [style=dotted, color="#b22222", arrowhead=tee];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def render(dot: str, fmt: str) -> bytes:
    """Run Graphviz's ``dot`` to render ``fmt`` (svg, png, pdf)."""
    program = shutil.which("dot")
    if program is None:
        raise ExportError(
            "rendering needs Graphviz's `dot` program, which is not installed "
            "(Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz); "
            "`dptax export dot` prints the diagram as DOT text without it"
        )
    try:
        done = subprocess.run(  # a fixed program, no shell, input on stdin
            [program, f"-T{fmt}"],
            input=dot.encode("utf-8"),
            capture_output=True,
            check=False,
            timeout=120,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ExportError(f"Graphviz failed: {exc}") from None
    if done.returncode != 0:
        raise ExportError("Graphviz failed: " + done.stderr.decode("utf-8", "replace").strip())
    return done.stdout
