"""benchmarkstt's standard metrics (wer, cer, diffcounts, worddiffs), differs and diff dialects."""

__version__ = "2.0.0"
