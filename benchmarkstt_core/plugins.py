"""Finding, loading and listing plugins: :func:`make_plugin_manager` builds a :class:`PluginHost`.

Plugins come from, in this order (the first to register a name keeps it): the core's own
builtins, the ``benchmarkstt`` entry points of installed distributions (sorted by name),
then modules named with ``--load``. A broken entry point costs one warning, never the tool.

Environment:

* ``BENCHMARKSTT_DISABLE_PLUGINS=a,b`` skips these entry points (plugin or distribution
  names) before importing them; ``*`` skips them all.
* ``BENCHMARKSTT_PLUGIN_ERRORS=raise`` re-raises a plugin's error with its traceback.

:example:
    >>> host = make_plugin_manager()
    >>> "benchmarkstt_core.builtin" in [r.name for r in host.records]
    True
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterable

from . import hookspecs
from .errors import PluginLoadError
from .registry import KINDS, Registries

if TYPE_CHECKING:  # pragma: no cover
    import pluggy

GROUP = "benchmarkstt"
BUILTIN_PLUGINS = ("benchmarkstt_core.builtin",)
ENV_DISABLE = "BENCHMARKSTT_DISABLE_PLUGINS"
ENV_ERRORS = "BENCHMARKSTT_PLUGIN_ERRORS"

# duck-typed classes of a --load module without hookimpls: method name -> kind
_DUCK_KINDS = (("normalize", "normalizers"), ("compare", "metrics"))


class PluginRecord:
    """What the host knows about one plugin: where it came from and what it registered."""

    def __init__(self, name: str, distribution: str, version: str, origin: str):
        self.name = name
        self.distribution = distribution
        self.version = version
        self.origin = origin
        self.status = "ok"
        self.errors: list[str] = []
        self.components: dict[str, list[str]] = {}

    def as_dict(self) -> dict:
        """This record as plain data (for ``benchmarkstt-tools plugins --json``)."""
        return {"name": self.name, "distribution": self.distribution, "version": self.version,
                "origin": self.origin, "status": self.status, "components": self.components,
                "errors": self.errors}

    @classmethod
    def from_dict(cls, data: dict) -> "PluginRecord":
        """The record :meth:`as_dict` gave."""
        record = cls(data["name"], data["distribution"], data["version"], data["origin"])
        record.status, record.errors, record.components = data["status"], data["errors"], data["components"]
        return record


class Host:
    """What every plugin host has: the plugins' records and the warnings for the user."""

    def __init__(self, strict: bool):
        self.strict = strict
        self.records: list[PluginRecord] = []
        self.messages: list[str] = []

    def warn(self, message: str) -> None:
        """Keep a warning for the user; the CLI prints these on stderr."""
        self.messages.append(message)

    def record(self, name: str) -> PluginRecord | None:
        """The record of the plugin registered as ``name``."""
        return next((r for r in self.records if r.name == name), None)


