"""``benchmarkstt`` and ``benchmarkstt-tools metrics``: compare a hypothesis with a reference."""

from __future__ import annotations

import argparse
import sys
import textwrap
from typing import Any

from ..context import Context
from ..diff import AnsiDialect
from ..errors import UsageError
from ..files import write_stdout
from ..pipeline import Pipeline, render_log_entry
from .common import add_component_flags, wrap_paragraphs


def _choices(registry: Any) -> dict:
    names = registry.names()
    return {"choices": names, "metavar": "{" + ",".join(names) + "}"} if names else {}


def read_input(host: Any, kind: str, source: str, context: Context) -> str:
    """The text of ``source`` read by the input type ``kind``."""
    return host.registries.inputs.get(kind).create([source], context=context).read()


def log_writer(dialect: Any, with_title: bool) -> Any:
    """A ``log(title, entry)`` callback that prints ``--log`` lines on stderr."""
    def log(title: str | None, entry: Any) -> None:
        prefix = f"{title}: " if with_title and title else ""
        sys.stderr.write(f"{prefix}{'/'.join(entry.stack)}: {render_log_entry(entry, dialect)}\n")
    return log


def require(registry: Any, what: str) -> None:
    """Fail plainly when no plugin registered any component of a needed kind."""
    if not len(registry):
        raise UsageError(f"no {what} is installed: install benchmarkstt's standard plugins "
                         f"(pip install -r requirements.txt) or a plugin that provides one")


class BenchmarkCommand:
    """Calculate metrics based on the comparison of a hypothesis with a reference."""

    name = "metrics"
    with_normalizers = False

    def add_arguments(self, parser: argparse.ArgumentParser, host: Any) -> None:
        """Reference, hypothesis, their types, the output format and the metric flags."""
        registries = host.registries
        parser.add_argument("-r", "--reference", required=True, help="File to use as reference")
        parser.add_argument("-h", "--hypothesis", required=True, help="File to use as hypothesis")
        parser.add_argument("-o", "--output-format", default="restructuredtext",
                            help="Format of the outputted results", **_choices(registries.outputs))
        types = parser.add_argument_group(
            "reference and hypothesis types", wrap_paragraphs(
                "You can specify which file type the --reference/-r and --hypothesis/-h arguments "
                "should be treated as.") + "\n\nAvailable types:\n" +
            "\n".join(textwrap.fill(f"{s.name!r}: {s.description}", 78, initial_indent="  ",
                                     subsequent_indent="    ") for s in registries.inputs))
        types.add_argument("-rt", "--reference-type", default="infer", help="Type of reference file",
                           **_choices(registries.inputs))
        types.add_argument("-ht", "--hypothesis-type", default="infer", help="Type of hypothesis file",
                           **_choices(registries.inputs))
        metrics = parser.add_argument_group(
            "available metrics", "A list of metrics to calculate. At least one metric needs to be provided.")
        add_component_flags(metrics, registries.metrics, "metrics")
        if self.with_normalizers:
            normalizers = parser.add_argument_group(
                "available normalizers", "A list of normalizers to execute on the input, can be one or "
                "more normalizers which are applied sequentially.")
            add_component_flags(normalizers, registries.normalizers, "normalizers")
            parser.add_argument("--log", action="store_true",
                                help="show normalization logs (for large files with many rules "
                                     "this is slow and prints a lot)")

    def run(self, args: argparse.Namespace, host: Any) -> int:
        """Check everything, read both inputs, compare, and print the results."""
        registries = host.registries
        for registry, what in ((registries.metrics, "metric"), (registries.inputs, "input type"),
                               (registries.outputs, "output format"), (registries.segmenters, "segmenter")):
            require(registry, what)
        output = registries.outputs.get(args.output_format).create([])
        context = Context(registries, host.hook, defaults=getattr(output, "defaults", {}))
        normalizers = getattr(args, "normalizers", None) or []
        pipeline = Pipeline(registries, normalizers, args.metrics or [], context=context)
        if not pipeline.metrics:
            raise UsageError("need at least one metric (for example --wer)")
        for kind in (args.reference_type, args.hypothesis_type):
            registries.inputs.get(kind)
        log = None
        if getattr(args, "log", False):
            log = log_writer(AnsiDialect(), with_title=True)
        reference = read_input(host, args.reference_type, args.reference, context)
        hypothesis = read_input(host, args.hypothesis_type, args.hypothesis, context)
        text = output.render(pipeline.run(reference, hypothesis, log))
        write_stdout(text)
        return 0


class MainCommand(BenchmarkCommand):
    """Compare a hypothesis with a reference after normalizing both."""

    name = "benchmarkstt"
    with_normalizers = True
