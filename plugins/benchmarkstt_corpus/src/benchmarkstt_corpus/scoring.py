"""Scoring one recording: what a worker (a local process or a Dask worker) runs.

A worker gets a :class:`Spec` (the normalizer and metric calls, picklable) and items; it
builds the single-pair :class:`~benchmarkstt_core.pipeline.Pipeline` once per process from its
own plugins, reads the files itself, and sends back one small row per engine: the counts
the pooled rates need, each metric's single-pair value, the inputs' types and SHA-256, and
the matched-pair segment sums for every pair of engines. Nothing depends on which worker
or in which order: the same item gives the same rows. The words of the error lists travel as
numbers into one list of words per batch, which pickles once (however many files name a
word) and unpickles far faster than a table of strings per file.

:example:
    >>> from benchmarkstt_corpus.pairing import Item, Source
    >>> item = Item("u1", Source("the cat sat", "argument"),
    ...             (("a", Source("the cat sad", "argument")),))
    >>> scored = score_batch(Spec(), [item])[0]
    >>> row = scored["rows"][0]
    >>> row["substitutions"], row["reference_words"], row["wer"]
    (1, 3, 0.3333333333333333)
    >>> list(error_entries(row["error_words"]["substitutions"], scored["words"], pairs=True))
    [('sat', 'sad')]
"""

from __future__ import annotations

import codecs
import functools
import hashlib
import math
import operator
import os
import signal
import sys
import threading
from collections import Counter
from collections.abc import Mapping
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Optional, Sequence

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import BenchmarkSTTError, InputError, UsageError
from benchmarkstt_core.names import printable
from benchmarkstt_core.pipeline import Pipeline, create
from benchmarkstt_metrics.kernels import count_opcodes, error_numbers
from benchmarkstt_metrics.mapsswe import opcode_spans
from benchmarkstt_metrics.metrics import aligned_reference_words, annotated_words
from benchmarkstt_metrics.unspaced import tell_unspaced

try:
    from benchmarkstt_transcripts.reading import plain_text
except ImportError:  # pragma: no cover - without the transcripts plugin every file is asked
    plain_text = None  # type: ignore[assignment]

if TYPE_CHECKING:  # pragma: no cover
    from benchmarkstt_core.plugins import PluginHost

DEFAULT_METRICS = (("wer", "levenshtein"),)
#: the counts of a metric's result (tcwer, cpwer, tcpwer ...) that pool over files like WER's
COUNTS = ("substitutions", "deletions", "insertions", "reference_words")


@dataclass(frozen=True)
class Spec:
    """What every worker needs to build the same pipeline.

    :param normalizers: normalizer calls in order, e.g. ``(("lowercase",),)``
    :param metrics: metric calls; the first of a metric with ``headline()`` (WER) gives the
        headline counts (default: ``wer levenshtein``)
    :param load: modules to load as plugins (``--load``)
    :param encoding: the encoding of the input files
    :param alignments: keep each file's words and opcodes in its rows
    :param defaults: ``(name, value)`` pairs: the defaults of component parameters of those names
        (the options plugins add, e.g. ``(("sound_labels", "keep"),)``)
    :param files: ``(path, text)`` pairs: the only files the normalizers and metrics may read, as
        that text (a record run again: its rules, never the local files of those names); ``None``:
        they read the files they name
    :param max_file_size: read only regular files of at most this many bytes, and let no
        normalizer make a longer text
    :param time_limit: the seconds the scoring of one recording may take
    """

    normalizers: tuple = ()
    metrics: tuple = DEFAULT_METRICS
    load: tuple = ()
    encoding: str = "UTF-8"
    alignments: bool = False
    defaults: tuple = ()
    files: Optional[tuple] = None
    max_file_size: Optional[int] = None
    time_limit: Optional[float] = None

    def rules_context(self, registries: Any, hook: Any, path_guard: Any = None, **options: Any) -> Context:
        """A context that reads the files the normalizers and metrics name as this spec says
        (only :attr:`files`, as their text, when it gives them), after ``path_guard``."""
        contents = {path: text.encode("utf-8") for path, text in self.files or ()}
        guard = path_guard
        if self.files is not None:

            def guard(path: str, field: str) -> str:
                folder = os.path.join(path, "")  # a config's folder, where its rules files are
                if path not in contents and not any(p.startswith(folder) for p in contents):
                    raise UsageError(
                        f"{field} {path!r}: the record holds no text of this file, and a record "
                        f"never makes the tool read a local file"
                    )
                return path_guard(path, field) if path_guard else path

        return Context(
            registries,
            hook,
            encoding=self.encoding,
            path_guard=guard,
            contents=contents,
            max_file_size=self.max_file_size,
            **options,
        )


