"""The CLI's query commands answered inside a web page (the site's calculators, run by Pyodide).

The site ships the package's source and the compiled knowledge base as JSON
(the cache's own encoding, :func:`dptaxonomy.cache.codec.encode_knowledge_base`);
the page loads both into Pyodide and calls :func:`answer`. Each question runs
the very functions ``dptax relate``, ``dptax explain`` and ``dptax convert``
run, and is printed by the CLI's :func:`~dptaxonomy.cli.actions.emit`, so the
page shows the CLI's output character for character, and its exit code.

Only the standard library is imported here (the fast path's contract), so
Pyodide needs no package beyond its own. A mechanism as the source of a
conversion works too: its claims are compiled into the knowledge base.

>>> kb = load_knowledge_base(demo_text())
>>> run(kb, ["relate", "zCDP", "RDP"]).out.splitlines()[0]
'zero-concentrated-dp vs renyi-dp: stronger (strictly); extension: none'
>>> run(kb, ["convert", "zCDP", "RDP"]).err
'dptax: missing parameter rho of zero-concentrated-dp (domain [0, inf)): give --from rho=VALUE\\n'
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from contextlib import redirect_stderr, redirect_stdout
from typing import TYPE_CHECKING, Any

from dptaxonomy.base.records import record

if TYPE_CHECKING:
    from dptaxonomy.cli.actions import Format
    from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = [
    "COMMANDS",
    "FILE_PREFIX",
    "REQUEST_FILE",
    "Answer",
    "demo_text",
    "load_knowledge_base",
    "run",
]

FILE_PREFIX = "catalog/"
"""How the page shows catalog files: as ``dptax`` shows them run from a checkout's root."""

COMMANDS = ("relate", "explain", "convert", "compose")
"""The commands the page answers."""

REQUEST_FILE = "request.yaml"
"""Where the compose page writes the request typed in its box (the interpreter's working
directory); the page then asks ``compose request.yaml``, as one would on the command line."""

_FLAGS = {"--from": "from", "--to": "to", "--format": "format", "-f": "format"}


@record
class Answer:
    """What the command printed and its exit code."""

    code: int
    out: str
    err: str

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "out": self.out, "err": self.err}


def load_knowledge_base(text: str) -> KnowledgeBase:
    """The knowledge base from the site's ``kb.json`` (the cache's encoding)."""
    from dptaxonomy.cache.codec import decode_knowledge_base

    return decode_knowledge_base(json.loads(text), lambda name: FILE_PREFIX + name)


def demo_text() -> str:
    """The shipped catalog's knowledge base as the site stores it (for doctests and tests)."""
    from dptaxonomy.cache.codec import encode_knowledge_base
    from dptaxonomy.cache.store import knowledge_base
    from dptaxonomy.catalog.paths import default_catalog_dir, root_relative_names

    directory = default_catalog_dir()
    names = root_relative_names(directory)
    kb = knowledge_base(directory)
    data = encode_knowledge_base(kb, lambda name: names.get(name, name))
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _parse(argv: Sequence[str]) -> tuple[list[str], dict[str, list[str]]]:
    from dptaxonomy.cli.actions import fail

    arguments: list[str] = []
    options: dict[str, list[str]] = {}
    items = list(argv)
    while items:
        item = items.pop(0)
        flag, equals, inline = item.partition("=")
        dest = _FLAGS.get(flag) if item.startswith("-") else None
        if dest is None:
            arguments.append(item)
            continue
        if not equals and not items:
            fail(f"option {flag} needs a value", 2)
        options.setdefault(dest, []).append(inline if equals else items.pop(0))
    return arguments, options


def _answer(kb: KnowledgeBase, argv: Sequence[str]) -> int:
    """Print the answer to ``dptax ARGV`` as the CLI prints it; its exit code."""
    from dptaxonomy.base.errors import ConversionError
    from dptaxonomy.cli.actions import Format, emit, emit_refusal, fail, parse_assignments
    from dptaxonomy.queries import relations
    from dptaxonomy.queries.convert_table import convert_or_table
    from dptaxonomy.reasoning.reasoner import Reasoner

    if not argv or argv[0] not in COMMANDS:
        fail(f"the page answers {', '.join(COMMANDS)}", 2)
    command = argv[0]
    arguments, options = _parse(argv[1:])
    formats = options.get("format", ["text"])
    if command == "compose":
        if len(arguments) != 1 or set(options) - {"format"} or formats[-1] not in ("text", "json"):
            fail("usage: compose FILE [-f json]", 2)
        return _compose(kb, arguments[0], Format(formats[-1]))
    if len(arguments) != 2 or formats[-1] not in ("text", "json"):
        fail(f"usage: {command} A B [--from NAME=VALUE]… [--to NAME=VALUE]… [-f json]", 2)
    output = Format(formats[-1])
    a, b = arguments
    given = parse_assignments(options.get("from", []), "--from")
    fixed = parse_assignments(options.get("to", []), "--to")
    if command == "explain":
        emit(relations.explain_result(Reasoner(kb), a, b), output)
    elif command == "relate":
        emit(relations.relate_result(Reasoner(kb), a, b, given or None, fixed or None), output)
    else:  # a mechanism source too: its claims are in the knowledge base
        try:
            answer = convert_or_table(kb, a, b, given, fixed)
        except ConversionError as exc:
            if output is Format.json:  # as `dptax convert`: the refusal's document first
                emit_refusal(exc)
            raise
        emit(answer, output)
    return 0


def _compose(kb: KnowledgeBase, file: str, output: Format) -> int:
    """``dptax compose FILE``: the request read as the CLI reads it, composed from ``kb``.

    Where numpy cannot be imported (Pyodide without it), the privacy-loss-distribution
    route is refused with its reason and a subsampled Gaussian's Rényi curve keeps its
    integer orders (:mod:`dptaxonomy.reasoning.accounting.availability`); the rest is
    the command line's.
    """
    from pathlib import Path

    from dptaxonomy.cli.actions import emit
    from dptaxonomy.queries.compose import compose
    from dptaxonomy.queries.compose_input import read_request

    emit(compose(kb, read_request(Path(file))), output)
    return 0


def run(kb: KnowledgeBase, argv: Sequence[str]) -> Answer:
    """``dptax ARGV`` answered from ``kb``: its standard output, standard error and exit code.

    Failures are reported by the CLI's own :func:`~dptaxonomy.cli.main.outcome`:
    ``dptax: MESSAGE`` and exit 1 (2 for a malformed question).
    """
    from dptaxonomy.cli.main import outcome

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = outcome(lambda: _answer(kb, argv))
    return Answer(code, out.getvalue(), err.getvalue())
