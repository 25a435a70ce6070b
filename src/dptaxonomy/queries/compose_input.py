"""``dptax compose`` input: a YAML or JSON file of components, read into engine components.

Each component is a catalog mechanism with its parameters, or a guarantee in a
catalog definition, with a count, an optional sampling scheme and rate, and the
neighbour relation and unit of privacy it is stated for. Unknown keys, missing
parameters and values outside their domains are refused with the reason
(:class:`~dptaxonomy.base.errors.ComposeError`, kind ``input``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from dptaxonomy.base.errors import ComposeError, NumericError
from dptaxonomy.base.records import record
from dptaxonomy.catalog.paths import path_text
from dptaxonomy.reasoning.maps.numeric import IV, exact, inside, upper
from dptaxonomy.schema.enums import Adaptivity, Neighbourhood, Sampling

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

__all__ = ["ComponentInput", "Request", "parse_request", "read_request"]

_TOP = {"delta", "components", "adaptivity"}
_COMPONENT = {
    "mechanism",
    "definition",
    "parameters",
    "count",
    "sampling",
    "neighbouring",
    "neighbourhood",
    "unit",
}


@record
class ComponentInput:
    """One component as the user wrote it (names unresolved, values as decimal text)."""

    position: int
    name: str
    is_mechanism: bool
    parameters: dict[str, str]
    count: int = 1
    sampling: Sampling | None = None
    rate: str | None = None
    neighbourhood: Neighbourhood = Neighbourhood.add_remove
    unit: str = "record"

    @property
    def label(self) -> str:
        return f"component {self.position} ({self.name})"


@record
class Request:
    """The whole input: δ for the (ε, δ) answer, the adaptivity, the components."""

    delta: str
    delta_value: IV
    components: tuple[ComponentInput, ...]
    adaptivity: Adaptivity = Adaptivity.adaptive


def _fail(message: str) -> ComposeError:
    return ComposeError("input", message)


def _text(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise _fail(f"{where}: expected a number, got {value!r}")
    return value if isinstance(value, str) else repr(value)


def _enum(kind: type[Any], value: Any, where: str) -> Any:
    text = str(value).replace("-", "_").strip()
    try:
        return kind(text)
    except ValueError:
        choices = ", ".join(m.value.replace("_", "-") for m in kind)
        raise _fail(f"{where}: {value!r} is not one of {choices}") from None


def _component(position: int, data: Any) -> ComponentInput:
    where = f"component {position}"
    if not isinstance(data, Mapping):
        raise _fail(f"{where}: expected a mapping with 'mechanism' or 'definition'")
    unknown = sorted(set(data) - _COMPONENT)
    if unknown:
        raise _fail(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(_COMPONENT))})")
    kinds = [key for key in ("mechanism", "definition") if key in data]
    if len(kinds) != 1:
        raise _fail(f"{where}: give exactly one of 'mechanism' and 'definition'")
    parameters = data.get("parameters") or {}
    if not isinstance(parameters, Mapping):
        raise _fail(f"{where}: 'parameters' must be a mapping of names to numbers")
    count = data.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise _fail(f"{where}: 'count' must be a positive integer, got {count!r}")
    sampling, rate = None, None
    if "sampling" in data:
        block = data["sampling"]
        if not isinstance(block, Mapping) or set(block) != {"scheme", "rate"}:
            raise _fail(f"{where}: 'sampling' must be {{scheme: ..., rate: ...}}")
        sampling = _enum(Sampling, block["scheme"], f"{where} sampling scheme")
        rate = _text(block["rate"], f"{where} sampling rate")
    relation = data.get("neighbouring", data.get("neighbourhood", "add-remove"))
    return ComponentInput(
        position,
        str(data[kinds[0]]),
        kinds[0] == "mechanism",
        {str(k): _text(v, f"{where} parameter {k}") for k, v in parameters.items()},
        count,
        sampling,
        rate,
        _enum(Neighbourhood, relation, f"{where} neighbouring relation"),
        str(data.get("unit", "record")),
    )


def parse_request(data: Any) -> Request:
    """A request from parsed YAML/JSON data."""
    if not isinstance(data, Mapping):
        raise _fail("the input must be a mapping with 'delta' and 'components'")
    unknown = sorted(set(data) - _TOP)
    if unknown:
        raise _fail(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(_TOP))})")
    if (
        "components" not in data
        or not isinstance(data["components"], list)
        or not data["components"]
    ):
        raise _fail("'components' must be a non-empty list")
    delta = _text(data.get("delta", "1e-5"), "delta")
    try:
        value = exact(delta)
    except NumericError:
        raise _fail(f"delta: {delta!r} is not a number") from None
    if not 0 < upper(value) < 1 or not inside(value, _open_unit()):
        raise _fail(f"delta = {delta} is outside (0, 1)")
    adaptivity = _enum(Adaptivity, data.get("adaptivity", "adaptive"), "adaptivity")
    components = tuple(_component(i, c) for i, c in enumerate(data["components"], 1))
    return Request(delta, value, components, adaptivity)


def _open_unit() -> Any:
    from dptaxonomy.schema.arith import parse_interval

    return parse_interval("(0, 1)")


def _suffix(shown: str) -> str:
    """The file's suffix, as :attr:`pathlib.PurePath.suffix` gives it."""
    name = os.path.basename(shown)
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def read_request(path: Path | str) -> Request:
    """The request in the YAML or JSON file at ``path``."""
    shown = path_text(path)  # the file as str() of its Path names it
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
    except OSError as exc:
        raise _fail(f"cannot read {shown}: {exc.strerror or exc}") from None
    if _suffix(shown) == ".json":
        import json

        try:
            data = json.loads(text)
        except ValueError as exc:
            raise _fail(f"{shown} is not valid JSON: {exc}") from None
    else:
        import yaml

        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise _fail(f"{shown} is not valid YAML: {first}") from None
    return parse_request(data)
