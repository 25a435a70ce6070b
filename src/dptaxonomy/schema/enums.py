"""The enumerations of the schema, importable without pydantic (for fast query paths)."""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "CITATION_SUFFIX",
    "DIMENSION_LABELS",
    "DIMENSION_ORDER",
    "FACT_SYMBOLS",
    "OPERATION_VARIABLES",
    "PROPERTY_NAMES",
    "RELATION_SYMBOLS",
    "TABLE3_ROWS",
    "TRUTH_MARKS",
    "Adaptivity",
    "ClosedForm",
    "CompositionForm",
    "Dimension",
    "LinkKind",
    "Monotone",
    "Neighbourhood",
    "OpenReason",
    "OperationKind",
    "ParameterType",
    "Quantifier",
    "RelationKind",
    "Sampling",
    "Scope",
    "Setting",
    "Status",
    "Truth",
]

CITATION_SUFFIX = r"^(?P<label>.*?)\s*\[(?P<key>[^\[\]]+)\]\s*$"
"""A trailing ``[KEY]``, as in ``BayDP[TF20]``: lookups read it as a citation suffix.

A pattern for :func:`re.match` (which compiles it once), kept as text so that importing
the enumerations imports no :mod:`re`: a name without ``]`` never needs it."""


class Dimension(StrEnum):
    """The SoK's seven dimensions (Table 2)."""

    Q = "Q"
    """Quantification of privacy loss (Section 3)."""
    N = "N"
    """Neighborhood definition (Section 4)."""
    V = "V"
    """Variation of privacy loss (Section 5)."""
    B = "B"
    """Background knowledge (Section 6)."""
    F = "F"
    """Formalism change (Section 7)."""
    R = "R"
    """Relativization of knowledge gain (Section 8)."""
    C = "C"
    """Computational power (Section 9)."""


DIMENSION_ORDER = "QNVBFRC"
"""The dimensions in the SoK's order (Table 2)."""

DIMENSION_LABELS: dict[Dimension, str] = {
    Dimension.Q: "Quantification of privacy loss",
    Dimension.N: "Neighborhood definition",
    Dimension.V: "Variation of privacy loss",
    Dimension.B: "Background knowledge",
    Dimension.F: "Formalism change",
    Dimension.R: "Relativization of knowledge gain",
    Dimension.C: "Computational power",
}
"""Each dimension's name in the SoK (Table 2)."""

TABLE3_ROWS = 88
"""Rows of the SoK's Table 3."""

PROPERTY_NAMES = (
    "post_processing",
    "convexity",
    "composability",
    "parallel_composition",
    "group_privacy",
)
"""The properties an entry claims, in the schema's order (``Properties``' fields)."""


class Scope(StrEnum):
    """Where the SoK places a notion."""

    core = "core"
    """A variant or extension of DP along the seven dimensions."""
    input_type = "input_type"
    """DP applied to another type of input (SoK Section 4.3)."""
    context = "context"
    """A local-model or other-context variant (SoK Section 11.3)."""
    out_of_scope = "out_of_scope"
    """Excluded by the SoK's criteria (Section 11.2)."""
    sensitivity = "sensitivity"
    """A notion of sensitivity, not of privacy (Section 11.2)."""


class Setting(StrEnum):
    """The trust model: whom the definition protects the data from, and when."""

    central = "central"
    """A trusted curator holds the data and releases the mechanism's output."""
    local = "local"
    """Each person randomises their own data; nobody is trusted (SoK Section 11.3)."""
    shuffle = "shuffle"
    """Local reports pass through a trusted shuffler that hides who sent which."""
    distributed = "distributed"
    """Several parties hold parts of the data and compute together (secure aggregation,
    multiparty computation); none is trusted with the whole."""
    pan_private = "pan_private"
    """A curator processes a stream and its internal state may be seen too (intrusions)."""
    continual_observation = "continual_observation"
    """A trusted curator releases an output after each event of a stream."""


class Truth(StrEnum):
    """Value of a property claim; `unknown` is what the SoK writes as `?`."""

    yes = "yes"
    no = "no"
    unknown = "unknown"


class Status(StrEnum):
    """How settled a claim is. Disputed facts are shown but never used for inference."""

    established = "established"
    conjectured = "conjectured"
    disputed = "disputed"


