"""The verbs about releases: ``dptaxonomy.card`` and ``dptaxonomy.check_registry``.

``dptaxonomy.card("release.yaml")`` is what ``dptax card release.yaml`` prints,
as a typed :class:`~dptaxonomy.queries.card.Card` (``to_json()``, ``to_text()``);
``dptaxonomy.check_registry(directory)`` is ``dptax check-registry``'s
:class:`~dptaxonomy.queries.registry.RegistryCheck`. Both read the knowledge
base through the content-keyed cache, as the other verbs do; reading a release
validates it with pydantic, so these verbs are off the fast path.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from dptaxonomy.queries.api import catalog_directory

if TYPE_CHECKING:
    from dptaxonomy.queries.card import Card
    from dptaxonomy.queries.registry import RegistryCheck
    from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["card", "check_registry"]


def _knowledge_base(catalog: Path | str | None, assume_conjectures: bool) -> KnowledgeBase:
    from dptaxonomy.queries.session import knowledge_base

    return knowledge_base(catalog_directory(catalog), assume_conjectures)[1]


def card(
    release: Path | str,
    *,
    catalog: Path | str | None = None,
    assume_conjectures: bool = False,
) -> Card:
    """The privacy card of the release described in a YAML file (``dptax card FILE``).

    The guarantee as stated, its statements in the core definitions with their
    proofs, the privacy profile, the operational risk and the consistency
    findings (a finding is part of the card, not an error). A file with
    mistakes raises :class:`~dptaxonomy.base.errors.ReleaseError`, whose
    ``diagnostics`` locate each one.

    >>> import dptaxonomy as dp, pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "release.yaml"
    >>> _ = path.write_text(
    ...     "name: Counts\\nguarantee: {definition: zCDP, parameters: {rho: 0.5, xi: 0}}\\n"
    ...     "unit: record\\nneighbouring: add_remove\\ntrust_model: central\\n")
    >>> answer = dp.card(path)
    >>> answer.source, answer.to_json()["statements"][0]["definition"]
    ('zero-concentrated-dp', 'approximate-dp')
    >>> _ = path.write_text("name: Counts\\nguarantee: {definition: zCDP}\\n")
    >>> try:
    ...     dp.card(path)
    ... except dp.ReleaseError as error:
    ...     print([d.message for d in error.diagnostics])
    ['unit: required key is missing', 'neighbouring: required key is missing']
    """
    from dptaxonomy.base.errors import ReleaseError
    from dptaxonomy.queries.card import build_card
    from dptaxonomy.queries.release_load import load_release

    kb = _knowledge_base(catalog, assume_conjectures)
    loaded, diagnostics = load_release(Path(release), kb)
    if loaded is None:
        raise ReleaseError(str(release), diagnostics)
    return build_card(kb, loaded.release, loaded.source)


def check_registry(
    directory: Path | str,
    *,
    catalog: Path | str | None = None,
    assume_conjectures: bool = False,
) -> RegistryCheck:
    """A card and the findings of every entry of a deployments registry (``dptax check-registry``).

    ``directory`` is a checkout of the OpenDP deployments registry (its
    ``deployments/*.yaml``) or a folder of such entries; how each entry was
    read is in its ``notes``. Not a directory: an
    :class:`~dptaxonomy.base.errors.InvalidArgumentError` naming ``directory``.

    >>> import dptaxonomy as dp, pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "counts.yaml").write_text(
    ...     "deployment:\\n  name: Counts\\n  dp_flavor: {name: Pure DP}\\n"
    ...     "  privacy_loss:\\n    privacy_unit: Person\\n"
    ...     "    privacy_parameters: {epsilon: 1}\\n  model: {model_name: Central}\\n")
    >>> [entry.card.source for entry in dp.check_registry(folder).entries]
    ['differential-privacy']
    >>> try:
    ...     dp.check_registry(folder / "counts.yaml")
    ... except dp.InvalidArgumentError as error:
    ...     print(error.argument, error.problem.endswith("counts.yaml is not"))
    directory True
    """
    from dptaxonomy.base.errors import InvalidArgumentError
    from dptaxonomy.queries.registry import check_registry as check

    folder = Path(directory)
    if not folder.is_dir():
        raise InvalidArgumentError("directory", f"must be a directory; {folder} is not")
    return check(_knowledge_base(catalog, assume_conjectures), folder)
