"""Records: classes of named fields with equality, hashing, a readable repr, and immutability.

:func:`record` is a drop-in for the part of :func:`dataclasses.dataclass` the
package uses (``frozen``, ``slots``, defaults, ``field(default_factory=...)``,
``__post_init__``), and type checkers treat it as one
(:func:`typing.dataclass_transform`). It exists for start-up time: importing
:mod:`dataclasses` (which imports :mod:`inspect`) and letting it compile five
or six methods per class from source cost a ``dptax relate`` about a quarter of
its instructions (26 classes on that path). A record's methods are shared
closures over its field names; nothing is compiled or ``exec``'d.

The behaviour matches a dataclass's: ``__init__`` takes the fields in order,
positionally or by name; ``==`` compares records of the same class field by
field; a frozen record hashes like the tuple of its fields and refuses
assignment; ``repr`` is ``Name(field=value, ...)``.

>>> @record
... class Point:
...     x: int
...     y: int = 0
>>> Point(1), Point(1, y=2) == Point(x=1, y=2), hash(Point(3, 4)) == hash((3, 4))
(Point(x=1, y=0), True, True)
>>> Point(1).x = 5
Traceback (most recent call last):
dptaxonomy.base.records.FrozenRecordError: cannot assign to field 'x' of a frozen Point
"""

from __future__ import annotations

import operator
from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar, dataclass_transform, overload

    T = TypeVar("T")
else:  # at run time the marker for type checkers does nothing: typing stays unimported

    def dataclass_transform(**_markers: object) -> object:
        return lambda function: function


__all__ = [
    "FrozenRecordError",
    "field",
    "fields",
    "from_columns",
    "is_record",
    "record",
    "replace",
]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class FrozenRecordError(AttributeError):
    """An assignment to (or deletion of) a field of a frozen record."""


class _Field:
    __slots__ = ("default", "default_factory")

    def __init__(self, default: Any, default_factory: Callable[[], Any] | None) -> None:
        self.default = default
        self.default_factory = default_factory


def field(*, default: Any = MISSING, default_factory: Callable[[], Any] | None = None) -> Any:
    """A field's default, or the function that makes a fresh one for each record."""
    if default is not MISSING and default_factory is not None:
        raise ValueError("a field takes a default or a default_factory, not both")
    return _Field(default, default_factory)


def fields(record_or_class: Any) -> tuple[str, ...]:
    """The field names of a record class (or of a record), in order."""
    names: tuple[str, ...] = record_or_class.__record_fields__
    return names


def is_record(value: Any) -> bool:
    """Whether ``value`` is a record class or a record."""
    return hasattr(value, "__record_fields__")


def replace(instance: T, **changes: Any) -> T:
    """A copy of ``instance`` with some fields changed (like :func:`dataclasses.replace`)."""
    names = fields(instance)
    unknown = set(changes) - set(names)
    if unknown:
        raise TypeError(f"{type(instance).__name__} has no field {sorted(unknown)[0]!r}")
    return type(instance)(*[changes.get(n, getattr(instance, n)) for n in names])


def from_columns(cls: type[T], columns: list[list[Any]], count: int) -> list[T]:
    """``count`` records of ``cls``, field *i* of record *j* being ``columns[i][j]``.

    What ``list(map(cls, *columns))`` gives, built a field at a time when ``cls`` is
    slotted and has no ``__post_init__``: each column is set on every record by one
    ``map`` over the field's slot descriptor, so no Python ``__init__`` runs per record
    (restoring the cached knowledge base builds a few thousand records).

    >>> @record(slots=True)
    ... class Pair:
    ...     left: int
    ...     right: str = "r"
    >>> from_columns(Pair, [[1, 2], ["a", "b"]], 2)
    [Pair(left=1, right='a'), Pair(left=2, right='b')]
    """
    if len(columns) != len(fields(cls)) or any(len(column) != count for column in columns):
        raise ValueError(f"{count} records of {cls.__name__} need one full column per field")
    setters = cls.__dict__.get("__record_setters__")
    if setters is None:
        return list(map(cls, *columns)) if columns else [cls() for _ in range(count)]
    made: list[T] = list(map(object.__new__, [cls] * count))
    for setter, column in zip(setters, columns, strict=True):
        any(map(setter, made, column))  # each call returns None: any() runs them all
    return made


def _is_class_variable(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _own_fields(cls: type) -> tuple[list[str], dict[str, Any], dict[str, Callable[[], Any]]]:
    if any(is_record(base) for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: a record cannot extend another record")
    names: list[str] = []
    defaults: dict[str, Any] = {}
    factories: dict[str, Callable[[], Any]] = {}
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 (inspect is what we avoid)
    for name, annotation in annotations.items():
        if _is_class_variable(annotation):
            continue
        value = cls.__dict__.get(name, MISSING)
        if isinstance(value, _Field):
            if value.default_factory is not None:
                factories[name] = value.default_factory
            elif value.default is not MISSING:
                defaults[name] = value.default
        elif value is not MISSING:
            if isinstance(value, list | dict | set):
                raise ValueError(f"{cls.__name__}.{name}: use field(default_factory=...)")
            defaults[name] = value
        elif defaults or factories:
            raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one with")
        names.append(name)
    return names, defaults, factories


def _frozen_setattr(self: Any, name: str, _value: Any) -> None:
    raise FrozenRecordError(f"cannot assign to field {name!r} of a frozen {type(self).__name__}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenRecordError(f"cannot delete field {name!r} of a frozen {type(self).__name__}")


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, n) for n in self.__record_fields__]


def _setstate(self: Any, state: list[Any]) -> None:  # copy and pickle of a frozen slotted record
    for name, value in zip(self.__record_fields__, state, strict=True):
        object.__setattr__(self, name, value)


def _repr(self: Any) -> str:
    shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__record_fields__)
    return f"{type(self).__qualname__}({shown})"


