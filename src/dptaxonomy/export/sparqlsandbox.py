"""Evaluate a SPARQL query within bounds: a forked child, a memory cap, a clock, a row cap.

The child process loads the knowledge base (N-Quads) into an in-memory
pyoxigraph store, or opens the cached store on disk read-only
(:mod:`.sparqlstore`), then, before it reads the query, gives up what it no
longer needs (:func:`confine`): every descriptor but its pipe to the parent
(and the files of the store it opened) is closed and ``RLIMIT_NOFILE`` is set
to 0, so ``socket()`` and ``open()`` fail with ``EMFILE`` (federation, a
``file:`` IRI, DNS: all fail), and where the platform lets it, it also moves
to a network namespace of its own, with no interface but a loopback that is
down. It evaluates the query under
``RLIMIT_AS``: it may take 1 GiB (by default) of address space beyond what
the process holds by then.
The parent waits at most ``timeout`` seconds, then kills it. Rows are read
lazily and the child stops at ``limit + 1``. Whatever bound is hit, the
answer is an error, never a partial result: a truncated SELECT would look
like a complete one to a script (documented in docs/commands.md).

The child sends one JSON message back through a pipe: the variables and
rows, the ASK answer, or an error message.
"""

from __future__ import annotations

import json
import os
import select
import signal
import time
from collections.abc import Callable, Collection

from dptaxonomy.base.records import record
from dptaxonomy.export.sparqlguard import SparqlError, SparqlRefused
from dptaxonomy.export.sparqlstore import descriptors_into

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, TypeAlias

    Dataset: TypeAlias = bytes | Path
    """What a query reads: N-Quads, or the directory of a store on disk."""

__all__ = [
    "MAX_LIMIT",
    "MAX_TIMEOUT",
    "MEMORY_LIMIT",
    "MIN_TIMEOUT",
    "Bounds",
    "Check",
    "Outcome",
    "SparqlBoundError",
    "StoreUnreadable",
    "check_bounds",
    "confine",
    "evaluate_bounded",
    "forbid_new_descriptors",
    "leave_network",
]

MEMORY_LIMIT = 1 << 30

MIN_TIMEOUT = 0.1
MAX_TIMEOUT = 600.0
"""The time limit, in seconds, is a finite number in [MIN_TIMEOUT, MAX_TIMEOUT]."""

MAX_LIMIT = 1_000_000
"""The row limit is an integer in [1, MAX_LIMIT]."""

_CLONE_NEWNET = 0x40000000

_MAX_DESCRIPTOR = 1 << 20
"""Close descriptors up to here when the descriptor limit says "unlimited" (Linux's ceiling)."""

Check = Callable[[str, dict[str, str]], tuple[str, bool]] | None
"""The guard's check run in the child: the query's form and whether it orders its rows."""


class SparqlBoundError(SparqlError):
    """The query hit its time, row or memory bound, or could not be evaluated."""


class StoreUnreadable(SparqlError):
    """The cached store could not be opened (replaced or damaged meanwhile): the caller
    answers from the N-Quads instead."""


@record
class Bounds:
    """Limits of one evaluation."""

    timeout: float = 10.0
    limit: int = 10_000
    memory: int = MEMORY_LIMIT


@record
class Outcome:
    """What the child computed: variables and rows (terms as strings), or an ASK answer.

    ``ordered``: the checked query orders its rows itself (``ORDER BY``).
    """

    variables: list[str]
    rows: list[list[str | None]]
    boolean: bool | None = None
    ordered: bool = False


