"""Where each page lives in the built site (root-relative, directory style).

Every page is ``…/index.html`` in its own directory, so its permalink is the
directory: ``d/renyi-dp/``. Pages link relative to the root (each template
prefixes ``root``), so the site works under any path prefix.
"""

from __future__ import annotations

__all__ = ["definition_url", "mechanism_url", "pair_key", "pair_url"]


def definition_url(definition_id: str) -> str:
    """``d/ID/``."""
    return f"d/{definition_id}/"


def mechanism_url(mechanism_id: str) -> str:
    """``m/ID/``."""
    return f"m/{mechanism_id}/"


def pair_key(a: str, b: str) -> tuple[str, str]:
    """The canonical order of a pair: the smaller id first, so each pair has one page."""
    return (a, b) if a <= b else (b, a)


def pair_url(a: str, b: str) -> str:
    """``p/A/B/`` with A ≤ B.

    >>> pair_url("zero-concentrated-dp", "renyi-dp")
    'p/renyi-dp/zero-concentrated-dp/'
    """
    first, second = pair_key(a, b)
    return f"p/{first}/{second}/"
