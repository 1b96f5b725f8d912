"""The JSON-RPC methods, generated from the registries: nothing here names a component.

For every normalizer ``NAME``: ``normalization.NAME(text, <its parameters>, return_logs)``;
for every metric: ``metrics.NAME(ref, hyp, <its parameters>, ref_type, hyp_type, sound_labels)`` and
``benchmark.NAME(ref, hyp, <its parameters>, config, return_logs, ref_type, hyp_type, sound_labels)``
(a type reads ``ref``/``hyp`` as the content of a file of that input type, e.g. an engine's
JSON as it came: the input class's ``from_content``, which gets ``sound_labels`` when it takes it); then ``version``,
``list.normalization``, ``list.metrics``, ``list.benchmark``, the methods plugins add
through ``register_api_methods``, and ``help``. Parameters bind by name or by position in
exactly that order, the order ``help`` shows.

:example:
    >>> from benchmarkstt_core.plugins import make_plugin_manager
    >>> methods = build_methods(make_plugin_manager().registries)
    >>> str(methods["metrics.wer"].signature)
    '(ref, hyp, mode=None, differ_class=None, ref_type=None, hyp_type=None, sound_labels=None)'
"""

from __future__ import annotations

import inspect
import json
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, NamedTuple, Protocol, Sequence, runtime_checkable

from benchmarkstt_core.__meta__ import __version__
from benchmarkstt_core.context import Context
from benchmarkstt_core.docblock import parse
from benchmarkstt_core.errors import InputError, ParameterError, UsageError
from benchmarkstt_core.limits import check_text_size
from benchmarkstt_core.normalization import normalize_logged
from benchmarkstt_core.params import SIMPLE, param_heading, param_types
from benchmarkstt_core.pipeline import create, record_step, render_log_entry, side_error, timed_schema, with_annotations

if TYPE_CHECKING:
    from benchmarkstt_core.registry import ComponentSpec, Registries, Registry

#: the segmenter that splits texts into words before a metric compares them
SEGMENTER = "simple"
#: the section an inline ``benchmark.*`` config is read from
CONFIG_SECTION = "normalization"
#: what the kinds are called in ``list.*`` methods
LISTS = (("normalization", "normalizers"), ("metrics", "metrics"), ("benchmark", "metrics"))


class Param(NamedTuple):
    """One parameter of a method."""

    name: str
    required: bool
    default: Any
    doc: str


TEXT = Param("text", True, None, "The text to normalize")
REF = Param("ref", True, None, "The reference text")
HYP = Param("hyp", True, None, "The hypothesis text")
RETURN_LOGS = Param(
    "return_logs",
    False,
    False,
    "Also return the normalization logs: what each normalizer changed, innermost first, "
    "as {title, stack, diff} with an HTML character diff",
)
CONFIG = Param(
    "config",
    False,
    None,
    "The text of a config file whose [normalization] section normalizes both texts first "
    "(files named in it are read from the server's directory); blank means no normalization",
)
REF_TYPE = Param(
    "ref_type", False, None, "The input type ref is the content of (e.g. ttml, srt, aws, kaldi); default: plain text"
)
HYP_TYPE = Param(
    "hyp_type", False, None, "The input type hyp is the content of (e.g. aws, kaldi, google); default: plain text"
)
SOUND_LABELS = Param(
    "sound_labels",
    False,
    None,
    "Sound labels ([MUSIC], APPLAUSE) in subtitles given as ref or hyp (ref_type/hyp_type srt, "
    "vtt, ttml, stl or scc): skip (the default) sets them aside, keep scores them as words "
    "(the command line's --sound-labels)",
)

Call = Callable[[inspect.BoundArguments, Context], Any]


