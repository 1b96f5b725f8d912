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

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence, Union

from .context import Context
from .diff import char_opcodes
from .errors import InputError
from .normalization import LogEntry, NormalizationAggregate, normalize_logged
from .registry import ComponentSpec, Registries
from .schema import Schema, TimedText

if TYPE_CHECKING:  # pragma: no cover
    from .plugins import PluginHost

ComponentCall = Union[str, Sequence[Any]]


class Result(NamedTuple):
    """One metric's result, titled by the metric's name (and its values, when the metric is
    given more than once: see :func:`metric_title`)."""

    title: str
    value: Any


def split_call(call: ComponentCall, argument: str = "component") -> tuple[str, list]:
    """``"wer"`` or ``("wer", "hunt")`` as ``(name, [values])``; :class:`TypeError` naming
    ``argument`` for anything else."""
    if isinstance(call, str):
        return call, []
    if isinstance(call, (list, tuple)) and call and isinstance(call[0], str):
        return call[0], list(call[1:])
    raise TypeError(f"{argument}: a component is a name or a (name, value, ...) tuple, not {call!r}")


def component_calls(calls: ComponentCall | Iterable[ComponentCall], argument: str) -> list:
    """The ``(name, [values])`` of each component call; a string is one component.

    :example:
        >>> component_calls("wer", "metrics")
        [('wer', [])]
        >>> component_calls(["wer", ("wer", "hunt")], "metrics")
        [('wer', []), ('wer', ['hunt'])]
        >>> component_calls(3, "metrics")
        Traceback (most recent call last):
        TypeError: metrics: expected a component name or a list of them, not int
    """
    if isinstance(calls, str):
        return [(calls, [])]
    if isinstance(calls, (bytes, Mapping)) or not isinstance(calls, Iterable):
        raise TypeError(f"{argument}: expected a component name or a list of them, not {type(calls).__name__}")
    return [split_call(call, argument) for call in calls]


def create(spec: ComponentSpec, args: Sequence[Any], context: Context) -> Any:
    """Instantiate ``spec`` with positional ``args``, filling unset parameters from the context defaults."""
    spec.check_args(args)
    kwargs = {p.name: v for p, v in zip(spec.params, args)}
    for p in spec.params[len(args) :]:
        if p.name in context.defaults:
            kwargs[p.name] = context.defaults[p.name]
    return spec.create((), kwargs, context)


