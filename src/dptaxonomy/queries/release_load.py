"""Reading a release description, with a located diagnostic for every mistake.

Two passes, as ``dptax validate`` does for catalog entries: the file alone
against :class:`~dptaxonomy.schema.release.Release` (YAML syntax, unknown
keys, types, enum values, each at ``file:line:col``), then against the
catalog: every definition named must resolve, every parameter must be one
of that definition's (Greek letters and short forms accepted), inside its
domain, and none may be missing.
"""

from __future__ import annotations

from pathlib import Path

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.base.errors import AmbiguousNameError, ConversionError, NameResolutionError
from dptaxonomy.base.records import record
from dptaxonomy.catalog.loader import load_document
from dptaxonomy.catalog.paths import display_path
from dptaxonomy.catalog.yamlsource import Located
from dptaxonomy.queries.convert import PARAMETER_ALIASES, read_parameters
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.maps.tightest import parameter_specs
from dptaxonomy.schema.release import Guarantee, Release, parameter_text

__all__ = ["LoadedRelease", "Problem", "guarantee_problems", "load_release"]

PURE = "differential-privacy"


@record
class LoadedRelease:
    """A release description that passed both passes, its guarantee's definition resolved."""

    release: Release
    source: str


@record
class Problem:
    """A mistake in one guarantee: where (a key path below it), its code, message and hint."""

    where: tuple[str | int, ...]
    code: str
    message: str
    hint: str


def guarantee_problems(kb: KnowledgeBase, guarantee: Guarantee) -> tuple[str | None, list[Problem]]:
    """The definition (or mechanism) ``guarantee`` is stated in, its id (None if it does not
    resolve), and every mistake in its parameters: unknown, outside the domain, or missing."""
    if guarantee.mechanism is not None:
        from dptaxonomy.queries.mechanism_source import find_mechanism

        mechanism = find_mechanism(kb, guarantee.mechanism)
        if mechanism is None:
            message = f"unknown mechanism {guarantee.mechanism!r}"
            hint = "use a catalog mechanism's id, name or alias, e.g. gaussian or laplace"
            return None, [Problem(("mechanism",), "unknown-mechanism", message, hint)]
        source, specs = mechanism.id, mechanism.parameters
    else:
        assert guarantee.definition is not None
        try:
            source = kb.resolve(guarantee.definition)
        except NameResolutionError as unknown:
            code = (
                "ambiguous-definition"
                if isinstance(unknown, AmbiguousNameError)
                else "unknown-definition"
            )
            hint = "use a catalog id or name, e.g. zero-concentrated-dp, (ε, δ)-DP or gaussian-dp"
            return None, [Problem(("definition",), code, str(unknown), hint)]
        specs = parameter_specs(kb, source)
    problems = []
    names = set()
    for name, value in guarantee.parameters.items():
        canonical = PARAMETER_ALIASES.get(name, name)
        names.add(canonical)
        if source == PURE and canonical == "delta":
            continue  # pure DP with a δ: a consistency finding, not a typing mistake
        try:
            read_parameters(source, specs, {canonical: parameter_text(value)})
        except ConversionError as bad:
            hint = f"see `dptax show {source}` for the parameters and their domains"
            problems.append(Problem(("parameters", name), "bad-parameter", str(bad), hint))
    for spec in specs:
        if spec.domain is not None and spec.name not in names:
            problems.append(
                Problem(
                    ("parameters",),
                    "missing-parameter",
                    f"missing parameter {spec.name} of {source} (domain {spec.domain_text})",
                    f"add `{spec.name}: VALUE` under parameters",
                )
            )
    return source, problems


def _located(
    kb: KnowledgeBase,
    guarantee: Guarantee,
    path: tuple[str | int, ...],
    located: Located,
    file: str,
) -> tuple[str | None, list[Diagnostic]]:
    source, problems = guarantee_problems(kb, guarantee)
    diagnostics = []
    for problem in problems:
        line, column = located.value_mark((*path, *problem.where))
        diagnostics.append(
            Diagnostic(
                Severity.error, file, line, column, problem.code, problem.message, problem.hint
            )
        )
    return source, diagnostics


def load_release(path: Path, kb: KnowledgeBase) -> tuple[LoadedRelease | None, list[Diagnostic]]:
    """The release described in ``path``, or None and every diagnostic found."""
    release, located, diagnostics = load_document(path, Release.model_validate, Release)
    if release is None or located is None:
        return None, diagnostics
    assert isinstance(release, Release)
    file = display_path(path)
    source, problems = _located(kb, release.guarantee, ("guarantee",), located, file)
    for index, also in enumerate(release.also_stated):
        problems.extend(_located(kb, also, ("also_stated", index), located, file)[1])
    for index, component in enumerate(
        release.composition.components if release.composition else []
    ):
        where = ("composition", "components", index)
        problems.extend(_located(kb, component, where, located, file)[1])
    if source is None or problems:
        return None, problems
    return LoadedRelease(release, source), []
