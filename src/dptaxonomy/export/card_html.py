"""The card as one self-contained HTML page in the site's style, with inline SVG plots.

The site's stylesheet is inlined, so the page stands alone; the two plots
(the privacy profile δ(ε) and the trade-off curve) are drawn by
:func:`dptaxonomy.export.svgplot.line_plot`, deterministically.
"""

from __future__ import annotations

from html import escape
from importlib import resources

from dptaxonomy.export.svgplot import Series, line_plot
from dptaxonomy.queries.card import Card
from dptaxonomy.queries.card_text import setting_lines, statement_line
from dptaxonomy.queries.convert import ROUNDING

__all__ = ["card_html", "html_page", "profile_plot", "tradeoff_plot"]


def profile_plot(card: Card) -> str | None:
    """δ(ε) through the profile's points (δ on a log axis), or None with fewer than two."""
    points = tuple(sorted((e, d) for e, d in card.profile if d > 0))
    if len(points) < 2:
        return None
    return line_plot(
        [Series("privacy profile: (ε, δ) holds at each point", points)],
        "Privacy profile δ(ε)",
        "ε",
        "δ",
        y_log=True,
    )


def tradeoff_plot(card: Card) -> str | None:
    """The trade-off curve's lower bound with the no-privacy-loss line 1 − x, or None."""
    if card.risk is None:
        return None
    diagonal = ((0.0, 1.0), (1.0, 0.0))
    return line_plot(
        [
            Series("trade-off curve (lower bound)", card.risk.curve),
            Series("perfect privacy: 1 − x", diagonal, dashed=True),
        ],
        "Trade-off curve: least type II error at each type I error",
        "type I error (false-positive rate)",
        "type II error (1 − TPR)",
    )


def _css() -> str:
    return (resources.files("dptaxonomy.export.site") / "static" / "site.css").read_text("utf-8")


def html_page(title: str, body: list[str], *, back: str | None = None) -> str:
    """A self-contained page in the site's style: ``title`` (text) over ``body`` (HTML parts),
    with a link to ``back`` (a relative URL) when given."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, '
        f'initial-scale=1"><title>{escape(title)} · dptaxonomy</title>',
        '<link rel="icon" href="data:,">',
        f"<style>\n{_css()}</style></head>",
        '<body><main id="main">',
        *([f'<p><a href="{escape(back)}">← all deployments</a></p>'] if back else []),
        f"<h1>{escape(title)}</h1>",
        *body,
        "</main></body></html>",
    ]
    return "\n".join(parts) + "\n"


def card_html(card: Card, *, back: str | None = None) -> str:
    """The card as an HTML page (with a link to ``back`` when given)."""
    return html_page(f"Privacy card: {card.release.name}", card_sections(card), back=back)


def card_sections(card: Card) -> list[str]:
    """The card's sections below its title, as HTML parts."""
    rows = "\n".join(
        f'<tr><th scope="row">{escape(label)}</th><td>{escape(value)}</td></tr>'
        for label, value in setting_lines(card)
    )
    items = []
    for statement in card.statements:
        text, how = statement_line(statement)
        items.append(f"<li><strong>{escape(text)}</strong><br><small>{escape(how)}</small></li>")
    parts = [
        f"<table>\n{rows}\n</table>",
        "<h2>Equivalent statements</h2>",
        f"<p><small>{escape(ROUNDING)}.</small></p>",
        "<ul>\n" + "\n".join(items) + "\n</ul>",
    ]
    profile = profile_plot(card)
    if profile is not None:
        parts += ["<h2>Privacy profile</h2>", f"<figure>{profile}</figure>"]
    risk = card.risk
    if risk is not None:
        bounds = [f"membership advantage TPR − FPR ≤ {risk.advantage:.6g}"]
        bounds += [f"TPR at FPR {fpr} ≤ {tpr:.6g}" for fpr, tpr in risk.tpr]
        parts += [
            "<h2>Operational risk</h2>",
            f"<p>From {escape(risk.basis)}.</p>",
            "<ul>" + "".join(f"<li>{escape(b)}</li>" for b in bounds) + "</ul>",
            f"<figure>{tradeoff_plot(card)}</figure>",
        ]
    if card.composed is not None:
        shown = escape("\n".join(card.composed.lines()))
        parts += ["<h2>Composed total</h2>", f"<pre>{shown}</pre>"]
    parts.append("<h2>Findings</h2>")
    if not card.findings:
        parts.append("<p>None.</p>")
    for finding in card.findings:
        evidence = "".join(f"<li>{escape(line)}</li>" for line in finding.evidence)
        steps = ""
        if finding.proof is not None:
            steps = "".join(
                f"<li>{escape(s.a)} {escape(s.kind.value)} {escape(s.b)} "
                f"[{escape(s.origin.citation.key)}] {escape(s.origin.citation.at)} "
                f"<code>{escape(s.origin.location)}</code></li>"
                for s in finding.proof.steps
            )
            steps = f"<p>Proof:</p><ol>{steps}</ol>"
        parts.append(
            f"<section><h3><code>{escape(finding.kind.value)}</code></h3>"
            f"<p>{escape(finding.message)}</p><ul>{evidence}</ul>{steps}</section>"
        )
    return parts