class RelationKind(StrEnum):
    """Kinds of relation, each read as `subject KIND target`.

    The inverse kinds (`extended_by`, `weaker`, `not_weaker`) let a fact stay in
    the entry whose source states it (e.g. a Table 3 row written `A ⊃ B` in A's
    row); the graph normalises each to its forward kind.
    """

    extends = "extends"
    """SoK ⊂ (Definition 5): the subject is a special case of the target."""
    extended_by = "extended_by"
    """SoK ⊃: the target is a special case of the subject."""
    stronger = "stronger"
    """SoK ≻ (Definition 6): the subject implies the target, in both parameter directions."""
    weaker = "weaker"
    """SoK ≺: the target is stronger than the subject."""
    equivalent = "equivalent"
    """SoK ∼: stronger both ways."""
    not_stronger = "not_stronger"
    """A separation: no choice of parameters makes the subject imply the target."""
    not_weaker = "not_weaker"
    """A separation: no choice of parameters makes the target imply the subject."""


class Quantifier(StrEnum):
    """How many members of a set of definitions a set-level relation speaks of."""

    all = "all"
    """Every definition of the set (usable for inference)."""
    most = "most"
    """Most definitions of the set, unnamed (recorded, not usable for inference)."""


class Monotone(StrEnum):
    """How a guarantee changes with one parameter, the others fixed."""

    weaker_when_larger = "weaker_when_larger"
    """The guarantee at a value implies it at every larger value (ε, δ, ρ, μ)."""
    stronger_when_larger = "stronger_when_larger"
    """The guarantee at a value implies it at every smaller value."""


class ParameterType(StrEnum):
    """Mathematical type of a parameter."""

    real = "real"
    integer = "integer"
    function = "function"
    distribution = "distribution"
    distribution_family = "distribution_family"
    metric = "metric"
    set = "set"
    relation = "relation"
    other = "other"


class LinkKind(StrEnum):
    """Non-logical links between definitions (no implication is claimed)."""

    local_version_of = "local_version_of"
    """The subject is the local-model (or other-context) version of the target."""
    distinct_from = "distinct_from"
    """A homonym or look-alike the source warns must not be confused with the target."""
    variant_of = "variant_of"
    """The source presents the subject as a variant or refinement of the target, without
    stating ⊂ or ≻."""


RELATION_SYMBOLS: dict[RelationKind, str] = {
    RelationKind.extends: "⊂",
    RelationKind.extended_by: "⊃",
    RelationKind.stronger: "≻",
    RelationKind.weaker: "≺",
    RelationKind.equivalent: "∼",
    RelationKind.not_stronger: "⊁",
    RelationKind.not_weaker: "⊀",
}
"""How the SoK writes each relation kind."""

FACT_SYMBOLS: dict[str, str] = {"stronger": "≻", "extends": "⊂", "not_stronger": "⊁"}
"""Symbols of the three kinds of fact the reasoner derives."""

TRUTH_MARKS: dict[str, str] = {"yes": "✓", "no": "✗", "unknown": "?"}
"""How Table 3 marks a property value."""


class OperationKind(StrEnum):
    """What an operation rule (``operations`` of an entry) is about. Parallel composition and
    post-processing stay properties (``properties``), with their citation and scope."""

    composition = "composition"
    """Running several mechanisms on the same data and releasing every output."""
    group_privacy = "group_privacy"
    """The guarantee for inputs differing in k records (a group of size k)."""
    amplification = "amplification"
    """The guarantee of the mechanism run on a random subsample, or of shuffled local reports."""
    neighbourhood_change = "neighbourhood_change"
    """The guarantee under another neighbour relation (add/remove one record vs replace one)."""


class OpenReason(StrEnum):
    """Why an entry gives no rule for an operation (an ``open`` mark in ``operations``)."""

    source_not_read = "source_not_read"
    """A cited source states a rule that we could not read (its section only if known)."""
    no_source_known = "no_source_known"
    """No source known to us states a rule (nor shows that none holds)."""
    not_applicable = "not_applicable"
    """The operation has no meaning for the definition; the note says precisely why."""


