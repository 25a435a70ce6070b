"""Spellings a name lookup accepts beyond the recorded labels.

Papers write the same notion as "Rényi DP", "Rényi differential privacy",
"Rényi-DP" or "Rényi differentially private", and British and American
spellings alternate ("personalised", "personalized"). Rather than typing each
variant as an alias, lookups compare *loose keys*: the normalised label with
"differential privacy" (or "differentially private") read as "DP" and the
British -ise/-our/-lled forms read as the American ones. Library identifiers
(an entry's crosswalk) are looked up the same way, whole or by the last
component of a dotted path (``tmlt.core.measures.ApproxDP`` as ``ApproxDP``).

Initials are a last resort: "PDP" is not a recorded label, but the initials of
personalized DP, probabilistic DP and predictive DP; a lookup reports them as
what the query may stand for, and never resolves by initials alone.

Greek letters may be spelled out (``eps``, ``\\delta``): :func:`greek_letters` reads them
as the letters, matching a pattern only when a letter's name occurs as a word.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

__all__ = ["american", "greek_letters", "initials", "library_keys", "short_form"]

_LONG_FORMS = ("differentiallyprivate", "differentialprivacy")
# Patterns as text, compiled by ``re`` (and kept in its cache) on first use: most queries
# resolve a name from the cached index and never need a loose spelling.
_BRITISH = (
    (r"(?<=[aeiouy][lmnrt]|gn)is(e|ed|es|ing|ation|ations)\b", r"iz\1"),
    (r"(?<=neighb|behavi)our", "or"),
    (r"(?<=[a-z]{3}e)lled\b", "led"),
)
_WORD = r"[^\s\-‐‑‒–—/]+"
_DP_TAIL = r"^(?P<stem>.*\S)[\s\-‐‑‒–—]+(?:DP|differential(?:ly)?\s+priva(?:cy|te))$"

_GREEK_WORDS = {
    "epsilon": "ε",
    "eps": "ε",
    "varepsilon": "ε",
    "delta": "δ",
    "rho": "ρ",
    "mu": "μ",
    "alpha": "α",
}
_GREEK = (
    r"(?<![A-Za-z])\\?(" + "|".join(sorted(_GREEK_WORDS, key=len, reverse=True)) + r")(?![A-Za-z])"
)
_LOOKALIKES = str.maketrans({"İ": "i", "ı": "i", "ſ": "s"})
"""The non-ASCII letters ``re.IGNORECASE`` matches to letters of those names (dotted and
dotless i, long s): with them mapped, a label in which no Greek letter's name occurs lowercased
cannot match :data:`_GREEK`, and needs no :mod:`re`."""


@functools.cache
def _greek_pattern() -> re.Pattern[str]:
    import re

    return re.compile(_GREEK, re.IGNORECASE)


def _names_a_letter(folded: str) -> bool:
    """Whether a Greek letter's name occurs in ``folded`` between non-letters (else
    :data:`_GREEK` cannot match the text it was folded from: see :data:`_LOOKALIKES`)."""
    for word in _GREEK_WORDS:
        start = folded.find(word)
        while start != -1:
            end = start + len(word)
            before = folded[start - 1] if start else ""
            after = folded[end] if end < len(folded) else ""
            if not (
                (before.isascii() and before.isalpha()) or (after.isascii() and after.isalpha())
            ):
                return True
            start = folded.find(word, start + 1)
    return False


def greek_letters(text: str) -> str:
    """``text`` with Greek letters' names (``eps``, ``\\delta``) as the letters."""
    if not _names_a_letter(text.translate(_LOOKALIKES).lower()):
        return text
    return _greek_pattern().sub(lambda m: _GREEK_WORDS[m.group(1).lower()], text)


def american(label: str) -> str:
    """``label`` with British -ise, -our and -lled spellings read as the American ones.

    >>> american("personalised DP, neighbouring datasets, labelled data")
    'personalized DP, neighboring datasets, labeled data'
    >>> american("noise, precise, rise")
    'noise, precise, rise'
    """
    import re

    for pattern, replacement in _BRITISH:
        label = re.sub(pattern, replacement, label, flags=re.IGNORECASE)
    return label


def short_form(normalised: str) -> str:
    """A normalised label with "differential privacy" and "differentially private" as "dp".

    >>> short_form("renyidifferentialprivacy") == short_form("renyidp")
    True
    """
    for long_form in _LONG_FORMS:
        normalised = normalised.replace(long_form, "dp")
    return normalised


def library_keys(identifier: str) -> Iterator[str]:
    """The identifier and, for a dotted path, its last component.

    >>> list(library_keys("tmlt.core.measures.ApproxDP"))
    ['tmlt.core.measures.ApproxDP', 'ApproxDP']
    >>> list(library_keys("MaxDivergence"))
    ['MaxDivergence']
    """
    yield identifier
    if "." in identifier:
        yield identifier.rsplit(".", 1)[1]


def initials(labels: Iterable[str]) -> set[str]:
    """The initialisms of the labels of the form "X DP" or "X Y differential privacy".

    >>> sorted(initials(["personalized DP", "per-instance differential privacy", "ε-DP"]))
    ['PDP', 'PIDP']
    """
    import re

    found = set()
    for label in labels:
        match = re.match(_DP_TAIL, label, re.IGNORECASE)
        if match is None:
            continue
        words = re.findall(_WORD, match.group("stem"))
        if words and all(w[0].isascii() and w[0].isalpha() for w in words):
            found.add("".join(w[0].upper() for w in words) + "DP")
    return found
