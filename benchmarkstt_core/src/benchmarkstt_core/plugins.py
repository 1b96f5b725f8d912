"""Finding, loading and listing plugins: :func:`make_plugin_manager` builds a :class:`PluginHost`.

Plugins come from, in this order: the core's own builtins, the ``benchmarkstt`` entry points
of installed distributions (sorted by name), then modules named with ``--load``. A broken
entry point costs one warning, never the tool.

Design notes:

* One host class, :class:`PluginHost`: pluggy's plugin manager with the plugins' records
  and the registries they fill. Nothing is cached between runs: what a run needs of the
  plugins is cheap because registration can be lazy (a component registered by name and
  import path is imported only when used, :class:`~benchmarkstt_core.registry.LazyComponentSpec`).
* Who answers to a name does not depend on load order: the registrations of every plugin
  are gathered, then decided by :mod:`.precedence` (standard components keep their names
  unless one plugin declares ``override=True``; clashing third parties are both left out).
* Each plugin is checked when it is registered: a hook implementation whose name is no
  hook of :mod:`.hookspecs` (``register_metric``), or ``tryfirst``/``trylast``/wrappers on a
  ``register_*`` hook, fail that plugin with a message naming the hook.
* The ``register_*`` hooks are called one implementation at a time, so that a failing one
  loses only its own plugin's components, and every component is credited to its plugin.

Environment:

* ``BENCHMARKSTT_DISABLE_PLUGINS=a,b`` skips these entry points (plugin or distribution
  names) before importing them; ``*`` skips them all.
* ``BENCHMARKSTT_PLUGIN_ERRORS=raise`` re-raises a plugin's error with its traceback.

:example:
    >>> host = make_plugin_manager()
    >>> "benchmarkstt_core.builtin" in [r.name for r in host.records]
    True
    >>> host.record("benchmarkstt_core.builtin").standard
    True
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import sys
from typing import Any, Callable, Iterable

import pluggy

from . import hookspecs
from .__meta__ import __version__
from .errors import PluginLoadError
from .precedence import ENV_DISABLE, Claim, resolve
from .registry import KINDS, ComponentSpec, LazyComponentSpec, Registries

# every run reads the entry points: before 3.13 the standard library's importlib.metadata
# imports email, csv and json at its own import, the importlib_metadata backport when first
# needed (and 3.9's has no selectable entry points)
if sys.version_info >= (3, 13):
    from importlib.metadata import PackageNotFoundError, requires, version
    from importlib.metadata import entry_points as installed
else:  # pragma: no cover - Python 3.9 to 3.12
    from importlib_metadata import PackageNotFoundError, requires, version
    from importlib_metadata import entry_points as installed

GROUP = "benchmarkstt"
BUILTIN_PLUGINS = ("benchmarkstt_core.builtin",)
ENV_ERRORS = "BENCHMARKSTT_PLUGIN_ERRORS"

#: A distribution of this project says in its own metadata that it is standard: an entry point
#: in this group (``my_plugin = my_plugin.plugin``) beside its plugin's.
#: Standard components keep their names against third-party plugins (:mod:`.precedence`).
STANDARD_GROUP = "benchmarkstt.standard"

# duck-typed classes of a --load module without hookimpls: method name -> kind
_DUCK_KINDS = (("normalize", "normalizers"), ("compare", "metrics"))


class PluginRecord:
    """What the host knows about one plugin: where it came from, whether it is standard, what
    it registered, overrode or lost to another plugin, and what failed."""

    def __init__(self, name: str, distribution: str, version: str, origin: str, standard: bool = False):
        self.name = name
        self._about = (distribution, version)
        self.origin = origin
        self.standard = standard
        self.status = "ok"
        self.errors: list[str] = []
        #: what failed, in one line (``failed to load: ModuleNotFoundError: ...``); empty while it works
        self.failure = ""
        self.components: dict[str, list[str]] = {}
        self.overrides: list[str] = []
        self.ignored: list[str] = []
        self.clashes: list[str] = []

    @property
    def distribution(self) -> str:
        """The name of the plugin's distribution (``?`` when it is not known)."""
        return self.about()[0]

    @property
    def version(self) -> str:
        """The version of the plugin's distribution (``-`` for a ``--load`` module, ``?`` when
        it is not known)."""
        return self.about()[1]

    def about(self) -> tuple:
        """``(distribution, version)``."""
        return self._about

    def as_dict(self) -> dict:
        """This record as plain data (for ``benchmarkstt-tools plugins --json``)."""
        return {
            "name": self.name,
            "distribution": self.distribution,
            "version": self.version,
            "origin": self.origin,
            "standard": self.standard,
            "status": self.status,
            "components": self.components,
            "overrides": self.overrides,
            "ignored": self.ignored,
            "clashes": self.clashes,
            "errors": self.errors,
        }


