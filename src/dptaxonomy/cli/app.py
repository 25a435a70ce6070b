"""The `dptax` command line: a thin layer over the library.

Commands parse options, call the library, print, and translate
:class:`~dptaxonomy.base.errors.DptaxError` into a message and exit code 1.
Usage errors exit with 2. No traceback ever reaches the user.
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from dptaxonomy.base.diagnostics import Diagnostic, OutputFormat
from dptaxonomy.export.kinds import ExportKind, TableFormat

__all__ = ["app", "main"]

app = typer.Typer(
    name="dptax",
    help="The machine-checked map of differential privacy definitions.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class Format(StrEnum):
    text = "text"
    json = "json"


class SchemaKind(StrEnum):
    definition = "definition"
    references = "references"


CatalogOption = Annotated[
    Path | None,
    typer.Option(
        "--catalog",
        envvar="DPTAX_CATALOG",
        help="Catalog directory (default: $DPTAX_CATALOG, else the catalog shipped with dptax).",
        show_default=False,
    ),
]
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
NameArgument = Annotated[
    str,
    typer.Argument(
        metavar="NAME", help="Id, name, abbreviation or alias, e.g. RényiDP or BayDP[TF20]."
    ),
]


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"dptax: {message}", err=True)
    raise typer.Exit(code)


def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


ConjecturesOption = Annotated[
    bool,
    typer.Option(
        "--assume-conjectures",
        help="Also reason with facts marked conjectured (conclusions say so).",
    ),
]


def _catalog(directory: Path | None) -> Any:
    """Open a valid catalog or exit 1 with its diagnostics."""
    from dptaxonomy.catalog.paths import default_catalog_dir
    from dptaxonomy.catalog.store import load_catalog

    catalog = load_catalog(directory or default_catalog_dir())
    if not catalog.ok:
        _invalid(catalog.diagnostics)
    return catalog


def _invalid(diagnostics: tuple[Diagnostic, ...]) -> NoReturn:
    """Print an invalid catalog's diagnostics and exit 1."""
    from dptaxonomy.base.diagnostics import render

    typer.echo(render(diagnostics), err=True)
    errors = sum(1 for d in diagnostics if d.is_error)
    _fail(f"the catalog has {errors} error(s); fix them first (see `dptax validate`)")


def _reasoner(directory: Path | None, assume_conjectures: bool = False, cached: bool = True) -> Any:
    """The reasoner over a valid catalog, from the cache when current (exits 1 if invalid)."""
    from dptaxonomy.reasoning.reasoner import Reasoner

    if not cached:
        from dptaxonomy.reasoning.knowledge import KnowledgeBase

        return Reasoner(KnowledgeBase(_catalog(directory), assume_conjectures=assume_conjectures))
    from dptaxonomy.base.errors import CatalogError
    from dptaxonomy.cache.store import knowledge_base
    from dptaxonomy.catalog.paths import default_catalog_dir

    try:
        kb = knowledge_base(
            directory or default_catalog_dir(), assume_conjectures=assume_conjectures
        )
    except CatalogError as exc:
        _invalid(exc.diagnostics)
    return Reasoner(kb)


@app.command()
def validate(
    catalog: CatalogOption = None,
    output: Annotated[
        OutputFormat, typer.Option("--format", "-f", help="text, json, or GitHub annotations.")
    ] = OutputFormat.text,
) -> None:
    """Check every catalog file; exit 1 and list every problem if any."""
    from dptaxonomy.base.diagnostics import render
    from dptaxonomy.catalog.paths import default_catalog_dir
    from dptaxonomy.catalog.store import load_catalog

    loaded = load_catalog(catalog or default_catalog_dir())
    diagnostics = list(loaded.diagnostics)
    if loaded.ok:
        from dptaxonomy.reasoning.contradictions import (
            contradiction_diagnostics,
            find_contradictions,
        )
        from dptaxonomy.reasoning.knowledge import KnowledgeBase

        diagnostics += contradiction_diagnostics(find_contradictions(KnowledgeBase(loaded)))
    rendered = render(diagnostics, output)
    if output is OutputFormat.json or rendered:
        typer.echo(rendered)
    errors = sum(1 for d in diagnostics if d.is_error)
    if output is OutputFormat.text:
        warnings = len(diagnostics) - errors
        typer.echo(
            f"{len(loaded.entries)} definitions, {len(loaded.references)} references: "
            f"{errors} error(s), {warnings} warning(s)",
            err=True,
        )
    if errors:
        raise typer.Exit(1)


