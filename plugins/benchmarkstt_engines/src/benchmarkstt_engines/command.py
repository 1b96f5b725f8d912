"""``benchmarkstt-tools transcribe``: run engines on audio files and keep their own outputs."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any, Dict, List

from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.names import printable

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost

    from .engine import EngineSpec

PROG = "benchmarkstt-tools transcribe"


def add_engine_arguments(parser: argparse.ArgumentParser, host: PluginHost, group_help: str) -> None:
    """``--engine``, ``--cache``, ``--refresh``: what ``transcribe`` and ``corpus`` share."""
    kinds = ", ".join(host.registries.engines.names()) or "none installed"
    group = parser.add_argument_group("engines", group_help)
    group.add_argument(
        "--engine",
        action="append",
        default=[],
        metavar="NAME=KIND[:KEY=VALUE,...]",
        help=f"an engine to run, its name and options, e.g. ps=pocketsphinx or "
        f"fw=faster-whisper:model=small,language=en (kinds: {kinds}; repeat per engine)",
    )
    group.add_argument(
        "--cache",
        metavar="DIR",
        help="the transcript cache (default: $XDG_CACHE_HOME/benchmarkstt, else ~/.cache/benchmarkstt)",
    )
    group.add_argument("--refresh", action="store_true", help="transcribe again what the cache holds (and replace it)")
    group.add_argument(
        "--max-cost",
        type=float,
        metavar="AMOUNT",
        help="refuse to start when the estimated cost of the files not in the cache "
        "(each cloud engine's price_per_minute= times their audio minutes) exceeds AMOUNT",
    )


def engine_specs(values: List[str], registry) -> Dict[str, EngineSpec]:
    """The ``--engine`` values by name, their kinds checked."""
    from .engine import masked, parse_engine_spec

    specs: Dict[str, EngineSpec] = {}
    for value in values:
        spec = parse_engine_spec(value)
        if spec.name in specs:
            raise UsageError(f"--engine {masked(value)!r}: the name {spec.name!r} is given twice")
        if spec.kind not in registry:
            raise UsageError(
                f"--engine {masked(value)!r}: unknown engine kind {spec.kind!r} "
                f"(known: {', '.join(registry.names()) or 'none installed'})"
            )
        specs[spec.name] = spec
    return specs


def cache_of(args: argparse.Namespace):
    """The cache ``--cache`` names (or the default one)."""
    from .cache import Cache, default_folder

    return Cache(args.cache or default_folder())


def add_style_argument(group: Any, default_help: str) -> None:
    """``--style NAME``: the house style of the subtitles made of the engines' words."""
    group.add_argument(
        "--style",
        metavar="NAME",
        help="the house style of the subtitles made of the engines' "
        f"timed words: bbc, netflix or custom (docs/subtitles.md); {default_help}",
    )


class TranscribeCommand:
    """Run speech-to-text engines on audio files and write each engine's own output, from the transcript cache when it has it"""

    name = "transcribe"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """The audio, the engines, the output folder and format, the cache and the workers."""
        parser.add_argument(
            "audio",
            nargs="+",
            metavar="AUDIO_OR_FOLDER",
            help="audio or video files (WAV, FLAC, MP3, OGG, M4A/MP4, MXF, MPEG-TS...), or folders of them",
        )
        parser.add_argument(
            "-o",
            "--output",
            required=True,
            metavar="DIR",
            help="write DIR/NAME/<audio file name>.<ext> for each engine NAME",
        )
        parser.add_argument(
            "--format",
            choices=("srt", "vtt", "ttml"),
            help="write subtitles made of the engine's timed words in a house style "
            "(--style) instead of the engine's own output",
        )
        add_style_argument(parser, "with --format (default netflix)")
        add_engine_arguments(parser, host, "The engines to run (at least one).")
        parser.add_argument(
            "--jobs",
            type=int,
            default=1,
            metavar="N",
            help="transcribe up to N files at once, in worker processes (default 1)",
        )

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Transcribe every file with every engine; write the outputs; report failures."""
        from benchmarkstt_core.errors import BenchmarkSTTError

        from . import subtitling
        from .jobs import Job, Progress, run_jobs
        from .sources import audio_files

        registry = host.registries.engines
        if not args.engine:
            raise UsageError("need at least one --engine NAME=KIND (e.g. --engine ps=pocketsphinx)")
        if args.jobs < 1:
            raise UsageError(f"--jobs {args.jobs}: expected a number of at least 1")
        specs = engine_specs(args.engine, registry)
        subtitling.check_format(args.format, args.style)
        house = subtitling.named_style(args.style or subtitling.DEFAULT_STYLE) if args.format else None
        files = audio_files(args.audio)
        check_writable(args.output)
        jobs = [Job(name, key, path) for name in specs for key, path in files.items()]
        progress = Progress({name: len(files) for name in specs}, args.jobs)
        outcomes = run_jobs(specs, jobs, registry, cache_of(args), args.refresh, args.jobs, progress, args.max_cost)
        for name in specs:
            mine = [o for o in outcomes if o.job.engine == name]
            sys.stderr.write(
                f"{PROG}: {printable(name)}: {len(mine)} files: {sum(o.cached for o in mine)} from the cache, "
                f"{sum(o.entry is not None and not o.cached for o in mine)} transcribed, "
                f"{sum(o.entry is None for o in mine)} failed\n"
            )
        failed = 0
        for outcome in outcomes:
            job = outcome.job
            if outcome.entry is None:
                failed += 1
                sys.stderr.write(f"{PROG}: failed: {printable(f'{job.audio} ({job.engine}): {outcome.error}')}\n")
                continue
            folder = os.path.join(args.output, job.engine)
            extension, output = outcome.entry["record"]["extension"], outcome.entry["output"]
            if house is not None:
                try:
                    output = subtitling.subtitles(
                        host, output, extension, job.id, house, args.format
                    ) or subtitling.write([], args.format)
                except BenchmarkSTTError as exc:  # words without times: no subtitles of them
                    failed += 1
                    sys.stderr.write(f"{PROG}: failed: {printable(f'{job.audio} ({job.engine}): {exc}')}\n")
                    continue
                extension = args.format
            write_output(os.path.join(folder, f"{job.id}.{extension}"), output)
        if failed:
            sys.stderr.write(f"{PROG}: error: {failed} of {len(outcomes)} transcriptions failed\n")
            return 1
        return 0


def check_writable(folder: str) -> None:
    """Refuse an output folder that cannot be made or written to, before anything is
    transcribed (it was said when the first output was written, after every file).

    :example:
        >>> check_writable(__file__ + "/out")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: -o .../command.py/out: .../command.py is a file, not a folder
    """
    existing = folder
    while existing and not os.path.exists(existing):  # the nearest folder that is there, as the user wrote it
        existing = os.path.dirname(existing.rstrip(os.sep))
    existing = existing or os.curdir
    if not os.path.isdir(existing):
        raise UsageError(f"-o {folder}: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"-o {folder}: cannot write to {existing}: it is read-only or not writable for this user")


def write_output(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole (a temporary file renamed into place), replacing an
    older output of the same engine and file."""
    from benchmarkstt_core.errors import BenchmarkSTTError

    tmp = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    folder = os.path.dirname(path)
    try:
        if folder:  # a bare file name goes to the working folder
            os.makedirs(folder, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise BenchmarkSTTError(f"{path}: cannot write it: {exc.strerror}") from None
