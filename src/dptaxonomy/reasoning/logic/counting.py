"""Counting definitions over sets of equivalence classes held as bitsets (for open questions).

>>> weight = ClassWeight([1, 2, 1])
>>> counter = DigitCounter(weight)
>>> counter.add(0b011, 1)
>>> counter.add(0b110, 3)
>>> counter.total(0b010)  # class 1 (two definitions) counted 1 + 3 times
8
"""

from __future__ import annotations

from dptaxonomy.reasoning.logic.closure import bits

__all__ = ["ClassWeight", "DigitCounter"]


class ClassWeight:
    """How many definitions a set of equivalence classes (a bitset) holds."""

    def __init__(self, sizes: list[int]) -> None:
        self.sizes = sizes
        self.extra = sum(1 << i for i, size in enumerate(sizes) if size > 1)

    def __call__(self, value: int) -> int:
        total = value.bit_count()
        if value & self.extra:
            total += sum(self.sizes[i] - 1 for i in bits(value & self.extra))
        return total


class DigitCounter:
    """Per-class counts of weighted bitset rows, kept as binary digit planes.

    ``add(row, k)`` counts every class of ``row`` ``k`` more times; ``total(mask)``
    is the sum over the classes of ``mask`` of count × class size, in one
    bit operation per digit instead of one per row added.
    """

    def __init__(self, weight: ClassWeight) -> None:
        self.weight = weight
        self.planes: list[int] = []

    def add(self, row: int, times: int) -> None:
        shift = 0
        while times:
            if times & 1:
                carry, level = row, shift
                while carry:
                    while level >= len(self.planes):
                        self.planes.append(0)
                    plane = self.planes[level]
                    self.planes[level] = plane ^ carry
                    carry &= plane
                    level += 1
            times >>= 1
            shift += 1

    def total(self, mask: int) -> int:
        result = 0
        for level, plane in enumerate(self.planes):
            common = plane & mask
            if common:
                result += self.weight(common) << level
        return result
