"""What is composed: each component as a privacy guarantee of a known shape, with its count.

The query layer reads a user's components (a catalog mechanism with its
parameters, or a guarantee in a catalog definition) and hands the engine
:class:`Component` records: a :class:`Shape` naming the privacy-loss
representation the component has, its parameters as exact interval enclosures,
how many times it runs, and the assumptions it is stated under. The engine never
sees a name it must resolve.
"""

from __future__ import annotations

from enum import StrEnum

from dptaxonomy.base.records import field, record
from dptaxonomy.reasoning.maps.numeric import IV, lower, upper
from dptaxonomy.schema.arith import Node
from dptaxonomy.schema.enums import Neighbourhood, Sampling

__all__ = ["Component", "Lift", "Shape"]


class Shape(StrEnum):
    """The privacy-loss shape of one run of a component, and the parameters it carries."""

    gaussian = "gaussian"
    """The pair N(μ, 1) vs N(0, 1): a Gaussian mechanism or a μ-GDP guarantee (``mu``)."""
    laplace = "laplace"
    """The Laplace mechanism's pair, with ε = sensitivity / scale (``epsilon``)."""
    pure = "pure"
    """An ε-DP guarantee; randomized response is its extremal pair (``epsilon``)."""
    approximate = "approximate"
    """An (ε, δ)-DP guarantee; its extremal pair has an atom at +∞ (``epsilon``, ``delta``)."""
    zcdp = "zcdp"
    """A (ξ, ρ)-zCDP guarantee: a Rényi curve ξ + ρα, no loss distribution (``xi``, ``rho``)."""
    renyi = "renyi"
    """An (α, ε)-RDP guarantee at one order (``alpha``, ``epsilon``)."""


@record
class Lift:
    """The component's guarantee in another catalog definition, and the catalog fact giving it.

    ``values`` are that definition's parameters; for ``renyi-dp`` (whose order
    stays free) ``curve`` is instead the map of ε over the component's own
    parameters and ``alpha``, evaluated at each order.
    """

    definition: str
    values: dict[str, IV]
    citation: str
    curve: Node | None = None


@record
class Component:
    """One line of the input: a guarantee of ``shape``, run ``count`` times."""

    label: str
    """How the user named it (``gaussian``, ``zero-concentrated-dp``, ...), for proofs."""
    shape: Shape
    values: dict[str, IV]
    """The shape's parameters (see :class:`Shape`), as exact enclosures."""
    count: int = 1
    sampling: Sampling | None = None
    rate: IV | None = None
    """The sampling rate q, when ``sampling`` is set."""
    neighbourhood: Neighbourhood = Neighbourhood.add_remove
    unit: str = "record"
    lifts: tuple[Lift, ...] = field(default=())
    """The component's guarantee in other definitions (zCDP, GDP, RDP), from catalog facts."""
    source: str = ""
    """The catalog definition (or mechanism) the values are parameters of."""

    def high(self, name: str) -> float:
        """A parameter's upper end: the pessimistic value (every shape is monotone in it)."""
        return upper(self.values[name])

    def low(self, name: str) -> float:
        """A parameter's lower end: the optimistic value, for lower bounds."""
        return lower(self.values[name])

    @property
    def sampled(self) -> bool:
        return self.sampling is not None

    def lifted(self, definition: str) -> list[Lift]:
        return [lift for lift in self.lifts if lift.definition == definition]
