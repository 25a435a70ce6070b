"""One operation rule as readable text, from its JSON form (``dptax show``, ``relate``, the
site): a heading (``composition, heterogeneous, adaptive``) and a body (the map, its result
definition, slack and conditions; for an ``open`` mark, why there is no rule)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


__all__ = ["OPEN_BODIES", "rule_body", "rule_heading", "rule_line"]

if TYPE_CHECKING:
    Document = dict[str, Any]

_NAMES = {
    "composition": "composition",
    "group_privacy": "group privacy (group of k)",
    "amplification": "amplification",
    "neighbourhood_change": "change of neighbours",
}
_SPELLED = {
    "k_fold": "k-fold",
    "non_adaptive": "non-adaptive",
    "fully_adaptive": "fully adaptive",
    "without_replacement": "sampling without replacement",
    "poisson": "Poisson sampling (rate q)",
    "shuffling": "shuffling (n reports)",
    "add_remove": "add/remove",
    "replace_one": "replace-one",
}


OPEN_BODIES = {
    "source_not_read": "open, a source states a rule we could not read",
    "no_source_known": "open, no source known to us",
    "not_applicable": "not applicable",
}
"""The body of an ``open`` mark, by its reason."""


def _spelled(value: str) -> str:
    return _SPELLED.get(value, value)


def rule_heading(rule: Document) -> str:
    """``composition, heterogeneous, adaptive`` or ``amplification, Poisson sampling (rate q),
    add/remove`` or ``change of neighbours, add/remove → replace-one``."""
    parts = [_NAMES[rule["operation"]]]
    for key in ("form", "adaptivity", "sampling"):
        if rule.get(key):
            parts.append(_spelled(rule[key]))
    if rule.get("neighbourhood"):
        moved = _spelled(rule["neighbourhood"])
        if rule.get("to_neighbourhood"):
            moved += f" → {_spelled(rule['to_neighbourhood'])}"
        parts.append(moved)
    heading = ", ".join(parts)
    return f"{rule['name']} ({heading})" if rule.get("name") else heading


def rule_body(rule: Document) -> str:
    """The map (or closed form), its result definition, slack and conditions."""
    if rule.get("open"):
        body = OPEN_BODIES[rule["open"]]
    elif rule.get("fails"):
        body = "none holds (the source shows it fails)"
    elif rule.get("closed_form"):
        body = f"closed form {rule['closed_form']}"
    else:
        body = ", ".join(f"{k} = {v}" for k, v in rule["parameter_map"].items())
    if rule.get("result"):
        body += f" ({rule['result']})"
    if rule.get("slack"):
        body += "; for any " + ", ".join(f"{s['name']} in {s['domain']}" for s in rule["slack"])
    if rule.get("conditions"):
        body += " if " + " and ".join(rule["conditions"])
    return body


def rule_line(rule: Document) -> str:
    """Heading and body on one line."""
    return f"{rule_heading(rule)}: {rule_body(rule)}"
