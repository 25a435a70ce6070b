"""``dptax convert``: a guarantee turned into numbers in an implied definition.

The user's values are read as exact decimals, checked against each
parameter's domain, and handed to :func:`~dptaxonomy.reasoning.maps.tightest.tightest_conversion`;
every chain of parameter maps is evaluated soundly and the tightest wins.
A conversion the catalog's mathematics does not give is refused with the
reason (:class:`~dptaxonomy.base.errors.ConversionError`): the separation when
one is known, otherwise that no implication (or no parameter map) is known.

>>> from dptaxonomy.queries.convert import convert_result
>>> from dptaxonomy.reasoning.compile import compile_knowledge_base
>>> from dptaxonomy.catalog.store import open_catalog
>>> kb = compile_knowledge_base(open_catalog())
>>> result = convert_result(kb, "zero-concentrated-dp", "approximate-dp",
...                         {"xi": "0", "rho": "0.5"}, {"delta": "1e-6"})
>>> result.to_json()["to"]["epsilon"]["value"] <= 5.7565218
True
"""

from __future__ import annotations

from collections.abc import Mapping

from dptaxonomy.base.errors import Argument, MissingParameterError
from dptaxonomy.base.records import field, record
from dptaxonomy.base.refusals import RefusalKind
from dptaxonomy.queries.convert_refusal import conversion_error
from dptaxonomy.queries.convert_text import conversion_text
from dptaxonomy.queries.parameter_values import PARAMETER_ALIASES, read_parameters, refuse
from dptaxonomy.queries.results import json_document
from dptaxonomy.reasoning.jsonform import fact_data
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.numeric import lower, upper
from dptaxonomy.reasoning.maps.rational import rationals_of
from dptaxonomy.reasoning.maps.rounding import SafeSide, outward_float
from dptaxonomy.reasoning.maps.tightest import (
    ChainResult,
    Conversion,
    declared_vacuous,
    evaluate_chains,
    parameter_specs,
    tightest_conversion,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["PARAMETER_ALIASES", "ROUNDING", "ConvertResult", "convert_result", "read_parameters"]

ROUNDING = (
    "computed values are ends of interval enclosures rounded outward: an upper bound (≤) "
    "rounded up, a lower bound (≥) rounded down; the guarantee holds as stated"
)
"""How the numbers of a conversion are rounded (the text's second line, the JSON's ``rounding``)."""


@record
class ConvertResult:
    """The answer of ``dptax convert``: the tightest chain's numbers, its proof, the others."""

    conversion: Conversion
    source_given: dict[str, str]
    target_given: dict[str, str]
    sides: dict[str, SafeSide]
    """Each target parameter's safe end (from its ``monotone``)."""
    source_sides: dict[str, SafeSide]
    """Each source parameter's safe end; a source value given is shown on the other side."""
    standard: dict[str, str] = field(default_factory=dict)
    """Source parameters not given, set to their standard value: name → the standard form
    (ξ → "ρ-zCDP"); their values are in :attr:`source_given`."""
    source_symbols: tuple[str, ...] = ()
    """Source parameters that are not numbers (a family of priors, a relation): the
    guarantee's own, whatever they are (:mod:`~dptaxonomy.reasoning.maps.symbolic`)."""
    trade_off: tuple[str, tuple[str, ...]] | None = None
    """When the point is vacuous and its trade-off was tabulated in vain: the parameter fixed
    and the values tried, each as vacuous (:mod:`~dptaxonomy.queries.convert_table`)."""

    @property
    def best(self) -> ChainResult:
        best = self.conversion.best
        assert best is not None
        return best

    def values(self, result: ChainResult) -> dict[str, dict[str, Any]]:
        """Target parameters: given ones as given, computed ones at their safe end.

        A computed ``value`` is the enclosure's upper end rounded up, or, for a
        ``stronger_when_larger`` parameter, its lower end rounded down; ``side``
        says which ("both" when the direction is unknown: only the enclosure is safe).
        """
        run = result.run
        assert run is not None
        data: dict[str, dict[str, Any]] = {}
        values = run.target_values
        order = sorted(values, key=lambda name: (name not in run.computed, name))
        for name in order:
            value = values[name]
            side = self.sides.get(name, SafeSide.both)
            if name in run.computed:
                data[name] = {
                    "value": lower(value) if side is SafeSide.low else upper(value),
                    "given": False,
                    "side": side.value,
                    "enclosure": [lower(value), upper(value)],
                }
            else:
                text = self.target_given[name]
                data[name] = {
                    "value": outward_float(text, up=side is not SafeSide.low),
                    "given": True,
                }
        return data

    def chain_data(self, result: ChainResult) -> dict[str, Any]:
        data: dict[str, Any] = {
            "definitions": list(result.chain.definitions),
            "proof": [fact_data(step) for step in result.chain.steps],
        }
        if result.run is None:
            data["refused"] = result.refusal
            return data
        data["to"] = self.values(result)
        data["free"] = [
            {"definition": f.definition, "name": f.name, "value": f.value} for f in result.free
        ]
        data["solved"] = _solved(result)
        if result.run.raised:
            data["raised"] = list(result.run.raised)
        if result.vacuous is not None:
            data["vacuous"] = result.vacuous
        if result.symbols:
            data["symbols"] = [symbol.data() for symbol in result.symbols]
        return data

    def to_json(self) -> dict[str, Any]:
        best = self.best
        assert best.run is not None
        return json_document(
            {
                "source": self.conversion.source,
                "target": self.conversion.target,
                "from": self.source_data(),
                "to": self.values(best),
                "proof": [fact_data(step) for step in best.chain.steps],
                "conditions": [
                    {"step": c.step, "condition": c.condition, "checked": True, "holds": c.holds}
                    for c in best.run.checks
                ],
                "free": [
                    {"definition": f.definition, "name": f.name, "value": f.value}
                    for f in best.free
                ],
                "solved": _solved(best),
                "raised": list(best.run.raised),
                "vacuous": best.vacuous,
                **self._trade_off(),
                "rounding": ROUNDING,
                **self._symbols(best),
                "alternatives": [self.chain_data(r) for r in self.conversion.results[1:]],
            }
        )

    def source_data(self) -> dict[str, Any]:
        """The source's values (JSON ``from``): each rounded to its safe side, and whether the
        user gave it or the standard form set it."""
        return {
            name: {
                "value": outward_float(text, up=self.source_sides.get(name) is SafeSide.low),
                "given": name not in self.standard,
                **({"standard": self.standard[name]} if name in self.standard else {}),
            }
            for name, text in sorted(self.source_given.items())
        }

    def _trade_off(self) -> dict[str, Any]:
        if self.trade_off is None:
            return {}
        name, values = self.trade_off
        return {"trade_off_vacuous": {"parameter": name, "values": [float(v) for v in values]}}

    def _symbols(self, best: ChainResult) -> dict[str, Any]:
        """The parameters that are not numbers, when there are any: the source's, by name, and
        the target's, as the best chain gives them."""
        if not self.source_symbols and not best.symbols:
            return {}
        return {
            "symbols": {
                "from": list(self.source_symbols),
                "to": [symbol.data() for symbol in best.symbols],
            }
        }

    def to_text(self) -> str:
        return conversion_text(self)


def _solved(result: ChainResult) -> dict[str, Any] | None:
    solved = result.solved
    if solved is None:
        return None
    return {
        "parameter": solved.name,
        "so_that": solved.bounded,
        "bound": solved.bound,
        "precision": solved.precision,
    }


def convert_result(
    kb: KnowledgeBase,
    source: str,
    target: str,
    source_given: Mapping[str, str],
    target_given: Mapping[str, str],
) -> ConvertResult:
    """Convert ``source`` at ``source_given`` into ``target`` with ``target_given`` fixed.

    SOURCE is a definition or, when no definition has that name, a mechanism
    of the catalog ``kb`` was compiled from. Names are
    resolved (ids, names, abbreviations, aliases); parameter names may be
    Greek letters or short forms. Raises :class:`ConversionError` with a
    one-line reason on bad input or when no chain gives a result.
    """
    b = kb.resolve(target)
    mechanism = None
    if source not in kb.info and not kb.names.candidates(source):
        from dptaxonomy.queries.mechanism_source import find_mechanism

        mechanism = find_mechanism(kb, source)  # before resolve: no suggestions computed
    a = mechanism.id if mechanism is not None else kb.resolve(source)
    source_given = {PARAMETER_ALIASES.get(k, k): v for k, v in source_given.items()}
    target_given = {PARAMETER_ALIASES.get(k, k): v for k, v in target_given.items()}
    if a == b:
        raise refuse(RefusalKind.same_definition, f"{a} is the target itself: nothing to convert")
    source_specs = mechanism.parameters if mechanism else parameter_specs(kb, a)
    standard = {
        spec.name: spec.standard_form
        for spec in source_specs
        if spec.standard and spec.name not in source_given
    }
    source_given = {
        **source_given,
        **{spec.name: spec.standard for spec in source_specs if spec.name in standard},
    }
    source_values = read_parameters(a, source_specs, source_given)
    for spec in source_specs:
        if spec.numeric and spec.name not in source_values:
            raise MissingParameterError(
                f"missing parameter {spec.name} of {a} (domain {spec.domain_text})",
                spec.name,
                a,
                Argument.source_values,
            )
    target_values = read_parameters(b, parameter_specs(kb, b), target_given)
    if mechanism is None:
        conversion = tightest_conversion(kb, a, b, source_values, target_values)
    else:
        chains = mechanism.chains(kb, b)
        specs = mechanism.specs(kb, chains)
        vacuous = declared_vacuous(kb, b)
        conversion = evaluate_chains(a, b, chains, specs, source_values, target_values, vacuous)
    if conversion.best is None:
        if mechanism is not None and not conversion.results:
            violated = [where for d, where in mechanism.violations if d == b]
            if violated:
                raise refuse(
                    RefusalKind.mechanism_violates,
                    f"the {a} mechanism does not satisfy {b} ({violated[0]})",
                )
            raise refuse(RefusalKind.no_implication, f"no claim of the {a} mechanism leads to {b}")
        raise conversion_error(kb, a, b, conversion, rationals_of(source_values))
    return ConvertResult(
        conversion,
        dict(source_given),
        dict(target_given),
        {spec.name: spec.side for spec in parameter_specs(kb, b)},
        {spec.name: spec.side for spec in source_specs},
        standard,
        tuple(spec.name for spec in source_specs if not spec.numeric),
    )
