"""Consistency findings of a release description, each with its proof.

A finding is a typed record (:class:`FindingKind`) with a message, the
evidence in words, and, where the evidence is a chain of catalog facts, the
:class:`~dptaxonomy.reasoning.logic.proof.Proof` that the independent checker
(:func:`dptaxonomy.reasoning.logic.proofcheck.check_proof`) re-derives:

- ``variant_contradicts_parameters``: ε-DP stated with a δ > 0. Proof: the
  separation ¬((ε, δ)-DP ≻ ε-DP) the catalog holds, so the release is only
  (ε, δ)-DP;
- ``no_sound_conversion``: a further statement (ε at δ) that the guarantee
  cannot give, whatever the conversion: a mechanism meeting the guarantee
  exactly (the Gaussian mechanism, for ρ-zCDP with ξ = 0 and for μ-GDP) is
  certainly not (ε, δ)-DP, by its exact privacy profile in interval
  arithmetic. The least ε the catalog's maps give is shown with its proof;
- ``unsupported_by_maps``: a further statement (ε at δ, pure ε, ρ or μ)
  smaller than what every chain of the catalog's maps gives, with no witness
  refuting it (it may rest on a mechanism-specific analysis the release
  should state);
- when the guarantee is a mechanism (``guarantee: {mechanism: gaussian, …}``),
  its exact claims are the first step of every chain, the Gaussian
  mechanism's own pair is the witness, and a statement in a definition the
  mechanism violates (the Gaussian under ε-DP) is ``no_sound_conversion``;
- ``unit_not_covered``: the guarantee protects a smaller unit than the
  release claims, and no group size bridges them (:func:`~dptaxonomy.schema.settings.covers`);
- ``neighbourhood_changes_verdict``: the guarantee holds for replace-one
  neighbours and the release claims add/remove (replace-one gives no
  add/remove guarantee), or it holds for add/remove and the release claims
  replace-one without the group of two that a replacement is (SoK Section 4.1);
- ``amplification_scheme_mismatch``: amplification accounted for one sampling
  scheme while the data were sampled with another;
- ``composition_not_covered``: components composed fully adaptively or
  concurrently, which the composition theorems for parameters fixed in advance
  do not cover, with no privacy filter or odometer stated, or an adaptivity no
  composition rule the components need covers (:mod:`dptaxonomy.queries.card_compose`);
- ``total_below_composition``: the stated guarantee is below the lower bound
  of the components' composition (:mod:`dptaxonomy.queries.card_compose`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import StrEnum
from typing import Any

from dptaxonomy.base.errors import ConversionError
from dptaxonomy.base.records import record
from dptaxonomy.base.refusals import RefusalKind
from dptaxonomy.queries.convert import PARAMETER_ALIASES
from dptaxonomy.queries.convert import convert_result as convert
from dptaxonomy.reasoning.evaluators.families import Gaussian
from dptaxonomy.reasoning.jsonform import fact_data
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.proof import Proof
from dptaxonomy.reasoning.maps.intervals import sqrt
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper
from dptaxonomy.reasoning.maps.ranking import chain_proof
from dptaxonomy.schema.release import Release, parameter_text
from dptaxonomy.schema.settings import CONVENTION_TEXT, Convention, covers

__all__ = ["Finding", "FindingKind", "findings", "gaussian_least_epsilon", "proof_and_claims"]

APPROXIMATE, PURE, ZCDP, GDP, GAUSSIAN = (
    "approximate-dp",
    "differential-privacy",
    "zero-concentrated-dp",
    "gaussian-dp",
    "gaussian",
)
_BOUNDED = {PURE: ("epsilon", ()), ZCDP: ("rho", ("xi",)), GDP: ("mu", ())}
"""Definitions a further statement may be given in besides (ε, δ)-DP: the parameter checked
(an upper bound) and the parameters fixed at their stated values."""


class FindingKind(StrEnum):
    """The kinds of inconsistency a card reports."""

    variant_contradicts_parameters = "variant_contradicts_parameters"
    no_sound_conversion = "no_sound_conversion"
    unsupported_by_maps = "unsupported_by_maps"
    unit_not_covered = "unit_not_covered"
    neighbourhood_changes_verdict = "neighbourhood_changes_verdict"
    amplification_scheme_mismatch = "amplification_scheme_mismatch"
    composition_not_covered = "composition_not_covered"
    total_below_composition = "total_below_composition"


@record
class Finding:
    """One inconsistency: what is wrong, why (in words), and the chain proof if any."""

    kind: FindingKind
    message: str
    evidence: tuple[str, ...]
    proof: Proof | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind.value,
            "message": self.message,
            "evidence": list(self.evidence),
        }
        if self.proof is not None:
            data["proof"] = {
                "conclusion": self.proof.conclusion.value,
                "a": self.proof.a,
                "b": self.proof.b,
                "rules": [r.value for r in self.proof.rules],
                "steps": [fact_data(step) for step in self.proof.steps],
            }
        return data


def _gaussian_witness(source: str, given: Mapping[str, str]) -> Gaussian | None:
    """A Gaussian pair meeting the guarantee exactly (shift 1), when one is known: for the
    Gaussian mechanism as the guarantee, the mechanism's own pair."""
    if source == GAUSSIAN and "sigma" in given:
        sigma = exact(given["sigma"])
        shift = exact(given.get("sensitivity", "1"))
        return Gaussian(shift, sigma) if lower(sigma) > 0 else None
    if source == ZCDP and "rho" in given and exact(given.get("xi", "0")) == point(0.0):
        rho = exact(given["rho"])
        return Gaussian(exact("1"), 1 / sqrt(2 * rho)) if lower(rho) > 0 else None
    if source == GDP and "mu" in given:
        mu = exact(given["mu"])
        return Gaussian(exact("1"), 1 / mu) if lower(mu) > 0 else None
    return None


