"""The plugin cache: what the installed plugins register, kept so that a run imports only the
plugins, and the classes, it uses.

Loading every plugin (pluggy, every plugin's modules, every component's docstring and
signature) costs about a third of a short run. After a full load without warnings the
command line writes down what the plugins registered: the records, each component's spec
and the ``module:QualName`` of its class, and, for every other hook, which plugins implement
it, in pluggy's calling order. The next run reads that back as a :class:`CachedHost` when
nothing it depends on changed:

* the ``benchmarkstt`` entry points (names, targets, distributions and versions), ``sys.path``,
  the Python and ``BENCHMARKSTT_DISABLE_PLUGINS``;
* the size and modification time of every non-standard-library module that was imported
  when the cache was written (the core, pluggy, every plugin and what they import), and of
  their packages' folders, so that editing a plugin in an editable install, or adding a
  module to it, is seen at once.

A cached host imports a component's class when the component is used, and calls a hook's
implementations itself, in the order pluggy had put them, when none of them is a wrapper;
anything else (wrappers, ``host.pm``, the API methods of ``register_api_methods``) is
answered by a full :func:`~benchmarkstt_core.plugins.make_plugin_manager` load, built on
first need. ``--load`` and ``BENCHMARKSTT_PLUGIN_ERRORS=raise`` always load in full.

Environment: ``BENCHMARKSTT_CACHE_DIR`` (default ``$XDG_CACHE_HOME/benchmarkstt``, else
``~/.cache/benchmarkstt``) holds one file per Python environment; ``BENCHMARKSTT_NO_CACHE=1``
neither reads nor writes it. A cache that cannot be read or written is ignored.

:example:
    >>> import tempfile
    >>> from benchmarkstt_core.plugins import make_plugin_manager
    >>> folder = tempfile.mkdtemp()
    >>> save(make_plugin_manager(), folder)
    True
    >>> host = cached_host(folder)
    >>> "benchmarkstt_core.builtin" in [r.name for r in host.records]
    True
"""

from __future__ import annotations

import marshal
import os
import sys
from typing import Any, Callable

from .docblock import Docblock
from .entrypoints import load_object
from .plugins import ENV_DISABLE, ENV_ERRORS, Host, PluginHost, PluginRecord, entry_points, make_plugin_manager
from .registry import KINDS, ComponentSpec, Param, Registries

FORMAT = 1
ENV_DIR = "BENCHMARKSTT_CACHE_DIR"
ENV_OFF = "BENCHMARKSTT_NO_CACHE"
_REGISTERING = {"register_" + kind for kind in KINDS} | {"register_api_methods"}


def cache_dir() -> str | None:
    """The folder of the cache files, or ``None`` when the cache is off."""
    if os.environ.get(ENV_OFF) or os.environ.get(ENV_ERRORS, "").lower() == "raise":
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.environ.get(ENV_DIR) or os.path.join(base, "benchmarkstt")


def _setting() -> tuple:
    return FORMAT, sys.version, sys.prefix, tuple(sys.path), os.environ.get(ENV_DISABLE, "")


def _file(folder: str) -> str:
    """One file per Python, environment, ``sys.path`` and disabled plugins."""
    import zlib

    tag = zlib.crc32(repr(_setting()).encode("utf-8", "surrogateescape"))
    return os.path.join(folder, f"plugins-{tag:08x}.marshal")


def _key() -> tuple:
    return _setting(), tuple((ep.name, ep.value, *_dist(ep)) for ep in entry_points())


def _dist(ep: Any) -> tuple:
    dist = getattr(ep, "dist", None)
    return ("?", "?") if dist is None else (dist.metadata["Name"], dist.version)


def _stamp(path: str) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def cached_host(folder: str | None = None) -> CachedHost | None:
    """The host the cache describes, or ``None`` when there is no valid cache.

    :param folder: the cache folder (default :func:`cache_dir`)
    """
    folder = folder or cache_dir()
    if folder is None:
        return None
    try:
        with open(_file(folder), "rb") as f:
            data = marshal.load(f)
        if data["key"] != _key() or any(_stamp(path) != stamp for path, stamp in data["stamps"]):
            return None
        return CachedHost(data)
    except Exception:  # a missing, stale, foreign or damaged cache is no cache
        return None


def save(host: PluginHost, folder: str | None = None) -> bool:
    """Write what ``host`` loaded to the cache; ``False`` when it cannot be cached.

    Not cached: a host with warnings or failed plugins, classes that cannot be imported back
    by name, parameter defaults that are not plain data.
    """
    folder = folder or cache_dir()
    registries = host.registries
    if folder is None or host.messages or any(r.status != "ok" for r in host.records):
        return False
    try:
        data = {"key": _key(), "records": [r.as_dict() for r in host.records],
                "plugins": {r.name: r.name if r.origin == "builtin" else r.origin for r in host.records},
                "components": {kind: [_spec_data(spec) for spec in registries[kind]] for kind in KINDS},
                "hooks": _hooks_data(host), "stamps": _stamps()}
        blob = marshal.dumps(data)
        os.makedirs(folder, exist_ok=True)
        path = _file(folder)
        partial = f"{path}.{os.getpid()}"
        with open(partial, "wb") as f:
            f.write(blob)
        os.replace(partial, path)
    except Exception:  # a cache is only ever a shortcut: not writing one is never an error
        return False
    return True


