"""benchmarkstt's JSON-RPC 2.0 API: every installed component as a method over HTTP.

``benchmarkstt-tools api`` serves it; :mod:`benchmarkstt_api.wsgi` is the entry point for a
WSGI server such as gunicorn; :func:`benchmarkstt_api.app.make_app` builds the application.
"""

__version__ = "2.0.0"
