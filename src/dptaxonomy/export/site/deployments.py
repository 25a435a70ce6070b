"""The site's "deployments" section: a registry checkout's cards (``dptax site --registry DIR``).

``deployments/index.html`` holds the summary table of
:func:`dptaxonomy.queries.registry_text.summary_rows` (each entry linking to its
page) and every finding; ``deployments/<entry>/index.html`` is the entry's
card (:func:`dptaxonomy.export.card_html.card_html`), or, for an entry without
one, why it has none. Every text is escaped; the pages depend only on the
entries (sorted by file name, named by their stem), so the same registry gives
the same bytes.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from dptaxonomy.export.card_html import card_html, html_page
from dptaxonomy.queries.registry import EntryCheck, RegistryCheck
from dptaxonomy.queries.registry_text import summary_rows

__all__ = ["deployment_pages"]

FOLDER = "deployments"


def _slug(entry: EntryCheck) -> str:
    return Path(entry.file).stem


def _notes(entry: EntryCheck) -> list[str]:
    if not entry.notes:
        return []
    items = "".join(f"<li>{escape(note)}</li>" for note in entry.notes)
    return ["<h2>How the entry was read</h2>", f"<ul>{items}</ul>"]


def _entry_page(entry: EntryCheck) -> str:
    source = f"<p>Registry entry <code>{escape(Path(entry.file).name)}</code>.</p>"
    if entry.card is None:
        body = [source, "<p>No card: the entry states no guarantee a card can read.</p>"]
        return html_page(f"Deployment: {_slug(entry)}", body + _notes(entry), back="../")
    page = card_html(entry.card, back="../")
    extra = "\n".join([source, *_notes(entry)])
    return page.replace("</main>", f"{extra}\n</main>", 1)


def _index(check: RegistryCheck) -> str:
    rows = []
    for entry, (_, definition, parameters, kinds) in zip(
        check.entries, summary_rows(check), strict=True
    ):
        slug = escape(_slug(entry))
        rows.append(
            f'<tr><td><a href="{slug}/">{slug}</a></td><td>{escape(definition)}</td>'
            f"<td>{escape(parameters)}</td><td>{escape(kinds)}</td></tr>"
        )
    table = (
        '<table><thead><tr><th scope="col">entry</th><th scope="col">definition</th>'
        '<th scope="col">parameters</th><th scope="col">findings</th></tr></thead>'
        "<tbody>\n" + "\n".join(rows) + "\n</tbody></table>"
    )
    with_card = sum(1 for e in check.entries if e.card is not None)
    body = [
        f"<p>{len(check.entries)} entries, {with_card} with a card, "
        f"{check.findings} finding(s). Each card states the entry's guarantee in every core "
        "definition, with its proofs; each finding is an inconsistency with its evidence.</p>",
        table,
        "<h2>Findings</h2>",
    ]
    found = [(e, f) for e in check.entries if e.card is not None for f in e.card.findings]
    if not found:
        body.append("<p>None.</p>")
    for entry, finding in found:
        slug = escape(_slug(entry))
        body.append(
            f'<section><h3><a href="{slug}/">{slug}</a>: '
            f"<code>{escape(finding.kind.value)}</code></h3>"
            f"<p>{escape(finding.message)}</p></section>"
        )
    return html_page("Deployments", body)


def deployment_pages(check: RegistryCheck) -> dict[str, str]:
    """Every page of the deployments section by its path in the site."""
    pages = {f"{FOLDER}/index.html": _index(check)}
    for entry in check.entries:
        pages[f"{FOLDER}/{_slug(entry)}/index.html"] = _entry_page(entry)
    return pages
