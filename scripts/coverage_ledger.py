"""Generate docs/coverage.md: the coverage ledger of the catalog against its sources.

Run `make coverage` (or `python scripts/coverage_ledger.py`) after changing the
catalog; tests/test_coverage_ledger.py fails until you do, naming this command.

The ledger has three parts:

1. the completeness counts of `dptax stats --coverage`;
2. the audit of issue 14: each gap an audit of the sources found, with its
   status computed from the catalog (closed, with the fact or entry that
   closes it) or the reason it stays open;
3. for each seed paper, every relation and link the catalog cites it for,
   with the place in the paper and the evidence (quoted or cited).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from dptaxonomy.base.atomic import write_bytes_atomic
from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.queries.coverage import catalog_coverage
from dptaxonomy.schema.enums import RELATION_SYMBOLS
from dptaxonomy.schema.models import Citation, Definition

ROOT = Path(__file__).resolve().parent.parent
LEDGER = ROOT / "docs" / "coverage.md"
SEEDS = {
    "DP20": "Desfontaines and Pejó, SoK: Differential Privacies",
    "DMKB19": (
        "Desfontaines, Mohammadi, Krahmer and Basin, Differential privacy with partial knowledge"
    ),
    "KS14": "Kasiviswanathan and Smith, On the 'semantics' of differential privacy",
    "LPT+22": (
        "Liu et al., GDP vs. LDP: a survey from the perspective of information-theoretic channel"
    ),
    "WXH17": "Wu, Xia and He, Information theory of data privacy",
}
"""The five seed papers, by citation key."""

Check = Callable[[Catalog], str | None]
"""Returns what closes an audit item (a fact, an entry), or None if it is open."""


def _facts(catalog: Catalog) -> Iterator[tuple[Definition, str, str, str, Citation]]:
    """(subject, symbol, kind, target, citation) of every relation and link."""
    for definition in catalog.definitions.values():
        for relation in definition.relations:
            if relation.target is not None:
                symbol = RELATION_SYMBOLS[relation.kind]
                yield definition, symbol, relation.kind.value, relation.target, relation.citation
        for link in definition.links:
            yield definition, "~", link.kind.value, link.target, link.citation


def fact_between(a: str, b: str) -> Check:
    """Closed by any relation or link between a and b, stated in either entry."""

    def check(catalog: Catalog) -> str | None:
        for subject, symbol, kind, target, citation in _facts(catalog):
            if {subject.id, target} == {a, b}:
                return f"`{subject.id} {symbol} {target}` ({kind}, [{citation.key}] {citation.at})"
        return None

    return check


_IMPLIES = {"stronger": False, "weaker": True, "equivalent": False, "extends": False}
"""Relation kinds that state an implication, and whether the entry's subject is the implied side."""


def implies(a: str, b: str) -> Check:
    """Closed by a relation stating a ≻ b or a ⊂ b (or a ∼ b), in either entry."""

    def check(catalog: Catalog) -> str | None:
        for subject, symbol, kind, target, citation in _facts(catalog):
            implied_side = _IMPLIES.get(kind)
            if kind == "extended_by":
                implied_side = True
            if implied_side is None:
                continue
            pair = (target, subject.id) if implied_side else (subject.id, target)
            if pair == (a, b) or (kind == "equivalent" and {a, b} == {subject.id, target}):
                return f"`{subject.id} {symbol} {target}` ({kind}, [{citation.key}] {citation.at})"
        return None

    return check


def entry(definition_id: str) -> Check:
    """Closed by the entry's existence."""

    def check(catalog: Catalog) -> str | None:
        return f"entry `{definition_id}`" if definition_id in catalog.definitions else None

    return check


def introduced_in(definition_id: str, *keys: str) -> Check:
    """Closed when the entry's `introduced_in` lists every key."""

    def check(catalog: Catalog) -> str | None:
        listed = catalog.definitions[definition_id].introduced_in
        if all(k in listed for k in keys):
            return f"`{definition_id}` introduced_in: {', '.join(listed)}"
        return None

    return check


