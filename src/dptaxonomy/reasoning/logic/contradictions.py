"""Contradictions (rules C1–C4), each with the smallest set of asserted facts behind it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.base.records import record
from dptaxonomy.reasoning.info import CitationRef
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.enums import Status, Truth

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog

__all__ = [
    "ClaimRef",
    "Contradiction",
    "contradiction_diagnostics",
    "find_contradictions",
    "shortest_cycle",
    "validation_diagnostics",
]


@record
class ClaimRef:
    """An asserted property claim, as evidence."""

    definition: str
    property: str
    value: Truth
    file: str
    line: int
    citation: CitationRef | None


@record
class Contradiction:
    """Facts that cannot all hold, and the rule that says so."""

    rule: Rule
    message: str
    facts: tuple[Fact, ...]
    claims: tuple[ClaimRef, ...] = ()


def _separation_conflicts(kb: KnowledgeBase, search: ProofSearch) -> list[Contradiction]:
    found = []
    for separation in kb.separations:
        proof = search.stronger(separation.a, separation.b)
        if proof is None:
            carried = _carried_conflict(separation, search)
            if carried is not None:
                found.append(carried)
            continue
        if separation.origin.witness is not None:
            rule = Rule.WITNESS_CONFLICT
            message = (
                f"{separation.a} ≻ {separation.b} is derivable, yet mechanism "
                f"{separation.origin.witness.mechanism} satisfies {separation.a} and violates "
                f"{separation.b}"
            )
        elif kb.strength.same_class(separation.a, separation.b):
            rule = Rule.STRICT_IN_CLASS
            message = (
                f"{separation.a} and {separation.b} are equivalent, yet "
                f"¬({separation.a} ≻ {separation.b}) is asserted"
            )
        else:
            rule = Rule.FACT_AND_NEGATION
            message = f"{separation.a} ≻ {separation.b} is derivable, yet its negation is asserted"
        found.append(Contradiction(rule, message, (separation, *proof.steps)))
    return found


def _carried_conflict(separation: Fact, search: ProofSearch) -> Contradiction | None:
    """Rule W4 through ⊂: M ⊨ A carries along ≻ and ⊂ (W1, W5) to the B it violates."""
    witness = separation.origin.witness
    chain = None if witness is None else search.carried(separation.a, separation.b)
    if witness is None or chain is None:
        return None
    message = (
        f"mechanism {witness.mechanism} satisfies {separation.a}, hence {separation.b} "
        f"(carried along ≻ and ⊂), yet it violates {separation.b}"
    )
    return Contradiction(Rule.WITNESS_CONFLICT, message, (separation, *chain))


def shortest_cycle(successors: dict[str, list[str]], members: Sequence[str]) -> list[str]:
    """The shortest cycle through ``members``, least in order among the shortest.

    One breadth-first search per member (neighbours in sorted order, so the
    first path found to each node is the least shortest one): O(n·(n + e))
    for a component of n nodes and e edges, where enumerating simple cycles
    is exponential. The cycle starts at its least member.

    >>> shortest_cycle({"a": ["b"], "b": ["c"], "c": ["a", "b"]}, ["a", "b", "c"])
    ['b', 'c']
    """
    inside = set(members)
    best: list[str] | None = None
    for start in sorted(members):
        parent: dict[str, str] = {}
        frontier = [start]
        seen = {start}
        closing: str | None = None
        length = 1  # nodes on a cycle closed from the frontier
        while frontier and closing is None and (best is None or length < len(best)):
            following = []
            for node in frontier:
                for nxt in successors.get(node, ()):
                    if nxt == start:
                        closing = node
                        break
                    if nxt in inside and nxt not in seen and nxt > start:
                        seen.add(nxt)
                        parent[nxt] = node
                        following.append(nxt)
                if closing is not None:
                    break
            frontier = following
            length += 1
        if closing is None:
            continue
        path = [closing]
        while path[-1] != start:
            path.append(parent[path[-1]])
        cycle = path[::-1]
        if best is None or (len(cycle), cycle) < (len(best), best):
            best = cycle
    assert best is not None, "a strongly connected component of two or more nodes has a cycle"
    return best


def _extension_cycles(kb: KnowledgeBase) -> list[Contradiction]:
    found = []
    by_pair = {
        (f.a, f.b): f
        for f in sorted(kb.extends_facts, key=lambda f: (f.origin.file, f.origin.index))
    }
    successors: dict[str, list[str]] = {}
    for a, b in kb.extension.edges:
        successors.setdefault(a, []).append(b)
    for members in kb.extension.members:
        if len(members) < 2:
            continue
        cycle = shortest_cycle(successors, members)
        edges = list(zip(cycle, [*cycle[1:], cycle[0]], strict=True))
        facts = tuple(by_pair[edge] for edge in edges)
        message = "⊂-cycle between distinct definitions: " + " ⊂ ".join([*cycle, cycle[0]])
        found.append(Contradiction(Rule.EXTENSION_CYCLE, message, facts))
    return found


def _claim(kb: KnowledgeBase, definition: str) -> ClaimRef:
    info = kb.info[definition]
    return ClaimRef(
        definition,
        "composability",
        info.composability,
        info.file,
        info.composability_line,
        info.composability_citation,
    )


def _property_conflicts(kb: KnowledgeBase, search: ProofSearch) -> list[Contradiction]:
    found = []
    info = kb.info
    for members in kb.strength.members:
        stated = {
            m: info[m].composability
            for m in members
            if info[m].composability_status is Status.established
        }
        yes = sorted(m for m, v in stated.items() if v is Truth.yes)
        no = sorted(m for m, v in stated.items() if v is Truth.no)
        if not yes or not no:
            continue
        a, b = yes[0], no[0]
        forward, backward = search.stronger(a, b), search.stronger(b, a)
        assert forward is not None
        assert backward is not None
        message = f"{a} ∼ {b}, but {a} is composable and {b} is not (rule P1)"
        found.append(
            Contradiction(
                Rule.PROPERTY_CONFLICT,
                message,
                (*forward.steps, *backward.steps),
                (_claim(kb, a), _claim(kb, b)),
            )
        )
    return found


def find_contradictions(kb: KnowledgeBase) -> list[Contradiction]:
    """Every contradiction of the knowledge base, in a stable order."""
    search = ProofSearch(kb)
    found = [
        *_separation_conflicts(kb, search),
        *_extension_cycles(kb),
        *_property_conflicts(kb, search),
    ]
    return sorted(found, key=lambda c: (c.rule.value, c.message))


def _evidence(contradiction: Contradiction) -> list[str]:
    items = [
        f"{f.origin.location} [{f.origin.citation.key}] {f.origin.citation.at} "
        f"({f.a} {f.kind.value} {f.b})"
        for f in contradiction.facts
    ]
    items += [
        f"{c.file}:{c.line} {c.property} = {c.value}"
        + (f" [{c.citation.key}] {c.citation.at}" if c.citation else "")
        for c in contradiction.claims
    ]
    return items


_HINT = (
    "one of these facts is wrong: check each against its source, then fix it or mark "
    "it `status: disputed` with a note"
)
_CONJECTURE_HINT = (
    "the established facts refute a conjecture: check it against its source, and mark it "
    "`status: disputed` with a note if it is wrong"
)


def contradiction_diagnostics(
    contradictions: list[Contradiction], *, conjectural: bool = False
) -> list[Diagnostic]:
    """One located diagnostic per contradiction, listing its minimal set of facts.

    Errors; with ``conjectural``, warnings located at the first conjectured
    fact (contradictions that appear only with ``--assume-conjectures``).
    """
    diagnostics = []
    for contradiction in contradictions:
        facts = contradiction.facts
        if conjectural:
            facts = tuple(sorted(facts, key=lambda f: not f.conjectured))
        first = facts[0].origin if facts else None
        claim = contradiction.claims[0] if contradiction.claims else None
        file = first.file if first else (claim.file if claim else "")
        line = first.line if first else (claim.line if claim else 1)
        column = first.column if first else 1
        prefix = "with --assume-conjectures: " if conjectural else ""
        diagnostics.append(
            Diagnostic(
                Severity.warning if conjectural else Severity.error,
                file,
                line,
                column,
                f"contradiction-{contradiction.rule.value}",
                f"{prefix}{contradiction.message}; facts: " + "; ".join(_evidence(contradiction)),
                _CONJECTURE_HINT if conjectural else _HINT,
            )
        )
    return diagnostics


def validation_diagnostics(catalog: Catalog) -> list[Diagnostic]:
    """The contradictions `dptax validate` reports for a loaded, valid catalog.

    Errors for those of the established facts; warnings for those that appear
    only once conjectures are assumed (a conjecture the established facts
    refute is worth knowing).
    """
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    kb = compile_knowledge_base(catalog)
    established = find_contradictions(kb)
    extra: list[Contradiction] = []
    if kb.factset.conjectured_unused:  # otherwise assuming conjectures changes nothing
        assumed = find_contradictions(compile_knowledge_base(catalog, assume_conjectures=True))
        known = {c.message for c in established}
        extra = [c for c in assumed if c.message not in known]
    from dptaxonomy.reasoning.logic.refutations import refutation_diagnostics
    from dptaxonomy.reasoning.logic.vacuous import vacuous_diagnostics

    return [
        *contradiction_diagnostics(established),
        *contradiction_diagnostics(extra, conjectural=True),
        *vacuous_diagnostics(catalog, kb.factset),
        *refutation_diagnostics(catalog),
    ]
