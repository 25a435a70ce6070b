"""Small deterministic SVG line plots (inline in HTML, no script, no randomness).

Coordinates are written with two decimals and the series in the order given,
so the same data always gives the same bytes. An axis may be logarithmic
(base 10); its ticks are then the powers of ten in range.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from dptaxonomy.base.records import record

__all__ = ["Series", "line_plot"]

_WIDTH, _HEIGHT = 480, 320
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 16, 28, 48


@record
class Series:
    """One polyline: its label, points, and whether it is drawn dashed (a reference)."""

    label: str
    points: tuple[tuple[float, float], ...]
    dashed: bool = False


def _scale(value: float, low: float, high: float, log: bool) -> float:
    if log:
        value, low, high = math.log10(value), math.log10(low), math.log10(high)
    return 0.0 if high == low else (value - low) / (high - low)


def _ticks(low: float, high: float, log: bool) -> list[float]:
    if log:
        return [
            10.0**k for k in range(math.ceil(math.log10(low)), math.floor(math.log10(high)) + 1)
        ]
    step = 10 ** math.floor(math.log10(high - low)) if high > low else 1.0
    if (high - low) / step < 4:
        step /= 2
    first = math.ceil(low / step)
    return [k * step for k in range(first, math.floor(high / step) + 1)]


def _label(value: float, log: bool) -> str:
    return f"1e{round(math.log10(value))}" if log else f"{value:g}"


def line_plot(
    series: Sequence[Series],
    title: str,
    x_label: str,
    y_label: str,
    *,
    x_log: bool = False,
    y_log: bool = False,
) -> str:
    """An ``<svg>`` element plotting ``series`` (points outside a log axis's range dropped)."""
    kept = [
        [(x, y) for x, y in s.points if (x > 0 or not x_log) and (y > 0 or not y_log)]
        for s in series
    ]
    xs = [x for points in kept for x, _ in points] or [0.0, 1.0]
    ys = [y for points in kept for _, y in points] or [0.0, 1.0]
    x_low, x_high = min(xs), max(xs)
    y_low, y_high = min(ys), max(ys)
    if not y_log:
        y_low = min(y_low, 0.0)
    width, height = _WIDTH - _LEFT - _RIGHT, _HEIGHT - _TOP - _BOTTOM

    def at(x: float, y: float) -> str:
        px = _LEFT + width * _scale(x, x_low, x_high, x_log)
        py = _TOP + height * (1 - _scale(y, y_low, y_high, y_log))
        return f"{px:.2f},{py:.2f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {_HEIGHT}" '
        f'role="img" class="plot"><title>{escape(title)}</title>',
        f'<rect x="{_LEFT}" y="{_TOP}" width="{width}" height="{height}" fill="none" '
        'stroke="currentColor" stroke-opacity="0.4"/>',
    ]
    for tick in _ticks(x_low, x_high, x_log):
        x = at(tick, y_low).split(",")[0]
        parts.append(
            f'<text x="{x}" y="{_TOP + height + 16}" text-anchor="middle" font-size="11">'
            f"{_label(tick, x_log)}</text>"
        )
    for tick in _ticks(y_low, y_high, y_log):
        y = at(x_low, tick).split(",")[1]
        parts.append(
            f'<text x="{_LEFT - 6}" y="{y}" text-anchor="end" dominant-baseline="middle" '
            f'font-size="11">{_label(tick, y_log)}</text>'
        )
    parts.append(
        f'<text x="{_LEFT + width / 2:.2f}" y="{_HEIGHT - 10}" text-anchor="middle" '
        f'font-size="12">{escape(x_label)}</text>'
    )
    parts.append(
        f'<text x="14" y="{_TOP + height / 2:.2f}" text-anchor="middle" font-size="12" '
        f'transform="rotate(-90 14 {_TOP + height / 2:.2f})">{escape(y_label)}</text>'
    )
    for line, points in zip(series, kept, strict=True):
        if not points:
            continue
        dash = ' stroke-dasharray="4 3" stroke-opacity="0.6"' if line.dashed else ""
        path = " ".join(at(x, y) for x, y in points)
        parts.append(
            f'<polyline fill="none" stroke="currentColor" stroke-width="1.5"{dash} '
            f'points="{path}"><title>{escape(line.label)}</title></polyline>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
