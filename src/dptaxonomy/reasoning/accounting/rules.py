"""The catalog's operation rules, as the accounting engine reads and cites them.

A composition, amplification or change-of-neighbourhood step of a compose proof
names the catalog rule it applies (``renyi-dp operations[0]``, with the rule's
citation); the rule's map, an expression of the catalog's arithmetic language,
is evaluated here with interval arithmetic. The citation lives in the catalog
entry, never in engine code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.info import OperationInfo
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, holds
from dptaxonomy.schema.arith import parse_condition, parse_expression
from dptaxonomy.schema.enums import (
    Adaptivity,
    ClosedForm,
    CompositionForm,
    Neighbourhood,
    OperationKind,
    Sampling,
    Status,
)

__all__ = ["RuleBook", "RuleRef", "covers", "fold"]

_ORDER = (Adaptivity.non_adaptive, Adaptivity.adaptive, Adaptivity.fully_adaptive)


def covers(stated: Adaptivity | None, wanted: Adaptivity) -> bool:
    """Whether a rule stated for ``stated`` composition holds for ``wanted`` composition.

    >>> covers(Adaptivity.adaptive, Adaptivity.non_adaptive)
    True
    >>> covers(Adaptivity.non_adaptive, Adaptivity.adaptive)
    False
    """
    if stated is None:
        return False
    if Adaptivity.concurrent in (stated, wanted):
        return stated == wanted
    return _ORDER.index(stated) >= _ORDER.index(wanted)


@record
class RuleRef:
    """One rule of one catalog entry, by its position (how proofs cite it)."""

    definition: str
    index: int
    rule: OperationInfo

    @property
    def citation(self) -> str:
        """``zero-concentrated-dp operations[0] [BS16, Section 2, ...]``."""
        cited = self.rule.citation
        return f"{self.definition} operations[{self.index}] [{cited.key}, {cited.at}]"

    def evaluate(self, values: Mapping[str, IV]) -> dict[str, IV] | None:
        """The rule's map at ``values``; None when a condition fails (or cannot be decided)."""
        for condition in self.rule.conditions:
            if holds(parse_condition(condition), values) is not True:
                return None
        mapping = dict(self.rule.parameter_map or ())
        return {
            name: evaluate_interval(parse_expression(expression), values)
            for name, expression in mapping.items()
        }


def fold(
    ref: RuleRef, values: Mapping[str, IV], count: int, shared: Mapping[str, IV]
) -> dict[str, IV]:
    """``count`` copies of a guarantee composed by a heterogeneous rule, in O(log count) steps.

    Composition is associative, so the rule applied to a group of a copies and one of b copies
    gives a + b copies; doubling reaches ``count`` with at most 2·log2(count) applications.
    Parameters the map leaves out keep their (shared) value. Raises ``ValueError`` when a
    condition of the rule fails.
    """

    def combine(a: Mapping[str, IV], b: Mapping[str, IV]) -> dict[str, IV]:
        env = dict(shared)
        for name in a:
            env[f"{name}_1"], env[f"{name}_2"] = a[name], b[name]
        result = ref.evaluate(env)
        if result is None:
            raise ValueError(f"a condition of {ref.citation} fails")
        return {name: result.get(name, a[name]) for name in a}

    total: dict[str, IV] | None = None
    power = dict(values)
    k = count
    while k:
        if k & 1:
            total = power if total is None else combine(total, power)
        k >>= 1
        if k:
            power = combine(power, power)
    assert total is not None
    return total


class RuleBook:
    """The usable (not disputed) operation rules of every catalog definition."""

    def __init__(self, operations: Iterable[OperationInfo]) -> None:
        self._rules: dict[str, list[RuleRef]] = {}
        for rule in operations:
            if rule.status is not Status.disputed:
                self._rules.setdefault(rule.definition, []).append(
                    RuleRef(rule.definition, rule.index, rule)
                )

    def _of(self, definition: str, kind: OperationKind) -> list[RuleRef]:
        return [
            r
            for r in self._rules.get(definition, [])
            if r.rule.operation is kind and r.rule.fails is False
        ]

    def composition(
        self,
        definition: str,
        adaptivity: Adaptivity,
        *,
        form: CompositionForm | None = None,
        closed_form: ClosedForm | None = None,
    ) -> RuleRef | None:
        """The first composition rule of ``definition`` of this form covering ``adaptivity``."""
        for ref in self._of(definition, OperationKind.composition):
            rule = ref.rule
            if closed_form is not None and rule.closed_form is not closed_form:
                continue
            if closed_form is None and (rule.closed_form is not None or rule.result):
                continue
            if form is not None and rule.form is not form:
                continue
            if covers(rule.adaptivity, adaptivity):
                return ref
        return None

    def closed_form(self, closed_form: ClosedForm, adaptivity: Adaptivity) -> RuleRef | None:
        """The first composition rule of any definition evaluated by ``closed_form``."""
        for definition in sorted(self._rules):
            found = self.composition(definition, adaptivity, closed_form=closed_form)
            if found is not None:
                return found
        return None

    def compositions(self, definition: str) -> list[RuleRef]:
        """Every composition rule of ``definition`` (to say why none covers a request)."""
        return self._of(definition, OperationKind.composition)

    def amplification(
        self, definition: str, sampling: Sampling, neighbourhood: Neighbourhood
    ) -> RuleRef | None:
        """The amplification rule of ``definition`` for this sampling under this relation."""
        for ref in self._of(definition, OperationKind.amplification):
            rule = ref.rule
            if rule.sampling is sampling and rule.neighbourhood in (None, neighbourhood):
                return ref
        return None

    def amplifications(self, definition: str) -> list[RuleRef]:
        return self._of(definition, OperationKind.amplification)

    def neighbourhood_change(
        self, definition: str, source: Neighbourhood, target: Neighbourhood
    ) -> RuleRef | None:
        """The rule turning a guarantee for ``source`` neighbours into one for ``target``."""
        for ref in self._of(definition, OperationKind.neighbourhood_change):
            if ref.rule.neighbourhood is source and ref.rule.to_neighbourhood is target:
                return ref
        return None
