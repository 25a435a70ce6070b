"""`dptax convert` end to end: exit codes, exact messages, JSON shape, soundness of the numbers."""

from __future__ import annotations

import json
import math
from collections import Counter

import mpmath
import pytest

from dptaxonomy.reasoning.maps.paths import Chain
from tests.clirunner import run

ZCDP = ("convert", "zCoDP", "(ε, δ)-DP", "--from", "xi=0", "--from", "rho=0.5")


def bs16(rho: float, delta: float) -> float:
    """Bun–Steinke's ρ + 2√(ρ log(1/δ)) (the catalog's map at ξ = 0, ρ ≤ 1/π)."""
    return rho + 2 * math.sqrt(rho * math.log(1 / delta))


def test_zcdp_to_approximate_dp_text(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, *ZCDP, "--to", "delta=1e-6")
    assert result.code == 0, result.err
    first = result.out.splitlines()[0]
    assert first.startswith(
        "zero-concentrated-dp (rho = 0.5, xi = 0) ⇒ approximate-dp with epsilon ≤ "
    )
    assert first.endswith(", delta = 1e-06")
    assert "[BS16]" in result.out or "[CKS20]" in result.out


def test_json_has_every_documented_key(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, *ZCDP, "--to", "δ=1e-6", "--format", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    for key in ("source", "target", "from", "to", "proof", "conditions", "free", "alternatives"):
        assert key in data
    assert data["source"] == "zero-concentrated-dp"
    assert data["target"] == "approximate-dp"
    assert data["from"] == {
        "rho": {"value": 0.5, "given": True},
        "xi": {"value": 0.0, "given": True},
    }
    assert data["to"]["delta"] == {"value": 1e-6, "given": True}
    epsilon = data["to"]["epsilon"]
    assert epsilon["given"] is False
    low, high = epsilon["enclosure"]
    assert low <= high == epsilon["value"]
    assert epsilon["value"] <= bs16(0.5, 1e-6) + 1e-12
    assert all(c["checked"] and c["holds"] for c in data["conditions"])


def test_pure_dp_to_zcdp(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "convert", "ε-DP", "zCoDP", "--from", "eps=1", "--format", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["to"]["xi"]["value"] == 0.0
    assert data["to"]["rho"]["value"] <= 0.5


def test_free_order_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(
        capsys, "convert", "ε-DP", "RényiDP", "--from", "ε=1", "--to", "alpha=2", "-f", "json"
    )
    assert result.code == 0, result.err
    assert json.loads(result.out)["to"]["epsilon"]["value"] <= 1.0  # α ε²/2 = 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--from", "rho=-1", "--from", "xi=0"),
            "dptax: rho = -1 is outside the domain [0, inf) of rho of zero-concentrated-dp\n",
        ),
        (
            ("--from", "xi=0.5"),
            "dptax: missing parameter rho of zero-concentrated-dp (domain [0, inf)): "
            "give --from rho=VALUE\n",
        ),
        (
            ("--from", "rho=abc", "--from", "xi=0"),
            "dptax: rho of zero-concentrated-dp: 'abc' is not a number (domain [0, inf))\n",
        ),
        (
            ("--from", "foo=1"),
            "dptax: unknown parameter 'foo' of zero-concentrated-dp (its parameters: xi, rho)\n",
        ),
        (("--from", "rho"), "dptax: --from expects NAME=VALUE, e.g. --from rho=0.5; got 'rho'\n"),
        (
            ("--from", "rho=1", "--from", "ρ=2"),
            "dptax: --from gives rho twice\n",
        ),
        (
            ("--from", "rho=0.5", "--from", "xi=0"),
            "dptax: the chain needs delta of approximate-dp as input: give --to delta=VALUE\n",
        ),
        (
            ("--from", "rho=0.5", "--from", "xi=0", "--to", "delta=2"),
            "dptax: delta = 2 is outside the domain [0, 1] of delta of approximate-dp\n",
        ),
        (
            ("--from", "rho=nan", "--from", "xi=0"),
            "dptax: rho of zero-concentrated-dp: 'nan' is not a number (domain [0, inf))\n",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    result = run(capsys, "convert", "zCoDP", "(ε, δ)-DP", *args)
    assert (result.code, result.out, result.err) == (1, "", message)


def test_no_implication_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "convert", "(ε, δ)-DP", "ε-DP", "--from", "eps=1", "--from", "delta=1e-6")
    assert (result.code, result.err) == (
        1,
        "dptax: approximate-dp does not imply differential-privacy: a separation is known "
        "([DP20] Section 3.3, first paragraph: ¬(approximate-dp ≻ differential-privacy), "
        "catalog/approximate-dp.yaml:126)\n",
    )


def test_implication_without_maps_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """(ε, δ)-DP → ProDP was this case until issue 24 gave it a map (KS14's argument)."""
    result = run(capsys, "convert", "differential-obliviousness", "dp-for-ram")
    assert (result.code, result.err) == (
        1,
        "dptax: differential-obliviousness ≻ dp-for-ram is known, but no chain of its steps "
        "carries parameter maps, so the catalog gives no numbers "
        "(see: dptax relate differential-obliviousness dp-for-ram)\n",
    )


def test_failed_condition_is_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(
        capsys,
        "convert",
        "zCoDP",
        "(ε, δ)-DP",
        "--from",
        "xi=0",
        "--from",
        "rho=1",
        "--to",
        "delta=0",
    )
    assert result.code == 1
    assert "condition 'delta > 0' of step " in result.err


def test_delta_zero_is_the_special_case(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "convert", "ε-DP", "(ε, δ)-DP", "--from", "eps=1", "--to", "delta=0")
    assert result.code == 0
    assert result.out.splitlines()[0] == (
        "differential-privacy (epsilon = 1) ⇒ approximate-dp with epsilon ≤ 1, delta = 0"
    )


def test_same_definition_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "convert", "zCoDP", "zCoDP", "--from", "rho=1", "--from", "xi=0")
    assert (result.code, result.err) == (
        1,
        "dptax: zero-concentrated-dp is the target itself: nothing to convert\n",
    )


