"""Outputs that cannot be forged (issue 29, part 4): one section per class of forgery.

1. Per-definition RDF: a hostile text field cannot break its definition's
   ``rdf.ttl`` or inject triples into another definition's file.
2. Proof steps: every field a step of each kind carries (origin, witness, rule)
   is re-derived by the proof checker; each forged field is rejected by name.
   The fields are read from the records, so a new field is forged too.
3. SHACL: a graph holding ≻ and ¬≻ for one pair, ¬(A ≻ A), or a reified
   statement without its triple does not conform (positive self-loops do:
   rules S1 and E1 make them true).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.compare import isomorphic

from dptaxonomy.base import records
from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf import asserted_graph
from dptaxonomy.export.shapes import shapes_graph
from dptaxonomy.export.site.builder import SiteOptions
from dptaxonomy.export.site.data import definition_graphs
from dptaxonomy.export.site.render import Renderer
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.info import CitationRef
from dptaxonomy.reasoning.logic.facts import Fact, FactKind, Origin, WitnessRef
from dptaxonomy.reasoning.logic.proof import Conclusion, Proof
from dptaxonomy.reasoning.logic.proofcheck import ProofError, check_proof
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.logic.witnesses import witness_fact
from dptaxonomy.schema.enums import RelationKind, Status
from tests.conftest import CATALOG_DIR, FIXTURES

VALID = load_catalog(FIXTURES / "valid")


def changed(catalog: Catalog, definition_id: str, **update: Any) -> Catalog:
    """``catalog`` with some fields of one definition replaced (no validation: hostile text)."""
    entry = catalog.entries[definition_id]
    new = type(entry)(entry.definition.model_copy(update=update), entry.file, entry.located)
    return records.replace(catalog, entries={**catalog.entries, definition_id: new})


# 1. Per-definition RDF ---------------------------------------------------------------------

INJECTED = f"<{v.BASE}def/renyi-dp> <{v.BASE}ns#stronger> <{v.BASE}def/bayesian-dp-ab20> ."
HOSTILE_TEXTS = {
    "blank lines and an injected triple": f"Ends here.\n\n{INJECTED}\n\nmore.",
    "prefixed subject after a blank line": "x.\n\ndef:renyi-dp dp:stronger def:bayesian-dp-ab20 .",
    "triple quotes": 'a """ b \'\'\' c.\n\n"""\n\n.',
    "a prefix directive": "fine.\n\n@prefix def: <http://evil.example/> .\n\n",
    "angle brackets and dots": "<a> . > < .\n\n. .\n\n<>",
    "only blank lines": "\n\n\n\n",
}


TURTLE_PIECES = [
    "\n\n",
    ".",
    " .",
    '"""',
    "'",
    "\\",
    "<",
    ">",
    "\r",
    "x",
    "@prefix def: <http://evil.example/> .",
    "def:bayesian-dp-ab20 dp:stronger def:renyi-dp .",
    f"<{v.BASE}def/bayesian-dp-ab20> <{v.BASE}ns#stronger> <{v.BASE}def/renyi-dp> .",
]
"""Pieces of Turtle syntax a summary may be made of."""


def _owned_subjects(graph: Graph, definition_id: str) -> set[URIRef]:
    iri = str(v.definition_iri(definition_id))
    return {
        s
        for s in graph.subjects()
        if isinstance(s, URIRef) and (s == URIRef(iri) or s.startswith(iri + "/"))
    }


def _expected(graph: Graph, definition_id: str) -> Graph:
    """The triples about the definition and the nodes under its IRI, with their blank nodes."""
    part = Graph()
    todo: list[Any] = list(_owned_subjects(graph, definition_id))
    seen: set[Any] = set()
    while todo:
        subject = todo.pop()
        if subject in seen:
            continue
        seen.add(subject)
        for _, p, o in graph.triples((subject, None, None)):
            part.add((subject, p, o))
            if isinstance(o, BNode):
                todo.append(o)
    return part