class PluginHost(Host):
    """A plugin manager with its plugins loaded, their records and the registries they fill."""

    def __init__(self, pm: pluggy.PluginManager, strict: bool):
        super().__init__(strict)
        self.pm = pm
        self._registries: Registries | None = None

    @property
    def hook(self) -> Any:
        """The hook caller (``host.hook.infer_input_type(path=...)``)."""
        return self.pm.hook

    def _fail(self, record: PluginRecord, stage: str, exc: BaseException) -> None:
        import traceback

        record.status = "failed"
        record.errors.append(f"{stage}: {type(exc).__name__}: {exc}\n{traceback.format_exc()}")
        self.warn(f"plugin {record.name!r} ({record.distribution} {record.version}) failed to {stage}: "
                  f"{type(exc).__name__}: {exc} - run 'benchmarkstt-tools plugins' for details, "
                  f"{ENV_ERRORS}=raise for a traceback, {ENV_DISABLE}={record.name} to silence.")

    @property
    def registries(self) -> Registries:
        """Every component the plugins registered, built on first use."""
        if self._registries is None:
            self._registries = self._build_registries()
        return self._registries

    def _build_registries(self) -> Registries:
        registries = Registries(self.warn, self.api_methods)
        for kind in KINDS:
            self._collect(kind, registries[kind].add)
        return registries

    def api_methods(self) -> dict:
        """The functions plugins register as extra JSON-RPC methods, by name."""
        methods: dict[str, Callable] = {}
        for impl in self.pm.hook.register_api_methods.get_hookimpls():
            def add_method(name: str, function: Callable) -> None:
                if name in methods:
                    self.warn(f"API method {name!r} from plugin {impl.plugin_name!r} ignored: already registered")
                else:
                    methods[name] = function
            self._call_impl(impl, "register API methods", register=add_method, host=self)
        return methods

    def _collect(self, kind: str, add: Callable) -> None:
        for impl in getattr(self.pm.hook, "register_" + kind).get_hookimpls():
            record = self.record(impl.plugin_name)

            def register(klass: type, _plugin: str = impl.plugin_name, _record=record) -> None:
                spec = add(klass, _plugin)
                if spec is not None and _record is not None:
                    _record.components.setdefault(kind, []).append(spec.name)

            self._call_impl(impl, f"register {kind.replace('_', ' ')}", register=register)

    def _call_impl(self, impl: Any, stage: str, **kwargs: Any) -> None:
        try:
            impl.function(**{name: kwargs[name] for name in impl.argnames})
        except Exception as exc:
            if self.strict:
                raise
            record = self.record(impl.plugin_name)
            if record is not None:
                self._fail(record, stage, exc)


def _distribution_of(ep: Any) -> tuple[str, str]:
    dist = getattr(ep, "dist", None)
    if dist is None:
        return "?", "?"
    return dist.metadata["Name"], dist.version


def entry_points() -> list:
    """The `benchmarkstt` entry points of the installed distributions, sorted by name.

    They are read straight from the metadata folders on ``sys.path`` (:mod:`.entrypoints`,
    25 ms faster than importing importlib.metadata); importlib.metadata reads the layouts
    that plain reading does not.
    """
    from .entrypoints import scan

    found = scan(GROUP)
    if found is not None:
        return sorted(found, key=lambda ep: ep.name)
    if sys.version_info >= (3, 10):
        from importlib.metadata import entry_points as select
    else:  # pragma: no cover - Python 3.9
        from importlib_metadata import entry_points as select
    return sorted(select(group=GROUP), key=lambda ep: ep.name)


def _register(host: PluginHost, plugin: Any, record: PluginRecord) -> None:
    host.records.append(record)
    try:
        host.pm.register(plugin, name=record.name)
    except Exception as exc:
        if host.pm.get_plugin(record.name) is not None:
            host.pm.unregister(name=record.name)
        if host.strict:
            raise
        host._fail(record, "register", exc)


def _duck_plugin(module: Any) -> Any:
    """A plugin that registers the classes of a module without hookimpls, by duck typing."""
    import inspect

    found: dict[str, list[type]] = {}
    for _, klass in inspect.getmembers(module, inspect.isclass):
        if klass.__module__ != module.__name__:
            continue
        for method, kind in _DUCK_KINDS:
            if callable(getattr(klass, method, None)):
                found.setdefault(kind, []).append(klass)

    class DuckPlugin:
        @hookspecs.hookimpl
        def register_normalizers(self, register: Callable) -> None:
            for klass in found.get("normalizers", ()):
                register(klass)

        @hookspecs.hookimpl
        def register_metrics(self, register: Callable) -> None:
            for klass in found.get("metrics", ()):
                register(klass)

    return DuckPlugin()


def _has_hookimpls(module: Any) -> bool:
    markers = (hookspecs.hookimpl.attribute, hookspecs.PROJECT + "_impl")
    return any(hasattr(value, marker) for value in vars(module).values() if callable(value) for marker in markers)


