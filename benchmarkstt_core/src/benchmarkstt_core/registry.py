"""One :class:`Registry` per kind of component, and the :class:`ComponentSpec` derived from a class.

A component is a class. Its name is its ``name`` attribute or its lower-cased class name;
``__init__`` parameters without a default are required, the others optional; a keyword-only
``context`` parameter receives the :class:`~benchmarkstt_core.context.Context`. The
docstring's description, ``:param x:`` and ``:example x:`` lines are its help.

Design: :meth:`ComponentSpec.from_class` is the one place that reads a class's signature
and docstring. A component registered by name and import path is a :class:`LazyComponentSpec`:
its name is known at once, and its class is imported and handed to ``from_class`` only when
something asks for more than the name (help, a check of the values, a call), so that a run
imports only the component modules it uses.

:example:
    >>> class Shout:
    ...     '''Upper-case the text.
    ...
    ...     :param times: how many exclamation marks
    ...     '''
    ...     def __init__(self, times=1): ...
    ...     def normalize(self, text): ...
    >>> spec = ComponentSpec.from_class("normalizer", Shout)
    >>> spec.name, spec.usage, spec.max_args
    ('shout', '[times]', 1)
"""

from __future__ import annotations

import inspect
from importlib import import_module
from typing import TYPE_CHECKING, Any, Callable, Iterator, NamedTuple, Sequence

from .docblock import Docblock, parse
from .errors import BenchmarkSTTError, ComponentValueError, ParameterError, UnknownComponentError, UsageError
from .params import param_types, show_value

if TYPE_CHECKING:
    from .context import Context

KINDS = (
    "inputs",
    "normalizers",
    "segmenters",
    "differs",
    "metrics",
    "outputs",
    "diff_dialects",
    "tool_commands",
    "engines",
)


def load_object(value: str) -> Any:
    """The object ``module[:attr.attr]`` names, imported (extras in brackets are ignored).

    :example:
        >>> load_object("os.path:join").__name__
        'join'
    """
    module, _, attrs = value.partition("[")[0].partition(":")
    obj = import_module(module.strip())
    for attr in filter(None, attrs.strip().split(".")):
        obj = getattr(obj, attr)
    return obj


class Param(NamedTuple):
    """One constructor parameter of a component."""

    name: str
    required: bool
    default: Any
    doc: str


def component_name(cls: type) -> str:
    """The name a class is registered under: its ``name`` attribute, else its lower-cased class name."""
    name = cls.__dict__.get("name")
    return name if isinstance(name, str) and name else cls.__name__.lower()


