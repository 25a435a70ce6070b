"""The `dptax` entry point: the fast path when it applies, else the typer app; one exit path.

:class:`~dptaxonomy.base.errors.DptaxError` becomes ``dptax: MESSAGE`` in the
command line's words (:mod:`dptaxonomy.cli.errors`) and exit code 1; an invalid
catalog prints its diagnostics first; usage errors exit with 2; a closed pipe
(``dptax list | head``) ends quietly with 141 like a shell pipeline; Ctrl-C with
130. No traceback ever reaches the user: anything unexpected is reported in two lines with exit 70.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

__all__ = ["main", "outcome"]


def _quiet_broken_pipe() -> None:
    """Point standard output at /dev/null so the interpreter's final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        return  # not a real file descriptor (tests capture output): nothing to flush


def _run(argv: Sequence[str], *, exiting: bool = False) -> int:
    from dptaxonomy.base.gcpause import collector_paused
    from dptaxonomy.cli.fast import parse

    action = parse(argv)
    if action is not None:
        # one query: the cyclic collector would only rescan the imported modules and the
        # decoded knowledge base; when the process ends right after (the console script),
        # what is live is frozen so the collection at exit skips it too
        with collector_paused(freeze=exiting):
            action()
        return 0
    from dptaxonomy.cli.app import run

    return run(argv)


def outcome(action: Callable[[], int]) -> int:
    """Run ``action`` and return its exit code, each way it can fail reported as the CLI does.

    :class:`~dptaxonomy.base.errors.DptaxError` prints ``dptax: MESSAGE`` (1);
    a closed pipe ends quietly (141); Ctrl-C gives 130; anything unexpected is
    reported in two lines (70). The web page's calculators answer through it too.
    """
    from dptaxonomy.base.errors import CatalogError, DptaxError
    from dptaxonomy.cli.actions import CliExit

    try:
        code = action()
        sys.stdout.flush()
    except CliExit as exc:
        code = exc.code
    except CatalogError as exc:
        from dptaxonomy.cli.errors import invalid_catalog_lines

        sys.stderr.write("\n".join(invalid_catalog_lines(exc.diagnostics)) + "\n")
        code = 1
    except DptaxError as exc:
        from dptaxonomy.cli.errors import command_line_message, exit_code

        sys.stderr.write(f"dptax: {command_line_message(exc)}\n")
        code = exit_code(exc)
    except BrokenPipeError:
        _quiet_broken_pipe()
        code = 141
    except KeyboardInterrupt:
        code = 130
    except Exception as exc:  # the last line of defence: no traceback for users
        sys.stderr.write(f"dptax: internal error: {type(exc).__name__}: {exc}\n")
        sys.stderr.write("dptax: please report this with the command you ran.\n")
        code = 70
    return code


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the `dptax` console script; always ends with ``SystemExit``."""
    args = list(sys.argv[1:] if argv is None else argv)
    # only the console script (no ``argv``) ends the process: callers in a longer-lived
    # process (tests, the web page) keep a collector that can still free cycles
    sys.exit(outcome(lambda: _run(args, exiting=argv is None)))