class EntryPointRecord(PluginRecord):
    """The record of a plugin found through an entry point: its distribution's name and version
    are read from the distribution's metadata when first asked for (a listing, an error), not
    on every run (parsing the metadata of every distribution takes a few milliseconds).

    :example:
        >>> plugins, standard = entry_points()
        >>> record = EntryPointRecord(plugins[0], standard=plugins[0].dist in standard)
        >>> record.about() == (plugins[0].dist.metadata["Name"], plugins[0].dist.metadata["Version"])
        True
    """

    def __init__(self, ep: Any, standard: bool):
        super().__init__(ep.name, "?", "?", ep.value, standard)
        self._dist = ep.dist

    def about(self) -> tuple:
        if self._dist is not None:
            metadata = self._dist.metadata  # parsed at each access: once for both fields
            self._about, self._dist = (metadata["Name"], metadata["Version"]), None
        return self._about


class PluginHookError(Exception):
    """A plugin's hook implementation that the host refuses (no such hook, or an option
    that would make the outcome depend on call order)."""


class PluginHost:
    """pluggy's plugin manager with its plugins loaded, their records and the registries they fill.

    :param pm: the plugin manager (:func:`make_plugin_manager` makes one)
    :param strict: re-raise plugin errors instead of recording them
    """

    def __init__(self, pm: pluggy.PluginManager, strict: bool):
        self.pm = pm
        self.strict = strict
        self.records: list[PluginRecord] = []
        self.messages: list[str] = []
        self._registries: Registries | None = None

    def warn(self, message: str) -> None:
        """Keep a warning for the user; the CLI prints these on stderr."""
        self.messages.append(message)

    def record(self, name: str) -> PluginRecord | None:
        """The record of the plugin registered as ``name``."""
        return next((r for r in self.records if r.name == name), None)

    def failures(self) -> list[str]:
        """One line per plugin that failed to load or register, naming its distribution
        (``benchmarkstt-punct failed to load: ModuleNotFoundError: ...``): what the CLI adds to
        an unknown flag or choice, which may be one of theirs."""
        return [
            f"{r.distribution if r.distribution != '?' else r.name} {r.failure}"
            for r in self.records
            if r.status == "failed"
        ]

    @property
    def hook(self) -> pluggy.HookRelay:
        """The hook caller (``host.hook.infer_input_type(path=..., data=None)``)."""
        return self.pm.hook

    def _fail(self, record: PluginRecord, stage: str, exc: BaseException) -> None:
        import traceback  # only for a plugin that failed

        record.status = "failed"
        record.errors.append(f"{stage}: {type(exc).__name__}: {exc}\n{traceback.format_exc()}")
        record.failure = record.failure or f"failed to {stage}: {type(exc).__name__}: {exc}".splitlines()[0]
        self.warn(
            f"plugin {record.name!r} ({record.distribution} {record.version}) failed to {stage}: "
            f"{type(exc).__name__}: {exc} - run 'benchmarkstt-tools plugins' for details, "
            f"{ENV_ERRORS}=raise for a traceback, {ENV_DISABLE}={record.name} to silence."
        )

    @property
    def registries(self) -> Registries:
        """Every component the plugins registered, built on first use."""
        if self._registries is None:
            self._registries = self._build_registries()
        return self._registries

    def _build_registries(self) -> Registries:
        registries = Registries(self.warn, self.api_methods)
        for kind in KINDS:
            claims: list[Claim] = []
            # a kind whose hook a plugin declares (the engines plugin's register_engines) has no
            # hook caller when no plugin implements it and that plugin is not installed
            caller = getattr(self.pm.hook, "register_" + kind, None)
            for impl in caller.get_hookimpls() if caller is not None else ():
                claims.extend(self._claims(kind, impl))
            for spec in resolve(kind, claims, self.warn):
                registries[kind].add_spec(spec)
                record = self.record(spec.plugin) if spec.plugin else None
                if record is not None:
                    record.components.setdefault(kind, []).append(spec.name)
        return registries

    def _claims(self, kind: str, impl: pluggy.HookImpl) -> list:
        """What one plugin's ``register_KIND`` registers; nothing when it fails."""
        record = self.record(impl.plugin_name) or PluginRecord(impl.plugin_name, "?", "?", "?")
        claims: list[Claim] = []

        def register(
            component: type | str, name: str | None = None, override: bool = False, description: str | None = None
        ) -> None:
            claims.append(Claim(make_spec(kind, component, name, record.name, description), record, bool(override)))

        if self._call_impl(impl, f"register {kind.replace('_', ' ')}", register=register):
            return claims
        return []

    def api_methods(self) -> dict:
        """The functions plugins register as extra JSON-RPC methods, by name; a name that two
        plugins register is left out, with a warning naming both."""
        methods: dict[str, tuple[str, Callable]] = {}
        clashing: set[str] = set()
        for impl in self.pm.hook.register_api_methods.get_hookimpls():
            found: list[tuple[str, Callable]] = []
            if not self._call_impl(
                impl,
                "register API methods",
                register=lambda name, function, found=found: found.append((name, function)),
                host=self,
            ):
                continue
            for name, function in found:
                if name in methods and methods[name][1] is not function:
                    self.warn(
                        f"API method {name!r} is registered by plugins {methods[name][0]!r} and "
                        f"{impl.plugin_name!r}, so neither is used: disable one with {ENV_DISABLE}"
                    )
                    clashing.add(name)
                methods.setdefault(name, (impl.plugin_name, function))
        return {name: function for name, (_, function) in methods.items() if name not in clashing}

    def _call_impl(self, impl: pluggy.HookImpl, stage: str, **kwargs: Any) -> bool:
        """Call one hook implementation with the arguments it takes; ``False`` when it failed."""
        try:
            impl.function(**{name: kwargs[name] for name in impl.argnames})
        except Exception as exc:
            if self.strict:
                raise
            record = self.record(impl.plugin_name)
            if record is not None:
                self._fail(record, stage, exc)
            return False
        return True


