"""``benchmarkstt`` and ``benchmarkstt-tools metrics``: compare a hypothesis with a reference."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from typing import TYPE_CHECKING, Any

from ..context import Context, check_encoding
from ..diff import wrap_diff
from ..errors import InputError, UsageError
from ..files import write_stdout
from ..io import HasDefaults, shows_files, shows_normalization
from ..pipeline import Pipeline, create, render_log_entry
from ..schema import word_count
from .colour import default_dialect, log_dialect
from .common import add_component_flags, add_plugin_arguments, plugin_defaults, wrap_paragraphs

if TYPE_CHECKING:  # pragma: no cover
    from ..plugins import PluginHost


def _choices(registry: Any) -> dict:
    names = registry.names()
    return {"choices": names, "metavar": "{" + ",".join(names) + "}"} if names else {}


def read_input(host: PluginHost, kind: str, source: str, context: Context, flag: str) -> str:
    """The text of ``source`` read by the input type ``kind``; where ``source`` names no file,
    the error says how to compare the text itself (``flag argument``); an error that tells to
    give the type "with -rt/-ht" names this side's flag only."""
    try:
        return create(host.registries.inputs.get(kind), [source], context).read()
    except InputError as exc:
        if kind == "argument" or os.path.lexists(source):
            if "-rt/-ht" in str(exc):
                raise InputError(str(exc).replace("-rt/-ht", flag)) from None
            raise
        raise InputError(f"{exc} (to compare the text itself, give {flag} argument)") from None


def same_file(reference: str, hypothesis: str) -> bool:
    """Whether both sides name the same file (or the same text).

    :example:
        >>> same_file("a.txt", "a.txt"), same_file("-", "b.txt")
        (True, False)
    """
    try:
        return reference == hypothesis or os.path.samefile(reference, hypothesis)
    except (OSError, ValueError):
        return False


def side_context(context: Context, side: str, encoding: str | None) -> Context:
    """The context one side's file is read with: its own encoding, standard input for ``-``,
    and a decoding hint that names the option."""
    hint = f"give the file's encoding with --{side}-encoding, or set DEFAULT_ENCODING"
    return context.replace(
        encoding=check_encoding(encoding, f"--{side}-encoding") if encoding else context.encoding,
        encoding_hint=hint,
        stdin=True,
    )


def warn_if_implausible(counts: list, args: argparse.Namespace, context: Context) -> None:
    """Warn when one side has more than five times as many words as the other (a wrong type?),
    or when the hypothesis has none; ``counts``: the words of the reference and the hypothesis."""
    if not counts[1]:
        context.warn(
            f"{args.hypothesis}: the hypothesis has no words (an empty file?): every reference word is a deletion"
        )
        return
    for (big, small), (name, other) in (
        (counts, (args.reference, args.hypothesis)),
        (counts[::-1], (args.hypothesis, args.reference)),
    ):
        if big > 5 * small:
            context.warn(
                f"{name} has {big} words, more than five times the {small} of {other}: "
                f"was each read as the right type (-rt/-ht)?"
            )


#: texts longer than this (characters) take seconds to diff: a terminal is told what is going on
LONG_LOG = 20000
#: a ``--log`` diff longer than this (shown characters) is written under its title in lines this long
LOG_WIDTH = 100


def log_writer(dialect: Any, with_title: bool) -> Any:
    """A ``log(title, entry)`` callback that prints ``--log`` lines on stderr. A short diff is
    one line after its normalizer; a longer one is written under a title line (the side, the
    normalizer, its step and the text's length) in indented lines of at most ``LOG_WIDTH``
    shown characters, broken after spaces, for reading in a pager. On a terminal, the diff of a
    long text is announced first (it can take seconds), on a line that its log then replaces."""
    stream = sys.stderr
    announce = stream.isatty()
    steps: dict = {}

    def log(title: str | None, entry: Any) -> None:
        prefix = f"{title}: " if with_title and title else ""
        where = f"{prefix}{'/'.join(entry.stack)}"
        steps[title] = step = steps.get(title, 0) + 1
        if announce and len(entry.before) > LONG_LOG:
            stream.write(f"{where}: step {step}: diffing {len(entry.before):,} characters...")
            stream.flush()
            line = render_log_entry(entry, dialect)
            stream.write("\r\033[K")
        else:
            line = render_log_entry(entry, dialect)
        lines = wrap_diff(line, LOG_WIDTH)
        if len(lines) == 1:
            stream.write(f"{where}: {line}\n")
        else:
            stream.write(f"{where} (step {step}, {len(entry.before):,} characters):\n")
            stream.write("".join(f"  {part}\n" for part in lines))
        stream.flush()

    return log


def require(registry: Any, what: str) -> None:
    """Fail plainly when no plugin registered any component of a needed kind."""
    if not len(registry):
        raise UsageError(
            f"no {what} is installed: install benchmarkstt's standard plugins "
            f"(pip install -r requirements.txt) or a plugin that provides one"
        )


