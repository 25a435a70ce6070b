"""The composed total on a card: a release's components composed by ``dptax compose``, checked.

When a release description lists the components it was assembled from
(``composition.components``: definitions or mechanisms with their counts,
``sampling`` with ``sampling_rate`` applied to every component, and the
``adaptivity``), the card composes them with the one engine
(:func:`dptaxonomy.queries.compose.compose`) at the stated δ (1e-5 when the
guarantee has none), under the neighbour relation and unit the guarantee is
proven for. It shows the winning route, the certified upper bound, the proven
lower bound and the proof, and compares them with the ε the stated guarantee
gives at that δ (as stated, or through the tightest chain of maps):

- stated ε ≥ the certified total: the components give the stated guarantee;
- stated ε below the proven lower bound: no sound composition of the
  components gives it (extremal mechanisms meeting each component's
  guarantee are not (ε, δ)-DP at the stated ε): finding
  ``total_below_composition``;
- in between: neither certified nor refuted, said on the card.

A composition the stated adaptivity does not cover (no composition rule of
the routes holds for it) is the finding ``composition_not_covered``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from dptaxonomy.base.errors import ComposeError
from dptaxonomy.base.records import record, replace
from dptaxonomy.queries.card_checks import Finding, FindingKind, proof_and_claims
from dptaxonomy.queries.compose import ComposeResult, compose
from dptaxonomy.queries.compose_input import ComponentInput, Request
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.proof import Proof
from dptaxonomy.reasoning.maps.numeric import exact, upper
from dptaxonomy.schema.enums import Adaptivity, Neighbourhood, Sampling
from dptaxonomy.schema.release import Release, parameter_text
from dptaxonomy.schema.settings import Convention

if TYPE_CHECKING:
    from dptaxonomy.queries.card import Statement

__all__ = ["ComposedTotal", "composed_total"]

APPROXIMATE, PURE = "approximate-dp", "differential-privacy"
DEFAULT_DELTA = "1e-5"

CERTIFIED = "certified: the components give the stated guarantee at this δ"
OPEN = "not certified and not refuted: the stated ε lies between the bounds"
REFUTED = "refuted: no sound composition of the components gives the stated ε"


@record
class ComposedTotal:
    """The components' composed total at ``delta``, or why none was computed, and the check."""

    delta: str
    adaptivity: str
    result: ComposeResult | None
    refusal: str | None = None
    stated: float | None = None
    """The ε the stated guarantee gives at ``delta`` (an upper bound), if any."""
    stated_basis: str = ""
    verdict: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"delta": self.delta, "adaptivity": self.adaptivity}
        if self.result is None:
            data["refused"] = self.refusal
            return data
        composed = self.result.to_json()
        data["results"] = composed["results"]
        data["assumptions"] = composed["assumptions"]
        data["stated_epsilon"] = self.stated
        data["stated_basis"] = self.stated_basis
        data["verdict"] = self.verdict
        return data

    def lines(self) -> list[str]:
        """The composed total in words: the compose answer, then the check."""
        if self.result is None:
            return [f"not computed: {self.refusal}"]
        lines = self.result.to_text().splitlines()
        if self.stated is not None:
            lines.append(f"stated: ε ≤ {self.stated:.6g} at δ = {self.delta} ({self.stated_basis})")
        if self.verdict is not None:
            lines.append(f"check: {self.verdict}")
        return lines


def _request(release: Release, delta: str) -> Request:
    composition = release.composition
    assert composition is not None
    relation = release.guarantee_neighbouring or release.neighbouring
    neighbourhood = (
        Neighbourhood.replace_one
        if relation is Convention.replace_one
        else Neighbourhood.add_remove
    )
    unit = (release.guarantee_unit or release.unit).value
    scheme, rate_given = composition.sampling, composition.sampling_rate
    sampling = Sampling(scheme) if scheme is not None and rate_given is not None else None
    rate = repr(rate_given) if sampling is not None else None
    components = tuple(
        ComponentInput(
            position,
            component.name,
            component.mechanism is not None,
            {k: parameter_text(v) for k, v in component.parameters.items()},
            component.count,
            sampling,
            rate,
            neighbourhood,
            unit,
        )
        for position, component in enumerate(composition.components, 1)
    )
    adaptivity = Adaptivity(composition.adaptivity or Adaptivity.adaptive.value)
    return Request(delta, exact(delta), components, adaptivity)


def _stated(
    kb: KnowledgeBase,
    read: str,
    inputs: Mapping[str, str],
    delta: str,
    statements: Sequence[Statement],
) -> tuple[float | None, str, Proof | None]:
    """The ε the stated guarantee gives at ``delta``, how, and the chain proof if by maps."""
    if read in (APPROXIMATE, PURE):
        return float(upper(exact(inputs["epsilon"]))), "as stated", None
    for statement in statements:
        if (
            statement.definition == APPROXIMATE
            and statement.fixed == {"delta": delta}
            and statement.result is not None
        ):
            chain = statement.result.best.chain
            proof, claims = proof_and_claims(kb, chain.steps)
            basis = "; ".join([f"via {' → '.join(chain.definitions)}", *claims])
            return upper(statement.computed("epsilon")), basis, proof
    return None, "", None


def composed_total(
    kb: KnowledgeBase,
    release: Release,
    read: str,
    inputs: Mapping[str, str],
    statements: Sequence[Statement],
) -> tuple[ComposedTotal | None, list[Finding]]:
    """The composed total of ``release``'s components and its findings (None without any)."""
    composition = release.composition
    if composition is None or not composition.components:
        return None, []
    positive = read == APPROXIMATE and upper(exact(inputs["delta"])) > 0
    delta = inputs["delta"] if positive else DEFAULT_DELTA
    request = _request(release, delta)
    adaptivity = request.adaptivity.value
    try:
        result = compose(kb, request)
    except ComposeError as refused:
        total = ComposedTotal(delta, adaptivity, None, str(refused))
        if refused.kind != "adaptivity":
            return total, []
        finding = Finding(
            FindingKind.composition_not_covered,
            f"the stated adaptivity ({adaptivity.replace('_', ' ')}) is not covered by the "
            "composition rules the components need",
            (str(refused),),
        )
        return total, [finding]
    stated, basis, proof = _stated(kb, read, inputs, delta, statements)
    best = result.composition.best
    assert best is not None
    assert best.epsilon is not None
    low = result.composition.lower
    total = ComposedTotal(delta, adaptivity, result, None, stated, basis)
    if stated is None:
        return total, []
    if stated >= best.epsilon:
        return replace(total, verdict=CERTIFIED), []
    if low is None or stated >= low:
        return replace(total, verdict=OPEN), []
    route = next(r.name for r in result.composition.routes if r.lower == low)
    evidence = [
        f"the composition's lower bound ε ≥ {low:.6g} at δ = {delta} (route {route}: extremal "
        "mechanisms meeting each component's guarantee, rounded down)",
        f"its certified upper bound ε ≤ {best.epsilon:.6g} (route {best.name})",
        *(f"{s.kind}: {s.text} — {s.citation}" for s in result.preparation + best.steps),
        f"the stated guarantee gives ε ≤ {stated:.6g} at δ = {delta} ({basis})",
    ]
    finding = Finding(
        FindingKind.total_below_composition,
        f"the stated guarantee (ε ≤ {stated:.6g} at δ = {delta}) is below what any sound "
        f"composition of the components gives (ε ≥ {low:.6g})",
        tuple(evidence),
        proof,
    )
    return replace(total, verdict=REFUTED), [finding]
