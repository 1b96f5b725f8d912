"""``corpus --audio DIR --engine SPEC`` and ``--testset KIND:PATH``: the engines' outputs
(from the cache, or transcribed now) laid out as folders that ``corpus`` scores as it scores
``--hypothesis NAME=FOLDER``, and the cost of making them.

The folders are kept in the cache folder (``runs/<digest>/NAME``, one digest per audio set and
engine), so that ``--rerun`` of the result finds them.

:example:
    >>> summary([{"audio_seconds": 10.0, "wall_seconds": 2.0, "cpu_seconds": 3.0}], failed=1, cached=0)["real_time_factor"]
    0.2
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
from collections import Counter
from typing import TYPE_CHECKING, Callable, ContextManager, Dict, Iterator, List, Optional

from benchmarkstt_core.errors import UsageError

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost


def add_arguments(parser: argparse.ArgumentParser, host: PluginHost) -> None:
    """``--audio``, ``--testset``, and the engine arguments ``transcribe`` has."""
    from .command import add_engine_arguments, add_style_argument

    add_engine_arguments(
        parser,
        host,
        "Transcribe audio with engines (what the cache does not hold "
        "yet, up to --jobs files at once), then score each engine as a --hypothesis "
        "folder. --audio FOLDER pairs its audio files with --reference by name; "
        "--testset KIND:PATH gives both.",
    )
    group = parser.add_argument_group("audio")
    group.add_argument("--audio", metavar="FOLDER", help="a folder of audio files, one per reference file")
    group.add_argument(
        "--testset",
        metavar="KIND:PATH",
        help="references and audio of a test set: "
        "kaldi:DATA_DIR, librispeech:FOLDER, commonvoice:TSV, stm:FILE (TED-LIUM), "
        "audiofolder:FOLDER (Hugging Face metadata.csv)",
    )
    add_style_argument(
        group,
        "the engines' words are scored as these subtitles (SRT) when this or a subtitle "
        "metric is given (--suber, --conformity, --delay...; default: --conformity's preset "
        "and limits, else netflix)",
    )


def price_of(spec) -> Optional[float]:
    """The ``price_per_minute`` option of an engine, ``None`` without one.

    :example:
        >>> from benchmarkstt_engines.engine import parse_engine_spec
        >>> price_of(parse_engine_spec("oa=openai:price_per_minute=0.006")), price_of(parse_engine_spec("ps=pocketsphinx"))
        (0.006, None)
    """
    value = dict(spec.options).get("price_per_minute")
    return None if value in (None, "") else float(value)


def summary(
    records: List[dict],
    failed: int,
    cached: int,
    price_per_minute: Optional[float] = None,
    bad_audio: Optional[Dict[str, int]] = None,
) -> dict:
    """The cost figures of one engine over the files it transcribed (from the records, the
    same whether they were made now or taken from the cache); with a price per audio minute,
    the estimated cost of transcribing those files (``estimated_cost``); of the failed files,
    how many each kind of bad audio caused (``bad_audio``: truncated, silent, unreadable).

    :example:
        >>> summary([], failed=2, cached=0, bad_audio={"truncated": 1, "silent": 1})["bad_audio"]
        {'truncated': 1, 'silent': 1, 'unreadable': 0}
    """
    from .audio import BAD_AUDIO

    audio = sum(r["audio_seconds"] for r in records)
    wall = sum(r["wall_seconds"] for r in records)
    cpu = sum(r["cpu_seconds"] for r in records)
    return {
        "files": len(records) + failed,
        "failed": failed,
        "cached": cached,
        "bad_audio": {kind: (bad_audio or {}).get(kind, 0) for kind in BAD_AUDIO},
        "transcribed": len(records) - cached,
        "audio_seconds": audio,
        "processing_seconds": wall,
        "cpu_seconds": cpu,
        "real_time_factor": wall / audio if audio else None,
        "cpu_hours_per_audio_hour": cpu / audio if audio else None,
        "price_per_minute": price_per_minute,
        "estimated_cost": None if price_per_minute is None else audio / 60 * price_per_minute,
    }


def sources(
    args: argparse.Namespace, host: PluginHost, cluster: Optional[Callable[[], ContextManager[tuple]]]
) -> Optional[dict]:
    """The folders of ``--audio``/``--testset`` with ``--engine`` (``None`` when none is given),
    transcribed on the corpus's Dask ``cluster`` when it runs on one (see the corpus's
    ``corpus_sources`` hook), else on local workers."""
    if not (args.engine or args.audio or args.testset):
        return None
    from .command import cache_of, engine_specs
    from .jobs import Job, Progress, run_jobs
    from .sources import audio_files
    from .subtitling import corpus_style
    from .testsets import read_testset

    if not args.engine:
        raise UsageError(
            f"{'--audio' if args.audio else '--testset'} needs at least one --engine NAME=KIND "
            f"(e.g. --engine ps=pocketsphinx)"
        )
    if bool(args.audio) == bool(args.testset):
        raise UsageError("--engine needs --audio FOLDER (with --reference FOLDER) or --testset KIND:PATH")
    if args.testset and args.reference:
        raise UsageError("--testset gives the references: drop --reference")
    if args.audio and not args.reference:
        raise UsageError("--audio needs --reference FOLDER (the reference files, paired by name)")
    if args.audio and not os.path.isdir(args.reference):  # said before any audio is transcribed
        raise UsageError(
            f"--reference {args.reference!r}: {'not a' if os.path.exists(args.reference) else 'no such'} "
            f"folder: --audio needs the folder of the reference files (paired with the audio by name)"
        )
    registry = host.registries.engines
    specs = engine_specs(args.engine, registry)
    house = corpus_style(args.style, args.metrics, host.registries.metrics)
    cache = cache_of(args)
    if args.testset:
        if args.split_by_time is not None:
            raise UsageError(
                "--split-by-time cuts recordings by the times of their reference's words: a test set's "
                "references are texts without times. Nothing was transcribed"
            )
        utterances = read_testset(args.testset)
        items = [(u.id, u.audio, u.start, u.end) for u in utterances]
    else:
        audio = paired_audio(args.reference, audio_files([args.audio], "--audio"), args.allow_unpaired)
        if args.split_by_time is not None:
            check_timed(host, args.reference, args.reference_type)
        items = [(key, path, None, None) for key, path in audio.items()]
    jobs = [Job(name, key, path, start, end) for name in specs for key, path, start, end in items]
    with transcription_executor(args, cluster) as (executor, workers):
        outcomes = run_jobs(
            specs,
            jobs,
            registry,
            cache,
            args.refresh,
            workers,
            Progress({name: len(items) for name in specs}, workers),
            args.max_cost,
            executor,
            fatal_rows=True,
        )
    hypotheses: Dict[str, str] = {}
    engines: Dict[str, dict] = {}
    found: dict = {"hypotheses": hypotheses, "engines": engines}
    digest = hashlib.sha256(
        json.dumps([os.path.abspath(p) for _, p, _, _ in items] + [[s, e] for _, _, s, e in items]).encode()
    ).hexdigest()[:16]
    if args.testset:
        found["reference"] = write_folder(
            os.path.join(cache.root, "runs", digest, "reference"), {f"{u.id}.txt": u.text + "\n" for u in utterances}
        )
    for name, spec in specs.items():
        mine = [o for o in outcomes if o.job.engine == name]
        files = {}
        for o in mine:
            if o.entry is None:
                from .failure import EXTENSION

                files[o.job.id + EXTENSION] = f"{o.error}\n"
            else:
                files.update([as_scored(host, o, house)])
        key = hashlib.sha256(json.dumps(spec if house is None else [spec, house]).encode()).hexdigest()[:16]
        hypotheses[name] = write_folder(os.path.join(cache.root, "runs", digest, key, name), files)
        records = [o.entry["record"] for o in mine if o.entry is not None]
        described = dict(records[0]) if records else {"kind": spec.kind, "options": spec.public()}
        engines[name] = {
            **{k: described.get(k) for k in ("kind", "model", "version", "options")},
            **summary(
                records,
                sum(o.entry is None for o in mine),
                sum(o.cached for o in mine if o.entry is not None),
                price_of(spec),
                Counter(o.bad_audio for o in mine if o.bad_audio),
            ),
        }
        if house is not None:
            engines[name]["subtitles"] = {"style": house[0], "limits": house[1]._asdict()}
    return found


def as_scored(host: PluginHost, outcome, house: Optional[tuple]) -> tuple:
    """``(file name, text)`` of an engine's output as the corpus scores it: the output itself,
    or with a house style (``(name, Style)``) the SRT subtitles made of its words (the output
    itself when the engine heard no word: every reference word a deletion); an output that
    cannot be made subtitles (words without times) is that file's failure, with the reason."""
    record, output = outcome.entry["record"], outcome.entry["output"]
    if house is not None:
        from benchmarkstt_core.errors import BenchmarkSTTError

        from .failure import EXTENSION
        from .subtitling import subtitles

        try:
            made = subtitles(host, output, record["extension"], outcome.job.id, house[1], "srt")
        except BenchmarkSTTError as exc:
            return outcome.job.id + EXTENSION, f"{exc}\n"
        if made is not None:
            return f"{outcome.job.id}.srt", made
    return f"{outcome.job.id}.{record['extension']}", output