def call_title(call: Sequence) -> str:
    """The key of a metric call in results: ``wer``, ``wer levenshtein``, ``beer e.json``."""
    return " ".join(str(v) for v in call)


def numerator(mode: str, s: int, d: int, i: int) -> float:
    """The errors a WER mode counts: S + D + I, or S + (D + I) / 2 in hunt mode."""
    return s + 0.5 * (d + i) if mode == "hunt" else s + d + i


class Naming:
    """A context in which a scorer's :attr:`~Scorer.comparing` is ``name`` (see
    :meth:`Scorer.naming`; a class, not a generator: it is entered twice a recording).

    :example:
        >>> class Scoring:
        ...     comparing = ""
        >>> scoring = Scoring()
        >>> with Naming(scoring, "recording u1, engine aws"):
        ...     scoring.comparing
        'recording u1, engine aws'
        >>> scoring.comparing
        ''
    """

    __slots__ = ("scorer", "name")

    def __init__(self, scorer: Any, name: str):
        self.scorer = scorer
        self.name = name

    def __enter__(self) -> None:
        self.scorer.comparing = self.name

    def __exit__(self, *exc: object) -> None:
        self.scorer.comparing = ""


class Scorer:
    """The pipeline and the differs, built once per process from the installed plugins.

    :param spec: what to build
    :param path_guard: the context's path guard (the client notes the rules files it reads)
    :param host: the plugins, loaded with ``spec.load`` (the command's: each host costs a look
        at every installed distribution's entry points); by default built
    """

    def __init__(self, spec: Spec, path_guard: Any = None, host: Optional[PluginHost] = None):
        self.spec = spec
        self.host = host = host if host is not None else build_host(spec.load)
        registries = host.registries
        self.registries = registries
        self.comparing = ""  # the recording and engine whose files the metrics compare now
        self.context = spec.rules_context(
            registries,
            host.hook,
            path_guard,
            defaults={"dialect": "list", **dict(spec.defaults)},
            warn=self.warn,
            prog="benchmarkstt-tools corpus",
        )
        self.pipeline = Pipeline(registries, spec.normalizers, spec.metrics, context=self.context)
        self.context.path_guard = path_guard  # the inputs: read as named
        self.titles = [call_title(call) for call in spec.metrics]
        # (title, differ, weight of a deletion or insertion) of every metric with headline() (WER)
        self.wer_calls = [
            (title, *metric.headline()[:2])
            for title, (_, metric) in zip(self.titles, self.pipeline.metrics)
            if hasattr(metric, "headline")
        ]
        #: the metric calls whose results corpus mode sums over files (a metric's ``summed``)
        self.summed = {
            title for title, (_, metric) in zip(self.titles, self.pipeline.metrics) if getattr(metric, "summed", False)
        }
        #: the title of the call that gives the headline ("": none does, the default's)
        self.headline_title = self.wer_calls[0][0] if self.wer_calls else ""
        call, metric = next(
            ((c, m) for c, (_, m) in zip(spec.metrics, self.pipeline.metrics) if hasattr(m, "headline")),
            (DEFAULT_METRICS[0], None),
        )
        if metric is None:
            metric = create(registries.metrics.get(call[0]), call[1:], self.context)
        self.differ, self.weight, described = metric.headline()
        #: what the result says of its headline: the metric's name, then what it says of itself
        self.headline = {"metric": call[0], **described}
        #: the WER calls that align and weigh as the headline: their value is the headline's rate
        self.as_headline = {
            title for title, differ, weight in self.wer_calls if differ is self.differ and weight == self.weight
        }
        calls = [(title, metric) for title, (_, metric) in zip(self.titles, self.pipeline.metrics)]
        #: ``(title, metric, whether its value is the headline's rate on words without annotations)``
        self.calls = [(title, metric, title in self.as_headline) for title, metric in calls]
        #: whether every call is such a WER call: on words without annotations, no metric makes a value
        self.rated_only = all(rated for _, _, rated in self.calls)
        #: the calls that pool by ``pooled_counts(value)``, then by ``pooled_errors(ref, hyp)`` (see
        #: :func:`pooled_counts`), and the titles that pool S + D + I when their value has the counts
        self.pooled_by_value = [(title, metric) for title, metric in calls if hasattr(metric, "pooled_counts")]
        pooled = {title for title, _ in self.pooled_by_value} | {title for title, _, _ in self.wer_calls}
        self.pooled_by_pair = [
            (title, metric) for title, metric in calls if hasattr(metric, "pooled_errors") and title not in pooled
        ]
        pooled |= {title for title, _ in self.pooled_by_pair}
        self.maybe_counted = [title for title in dict.fromkeys(self.titles) if title not in pooled]
        #: the calls whose metric gives timing offsets
        self.timed = [(title, metric) for title, metric in calls if hasattr(metric, "offsets")]
        #: the type the hook gave a plain-text file, by extension (``None``: every file is asked)
        self.plain_types: Optional[dict] = {} if plain_text_known(host) else None
        #: whether the context decodes as the plain-text look does (UTF-8, a byte-order mark or
        #: UTF-16/32's NUL bytes deciding otherwise): the look may see the text decoded once
        self.utf8 = codecs.lookup(self.context.encoding).name == "utf-8"
        self.windowed: dict = {}  # the files of windows read lately: (path, type given) -> (Timeline, description)
        self.reading: Any = None  # the reference of the item being scored
        #: the warnings of the item being scored (:func:`score_batch`), told with its result
        self.said: Optional[list] = None

    def warn(self, message: str) -> None:
        """A warning line; a metric's names the recording and engine it compared (the metric
        does not know the files: its warning alone could be about any of them). While an item
        is scored it goes with the item's result, so that the client tells every warning in
        corpus order, whichever process scored it and whenever it finished; else on standard
        error at once."""
        where = f"{self.comparing}: " if self.comparing else ""
        line = f"{self.context.prog}: warning: {printable(where + message)}\n"
        if self.said is None:
            sys.stderr.write(line)
        else:
            self.said.append(line)

    def naming(self, recording: str, engine: str) -> Naming:
        """While the metrics compare the files of ``recording`` and ``engine``: their warnings name them."""
        return Naming(self, f"recording {recording}, engine {engine}")

    def resolve_type(self, source: Any, data: Optional[bytes], text: Optional[str] = None) -> str:
        """The input type of a source: as given, or inferred per file as single-pair mode does,
        from ``data``, its bytes as read (the core's ``infer_input_type``); a plain-text file is
        asked once per extension (:attr:`plain_types`), told by a look at ``text``, its bytes
        decoded as UTF-8 when they were (else at its bytes)."""
        if source.type != "infer":
            self.registries.inputs.get(source.type)
            return source.type
        hook = self.context.hook
        known = self.plain_types
        if known is not None and (data is None or not plain_text(source.source, data, text)):
            known = None
        extension = os.path.splitext(source.source)[1]
        if known is not None and extension in known:
            kind = known[extension]
        else:
            kind = hook.infer_input_type(path=source.source, data=data) if hook is not None else None
            if known is not None:
                known[extension] = kind
        if kind is None:
            what = f"extension {extension!r}" if extension else "no extension"
            raise InputError(
                f"{source.source}: cannot infer the input type of a file with {what}; "
                f"give it with -rt/-ht or a type column in the manifest"
            )
        return kind

    def compare(self, ref: Any, hyp: Any, rated: float, plain: bool) -> dict:
        """Every metric's value of a pair, by title. A WER call (a metric with ``headline()``)
        that aligns and weighs as the headline, on words without annotations (``plain``: see
        :func:`plain_pair`), is ``rated``, the headline's rate (the same number: the pair is
        not aligned twice)."""
        return {
            title: rated if plain and as_headline else metric.compare(ref, hyp)
            for title, metric, as_headline in self.calls
        }

    def read(self, source: Any) -> tuple:
        """``(words, description, text)``: the normalized, segmented input, its path, type and
        SHA-256, and its text as read (before normalization)."""
        if source.failure is not None:
            raise InputError(source.failure)
        if source.window is None:
            return self.read_whole(source)
        from .windows import Timeline

        key = (source.source, source.type)
        if key not in self.windowed:  # the windows of a file come one after another: read and time it once
            if len(self.windowed) > 16:
                self.windowed.clear()
            schema, info, _ = self.read_whole(source)
            self.windowed[key] = Timeline(schema, "reference" if source is self.reading else "hypothesis"), info
        timeline, info = self.windowed[key]
        schema = timeline.cut(source.window)
        return schema, info, " ".join(schema.words)

    def read_whole(self, source: Any) -> tuple:
        """:meth:`read` of a whole file. Its bytes are read once: their SHA-256 is of what is
        scored. A file read whole is decoded once, by the context
        (:meth:`~benchmarkstt_core.context.Context.decode_bytes`), for the plain-text look
        (:meth:`resolve_type`, when the context decodes as UTF-8 does) and for an input type that
        reads decoded text (the plain text's ``from_file_text``); any other type reads the bytes
        as its component does, the decoded text let go first."""
        path = source.path
        decoded: Optional[str] = None
        if path is None:
            digest = hashlib.sha256(source.source.encode("utf-8")).hexdigest()
            data = None
        else:
            data = self.context.read_bytes(path)
            digest = hashlib.sha256(data).hexdigest()
            if source.written is None:
                try:
                    decoded = self.context.decode_bytes(data, source.source)
                except InputError:  # read by a type of its own, or an error its input reports in its place
                    pass
        kind = self.resolve_type(source, data, decoded if self.utf8 else None)

        if source.written is not None:  # an utterance of a NIST file: its text with its annotations
            # written[0]: stm, trn or ctm, whose input class reads an utterance's content
            text = self.registries.inputs.get(source.written[0]).cls.from_content(  # type: ignore[attr-defined]
                source.written[1], source.origin or source.source, context=self.context
            )
        else:
            spec = self.registries.inputs.get(kind)
            from_file_text = getattr(spec.cls, "from_file_text", None)
            if from_file_text is not None and data is not None:
                content = self.context.decode_bytes(data, source.source) if decoded is None else decoded
                text = from_file_text(content, source.source, context=self.context)
            else:
                decoded = None
                with self.given(path, data):
                    text = create(spec, [source.source], self.context).read()
        where = path or source.origin
        try:
            schema = self.pipeline.prepare(text)
        except InputError as exc:  # a GLM rule's text it cannot read: which file
            raise InputError(f"{where}: {exc}" if where else str(exc)) from exc
        return schema, {"path": where, "type": kind, "sha256": digest}, text

    @contextmanager
    def given(self, path: Optional[str], data: Optional[bytes]) -> Iterator[None]:
        """While the input reads ``path``: its bytes are ``data``, as read for its SHA-256 (the
        file is read once, and what is scored is what was hashed)."""
        if path is None or data is None or path in self.context.contents:
            yield
            return
        self.context.contents[path] = data
        try:
            yield
        finally:
            del self.context.contents[path]


