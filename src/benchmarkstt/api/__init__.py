"""benchmarkstt 1.1's JSON-RPC API: see :mod:`benchmarkstt.api.gunicorn`."""
