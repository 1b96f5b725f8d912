"""The shape of a corpus result (``-o json``), defined once: the command checks what it writes
against it, and the report reads a result through it (:func:`read`), so that the report can
only format what this definition requires and checked.

Every number must make sense where it is: a rate (a WER, a mean of per-file WERs) is finite,
not negative and at most :data:`MAX_RATE`; counts are whole numbers, not negative;
probabilities and p-values lie between 0 and 1; an interval's low is not above its high.
Keys this definition does not name may hold anything (they are not read). A result that does
not fit is one :class:`~benchmarkstt_core.errors.UsageError` naming the first field that does
not (:func:`check`).

:example:
    >>> read({"format": "benchmarkstt-corpus/1", "engines": {}, "ranking": [], "comparisons": [],
    ...       "settings": {"seed": 0, "resamples": 10, "confidence_level": 0.95,
    ...                    "significance_level": 0.05, "ranking_test": "bootstrap"},
    ...       "headline": {"mode": "levenshtein", "pooled": "sum"}}, "r.json")["settings"]["seed"]
    0
    >>> check({"wer": float("inf"), "ci": {"low": 0.2, "high": 0.1}}, Engine, "r.json", "engines.a")
    Traceback (most recent call last):
    ...
    benchmarkstt_core.errors.UsageError: r.json: engines.a.wer: a finite number, not Infinity
"""

from __future__ import annotations

# msgspec reads these annotations when the module runs, and Python 3.9 (supported) has no `X | None`
# ruff: noqa: UP006, UP007, UP035, UP045
import math
import re
import typing
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Literal, Mapping, Optional, Tuple, Union

import msgspec
from benchmarkstt_core.errors import UsageError
from msgspec import UNSET, Meta, Struct, UnsetType

if TYPE_CHECKING:
    from benchmarkstt_core.registry import Registry

#: the largest rate a result may hold (a WER of a thousand million: any more is no measurement)
MAX_RATE = 1e9
Rate = typing.Annotated[float, Meta(ge=0, le=MAX_RATE)]
Difference = typing.Annotated[float, Meta(ge=-MAX_RATE, le=MAX_RATE)]
Count = typing.Annotated[int, Meta(ge=0)]
Probability = typing.Annotated[float, Meta(ge=0, le=1)]
Level = typing.Annotated[float, Meta(gt=0, lt=1)]
Amount = typing.Annotated[float, Meta(ge=0, le=1e15)]  # seconds, costs, factors
Finite = typing.Annotated[float, Meta(ge=-1e300, le=1e300)]


class Shape(Struct):
    """A part of the result (keys it does not name are not read). A field that may be absent
    is ``None`` when it is, or stays absent (``UNSET``) where the report tells the two apart."""


class Interval(Shape):
    """A confidence interval whose low is not above its high."""

    low: Optional[Finite] = None
    high: Optional[Finite] = None
    confidence_level: Optional[Level] = None

    def __post_init__(self) -> None:
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"its low {self.low:g} is above its high {self.high:g}")


class RateInterval(Interval):
    low: Optional[Rate] = None
    high: Optional[Rate] = None


class DifferenceInterval(Interval):
    low: Optional[Difference] = None
    high: Optional[Difference] = None


class Alignment(Shape):
    reference: List[str]
    hypothesis: List[str]
    opcodes: List[Tuple[Literal["equal", "replace", "delete", "insert"], Count, Count, Count, Count]]
    reference_text: Optional[str] = None
    hypothesis_text: Optional[str] = None


class Limits(Shape):
    """A subtitle house style's limits (the subtitles plugin's ``Style``; ``None``: not checked)."""

    chars_per_line: Optional[Amount] = None
    lines: Optional[Amount] = None
    cps: Optional[Amount] = None
    wpm: Optional[Amount] = None
    min_duration: Optional[Amount] = None
    max_duration: Optional[Amount] = None
    min_gap: Optional[Amount] = None


class Side(Shape):
    path: Optional[str] = None
    type: Optional[str] = None
    sha256: Optional[str] = None


#: what a row whose status is ok holds (the others hold an error instead)
OK_ROW = ("substitutions", "deletions", "insertions", "reference_words", "hypothesis_words")


