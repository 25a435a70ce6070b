"""`dptax verify`: check every mechanism claim and evaluable parameter map numerically."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from dptaxonomy.cli.common import CatalogOption, Format, FormatOption, emit, valid_catalog

__all__ = ["COMMANDS", "verify"]


def verify(
    write: Annotated[
        bool, typer.Option("--write", help="Store the results in the catalog's evidence.json.")
    ] = False,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Fail (exit 1) if evidence.json is stale or a claim is refuted but not disputed.",
        ),
    ] = False,
    entry: Annotated[
        list[str] | None,
        typer.Option(
            "--entry",
            "-e",
            help="Check only what this definition or mechanism states (repeatable): seconds "
            "instead of minutes while editing one entry.",
        ),
    ] = None,
    output: FormatOption = Format.text,
    catalog: CatalogOption = None,
) -> None:
    """Check mechanism claims and parameter maps with sound interval arithmetic.

    Exits 1 when a claim or map is refuted but not marked disputed, and with
    --check also when evidence.json is missing or stale. With --entry, only the
    named entries' claims, maps, relations, declarations and rules are checked
    (on the whole battery); --write and --check need every check, so they refuse it.
    """
    import os

    from dptaxonomy.base.atomic import write_text_atomic
    from dptaxonomy.base.errors import InvalidArgumentError
    from dptaxonomy.catalog.paths import EVIDENCE_FILE
    from dptaxonomy.catalog.safe_read import read_catalog_file
    from dptaxonomy.cli.actions import exit_invalid
    from dptaxonomy.queries.verification import VerifyResult, entry_ids
    from dptaxonomy.queries.verify_memo import verified_checks
    from dptaxonomy.reasoning.evaluators.evidence import evidence_text, problems
    from dptaxonomy.reasoning.evaluators.pair_checks import pair_diagnostics

    if entry and (write or check):
        option = "--write" if write else "--check"
        raise InvalidArgumentError(
            "entry", f"checks part of the catalog, and {option} needs all of it: drop --entry"
        )
    loaded = valid_catalog(catalog)
    invalid = pair_diagnostics(loaded)  # its grid points would be skipped, not checked
    if invalid:
        exit_invalid(invalid)
    named = sorted(entry_ids(loaded, entry)) if entry else None
    checks = verified_checks(loaded, named)
    path = loaded.directory / EVIDENCE_FILE
    if write:
        write_text_atomic(path, evidence_text(checks))
    exists = os.path.lexists(path)
    stored = read_catalog_file(path, loaded.directory).decode("utf-8") if exists else None
    found = problems(checks, stored, check_file=check)
    result = VerifyResult(tuple(checks), tuple(found), tuple(named or ()))
    emit(result, output)
    if found:
        raise typer.Exit(1)


COMMANDS: dict[str, Callable[..., None]] = {"verify": verify}
