"""``--list-profiles`` of ``benchmarkstt`` and ``benchmarkstt-tools normalization``.

:example:
    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="p")
    >>> add_arguments(parser)
    >>> print(parser.format_usage().strip())
    usage: p [-h] [--list-profiles]
"""

from __future__ import annotations

import argparse
from typing import Any


class ListProfiles(argparse.Action):
    """Print the profiles and exit as soon as the option is read, as ``--help`` does (so that
    -r and -h are not asked for)."""

    def __init__(self, option_strings: list, dest: str, **kwargs: Any):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: Any, values: Any, option: Any = None) -> None:
        from benchmarkstt_core.files import write_stdout

        from .profiles import listing

        write_stdout(listing())
        parser.exit()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--list-profiles`` to ``parser``."""
    parser.add_argument("--list-profiles", action=ListProfiles,
                        help="list the normalization profiles (--profile NAME): name, version, what "
                             "each does, and exit")