class ComponentSpec:
    """Everything the CLI, the API and the help need to know about one component class."""

    def __init__(
        self,
        kind: str,
        cls: type | None,
        name: str,
        params: list,
        doc: Docblock,
        wants_context: bool,
        plugin: str | None = None,
        where: str | None = None,
    ):
        self.kind = kind
        self._cls = cls
        self.where = where if cls is None else f"{cls.__module__}:{cls.__qualname__}"
        self.name = name
        self.params = params
        self.doc = doc
        self.wants_context = wants_context
        self.plugin = plugin

    @property
    def cls(self) -> type:
        """The component's class; a spec made without one imports it on first use from
        :attr:`where` (``module:QualName``)."""
        if self._cls is None:
            if self.where is None:
                raise BenchmarkSTTError(f"{self.kind[:-1].replace('_', ' ')} {self.name!r} has no class")
            try:
                self._cls = load_object(self.where)
            except Exception as exc:
                raise BenchmarkSTTError(
                    f"{self.kind[:-1].replace('_', ' ')} {self.name!r} of plugin {self.plugin!r} cannot be "
                    f"imported from {self.where!r}: {type(exc).__name__}: {exc}"
                ) from exc
        return self._cls

    @classmethod
    def from_class(cls, kind: str, klass: type, plugin: str | None = None) -> "ComponentSpec":
        """Derive the spec of ``klass``: name, parameters and help."""
        doc = parse(klass.__dict__.get("__doc__") or inspect.getdoc(klass))
        params: list[Param] = []
        wants_context = False
        init = klass.__init__  # type: ignore[misc]  # the class's own, not an instance's
        if init is not object.__init__:
            for p in list(inspect.signature(init).parameters.values())[1:]:
                if p.kind == p.KEYWORD_ONLY:
                    wants_context = wants_context or p.name == "context"
                elif p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                    required = p.default is p.empty
                    params.append(Param(p.name, required, None if required else p.default, doc.params.get(p.name, "")))
        return cls(kind, klass, component_name(klass), params, doc, wants_context, plugin)

    @property
    def min_args(self) -> int:
        """How many values the component needs."""
        return sum(1 for p in self.params if p.required)

    @property
    def max_args(self) -> int:
        """How many values the component takes at most."""
        return len(self.params)

    @property
    def usage(self) -> str:
        """The values as shown in a usage line: ``search replace`` or ``[mode] [differ_class]``."""
        return " ".join(p.name if p.required else f"[{p.name}]" for p in self.params)

    @property
    def description(self) -> str:
        """The first paragraph-free description of the docstring."""
        return self.doc.description

    def check_args(self, args: Sequence[Any]) -> None:
        """Raise :class:`UsageError` unless ``args`` fits the parameters in number."""
        n = len(args)
        if not self.min_args <= n <= self.max_args:
            if self.min_args == self.max_args:
                want = f"{self.min_args} argument{'s' if self.min_args != 1 else ''}"
            else:
                want = f"between {self.min_args} and {self.max_args} arguments"
            raise UsageError(f"{self.name} takes {want} ({self.usage or 'none'}), got {n}")

    @property
    def types(self) -> dict:
        """Each parameter's :class:`~benchmarkstt_core.params.ParamType` (``None`` when it is
        untyped), read from the class's annotations on first use."""
        types = self.__dict__.get("_types")
        if types is None:
            types = {}
            if self.params:
                optional = [p.name for p in self.params if not p.required and p.default is None]
                types = param_types(self.cls.__init__, [p.name for p in self.params], optional)  # type: ignore[misc]
            self.__dict__["_types"] = types
        return types

    @property
    def path_params(self) -> list:
        """The parameters that name files or folders (annotated as paths)."""
        types = self.types
        return [p.name for p in self.params if types.get(p.name) is not None and types[p.name].path]

    def convert(
        self, args: Sequence[Any] = (), kwargs: dict | None = None, where: str | None = None
    ) -> tuple[list, dict]:
        """``args`` and ``kwargs`` converted by the parameters' types (texts parsed, values of
        the right type kept); a value that does not fit raises
        :class:`~benchmarkstt_core.errors.ParameterError` as ``WHERE: PARAM expects ...``
        (``where`` defaults to the component's name)."""
        kwargs = dict(kwargs or {})
        if not self.params:
            return list(args), kwargs
        types = self.types
        try:
            converted = [
                v if types.get(p.name) is None else types[p.name].convert(v, p.name) for p, v in zip(self.params, args)
            ]
            for name, value in kwargs.items():
                if types.get(name) is not None:
                    kwargs[name] = types[name].convert(value, name)
        except ParameterError as exc:
            raise ParameterError(exc.parameter, f"{where or self.name}: {exc}") from None
        return converted + list(args[len(converted) :]), kwargs

    def create(self, args: Sequence[Any] = (), kwargs: dict | None = None, context: Context | None = None) -> Any:
        """Instantiate the component with positional ``args`` and keyword ``kwargs``, converted
        by the parameters' types (:meth:`convert`). A constructor that refuses its values with
        a ``ValueError`` or the like raises :class:`~benchmarkstt_core.errors.ComponentValueError`
        naming the component (the user's mistake, not the program's), and the parameter and its
        value when it was given only one: with several, which one it refused is not known.

        :example:
            >>> import re
            >>> class Pattern:
            ...     def __init__(self, search, flags=""):
            ...         self.pattern = re.compile(search, re.I if "i" in flags else 0)
            >>> ComponentSpec.from_class("normalizers", Pattern).create(["(a"])
            Traceback (most recent call last):
            ...
            benchmarkstt_core.errors.ComponentValueError: pattern: search '(a': missing ), unterminated subpattern at position 0
            >>> ComponentSpec.from_class("normalizers", Pattern).create(["(a", "i"])
            Traceback (most recent call last):
            ...
            benchmarkstt_core.errors.ComponentValueError: pattern: missing ), unterminated subpattern at position 0
        """
        if not kwargs:
            self.check_args(args)
        given = list(zip((p.name for p in self.params), args)) + list((kwargs or {}).items())
        args, kwargs = self.convert(args, kwargs)
        if self.wants_context:
            kwargs["context"] = context
        try:
            return self.cls(*args, **kwargs)
        except Exception as exc:
            if ComponentValueError.refuses(exc):
                raise ComponentValueError(self.name, exc, _argument(given)) from exc
            raise

    def __repr__(self) -> str:
        return f"<{self.kind[:-1]} {self.name!r} from {self.plugin or '?'}>"


def _argument(given: list) -> str:
    """The one ``(parameter, value)`` pair a constructor was given as ``PARAM VALUE``; empty
    for none or several."""
    if len(given) != 1:
        return ""

    name, value = given[0]
    return f"{name} {show_value(value)}"


