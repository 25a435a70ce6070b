"""The tokens of the arithmetic grammar (:mod:`dptaxonomy.schema.arith`), read by hand.

Hand-written rather than a regular expression: parsing a map's expression is on every
relation query's path, which then never imports :mod:`re` (tests/test_arith.py checks the
reading against the pattern it replaces).
"""

from __future__ import annotations

__all__ = ["token_end"]

_DIGITS = frozenset("0123456789")
_NAME_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_NAME_REST = _NAME_START | _DIGITS
_PAIRS = frozenset({"**", "<=", ">=", "==", "!="})
_SINGLES = frozenset("-+*/(),<>[]")


def _digits_end(text: str, position: int) -> int:
    while position < len(text) and text[position] in _DIGITS:
        position += 1
    return position


def token_end(text: str, start: int) -> int:
    """Where the token at ``start`` ends (``start`` if none begins there): a number
    (``12``, ``1.``, ``.5``, ``2.5e-3``), a name (ASCII letters, digits and ``_``, not
    starting with a digit), or an operator (``**`` ``<=`` ``>=`` ``==`` ``!=`` or one of
    ``-+*/(),<>[]``)."""
    char = text[start]
    if char in _DIGITS or (char == "." and text[start + 1 : start + 2] in _DIGITS):
        end = _digits_end(text, start)
        if text[end : end + 1] == ".":
            end = _digits_end(text, end + 1)
        if text[end : end + 1] in ("e", "E"):
            mantissa = end + 1
            if text[mantissa : mantissa + 1] in ("+", "-"):
                mantissa += 1
            exponent = _digits_end(text, mantissa)
            if exponent > mantissa:
                end = exponent
        return end
    if char in _NAME_START:
        end = start + 1
        while end < len(text) and text[end] in _NAME_REST:
            end += 1
        return end
    if text[start : start + 2] in _PAIRS:
        return start + 2
    return start + 1 if char in _SINGLES else start
