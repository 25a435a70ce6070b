"""`dptax validate`'s check of mechanisms' output pairs: a valid pair at every grid point.

The numeric evaluators build each mechanism's pair at every point of its
parameter grid (:func:`~dptaxonomy.reasoning.evaluators.battery.parameter_grid`)
and skip a point whose pair cannot be built, so an invalid pair (masses that
do not sum to 1, a negative σ) used to pass both ``validate`` and ``verify``
with fewer cases. Here every grid point must give a valid pair; a point that
does not is an error located at the mechanism's ``pair``, with the values and
the reason.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.battery import pair_of, parameter_grid
from dptaxonomy.reasoning.maps.numeric import exact

if TYPE_CHECKING:  # the reasoner imports this lazily; the loader's types only for checking
    from dptaxonomy.catalog.loader import LoadedMechanism
    from dptaxonomy.catalog.store import Catalog

__all__ = ["MAX_CHECKED_POINTS", "pair_diagnostics"]

MAX_CHECKED_POINTS = 1024
"""Grid points checked per mechanism (bounds validation; the real grids have at most 25)."""


def _invalid_point(entry: LoadedMechanism) -> Diagnostic | None:
    """The error for the first grid point where the mechanism's pair is invalid, if any."""
    pair = entry.mechanism.pair
    if pair is None:
        return None
    for values in itertools.islice(parameter_grid(entry.mechanism), MAX_CHECKED_POINTS):
        try:
            pair_of(pair, {name: exact(text) for name, text in values.items()})
        except NumericError as exc:
            at = ", ".join(f"{name} = {text}" for name, text in sorted(values.items()))
            line, column = entry.located.value_mark(("pair",))
            return Diagnostic(
                Severity.error,
                entry.file,
                line,
                column,
                "invalid-pair",
                f"pair: the {pair.kind.value} pair is not valid"
                + (f" at {at}" if at else "")
                + f": {exc}",
                "each side must be a probability distribution and each scale positive "
                "at every parameter value of the domain",
            )
    return None


def pair_diagnostics(catalog: Catalog) -> list[Diagnostic]:
    """An error for each mechanism whose pair is invalid at some point of its grid."""
    found = (_invalid_point(entry) for entry in catalog.mechanism_entries.values())
    return [diagnostic for diagnostic in found if diagnostic is not None]
