"""mpmath contexts of our own, built without redoing mpmath's start-up work.

mpmath serves one need only: the Riemann ζ function of the evaluators that check
ζ-distributed mechanisms (the enclosures themselves are decimal intervals, see
:mod:`~dptaxonomy.reasoning.maps.intervals`; no query command imports mpmath). Those
evaluators compute in a private mpmath context, so that no process-wide mpmath setting is
read or changed. Building
an mpmath context wraps each of its ~220 special functions *on the context's class*
(``SpecialFunctions.__init__`` calls ``cls._wrap_specfun`` for each), computing an
``inspect.signature`` every time: about a millisecond per context, as much as the rest
of a closed-form ``dptax compose``. ``import mpmath`` has already done that wrapping on
the very same classes (it builds the global ``mp``, ``fp`` and ``iv``), so a subclass
that keeps what its base class already holds gets the same functions for nothing.

Should a later mpmath build its contexts differently, the subclass falls back to
mpmath's own wrapping: the context is then built as before, only slower.

``import mpmath`` itself does that wrapping for its three global contexts, computing
``inspect.signature`` of each function only to attach it as the wrapper's
``__signature__``, which nothing reads unless somebody asks for help: the signatures are
a sixth of the import's work, and :mod:`inspect`, which mpmath imports for nothing else,
costs as much again (it takes ast, dis and tokenize along). :func:`load_mpmath` imports
mpmath with each signature computed when first read instead (the same signature then),
and, when nothing has imported :mod:`inspect` yet, without it: mpmath's modules see a
stand-in whose ``signature`` is the deferred one (every module of ours that uses mpmath
imports it through :func:`load_mpmath`).

>>> import mpmath
>>> intervals = private_context(type(mpmath.iv))
>>> intervals.prec = 96
>>> intervals is not mpmath.iv and mpmath.iv.prec == 53
True
>>> intervals.exp(1).delta < 2**-90 < 2**-60 < mpmath.iv.exp(1).delta  # its own precision
True
"""

from __future__ import annotations

import sys
from types import ModuleType

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["load_mpmath", "private_context"]

_CLASS = object.__dict__["__class__"]
"""The descriptor behind ``obj.__class__`` (assigning through it changes an object's class)."""


def _inspect() -> ModuleType:
    """The real :mod:`inspect`, imported on first need (never the stand-in)."""
    if sys.modules.get("inspect") is _STAND_IN:
        del sys.modules["inspect"]
    import inspect  # pylint: disable=import-outside-toplevel

    return inspect


class _LateSignature:
    """The signature of a function, computed when first read.

    It has :class:`inspect.Signature`'s layout (its two slots; the first holds the function
    until then), so that the first read turns it into a plain :class:`inspect.Signature`:
    ``inspect.signature`` checks ``isinstance(obj.__signature__, Signature)``, which reads
    ``__class__`` (below) when the type is not one; an attribute read or ``str``/``==``
    does it too. Creating one imports nothing.
    """

    __slots__ = ("_parameters", "_return_annotation")

    def __init__(self, function: Any) -> None:
        self._parameters = function

    def _become(self) -> Any:
        """Compute the real signature and turn this object into it (an inspect.Signature)."""
        if type(self) is not _LateSignature:
            return self
        inspect = _inspect()
        function = self._parameters
        own = getattr(function, "__signature__", None) is self  # mpmath's unwrapped functions
        if own:
            function.__signature__ = None
        try:
            real = inspect.signature(function)
        finally:
            if own:
                function.__signature__ = self
        _CLASS.__set__(self, inspect.Signature)
        self._parameters = real.parameters
        self._return_annotation = real.return_annotation
        return self

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        """What ``isinstance`` reads when the type is not the class asked about: the object is
        made a plain Signature, and a subclass of that is answered, because ``isinstance``
        ignores an answer equal to the object's (new) type."""
        return _reading_class(type(self._become()))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self._become(), name)

    def __str__(self) -> str:
        return str(self._become())

    def __repr__(self) -> str:
        return repr(self._become())

    def __eq__(self, other: object) -> bool:
        return bool(self._become() == other)

    def __hash__(self) -> int:
        return hash(self._become())


_READING: list[type] = []


def _reading_class(signature: type) -> type:
    """A subclass of ``signature`` (inspect.Signature), made once."""
    if not _READING:
        _READING.append(type(signature.__name__, (signature,), {"__slots__": ()}))
    return _READING[0]


def _late_signature(function: Any, *args: Any, **options: Any) -> Any:
    return (
        _LateSignature(function)
        if not args and not options
        else _inspect().signature(function, *args, **options)
    )


def _stand_in_attribute(name: str) -> Any:
    return getattr(_inspect(), name)


_STAND_IN = ModuleType("inspect", "Stands in for inspect while mpmath is imported.")
_STAND_IN.signature = _late_signature  # type: ignore[attr-defined]
_STAND_IN.__getattr__ = _stand_in_attribute  # type: ignore[method-assign]


def load_mpmath() -> Any:
    """The ``mpmath`` module, first imported with its signatures deferred (:class:`_LateSignature`).

    >>> mpmath = load_mpmath()
    >>> import inspect
    >>> str(inspect.signature(mpmath.mp.besselj))
    '(n, z, derivative=0, **kwargs)'
    """
    if "mpmath" in sys.modules:
        return sys.modules["mpmath"]
    inspect = sys.modules.get("inspect")
    if inspect is None:
        sys.modules["inspect"] = _STAND_IN
    else:
        saved, inspect.signature = inspect.signature, _late_signature  # type: ignore[attr-defined]
    try:
        import mpmath  # noqa: F401  # pylint: disable=import-outside-toplevel
    finally:
        if inspect is None:
            if sys.modules.get("inspect") is _STAND_IN:
                del sys.modules["inspect"]
        else:
            inspect.signature = saved  # type: ignore[attr-defined]
    return sys.modules["mpmath"]


def _inherited(held: Any, function: Any) -> bool:
    """Whether ``held`` (what the base class holds under the function's name, or None) is
    mpmath's wrapper of ``function``: the function itself, or the closure mpmath's
    ``_wrap_specfun`` made around it."""
    if held is None:
        return False
    if held is function:
        return True
    cells = getattr(held, "__closure__", None) or ()
    return any(cell.cell_contents is function for cell in cells)


def private_context(base: type) -> Any:
    """A new context of mpmath's context class ``base`` (its default precision)."""
    original = base._wrap_specfun  # type: ignore[attr-defined]
    held = vars(base)

    class Private(base):  # type: ignore[misc]
        @classmethod
        def _wrap_specfun(cls, name: str, function: Any, wrap: bool) -> None:
            if not _inherited(held.get(name), function):
                original.__func__(cls, name, function, wrap)

    Private.__name__ = Private.__qualname__ = f"Private{base.__name__}"
    return Private()
