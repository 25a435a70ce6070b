"""The terminal view of one definition (``dptax show``), built from its JSON document.

A relation that several sources state (same subject, kind, target, map,
conditions and status) is printed once, followed by every citation, each with
its evidence: quoted, cited, computed (N cases) or refuted.
"""

from __future__ import annotations

from dptaxonomy.cache.views import CatalogView
from dptaxonomy.queries.mechanism_show import evidence_text
from dptaxonomy.queries.operation_text import operation_lines
from dptaxonomy.schema.enums import PROPERTY_NAMES, RELATION_SYMBOLS, TRUTH_MARKS
from dptaxonomy.schema.settings import CONVENTION_TEXT, Convention

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["LINK_READINGS", "definition_text"]

if TYPE_CHECKING:
    Document = dict[str, Any]

LINK_READINGS = {
    "variant_of": "variant of",
    "local_version_of": "local version of",
    "distinct_from": "distinct from",
}
"""How ``show`` reads each link kind."""


def _citation(citation: Document | None) -> str:
    return f"[{citation['key']}] {citation['at']}" if citation else "no citation"


def _claim(name: str, claim: Document) -> str:
    value = claim["value"]
    line = f"  {name:<21}{TRUTH_MARKS[value]} {value:<8} {_citation(claim.get('citation'))}"
    if claim.get("status", "established") != "established":
        line += f" ({claim['status']})"
    if claim.get("scope"):
        line += f"\n{'':25}scope: {claim['scope']}"
    if claim.get("note"):
        line += f"\n{'':25}note: {claim['note']}"
    return line


def _vacuous(values: list[Document]) -> list[str]:
    """Each vacuous value, its check, citation and argument."""
    lines = []
    for value in values:
        parts = [f"{k} = {v}" for k, v in value.get("parameters", {}).items()]
        if value.get("described"):
            parts.append(value["described"])
        found = value.get("verify")
        checked = f" ({found['outcome']}, {found['cases']} cases)" if found else ""
        lines.append(f"  {', '.join(parts)}{checked}")
        lines.append(f"    {_citation(value.get('citation'))}")
        lines.append(f"    note: {value['note']}")
    return lines


def _perfect_privacy(declared: Document) -> list[str]:
    """Where the definition forces perfect privacy, whether it meets every parameter, checks."""
    checks = declared.get("verify", {})

    def checked(part: str) -> str:
        found = checks.get(part)
        return f" ({found['outcome']}, {found['cases']} cases)" if found else ""

    lines = []
    if declared.get("parameters"):
        point = ", ".join(f"{k} = {v}" for k, v in declared["parameters"].items())
        lines.append(f"  forces identical outputs on neighbours at {point}{checked('parameters')}")
    if declared.get("every_parameter"):
        lines.append(
            "  identical outputs on neighbours meet every parameter" + checked("every_parameter")
        )
    lines.append(f"  {_citation(declared.get('citation'))}")
    if declared.get("note"):
        lines.append(f"  note: {declared['note']}")
    return lines


def _statement_key(subject: str, relation: Document) -> tuple[Any, ...]:
    """What makes two stated relations the same claim (citations and notes aside)."""
    return (
        subject,
        relation["kind"],
        relation.get("target"),
        repr(relation.get("target_set")),
        repr(relation.get("parameter_map")),
        tuple(relation.get("conditions", ())),
        relation.get("status", "established"),
    )


def _relations(stated: list[tuple[str, Document]]) -> list[str]:
    """One paragraph per distinct relation, with all the citations that state it."""
    groups: dict[tuple[Any, ...], list[tuple[str, Document]]] = {}
    for subject, relation in stated:
        groups.setdefault(_statement_key(subject, relation), []).append((subject, relation))
    return [_relation(group) for group in groups.values()]


def _relation(group: list[tuple[str, Document]]) -> str:
    subject, relation = group[0]
    target: Any = relation.get("target")
    wanted = relation.get("target_set")
    if wanted is not None:
        target = f"{wanted['quantifier']} definitions of dimension {wanted['dimension']}"
    kind = relation["kind"]
    line = f"  {subject} {RELATION_SYMBOLS[kind]} {target}  ({kind})"
    if relation.get("parameter_map"):
        line += "  with " + ", ".join(f"{k} = {v}" for k, v in relation["parameter_map"].items())
    if relation.get("conditions"):
        line += "  if " + " and ".join(relation["conditions"])
    line += "\n      " + "; ".join(
        f"{_citation(r.get('citation'))} — {evidence_text(r)}" for _, r in group
    )
    if relation.get("status", "established") != "established":
        line += f"  [{relation['status']}]"
    for _, stated in group:
        if stated.get("note"):
            line += f"\n      note: {stated['note']}"
    return line


VARIANT_READINGS = {
    "implies": "implies the relation stated above",
    "no_known_direction": "no known direction",
    "not_comparable": "not compared by Definition 6",
    "undecided": "undecided",
}
"""How ``show`` reads a `variant of` link's direction (schema/variants.py)."""


def _links(view: CatalogView, links: list[Document]) -> list[str]:
    lines = []
    for link in links:
        target = view.definitions.get(link["target"])
        shown = f"{target['name']} ({link['target']})" if target else link["target"]
        line = f"  {LINK_READINGS.get(link['kind'], link['kind'])} {shown}"
        line += f"\n      {_citation(link.get('citation'))}"
        if link.get("note"):
            line += f"\n      note: {link['note']}"
        direction = link.get("direction")
        if direction:
            reading = VARIANT_READINGS.get(direction["reading"], direction["reading"])
            line += f"\n      direction: {reading}: {direction['reason']}"
        lines.append(line)
    return lines