def statement(definition_id: str, *, sourced: bool = False) -> Check:
    """Closed when the entry has a statement (and, if asked, says where it comes from)."""

    def check(catalog: Catalog) -> str | None:
        d = catalog.definitions[definition_id]
        if d.statement is None or (sourced and d.statement_source is None):
            return None
        where = f" from [{d.statement_source.key}]" if d.statement_source else ""
        return f"`{definition_id}` has a statement{where}"

    return check


def parameters(definition_id: str) -> Check:
    """Closed when the entry declares parameters."""

    def check(catalog: Catalog) -> str | None:
        names = [p.name for p in catalog.definitions[definition_id].parameters]
        return f"`{definition_id}` parameters: {', '.join(names)}" if names else None

    return check


def both(*checks: Check) -> Check:
    """Closed when every check is."""

    def check(catalog: Catalog) -> str | None:
        found = [c(catalog) for c in checks]
        return "; ".join(f for f in found if f) if all(found) else None

    return check


def no_internal_wording(catalog: Catalog) -> str | None:
    """Closed when no note, summary or reference note names the seed files."""
    words = ("seed 00", "shared/seeds")
    texts = [r.note or "" for r in catalog.references.values()]
    for d in catalog.definitions.values():
        texts += [d.summary] + [r.note or "" for r in d.relations] + [x.note or "" for x in d.links]
    leaks = sum(1 for t in texts if any(w in t.casefold() for w in words))
    return None if leaks else "no note mentions the seed files; papers are cited by key"


def never(_: Catalog) -> str | None:
    """An item that stays open (its reason says why)."""
    return None


@dataclass(frozen=True)
class AuditItem:
    """One gap found by the audit of the sources, and what closes it."""

    gap: str
    check: Check
    reason: str
    """Why it is open, shown while the check fails."""


