"""Which operations an entry leaves unanswered: neither a rule nor an ``open`` mark.

Issue 23 asks that every definition a practitioner meets (the core members flagged
``operations: true`` in ``core.yaml``) give, for each operation, a cited rule or a typed
reason why there is none. Amplification is asked per sampling scheme of the definition's
trust model: Poisson and without-replacement subsampling for a central definition,
shuffling for a local one. An amplification mark without ``sampling`` answers every scheme.
A disputed rule answers nothing.
"""

from __future__ import annotations

from dptaxonomy.schema.enums import OperationKind, Sampling, Setting, Status
from dptaxonomy.schema.models import Definition

__all__ = ["SCHEMES", "unanswered_operations"]

SCHEMES: dict[Setting, tuple[Sampling, ...]] = {
    Setting.central: (Sampling.poisson, Sampling.without_replacement),
    Setting.local: (Sampling.shuffling,),
}
"""The sampling schemes whose amplification is asked of a definition, by its trust model."""


def _asked(definition: Definition) -> list[tuple[OperationKind, Sampling | None]]:
    asked: list[tuple[OperationKind, Sampling | None]] = []
    for kind in OperationKind:
        if kind is OperationKind.amplification:
            asked += [(kind, scheme) for scheme in SCHEMES.get(definition.setting, ())]
        else:
            asked.append((kind, None))
    return asked


def unanswered_operations(definition: Definition) -> list[str]:
    """``amplification (poisson)``, ``group_privacy``, …: each operation (and sampling scheme)
    the entry gives neither a rule nor an ``open`` mark for, in ``OperationKind`` order."""
    answered = [r for r in definition.operations if r.status is not Status.disputed]
    missing = []
    for kind, scheme in _asked(definition):
        if not any(
            r.operation is kind and (scheme is None or r.sampling in (None, scheme))
            for r in answered
        ):
            missing.append(kind.value + (f" ({scheme.value})" if scheme else ""))
    return missing