def plain_text_known(host: PluginHost) -> bool:
    """Whether a plain-text file's type (the transcripts plugin's ``plain_text``: no reader
    claims its content) is its extension's, one decision for all such files: every
    ``infer_input_type`` of the plugins is a standard one, which decides such a file by its
    extension alone (a ``--load`` module's may read anything: its files are asked one by one)."""
    if plain_text is None:  # pragma: no cover
        return False
    for impl in host.hook.infer_input_type.get_hookimpls():
        record = host.record(impl.plugin_name)
        if record is None or not record.standard:
            return False
    return True


def plain_pair(ref: Any, hyp: Any) -> bool:
    """Whether neither of a pair's inputs has annotations (a NIST file's alternations)."""
    return getattr(ref, "annotations", None) is None and getattr(hyp, "annotations", None) is None


def build_host(load: Sequence = ()) -> PluginHost:
    """The plugins as the commands load them (with ``--load`` modules)."""
    from benchmarkstt_core.plugins import make_plugin_manager

    return make_plugin_manager(load=list(load))


def scorer(spec: Spec) -> Scorer:
    """This thread's :class:`Scorer` for ``spec``, built on its first batch and kept for the
    next (a scorer holds the item it scores: threads do not share one)."""
    return built_scorer(spec, threading.get_ident())


