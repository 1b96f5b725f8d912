"""The ``benchmarkstt`` and ``benchmarkstt-tools`` commands."""