@app.command()
def show(
    name: NameArgument, catalog: CatalogOption = None, output: FormatOption = Format.text
) -> None:
    """Everything known about one definition."""
    from dptaxonomy.queries.describe import describe
    from dptaxonomy.queries.textview import definition_text

    loaded = _catalog(catalog)
    definition = loaded.resolve(name)
    if output is Format.json:
        _print_json(describe(loaded, definition))
    else:
        typer.echo(definition_text(loaded, definition))


@app.command("list")
def list_(
    dimension: Annotated[
        list[str] | None,
        typer.Option(
            "--dimension",
            "-d",
            help="Keep definitions with this dimension (Q N V B F R C); repeatable.",
        ),
    ] = None,
    property_: Annotated[
        list[str] | None,
        typer.Option(
            "--property",
            "-p",
            help="Keep definitions with PROPERTY=VALUE, e.g. composability=yes; repeatable.",
        ),
    ] = None,
    scope: Annotated[
        str | None,
        typer.Option("--scope", help="core, input_type, context, out_of_scope or sensitivity."),
    ] = None,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
) -> None:
    """List definitions, optionally filtered, as a table."""
    from dptaxonomy.queries.describe import filter_definitions, parse_property_filter, summary_row
    from dptaxonomy.queries.textview import table_text
    from dptaxonomy.schema.enums import TRUTH_MARKS
    from dptaxonomy.schema.models import Dimension, Scope

    try:
        dimensions = [Dimension(d.strip().upper()) for d in dimension or []]
    except ValueError:
        _fail("--dimension takes one of Q N V B F R C", 2)
    try:
        properties = [parse_property_filter(p) for p in property_ or []]
    except ValueError as exc:
        _fail(f"--property: {exc}", 2)
    try:
        wanted_scope = Scope(scope) if scope else None
    except ValueError:
        _fail(f"--scope takes one of: {', '.join(s.value for s in Scope)}", 2)
    loaded = _catalog(catalog)
    rows = [
        summary_row(d)
        for d in filter_definitions(
            loaded.definitions.values(), dimensions, properties, wanted_scope
        )
    ]
    if output is Format.json:
        _print_json(rows)
        return
    table = [
        [
            r["id"],
            (r["abbreviations"] or [""])[0]
            + (f"[{r['disambiguator']}]" if r["disambiguator"] else ""),
            "".join(r["dimensions"]) or "-",
            "".join(TRUTH_MARKS[r[p]] for p in ("post_processing", "convexity", "composability")),
            r["name"],
        ]
        for r in rows
    ]
    typer.echo(table_text(["ID", "ABBREV", "DIMS", "PP CV CP", "NAME"], table))
    typer.echo(f"{len(rows)} definition(s)", err=True)