@functools.lru_cache(maxsize=8)
def built_scorer(spec: Spec, thread: int) -> Scorer:
    """A :class:`Scorer` for ``spec``, for the thread whose identifier is ``thread``; the last
    eight kept (a long-lived Dask worker scores the specs of many runs)."""
    return Scorer(spec)


def clean(value: Any) -> Any:
    """``value`` with NaN and infinities as ``None``, tuples as lists, counters as lists
    (valid JSON, and the same after a round trip through a file): what a metric made, put in
    a row (the rest scoring makes of strings, whole numbers and lists)."""
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, dict):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    return value


def one_line(exc: BaseException) -> str:
    """An exception as the one line a row shows."""
    if isinstance(exc, BenchmarkSTTError):
        text = str(exc)
    else:
        text = f"{type(exc).__name__}: {exc}"
    return " ".join(text.split()) or type(exc).__name__


def error_words(opcodes: Sequence, ref: Sequence, hyp: Sequence, ids: dict) -> dict:
    """The substituted pairs, deleted and inserted words of one alignment, in its order, as
    numbers: ``[ref, hyp, ref, hyp, ...]`` for substitutions, ``[word, ...]`` for deletions and
    insertions, a word's number its place in ``ids`` (new words are added; ``list(ids)`` gives
    them back, see :func:`error_entries`), by the metrics plugin's
    :func:`~benchmarkstt_metrics.kernels.error_numbers`."""
    subs, dels, ins = error_numbers(opcodes, ref, hyp, ids)
    return {"substitutions": subs, "deletions": dels, "insertions": ins}


