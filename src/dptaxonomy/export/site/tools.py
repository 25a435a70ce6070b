"""What the tool pages show, as plain data: the calculators and the rules glossary.

The calculators' forms and the command each runs are described here; the
answer itself is computed in the browser (:mod:`dptaxonomy.cli.browser`).
The glossary reads every rule's id and one-line statement from
:mod:`dptaxonomy.reasoning.logic.rules`, the rules' one home.
"""

from __future__ import annotations

import ast
import inspect
from itertools import pairwise
from typing import Any

from dptaxonomy.base.records import record
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.site.labels import label_of
from dptaxonomy.reasoning.logic import rules
from dptaxonomy.schema.claims import Properties
from dptaxonomy.schema.enums import DIMENSION_LABELS, DIMENSION_ORDER, Dimension, Scope, Setting

__all__ = [
    "CALCULATORS",
    "CENSUS_REQUEST",
    "DPSGD_REQUEST",
    "MATRIX_LIMIT",
    "RULE_FAMILIES",
    "calculator_contexts",
    "explorer_context",
    "rule_glossary",
]

MATRIX_LIMIT = 60
"""The explorer draws the matrix of at most this many definitions (explore.js says the same)."""

RULE_FAMILIES = {
    "A": ("Reading the catalog", "reading-the-catalog-a-rules"),
    "K": ("Side conditions", "side-conditions-and-conditional-conclusions-k-rules"),
    "R": ("Equivalence kinds", "equivalence-kinds-r-rules"),
    "M": ("Composing parameter maps", "composing-parameter-maps-m-rules"),
    "S": ("Strength", "strength-and-extension-s--and-e-rules"),
    "E": ("Extension (special cases)", "strength-and-extension-s--and-e-rules"),
    "V": ("Vacuous values", "vacuous-values-v-rule"),
    "N": ("Separations", "separations-n-rules"),
    "W": ("Witnesses", "witnesses-w-rules"),
    "P": ("Properties", "properties-p-rules"),
    "C": ("Contradictions", "contradictions-c-rules"),
}
"""Each rule family's title and the anchor of its section in docs/reasoning.md."""


