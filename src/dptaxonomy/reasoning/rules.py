"""Stable ids of the reasoner's rules; docs/reasoning.md states and justifies each.

Proofs, contradictions, documentation and tests refer to rules by these ids.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Rule"]


class Rule(StrEnum):
    """Every inference rule of the reasoner."""

    # Reading asserted relations as facts.
    ASSERTED = "A1"
    """A relation stated in an entry is a fact (disputed ones never; conjectured on request)."""
    INVERSE = "A2"
    """`s weaker t` is `t ≻ s`; `s extended_by t` is `t ⊂ s`; `s not_weaker t` is `¬(t ≻ s)`."""
    EQUIVALENCE = "A3"
    """`s ∼ t` is `s ≻ t` and `t ≻ s` (SoK Definition 6)."""
    SET_LEVEL = "A4"
    """`s ≻ every definition of dimension D` gives `s ≻ t` for each t with D (quantifier `all`)."""
    # Strength (≻) and extension (⊂).
    STRONGER_REFLEXIVE = "S1"
    """A ≻ A."""
    STRONGER_TRANSITIVE = "S2"
    """A ≻ B and B ≻ C give A ≻ C."""
    EXTENDS_REFLEXIVE = "E1"
    """A ⊂ A."""
    EXTENDS_TRANSITIVE = "E2"
    """A ⊂ B and B ⊂ C give A ⊂ C."""
    # Separations.
    SEPARATION_PROPAGATION = "N1"
    """¬(X ≻ Y), X ≻ A and B ≻ Y give ¬(A ≻ B)."""
    STRICT = "N2"
    """A ≻ B and ¬(B ≻ A): A is strictly stronger than B."""
    # Properties.
    COMPOSABILITY_TRANSFER = "P1"
    """Composability is shared by equivalent definitions (up to a change of parameters)."""
    # Contradictions.
    FACT_AND_NEGATION = "C1"
    """¬(X ≻ Y) asserted while X ≻ Y is derivable."""
    EXTENSION_CYCLE = "C2"
    """A ⊂-cycle between distinct definitions."""
    STRICT_IN_CLASS = "C3"
    """A strictness claim (¬(B ≻ A) next to A ≻ B) between members of one equivalence class."""
    PROPERTY_CONFLICT = "C4"
    """Two equivalent definitions with asserted opposite composability (contradicts P1)."""
