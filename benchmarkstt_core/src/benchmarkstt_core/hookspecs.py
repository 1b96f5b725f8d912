"""The hooks a benchmarkstt plugin implements, and the ``hookimpl`` marker to implement them.

A plugin is a module named by an entry point in the group ``benchmarkstt``::

    [options.entry_points]
    benchmarkstt =
        benchmarkstt_punct = benchmarkstt_punct

Its functions marked ``@hookimpl`` and named like a hook below are called by the host; a
marked function whose name is no hook below fails the plugin. The registration hooks
receive a ``register`` callback (:data:`Register`); call it once per component:

* ``register(MyClass)``: the class, read at once;
* ``register("my_plugin.metrics:MyClass", name="mine")``: lazily, by import path and name,
  so that the module is imported only when the component is used or its help is shown;
* either with ``override=True`` to replace a standard component of the same name.

Hook arguments must not have default values (pluggy does not pass those).

:example:
    >>> from benchmarkstt_core.hookspecs import hookimpl
    >>> @hookimpl
    ... def register_metrics(register):
    ...     register(MyMetric)  # doctest: +SKIP
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional

import pluggy

if TYPE_CHECKING:  # pragma: no cover
    from .plugins import PluginHost

PROJECT = "benchmarkstt"


#: pluggy's markers for this project. The options are pluggy's: ``tryfirst``, ``trylast``,
#: ``wrapper``, ``hookwrapper``, ``optionalhook``, ``specname`` for implementations. On the
#: ``register_*`` hooks ``tryfirst``, ``trylast`` and the wrappers are refused (the plugin
#: fails, naming the hook): who answers to a name is decided by :mod:`.precedence`, not by
#: calling order.
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)
#: the attributes pluggy's markers set on a marked function
SPEC_ATTRIBUTE = PROJECT + "_spec"
IMPL_ATTRIBUTE = PROJECT + "_impl"

#: ``register(component, name=None, override=False, description=None)``: ``component`` is a
#: class or ``"module:QualName"`` (then ``name`` is required, and ``description``, the class
#: docstring's description, lets a help list it without importing its module).
Register = Callable[..., None]


@hookspec
def register_inputs(register: Register) -> None:
    """Register input classes (``-rt``/``-ht`` types).

    An input class takes the source (a path or the text itself) as its first parameter and
    has ``read() -> str``.
    """


@hookspec
def register_normalizers(register: Register) -> None:
    """Register normalizer classes; each becomes ``--NAME`` and ``normalization.NAME``.

    A normalizer has ``normalize(text: str) -> str``; subclass
    :class:`benchmarkstt_core.normalization.Normalizer` and implement ``_normalize``.
    """


@hookspec
def register_segmenters(register: Register) -> None:
    """Register segmenter classes that split a text into a :class:`~benchmarkstt_core.schema.Schema`.

    A segmenter has ``segment(text: str) -> Schema``.
    """


@hookspec
def register_differs(register: Register) -> None:
    """Register differ classes, named by a metric's ``differ_class`` parameter.

    A differ is built as ``Differ(a, b)`` on two word lists and has ``get_opcodes()``
    returning difflib-style ``(tag, i1, i2, j1, j2)`` tuples.
    """


@hookspec
def register_metrics(register: Register) -> None:
    """Register metric classes; each becomes ``--NAME``, ``metrics.NAME`` and ``benchmark.NAME``.

    A metric has ``compare(ref: Schema, hyp: Schema)`` and returns a number, a string, a
    mapping or a list.
    """


@hookspec
def register_outputs(register: Register) -> None:
    """Register output formats (``-o NAME``).

    An output has ``render(results) -> str`` where results is a list of ``(title, result)``.
    """


@hookspec
def register_diff_dialects(register: Register) -> None:
    """Register the dialects word diffs and normalization logs are rendered in."""


@hookspec
def register_tool_commands(register: Register) -> None:
    """Register subcommands of ``benchmarkstt-tools``.

    A command class has a ``name``, a docstring (its help), ``add_arguments(parser, host)``
    and ``run(args, host) -> int``.
    """


@hookspec
def add_normalization_arguments(parser: Any, host: PluginHost) -> None:
    """Add arguments to the commands that take normalizer flags (``benchmarkstt`` and
    ``benchmarkstt-tools normalization``): e.g. an option that prints what a normalizer knows
    and exits as ``--help`` does (an :class:`argparse.Action` that ends with ``parser.exit()``,
    so that the command's required arguments are not asked for)."""


@hookspec
def add_benchmark_arguments(parser: Any, host: PluginHost) -> list:
    """Add options to the commands that read and score a reference and hypotheses (``benchmarkstt``,
    ``benchmarkstt-tools metrics`` and ``corpus``) and return their ``dest`` names: the value of
    each becomes the default of every component parameter of that name (e.g. the transcripts
    plugin's ``--sound-labels`` sets its input types' ``sound_labels``)."""
    return []


@hookspec
def check_pair(texts: list, sources: list, metrics: list, warn: Callable[[str], None]) -> None:
    """Look at a reference and a hypothesis once ``benchmarkstt`` and ``benchmarkstt-tools
    metrics`` have read them, and ``warn(message)`` about what looks wrong (the subtitles
    plugin: an engine's output as the reference and subtitles as the hypothesis, swapped?).
    ``texts``: the two texts read (an input type's text may carry attributes of its own, such
    as the transcripts plugin's ``origin``); ``sources``: the reference and the hypothesis as
    the user gave them; ``metrics``: the ``(name, metric)`` pairs that compare them."""


@hookspec(historic=True)
def add_hooks(pluginmanager: pluggy.PluginManager) -> None:
    """Declare the hooks of a plugin family: a plugin that calls hooks other plugins implement
    (the corpus plugin's ``corpus_sources``) declares them here, with
    ``pluginmanager.add_hookspecs(module)`` (``module``'s functions marked with :data:`hookspec`),
    as pytest's ``pytest_addhooks`` does. Called for every plugin as it is registered. A plugin
    that implements another's hook marks its implementation ``@hookimpl(optionalhook=True)``,
    so that it still loads when the plugin that declares the hook is not installed.
    """


@hookspec
def register_api_methods(register: Callable[[str, Callable], None], host: PluginHost) -> None:
    """Register extra JSON-RPC methods: ``register("my.method", function)``."""


@hookspec(firstresult=True)
def infer_input_type(path: str, data: Optional[bytes]) -> Optional[str]:
    """Return the name of the input type that reads ``path``, or ``None`` to let others decide.
    ``data`` is the file's bytes when the caller has read them (``None`` when it has not): an
    implementation that tells the type from the content reads them, not the file again."""
