"""How many examples a property test draws: a tenth of them on every test run (five Pythons
in CI), all of them in the slow run (one Python). A draw of a tenth still meets the usual
shapes; the full count is for the rare ones.

:example:
    >>> [(p.values, p.id) for p in example_counts(1500)], [p.values for p in example_counts(40)]
    ([((150,), 'quick'), ((1500,), 'many')], [(40,)])
"""

from __future__ import annotations

import pytest


def example_counts(many: int) -> list:
    """``pytest.param``s of a test's ``examples``: ``many // 10`` (at least 100), and ``many``
    marked slow; ``many`` alone when it is no more than 100."""
    quick = pytest.param(min(many, max(many // 10, 100)), id="quick")
    return [quick] if many <= 100 else [quick, pytest.param(many, id="many", marks=pytest.mark.slow)]
