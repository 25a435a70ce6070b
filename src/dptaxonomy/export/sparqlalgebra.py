"""The guard's authority: what a SPARQL parser (rdflib's) reads the query as.

:func:`read_query` parses the query, translates it to SPARQL algebra with
the dataset's prefixes, and refuses, by what the algebra holds (not by how
the text looks):

- a ``ServiceGraphPattern`` anywhere, subqueries and ``EXISTS`` included
  (federation: values from the knowledge base sent to another server);
- a dataset clause (``FROM`` / ``FROM NAMED``: a dataset other than the
  knowledge base, which some evaluators fetch);
- any update (``LOAD``, ``INSERT``, …), which the query grammar does not
  parse and the update grammar does;
- every form but ``SELECT`` and ``ASK``;
- any text the parser does not accept (the evaluator must never run a query
  the guard could not read).

>>> read_query("SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s", {})
('SELECT', True)
>>> read_query("ASK { FILTER EXISTS { SERVICE <http://127.0.0.1/> { ?s ?p ?o } } }", {})
Traceback (most recent call last):
...
dptaxonomy.export.sparqlguard.SparqlRefused: SPARQL SERVICE is not allowed: a query may ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rdflib.plugins.sparql.algebra import translateQuery
from rdflib.plugins.sparql.parser import parseQuery, parseUpdate
from rdflib.plugins.sparql.parserutils import CompValue

from dptaxonomy.export.sparqlguard import SparqlError, SparqlRefused, refuse

__all__ = ["read_query"]

_FORMS = {"SelectQuery": "SELECT", "AskQuery": "ASK"}


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


def _children(node: object) -> Iterable[Any]:
    if isinstance(node, Mapping):  # CompValue (and Expr) are ordered dicts
        return list(node.values())
    if isinstance(node, str | bytes):
        return ()
    if isinstance(node, Iterable):  # lists, tuples, sets and pyparsing's ParseResults
        return list(node)
    return ()


def _names(tree: object) -> set[str]:
    """The names of every algebra (or parse tree) node under ``tree``."""
    names: set[str] = set()
    stack, seen = [tree], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, CompValue):
            names.add(node.name)
        stack.extend(_children(node))
    return names


def _is_update(text: str) -> bool:
    try:
        parseUpdate(text)
    except Exception:
        return False
    return True


def read_query(text: str, prefixes: Mapping[str, str]) -> tuple[str, bool]:
    """The query's form and whether it orders its results; raise if it may not run.

    Raises :class:`~dptaxonomy.export.sparqlguard.SparqlRefused` for a query
    that reaches outside the knowledge base or is not a SELECT or ASK, and
    :class:`~dptaxonomy.export.sparqlguard.SparqlError` for one the parser
    does not accept.
    """
    try:
        parsed = parseQuery(text)
    except Exception as exc:
        if _is_update(text):
            raise SparqlRefused(
                "SPARQL updates are not allowed: the knowledge base is read-only"
            ) from None
        raise SparqlError(f"SPARQL error: {_first_line(exc)}") from None
    try:
        query = translateQuery(parsed, initNs=dict(prefixes))
    except Exception as exc:
        raise SparqlError(f"SPARQL error: {_first_line(exc)}") from None
    algebra = query.algebra
    form = _FORMS.get(algebra.name)
    if form is None:
        found = algebra.name.removesuffix("Query").upper()
        raise SparqlRefused(f"only SELECT and ASK queries are supported (found a {found} query)")
    if algebra.get("datasetClause"):
        refuse("FROM")
    names = _names(algebra) | _names(parsed)
    if "ServiceGraphPattern" in names:
        refuse("SERVICE")
    return form, "OrderBy" in names or "OrderClause" in names