class ApiMethod:
    """One JSON-RPC method.

    :param name: the method name, e.g. ``metrics.wer``
    :param description: what it does
    :param params: its parameters in positional order
    :param call: ``call(bound_arguments, context)`` returns the result
    :param returns: what the result is
    :param examples: dicts of parameter values, ``return`` and maybe ``files`` (name -> text)
    :param signature: the signature to bind against (default: built from ``params``)
    :param types: gives the parameters' :class:`~benchmarkstt_core.params.ParamType` by name
        (asked on first need: help, or a call's path check)
    """

    def __init__(
        self,
        name: str,
        description: str,
        params: Sequence[Param],
        call: Call,
        returns: str = "",
        examples: Sequence[dict] = (),
        signature: inspect.Signature | None = None,
        types: Callable[[], Mapping[str, Any]] | None = None,
    ):
        self.name = name
        self.description = description
        self.params = list(params)
        self.call = call
        self.returns = returns
        self.examples = list(examples)
        self.signature = signature or inspect.Signature(
            [
                inspect.Parameter(
                    p.name,
                    inspect.Parameter.POSITIONAL_OR_KEYWORD,
                    default=inspect.Parameter.empty if p.required else p.default,
                )
                for p in self.params
            ]
        )
        self._types_of = types or dict
        self._types: dict | None = None

    @property
    def types(self) -> dict:
        """The typed parameters' :class:`~benchmarkstt_core.params.ParamType`, by name."""
        if self._types is None:
            self._types = {name: kind for name, kind in self._types_of().items() if kind is not None}
        return self._types

    @property
    def path_params(self) -> list:
        """The parameters declared as paths: the server checks them before the call."""
        return [p.name for p in self.params if getattr(self.types.get(p.name), "path", False)]

    def param_note(self, param: Param, value: Callable[[Any], str] = lambda v: show(v)) -> str:
        """``integer, optional, default 3``: the type (if declared) and whether it is required
        (``value`` shows the default)."""
        kind = self.types.get(param.name)
        need = "required" if param.required else f"optional, default {value(param.default)}"
        return need if kind is None else kind.note(need)

    def help(self) -> str:
        """The method's help: description, parameters, result and examples."""
        lines = [self.description or "(no description)", ""]
        for p in self.params:
            note = self.param_note(p) if p.name in self.types or not p.required else ""
            lines.append(" ".join(filter(None, [f":param {p.name}:", p.doc, note and f"({note})"])))
        if self.returns:
            lines.append(f":return: {self.returns}")
        for example in self.examples:
            lines.extend(f":example {key}: {show(value)}" for key, value in example.items())
        return "\n".join(lines).strip()


def show(value: Any) -> str:
    """A value as JSON where it can be, else its ``repr``."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def component_help(spec: ComponentSpec) -> str:
    """A component's description and documented parameters, with their types (the ``list.*`` values)."""
    lines = [spec.description or "(no description)"]
    params = [
        f":param {param_heading(spec, p)}:{' ' + p.doc if p.doc else ''}"
        for p in spec.params
        if p.doc or spec.types.get(p.name)
    ]
    return "\n\n".join(filter(None, ["\n".join(lines), "\n".join(params)]))


def string(value: Any, name: str) -> str:
    """``value`` if it is a string, else a :class:`UsageError` naming the parameter."""
    if not isinstance(value, str):
        raise UsageError(f"{name} must be a string, not {type(value).__name__} {show(value)}")
    return value


@runtime_checkable
class ReadsContent(Protocol):
    """An input class that reads a file's content given as data (``ref_type``/``hyp_type``);
    it may take ``sound_labels`` too (the transcripts plugin's)."""

    def from_content(self, content: str, source: str, *, context: Context | None = None, **options: Any) -> Any:
        """The text of ``content``, read as a file named ``source`` would be (``options``: ``sound_labels``)."""
        ...


@runtime_checkable
class ReadsConfigText(Protocol):
    """A ``config`` normalizer class that reads a config's text (``config`` of ``list.benchmark``...)."""

    def from_text(self, text: str, section: str, *, context: Context | None = None) -> Any:
        """The normalizer of the config ``text``'s ``section``."""
        ...


def content(arguments: dict, name: str, context: Context) -> str:
    """The text of the ``ref`` or ``hyp`` argument, read as the content of a file of the input
    type named by ``ref_type``/``hyp_type`` when one is given, else as it is; either way without
    invisible direction marks (:mod:`benchmarkstt_core.marks`, a warning in the server's log).

    :example:
        >>> content({"ref": "\u200fhello"}, "ref", Context(None, warn=print))
        ref: 1 invisible direction mark removed (1 U+200F RIGHT-TO-LEFT MARK): words that look the same are compared as the same
        'hello'
    """
    text = string(arguments[name], name)
    kind = arguments.get(f"{name}_type")
    if kind is None:
        from benchmarkstt_core.marks import clean_text

        return clean_text(text, name, context)
    spec = context.registry("inputs").get(string(kind, f"{name}_type"))
    if not isinstance(spec.cls, ReadsContent):
        raise UsageError(f"{name}_type {spec.name!r} reads files only: its content cannot be given as {name}")
    from_content = spec.cls.from_content
    labels = arguments.get("sound_labels")
    if labels is None or "sound_labels" not in inspect.signature(from_content).parameters:
        return from_content(text, name, context=context)
    if labels not in ("skip", "keep"):
        raise UsageError(f"sound_labels must be skip or keep, not {show(labels)}")
    return from_content(text, name, context=context, sound_labels=labels)