def test_python_api_matches_cli(capsys: pytest.CaptureFixture[str]) -> None:
    import dptaxonomy

    api = dptaxonomy.convert("zCoDP", "(ε, δ)-DP", {"xi": 0, "rho": 0.5}, {"delta": 1e-6})
    cli = json.loads(run(capsys, *ZCDP, "--to", "delta=1e-6", "-f", "json").out)
    assert api.to_json() == cli


def gaussian_epsilon(mu: float, delta: float) -> float:
    """The exact ε of μ-GDP at δ (Dong–Roth–Su), by bisection on the profile, in floats."""

    def phi(x: float) -> float:
        return 0.5 * math.erfc(-x / math.sqrt(2))

    def profile(epsilon: float) -> float:
        return phi(-epsilon / mu + mu / 2) - math.exp(epsilon) * phi(-epsilon / mu - mu / 2)

    low, high = 0.0, 100.0
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if profile(middle) > delta else (low, middle)
    return high


@pytest.mark.parametrize("mu", [0.5, 1.0, 2.0])
def test_gdp_solves_for_epsilon(capsys: pytest.CaptureFixture[str], mu: float) -> None:
    result = run(
        capsys,
        "convert",
        "GaussDP",
        "(ε, δ)-DP",
        "--from",
        f"mu={mu}",
        "--to",
        "delta=1e-6",
        "-f",
        "json",
    )
    assert result.code == 0, result.err
    data = json.loads(result.out)
    epsilon = data["to"]["epsilon"]["value"]
    assert data["solved"]["parameter"] == "epsilon"
    assert data["solved"]["bound"] <= 1e-6
    assert epsilon == pytest.approx(gaussian_epsilon(mu, 1e-6), rel=1e-8)


def test_gdp_gives_delta_for_epsilon(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(
        capsys, "convert", "GaussDP", "(ε, δ)-DP", "--from", "μ=1", "--to", "ε=1", "-f", "json"
    )
    assert result.code == 0, result.err
    delta = json.loads(result.out)["to"]["delta"]["value"]
    exact = 0.5 * math.erfc(0.5 / math.sqrt(2)) - math.e * 0.5 * math.erfc(1.5 / math.sqrt(2))
    assert exact <= delta <= exact * (1 + 1e-12)


def test_gdp_to_zcdp_is_mu_squared_over_two(capsys: pytest.CaptureFixture[str]) -> None:
    """Refused until issue 24 added the map μ-GDP ⇒ (0, μ²/2)-zCDP (DRS21)."""
    result = run(capsys, "convert", "GaussDP", "zCoDP", "--from", "mu=1", "-f", "json")
    assert result.code == 0, result.err
    values = json.loads(result.out)["to"]
    assert (values["rho"]["value"], values["xi"]["value"]) == (0.5, 0.0)


def test_zcdp_to_gdp_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "convert", "zCoDP", "GaussDP", "--from", "rho=1", "--from", "xi=0")
    assert (result.code, result.err) == (
        1,
        "dptax: no known implication from zero-concentrated-dp to gaussian-dp\n",
    )


