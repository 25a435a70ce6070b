"""``dptax card``: a release's guarantee stated completely, in every core definition.

From a release description (:class:`~dptaxonomy.schema.release.Release`) the
card gives the guarantee as stated; its statements in the other core
definitions (ε at the usual δ, ρ, μ, the RDP curve, pure ε), each computed by
``convert`` (:func:`dptaxonomy.queries.convert.convert_result`: the tightest chain of
cited parameter maps, rounded outward) with its proof, or the reason none
follows; the privacy profile δ(ε) as points; the operational risk
(:mod:`dptaxonomy.reasoning.evaluators.risk`) from μ-GDP when a μ follows,
otherwise from the (ε, δ) points; the composed total of the components, when
given (:mod:`dptaxonomy.queries.card_compose`); and the consistency findings
(:mod:`dptaxonomy.queries.card_checks`). The guarantee may be a catalog
mechanism at its parameters: its exact claims are then the first step of
every statement (``convert``'s mechanism path).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dptaxonomy.base.errors import ConversionError
from dptaxonomy.base.records import record
from dptaxonomy.queries.card_checks import Finding, FindingKind, findings
from dptaxonomy.queries.card_compose import ComposedTotal, composed_total
from dptaxonomy.queries.convert import PARAMETER_ALIASES, ConvertResult
from dptaxonomy.queries.convert import convert_result as convert
from dptaxonomy.queries.results import json_document
from dptaxonomy.reasoning.evaluators.risk import Risk, gaussian_risk, profile_risk
from dptaxonomy.reasoning.jsonform import fact_data
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.numeric import IV, exact, point, upper
from dptaxonomy.schema.release import Guarantee, Release, parameter_text

__all__ = ["Card", "Statement", "build_card", "given_parameters"]

APPROXIMATE, PURE, ZCDP, RDP, GDP = (
    "approximate-dp",
    "differential-privacy",
    "zero-concentrated-dp",
    "renyi-dp",
    "gaussian-dp",
)
DELTAS = ("1e-5", "1e-6", "1e-7", "1e-9")
"""The δ values at which the card states ε."""
PROFILE_DELTAS = tuple(f"1e-{k}" for k in range(1, 13))
"""The δ values of the plotted privacy profile δ(ε)."""
ALPHAS = ("2", "4", "8", "16", "32", "64")
"""The orders of the Rényi curve."""

_TARGETS: tuple[tuple[str, dict[str, str]], ...] = (
    *((APPROXIMATE, {"delta": d}) for d in DELTAS),
    (PURE, {}),
    (ZCDP, {"xi": "0"}),
    (GDP, {}),
    *((RDP, {"alpha": a}) for a in ALPHAS),
)


def given_parameters(guarantee: Guarantee) -> dict[str, str]:
    """The guarantee's parameters as exact decimal text, Greek names resolved."""
    return {
        PARAMETER_ALIASES.get(name, name): parameter_text(value)
        for name, value in guarantee.parameters.items()
    }


@record
class Statement:
    """The guarantee in one target definition at fixed values, or why none follows."""

    definition: str
    fixed: dict[str, str]
    result: ConvertResult | None
    refusal: str | None

    def values(self) -> dict[str, dict[str, Any]]:
        """Each target parameter's value (see :meth:`ConvertResult.values`)."""
        return {} if self.result is None else self.result.values(self.result.best)

    def computed(self, name: str) -> IV:
        """The enclosure of a computed parameter."""
        assert self.result is not None
        run = self.result.best.run
        assert run is not None
        value: IV = run.target_values[name]
        return value

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"definition": self.definition, "fixed": self.fixed}
        if self.result is None:
            data["refused"] = self.refusal
            return data
        best = self.result.best
        data["values"] = self.values()
        data["chain"] = list(best.chain.definitions)
        data["proof"] = [fact_data(step) for step in best.chain.steps]
        return data


