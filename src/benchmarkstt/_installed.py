"""The one plugin host of this process that the 1.1 classes share, built on first use.

The components of the standard plugins get their context from it, as they do from the
``benchmarkstt`` command, so that a 1.1-style call and the command give the same result.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from benchmarkstt_core.context import Context
from benchmarkstt_core.plugins import make_plugin_manager


@lru_cache(maxsize=None)
def host() -> Any:
    """Every installed plugin, loaded once."""
    return make_plugin_manager()


def context() -> Context:
    """A context with the installed plugins' registries and hooks (file encoding from
    ``DEFAULT_ENCODING``, read when it is made)."""
    plugins = host()
    return Context(plugins.registries, plugins.hook)