class Pipeline:
    """Normalizers, a segmenter and metrics, checked and built once.

    :param registries: where the components are looked up
    :param normalizers: normalizer calls in order, e.g. ``[("regex", "[,.]", " "), "lowercase"]``,
        or one name
    :param metrics: metric calls in order, e.g. ``["wer", ("wer", "hunt")]``, or one name
    :param segmenter: the segmenter's name (built only when there are metrics)
    :param context: the context components receive (default: a fresh one)
    """

    def __init__(
        self,
        registries: Registries,
        normalizers: ComponentCall | Iterable[ComponentCall] = (),
        metrics: ComponentCall | Iterable[ComponentCall] = (),
        segmenter: str = "simple",
        context: Context | None = None,
    ):
        self.context = context or Context(registries)
        self.normalizer = NormalizationAggregate()
        for name, args in component_calls(normalizers, "normalizers"):
            self.normalizer.add(create(registries.normalizers.get(name), args, self.context))
        calls = [(registries.metrics.get(name), args) for name, args in component_calls(metrics, "metrics")]
        given = Counter(spec.name for spec, _ in calls)
        self.metrics: list[tuple[str, Any]] = [
            (metric_title(spec.name, args, given[spec.name]), create(spec, args, self.context)) for spec, args in calls
        ]
        self.segmenter = create(registries.segmenters.get(segmenter), [], self.context) if self.metrics else None

    @property
    def normalization(self) -> dict | None:
        """Which normalization the results come from (:meth:`.NormalizationComposite.record`:
        the sha256 of its steps, and a name and version when one named normalization makes
        it); ``None`` without normalizers."""
        return self.normalizer.record() if len(self.normalizer) else None

    def normalize(self, text: str, log: Callable[[LogEntry], None] | None = None) -> str:
        """Apply the normalizers; ``log`` receives an entry for every change. Without
        normalizers, ``text`` itself (a corpus prepares every file)."""
        if not len(self.normalizer):
            return text
        if log is None:
            return self.normalizer.normalize(text)
        return normalize_logged(self.normalizer, text, log)

    def segment(self, text: str, normalized: str, steps: Sequence[tuple] | None = None) -> Schema:
        """Segment ``normalized`` (see :func:`timed_schema`)."""
        return timed_schema(self.segmenter, text, normalized, steps)

    def prepare(self, text: str, log: Callable[[LogEntry], None] | None = None) -> Schema:
        """Normalize and segment one text into the word list metrics compare; the words of a
        :class:`~benchmarkstt_core.schema.TimedText` keep their times and speakers through the
        normalization (see :func:`timed_schema`). A text with ``annotations`` (an object with
        a method ``normalized(normalizer)``: NIST alternations as written) gives them to the
        schema, with the normalizers to apply to their words (``None`` without normalizers)."""
        if isinstance(text, TimedText) and self.metrics:
            steps: list = []
            normalized = self.normalize(text, lambda entry: record_step(steps, entry, log))
            schema = self.segment(text, normalized, steps)
        else:
            schema = self.segment(text, self.normalize(text, log))
        if not self.metrics:
            return schema
        return with_annotations(schema, text, self.normalizer if len(self.normalizer) else None)

    def compare(self, ref: Schema, hyp: Schema) -> list:
        """Every metric on two prepared word lists (a corpus prepares a reference once and
        compares it with each engine's hypothesis)."""
        return [Result(title, metric.compare(ref, hyp)) for title, metric in self.metrics]

    def run(self, reference: str, hypothesis: str, log: Callable[[str, LogEntry], None] | None = None) -> list:
        """Normalize, segment and compare one pair; ``log(title, entry)`` sees normalization changes.

        Either text may be a :class:`~benchmarkstt_core.schema.TimedText` (see :meth:`segment`).
        """
        return self.compare(*self.prepare_pair([reference, hypothesis], log))

    def prepare_pair(
        self, texts: list, log: Callable[[str, LogEntry], None] | None = None, files: Sequence = (None, None)
    ) -> list:
        """:meth:`prepare` the ``[reference, hypothesis]`` in ``texts``, taking each out of the
        list as its turn comes: a caller that keeps no other reference to the texts lets each
        go once its words are made (two 50 MB texts: 100 MB less while the metrics compare).
        An input error of a normalizer (a GLM rule's text it cannot read) names the side and
        its file in ``files`` (``None``: a text given directly).

        :example:
            >>> from benchmarkstt_core.plugins import make_plugin_manager
            >>> texts = ["the cat", "the hat"]
            >>> [s.words for s in Pipeline(make_plugin_manager().registries, metrics="wer").prepare_pair(texts)]
            [['the', 'cat'], ['the', 'hat']]
            >>> texts
            []
        """
        schemas = []
        for title, file in zip(("Reference", "Hypothesis"), files):
            emit = None if log is None else (lambda entry, _t=title: log(_t, entry))
            try:
                schemas.append(self.prepare(texts.pop(0), emit))
            except InputError as exc:
                raise side_error(exc, title.lower(), file) from exc
        return schemas


def side_error(exc: InputError, side: str, file: str | None) -> InputError:
    """``exc`` (raised while normalizing one side) with the side and its file in front.

    :example:
        >>> str(side_error(InputError("glm: line 2 of the text has a parenthesis"), "reference", "ref.txt"))
        'reference ref.txt: glm: line 2 of the text has a parenthesis'
    """
    error = InputError(f"{side} {file}: {exc}" if file else f"{side}: {exc}")
    error.field = exc.field
    return error


