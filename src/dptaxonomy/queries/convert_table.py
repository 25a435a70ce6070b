"""A conversion answered with a table, where one point would say too little.

**A free order.** A target with an order parameter (a numeric parameter with no
direction, α of Rényi DP) that the user did not fix has no single answer: the
guarantee holds at every order, each with its own bound. When the conversion is
refused for want of it, the answer is the curve, one conversion per
:data:`STANDARD_ORDERS` value in the parameter's domain.

**A vacuous point.** A target with two parameters left to compute (probabilistic DP's
ε and δ) is answered by the point of smallest sum, and that point can be one every
mechanism meets (δ = 1: rule V1, :mod:`dptaxonomy.reasoning.maps.vacuity`). The
question then has a better answer, the trade-off itself: the other parameter fixed at
each :data:`PROFILE_VALUES` value in its domain, the vacuous one computed, as
``--to`` would give it row by row. The table is kept only when some row says
something; otherwise the point stands, flagged as it is, and says which values were tried.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from dptaxonomy.base.errors import ConversionError, DptaxError
from dptaxonomy.base.records import record, replace
from dptaxonomy.queries.convert import PARAMETER_ALIASES, ROUNDING, ConvertResult, convert_result
from dptaxonomy.queries.convert_text import source_text
from dptaxonomy.queries.results import json_document
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.rounding import outward_text
from dptaxonomy.reasoning.maps.tightest import declared_vacuous, parameter_specs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["PROFILE_VALUES", "STANDARD_ORDERS", "CurveTable", "convert_or_table"]

STANDARD_ORDERS = ("1.25", "1.5", "2", "3", "4", "5", "8", "10", "16", "32", "64", "128", "256")
"""The orders a curve is tabulated at (those of the domain only)."""

PROFILE_VALUES = ("0.1", "0.25", "0.5", "1", "2", "4", "8")
"""The values a vacuous point's other parameter is tabulated at (those of the domain only)."""

Row = tuple[str, ConvertResult | None, str]
"""A value of the tabulated parameter, the conversion there (None when refused), and why not."""


@record
class CurveTable:
    """A conversion at each standard value of one of the target's parameters."""

    parameter: str
    rows: tuple[Row, ...]
    """(value, result or None, reason when None)."""
    vacuous: str | None = None
    """Why the answer without this parameter fixed says nothing (a profile), or None (an
    order, which the conversion needs)."""

    def to_json(self) -> dict[str, Any]:
        first = next(result for _, result, _ in self.rows if result is not None)
        points: list[dict[str, Any]] = []
        for value, result, reason in self.rows:
            if result is None:
                points.append({self.parameter: float(value), "refused": reason})
            else:
                best = result.best
                assert best.run is not None
                points.append(
                    {
                        self.parameter: float(value),
                        "to": result.values(best),
                        "definitions": list(best.chain.definitions),
                        "raised": list(best.run.raised),
                        "vacuous": best.vacuous,
                    }
                )
        curve: dict[str, Any] = {"parameter": self.parameter, "points": points}
        if self.vacuous is not None:
            curve["point_vacuous"] = self.vacuous
        return json_document(
            {
                "source": first.conversion.source,
                "target": first.conversion.target,
                "from": first.source_data(),
                "curve": curve,
                "rounding": ROUNDING,
            }
        )

    def to_text(self) -> str:
        first = next(result for _, result, _ in self.rows if result is not None)
        fix = f"fix one with --to {self.parameter}=VALUE for its proof"
        why = (
            f"a curve: {fix}"
            if self.vacuous is None
            else f"the trade-off: without {self.parameter} the best point is vacuous, "
            f"{self.vacuous}; {fix}"
        )
        lines = [
            f"{source_text(first)} ⇒ {first.conversion.target} at each {self.parameter} below "
            f"({why})",
            "(computed values are rounded outward, ≤ up and ≥ down: the guarantee holds as stated)",
        ]
        raised = {
            note: None
            for _, result, _ in self.rows
            if result is not None and result.best.run is not None
            for note in result.best.run.raised
        }
        lines += [f"Raised: {note}" for note in raised]
        lines.append("")
        for value, result, reason in self.rows:
            if result is None:
                lines.append(f"  {self.parameter} = {value}: no result ({reason})")
                continue
            data = result.values(result.best)
            shown = ", ".join(
                f"{name} {'≥' if low else '≤'} {outward_text(entry['value'], up=not low)}"
                for name, entry in data.items()
                if not entry["given"] and (low := entry.get("side") == "lower") is not None
            )
            empty = " (vacuous)" if result.best.vacuous is not None else ""
            lines.append(f"  {self.parameter} = {value}: {shown}{empty}")
        return "\n".join(lines)