def error_entries(numbers: Sequence, words: Sequence, pairs: bool) -> Iterator:
    """The entries of a list of :func:`error_words`, once per error: ``(ref, hyp)`` pairs for
    substitutions (``pairs``), words for deletions and insertions."""
    named = map(words.__getitem__, numbers)
    return zip(named, named) if pairs else named


def score_item(scorer: Scorer, item: Any, ids: dict) -> dict:
    """Score one recording against every engine; errors become rows, never exceptions. The
    error words are numbered in ``ids`` (see :func:`error_words`). The steps: read the
    reference, :func:`score_engine` each hypothesis, :func:`pair_sums` of the engines."""
    result: dict = {"id": item.id, "rows": [], "pairs": {}}
    window = item.reference.window
    if window is not None:  # the seconds of reference its rows stand for (a window of a recording)
        result["duration"] = window[1] - window[0]
    scorer.reading = item.reference
    try:
        ref, ref_info, ref_text = scorer.read(item.reference)
    except Exception as exc:  # noqa: BLE001 - a faulty file is a row, the run goes on
        message = one_line(exc)
        ref_info = source_info(item.reference)
        for engine, source in item.hypotheses:
            result["rows"].append(error_row(item.id, engine, ref_info, source_info(source), f"reference: {message}"))
        result["reference_failed"] = True  # left out for every engine, not an engine's failure
        return result
    tell_unspaced(ref, scorer.context)  # the headline is a WER: one line for the run (the client's fold)
    alignments = {}
    for engine, source in item.hypotheses:
        if source is None:
            row = error_row(item.id, engine, ref_info, source_info(None), "no hypothesis file", "missing")
            with scorer.naming(item.id, engine):
                result["rows"].append(failure_counts(scorer, row, ref))
            continue  # no segments: sc_stats pairs the utterances both systems have
        row, opcodes = score_engine(scorer, item, engine, source, (ref, ref_info, ref_text), ids)
        result["rows"].append(row)
        if len(item.hypotheses) > 1:  # MAPSSWE compares two engines: one alone has no segments
            # a failure: every reference word an error of its segments
            alignments[engine] = [("delete", 0, len(ref.words), 0, 0)] if opcodes is None else opcodes
    result["pairs"] = pair_sums([engine for engine, _ in item.hypotheses], alignments)
    return result


