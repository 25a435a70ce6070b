"""Units of privacy and neighbouring conventions, and how their values relate.

Importable without pydantic (fast query paths read them). The trust model is
:class:`~dptaxonomy.schema.enums.Setting`; this module holds the two other
typed fields that say what a definition protects:

- :class:`Unit`, the unit of privacy: what one change of the input is (one
  record, all of one user's records, one edge, ...). :data:`COVERS` says which
  units contain which: a change of a smaller unit is a change of the larger,
  so protecting the larger unit (with the same parameters) protects the smaller.
- :class:`Convention`, the neighbouring convention: neighbours differ by adding
  or removing one unit, by replacing one, or either (the SoK's reading of ε-DP,
  Section 4.1: "the conjunction of ε-unbounded DP and ε-bounded DP"). One
  replacement is a removal and an addition, so add/remove with ε gives replace-one
  with 2ε (SoK Section 4.1, after [KM11]); replace-one gives no add/remove
  guarantee, since the size of the data may leak. A relation whose truth
  depends on the convention records the one it holds under
  (``Relation.convention``); verdicts resting on it say so.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["CONVENTION_TEXT", "COVERS", "Convention", "Unit", "covers"]


class Unit(StrEnum):
    """The unit of privacy: what the neighbouring relation changes."""

    record = "record"
    """One record (one row) of a dataset: the SoK's default."""
    event = "event"
    """One event of a stream (event-level protection under continual observation)."""
    item = "item"
    """One item a user contributes (item-level, in federated or recommendation data)."""
    label = "label"
    """The label of one record, its features being public (label DP)."""
    user_day = "user_day"
    """All of one user's records within one day (user-day level)."""
    user = "user"
    """All of one user's records (user-level, client-level or participant-level)."""
    edge = "edge"
    """One edge of a graph."""
    node = "node"
    """One node of a graph and all its edges."""


COVERS: dict[Unit, frozenset[Unit]] = {
    Unit.record: frozenset({Unit.label}),
    Unit.event: frozenset(),
    Unit.item: frozenset(),
    Unit.label: frozenset(),
    Unit.user_day: frozenset({Unit.record, Unit.event, Unit.item, Unit.label}),
    Unit.user: frozenset({Unit.user_day, Unit.record, Unit.event, Unit.item, Unit.label}),
    Unit.edge: frozenset(),
    Unit.node: frozenset({Unit.edge}),
}
"""For each unit, the smaller units whose every change is a change of it (transitively
closed): a change of one label changes one record, a user-day's records are the user's,
the edges of a node change with it."""


def covers(larger: Unit, smaller: Unit) -> bool:
    """Whether every change of one ``smaller`` unit is a change of one ``larger`` unit.

    >>> covers(Unit.user, Unit.record), covers(Unit.record, Unit.user)
    (True, False)
    >>> covers(Unit.node, Unit.edge), covers(Unit.edge, Unit.edge)
    (True, True)
    """
    return larger == smaller or smaller in COVERS[larger]


class Convention(StrEnum):
    """Which pairs of inputs are neighbours, for the definition's unit."""

    add_remove = "add_remove"
    """One input is the other with one unit added or removed (unbounded DP)."""
    replace_one = "replace_one"
    """One input is the other with one unit replaced, the size fixed (bounded DP)."""
    either = "either"
    """Both kinds of pair are neighbours (the SoK's reading of ε-DP, Section 4.1)."""


CONVENTION_TEXT = {
    Convention.add_remove: "add/remove neighbours",
    Convention.replace_one: "replace-one neighbours",
    Convention.either: "add/remove and replace-one neighbours",
}
"""How a convention is named in text output."""