@pytest.mark.parametrize("text", HOSTILE_TEXTS.values(), ids=HOSTILE_TEXTS.keys())
@pytest.mark.parametrize("field", ["summary", "statement"])
def test_per_definition_rdf_holds_exactly_that_definitions_triples(field: str, text: str) -> None:
    catalog = changed(VALID, "differential-privacy", **{field: text})
    kb = compile_knowledge_base(catalog)
    files = Renderer(
        catalog, kb, version="0", date="2026-11-28", options=SiteOptions(date="2026-11-28")
    ).data_files()
    full = asserted_graph(catalog, kb)
    for definition_id in catalog.definitions:
        part = Graph().parse(data=files[f"d/{definition_id}/rdf.ttl"].decode(), format="turtle")
        assert isomorphic(part, _expected(full, definition_id)), definition_id
    hostile = Graph().parse(data=files["d/differential-privacy/rdf.ttl"].decode(), format="turtle")
    predicate = v.P_STATEMENT if field == "statement" else v.DCTERMS.description
    assert [
        str(o) for o in hostile.objects(v.definition_iri("differential-privacy"), predicate)
    ] == [text]


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(TURTLE_PIECES), max_size=12).map("".join))
def test_any_summary_round_trips_in_its_own_file_only(text: str) -> None:
    catalog = changed(VALID, "renyi-dp", summary=text)
    full = asserted_graph(catalog, compile_knowledge_base(catalog))
    parts = definition_graphs(catalog, full)
    for definition_id, turtle in parts.items():
        part = Graph().parse(data=turtle, format="turtle")
        assert isomorphic(part, _expected(full, definition_id)), definition_id


# 2. Proof steps ----------------------------------------------------------------------------

CATALOG = load_catalog(CATALOG_DIR)
KB = compile_knowledge_base(CATALOG)
FACTS = [*KB.facts, *KB.conditional_facts]

# One step of each kind: (rule, fact kind, restricting, outside a domain, maps, evidence).
STEP_KINDS: dict[str, Callable[[Fact], bool]] = {
    "A1 stronger, mapped, computed": lambda f: (
        f.rule is Rule.ASSERTED and f.kind is FactKind.stronger and f.origin.evidence == "computed"
    ),
    "A1 not-stronger": lambda f: f.rule is Rule.ASSERTED and f.kind is FactKind.not_stronger,
    "A1 extends, restricting (K3)": lambda f: (
        f.rule is Rule.ASSERTED and f.kind is FactKind.extends and bool(f.origin.restricting)
    ),
    "A2 extends outside a domain": lambda f: f.rule is Rule.INVERSE and f.origin.outside_domain,
    "A2 stronger, restricting": lambda f: f.rule is Rule.INVERSE and bool(f.origin.restricting),
    "A3 equivalence": lambda f: f.rule is Rule.EQUIVALENCE,
    "A4 set level": lambda f: f.rule is Rule.SET_LEVEL,
    "E3 perfect privacy": lambda f: f.rule is Rule.PERFECT_PRIVACY,
    "W3 witness": lambda f: f.rule is Rule.WITNESS,
}
WITNESS = next(f.origin.witness for f in FACTS if f.origin.witness is not None)


def genuine(kind: str) -> Proof:
    """A one-step proof of the first fact of that kind, which checks."""
    fact = next(f for f in FACTS if STEP_KINDS[kind](f))
    conditional = (Rule.CONDITION_RESTRICTING, Rule.CONDITIONAL) if fact.conditional else ()
    proof = Proof(Conclusion(fact.kind.value), fact.a, fact.b, (fact,), (fact.rule, *conditional))
    check_proof(CATALOG, proof)
    return proof


