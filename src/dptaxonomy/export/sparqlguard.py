"""What a SPARQL query may do here: read the knowledge base, and nothing else.

:func:`check_query` reads the query's tokens (comments, strings and IRIs
skipped, so ``"SERVICE"`` in a literal or ``ex:service`` as a name is fine)
and refuses, before anything is evaluated:

- ``SERVICE`` (federation: the evaluator would send the query, with values
  from the knowledge base, to another server and print its answers);
- ``FROM`` and ``FROM NAMED`` (a dataset other than the knowledge base;
  some evaluators fetch the IRI);
- ``LOAD`` and every other update keyword (``INSERT``, ``DELETE``, ``CLEAR``,
  ``DROP``, ``CREATE``, ``COPY``, ``MOVE``, ``ADD``, ``WITH``, ``USING``);
- every form but ``SELECT`` and ``ASK`` (``CONSTRUCT`` and ``DESCRIBE`` are
  not supported: ``DESCRIBE <iri>`` is how some stores dereference an IRI).

SPARQL lets ``\\uXXXX`` escapes stand for any character of the query, so the
check runs on the text as written and on the text with escapes decoded, and
refuses if either reading uses a forbidden keyword.

>>> check_query("PREFIX ex: <http://e/> SELECT ?service WHERE { ?service ex:from 'SERVICE' }")
'SELECT'
>>> check_query("ASK { SERVICE <http://127.0.0.1/> { ?s ?p ?o } }")
Traceback (most recent call last):
...
dptaxonomy.export.sparqlguard.SparqlRefused: SPARQL SERVICE is not allowed: a query may ...
"""

from __future__ import annotations

import re

from dptaxonomy.base.errors import DptaxError

__all__ = [
    "ALLOWED_FORMS",
    "FORBIDDEN",
    "SparqlError",
    "SparqlRefused",
    "check_query",
    "orders_results",
]

ALLOWED_FORMS = ("SELECT", "ASK")

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


def _decoded(query: str) -> str:
    def character(match: re.Match[str]) -> str:
        code = int(match.group(1) or match.group(2), 16)
        return chr(code) if code <= 0x10FFFF else "\ufffd"

    return _ESCAPE.sub(character, query)


def _keywords(query: str) -> list[str]:
    """The bare words of the query (no prefixed names, variables, IRIs or literals), upper-case."""
    words = []
    for match in _TOKEN.finditer(query):
        if match.lastgroup == "name" and ":" not in match.group():
            words.append(match.group().upper())
    return words


def _form(words: list[str]) -> str | None:
    return next((w for w in words if w in _FORMS or w in FORBIDDEN), None)


def check_query(query: str) -> str:
    """The query's form (``SELECT`` or ``ASK``); :class:`SparqlRefused` if it may not run."""
    readings = [_keywords(query)]
    decoded = _decoded(query)
    if decoded != query:
        readings.append(_keywords(decoded))
    for words in readings:
        for word in words:
            if word in FORBIDDEN:
                shown = "FROM / FROM NAMED" if word == "FROM" else word
                raise SparqlRefused(f"SPARQL {shown} is not allowed: {FORBIDDEN[word]}")
    forms = {_form(words) for words in readings}
    if len(forms) != 1:
        raise SparqlRefused("the query reads differently once its \\u escapes are decoded")
    (form,) = forms
    if form is None:
        raise SparqlRefused("SPARQL error: not a SELECT or ASK query")
    if form not in ALLOWED_FORMS:
        raise SparqlRefused(f"only SELECT and ASK queries are supported (found a {form} query)")
    return form


def orders_results(query: str) -> bool:
    """Whether the query orders its results itself (``ORDER BY``)."""
    return "ORDER" in _keywords(query)
