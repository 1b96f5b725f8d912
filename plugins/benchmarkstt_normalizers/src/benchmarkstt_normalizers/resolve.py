"""Finding the normalizer a rules or config file names: a registered name or a dotted class path.

:example:
    >>> spec = normalizer_spec("LOWERCASE", default_context())
    >>> spec.name, spec.cls.__name__
    ('lowercase', 'Lowercase')
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.registry import ComponentSpec, LazyComponentSpec, Registries


@functools.cache
def own_registries() -> Registries:
    """The registries of this plugin's own normalizers, made once."""
    from .plugin import NORMALIZERS

    registries = Registries()
    for name, where in NORMALIZERS.items():
        registries.normalizers.add_spec(LazyComponentSpec("normalizers", where, name, "benchmarkstt_normalizers"))
    return registries


def default_context() -> Context:
    """The context of a normalizer made in plain Python, without one: it knows this plugin's
    own normalizers (and dotted class paths), and builds no plugin host.

    The registries are made once and shared (:func:`own_registries`); each call gives a fresh context.
    """
    return Context(own_registries())


def normalizer_spec(name: str, context: Context) -> ComponentSpec:
    """The spec of the normalizer called ``name`` (case-insensitive) or of the class at a
    dotted path such as ``my.package.MyNormalizer`` (an installed module, or one that
    ``--load`` imported from the working directory).

    Raises :class:`~benchmarkstt_core.errors.UsageError` when there is no such normalizer.
    """
    registry = context.registry("normalizers")
    if name in registry or "." not in name:
        return registry.get(name)
    return ComponentSpec.from_class("normalizers", _import_class(name, context))


def _import_class(path: str, context: Context) -> type:
    if context.path_guard is not None:
        raise UsageError(
            f"unknown normalizer {path!r}: this server does not import classes named by "
            f"dotted paths; install them as a plugin instead"
        )
    module_name, _, class_name = path.rpartition(".")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:
        raise UsageError(
            f"unknown normalizer {path!r}: it is not a registered name and module {module_name!r} "
            f"cannot be imported ({type(exc).__name__}: {exc}); a module in the working "
            f"directory must be loaded with --load first"
        ) from None
    klass: Any = getattr(module, class_name, None)
    if not isinstance(klass, type) or not callable(getattr(klass, "normalize", None)):
        raise UsageError(
            f"unknown normalizer {path!r}: module {module_name!r} has no normalizer class "
            f"{class_name!r} (a class with a normalize method)"
        )
    return klass
