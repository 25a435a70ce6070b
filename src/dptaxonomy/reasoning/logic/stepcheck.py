"""The proof checker's judgement of one step: every field re-derived from the catalog.

A step's origin is rebuilt from the entry it names, by the same reader that
built the facts (:func:`dptaxonomy.reasoning.logic.facts.relation_origin` for a
relation, :func:`dptaxonomy.reasoning.logic.witnesses.witness_fact` for a witness),
and compared with the step field by field: file, line, column, citation,
status, maps, conditions, restrictions, the K3 flag, evidence and its case
count, the domain mark, the witness's claims and the rule. What the step may
mean is decided here on its own terms: a table of readings written separately
from :mod:`dptaxonomy.reasoning.logic.facts`, rule E3's declarations, the statuses
and the one-instance condition of a witness.
"""

from __future__ import annotations

from typing import Any

from dptaxonomy.base.records import fields, replace
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.logic.facts import Fact, origin_target, relation_origin
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.logic.witnesses import same_instance, witness_fact
from dptaxonomy.schema.arith import constant_value, parse_interval
from dptaxonomy.schema.enums import Dimension
from dptaxonomy.schema.models import Definition, Quantifier, Relation, Status

__all__ = ["ProofError", "check_step", "placed_outside"]

# What a relation `s KIND t` may be read as: (edge kind, from, to) with "s"/"t".
_READINGS: dict[str, set[tuple[str, str, str]]] = {
    "stronger": {("stronger", "s", "t")},
    "weaker": {("stronger", "t", "s")},
    "equivalent": {("stronger", "s", "t"), ("stronger", "t", "s")},
    "extends": {("extends", "s", "t")},
    "extended_by": {("extends", "t", "s")},
    "not_stronger": {("not_stronger", "s", "t")},
    "not_weaker": {("not_stronger", "t", "s")},
}


class ProofError(ValueError):
    """A proof does not check."""


def _misquoted(true: Any, claimed: Any, prefix: str = "") -> list[str]:
    """The fields (of a step, its origin, its witness) where ``claimed`` differs from ``true``."""
    wrong: list[str] = []
    for name in fields(true):
        expected, found = getattr(true, name), getattr(claimed, name)
        if name in ("origin", "witness") and expected is not None and found is not None:
            wrong += _misquoted(expected, found, "witness " if name == "witness" else "")
        elif expected != found:
            wrong.append(prefix + name.replace("_", " "))
    return wrong


def _compare(true: Any, claimed: Any, location: str) -> None:
    wrong = _misquoted(true, claimed)
    if wrong:
        raise ProofError(f"step misquotes {location}: {', '.join(wrong)}")


def _targets(catalog: Catalog, subject: str, relation: Relation) -> set[str]:
    if relation.target is not None:
        return {relation.target}
    assert relation.target_set is not None
    if relation.target_set.quantifier is not Quantifier.all:
        return set()
    dimension = relation.target_set.dimension
    return {d.id for d in catalog.definitions.values() if dimension in d.dimensions} - {subject}


def _rule(relation: Relation) -> Rule:
    """The rule that reads ``relation`` as facts (A1-A4), decided here independently."""
    if relation.kind.value == "equivalent":
        return Rule.EQUIVALENCE
    if relation.target_set is not None:
        return Rule.SET_LEVEL
    if relation.kind.value in ("weaker", "extended_by", "not_weaker"):
        return Rule.INVERSE
    return Rule.ASSERTED


def _check_origin(catalog: Catalog, step: Fact) -> Relation:
    """The relation the step cites, after checking every field of its origin against it."""
    origin = step.origin
    entry = catalog.entries.get(origin.definition)
    if entry is None or not 0 <= origin.index < len(entry.definition.relations):
        raise ProofError(f"step cites a relation that does not exist: {origin.location}")
    relation = entry.definition.relations[origin.index]
    # a set-level relation with conditions has an origin per target: the step's other end
    end = step.b if step.a == origin.definition else step.a
    true = relation_origin(
        catalog, origin.definition, origin.index, relation, origin_target(relation, end)
    )
    true = replace(
        true,
        # E3's lines are checked with their own message (_check_perfect_privacy)
        perfect_privacy=origin.perfect_privacy,
        outside_domain=step.kind.value == "extends" and placed_outside(catalog, step.a, step.b),
    )
    _compare(true, origin, origin.location)
    rule = Rule.PERFECT_PRIVACY if step.rule is Rule.PERFECT_PRIVACY else _rule(relation)
    if step.rule is not rule:
        raise ProofError(f"step misquotes {origin.location}: rule")
    return relation