def check_bounds(bounds: Bounds) -> None:
    """Raise :class:`SparqlBoundError` unless every bound is finite and in its range."""
    timeout, limit, memory = bounds.timeout, bounds.limit, bounds.memory
    if not (isinstance(timeout, int | float) and MIN_TIMEOUT <= timeout <= MAX_TIMEOUT):
        raise SparqlBoundError(
            f"the time limit must be a number of seconds from {MIN_TIMEOUT:g} to "
            f"{MAX_TIMEOUT:g}, not {timeout!r}"
        )
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise SparqlBoundError(
            f"the row limit must be an integer from 1 to {MAX_LIMIT}, not {limit!r}"
        )
    if isinstance(memory, bool) or not isinstance(memory, int) or memory < 1:
        raise SparqlBoundError(f"the memory limit must be a positive integer, not {memory!r}")


def forbid_new_descriptors(keep: int, held: Collection[int] = ()) -> None:
    """Close every descriptor but 0-2, ``keep`` and ``held`` (the files of an open store),
    and let this process open no other.

    With ``RLIMIT_NOFILE`` at 0 every call that makes a descriptor
    (``socket``, ``open``, ``pipe``, ``epoll_create``, …) fails with EMFILE;
    the descriptors already open stay usable.
    """
    import resource

    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    top = _MAX_DESCRIPTOR if soft in (resource.RLIM_INFINITY, -1) else min(soft, _MAX_DESCRIPTOR)
    start = 3
    for kept in sorted({keep, *held}):
        os.closerange(start, kept)
        start = max(start, kept + 1)
    os.closerange(start, top)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (0, 0))
    except (ValueError, OSError):
        # valgrind (the benchmark's instruction counts) refuses any change of the hard
        # limit; the soft limit alone already makes every new descriptor fail, and no
        # query can raise it again (a query runs no code of its own)
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (0, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
        )


def leave_network() -> bool:
    """Move to a network namespace of one's own, if the platform permits; whether it did."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.unshare(_CLONE_NEWNET) == 0)
    except (OSError, AttributeError):  # no libc by that name, or no unshare in it
        return False


def confine(keep: int, held: Collection[int] = ()) -> None:
    """Give up the network and every way to open a file; keep descriptors ``keep`` and
    ``held``."""
    leave_network()
    forbid_new_descriptors(keep, held)


def _term(term: Any) -> str | None:
    if term is None:
        return None
    value = term.value
    return value if isinstance(value, str) else str(value)


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


def _address_space() -> int:
    """The bytes of address space this process holds now (0 where /proc is absent)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def _evaluate(
    dataset: Dataset, query: str, prefixes: dict[str, str], bounds: Bounds, write: int, check: Check
) -> dict[str, Any]:
    """In the child: load, cap memory, check, confine, run the query; return the message."""
    import resource

    import pyoxigraph as ox

    held: set[int] = set()
    if not isinstance(dataset, bytes):  # a checked store on disk (:mod:`.sparqlstore`)
        try:
            store = ox.Store.read_only(str(dataset))
        except Exception as exc:  # pyoxigraph reports a damaged or vanished store as OSError/…
            return {"unreadable": _first_line(exc)}
        held = descriptors_into(dataset)
    else:
        store = ox.Store()
        store.bulk_load(dataset, ox.RdfFormat.N_QUADS)
    cap = _address_space() + bounds.memory
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    form, ordered = None, False
    if check is not None:  # the parser's cost is bounded like the evaluation's
        try:
            form, ordered = check(query, prefixes)
        except SparqlRefused as exc:
            return {"refused": str(exc)}
        except SparqlError as exc:
            return {"error": str(exc)}
    confine(write, held)
    try:
        result = store.query(query, prefixes=prefixes, base_iri=None)
    except SyntaxError as exc:
        return {"error": f"SPARQL error: {_first_line(exc)}"}
    if form is not None and isinstance(result, ox.QueryBoolean) != (form == "ASK"):
        return {"refused": "the SPARQL parser and the evaluator read the query differently"}
    if isinstance(result, ox.QueryBoolean):
        return {"boolean": bool(result)}
    if not isinstance(result, ox.QuerySolutions):
        return {"error": "only SELECT and ASK queries are supported"}
    variables = [v.value for v in result.variables]
    rows: list[list[str | None]] = []
    for solution in result:
        if len(rows) == bounds.limit:
            return {"limit": bounds.limit}
        rows.append([_term(solution[i]) for i in range(len(variables))])
    return {"variables": variables, "rows": rows, "ordered": ordered}


