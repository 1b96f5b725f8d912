"""benchmarkstt-subtitles: subtitle quality metrics (SubER, re-segmented WER/CER, conformity, delay)."""

__version__ = "2.0.0"
