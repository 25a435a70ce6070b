"""Rule V1: a relation stated for the whole family cannot start from a vacuous value.

An entry's ``vacuous`` declarations name parameter values at which *every*
mechanism meets the definition (δ = 1 for (ε, δ)-DP, f = 0 for f-DP). SoK
Definition 6 (1) asks, for A ≻ B, that every α-A imply some β-B; at a vacuous
α₀ of A that β-B must hold of every mechanism. Definition 5 asks, for A ⊂ B,
that α₀-A be identical to some β-B, which again holds of every mechanism. So
when some mechanism meets B at no parameter, neither A ≻ B nor A ⊂ B holds:
the relation is false as the SoK reads it, whatever its source says about
the other parameters.

A definition is *violated* when a mechanism entry claims (undisputed) that
it meets the definition at no parameter, or such a claim is carried to it
along stated ≻ and ⊂ facts (rules W2 and W6). A definition that declares a
vacuous value is never violated (every mechanism meets it), and carrying stops
there, so a false relation into it cannot spread. A relation escapes the
rule when it is disputed, or when the entry restricts it away from the
vacuous value: a restriction naming one of the value's parameters, or a
condition over them alone that is false there.

A special case whose map lands on a vacuous value of the general side is the
same error read the other way: α-A would be identical to every mechanism, so
A must itself be vacuous there; a violated A is not. The maps are evaluated at
the special side's grid of parameter values (the grid the identity checks of
``dptax verify`` use).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import record
from dptaxonomy.reasoning.evaluators.grids import IDENTITY_GRIDS, definition_grid
from dptaxonomy.reasoning.logic.facts import Fact, FactKind, FactSet
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.maps.intervals import interval
from dptaxonomy.reasoning.maps.numeric import (
    IV,
    evaluate_interval,
    exact,
    holds,
    lower,
    upper,
)
from dptaxonomy.schema.arith import (
    ArithmeticError_,
    constant_value,
    parse_condition,
    parse_expression,
    parse_interval,
)
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.enums import Status

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.schema.models import Definition, VacuousValue

__all__ = ["VacuousConflict", "vacuous_conflicts", "vacuous_diagnostics", "violated"]


_HINT = (
    "every mechanism meets the implying side at that value, so Definition 6 (or 5) needs the "
    "implied side to hold of every mechanism at some parameter: restrict the relation "
    "(`restrictions`, or a condition excluding the value) where the source does, or mark it "
    "`status: disputed` with the counterexample in its note"
)


@record
class VacuousConflict:
    """One stated relation that rule V1 shows false, with what shows it."""

    fact: Fact
    value: str
    """The vacuous value, as ``definition at p = v`` (or its description)."""
    witness: str
    """Why the other side is not vacuous: the mechanism claim that violates it."""
    message: str


def _violating_claims(catalog: Catalog) -> dict[str, str]:
    """Each definition some undisputed ``violates`` claim names, with the first such claim."""
    found: dict[str, str] = {}
    for mechanism in catalog.mechanisms.values():
        for claim in mechanism.violates:
            if claim.status is Status.disputed:
                continue
            found.setdefault(claim.definition, f"{mechanism.id} violates {claim.definition}")
    return found


def violated(catalog: Catalog, facts: list[Fact]) -> dict[str, str]:
    """The violated definitions, each with the claim it rests on (carried along ≻ and ⊂, W2/W6,
    never into or through a definition that declares a vacuous value)."""
    vacuous = {i for i, d in catalog.definitions.items() if d.vacuous}
    found = {d: w for d, w in _violating_claims(catalog).items() if d not in vacuous}
    implying: dict[str, list[str]] = {}
    for fact in facts:
        if fact.kind in (FactKind.stronger, FactKind.extends) and not fact.origin.outside_domain:
            implying.setdefault(fact.b, []).append(fact.a)
    queue = list(found)
    while queue:
        current = queue.pop()
        for above in implying.get(current, ()):
            if above not in found and above not in vacuous:
                found[above] = found[current]
                queue.append(above)
    return found


def _describe(definition_id: str, value: VacuousValue) -> str:
    parts = [f"{k} = {v}" for k, v in value.parameters.items()]
    if value.described is not None:
        parts.append(value.described)
    return f"{definition_id} at " + ", ".join(parts)


def _domains(definition: Definition) -> dict[str, IV]:
    """Each numeric parameter's domain as one enclosure (closed hull: larger, so sound)."""
    box: dict[str, IV] = {}
    for parameter in definition.parameters:
        if parameter.type.value in ("real", "integer"):
            domain = parse_interval(parameter.domain)
            box[parameter.name] = interval(domain.low, domain.high)
    return box