class FileRow(Shape):
    id: str
    status: Literal["ok", "error", "missing"]
    error: Optional[str] = None
    wer: Optional[Rate] = None
    substitutions: Optional[Count] = None
    deletions: Optional[Count] = None
    insertions: Optional[Count] = None
    reference_words: Optional[Count] = None
    hypothesis_words: Optional[Count] = None
    duration: Optional[Amount] = None
    reference: Optional[Side] = None
    hypothesis: Optional[Side] = None
    alignment: Optional[Alignment] = None
    # the row's value of each metric by title, checked as its metric declares (check_values)
    metrics: Optional[Dict[str, Any]] = None

    def __post_init__(self) -> None:
        if self.status == "ok":
            for name in OK_ROW:
                if getattr(self, name) is None:
                    raise ValueError(f"a row whose status is ok has its {name}")


class Offsets(Shape):
    median: Optional[Finite] = None
    p90_abs: Optional[Finite] = None


class PooledOffsets(Shape):
    matched_words: Count
    start: Offsets
    end: Offsets


class Metric(Shape):
    pooled: Union[Finite, Dict[str, Any], None] = None
    mean_of_files: Union[Finite, Dict[str, Any], None] = None
    ci: Optional[RateInterval] = None
    how: Optional[str] = None
    unit: Optional[str] = None

    def __post_init__(self) -> None:
        if self.unit == "s":  # the offsets of words' times, which the report formats as numbers
            try:
                msgspec.convert(self.pooled, PooledOffsets)
            except msgspec.ValidationError as exc:
                raise ValueError(f"pooled offsets: {exc}") from None


class TopErrors(Shape):
    substitutions: List[Tuple[str, str, Count]] = []
    deletions: List[Tuple[str, Count]] = []
    insertions: List[Tuple[str, Count]] = []
    exact: bool = True


class Engine(Shape):
    wer: Optional[Rate]
    ci: RateInterval
    substitutions: Count
    deletions: Count
    insertions: Count
    reference_words: Count
    scored: Count
    failed: Count
    metrics: Dict[str, Metric]
    files: List[FileRow]
    rank: Count
    mean_file_wer: Optional[Rate] = None
    top_errors: Optional[TopErrors] = None


class PValue(Shape):
    p_value: Optional[Probability] = None


class Bootstrap(PValue):
    probability_a_better: Optional[Probability] = None


class Comparison(Shape):
    a: str
    b: str
    files: Count
    difference: Optional[Difference]
    difference_ci: DifferenceInterval
    bootstrap: Bootstrap
    mapsswe: PValue
    wilcoxon: PValue
    significant: bool
    verdict: str
    wer_a: Optional[Rate] = None
    wer_b: Optional[Rate] = None
    p_value: Optional[Probability] = None
    better: Optional[str] = None


class Settings(Shape):
    seed: int
    resamples: Count
    confidence_level: Level
    significance_level: Level
    ranking_test: str
    resample_unit: str = "file"


class Headline(Shape):
    mode: str
    pooled: str
    # the metric that gives the headline (every result before it was named: WER)
    metric: str = "wer"


class Ranked(Shape):
    engine: str
    rank: Optional[Count] = None
    wer: Optional[Rate] = None


class Unpaired(Shape):
    id: str
    missing: List[str]


class Failed(Shape):
    id: str
    engine: str
    error: str


class RecordedFile(Shape):
    path: str
    sha256: str
    text: Optional[str] = None


class Normalization(Shape):
    text: Optional[str] = None
    sha256: Optional[str] = None
    files: List[RecordedFile] = []


class Plugin(Shape):
    name: Optional[str] = None
    distribution: Optional[str] = None
    version: Optional[str] = None
    status: Optional[str] = None


class Input(Side, kw_only=True):
    id: str
    side: str


class Record(Shape):
    command: Union[str, UnsetType] = UNSET
    created: Union[str, UnsetType] = UNSET
    cwd: Union[str, UnsetType] = UNSET
    implementation: Union[str, UnsetType] = UNSET
    python: Union[str, UnsetType] = UNSET
    platform: Union[str, UnsetType] = UNSET
    benchmarkstt_core: Union[str, UnsetType] = UNSET
    plugins: List[Plugin] = []
    normalization: Optional[Normalization] = None
    metric_files: List[RecordedFile] = []
    metrics: List[List[Union[str, Finite, bool]]] = []
    inputs: List[Input] = []


class HouseStyle(Shape):
    """The house style subtitles were cut in: its name and limits."""

    style: str
    limits: Limits


