"""The compiled float run (the optimiser's search) answers exactly as run_chain's float run."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.base.errors import NumericError
from dptaxonomy.catalog.store import open_catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.conversion import (
    ChainRefused,
    FreeKey,
    ParameterSpec,
    run_chain,
)
from dptaxonomy.reasoning.maps.float_run import FloatRun, float_run, float_runner
from dptaxonomy.reasoning.maps.inversion import plan_inversion
from dptaxonomy.reasoning.maps.optimise import to_value
from dptaxonomy.reasoning.maps.paths import Chain, chains_between
from dptaxonomy.reasoning.maps.plan import chain_plan, free_parameters
from dptaxonomy.reasoning.maps.tightest import parameter_specs

Specs = dict[str, tuple[ParameterSpec, ...]]


@cache
def _kb() -> KnowledgeBase:
    return compile_knowledge_base(open_catalog())


@cache
def _cases() -> tuple[tuple[Chain, Specs], ...]:
    """Every chain between two numeric definitions of the catalog, with its specs."""
    kb = _kb()
    specs: Specs = {d: parameter_specs(kb, d) for d in kb.info}
    numeric = sorted(d for d, s in specs.items() if s and all(p.domain for p in s))
    found = []
    for a, b in itertools.permutations(numeric, 2):
        if kb.is_stronger(a, b):
            found += [(c, specs) for c in chains_between(kb, a, b, conditional=True)]
    return tuple(found)


def _reference(
    chain: Chain,
    specs: Specs,
    source: Mapping[str, float],
    given: Mapping[str, float],
    free: Mapping[FreeKey, float],
) -> FloatRun | None:
    try:
        run = run_chain(chain, specs, source, given, free, exact=False)
    except (ChainRefused, NumericError, OverflowError, ValueError, ZeroDivisionError):
        return None
    return dict(run.target_values), run.computed


def _at(spec: ParameterSpec, t: float) -> float:
    assert spec.domain is not None
    return to_value(t, spec.domain)


def test_the_catalog_has_chains_to_compare() -> None:
    assert len(_cases()) > 100


@settings(max_examples=300, deadline=None)
@given(
    case=st.integers(min_value=0),
    t=st.floats(min_value=-16, max_value=16),
    subset=st.integers(min_value=0, max_value=15),
)
def test_float_run_agrees_with_run_chain(case: int, t: float, subset: int) -> None:
    chain, specs = _cases()[case % len(_cases())]
    source = {s.name: _at(s, t / 2) for s in specs[chain.source]}
    target = specs[chain.target]
    given_values = {s.name: _at(s, -t) for k, s in enumerate(target) if subset >> k & 1}
    free = {key: _at(spec, t) for key, spec in free_parameters(chain, specs)}
    expected = _reference(chain, specs, source, given_values, free)
    found = float_run(chain, specs, source, given_values, free)
    assert found == expected
    if found is not None:
        assert all(not math.isnan(v) for v in found[0].values())


@settings(max_examples=100, deadline=None)
@given(
    case=st.integers(min_value=0),
    ts=st.lists(st.floats(min_value=-16, max_value=16), min_size=2, max_size=4),
    subset=st.integers(min_value=0, max_value=15),
)
def test_a_runner_asked_again_agrees_with_run_chain(
    case: int, ts: list[float], subset: int
) -> None:
    """One runner, as a search uses it: the same source mapping at several free values (its
    leading steps run once), then the mapping changed in place (they run again)."""
    chain, specs = _cases()[case % len(_cases())]
    source = {s.name: _at(s, ts[0] / 2) for s in specs[chain.source]}
    target = specs[chain.target]
    given_values = {s.name: _at(s, -ts[0]) for k, s in enumerate(target) if subset >> k & 1}
    keys = [key for key, _ in free_parameters(chain, specs)]
    runner = float_runner(chain, specs, source, given_values, keys)
    for t in ts:
        free = {key: _at(spec, t) for key, spec in free_parameters(chain, specs)}
        expected = _reference(chain, specs, source, given_values, free)
        assert runner(source, given_values, free) == expected
    for s in specs[chain.source]:
        source[s.name] = _at(s, ts[-1])
    expected = _reference(chain, specs, source, given_values, free)
    assert runner(source, given_values, free) == expected


def test_float_run_refuses_a_missing_free_parameter() -> None:
    with_free = [(c, s) for c, s in _cases() if free_parameters(c, s)]
    chain, specs = with_free[0]
    source = {s.name: _at(s, 0.0) for s in specs[chain.source]}
    with pytest.raises(ChainRefused, match="free parameters need values"):
        run_chain(chain, specs, source, {}, {}, exact=False)
    assert float_run(chain, specs, source, {}, {}) is None


def test_an_open_solved_value_never_changes_the_run() -> None:
    """The premise of ``smallest_passing(constant=True)`` in the joint solve: a solved value
    the last step leaves open (KL ⇒ (ε, δ)-DP) gives the same run at every value."""
    checked = 0
    for chain, specs in _cases():
        target = specs[chain.target]
        for bounded in target:
            given_values = {bounded.name: _at(bounded, 8.0)}
            inversion = plan_inversion(chain, specs, given_values)
            unbound = chain_plan(chain, specs).unbound[-1]
            if inversion is None or inversion.solve_for.name in unbound:
                continue
            source = {s.name: _at(s, -2.0) for s in specs[chain.source]}  # small: it passes
            free = {key: _at(spec, 1.0) for key, spec in free_parameters(chain, specs)}
            runs = {
                repr(
                    float_run(
                        chain, specs, source, {**given_values, inversion.solve_for.name: q}, free
                    )
                ).replace(repr(q), "Q")
                for q in (_at(inversion.solve_for, t) for t in (-8.0, 0.0, 3.0))
            }
            assert len(runs) == 1, (chain, runs)
            checked += "None" not in runs
    assert checked >= 10
