"""Linear time checked by growth, not by a clock's reading: how many times longer an input of
size 4n takes than one of size n. A linear reader takes about 4 times as long (up to about 8
where the larger input no longer fits in a processor cache, or the collector has more objects
to look at); a square law takes 16 times as long, and more. No test here says how many seconds
anything may take: the machine's speed cancels out of the ratio.

The size n starts small and is doubled until a run takes at least ``floor`` seconds of this
process's processor time, the best of three as the ratio times it (so that neither the timer's
resolution nor a fixed cost decides, nor one slow run: a size picked by a run slowed down, its
best time far below the floor, gave a ratio of 13 for reading a result whose cost is the file's
writing);
an input of a million characters (or bytes, or items) still quicker than that has nothing
super-linear to show, and its ratio is not measured (1.0: timing microseconds, or inputs of
hundreds of megabytes, would measure the machine's memory, not the reader).
Each size is timed as the best of a few runs, with the garbage collector paused as ``timeit``
pauses it (its passes depend on what else the process holds, not on the input); the garbage
of earlier tests is collected once a case, not before every timing (a full collection in a
test session of 60,000 objects takes 30 ms: more than the runs it would precede). A ratio over
:data:`LIMIT` is measured again at twice the size, four times at most, and the lowest kept: another
process on the machine can slow one run down, and an input that has just outgrown a processor
cache, but not speed one up, and a square law only grows with the size.

:example:
    >>> growth(lambda text: text.split(), lambda n: "a " * n, 1000) < LIMIT
    True
"""

from __future__ import annotations

import gc
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from benchmarkstt_core.errors import BenchmarkSTTError

#: the growth tests' two floors: a few milliseconds on every test run, about 30 times larger
#: inputs in the slow run
FLOORS = [pytest.param(0.002, id="quick"), pytest.param(0.06, id="larger", marks=pytest.mark.slow)]

#: the highest ratio of the time at 4n to the time at n that passes for linear
LIMIT = 10.0


def best_time(run: Callable[[Any], Any], value: Any, runs: int) -> float:
    """The shortest processor time of ``runs`` runs of ``run(value)``, the collector paused."""
    best = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(runs):
            began = time.process_time()
            run(value)
            best = min(best, time.process_time() - began)
    finally:
        if enabled:
            gc.enable()
    return best


def growth(
    run: Callable[[Any], Any], make: Callable[[int], Any], n: int, floor: float = 0.002, largest: int = 1 << 20
) -> float:
    """How many times longer ``run(make(4 * n))`` takes than ``run(make(n))``, ``n`` first doubled
    until a run takes ``floor`` seconds (1.0 if it still takes less when doubling ``make(n)``
    would make it longer than ``largest``)."""
    gc.collect()
    small = make(n)
    while best_time(run, small, 3) < floor:
        if 2 * len(small) > largest:  # the next size would be over ``largest``
            return 1.0
        n *= 2
        small = make(n)
    ratio = float("inf")
    for _ in range(5):
        ratio = min(ratio, best_time(run, make(4 * n), 2) / max(best_time(run, small, 3), 1e-9))
        if ratio <= LIMIT:
            break
        n *= 2
        small = make(n)
    return ratio


def file_reader(path: Path, read: Callable[[str], Any]) -> Callable[[str], None]:
    """A run that writes its text to ``path`` (when it is not the text written last) and reads it
    with ``read(str(path))``: a clear error (:class:`BenchmarkSTTError`) is an answer too, and
    must come as fast. Timed as the best of a few runs, the reading is what is timed, not the
    writing (whose cost per byte grows with the file once the page cache must find new pages)."""
    written: list = [None]

    def run(text: str) -> None:
        if text is not written[0]:
            path.write_text(text, encoding="utf-8")
            written[0] = text
        try:
            read(str(path))
        except BenchmarkSTTError:
            pass

    return run