class CompositionForm(StrEnum):
    """Which composition a composition rule states."""

    k_fold = "k_fold"
    """k mechanisms with the same parameters; the map reads the parameters and ``k``."""
    heterogeneous = "heterogeneous"
    """Two mechanisms with their own parameters, suffixed ``_1`` and ``_2`` in the map (more
    parts by induction)."""


class Adaptivity(StrEnum):
    """How the composed mechanisms may be chosen, weakest assumption last."""

    non_adaptive = "non_adaptive"
    """Fixed in advance, independent of each other's outputs."""
    adaptive = "adaptive"
    """Each chosen after seeing the previous outputs; parameters fixed in advance."""
    fully_adaptive = "fully_adaptive"
    """Parameters chosen adaptively too, stopped by a privacy filter or tracked by an odometer."""
    concurrent = "concurrent"
    """Interactive mechanisms whose queries interleave."""


class Sampling(StrEnum):
    """The subsampling (or shuffling) an amplification rule assumes."""

    poisson = "poisson"
    """Each record kept independently with probability ``q``."""
    without_replacement = "without_replacement"
    """A uniformly random subset of fixed size m of the n records, ``q = m/n``."""
    shuffling = "shuffling"
    """``n`` local reports released in uniformly random order (the shuffle model)."""


class Neighbourhood(StrEnum):
    """Neighbour relations between datasets that operation rules name."""

    add_remove = "add_remove"
    """One dataset is the other with one record added or removed (unbounded DP)."""
    replace_one = "replace_one"
    """Same size, one record replaced by another (bounded DP)."""


class ClosedForm(StrEnum):
    """A map that no arithmetic expression writes, named (and evaluated numerically where an
    evaluator reads it)."""

    optimal_pure = "optimal_pure"
    """Kairouz–Oh–Viswanath's optimal k-fold composition of ε-DP (and (ε, δ)-DP): the
    δ(ε') of k-fold randomized response, a finite sum."""
    optimal_bounded_range = "optimal_bounded_range"
    """Dong–Durfee–Rogers's optimal k-fold non-adaptive composition of ε-bounded-range
    mechanisms: the δ(ε') of k-fold generalized randomized response at the worst of k + 1
    candidate points, a finite sum."""
    tensor_product = "tensor_product"
    """Dong–Roth–Su's tensor product of trade-off functions (f-DP)."""
    tradeoff_group = "tradeoff_group"
    """Dong–Roth–Su's group privacy of f-DP: 1 − (1 − f)^{∘k} at distance k, the k-fold
    functional composition of x ↦ 1 − f(x) (at k = 2 for add/remove → replace-one)."""
    subsampled_tradeoff = "subsampled_tradeoff"
    """Dong–Roth–Su's trade-off function of a subsampled f-DP mechanism (the operator C_p)."""
    pld_convolution = "pld_convolution"
    """The privacy-loss distributions of the parts convolve (Sommer–Meiser–Mohammadi;
    Koskela–Jälkö–Honkela): the whole's profile is the hockey-stick curve of ω₁ ⊛ ω₂."""
    profile_subsampled = "profile_subsampled"
    """Balle–Barthe–Gaboardi's amplification of a privacy profile at every ε:
    δ'(log(1 + q(e^ε − 1))) ≤ q·δ(ε)."""
    profile_group = "profile_group"
    """Group privacy of a privacy profile, (ε, δ)-DP's group rule applied at every ε:
    δ_k(kε) ≤ k·e^((k−1)ε)·δ(ε)."""
    subsampled_renyi = "subsampled_renyi"
    """A bound on the Rényi DP of a subsampled mechanism at an integer order α from its Rényi
    DP at the orders 2, …, α (a finite sum over j, by the sampling scheme: Zhu–Wang for
    Poisson, Wang–Balle–Kasiviswanathan without replacement)."""


OPERATION_VARIABLES: dict[OperationKind, tuple[str, ...]] = {
    OperationKind.composition: ("k",),
    OperationKind.group_privacy: ("k",),
    OperationKind.amplification: ("q", "n"),
    OperationKind.neighbourhood_change: (),
}
"""Names an operation rule's map may read besides the definition's parameters (and the
suffixed ``_1``/``_2`` of a heterogeneous composition, and its declared slack): the number of
parts or the group size ``k``, the sampling rate ``q``, the number of shuffled reports ``n``."""