@pytest.mark.parametrize(("omega", "bound"), [("2", 8.527407846), ("10", 1.215877494)])
def test_tcdp_uses_its_best_order(
    capsys: pytest.CaptureFixture[str], omega: str, bound: float
) -> None:
    """(ρ, ω)-tCDP gives (α, ρα)-RDP at every order α ≤ ω: the order is chosen, not fixed at
    min(ω, 2) (which gave 12.449 at every ω ≥ 2). Through the optimal Rényi → (ε, δ)
    conversion (rdp_epsilon); Balle et al.'s form gave 12.4492162 and 1.273853426."""
    args = ("convert", "tCoDP[BDRS18]", "(ε, δ)-DP", "--from", "rho=0.01", "--from")
    result = run(capsys, *args, f"omega={omega}", "--to", "delta=1e-6", "-f", "json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["to"]["epsilon"]["value"] == pytest.approx(bound, rel=1e-9)


@pytest.mark.parametrize("delta", ["0.5", "0.9"])
def test_renyi_at_a_large_delta_gives_epsilon_zero(
    capsys: pytest.CaptureFixture[str], delta: str
) -> None:
    """(α, ε)-RDP bounds KL, and Pinsker bounds the total variation: ε = 0 at δ ≥ √(ε/2)
    (it was 63.7 for (1.01, 0.001)-RDP at δ = 0.5, and 0.15 for (10, 0.5) at δ = 0.9)."""
    for alpha, bound in (("1.01", "0.001"), ("10", "0.5")):
        args = ("convert", "RényiDP", "(ε, δ)-DP", "--from", f"alpha={alpha}", "--from")
        result = run(capsys, *args, f"epsilon={bound}", "--to", f"delta={delta}", "-f", "json")
        assert result.code == 0, result.err
        assert json.loads(result.out)["to"]["epsilon"]["value"] == 0.0


def test_gaussian_mechanism_uses_its_exact_profile(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(
        capsys,
        "convert",
        "Gaussian mechanism",
        "(ε, δ)-DP",
        "--from",
        "sigma=2",
        "--from",
        "sensitivity=1",
        "--to",
        "delta=1e-6",
        "-f",
        "json",
    )
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert [step["b"] for step in data["proof"]] == ["gaussian-dp", "approximate-dp"]
    assert data["to"]["epsilon"]["value"] == pytest.approx(gaussian_epsilon(0.5, 1e-6), rel=1e-8)


def test_laplace_mechanism_to_zcdp(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(
        capsys,
        "convert",
        "Laplace",
        "zCoDP",
        "--from",
        "scale=2",
        "--from",
        "sensitivity=1",
        "-f",
        "json",
    )
    assert result.code == 0, result.err
    rho = json.loads(result.out)["to"]["rho"]["value"]
    assert 0.5 * math.tanh(0.25) <= rho <= 0.5 * math.tanh(0.25) * (1 + 1e-12)


def test_mechanism_violation_is_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(
        capsys, "convert", "Gaussian", "ε-DP", "--from", "sigma=1", "--from", "sensitivity=1"
    )
    assert result.code == 1
    assert result.err.startswith(
        "dptax: the gaussian mechanism does not satisfy differential-privacy ([DP20] Section 3"
    )


def test_unknown_source_lists_definitions(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "convert", "Nonexistent", "zCoDP", "--from", "x=1")
    assert result.code == 1
    assert result.err.startswith("dptax: no definition is called 'Nonexistent'")


def test_relate_shows_the_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    """relate's parametric section gives convert's answer when parameters are given."""
    relate = run(capsys, "relate", "zCoDP", "ε-DP", "--from", "eps=1", "-f", "json")
    convert = run(capsys, "convert", "ε-DP", "zCoDP", "--from", "eps=1", "-f", "json")
    assert relate.code == convert.code == 0
    numbers, answer = json.loads(relate.out)["numbers"], json.loads(convert.out)
    assert numbers == {key: answer[key] for key in numbers}
    text = run(capsys, "relate", "zCoDP", "ε-DP", "--from", "eps=1")
    assert text.out.rstrip().endswith(
        "differential-privacy (epsilon = 1) ⇒ zero-concentrated-dp with rho ≤ 0.4621171573, xi ≤ 0"
    )


def test_relate_without_parameters_has_no_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "relate", "zCoDP", "ε-DP", "-f", "json")
    assert "numbers" not in json.loads(result.out)


def randomized_response_renyi(epsilon: float, alpha: float) -> float:
    """D_α between Bernoulli(e^ε/(1+e^ε)) and Bernoulli(1/(1+e^ε)): the ε-DP worst case."""
    p = math.exp(epsilon) / (1 + math.exp(epsilon))
    q = 1 - p
    return math.log(p**alpha * q ** (1 - alpha) + q**alpha * p ** (1 - alpha)) / (alpha - 1)


@pytest.mark.parametrize("epsilon", [0.1, 1.0, 3.0])
@pytest.mark.parametrize("alpha", [1.5, 2.0, 10.0])
def test_every_pure_to_renyi_chain_is_sound(epsilon: float, alpha: float) -> None:
    """Every chain from ε-DP to Rényi DP stays above randomized response, which is ε-DP;
    the tightest (Ste24 Theorem 4) equals it."""
    import dptaxonomy

    result = dptaxonomy.convert("ε-DP", "RényiDP", {"eps": epsilon}, {"alpha": alpha})
    exact = randomized_response_renyi(epsilon, alpha)
    for chain in result.conversion.results:
        if chain.run is not None:
            assert result.values(chain)["epsilon"]["value"] >= exact * (1 - 1e-12)
    assert result.to_json()["to"]["epsilon"]["value"] == pytest.approx(exact, rel=1e-10)


@pytest.mark.parametrize("value", ["0x10", "1/2", "1_000", "inf", "nan", "1" * 500])
def test_only_plain_decimals_are_read(capsys: pytest.CaptureFixture[str], value: str) -> None:
    result = run(
        capsys,
        "convert",
        "zCDP",
        "(ε, δ)-DP",
        "--from",
        "xi=0",
        "--from",
        f"rho={value}",
        "--to",
        "delta=1e-6",
    )
    assert result.code == 1
    assert result.err.startswith("dptax: rho of zero-concentrated-dp: '")
    assert result.err.endswith("' is not a number (domain [0, inf))\n")
    assert len(result.err) < 200


_DOUBLES = "is beyond the range of double-precision numbers (about 1.8e308)"


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("1e400", _DOUBLES),
        ("-1e999999", _DOUBLES),
        ("1e-99999999999999999999", "has an exponent beyond what the arithmetic holds"),
    ],
)
def test_a_decimal_beyond_the_arithmetic_is_named_so(
    capsys: pytest.CaptureFixture[str], value: str, why: str
) -> None:
    result = run(
        capsys, "convert", "zCDP", "(ε, δ)-DP", "--from", f"rho={value}", "--to", "delta=1e-6"
    )
    assert result.code == 1
    assert result.err == f"dptax: rho of zero-concentrated-dp: '{value}' {why} (domain [0, inf))\n"