class Transcription(Shape):
    failed: Count
    files: Count
    # of the failed files, how many each kind of bad audio caused (truncated, silent, unreadable)
    bad_audio: Optional[Dict[str, Count]] = None
    kind: Optional[str] = None
    model: Optional[str] = None
    version: Optional[str] = None
    options: Optional[Dict[str, Union[str, Finite, bool, None]]] = None
    audio_seconds: Optional[Amount] = None
    processing_seconds: Optional[Amount] = None
    real_time_factor: Optional[Amount] = None
    cpu_hours_per_audio_hour: Optional[Amount] = None
    estimated_cost: Optional[Amount] = None
    # the house style the engine's subtitles were cut in (corpus --audio with subtitle metrics)
    subtitles: Optional[HouseStyle] = None


Argument = Union[str, Finite, bool]


class Invocation(Shape):
    """What ``corpus --rerun`` runs again: the inputs, rules, metrics and settings of the command."""

    reference: Optional[str]
    hypotheses: Dict[str, str]
    manifest: Optional[str]
    reference_type: str
    hypothesis_type: str
    normalizers: List[List[Argument]]
    metrics: List[List[Argument]]
    load: List[str]
    alignments: bool
    seed: int
    resamples: int
    level: Finite
    alpha: Finite
    ranking_test: str
    on_missing: str = "deletions"
    allow_unpaired: bool = True
    split_by_time: Optional[Finite] = None
    options: Dict[str, Union[str, Finite, bool, None]] = {}

    def __post_init__(self) -> None:
        for field in ("normalizers", "metrics"):
            for n, call in enumerate(getattr(self, field)):
                if not call or not isinstance(call[0], str):
                    raise ValueError(f"{field}[{n}] is not a list of a name and its arguments")


class Result(Shape):
    format: str
    engines: Dict[str, Engine]
    ranking: List[Ranked]
    comparisons: List[Comparison]
    settings: Settings
    headline: Headline
    complete: bool = True
    verdict: Union[str, UnsetType] = UNSET
    unpaired: List[Unpaired] = []
    failed: List[Failed] = []
    files_scored: Union[Count, UnsetType] = UNSET
    files_total: Union[Count, UnsetType] = UNSET
    record: Optional[Record] = None
    transcription: Dict[str, Transcription] = {}


def read(data: Any, name: str = "the result", metrics: Registry | None = None) -> dict:
    """``data`` (a JSON result as Python values) as this definition holds it: checked
    (:func:`check`, the rows' metric values as the ``metrics`` registered under their names
    declare: :func:`registered_shapes`), and without the keys it does not name."""
    result = msgspec.to_builtins(check(data, Result, name))
    rows = [
        (f"engines.{engine}.files[{n}]", row)
        for engine, e in data["engines"].items()
        for n, row in enumerate(e["files"])
    ]
    shapes = registered_shapes({title for _, row in rows for title in row.get("metrics") or {}}, metrics)
    for where, row in rows:
        check_values(row, shapes, name, where)
    return result


def row_shapes(metrics: Iterable[Tuple[str, Any]]) -> Dict[str, Any]:
    """The shape of each metric's values in the rows, by title, from ``(title, metric)`` pairs
    (a metric object or class): what its ``row_shape()`` returns (docs/plugins.md). The values
    of a metric that declares none are not read.

    :example:
        >>> class Rate:
        ...     @classmethod
        ...     def row_shape(cls):
        ...         return float
        >>> row_shapes([("rate strict", Rate), ("words", object)])
        {'rate strict': <class 'float'>}
    """
    return {title: metric.row_shape() for title, metric in metrics if hasattr(metric, "row_shape")}


def registered_shapes(titles: Iterable[str], metrics: Registry | None = None) -> Dict[str, Any]:
    """:func:`row_shapes` of the metrics ``titles`` name (by their first word: a title carries
    the metric's arguments, ``conformity bbc``) in the registry ``metrics`` (default: the
    installed plugins'); a title no metric is registered under is not checked."""
    if metrics is None:
        from benchmarkstt_core.plugins import make_plugin_manager

        metrics = make_plugin_manager().registries["metrics"]
    return row_shapes(
        (title, metrics.get(title.split(" ")[0]).cls) for title in sorted(titles) if title.split(" ")[0] in metrics
    )


def check_values(row: Any, shapes: Mapping[str, Any], name: str = "the result", where: str = "") -> None:
    """Check each metric value of the file row ``row`` whose title has a shape in ``shapes``
    (:func:`row_shapes`): a :class:`UsageError` names the first that does not fit."""
    for title, value in (row.get("metrics") or {}).items():
        if title in shapes:
            check(value, shapes[title], name, f"{where}.metrics.{title}")


