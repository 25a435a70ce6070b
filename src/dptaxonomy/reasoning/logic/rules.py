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
    # Side conditions (reasoning/logic/conditions.py, reasoning/logic/conditional.py).
    CONDITION_DOMAIN = "K1"
    """A condition that restates the implying side's domain excludes nothing: the fact is used."""
    CONDITION_CHOICE = "K2"
    """A condition on the implied side's parameters is a choice (Definition 6): the fact is used."""
    CONDITION_RESTRICTING = "K3"
    """A condition excluding implying-side parameters: the fact stays out of the closure."""
    CONDITIONAL = "K4"
    """A chain through restricting facts holds under the conjunction of their conditions."""
    # Equivalence kinds and parameter maps.
    SAME_PARAMETERS = "R1"
    """A ∼ B by facts mapping every parameter to itself both ways: α-A and α-B coincide."""
    REPARAMETRISED = "R2"
    """A ∼ B otherwise: equivalent up to a change of parameters."""
    MAP_COMPOSITION = "M1"
    """Along a chain, substituting each step's map into the next gives the composed map."""
    CONDITION_RESTATEMENT = "M2"
    """A step's conditions, restated through the maps before it, are over the first's parameters."""
    FREE_PARAMETER = "M3"
    """A parameter a map leaves free holds for every value (and may be optimised)."""
    INFEASIBLE_CHAIN = "M4"
    """A constant a map assigns that violates a later condition makes the chain vacuous."""
    # Strength (≻) and extension (⊂).
    STRONGER_REFLEXIVE = "S1"
    """A ≻ A."""
    STRONGER_TRANSITIVE = "S2"
    """A ≻ B and B ≻ C give A ≻ C."""
    EXTENDS_REFLEXIVE = "E1"
    """A ⊂ A."""
    EXTENDS_TRANSITIVE = "E2"
    """A ⊂ B and B ⊂ C give A ⊂ C."""
    PERFECT_PRIVACY = "E3"
    """A ⊂ B, A forcing perfect privacy at some α and B met by it at every β give A ≻ B."""
    VACUOUS_VALUE = "V1"
    """A has a value every mechanism meets and B does not hold of every mechanism at any
    parameter: neither A ≻ B nor A ⊂ B (SoK Definitions 5 and 6, condition 1)."""
    # Separations.
    SEPARATION_PROPAGATION = "N1"
    """¬(X ≻ Y), X ≻ A and B ≻ Y give ¬(A ≻ B)."""
    STRICT = "N2"
    """A ≻ B and ¬(B ≻ A): A is strictly stronger than B."""
    # Witnesses (mechanisms).
    WITNESS_SATISFIES = "W1"
    """M ⊨ A and A ≻ B give M ⊨ B (applied by N1 before a witness separation)."""
    WITNESS_VIOLATES = "W2"
    """M ⊭ B and A ≻ B give M ⊭ A (applied by N1 after a witness separation)."""
    WITNESS = "W3"
    """M ⊨ A for some parameters and M ⊭ B for every parameter give ¬(A ≻ B), witness M."""
    WITNESS_CARRIED_SATISFIES = "W5"
    """M ⊨ A and A ⊂ B give M ⊨ B (α-A is identical to some β-B)."""
    WITNESS_CARRIED_VIOLATES = "W6"
    """M ⊭ B and A ⊂ B give M ⊭ A."""
    WITNESS_CONFLICT = "W4"
    """M ⊨ A and M ⊭ A both derivable (a witness separation contradicting a derivable ≻)."""
    # Properties.
    COMPOSABILITY_TRANSFER = "P1"
    """Composability is shared by equivalent definitions (up to a change of parameters)."""
    SAME_PARAMETER_TRANSFER = "P2"
    """Every property is shared by definitions equivalent with the same parameters (R1)."""
    # Contradictions.
    FACT_AND_NEGATION = "C1"
    """¬(X ≻ Y) asserted while X ≻ Y is derivable."""
    EXTENSION_CYCLE = "C2"
    """A ⊂-cycle between distinct definitions."""
    STRICT_IN_CLASS = "C3"
    """A strictness claim (¬(B ≻ A) next to A ≻ B) between members of one equivalence class."""
    PROPERTY_CONFLICT = "C4"
    """Two equivalent definitions with asserted opposite composability (contradicts P1)."""
