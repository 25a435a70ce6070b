"""A record's field types, read from its annotations without ``eval``.

The package's modules use ``from __future__ import annotations``, so each
field's annotation is a string. :func:`typing.get_type_hints` turns such
strings into types by compiling and evaluating each one, which cost a query
restoring a knowledge base about a twentieth of its instructions (some 150
annotations on that path). The annotations the cache stores are written in a
small grammar: names, ``X | Y``, ``tuple[A, B]`` and ``tuple[A, ...]``; this
module reads that grammar and looks the names up in the class's module, as
``get_type_hints`` does. Anything else falls back to ``get_type_hints``: the
answer is the same either way (tests/test_cache_annotations.py compares them).
"""

from __future__ import annotations

import builtins
import functools
import operator
import sys
import types

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["annotation_parts", "field_types"]

_PUNCTUATION = frozenset("[],|")


class _Unread(Exception):
    """An annotation outside the grammar (the caller falls back to ``get_type_hints``)."""


def _tokens(text: str) -> list[str]:
    """Names, ``...`` and the punctuation ``[ ] , |``, in order."""
    tokens: list[str] = []
    word = ""
    for char in text.replace("...", " ... "):
        if char in _PUNCTUATION or char.isspace():
            if word:
                tokens.append(word)
                word = ""
            if not char.isspace():
                tokens.append(char)
        else:
            word += char
    if word:
        tokens.append(word)
    return tokens


class _Reader:
    """A recursive-descent reader of one annotation's tokens."""

    def __init__(self, tokens: list[str], names: dict[str, Any]) -> None:
        self.tokens = tokens
        self.position = 0
        self.names = names

    def peek(self) -> str:
        return self.tokens[self.position] if self.position < len(self.tokens) else ""

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if not token or (expected is not None and token != expected):
            raise _Unread(token)
        self.position += 1
        return token

    def union(self) -> Any:
        members = [self.primary()]
        while self.peek() == "|":
            self.take("|")
            members.append(self.primary())
        return functools.reduce(operator.or_, members) if len(members) > 1 else members[0]

    def primary(self) -> Any:
        name = self.take()
        if name in _PUNCTUATION or name == "...":
            raise _Unread(name)
        if name == "None":
            value: Any = type(None)
        elif name in self.names:
            value = self.names[name]
        elif hasattr(builtins, name):
            value = getattr(builtins, name)
        else:
            raise _Unread(name)
        if self.peek() != "[":
            return value
        if value is not tuple:
            raise _Unread(name)  # only tuples are subscripted in the stored records
        self.take("[")
        arguments = [self.union()]
        while self.peek() == ",":
            self.take(",")
            if self.peek() == "...":
                self.take("...")
                arguments.append(Ellipsis)
            else:
                arguments.append(self.union())
        self.take("]")
        return types.GenericAlias(tuple, tuple(arguments))


def _read(text: str, names: dict[str, Any]) -> Any:
    reader = _Reader(_tokens(text), names)
    value = reader.union()
    if reader.peek():
        raise _Unread(reader.peek())
    return value


def field_types(cls: type, names: tuple[str, ...]) -> list[tuple[str, Any]]:
    """Each of ``names`` (fields of ``cls``) with its type, as ``get_type_hints`` gives it."""
    annotations: dict[str, Any] = cls.__dict__.get("__annotations__", {})  # noqa: RUF063
    module = sys.modules.get(cls.__module__)
    scope: dict[str, Any] = vars(module) if module is not None else {}
    try:
        return [
            (name, _read(text, scope) if isinstance(text, str) else text)
            for name, text in ((name, annotations[name]) for name in names)
        ]
    except (_Unread, KeyError, TypeError):
        import typing

        hints = typing.get_type_hints(cls)
        return [(name, hints[name]) for name in names]


def annotation_parts(annotation: Any) -> tuple[Any, tuple[Any, ...]]:
    """``annotation``'s origin and arguments, as :func:`typing.get_origin` and ``get_args``
    give them (a ``typing.Union`` as :class:`types.UnionType`); typing is imported only for
    an annotation that is one of its own forms."""
    if isinstance(annotation, types.UnionType):
        return types.UnionType, annotation.__args__
    if isinstance(annotation, types.GenericAlias):
        return annotation.__origin__, annotation.__args__
    if type(annotation).__module__ != "typing":
        return None, ()
    import typing

    origin = typing.get_origin(annotation)
    return types.UnionType if origin is typing.Union else origin, typing.get_args(annotation)
