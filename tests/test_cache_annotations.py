"""Field types read from annotations without eval agree with typing.get_type_hints."""

from __future__ import annotations

import types
import typing

import pytest

from dptaxonomy.base.records import fields, is_record, record
from dptaxonomy.cache.annotations import annotation_parts, field_types
from dptaxonomy.reasoning.info import DefinitionInfo, MechanismInfo, OperationInfo
from dptaxonomy.reasoning.logic.facts import Fact, Origin


def _stored_records() -> list[type]:
    """Every record class the cache's codec stores, nested ones included."""
    seen: list[type] = []
    todo: list[type] = [DefinitionInfo, MechanismInfo, OperationInfo, Origin, Fact]

    def nested(annotation: object) -> None:
        if isinstance(annotation, type) and is_record(annotation):
            todo.append(annotation)
        for argument in typing.get_args(annotation):
            nested(argument)

    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.append(cls)
        for annotation in typing.get_type_hints(cls).values():
            nested(annotation)
    return seen


@pytest.mark.parametrize("cls", _stored_records(), ids=lambda c: c.__name__)
def test_field_types_match_get_type_hints(cls: type) -> None:
    hints = typing.get_type_hints(cls)
    read = field_types(cls, fields(cls))
    assert read == [(name, hints[name]) for name in fields(cls)]
    assert [type(t) for _, t in read] == [type(hints[name]) for name in fields(cls)]


def test_the_stored_records_are_all_reached() -> None:
    names = {cls.__name__ for cls in _stored_records()}
    assert {"CitationRef", "WitnessRef", "Origin", "Fact", "DefinitionInfo"} <= names


Number = int


@record(frozen=True)
class _Sample:
    plain: str
    alias: Number
    optional: tuple[tuple[str, int], ...] | None
    fixed: tuple[str, bool, tuple[int, ...]]
    union: int | str | None
    outside: list[int]
    """A subscripted list: outside the grammar, so read by get_type_hints."""


def test_outside_the_grammar_the_answer_is_get_type_hints() -> None:
    hints = typing.get_type_hints(_Sample)
    assert field_types(_Sample, fields(_Sample)) == [(n, hints[n]) for n in fields(_Sample)]
    assert field_types(_Sample, ("alias", "union")) == [("alias", int), ("union", int | str | None)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tuple[str, ...]", tuple[str, ...]),
        ("tuple[tuple[str, tuple[str, ...]], ...]", tuple[tuple[str, tuple[str, ...]], ...]),
        ("str | None", str | None),
        ("tuple[int, str] | None", tuple[int, str] | None),
    ],
)
def test_each_form_of_the_grammar(text: str, expected: object) -> None:
    @record
    class One:
        value: int

    One.__annotations__["value"] = text
    assert field_types(One, ("value",)) == [("value", expected)]


@pytest.mark.parametrize("text", ["tuple[str", "tuple[]", "str str", "| str", "Unknown"])
def test_malformed_or_unknown_annotations_fall_back(text: str) -> None:
    @record
    class One:
        value: int

    One.__annotations__["value"] = text
    with pytest.raises((NameError, SyntaxError, TypeError)):
        field_types(One, ("value",))


@pytest.mark.parametrize(
    "annotation",
    [
        int,
        str | None,
        tuple[int, ...],
        tuple[str, int | None],
        typing.Optional[int],  # noqa: UP045 (typing's own union form, on purpose)
        typing.Union[int, str],  # noqa: UP007
        typing.Tuple[int, str],  # noqa: UP006
        list[int],
        Fact,
    ],
)
def test_annotation_parts_are_typings_origin_and_arguments(annotation: object) -> None:
    origin = typing.get_origin(annotation)
    expected = (types.UnionType if origin is typing.Union else origin, typing.get_args(annotation))
    assert annotation_parts(annotation) == expected
