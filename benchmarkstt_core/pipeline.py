"""The whole flow as a library call: input, normalization, segmentation, metrics.

:class:`Pipeline` is built from component names and values and checks every one of them
before any text is read; :meth:`Pipeline.run` is a pure function of one reference and
hypothesis pair, so a loop or a process pool can call it. :func:`benchmark` does both.

:example:
    >>> from benchmarkstt_core import benchmark
    >>> benchmark("the cat sat", "the cat sad", metrics=["wer", ("diffcounts",)])
    [Result(title='wer', value=0.3333333333333333), Result(title='diffcounts', value=...)]
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, NamedTuple, Sequence, Union

from .context import Context
from .diff import char_opcodes
from .errors import UsageError
from .normalization import LogEntry, NormalizationAggregate, normalize_logged
from .registry import ComponentSpec, Registries
from .schema import Schema, TimedText

ComponentCall = Union[str, Sequence[Any]]


class Result(NamedTuple):
    """One metric's result, titled by the metric's name."""

    title: str
    value: Any


def split_call(call: ComponentCall) -> tuple[str, list]:
    """``"wer"`` or ``("wer", "hunt")`` as ``(name, [values])``."""
    if isinstance(call, str):
        return call, []
    call = list(call)
    if not call or not isinstance(call[0], str):
        raise UsageError(f"a component is given as a name or (name, values...), not {call!r}")
    return call[0], call[1:]


def create(spec: ComponentSpec, args: Sequence[Any], context: Context) -> Any:
    """Instantiate ``spec`` with positional ``args``, filling unset parameters from the context defaults."""
    spec.check_args(args)
    kwargs = {p.name: v for p, v in zip(spec.params, args)}
    for p in spec.params[len(args):]:
        if p.name in context.defaults:
            kwargs[p.name] = context.defaults[p.name]
    return spec.create((), kwargs, context)


class Pipeline:
    """Normalizers, a segmenter and metrics, checked and built once.

    :param registries: where the components are looked up
    :param normalizers: normalizer calls in order, e.g. ``[("regex", "[,.]", " "), "lowercase"]``
    :param metrics: metric calls in order, e.g. ``["wer", ("wer", "hunt")]``
    :param segmenter: the segmenter's name (built only when there are metrics)
    :param context: the context components receive (default: a fresh one)
    """

    def __init__(self, registries: Registries, normalizers: Iterable[ComponentCall] = (),
                 metrics: Iterable[ComponentCall] = (), segmenter: str = "simple",
                 context: Context | None = None):
        self.context = context or Context(registries)
        self.normalizer = NormalizationAggregate()
        for call in normalizers:
            name, args = split_call(call)
            self.normalizer.add(create(registries.normalizers.get(name), args, self.context))
        self.metrics: list[tuple[str, Any]] = []
        for call in metrics:
            name, args = split_call(call)
            spec = registries.metrics.get(name)
            self.metrics.append((spec.name, create(spec, args, self.context)))
        self.segmenter = create(registries.segmenters.get(segmenter), [], self.context) if self.metrics else None

    def normalize(self, text: str, log: Callable[[LogEntry], None] | None = None) -> str:
        """Apply the normalizers; ``log`` receives an entry for every change."""
        if log is None:
            return self.normalizer.normalize(text)
        return normalize_logged(self.normalizer, text, log)

    def segment(self, text: str, normalized: str, steps: Sequence[tuple] | None = None) -> Schema:
        """Segment ``normalized`` (see :func:`timed_schema`)."""
        return timed_schema(self.segmenter, text, normalized, steps)

    def run(self, reference: str, hypothesis: str,
            log: Callable[[str, LogEntry], None] | None = None) -> list:
        """Normalize, segment and compare one pair; ``log(title, entry)`` sees normalization changes.

        Either text may be a :class:`~benchmarkstt_core.schema.TimedText` (see :meth:`segment`).
        """
        schemas = []
        for title, text in (("Reference", reference), ("Hypothesis", hypothesis)):
            emit = None if log is None else (lambda entry, _t=title: log(_t, entry))
            if isinstance(text, TimedText) and self.metrics:
                steps: list = []
                normalized = self.normalize(text, lambda entry, _e=emit: record_step(steps, entry, _e))
                schemas.append(self.segment(text, normalized, steps))
            else:
                schemas.append(self.segment(text, self.normalize(text, emit)))
        ref, hyp = schemas
        return [Result(title, metric.compare(ref, hyp)) for title, metric in self.metrics]


def timed_schema(segmenter: Any, text: str, normalized: str, steps: Sequence[tuple] | None = None) -> Schema:
    """``segmenter``'s items of ``normalized``; when ``text`` (before normalization) is a
    :class:`TimedText`, the items get its words' times and speakers: moved through the
    normalization ``steps`` ((before, after) per change) by :mod:`~benchmarkstt_core.wordmap`'s
    rule when given, else only when the segmenter made as many items as ``text`` had words."""
    schema = segmenter.segment(normalized)
    if not isinstance(text, TimedText):
        return schema
    if steps and len(schema) == len(normalized.split()):
        from .wordmap import MovedExtras

        return schema.with_extras(MovedExtras(text, steps, len(schema)))
    if len(schema) == text.word_count():
        schema = schema.with_extras(text.extras())
    return schema


def record_step(steps: list, entry: LogEntry, emit: Callable[[LogEntry], None] | None) -> None:
    """Keep ``entry`` in ``steps`` when it is a normalizer's own change (its text follows on
    from the last kept one; a composite's entry, which repeats its parts', does not), and pass
    it on to ``emit``."""
    if not steps or entry.before == steps[-1][1] and entry.after != steps[-1][1]:
        steps.append((entry.before, entry.after))
    if emit is not None:
        emit(entry)


def render_log_entry(entry: LogEntry, dialect: Any) -> str:
    """The character diff of one log entry in ``dialect`` (as the ``--log`` lines show it)."""
    return dialect.render_chars(char_opcodes(entry.before, entry.after), entry.before, entry.after)


def benchmark(reference: str, hypothesis: str, metrics: Iterable[ComponentCall] = ("wer",),
              normalizers: Iterable[ComponentCall] = (), host: Any = None) -> list:
    """Compare two texts and return a :class:`Result` per metric.

    :param reference: the reference text
    :param hypothesis: the hypothesis text
    :param metrics: metric calls, e.g. ``["wer", ("wer", "levenshtein"), "cer"]``
    :param normalizers: normalizer calls, e.g. ``["lowercase", ("replace", ",", "")]``
    :param host: a :class:`~benchmarkstt_core.plugins.PluginHost` (default: a new one)
    """
    if host is None:
        from .plugins import make_plugin_manager

        host = make_plugin_manager()
    registries = host.registries
    pipeline = Pipeline(registries, normalizers, metrics, context=Context(registries, host.hook))
    return pipeline.run(reference, hypothesis)