def _spec_data(spec: ComponentSpec) -> dict:
    if load_object(spec.where) is not spec.cls:
        raise LookupError(spec.where)
    return {"name": spec.name, "plugin": spec.plugin, "where": spec.where, "wants_context": spec.wants_context,
            "params": [tuple(p) for p in spec.params], "doc": tuple(spec.doc)}


def _hooks_data(host: PluginHost) -> dict:
    hooks = {}
    for name, caller in vars(host.pm.hook).items():
        if name in _REGISTERING or getattr(caller, "spec", None) is None:
            continue
        impls = []
        for impl in reversed(caller.get_hookimpls()):
            attr = next(a for a in dir(impl.plugin) if getattr(impl.plugin, a, None) == impl.function)
            impls.append((impl.plugin_name, attr, tuple(impl.argnames), impl.hookwrapper or impl.wrapper))
        hooks[name] = (bool(caller.spec.opts.get("firstresult")), impls)
    return hooks


def _stamps() -> list:
    import sysconfig

    stdlib = tuple(os.path.join(os.path.realpath(sysconfig.get_paths()[k]), "") for k in ("stdlib", "platstdlib"))
    modules = list(sys.modules.values())
    paths = {getattr(m, "__file__", None) for m in modules}
    # a package's folder too: a module added to it (a plugin's new reader) changes what it may register
    paths |= {os.path.dirname(m.__file__) for m in modules
              if hasattr(m, "__path__") and isinstance(getattr(m, "__file__", None), str)}
    found = []
    for path in sorted(p for p in paths if isinstance(p, str)):
        stamp = _stamp(path)
        if stamp is not None and not os.path.realpath(path).startswith(stdlib):
            found.append((path, stamp))
    return found


class CachedHost(Host):
    """A plugin host read from the cache: registries of specs whose classes are imported on
    use, and a :class:`HookRelay`; a full host is loaded only for what the cache lacks."""

    def __init__(self, data: dict):
        super().__init__(strict=False)
        self.records = [PluginRecord.from_dict(r) for r in data["records"]]
        self._targets = data["plugins"]
        self._plugins: dict[str, Any] = {}
        self._hooks = data["hooks"]
        self._full: PluginHost | None = None
        self.registries = Registries(self.warn, lambda: self.full().registries.api_methods)
        for kind in KINDS:
            for c in data["components"][kind]:
                self.registries[kind].add_spec(ComponentSpec(
                    kind, None, c["name"], [Param(*p) for p in c["params"]], Docblock(*c["doc"]),
                    c["wants_context"], c["plugin"], c["where"]))

    def full(self) -> PluginHost:
        """Every plugin loaded by pluggy, as without the cache (built on first call); its
        warnings are passed on."""
        if self._full is None:
            self._full = make_plugin_manager()
            self.messages.extend(self._full.messages)
        return self._full

    @property
    def pm(self) -> Any:
        """pluggy's plugin manager (loads every plugin)."""
        return self.full().pm

    @property
    def hook(self) -> HookRelay:
        """Calls hooks like ``host.pm.hook`` does (``host.hook.infer_input_type(path=...)``)."""
        return HookRelay(self)

    def plugin(self, name: str) -> Any:
        """The plugin object registered as ``name`` (its module, for most), imported once."""
        if name not in self._plugins:
            self._plugins[name] = load_object(self._targets[name])
        return self._plugins[name]


class HookRelay:
    """``relay.NAME(**kwargs)`` calls hook NAME: the cached plain implementations directly,
    as pluggy calls them (last registered first, ``tryfirst``/``trylast`` as pluggy sorted
    them, ``None`` results skipped, the first result only for ``firstresult`` hooks); a hook
    with wrappers, or one the cache does not know, through the full host."""

    def __init__(self, host: CachedHost):
        self._host = host

    def __getattr__(self, name: str) -> Callable:
        if name.startswith("_"):
            raise AttributeError(name)
        entry = self._host._hooks.get(name)
        if entry is None or any(wrapper for *_, wrapper in entry[1]):
            return getattr(self._host.full().hook, name)
        firstresult, impls = entry

        def call(**kwargs: Any) -> Any:
            results = []
            for plugin, attr, argnames, _ in impls:
                result = getattr(self._host.plugin(plugin), attr)(*[kwargs[a] for a in argnames])
                if result is not None:
                    results.append(result)
                    if firstresult:
                        break
            return (results[0] if results else None) if firstresult else results
        return call
