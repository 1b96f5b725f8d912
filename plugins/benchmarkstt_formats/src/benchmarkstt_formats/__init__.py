"""benchmarkstt's standard inputs (argument, plaintext, infer), segmenter (simple) and outputs."""

__version__ = "2.0.0"
