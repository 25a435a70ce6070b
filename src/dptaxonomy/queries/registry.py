"""``dptax check-registry``: cards and findings for a checkout of the OpenDP deployments registry.

An entry of the registry (``deployments/*.yaml``, schema
``schemas/deployments-schema.yaml`` of ``opendp/deployments-registry-data``)
is read into a :class:`~dptaxonomy.schema.release.Release`:

- ``dp_flavor.name``: ``Pure DP`` → ε-DP (a δ given is kept, and is a
  finding when positive); ``Approximate DP`` → (ε, δ)-DP; ``Zero-concentrated
  DP`` → ρ-zCDP with ξ = 0, an ε with a δ beside the ρ being a further
  statement that is checked; ``Renyi DP`` and ``Custom`` record no order α or
  measure the card could read, so the entry gets no card (said in its notes);
- ``privacy_loss.privacy_unit`` (free text) → the unit, by its words
  (user-day, user, person/individual/record, event, item); unrecognised text
  is read as one record and the reading is said in the notes;
- ``privacy_unit_description`` → the neighbouring convention: bounded,
  change-one, modification or replace words give replace-one; otherwise
  add/remove (said in the notes when no word decided it);
- ``model.model_name`` → the trust model (Federated → distributed; Varies →
  central, noted); ``unprotected_quantities`` → the invariants.

Each entry's notes say every reading that was not a direct copy, so a card
never claims more than the entry states.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from dptaxonomy.base.records import record
from dptaxonomy.catalog.paths import display_path
from dptaxonomy.catalog.yamlsource import parse_yaml
from dptaxonomy.queries.card import Card, build_card
from dptaxonomy.queries.results import json_document
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.schema.enums import Setting
from dptaxonomy.schema.release import Guarantee, Release
from dptaxonomy.schema.settings import Convention, Unit

__all__ = ["EntryCheck", "RegistryCheck", "check_registry", "registry_release"]

_FLAVOURS = {
    "Pure DP": "differential-privacy",
    "Approximate DP": "approximate-dp",
    "Zero-concentrated DP": "zero-concentrated-dp",
}
_MODELS = {
    "Local": Setting.local,
    "Central": Setting.central,
    "Shuffle": Setting.shuffle,
    "Federated": Setting.distributed,
}
_UNIT_WORDS = (
    (("user-day", "user day", "user_day"), Unit.user_day),
    (("user", "client", "participant", "account", "device"), Unit.user),
    (("person", "individual", "record", "people", "respondent"), Unit.record),
    (("event",), Unit.event),
    (("item", "contribution"), Unit.item),
)
_REPLACE_WORDS = ("bounded", "change-one", "change one", "modification", "replace", "substitut")
_ADD_REMOVE_WORDS = ("add", "remov", "unbounded", "insert", "delet")


def _unit(text: str, notes: list[str]) -> Unit:
    lowered = text.lower()
    for words, unit in _UNIT_WORDS:
        if any(word in lowered for word in words):
            return unit
    notes.append(f"privacy unit {text!r} not recognised: read as one record")
    return Unit.record


def _convention(text: str, notes: list[str]) -> Convention:
    lowered = text.lower()
    if any(word in lowered for word in _REPLACE_WORDS) and "unbounded" not in lowered:
        return Convention.replace_one
    if not any(word in lowered for word in _ADD_REMOVE_WORDS):
        notes.append("neighbouring relation not stated: read as add/remove")
    return Convention.add_remove


def registry_release(data: Any, name: str) -> tuple[Release | None, list[str]]:
    """The release an entry states, or None; and the notes on how it was read."""
    notes: list[str] = []
    deployment = data.get("deployment", {}) if isinstance(data, dict) else {}
    flavour = (deployment.get("dp_flavor") or {}).get("name")
    definition = _FLAVOURS.get(str(flavour))
    if definition is None:
        notes.append(f"DP flavour {flavour!r} records no parameters a card can read")
        return None, notes
    loss = deployment.get("privacy_loss") or {}
    parameters = dict(loss.get("privacy_parameters") or {})
    also: list[Guarantee] = []
    if definition == "zero-concentrated-dp":
        if "rho" not in parameters:
            notes.append("zero-concentrated DP without a rho")
            return None, notes
        if "epsilon" in parameters and "delta" in parameters:
            stated = {"epsilon": parameters["epsilon"], "delta": parameters["delta"]}
            also.append(Guarantee(definition="approximate-dp", parameters=stated))
        parameters = {"rho": parameters["rho"], "xi": 0}
        notes.append("ρ-zCDP read with ξ = 0 (Bun and Steinke's zCDP)")
    model = (deployment.get("model") or {}).get("model_name")
    trust = _MODELS.get(str(model), Setting.central)
    if str(model) not in _MODELS:
        notes.append(f"trust model {model!r} read as central")
    invariants = [
        line.strip().lstrip("-").strip()
        for line in str(
            (deployment.get("dp_flavor") or {}).get("unprotected_quantities") or ""
        ).splitlines()
    ]
    try:
        release = Release(
            name=str(deployment.get("name") or name),
            guarantee=Guarantee(definition=definition, parameters=parameters),
            also_stated=also,
            unit=_unit(str(loss.get("privacy_unit") or ""), notes),
            neighbouring=_convention(str(loss.get("privacy_unit_description") or ""), notes),
            trust_model=trust,
            invariants=[line[:200] for line in invariants if line],
        )
    except ValidationError as invalid:
        notes.append(f"parameters not readable: {invalid.errors()[0]['msg']}")
        return None, notes
    return release, notes


@record
class EntryCheck:
    """One registry entry: its card (when its flavour gives one) and how it was read."""

    file: str
    card: Card | None
    notes: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "findings": [f.to_json() for f in self.card.findings] if self.card else [],
            "notes": list(self.notes),
            "card": self.card.to_json() if self.card else None,
        }


@record
class RegistryCheck:
    """Every entry of a registry checkout, checked."""

    entries: tuple[EntryCheck, ...]

    @property
    def findings(self) -> int:
        return sum(len(e.card.findings) for e in self.entries if e.card is not None)

    def to_json(self) -> dict[str, Any]:
        return json_document({"entries": [e.to_json() for e in self.entries]})

    def to_text(self) -> str:
        from dptaxonomy.queries.registry_text import registry_text

        return registry_text(self)


def _entry_files(directory: Path) -> list[Path]:
    folder = directory / "deployments"
    return sorted((folder if folder.is_dir() else directory).glob("*.yaml"))


def check_registry(kb: KnowledgeBase, directory: Path) -> RegistryCheck:
    """Read every entry under ``directory`` (or its ``deployments/``) and build its card."""
    from dptaxonomy.queries.release_load import guarantee_problems

    entries = []
    for path in _entry_files(directory):
        file = display_path(path)
        located, unreadable = parse_yaml(path.read_bytes(), file)
        if located is None or unreadable:
            entries.append(EntryCheck(file, None, tuple(d.message for d in unreadable)))
            continue
        release, notes = registry_release(located.data, path.stem)
        card = None
        if release is not None:
            source, problems = guarantee_problems(kb, release.guarantee)
            notes += [p.message for p in problems]
            if source is not None and not problems:
                card = build_card(kb, release, source)
        entries.append(EntryCheck(file, card, tuple(notes)))
    return RegistryCheck(tuple(entries))
