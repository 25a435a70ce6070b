"""`convert` checked against the DP libraries (OpenDP, dp_accounting, autodp) on a grid.

Needs the `[oracles]` extra (`pip install -e '.[oracles]'`; `make test` and CI install it):
without it every test fails saying so, unless `DPTAX_ALLOW_MISSING=oracles` (see
`tests/external.py`). Three kinds of check:

- exactness (1e-9) where a library implements the same theorem;
- soundness: never tighter than the exact value for a worst-case mechanism
  (the Gaussian mechanism for zCDP → (ε, δ)-DP, randomized response for ε-DP → zCDP);
- dominance: never looser than a library that uses a weaker theorem.
"""

from __future__ import annotations

import importlib
import math
import warnings
from typing import Any

import pytest

from dptaxonomy.catalog.store import open_catalog
from dptaxonomy.queries.convert import convert_result
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from tests.external import require

require("oracles", module_level=True)
opendp: Any = importlib.import_module("opendp.prelude")
dp_accounting: Any = importlib.import_module("dp_accounting")
autodp_converter: Any = importlib.import_module("autodp.converter")

pytestmark = pytest.mark.slow

RHOS = [0.001, 0.01, 0.1, 0.5, 1.0, 2.0]
DELTAS = [1e-3, 1e-6, 1e-9]
EPSILONS = [0.1, 0.5, 1.0, 2.0, 5.0]


_KB: list[KnowledgeBase] = []


def ours(source: str, target: str, given: dict[str, float], fixed: dict[str, float]) -> Any:
    """`dptaxonomy.convert`'s answer (same function, one compiled knowledge base for the module)."""
    if not _KB:
        _KB.append(compile_knowledge_base(open_catalog()))
    text = {k: repr(v) for k, v in given.items()}
    return convert_result(
        _KB[0], source, target, text, {k: repr(v) for k, v in fixed.items()}
    ).to_json()["to"]


def ours_zcdp(rho: float, delta: float) -> float:
    value: float = ours("zCoDP", "(ε, δ)-DP", {"xi": 0, "rho": rho}, {"delta": delta})["epsilon"][
        "value"
    ]
    return value


def ours_zcdp_citing(rho: float, delta: float, key: str) -> float:
    """The smallest ε of the chains whose last step cites ``key`` (the same theorem as a
    library's, where the tightest chain may use a better one)."""
    if not _KB:
        _KB.append(compile_knowledge_base(open_catalog()))
    given, fixed = {"xi": "0", "rho": repr(rho)}, {"delta": repr(delta)}
    answer = convert_result(_KB[0], "zCoDP", "(ε, δ)-DP", given, fixed).to_json()
    chains = [answer, *answer["alternatives"]]
    best: float = min(
        chain["to"]["epsilon"]["value"]
        for chain in chains
        if chain.get("to") and chain["proof"][-1]["citation"]["key"] == key
    )
    return best


def opendp_zcdp(rho: float, delta: float) -> tuple[float, float]:
    dp = opendp
    dp.enable_features("contrib")
    space = dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float)
    gaussian = dp.m.make_gaussian(*space, scale=math.sqrt(1 / (2 * rho)))
    # the Gaussian's ρ is rounded by OpenDP; read it back to compare the same input
    measured = dp.c.make_zCDP_to_approxDP(gaussian)
    return float(measured.map(1.0).epsilon(delta)), float(gaussian.map(1.0))


@pytest.mark.parametrize("rho", RHOS)
@pytest.mark.parametrize("delta", DELTAS)
def test_zcdp_matches_opendp(rho: float, delta: float) -> None:
    """Same theorem: OpenDP's cdp_delta is CKS20's conversion, which our chain
    zCDP → RDP → (ε, δ)-DP via BBG+20 reproduces exactly (see renyi-dp.yaml)."""
    theirs, their_rho = opendp_zcdp(rho, delta)
    mine = ours_zcdp_citing(their_rho, delta, "BBG+20")
    assert mine == pytest.approx(theirs, rel=1e-9, abs=1e-9)
    assert ours_zcdp(their_rho, delta) <= mine  # the optimal conversion [LPT+22] is no looser


@pytest.mark.parametrize("rho", RHOS)
@pytest.mark.parametrize("delta", DELTAS)
def test_zcdp_sound_against_gaussian(rho: float, delta: float) -> None:
    """The Gaussian mechanism with σ = 1/√(2ρ) is ρ-zCDP; its exact ε (analytic
    Gaussian, dp_accounting) is a lower bound for any sound conversion."""
    exact = dp_accounting.get_epsilon_gaussian(math.sqrt(1 / (2 * rho)), delta)
    assert ours_zcdp(rho, delta) >= exact


