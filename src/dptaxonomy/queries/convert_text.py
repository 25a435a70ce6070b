"""The text of a conversion: the result first, then the chain with citations, then the others."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from dptaxonomy.reasoning.maps.rounding import SafeSide, bound_text, outward_text
from dptaxonomy.schema.enums import FACT_SYMBOLS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dptaxonomy.queries.convert import ConvertResult
    from dptaxonomy.reasoning.maps.tightest import ChainResult

__all__ = ["conversion_text", "number", "source_text"]


def number(value: float) -> str:
    """A free parameter's chosen value, to 10 significant digits (nearest). It is not a
    bound: every value gives a valid guarantee, and the one printed was computed exactly."""
    return f"{value:.10g}"


def _assignments(result: ConvertResult, chain: ChainResult) -> str:
    """``epsilon ≤ 1.2, delta = 1e-06``: computed values at their safe end, given ones as given."""
    assert chain.run is not None
    parts = [symbol.text(result.conversion.source) for symbol in chain.symbols]
    for name, entry in result.values(chain).items():
        side = result.sides.get(name, SafeSide.both)
        if entry["given"]:
            parts.append(f"{name} = {_given(result.target_given[name], side)}")
        else:
            parts.append(f"{name} {bound_text(chain.run.target_values[name], side)}")
    return ", ".join(parts)


def _given(text: str, side: SafeSide) -> str:
    """A value the user gave: its exact decimal, or rounded toward its safe side when long."""
    value = Decimal(text.strip())
    rounded = outward_text(value, up=side is not SafeSide.low)
    return rounded if side is not SafeSide.both or Decimal(rounded) == value else text.strip()


def _symbol(name: str) -> str:
    """A parameter's Greek letter when it has one (``xi`` → ``ξ``), else its name."""
    from dptaxonomy.queries.convert import PARAMETER_ALIASES

    return next((k for k, v in PARAMETER_ALIASES.items() if v == name and len(k) == 1), name)


def _free(result: ChainResult) -> str:
    return ", ".join(f"{f.name} of {f.definition} = {number(f.value)}" for f in result.free)


def _chain_lines(result: ChainResult) -> list[str]:
    lines = []
    for index, step in enumerate(result.chain.steps, 1):
        origin = step.origin
        symbol = FACT_SYMBOLS[step.kind.value]
        lines.append(
            f"  {index}. {step.a} {symbol} {step.b}   [{origin.citation.key}] {origin.citation.at}"
        )
        lines.append(f"     stated in {origin.location}")
        mapping = ", ".join(f"{name} = {expression}" for name, expression in origin.parameter_map)
        lines.append(f"     parameters: {mapping}")
        if origin.conditions:
            lines.append(f"     if: {' and '.join(origin.conditions)}  (checked: hold)")
        for parameter, value in origin.restrictions:
            lines.append(f"     with: {parameter} = “{value}”")
    return lines


def source_text(result: ConvertResult) -> str:
    """The source with its values as given, ``zero-concentrated-dp (rho = 0.5, ξ = 0 (the
    standard form ρ-zCDP))``: the start of every answer's first line."""
    given = ", ".join(
        [
            *result.source_symbols,
            *(
                f"{_symbol(k)} = {v} (the standard form {result.standard[k]})"
                if k in result.standard
                else f"{k} = {v}"
                for k, v in sorted(result.source_given.items())
            ),
        ]
    )
    return f"{result.conversion.source} ({given})"


def conversion_text(result: ConvertResult) -> str:
    """A worked answer: the guarantee, the chain that gives it, the free choices, the others."""
    best = result.best
    assert best.run is not None
    conversion = result.conversion
    lines = [
        f"{source_text(result)} ⇒ {conversion.target} with {_assignments(result, best)}",
        "(computed values are rounded outward, ≤ up and ≥ down: the guarantee holds as stated)",
    ]
    if best.vacuous is not None:
        computed = best.run.computed
        advice = (
            f"each chain's smallest sum of {' and '.join(computed)} lies there; fix one with "
            "--to for a guarantee that says something"
            if len(computed) > 1
            else "every chain's answer at these values is vacuous"
        )
        if result.trade_off is not None:
            name, values = result.trade_off
            advice = (
                f"each chain's smallest sum of {' and '.join(computed)} lies there, and every "
                f"answer with {name} fixed at {', '.join(values)} is vacuous too"
            )
        lines.append(f"Vacuous: {best.vacuous}: {advice}")
    lines += [
        "",
        f"Tightest chain ({len(best.chain.steps)} step(s), best of {len(conversion.results)}):",
        *_chain_lines(best),
    ]
    lines += [f"Raised: {text}" for text in best.run.raised]
    if best.solved is not None:
        s = best.solved
        lines.append(
            f"{s.name} solved numerically so that the chain's {s.bounded} is at most the value "
            f"given (its sound bound there: ≤ {outward_text(s.bound, up=True)}); "
            f"{conversion.target} is weaker "
            f"as {s.bounded} grows; search precision {s.precision:.1e} (relative gap to the "
            f"largest smaller {s.name} rejected)"
        )
    if best.free:
        lines.append(
            f"Free parameters, chosen numerically (every value gives a valid bound): {_free(best)}"
        )
    others = conversion.results[1:]
    if others:
        lines += ["", "Other chains:"]
        labels = _labels(others)
        for other, (via, cited) in zip(others, labels, strict=True):
            if other.run is None:
                lines.append(f"  {via} {cited}: no result ({other.refusal})")
                continue
            extra = f" [{_free(other)}]" if other.free else ""
            empty = " (vacuous)" if other.vacuous is not None else ""
            lines.append(f"  {via}: {_assignments(result, other)}{extra} {cited}{empty}")
    return "\n".join(lines)


def _labels(results: Sequence[ChainResult]) -> list[tuple[str, str]]:
    """Each chain's definitions and sources, which tell apart chains through the same
    definitions; where two chains still read alike (two maps from one paper: Rényi DP to
    (ε, δ)-DP in closed form and optimally), the file and line of each step they differ at."""
    labels = [
        (
            " → ".join(r.chain.definitions),
            ", ".join(f"[{s.origin.citation.key}]" for s in r.chain.steps),
        )
        for r in results
    ]
    alike: dict[tuple[str, str], list[int]] = {}
    for index, label in enumerate(labels):
        alike.setdefault(label, []).append(index)
    for group in alike.values():
        if len(group) < 2:
            continue
        steps = [results[i].chain.steps for i in group]
        differ = [k for k in range(len(steps[0])) if len({id(s[k]) for s in steps}) > 1]
        if not differ:  # the very same steps: nothing to add
            continue
        for i, own in zip(group, steps, strict=True):
            where = ", ".join(own[k].origin.location.rsplit("/", 1)[-1] for k in differ)
            labels[i] = (labels[i][0], f"{labels[i][1]} ({where})")
    return labels
