"""benchmarkstt-report: one self-contained HTML file a person would rather look at.

``benchmarkstt-tools report RESULT.json -o report.html`` (or ``corpus ... --html report.html``)
turns a corpus result into a page: the ranking with confidence intervals, engine against
engine, every file against every engine as a heat map, each file's words aligned, the most
frequent errors and the record. ``benchmarkstt ... -o html`` writes a single pair as a page.
In Python, :func:`render_report` takes the corpus JSON (a dict) and returns the page.

:example:
    >>> from benchmarkstt_corpus import score_corpus
    >>> from benchmarkstt_report import render_report
    >>> result = score_corpus(["the cat sat"], {"a": ["the cat sad"]}, resamples=10)
    >>> page = render_report(result.data)
    >>> page.startswith("<!DOCTYPE html>"), "https://" in page.split("<script")[0]
    (True, False)
"""

from __future__ import annotations

from benchmarkstt_core.lazy import lazy_attributes

__version__ = "2.0.0"

_LAZY = {"render_report": ".page", "render_pair": ".pair"}


__getattr__ = lazy_attributes(__name__, _LAZY)