def forged_value(name: str, value: Any) -> Any:
    """A different value of the same type (a stripped one where there is something to strip)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1000
    if name.endswith("evidence") or name == "evidence":
        return "refuted" if value != "refuted" else "quoted"
    if isinstance(value, Status):
        return Status.conjectured if value is Status.established else Status.established
    if isinstance(value, RelationKind):
        return RelationKind.weaker if value is RelationKind.stronger else RelationKind.stronger
    if isinstance(value, CitationRef):
        return records.replace(value, at=value.at + " (forged)")
    if name == "perfect_privacy":
        return (1, 1)
    if isinstance(value, tuple):
        return () if value else (("forged", "1"),)
    if name == "witness":
        return None if value is not None else WITNESS
    if value is None:
        return "forged"
    assert isinstance(value, str), (name, value)
    return value + "-forged"


def _expected_message(proof: Proof, forged: Fact, name: str) -> str:
    step, origin = proof.steps[0], forged.origin
    witness = step.origin.witness
    absent = f"step cites a relation that does not exist: {origin.location}"
    both = f"{(witness or WITNESS).mechanism} does not both satisfy {step.a} and violate {step.b}"
    special = {
        ("relation", "definition"): absent,
        ("relation", "index"): absent,
        ("relation", "witness"): both,
        ("witness", "index"): both,
        ("witness", "witness"): absent,
        ("witness", "witness mechanism"): (
            f"step cites a mechanism that does not exist: {WITNESS.mechanism}-forged"
        ),
    }
    if name == "perfect privacy" and witness is None:
        return (
            f"the E3 step cites other perfect-privacy lines than {step.origin.perfect_privacy}"
            if step.rule is Rule.PERFECT_PRIVACY
            else f"{origin.location}: perfect-privacy lines on a step not read by E3"
        )
    found = special.get(("witness" if witness else "relation", name))
    return found or f"step misquotes {origin.location}: {name}"


def _forgeries() -> list[Any]:
    cases = []
    for kind in STEP_KINDS:
        names = [("origin", n) for n in records.fields(Origin)] + [("fact", "rule")]
        if kind.startswith("W3"):
            names += [("witness", n) for n in records.fields(WitnessRef)]
        cases += [pytest.param(kind, part, name, id=f"{kind}: {name}") for part, name in names]
    return cases


@pytest.mark.parametrize(("kind", "part", "name"), _forgeries())
def test_every_field_of_every_step_kind_is_rederived(kind: str, part: str, name: str) -> None:
    proof = genuine(kind)
    step = proof.steps[0]
    if part == "fact":
        forged = records.replace(step, rule=Rule.STRONGER_TRANSITIVE)  # never a step's rule
    elif part == "origin":
        value = forged_value(name, getattr(step.origin, name))
        forged = records.replace(step, origin=records.replace(step.origin, **{name: value}))
    else:
        witness = step.origin.witness
        value = forged_value(name, getattr(witness, name))
        origin = records.replace(step.origin, witness=records.replace(witness, **{name: value}))
        forged = records.replace(step, origin=origin)
    label = ("witness " if part == "witness" else "") + name.replace("_", " ")
    with pytest.raises(ProofError) as raised:
        check_proof(CATALOG, records.replace(proof, steps=(forged,)))
    assert str(raised.value) == _expected_message(proof, forged, label)


def test_a_conditional_proof_cites_k3_exactly_when_a_step_restricts() -> None:
    proof = genuine("A1 extends, restricting (K3)")
    without = records.replace(proof, rules=(Rule.ASSERTED, Rule.CONDITIONAL))
    with pytest.raises(ProofError) as raised:
        check_proof(CATALOG, without)
    assert str(raised.value) == "a proof cites rule K3 if and only if it has a restricting step"
    plain = genuine("A4 set level")
    extra = records.replace(plain, rules=(*plain.rules, Rule.CONDITION_RESTRICTING))
    with pytest.raises(ProofError) as raised:
        check_proof(CATALOG, extra)
    assert str(raised.value) == "a proof cites rule K3 if and only if it has a restricting step"


def test_a_witness_whose_two_claims_restrict_the_mechanism_is_rejected() -> None:
    """Both claims conditioned on the mechanism's own parameters may be about two instances."""
    entry = CATALOG.mechanism_entries["gaussian"]
    mechanism = entry.mechanism
    restricted = {"conditions": ["sigma > 1"]}
    changed_mechanism = mechanism.model_copy(
        update={
            "satisfies": [c.model_copy(update=restricted) for c in mechanism.satisfies],
            "violates": [c.model_copy(update=restricted) for c in mechanism.violates],
        }
    )
    new = type(entry)(changed_mechanism, entry.file, entry.located)
    catalog = records.replace(
        CATALOG, mechanism_entries={**CATALOG.mechanism_entries, "gaussian": new}
    )
    fact = witness_fact(catalog, "gaussian", 0, 0)
    assert fact not in compile_knowledge_base(catalog).facts  # the engine does not use it
    proof = Proof(Conclusion.not_stronger, fact.a, fact.b, (fact,), (Rule.WITNESS,))
    with pytest.raises(ProofError) as raised:
        check_proof(catalog, proof)
    assert str(raised.value) == (
        f"{fact.origin.location}: both claims of gaussian restrict its parameters,"
        " so they may concern different instances"
    )


