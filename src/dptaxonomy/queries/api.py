"""The verbs at the package root: one question each, answered from the cached catalog.

``dptaxonomy.relate("zCDP", "RDP")`` is what ``dptax relate zCDP RDP`` prints,
as a typed result: ``.verdict`` and the other fields, ``to_json()`` (what
``--format json`` prints) and ``to_text()`` (what the terminal shows). The
command line calls these same functions (:mod:`dptaxonomy.cli.actions`), so
the two never disagree. The list of verbs is :data:`dptaxonomy.queries.verbs.VERBS`.

Every verb reads the catalog shipped with the package unless ``catalog`` names
a directory, through the content-keyed cache; a process keeps the knowledge
base and the conversions it computed in memory (:mod:`dptaxonomy.queries.session`).
Errors are :class:`~dptaxonomy.base.errors.DptaxError`\\ s: an
unknown or ambiguous name raises
:class:`~dptaxonomy.base.errors.NameResolutionError` with the candidates, an
invalid catalog :class:`~dptaxonomy.base.errors.CatalogError` with its
diagnostics, a refused conversion
:class:`~dptaxonomy.base.errors.ConversionError` with the reason.

This module is on the fast path: it imports neither pydantic, PyYAML,
networkx nor rdflib (an import-linter contract).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from dptaxonomy.cache.views import CatalogView
    from dptaxonomy.queries.compose import ComposeResult
    from dptaxonomy.queries.convert import ConvertResult
    from dptaxonomy.queries.convert_curve import CurvePick
    from dptaxonomy.queries.convert_table import CurveTable
    from dptaxonomy.queries.describe import ListResult, ShowResult
    from dptaxonomy.queries.mechanism_show import MechanismShowResult
    from dptaxonomy.queries.neighbours import NeighboursResult
    from dptaxonomy.queries.relations import ExplainResult, RelateResult
    from dptaxonomy.reasoning.reasoner import Reasoner
    from dptaxonomy.schema.enums import Dimension, Scope, Setting, Truth

__all__ = [
    "compose",
    "convert",
    "convert_curve",
    "explain",
    "relate",
    "search",
    "show",
    "stronger_than",
    "weaker_than",
]

Values = Mapping[str, float | str]
"""Parameter values by name (``rho`` or ``ρ``); a float is read as its shortest decimal."""


def catalog_directory(catalog: Path | str | None) -> str:
    """The catalog to read: ``catalog``, else the one shipped with the package (as the string
    ``str(Path(...))`` gives: the queries never import :mod:`pathlib`)."""
    from dptaxonomy.catalog.paths import default_catalog_folder, path_text

    return path_text(catalog) if catalog is not None else default_catalog_folder()


def _reasoner(catalog: Path | str | None, assume_conjectures: bool) -> Reasoner:
    from dptaxonomy.queries.session import knowledge_base
    from dptaxonomy.reasoning.reasoner import Reasoner

    _, kb = knowledge_base(catalog_directory(catalog), assume_conjectures)
    return Reasoner(kb)


def _view(catalog: Path | str | None) -> CatalogView:
    from dptaxonomy.cache.store import catalog_view

    return catalog_view(catalog_directory(catalog))


def _texts(values: Values | None) -> dict[str, str]:
    return {
        name: value if isinstance(value, str) else repr(value)
        for name, value in (values or {}).items()
    }


def relate(
    a: str,
    b: str,
    source_values: Values | None = None,
    target_values: Values | None = None,
    *,
    catalog: Path | str | None = None,
    assume_conjectures: bool = False,
) -> RelateResult:
    """How ``a`` relates to ``b``: the verdict, its strictness, the proofs (``dptax relate``).

    With ``source_values`` (parameters of whichever of the two implies the
    other) the result also carries the numbers the implication gives, as
    :func:`convert` computes them.

    >>> import dptaxonomy as dp
    >>> answer = dp.relate("zCDP", "RDP")
    >>> print(answer.verdict, answer.strict)
    stronger True
    >>> answer.to_json()["b"]
    'renyi-dp'
    >>> dp.relate("zCDP", "no such thing")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    dptaxonomy.base.errors.UnknownNameError: no definition is called 'no such thing'; ...
    """
    from dptaxonomy.queries.relations import relate_result

    reasoner = _reasoner(catalog, assume_conjectures)
    if source_values is None and target_values is None:
        return relate_result(reasoner, a, b)
    return relate_result(reasoner, a, b, _texts(source_values), _texts(target_values))


def explain(
    a: str, b: str, *, catalog: Path | str | None = None, assume_conjectures: bool = False
) -> ExplainResult:
    """Why ``a`` relates to ``b`` as it does: the proofs, or the nearest known facts.

    >>> import dptaxonomy as dp
    >>> why = dp.explain("ε-DP", "RDP")
    >>> print(why.verdict)
    stronger
    >>> print(why.to_text().splitlines()[0])
    differential-privacy vs renyi-dp: stronger
    """
    from dptaxonomy.queries.relations import explain_result

    return explain_result(_reasoner(catalog, assume_conjectures), a, b)


def stronger_than(
    name: str, *, catalog: Path | str | None = None, assume_conjectures: bool = False
) -> NeighboursResult:
    """Every definition stronger than ``name`` (Y ≻ name), asserted or derived.

    >>> import dptaxonomy as dp
    >>> found = dp.stronger_than("RDP")
    >>> "differential-privacy" in [n.id for n in found.found]
    True
    """
    from dptaxonomy.queries.neighbours import Side, neighbours_result

    return neighbours_result(_reasoner(catalog, assume_conjectures), name, Side.stronger)


def weaker_than(
    name: str, *, catalog: Path | str | None = None, assume_conjectures: bool = False
) -> NeighboursResult:
    """Every definition weaker than ``name`` (name ≻ Y), asserted or derived.

    >>> import dptaxonomy as dp
    >>> "approximate-dp" in [n.id for n in dp.weaker_than("ε-DP").found]
    True
    """
    from dptaxonomy.queries.neighbours import Side, neighbours_result

    return neighbours_result(_reasoner(catalog, assume_conjectures), name, Side.weaker)


def convert(
    source: str,
    target: str,
    source_values: Values,
    target_values: Values | None = None,
    *,
    catalog: Path | str | None = None,
    assume_conjectures: bool = False,
) -> ConvertResult:
    """The tightest sound conversion of ``source`` at ``source_values`` into ``target``.

    The same contract as ``dptax convert``: ``source`` is a definition or a
    mechanism; parameter names may be Greek letters or short forms; every
    number is an interval enclosure's end rounded toward the safe side.
    Raises :class:`~dptaxonomy.base.errors.ConversionError` with the reason
    (:class:`~dptaxonomy.base.errors.MissingParameterError` names the
    parameter and the argument to pass it in).

    >>> import dptaxonomy as dp
    >>> result = dp.convert("ε-DP", "zCoDP", {"eps": 1})
    >>> round(result.to_json()["to"]["rho"]["value"], 10)  # ε·tanh(ε/2), rounded up
    0.4621171573
    >>> dp.convert("RényiDP", "(ε, δ)-DP", {"epsilon": 1}, {"delta": 1e-6})
    Traceback (most recent call last):
    dptaxonomy.base.errors.MissingParameterError: missing parameter alpha of renyi-dp (domain (1, inf)): pass it in `source_values`
    """  # noqa: E501
    from dptaxonomy.queries.convert import convert_result
    from dptaxonomy.queries.session import kept_conversion, knowledge_base

    base, kb = knowledge_base(catalog_directory(catalog), assume_conjectures)
    given, fixed = _texts(source_values), _texts(target_values)
    question = (source, target, tuple(sorted(given.items())), tuple(sorted(fixed.items())))
    return kept_conversion(base, question, lambda: convert_result(kb, source, target, given, fixed))


def convert_curve(
    source: str,
    target: str,
    source_values: Values,
    target_values: Values | None = None,
    *,
    curve: Path | None = None,
    catalog: Path | str | None = None,
    assume_conjectures: bool = False,
) -> ConvertResult | CurveTable | CurvePick:
    """:func:`convert` as ``dptax convert`` extends it: each point of the ``curve`` file
    (``--from-curve``) converted and the tightest kept; or, when the target's one order
    parameter is left open, the answer at each standard order (a curve); or, when the point
    answer is vacuous with two parameters computed, the trade-off between them (a table)."""
    from dptaxonomy.queries.session import knowledge_base

    _, kb = knowledge_base(catalog_directory(catalog), assume_conjectures)
    given, fixed = _texts(source_values), _texts(target_values)
    if curve is not None:  # reading a file: json and pathlib, off the other conversions' path
        from dptaxonomy.queries.convert_curve import convert_curve as from_curve
        from dptaxonomy.queries.convert_curve import read_curve

        return from_curve(kb, source, target, read_curve(curve), given, fixed)
    from dptaxonomy.queries.convert_table import convert_or_table

    return convert_or_table(kb, source, target, given, fixed)


def show(
    name: str, *, mechanism: bool = False, catalog: Path | str | None = None
) -> ShowResult | MechanismShowResult:
    """Everything known about one definition, else the mechanism of that name.

    A definition's name wins; with ``mechanism=True`` only mechanisms are looked up.

    >>> import dptaxonomy as dp
    >>> entry = dp.show("Rényi DP")
    >>> entry.to_json()["id"], entry.to_json()["properties"]["composability"]["value"]
    ('renyi-dp', 'yes')
    >>> dp.show("Gaussian", mechanism=True).to_json()["id"]
    'gaussian'
    """
    from dptaxonomy.base.errors import UnknownNameError
    from dptaxonomy.queries.describe import ShowResult
    from dptaxonomy.queries.mechanism_show import MechanismShowResult

    view = _view(catalog)
    if not mechanism:
        try:
            return ShowResult(view, view.resolve(name))
        except UnknownNameError:
            found = view.mechanism(name)  # only when no definition has the name
            if found is None:
                raise
            return MechanismShowResult(view, found)
    found = view.mechanism(name)
    if found is None:
        known = list(view.mechanisms)
        message = f"no mechanism is called {name!r}; the mechanisms are: {', '.join(known)}"
        raise UnknownNameError(name, known, message)
    return MechanismShowResult(view, found)


def search(
    *,
    dimensions: Iterable[Dimension | str] = (),
    any_dimensions: Iterable[Dimension | str] = (),
    properties: Mapping[str, Truth | str] | None = None,
    unknown_properties: Iterable[str] = (),
    scope: Scope | str | None = None,
    setting: Setting | str | None = None,
    no_statement: bool = False,
    catalog: Path | str | None = None,
) -> ListResult:
    """The definitions passing every filter given, in catalog order (``dptax list``).

    ``dimensions`` must all be present, at least one of ``any_dimensions``;
    ``properties`` maps a property to the value wanted; ``unknown_properties``
    keeps the gaps to fill. A bad value raises
    :class:`~dptaxonomy.base.errors.InvalidArgumentError` naming the argument.

    >>> import dptaxonomy as dp
    >>> found = dp.search(dimensions=["Q"], properties={"convexity": "no"})
    >>> "probabilistic-dp" in [d["id"] for d in found.definitions]
    True
    >>> dp.search(dimensions=["X"])
    Traceback (most recent call last):
    dptaxonomy.base.errors.InvalidArgumentError: `dimensions` takes one of: Q, N, V, B, F, R, C
    """
    from dptaxonomy.queries.describe import (
        ListFilter,
        ListResult,
        filter_definitions,
        one_of,
        property_names,
    )
    from dptaxonomy.schema.enums import Dimension, Scope, Setting, Truth

    wanted = dict(properties or {})
    chosen = ListFilter(
        dimensions=tuple(one_of(Dimension, "dimensions", d) for d in dimensions),
        any_dimensions=tuple(one_of(Dimension, "any_dimensions", d) for d in any_dimensions),
        properties=tuple(
            zip(
                property_names("properties", wanted),
                (one_of(Truth, "properties", v) for v in wanted.values()),
                strict=True,
            )
        ),
        unknown_properties=property_names("unknown_properties", unknown_properties),
        scope=None if scope is None else one_of(Scope, "scope", scope),
        setting=None if setting is None else one_of(Setting, "setting", setting),
        no_statement=no_statement,
    )
    view = _view(catalog)
    return ListResult(tuple(filter_definitions(view.definitions.values(), chosen)))


def compose(
    request: Mapping[str, Any] | Path | str, *, catalog: Path | str | None = None
) -> ComposeResult:
    """The composed guarantee of a request: the same contract as ``dptax compose FILE``.

    ``request`` is a path to a YAML or JSON file (a ``Path`` or a string), or the same
    data as a mapping (``delta``, ``components``, optional ``adaptivity``). Raises
    :class:`~dptaxonomy.base.errors.ComposeError`, whose ``kind`` says why.

    >>> import dptaxonomy
    >>> result = dptaxonomy.compose({"delta": 1e-5, "components": [
    ...     {"definition": "zCDP", "parameters": {"rho": 0.1}, "count": 5}]})
    >>> [r["definition"] for r in result.to_json()["results"]][:2]
    ['approximate-dp', 'zero-concentrated-dp']
    """
    import os

    from dptaxonomy.cache.store import accounting
    from dptaxonomy.queries.compose import compose_with
    from dptaxonomy.queries.compose_input import parse_request, read_request
    from dptaxonomy.queries.session import knowledge_base

    if isinstance(request, str | os.PathLike):
        parsed = read_request(request)
    else:
        parsed = parse_request(request)
    directory = catalog_directory(catalog)
    return compose_with(accounting(directory), lambda: knowledge_base(directory, False)[1], parsed)