def instantiate(spec: ComponentSpec, values: dict, context: Context) -> Any:
    """Build the component ``spec`` from parameter values by name (context defaults fill the rest)."""
    values = dict(values)
    for p in spec.params:
        if p.name not in values and p.name in context.defaults:
            values[p.name] = context.defaults[p.name]
    with blame_wrong_types(spec, values):
        return spec.create((), values, context)


@contextmanager
def blame_wrong_types(spec: ComponentSpec, values: dict) -> Iterator[None]:
    """Turn a TypeError, ValueError or AttributeError raised inside into a
    :class:`~benchmarkstt_core.errors.ParameterError` (``NAME: PARAM expects a text, got 5``),
    when a parameter that the typed conversion leaves alone (no annotation, ``Any``, a union)
    and that should be a string (its default is one, or none) got another JSON value: the
    component did not expect it. Typed parameters were converted and checked before."""
    try:
        yield
    except (TypeError, ValueError, AttributeError) as exc:
        untyped = {p.name: p.default for p in spec.params if spec.types.get(p.name) is None}
        for name, value in values.items():
            if (
                name in untyped
                and isinstance(untyped[name], (str, type(None)))
                and not isinstance(value, (str, type(None)))
            ):
                try:
                    SIMPLE[str].convert(value, name)
                except ParameterError as wrong:
                    raise ParameterError(name, f"{spec.name}: {wrong}") from exc
        raise


def component_options(spec: ComponentSpec, arguments: dict) -> dict:
    """The bound arguments that belong to the component's own parameters."""
    own = {p.name for p in spec.params}
    return {name: value for name, value in arguments.items() if name in own}


def metric_options(spec: ComponentSpec, arguments: dict) -> dict:
    """A metric's own bound arguments (:func:`component_options`); an empty text is refused
    (a metric's options are modes, variants, numbers and differs, where it means nothing, and
    it silently gave the default: ``null`` or leaving it out does that)."""
    options = component_options(spec, arguments)
    for name, value in options.items():
        if value == "":
            raise ParameterError(name, f"{spec.name}: {name} is empty; give null or leave it out for the default")
    return options


def render_logs(title: str | None, entries: list, context: Context) -> list:
    """Log entries as the API returns them, diffs in the ``html`` dialect."""
    dialect = context.registry("diff_dialects").get("html").create([])
    return [{"title": title, "stack": list(entry.stack), "diff": render_log_entry(entry, dialect)} for entry in entries]


def normalize(
    normalizer: Any, text: str, context: Context, title: str | None, logs: list | None, steps: list | None = None
) -> str:
    """Normalize ``text``; with a ``logs`` list, append what each normalizer changed, titled
    ``title``; with a ``steps`` list, keep each change (for the words' times, see
    :func:`~benchmarkstt_core.pipeline.timed_schema`). An input error of a normalizer (a GLM
    rule's text it cannot read) names the side (``title``)."""
    try:
        return normalized_text(normalizer, text, context, title, logs, steps)
    except InputError as exc:
        raise side_error(exc, (title or "text").lower(), None) from exc


def normalized_text(
    normalizer: Any, text: str, context: Context, title: str | None, logs: list | None, steps: list | None
) -> str:
    """:func:`normalize` without naming the side of an error."""
    if logs is None and steps is None:
        return normalizer.normalize(text)
    entries: list = []
    size = 0

    def keep(entry: Any) -> None:  # every entry holds two texts: bound them all
        nonlocal size
        size += len(entry.before) + len(entry.after)
        check_text_size(size, "return_logs")
        entries.append(entry)

    result = normalize_logged(normalizer, text, lambda e: record_step(steps, e, keep) if steps is not None else keep(e))
    if logs is not None:
        logs.extend(render_logs(title, entries, context))
    return result


