"""Rule E3: a special case that can be made perfectly private is stronger than its extension.

SoK Definition 6 asks two things of A ≻ B: (1) every α-A implies some β-B,
and (2) every β-B is implied by some α-A. A ⊂ B gives (1): α-A is identical
to some β-B. Condition (2) holds when A has a parameter α₀ at which it forces
perfect privacy (outputs identically distributed on every two neighbours) and
every perfectly private mechanism meets B at every β: then α₀-A ⇒ β-B for
all β. Both are declared in the entries (``perfect_privacy``) with a citation,
and ``dptax verify`` checks them on the battery where an evaluator exists.

Perfect privacy is judged on neighbours, so A and B must have the same ones:
the rule applies only when neither lists the N dimension (both keep DP's
neighbouring datasets) and both have the same setting (central or local). A
special case that the catalog itself places outside B's domain (a ⊂ whose map
gives a parameter a value its domain excludes, such as Rényi DP's continuity
extension α = 1 to KL privacy) is never used: the identity it states is then
not one of Definition 5's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dptaxonomy.base.records import replace
from dptaxonomy.reasoning.logic.facts import Fact, FactKind, FactSet
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.arith import ArithmeticError_, constant_value, parse_interval
from dptaxonomy.schema.enums import Dimension

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.schema.models import Definition

__all__ = [
    "excluded_pairs",
    "mark_outside_domain",
    "outside_domain",
    "perfect_privacy_facts",
    "perfect_privacy_lines",
]


def outside_domain(mapping: Iterable[tuple[str, str]], general: Definition) -> bool:
    """Whether a ⊂'s map gives one of the general side's parameters a number outside its domain."""
    domains = {p.name: p.domain for p in general.parameters}
    for name, expression in mapping:
        value = constant_value(expression)
        if value is None or name not in domains:
            continue
        try:
            domain = parse_interval(domains[name])
        except ArithmeticError_:
            continue
        if not domain.contains(value):
            return True
    return False


def perfect_privacy_lines(catalog: Catalog, special: str, general: str) -> tuple[int, int] | None:
    """The lines of the two declarations that let E3 read ``special ⊂ general`` as ≻, or None."""
    a, b = catalog.definition(special), catalog.definition(general)
    if a is None or b is None or a.perfect_privacy is None or b.perfect_privacy is None:
        return None
    if not a.perfect_privacy.parameters or not b.perfect_privacy.every_parameter:
        return None
    if Dimension.N in a.dimensions or Dimension.N in b.dimensions or a.setting != b.setting:
        return None
    line_a, _ = catalog.entries[special].located.value_mark(("perfect_privacy",))
    line_b, _ = catalog.entries[general].located.value_mark(("perfect_privacy",))
    return line_a, line_b


def excluded_pairs(catalog: Catalog) -> set[tuple[str, str]]:
    """(special, general) pairs some stated ⊂ places outside general's domain.

    Every relation counts, disputed and conjectured ones too: excluding more is
    never unsound, and the proof checker judges the same way.
    """
    found: set[tuple[str, str]] = set()
    for subject, definition in catalog.definitions.items():
        for relation in definition.relations:
            if relation.target is None or not relation.parameter_map:
                continue
            kind = relation.kind.value
            if kind not in ("extends", "extended_by"):
                continue
            special, general = (
                (subject, relation.target) if kind == "extends" else (relation.target, subject)
            )
            target = catalog.definition(general)
            if target is not None and outside_domain(relation.parameter_map.items(), target):
                found.add((special, general))
    return found


def mark_outside_domain(catalog: Catalog, factset: FactSet) -> None:
    """Mark every ⊂ fact of a pair the catalog places outside a domain (:func:`excluded_pairs`)."""
    excluded = excluded_pairs(catalog)

    def marked(facts: list[Fact]) -> list[Fact]:
        return [
            replace(f, origin=replace(f.origin, outside_domain=True))
            if f.kind is FactKind.extends and (f.a, f.b) in excluded
            else f
            for f in facts
        ]

    factset.facts, factset.conditional = marked(factset.facts), marked(factset.conditional)


def perfect_privacy_facts(catalog: Catalog, facts: list[Fact]) -> list[Fact]:
    """One ``A ≻ B`` (rule E3) per usable ⊂ fact, carrying the ⊂'s origin and the two lines.

    ``facts`` are the unconditional facts, already marked by :func:`mark_outside_domain`.
    """
    found: list[Fact] = []
    seen: set[tuple[str, str]] = set()
    for fact in facts:
        if fact.kind is not FactKind.extends or fact.origin.outside_domain:
            continue
        if (fact.a, fact.b) in seen:
            continue  # one ≻ per pair: the first stated ⊂ (facts are in catalog order)
        lines = perfect_privacy_lines(catalog, fact.a, fact.b)
        if lines is None:
            continue
        seen.add((fact.a, fact.b))
        origin = replace(fact.origin, perfect_privacy=lines)
        found.append(Fact(FactKind.stronger, fact.a, fact.b, origin, Rule.PERFECT_PRIVACY))
    return found
