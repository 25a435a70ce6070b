"""The fast path: plain query invocations answered without importing typer.

``dptax show renyi-dp`` should start in a few times Python's own start-up.
Typer (with click) alone takes longer to import than the whole answer from
the cache, so :func:`parse` recognises the query commands (``show``, ``list``,
``relate``, ``explain``, ``stronger-than``, ``weaker-than``,
``open-questions``, ``convert``, ``compose``, and ``sparql`` without ``--timeout`` or
``--limit``) with the options they document and returns the
:mod:`~dptaxonomy.cli.actions` call to make. Anything else (``--help``, an
unknown or malformed option, a missing argument, another command) returns
``None`` and the typer app handles it, with its usual messages. The two paths
call the same actions, so they print the same output.

>>> parse(["relate", "RényiDP", "zCDP", "-f", "json"]) is not None
True
>>> parse(["relate", "RényiDP", "--help"]) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dptaxonomy.base.records import field, record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["FAST_COMMANDS", "parse"]

_COMMON = {"--catalog": "catalog", "--format": "format", "-f": "format"}
_REASONING = {**_COMMON, "--assume-conjectures": "conjectures"}
_FLAGS = frozenset({"--assume-conjectures", "--no-statement", "--mechanism"})
_REPEATED = frozenset(
    {"dimension", "any_dimension", "property", "unknown_property", "given", "fixed"}
)


@record
class _Spec:
    arguments: int
    options: dict[str, str]
    run: Callable[[list[str], dict[str, Any]], None]
    formats: tuple[str, ...] = ("text", "json")


@record(frozen=False)
class _Parsed:
    arguments: list[str] = field(default_factory=list)
    values: dict[str, Any] = field(default_factory=dict)


def _format(values: dict[str, Any]) -> Any:
    from dptaxonomy.cli.actions import Format

    return Format(values.get("format", "text"))


def _catalog(values: dict[str, Any]) -> str | None:
    catalog: str | None = values.get("catalog")  # a string: the queries never import pathlib
    return catalog


def _show(args: list[str], values: dict[str, Any]) -> None:
    from dptaxonomy.cli.actions import print_show

    print_show(args[0], _catalog(values), _format(values), mechanism=bool(values.get("mechanism")))


def _list(_args: list[str], values: dict[str, Any]) -> None:
    from dptaxonomy.cli.actions import print_list

    print_list(
        _catalog(values),
        _format(values),
        dimensions=values.get("dimension", []),
        any_dimensions=values.get("any_dimension", []),
        properties=values.get("property", []),
        unknown_properties=values.get("unknown_property", []),
        scope=values.get("scope"),
        setting=values.get("setting"),
        no_statement=bool(values.get("no_statement")),
    )


def _pair(name: str) -> Callable[[list[str], dict[str, Any]], None]:
    def run(args: list[str], values: dict[str, Any]) -> None:
        from dptaxonomy.cli import actions

        query = actions.print_relate if name == "relate" else actions.print_explain
        query(args[0], args[1], _catalog(values), _format(values), bool(values.get("conjectures")))

    return run


def _side(stronger: bool) -> Callable[[list[str], dict[str, Any]], None]:
    def run(args: list[str], values: dict[str, Any]) -> None:
        from dptaxonomy.cli.actions import print_neighbours

        conjectures = bool(values.get("conjectures"))
        print_neighbours(args[0], stronger, _catalog(values), _format(values), conjectures)

    return run


def _convert(args: list[str], values: dict[str, Any]) -> None:
    from dptaxonomy.cli.actions import print_convert

    curve = values.get("curve")
    if curve is not None:
        from pathlib import Path

        curve = Path(curve)

    print_convert(
        args[0],
        args[1],
        values.get("given", []),
        values.get("fixed", []),
        _catalog(values),
        _format(values),
        bool(values.get("conjectures")),
        curve,
    )


def _compose(args: list[str], values: dict[str, Any]) -> None:
    from dptaxonomy.cli.actions import print_compose

    print_compose(args[0], _catalog(values), _format(values))


def _sparql(args: list[str], values: dict[str, Any]) -> None:
    from dptaxonomy.cli.actions import print_sparql

    output = values.get("format", "text")
    print_sparql(args[0], _catalog(values), output, bool(values.get("conjectures")))


def _open_questions(_args: list[str], values: dict[str, Any]) -> None:
    from dptaxonomy.cli.actions import print_open_questions

    limit = int(values.get("limit", "20"))
    conjectures = bool(values.get("conjectures"))
    print_open_questions(values.get("scope"), limit, _catalog(values), _format(values), conjectures)


FAST_COMMANDS: dict[str, _Spec] = {
    "show": _Spec(1, {**_COMMON, "--mechanism": "mechanism"}, _show),
    "list": _Spec(
        0,
        {
            **_COMMON,
            "--dimension": "dimension",
            "-d": "dimension",
            "--any-dimension": "any_dimension",
            "--property": "property",
            "-p": "property",
            "--unknown-property": "unknown_property",
            "--no-statement": "no_statement",
            "--scope": "scope",
            "--setting": "setting",
        },
        _list,
    ),
    "relate": _Spec(2, _REASONING, _pair("relate")),
    "explain": _Spec(2, _REASONING, _pair("explain")),
    "stronger-than": _Spec(1, _REASONING, _side(True)),
    "weaker-than": _Spec(1, _REASONING, _side(False)),
    "convert": _Spec(
        2, {**_REASONING, "--from": "given", "--to": "fixed", "--from-curve": "curve"}, _convert
    ),
    "open-questions": _Spec(
        0, {**_REASONING, "--scope": "scope", "--limit": "limit", "-n": "limit"}, _open_questions
    ),
    "compose": _Spec(1, _COMMON, _compose),
    "sparql": _Spec(1, _REASONING, _sparql, formats=("text", "json", "csv")),
}
"""The commands the fast path answers, with the options each accepts."""


def _valid(spec: _Spec, values: dict[str, Any]) -> bool:
    """Values whose errors typer reports better are left to typer."""
    if values.get("format", "text") not in spec.formats:
        return False
    limit = values.get("limit")
    return limit is None or (limit.isascii() and limit.isdigit() and int(limit) >= 1)


def _parse_options(spec: _Spec, argv: Sequence[str]) -> _Parsed | None:
    parsed = _Parsed()
    items = list(argv)
    while items:
        item = items.pop(0)
        if not item.startswith("-") or item == "-":
            parsed.arguments.append(item)
            continue
        flag, equals, inline = item.partition("=")
        dest = spec.options.get(flag)
        if dest is None:
            return None  # --help, --, unknown options: typer's business
        if flag in _FLAGS:
            if equals:
                return None
            parsed.values[dest] = True
            continue
        if equals:
            value = inline
        elif items:
            value = items.pop(0)
        else:
            return None
        if dest in _REPEATED:
            parsed.values.setdefault(dest, []).append(value)
        else:
            parsed.values[dest] = value
    if len(parsed.arguments) != spec.arguments or not _valid(spec, parsed.values):
        return None
    return parsed


def parse(argv: Sequence[str]) -> Callable[[], None] | None:
    """The action answering ``argv``, or ``None`` when the typer app should handle it."""
    if not argv:
        return None
    spec = FAST_COMMANDS.get(argv[0])
    if spec is None:
        return None
    parsed = _parse_options(spec, argv[1:])
    if parsed is None:
        return None
    return lambda: spec.run(parsed.arguments, parsed.values)