def _marker_options(obj: Any, name: str, marker: hookspecs.Marker) -> dict | None:
    try:
        options = getattr(getattr(obj, name), marker.attribute, None)
    except Exception:
        return None
    return options if isinstance(options, dict) else None


def _plugin_manager() -> pluggy.PluginManager:
    """pluggy's plugin manager for the hooks of :mod:`.hookspecs`, reading their markers."""
    import pluggy

    def as_pluggy(marker: Any, options: dict, suffix: str) -> dict:
        def probe() -> None:
            """Carries the options pluggy's own marker sets."""
        marker(probe, **options)
        return getattr(probe, hookspecs.PROJECT + suffix)

    class PluginManager(pluggy.PluginManager):
        def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
            options = super().parse_hookimpl_opts(plugin, name)
            ours = None if options is not None else _marker_options(plugin, name, hookspecs.hookimpl)
            return options if ours is None else as_pluggy(pluggy.HookimplMarker(hookspecs.PROJECT), ours, "_impl")

        def parse_hookspec_opts(self, module_or_class: Any, name: str) -> Any:
            options = super().parse_hookspec_opts(module_or_class, name)
            ours = None if options is not None else _marker_options(module_or_class, name, hookspecs.hookspec)
            return options if ours is None else as_pluggy(pluggy.HookspecMarker(hookspecs.PROJECT), ours, "_spec")

    pm = PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def load_module(host: PluginHost, module_name: str) -> None:
    """Import ``module_name`` (the working directory first on the path) and register it.

    Raises :class:`PluginLoadError` when it cannot be imported: the user asked for it.
    """
    cwd = os.getcwd()
    added = cwd not in sys.path
    if added:
        sys.path.insert(0, cwd)
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:
        raise PluginLoadError(f"--load {module_name}: cannot import it: {type(exc).__name__}: {exc}") from exc
    finally:
        if added:
            sys.path.remove(cwd)
    plugin = module if _has_hookimpls(module) else _duck_plugin(module)
    name = f"--load {module_name}"
    if host.pm.has_plugin(name):
        return
    record = PluginRecord(name, module_name, "-", getattr(module, "__file__", None) or module_name)
    _register(host, plugin, record)
    if record.status != "ok":
        raise PluginLoadError(f"--load {module_name}: {record.errors[-1].splitlines()[0]}")


def make_plugin_manager(load: Iterable[str] = (), autoload: bool = True,
                        strict: bool | None = None, builtins: Iterable[str] = BUILTIN_PLUGINS) -> PluginHost:
    """Build a fresh :class:`PluginHost`: builtins, then entry points, then ``load`` modules.

    :param load: module names to import from the working directory (``--load``)
    :param autoload: whether to load the ``benchmarkstt`` entry points
    :param strict: re-raise plugin errors (default: ``BENCHMARKSTT_PLUGIN_ERRORS=raise``)
    :param builtins: modules registered before anything else
    """
    if strict is None:
        strict = os.environ.get(ENV_ERRORS, "").lower() == "raise"
    pm = _plugin_manager()
    host = PluginHost(pm, strict)
    for module_name in builtins:
        module = importlib.import_module(module_name)
        _register(host, module, PluginRecord(module_name, "benchmarkstt-core", _core_version(), "builtin"))
    disabled = {n.strip() for n in os.environ.get(ENV_DISABLE, "").split(",") if n.strip()}
    if autoload and "*" not in disabled:
        for ep in entry_points():
            dist, version = _distribution_of(ep)
            if {ep.name, dist} & disabled:
                continue
            record = PluginRecord(ep.name, dist, version, ep.value)
            if pm.has_plugin(ep.name):
                host.warn(f"plugin name {ep.name!r} from {dist} is already used; skipped")
                continue
            try:
                plugin = ep.load()
            except Exception as exc:
                if strict:
                    raise
                host.records.append(record)
                host._fail(record, "load", exc)
                continue
            _register(host, plugin, record)
    for module_name in load:
        load_module(host, module_name)
    return host


def _core_version() -> str:
    from .__meta__ import __version__
    return __version__
