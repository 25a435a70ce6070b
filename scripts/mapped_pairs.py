"""What ``convert`` answers for every pair of definitions a chain of catalog maps joins.

For each ordered pair (A, B) that mapped ≻/⊂ steps join in at most ``MAX_STEPS`` steps
(and each mechanism A whose claims and mapped steps reach a definition B),
it converts A into B at one sample value of each of A's numeric parameters (inside its
domain: an order from (1, ∞), 10⁻³ from (0, 1], else 1), giving a target parameter the
same kind of sample whenever the conversion asks for one; a pair refused as outside a
domain is tried again with 0.1 where it fits (ε = 2 is beyond what some maps accept). It
prints how many pairs are answered and, for the rest, the refusal's kind. Parameters that
are not numbers (a family of priors, a relation) are given no value: the conversion
carries them as symbols. ``python scripts/mapped_pairs.py [--list]``.

A measurement; tests/test_mapped_pairs.py holds it to the pairs known to be refused (a
sample value can lie where a chain's condition fails).
"""

from __future__ import annotations

import argparse
import collections
import math
import sys

import dptaxonomy as dp
from dptaxonomy.base.errors import ConversionError
from dptaxonomy.queries.mechanism_source import find_mechanism
from dptaxonomy.queries.session import knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.paths import MAX_STEPS
from dptaxonomy.schema.arith import ArithmeticError_, parse_interval


def _sample(domain: str, small: bool = False) -> str | None:
    try:
        interval = parse_interval(domain)
    except ArithmeticError_:
        return None
    for value in (0.1, 2.0, 1e-3) if small else (2.0, 1e-3, 1.0, 0.5):
        if interval.contains(value) and (interval.low < 1 or value > 1):
            return repr(value)
    return repr(interval.low + 1.0) if math.isfinite(interval.low) else None


def definition_pairs(kb: KnowledgeBase) -> list[tuple[str, str]]:
    """(A, B) for each definition B that mapped steps join from definition A."""
    edges = kb.mapped_edges(conditional=False)
    pairs = []
    for a in sorted(kb.info):
        seen, frontier = {a}, [a]
        for _ in range(MAX_STEPS):
            frontier = [f.b for x in frontier for f in edges.get(x, []) if f.b not in seen]
            seen.update(frontier)
        pairs += [(a, b) for b in sorted(seen - {a})]
    return pairs


def mechanism_pairs(kb: KnowledgeBase) -> list[tuple[str, str]]:
    """(mechanism, definition) for each definition a mechanism's claims and mapped steps reach."""
    pairs = []
    for m in sorted(kb.mechanisms):
        source = find_mechanism(kb, m)
        assert source is not None
        pairs += [(m, b) for b in sorted(kb.info) if source.chains(kb, b)]
    return pairs


def _parameters(kb: KnowledgeBase, name: str) -> dict[str, str]:
    """A definition's or a mechanism's parameters: name → domain."""
    if name in kb.info:
        return dict(kb.info[name].parameters)
    source = find_mechanism(kb, name)
    assert source is not None
    return {spec.name: spec.domain_text for spec in source.parameters}


def _outcome(kb: KnowledgeBase, a: str, b: str, small: bool = False) -> tuple[str, str]:
    source, target = _parameters(kb, a), _parameters(kb, b)
    given = {n: v for n, d in source.items() if (v := _sample(d, small)) is not None}
    fixed: dict[str, str] = {}
    for _ in range(len(source) + len(target) + 1):
        try:
            dp.convert(a, b, given, fixed)
        except ConversionError as exc:
            refusal = exc.refusal
            name = refusal.details.get("parameter")
            if str(refusal.kind) == "missing_parameter" and isinstance(name, str):
                side, values = (target, fixed) if name in target else (source, given)
                value = _sample(side.get(name, ""), small)
                if value is None:
                    return "a parameter is not numeric", refusal.message
                if name not in values:
                    values[name] = value
                    continue
            if str(refusal.kind) == "invalid_value" and "is not a number (" in refusal.message:
                return "a parameter is not numeric", refusal.message
            return f"refused: {refusal.kind}", refusal.message
        return "answered", ""
    return "refused: asks for too many values", ""


def pair_outcome(kb: KnowledgeBase, a: str, b: str) -> tuple[str, str]:
    """What converting A into B gives at the sample values: "answered", "answered at a
    smaller sample (0.1)" or the refusal's kind, and the refusal's message."""
    outcome, message = _outcome(kb, a, b)
    if outcome == "refused: outside_domain":  # the sample may be too large: try 0.1
        smaller, again = _outcome(kb, a, b, small=True)
        if smaller == "answered":
            return "answered at a smaller sample (0.1)", message
        return outcome, again
    return outcome, message


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--list", action="store_true", help="print each pair not answered")
    options = parser.parse_args(argv)
    _, kb = knowledge_base("catalog", False)
    for title, pairs in (
        ("definitions", definition_pairs(kb)),
        ("mechanisms", mechanism_pairs(kb)),
    ):
        _report(kb, title, pairs, options.list)
    return 0


def _report(kb: KnowledgeBase, title: str, pairs: list[tuple[str, str]], listed: bool) -> None:
    counts: collections.Counter[str] = collections.Counter()
    for a, b in pairs:
        outcome, message = pair_outcome(kb, a, b)
        counts[outcome] += 1
        if listed and not outcome.startswith("answered"):
            print(f"{a} → {b}: {outcome}: {message[:160]}")
    for outcome, count in sorted(counts.items(), key=lambda item: -item[1]):
        print(f"{count:5d}  {outcome}")
    print(f"{sum(counts.values()):5d}  pairs of {title} joined by mapped steps")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
