"""Looking definitions up by id, name, abbreviation or alias.

Lookup ignores case, diacritics, spaces, hyphens and underscores, so
``RényiDP``, ``renyidp`` and ``Rényi DP`` are the same key; the names of Greek
parameters are read as the letters (``eps``/``epsilon`` as ε, ``delta`` as δ,
``rho`` as ρ, ``mu`` as μ, ``alpha`` as α), so ``(eps, delta)-DP`` finds
``(ε, δ)-DP``. A name that is not found is tried again without its leading
parameter list (``ρ-zCDP`` as ``zCDP``), unless the list has a δ: dropping δ
would turn an approximate notion into its pure form. Homonyms take the
citation suffix the SoK uses: ``BayDP[TF20]``; the suffix may be the
disambiguator, an introducing paper, or a work that uses one of the entry's
sourced names (``GDP[LPT+22]`` is global DP, ``GDP[DRS21]`` Gaussian DP).

A label no entry records is tried as a loose spelling (``Rényi differential
privacy`` for ``Rényi DP``, ``personalised`` for ``personalized``) and as a
library identifier from the crosswalk (see :mod:`dptaxonomy.catalog.spellings`);
one that still matches nothing but is the initials of several names (``PDP``)
is reported as ambiguous with each of them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from itertools import chain

from dptaxonomy.base.errors import AmbiguousNameError, UnknownNameError
from dptaxonomy.base.records import from_columns, record
from dptaxonomy.catalog.spellings import (
    american,
    greek_letters,
    initials,
    library_keys,
    short_form,
)
from dptaxonomy.schema.enums import CITATION_SUFFIX

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

__all__ = ["NameIndex", "loose_key", "normalize", "split_suffix", "strip_parameters"]

_DASHES = str.maketrans("", "", "-_‐‑‒–—")
"""Deleted from a label, with its whitespace (where ``str.split()`` splits: ``re``'s ``\\s``)."""
_CLOSE = 0.6
"""Similarity above which a label counts as a likely misspelling."""
_PARAMETER = r"\s*(?:[α-ω]|[A-Za-z])(?:_?[0-9A-Za-z])?\s*"
_PARAMETER_LIST = (  # compiled by ``re`` on first use: only a name not found as written needs it
    rf"^\s*(?:\(\s*{_PARAMETER}(?:,{_PARAMETER})*\)|[α-ω](?:_?[0-9])?)\s*[\-‐‑–]\s*(?P<rest>\S.*)$"
)


def normalize(text: str) -> str:
    """The lookup key of a label.

    >>> normalize("Rényi DP") == normalize("renyi-dp") == normalize("RényiDP")
    True
    >>> normalize("ε-DP")
    'εdp'
    >>> normalize("(eps, delta)-DP") == normalize("(ε,δ)-DP")
    True
    """
    text = greek_letters(text)
    if text.isascii():  # most labels: nothing to decompose
        return "".join(text.translate(_DASHES).split()).casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(stripped.translate(_DASHES).split()).casefold()


def loose_key(label: str) -> str:
    """The key a label is compared by when no recorded label matches it exactly.

    >>> loose_key("Personalised differential privacy") == loose_key("personalized-DP")
    True
    """
    return short_form(normalize(american(label)))


def split_suffix(query: str) -> tuple[str, str | None]:
    """Split ``BayDP[TF20]`` into ``("BayDP", "TF20")``.

    >>> split_suffix("BayDP [TF20]")
    ('BayDP', 'TF20')
    >>> split_suffix("RényiDP")
    ('RényiDP', None)
    """
    if "]" not in query:  # the pattern ends in one: no need for `re`
        return query, None
    import re

    match = re.match(CITATION_SUFFIX, query)
    if match is None:
        return query, None
    return match.group("label"), match.group("key").strip()


def strip_parameters(label: str) -> str | None:
    """``label`` without its leading parameter list, or None if it has none or one with δ.

    >>> strip_parameters("(alpha, eps)-RDP")
    'RDP'
    >>> strip_parameters("ρ-zCDP")
    'zCDP'
    >>> strip_parameters("(eps, delta)-LDP") is None
    True
    >>> strip_parameters("Rényi DP") is None
    True
    >>> strip_parameters("f-DP") is None  # a bare Latin letter is part of the name
    True
    """
    import re

    text = unicodedata.normalize("NFKC", greek_letters(label))
    match = re.match(_PARAMETER_LIST, text)
    if match is None:
        return None
    prefix = text[: match.start("rest")]
    if "δ" in prefix or "Δ" in prefix:
        return None
    return match.group("rest")


if TYPE_CHECKING:  # a type for checkers: nothing tests it at run time

    class Named(Protocol):
        """What name resolution needs of a definition (a model or a plain record)."""

        @property
        def id(self) -> str: ...
        @property
        def name(self) -> str: ...
        @property
        def disambiguator(self) -> str | None: ...
        @property
        def introduced_in(self) -> Sequence[str]: ...
        @property
        def name_sources(self) -> Sequence[str]: ...
        @property
        def labels(self) -> list[str]: ...
        @property
        def library_ids(self) -> Sequence[str]: ...


def _all(values: list[Any], *kinds: type) -> bool:
    """Whether every one of ``values`` is exactly of one of the types ``kinds``."""
    return set(map(type, values)) <= set(kinds)


@record(slots=True)
class _Entry:
    id: str
    name: str
    disambiguator: str | None
    introduced: tuple[str, ...]
    keys: frozenset[str]


_PARTS = ("labels", "loose", "initials")
"""The index's tables from a normalised key to ids (besides its entries)."""


class NameIndex:
    """Maps every normalised label to the definitions it may designate."""

    def __init__(self, definitions: Iterable[Named]) -> None:
        self._entries: dict[str, _Entry] = {}
        self._labels: dict[str, set[str]] = {}
        self._loose: dict[str, set[str]] = {}
        self._initials: dict[str, set[str]] = {}
        for definition in definitions:
            keys = {normalize(k) for k in (*definition.introduced_in, *definition.name_sources)}
            if definition.disambiguator:
                keys.add(normalize(definition.disambiguator))
            self._entries[definition.id] = _Entry(
                definition.id,
                definition.name,
                definition.disambiguator,
                tuple(definition.introduced_in),
                frozenset(keys),
            )
            for label in definition.labels:
                self._labels.setdefault(normalize(label), set()).add(definition.id)
                self._loose.setdefault(loose_key(label), set()).add(definition.id)
            for identifier in definition.library_ids:
                for label in library_keys(identifier):
                    self._loose.setdefault(loose_key(label), set()).add(definition.id)
            names = (definition.name, *definition.labels)
            for initialism in initials(names):
                self._initials.setdefault(normalize(initialism), set()).add(definition.id)

    def data(self) -> dict[str, Any]:
        """The index as JSON-ready data, for the cache: :meth:`from_data` restores it without
        normalising every label again (most of a query's name resolution)."""
        return {
            "entries": [
                [e.id, e.name, e.disambiguator, list(e.introduced), sorted(e.keys)]
                for e in self._entries.values()
            ],
            **{
                part: {k: sorted(v) for k, v in getattr(self, f"_{part}").items()}
                for part in _PARTS
            },
        }

    @classmethod
    def from_data(cls, data: Any) -> NameIndex:
        """The index :meth:`data` gave; ValueError if ``data`` has another shape.

        Checked and built a column at a time (a query reads it whenever it resolves a name).
        """
        if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
            raise ValueError("the name index is not an object with entries")
        rows = data["entries"]
        if not _all(rows, list) or set(map(len, rows)) - {5}:
            raise ValueError("a name index entry is not a list of five values")
        columns = [list(column) for column in zip(*rows, strict=True)] or [[]] * 5
        ids, names, disambiguators, introduced, keys = columns
        if not (_all(introduced, list) and _all(keys, list)):
            raise ValueError("a name index entry is malformed")
        strings = [*ids, *names, *chain.from_iterable(introduced), *chain.from_iterable(keys)]
        if not (_all(strings, str) and _all(disambiguators, str, type(None))):
            raise ValueError("a name index entry is malformed")
        index = cls(())
        built = [ids, names, disambiguators, [*map(tuple, introduced)], [*map(frozenset, keys)]]
        index._entries = dict(zip(ids, from_columns(_Entry, built, len(ids)), strict=True))
        for part in _PARTS:
            table = data.get(part)
            if not isinstance(table, dict):
                raise ValueError(f"the name index lacks {part!r}")
            values = list(table.values())
            if (
                not _all(values, list)
                or not set(chain.from_iterable(values)) <= index._entries.keys()
            ):
                raise ValueError(f"the name index's {part!r} names unknown entries")
            setattr(index, f"_{part}", dict(zip(table, map(set, values), strict=True)))
        return index

    def ids(self) -> set[str]:
        """The ids of the definitions indexed."""
        return set(self._entries)

    def labelled(self, ids: Iterable[str]) -> dict[str, set[str]]:
        """Every normalised label one of ``ids`` carries, with every id carrying it."""
        wanted = set(ids)
        return {k: set(v) for k, v in self._labels.items() if v & wanted}

    def candidates(self, label: str) -> set[str]:
        """Ids of every definition carrying ``label`` (no suffix handling)."""
        return set(self._labels.get(normalize(label), ()))

    def matches(self, label: str, key: str | None = None) -> set[str]:
        """Ids ``label`` designates: by its recorded labels, else by loose spelling or
        library identifier; only those ``key`` names, if given (no parameter handling)."""
        found = self._with_key(self.candidates(label), key)
        if not found:
            found = self._with_key(set(self._loose.get(loose_key(label), ())), key)
        return found

    def initial_matches(self, label: str) -> set[str]:
        """Ids of the definitions whose name or a label has ``label`` as initials."""
        return set(self._initials.get(normalize(label), ()))

    def initialisms(self) -> dict[str, set[str]]:
        """Initialisms (normalised) shared by several definitions and recorded by none."""
        return {
            key: ids
            for key, ids in self._initials.items()
            if len(ids) > 1 and key not in self._labels and key not in self._loose
        }

    def _with_key(self, found: set[str], key: str | None) -> set[str]:
        if key is None:
            return found
        wanted = normalize(key)
        return {i for i in found if wanted in self._entries[i].keys}

    def shared_labels(self) -> dict[str, set[str]]:
        """Normalised labels carried by more than one definition."""
        return {label: ids for label, ids in self._labels.items() if len(ids) > 1}

    def distinguishing_key(self, definition_id: str, others: Iterable[str]) -> str | None:
        """A citation key of ``definition_id`` that none of ``others`` has, if any.

        Prefers the disambiguator, then the introducing papers in order.
        """
        entry = self._entries[definition_id]
        taken = set().union(*(self._entries[o].keys for o in others))
        candidates = [entry.disambiguator, *entry.introduced]
        for key in candidates:
            if key is not None and normalize(key) not in taken:
                return key
        return None

    def describe(self, definition_id: str, others: Iterable[str] = ()) -> str:
        """How a candidate is shown, e.g. ``Bayesian DP [TF20] (bayesian-dp-tf20)``.

        The suffix is the disambiguator, or a key that tells it from ``others``.
        """
        entry = self._entries[definition_id]
        rivals = list(others)
        key = entry.disambiguator or (
            self.distinguishing_key(definition_id, rivals) if rivals else None
        )
        suffix = f" [{key}]" if key else ""
        return f"{entry.name}{suffix} ({entry.id})"

    def resolve(self, query: str) -> str:
        """The id of the one definition ``query`` designates.

        Raises :class:`UnknownNameError` (with the closest labels) or
        :class:`AmbiguousNameError` (with every candidate).
        """
        if query in self._entries:
            return query
        label, key = split_suffix(query)
        found = self.matches(label, key)
        if not found:
            bare = strip_parameters(label)
            if bare is not None and bare != label:
                retry = bare if key is None else f"{bare}[{key}]"
                try:
                    return self.resolve(retry)
                except UnknownNameError:
                    pass
        if len(found) == 1:
            return next(iter(found))
        if found:
            ordered = sorted(found)
            shown = [self.describe(i, set(ordered) - {i}) for i in ordered]
            first = ordered[0]
            example = self._entries[first].disambiguator or self.distinguishing_key(
                first, ordered[1:]
            )
            raise AmbiguousNameError(
                query,
                ordered,
                f"{query!r} is ambiguous; it may mean: "
                + "; ".join(shown)
                + f". Add the citation suffix, e.g. '{label}[{example or 'KEY'}]'.",
            )
        by_initials = sorted(self._with_key(self.initial_matches(label), key))
        if len(by_initials) > 1:
            raise AmbiguousNameError(
                query,
                by_initials,
                f"{query!r} is not a recorded name but the initials of several; it may mean: "
                + "; ".join(self.describe(i, set(by_initials) - {i}) for i in by_initials)
                + ". Give the full name.",
            )
        ids = (by_initials + [i for i in self.suggestions(label) if i not in by_initials])[:5]
        message = f"no definition is called {query!r}"
        if ids:
            message += "; did you mean: " + "; ".join(self.describe(i) for i in ids) + "?"
        raise UnknownNameError(query, ids, message)

    def suggestions(self, label: str, limit: int = 5) -> list[str]:
        """Ids of the definitions ``label`` most likely means, best first.

        A label that starts with ``label`` ranks first, then one containing it
        (a word inside a name), each by similarity (:class:`difflib.SequenceMatcher`
        ratio). When nothing starts with, contains or closely resembles it, the
        three most similar are still offered: an unknown name always gets
        suggestions.
        """
        import difflib  # only for names that resolve to nothing

        wanted = normalize(label)
        best: dict[str, tuple[int, float]] = {}
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(wanted)
        for key, ids in self._labels.items():
            matcher.set_seq1(key)
            ratio = matcher.ratio()
            tier = 2 if key.startswith(wanted) else (1 if len(wanted) >= 3 and wanted in key else 0)
            for definition_id in ids:
                best[definition_id] = max(best.get(definition_id, (0, 0.0)), (tier, ratio))
        ranked = sorted(best, key=lambda i: (-best[i][0], -best[i][1], i))
        close = [i for i in ranked if best[i][0] > 0 or best[i][1] >= _CLOSE]
        return (close or ranked[:3])[:limit]
