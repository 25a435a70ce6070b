"""Fuzzing `SERVICE`, `LOAD` and `FROM` (issue 29): nothing ever reaches the counting server.

Hypothesis writes query texts around the three keywords: each keyword spelt
in mixed case, with characters as ``\\u``/``\\U`` escapes or Unicode
look-alikes; separators that are comments, carriage returns, form feeds,
non-breaking and line separators, escaped spaces; the token before the
keyword glued to it (``1e1SERVICE``, ``'a'@en-SERVICE``, ``dp:x\\.SERVICE``);
the endpoint as an IRI, an escaped IRI, a prefixed name or a variable bound
to it; and a few characters of arbitrary Unicode inserted anywhere.

Every text goes twice to the evaluator: through the guard
(:func:`~dptaxonomy.export.sparql.run_on_dataset`: refused, or evaluated),
and straight to the confined child with no guard at all
(:func:`~dptaxonomy.export.sparqlsandbox.evaluate_bounded`), so both layers
are shown to hold on their own. The HTTP server on 127.0.0.1 must count zero
requests, and no answer may hold its ``LEAKED`` row.
Run with ``-s`` to see how many query shapes were tried.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dptaxonomy.export.sparql import Bounds, run_on_dataset
from dptaxonomy.export.sparqlguard import SparqlError
from dptaxonomy.export.sparqlsandbox import evaluate_bounded
from tests.sparqlharness import DATA, PREFIXES, Counter, counting_server

EXAMPLES = 300
"""How many texts Hypothesis writes; distinct shapes must be at least MIN_SHAPES."""

MIN_SHAPES = 200

BOUNDS = Bounds(timeout=10, limit=100)

LOOKALIKES = {
    "S": ["ſ", "Ｓ", "Ѕ"],
    "E": ["Ｅ", "Е"],
    "R": ["Ｒ"],
    "V": ["Ｖ"],
    "I": ["ı", "Ｉ", "І"],
    "C": ["Ｃ", "С"],
    "L": ["Ｌ"],
    "O": ["Ｏ", "О"],
    "A": ["Ａ", "А"],
    "D": ["Ｄ"],
    "F": ["Ｆ"],
    "M": ["Ｍ", "М"],
}

SEPARATORS = [
    " ",
    "",
    "\n",
    "\r",
    "\r\n",
    "\t",
    "\x0b",
    "\x0c",
    "\u00a0",
    "\u0085",
    "\u2028",
    "\u3000",
    "#c\n",
    "#c\r",
    "# SERVICE\n",
    "\\u0020",
    "\\u000A",
    "\\u000d",
    "\\U00000009",
    "/**/",
    "\\",
]

GLUE = [
    "?o",
    "?o .",
    "?o ;",
    "?o ,",
    "1e1",
    "1E1",
    "1.",
    "1.5e0",
    "-1",
    "'a'@en",
    "'a'@en-",
    "'a'^^<urn:t>",
    "'''x'''",
    '"\\""',
    "<urn:c>",
    "_:b",
    "_:b.",
    "dp:x",
    "dp:x\\.",
    "?o }",
    "?o } {",
    "?o OPTIONAL {}",
    "?o FILTER(1e1<2)",
    "[]",
    "()",
]


@st.composite
def _spelled(draw: st.DrawFn, word: str) -> str:
    """``word`` in mixed case, some characters escaped or swapped for a look-alike."""
    chars = [draw(st.sampled_from([c, c.lower()])) for c in word]
    for at in draw(st.lists(st.integers(0, len(word) - 1), max_size=2)):
        code = ord(word[at])
        forms = [
            f"\\u{code:04X}",
            f"\\u{code:04x}",
            f"\\U{code:08X}",
            f"\\u005Cu{code:04X}",
            *LOOKALIKES.get(word[at], []),
        ]
        chars[at] = draw(st.sampled_from(forms))
    return "".join(chars)


def _targets(iri: str) -> st.SearchStrategy[tuple[str, str]]:
    """(prefix declarations, the endpoint as written in the query)."""
    escaped = "".join(f"\\u{ord(c):04x}" if c in "h:/1" else c for c in iri)
    return st.sampled_from(
        [
            ("", f"<{iri}>"),
            ("", f"<{escaped}>"),
            ("", f"<{iri}\\u003E"),
            (f"PREFIX srv: <{iri}>\n", "srv:"),
            (f"PREFIX srv: <{iri[:-6]}>\n", "srv:sparql"),
            ("", "?g"),
        ]
    )


@st.composite
def query_texts(draw: st.DrawFn, iri: str) -> str:
    prefix, target = draw(_targets(iri))
    sep = st.one_of(st.just(" "), st.sampled_from(SEPARATORS))
    silent = draw(st.sampled_from(["", "SILENT ", "silent\n"]))
    bind = f"VALUES ?g {{ <{iri}> }} " if target == "?g" else ""
    shape = draw(st.integers(0, 6))
    if shape == 0:
        kw, glue = draw(_spelled("SERVICE")), draw(st.sampled_from(GLUE))
        text = (
            f"SELECT * WHERE {{ {bind}?s ?p {glue}{draw(sep)}{kw}{draw(sep)}{silent}"
            f"{target}{draw(sep)}{{ ?x ?y ?z }} }}"
        )
    elif shape == 1:
        kw = draw(_spelled("SERVICE"))
        text = f"ASK {{ {bind}?s ?p ?o FILTER EXISTS {{ {kw}{draw(sep)}{target} {{ }} }} }}"
    elif shape == 2:
        kw = draw(_spelled("SERVICE"))
        text = (
            f"SELECT * WHERE {{ {bind}{{ SELECT ?x WHERE {{ {kw}{draw(sep)}{silent}{target}"
            f" {{ ?x ?y ?z }} }} }} }}"
        )
    elif shape == 3:
        kw, named = draw(_spelled("FROM")), draw(st.sampled_from(["", "NAMED ", "named\t"]))
        text = f"SELECT *{draw(sep)}{kw}{draw(sep)}{named}{target}{draw(sep)}WHERE {{ ?s ?p ?o }}"
    elif shape == 4:
        kw = draw(_spelled("LOAD"))
        text = f"{kw}{draw(sep)}{silent}{target}"
    elif shape == 5:
        kw = draw(_spelled("LOAD"))
        text = f"{kw}{draw(sep)}{target}{draw(sep)}INTO GRAPH <urn:g>"
    else:  # the keywords where they are harmless: a literal, a comment, a variable, a name
        kw = draw(_spelled(draw(st.sampled_from(["SERVICE", "LOAD", "FROM"]))))
        text = (
            f"SELECT ?o WHERE {{ ?s ?p ?o FILTER(?o != '{kw}'){draw(sep)}}}"
            f"{draw(sep)}#{kw} {target}\n"
        )
    text = prefix + text
    noise = draw(st.one_of(st.just(""), st.text(max_size=3)))
    at = draw(st.integers(0, len(text)))
    return text[:at] + noise + text[at:]


@pytest.mark.slow
def test_no_generated_query_reaches_the_server(capsys: pytest.CaptureFixture[str]) -> None:
    shapes: set[str] = set()
    outcomes = {"refused": 0, "evaluated": 0, "unguarded": 0, "blocked": 0}
    with counting_server() as iri:

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        )
        @given(query_texts(iri))
        def check(text: str) -> None:
            shapes.add(text)
            try:
                result = run_on_dataset(DATA, text, BOUNDS)
            except SparqlError:
                outcomes["refused"] += 1
            else:
                outcomes["evaluated"] += 1
                assert "LEAKED" not in json.dumps(result.rows)
            try:  # no guard: the confined child alone
                raw = evaluate_bounded(DATA, text, PREFIXES, BOUNDS)
            except SparqlError as exc:
                outcomes["blocked"] += "os error 24" in str(exc)  # EMFILE: no socket for SERVICE
            else:
                outcomes["unguarded"] += 1
                assert "LEAKED" not in json.dumps(raw.rows)
            assert Counter.requests == 0, text

        check()
        requests = Counter.requests
    with capsys.disabled():
        print(
            f"\nsparql fuzz: {len(shapes)} query shapes ({outcomes['refused']} refused, "
            f"{outcomes['evaluated']} evaluated; with no guard {outcomes['unguarded']} "
            f"evaluated, {outcomes['blocked']} stopped at the socket), {requests} requests"
        )
    assert requests == 0
    assert len(shapes) >= MIN_SHAPES
    assert outcomes["evaluated"] > 0  # the guard does not refuse everything
    assert outcomes["blocked"] > 0  # with no guard, some texts did try a SERVICE
