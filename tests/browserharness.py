"""What the browser tests share: a static server for a built site, Chromium, a watched page.

Chromium is Debian's (or ``DPTAX_CHROMIUM``), driven by Playwright. Every page
is watched: a JavaScript error or a request to another host fails its test.
"""

from __future__ import annotations

import functools
import importlib
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.external import require

CHROMIUM = os.environ.get("DPTAX_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's chromium by default; ``DPTAX_CHROMIUM`` names another Chromium-based browser."""
SCREENSHOTS = Path(__file__).resolve().parent / "artifacts" / "screenshots"


class _Quiet(SimpleHTTPRequestHandler):
    """Serves files quietly and, as static hosts do, the site's 404.html for a missing path."""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: ARG002
        return

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def serving(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1; yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(directory))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextmanager
def chromium() -> Iterator[Any]:
    """A launched headless Chromium (the test fails saying how to install what is missing;
    ``DPTAX_ALLOW_MISSING`` turns that into a counted skip: tests/external.py)."""
    require("playwright")
    require("chromium")
    playwright_api = importlib.import_module("playwright.sync_api")
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


class Watched:
    """A page whose JavaScript errors and requests are recorded."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        self.errors: list[str] = []
        self.foreign: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on(
            "console",
            lambda message: self.errors.append(message.text) if message.type == "error" else None,
        )
        page.on("request", self._request)

    def _request(self, request: Any) -> None:
        if urlsplit(request.url).netloc != urlsplit(self.base).netloc:
            self.foreign.append(request.url)

    def open(self, path: str) -> Any:
        response = self.page.goto(self.base + path)
        assert response is not None, path
        assert response.status == 200, path
        return self.page

    def check(self) -> None:
        """No JavaScript error and no request to another host happened."""
        assert self.errors == [], self.errors
        assert self.foreign == [], self.foreign


@contextmanager
def watched_page(
    browser: Any, base: str, width: int = 1280, height: int = 900
) -> Iterator[Watched]:
    """A fresh page of ``width`` × ``height`` on ``base``, checked when the block ends."""
    context = browser.new_context(viewport={"width": width, "height": height})
    view = Watched(context.new_page(), base)
    try:
        yield view
    finally:
        context.close()
    view.check()


def shot(page: Any, name: str) -> None:
    """A screenshot of what is on screen, to tests/artifacts/screenshots/NAME.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=False)
