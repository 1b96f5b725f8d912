"""benchmarkstt-timing: time- and speaker-aware metrics, and MER, WIL, WIP and SER."""

__version__ = "2.0.0"
