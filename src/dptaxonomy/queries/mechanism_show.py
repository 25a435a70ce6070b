"""One mechanism, as ``dptax show`` prints it: its entry, each claim's evidence, its separations.

Built from the mechanism's JSON document in the cached views
(:func:`dptaxonomy.cache.views.encode_views`), so it needs neither pydantic nor
PyYAML. Each claim shows its evidence: ``quoted`` or ``cited`` from its
citation, ``computed (N cases)`` or ``refuted`` from ``dptax verify``; a claim
``verify`` could not evaluate says ``unchecked``.
"""

from __future__ import annotations

from dptaxonomy.base.records import record
from dptaxonomy.cache.views import CatalogView
from dptaxonomy.queries.results import json_document

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["MechanismShowResult", "evidence_text"]

if TYPE_CHECKING:
    Document = dict[str, Any]


def evidence_text(claim: Document) -> str:
    """``computed (10 cases)``, ``refuted: …``, ``cited; verify: unchecked``, ``quoted``…"""
    level = claim.get("evidence", "cited")
    if level == "computed":
        return f"computed ({claim.get('cases', 0)} cases)"
    if level == "refuted":
        return f"refuted: {claim.get('counterexample', 'see dptax verify')}"
    if claim.get("verify") == "unchecked":
        return f"{level}; verify: unchecked"
    return str(level)


def _citation(claim: Document) -> str:
    citation = claim["citation"]
    return f"[{citation['key']}] {citation['at']}"


def _claim(claim: Document, *, satisfies: bool) -> list[str]:
    line = f"  {claim['definition']}"
    if satisfies and claim.get("parameters"):
        line += "  with " + ", ".join(f"{k} = {v}" for k, v in claim["parameters"].items())
    if claim.get("conditions"):
        line += "  if " + " and ".join(claim["conditions"])
    if claim.get("status", "established") != "established":
        line += f"  [{claim['status']}]"
    out = [line, f"      {_citation(claim)}", f"      evidence: {evidence_text(claim)}"]
    if claim.get("note"):
        out.append(f"      note: {claim['note']}")
    return out


def _action(action: Document) -> str:
    noise = action.get("noise", "none")
    if noise == "none":
        return f"{action['statistic']}, released exactly"
    return f"{action['statistic']} + {noise} noise of scale {action['scale']}"


def _separation(item: Document) -> str:
    line = f"  {item['stronger']} ⊁ {item['not_stronger_than']}"
    if not item.get("derived"):
        return line + "   (not derived: rule W3 does not apply to these claims)"
    shown = evidence_text(item)
    return line + f"   (rule W3; evidence: {shown})"


def _reference(view: CatalogView, key: str) -> str:
    reference = view.references.get(key)
    return f"[{key}] {reference['year']}" if reference else f"[{key}]"


def mechanism_text(view: CatalogView, d: Document) -> str:
    """Everything the catalog says about a mechanism, for reading in a terminal."""
    title = f"{d['name']} (mechanism)"
    out = [title, "=" * len(title), f"id:            {d['id']}"]
    if d.get("aliases"):
        out.append(f"aliases:       {', '.join(d['aliases'])}")
    out.append(f"introduced in: {', '.join(_reference(view, k) for k in d['introduced_in'])}")
    given = d["input"]
    out.append(f"input:         {given['kind']}; neighbours: {given['neighbourhood']}")
    if given.get("query"):
        out.append(f"query:         {given['query']}")
    if d.get("action"):
        out.append(f"action:        {_action(d['action'])}")
    out += ["", "Description", f"  {d['description']}", "", "Output (LaTeX)", f"  {d['output']}"]
    if d.get("parameters"):
        out += ["", "Parameters"]
        out += [
            f"  {p['name']} ({p['symbol']}): {p['type']}, {p['domain']}; {p['meaning']}"
            for p in d["parameters"]
        ]
    if d.get("pair"):
        pair = d["pair"]
        shown = ", ".join(f"{k} = {v}" for k, v in pair["arguments"].items())
        out += ["", "Worst-case pair of neighbouring outputs", f"  {pair['kind']}: {shown}"]
    if d["satisfies"]:
        out += ["", "Satisfies"]
        for claim in d["satisfies"]:
            out += _claim(claim, satisfies=True)
    if d["violates"]:
        out += ["", "Violates (for every parameter of the definition)"]
        for claim in d["violates"]:
            out += _claim(claim, satisfies=False)
    if d["witnesses"]:
        out += ["", "Separations it witnesses", *(_separation(i) for i in d["witnesses"])]
    out += ["", f"file: {d['file']}"]
    return "\n".join(out)


@record
class MechanismShowResult:
    """Everything known about one mechanism (``dptax show MECHANISM``)."""

    view: CatalogView
    document: Document

    def to_json(self) -> dict[str, Any]:
        return json_document({"kind": "mechanism", **self.document})

    def to_text(self) -> str:
        return mechanism_text(self.view, self.document)
