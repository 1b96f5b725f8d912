"""``benchmarkstt-tools normalization``: normalize files or standard input."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..context import Context
from ..errors import InputError, UsageError
from ..files import check_new_files, write_new_file, write_stdout
from ..pipeline import Pipeline, side_error
from .benchmark import log_writer, require
from .colour import log_dialect
from .common import add_component_flags

if TYPE_CHECKING:  # pragma: no cover
    from ..plugins import PluginHost


def read_stdin() -> str:
    """All of standard input, decoded like Python's stdin but without newline translation."""
    stream = sys.stdin
    data = stream.buffer.read()
    return data.decode(stream.encoding or "utf-8", stream.errors or "strict")


class NormalizationCommand:
    """Apply normalization to given input"""

    name = "normalization"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """Input and output files, ``--log`` and the normalizer flags."""
        parser.add_argument(
            "-i",
            "--inputfile",
            action="append",
            default=[],
            metavar="INPUTFILE",
            help="read input from this file, defaults to STDIN (repeatable)",
        )
        parser.add_argument(
            "-o",
            "--outputfile",
            action="append",
            default=[],
            metavar="OUTPUTFILE",
            help="write output to this file, defaults to STDOUT (one per --inputfile)",
        )
        parser.add_argument("--log", action="store_true", help="show normalization logs on stderr")
        group = parser.add_argument_group(
            "available normalizers",
            "A list of normalizers to execute on the input, can be one or more "
            "normalizers which are applied sequentially.",
        )
        add_component_flags(group, host.registries.normalizers, "normalizers")
        host.hook.add_normalization_arguments(parser=parser, host=host)

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Check the files, normalize every input, then write every output."""
        registries = host.registries
        require(registries.normalizers, "normalizer")
        inputs, outputs = args.inputfile, args.outputfile
        if not args.normalizers:
            raise UsageError("need at least one normalizer (for example --lowercase)")
        if outputs and not inputs:
            raise UsageError("can only write output to stdout when reading from stdin")
        if outputs and len(outputs) != len(inputs):
            raise UsageError(
                f"got {len(inputs)} --inputfile and {len(outputs)} --outputfile: "
                f"give one --outputfile per --inputfile, or none"
            )
        check_new_files(outputs)
        context = Context(registries, host.hook)
        pipeline = Pipeline(registries, args.normalizers, context=context)
        emit = None
        if args.log:
            log = log_writer(log_dialect(sys.stderr), with_title=False)
            emit = lambda entry: log(None, entry)  # noqa: E731

        def normalized(text: str, side: str, path: str | None = None) -> str:
            try:
                return pipeline.normalize(text, emit)
            except InputError as exc:  # a GLM rule's text it cannot read: which file
                raise side_error(exc, side, path) from exc

        if not inputs:
            write_stdout(normalized(read_stdin(), "standard input"))
            return 0
        texts = [normalized(context.read_text(path, field="inputfile"), "--inputfile", path) for path in inputs]
        if not outputs:
            write_stdout("".join(texts))
            return 0
        for path, text in zip(outputs, texts):
            write_new_file(path, text, context.encoding)
        return 0
