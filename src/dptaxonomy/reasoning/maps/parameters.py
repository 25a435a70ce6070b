"""Composing the parameter maps along a proof: what a chain of implications gives.

Each cited parametric implication maps the implied definition's parameters
to expressions over the implying one's. Along a proof A ≻ B ≻ C whose every
step carries a map, substituting B's expressions into C's map gives C's
parameters as expressions over A's: the guarantee the chain yields, e.g.
ε-DP ⇒ (0, ε²/2)-zCoDP ⇒ (ε²/2 + …, δ)-DP.
"""

from __future__ import annotations

from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.proof import Conclusion, Proof
from dptaxonomy.reasoning.maps.definedness import composition_defect
from dptaxonomy.reasoning.maps.scoping import compose_steps
from dptaxonomy.schema.arith import Node
from dptaxonomy.schema.arith_shared import render_bounded

__all__ = ["composed_map", "composition_problem", "step_map"]


def step_map(step: Fact) -> dict[str, Node] | None:
    """The map a step carries in its own direction, parsed, or None.

    An equivalence states its map from subject to target; the reverse reading
    (target ≻ subject) carries one only when that map is a renaming (rule R1).
    """
    from dptaxonomy.reasoning.maps.composition import oriented_map

    return oriented_map(step)


def _composed(proof: Proof) -> dict[str, Node] | None:
    if proof.conclusion is Conclusion.not_stronger or not proof.steps:
        return None
    maps = []
    for step in proof.steps:  # stop at the first step without a map: a long proof often has one
        mapping = step_map(step)
        if mapping is None:
            return None
        maps.append(mapping)
    return compose_steps(proof.steps, maps)[0]


def composition_problem(proof: Proof) -> str | None:
    """Why the maps along ``proof`` compose into no guarantee (None when they do, or when
    some step has no map): :func:`dptaxonomy.reasoning.maps.definedness.composition_defect`."""
    current = _composed(proof)
    return None if current is None else composition_defect(proof.steps, current)


def composed_map(proof: Proof) -> dict[str, str] | None:
    """The last definition's parameters as expressions over the first's, or None.

    Only for ≻ and ⊂ proofs whose every step carries a map, and only where the
    composition is defined (:func:`composition_problem`). Names a map leaves
    unbound (a free parameter such as δ, or a constant such as pi) stay as
    they are, unless a free parameter's name is already the first definition's
    (or another free one's): it is then renamed, ``epsilon_2`` for ε of the
    third definition (:mod:`~dptaxonomy.reasoning.maps.scoping`). A composition too
    large to write out as one expression is given in its shared form
    (:func:`~dptaxonomy.schema.arith_shared.render_bounded`).
    """
    current = _composed(proof)
    if current is None or composition_defect(proof.steps, current) is not None:
        return None
    return {name: render_bounded(expression) for name, expression in current.items()}
