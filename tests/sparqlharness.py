"""The SPARQL safety tests' harness: an endpoint that counts requests, and a small dataset.

The endpoint, on 127.0.0.1, answers every GET and POST with one result row holding ``LEAKED``, so a
query that reached it would also show in the output. It serves from a
daemon thread and stops when the ``with`` block ends, or by itself after
``lifetime`` seconds if a test hangs.
"""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.sparql import PREFIX_HEADER

__all__ = ["DATA", "PREFIXES", "Counter", "counting_server"]

PREFIXES = {name: str(namespace) for name, namespace in sorted(v.PREFIXES.items())}
_XSD = "http://www.w3.org/2001/XMLSchema#"
DATA = (
    PREFIX_HEADER
    + json.dumps(PREFIXES)
    + "\n"
    + f'<urn:a> <urn:b> "1e1"^^<{_XSD}double> .\n'
    + '<urn:a> <urn:b> "a"@en .\n'
    + "<urn:a> <urn:b> <urn:c> .\n"
).encode("utf-8")
"""A dataset (with the prefix header) that the tests' triple patterns match, so a SERVICE
after them is reached."""

_ROW = b'{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"literal","value":"LEAKED"}}]}}'


class Counter(http.server.BaseHTTPRequestHandler):
    """Answers every request with one SPARQL result row, and counts it."""

    requests = 0

    def _answer(self) -> None:
        type(self).requests += 1
        self.send_response(200)
        self.send_header("Content-Type", "application/sparql-results+json")
        self.send_header("Content-Length", str(len(_ROW)))
        self.end_headers()
        self.wfile.write(_ROW)

    do_GET = do_POST = _answer

    def log_message(self, *_: object) -> None:
        return


@contextmanager
def counting_server(lifetime: float = 600) -> Iterator[str]:
    """The endpoint's URL while the block runs; :attr:`Counter.requests` starts at 0."""
    Counter.requests = 0
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Counter)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    watchdog = threading.Timer(lifetime, httpd.shutdown)
    watchdog.daemon = True
    watchdog.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/sparql"
    finally:
        watchdog.cancel()
        httpd.shutdown()
        httpd.server_close()
