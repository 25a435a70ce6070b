"""Grids of a definition's parameter values, for the checks that try a declaration or a
map at many points (perfect privacy, vacuous values, identities of ⊂ maps, rule V1)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

from dptaxonomy.reasoning.maps.numeric import IV, exact
from dptaxonomy.schema.arith import ArithmeticError_, parse_interval

if TYPE_CHECKING:
    from dptaxonomy.schema.models import Definition

__all__ = ["IDENTITY_GRIDS", "PARAMETER_GRIDS", "definition_grid"]

PARAMETER_GRIDS: dict[str, tuple[str, ...]] = {
    "epsilon": ("0", "0.1", "1", "4"),
    "delta": ("0", "1e-6", "0.05", "1"),
    "alpha": ("1.5", "2", "32"),
    "rho": ("0", "0.1", "1"),
    "xi": ("0", "0.5"),
    "omega": ("2", "10"),
    "mu": ("0", "0.5", "1", "4"),
    "tau": ("0", "0.5", "2"),
    "f": ("0",),
}
"""Values tried for each parameter (those outside a definition's domain are skipped)."""
IDENTITY_GRIDS = {**PARAMETER_GRIDS, "delta": ("0", "1e-6", "0.05", "0.5", "1")}
"""Grid points α at which a claimed identity α-A ≡ m(α)-B is tested, and at which rule V1
evaluates ⊂ maps (δ = 1/2 added: the half-mass events that separate probabilistic DP from
approximate zCDP)."""


def definition_grid(
    definition: Definition,
    names: list[str],
    grids: dict[str, tuple[str, ...]] = PARAMETER_GRIDS,
) -> Iterator[dict[str, IV]]:
    choices: list[list[tuple[str, IV]]] = []
    for parameter in definition.parameters:
        if parameter.name not in names:
            continue
        try:
            domain = parse_interval(parameter.domain)
            inside = [v for v in grids.get(parameter.name, ()) if domain.contains(float(v))]
        except ArithmeticError_:
            inside = list(grids.get(parameter.name, ()))  # a function: f = 0 only
        choices.append([(parameter.name, exact(v)) for v in inside])
    for combination in itertools.product(*choices):
        yield dict(combination)
