"""Commands that ask the reasoner: relate, stronger-than, weaker-than, explain, …"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from dptaxonomy.cli.common import (
    CatalogOption,
    ConjecturesOption,
    Format,
    FormatOption,
    NameArgument,
    fail,
    print_json,
    reasoner_for,
)


def _pair(directory: Path | None, assume_conjectures: bool, a: str, b: str) -> Any:
    """The reasoner, both resolved ids, and what it knows about them."""
    reasoner = reasoner_for(directory, assume_conjectures)
    first, second = reasoner.kb.resolve(a), reasoner.kb.resolve(b)
    return reasoner, first, second, reasoner.relate(first, second)


def relate(
    a: NameArgument,
    b: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """How A relates to B: equivalent, stronger, weaker, incomparable, … with proofs."""
    from dptaxonomy.queries.textview import proof_text
    from dptaxonomy.reasoning.reasoner import proof_data

    _, first, second, answer = _pair(catalog, assume_conjectures, a, b)
    if output is Format.json:
        print_json(
            {
                "a": first,
                "b": second,
                "verdict": answer.verdict,
                "strict": answer.strict,
                "extension": answer.extension,
                "contradictory": answer.contradictory,
                "proofs": [proof_data(p) for p in answer.proofs],
                "parametric_proof": proof_data(answer.parametric) if answer.parametric else None,
            }
        )
        return
    strict = " (strictly)" if answer.strict else ""
    typer.echo(f"{first} vs {second}: {answer.verdict}{strict}; extension: {answer.extension}")
    for proof in answer.proofs:
        typer.echo("")
        typer.echo(proof_text(proof))
    if answer.parametric is not None and answer.parametric not in answer.proofs:
        typer.echo("\nWith parameters (every step of this chain maps them):")
        typer.echo(proof_text(answer.parametric))


def _side(
    which: str, name: str, directory: Path | None, output: Format, assume_conjectures: bool
) -> None:
    from dptaxonomy.queries.textview import table_text
    from dptaxonomy.reasoning.reasoner import proof_data

    reasoner = reasoner_for(directory, assume_conjectures)
    x = reasoner.kb.resolve(name)
    found = reasoner.stronger_than(x) if which == "stronger" else reasoner.weaker_than(x)
    if output is Format.json:
        print_json(
            [
                {
                    "id": n.id,
                    "name": n.name,
                    "derived": n.derived,
                    "equivalent": n.equivalent,
                    "proof": proof_data(n.proof),
                }
                for n in found
            ]
        )
        return
    rows = [
        [
            n.id,
            "equivalent" if n.equivalent else ("derived" if n.derived else "asserted"),
            str(len(n.proof.steps)),
            n.name,
        ]
        for n in found
    ]
    typer.echo(table_text(["ID", "HOW", "STEPS", "NAME"], rows))
    relation = "stronger than" if which == "stronger" else "weaker than"
    typer.echo(f"{len(found)} definition(s) {relation} {x}", err=True)


def stronger_than(
    name: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Definitions stronger than NAME (Y ≻ NAME), asserted or derived."""
    _side("stronger", name, catalog, output, assume_conjectures)


