"""What a SPARQL query may do here: read the knowledge base, and nothing else.

:func:`prepare_query` decides in three layers, and evaluation gets only the
text all three read:

1. the text is made canonical (:func:`canonical_query`): SPARQL's
   ``\\uXXXX`` escapes may stand for any character of the query, so they are
   decoded here, once (a text that still holds an escape afterwards is
   refused: a second decoding would read it differently), and line breaks
   become ``\\n`` (a parser that ends a comment at a carriage return and one
   that does not would read different queries);
2. a screen of the canonical text's tokens (below) refuses the obvious
   cases with a precise message;
3. the authority, :mod:`.sparqlalgebra`: a real SPARQL parser reads the
   canonical text and the query's algebra is checked. A text it does not
   parse is refused.

Layers 2 and 3 (:func:`check_text`) run in the evaluator's child process,
under the query's time and memory bounds (their cost can grow fast with a
hostile text), before the child is confined.

The evaluator then reads that same canonical text, in a child process that
can open neither a socket nor a file (:mod:`.sparqlsandbox`), so even a
query both parsers misread could not reach the network.

The token screen reads the query's tokens (comments, strings and IRIs
skipped, so ``"SERVICE"`` in a literal or ``ex:service`` as a name is fine)
and refuses:

- ``SERVICE`` (federation: the evaluator would send the query, with values
  from the knowledge base, to another server and print its answers);
- ``FROM`` and ``FROM NAMED`` (a dataset other than the knowledge base;
  some evaluators fetch the IRI);
- ``LOAD`` and every other update keyword (``INSERT``, ``DELETE``, ``CLEAR``,
  ``DROP``, ``CREATE``, ``COPY``, ``MOVE``, ``ADD``, ``WITH``, ``USING``);
- every form but ``SELECT`` and ``ASK`` (``CONSTRUCT`` and ``DESCRIBE`` are
  not supported: ``DESCRIBE <iri>`` is how some stores dereference an IRI).

>>> check_query("PREFIX ex: <http://e/> SELECT ?service WHERE { ?service ex:from 'SERVICE' }")
'SELECT'
>>> check_query("ASK { SERVICE <http://127.0.0.1/> { ?s ?p ?o } }")
Traceback (most recent call last):
...
dptaxonomy.export.sparqlguard.SparqlRefused: SPARQL SERVICE is not allowed: a query may ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from dptaxonomy.base.errors import DptaxError
from dptaxonomy.base.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn

__all__ = [
    "ALLOWED_FORMS",
    "FORBIDDEN",
    "MAX_QUERY_BYTES",
    "Prepared",
    "SparqlError",
    "SparqlRefused",
    "canonical_query",
    "canonical_text",
    "check_query",
    "check_text",
    "prepare_query",
    "refuse",
]

ALLOWED_FORMS = ("SELECT", "ASK")

MAX_QUERY_BYTES = 1_000_000
"""The longest query read (UTF-8 bytes): the parser's cost grows with it."""

_UPDATES = ("INSERT", "DELETE", "CLEAR", "DROP", "CREATE", "COPY", "MOVE", "ADD", "WITH", "USING")

FORBIDDEN: dict[str, str] = {
    "SERVICE": "a query may read only the knowledge base",
    "FROM": "a query reads the knowledge base as its only dataset",
    "LOAD": "a query may read only the knowledge base",
    **dict.fromkeys(_UPDATES, "updates are not supported (the knowledge base is read-only)"),
}

_FORMS = ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE")