def compare(
    metric: Any, ref: str, hyp: str, context: Context, normalized: tuple | None = None, normalizer: Any = None
) -> Any:
    """Segment both texts and let ``metric`` compare them, with their NIST alternations (as
    the command line scores them); ``normalized``: both texts after normalization by
    ``normalizer`` and the steps of each, when the texts were normalized."""
    segmenter = create(context.registry("segmenters").get(SEGMENTER), [], context)
    ref_norm, hyp_norm, ref_steps, hyp_steps = normalized or (ref, hyp, None, None)
    return metric.compare(
        with_annotations(timed_schema(segmenter, ref, ref_norm, ref_steps), ref, normalizer),
        with_annotations(timed_schema(segmenter, hyp, hyp_norm, hyp_steps), hyp, normalizer),
    )


def inline_config(config: Any, context: Context) -> Any:
    """The normalizer of an inline config text, or ``None`` for no config or a blank one."""
    if config is None or (isinstance(config, str) and not config.strip()):
        return None
    text = string(config, "config")
    normalizers = context.registry("normalizers")
    reader = normalizers.get("config").cls if "config" in normalizers else None
    if not isinstance(reader, ReadsConfigText):
        raise UsageError("config needs a config normalizer that reads config text (install benchmarkstt-normalizers)")
    return reader.from_text(text, section=CONFIG_SECTION, context=context)


def _examples(spec: ComponentSpec, params: Sequence[Param], result: Callable[[Any], Any]) -> list:
    """The component's examples as calls of the method: parameter values, ``files`` and ``return``.

    ``files`` (file name -> text) are the files an example needs in the server's directory.
    """
    names = {p.name for p in params} | {"files"}
    examples = []
    for example in spec.doc.examples:
        if "return" in example and set(example) - {"return"} <= names:
            values = {k: v for k, v in example.items() if k != "return"}
            examples.append({**values, "return": result(example["return"])})
    return examples


def normalization_method(spec: ComponentSpec) -> ApiMethod:
    """``normalization.NAME``: normalize one text, optionally with logs."""
    params = [TEXT, *[Param(*p) for p in spec.params], RETURN_LOGS]

    def call(bound: inspect.BoundArguments, context: Context) -> dict:
        arguments = bound.arguments
        text = string(arguments["text"], "text")
        options = component_options(spec, arguments)
        normalizer = instantiate(spec, options, context)
        logs: list | None = [] if arguments.get("return_logs") else None
        with blame_wrong_types(spec, options):
            result = {"text": normalize(normalizer, text, context, None, logs)}
        return result if logs is None else {**result, "logs": logs}

    return ApiMethod(
        f"normalization.{spec.name}",
        spec.description,
        params,
        call,
        returns='{"text": the normalized text} (+ "logs" with return_logs)',
        examples=_examples(spec, params, lambda r: {"text": r}),
        types=lambda: spec.types,
    )


def metric_method(spec: ComponentSpec) -> ApiMethod:
    """``metrics.NAME``: compare a hypothesis with a reference."""
    params = [REF, HYP, *[Param(*p) for p in spec.params], REF_TYPE, HYP_TYPE, SOUND_LABELS]

    def call(bound: inspect.BoundArguments, context: Context) -> Any:
        arguments = bound.arguments
        ref, hyp = content(arguments, "ref", context), content(arguments, "hyp", context)
        options = metric_options(spec, arguments)
        metric = instantiate(spec, options, context)
        with blame_wrong_types(spec, options):
            return compare(metric, ref, hyp, context)

    return ApiMethod(
        f"metrics.{spec.name}",
        spec.description,
        params,
        call,
        returns=f"the value of the {spec.name} metric",
        examples=_examples(spec, params, lambda r: r),
        types=lambda: spec.types,
    )