def gaussian_least_epsilon(pair: Gaussian, delta: IV, digits: int = 4) -> float:
    """The largest ε on a 10^-digits grid at which ``pair`` is certainly not (ε, δ)-DP.

    Its exact δ(ε) (DRS21 Section 2) decreases
    in ε, so the pair needs more than the returned ε. Bisection on the grid.
    """
    scale = 10**digits
    low, high = 0, scale
    while lower(pair.delta(exact(f"{high}e-{digits}"))) > upper(delta):
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        if lower(pair.delta(exact(f"{middle}e-{digits}"))) > upper(delta):
            low = middle
        else:
            high = middle
    return float(low / scale)


def proof_and_claims(kb: KnowledgeBase, steps: tuple[Fact, ...]) -> tuple[Proof | None, list[str]]:
    """The chain proof of ``steps`` after a mechanism's claim, and that claim in words.

    A mechanism's ``satisfies`` claim is not a relation between definitions, so the
    independent checker cannot re-derive it: it is cited, and the rest is the proof.
    """
    claims = [
        f"the mechanism's claim {s.a} ≻ {s.b} [{s.origin.citation.key}] {s.origin.citation.at} "
        f"({s.origin.location})"
        for s in steps[:1]
        if s.a not in kb.info
    ]
    rest = steps[len(claims) :]
    return (chain_proof(rest) if rest else None), claims


def _pure_with_delta(kb: KnowledgeBase, source: str, given: Mapping[str, str]) -> Iterator[Finding]:
    if source != PURE or "delta" not in given or exact(given["delta"]) == point(0.0):
        return
    from dptaxonomy.reasoning.logic.proofs import ProofSearch

    proof = ProofSearch(kb).not_stronger(APPROXIMATE, PURE)
    yield Finding(
        FindingKind.variant_contradicts_parameters,
        f"stated as pure ε-DP with δ = {given['delta']} > 0: the parameters give only "
        f"(ε, δ)-DP, which does not imply ε'-DP for any ε'",
        (
            "ε-DP has no δ; (ε, δ)-DP with δ > 0 allows an unbounded loss with probability δ",
            "the card reads the guarantee as (ε, δ)-DP",
        ),
        proof,
    )


def _stated_epsilon(
    kb: KnowledgeBase, source: str, given: Mapping[str, str], stated: Mapping[str, str]
) -> Iterator[Finding]:
    epsilon, delta = exact(stated["epsilon"]), exact(stated["delta"])
    try:
        result = convert(kb, source, APPROXIMATE, given, {"delta": stated["delta"]})
    except ConversionError:
        result = None
    computed = None
    if result is not None:
        run = result.best.run
        assert run is not None
        computed = run.target_values["epsilon"]
        if upper(epsilon) >= lower(computed):
            return
    proof, claims = (
        proof_and_claims(kb, result.best.chain.steps) if result is not None else (None, [])
    )
    maps = (
        f"the least ε the catalog's maps give at δ = {stated['delta']} is {upper(computed):.6g} "
        f"(via {' → '.join(result.best.chain.definitions)})"
        if result is not None and computed is not None
        else f"no chain of the catalog's maps gives ε at δ = {stated['delta']}"
    )
    pair = _gaussian_witness(source, given)
    if pair is not None and lower(pair.delta(epsilon)) > upper(delta):
        needed = gaussian_least_epsilon(pair, delta)
        meets = (
            "the release's Gaussian mechanism"
            if source == GAUSSIAN
            else "the Gaussian mechanism meets it exactly and"
        )
        yield Finding(
            FindingKind.no_sound_conversion,
            f"ε = {stated['epsilon']} at δ = {stated['delta']} does not follow from the "
            f"guarantee by any sound conversion: {meets} needs ε > {needed}",
            (
                f"the Gaussian mechanism with μ = Δ/σ = {upper(pair.mu):.6g} "
                + (
                    "is the release's guarantee"
                    if source == GAUSSIAN
                    else "meets the guarantee exactly (catalog mechanism gaussian: [BS16] zCDP, "
                    "[DRS21] GDP)"
                ),
                f"its exact δ({stated['epsilon']}) ∈ [{lower(pair.delta(epsilon)):.6g}, "
                f"{upper(pair.delta(epsilon)):.6g}] > {stated['delta']} (interval arithmetic)",
                maps,
                *claims,
            ),
            proof,
        )
        return
    yield Finding(
        FindingKind.unsupported_by_maps,
        f"ε = {stated['epsilon']} at δ = {stated['delta']} is below what the catalog's maps "
        "give from the guarantee; state the analysis it comes from",
        (maps, *claims),
        proof,
    )


