"""The text of a conversion: the result first, then the chain with citations, then the others."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dptaxonomy.schema.enums import FACT_SYMBOLS

if TYPE_CHECKING:
    from dptaxonomy.queries.convert import ConvertResult
    from dptaxonomy.reasoning.tightest import ChainResult

__all__ = ["conversion_text", "number"]


def number(value: float) -> str:
    """A value as the text shows it: 10 significant digits (rounded up values stay sound
    in JSON, where they are printed in full)."""
    return f"{value:.10g}"


def _assignments(values: dict[str, dict[str, Any]]) -> str:
    parts = []
    for name, entry in values.items():
        sign = "=" if entry["given"] else "≤"
        parts.append(f"{name} {sign} {number(entry['value'])}")
    return ", ".join(parts)


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
    return lines


def conversion_text(result: ConvertResult) -> str:
    """A worked answer: the guarantee, the chain that gives it, the free choices, the others."""
    best = result.best
    conversion = result.conversion
    given = ", ".join(f"{k} = {v}" for k, v in sorted(result.source_given.items()))
    lines = [
        f"{conversion.source} ({given}) ⇒ {conversion.target} with "
        f"{_assignments(result.values(best))}",
        "(computed values are rounded up: the guarantee holds as stated)",
        "",
        f"Tightest chain ({len(best.chain.steps)} step(s), best of {len(conversion.results)}):",
        *_chain_lines(best),
    ]
    if best.solved is not None:
        s = best.solved
        lines.append(
            f"{s.name} solved numerically so that the chain's {s.bounded} is at most the value "
            f"given (its sound bound there: {number(s.bound)}); {conversion.target} is weaker "
            f"as {s.bounded} grows"
        )
    if best.free:
        lines.append(
            f"Free parameters, chosen numerically (every value gives a valid bound): {_free(best)}"
        )
    others = conversion.results[1:]
    if others:
        lines += ["", "Other chains:"]
        for other in others:
            via = " → ".join(other.chain.definitions)
            if other.run is None:
                lines.append(f"  {via}: no result ({other.refusal})")
                continue
            extra = f" [{_free(other)}]" if other.free else ""
            cited = ", ".join(f"[{s.origin.citation.key}]" for s in other.chain.steps)
            lines.append(f"  {via}: {_assignments(result.values(other))}{extra} {cited}")
    return "\n".join(lines)
