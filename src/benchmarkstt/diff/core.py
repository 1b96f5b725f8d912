"""benchmarkstt 1.1's differs: the installed ``ratcliffobershelp`` (and ``levenshtein``) differs.

:example:
    >>> RatcliffObershelp(["a", "b", "c"], ["a", "x", "c"]).get_opcodes()
    [('equal', 0, 1, 0, 1), ('replace', 1, 2, 1, 2), ('equal', 2, 3, 2, 3)]
"""

from benchmarkstt_metrics.differs import Levenshtein, RatcliffObershelp

__all__ = ["Levenshtein", "RatcliffObershelp"]