AUDIT: tuple[AuditItem, ...] = (
    AuditItem(
        "ε-indistinguishability (SoK Definition 1) has no entry",
        never,
        "a closeness relation between two random variables, not a property of mechanisms; "
        "the statement of ε-DP uses it",
    ),
    AuditItem(
        "(1, ε)-privacy [CM06] and the log-ratio distance [HMSS19] have no entry",
        never,
        "like ε-indistinguishability, closeness of distributions (with 1 + ε for e^ε); "
        "the SoK gives no mechanism-level definition to transcribe",
    ),
    AuditItem("DP for PIR [WCM18] has no entry", entry("dp-for-pir"), ""),
    AuditItem("DP for RAM [WCM18] has no entry", entry("dp-for-ram"), ""),
    AuditItem(
        "DP for outsourced databases [KKNO17] has no entry",
        entry("dp-for-outsourced-databases"),
        "",
    ),
    AuditItem(
        "personalized DP for communication graphs [SPB21] has no entry",
        entry("personalized-dp-for-communication-graphs"),
        "",
    ),
    AuditItem(
        "about eight unnamed adaptations in Sections 4.3, 11.2 and 11.3 have no entry",
        never,
        "unnamed uses of DP for a data type (set operations, gossip protocols, functions, "
        "genomic data, recommendation, Kalman filters, power spectral densities); the SoK "
        "gives neither a name nor a definition",
    ),
    AuditItem(
        "DP under correlation [CFYD14] merged into group DP without a note",
        both(entry("dp-under-correlation"), fact_between("dp-under-correlation", "group-dp")),
        "",
    ),
    AuditItem(
        "k-divergence DP at k = 2 is (2, log(1 + ε²))-Rényi DP",
        fact_between("k-divergence-dp", "renyi-dp"),
        "holds only at k = 2, and k sits inside the function parameter f_k, which no "
        "condition over numeric parameters can restrict; it needs an entry for k = 2",
    ),
    AuditItem(
        "Proposition 1: (ε,δ)-DP ⊂ DivDP",
        implies("approximate-dp", "divergence-dp"),
        "",
    ),
    AuditItem(
        "Proposition 1: MIDP ⊂ DivDP",
        implies("mutual-information-dp", "divergence-dp"),
        "",
    ),
    AuditItem(
        "geo-indistinguishability not linked to d_𝒟-privacy",
        fact_between("geo-indistinguishability", "d-privacy"),
        "",
    ),
    AuditItem(
        "d_𝒟-privacy not related to one-sided DP",
        fact_between("d-privacy", "one-sided-dp"),
        "the SoK states it only for a relaxed, asymmetric d_𝒟 (Section 5.3), which the "
        "entry's definition does not allow",
    ),
    AuditItem(
        "personalized DP stored only as ε-DP ⊂ PerDP, although the SoK gives both implications",
        both(
            implies("differential-privacy", "personalized-dp"),
            implies("personalized-dp", "differential-privacy"),
        ),
        "",
    ),
    AuditItem(
        "d_𝒟-privacy not related to personalized DP",
        fact_between("d-privacy", "personalized-dp"),
        "the SoK says both ideas are captured by distance functions (Section 5.3) but states "
        "no relation between the two definitions",
    ),
    AuditItem(
        "Lemma 3.7 of BS16, the one bullet of the SoK's Section 3.3 theorem left out",
        never,
        "its premise is (ξ + √(ρ log 1/δ))-DP as printed, with δ free: read as (ε(δ), δ)-DP "
        "for every δ > 0 (a privacy profile), which no parameter map from one (ε, δ) pair "
        "can express; the printed bullet seems to have lost the ', δ'",
    ),
    AuditItem(
        "blowfish privacy → pufferfish privacy (text-level link)",
        fact_between("blowfish-privacy", "pufferfish-privacy"),
        "",
    ),
    AuditItem(
        "typical stability ∼ zero-knowledge privacy (text-level link)",
        fact_between("typical-stability", "zero-knowledge-privacy"),
        "",
    ),
    AuditItem(
        "crowd-blending privacy with pre-sampling ⇒ zero-knowledge privacy",
        never,
        "pre-sampling transforms the mechanism, which a relation between definitions cannot "
        "express; recorded in the note of crowd-blending privacy's link",
    ),
    AuditItem(
        "shuffled model unrelated to local DP",
        fact_between("dp-in-the-shuffled-model", "local-dp"),
        "",
    ),
    AuditItem(
        "ε-DP ⇒ (Agg, ε)-ZKPr if the identity is in Agg (only in a note)",
        implies("differential-privacy", "zero-knowledge-privacy"),
        "not yet encoded: the condition is on the class Agg (a set), which the condition "
        "grammar, over numeric parameters, cannot state",
    ),
    AuditItem(
        "information privacy w.r.t. ℙ is ε-strong DP (WXH17 Proposition 4, Corollary 3)",
        fact_between("strong-dp-mf13", "information-privacy-wxh17"),
        "",
    ),
    AuditItem(
        "instantaneous DP: attribution and summary disagree with Section 4",
        never,
        "the SoK mentions instantaneous DP only through local DP for bandits [BDT19] "
        "(Section 11.3, 'mentioned in Section 4'), and Section 4 does not define it; kept as "
        "transcribed until the introducing paper is checked",
    ),
    AuditItem(
        "introduced_in drops Dua09 for noiseless privacy",
        introduced_in("noiseless-privacy-bbg11", "Dua09", "BBG+11"),
        "",
    ),
    AuditItem(
        "introduced_in drops NAD14, ESS15, GR15, LWS15, AGK16 for personalized DP",
        introduced_in("personalized-dp", "NAD14", "ESS15", "GR15", "LWS15", "AGK16"),
        "",
    ),
    AuditItem(
        "introduced_in drops KL12 for generic DP [KL10]",
        introduced_in("generic-dp-kl10", "KL10", "KL12"),
        "",
    ),
    AuditItem(
        "introduced_in drops DM05 for ε-DP",
        introduced_in("differential-privacy", "DM05"),
        "",
    ),
    AuditItem(
        "total variation privacy has no relations (KS14: (ε,δ)-DP ⇒ TV ≤ e^ε − 1 + δ)",
        implies("approximate-dp", "total-variation-privacy"),
        "",
    ),
    AuditItem(
        "Gaussian DP has no parameter μ and no statement",
        both(parameters("gaussian-dp"), statement("gaussian-dp", sourced=True)),
        "",
    ),
    AuditItem(
        "mutual-information DP lacks the formula LPT+22 prints",
        statement("mutual-information-dp"),
        "formula not yet transcribed",
    ),
    AuditItem(
        "localized information privacy lacks the formula LPT+22 prints",
        statement("localized-information-privacy"),
        "formula not yet transcribed",
    ),
    AuditItem(
        "local sensitivity lacks a formula (the audit placed it in LPT+22; KS14 prints it)",
        statement("local-sensitivity", sourced=True),
        "formula not yet transcribed",
    ),
    AuditItem(
        "inferential privacy has no parameters",
        parameters("inferential-privacy"),
        "not yet transcribed",
    ),
    AuditItem(
        "notes and references mention 'seed 003' and 'shared/seeds'",
        no_internal_wording,
        "some notes still name the seed files",
    ),
    AuditItem(
        "notes mention 'the extraction' (remarks about the PDF text)",
        never,
        "left in relation and reference notes, where they flag a garbled Table 3 cell or "
        "reference; relation notes are being revised by the semantics work",
    ),
    AuditItem(
        "distributional DP takes its formula from DMKB19 without saying so",
        statement("distributional-dp", sourced=True),
        "statement_source not yet set",
    ),
    AuditItem(
        "inference-distributional DP takes its formula from DMKB19 without saying so",
        statement("inference-distributional-dp", sourced=True),
        "statement_source not yet set",
    ),
)
"""The gaps of issue 14, in the issue's order."""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _audit_lines(catalog: Catalog) -> list[str]:
    lines = ["| gap | status | closed by, or why open |", "|---|---|---|"]
    closed = 0
    for item in AUDIT:
        found = item.check(catalog)
        closed += found is not None
        status = "closed" if found else "open"
        lines.append(f"| {_cell(item.gap)} | {status} | {_cell(found or item.reason)} |")
    return [f"{closed} of {len(AUDIT)} audit items closed.", "", *lines]