def score_engine(scorer: Scorer, item: Any, engine: str, source: Any, reference: tuple, ids: dict) -> tuple:
    """``(row, opcodes)`` of one engine's hypothesis ``source`` against the ``reference`` read
    (``(words, description, text)``): its headline alignment's counts, every metric's value
    and :func:`pooled_counts`; a file that cannot be read or scored is an error row (with
    ``None`` opcodes)."""
    ref, ref_info, ref_text = reference
    hyp_info = source_info(source)
    try:
        hyp, hyp_info, hyp_text = scorer.read(source)
        a, b, opcodes = annotated_words(ref, hyp, scorer.differ, scorer.context)  # NIST alternations
        opcodes = opcodes if opcodes is not None else scorer.differ(a, b).get_opcodes()
        counts = count_opcodes(opcodes)
        s, d, i = counts["replace"], counts["delete"], counts["insert"]
        errors = s + scorer.weight * (d + i)
        words = aligned_reference_words(counts)
        wer = rate(errors, words)
        plain = plain_pair(ref, hyp)
        with scorer.naming(item.id, engine):
            values = scorer.compare(ref, hyp, wer, plain)
            pooling, counted = pooled_counts(scorer, ref, hyp, values, counts)
        offsets = {title: offset_histograms(*metric.offsets(ref, hyp)[:2]) for title, metric in scorer.timed}
    except Exception as exc:  # noqa: BLE001 - a faulty file is a row, the run goes on
        row = error_row(item.id, engine, ref_info, hyp_info, one_line(exc))
        with scorer.naming(item.id, engine):
            return failure_counts(scorer, row, ref), None
    row = {
        "id": item.id,
        "engine": engine,
        "status": "ok",
        "error": None,
        "reference": ref_info,
        "hypothesis": hyp_info,
        "substitutions": s,
        "deletions": d,
        "insertions": i,
        "hits": counts["equal"],
        "reference_words": words,
        "hypothesis_words": len(b),
        "errors": errors,
        "wer": wer,
        "metrics": values if scorer.rated_only and plain else clean(values),
        "pooling": pooling,
        "counted": counted,
    }
    if offsets:  # only timing metrics give offsets
        row["offsets"] = offsets
    row["error_words"] = error_words(opcodes, a, b, ids)
    window = item.reference.window
    if window is not None:
        row["window"] = [window[0], window[1]]
        row["duration"] = window[1] - window[0]
    if scorer.spec.alignments:
        row["alignment"] = {
            "reference": list(map(str, a)),  # plain strings, as the error words
            "hypothesis": list(map(str, b)),
            "opcodes": [list(op) for op in opcodes],
            "reference_text": str(ref_text),
            "hypothesis_text": str(hyp_text),
        }
    return row, opcodes


