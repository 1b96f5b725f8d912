"""``python -m benchmarkstt_core`` runs the ``benchmarkstt`` command."""

from .cli.main import run

run()
