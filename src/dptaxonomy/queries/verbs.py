"""The one list of the package's verbs and of the commands that answer the same questions.

``dptaxonomy.relate`` and ``dptax relate`` are one question asked two ways:
each :class:`Verb` names the Python function at the package root, the module
that defines it, and the ``dptax`` command that calls it. Commands with no
Python verb are listed in :data:`COMMAND_LINE_ONLY` with the reason. The
package's lazy attributes (:mod:`dptaxonomy`) and the test that every
command is accounted for (``tests/test_api.py``) both read this module, which
imports only :mod:`dptaxonomy.base.records`, so ``import dptaxonomy`` stays cheap.

To add a verb, write the function (typed arguments, a result that knows its
JSON form, a docstring whose example runs) and add one line to :data:`VERBS`.

>>> [verb.name for verb in VERBS][:3]
['relate', 'explain', 'stronger_than']
>>> verb_for_command("list").name
'search'
"""

from __future__ import annotations

from dptaxonomy.base.records import record

__all__ = ["COMMAND_LINE_ONLY", "VERBS", "Verb", "verb_for_command"]


@record
class Verb:
    """A function at the package root and the ``dptax`` command answering the same question."""

    name: str
    module: str
    """The module that defines the function (imported on first use)."""
    command: str


_API = "dptaxonomy.queries.api"
_RELEASES = "dptaxonomy.queries.release_verbs"

VERBS: tuple[Verb, ...] = (
    Verb("relate", _API, "relate"),
    Verb("explain", _API, "explain"),
    Verb("stronger_than", _API, "stronger-than"),
    Verb("weaker_than", _API, "weaker-than"),
    Verb("convert", _API, "convert"),
    Verb("compose", _API, "compose"),
    Verb("show", _API, "show"),
    Verb("search", _API, "list"),
    Verb("validate", "dptaxonomy.queries.validation", "validate"),
    Verb("card", _RELEASES, "card"),
    Verb("check_registry", _RELEASES, "check-registry"),
)
"""The verbs, in the order docs/api.md presents them (one line each)."""

COMMAND_LINE_ONLY: dict[str, str] = {
    "stats": "counts for a person reading a terminal; the catalog's entries are data already",
    "schema": "prints a committed file (schema/*.json)",
    "cite": "prints BibTeX text",
    "contradictions": "a maintainer's check of the catalog",
    "open-questions": "a maintainer's work list",
    "redundant": "a maintainer's clean-up list",
    "export": "writes files; the exporters are in dptaxonomy.export",
    "site": "writes a website",
    "sparql": "runs a query in a bounded child process; use rdflib or pyoxigraph in Python",
    "new": "scaffolds a catalog file",
    "fmt": "rewrites catalog files",
    "verify": "a maintainer's check that writes catalog/evidence.json",
}
"""Commands with no verb at the package root, each with the reason."""


def verb_for_command(command: str) -> Verb:
    """The verb a ``dptax`` command calls; KeyError when it has none."""
    for verb in VERBS:
        if verb.command == command:
            return verb
    raise KeyError(command)