def pooled_counts(scorer: Scorer, ref: Any, hyp: Any, values: dict, counts: dict) -> tuple:
    """``(pooling, counted)`` of one file: per metric title, the ``[errors, units(, unit
    name)]`` corpus mode sums over files, and the ``[S, D, I, reference words]`` of metrics
    whose results carry them. A metric says how it pools by what it has (docs/plugins.md):
    ``pooled_counts(value)`` of its result, ``pooled_errors(ref, hyp)`` of the pair, or
    ``headline()`` (WER): S + weight x (D + I) of its alignment (``counts``, the headline's,
    when it aligns as the headline); a result with S, D, I and reference words pools
    S + D + I of them."""
    pooling = {title: clean(list(metric.pooled_counts(values[title]))) for title, metric in scorer.pooled_by_value}
    for title, differ, weight in scorer.wer_calls:
        c = counts if title in scorer.as_headline else None
        if c is None:
            wa, wb, given = annotated_words(ref, hyp, differ, scorer.context)
            c = count_opcodes(given if given is not None else differ(wa, wb).get_opcodes())
        pooling[title] = [c["replace"] + weight * (c["delete"] + c["insert"]), aligned_reference_words(c)]
    for title, metric in scorer.pooled_by_pair:
        pooling[title] = clean(list(metric.pooled_errors(ref, hyp)))
    counted = {}
    for title in scorer.maybe_counted:
        value = values[title]
        if isinstance(value, Mapping) and all(k in value for k in COUNTS):
            s, d, i, n = (value[k] for k in COUNTS)
            counted[title] = clean([s, d, i, n])
            pooling[title] = clean([s + d + i, n])
    return pooling, counted


def pair_sums(engines: Sequence, alignments: dict) -> dict:
    """The matched-pair segment sums ``(segments, sum of z, sum of z squared)`` of every pair
    of ``engines`` that both have ``alignments`` (opcodes of the reference's words: see
    :func:`~benchmarkstt_metrics.mapsswe.opcode_spans`), z being the first engine's errors
    minus the second's in a segment (sclite's MAPSSWE)."""
    pairs = {}
    for x, first in enumerate(engines):
        for second in engines[x + 1 :]:
            if first in alignments and second in alignments:
                z = [ea - eb for ea, eb, _ in opcode_spans(alignments[first], alignments[second])]
                pairs[(first, second)] = (len(z), sum(z), sum(map(operator.mul, z, z)))
    return pairs


def source_info(source: Any) -> dict:
    """What a row says of an input it could not read (``None``: an engine's missing file)."""
    if source is None:
        return {"path": None, "type": None, "sha256": None}
    return {"path": source.path or source.origin, "type": source.type, "sha256": None}


def offset_histograms(starts: Sequence, ends: Sequence) -> dict:
    """Timing offsets as histograms in milliseconds (``{ms: count}``), which pool over files:
    a corpus gives the median and percentiles of all its words' offsets, never a mean of
    per-file medians.

    :example:
        >>> offset_histograms([0.1, -0.05, 0.1], [0.2])
        {'start': {100: 2, -50: 1}, 'end': {200: 1}}
    """
    return {
        "start": dict(Counter(round(x * 1000) for x in starts)),
        "end": dict(Counter(round(x * 1000) for x in ends)),
    }


def rate(errors: float, words: int) -> float:
    """Errors per reference word; with no reference word, 0 if nothing is wrong, else 1
    (as the single-pair WER)."""
    if not words:
        return 0 if not errors else 1
    return errors / words


def error_row(key: str, engine: str, ref_info: dict, hyp_info: dict, message: str, status: str = "error") -> dict:
    """The row of a file that could not be read or scored (``status`` ``error``), or of an
    engine's missing file (``missing``)."""
    return {
        "id": key,
        "engine": engine,
        "status": status,
        "error": message,
        "reference": ref_info,
        "hypothesis": hyp_info,
    }


def failure_counts(scorer: Scorer, row: dict, ref: Any) -> dict:
    """``row`` (an engine's failure on a file whose reference ``ref`` was read) with
    ``as_deletions``: its counts if every reference word were deleted, as sclite counts a
    missing file (the statistics use them under ``--on-missing deletions``). A plugin's
    pooled metric counts the reference against an empty hypothesis, in its own units (SubER's
    reference tokens are its words and line and block breaks)."""
    from benchmarkstt_core.schema import Schema

    n = len(ref.words)
    pooling = {title: [weight * n, n] for title, _, weight in scorer.wer_calls}
    for title, (_, metric) in zip(scorer.titles, scorer.pipeline.metrics):
        try:
            if hasattr(metric, "pooled_counts"):
                pooling[title] = list(metric.pooled_counts(metric.compare(ref, Schema([]))))
            elif hasattr(metric, "pooled_errors"):
                pooling[title] = list(metric.pooled_errors(ref, Schema([])))
        except BenchmarkSTTError:  # a reference it cannot score (no subtitle blocks): all its words
            continue
    errors = scorer.weight * n
    row["as_deletions"] = clean(
        {
            "substitutions": 0,
            "deletions": n,
            "insertions": 0,
            "hits": 0,
            "reference_words": n,
            "hypothesis_words": 0,
            "errors": errors,
            "wer": rate(errors, n),
            "pooling": pooling,
        }
    )
    return row