@pytest.mark.parametrize(
    ("definition", "value", "domain"),
    [
        ("gaussian", "sigma=1e-400", "(0, inf)"),
        ("renyi-dp", "alpha=1.00000000000000000001", "(1, inf)"),
    ],
)
def test_a_value_inside_its_domain_but_not_in_doubles_is_named_so(
    capsys: pytest.CaptureFixture[str], definition: str, value: str, domain: str
) -> None:
    result = run(capsys, "convert", definition, "zCDP", "--from", value)
    assert result.code == 1
    name, text = value.split("=")
    assert result.err == (
        f"dptax: {name} = {text} lies in the domain {domain} of {name} of {definition}, but too "
        "near its end to be told apart from it in double precision\n"
    )


@pytest.mark.parametrize(("epsilon", "exponent"), [("1", -13), ("3", -100)])
def test_zcdp_delta_at_epsilon_through_renyi_orders(
    capsys: pytest.CaptureFixture[str], epsilon: str, exponent: int
) -> None:
    """δ at a given ε is solved jointly with the Rényi order (issue 24): ρ = 0.01 gives
    δ ≈ 1.7e-13 at ε = 1 and ≈ 2.1e-100 at ε = 3 (not 3.8e-11 at both, the old floor), and
    never below the Gaussian mechanism's exact δ (its profile: the tight ρ-zCDP case)."""
    args = ("convert", "zCoDP", "(ε, δ)-DP", "--from", "xi=0", "--from", "rho=0.01")
    result = run(capsys, *args, "--to", f"epsilon={epsilon}", "-f", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    delta = data["to"]["delta"]["value"]
    assert math.floor(math.log10(delta)) == exponent
    mu, eps = mpmath.sqrt(mpmath.mpf("0.02")), mpmath.mpf(epsilon)
    exact = mpmath.ncdf(-eps / mu + mu / 2) - mpmath.exp(eps) * mpmath.ncdf(-eps / mu - mu / 2)
    assert delta >= exact
    assert data["solved"]["precision"] < 1e-9
    assert [f["definition"] for f in data["free"]] == ["renyi-dp"]


def test_a_mechanism_claim_gives_every_bound_it_needs(capsys: pytest.CaptureFixture[str]) -> None:
    """The power-law pair (ζ(3) against ζ(4)) claimed tCDP at ω = 2 without ρ, and convert
    read the missing ρ as any value: ε ≤ 0.0056 at δ = 1e-5. The pair's exact privacy
    profile (the hockey-stick divergence summed with ζ's tails) needs ε ≈ 4.6636 there."""
    args = ("convert", "power-law-pair", "(ε, δ)-DP", "--to", "delta=1e-5", "-f", "json")
    result = run(capsys, *args)
    assert result.code == 0, result.err
    assert json.loads(result.out)["to"]["epsilon"]["value"] >= 4.6636


@pytest.mark.parametrize(
    ("args", "bound"),
    [
        (("rho=1", "omega=1.01", "delta=0.1"), 7.301719259),
        (("rho=0.0001", "omega=1.05", "delta=1e-6"), 32.97303339),
    ],
)
def test_tcdp_close_to_order_one_finds_its_narrow_range_of_orders(
    capsys: pytest.CaptureFixture[str], args: tuple[str, str, str], bound: float
) -> None:
    """The certificate exists only for orders in a stretch narrower than the optimiser's
    coarse grid step: the whole grid is read then (these gave 225.66 and 272.29)."""
    rho, omega, delta = args
    command = ("convert", "tCoDP[BDRS18]", "(ε, δ)-DP", "--from", rho, "--from", omega)
    result = run(capsys, *command, "--to", delta, "-f", "json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["to"]["epsilon"]["value"] <= bound


def test_a_sum_of_two_computed_parameters_is_searched_from_two_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Noisy count to probabilistic DP: the descent from the diagonal alone ended at δ = 1
    (vacuous) with ε ≈ 0.0025; from the centre too, it finds δ = 0 at ε = 0.1."""
    args = ("convert", "noisy-count", "probabilistic-dp", "--from", "epsilon=0.05", "-f", "json")
    result = run(capsys, *args)
    assert result.code == 0, result.err
    to = json.loads(result.out)["to"]
    assert to["delta"]["value"] == 0.0
    assert to["epsilon"]["value"] <= 0.1000000001


def test_a_chain_refused_before_its_free_values_is_run_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Gaussian mechanism's tCDP claim gives nothing finite at step 1, before the Rényi
    order is read: every proposal would be refused alike, so one sound run decides (issue 24;
    it took five), and the reason is the same."""
    import dptaxonomy as dp
    from dptaxonomy.reasoning.maps import conversion, tightest

    runs: Counter[tuple[str, ...]] = Counter()
    original = conversion.run_chain

    def counted(chain: Chain, *args: object, **kwargs: object) -> object:
        runs[chain.definitions] += 1
        return original(chain, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tightest, "run_chain", counted)
    result = dp.convert(
        "gaussian", "(ε, δ)-DP", {"sigma": "0.93", "sensitivity": "1"}, {"delta": "1e-5"}
    )
    step_one = "step 1 (gaussian → truncated-concentrated-dp-bdrs18) cannot be evaluated"
    refused = [
        r
        for r in result.conversion.results
        if r.run is None and r.refusal is not None and r.refusal.startswith(step_one)
    ]
    assert len(refused) == 3  # three Rényi conversions after tCDP
    for r in refused:
        alike = [x for x in refused if x.chain.definitions == r.chain.definitions]
        assert runs[r.chain.definitions] == len(alike)


def test_other_chains_through_the_same_papers_are_told_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Refused chains name their sources too, and chains that read alike by definitions and
    papers (LPT+22's closed form and its optimal conversion) add where their steps differ."""
    result = run(
        capsys, "convert", "gaussian", "(ε, δ)-DP", "--from", "sigma=1", "--from",
        "sensitivity=1", "--to", "delta=1e-5",
    )  # fmt: skip
    assert result.code == 0, result.err
    others = result.out.split("Other chains:\n")[1].splitlines()
    assert len(others) == len(set(others)), [line for line in others if others.count(line) > 1]
    refused = [line for line in others if "no result" in line]
    assert (
        "  gaussian → kl-privacy → approximate-dp [Mir17], [Tsy09]: no result (no value of "
        "epsilon makes the chain's delta at most the delta given)"
    ) in refused
    via = "  gaussian → kl-privacy → renyi-dp → approximate-dp [Mir17], [DP20], "
    assert {line.split(": no result")[0] for line in refused if line.startswith(via)} == {
        via + "[LPT+22] (renyi-dp.yaml:117)",
        via + "[BBG+20]",
        via + "[LPT+22] (renyi-dp.yaml:165)",
    }