def _child(
    write: int, dataset: Dataset, query: str, prefixes: dict[str, str], bounds: Bounds, check: Check
) -> None:
    import faulthandler

    try:
        faulthandler.disable()  # an abort on allocation failure is expected here
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 0)  # nothing to read from the parent's terminal either
        os.dup2(quiet, 1)  # the evaluator's own messages (say, an allocation failure)
        os.dup2(quiet, 2)  # never reach the user's terminal
        try:
            message = _evaluate(dataset, query, prefixes, bounds, write, check)
        except MemoryError:
            message = {"memory": bounds.memory}
        except Exception as exc:  # pyoxigraph reports evaluation errors as OSError/ValueError/…
            message = {"error": f"SPARQL error: {_first_line(exc)}"}
        data = json.dumps(message).encode("utf-8")
        view = memoryview(data)
        while view:
            view = view[os.write(write, view) :]
    finally:
        os._exit(0)


def _read_all(read: int, pid: int, deadline: float) -> bytes:
    chunks: list[bytes] = []
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            os.kill(pid, signal.SIGKILL)
            raise TimeoutError
        ready, _, _ = select.select([read], [], [], remaining)
        if not ready:
            continue
        chunk = os.read(read, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _mib(size: int) -> str:
    return f"{size / (1 << 30):g} GiB" if size >= 1 << 30 else f"{size >> 20} MiB"


def evaluate_bounded(
    dataset: Dataset, query: str, prefixes: dict[str, str], bounds: Bounds, check: Check = None
) -> Outcome:
    """Evaluate ``query`` over ``dataset`` in a child process; raise on any bound or error.

    ``dataset`` is N-Quads, loaded into memory, or the directory of a checked store
    (:func:`~dptaxonomy.export.sparqlstore.checked_store`), opened read-only.

    ``check`` (the guard's algebra check: the query's form and whether it
    orders its rows, or a :class:`SparqlError`) runs in the child before it
    is confined, under the same bounds: a query whose parsing explodes is
    stopped like one whose evaluation does. The evaluator must agree with it
    on the form. Raises :class:`SparqlRefused` for what ``check`` refuses.
    """
    check_bounds(bounds)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child, which reports through the pipe
        os.close(read)
        _child(write, dataset, query, prefixes, bounds, check)
    os.close(write)
    try:
        data = _read_all(read, pid, time.monotonic() + bounds.timeout)
    except TimeoutError:
        raise SparqlBoundError(
            f"the query was stopped after {bounds.timeout:g} s (the time limit); "
            "narrow it, or raise --timeout"
        ) from None
    finally:
        os.close(read)
        os.waitpid(pid, 0)
    try:
        message: dict[str, Any] = json.loads(data) if data else {"memory": bounds.memory}
    except ValueError:
        message = {"memory": bounds.memory}  # the child died while writing: out of memory
    if "limit" in message:
        raise SparqlBoundError(
            f"the query returned more than {bounds.limit} rows (the row limit); nothing is "
            "printed: narrow it, add LIMIT, or raise --limit"
        )
    if "memory" in message:
        raise SparqlBoundError(
            f"the query needed more than {_mib(bounds.memory)} of memory and was stopped; narrow it"
        )
    if "refused" in message:
        raise SparqlRefused(str(message["refused"]))
    if "unreadable" in message:
        raise StoreUnreadable(str(message["unreadable"]))
    if "error" in message:
        raise SparqlBoundError(str(message["error"]))
    if "boolean" in message:
        return Outcome([], [], bool(message["boolean"]))
    rows = [list(row) for row in message["rows"]]
    return Outcome(list(message["variables"]), rows, ordered=bool(message["ordered"]))