def benchmark_method(spec: ComponentSpec) -> ApiMethod:
    """``benchmark.NAME``: normalize both texts with an inline config, then compare them."""
    params = [REF, HYP, *[Param(*p) for p in spec.params], CONFIG, RETURN_LOGS, REF_TYPE, HYP_TYPE, SOUND_LABELS]

    def call(bound: inspect.BoundArguments, context: Context) -> dict:
        arguments = bound.arguments
        ref, hyp = content(arguments, "ref", context), content(arguments, "hyp", context)
        options = metric_options(spec, arguments)
        metric = instantiate(spec, options, context)
        normalizer = inline_config(arguments.get("config"), context)
        logs: list | None = [] if arguments.get("return_logs") else None
        normalized = None
        if normalizer is not None:
            ref_steps: list = []
            hyp_steps: list = []
            normalized = (
                normalize(normalizer, ref, context, "Reference", logs, ref_steps),
                normalize(normalizer, hyp, context, "Hypothesis", logs, hyp_steps),
                ref_steps,
                hyp_steps,
            )
        with blame_wrong_types(spec, options):
            result = {spec.name: compare(metric, ref, hyp, context, normalized, normalizer)}
        return result if logs is None else {**result, "logs": logs}

    return ApiMethod(
        f"benchmark.{spec.name}",
        spec.description,
        params,
        call,
        returns=f'{{"{spec.name}": the result}} (+ "logs" with return_logs)',
        examples=_examples(spec, params, lambda r: {spec.name: r}),
        types=lambda: spec.types,
    )


def plugin_method(name: str, function: Callable) -> ApiMethod:
    """A method a plugin registered: its signature (less a keyword-only ``context``) and docstring."""
    signature = inspect.signature(function)
    wants_context = (
        "context" in signature.parameters and signature.parameters["context"].kind == inspect.Parameter.KEYWORD_ONLY
    )
    if wants_context:
        signature = signature.replace(parameters=[p for n, p in signature.parameters.items() if n != "context"])
    doc = parse(inspect.getdoc(function))
    params = [
        Param(p.name, p.default is p.empty, None if p.default is p.empty else p.default, doc.params.get(p.name, ""))
        for p in signature.parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]

    names = [p.name for p in params]
    optional = [p.name for p in params if not p.required and p.default is None]
    resolved: list = []

    def types() -> dict:
        if not resolved:
            resolved.append(param_types(function, names, optional))
        return resolved[0]

    def call(bound: inspect.BoundArguments, context: Context) -> Any:
        for key, value in bound.arguments.items():
            kind = types().get(key)
            if kind is not None:
                try:
                    bound.arguments[key] = kind.convert(value, key)
                except ParameterError as exc:
                    raise ParameterError(key, f"{name}: {exc}") from None
        extra = {"context": context} if wants_context else {}
        return function(*bound.args, **bound.kwargs, **extra)

    examples = [e for e in doc.examples if "return" in e]
    return ApiMethod(name, doc.description, params, call, examples=examples, signature=signature, types=types)


def helps(registry: Registry) -> dict:
    """Each component of ``registry`` by name with its help: what a ``list.*`` method returns."""
    return {spec.name: component_help(spec) for spec in registry}


def _constant(name: str, description: str, returns: str, value: Callable[[], Any]) -> ApiMethod:
    return ApiMethod(name, description, [], lambda bound, context: value(), returns=returns)


def build_methods(registries: Registries, warn: Callable[[str], None] = lambda message: None) -> dict:
    """Every method, by name, in the order ``help`` lists them."""
    methods: dict = {}

    def add(method: ApiMethod) -> None:
        if method.name in methods:
            warn(f"API method {method.name!r} is already defined; the later one is ignored")
        else:
            methods[method.name] = method

    add(_constant("version", "The version of benchmarkstt", "the version string", lambda: __version__))
    makers = {"normalization": normalization_method, "metrics": metric_method, "benchmark": benchmark_method}
    for prefix, kind in LISTS:
        add(
            _constant(
                f"list.{prefix}",
                f"The available {prefix} methods with their descriptions",
                "an object: name -> description",
                partial(helps, registries[kind]),
            )
        )
        for spec in registries[kind]:
            try:
                add(makers[prefix](spec))
            except ValueError as exc:  # a parameter named like one the API adds
                warn(f"no API method for {spec.kind[:-1]} {spec.name!r}: {exc}")
    for name, function in registries.api_methods.items():
        try:
            add(plugin_method(name, function))
        except (TypeError, ValueError) as exc:
            warn(f"API method {name!r} ignored: {exc}")
    add(
        _constant(
            "help",
            "Every method with its help",
            "an object: method name -> help",
            lambda: {name: method.help() for name, method in methods.items()},
        )
    )
    return methods