class LazyComponentSpec(ComponentSpec):
    """A component registered by name and import path (``module:QualName``).

    Its kind, name, plugin and :attr:`where` are known at once, and its :attr:`description`
    when the plugin declared it; anything else (parameters, help, the class) comes from
    :meth:`ComponentSpec.from_class` on the class, imported on the first such use.

    :example:
        >>> spec = LazyComponentSpec("normalizers", "string:Template", "template", description="A template.")
        >>> spec.description, spec._cls is None, spec.usage, spec._cls.__name__
        ('A template.', True, 'template', 'Template')
    """

    def __init__(self, kind: str, where: str, name: str, plugin: str | None = None, description: str | None = None):
        super().__init__(kind, None, name, [], Docblock("", {}, []), False, plugin, where)
        del self.params, self.doc, self.wants_context  # read from the class on first use
        self._spec: ComponentSpec | None = None
        self._description = description

    @property
    def description(self) -> str:
        """The description the plugin declared, else the class docstring's."""
        return self.doc.description if self._description is None else self._description

    def __getattr__(self, attr: str) -> Any:
        # only called for what __init__ did not set: what from_class derives from the class,
        # kept once derived (a corpus makes an input per file: each reads them)
        if attr.startswith("_"):
            raise AttributeError(attr)
        if self._spec is None:
            spec = self._spec = ComponentSpec.from_class(self.kind, self.cls, self.plugin)
            self.params, self.doc, self.wants_context = spec.params, spec.doc, spec.wants_context
        return getattr(self._spec, attr)


class Registry:
    """The components of one kind, by name (names are case-insensitive).

    :param kind: the kind, e.g. ``metrics``
    :param warn: called with a message when a name is registered twice (first one wins)
    """

    def __init__(self, kind: str, warn: Callable[[str], None] | None = None):
        self.kind = kind
        self._specs: dict[str, ComponentSpec] = {}
        self._warn = warn or (lambda message: None)

    def add(self, klass: type, plugin: str | None = None) -> ComponentSpec | None:
        """Register a component class; return its spec, or ``None`` when its name was taken."""
        return self.add_spec(ComponentSpec.from_class(self.kind, klass, plugin))

    def add_spec(self, spec: ComponentSpec) -> ComponentSpec | None:
        """Register a component by its spec; return it, or ``None`` when its name was taken."""
        key = spec.name.lower()
        if key in self._specs:
            other = self._specs[key]
            loaded = other._cls is not None and spec._cls is not None
            if (other._cls is not spec._cls) if loaded else (other.where != spec.where):
                self._warn(
                    f"{self.kind[:-1]} {spec.name!r} from plugin {spec.plugin!r} ignored: "
                    f"the name is already used by plugin {other.plugin!r}"
                )
            return None
        self._specs[key] = spec
        return spec

    def get(self, name: str) -> ComponentSpec:
        """The spec registered as ``name``; :class:`UnknownComponentError` if there is none."""
        try:
            return self._specs[name.lower()]
        except (KeyError, AttributeError):
            from .plugins import missing_standard_note

            known = ", ".join(self.names()) or "none installed"
            raise UnknownComponentError(
                f"unknown {self.kind[:-1].replace('_', ' ')} {name!r} (known: {known}){missing_standard_note()}"
            ) from None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._specs

    def __iter__(self) -> Iterator[ComponentSpec]:
        return iter(sorted(self._specs.values(), key=lambda s: s.name))

    def __len__(self) -> int:
        return len(self._specs)

    def names(self) -> list[str]:
        """The registered names, sorted."""
        return [s.name for s in self]


class Registries:
    """The registries of every kind, as attributes (``registries.metrics``), and the extra
    API methods plugins register (``api_methods``: name -> function, asked of
    ``api_methods`` on first use)."""

    inputs: Registry
    normalizers: Registry
    segmenters: Registry
    differs: Registry
    metrics: Registry
    outputs: Registry
    diff_dialects: Registry
    tool_commands: Registry
    engines: Registry

    def __init__(self, warn: Callable[[str], None] | None = None, api_methods: Callable[[], dict] | None = None):
        for kind in KINDS:
            setattr(self, kind, Registry(kind, warn))
        self._api_methods_of = api_methods or dict
        self._api_methods: dict[str, Callable] | None = None

    @property
    def api_methods(self) -> dict:
        """The extra JSON-RPC methods of the plugins, by name."""
        if self._api_methods is None:
            self._api_methods = self._api_methods_of()
        return self._api_methods

    def __getitem__(self, kind: str) -> Registry:
        if kind not in KINDS:
            raise KeyError(kind)
        return getattr(self, kind)