def make_spec(
    kind: str, component: type | str, name: str | None, plugin: str, description: str | None = None
) -> ComponentSpec:
    """The spec of what a plugin passed to ``register``: a class, or ``"module:QualName"``
    with its ``name`` (registered lazily: imported when first used) and optionally its
    ``description`` (the class docstring's, which the help shows without importing it).

    :example:
        >>> make_spec("metrics", "my_plugin.metrics:WER", "wer", "demo")
        <metric 'wer' from demo>
        >>> make_spec("metrics", "my_plugin.metrics:WER", None, "demo")
        Traceback (most recent call last):
        ...
        TypeError: register('my_plugin.metrics:WER') needs the component's name: register('my_plugin.metrics:WER', name='...')
    """
    if isinstance(component, str):
        module, colon, attr = component.partition(":")
        if not (module and colon and attr):
            raise TypeError(f"register({component!r}): an import path is 'module:QualName'")
        if not isinstance(name, str) or not name:
            raise TypeError(f"register({component!r}) needs the component's name: register({component!r}, name='...')")
        return LazyComponentSpec(kind, component, name, plugin, description)
    if not isinstance(component, type):
        raise TypeError(f"register() takes a class or 'module:QualName', not {component!r}")
    spec = ComponentSpec.from_class(kind, component, plugin)
    if name is not None:
        spec.name = name
    return spec


#: the distribution of the standard install (``pip install benchmarkstt``): it requires the core
#: and every standard plugin, so its metadata says which of them a user may be missing
STANDARD_INSTALL = "benchmarkstt"


def missing_standard_note() -> str:
    """What to install when an input, flag, command or component is unknown: the
    distributions that :data:`STANDARD_INSTALL` requires and that are not installed (its
    metadata names them: the core names no plugin), or the standard install itself when it
    is not installed; ``""`` when nothing of it is missing.

    :example:
        >>> missing_standard_note()  # the standard install is complete here
        ''
    """
    try:
        requirements = requires(STANDARD_INSTALL) or []
    except PackageNotFoundError:
        return f" (pip install {STANDARD_INSTALL} installs every standard plugin)"
    missing = []
    for requirement in requirements:
        if "extra ==" in requirement:
            continue
        name = re.match(r"[A-Za-z0-9._-]+", requirement)
        if name is None:
            continue
        try:
            version(name.group(0))
        except PackageNotFoundError:
            missing.append(name.group(0))
    if not missing:
        return ""
    return f" (not installed, of the standard install: {', '.join(missing)}; pip install {' '.join(missing)})"


def entry_points() -> tuple:
    """The ``benchmarkstt`` entry points of the installed distributions, sorted by name, and
    the distributions that say they are standard (:data:`STANDARD_GROUP`): the ``dist`` of their
    entry points, the same objects for both groups of one listing (their metadata is not read).

    :example:
        >>> plugins, standard = entry_points()
        >>> all(ep.group == GROUP for ep in plugins), standard <= {ep.dist for ep in plugins}
        (True, True)
    """
    found = installed()
    standard = {ep.dist for ep in found.select(group=STANDARD_GROUP) if ep.dist is not None}
    return sorted(found.select(group=GROUP), key=lambda ep: ep.name), standard