def paired_audio(reference: str, audio: Dict[str, str], allow_unpaired: bool) -> Dict[str, str]:
    """The audio files to transcribe: ``audio`` (id -> path) when every file pairs with a
    reference file of the same name. Audio files without a reference and reference files
    without audio (the first five of each, by path) are refused before anything is
    transcribed: the corpus would refuse them once every file was transcribed. With
    ``allow_unpaired`` the references are scored anyway, and an audio file without a reference
    is left out (an engine's time, and a vendor's money, for a file nothing can score), said in
    one line on standard error.

    :example:
        >>> import os, tempfile
        >>> folder = tempfile.mkdtemp()
        >>> open(os.path.join(folder, "ep1.txt"), "w").close()
        >>> paired_audio(folder, {"ep1": "a/ep1.wav", "ep2": "a/ep2.wav"}, allow_unpaired=False)
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: --audio: 1 audio file without a reference: a/ep2.wav. Files pair ...
        >>> paired_audio(folder, {"ep1": "a/ep1.wav", "ep2": "a/ep2.wav"}, allow_unpaired=True)
        {'ep1': 'a/ep1.wav'}
    """
    from benchmarkstt_core.cli.common import say
    from benchmarkstt_core.folders import folder_files

    references = folder_files(reference, "--reference")
    lonely = [p for k, p in audio.items() if k not in references]
    if allow_unpaired:
        if lonely:
            say(
                "benchmarkstt-tools corpus",
                f"warning: --allow-unpaired: {listed(lonely, 'audio file', 'audio files', 'without a reference')}; "
                f"not transcribed (nothing to score {'it' if len(lonely) == 1 else 'them'} against)",
            )
        return {k: p for k, p in audio.items() if k in references}
    parts = []
    if lonely:
        parts.append(listed(lonely, "audio file", "audio files", "without a reference"))
    silent = [p for k, p in references.items() if k not in audio]
    if silent:
        parts.append(listed(silent, "reference", "references", "without audio"))
    if parts:
        raise UsageError(
            f"--audio: {'; '.join(parts)}. Files pair by name without extension; give the missing "
            f"files, or --allow-unpaired to score the references anyway (an audio file without a "
            f"reference is not transcribed). Nothing was transcribed"
        )
    return audio


