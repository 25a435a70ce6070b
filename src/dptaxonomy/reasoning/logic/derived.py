"""Derived property values (rules P1 and P2), shown next to the asserted ones, never instead.

- **P1**: composability is shared by the members of an equivalence class
  (Definition 6's ∼, parameters may change).
- **P2**: every property (post-processing, convexity, composability) is
  shared by two definitions equivalent *with the same parameters* (R1):
  α-A and α-B hold of the same mechanisms, so any statement about the
  mechanisms satisfying α-A is one about α-B.

Only established claims of other members are used, and only unconditional
equivalences (K3 facts never enter the closure), so a derived value has no
side conditions; it is conjectural when an equivalence it uses rests on a
conjectured fact (with ``--assume-conjectures``). A derived value never
replaces an asserted one: where the entry asserts ``unknown`` both are shown,
and where it asserts a value the derivation says whether it agrees (the
SoK's own derivations "by equivalence", Table 3 rows 64–66, are checked so).
"""

from __future__ import annotations

from typing import Any

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.equivalence import EquivalenceKind, equivalence_maps
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.enums import Status, Truth

__all__ = ["PROPERTIES", "DerivedProperty", "derived_properties"]

PROPERTIES = ("post_processing", "convexity", "composability")


@record
class DerivedProperty:
    """A property value of ``definition`` derived from an equivalent definition's claim."""

    definition: str
    name: str
    """The property: post_processing, convexity or composability."""
    value: Truth
    rule: Rule
    derived_from: str
    asserted: Truth
    """What the entry itself asserts (``unknown`` when it asserts nothing)."""
    conjectural: bool

    @property
    def agrees(self) -> bool | None:
        """Whether the derivation agrees with the asserted value (None if that is unknown)."""
        return None if self.asserted is Truth.unknown else self.asserted is self.value

    def data(self) -> dict[str, Any]:
        return {
            "property": self.name,
            "value": self.value.value,
            "derived": True,
            "rule": self.rule.value,
            "derived_from": self.derived_from,
            "asserted": self.asserted.value,
            "agrees_with_asserted": self.agrees,
            "conjectural": self.conjectural,
            "conditions": [],
        }


def _claims(kb: KnowledgeBase, definition: str) -> dict[str, tuple[Truth, Status]]:
    info = kb.info[definition]
    claims = {name: (value, status) for name, value, status in info.properties}
    claims["composability"] = (info.composability, info.composability_status)
    return claims


def derived_properties(kb: KnowledgeBase, definition: str) -> list[DerivedProperty]:
    """Every value P1 or P2 derives for ``definition`` from another member's claim."""
    members = [m for m in kb.equivalents(definition) if m != definition]
    if not members:
        return []
    search = ProofSearch(kb)
    own = _claims(kb, definition)
    found: list[DerivedProperty] = []
    for name in PROPERTIES:
        sources: dict[Truth, str] = {}
        rule = Rule.COMPOSABILITY_TRANSFER
        for other in members:
            value, status = _claims(kb, other).get(name, (Truth.unknown, Status.established))
            if value is Truth.unknown or status is not Status.established:
                continue
            if name != "composability":
                if equivalence_maps(kb, definition, other, rank=False).kind is not (
                    EquivalenceKind.same_parameters
                ):
                    continue
                rule = Rule.SAME_PARAMETER_TRANSFER
            sources.setdefault(value, other)
        if len(sources) != 1:
            continue  # nothing to derive, or conflicting claims (contradiction C4)
        ((value, source),) = sources.items()
        there, back = search.stronger(definition, source), search.stronger(source, definition)
        conjectural = bool((there and there.conjectural) or (back and back.conjectural))
        asserted = own.get(name, (Truth.unknown, Status.established))[0]
        found.append(DerivedProperty(definition, name, value, rule, source, asserted, conjectural))
    return found