def weaker_than(
    name: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Definitions weaker than NAME (NAME ≻ Y), asserted or derived."""
    _side("weaker", name, catalog, output, assume_conjectures)


def explain(
    a: NameArgument,
    b: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Why A relates to B as it does: the proof, or the nearest known facts."""
    from dptaxonomy.queries.textview import proof_text
    from dptaxonomy.reasoning.reasoner import fact_data, proof_data

    reasoner, first, second, answer = _pair(catalog, assume_conjectures, a, b)
    nearest = reasoner.nearest_facts(first, second) if not answer.proofs else []
    if output is Format.json:
        print_json(
            {
                "a": first,
                "b": second,
                "verdict": answer.verdict,
                "proofs": [proof_data(p) for p in answer.proofs],
                "nearest_facts": [fact_data(f) for f in nearest],
            }
        )
        return
    if answer.proofs:
        typer.echo(f"{first} vs {second}: {answer.verdict}")
        for proof in answer.proofs:
            typer.echo("")
            typer.echo(proof_text(proof))
        return
    typer.echo(f"{first} vs {second}: unknown; no fact relates them, directly or by the rules.")
    if nearest:
        typer.echo("Nearest known facts:")
        for fact in nearest:
            data = fact_data(fact)
            typer.echo(
                f"  {data['reading']}   [{fact.origin.citation.key}] {fact.origin.citation.at}"
            )


def contradictions(
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Contradictions with their minimal fact sets; exit 1 if there is any."""
    from dptaxonomy.reasoning.reasoner import fact_data

    reasoner = reasoner_for(catalog, assume_conjectures)
    found = reasoner.contradictions
    if output is Format.json:
        print_json(
            [
                {
                    "rule": c.rule.value,
                    "message": c.message,
                    "facts": [fact_data(f) for f in c.facts],
                    "claims": [
                        {
                            "definition": r.definition,
                            "property": r.property,
                            "value": r.value.value,
                            "file": r.file,
                            "line": r.line,
                        }
                        for r in c.claims
                    ],
                }
                for c in found
            ]
        )
    else:
        for c in found:
            typer.echo(f"{c.rule.value}: {c.message}")
            for fact in c.facts:
                data = fact_data(fact)
                typer.echo(
                    f"  {fact.origin.location}  {data['reading']}  [{fact.origin.citation.key}] "
                    f"{fact.origin.citation.at}"
                )
            for claim in c.claims:
                typer.echo(
                    f"  {claim.file}:{claim.line}  "
                    f"{claim.definition} {claim.property} = {claim.value}"
                )
        typer.echo(f"{len(found)} contradiction(s)", err=True)
    if found:
        raise typer.Exit(1)


def open_questions(
    scope: Annotated[
        str | None, typer.Option("--scope", help="Only definitions of this scope, e.g. core.")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="How many to show.")] = 20,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Undecided questions "A ≻ B?", most wanted first."""
    from dptaxonomy.queries.textview import table_text
    from dptaxonomy.schema.models import Scope

    try:
        wanted = Scope(scope) if scope else None
    except ValueError:
        fail(f"--scope takes one of: {', '.join(s.value for s in Scope)}", 2)
    reasoner = reasoner_for(catalog, assume_conjectures)
    questions = reasoner.open_questions(wanted, limit)
    if output is Format.json:
        print_json(
            [
                {
                    "a": q.a,
                    "b": q.b,
                    "decides": q.decides,
                    "a_class": list(q.a_class),
                    "b_class": list(q.b_class),
                }
                for q in questions
            ]
        )
        return
    typer.echo(
        table_text(
            ["A", "B", "DECIDES", "QUESTION"],
            [[q.a, q.b, str(q.decides), f"{q.a} ≻ {q.b} ?"] for q in questions],
        )
    )


def redundant(
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Asserted facts that other facts already prove (clean-up candidates, not errors)."""
    from dptaxonomy.reasoning.reasoner import fact_data, proof_data

    reasoner = reasoner_for(catalog, assume_conjectures)
    found = reasoner.redundant()
    if output is Format.json:
        print_json([{"fact": fact_data(f), "proof": proof_data(p)} for f, p in found])
        return
    for fact, proof in found:
        data = fact_data(fact)
        how = "restated" if len(proof.steps) == 1 else f"follows in {len(proof.steps)} steps"
        typer.echo(
            f"{fact.origin.location}  {data['reading']}  [{fact.origin.citation.key}] "
            f"{fact.origin.citation.at}  — {how}"
        )
        for step in proof.steps:
            typer.echo(
                f"    {step.origin.location}  {fact_data(step)['reading']}  "
                f"[{step.origin.citation.key}] {step.origin.citation.at}"
            )
    typer.echo(f"{len(found)} redundant fact(s)", err=True)
