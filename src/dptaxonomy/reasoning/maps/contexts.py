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

>>> import mpmath
>>> intervals = private_context(type(mpmath.iv))
>>> intervals.prec = 96
>>> intervals is not mpmath.iv and mpmath.iv.prec == 53
True
>>> intervals.exp(1).delta < 2**-90 < 2**-60 < mpmath.iv.exp(1).delta  # its own precision
True
"""

from __future__ import annotations

from typing import Any

__all__ = ["private_context"]


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
