"""The SVG plots: deterministic bytes, points placed inside the frame, log axes."""

from __future__ import annotations

import re

from dptaxonomy.export.svgplot import Series, line_plot


def test_same_data_same_bytes_and_points_inside_the_frame() -> None:
    series = [
        Series("curve", ((0.0, 1.0), (0.5, 0.2), (1.0, 0.0))),
        Series("ref", ((0.0, 1.0), (1.0, 0.0)), dashed=True),
    ]
    first = line_plot(series, "T", "x", "y")
    assert first == line_plot(series, "T", "x", "y")
    assert first.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 320"')
    assert first.count("<polyline") == 2
    assert first.count('stroke-dasharray="4 3"') == 1
    points = re.search(r'points="([^"]+)"', first)
    assert points is not None
    assert points.group(1) == "64.00,28.00 264.00,223.20 464.00,272.00"


def test_log_axis_drops_zero_and_labels_powers_of_ten() -> None:
    plot = line_plot(
        [Series("p", ((1.0, 0.0), (2.0, 1e-3), (3.0, 1e-1)))], "P", "ε", "δ", y_log=True
    )
    for label in ("1e-3", "1e-2", "1e-1"):
        assert f">{label}</text>" in plot
    points = re.search(r'points="([^"]+)"', plot)
    assert points is not None
    assert len(points.group(1).split()) == 2