def _stated_bound(
    kb: KnowledgeBase, source: str, given: Mapping[str, str], target: str, stated: Mapping[str, str]
) -> Iterator[Finding]:
    """A further statement in ε-DP, zCDP or μ-GDP, checked against what the guarantee gives."""
    name, fixed_names = _BOUNDED[target]
    if name not in stated:
        return
    fixed = {k: stated.get(k, "0") for k in fixed_names}
    shown = f"{name} = {stated[name]}" + "".join(f", {k} = {v}" for k, v in fixed.items())
    try:
        result = convert(kb, source, target, given, fixed)
    except ConversionError as refused:
        violated = refused.refusal.kind is RefusalKind.mechanism_violates
        yield Finding(
            FindingKind.no_sound_conversion if violated else FindingKind.unsupported_by_maps,
            f"{target} with {shown} is stated, but "
            + ("the mechanism does not satisfy it" if violated else "no chain of maps gives it"),
            (str(refused),),
        )
        return
    run = result.best.run
    assert run is not None
    computed = run.target_values[name]
    if upper(exact(stated[name])) >= lower(computed):
        return
    proof, claims = proof_and_claims(kb, result.best.chain.steps)
    yield Finding(
        FindingKind.unsupported_by_maps,
        f"{target} with {shown} is below what the catalog's maps give from the guarantee "
        f"({name} ≤ {upper(computed):.6g}); state the analysis it comes from",
        tuple(claims) or (f"via {' → '.join(result.best.chain.definitions)}",),
        proof,
    )


def _conventions(release: Release) -> Iterator[Finding]:
    proven, claimed = release.guarantee_neighbouring, release.neighbouring
    if proven is None or proven == claimed or proven is Convention.either:
        return
    if proven is Convention.replace_one:
        reason = "replace-one neighbours give no add/remove guarantee: the data size may leak"
    else:
        reason = (
            "one replacement is a removal and an addition: the add/remove guarantee holds for "
            "replace-one neighbours only as for a group of 2 (e.g. 2ε for ε-DP)"
        )
    yield Finding(
        FindingKind.neighbourhood_changes_verdict,
        f"the guarantee is proven for {CONVENTION_TEXT[proven]}, the release claims "
        f"{CONVENTION_TEXT[claimed]}",
        (reason, "[DP20] Section 4.1 (bounded and unbounded DP, after [KM11])"),
    )


def _units(release: Release) -> Iterator[Finding]:
    proven = release.guarantee_unit
    if proven is None or covers(proven, release.unit) or release.group_size is not None:
        return
    yield Finding(
        FindingKind.unit_not_covered,
        f"the guarantee protects one {proven.value} but the release claims one "
        f"{release.unit.value}, and no group size is given",
        (
            f"a change of one {release.unit.value} may change several {proven.value}s; "
            "group privacy over their number is needed",
        ),
    )


def _composition(release: Release) -> Iterator[Finding]:
    composition = release.composition
    if composition is None:
        return
    sampled, accounted = composition.sampling, composition.accounted_sampling
    if sampled is not None and accounted is not None and sampled != accounted:
        yield Finding(
            FindingKind.amplification_scheme_mismatch,
            f"amplification accounted for {accounted} sampling, but the data were sampled "
            f"by {sampled}",
            (
                "an amplification bound holds for the sampling scheme it is proven for; "
                "the schemes' bounds differ, and neither implies the other in general",
            ),
        )
    if composition.adaptivity in {"fully_adaptive", "concurrent"} and not composition.filter:
        yield Finding(
            FindingKind.composition_not_covered,
            f"components composed {composition.adaptivity.replace('_', ' ')}ly without a "
            "privacy filter or odometer",
            (
                "composition theorems with parameters fixed in advance cover adaptive choice of "
                "mechanisms, not of their parameters nor interleaved interaction",
            ),
        )


def findings(
    kb: KnowledgeBase, release: Release, source: str, given: Mapping[str, str]
) -> list[Finding]:
    """Every consistency finding of ``release`` (its guarantee in ``source`` at ``given``)."""
    found = list(_pure_with_delta(kb, source, given))
    for also in release.also_stated:
        stated = {
            PARAMETER_ALIASES.get(k, k): parameter_text(v) for k, v in also.parameters.items()
        }
        target = kb.resolve(also.definition) if also.definition is not None else None
        if target == APPROXIMATE and source != APPROXIMATE:
            found.extend(_stated_epsilon(kb, source, given, stated))
        elif target in _BOUNDED and target != source:
            found.extend(_stated_bound(kb, source, given, target, stated))
    found.extend(_conventions(release))
    found.extend(_units(release))
    found.extend(_composition(release))
    return found