def test_a_witness_of_a_definition_against_itself_is_rejected() -> None:
    """A mechanism said to satisfy and violate one definition (validate refuses the file)."""
    entry = CATALOG.mechanism_entries["gaussian"]
    mechanism = entry.mechanism
    violated = mechanism.violates[0].model_copy(
        update={"definition": mechanism.satisfies[0].definition}
    )
    changed_mechanism = mechanism.model_copy(update={"violates": [violated]})
    new = type(entry)(changed_mechanism, entry.file, entry.located)
    catalog = records.replace(
        CATALOG, mechanism_entries={**CATALOG.mechanism_entries, "gaussian": new}
    )
    fact = witness_fact(catalog, "gaussian", 0, 0)
    proof = Proof(Conclusion.not_stronger, fact.a, fact.b, (fact,), (Rule.WITNESS,))
    with pytest.raises(ProofError) as raised:
        check_proof(catalog, proof)
    assert str(raised.value) == (
        f"{fact.origin.location}: a witness cannot separate {fact.a} from itself"
    )


# 3. SHACL ----------------------------------------------------------------------------------

A, B, C = (v.definition_iri(x) for x in ("a-dp", "b-dp", "c-dp"))
CONSISTENCY = {v.DP.ContradictionShape, v.DP.SelfSeparationShape, v.DP.ReifiedTripleShape}


def contradiction(a: URIRef, b: URIRef) -> tuple[str, str, str]:
    return (
        str(a),
        str(b),
        f"{a} is said to be both stronger and not stronger than {b} (or weaker and not"
        " weaker): a contradiction (rules S2, N1)",
    )


def orphan(statement: URIRef, predicate: URIRef) -> tuple[str, str, str]:
    return (
        str(v.RDF.Statement),
        str(statement),
        f"the reified statement {statement} has no triple with predicate {predicate} in the graph",
    )


def consistency_violations(*triples: tuple[Any, Any, Any]) -> set[tuple[str, str, str]]:
    """(focus, value, message) of each result of the SPARQL constraints on a small graph."""
    from pyshacl import validate

    graph = Graph()
    for node in (A, B, C):
        graph.add((node, v.RDF.type, v.C_DEFINITION))
    for triple in triples:
        graph.add(triple)
    _, report, _ = validate(graph, shacl_graph=shapes_graph())
    found = set()
    for result in report.subjects(v.RDF.type, v.SH.ValidationResult):
        if report.value(result, v.SH.sourceShape) in CONSISTENCY:
            assert report.value(result, v.SH.resultSeverity) == v.SH.Violation
            focus, value, message = (
                report.value(result, v.SH[p]) for p in ("focusNode", "value", "resultMessage")
            )
            found.add((str(focus), str(value), str(message)))
    return found


STRONGER, WEAKER, EQUIVALENT = v.P_STRONGER, v.P_WEAKER, v.P_EQUIVALENT
NOT_STRONGER, NOT_WEAKER = v.P_NOT_STRONGER, v.P_NOT_WEAKER
SELF = (
    str(A),
    str(A),
    f"{A} is said not to be stronger than itself, contradicting rule S1 (≻ is reflexive)",
)

GRAPHS: dict[str, tuple[list[tuple[Any, Any, Any]], set[tuple[str, str, str]]]] = {
    "≻ and ¬≻": ([(A, STRONGER, B), (A, NOT_STRONGER, B)], {contradiction(A, B)}),
    "≺ and ¬≻": ([(B, WEAKER, A), (A, NOT_STRONGER, B)], {contradiction(A, B)}),
    "≻ and ¬≺": ([(B, STRONGER, A), (A, NOT_WEAKER, B)], {contradiction(A, B)}),
    "∼ and ¬≻": ([(B, EQUIVALENT, A), (A, NOT_STRONGER, B)], {contradiction(A, B)}),
    "a chain and ¬≻": (
        [(A, STRONGER, C), (B, WEAKER, C), (A, NOT_STRONGER, B)],
        {contradiction(A, B)},
    ),
    "¬≻ alone": ([(A, NOT_STRONGER, B), (B, STRONGER, A)], set()),
    "¬(A ≻ A)": ([(A, NOT_STRONGER, A)], {SELF}),
    "¬(A ≺ A)": ([(A, NOT_WEAKER, A)], {SELF}),
    "positive self-loops": (
        [(A, STRONGER, A), (A, EQUIVALENT, A), (A, v.P_EXTENDS, A), (A, WEAKER, A)],
        set(),
    ),
}


