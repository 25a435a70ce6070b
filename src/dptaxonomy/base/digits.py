"""Only ASCII digits are digits.

Python's ``str.isdigit``, ``re``'s ``\\d``, ``int()`` and ``float()`` accept any
Unicode decimal digit: ``float("৪")`` (BENGALI DIGIT FOUR, which looks like an
8) is 4.0. Numbers in catalog files and on the command line are read with
ASCII patterns only; :func:`foreign_digit` names the character a refusal
points at.

>>> foreign_digit("0.৪")
"'৪' (BENGALI DIGIT FOUR)"
>>> foreign_digit("0.5") is None
True
"""

from __future__ import annotations

__all__ = ["foreign_digit", "foreign_digit_message"]


def foreign_digit(text: str) -> str | None:
    """The first non-ASCII Unicode digit in ``text``, named, or None."""
    for character in text:
        if not character.isascii() and (character.isdigit() or character.isnumeric()):
            import unicodedata  # only when refusing

            return f"{character!r} ({unicodedata.name(character, 'a non-ASCII digit')})"
    return None


def foreign_digit_message(text: str) -> str | None:
    """The refusal for ``text`` if it holds a non-ASCII digit, else None."""
    found = foreign_digit(text)
    if found is None:
        return None
    return f"{found} is not an ASCII digit: write numbers with the digits 0-9"