def _no_fields(_self: Any) -> tuple[()]:
    return ()


def _class(cls: type[T], names: list[str], defaults: dict[str, Any], slots: bool) -> type[T]:
    """The record class: ``cls`` itself, or made anew with ``__slots__``."""
    if not slots:  # in place; as with a dataclass, the class shows each plain default
        for name in names:
            if name in defaults:
                type.__setattr__(cls, name, defaults[name])
            elif name in cls.__dict__:
                type.__delattr__(cls, name)
        return cls
    namespace = {k: v for k, v in cls.__dict__.items() if k not in names}
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    namespace["__slots__"] = tuple(names)
    made: type[T] = type.__call__(type(cls), cls.__name__, cls.__bases__, namespace)
    return made


def _binder(
    title: str, names: tuple[str, ...], defaults: dict[str, Any], factories: dict[str, Any]
) -> Callable[[tuple[Any, ...], dict[str, Any]], tuple[Any, ...]]:
    """Arguments given by position and name, with the defaults, as every field's value in order."""

    def bind(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        if len(args) > len(names):
            raise TypeError(f"{title}() takes {len(names)} arguments but {len(args)} were given")
        values = list(args)
        for name in names[len(args) :]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in defaults:
                values.append(defaults[name])
            elif name in factories:
                values.append(factories[name]())
            else:
                raise TypeError(f"{title}() missing required argument {name!r}")
        for name in kwargs:
            reason = "multiple values for" if name in names else "an unexpected"
            raise TypeError(f"{title}() got {reason} argument {name!r}")
        return tuple(values)

    return bind


def _initialiser(
    built: type, names: tuple[str, ...], bind: Callable[..., tuple[Any, ...]], slots: bool
) -> Callable[..., None]:
    count = len(names)
    post_init = getattr(built, "__post_init__", None)
    if slots:
        setters = tuple(built.__dict__[n].__set__ for n in names)  # slot descriptors

        def slotted(self: Any, *args: Any, **kwargs: Any) -> None:
            if kwargs or len(args) != count:
                args = bind(args, kwargs)
            for setter, value in zip(setters, args, strict=True):
                setter(self, value)
            if post_init is not None:
                self.__post_init__()

        slotted.__name__ = "__init__"
        return slotted

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if kwargs or len(args) != count:
            args = bind(args, kwargs)
        self.__dict__.update(zip(names, args, strict=True))
        if post_init is not None:
            self.__post_init__()

    return __init__


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A record's fields as a tuple (what ``==`` and ``hash`` see)."""
    if not names:
        return _no_fields
    if len(names) == 1:
        only = names[0]
        return lambda self: (getattr(self, only),)
    getter: Callable[[Any], tuple[Any, ...]] = operator.attrgetter(*names)
    return getter


def _build(cls: type[T], frozen: bool, slots: bool) -> type[T]:
    names, defaults, factories = _own_fields(cls)
    own = dict(cls.__dict__)
    built = _class(cls, names, defaults, slots)
    field_names = tuple(names)
    key = _key(field_names)

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(key(self))

    bind = _binder(cls.__name__, field_names, defaults, factories)
    __init__ = _initialiser(built, field_names, bind, slots)
    for method in (__init__, __eq__, __hash__):
        method.__qualname__ = f"{built.__qualname__}.{method.__name__}"
    methods: dict[str, Any] = {
        "__init__": __init__,
        "__repr__": _repr,
        "__eq__": __eq__,
        "__hash__": __hash__ if frozen else None,
    }
    if frozen:
        methods |= {"__setattr__": _frozen_setattr, "__delattr__": _frozen_delattr}
        if slots:
            methods |= {"__getstate__": _getstate, "__setstate__": _setstate}
    stated_hash = own.get("__hash__", MISSING)  # Python sets __hash__ = None beside an __eq__
    own_hash = stated_hash is not MISSING and not (stated_hash is None and "__eq__" in own)
    for name, method in methods.items():
        if name in own and (name != "__hash__" or own_hash):
            continue  # the class's own definition wins, as with a dataclass
        type.__setattr__(built, name, method)
    type.__setattr__(built, "__record_fields__", field_names)
    if slots and getattr(built, "__post_init__", None) is None:  # see from_columns
        setters = tuple(built.__dict__[name].__set__ for name in field_names)
        type.__setattr__(built, "__record_setters__", setters)
    type.__setattr__(built, "__match_args__", field_names)
    return built


if TYPE_CHECKING:  # the implementation below serves both

    @overload
    def record(cls: type[T], /) -> type[T]: ...

    @overload
    def record(*, frozen: bool = True, slots: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(
    cls: type[T] | None = None, /, *, frozen: bool = True, slots: bool = False
) -> type[T] | Callable[[type[T]], type[T]]:
    """Make ``cls`` a record (frozen unless ``frozen=False``; with ``__slots__`` if ``slots``)."""

    def wrap(target: type[T]) -> type[T]:
        return _build(target, frozen, slots)

    return wrap if cls is None else wrap(cls)
