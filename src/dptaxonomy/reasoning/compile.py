"""Compiling a validated catalog into a knowledge base (rules A1–A4, W3, E3, then the closures)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dptaxonomy.base.gcpause import collector_paused
from dptaxonomy.reasoning.info import CitationRef, DefinitionInfo, OperationInfo
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.closure import Closure
from dptaxonomy.reasoning.logic.facts import FactKind, collect_facts
from dptaxonomy.reasoning.logic.perfect import mark_outside_domain, perfect_privacy_facts
from dptaxonomy.reasoning.logic.witnesses import witness_facts
from dptaxonomy.reasoning.maps.mechanism_claims import mechanism_claims
from dptaxonomy.reasoning.operation_reading import rule_line

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog

__all__ = ["compile_knowledge_base", "definition_info", "operation_info"]


def compile_knowledge_base(catalog: Catalog, *, assume_conjectures: bool = False) -> KnowledgeBase:
    """The knowledge base of ``catalog``: its facts, and the ≻ and ⊂ closures over them."""
    with collector_paused():
        factset = collect_facts(catalog, assume_conjectures=assume_conjectures)
        factset.facts.extend(witness_facts(catalog, assume_conjectures=assume_conjectures))
        mark_outside_domain(catalog, factset)
        factset.facts.extend(perfect_privacy_facts(catalog, factset.facts))
        definitions = catalog.definitions  # a new dict per call: build it once
        infos = {i: definition_info(catalog, i) for i in definitions}
        mechanisms, claims = mechanism_claims(catalog)
        operations = [
            operation_info(catalog, definition_id, index)
            for definition_id, definition in definitions.items()
            for index, rule in enumerate(definition.operations)
            if rule.open is None
        ]
        stronger = [(f.a, f.b) for f in factset.facts if f.kind is FactKind.stronger]
        extends = [(f.a, f.b) for f in factset.facts if f.kind is FactKind.extends]
        return KnowledgeBase(
            infos,
            factset,
            Closure.build(infos, stronger),
            Closure.build(infos, extends),
            assume_conjectures=assume_conjectures,
            mechanisms=mechanisms,
            mechanism_claims=claims,
            operations=operations,
        )


def operation_info(catalog: Catalog, definition_id: str, index: int) -> OperationInfo:
    """The plain record of ``operations[index]`` of a definition (what compose reads), a rule
    rather than an ``open`` mark (which has no map and may cite nothing)."""
    rule = catalog.entries[definition_id].definition.operations[index]
    cited = rule.citation
    if cited is None or rule.open is not None:
        raise ValueError(f"{definition_id} operations[{index}] is an `open` mark, not a rule")
    return OperationInfo(
        definition=definition_id,
        index=index,
        operation=rule.operation,
        status=rule.status,
        citation=CitationRef(cited.key, cited.at, cited.quote),
        form=rule.form,
        adaptivity=rule.adaptivity,
        sampling=rule.sampling,
        neighbourhood=rule.neighbourhood,
        to_neighbourhood=rule.to_neighbourhood,
        result=rule.result,
        parameter_map=None if rule.parameter_map is None else tuple(rule.parameter_map.items()),
        closed_form=rule.closed_form,
        fails=rule.fails,
        shared=tuple(rule.shared),
        conditions=tuple(rule.conditions),
    )


def definition_info(catalog: Catalog, definition_id: str) -> DefinitionInfo:
    """The plain record the reasoner keeps about one entry."""
    entry = catalog.entries[definition_id]
    d = entry.definition
    claim = d.properties.composability
    line, _ = entry.located.value_mark(("properties", "composability"))
    citation = (
        CitationRef(claim.citation.key, claim.citation.at, claim.citation.quote)
        if claim.citation is not None
        else None
    )
    kept = [r for r in d.operations if r.status.value != "disputed"]
    rules = tuple(
        (r.operation.value, rule_line(r.model_dump(mode="json", exclude_none=True)), r.citation.key)
        for r in kept
        if r.open is None and r.citation is not None
    )
    marks = tuple(
        (r.operation.value, r.open.value, r.citation.key if r.citation else "")
        for r in kept
        if r.open is not None
    )
    return DefinitionInfo(
        id=d.id,
        name=d.name,
        abbreviations=tuple(d.abbreviations),
        aliases=tuple(d.aliases),
        names=tuple(n.label for n in d.names),
        name_sources=d.name_sources,
        library_ids=d.library_ids,
        core=d.id in getattr(catalog, "core", ()),
        disambiguator=d.disambiguator,
        introduced_in=tuple(d.introduced_in),
        dimensions=tuple(d.dimensions),
        scope=d.scope,
        composability=claim.value,
        composability_status=claim.status,
        composability_citation=citation,
        file=entry.file,
        composability_line=line,
        parameters=tuple((p.name, p.domain) for p in d.parameters),
        properties=tuple(
            (name, claim.value, claim.status)
            for name in ("post_processing", "convexity")
            if (claim := getattr(d.properties, name)) is not None
        ),
        perfect_parameters=tuple(d.perfect_privacy.parameters.items()) if d.perfect_privacy else (),
        perfect_every=bool(d.perfect_privacy and d.perfect_privacy.every_parameter),
        vacuous=tuple(
            (tuple(v.parameters.items()), v.citation.key, v.citation.at)
            for v in d.vacuous
            if v.described is None and v.parameters
        ),
        conversion_parameters=tuple(
            (
                p.name,
                p.type.value,
                p.domain,
                p.monotone.value if p.monotone else "",
                p.standard.value if p.standard else "",
                p.standard.form if p.standard else "",
            )
            for p in d.parameters
        ),
        operations=tuple(dict.fromkeys(r[0] for r in rules)),
        operation_rules=rules,
        operation_marks=marks,
    )
