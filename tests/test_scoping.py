"""Composing parameter maps never captures a name (issue 24): a free parameter of a later
definition that shares a name with the source's, or with another free one, is renamed, and
the composed map computes what applying the maps one after the other computes."""

from __future__ import annotations

import itertools
import math

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.maps.ranking import parametric_chains
from dptaxonomy.reasoning.maps.scoping import Composer, Sides
from dptaxonomy.schema.arith import parse_expression
from dptaxonomy.schema.arith_eval import evaluate

_POOL = ("a", "b", "c")


@st.composite
def _chains(draw: st.DrawFn) -> tuple[list[tuple[str, ...]], list[dict[str, str]]]:
    """Definitions with parameters from a small pool (so names clash) and a map per step.

    A step's map computes some of the next definition's parameters from this definition's
    and from the next one's others (free there), by the catalog's convention: a name means
    this definition's parameter when it has one.
    """
    count = draw(st.integers(2, 4))
    names = st.lists(st.sampled_from(_POOL), min_size=1, max_size=3, unique=True).map(sorted)
    definitions = [tuple(draw(names)) for _ in range(count)]
    maps = []
    for here, there in itertools.pairwise(definitions):
        keys = draw(st.lists(st.sampled_from(there), min_size=1, unique=True))
        usable = sorted(set(here) | {n for n in there if n not in here and n not in keys})
        mapping = {}
        for key in keys:
            terms = draw(st.lists(st.sampled_from(usable), min_size=1, max_size=3))
            weights = draw(st.lists(st.integers(1, 5), min_size=len(terms), max_size=len(terms)))
            product = draw(st.sampled_from(usable))
            text = " + ".join(f"{w} * {t}" for w, t in zip(weights, terms, strict=True))
            mapping[key] = f"{text} + {terms[0]} * {product}"
        maps.append(mapping)
    return definitions, maps


def _by_hand(
    definitions: list[tuple[str, ...]],
    maps: list[dict[str, str]],
    value: dict[tuple[int, str], float],
) -> dict[str, float]:
    """Each map applied in turn, every name read in its own step's scope."""
    computed = {n: value[(0, n)] for n in definitions[0]}
    for index, mapping in enumerate(maps):
        here, there = definitions[index], definitions[index + 1]
        scope = {n: computed[n] if n in computed else value[(index, n)] for n in here}
        scope |= {n: value[(index + 1, n)] for n in there if n not in here}
        computed = {k: evaluate(parse_expression(e), scope) for k, e in mapping.items()}
    return computed


@settings(max_examples=200, deadline=None)
@given(_chains(), st.lists(st.integers(1, 9), min_size=12, max_size=12))
def test_composed_maps_compute_the_maps_in_turn(
    chain: tuple[list[tuple[str, ...]], list[dict[str, str]]], numbers: list[int]
) -> None:
    definitions, maps = chain
    value = {
        (position, name): float(numbers[3 * position + _POOL.index(name)])
        for position, names in enumerate(definitions)
        for name in names
    }
    composer = Composer()
    for index, mapping in enumerate(maps):
        sides = Sides(frozenset(definitions[index]), frozenset(definitions[index + 1]))
        composer.step({k: parse_expression(e) for k, e in mapping.items()}, sides)
    variables = composer.variables
    assert len(set(variables.values())) == len(variables)  # no two variables share a name
    assert all(variables[(0, n)] == n for n in definitions[0])  # the source keeps its names
    scope = {name: value[key] for key, name in variables.items()}
    composed = {k: evaluate(node, scope) for k, node in composer.current.items()}
    expected = _by_hand(definitions, maps, value)
    assert composed.keys() == expected.keys()
    for key, number in expected.items():
        assert math.isclose(composed[key], number, rel_tol=1e-12), (key, maps)
    for fresh, position, name in composer.renamed:
        assert variables[(position, name)] == fresh != name


def test_pure_dp_through_gdp_keeps_the_targets_epsilon_apart(catalog: Catalog) -> None:
    """ε-DP ⇒ μ-GDP ⇒ (ε, δ)-DP: the target's ε is epsilon_2, not the source's ε; the composed
    δ equals δ(ε_2) of μ-GDP at μ = 2Φ⁻¹(e^ε/(1 + e^ε)), composed by hand."""
    kb = compile_knowledge_base(catalog)
    chains = [
        c
        for c in parametric_chains(kb, "differential-privacy", "approximate-dp", rank=False)
        if [s.b for s in c.proof.steps] == ["gaussian-dp", "approximate-dp"]
    ]
    assert len(chains) == 1
    chain = chains[0]
    assert chain.renamed == (("epsilon_2", "approximate-dp", "epsilon"),)
    assert chain.conditions == ("epsilon_2 >= 0",)
    assert chain.composed is not None
    delta = evaluate(chain.composed["delta"], {"epsilon": 1.0, "epsilon_2": 0.5})
    with mpmath.workdps(30):
        e = mpmath.e
        mu = 2 * mpmath.sqrt(2) * mpmath.erfinv(2 * e / (1 + e) - 1)
        half = mpmath.mpf("0.5")
        by_hand = mpmath.ncdf(-half / mu + mu / 2) - mpmath.exp(half) * mpmath.ncdf(
            -half / mu - mu / 2
        )
    assert delta == pytest.approx(float(by_hand), rel=1e-12)
