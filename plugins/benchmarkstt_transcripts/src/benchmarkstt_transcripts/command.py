"""``benchmarkstt-tools transcript``: show what a file is read as, or convert it to plain text."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from benchmarkstt_core.context import Context, check_encoding
from benchmarkstt_core.errors import InputError
from benchmarkstt_core.files import write_stdout

from .sounds import add_sound_labels

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost


class TranscriptCommand:
    """Read a transcript file (subtitles, an engine's JSON, ...) and show its type, segments,
    words, times and speakers (-o json) or its text (-o text)"""

    name = "transcript"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """``-i FILE``, ``-t TYPE``, ``-o text|json``, ``--encoding``."""
        from .readers import available

        kinds = available()
        parser.add_argument(
            "-i", "--inputfile", required=True, metavar="FILE", help="the file to read (- for standard input)"
        )
        parser.add_argument(
            "-t",
            "--type",
            choices=kinds,
            metavar="{" + ",".join(kinds) + "}",
            help="its type (default: inferred from the extension and the content)",
        )
        parser.add_argument(
            "-o",
            "--output",
            choices=("text", "json"),
            default="text",
            help="text: what the normalizers see; json: the type, segments, words, times, speakers",
        )
        add_sound_labels(parser, "-o text: ")
        parser.add_argument(
            "--encoding",
            help="the file's encoding (default: DEFAULT_ENCODING, else UTF-8; "
            "a byte-order mark decides among UTF-8, -16 and -32)",
        )

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Read the file and print it."""
        from .inputs import scored, visible
        from .reading import read_transcript

        context = Context(
            host.registries,
            host.hook,
            encoding=args.encoding and check_encoding(args.encoding, "--encoding"),
            stdin=True,
            encoding_hint="give its encoding with --encoding",
            prog="benchmarkstt-tools transcript",
        )
        try:
            transcript = read_transcript(args.inputfile, args.type, context)
        except InputError as exc:  # the type is given here with -t
            if "-rt/-ht" not in str(exc):
                raise
            raise InputError(str(exc).replace("-rt/-ht", "-t")) from None
        transcript = visible(transcript, args.inputfile, context)
        if args.output == "text":
            transcript = scored(transcript, args.inputfile, context, args.sound_labels)
        if args.output == "json":
            text = json.dumps(transcript.as_dict(), ensure_ascii=False, indent=1) + "\n"
        else:
            text = transcript.text() + "\n" if transcript.segments else ""
        if not transcript.text().strip():
            context.warn(f"{args.inputfile}: no words were read")
        write_stdout(text)
        return 0