@pytest.mark.parametrize("rho", RHOS)
@pytest.mark.parametrize("delta", DELTAS)
def test_zcdp_no_looser_than_dp_accounting(rho: float, delta: float) -> None:
    """dp_accounting's RdpAccountant applies the same conversion on a fixed grid of
    orders, so it can only be looser (5.22153963 vs 5.22153444 at ρ = 0.5, δ = 1e-6)."""
    accountant = dp_accounting.rdp.RdpAccountant()
    accountant.compose(dp_accounting.ZCDpEvent(rho))
    assert ours_zcdp(rho, delta) <= accountant.get_epsilon(delta) + 1e-12


@pytest.mark.parametrize("rho", RHOS)
@pytest.mark.parametrize("delta", DELTAS)
def test_zcdp_matches_autodp(rho: float, delta: float) -> None:
    """autodp's rdp_to_approxdp uses BBG+20's Theorem 21 (as its source says) and a
    Brent search over α: the same theorem, so agreement up to its search tolerance."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = float(autodp_converter.rdp_to_approxdp(lambda a: rho * a)(delta))
    mine = ours_zcdp_citing(rho, delta, "BBG+20")
    assert mine <= theirs + 1e-9  # never looser than autodp
    assert mine == pytest.approx(theirs, rel=1e-8)  # and not tighter beyond its search tolerance
    assert ours_zcdp(rho, delta) <= mine  # the optimal conversion [LPT+22] is no looser


@pytest.mark.parametrize("epsilon", EPSILONS)
def test_pure_to_zcdp_tight_and_tighter_than_opendp(epsilon: float) -> None:
    """OpenDP's make_pureDP_to_zCDP uses ρ = ε²/2 (BS16 Proposition 1.4), valid but not
    tight; Ste24 Theorem 5 gives ε·tanh(ε/2), which randomized response attains (its KL
    divergence), so ours must equal it and be no larger than OpenDP's."""
    dp = opendp
    dp.enable_features("contrib")
    space = dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float)
    laplace = dp.m.make_laplace(*space, scale=1 / epsilon)
    theirs = float(dp.c.make_pureDP_to_zCDP(laplace).map(1.0))
    mine = ours("ε-DP", "zCoDP", {"eps": epsilon}, {})["rho"]["value"]
    rr_kl = epsilon * math.tanh(epsilon / 2)
    assert rr_kl <= mine <= rr_kl * (1 + 1e-12)
    assert mine <= theirs


@pytest.mark.parametrize("epsilon", EPSILONS)
@pytest.mark.parametrize("alpha", [1.5, 2.0, 10.0, 100.0])
def test_pure_to_renyi_matches_autodp(epsilon: float, alpha: float) -> None:
    """autodp's puredp_to_rdp is the tight randomized-response curve, as Ste24 Theorem 4."""
    theirs = float(autodp_converter.puredp_to_rdp(epsilon)(alpha))
    mine = ours("ε-DP", "RényiDP", {"eps": epsilon}, {"alpha": alpha})["epsilon"]["value"]
    assert mine == pytest.approx(theirs, rel=1e-9, abs=1e-12)
    assert mine >= theirs * (1 - 1e-15)  # rounded up, never below the exact curve


@pytest.mark.parametrize("rho", RHOS)
@pytest.mark.parametrize("delta", [*DELTAS, 0.1])
def test_every_zcdp_chain_sound_against_gaussian(rho: float, delta: float) -> None:
    """Not only the tightest: every chain the catalog offers (Bun–Steinke's as the SoK
    prints it, Mironov's, Balle et al.'s) stays above the Gaussian mechanism's exact ε."""
    if not _KB:
        _KB.append(compile_knowledge_base(open_catalog()))
    result = convert_result(
        _KB[0], "zCoDP", "(ε, δ)-DP", {"xi": "0", "rho": repr(rho)}, {"delta": repr(delta)}
    )
    exact = dp_accounting.get_epsilon_gaussian(math.sqrt(1 / (2 * rho)), delta)
    for chain in result.conversion.results:
        if chain.run is not None:
            assert result.values(chain)["epsilon"]["value"] >= exact, chain.chain.definitions


def test_grid_of_conversions_against_the_libraries(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24's grid: at least 200 conversions over every pair of definitions the libraries
    support; never tighter than the truth, never refused, within 1 % of the best library
    (or better) on every case. Prints the ratio table and the per-family summary."""
    from tests.oracle_grid import outcomes, ratio_table, summary

    results = outcomes()
    with capsys.disabled():
        print("\n" + ratio_table(results) + "\n\n" + summary(results))
    assert len(results) >= 200
    assert len({r.case.family for r in results}) >= 10
    assert [r.case.label for r in results if r.below_truth] == []
    assert [r.case.label for r in results if r.kind == "refused"] == []
    assert [r.case.label for r in results if r.kind == "loose"] == []
