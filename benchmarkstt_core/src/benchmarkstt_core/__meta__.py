"""The version, as a literal so that ``benchmarkstt --version`` imports nothing."""

__version__ = "2.0.0"