def rule_glossary() -> list[dict[str, Any]]:
    """Every rule as {id, name, text}, grouped by family in the order rules.py lists them.

    The statements are the docstrings of the members of
    :class:`~dptaxonomy.reasoning.logic.rules.Rule`, read from its source.
    """
    tree = ast.parse(inspect.getsource(rules))
    body = next(
        node.body for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Rule"
    )
    texts: dict[str, str] = {}
    for statement, following in pairwise(body):
        if (
            isinstance(statement, ast.Assign)
            and isinstance(statement.targets[0], ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
        ):
            texts[statement.targets[0].id] = " ".join(str(following.value.value).split())
    families: dict[str, dict[str, Any]] = {}
    for rule in rules.Rule:
        letter = rule.value[0]
        title, anchor = RULE_FAMILIES[letter]
        family = families.setdefault(
            letter, {"letter": letter, "title": title, "anchor": anchor, "rules": []}
        )
        family["rules"].append(
            {
                "id": rule.value,
                "name": rule.name.lower().replace("_", " "),
                "text": texts[rule.name],
            }
        )
    return list(families.values())


@record
class Field:
    """One input of a calculator's form."""

    name: str
    """``a`` and ``b`` are the command's two arguments; ``from``, ``to`` its options;
    ``request`` the file compose reads, typed in a box."""
    label: str
    placeholder: str
    hint: str = "an id, name, abbreviation or alias"
    lines: int = 0
    """More than 0: a text box of that many lines (the file's text) rather than one line."""


@record
class Preset:
    """An example a calculator's box can be filled with."""

    label: str
    text: str


@record
class Calculator:
    """A page that runs one ``dptax`` command in the browser."""

    command: str
    title: str
    lead: str
    example: str
    fields: tuple[Field, ...]
    presets: tuple[Preset, ...] = ()
    """The first fills the box when the page opens."""
    note: str = ""
    """What the page does not compute, said before its form."""


DPSGD_REQUEST = """\
# DP-SGD: 14 062 subsampled Gaussian steps (examples/dpsgd-compose.yaml)
delta: 1e-5
components:
  - mechanism: gaussian
    parameters: {sigma: 1.1, sensitivity: 1}
    count: 14062
    sampling: {scheme: poisson, rate: 0.0042667}
"""
"""The compose page's first example: the file ``examples/dpsgd-compose.yaml`` holds the same."""

CENSUS_REQUEST = """\
# Census-like: the total rho = 2.63 of examples/census-zcdp.yaml, split into the
# person tables (2.56) and the housing-unit tables (0.07), one record changed
delta: 1e-10
components:
  - definition: zCDP
    parameters: {rho: 2.56}
    neighbouring: replace-one
  - definition: zCDP
    parameters: {rho: 0.07}
    neighbouring: replace-one
"""
"""The compose page's second example: two zCDP releases reported at δ = 10⁻¹⁰."""

CALCULATORS = (
    Calculator(
        "relate",
        "Relate two definitions",
        "Any two of the catalog's definitions: the verdict, whether it is strict, the "
        "conditional findings, every proof with its citations, and the witness mechanism "
        "of a separation",
        "dptax relate zCDP RDP",
        (Field("a", "First", "zCDP"), Field("b", "Second", "RDP")),
    ),
    Calculator(
        "convert",
        "Convert a guarantee",
        "A guarantee of one definition turned into the numbers of an implied one, along "
        "the tightest chain of cited parameter maps, every bound rounded in the safe direction",
        "dptax convert zCDP '(ε, δ)-DP' --from rho=0.5 --from xi=0 --to delta=1e-6",
        (
            Field("a", "From (holds)", "zCDP"),
            Field("b", "To (wanted)", "(ε, δ)-DP"),
            Field("from", "Its parameters", "rho=0.5 xi=0", "NAME=VALUE, separated by spaces"),
            Field("to", "Fix in the target", "delta=1e-6", "optional NAME=VALUE"),
        ),
    ),
    Calculator(
        "compose",
        "Compose guarantees",
        "The total guarantee of many runs: (ε, δ) at the δ asked by every sound route, the best "
        "with its certified upper and lower bounds, its route and proof, every other route's ε "
        "or the reason it gives none, and zCDP, μ-GDP and Rényi totals (docs/compose.md)",
        "dptax compose request.yaml",
        (
            Field(
                "request",
                "Request (YAML or JSON)",
                "delta: 1e-5",
                "delta, adaptivity and the components, as the file dptax compose reads",
                14,
            ),
        ),
        (
            Preset("DP-SGD", DPSGD_REQUEST),
            Preset("Census-like (zCDP)", CENSUS_REQUEST),
        ),
        "This page does not compute the privacy-loss-distribution route, nor a subsampled "
        "Gaussian's Rényi divergence at fractional orders: both need numpy, which the site does "
        "not ship. The route is listed as not computed, and subsampled Gaussians are accounted "
        "at integer orders only. Where that route applies (Gaussian, subsampled Gaussian, "
        "Laplace, ε-DP and (ε, δ)-DP runs), and for subsampled Gaussians, the command line's ε "
        "can be smaller than this page's, and the page gives no lower bound from that route; "
        "run dptax compose for them. Every number shown is the command line's, digit for digit, "
        "as it computes without numpy.",
    ),
)
"""The calculator pages, each at ``COMMAND/``; the browser side is ``static/calc.js``."""


def calculator_contexts(
    catalog: Catalog, *, pyodide: bool, sizes: dict[str, int]
) -> dict[str, Any]:
    """Each calculator page by site path: its form, the names to pick from, an example."""
    common = {
        "names": [(d.id, f"{label_of(d)} — {d.name}") for d in catalog.definitions.values()],
        "pyodide": pyodide,
        "kb_size": f"{sizes.get('bundle', 0) / 1e6:.1f} MB",
        "runtime_size": f"{sizes.get('runtime', 0) / 1e6:.0f} MB",
    }
    return {
        f"{calculator.command}/index.html": {
            **common,
            "title": calculator.title,
            "lead": calculator.lead,
            "command": calculator.command,
            "button": calculator.command.capitalize(),
            "example": calculator.example,
            "fields": calculator.fields,
            "presets": calculator.presets,
            "note": calculator.note,
        }
        for calculator in CALCULATORS
    }


def explorer_context(catalog: Catalog) -> dict[str, Any]:
    """The explorer's and the property search's forms: filters, names and properties."""
    from dptaxonomy.export.site.definition import PROPERTY_LABELS

    return {
        "count": len(catalog.definitions),
        "dimensions": [(x, DIMENSION_LABELS[Dimension(x)]) for x in DIMENSION_ORDER],
        "scopes": [scope.value for scope in Scope],
        "settings": [setting.value for setting in Setting],
        "names": [(d.id, f"{label_of(d)} — {d.name}") for d in catalog.definitions.values()],
        "properties": [(name, PROPERTY_LABELS.get(name, name)) for name in Properties.model_fields],
        "matrix_limit": MATRIX_LIMIT,
    }