def check(data: Any, shape: type = Result, name: str = "the result", where: str = "") -> Any:
    """``data`` as the :class:`Shape` ``shape``, or a :class:`UsageError` naming ``name`` and
    the first field (``engines.a.wer``, after ``where``) that does not fit."""
    try:
        return msgspec.convert(data, shape)
    except msgspec.ValidationError as exc:
        raise UsageError(f"{name}: {problem(str(exc), data, shape, where)}") from None


_PATH = re.compile(r"(.*) - at `\$(.*)`\Z", re.DOTALL)
_TOKEN = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
_TYPES = {
    "int": "a whole number",
    "float": "a number",
    "str": "a string",
    "bool": "true or false",
    "array": "a list",
    "object": "an object",
    "null": "null",
}


def problem(message: str, data: Any, shape: type, where: str = "") -> str:
    """msgspec's ``message`` as ``field: what it must be, not what it is``, the field named in
    full (msgspec says ``engines[...]`` for the value of any key)."""
    found = _PATH.match(message)
    what, path = (found.group(1), found.group(2)) if found else (message, "")
    names, value, known = [where] if where else [], data, True
    kind: Any = shape
    for field, index in _TOKEN.findall(path):
        kind = _inner(kind)
        if field:
            names.append(field)
            kind = _field_type(kind, field)
            value = value.get(field) if known and isinstance(value, dict) else None
        elif index == "...":
            kind = typing.get_args(kind)[1] if typing.get_args(kind) else Any
            key = _failing_key(value, kind) if known and isinstance(value, dict) else None
            names.append(str(key) if key is not None else "?")
            value, known = (value[key], True) if key is not None else (None, False)
        else:
            names[-1:] = [f"{names[-1] if names else ''}[{index}]"]
            kind = _item_type(kind, int(index))
            value = value[int(index)] if known and isinstance(value, list) and int(index) < len(value) else None
    field = ".".join(names) or "the whole"
    missing = re.match(r"Object missing required field `(.+)`", what)
    if missing:
        return f"{field + '.' if names else ''}{missing.group(1)}: missing"
    if isinstance(value, float) and not math.isfinite(value):
        return (
            f"{field}: a finite number, not {'NaN' if math.isnan(value) else 'Infinity' if value > 0 else '-Infinity'}"
        )
    expected = re.match(r"Expected `([^`]+)`(?:, got `[^`]+`)?(?: ([<>]=?) (\S+))?\Z", what)
    if expected:
        kinds = [_TYPES.get(k.strip(), k.strip()) for k in expected.group(1).split("|") if k.strip() != "null"]
        bound = f" {BOUNDS[expected.group(2)]} {float(expected.group(3)):g}" if expected.group(2) else ""
        what = " or ".join(kinds or ["null"]) + bound
    elif what.startswith("Invalid enum value"):
        what = "one of " + ", ".join(map(str, typing.get_args(_inner(kind))))
    else:
        known = False  # a rule of the definition (an interval's order) says what was found
    return f"{field}: {what}, not {_show(value)}" if known else f"{field}: {what}"


BOUNDS = {">=": "at least", "<=": "at most", ">": "above", "<": "below"}


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _inner(kind: Any) -> Any:
    """``kind`` without ``Optional`` and ``Annotated``."""
    while True:
        if typing.get_origin(kind) is typing.Annotated:
            kind = typing.get_args(kind)[0]
        elif typing.get_origin(kind) is Union:
            options = [k for k in typing.get_args(kind) if k is not type(None)]
            if len(options) != 1:
                return kind
            kind = options[0]
        else:
            return kind


def _field_type(kind: Any, name: str) -> Any:
    if isinstance(kind, type) and issubclass(kind, Struct):
        return typing.get_type_hints(kind, include_extras=True).get(name, Any)
    return Any


def _item_type(kind: Any, index: int) -> Any:
    args = typing.get_args(kind)
    if typing.get_origin(kind) is tuple:
        return args[index] if index < len(args) else Any
    return args[0] if args else Any


def _failing_key(value: dict, kind: Any) -> Any:
    """The first key of ``value`` whose value is not a ``kind``."""
    for key, item in value.items():
        try:
            msgspec.convert(item, kind)
        except msgspec.ValidationError:
            return key
    return None
