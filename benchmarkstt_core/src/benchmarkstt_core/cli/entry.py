"""The start of both console scripts: ``--version`` is answered before anything else is
imported."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from ..__meta__ import __version__


def start(prog: str, main: Callable[[list], int], argv: Sequence[str] | None = None) -> None:
    """Run the command ``prog`` (``main(argv)`` gives its exit status) and exit; ``argv``
    defaults to the process's arguments."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if "--version" in argv:
        try:
            sys.stdout.write(f"{prog}: {__version__}\n")
            sys.stdout.flush()
        except (AttributeError, OSError):  # standard output closed or broken
            sys.stderr.write(f"{prog}: error: cannot write to standard output\n")
            sys.exit(1)
        sys.exit(0)
    sys.exit(main(argv))
