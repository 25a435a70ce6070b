"""Print `dptax convert`'s answers next to OpenDP's, dp_accounting's and autodp's, same inputs.

Needs the ``[oracles]`` extra (``pip install -e '.[oracles]'``). Rows:

- zCDP ρ → (ε, δ)-DP at δ: dptax (tightest chain), OpenDP ``make_zCDP_to_approxDP``,
  dp_accounting ``RdpAccountant`` with ``ZCDpEvent``, autodp ``rdp_to_approxdp``, and
  the exact ε of the Gaussian mechanism with that ρ (a lower bound for any sound answer);
- ε-DP → zCDP ρ: dptax, OpenDP ``make_pureDP_to_zCDP``; and ε-DP → Rényi DP at α:
  dptax, autodp ``puredp_to_rdp``.

Usage: ``python scripts/compare_libraries.py``.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

from dptaxonomy.catalog.store import open_catalog
from dptaxonomy.queries.convert import convert_result
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]
    lines = [
        "  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in [headers, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _ours(
    kb: KnowledgeBase, source: str, target: str, given: dict[str, str], fixed: dict[str, str]
) -> Any:
    return convert_result(kb, source, target, given, fixed).to_json()["to"]


def main() -> None:
    import autodp.converter as autodp_converter
    import dp_accounting
    import opendp.prelude as dp

    dp.enable_features("contrib")
    space = dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float)
    kb = compile_knowledge_base(open_catalog())
    rows = []
    for rho in (0.01, 0.1, 0.5, 1.0):
        for delta in (1e-5, 1e-6, 1e-9):
            sigma = math.sqrt(1 / (2 * rho))
            ours = _ours(
                kb, "zCoDP", "(ε, δ)-DP", {"xi": "0", "rho": repr(rho)}, {"delta": repr(delta)}
            )
            to_approx: Any = dp.c.make_zCDP_to_approxDP(dp.m.make_gaussian(*space, scale=sigma))
            opendp_value = to_approx.map(1.0).epsilon(delta)
            accountant = dp_accounting.rdp.RdpAccountant()
            accountant.compose(dp_accounting.ZCDpEvent(rho))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                autodp_value = autodp_converter.rdp_to_approxdp(lambda a, r=rho: r * a)(delta)
            rows.append(
                [
                    f"{rho:g}",
                    f"{delta:g}",
                    f"{ours['epsilon']['value']:.8f}",
                    f"{opendp_value:.8f}",
                    f"{accountant.get_epsilon(delta):.8f}",
                    f"{autodp_value:.8f}",
                    f"{dp_accounting.get_epsilon_gaussian(sigma, delta):.8f}",
                ]
            )
    print("zCDP ρ → (ε, δ)-DP: ε at δ (smaller is tighter; the Gaussian column is a lower bound)")
    print(
        _table(
            ["rho", "delta", "dptax", "OpenDP", "dp_accounting", "autodp", "Gaussian exact"], rows
        )
    )
    rows = []
    for epsilon in (0.1, 0.5, 1.0, 2.0, 5.0):
        ours = _ours(kb, "ε-DP", "zCoDP", {"epsilon": repr(epsilon)}, {})
        to_zcdp: Any = dp.c.make_pureDP_to_zCDP(dp.m.make_laplace(*space, scale=1 / epsilon))
        opendp_value = to_zcdp.map(1.0)
        rows.append([f"{epsilon:g}", f"{ours['rho']['value']:.8f}", f"{opendp_value:.8f}"])
    print("\nε-DP → zCDP: ρ (smaller is tighter; dptax's is tight, Ste24 Theorem 5)")
    print(_table(["epsilon", "dptax", "OpenDP"], rows))
    rows = []
    for epsilon in (0.5, 1.0, 5.0):
        for alpha in (2.0, 10.0):
            ours = _ours(kb, "ε-DP", "RényiDP", {"epsilon": repr(epsilon)}, {"alpha": repr(alpha)})
            autodp_value = autodp_converter.puredp_to_rdp(epsilon)(alpha)
            rows.append(
                [
                    f"{epsilon:g}",
                    f"{alpha:g}",
                    f"{ours['epsilon']['value']:.8f}",
                    f"{autodp_value:.8f}",
                ]
            )
    print("\nε-DP → Rényi DP at α: ε(α) (both tight)")
    print(_table(["epsilon", "alpha", "dptax", "autodp"], rows))


if __name__ == "__main__":
    main()