def _register(host: PluginHost, plugin: Any, record: PluginRecord, unknown: bool = True) -> None:
    """Register ``plugin`` and check its hooks (with ``unknown``, that each is declared: see
    :func:`check_hooks`); a plugin that fails is unregistered and its record says why."""
    host.records.append(record)
    try:
        host.pm.register(plugin, name=record.name)
        check_hooks(host.pm, record.name, unknown)
    except Exception as exc:
        _unregister(host, record, exc)


def _unregister(host: PluginHost, record: PluginRecord, exc: Exception) -> None:
    if host.pm.get_plugin(record.name) is not None:
        host.pm.unregister(name=record.name)
    if host.strict:
        raise exc
    host._fail(record, "register", exc)


def check_declared(host: PluginHost) -> None:
    """Fail the registered plugins that implement a hook no one declared (once every entry
    point is registered: a plugin may implement a hook that a plugin registered after it
    declares, as a third party's ``register_engines`` and the engines plugin)."""
    for record in [r for r in host.records if r.status == "ok" and host.pm.has_plugin(r.name)]:
        try:
            check_hooks(host.pm, record.name)
        except PluginHookError as exc:
            _unregister(host, record, exc)


def check_hooks(pm: pluggy.PluginManager, name: str, unknown: bool = True) -> None:
    """Raise :class:`PluginHookError` for the first hook implementation of plugin ``name``
    that is no hook of :mod:`.hookspecs` nor of a plugin's ``add_hooks`` (pluggy's
    ``check_pending``, for one plugin; only with ``unknown``: the entry points are checked
    for it once all are registered, as one may declare a hook that another, registered
    before it, implements), or that asks a ``register_*`` hook for a place in the calling
    order."""
    plugin = pm.get_plugin(name)
    for caller in pm.get_hookcallers(plugin) or ():
        impls = [impl for impl in caller.get_hookimpls() if impl.plugin is plugin]
        if unknown and caller.spec is None and not all(impl.optionalhook for impl in impls):
            import difflib

            hooks = [n for n, f in vars(hookspecs).items() if hasattr(f, hookspecs.SPEC_ATTRIBUTE)]
            close = difflib.get_close_matches(caller.name, hooks, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise PluginHookError(f"hook {caller.name!r} is no benchmarkstt hook{hint}")
        if caller.name.startswith("register_"):
            for impl in impls:
                options = [o for o in ("tryfirst", "trylast", "wrapper", "hookwrapper") if getattr(impl, o, False)]
                if options:
                    raise PluginHookError(
                        f"hook {caller.name!r}: {'/'.join(options)} is refused on the register hooks "
                        f"(who answers to a name does not depend on calling order: a plugin replaces a "
                        f"standard component with register(..., override=True))"
                    )


def _duck_plugin(module: Any) -> Any:
    """A plugin that registers the classes of a module without hookimpls, by duck typing."""
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
    return any(hasattr(value, hookspecs.IMPL_ATTRIBUTE) for value in vars(module).values() if callable(value))


def _plugin_manager() -> pluggy.PluginManager:
    """pluggy's plugin manager for the hooks of :mod:`.hookspecs` and those the plugins declare
    (``add_hooks``)."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.hook.add_hooks.call_historic(kwargs={"pluginmanager": pm})  # each plugin's hooks, as it registers
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


def make_plugin_manager(
    load: Iterable[str] = (),
    autoload: bool = True,
    strict: bool | None = None,
    builtins: Iterable[str] = BUILTIN_PLUGINS,
) -> PluginHost:
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
        _register(host, module, PluginRecord(module_name, "benchmarkstt-core", __version__, "builtin", standard=True))
    disabled = {n.strip() for n in os.environ.get(ENV_DISABLE, "").split(",") if n.strip()}
    if autoload and "*" not in disabled:
        plugins, standard = entry_points()
        for ep in plugins:
            record = EntryPointRecord(ep, standard=ep.dist in standard)
            if disabled and {ep.name, record.distribution} & disabled:
                continue
            if pm.has_plugin(ep.name):
                host.warn(f"plugin name {ep.name!r} from {record.distribution} is already used; skipped")
                continue
            try:
                plugin = ep.load()
            except Exception as exc:
                if strict:
                    raise
                host.records.append(record)
                host._fail(record, "load", exc)
                continue
            _register(host, plugin, record, unknown=False)
        check_declared(host)
    for module_name in load:
        load_module(host, module_name)
    return host
