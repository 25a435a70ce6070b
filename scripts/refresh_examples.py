"""Rewrite the output shown by the README's and docs' console examples from the current one.

``python scripts/refresh_examples.py`` runs every example (see
:mod:`scripts.doc_examples`), and where the output shown is stale replaces it:
each line shown by the line it stands for now (numbers may change), plus the
lines printed after the last one shown unless the example ends with ``…``.
An example whose output changed shape (a shown line no longer printed) is
listed for a person to edit, and the script exits 1.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python scripts/refresh_examples.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.doc_examples import examples, matches, pages, refreshed, run_example


def refresh(page: Path) -> list[str]:
    """Refresh one page in place; the examples a person must edit."""
    lines = page.read_text(encoding="utf-8").split("\n")
    manual: list[str] = []
    for example in sorted(examples(page), key=lambda e: e.line, reverse=True):
        printed = run_example(example)
        if matches(example, printed):
            continue
        new = refreshed(example, printed)
        if new is None or printed.code != example.expected_code:
            manual.append(f"{example.label}: the output changed shape; edit it by hand")
            continue
        lines[example.line : example.line + len(example.shown)] = new
        print(f"refreshed {example.label}")
    page.write_text("\n".join(lines), encoding="utf-8")
    return manual


def main() -> None:
    manual = [line for page in pages() for line in refresh(page)]
    for line in manual:
        print(line, file=sys.stderr)
    if manual:
        sys.exit(1)


if __name__ == "__main__":
    main()