def _excluded(fact: Fact, value: VacuousValue, implying: Definition) -> bool:
    """Whether the relation restricts itself away from the vacuous value."""
    named = set(value.parameters)
    if value.described is not None:
        named.add("")  # a described value: any restriction of the relation sets it apart
    for parameter, _ in fact.origin.restrictions:
        if parameter in named or "" in named:
            return True
    at_value = {k: exact(v) for k, v in value.parameters.items() if constant_value(v) is not None}
    # the value's own parameters fixed, the others anywhere in their domains: a condition
    # false on that whole box is false at every point of the vacuous value
    point = {**_domains(implying), **at_value}
    for text in fact.origin.conditions:
        try:
            condition = parse_condition(text)
            if not names_in(condition) <= set(point) or not names_in(condition) & set(at_value):
                continue
            if holds(condition, point) is False:
                return True
        except (ArithmeticError_, NumericError):
            continue
    return False


def _stated(fact: Fact) -> bool:
    return fact.rule in (Rule.ASSERTED, Rule.INVERSE, Rule.EQUIVALENCE, Rule.SET_LEVEL)


def _lands_on(fact: Fact, special: Definition, value: VacuousValue) -> dict[str, IV] | None:
    """A grid point of the special side that the ⊂ map sends to the vacuous value, or None."""
    if value.described is not None or not value.parameters:
        return None
    mapping = dict(fact.origin.parameter_map)
    if not set(value.parameters) <= set(mapping):
        return None
    target = {k: exact(v) for k, v in value.parameters.items()}
    names = [p.name for p in special.parameters]
    if any(parameter in names for parameter, _ in fact.origin.restrictions):
        return None  # the relation holds only on a described part of the special side
    for point in definition_grid(special, names, IDENTITY_GRIDS):
        if not _within_conditions(fact, point):
            continue
        try:
            images = {k: evaluate_interval(parse_expression(mapping[k]), point) for k in target}
        except (ArithmeticError_, NumericError):
            continue
        hits = all(lower(images[k]) == upper(images[k]) == lower(target[k]) for k in target)
        if hits and not any(_at(point, own) for own in special.vacuous):
            return point
    return None


def _within_conditions(fact: Fact, point: dict[str, IV]) -> bool:
    """Whether every side condition of the relation certainly holds at ``point``."""
    for text in fact.origin.conditions:
        try:
            if holds(parse_condition(text), point) is not True:
                return False
        except (ArithmeticError_, NumericError):
            return False
    return True


def _at(point: dict[str, IV], value: VacuousValue) -> bool:
    """Whether a grid point is one of the special side's own vacuous values."""
    if value.described is not None or not value.parameters:
        return False
    return all(
        k in point and lower(point[k]) == upper(point[k]) == float(v)
        for k, v in value.parameters.items()
    )


def _show(point: dict[str, IV]) -> str:
    return ", ".join(f"{k} = {lower(v):g}" for k, v in sorted(point.items()))


def vacuous_conflicts(catalog: Catalog, factset: FactSet) -> list[VacuousConflict]:
    """Every stated ≻ or ⊂ (unconditional or conditional) that rule V1 shows false."""
    found: list[VacuousConflict] = []
    broken = violated(catalog, factset.facts)
    for fact in [*factset.facts, *factset.conditional]:
        if fact.kind not in (FactKind.stronger, FactKind.extends) or not _stated(fact):
            continue
        before = len(found)
        found.extend(_from_vacuous(catalog, fact, broken))
        if len(found) == before:
            found.extend(_landing(catalog, fact, broken))
    return found


def _from_vacuous(
    catalog: Catalog, fact: Fact, broken: dict[str, str]
) -> Iterator[VacuousConflict]:
    """The fact read at a vacuous value of its implying side, if the other side is violated."""
    witness = broken.get(fact.b)
    implying = catalog.definition(fact.a)
    if witness is None or implying is None:
        return
    symbol = "≻" if fact.kind is FactKind.stronger else "⊂"
    for value in implying.vacuous:
        if not _excluded(fact, value, implying):
            at = _describe(fact.a, value)
            message = (
                f"{fact.a} {symbol} {fact.b} cannot hold (rule V1): every mechanism meets "
                f"{at}, but {witness} for every parameter"
            )
            yield VacuousConflict(fact, at, witness, message)
            return


def _landing(catalog: Catalog, fact: Fact, broken: dict[str, str]) -> Iterator[VacuousConflict]:
    """A ⊂ whose map sends a violated special case onto a vacuous value of the general side."""
    special, general = catalog.definition(fact.a), catalog.definition(fact.b)
    witness = broken.get(fact.a)
    if fact.kind is not FactKind.extends or special is None or general is None or not witness:
        return
    for value in general.vacuous:
        point = _lands_on(fact, special, value)
        if point is not None:
            at = _describe(fact.b, value)
            message = (
                f"{fact.a} ⊂ {fact.b} cannot hold (rule V1): its map sends {_show(point)} to "
                f"{at}, which every mechanism meets, but {witness} for every parameter"
            )
            yield VacuousConflict(fact, at, witness, message)
            return


def vacuous_diagnostics(catalog: Catalog, factset: FactSet) -> list[Diagnostic]:
    """One located error per conflict of :func:`vacuous_conflicts`."""
    return [
        Diagnostic(
            Severity.error,
            c.fact.origin.file,
            c.fact.origin.line,
            c.fact.origin.column,
            "vacuous-value",
            c.message,
            _HINT,
        )
        for c in vacuous_conflicts(catalog, factset)
    ]