def check_timed(host: PluginHost, reference: str, kind: str) -> None:
    """Refuse ``--split-by-time`` before anything is transcribed when reference files have no
    times (plain text): each would only fail once the engines were run on its audio (and paid
    for). A reference that cannot be read is left to fail as its file's row, as without audio."""
    from benchmarkstt_core.errors import BenchmarkSTTError
    from benchmarkstt_core.folders import folder_files

    from .subtitling import read_text

    untimed = []
    for path in folder_files(reference, "--reference").values():
        try:
            text = read_text(host, path, kind)
        except BenchmarkSTTError:
            continue
        extras = text.extras() if hasattr(text, "extras") else ()
        if not any(e and ("start" in e or "segment_start" in e) for e in extras):
            untimed.append(path)
    if untimed:
        raise UsageError(
            f"--split-by-time cuts recordings by the times of their reference's words: "
            f"{listed(untimed, 'reference', 'references', 'without times')} (give references "
            f"with times: srt, vtt, ttml, ctm, stm, an engine's JSON...). Nothing was transcribed"
        )


def listed(paths: List[str], one: str, many: str, what: str) -> str:
    """``paths`` counted, said ``what`` of, and named (the first five).

    :example:
        >>> listed(["a.wav"], "audio file", "audio files", "without a reference")
        '1 audio file without a reference: a.wav'
        >>> listed(list("abcdefg"), "file", "files", "lost")
        '7 files lost: a, b, c, d, e and 2 more'
    """
    more = f" and {len(paths) - 5} more" if len(paths) > 5 else ""
    return f"{len(paths)} {many if len(paths) > 1 else one} {what}: {', '.join(paths[:5])}{more}"


@contextlib.contextmanager
def transcription_executor(
    args: argparse.Namespace, cluster: Optional[Callable[[], ContextManager[tuple]]]
) -> Iterator[tuple]:
    """``(executor, workers)`` for the engines: with ``--scheduler`` or ``--dask-local`` the
    Dask ``cluster`` the corpus gives (an executor of its client; a ``--dask-local`` cluster
    lives for the transcription only, the scoring starts its own), else ``(None, --jobs)``: the
    local pool of :func:`~benchmarkstt_engines.jobs.run_jobs`."""
    if cluster is None:
        yield None, args.jobs if args.jobs is not None else os.cpu_count() or 1
        return
    from benchmarkstt_core.stopping import Stopped, stop_on_signals

    from .jobs import stopped_by

    try:
        # SIGTERM and SIGHUP stop the transcription as Ctrl-C does: the client and the local
        # cluster are closed (they were left running, its workers decoding), then it says so
        with stop_on_signals(), cluster() as found:
            yield found
    except Stopped as stop:
        stopped_by(stop.signum)


def write_folder(folder: str, files: Dict[str, str]) -> str:
    """Make ``folder`` hold exactly ``files`` (name -> text), each written whole; return it."""
    from .command import write_output

    os.makedirs(folder, exist_ok=True)
    for name in set(os.listdir(folder)) - set(files):
        os.unlink(os.path.join(folder, name))
    for name, text in files.items():
        write_output(os.path.join(folder, name), text)
    return folder
