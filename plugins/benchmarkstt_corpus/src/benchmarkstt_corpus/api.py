"""Corpus mode from Python: :func:`score_corpus` returns what ``benchmarkstt-tools corpus`` prints.

:example:
    >>> from benchmarkstt_corpus import score_corpus
    >>> result = score_corpus(["the cat sat", "on the mat"],
    ...                       {"a": ["the cat sad", "on the mat"], "b": ["a cat", "on a mat"]},
    ...                       normalizers=["lowercase"], resamples=200)
    >>> result.wer("a"), result.wer("b"), result.engines["a"]["rank"]
    (0.16666666666666666, 0.5, 1)
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from benchmarkstt_core.context import default_encoding
from benchmarkstt_core.pipeline import Pipeline
from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.stopping import stop_on_signals

from . import record as records
from .pairing import Corpus, check_exists, check_paired, from_lists
from .result import ON_MISSING, TESTS, Aggregator, CorpusResult, Settings
from .runner import Progress, interrupted, run_dask, run_local
from .scoring import DEFAULT_METRICS, Scorer, Spec
from .spool import SpooledRows, UnkeptRows

if TYPE_CHECKING:  # pragma: no cover
    from benchmarkstt_core.plugins import PluginHost


def as_calls(calls: Iterable) -> tuple:
    """Component calls as tuples: ``"wer"`` or ``("wer", "hunt")`` -> ``("wer",)``, ``("wer", "hunt")``."""
    return tuple((call,) if isinstance(call, str) else tuple(call) for call in calls)


def check_settings(settings: Settings, jobs: int, scheduler: str | None, dask_local: int | None) -> None:
    """Refuse settings that make no sense, before anything is read."""
    if settings.resamples < 1:
        raise UsageError(f"--resamples must be at least 1, not {settings.resamples}")
    if not 0 < settings.level < 1:
        raise UsageError(f"--level must be between 0 and 1 (e.g. 0.95), not {settings.level}")
    if not 0 < settings.alpha < 1:
        raise UsageError(f"--alpha must be between 0 and 1 (e.g. 0.05), not {settings.alpha}")
    if settings.on_missing not in ON_MISSING:
        raise UsageError(f"--on-missing must be one of {', '.join(ON_MISSING)}, not {settings.on_missing!r}")
    if settings.ranking_test not in TESTS:
        raise UsageError(f"--ranking-test must be one of {', '.join(TESTS)}, not {settings.ranking_test!r}")
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    if scheduler and dask_local:
        raise UsageError("give --scheduler or --dask-local, not both")
    if dask_local is not None and dask_local < 1:
        raise UsageError(f"--dask-local must be at least 1, not {dask_local}")


def check_run(
    spec: Spec,
    settings: Settings,
    jobs: int,
    scheduler: str | None,
    dask_local: int | None,
    path_guard: Any = None,
    host: PluginHost | None = None,
) -> Scorer:
    """Refuse settings, normalizers and metrics that cannot run, before any input is read (or
    made: the engines plugin transcribes audio only after this); return the scorer that
    checked them, whose ``path_guard`` notes the rules files they read (``host``: the plugins
    loaded with ``spec.load``, by default loaded again).

    :example:
        >>> check_run(Spec((("regex", "(", ""),), (("wer",),)), Settings(), 1, None, None)
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: regex: bad pattern '(': missing ), unterminated subpattern at position 0
    """
    check_settings(settings, jobs, scheduler, dask_local)
    checker = Scorer(spec, path_guard=path_guard, host=host)  # every call checked before any input is read
    if not checker.pipeline.metrics:
        raise UsageError("need at least one metric (for example --wer levenshtein)")
    return checker


def run_corpus(
    corpus: Corpus,
    spec: Spec,
    settings: Settings,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    dask_local: int | None = None,
    command: str = "",
    invocation: dict | None = None,
    progress: Any = None,
    spool: bool = False,
    allow_unpaired: bool = False,
    split_by_time: float | None = None,
    keep_rows: bool = True,
    keep_inputs: bool = True,
    host: PluginHost | None = None,
) -> CorpusResult:
    """Check everything, score every item where asked, and build the result with its record.
    With ``spool``, the per-file rows are kept in temporary files
    (:class:`~benchmarkstt_corpus.spool.SpooledRows`) rather than in memory: what the
    command does, whose memory then does not grow with the number of files. Unpaired files
    are an error naming them unless ``allow_unpaired``. With ``split_by_time`` every recording
    is scored in windows of that many seconds (:mod:`~benchmarkstt_corpus.windows`). Without
    ``keep_rows`` the per-file rows are counted and not kept (for an output that shows none);
    without ``keep_inputs`` the record's inputs are not made (for an output that shows no
    record, when no earlier record is compared with it). ``host``: the plugins loaded with
    ``spec.load`` (a command's), by default loaded again.

    Raises :class:`~benchmarkstt_corpus.runner.Interrupted` on Ctrl-C, SIGTERM or SIGHUP
    (nothing is returned).
    """
    recorder = records.FileRecorder()
    checker = check_run(spec, settings, jobs, scheduler, dask_local, recorder, host)
    checker.context.path_guard = None  # the rules files are noted; inputs are recorded by their rows
    check_paired(corpus.unpaired, allow_unpaired)
    check_exists(corpus)
    if split_by_time is not None:
        from .windows import split_by_time as split

        split(corpus, split_by_time, checker)
    store = SpooledRows if spool else list
    aggregator = Aggregator(
        corpus, spec, settings, store if keep_rows else UnkeptRows, store if keep_inputs else UnkeptRows, checker
    )
    bar = progress if progress is not None else Progress(len(corpus.items))

    def take(scored: dict) -> None:
        aggregator.add(scored)
        bar.update(aggregator.received)

    try:
        with stop_on_signals():
            if scheduler or dask_local:
                run_dask(spec, corpus.items, scheduler, dask_local, take)
            else:
                run_local(spec, corpus.items, jobs, take, checker)
    except KeyboardInterrupt as stop:
        bar.close()
        raise interrupted(stop, aggregator.received, len(corpus.items)) from None
    bar.close()
    normalizer_files = records.FileRecorder()
    rules = spec.rules_context(checker.registries, checker.host.hook, normalizer_files)
    Pipeline(checker.registries, spec.normalizers, context=rules)
    normalization = records.normalization_record(spec.normalizers, normalizer_files.paths, rules.read_bytes)
    metric_files = records.files_record(
        [p for p in recorder.paths if p not in normalizer_files.paths], rules.read_bytes
    )
    record = records.build(
        command, checker.host, spec, settings, normalization, metric_files, aggregator.inputs, invocation or {}
    )
    return aggregator.result(record)


def score_corpus(
    references: Sequence,
    hypotheses: Mapping[str, Sequence],
    *,
    ids: Sequence | None = None,
    normalizers: Iterable = (),
    metrics: Iterable = DEFAULT_METRICS,
    seed: int = 0,
    resamples: int = 1000,
    level: float = 0.95,
    alpha: float = 0.05,
    ranking_test: str = "bootstrap",
    jobs: int = 1,
    scheduler: str | None = None,
    dask_local: int | None = None,
    alignments: bool = False,
    on_missing: str = "deletions",
    split_by_time: float | None = None,
) -> CorpusResult:
    """Score several engines on a corpus and compare them, as ``benchmarkstt-tools corpus`` does.

    :param references: one per recording: the text (``str``) or a file (``pathlib.Path``,
        its type inferred as on the command line)
    :param hypotheses: per engine name, a list in the same order as ``references``
    :param ids: the recordings' ids (default ``1``, ``2``, ...)
    :param normalizers: normalizer calls, e.g. ``["lowercase", ("config", "rules.conf")]``
    :param metrics: metric calls; the first WER call gives the headline counts
    :param seed: the seed of every bootstrap
    :param resamples: bootstrap replicates
    :param level: the confidence level of the intervals
    :param alpha: the significance level of the paired tests
    :param ranking_test: bootstrap, mapsswe or wilcoxon
    :param jobs: local processes
    :param scheduler: a Dask scheduler's address (``tcp://host:8786``)
    :param dask_local: start a Dask LocalCluster of this many workers
    :param alignments: keep each file's normalized words and opcodes in its rows
    :param on_missing: a hypothesis that cannot be read counts as all deletions
        (``deletions``), or every engine is scored on the files all delivered (``exclude``)
    :param split_by_time: score every recording (files with times) in windows of this many seconds
    """
    check_types(
        {
            "seed": (seed, int),
            "resamples": (resamples, int),
            "level": (level, float),
            "alpha": (alpha, float),
            "ranking_test": (ranking_test, str),
            "jobs": (jobs, int),
            "scheduler": (scheduler, (str, type(None))),
            "dask_local": (dask_local, (int, type(None))),
            "alignments": (alignments, bool),
            "on_missing": (on_missing, str),
            "split_by_time": (split_by_time, (float, type(None))),
        }
    )
    corpus = from_lists(references, hypotheses, ids)
    spec = Spec(as_calls(normalizers), as_calls(metrics), (), default_encoding(), alignments)
    settings = Settings(int(seed), int(resamples), float(level), float(alpha), ranking_test, on_missing)
    quiet = Progress(0, _Silent())
    return run_corpus(
        corpus,
        spec,
        settings,
        jobs=int(jobs),
        scheduler=scheduler,
        dask_local=None if dask_local is None else int(dask_local),
        command="python: benchmarkstt_corpus.score_corpus(...)",
        progress=quiet,
        split_by_time=split_by_time,
    )


TYPE_NAMES = {int: "a whole number (int)", float: "a number", str: "a str", bool: "True or False"}
ABSTRACT: dict[type, type] = {int: numbers.Integral, float: numbers.Real}  # numpy's numbers fit too


def check_types(values: Mapping[str, tuple]) -> None:
    """Refuse an argument of the wrong type, naming it (``{"seed": (value, int)}``); a bool is
    not a number here.

    :example:
        >>> check_types({"seed": ("7", int)})
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: seed: a whole number (int), not str '7'
    """
    for name, (value, kind) in values.items():
        kinds = kind if isinstance(kind, tuple) else (kind,)
        allowed = tuple(ABSTRACT[k] if k in ABSTRACT else k for k in kinds)
        fits = isinstance(value, allowed) and not (isinstance(value, bool) and bool not in kinds)
        if not fits:
            wanted = " or ".join("None" if k is type(None) else TYPE_NAMES[k] for k in kinds)
            raise UsageError(f"{name}: {wanted}, not {type(value).__name__} {value!r:.40}")


class _Silent:
    """A stream that is not a terminal (no progress from the Python call)."""

    def isatty(self) -> bool:
        return False
