"""LaTeX statements rendered to MathML at build time, and sanitised.

latex2mathml turns a statement into presentation MathML, which every current
browser draws natively (no script, no web font). Its output copies ``\\text``
arguments verbatim, so the result is re-parsed as XML and rebuilt from a
whitelist of MathML elements and attributes: a statement that would smuggle
markup in (or does not parse) falls back to its escaped LaTeX source.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html import escape

from dptaxonomy.base.records import record

__all__ = ["MathResult", "render_latex"]

MATHML_NS = "http://www.w3.org/1998/Math/MathML"

_ELEMENTS = frozenset(
    {
        "math", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace", "msub", "msup",
        "msubsup", "munder", "mover", "munderover", "mfrac", "msqrt", "mroot",
        "mstyle", "mpadded", "mphantom", "menclose", "mtable", "mtr", "mtd",
        "mmultiscripts", "mprescripts", "none", "semantics", "annotation",
    }
)  # fmt: skip
_ATTRIBUTES = frozenset(
    {
        "display", "mathvariant", "stretchy", "fence", "separator", "form", "lspace",
        "rspace", "largeop", "movablelimits", "accent", "accentunder", "linethickness",
        "columnalign", "columnspacing", "rowspacing", "width", "height", "depth",
        "minsize", "maxsize", "symmetric", "scriptlevel", "displaystyle", "notation",
        "encoding",
    }
)  # fmt: skip


@record
class MathResult:
    """Markup for a formula, and whether it is MathML (False: the escaped source)."""

    markup: str
    rendered: bool


def _clean(element: ET.Element) -> str:
    tag = element.tag.removeprefix("{" + MATHML_NS + "}")
    if tag not in _ELEMENTS:
        raise ValueError(f"unexpected element <{tag}>")
    attributes = []
    for name, value in sorted(element.attrib.items()):
        if name not in _ATTRIBUTES:
            raise ValueError(f"unexpected attribute {name}")
        attributes.append(f' {name}="{escape(value, quote=True)}"')
    if tag == "math":
        attributes.insert(0, f' xmlns="{MATHML_NS}"')
    inner = escape(element.text or "", quote=False)
    for child in element:
        inner += _clean(child) + escape(child.tail or "", quote=False)
    return f"<{tag}{''.join(attributes)}>{inner}</{tag}>"


def render_latex(latex: str, *, block: bool = False, label: str | None = None) -> MathResult:
    """MathML for ``latex`` (``block`` for display style), or its escaped source.

    ``label`` becomes the formula's ``alttext`` for assistive technology.

    >>> render_latex(r"\\varepsilon").markup.removeprefix(f'<math xmlns="{MATHML_NS}" ')
    'display="inline"><mrow><mi>ε</mi></mrow></math>'
    >>> render_latex(r"\\text{<b>x</b>}").rendered
    False
    """
    from latex2mathml.converter import convert

    fallback = MathResult(f"<code>{escape(latex)}</code>", rendered=False)
    try:
        raw = convert(latex, display="block" if block else "inline")
        markup = _clean(ET.fromstring(raw))
    except Exception:  # any failure of the converter or the parser: show the source
        return fallback
    if label is not None:
        markup = markup.replace("<math ", f'<math alttext="{escape(label, quote=True)}" ', 1)
    return MathResult(markup, rendered=True)
