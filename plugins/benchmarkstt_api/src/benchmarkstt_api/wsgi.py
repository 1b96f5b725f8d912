"""The WSGI entry point for production servers: ``gunicorn benchmarkstt_api.wsgi:application``.

Each worker process builds its own application when it imports this module: the plugins
are loaded, the methods generated, and files are read from the working directory the
server was started in (``gunicorn --chdir DIR`` changes it). Settings come from the
environment:

* ``BENCHMARKSTT_API_ENTRYPOINT``: the JSON-RPC path (default ``/api``)
* ``BENCHMARKSTT_API_EXPLORER``: ``1`` to serve the explorer page on ``GET``
* ``BENCHMARKSTT_API_MAX_BODY_SIZE``: the largest request body, e.g. ``65536``, ``512k``, ``10M``
* ``BENCHMARKSTT_API_ROOT``: the directory requests may read files from (default: the
  working directory)
* ``BENCHMARKSTT_API_MAX_ANSWER_SIZE``, ``BENCHMARKSTT_API_MAX_BATCH_SIZE``,
  ``BENCHMARKSTT_API_TIME_LIMIT``, ``BENCHMARKSTT_API_WORKERS``: the limits of every request,
  as the options of ``benchmarkstt-tools api`` (docs/reliability.md)

Example, two workers on this machine only::

    cd /srv/benchmarkstt && BENCHMARKSTT_API_WORKERS=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_ARENA_MAX=2 \\
        gunicorn --workers 2 --worker-class gthread --threads 16 --bind 127.0.0.1:8080 \\
        benchmarkstt_api.wsgi:application

(docs/api.md says why each setting.)
"""

from __future__ import annotations

import argparse
import os
from typing import Any, Callable, Mapping

from benchmarkstt_core.errors import UsageError

from .app import DEFAULT_MAX_BODY_SIZE, ApiApp, Limits, make_app


def _setting(environ: Mapping[str, str], name: str, read: Callable[[str], Any], default: Any) -> Any:
    """The value of ``BENCHMARKSTT_API_<name>`` read by ``read``, or ``default`` when unset."""
    value = environ.get(f"BENCHMARKSTT_API_{name}")
    if not value:
        return default
    try:
        return read(value)
    except argparse.ArgumentTypeError as exc:
        raise UsageError(f"BENCHMARKSTT_API_{name}: {exc}") from None


def app_from_environment(environ: Mapping[str, str] = os.environ) -> ApiApp:
    """Build the application from ``BENCHMARKSTT_API_*`` variables."""
    from .command import answer_size, body_size, count, seconds

    default = Limits()
    limits = Limits(
        _setting(environ, "MAX_BODY_SIZE", body_size, DEFAULT_MAX_BODY_SIZE),
        _setting(environ, "MAX_ANSWER_SIZE", answer_size, default.max_answer_size),
        _setting(environ, "MAX_BATCH_SIZE", count, default.max_batch_size),
        _setting(environ, "TIME_LIMIT", seconds, default.time_limit),
        _setting(environ, "WORKERS", count, default.workers),
    )
    entrypoint = environ.get("BENCHMARKSTT_API_ENTRYPOINT") or "/api"
    if not entrypoint.startswith("/"):
        raise UsageError(f"BENCHMARKSTT_API_ENTRYPOINT must start with '/', not {entrypoint!r}")
    return make_app(
        entrypoint=entrypoint,
        root=environ.get("BENCHMARKSTT_API_ROOT") or None,
        explorer=environ.get("BENCHMARKSTT_API_EXPLORER", "") in ("1", "true", "yes", "on"),
        limits=limits,
    )


application = app_from_environment()
