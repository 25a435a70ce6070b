"""The date of the catalog's last change, from the data rather than the clock.

In order: ``SOURCE_DATE_EPOCH`` (the reproducible-builds convention), the
date of the last commit that touched the catalog directory (when it is in a
git checkout), else the newest modification time of its files.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path

__all__ = ["catalog_date"]


def _day(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, tz=UTC).strftime("%Y-%m-%d")


def _git_date(directory: Path) -> str | None:
    program = shutil.which("git")
    if program is None:
        return None
    try:
        done = subprocess.run(  # a fixed program, no shell
            [program, "-C", str(directory), "log", "-1", "--format=%ct", "--", "."],
            capture_output=True,
            check=False,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    text = done.stdout.decode("ascii", "replace").strip()
    return _day(int(text)) if done.returncode == 0 and text.isdigit() else None


def catalog_date(directory: Path) -> str:
    """YYYY-MM-DD of the catalog's last change."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return _day(int(epoch))
    found = _git_date(directory)
    if found is not None:
        return found
    times = [p.stat().st_mtime for p in directory.rglob("*.yaml") if p.is_file()]
    return _day(max(times)) if times else "unknown"