@app.command()
def stats(catalog: CatalogOption = None, output: FormatOption = Format.text) -> None:
    """Counts by dimension, combination, scope, source, relation kind and property value."""
    from dptaxonomy.queries.stats import catalog_stats

    data = catalog_stats(_catalog(catalog))
    if output is Format.json:
        _print_json(data)
        return
    typer.echo(
        f"{data['definitions']} definitions, {data['references']} references, "
        f"{data['with_statement']} with a formal statement, "
        f"Table 3 rows covered: {data['table3_rows_covered']}/{data['table3_rows']}"
    )
    typer.echo(
        f"{data['relations']} relations ({data['parametric_relations']} with a parameter map)"
    )
    for key, title in (
        ("by_dimension", "by dimension"),
        ("by_dimension_combination", "by dimension combination"),
        ("by_scope", "by scope"),
        ("by_setting", "by setting"),
        ("by_source", "by source"),
        ("by_relation_kind", "by relation kind"),
        ("by_relation_status", "by relation status"),
        ("by_link_kind", "by link kind"),
    ):
        typer.echo(f"{title}: " + ", ".join(f"{k} {v}" for k, v in data[key].items()))
    for name, counts in data["by_property_value"].items():
        typer.echo(f"{name}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))


@app.command()
def schema(
    kind: Annotated[
        SchemaKind, typer.Argument(help="Which file's schema.")
    ] = SchemaKind.definition,
) -> None:
    """Print the JSON Schema of catalog files (committed under schema/)."""
    from dptaxonomy.schema.jsonschema import schema_text

    typer.echo(schema_text(kind.value), nl=False)


def _pair(directory: Path | None, assume_conjectures: bool, a: str, b: str) -> Any:
    """The reasoner, both resolved ids, and what it knows about them."""
    reasoner = _reasoner(directory, assume_conjectures)
    first, second = reasoner.kb.resolve(a), reasoner.kb.resolve(b)
    return reasoner, first, second, reasoner.relate(first, second)


@app.command()
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
        _print_json(
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

    reasoner = _reasoner(directory, assume_conjectures)
    x = reasoner.kb.resolve(name)
    found = reasoner.stronger_than(x) if which == "stronger" else reasoner.weaker_than(x)
    if output is Format.json:
        _print_json(
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


@app.command("stronger-than")
def stronger_than(
    name: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Definitions stronger than NAME (Y ≻ NAME), asserted or derived."""
    _side("stronger", name, catalog, output, assume_conjectures)


@app.command("weaker-than")
def weaker_than(
    name: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Definitions weaker than NAME (NAME ≻ Y), asserted or derived."""
    _side("weaker", name, catalog, output, assume_conjectures)


@app.command()
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
        _print_json(
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


@app.command()
def contradictions(
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Contradictions with their minimal fact sets; exit 1 if there is any."""
    from dptaxonomy.reasoning.reasoner import fact_data

    reasoner = _reasoner(catalog, assume_conjectures)
    found = reasoner.contradictions
    if output is Format.json:
        _print_json(
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


@app.command("open-questions")
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
        _fail(f"--scope takes one of: {', '.join(s.value for s in Scope)}", 2)
    reasoner = _reasoner(catalog, assume_conjectures)
    questions = reasoner.open_questions(wanted, limit)
    if output is Format.json:
        _print_json(
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


@app.command()
def redundant(
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Asserted facts that other facts already prove (clean-up candidates, not errors)."""
    from dptaxonomy.reasoning.reasoner import fact_data, proof_data

    reasoner = _reasoner(catalog, assume_conjectures)
    found = reasoner.redundant()
    if output is Format.json:
        _print_json([{"fact": fact_data(f), "proof": proof_data(p)} for f, p in found])
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


class Only(StrEnum):
    table3 = "table3"


class QueryFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


@app.command()
def export(
    kind: Annotated[ExportKind, typer.Argument(help="What to export.")],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Output file (default or `-`: standard output)."),
    ] = None,
    table_format: Annotated[
        TableFormat, typer.Option("--format", "-f", help="For table3: csv, markdown or latex.")
    ] = TableFormat.markdown,
    around: Annotated[
        str | None, typer.Option("--around", help="Diagrams: only definitions near NAME.")
    ] = None,
    depth: Annotated[int, typer.Option("--depth", min=0, help="Diagrams: hops from --around.")] = 1,
    dimension: Annotated[
        list[str] | None, typer.Option("--dimension", "-d", help="Diagrams: only this dimension.")
    ] = None,
    scope: Annotated[str | None, typer.Option("--scope", help="Diagrams: only this scope.")] = None,
    only: Annotated[
        Only | None, typer.Option("--only", help="Diagrams: only Table 3's rows.")
    ] = None,
    cluster: Annotated[
        bool, typer.Option("--cluster", help="Diagrams: group nodes by dimensions.")
    ] = False,
    catalog: CatalogOption = None,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Export the knowledge base: RDF, ontology, SHACL, JSON, BibTeX, Table 3, diagrams."""
    from dptaxonomy.export.dot import DiagramOptions
    from dptaxonomy.export.produce import produce, write_output
    from dptaxonomy.schema.models import Dimension, Scope

    try:
        dimensions = tuple(Dimension(d.strip().upper()) for d in dimension or [])
        wanted_scope = Scope(scope) if scope else None
    except ValueError:
        _fail(
            "--dimension takes Q N V B F R C; --scope one of: " + ", ".join(s.value for s in Scope),
            2,
        )
    reasoner = _reasoner(catalog, assume_conjectures, cached=False)
    center = reasoner.kb.resolve(around) if around else None
    options = DiagramOptions(
        around=center,
        depth=depth,
        dimensions=dimensions,
        scope=wanted_scope,
        only_table3=only is Only.table3,
        cluster=cluster,
    )
    data = produce(kind, reasoner.kb, options, table_format.value)
    write_output(data, out)


@app.command()
def sparql(
    query: Annotated[
        str, typer.Argument(help="A SELECT or ASK query, or @FILE to read it from FILE.")
    ],
    catalog: CatalogOption = None,
    output: Annotated[QueryFormat, typer.Option("--format", "-f", help="Output format.")] = (
        QueryFormat.text
    ),
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Run SPARQL over asserted and inferred facts (dp:, def:, ref:, skos:, … predeclared)."""
    from dptaxonomy.export.sparql import run_query

    if query.startswith("@"):
        try:
            query = Path(query[1:]).read_text(encoding="utf-8")
        except OSError as exc:
            _fail(f"cannot read {query[1:]}: {exc.strerror or exc}")
    result = run_query(_reasoner(catalog, assume_conjectures, cached=False).kb, query)
    typer.echo(result.text(output.value), nl=False)


@app.command()
def cite(name: NameArgument, catalog: CatalogOption = None) -> None:
    """BibTeX of the papers that introduced a definition."""
    from dptaxonomy.export.bibtex import cite_text

    loaded = _catalog(catalog)
    typer.echo(cite_text(loaded, loaded.resolve(name)), nl=False)


def _work_catalog(directory: Path | None) -> Path:
    """The catalog a contributor edits: --catalog / $DPTAX_CATALOG, else ./catalog."""
    if directory is not None:
        return directory
    local = Path("catalog")
    if local.is_dir():
        return local
    _fail("no ./catalog here: run from a catalog checkout or pass --catalog DIR", 2)


def _ask(value: str | None, flag: str, question: str) -> str:
    if value:
        return value
    if not sys.stdin.isatty():
        _fail(f"missing {flag} (or run interactively to be asked)", 2)
    answer: str = typer.prompt(question)
    return answer


@app.command()
def new(
    definition_id: Annotated[
        str | None, typer.Option("--id", help="Lowercase id, e.g. my-new-dp (the file name).")
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="Name as the source writes it.")
    ] = None,
    introduced_in: Annotated[
        list[str] | None,
        typer.Option(
            "--introduced-in", "-i", help="Citation key of the introducing paper; repeatable."
        ),
    ] = None,
    summary: Annotated[
        str | None, typer.Option("--summary", help="One or two sentences in your own words.")
    ] = None,
    dimension: Annotated[
        list[str] | None, typer.Option("--dimension", "-d", help="Q N V B F R C; repeatable.")
    ] = None,
    abbreviation: Annotated[
        list[str] | None, typer.Option("--abbreviation", "-a", help="Abbreviation; repeatable.")
    ] = None,
    scope: Annotated[str, typer.Option("--scope", help="core, input_type, context, …")] = "core",
    setting: Annotated[str, typer.Option("--setting", help="central or local.")] = "central",
    section: Annotated[str | None, typer.Option("--section", help="Section of the source.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    catalog: CatalogOption = None,
) -> None:
    """Scaffold a new definition file, commented from the schema (asks for what is missing)."""
    from dptaxonomy.catalog.scaffold import NewDefinition, write_scaffold
    from dptaxonomy.schema.models import Dimension, Scope, Setting

    directory = _work_catalog(catalog)
    chosen_id = _ask(definition_id, "--id", "Id (lowercase words joined by hyphens)")
    chosen_name = _ask(name, "--name", "Name, as the source writes it")
    keys = introduced_in or [_ask(None, "--introduced-in", "Citation key of the introducing paper")]
    chosen_summary = _ask(summary, "--summary", "Summary, in your own words")
    try:
        dimensions = [Dimension(d.strip().upper()) for d in dimension or []]
        entry = NewDefinition(
            id=chosen_id,
            name=chosen_name,
            introduced_in=keys,
            summary=chosen_summary,
            dimensions=dimensions,
            abbreviations=abbreviation or [],
            scope=Scope(scope),
            setting=Setting(setting),
            section=section,
        )
    except ValueError as exc:
        _fail(f"invalid value: {exc}", 2)
    path = write_scaffold(directory, entry, force=force)
    typer.echo(f"wrote {path}; fill it in, then run `dptax validate` and `dptax fmt`")


@app.command()
def fmt(
    paths: Annotated[
        list[Path] | None, typer.Argument(help="Files to format (default: the whole catalog).")
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Change nothing; exit 1 if a file is not formatted.")
    ] = False,
    catalog: CatalogOption = None,
) -> None:
    """Rewrite catalog files in canonical form (key order, indentation, width), keeping comments."""
    from dptaxonomy.catalog.formatting import format_files
    from dptaxonomy.catalog.paths import REFERENCES_FILE, catalog_files

    if not paths:
        directory = _work_catalog(catalog)
        paths = [directory / REFERENCES_FILE, *catalog_files(directory)]
    results = format_files(paths, check=check)
    failed = [r for r in results if r.error]
    changed = [r for r in results if r.changed]
    for result in failed:
        typer.echo(f"{result.path}: {result.error}", err=True)
    for result in changed:
        typer.echo(f"{'would reformat' if check else 'reformatted'} {result.path}")
    typer.echo(
        f"{len(results)} file(s): {len(changed)} {'to reformat' if check else 'reformatted'}, "
        f"{len(failed)} error(s)",
        err=True,
    )
    if failed or (check and changed):
        raise typer.Exit(1)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `dptax` console script; always ends with ``SystemExit``."""
    from dptaxonomy.base.errors import DptaxError

    try:
        code = app(args=argv, prog_name="dptax", standalone_mode=False)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except DptaxError as exc:
        typer.echo(f"dptax: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # the last line of defence: no traceback for users
        show = getattr(exc, "show", None)
        if callable(show) and isinstance(getattr(exc, "exit_code", None), int):
            show()  # a usage error from the option parser: message and exit code 2
            sys.exit(exc.exit_code)  # type: ignore[attr-defined]
        if type(exc).__name__ == "Abort":
            sys.exit(130)
        typer.echo(f"dptax: internal error: {type(exc).__name__}: {exc}", err=True)
        typer.echo("dptax: please report this with the command you ran.", err=True)
        sys.exit(70)
    sys.exit(code if isinstance(code, int) else 0)
