"""A composed map is shown as a guarantee only where it is defined (issue 22, item 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.maps.definedness import composition_defect, undefined_part
from dptaxonomy.reasoning.maps.parameters import composed_map, composition_problem
from dptaxonomy.reasoning.maps.ranking import compose, parametric_chains
from dptaxonomy.reasoning.reasoner import Reasoner
from dptaxonomy.schema.arith import parse_expression
from tests.clirunner import run


@pytest.fixture(scope="module")
def kb(catalog: Catalog) -> KnowledgeBase:
    return compile_knowledge_base(catalog)


def _kl_path(kb: KnowledgeBase, map_text: str) -> tuple[Fact, Fact]:
    """KL privacy ⊂ Rényi DP (at α = 1) then the Rényi DP → (ε, δ)-DP step with ``map_text``."""
    first = next(
        f for f in kb.mapped_facts["kl-privacy"] if f.b == "renyi-dp" and f.origin.parameter_map
    )
    second = next(
        f
        for f in kb.mapped_facts["renyi-dp"]
        if f.b == "approximate-dp" and dict(f.origin.parameter_map).get("epsilon") == map_text
    )
    return (first, second)


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ("epsilon + log(1 / delta) / (1 - 1)", "division by zero: the denominator 1 - 1 is 0"),
        ("log((1 - 1) / 1) - epsilon", "log((1 - 1) / 1) cannot be evaluated"),
        ("sqrt(1 - 2) * rho", "sqrt(1 - 2) cannot be evaluated"),
        ("log(0 / delta)", "log(0 / delta) cannot be evaluated"),
        ("(0 - 0) / (1 - 1)", "division by zero: the denominator 1 - 1 is 0"),
        ("epsilon + log(1 / delta) / (alpha - 1)", None),
        ("epsilon + log(1 / delta) / (inf - 1)", None),
        ("exp(1000) * epsilon", "exp(1000) cannot be evaluated"),
        ("exp(100) * epsilon", None),
    ],
)
def test_undefined_parts_are_named(expression: str, reason: str | None) -> None:
    assert undefined_part(parse_expression(expression)) == reason


def test_the_kl_chain_through_alpha_1_is_refused(kb: KnowledgeBase) -> None:
    steps = _kl_path(kb, "epsilon + log(1 / delta) / (alpha - 1)")
    assert compose(steps) is None
    problem = composition_defect(steps, {"epsilon": parse_expression("epsilon")})
    assert problem == (
        "step 1 (kl-privacy ⊂ renyi-dp) places renyi-dp outside its parameters' domain, "
        "where step 2's map (renyi-dp → approximate-dp) is not stated"
    )


def test_an_undefined_expression_alone_is_a_defect(kb: KnowledgeBase) -> None:
    """Without the domain mark, the division by zero itself is the reason."""
    steps = _kl_path(kb, "epsilon + log(1 / delta) / (alpha - 1)")
    composed = {"epsilon": parse_expression("epsilon + log(1 / delta) / (1 - 1)")}
    assert composition_defect(steps[1:], composed) == (
        "epsilon: division by zero: the denominator 1 - 1 is 0"
    )


def test_kl_to_approximate_dp_is_only_its_direct_map(kb: KnowledgeBase) -> None:
    """The chain through Rényi DP at α = 1 (log(1/δ)/(1 − 1)) is never shown; since issue 24
    the direct map (Pinsker, Bretagnolle–Huber) is the one parametric chain."""
    direct = {"delta": "min(sqrt(epsilon / 2), sqrt(1 - exp(-epsilon)))"}
    chains = parametric_chains(kb, "kl-privacy", "approximate-dp")
    assert [c.mapping for c in chains] == [direct]
    reasoner = Reasoner(kb)
    proof = reasoner.search.parametric("kl-privacy", "approximate-dp")
    assert proof is not None
    assert composed_map(proof) == direct


def test_every_shown_composed_map_is_defined(kb: KnowledgeBase) -> None:
    """Across every ≻ pair: no chain shown composes into an undefined map."""
    reasoner = Reasoner(kb)
    shown = 0
    for a in sorted(kb.info):
        for b in sorted(kb.strength.descendants(a)):
            if a == b:
                continue
            proof = reasoner.search.parametric(a, b)
            if proof is None:
                continue
            assert composition_problem(proof) is None
            mapping = composed_map(proof)
            assert mapping is not None
            for text in mapping.values():
                assert undefined_part(parse_expression(text)) is None, (a, b, text)
            shown += 1
    assert shown > 70


@pytest.mark.parametrize("command", ["relate", "explain"])
def test_relate_and_explain_show_no_division_by_zero(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    result = run(capsys, command, "KL privacy", "(ε,δ)-DP")
    assert result.code == 0, result.err
    assert "(1 - 1)" not in result.out
    data = json.loads(run(capsys, command, "KL privacy", "(ε,δ)-DP", "-f", "json").out)
    assert "(1 - 1)" not in json.dumps(data)


def test_the_site_pair_page_shows_no_undefined_map(kb: KnowledgeBase, catalog: Catalog) -> None:
    from dptaxonomy.export.site.pages import pair_context

    context = pair_context(catalog, Reasoner(kb), "kl-privacy", "approximate-dp")
    assert "(1 - 1)" not in json.dumps(context["chain_map"], default=str)
    assert "(1 - 1)" not in json.dumps(context["parametric"], default=str)


@pytest.mark.slow
def test_no_site_page_shows_an_undefined_map(site_dir: Path) -> None:
    """Both pair pages that printed `log(1 / delta) / (1 - 1)` before now show no such map."""
    for page in ("kl-privacy/total-variation-privacy", "approximate-dp/kl-privacy"):
        assert (site_dir / "p" / page / "index.html").is_file()
    shown = [
        path.relative_to(site_dir)
        for path in site_dir.rglob("*.html")
        if "(1 - 1)" in path.read_text(encoding="utf-8")
    ]
    assert shown == []
