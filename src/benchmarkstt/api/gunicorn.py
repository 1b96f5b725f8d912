"""Entry point for a gunicorn server, serves at /api: ``gunicorn benchmarkstt.api.gunicorn``.

``application`` is the installed API plugin's WSGI application
(:mod:`benchmarkstt_api.wsgi`, configured by its ``BENCHMARKSTT_API_*`` variables); the
module name alone works because gunicorn looks for ``application`` by default::

    gunicorn --workers 2 --bind 127.0.0.1:8080 benchmarkstt.api.gunicorn
"""

from benchmarkstt_api.wsgi import application

__all__ = ["application"]