class BenchmarkCommand:
    """Calculate metrics based on the comparison of a hypothesis with a reference."""

    name = "metrics"
    with_normalizers = False
    #: the ``dest`` of the options plugins added (:func:`~.common.add_plugin_arguments`)
    plugin_options: list = []

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """Reference, hypothesis, their types, the output format and the metric flags."""
        registries = host.registries
        parser.add_argument("-r", "--reference", required=True, help="File to use as reference (- for standard input)")
        parser.add_argument(
            "-h", "--hypothesis", required=True, help="File to use as hypothesis (- for standard input)"
        )
        parser.add_argument(
            "-o",
            "--output-format",
            default="restructuredtext",
            help="Format of the outputted results",
            **_choices(registries.outputs),
        )
        types = parser.add_argument_group("reference and hypothesis types")
        # the types' descriptions import their modules: only the help shows them
        types.describe = lambda: (  # type: ignore[attr-defined]
            wrap_paragraphs(
                "You can specify which file type the --reference/-r and --hypothesis/-h arguments should be treated as."
            )
            + "\n\nAvailable types:\n"
            + "\n".join(
                textwrap.fill(f"{s.name!r}: {s.description}", 78, initial_indent="  ", subsequent_indent="    ")
                for s in registries.inputs
            )
        )
        types.add_argument(
            "-rt", "--reference-type", default="infer", help="Type of reference file", **_choices(registries.inputs)
        )
        types.add_argument(
            "-ht", "--hypothesis-type", default="infer", help="Type of hypothesis file", **_choices(registries.inputs)
        )
        for side in ("reference", "hypothesis"):
            types.add_argument(
                f"--{side}-encoding",
                metavar="ENCODING",
                help=f"Encoding of the {side} file (default: DEFAULT_ENCODING, else UTF-8; a "
                f"byte-order mark decides among UTF-8, UTF-16 and UTF-32)",
            )
        self.plugin_options = add_plugin_arguments(types, host)
        metrics = parser.add_argument_group(
            "available metrics", "A list of metrics to calculate. At least one metric needs to be provided."
        )
        add_component_flags(metrics, registries.metrics, "metrics")
        if self.with_normalizers:
            normalizers = parser.add_argument_group(
                "available normalizers",
                "A list of normalizers to execute on the input, can be one or "
                "more normalizers which are applied sequentially.",
            )
            add_component_flags(normalizers, registries.normalizers, "normalizers")
            parser.add_argument(
                "--log",
                action="store_true",
                help="show normalization logs (for large files with many rules this is slow and prints a lot)",
            )
            host.hook.add_normalization_arguments(parser=parser, host=host)

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Check everything, read both inputs, compare, and print the results."""
        registries = host.registries
        for registry, what in (
            (registries.metrics, "metric"),
            (registries.inputs, "input type"),
            (registries.outputs, "output format"),
            (registries.segmenters, "segmenter"),
        ):
            require(registry, what)
        output = registries.outputs.get(args.output_format).create([])
        defaults = dict(output.defaults) if isinstance(output, HasDefaults) else {}
        if defaults.get("dialect") == "ansi":  # a text output: colours by the usual conventions
            defaults["dialect"] = default_dialect(sys.stdout)
        defaults.update(plugin_defaults(args, self.plugin_options))
        context = Context(registries, host.hook, defaults=defaults)
        normalizers = getattr(args, "normalizers", None) or []
        pipeline = Pipeline(registries, normalizers, args.metrics or [], context=context)
        if not pipeline.metrics:
            raise UsageError("need at least one metric (for example --wer)")
        for kind in (args.reference_type, args.hypothesis_type):
            registries.inputs.get(kind)
        if args.reference == "-" and args.hypothesis == "-":
            raise UsageError("only one of --reference and --hypothesis can be - (standard input)")
        sides = [side_context(context, side, getattr(args, f"{side}_encoding")) for side in ("reference", "hypothesis")]
        log = None
        if getattr(args, "log", False):
            log = log_writer(log_dialect(sys.stderr), with_title=True)
        texts = [read_input(host, args.reference_type, args.reference, sides[0], "-rt")]
        if (args.reference_type, sides[0].encoding) == (args.hypothesis_type, sides[1].encoding) and same_file(
            args.reference, args.hypothesis
        ):
            texts.append(texts[0])  # read once: its warnings told once
        else:
            texts.append(read_input(host, args.hypothesis_type, args.hypothesis, sides[1], "-ht"))
        counts = [word_count(text) for text in texts]
        if args.reference_type != "argument" and not counts[0]:
            raise InputError(f"{args.reference}: empty file: a reference without words gives no error rate")
        warn_if_implausible(counts, args, context)
        host.hook.check_pair(
            texts=texts, sources=[args.reference, args.hypothesis], metrics=pipeline.metrics, warn=context.warn
        )
        if shows_normalization(output):
            output.normalization = pipeline.normalization
        if shows_files(output):
            output.files = {
                "reference": (args.reference, args.reference_type),
                "hypothesis": (args.hypothesis, args.hypothesis_type),
            }
        # only the list holds the texts: each goes once its words are made
        files = [
            None if kind == "argument" else name
            for kind, name in ((args.reference_type, args.reference), (args.hypothesis_type, args.hypothesis))
        ]
        text = output.render(pipeline.compare(*pipeline.prepare_pair(texts, log, files)))
        write_stdout(text)
        return 0


class MainCommand(BenchmarkCommand):
    """Compare a hypothesis with a reference after normalizing both."""

    name = "benchmarkstt"
    with_normalizers = True