def _order_parameters(kb: KnowledgeBase, target: str, given: Mapping[str, str]) -> list[str]:
    """The target's numeric parameters with no direction that the user did not fix."""
    return [
        spec.name
        for spec in parameter_specs(kb, target)
        if spec.domain is not None
        and not spec.monotone
        and spec.name not in given
        and PARAMETER_ALIASES.get(spec.name, spec.name) not in given
    ]


def _rows(
    kb: KnowledgeBase,
    source: str,
    target: str,
    source_given: Mapping[str, str],
    target_given: Mapping[str, str],
    name: str,
    values: tuple[str, ...],
) -> list[Row]:
    """The conversion with ``name`` fixed at each of ``values`` in its domain."""
    domain = next(s.domain for s in parameter_specs(kb, target) if s.name == name)
    assert domain is not None
    rows: list[Row] = []
    for value in values:
        if not domain.contains(float(value)) or math.isinf(float(value)):
            continue
        try:
            fixed = {**target_given, name: value}
            result = convert_result(kb, source, target, source_given, fixed)
        except ConversionError as exc:
            rows.append((value, None, str(exc)))
            continue
        rows.append((value, result, ""))
    return rows


def _profile_parameter(kb: KnowledgeBase, result: ConvertResult) -> str | None:
    """The parameter to tabulate a vacuous point's trade-off over: of two or more computed
    ones, the only one no declared vacuous value names (ε, where δ = 1 is vacuous)."""
    best = result.best
    if best.vacuous is None or best.run is None or len(best.run.computed) < 2:
        return None
    declared = declared_vacuous(kb, result.conversion.target)
    named = {name for parameters, _, _ in declared for name, _ in parameters}
    free = sorted(name for name in best.run.computed if name not in named)
    return free[0] if len(free) == 1 else None


def convert_or_table(
    kb: KnowledgeBase,
    source: str,
    target: str,
    source_given: Mapping[str, str],
    target_given: Mapping[str, str],
) -> ConvertResult | CurveTable:
    """:func:`~dptaxonomy.queries.convert.convert_result`, or a table (this module): the curve
    over the target's one open order when the point is refused for want of it, the trade-off
    when the point is vacuous and a row of it is not (else the refusal or the point stands)."""
    given = {PARAMETER_ALIASES.get(k, k): v for k, v in target_given.items()}
    try:
        result = convert_result(kb, source, target, source_given, given)
    except ConversionError as refusal:
        try:
            resolved = kb.resolve(target)
        except DptaxError:
            raise refusal from None
        open_orders = _order_parameters(kb, resolved, given)
        if len(open_orders) != 1:
            raise
        (name,) = open_orders
        rows = _rows(kb, source, resolved, source_given, given, name, STANDARD_ORDERS)
        if all(result is None for _, result, _ in rows):
            raise
        return CurveTable(name, tuple(rows))
    profiled = _profile_parameter(kb, result)
    if profiled is None:
        return result
    target_id = result.conversion.target
    rows = _rows(kb, source, target_id, source_given, given, profiled, PROFILE_VALUES)
    if all(found is None or found.best.vacuous is not None for _, found, _ in rows):
        tried = tuple(value for value, found, _ in rows if found is not None)
        return replace(result, trade_off=(profiled, tried)) if tried else result
    return CurveTable(profiled, tuple(rows), result.best.vacuous)