@record
class Card:
    """A release's card: the guarantee, its statements, profile, risk and findings."""

    release: Release
    source: str
    given: dict[str, str]
    statements: tuple[Statement, ...]
    profile: tuple[tuple[float, float], ...]
    """(ε, δ) points of the privacy profile: ε an upper bound at each δ."""
    risk: Risk | None
    findings: tuple[Finding, ...]
    composed: ComposedTotal | None = None
    """The components' composed total and its check, when components are given."""

    def to_json(self) -> dict[str, Any]:
        release = self.release
        risk = self.risk
        return json_document(
            {
                "release": release.name,
                "guarantee": {"definition": self.source, "parameters": self.given},
                "unit": release.unit.value,
                "neighbouring": release.neighbouring.value,
                "trust_model": release.trust_model.value,
                "invariants": list(release.invariants),
                "hazards": list(release.hazards),
                "statements": [s.to_json() for s in self.statements],
                "profile": [{"epsilon": e, "delta": d} for e, d in self.profile],
                "risk": None
                if risk is None
                else {
                    "basis": risk.basis,
                    "advantage": risk.advantage,
                    "tpr": [{"fpr": float(f), "tpr": t} for f, t in risk.tpr],
                },
                "composed": None if self.composed is None else self.composed.to_json(),
                "findings": [f.to_json() for f in self.findings],
            }
        )

    def to_text(self) -> str:
        from dptaxonomy.queries.card_text import card_text

        return card_text(self)


def _statement(
    kb: KnowledgeBase, source: str, given: Mapping[str, str], target: str, fixed: dict[str, str]
) -> Statement:
    try:
        return Statement(target, fixed, convert(kb, source, target, given, fixed), None)
    except ConversionError as refused:
        return Statement(target, fixed, None, str(refused))


def _profile(kb: KnowledgeBase, source: str, given: Mapping[str, str]) -> list[tuple[IV, IV]]:
    if source == APPROXIMATE:
        return [(exact(given["epsilon"]), exact(given["delta"]))]
    if source == PURE:
        return [(exact(given["epsilon"]), exact("0"))]
    points = []
    for delta in PROFILE_DELTAS:
        statement = _statement(kb, source, given, APPROXIMATE, {"delta": delta})
        if statement.result is not None:
            points.append((statement.computed("epsilon"), exact(delta)))
    return points


def _risk(
    source: str,
    given: Mapping[str, str],
    statements: tuple[Statement, ...],
    points: list[tuple[IV, IV]],
) -> Risk | None:
    if source == GDP:
        return gaussian_risk(exact(given["mu"]), f"μ-GDP with μ = {given['mu']} (as stated)")
    for statement in statements:
        if statement.definition == GDP and statement.result is not None:
            mu = statement.computed("mu")
            return gaussian_risk(mu, "μ-GDP with the μ this card derives")
    return profile_risk(points, "the (ε, δ) points of the privacy profile, each an f_{ε,δ} bound")


def build_card(kb: KnowledgeBase, release: Release, source: str) -> Card:
    """The card of ``release``, whose guarantee is stated in ``source`` (a resolved id)."""
    given = given_parameters(release.guarantee)
    read, inputs = source, given
    if source == PURE and "delta" in given:
        # ε-DP stated with a δ: read as (ε, δ)-DP (a finding says why), or ε-DP at δ = 0
        positive = exact(given["delta"]) != point(0.0)
        read = APPROXIMATE if positive else PURE
        inputs = given if positive else {k: v for k, v in given.items() if k != "delta"}
    statements: list[Statement] = []
    for target, fixed in _TARGETS:
        if target == read:
            continue
        statement = _statement(kb, read, inputs, target, fixed)
        repeated = any(
            s.definition == target and s.refusal == statement.refusal is not None
            for s in statements
        )
        if not repeated:  # one refusal per definition when every fixed value gets it
            statements.append(statement)
    points = _profile(kb, read, inputs)
    profile = tuple((upper(e), upper(d)) for e, d in points)
    found = findings(kb, release, source, given)
    composed, more = composed_total(kb, release, read, inputs, statements)
    said = {f.kind for f in found}
    found += [
        f for f in more if f.kind not in said or f.kind is FindingKind.total_below_composition
    ]
    return Card(
        release,
        source,
        given,
        tuple(statements),
        profile,
        _risk(read, inputs, tuple(statements), points),
        tuple(found),
        composed,
    )
