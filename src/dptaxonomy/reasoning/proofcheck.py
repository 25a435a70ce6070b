"""An independent checker for proofs.

It does not use the engine: it re-reads each cited relation from the catalog
entry the step names, re-derives what that relation may mean on its own
(a table of readings written separately from :mod:`dptaxonomy.reasoning.facts`), and
checks that the steps chain into the conclusion under the rules cited.
"""

from __future__ import annotations

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.conditions import ConditionKind, classify_condition, implying_is_target
from dptaxonomy.reasoning.facts import Fact
from dptaxonomy.reasoning.proofs import Conclusion, Proof
from dptaxonomy.reasoning.rules import Rule
from dptaxonomy.schema.arith import constant_value, parse_interval
from dptaxonomy.schema.enums import Dimension
from dptaxonomy.schema.models import Definition, Quantifier, Relation, Status

__all__ = ["ProofError", "check_proof"]

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
    """The relation the step cites, after checking every field the step copies from it."""
    origin = step.origin
    entry = catalog.entries.get(origin.definition)
    if entry is None or not 0 <= origin.index < len(entry.definition.relations):
        raise ProofError(f"step cites a relation that does not exist: {origin.location}")
    relation = entry.definition.relations[origin.index]
    line, column = entry.located.value_mark(("relations", origin.index))
    stated = {
        "file": (entry.file, origin.file),
        "line": (line, origin.line),
        "column": (column, origin.column),
        "kind": (relation.kind, origin.kind),
        # a set-level target is checked through its readings (_targets) below
        "target": (relation.target or origin.target, origin.target),
        "citation": (
            (relation.citation.key, relation.citation.at, relation.citation.quote),
            (origin.citation.key, origin.citation.at, origin.citation.quote),
        ),
        "status": (relation.status, origin.status),
        "parameter map": (tuple((relation.parameter_map or {}).items()), origin.parameter_map),
        "conditions": (tuple(relation.conditions), origin.conditions),
        "restrictions": (
            tuple((r.parameter, r.value) for r in relation.restrictions),
            origin.restrictions,
        ),
        "note": (relation.note, origin.note),
        "rule": (
            Rule.PERFECT_PRIVACY if step.rule is Rule.PERFECT_PRIVACY else _rule(relation),
            step.rule,
        ),
    }
    wrong = [name for name, (true, claimed) in stated.items() if true != claimed]
    if wrong:
        raise ProofError(f"step misquotes {origin.location}: {', '.join(wrong)}")
    return relation


def _check_witness_step(catalog: Catalog, step: Fact, allow_conjectures: bool) -> None:
    """A W3 step: the mechanism satisfies step.a and violates step.b, as its entry says."""
    witness = step.origin.witness
    assert witness is not None
    mechanism = catalog.mechanisms.get(witness.mechanism)
    if mechanism is None:
        raise ProofError(f"step cites a mechanism that does not exist: {witness.mechanism}")
    met = [c for c in mechanism.satisfies if c.definition == step.a]
    violated = [c for c in mechanism.violates if c.definition == step.b]
    if step.kind.value != "not_stronger" or not met or not violated:
        raise ProofError(f"{witness.mechanism} does not both satisfy {step.a} and violate {step.b}")
    allowed = {Status.established, *((Status.conjectured,) if allow_conjectures else ())}
    if not any(c.status in allowed for c in met) or not any(c.status in allowed for c in violated):
        raise ProofError(f"step uses a disputed or conjectured claim of {witness.mechanism}")


def _check_step(catalog: Catalog, step: Fact, allow_conjectures: bool) -> None:
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
    special, general = catalog.definitions.get(step.a), catalog.definitions.get(step.b)
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
    if _placed_outside(catalog, step.a, step.b):
        raise ProofError(f"the catalog places {step.a} outside {step.b}'s domain")


def _placed_outside(catalog: Catalog, special: str, general: str) -> bool:
    """Whether some stated ``special ⊂ general`` maps a parameter outside general's domain."""
    target = catalog.definitions[general]
    for subject, other, kind in ((special, general, "extends"), (general, special, "extended_by")):
        for relation in catalog.definitions[subject].relations:
            same = relation.target == other and relation.kind.value == kind
            if same and _outside(relation, target):
                return True
    return False


# The rules this checker decides: how steps are read, and how they chain.
# (K3/K4 and M1 are checked on their own terms below.)
_STRUCTURAL = frozenset(
    {
        Rule.ASSERTED,
        Rule.INVERSE,
        Rule.EQUIVALENCE,
        Rule.SET_LEVEL,
        Rule.STRONGER_REFLEXIVE,
        Rule.STRONGER_TRANSITIVE,
        Rule.EXTENDS_REFLEXIVE,
        Rule.EXTENDS_TRANSITIVE,
        Rule.PERFECT_PRIVACY,
        Rule.SEPARATION_PROPAGATION,
        Rule.WITNESS,
        Rule.WITNESS_SATISFIES,
        Rule.WITNESS_VIOLATES,
        Rule.WITNESS_CARRIED_SATISFIES,
        Rule.WITNESS_CARRIED_VIOLATES,
    }
)


