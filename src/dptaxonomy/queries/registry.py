"""``dptax check-registry``: cards and findings for a checkout of the OpenDP deployments registry.

An entry of the registry (``deployments/*.yaml``, schema
``schemas/deployments-schema.yaml`` of ``opendp/deployments-registry-data``)
is read into a :class:`~dptaxonomy.schema.release.Release`. The published
schema renamed its keys (``dp_flavor.name`` → ``dp_variant.variant_name``,
``model`` → ``deployment_model``, ``privacy_unit_description`` →
``privacy_unit_details``, the name moved under ``basic``); both spellings are
read.

- the variant: ``Pure DP`` → ε-DP (a δ given is kept, and is a finding when
  positive); ``Approximate DP`` → (ε, δ)-DP; ``Zero-concentrated DP`` → ρ-zCDP
  with ξ = 0, an ε with a δ beside the ρ being a further statement that is
  checked; ``Renyi DP`` and ``Custom`` record no order α or measure the card
  could read, so the entry gets no card (said in its notes); a parameter that
  is not a number (a δ given as a formula) gives no card either;
- ``privacy_loss.privacy_unit`` (free text) → the unit, by its words
  (user-day, user, person/individual/record, event, item); a unit qualified by
  a period or a part other than a day (user-month, user-trip) protects part of
  one user's data and is read as one event; several units, or unrecognised
  text, are read as one record; each such reading is said in the notes;
- the details of the unit → the neighbouring convention: bounded neighbours,
  change-one, modification or replace words give replace-one; addition,
  removal or the symmetric distance give add/remove (the default, said in the
  notes when no word decided it);
- the deployment model's name → the trust model (Federated → distributed;
  Varies → central, noted); ``unprotected_quantities`` → the invariants.

Each entry's notes say every reading that was not a direct copy, so a card
never claims more than the entry states.
"""

from __future__ import annotations

import re
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
_UNIT_WORDS = {
    **dict.fromkeys(("user", "client", "participant", "account"), Unit.user),
    **dict.fromkeys(
        ("person", "individual", "record", "people", "respondent", "tuple"), Unit.record
    ),
    "event": Unit.event,
    **dict.fromkeys(("item", "contribution"), Unit.item),
}
_REPLACE_WORDS = (
    "bounded neighbo",
    "change-one",
    "change one",
    "modification",
    "replace",
    "substitut",
)
_ADD_REMOVE_WORDS = ("add", "remov", "unbounded", "insert", "delet", "symmetric distance")


def _unit(text: str, notes: list[str]) -> Unit:
    """The unit a free-text privacy unit names, e.g. ``User-day-level`` → user-day."""
    if not text:
        notes.append("privacy unit not stated: read as one record")
        return Unit.record
    if ";" in text or " and " in text:
        notes.append(f"privacy unit {text!r} names several units: read as one record")
        return Unit.record
    words = [w for w in re.split(r"[^a-z]+", text.lower()) if w and w != "level"]
    place = next((i for i, word in enumerate(words) if word in _UNIT_WORDS), None)
    if place is None:
        notes.append(f"privacy unit {text!r} not recognised: read as one record")
        return Unit.record
    unit = _UNIT_WORDS[words[place]]
    qualifiers = [w for w in words[place + 1 :] if _UNIT_WORDS.get(w) is not unit]
    if not qualifiers:
        return unit
    if unit is Unit.user and qualifiers == ["day"]:
        return Unit.user_day
    notes.append(
        f"privacy unit {text!r} protects part of one {words[place]}'s data "
        f"({'-'.join(qualifiers)}): read as one event"
    )
    return Unit.event


def _convention(text: str, notes: list[str]) -> Convention:
    lowered = text.lower()
    if any(word in lowered for word in _REPLACE_WORDS) and "unbounded" not in lowered:
        return Convention.replace_one
    if not any(word in lowered for word in _ADD_REMOVE_WORDS):
        notes.append("neighbouring relation not stated: read as add/remove")
    return Convention.add_remove


def _section(deployment: dict[str, Any], *keys: str) -> dict[str, Any]:
    """The first of ``keys`` present as a mapping (the schema's current name, then its old one)."""
    for key in keys:
        value = deployment.get(key)
        if isinstance(value, dict):
            return value
    return {}


def _first(section: dict[str, Any], *keys: str) -> Any:
    return next((section[key] for key in keys if section.get(key) is not None), None)


def registry_release(data: Any, name: str) -> tuple[Release | None, list[str]]:
    """The release an entry states, or None; and the notes on how it was read."""
    notes: list[str] = []
    deployment = data.get("deployment", {}) if isinstance(data, dict) else {}
    if not isinstance(deployment, dict):
        deployment = {}
    variant = _section(deployment, "dp_variant", "dp_flavor")
    flavour = _first(variant, "variant_name", "name")
    definition = _FLAVOURS.get(str(flavour))
    if definition is None:
        said = "no DP variant stated" if flavour is None else f"DP variant {flavour!r}"
        notes.append(f"{said}: no parameters a card can read")
        return None, notes
    loss = _section(deployment, "privacy_loss")
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
    model = _first(_section(deployment, "deployment_model", "model"), "model_name")
    trust = _MODELS.get(str(model), Setting.central)
    if str(model) not in _MODELS:
        notes.append(f"trust model {model!r} read as central")
    invariants = [
        line.strip().lstrip("-").strip()
        for line in str(variant.get("unprotected_quantities") or "").splitlines()
    ]
    basic = _section(deployment, "basic")
    details = _first(loss, "privacy_unit_details", "privacy_unit_description")
    try:
        release = Release(
            name=str(_first(basic, "name") or deployment.get("name") or name),
            guarantee=Guarantee(definition=definition, parameters=parameters),
            also_stated=also,
            unit=_unit(str(loss.get("privacy_unit") or "").strip(), notes),
            neighbouring=_convention(str(details or ""), notes),
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
