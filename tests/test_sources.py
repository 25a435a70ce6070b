"""Relations and properties typed from the five seed papers, checked against the catalog.

Every case below was read off a seed in ../shared/seeds/ and carries, in the
comment right above it, the source passage it was typed from (LaTeX rendered
in Unicode, Table 3 cells written as printed, superscripts as `^`):

- SoK = 000 (DP20): Table 3 ("T3") and its text (sections, propositions);
- DMKB19 = 001, KS14 = 002, LPT+22 = 003, WXH17 = 004.

A relation case ``(a, kind, b)`` passes if the catalog states it in any of
its encodings (``a stronger b`` in a's entry or ``b weaker a`` in b's; ``a
extends b`` or ``b extended_by a``; ``equivalent`` in either entry;
``a not_stronger b`` or ``b not_weaker a``), not disputed (disputed, for a
case marked so: a printed claim the evaluators refuted), with a citation of
the expected key whose ``at`` names the quoted place, and, for parametric
statements, the expected parameter map (keys: the implied or general side's
parameters; compared numerically). A property case checks the claim's value
and its citation key. A failing case means the catalog is wrong against the
source: fix the catalog, never the expectation.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.schema.arith import ArithmeticError_, parse_expression
from dptaxonomy.schema.arith_eval import evaluate
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.models import Definition, Relation, Status, Truth

# --------------------------------------------------------------------------- helpers

_INVERSE = {
    "stronger": "weaker",
    "extends": "extended_by",
    "not_stronger": "not_weaker",
    "equivalent": "equivalent",
}
_FORWARD = {inverse: forward for forward, inverse in _INVERSE.items()}


def find_relations(catalog: Catalog, a: str, kind: str, b: str) -> list[Relation]:
    """Every relation stating ``a KIND b``, in either entry and either encoding.

    ``b`` may be a set ``"set:<dimension>:<quantifier>"`` (only a's entry can hold it).
    """
    if kind in _FORWARD and kind != "equivalent":
        a, b, kind = b, a, _FORWARD[kind]
    definitions: dict[str, Definition] = catalog.definitions
    if b.startswith("set:"):
        _, dimension, quantifier = b.split(":")
        return [
            r
            for r in definitions[a].relations
            if r.kind.value == kind
            and r.target_set is not None
            and r.target_set.dimension.value == dimension
            and r.target_set.quantifier.value == quantifier
        ]
    found = [r for r in definitions[a].relations if r.kind.value == kind and r.target == b]
    found += [
        r for r in definitions[b].relations if r.kind.value == _INVERSE[kind] and r.target == a
    ]
    return found


def mentions(at: str, place: str) -> bool:
    """``at`` names ``place`` (``Table 3, row 1`` does not match ``Table 3, row 19``)."""
    return re.search(re.escape(place) + r"(?![0-9])", at) is not None


_CONSTANTS = frozenset({"inf", "pi", "e"})
_SAMPLES = (0.13, 0.31, 0.47)


def same_expression(actual: str, expected: str) -> bool:
    """Equal as text (ignoring spaces), or equal as numbers at a few sample points."""
    if actual.replace(" ", "") == expected.replace(" ", ""):
        return True
    trees = parse_expression(actual), parse_expression(expected)
    variables = sorted((names_in(trees[0]) | names_in(trees[1])) - _CONSTANTS)
    for shift, sample in enumerate(_SAMPLES):
        values = {name: sample * (1 + index + shift) for index, name in enumerate(variables)}
        try:
            left, right = (evaluate(tree, values) for tree in trees)
        except ArithmeticError_:
            return False
        if not math.isclose(left, right, rel_tol=1e-9, abs_tol=1e-12):
            return False
    return True


def same_map(actual: dict[str, str] | None, expected: dict[str, str]) -> bool:
    if actual is None or set(actual) != set(expected):
        return False
    return all(same_expression(actual[key], expected[key]) for key in expected)


@dataclass(frozen=True)
class Rel:
    """``a KIND b``, stated at ``at`` in the work ``key``; ``pmap`` for parametric ones;
    ``refuted`` for a statement the catalog's own checks refute (rule V1, ``dptax verify``):
    it must then be kept as printed, disputed, with its counterexample in the note."""

    a: str
    kind: str
    b: str
    key: str
    at: str
    origin: str
    pmap: dict[str, str] | None = field(default=None, hash=False)
    disputed: bool = False
    """Stated as printed but refuted by ``dptax verify`` (issue 22): kept, disputed."""
    refuted: bool = False
    """Refuted by rule V1: kept, disputed, with the rule named in its note."""


@dataclass(frozen=True)
class Prop:
    """``definition.property == value``, cited to ``key``."""

    definition: str
    prop: str
    value: str
    key: str
    origin: str


def _rid(case: Rel) -> str:
    return f"{case.origin}:{case.a}-{case.kind}-{case.b.replace(':', '-')}"


def _pid(case: Prop) -> str:
    return f"{case.origin}:{case.definition}-{case.prop}"


T3, SOK, DMKB19, KS14, LPT22, WXH17 = "SoK-T3", "SoK-text", "DMKB19", "KS14", "LPT+22", "WXH17"

# --------------------------------------------------------------------------- relations

RELATIONS: list[Rel] = [
    # ---- SoK, Table 3 (column 5) -----------------------------------------------
    # SoK Table 3 row 1: "(ε, δ)-DP ⊃^≺ ε-DP"
    Rel("differential-privacy", "extends", "approximate-dp", "DP20", "Table 3, row 1", T3),
    # SoK Table 3 row 1: "(ε, δ)-DP ⊃^≺ ε-DP"
    Rel("differential-privacy", "stronger", "approximate-dp", "DP20", "Table 3, row 1", T3),
    # SoK Table 3 row 2: "(ε, δ)-DP ∼ (ε, δ)-ProDP"
    Rel("probabilistic-dp", "equivalent", "approximate-dp", "DP20", "Table 3, row 2", T3),
    # SoK Table 3 row 3: "(ε, δ_p)-ProDP ⊂^≻ (ε, δ_a, δ_p)-RelDP"
    Rel("probabilistic-dp", "extends", "relaxed-dp", "DP20", "Table 3, row 3", T3),
    # SoK Table 3 row 3: "(ε, δ_a)-DP ⊂^≻ (ε, δ_a, δ_p)-RelDP"
    Rel("approximate-dp", "stronger", "relaxed-dp", "DP20", "Table 3, row 3", T3),
    # SoK Table 3 row 4: "(ε, δ)-DP ≺ ε-KLPPr ≺ ε-DP"
    Rel("kl-privacy", "stronger", "approximate-dp", "DP20", "Table 3, row 4", T3),
    # SoK Table 3 row 4: "(ε, δ)-DP ≺ ε-KLPPr ≺ ε-DP"
    Rel("differential-privacy", "stronger", "kl-privacy", "DP20", "Table 3, row 4", T3),
    # SoK Table 3 row 5: "ε-KLPPr ⊂^≺ (α, ε)-RényiDP ⊃^≺ ε-DP"
    Rel("kl-privacy", "extends", "renyi-dp", "DP20", "Table 3, row 5", T3),
    # SoK Table 3 row 5: "ε-KLPPr ⊂^≺ (α, ε)-RényiDP ⊃^≺ ε-DP"
    Rel("renyi-dp", "stronger", "kl-privacy", "DP20", "Table 3, row 5", T3),
    # SoK Table 3 row 5: "ε-KLPPr ⊂^≺ (α, ε)-RényiDP ⊃^≺ ε-DP"
    Rel("renyi-dp", "weaker", "differential-privacy", "DP20", "Table 3, row 5", T3),
    # SoK Table 3 row 7: "(ξ, ρ)-zCoDP ∼ (μ, τ)-mCoDP"
    Rel("zero-concentrated-dp", "equivalent", "mean-concentrated-dp", "DP20", "Table 3, row 7", T3),
    # SoK Table 3 row 10: "(η, τ)-TCoDP^[Col16] ∼ ε-DP"
    Rel(
        "truncated-concentrated-dp-col16",
        "equivalent",
        "differential-privacy",
        "DP20",
        "Table 3, row 10",
        T3,
    ),
    # SoK Table 3 row 14: "(H, f, ε)-CDBDP ⊂^≺ (f, ε)-DivDP"
    Rel("capacity-bounded-dp", "extends", "divergence-dp", "DP20", "Table 3, row 14", T3),
    # SoK Table 3 row 14: "(H, f, ε)-CDBDP ⊂^≺ (f, ε)-DivDP"
    Rel("capacity-bounded-dp", "weaker", "divergence-dp", "DP20", "Table 3, row 14", T3),
    # SoK Table 3 row 15: "ε-DP ∼ ε-uBoDP ⊂^∼ (c, ε)-GrDP"
    Rel("differential-privacy", "equivalent", "unbounded-dp", "DP20", "Table 3, row 15", T3),
    # SoK Table 3 row 15: "ε-DP ∼ ε-uBoDP ⊂^∼ (c, ε)-GrDP"
    Rel("unbounded-dp", "extends", "group-dp", "DP20", "Table 3, row 15", T3),
    # SoK Table 3 row 16: "ε-BoDP ≺ ε-DP"
    Rel("bounded-dp", "weaker", "differential-privacy", "DP20", "Table 3, row 16", T3),
    # SoK Table 3 row 19: "ε-ClDP ≻ ε-DP"
    Rel("client-dp", "stronger", "differential-privacy", "DP20", "Table 3, row 19", T3),
    # SoK Table 3 row 20: "ε-ClDP ≻ ε-EIDP ≻ ε-DP"
    Rel("client-dp", "stronger", "element-dp", "DP20", "Table 3, row 20", T3),
    # SoK Table 3 row 20: "ε-ClDP ≻ ε-EIDP ≻ ε-DP"
    Rel("element-dp", "stronger", "differential-privacy", "DP20", "Table 3, row 20", T3),
    # SoK Table 3 row 21: "(c, ε)-GrDP ⊃^∼ ε-DP"
    Rel("group-dp", "extended_by", "differential-privacy", "DP20", "Table 3, row 21", T3),
    # SoK Table 3 row 21: "(c, ε)-GrDP ⊃^∼ ε-DP"
    Rel("group-dp", "equivalent", "differential-privacy", "DP20", "Table 3, row 21", T3),
    # SoK Table 3 row 22: "(R, c, ε)-DepDP ⊃ (c, ε)-GrDP"
    Rel("dependent-dp", "extended_by", "group-dp", "DP20", "Table 3, row 22", T3),
    # SoK Table 3 row 26: "ε-FLPr ≻ all def. in ℕ"
    Rel("free-lunch-privacy", "stronger", "set:N:all", "DP20", "Table 3, row 26", T3),
    # SoK Table 3 row 34: "(G, ℐ_Q, ε)-BFPr ⊂ (ℛ, ε)-GcDP"
    Rel("blowfish-privacy", "extends", "generic-dp-km11", "DP20", "Table 3, row 34", T3),
    # SoK Table 3 row 40: "(π, γ, ε)-RandDP ⊃^≺ ε-DP"
    Rel("random-dp", "extended_by", "differential-privacy", "DP20", "Table 3, row 40", T3),
    # SoK Table 3 row 40: "(π, γ, ε)-RandDP ⊃^≺ ε-DP"
    Rel("random-dp", "weaker", "differential-privacy", "DP20", "Table 3, row 40", T3),
    # SoK Table 3 row 41: "ε-DP ⊂ d_𝒟-Pr"
    Rel("differential-privacy", "extends", "d-privacy", "DP20", "Table 3, row 41", T3),
    # SoK Table 3 row 52: "(Θ, ε)-CausDP ⊃ ≺ ε-DP" (superscript lost in the extraction)
    Rel("causal-dp", "weaker", "differential-privacy", "DP20", "Table 3, row 52", T3),
    # SoK Table 3 row 56: "(Θ, ε)-NPr ⊂ (Θ, Φ, ε)-PFPr ⊃ (ℛ, ε)-GcDP"
    Rel("noiseless-privacy-bbg11", "extends", "pufferfish-privacy", "DP20", "Table 3, row 56", T3),
    # SoK Table 3 row 56: "(Θ, ε)-NPr ⊂ (Θ, Φ, ε)-PFPr ⊃ (ℛ, ε)-GcDP"
    Rel("pufferfish-privacy", "extended_by", "generic-dp-km11", "DP20", "Table 3, row 56", T3),
    # SoK Table 3 row 64: "ε-IndPr ∼ ε-DP"
    Rel(
        "indistinguishable-privacy",
        "equivalent",
        "differential-privacy",
        "DP20",
        "Table 3, row 64",
        T3,
    ),
    # SoK Table 3 row 68: "GaussDP ⊂ f-DP"
    Rel("gaussian-dp", "extends", "f-dp", "DP20", "Table 3, row 68", T3),
    # SoK Table 3 row 71: "(Θ, ε)-ANPr ∼ (Θ, ε)-NPr"
    Rel(
        "aposteriori-noiseless-privacy",
        "equivalent",
        "noiseless-privacy-bbg11",
        "DP20",
        "Table 3, row 71",
        T3,
    ),
    # SoK Table 3 row 76: "(Θ, ε)-InfPr ≻ ε-DP" (refuted by rule V1: a Θ of point masses)
    Rel(
        "information-privacy-dpcf12",
        "stronger",
        "differential-privacy",
        "DP20",
        "Table 3, row 76",
        T3,
        refuted=True,
    ),
    # SoK Table 3 row 77: "(Agg, ε)-ZKPr ≻ ε-DP"
    Rel(
        "zero-knowledge-privacy", "stronger", "differential-privacy", "DP20", "Table 3, row 77", T3
    ),
    # SoK Table 3 row 79: "(P, ε)-BLDP ⊃ (ε, δ)-DP"
    Rel("bounded-leakage-dp", "extended_by", "approximate-dp", "DP20", "Table 3, row 79", T3),
    # SoK Table 3 row 82: "(Θ, ε)-DDP ≻ (Θ, Γ, ε, δ)-IBDDP ⊂ (Θ, Γ, ε, δ)-IBCWPPr"
    Rel(
        "distributional-dp",
        "stronger",
        "inference-distributional-dp",
        "DP20",
        "Table 3, row 82",
        T3,
    ),
    # SoK Table 3 row 82: "(Θ, ε)-DDP ≻ (Θ, Γ, ε, δ)-IBDDP ⊂ (Θ, Γ, ε, δ)-IBCWPPr"
    Rel(
        "inference-distributional-dp",
        "extends",
        "inference-coupled-worlds-privacy",
        "DP20",
        "Table 3, row 82",
        T3,
    ),
    # SoK Table 3 row 84: "ε_κ-SimCDP ≺ ε-DP"
    Rel("sim-computational-dp", "weaker", "differential-privacy", "DP20", "Table 3, row 84", T3),
    # SoK Table 3 row 85: "ε_κ-IndCDP ≺ ε_κ-SimCDP"
    Rel("ind-computational-dp", "weaker", "sim-computational-dp", "DP20", "Table 3, row 85", T3),
    # SoK Table 3 row 88: "(ε, δ)-RLDP ⊂ (ε, δ, f)-OCDP"
    Rel("dp-for-record-linkage", "extends", "output-constrained-dp", "DP20", "Table 3, row 88", T3),
    # ---- SoK, text -------------------------------------------------------------
    # SoK Section 3.2: "This definition can be naturally extended by continuity to α = 1
    # (where it is equivalent to ε-KL privacy) and α = ∞ (where it is equivalent to ε-DP)."
    Rel(
        "differential-privacy",
        "extends",
        "renyi-dp",
        "DP20",
        "Section 3.2",
        SOK,
        {"alpha": "inf", "epsilon": "epsilon"},
    ),
    # SoK Section 3.2: "This definition can be naturally extended by continuity to α = 1
    # (where it is equivalent to ε-KL privacy) and α = ∞ (where it is equivalent to ε-DP)."
    Rel(
        "kl-privacy",
        "extends",
        "renyi-dp",
        "DP20",
        "Section 3.2",
        SOK,
        {"alpha": "1", "epsilon": "epsilon"},
    ),
    # SoK Section 3.1: "It is straightforward to show that (ε, δ)-ProDP is stronger than
    # (ε, δ)-DP (with no change in parameters)"
    Rel(
        "probabilistic-dp",
        "stronger",
        "approximate-dp",
        "DP20",
        "Section 3.1",
        SOK,
        {"epsilon": "epsilon", "delta": "delta"},
    ),
    # SoK Section 3.3: "(ξ, ρ)-zCoDP is the same as the condition “(ξ + ρα)-RénDP for all α > 0”"
    Rel(
        "zero-concentrated-dp",
        "stronger",
        "renyi-dp",
        "DP20",
        "Section 3.3",
        SOK,
        {"epsilon": "xi + rho * alpha"},
    ),
    # SoK Section 3.3, Theorem: "ε-DP ⟹ (0, ε²/2)-zCoDP (Lemma 8.3 in [BS16])"
    Rel(
        "differential-privacy",
        "stronger",
        "zero-concentrated-dp",
        "BS16",
        "Lemma 8.3",
        SOK,
        {"xi": "0", "rho": "epsilon**2 / 2"},
    ),
    # SoK Section 3.3, Theorem: "ε-DP ⟹ (ε(e^ε − 1)/2, ε)-mCoDP (Theorem 3.5 in [DR16])"
    Rel(
        "differential-privacy",
        "stronger",
        "mean-concentrated-dp",
        "DR16",
        "Theorem 3.5",
        SOK,
        {"mu": "epsilon * (exp(epsilon) - 1) / 2", "tau": "epsilon"},
    ),
    # SoK Section 3.3, Theorem: "(μ, τ)-mCoDP ⟹ (μ − τ²/2, τ²/2)-zCoDP (Lemma 4.2 in [BS16])"
    Rel(
        "mean-concentrated-dp",
        "stronger",
        "zero-concentrated-dp",
        "BS16",
        "Lemma 4.2",
        SOK,
        {"xi": "mu - tau**2 / 2", "rho": "tau**2 / 2"},
    ),
    # SoK Section 4.1: "In [KM11], authors show that ε-unbounded DP implies 2ε-bounded DP"
    Rel(
        "unbounded-dp",
        "stronger",
        "bounded-dp",
        "DP20",
        "Section 4.1",
        SOK,
        {"epsilon": "2 * epsilon"},
    ),
    # SoK Section 4.1 (after Definition 15): "When P = 𝒯, this is equivalent to bounded DP."
    Rel("bounded-dp", "extends", "one-sided-dp", "DP20", "Section 4.1", SOK),
    # SoK Section 4.1 (after Definition 16): "Note that when R is the empty relation, or when
    # c = 1, this definition is equivalent to bounded DP"
    Rel(
        "bounded-dp",
        "extends",
        "dependent-dp",
        "DP20",
        "Section 4.1",
        SOK,
        {"c": "1", "epsilon": "epsilon"},
    ),
    # SoK Section 4.4: "a mechanism satisfies ε-bounded DP if and only if satisfies
    # (K, ℐ_n, ε)-blowfish privacy, where K is the complete graph"
    Rel("bounded-dp", "extends", "blowfish-privacy", "DP20", "Section 4.4", SOK),
    # SoK Section 5.3: "When d_𝒟 is proportional to the Hamiltonian difference between
    # datasets, this is equivalent to ε-DP."
    Rel("differential-privacy", "extends", "d-privacy", "DP20", "Section 5.3", SOK),
    # SoK Section 7.2: "indistinguishable privacy (IndPr), an equivalent reformulation of
    # differential privacy defined in [LXL13]"
    Rel(
        "indistinguishable-privacy",
        "equivalent",
        "differential-privacy",
        "DP20",
        "Section 7.2",
        SOK,
    ),
    # SoK Section 8.2: "In [GLP11], authors show that (Agg, ε)-ZKPr implies 2ε-DP for any Agg"
    Rel(
        "zero-knowledge-privacy",
        "stronger",
        "differential-privacy",
        "DP20",
        "Section 8.2",
        SOK,
        {"epsilon": "2 * epsilon"},
    ),
    # SoK Section 8.3: "A special case of coupled-worlds privacy is also introduced in
    # [BGKS13] as distributional DP"
    Rel("distributional-dp", "extends", "coupled-worlds-privacy", "DP20", "Section 8.3", SOK),
    # SoK Section 9: "In [MPRV09], the authors show that ε_κ-SimCDP implies ε_κ-IndCDP."
    Rel(
        "sim-computational-dp",
        "stronger",
        "ind-computational-dp",
        "DP20",
        "Section 9",
        SOK,
        {"epsilon_kappa": "epsilon_kappa"},
    ),
    # ---- DMKB19 (seed 001) ----------------------------------------------------
    # DMKB19 Section 2.2: "if a mechanism M is (Θ, ε)-CDP, then it is also (Θ, ε)-DDP"
    Rel(
        "causal-dp",
        "stronger",
        "distributional-dp",
        "DMKB19",
        "Section 2.2",
        DMKB19,
        {"Theta": "Theta", "epsilon": "epsilon"},
    ),
    # DMKB19 Section 2.2, Proposition 1: "(Θ, ε)-CDP implies (Θ, 2ε)-IBCDP, and
    # (Θ, ε)-IBCDP implies (Θ, 2ε)-CDP."
    Rel(
        "causal-dp",
        "stronger",
        "inference-based-causal-dp",
        "DMKB19",
        "Proposition 1",
        DMKB19,
        {"Theta": "Theta", "epsilon": "2 * epsilon"},
    ),
    # DMKB19 Section 2.2, Proposition 1: "(Θ, ε)-CDP implies (Θ, 2ε)-IBCDP, and
    # (Θ, ε)-IBCDP implies (Θ, 2ε)-CDP."
    Rel(
        "inference-based-causal-dp",
        "stronger",
        "causal-dp",
        "DMKB19",
        "Proposition 1",
        DMKB19,
        {"Theta": "Theta", "epsilon": "2 * epsilon"},
    ),
    # DMKB19 Section 2.2: "Example 1 shows that CDP is not stronger than NP."
    Rel("causal-dp", "not_stronger", "noiseless-privacy-bbg11", "DMKB19", "Section 2.2", DMKB19),
    # DMKB19 Section 3.4, Theorem 1: "As an immediate consequence, if M is (Θ, ε, δ)-APKDP,
    # then it is also (Θ, ε, δ)-PPKDP."
    Rel(
        "active-pk-dp",
        "stronger",
        "passive-pk-dp",
        "DMKB19",
        "Theorem 1",
        DMKB19,
        {"Theta": "Theta", "epsilon": "epsilon", "delta": "delta"},
    ),
    # DMKB19 Section 3.4, Theorem 1: "Further, (Θ, ε)-PPKDP and (Θ, ε)-APKDP are equivalent."
    Rel("passive-pk-dp", "equivalent", "active-pk-dp", "DMKB19", "Theorem 1", DMKB19),
    # DMKB19 Section 1.2: "Pufferfish privacy [KM12] can be seen as a generalization of
    # noiseless privacy"
    Rel(
        "noiseless-privacy-bbg11",
        "extends",
        "pufferfish-privacy",
        "DMKB19",
        "Section 1.2",
        DMKB19,
    ),
    # ---- KS14 (seed 002) -------------------------------------------------------
    # KS14 Theorem 2.2: "For 0 < ϵ ≤ 0.45, ϵ/2-semantic privacy implies 3ϵ-differential privacy."
    Rel(
        "semantic-privacy",
        "stronger",
        "differential-privacy",
        "KS14",
        "Theorem 2.2",
        KS14,
        {"epsilon": "6 * epsilon"},
    ),
    # KS14 Theorem 2.2 (restated): "ϵ/2-differential privacy implies ϵ̄-semantic privacy,
    # where ϵ̄ = e^ϵ − 1."
    Rel(
        "differential-privacy",
        "stronger",
        "semantic-privacy",
        "KS14",
        "Theorem 2.2 (restated)",
        KS14,
        {"epsilon": "exp(2 * epsilon) - 1"},
    ),
    # KS14 Theorem 2.4 (2): "If ϵ, δ > 0 and ϵ ≤ 0.45, then (ϵ, δ)-semantic privacy implies
    # (3ϵ, 2δ)-differential privacy." Refuted by `dptax verify` on randomized response
    # (issue 22): kept as printed, disputed.
    Rel(
        "epsilon-delta-semantic-privacy",
        "stronger",
        "approximate-dp",
        "KS14",
        "Theorem 2.4 (2)",
        KS14,
        {"epsilon": "3 * epsilon", "delta": "2 * delta"},
        disputed=True,
    ),
    # KS14 Theorem 2.4 (1): "If ϵ, δ > 0 and δ < ϵ²/n, then (ϵ, δ)-differential privacy
    # implies (ϵ′, δ′)-semantic privacy on databases of size n"
    Rel(
        "approximate-dp",
        "stronger",
        "epsilon-delta-semantic-privacy",
        "KS14",
        "Theorem 2.4 (1)",
        KS14,
    ),
    # KS14 Section 2: "We can extend the previous Bayesian formulation to capture situations
    # where bad events can occur with some negligible probability. Specifically, we formulate
    # (ϵ, δ)-semantic privacy"
    Rel(
        "semantic-privacy",
        "extends",
        "epsilon-delta-semantic-privacy",
        "KS14",
        "Section 2",
        KS14,
        {"epsilon": "epsilon", "delta": "0"},
    ),
    # ---- LPT+22 (seed 003) -----------------------------------------------------
    # LPT+22 Table 6, row [19,26]: "ε-local information privacy ⇒ 2ε-LDP ε-LDP ⇒ ε-local
    # information privacy"
    Rel(
        "localized-information-privacy",
        "stronger",
        "local-dp",
        "LPT+22",
        "Table 6, row [19,26]",
        LPT22,
        {"epsilon": "2 * epsilon"},
    ),
    # LPT+22 Table 6, row [19,26]: "ε-local information privacy ⇒ 2ε-LDP ε-LDP ⇒ ε-local
    # information privacy"
    Rel(
        "local-dp",
        "stronger",
        "localized-information-privacy",
        "LPT+22",
        "[19,26]",
        LPT22,
        {"epsilon": "epsilon"},
    ),
    # LPT+22 Table 6, row [21]: "ε-SRLIP ⇒ ε-local information privacy"
    Rel(
        "side-channel-resistant-local-information-privacy",
        "stronger",
        "localized-information-privacy",
        "LPT+22",
        "Table 6, row [21]",
        LPT22,
        {"epsilon": "epsilon"},
    ),
    # LPT+22 Table 6, row [12,19]: "ε-local information privacy ⇒ ε-mutual-information privacy"
    Rel(
        "localized-information-privacy",
        "stronger",
        "mutual-information-privacy-wyz16",
        "LPT+22",
        "Table 6, row [12,19]",
        LPT22,
        {"epsilon": "epsilon"},
    ),
    # LPT+22 Table 4, row (α, ε)-RDP [11]: "If M is (α, ε)-RDP, then it also satisfies
    # (ε + log(1/δ)/(α−1), δ)-DP."
    Rel(
        "renyi-dp",
        "stronger",
        "approximate-dp",
        "LPT+22",
        "Table 4",
        LPT22,
        {"epsilon": "epsilon + log(1 / delta) / (alpha - 1)"},
    ),
    # LPT+22 Table 4, row (α, ε)-RDP [11]: "If M is ε-DP, then M is (α, ½ε²α)-RDP [23]."
    Rel(
        "differential-privacy",
        "stronger",
        "renyi-dp",
        "LPT+22",
        "Table 4",
        LPT22,
        {"epsilon": "epsilon**2 * alpha / 2"},
    ),
    # LPT+22 Section 4.2: "When H is the class of all functions and Γ is the Rényi divergence,
    # this definition reduced to RDP. [...] Thus, capacity bounded DP is a generalization of RDP."
    Rel("renyi-dp", "extends", "capacity-bounded-dp", "LPT+22", "Section 4.2", LPT22),
    # LPT+22 Table 5, row [13]: "ε-DP ⇒ ε-mutual information DP ⇒ (ε, δ)-DP"
    Rel(
        "differential-privacy",
        "stronger",
        "mutual-information-dp",
        "LPT+22",
        "Table 5, row [13]",
        LPT22,
        {"epsilon": "epsilon"},
    ),
    # LPT+22 Table 5, row [13]: "ε-DP ⇒ ε-mutual information DP ⇒ (ε, δ)-DP"
    Rel(
        "mutual-information-dp", "stronger", "approximate-dp", "LPT+22", "Table 5, row [13]", LPT22
    ),
    # LPT+22 Table 5, row [26]: "ε-information privacy ⇒ 2ε-DP" (refuted by rule V1: a
    # point-mass prior)
    Rel(
        "information-privacy-dpcf12",
        "stronger",
        "differential-privacy",
        "LPT+22",
        "Table 5, row [26]",
        LPT22,
        refuted=True,
    ),
    # LPT+22 Table 5, row [27]: "ε-strong DP ⇒ ε-information privacy"
    Rel(
        "strong-dp-mf13",
        "stronger",
        "information-privacy-dpcf12",
        "LPT+22",
        "Table 5, row [27]",
        LPT22,
        {"epsilon": "epsilon"},
    ),
    # LPT+22 Table 5, row [27]: "ε-information privacy ⇒ 2ε-strong DP"
    Rel(
        "information-privacy-dpcf12",
        "stronger",
        "strong-dp-mf13",
        "LPT+22",
        "Table 5, row [27]",
        LPT22,
        {"epsilon": "2 * epsilon"},
    ),
    # LPT+22 Table 5, row [12]: "ε-identifiability ⇒ [ε − max ln p(x)/p(x′), ε]-DP"
    Rel(
        "identifiability", "stronger", "differential-privacy", "LPT+22", "Table 5, row [12]", LPT22
    ),
    # LPT+22 Section 2.1, Definition 2 (LDP): "If δ = 0, then M is ε-LDP."
    Rel(
        "local-dp",
        "extends",
        "approximate-local-dp",
        "LPT+22",
        "Definition 2",
        LPT22,
        {"epsilon": "epsilon", "delta": "0"},
    ),
    # ---- WXH17 (seed 004) ------------------------------------------------------
    # WXH17 Section 3, Proposition 2: "ϵ-inferential privacy ⇒_a ϵ-information privacy ⇒_b
    # ϵ-relative entropy privacy ⇒_c ϵ-mutual information privacy."
    Rel(
        "inferential-privacy",
        "stronger",
        "information-privacy-wxh17",
        "WXH17",
        "Proposition 2",
        WXH17,
    ),
    # WXH17 Section 3, Proposition 2: "ϵ-inferential privacy ⇒_a ϵ-information privacy ⇒_b
    # ϵ-relative entropy privacy ⇒_c ϵ-mutual information privacy."
    Rel(
        "information-privacy-wxh17",
        "stronger",
        "relative-entropy-privacy",
        "WXH17",
        "Proposition 2",
        WXH17,
        {"Delta": "Delta", "epsilon": "epsilon"},
    ),
    # WXH17 Section 3, Proposition 2: "ϵ-inferential privacy ⇒_a ϵ-information privacy ⇒_b
    # ϵ-relative entropy privacy ⇒_c ϵ-mutual information privacy."
    Rel(
        "relative-entropy-privacy",
        "stronger",
        "mutual-information-privacy-wxh17",
        "WXH17",
        "Proposition 2",
        WXH17,
        {"Delta": "Delta", "epsilon": "epsilon"},
    ),
    # WXH17 Section 4.1, Corollary 2: "The mechanism M satisfies ϵ-information privacy with
    # respect to ℙ_1 if and only if [...] and therefore if and only if M satisfies
    # ϵ-differential privacy."
    Rel(
        "differential-privacy",
        "extends",
        "information-privacy-wxh17",
        "WXH17",
        "Corollary 2",
        WXH17,
        {"epsilon": "epsilon"},
    ),
    # WXH17 Section 7: "where I(X_i; Y|X_(i)) ≤ ϵ is proved to be weaker than ϵ-differential
    # privacy but stronger than (ϵ, δ)-differential privacy"
    Rel(
        "differential-privacy",
        "stronger",
        "mutual-information-dp",
        "WXH17",
        "Section 7",
        WXH17,
        {"epsilon": "epsilon"},
    ),
    # WXH17 Section 7: "where I(X_i; Y|X_(i)) ≤ ϵ is proved to be weaker than ϵ-differential
    # privacy but stronger than (ϵ, δ)-differential privacy"
    Rel("mutual-information-dp", "stronger", "approximate-dp", "WXH17", "Section 7", WXH17),
]

# --------------------------------------------------------------------------- properties

Y, N, U = "yes", "no", "unknown"
PP, CV, CP, PC, GP = (
    "post_processing",
    "convexity",
    "composability",
    "parallel_composition",
    "group_privacy",
)

PROPERTIES: list[Prop] = [
    # ---- SoK, Table 3 (columns 3 and 4: P.P., Cv., Cp.) ---------------------------
    # SoK Table 3 row 1: "(ε, δ)-approximate DP [DKM+06] | 𝒬 | ✓^1 | ✓^1 | ✓^13"
    Prop("approximate-dp", PP, Y, "DP20", T3),
    # SoK Table 3 row 1: "(ε, δ)-approximate DP [DKM+06] | 𝒬 | ✓^1 | ✓^1 | ✓^13"
    Prop("approximate-dp", CP, Y, "DKM+06", T3),
    # SoK Table 3 row 2: "(ε, δ)-probabilistic DP [Mei18] | 𝒬 | χ^13 | χ^2 | ✓^13"
    Prop("probabilistic-dp", PP, N, "Mei18", T3),
    # SoK Table 3 row 2: "(ε, δ)-probabilistic DP [Mei18] | 𝒬 | χ^13 | χ^2 | ✓^13"
    Prop("probabilistic-dp", CV, N, "DP20", T3),
    # SoK Table 3 row 4: "ε-Kullback-Leiber Pr [CY16] | 𝒬 | ✓^1 | ✓^1 | ✓^13"
    Prop("kl-privacy", CV, Y, "DP20", T3),
    # SoK Table 3 row 4: "ε-Kullback-Leiber Pr [CY16] | 𝒬 | ✓^1 | ✓^1 | ✓^13"
    Prop("kl-privacy", CP, Y, "CY16", T3),
    # SoK Table 3 row 5: "(α, ε)-Rényi DP [Mir17] | 𝒬 | ✓^1 | ✓^1 | ✓^13"
    Prop("renyi-dp", PP, Y, "DP20", T3),
    # SoK Table 3 row 5: "(α, ε)-Rényi DP [Mir17] | 𝒬 | ✓^1 | ✓^1 | ✓^13"
    Prop("renyi-dp", CP, Y, "Mir17", T3),
    # SoK Table 3 row 6: "(μ, τ)-mean concentrated DP [DR16] | 𝒬 | χ^13 | ? | ✓^13"
    Prop("mean-concentrated-dp", PP, N, "DR16", T3),
    # SoK Table 3 row 6: "(μ, τ)-mean concentrated DP [DR16] | 𝒬 | χ^13 | ? | ✓^13"
    Prop("mean-concentrated-dp", CV, U, "DP20", T3),
    # SoK Table 3 row 12: "(f, ε)-divergence DP [BD14] | 𝒬 | ✓^1 | ✓^1 | ?"
    Prop("divergence-dp", CP, U, "DP20", T3),
    # SoK Table 3 row 15: "ε-unbounded DP [KM11] | ℕ | ✓^13 | ✓^13 | ✓^7"
    Prop("unbounded-dp", PP, Y, "KM11", T3),
    # SoK Table 3 row 15: "ε-unbounded DP [KM11] | ℕ | ✓^13 | ✓^13 | ✓^7"
    Prop("unbounded-dp", CP, Y, "DP20", T3),
    # SoK Table 3 row 19: "ε-client DP [MRTZ18] | ℕ | ✓^13 | ✓^13 | ✓^7"
    Prop("client-dp", PP, Y, "MRTZ18", T3),
    # SoK Table 3 row 35: "Ψ-personalized DP [JYC15] | 𝕍 | ✓^3 | ✓^3 | ✓^7"
    Prop("personalized-dp", CV, Y, "DP20", T3),
    # SoK Table 3 row 35: "Ψ-personalized DP [JYC15] | 𝕍 | ✓^3 | ✓^3 | ✓^7"
    Prop("personalized-dp", CP, Y, "DP20", T3),
    # SoK Table 3 row 40: "(π, γ, ε)-random DP [HWR13] | 𝕍 | ? | χ^4 | ✓^13"
    Prop("random-dp", PP, U, "DP20", T3),
    # SoK Table 3 row 40: "(π, γ, ε)-random DP [HWR13] | 𝕍 | ? | χ^4 | ✓^13"
    Prop("random-dp", CV, N, "DP20", T3),
    # SoK Table 3 row 45: "(Θ, ε)-on average KL Pr [WLF16] | Q, V | ✓^13 | ? | ?^14"
    Prop("on-average-kl-privacy", CP, U, "DP20", T3),
    # SoK Table 3 row 46: "(π, ε, δ)-Bayesian DP [TF20] | Q, V | ✓^13 | χ^4 | ✓^7"
    Prop("bayesian-dp-tf20", CV, N, "DP20", T3),
    # SoK Table 3 row 50: "(ℛ, q)-abstract DP [KL10] | Q, N, V | χ^13 | χ^13 | ?"
    Prop("abstract-dp", PP, N, "KL10", T3),
    # SoK Table 3 row 51: "(Θ, ε)-noiseless Pr [BBG+11] | B | ✓^13 | ✓^13 | χ^8"
    Prop("noiseless-privacy-bbg11", CP, N, "DP20", T3),
    # SoK Table 3 row 52: "(Θ, ε)-causal DP [DMKB19] | B | ✓^13 | ✓^13 | χ^8"
    Prop("causal-dp", PP, Y, "DMKB19", T3),
    # SoK Table 3 row 60: "(Θ, ε, δ)-probabilistic DnPr [KM19b] | Q, N, B | χ^13 | χ^2 | χ^8"
    Prop("probabilistic-distribution-privacy", CV, N, "DP20", T3),
    # SoK Table 3 row 64: "ε-indistinguishable Pr [LXL13] | F | ✓^12 | ✓^12 | ✓^12"
    Prop("indistinguishable-privacy", PP, Y, "DP20", T3),
    # SoK Table 3 row 65: "ε-semantic Pr [GKS08, KS14] | F | ? | ? | ?"
    Prop("semantic-privacy", PP, U, "DP20", T3),
    # SoK Table 3 row 68: "Gaussian DP [DRS21] | Q, F | ✓^13 | ? | ✓^13"
    Prop("gaussian-dp", CV, U, "DP20", T3),
    # SoK Table 3 row 71: "(Θ, ε)-aposteriori noiseless Pr [BBG+11] | ℬ, ℱ | ✓^5 | ✓^5 | ?"
    Prop("aposteriori-noiseless-privacy", PP, Y, "DP20", T3),
    # SoK Table 3 row 72: "(Θ, ε)-positive membership Pr [LQS+13] | ℬ, ℱ | ✓^5 | ✓^5 | ×^8"
    Prop("positive-membership-privacy", CP, N, "DP20", T3),
    # SoK Table 3 row 77: "(Agg, ε)-zero-knowledge Pr [GLP11] | ℛ | ✓^13 | ✓^13 | ?^14"
    Prop("zero-knowledge-privacy", CP, U, "DP20", T3),
    # SoK Table 3 row 78: "(𝒫_ν, ε, δ)-subspace DP [GGY21] | 𝒬, ℛ | ?^14 | ? | ✓^13"
    Prop("subspace-dp", PP, U, "DP20", T3),
    # SoK Table 3 row 80: "(Θ, Γ, ε)-coupled-worlds Pr [BGKS13] | 𝒩, ℬ, ℛ | ✓^13 | ✓^13 | ×^3"
    Prop("coupled-worlds-privacy", CP, N, "DP20", T3),
    # SoK Table 3 row 84: "ε_κ-SIM-computational DP [MPRV09] | 𝒞 | ✓^6 | ✓^6 | ✓^15"
    Prop("sim-computational-dp", PP, Y, "DP20", T3),
    # SoK Table 3 row 84: "ε_κ-SIM-computational DP [MPRV09] | 𝒞 | ✓^6 | ✓^6 | ✓^15"
    Prop("sim-computational-dp", CP, Y, "DP20", T3),
    # SoK Table 3 row 86: "(Agg, ε)-computational ZK Pr [GLP11] | ℛ, 𝒞 | ✓^6 | ✓^6 | ?"
    Prop("computational-zero-knowledge-privacy", CP, U, "DP20", T3),
    # ---- SoK, text -------------------------------------------------------------
    # SoK Section 2.3: "Most differential privacy variants and extensions, including the
    # original definition of DP, satisfy these axioms, although some do not."
    Prop("differential-privacy", PP, Y, "DP20", SOK),
    # SoK Section 2.3: "Most differential privacy variants and extensions, including the
    # original definition of DP, satisfy these axioms, although some do not."
    Prop("differential-privacy", CV, Y, "DP20", SOK),
    # SoK Section 2.3, Theorem (Sequential composition [Dwo06]): "Then the mechanism M defined
    # by M(D) = (M_1(D), M_2(D)) is (ε_1 + ε_2)-differentially private."
    Prop("differential-privacy", CP, Y, "DP20", SOK),
    # SoK Section 2.3, Theorem (Parallel composition [Dwo06]): "Then the mechanism M defined by
    # M(D) = (M_1(D_1), M_2(D_2)) is max(ε_1, ε_2)-differentially private."
    Prop("differential-privacy", PC, Y, "DP20", SOK),
    # SoK Section 10.1, Proposition 1: "All instantiations of DivDP satisfy both privacy
    # axioms. In particular, approximate DP, MIDP, KLPr, RenDP, and zCoDP satisfy both axioms."
    Prop("mutual-information-dp", PP, Y, "DP20", SOK),
    # SoK Section 10.1, Proposition 1: "All instantiations of DivDP satisfy both privacy
    # axioms. In particular, approximate DP, MIDP, KLPr, RenDP, and zCoDP satisfy both axioms."
    Prop("mutual-information-dp", CV, Y, "DP20", SOK),
    # SoK Section 10.1, Proposition 2: "ProDP and ACoDP do not satisfy the convexity axiom."
    Prop("approximate-concentrated-dp", CV, N, "DP20", SOK),
    # SoK Section 10.1, Proposition 5: "As a direct corollary, InfPr also satisfies both axioms."
    Prop("information-privacy-dpcf12", PP, Y, "DP20", SOK),
    # SoK Section 10.1, Proposition 5: "As a direct corollary, InfPr also satisfies both axioms."
    Prop("information-privacy-dpcf12", CV, Y, "DP20", SOK),
    # ---- DMKB19 (seed 001) ----------------------------------------------------
    # DMKB19 Section 3.4, Proposition 5: "PPKDP satisfies the post-processing axiom"
    Prop("passive-pk-dp", PP, Y, "DMKB19", DMKB19),
    # DMKB19 Section 3.4, Proposition 5: "It also satisfies the convexity axiom"
    Prop("passive-pk-dp", CV, Y, "DMKB19", DMKB19),
    # DMKB19 Section 3.4, after Proposition 5: "APKDP also satisfies these axioms."
    Prop("active-pk-dp", PP, Y, "DMKB19", DMKB19),
    # DMKB19 Section 3.4, after Proposition 5: "APKDP also satisfies these axioms."
    Prop("active-pk-dp", CV, Y, "DMKB19", DMKB19),
    # ---- LPT+22 (seed 003) -----------------------------------------------------
    # LPT+22 Section 6: "Therefore, LDP also has the properties of post-processing, convexity,
    # group privacy, and sequential composition, and parallel composition."
    Prop("local-dp", PP, Y, "LPT+22", LPT22),
    # LPT+22 Section 6: "Therefore, LDP also has the properties of post-processing, convexity,
    # group privacy, and sequential composition, and parallel composition."
    Prop("local-dp", CV, Y, "LPT+22", LPT22),
    # LPT+22 Section 6: "Therefore, LDP also has the properties of post-processing, convexity,
    # group privacy, and sequential composition, and parallel composition."
    Prop("local-dp", CP, Y, "LPT+22", LPT22),
    # LPT+22 Section 6: "Therefore, LDP also has the properties of post-processing, convexity,
    # group privacy, and sequential composition, and parallel composition."
    Prop("local-dp", PC, Y, "LPT+22", LPT22),
    # LPT+22 Section 6: "Therefore, LDP also has the properties of post-processing, convexity,
    # group privacy, and sequential composition, and parallel composition."
    Prop("local-dp", GP, Y, "LPT+22", LPT22),
    # LPT+22 Table 11, row [11] (RDP), Group privacy: "If M : x → R is (α, ε)-RDP, g : x′ → x
    # is 2^c-stable and α ≥ 2^{c+1}, then M ∘ g is (α/2^c, 3^c ε)-RDP."
    Prop("renyi-dp", GP, Y, "LPT+22", LPT22),
    # LPT+22 Table 11, row [25] (Capacity bounded DP), Sequential composition: "then the
    # combination (M_1, M_2) is (H, Γ) capacity bounded DP with ε_1 + ε_2."
    Prop("capacity-bounded-dp", CP, Y, "LPT+22", LPT22),
    # LPT+22 Table 11, row [25] (Capacity bounded DP), Parallel composition: "then the
    # combination (M_1(x_1), M_2(x_2)) is (H, Γ) capacity bounded DP with max{ε_1, ε_2}."
    Prop("capacity-bounded-dp", PC, Y, "LPT+22", LPT22),
    # LPT+22 Table 11, row [16], Sequential composition: "ML(C_1 + C_2) ≤ ML(C_1) + ML(C_2)
    # for the sequential composition C_1 + C_2 of channels C_1 and C_2."
    Prop("maximal-leakage", CP, Y, "LPT+22", LPT22),
    # LPT+22 Table 11, row [16], Parallel composition: "ML(C_1 × C_2) = ML(C_1) + ML(C_2)
    # for the parallel composition C_1 × C_2 of channels C_1 and C_2."
    Prop("maximal-leakage", PC, Y, "LPT+22", LPT22),
    # ---- WXH17 (seed 004) ------------------------------------------------------
    # WXH17 Section 2.2, Lemma 1 (Group Privacy [18]): "Let M be an ϵ-differentially private
    # mechanism. Then max_{x,y∈𝒟,r∈ℛ:||x−y||_1≤s} Pr[M(x)=r]/Pr[M(y)=r] ≤ exp(sϵ)."
    Prop("differential-privacy", GP, Y, "WXH17", WXH17),
    # WXH17 Section 3, footnote 9 (on Proposition 3): "Currently, we can't strengthen the
    # result to be ϵ-information privacy since we can't prove the data-processing inequality
    # to the max-mutual information I_∞."
    Prop("information-privacy-wxh17", PP, U, "WXH17", WXH17),
]

# --------------------------------------------------------------------------- tests


def test_case_counts_and_spread() -> None:
    origins = {case.origin for case in RELATIONS} | {case.origin for case in PROPERTIES}
    assert origins == {T3, SOK, DMKB19, KS14, LPT22, WXH17}
    assert len(RELATIONS) >= 40
    assert len(PROPERTIES) >= 40
    assert sum(case.origin != T3 for case in RELATIONS) >= 15
    assert sum(case.origin != T3 for case in PROPERTIES) >= 10
    assert len({_rid(case) + case.at for case in RELATIONS}) == len(RELATIONS)
    assert len({_pid(case) + case.key for case in PROPERTIES}) == len(PROPERTIES)


def test_helpers() -> None:
    assert mentions("Table 3, row 19", "Table 3, row 19")
    assert not mentions("Table 3, row 19", "Table 3, row 1")
    assert mentions("Table 3, row 1, footnote 1", "Table 3, row 1")
    assert same_expression("alpha * epsilon**2 / 2", "epsilon**2*alpha/2")
    assert not same_expression("2 * epsilon", "epsilon")
    assert same_map({"epsilon": "2 * epsilon"}, {"epsilon": "2*epsilon"})
    assert not same_map(None, {"epsilon": "epsilon"})


@pytest.mark.parametrize("case", RELATIONS, ids=[_rid(c) for c in RELATIONS])
def test_relation(catalog: Catalog, case: Rel) -> None:
    for side in (case.a, case.b):
        assert side.startswith("set:") or side in catalog.definitions, side
    stated = find_relations(catalog, case.a, case.kind, case.b)
    assert stated, f"no relation {case.a} {case.kind} {case.b} in the catalog"
    cited = [
        r
        for r in stated
        if (r.status is Status.disputed) == (case.disputed or case.refuted)
        and r.citation.key == case.key
        and mentions(r.citation.at, case.at)
    ]
    if case.refuted:
        assert all(r.note and "rule V1" in r.note for r in cited), "no counterexample noted"
    assert cited, (
        f"{case.a} {case.kind} {case.b} is stated, but not cited to {case.key} at {case.at!r}: "
        + "; ".join(f"{r.citation.key} {r.citation.at} ({r.status.value})" for r in stated)
    )
    if case.pmap is not None:
        assert any(same_map(r.parameter_map, case.pmap) for r in cited), (
            f"expected parameter map {case.pmap}, found "
            + "; ".join(str(r.parameter_map) for r in cited)
        )


@pytest.mark.parametrize("case", PROPERTIES, ids=[_pid(c) for c in PROPERTIES])
def test_property(catalog: Catalog, case: Prop) -> None:
    claim = getattr(catalog.definitions[case.definition].properties, case.prop)
    assert claim is not None, f"{case.definition} records no {case.prop}"
    assert claim.value is Truth(case.value)
    assert claim.citation is not None, "the claim is not cited"
    assert claim.citation.key == case.key
