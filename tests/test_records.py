"""Records behave like the frozen dataclasses they replace (compared against dataclasses)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dptaxonomy.base.records import (
    FrozenRecordError,
    field,
    fields,
    from_columns,
    is_record,
    record,
    replace,
)


@record
class Plain:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()


@record(slots=True)
class Slotted:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class Reference:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()


@record(frozen=False)
class Mutable:
    items: list[int] = field(default_factory=list)
    name: str = ""


@record
class Checked:
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low above high")


values = st.tuples(st.integers(), st.text(max_size=5), st.tuples(st.integers()))


@pytest.mark.parametrize("kind", [Plain, Slotted])
@given(values, values)
def test_equality_hash_and_repr_match_a_dataclass(
    kind: type[Any], x: tuple[Any, ...], y: tuple[Any, ...]
) -> None:
    left, right = kind(*x), kind(*y)
    assert (left == right) == (Reference(*x) == Reference(*y))
    assert hash(left) == hash(Reference(*x))
    assert repr(left) == repr(Reference(*x)).replace("Reference", kind.__name__)
    assert left == kind(a=x[0], b=x[1], c=x[2]) == kind(x[0], x[1], c=x[2])
    assert replace(left, b="z") == kind(x[0], "z", x[2])
    assert copy.copy(left) == left
    assert pickle.loads(pickle.dumps(left)) == left


def test_records_of_other_classes_are_not_equal() -> None:
    other: Any = Slotted(1)
    assert Plain(1) != other
    other = (1, "b", ())
    assert Plain(1) != other
    assert len({Plain(1), Plain(1), Plain(2)}) == 2


@pytest.mark.parametrize("kind", [Plain, Slotted])
def test_frozen_records_refuse_assignment(kind: type[Any]) -> None:
    instance = kind(1)
    with pytest.raises(
        FrozenRecordError, match=f"cannot assign to field 'a' of a frozen {kind.__name__}"
    ):
        instance.a = 2
    with pytest.raises(AttributeError):
        del instance.b
    assert instance.a == 1


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((), {}, "Plain() missing required argument 'a'"),
        ((1, "b", (), 4), {}, "Plain() takes 3 arguments but 4 were given"),
        ((1,), {"a": 2}, "Plain() got multiple values for argument 'a'"),
        ((1,), {"d": 2}, "Plain() got an unexpected argument 'd'"),
    ],
)
def test_wrong_arguments_are_refused_like_a_function_call(
    args: tuple[Any, ...], kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(TypeError) as caught:
        Plain(*args, **kwargs)
    assert str(caught.value) == message


def test_slots_and_defaults() -> None:
    assert not hasattr(Slotted(1), "__dict__")
    assert Slotted.__slots__ == ("a", "b", "c")
    assert Plain.b == "b"  # as with a dataclass, the class shows the default
    assert fields(Plain) == fields(Plain(1)) == ("a", "b", "c")
    assert is_record(Plain)
    assert is_record(Slotted(1))
    assert not is_record(Reference)
    assert Plain.__match_args__ == ("a", "b", "c")


def test_mutable_records_get_fresh_defaults_and_no_hash() -> None:
    first, second = Mutable(), Mutable()
    first.items.append(1)
    first.name = "changed"
    assert second.items == []
    assert first == Mutable([1], "changed")
    with pytest.raises(TypeError, match="unhashable"):
        hash(first)


def test_post_init_runs() -> None:
    assert Checked(1, 2).high == 2
    with pytest.raises(ValueError, match="low above high"):
        Checked(3, 2)


@record(slots=True)
class SlottedChecked:
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low above high")


@pytest.mark.parametrize("kind", [Plain, Slotted])
@given(st.lists(values, max_size=6))
def test_records_built_a_column_at_a_time_are_those_built_one_by_one(
    kind: type[Any], rows: list[tuple[Any, ...]]
) -> None:
    columns = [list(column) for column in zip(*rows, strict=True)] or [[], [], []]
    built = from_columns(kind, columns, len(rows))
    assert built == [kind(*row) for row in rows]
    assert [type(item) for item in built] == [kind] * len(rows)
    assert [hash(item) for item in built] == [hash(kind(*row)) for row in rows]
    for item in built:
        with pytest.raises(FrozenRecordError):
            item.a = 0


def test_records_with_post_init_are_built_through_it() -> None:
    assert from_columns(SlottedChecked, [[1], [2]], 1) == [SlottedChecked(1, 2)]
    with pytest.raises(ValueError, match="low above high"):
        from_columns(SlottedChecked, [[3], [2]], 1)
    with pytest.raises(ValueError, match="low above high"):
        from_columns(Checked, [[1, 3], [2, 2]], 2)


@pytest.mark.parametrize("columns", [[[1]], [[1], ["b"], [()], [0]], [[1, 2], ["b"], [(), ()]]])
def test_columns_must_fill_every_field_of_every_record(columns: list[list[Any]]) -> None:
    with pytest.raises(ValueError, match=r"^2 records of Slotted need one full column per field$"):
        from_columns(Slotted, columns, 2)


def test_declaration_errors() -> None:
    with pytest.raises(TypeError, match="field 'b' without a default follows one with"):

        @record
        class Disordered:
            a: int = 0
            b: int  # type: ignore[misc]

    with pytest.raises(ValueError, match=r"Shared.items: use field\(default_factory=...\)"):

        @record
        class Shared:
            items: list[int] = []  # noqa: RUF012

    with pytest.raises(TypeError, match="a record cannot extend another record"):

        @record
        class Extended(Plain):
            d: int = 0

    with pytest.raises(ValueError, match="not both"):
        field(default=1, default_factory=list)
    with pytest.raises(TypeError, match="Plain has no field 'z'"):
        replace(Plain(1), z=1)
