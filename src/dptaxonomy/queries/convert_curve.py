"""Curves in and out of ``dptax convert``: what accountants print, and a free order as a table.

**In** (``--from-curve FILE``): an accountant reports a guarantee as a curve, a Rényi
bound at each of many orders, or a privacy profile δ(ε) at many ε. Each point is a
guarantee of SOURCE on its own, so each is converted and the tightest answer is the
curve's. The file is JSON, either a list of points (``[{"alpha": 2, "epsilon": 0.5},
…]``), columns of equal length (``{"orders": [...], "rdp": [...]}``, as dp_accounting
and Opacus name them), or one point (``{"mu": 1}``); or text, a header of names and one
row of numbers per point. Column names are SOURCE's parameters, their aliases (ε, δ,
eps, …), or ``orders``/``order`` for α and ``rdp`` for ε.

**Out** (a table instead of one point) is :mod:`.convert_table`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dptaxonomy.base.errors import ConversionError
from dptaxonomy.base.records import record
from dptaxonomy.base.refusals import Refusal, RefusalKind
from dptaxonomy.queries.convert import PARAMETER_ALIASES, ConvertResult, convert_result
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.tightest import parameter_specs

__all__ = ["CurvePick", "convert_curve", "read_curve"]


def _bad(message: str) -> Refusal:
    """A malformed curve or value: the user's input, not the mathematics."""
    return Refusal(RefusalKind.invalid_value, message)


_COLUMN_ALIASES = {"orders": "alpha", "order": "alpha", "rdp": "epsilon", **PARAMETER_ALIASES}


def _text(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ConversionError(_bad(f"{where}: {value!r} is not a number"))
    return value if isinstance(value, str) else repr(value)


def _points_of(data: Any, where: str) -> list[dict[str, str]]:
    if isinstance(data, list):
        if not all(isinstance(point, dict) for point in data):
            raise ConversionError(_bad(f"{where}: a list of points must hold objects"))
        return [{str(k): _text(v, where) for k, v in point.items()} for point in data]
    if not isinstance(data, dict) or not data:
        raise ConversionError(_bad(f"{where}: expected a list of points or an object of columns"))
    columns = {str(k): v if isinstance(v, list) else [v] for k, v in data.items()}
    lengths = {len(values) for values in columns.values()}
    if len(lengths) != 1:
        raise ConversionError(_bad(f"{where}: the columns have different lengths"))
    (length,) = lengths
    return [{k: _text(v[i], where) for k, v in columns.items()} for i in range(length)]


def read_curve(path: Path) -> list[dict[str, str]]:
    """The points of a curve file (parameter names as written; values as decimal text)."""
    where = str(path)
    try:
        content = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConversionError(_bad(f"cannot read the curve {where}: {exc.strerror}")) from None
    stripped = content.strip()
    if stripped.startswith(("[", "{")):
        try:
            points = _points_of(json.loads(stripped), where)
        except json.JSONDecodeError as exc:
            raise ConversionError(
                _bad(f"{where}: not valid JSON ({exc.msg}, line {exc.lineno})")
            ) from None
    else:
        rows = [line.replace(",", " ").split() for line in stripped.splitlines() if line.strip()]
        if len(rows) < 2:
            raise ConversionError(_bad(f"{where}: expected a header of names and at least one row"))
        header, body = rows[0], rows[1:]
        if any(len(row) != len(header) for row in body):
            raise ConversionError(_bad(f"{where}: every row needs {len(header)} values"))
        points = [dict(zip(header, row, strict=True)) for row in body]
    if not points:
        raise ConversionError(_bad(f"{where}: the curve has no points"))
    return [{_COLUMN_ALIASES.get(k, k): v for k, v in point.items()} for point in points]


@record
class CurvePick:
    """The tightest conversion over the points of a curve given as input."""

    result: ConvertResult
    index: int
    points: tuple[dict[str, str], ...]
    refused: int

    def _chosen(self) -> str:
        point = self.points[self.index]
        return ", ".join(f"{k} = {v}" for k, v in sorted(point.items()))

    def to_json(self) -> dict[str, Any]:
        return {
            **self.result.to_json(),
            "curve": {
                "points": len(self.points),
                "chosen": self.index,
                "refused": self.refused,
            },
        }

    def to_text(self) -> str:
        return (
            f"{self.result.to_text()}\n"
            f"From the curve: point {self.index + 1} of {len(self.points)} ({self._chosen()}), "
            f"the tightest; {self.refused} point(s) gave no result"
        )


def convert_curve(
    kb: KnowledgeBase,
    source: str,
    target: str,
    points: list[dict[str, str]],
    fixed: Mapping[str, str],
    target_given: Mapping[str, str],
) -> CurvePick:
    """Convert every point of a curve of ``source`` (plus ``fixed`` values), keep the tightest.

    Raises the first point's :class:`ConversionError` when no point gives a result.
    """
    best: tuple[tuple[bool, float], int, ConvertResult] | None = None
    first_error: ConversionError | None = None
    refused = 0
    for index, point in enumerate(points):
        try:
            result = convert_result(kb, source, target, {**fixed, **point}, target_given)
        except ConversionError as exc:
            refused += 1
            first_error = first_error or exc
            continue
        sides = {spec.name: spec for spec in parameter_specs(kb, result.conversion.target)}
        # a vacuous answer after any that says something, as among one point's chains
        score = (result.best.vacuous is not None, result.best.score(sides))
        if best is None or score < best[0]:
            best = (score, index, result)
    if best is None:
        assert first_error is not None
        refusal = first_error.refusal
        message = f"no point of the curve gives a result: {first_error}"
        raise ConversionError(Refusal(refusal.kind, message, refusal.details))
    return CurvePick(best[2], best[1], tuple(points), refused)