class Batch:
    """The items of one task as one object: Dask looks into a task's arguments for its own
    objects, into every list and tuple item by item (a tenth of the client's time at 10,000
    recordings in tasks of 625), and not into this.

    :example:
        >>> len(Batch([1, 2]).items)
        2
    """

    __slots__ = ("items",)

    def __init__(self, items: Sequence):
        self.items = items


class ScoredBatch(list):
    """The scored items of a batch: a list that pickles as one object (Dask pickles a plain
    list item by item, which would copy the word list the items share into each)."""


def score_batch(spec: Spec, items: Sequence | Batch, checker: Optional[Scorer] = None) -> ScoredBatch:
    """Score several items (a sequence, or a :class:`Batch` of them) in this process (what a
    pool or a Dask worker runs) with
    ``checker``, the scorer of ``spec`` that checked the run in this process, or else this
    thread's :func:`scorer`; every item's ``words`` is the same list, of the words its error
    lists number. The rows come as the result holds them, what the metrics made :func:`clean`.
    An item's warnings (if any) go with it, each once (the client tells each line once
    for the run). With a time limit, on a thread that is not a process's main one (a Dask
    worker's), in a child process (:func:`in_child`): only a main thread can stop a regular
    expression that runs too long."""
    from benchmarkstt_core.limits import text_size_limit, time_limit

    if isinstance(items, Batch):
        items = items.items
    if spec.time_limit and hasattr(signal, "setitimer") and threading.current_thread() is not threading.main_thread():
        return in_child(spec, items)
    s = checker or scorer(spec)
    ids: dict = {}
    scored = ScoredBatch()
    with text_size_limit(spec.max_file_size):
        for item in items:
            s.said = []
            s.context.told.clear()
            try:
                what = f"the scoring of recording {item.id!r} (--time-limit)"
                with time_limit(spec.time_limit, what) if spec.time_limit else nullcontext():
                    one = score_item(s, item, ids)
                if s.said:
                    one["warnings"] = s.said
            finally:
                s.said = None
            scored.append(one)
    words = list(map(str, ids))  # plain strings: a word may be a str subclass (the sclite plugin's
    # Token, its tags and times), which the HTML report's reader refuses and a pickle carries whole
    for one in scored:
        one["words"] = words
    return scored


_CHILD = threading.local()


def in_child(spec: Spec, items: Sequence) -> ScoredBatch:
    """:func:`score_batch` in this thread's child process (started on its first batch and kept
    for the next), whose main thread the time limit of :attr:`Spec.time_limit` can interrupt:
    a record's regular expression that never ends stops there, as in a local worker, and its
    :class:`~benchmarkstt_core.limits.TimeLimitError` comes back as the batch's error. A Dask
    worker started as a daemonic process cannot start one: then one error saying how to start
    workers that can (``--dask-local`` starts its workers so)."""
    import multiprocessing

    from benchmarkstt_core.workers import WorkerPool

    pool = getattr(_CHILD, "pool", None)
    if pool is None:
        if multiprocessing.current_process().daemon:
            raise UsageError(
                "a time limit (--time-limit, --rerun) on Dask needs workers that can start a process: "
                "start them with the Dask setting distributed.worker.daemon false "
                "(DASK_DISTRIBUTED__WORKER__DAEMON=False)"
            )
        pool = _CHILD.pool = WorkerPool(1)
    return pool.submit(score_batch, spec, items).result()