def _ledger_lines(catalog: Catalog) -> list[str]:
    lines: list[str] = []
    facts = sorted(_facts(catalog), key=lambda f: (f[4].key, f[4].at, f[0].id, f[2], f[3]))
    for key, title in SEEDS.items():
        rows = [f for f in facts if f[4].key == key]
        quoted = sum(1 for f in rows if f[4].quote is not None)
        lines += [
            "",
            f"### [{key}] {title}",
            "",
            f"{len(rows)} relations and links cite it ({quoted} quoted, "
            f"{len(rows) - quoted} cited).",
            "",
            "| place | fact | kind | evidence |",
            "|---|---|---|---|",
        ]
        for subject, symbol, kind, target, citation in rows:
            evidence = "quoted" if citation.quote is not None else "cited"
            lines.append(
                f"| {_cell(citation.at)} | `{subject.id} {symbol} {target}` | {kind} | {evidence} |"
            )
    others = sorted({f[4].key for f in facts} - set(SEEDS))
    lines += [
        "",
        "### Other works",
        "",
        f"{sum(1 for f in facts if f[4].key in others)} relations and links cite "
        f"{len(others)} works beyond the seeds: {', '.join(others)}.",
    ]
    return lines


def ledger_text(catalog: Catalog) -> str:
    """The whole of docs/coverage.md."""
    counts = catalog_coverage(catalog).to_text()
    lines = [
        "# Coverage ledger",
        "",
        "Generated by `make coverage` (scripts/coverage_ledger.py) from the catalog; do not edit.",
        "What is still missing, and why, is discussed in docs/audit-gaps.md.",
        "",
        "## Completeness (`dptax stats --coverage`)",
        "",
        "```",
        counts,
        "```",
        "",
        "## The audit of issue 14",
        "",
        *_audit_lines(catalog),
        "",
        "## Relations and links by source",
        *_ledger_lines(catalog),
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    text = ledger_text(load_catalog(ROOT / "catalog")).encode()
    if not LEDGER.exists() or LEDGER.read_bytes() != text:
        write_bytes_atomic(LEDGER, text)
        print(f"updated {LEDGER.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