def timed_schema(segmenter: Any, text: str, normalized: str, steps: Sequence[tuple] | None = None) -> Schema:
    """``segmenter``'s items of ``normalized``; when ``text`` (before normalization) is a
    :class:`TimedText`, the items get its words' times and speakers: moved through the
    normalization ``steps`` ((before, after) per change) by :mod:`~benchmarkstt_core.wordmap`'s
    rule when given, else only when the segmenter made as many items as ``text`` had words."""
    schema = segmenter.segment(normalized)
    if not isinstance(text, TimedText):
        return schema
    if steps and len(schema) == len(normalized.split()):
        from .wordmap import MovedExtras  # only for timed inputs that were normalized

        return schema.with_extras(MovedExtras(text, steps, len(schema)))
    if len(schema) == text.word_count():
        schema = schema.with_extras(text.extras())
    return schema


def with_annotations(schema: Schema, text: str, normalizer: Any = None) -> Schema:
    """``schema`` given the annotations of ``text`` (NIST alternations as written: an object
    with a method ``normalized(normalizer)``), their words to be normalized by ``normalizer``
    (``None``: as written); ``schema`` unchanged for a text without them.
    The command line, corpus mode and the API score alternations through this one step.

    :example:
        >>> class Marks:
        ...     def normalized(self, normalizer):
        ...         return f"marks normalized by {normalizer}"
        >>> class Annotated(str):
        ...     annotations = Marks()
        >>> with_annotations(Schema(["a"]), Annotated("a")).annotations
        'marks normalized by None'
        >>> print(with_annotations(Schema(["a"]), "a").annotations)
        None
    """
    annotations = getattr(text, "annotations", None)  # an Annotated text's: by attribute, as a
    if annotations is not None:  # runtime Protocol's isinstance is slow (tens of microseconds a file)
        schema.annotations = annotations.normalized(normalizer)
    return schema


def metric_title(name: str, args: Sequence, times: int) -> str:
    """A result's title: the metric's name, with its values when the metric is given ``times``
    more than once (``wer`` and ``wer levenshtein`` side by side).

    :example:
        >>> metric_title("wer", ["levenshtein"], 1), metric_title("wer", ["levenshtein"], 2), metric_title("wer", [], 2)
        ('wer', 'wer levenshtein', 'wer')
    """
    return " ".join([name, *map(str, args)]) if times > 1 else name


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


def benchmark(
    reference: str,
    hypothesis: str,
    metrics: ComponentCall | Iterable[ComponentCall] = ("wer",),
    normalizers: ComponentCall | Iterable[ComponentCall] = (),
    host: PluginHost | None = None,
) -> list:
    """Compare two texts and return a :class:`Result` per metric. Their invisible direction
    marks are removed first, as every input removes them (:mod:`~benchmarkstt_core.marks`, a
    warning on standard error when there were some).

    :param reference: the reference text
    :param hypothesis: the hypothesis text
    :param metrics: metric calls, e.g. ``["wer", ("wer", "levenshtein"), "cer"]``, or one
        name (``"wer"``)
    :param normalizers: normalizer calls, e.g. ``["lowercase", ("replace", ",", "")]``, or
        one name (``"lowercase"``)
    :param host: a :class:`~benchmarkstt_core.plugins.PluginHost` (default: a new one)
    :raises TypeError: naming the argument that is not of the types above

    :example:
        >>> benchmark("the cat sat", "the cat sad", metrics="wer", normalizers="lowercase")
        [Result(title='wer', value=0.3333333333333333)]
        >>> benchmark("\u202bthe cat\u202c", "the c\u200fat")  # warns: marks removed from both
        [Result(title='wer', value=0.0)]
    """
    for argument, text in (("reference", reference), ("hypothesis", hypothesis)):
        if not isinstance(text, str):
            raise TypeError(f"{argument}: expected the text as a str, not {type(text).__name__}")
    if host is None:
        from .plugins import make_plugin_manager

        host = make_plugin_manager()
    elif not hasattr(host, "registries"):
        raise TypeError(f"host: expected a plugin host (make_plugin_manager()), not {type(host).__name__}")
    from .marks import clean_text

    registries = host.registries
    context = Context(registries, host.hook)
    pipeline = Pipeline(registries, normalizers, metrics, context=context)
    return pipeline.run(clean_text(reference, "reference", context), clean_text(hypothesis, "hypothesis", context))
