"""``benchmarkstt-tools report RESULT.json -o report.html``: a corpus result as one HTML page."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from benchmarkstt_core.errors import UsageError

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost


class ReportCommand:
    """Write the HTML report of a corpus result (benchmarkstt-tools corpus -o json): ranking, engine against engine, every file, aligned words, frequent errors, the record"""

    name = "report"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """The result to read, the page to write."""
        parser.add_argument(
            "result",
            metavar="RESULT.json",
            help="the JSON result of benchmarkstt-tools corpus (with --alignments for the aligned words)",
        )
        parser.add_argument(
            "-o", "--output", metavar="FILE", help="write the page to this new file (default: standard output)"
        )
        parser.add_argument("--title", help="the page's title (default: the engines compared)")

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Read, check, render, write whole."""
        from benchmarkstt_core.files import check_new_files, write_new_file, write_stdout

        from .page import render_report

        if args.output:
            check_new_files([args.output])
        page = render_report(read_result(args.result), title=args.title, name=args.result, args=args, host=host)
        if args.output:
            write_new_file(args.output, page, "utf-8")
        else:
            write_stdout(page)
        return 0


def read_result(path: str) -> Any:
    """The JSON of ``path``, or one clear error naming it."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as exc:
        raise UsageError(f"{path}: cannot read it: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except ValueError as exc:
        raise UsageError(f"{path}: not JSON: {exc}") from None
    except RecursionError:
        raise UsageError(f"{path}: its JSON is nested too deeply to read") from None
