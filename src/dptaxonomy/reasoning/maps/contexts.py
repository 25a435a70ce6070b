"""mpmath contexts of our own, built without redoing mpmath's start-up work.

The enclosures (:mod:`~dptaxonomy.reasoning.maps.numeric`) are computed in private
mpmath contexts, so that no process-wide mpmath setting is read or changed. Building
an mpmath context wraps each of its ~220 special functions *on the context's class*
(``SpecialFunctions.__init__`` calls ``cls._wrap_specfun`` for each), computing an
``inspect.signature`` every time: about a millisecond per context, as much as the rest
of a closed-form ``dptax compose``. ``import mpmath`` has already done that wrapping on
the very same classes (it builds the global ``mp``, ``fp`` and ``iv``), so a subclass
that keeps what its base class already holds gets the same functions for nothing.

Should a later mpmath build its contexts differently, the subclass falls back to
mpmath's own wrapping: the context is then built as before, only slower.

``import mpmath`` itself does that wrapping for its three global contexts, and the
signatures are a sixth of its cost: :func:`load_mpmath` imports it with each signature
computed when first read instead, the same signature then (every module of ours that
uses mpmath imports it through :func:`load_mpmath`).

>>> import mpmath
>>> intervals = private_context(type(mpmath.iv))
>>> intervals.prec = 96
>>> intervals is not mpmath.iv and mpmath.iv.prec == 53
True
>>> intervals.exp(1).delta < 2**-90 < 2**-60 < mpmath.iv.exp(1).delta  # its own precision
True
"""

from __future__ import annotations

import inspect
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["load_mpmath", "private_context"]

_SIGNATURE = inspect.signature
_PENDING: dict[int, Any] = {}
"""The function each not-yet-computed :class:`_LateSignature` describes, by the signature's id."""


class _LateSignature(inspect.Signature):
    """The signature of a function, computed when first read.

    ``import mpmath`` computes ``inspect.signature`` of every special function of its
    three global contexts (~650 of them, a sixth of the import's work) only to attach it
    as the wrapper's ``__signature__``, which nothing reads unless somebody asks for help.
    This stands in for it: the first read of either slot computes the real signature,
    fills both slots and turns the object into a plain :class:`inspect.Signature`.
    """

    __slots__ = ()

    def __init__(self, function: Any) -> None:  # pylint: disable=super-init-not-called
        _PENDING[id(self)] = function

    def __getattr__(self, name: str) -> Any:
        function = _PENDING.pop(id(self), None)
        if function is None or name not in ("_parameters", "_return_annotation"):
            raise AttributeError(name)
        own = getattr(function, "__signature__", None) is self  # mpmath's unwrapped functions
        if own:
            function.__signature__ = None
        try:
            real = _SIGNATURE(function)
        finally:
            if own:
                function.__signature__ = self
        object.__setattr__(self, "_parameters", real.parameters)
        object.__setattr__(self, "_return_annotation", real.return_annotation)
        self.__class__ = inspect.Signature  # type: ignore[assignment]
        return getattr(self, name)


def _late_signature(function: Any, *args: Any, **options: Any) -> inspect.Signature:
    return (
        _LateSignature(function)
        if not args and not options
        else _SIGNATURE(function, *args, **options)
    )


def load_mpmath() -> Any:
    """The ``mpmath`` module, first imported with its signatures deferred (:class:`_LateSignature`).

    >>> mpmath = load_mpmath()
    >>> str(inspect.signature(mpmath.mp.besselj))
    '(n, z, derivative=0, **kwargs)'
    """
    if "mpmath" not in sys.modules:
        inspect.signature = _late_signature  # type: ignore[assignment]
        try:
            import mpmath  # noqa: F401  # pylint: disable=import-outside-toplevel
        finally:
            inspect.signature = _SIGNATURE
    return sys.modules["mpmath"]


def _inherited(base: type, name: str, function: Any) -> bool:
    """Whether ``base`` already holds mpmath's wrapper of ``function`` under ``name``:
    the function itself, or the closure mpmath's ``_wrap_specfun`` made around it."""
    held = vars(base).get(name)
    if held is None:
        return False
    cells = getattr(held, "__closure__", None) or ()
    return held is function or any(cell.cell_contents is function for cell in cells)


def private_context(base: type) -> Any:
    """A new context of mpmath's context class ``base`` (its default precision)."""
    original = base._wrap_specfun  # type: ignore[attr-defined]

    class Private(base):  # type: ignore[misc]
        @classmethod
        def _wrap_specfun(cls, name: str, function: Any, wrap: bool) -> None:
            if not _inherited(base, name, function):
                original.__func__(cls, name, function, wrap)

    Private.__name__ = Private.__qualname__ = f"Private{base.__name__}"
    return Private()