_TOKEN = re.compile(
    r"""
      (?P<space>\s+)
    | (?P<comment>\#[^\n\r]*)
    | (?P<iri><[^<>"{}|^`\\\x00-\x20]*>)
    | (?P<string>\"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"
        | '''(?:[^'\\]|\\.|'(?!''))*'''
        | "(?:[^"\\\n\r]|\\.)*"
        | '(?:[^'\\\n\r]|\\.)*')
    | (?P<variable>[?$][^\s(){}\[\].,;=<>!&|+*/"'#^-]*)
    | (?P<blank>_:[^\s(){}\[\],;=<>!&|+*/"'#^]*)
    | (?P<name>[^\W\d][\w.\-\u00b7]*(?::[^\s(){}\[\],;=<>!&|+*/"'#^]*)?
        | :[^\s(){}\[\],;=<>!&|+*/"'#^]*)
    | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)

_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")


class SparqlError(DptaxError):
    """A SPARQL query was refused, could not be evaluated, or hit a bound."""


class SparqlRefused(SparqlError):
    """The query would reach outside the knowledge base, or change it."""


@record
class Prepared:
    """A query that may run: its form, whether it orders its rows, and the text to evaluate."""

    form: str
    ordered: bool
    text: str


def refuse(word: str) -> NoReturn:
    """Raise the refusal of a forbidden keyword (``SERVICE``, ``FROM``, ``LOAD``, …)."""
    shown = "FROM / FROM NAMED" if word == "FROM" else word
    raise SparqlRefused(f"SPARQL {shown} is not allowed: {FORBIDDEN[word]}")


def _utf8(query: str) -> bytes:
    """The query's UTF-8 bytes; an error if it holds a byte that was not UTF-8 (or a surrogate)."""
    try:
        return query.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(query[exc.start])
        what = f"byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"U+{code:04X}"
        raise SparqlError(
            f"SPARQL error: the query is not valid UTF-8 ({what} at character {exc.start + 1})"
        ) from None


def _decoded(query: str) -> str:
    def character(match: re.Match[str]) -> str:
        code = int(match.group(1) or match.group(2), 16)
        if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            raise SparqlError(f"SPARQL error: {match.group()} is not a character")
        return chr(code)

    return _ESCAPE.sub(character, query)


def canonical_text(query: str) -> str:
    """The query with its ``\\u`` escapes decoded and its line breaks as ``\\n``.

    >>> canonical_text("SELECT * WHERE {\\r\\n ?s ?p '\\\\u00e9' }")
    "SELECT * WHERE {\\n ?s ?p 'é' }"
    """
    text = _decoded(query)
    if _decoded(text) != text:
        raise SparqlRefused("the query reads differently once its \\u escapes are decoded")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _keywords(query: str) -> list[str]:
    """The bare words of the query (no prefixed names, variables, IRIs or literals), upper-case."""
    words = []
    for match in _TOKEN.finditer(query):
        if match.lastgroup == "name" and ":" not in match.group():
            words.append(match.group().upper())
    return words


def _form(words: list[str]) -> str | None:
    return next((w for w in words if w in _FORMS or w in FORBIDDEN), None)


def _screen(text: str) -> None:
    """The token screen (layer 2) over the canonical text."""
    words = _keywords(text)
    for word in words:
        if word in FORBIDDEN:
            refuse(word)
    form = _form(words)
    if form is not None and form not in ALLOWED_FORMS:
        raise SparqlRefused(f"only SELECT and ASK queries are supported (found a {form} query)")


def canonical_query(query: str) -> str:
    """Layer 1: the canonical text of a query of at most :data:`MAX_QUERY_BYTES` bytes.

    Linear in the query's length, so it runs before any work; layers 2 and 3
    (:func:`check_text`) run where their cost is bounded, in the evaluator's
    child process (the token screen's worst case grows with the square of
    the length, a parser's can grow faster).
    """
    if len(_utf8(query)) > MAX_QUERY_BYTES:
        raise SparqlRefused(f"the query is longer than {MAX_QUERY_BYTES} bytes")
    return canonical_text(query)


def check_text(text: str, prefixes: dict[str, str]) -> tuple[str, bool]:
    """Layers 2 and 3 on canonical ``text``: its form and whether it orders its rows.

    The token screen first, then the authority, the algebra
    (:func:`dptaxonomy.export.sparqlalgebra.read_query`).
    """
    _screen(text)
    from dptaxonomy.export.sparqlalgebra import read_query

    return read_query(text, prefixes)


def prepare_query(query: str, prefixes: Mapping[str, str] | None = None) -> Prepared:
    """All three layers in this process; :class:`SparqlRefused` if the query may not run.

    ``prefixes`` are those the evaluator predeclares (by default the knowledge
    base's, :data:`dptaxonomy.export.vocabulary.PREFIXES`). A text the parser
    does not accept raises :class:`SparqlError`.
    """
    text = canonical_query(query)
    if prefixes is None:
        from dptaxonomy.export.vocabulary import PREFIXES

        prefixes = {name: str(namespace) for name, namespace in PREFIXES.items()}
    form, ordered = check_text(text, dict(prefixes))
    return Prepared(form, ordered, text)


def check_query(query: str, prefixes: Mapping[str, str] | None = None) -> str:
    """The query's form (``SELECT`` or ``ASK``); :class:`SparqlRefused` if it may not run."""
    return prepare_query(query, prefixes).form