@pytest.mark.parametrize(("triples", "expected"), GRAPHS.values(), ids=GRAPHS.keys())
def test_shacl_rejects_contradictions_and_negative_self_loops(
    triples: list[tuple[Any, Any, Any]], expected: set[tuple[str, str, str]]
) -> None:
    assert consistency_violations(*triples) == expected


def statement(iri: URIRef, s: URIRef, p: URIRef, o: URIRef, *kinds: URIRef) -> list[Any]:
    return [
        (iri, v.RDF.type, v.RDF.Statement),
        *((iri, v.RDF.type, kind) for kind in kinds),
        (iri, v.RDF.subject, s),
        (iri, v.RDF.predicate, p),
        (iri, v.RDF.object, o),
    ]


INFERRED = URIRef(v.BASE + "inferred/stronger/a-dp/b-dp")
RELATION = v.node_iri("a-dp", "relation", 0)
ESTABLISHED = (RELATION, v.P_STATUS, Literal("established"))
REIFIED: dict[str, tuple[list[Any], set[tuple[str, str, str]]]] = {
    "inferred without its triple": (
        statement(INFERRED, A, STRONGER, B, v.C_INFERENCE),
        {orphan(INFERRED, STRONGER)},
    ),
    "inferred with its triple": (
        [*statement(INFERRED, A, STRONGER, B, v.C_INFERENCE), (A, STRONGER, B)],
        set(),
    ),
    "a relation without its triple": (
        [*statement(RELATION, A, WEAKER, B, v.C_RELATION), ESTABLISHED],
        {orphan(RELATION, WEAKER)},
    ),
    "a relation with its inverse reading": (
        [*statement(RELATION, A, WEAKER, B, v.C_RELATION), ESTABLISHED, (B, STRONGER, A)],
        set(),
    ),
    "∼ with ≻ one way only": (
        [*statement(RELATION, A, EQUIVALENT, B, v.C_RELATION), ESTABLISHED, (A, STRONGER, B)],
        {orphan(RELATION, EQUIVALENT)},
    ),
    "∼ with ≻ both ways": (
        [
            *statement(RELATION, A, EQUIVALENT, B, v.C_RELATION),
            ESTABLISHED,
            (A, STRONGER, B),
            (B, STRONGER, A),
        ],
        set(),
    ),
    "a conditional relation (its fact may be K3's)": (
        [
            *statement(RELATION, A, STRONGER, B, v.C_RELATION),
            ESTABLISHED,
            (RELATION, v.P_CONDITIONS, Literal("epsilon <= 1")),
        ],
        set(),
    ),
    "a disputed relation": (
        [
            *statement(RELATION, A, STRONGER, B, v.C_RELATION),
            (RELATION, v.P_STATUS, Literal("disputed")),
        ],
        set(),
    ),
}


@pytest.mark.parametrize(("triples", "expected"), REIFIED.values(), ids=REIFIED.keys())
def test_shacl_rejects_a_reified_statement_without_its_triple(
    triples: list[Any], expected: set[tuple[str, str, str]]
) -> None:
    assert consistency_violations(*triples) == expected


@pytest.mark.slow
def test_the_real_export_loses_a_fact_triple_and_shacl_says_which() -> None:
    from pyshacl import validate

    graph = asserted_graph(CATALOG, KB)
    fact = next(
        f
        for f in KB.facts
        if f.rule is Rule.ASSERTED and not f.origin.conditions and not f.origin.restrictions
    )
    relation = v.node_iri(fact.origin.definition, "relation", fact.origin.index)
    predicate = graph.value(relation, v.RDF.predicate)
    assert isinstance(predicate, URIRef)
    graph.remove((v.definition_iri(fact.a), None, v.definition_iri(fact.b)))
    conforms, report, _ = validate(graph, shacl_graph=shapes_graph())
    assert not conforms
    messages = {str(m) for m in report.objects(None, v.SH.resultMessage)}
    assert orphan(relation, predicate)[2] in messages
