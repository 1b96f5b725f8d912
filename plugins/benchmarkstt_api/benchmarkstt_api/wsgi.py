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

Example, two workers on this machine only::

    cd /srv/benchmarkstt && gunicorn --workers 2 --bind 127.0.0.1:8080 benchmarkstt_api.wsgi:application
"""

from __future__ import annotations

import os
from typing import Mapping

from benchmarkstt_core.errors import UsageError

from .app import DEFAULT_MAX_BODY_SIZE, ApiApp, make_app


def app_from_environment(environ: Mapping[str, str] = os.environ) -> ApiApp:
    """Build the application from ``BENCHMARKSTT_API_*`` variables."""
    import argparse

    from .command import body_size

    size = environ.get("BENCHMARKSTT_API_MAX_BODY_SIZE")
    try:
        max_body_size = body_size(size) if size else DEFAULT_MAX_BODY_SIZE
    except argparse.ArgumentTypeError as exc:
        raise UsageError(f"BENCHMARKSTT_API_MAX_BODY_SIZE: {exc}") from None
    entrypoint = environ.get("BENCHMARKSTT_API_ENTRYPOINT") or "/api"
    if not entrypoint.startswith("/"):
        raise UsageError(f"BENCHMARKSTT_API_ENTRYPOINT must start with '/', not {entrypoint!r}")
    return make_app(entrypoint=entrypoint, root=environ.get("BENCHMARKSTT_API_ROOT") or None,
                    explorer=environ.get("BENCHMARKSTT_API_EXPLORER", "") in ("1", "true", "yes", "on"),
                    max_body_size=max_body_size)


application = app_from_environment()
