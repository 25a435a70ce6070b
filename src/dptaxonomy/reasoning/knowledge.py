"""The knowledge base: asserted facts closed under the rules of docs/reasoning.md.

Compiled once per catalog; every query afterwards is a bit test or a short
search for a proof (see :mod:`dptaxonomy.reasoning.logic.proofs`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from functools import cached_property

from dptaxonomy.base.records import record
from dptaxonomy.catalog.names import NameIndex
from dptaxonomy.reasoning.assertions import Assertions
from dptaxonomy.reasoning.info import DefinitionInfo, MechanismInfo, OperationInfo
from dptaxonomy.reasoning.logic.closure import Closure, bits
from dptaxonomy.reasoning.logic.facts import Fact, FactKind, FactSet
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.enums import Status, Truth

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dptaxonomy.reasoning.assertions import AssertionParts

__all__ = ["KnowledgeBase", "PropertyValue", "is_mapped"]


@record
class PropertyValue:
    """A property's value for a definition: asserted in its entry, or derived (rule P1)."""

    value: Truth
    derived_from: str | None = None
    """For a derived value: the equivalent definition whose claim it is."""


# Enum members read once: reading one from its class costs some hundred nanoseconds (CPython
# 3.11), and the indexes below read them for every fact.
_CONJECTURED = Status.conjectured
_STRONGER, _EXTENDS, _NOT_STRONGER = FactKind.stronger, FactKind.extends, FactKind.not_stronger
_PERFECT_PRIVACY, _EQUIVALENCE = Rule.PERFECT_PRIVACY, Rule.EQUIVALENCE


def _edge_order(fact: Fact) -> tuple[bool, str, int, str, str]:
    """Established before conjectured, then by file and position in it (kinds and rules are
    StrEnums: ordered as their values, without reading them)."""
    origin = fact.origin
    return (origin.status is _CONJECTURED, origin.file, origin.index, fact.kind, fact.rule)


def is_mapped(fact: Fact) -> bool:
    """Whether the fact carries a map in its own direction (as ``oriented_map`` decides,
    without parsing the map unless the fact reverses an equivalence)."""
    origin = fact.origin
    if fact.kind is _NOT_STRONGER or not origin.parameter_map:
        return False
    if fact.rule is _PERFECT_PRIVACY:
        return False  # its map is the ⊂ fact's, which is in the list already
    if fact.rule is not _EQUIVALENCE or fact.a == origin.definition:
        return True
    from dptaxonomy.reasoning.maps.composition import is_renaming

    return is_renaming(origin.parameter_map)