def _check_witness_step(catalog: Catalog, step: Fact, allow_conjectures: bool) -> None:
    """A W3 step: one claim that the mechanism satisfies step.a and one that it violates
    step.b, both usable and about one instance, and every field as the entry gives it."""
    witness = step.origin.witness
    assert witness is not None
    mechanism = catalog.mechanisms.get(witness.mechanism)
    if mechanism is None:
        raise ProofError(f"step cites a mechanism that does not exist: {witness.mechanism}")
    if step.a == step.b:
        raise ProofError(f"{step.origin.location}: a witness cannot separate {step.a} from itself")
    index = step.origin.index
    entry = catalog.mechanism_entries[mechanism.id]
    met = [i for i, c in enumerate(mechanism.satisfies) if c.definition == step.a]
    exists = 0 <= index < len(mechanism.violates)
    if not met or not exists or mechanism.violates[index].definition != step.b:
        raise ProofError(f"{witness.mechanism} does not both satisfy {step.a} and violate {step.b}")
    lines = [entry.located.value_mark(("satisfies", i))[0] for i in met]
    chosen = met[lines.index(witness.satisfies_line)] if witness.satisfies_line in lines else met[0]
    _compare(witness_fact(catalog, mechanism.id, chosen, index), step, step.origin.location)
    claims = (mechanism.satisfies[chosen], mechanism.violates[index])
    allowed = {Status.established, *((Status.conjectured,) if allow_conjectures else ())}
    if any(c.status not in allowed for c in claims):
        raise ProofError(f"step uses a disputed or conjectured claim of {witness.mechanism}")
    if not same_instance(mechanism, *claims):
        raise ProofError(
            f"{step.origin.location}: both claims of {witness.mechanism} restrict its parameters,"
            " so they may concern different instances"
        )


def _outside(relation: Relation, general: Definition) -> bool:
    """A stated map giving the general side a number its domain excludes (decided afresh)."""
    for name, text in (relation.parameter_map or {}).items():
        value = constant_value(text)
        domain = next((p.domain for p in general.parameters if p.name == name), None)
        if value is None or domain is None or not domain.lstrip().startswith(("[", "(")):
            continue
        if not parse_interval(domain).contains(value):
            return True
    return False


def _check_perfect_privacy(catalog: Catalog, step: Fact) -> None:
    """An E3 step: both declarations as the step cites them, same neighbours, in the domain."""
    special, general = catalog.definition(step.a), catalog.definition(step.b)
    if step.kind.value != "stronger" or special is None or general is None:
        raise ProofError(f"an E3 step must read a ⊂ between two definitions as ≻: {step.a}")
    declared = (special.perfect_privacy, general.perfect_privacy)
    if declared[0] is None or not declared[0].parameters:
        raise ProofError(f"{step.a} declares no parameter forcing perfect privacy")
    if declared[1] is None or not declared[1].every_parameter:
        raise ProofError(f"{step.b} does not declare perfect privacy meets every parameter")
    if any(Dimension.N in d.dimensions for d in (special, general)):
        raise ProofError(f"{step.a} and {step.b} may have different neighbours (dimension N)")
    if special.setting != general.setting:
        raise ProofError(f"{step.a} and {step.b} have different settings (central, local)")
    lines = tuple(
        catalog.entries[d].located.value_mark(("perfect_privacy",))[0] for d in (step.a, step.b)
    )
    if lines != step.origin.perfect_privacy:
        raise ProofError(f"the E3 step cites other perfect-privacy lines than {lines}")
    if placed_outside(catalog, step.a, step.b):
        raise ProofError(f"the catalog places {step.a} outside {step.b}'s domain")


def placed_outside(catalog: Catalog, special: str, general: str) -> bool:
    """Whether some stated ``special ⊂ general`` maps a parameter outside general's domain."""
    target = catalog.entries[general].definition
    for subject, other, kind in ((special, general, "extends"), (general, special, "extended_by")):
        for relation in catalog.entries[subject].definition.relations:
            same = relation.target == other and relation.kind.value == kind
            if same and _outside(relation, target):
                return True
    return False


def check_step(catalog: Catalog, step: Fact, allow_conjectures: bool) -> None:
    """Raise :class:`ProofError` unless ``step`` is a fact the catalog states, quoted exactly."""
    origin = step.origin
    if origin.witness is not None:
        _check_witness_step(catalog, step, allow_conjectures)
        return
    relation = _check_origin(catalog, step)
    if relation.status is Status.disputed:
        raise ProofError(f"step uses a disputed fact: {origin.location}")
    if relation.status is Status.conjectured and not allow_conjectures:
        raise ProofError(f"step uses a conjecture without --assume-conjectures: {origin.location}")
    said = step.kind.value
    if step.rule is Rule.PERFECT_PRIVACY:
        _check_perfect_privacy(catalog, step)
        said = "extends"  # E3 reads a stated special case as ≻
    elif origin.perfect_privacy:
        raise ProofError(f"{origin.location}: perfect-privacy lines on a step not read by E3")
    for target in _targets(catalog, origin.definition, relation):
        ends = {"s": origin.definition, "t": target}
        for kind, start, end in _READINGS[relation.kind.value]:
            if (kind, ends[start], ends[end]) == (said, step.a, step.b):
                return
    raise ProofError(f"{origin.location} does not say {step.a} {said} {step.b}")
