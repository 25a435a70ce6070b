"""An independent checker for proofs.

Each step is checked against the catalog entry it names, every field
re-derived (:mod:`dptaxonomy.reasoning.logic.stepcheck`); here the steps must chain
into the conclusion, and the rules the proof cites must be exactly those its
steps use.
"""

from __future__ import annotations

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.logic.conditions import (
    ConditionKind,
    classify_condition,
    implying_is_target,
)
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.proofs import Conclusion, Proof
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.logic.stepcheck import ProofError, check_step, placed_outside

__all__ = ["ProofError", "check_proof"]

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
    relation = catalog.entries[step.origin.definition].definition.relations[step.origin.index]
    implying_id = (
        step.origin.target if implying_is_target(relation.kind) else step.origin.definition
    )
    implying = catalog.definition(implying_id)
    domains = {p.name: p.domain for p in implying.parameters} if implying else {}
    implied_id = step.origin.definition if implying_id == step.origin.target else step.origin.target
    implied = catalog.definition(implied_id)
    chosen = {p.name: p.domain for p in implied.parameters} if implied else {}
    return any(
        classify_condition(c, domains, chosen) is ConditionKind.restricting
        for c in relation.conditions
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
        if special_case and carried is not None and placed_outside(carried, step.a, step.b):
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
        check_step(catalog, step, allow_conjectures)
    restricted = [s for s in proof.steps if _restricting(catalog, s)]
    if restricted and Rule.CONDITIONAL not in proof.rules:
        raise ProofError(
            f"an unconditional proof rests on a conditional fact: {restricted[0].origin.location}"
        )
    if not restricted and Rule.CONDITIONAL in proof.rules:
        raise ProofError("a conditional proof (rule K4) without a restricting step")
    if bool(restricted) != (Rule.CONDITION_RESTRICTING in proof.rules):
        raise ProofError("a proof cites rule K3 if and only if it has a restricting step")
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
