"""What ``dptax card`` and ``dptax check-registry`` do once their arguments are parsed.

Each calls its verb (:mod:`dptaxonomy.queries.release_verbs`) and prints the
result as the other commands do (:func:`~dptaxonomy.cli.actions.emit`). Reading a
release validates it with pydantic, so these commands are off the fast path and
live apart from :mod:`dptaxonomy.cli.actions`.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from dptaxonomy.cli.actions import CliExit, Format, echo, emit, fail

__all__ = ["CardFormat", "print_card", "print_check_registry"]


class CardFormat(StrEnum):
    """Output format of a card."""

    text = "text"
    json = "json"
    markdown = "markdown"
    html = "html"


def print_card(file: Path, catalog: Path | None, output: CardFormat, conjectures: bool) -> None:
    """``dptax card FILE``: a file with mistakes prints its located diagnostics, exit 1."""
    from dptaxonomy.base.diagnostics import render
    from dptaxonomy.base.errors import ReleaseError
    from dptaxonomy.queries.release_verbs import card

    try:
        result = card(file, catalog=catalog, assume_conjectures=conjectures)
    except ReleaseError as exc:
        echo(render(exc.diagnostics), err=True)
        raise
    if output is CardFormat.markdown:
        from dptaxonomy.queries.card_text import card_markdown

        echo(card_markdown(result).rstrip("\n"))
    elif output is CardFormat.html:
        from dptaxonomy.export.card_html import card_html

        echo(card_html(result).rstrip("\n"))
    else:
        emit(result, Format(output.value))


def print_check_registry(
    directory: Path, catalog: Path | None, output: Format, conjectures: bool
) -> None:
    """``dptax check-registry DIR``: exit 1 when any entry has a finding."""
    from dptaxonomy.queries.release_verbs import check_registry

    if not directory.is_dir():
        fail(f"{directory} is not a directory")
    result = check_registry(directory, catalog=catalog, assume_conjectures=conjectures)
    emit(result, output)
    if result.findings:
        raise CliExit(1)