def _reference(view: CatalogView, key: str) -> str:
    reference = view.references.get(key)
    if reference is None:
        return f"[{key}]"
    authors = reference["authors"]
    first = authors[0].split()[-1]
    if len(authors) > 2:
        others = " et al."
    elif len(authors) == 2:
        others = f" and {authors[1].split()[-1]}"
    else:
        others = ""
    return f"[{key}] {first}{others} {reference['year']}"


def _header(view: CatalogView, d: Document) -> list[str]:
    title = d["name"] + (f" [{d['disambiguator']}]" if d.get("disambiguator") else "")
    out = [title, "=" * len(title), f"id:            {d['id']}"]
    if d.get("abbreviations"):
        out.append(f"abbreviations: {', '.join(d['abbreviations'])}")
    if d.get("aliases"):
        out.append(f"aliases:       {', '.join(d['aliases'])}")
    if d.get("names"):
        named = ", ".join(f"{n['label']} [{n['source']}]" for n in d["names"])
        out.append(f"also called:   {named}")
    out.append(f"dimensions:    {' '.join(d['dimensions']) or '(none)'}")
    setting = d.get("setting", "central").replace("_", "-")
    out.append(f"scope:         {d['scope']}, {setting} model")
    if d.get("unit") or d.get("neighbours"):
        unit = f"{d['unit'].replace('_', '-')}-level" if d.get("unit") else "unit not stated"
        neighbours = CONVENTION_TEXT[Convention(d["neighbours"])] if d.get("neighbours") else ""
        out.append(f"protects:      {unit}" + (f", {neighbours}" if neighbours else ""))
    introduced = ", ".join(_reference(view, k) for k in d["introduced_in"])
    out.append(f"introduced in: {introduced}")
    source = d["source"]
    table3 = source.get("table3")
    parts = (
        f"Section {source['section']}" if source.get("section") else None,
        source.get("definition"),
        f"Table 3 row {table3['row']}" if table3 else None,
    )
    out.append(f"source:        [{source['key']}]" + "".join(f", {p}" for p in parts if p))
    if d.get("combines"):
        out.append(f"combines:      {', '.join(d['combines'])}")
    return out


def _derived(item: Document) -> str:
    """A property value derived by rule P1 or P2, and how it compares with the asserted one."""
    agrees = item["agrees_with_asserted"]
    if agrees:
        verdict = "agrees with the asserted value"
    elif agrees is None:
        verdict = "the entry asserts unknown"
    else:
        verdict = f"CONFLICTS with the asserted {item['asserted']}"
    value = item["value"]
    return (
        f"  {item['property']:<21}{TRUTH_MARKS[value]} {value:<8} derived by "
        f"{item['rule']} from {item['derived_from']} ({verdict}"
        + ("; conjectural)" if item["conjectural"] else ")")
    )


def _mechanisms(view: CatalogView, definition_id: str) -> list[str]:
    """Each mechanism claim about the definition, with its citation and evidence."""
    lines = []
    for mechanism_id, kind, claim in view.claims_about(definition_id):
        line = f"  {mechanism_id} {kind} it"
        if claim.get("parameters"):
            line += " with " + ", ".join(f"{k} = {v}" for k, v in claim["parameters"].items())
        if claim.get("conditions"):
            line += " if " + " and ".join(claim["conditions"])
        if kind == "violates":
            line += " for every parameter"
        lines.append(f"{line}\n      {_citation(claim['citation'])} — {evidence_text(claim)}")
    return lines


def definition_text(view: CatalogView, d: Document) -> str:
    """Everything known about a definition, for reading in a terminal."""
    out = _header(view, d)
    out += ["", "Summary", f"  {d['summary']}"]
    if d.get("parameters"):
        out += ["", "Parameters"]
        out += [
            f"  {p['name']} ({p['symbol']}): {p['type']}, {p['domain']}; {p['meaning']}"
            for p in d["parameters"]
        ]
    if d.get("statement"):
        out += ["", "Statement (LaTeX)", f"  {d['statement']}"]
        if d.get("statement_source"):
            out.append(f"  from {_citation(d['statement_source'])}")
    out += ["", "Properties"]
    for name in PROPERTY_NAMES:
        claim = d["properties"].get(name)
        if claim is not None:
            out.append(_claim(name, claim))
    out += [_derived(item) for item in d.get("derived_properties", ())]
    if d.get("operations"):
        out += ["", "Under operations (docs/operations.md)", *operation_lines(d["operations"])]
    if d.get("perfect_privacy"):
        out += ["", "Perfect privacy (rule E3)", *_perfect_privacy(d["perfect_privacy"])]
    if d.get("vacuous"):
        out += ["", "Met by every mechanism at (rule V1)", *_vacuous(d["vacuous"])]
    if d.get("links"):
        out += ["", "Links", *_links(view, d["links"])]
    if d.get("relations"):
        out += ["", "Relations stated in this entry"]
        out += _relations([(d["id"], r) for r in d["relations"]])
    incoming = view.incoming(d["id"])
    if incoming:
        out += ["", "Relations stated in other entries", *_relations(incoming)]
    claims = _mechanisms(view, d["id"])
    if claims:
        out += ["", "Mechanisms (dptax show MECHANISM for the entry)", *claims]
    if d.get("crosswalk"):
        out += ["", "In libraries and vocabularies"]
        out += [
            f"  {m['library']} {m['version']}: {m['identifier']} ({m['match']} match)"
            + (f"; {m['note']}" if m.get("note") else "")
            for m in d["crosswalk"]
        ]
    out += ["", f"file: {d['file']}"]
    return "\n".join(out)