def _check_rules(proof: Proof, chains: list[tuple[Fact, ...]]) -> None:
    """The reading and chaining rules a proof cites are exactly those its steps use."""
    expected = {step.rule for step in proof.steps}
    if proof.conclusion is Conclusion.not_stronger:
        kinds = [{step.kind.value for step in chain} for chain in chains]
        if any(chains):
            expected.add(Rule.SEPARATION_PROPAGATION)
        carried = any("extends" in found for found in kinds)
        if not carried and any(len(chain) > 1 for chain in chains):
            expected.add(Rule.STRONGER_TRANSITIVE)
        if Rule.WITNESS in expected and len(chains) == 2:
            # a witness carried along ≻ (W1 before it, W2 after) and along ⊂ (W5, W6)
            before, after = kinds
            expected |= {Rule.WITNESS_SATISFIES} if "stronger" in before else set()
            expected |= {Rule.WITNESS_CARRIED_SATISFIES} if "extends" in before else set()
            expected |= {Rule.WITNESS_VIOLATES} if "stronger" in after else set()
            expected |= {Rule.WITNESS_CARRIED_VIOLATES} if "extends" in after else set()
    else:
        reflexive, transitive = (
            (Rule.STRONGER_REFLEXIVE, Rule.STRONGER_TRANSITIVE)
            if proof.conclusion is Conclusion.stronger
            else (Rule.EXTENDS_REFLEXIVE, Rule.EXTENDS_TRANSITIVE)
        )
        if not proof.steps:
            expected.add(reflexive)
        elif len(proof.steps) > 1:
            expected.add(transitive)
    cited = set(proof.rules) & _STRUCTURAL
    if cited != expected:
        shown = ", ".join(sorted(r.value for r in cited)) or "none"
        needed = ", ".join(sorted(r.value for r in expected)) or "none"
        raise ProofError(f"the proof cites rules {shown}; its steps use {needed}")


def _restricting(catalog: Catalog, step: Fact) -> bool:
    """Whether the cited relation holds only for a sub-family (rule K3), judged afresh."""
    if step.origin.witness is not None:
        return False  # a witness separation is a fact about one mechanism, never restricted
    relation = catalog.definitions[step.origin.definition].relations[step.origin.index]
    implying_id = (
        step.origin.target if implying_is_target(relation.kind) else step.origin.definition
    )
    implying = catalog.definitions.get(implying_id)
    domains = {p.name: p.domain for p in implying.parameters} if implying else {}
    return any(
        classify_condition(c, domains) is ConditionKind.restricting for c in relation.conditions
    ) or any(r.parameter in domains for r in relation.restrictions)


def _check_chain(
    steps: tuple[Fact, ...],
    kind: str,
    start: str,
    end: str,
    *,
    maps: bool = False,
    carried: Catalog | None = None,
) -> None:
    """Steps chain from start to end; ⊂ steps only in a mapped chain (M1) or, with
    ``carried``, a witness's chain (W5, W6), and then never outside a domain."""
    node = start
    for step in steps:
        special_case = step.kind.value == "extends" and kind == "stronger"
        if special_case and carried is not None and _placed_outside(carried, step.a, step.b):
            raise ProofError(f"{step.origin.location}: a witness carried outside a domain")
        allowed = special_case and (maps or carried is not None)
        if (step.kind.value != kind and not allowed) or step.a != node:
            raise ProofError(f"the chain breaks at {step.origin.location}")
        node = step.b
    if node != end:
        raise ProofError(f"the chain ends at {node}, not {end}")


def check_proof(catalog: Catalog, proof: Proof, *, allow_conjectures: bool = False) -> None:
    """Raise :class:`ProofError` unless ``proof`` establishes its conclusion from ``catalog``.

    Every field a step copies from the catalog (file, line, column, kind,
    target, citation, status, parameter map, conditions, restrictions, note
    and the rule that reads it) must match the entry, and the reading and
    chaining rules the proof cites must be exactly those its steps use.
    """
    for step in proof.steps:
        _check_step(catalog, step, allow_conjectures)
    restricted = [s for s in proof.steps if _restricting(catalog, s)]
    if restricted and Rule.CONDITIONAL not in proof.rules:
        raise ProofError(
            f"an unconditional proof rests on a conditional fact: {restricted[0].origin.location}"
        )
    if not restricted and Rule.CONDITIONAL in proof.rules:
        raise ProofError("a conditional proof (rule K4) without a restricting step")
    if proof.conclusion is Conclusion.not_stronger:
        separations = [i for i, s in enumerate(proof.steps) if s.kind.value == "not_stronger"]
        if len(separations) != 1:
            raise ProofError("a separation proof uses exactly one asserted separation")
        index = separations[0]
        separation = proof.steps[index]
        before, after = proof.steps[:index], proof.steps[index + 1 :]
        carried = catalog if separation.origin.witness is not None else None
        _check_chain(before, "stronger", separation.a, proof.a, carried=carried)
        _check_chain(after, "stronger", proof.b, separation.b, carried=carried)
        _check_rules(proof, [before, after])
        return
    maps = Rule.MAP_COMPOSITION in proof.rules
    if maps and any(not s.origin.parameter_map for s in proof.steps):
        raise ProofError("a parametric chain (rule M1) with a step that maps no parameters")
    _check_chain(proof.steps, proof.conclusion.value, proof.a, proof.b, maps=maps)
    _check_rules(proof, [proof.steps])