class KnowledgeBase:
    """Facts of a catalog and everything the rules derive from them.

    Built from its parts: compiled from a catalog by
    :func:`dptaxonomy.reasoning.compile.compile_knowledge_base`, or restored
    from the cache by :mod:`dptaxonomy.cache.codec`. It keeps no catalog.
    """

    def __init__(
        self,
        info: dict[str, DefinitionInfo],
        factset: FactSet | None,
        strength: Closure,
        extension: Closure,
        *,
        assume_conjectures: bool = False,
        mechanisms: dict[str, MechanismInfo] | None = None,
        mechanism_claims: list[Fact] | None = None,
        not_stronger_rows: list[int] | None = None,
        operations: list[OperationInfo] | None = None,
        assertions: Callable[[], Assertions] | None = None,
        parts: AssertionParts | None = None,
    ) -> None:
        """``not_stronger_rows``: the rows rule N1 derives (:attr:`not_stronger_rows`), when
        known (the cache stores them); computed here otherwise.

        ``assertions``: instead of ``factset``, ``mechanisms``, ``mechanism_claims`` and
        ``operations`` (then None), reads them when a question first needs one (the
        cache's restoring; ``not_stronger_rows`` must then be given); ``parts`` (the same
        reader, when it can) reads a part alone until they are read: the facts, those with
        maps (``convert``), the mechanisms or one mechanism's claims, as the same objects.
        """
        self.info = info
        self._parts = parts if factset is None else None
        if factset is not None:
            given = Assertions(factset, mechanisms or {}, mechanism_claims or [], operations or [])
            self._read: Callable[[], Assertions] = lambda: given
        elif assertions is not None and not_stronger_rows is not None:
            self._read = assertions
        else:
            raise ValueError("a knowledge base needs its facts, or their reader and N1's rows")
        self.assume_conjectures = assume_conjectures
        self.strength = strength
        self.extension = extension
        self._not_stronger_rows = (
            self._propagate_separations() if not_stronger_rows is None else not_stronger_rows
        )
        self.cache_key: str | None = None
        """The key of the cache compilation it comes from (set by :mod:`dptaxonomy.cache`):
        results derived from it may be remembered under this key. None when uncached."""
        self._reverse: dict[bool, tuple[dict[str, list[str]], dict[int, int]]] = {}
        self.stored_names: Callable[[], NameIndex | None] | None = None
        """Reads the name index the cache stored beside it (set by :mod:`dptaxonomy.cache`;
        None: :attr:`names` builds it): a query that resolves no name never reads it."""

    @cached_property
    def _assertions(self) -> Assertions:
        return self._read()

    def _part(self) -> AssertionParts | None:
        """The reader of parts, while the assertions are not read whole."""
        return None if "_assertions" in self.__dict__ else self._parts

    @cached_property
    def factset(self) -> FactSet:
        """The facts usable for inference, and those set aside (with why)."""
        parts = self._part()
        return self._assertions.factset if parts is None else parts.facts()

    @cached_property
    def mechanisms(self) -> dict[str, MechanismInfo]:
        """Each mechanism of the catalog by id (a conversion's possible sources)."""
        parts = self._part()
        return self._assertions.mechanisms if parts is None else parts.mechanisms()

    @property
    def mechanism_claims(self) -> list[Fact]:
        """The mechanisms' established ``satisfies`` claims with maps, as ≻ facts (not closed
        over: a mechanism is no definition; ``convert`` starts chains with them)."""
        return self._assertions.mechanism_claims

    def claims_of(self, mechanism: str) -> list[Fact]:
        """The claims of one mechanism, in order (read alone while the rest is not)."""
        parts = self._part()
        if parts is None:
            return [claim for claim in self.mechanism_claims if claim.a == mechanism]
        return parts.claims_of(mechanism)

    @property
    def operations(self) -> list[OperationInfo]:
        """Every definition's operation rules, disputed ones included (``dptax compose``)."""
        return self._assertions.operations

    @cached_property
    def stronger_facts(self) -> list[Fact]:
        """The asserted ≻ facts."""
        return [f for f in self.factset.facts if f.kind is _STRONGER]

    @cached_property
    def extends_facts(self) -> list[Fact]:
        """The asserted ⊂ facts."""
        return [f for f in self.factset.facts if f.kind is _EXTENDS]

    @cached_property
    def separations(self) -> list[Fact]:
        """The asserted ¬≻ facts."""
        return [f for f in self.factset.facts if f.kind is _NOT_STRONGER]

    @cached_property
    def core(self) -> tuple[str, ...]:
        """The definitions of the practitioner's core, sorted (empty when none is named)."""
        return tuple(sorted(i for i, info in self.info.items() if info.core))

    @cached_property
    def names(self) -> NameIndex:
        """Name resolution over the definitions (read from the cache when it holds it)."""
        stored = self.stored_names() if self.stored_names is not None else None
        if stored is not None and stored.ids() == set(self.info):
            return stored
        return NameIndex(self.info.values())

    def resolve(self, name: str) -> str:
        """The id of the definition ``name`` designates (see :class:`NameIndex`)."""
        return self.names.resolve(name)

    @property
    def facts(self) -> list[Fact]:
        """The unconditional facts (the closures' input)."""
        return self.factset.facts

    @cached_property
    def mapped_facts(self) -> dict[str, list[Fact]]:
        """Unconditional ≻ and ⊂ facts carrying a usable parameter map, by implying definition.

        Sorted established first, then by file and position (the edges of
        :func:`dptaxonomy.reasoning.maps.paths.chains_between`).
        """
        adjacency: dict[str, list[Fact]] = defaultdict(list)
        for fact in self._mapped[0]:
            adjacency[fact.a].append(fact)
        for listed in adjacency.values():
            listed.sort(key=_edge_order)
        return dict(adjacency)

    @cached_property
    def _mapped(self) -> tuple[list[Fact], list[Fact]]:
        """The unconditional and the conditional facts that :func:`is_mapped`, in order: read
        alone when the facts are not (yet) read and a reader of them was given."""
        parts = self._part()
        if parts is not None and "factset" not in self.__dict__:
            return parts.mapped()
        return (
            [f for f in self.facts if is_mapped(f)],
            [f for f in self.conditional_facts if is_mapped(f)],
        )

    @cached_property
    def _mapped_with_conditional(self) -> dict[str, list[Fact]]:
        """:attr:`mapped_facts` with the conditional facts' mapped ones merged in (a stable
        sort: as if every fact, the unconditional ones first, were sorted together)."""
        adjacency = dict(self.mapped_facts)
        added: dict[str, list[Fact]] = defaultdict(list)
        for fact in self._mapped[1]:
            added[fact.a].append(fact)
        for a, facts in added.items():
            adjacency[a] = sorted([*adjacency.get(a, ()), *facts], key=_edge_order)
        return adjacency

    def mapped_edges(self, *, conditional: bool) -> dict[str, list[Fact]]:
        """:attr:`mapped_facts`, with the conditional facts (rule K3) too when asked."""
        return self._mapped_with_conditional if conditional else self.mapped_facts

    def _mapped_reverse(self, conditional: bool) -> tuple[dict[str, list[str]], dict[int, int]]:
        found = self._reverse.get(conditional)
        if found is None:
            adjacency = self.mapped_edges(conditional=conditional)
            backward: dict[str, list[str]] = defaultdict(list)
            every = sorted((f for fs in adjacency.values() for f in fs), key=_edge_order)
            for fact in every:
                backward[fact.b].append(fact.a)
            found = self._reverse[conditional] = (
                dict(backward),
                {id(f): i for i, f in enumerate(every)},
            )
        return found

    def mapped_backward(self, *, conditional: bool) -> dict[str, list[str]]:
        """For each definition, the definitions with a mapped edge to it."""
        return self._mapped_reverse(conditional)[0]

    def mapped_rank(self, *, conditional: bool) -> dict[int, int]:
        """Each mapped edge's position in the edge order, by ``id`` of the fact."""
        return self._mapped_reverse(conditional)[1]

    @property
    def conditional_facts(self) -> list[Fact]:
        """Facts with a restricting condition (rule K3): used for conditional conclusions only."""
        return self.factset.conditional

    @property
    def not_stronger_rows(self) -> list[int]:
        """Rule N1's rows, by component: bit B of row c set when ¬(c ≻ B) is derivable."""
        return self._not_stronger_rows

    def _propagate_separations(self) -> list[int]:
        """Rule N1 as bitsets: row[c] holds every component B with ¬(c ≻ B) derivable.

        ¬(X ≻ Y) makes ¬(A ≻ B) true for every A below X and every B above Y;
        rows flow from each component to those it is stronger than.
        """
        strength = self.strength
        rows = [0] * len(strength.members)
        for fact in self.separations:
            rows[strength.component[fact.a]] |= strength.coreach[strength.component[fact.b]]
        for index in range(len(rows)):
            for predecessor in strength.predecessors[index]:
                rows[index] |= rows[predecessor]
        self._carry_witnesses(rows)
        return rows

    def _carry_witnesses(self, rows: list[int]) -> None:
        """Rules W5 and W6: a witness also flows along ⊂ (M ⊨ A ⊂ A' gives M ⊨ A', and
        M ⊭ B' ⊃ B gives M ⊭ B), mixed with ≻ in any order, from its two claims."""
        strength = self.strength
        component = strength.component
        forward: dict[int, int] = defaultdict(int)  # c -> everything a ⊂ step from c reaches
        backward: dict[int, int] = defaultdict(int)  # c -> everything reaching c by a ⊂ step
        for fact in self.extends_facts:
            a, b = component[fact.a], component[fact.b]
            if a != b and not fact.origin.outside_domain:
                forward[a] |= strength.reach[b]
                backward[b] |= strength.coreach[a]
        if not forward:
            return

        def spread(start: int, closure: list[int], steps: dict[int, int]) -> int:
            found, grown = closure[start], True
            while grown:
                grown = False
                for source, added in steps.items():
                    if found >> source & 1 and added & ~found:
                        found |= added
                        grown = True
            return found

        below: dict[int, int] = {}
        above: dict[int, int] = {}
        for fact in self.separations:
            if fact.origin.witness is None:
                continue
            a, b = component[fact.a], component[fact.b]
            if a not in below:
                below[a] = spread(a, strength.reach, forward)
            if b not in above:
                above[b] = spread(b, strength.coreach, backward)
            for index in bits(below[a]):
                rows[index] |= above[b]

    # Queries on the closure -------------------------------------------------

    def is_stronger(self, a: str, b: str) -> bool:
        """``a ≻ b`` is derivable (rules S1, S2 over A1–A4)."""
        return self.strength.reaches(a, b)

    def is_not_stronger(self, a: str, b: str) -> bool:
        """``¬(a ≻ b)`` is derivable (rule N1)."""
        strength = self.strength
        return bool(self._not_stronger_rows[strength.component[a]] >> strength.component[b] & 1)

    def is_extension(self, a: str, b: str) -> bool:
        """``a ⊂ b`` is derivable (rules E1, E2)."""
        return self.extension.reaches(a, b)

    def equivalents(self, a: str) -> tuple[str, ...]:
        """The equivalence class of ``a`` under ∼, sorted."""
        return self.strength.class_of(a)

    def not_stronger_targets(self, a: str) -> list[str]:
        """Every B with ``¬(a ≻ B)`` derivable."""
        return self.strength.expand(self._not_stronger_rows[self.strength.component[a]])

    def not_stronger_row(self, component: int) -> int:
        """Bitset of components B with ¬(component ≻ B) derivable."""
        return self._not_stronger_rows[component]

    # Properties ---------------------------------------------------------------

    @cached_property
    def composability(self) -> dict[str, PropertyValue]:
        """Composability of every definition: asserted, or derived by rule P1."""
        info = self.info
        result: dict[str, PropertyValue] = {}
        for members in self.strength.members:
            known = {
                m: info[m].composability
                for m in members
                if info[m].composability_status is Status.established
                and info[m].composability is not Truth.unknown
            }
            for member in members:
                value = info[member].composability
                if value is not Truth.unknown or not known:
                    result[member] = PropertyValue(value)
                    continue
                values = set(known.values())
                if len(values) == 1:
                    result[member] = PropertyValue(values.pop(), derived_from=min(known))
                else:
                    result[member] = PropertyValue(Truth.unknown)
        return result

    # Statistics ---------------------------------------------------------------

    def derived_stronger_pairs(self) -> int:
        """How many ordered pairs a ≠ b with a ≻ b are derivable."""
        return self.strength.pair_count()

    def facts_between(self, kind: FactKind) -> dict[tuple[str, str], list[Fact]]:
        """Asserted facts of ``kind`` grouped by (a, b)."""
        grouped: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        for fact in self.facts:
            if fact.kind is kind:
                grouped[(fact.a, fact.b)].append(fact)
        return grouped
