"""Feeding a recording to a streaming engine in chunks and logging what comes back.

A streaming engine opens a session per recording (:meth:`open`, a fresh state for each file,
so that a file's results never depend on the files before it); the session takes chunks of
16-bit samples (``send``) and the end of the audio (``finish``) and returns the
:class:`Result` objects the engine produced by then. :func:`stream` sends the chunks on one
of two clocks:

- ``fast``: each chunk as soon as the engine has taken the one before. An event's ``audio`` is
  the audio sent when it arrived (or the end of the audio the vendor says it covers): latency
  in audio time, what the engine waited for, the same however loaded the machine is;
- ``paced``: each chunk once its audio would have been spoken (chunk k of 100 ms at
  (k+1) × 100 ms after the start): the ``wall`` clock then gives the latency a viewer would
  see, the engine's compute included.

Both clocks are recorded in every event either way.

:example:
    >>> class Echo:  # shows the number of chunks it has had, final at the end
    ...     def __init__(self): self.n = 0
    ...     def send(self, chunk):
    ...         self.n += 1
    ...         return [Result("partial", str(self.n))]
    ...     def finish(self): return [Result("final", str(self.n))]
    >>> log = stream(Echo(), bytes(3200 * 2 + 100), 16000, 0.1, "fast")
    >>> [(e.kind, e.text, e.audio) for e in log.events]
    [('partial', '1', 0.1), ('partial', '2', 0.2), ('partial', '3', 0.203125), ('final', '3', 0.203125)]
"""

from __future__ import annotations

import queue
import time
from typing import Any, Callable, Iterable, List, NamedTuple, Optional, Protocol, runtime_checkable

from benchmarkstt_core.errors import UsageError

from .events import Event, EventLog

CLOCKS = ("fast", "paced")


def arrived_so_far(arrived: "queue.Queue[Result]") -> List[Result]:
    """The results a session's reader thread has put in ``arrived`` so far (taken out).

    :example:
        >>> q = queue.Queue()
        >>> q.put(Result("partial", "the"))
        >>> [r.text for r in arrived_so_far(q)], arrived_so_far(q)
        (['the'], [])
    """
    found = []
    while True:
        try:
            found.append(arrived.get_nowait())
        except queue.Empty:
            return found


class Result(NamedTuple):
    """What a session returns: ``kind`` (partial or final) and text; ``audio``, the end of
    the audio the engine says the result covers (``None``: the audio sent so far); ``arrived``,
    the :func:`time.perf_counter` moment it arrived (``None``: when the session returned it)."""

    kind: str
    text: str
    audio: Optional[float] = None
    arrived: Optional[float] = None


def check_stream_options(chunk: Any, clock: Any) -> tuple:
    """``(chunk seconds, clock)`` from an engine's options, or a :class:`UsageError`.

    :example:
        >>> check_stream_options("0.25", "paced")
        (0.25, 'paced')
        >>> check_stream_options("0", "fast")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: engine option chunk='0': expected seconds above 0 and at most 10
    """
    try:
        seconds = float(chunk)
    except (TypeError, ValueError):
        seconds = float("nan")
    if not 0 < seconds <= 10:
        raise UsageError(f"engine option chunk={chunk!r}: expected seconds above 0 and at most 10")
    if clock not in CLOCKS:
        raise UsageError(f"engine option clock={clock!r}: expected fast or paced")
    return seconds, clock


def stream(
    session: Any,
    samples: bytes,
    rate: int,
    chunk_seconds: float,
    clock: str,
    sleep: Callable[[float], None] = time.sleep,
) -> EventLog:
    """Send ``samples`` (16-bit mono at ``rate``) to ``session`` in chunks of ``chunk_seconds``
    on ``clock`` (fast or paced), and log every result with both clocks."""
    step = max(1, int(round(chunk_seconds * rate))) * 2
    events = []
    start = time.perf_counter()
    sent = 0

    def record(results: Iterable[Result]) -> None:
        for result in results:
            arrived = time.perf_counter() if result.arrived is None else result.arrived
            audio = sent / 2 / rate if result.audio is None else result.audio
            events.append(Event(result.kind, result.text, round(audio, 6), round(max(0.0, arrived - start), 6)))

    for offset in range(0, len(samples), step):
        piece = samples[offset : offset + step]
        if clock == "paced":
            delay = start + (offset + len(piece)) / 2 / rate - time.perf_counter()
            if delay > 0:
                sleep(delay)
        sent += len(piece)
        record(session.send(piece))
    record(session.finish())
    header = {
        "clock": clock,
        "chunk_seconds": chunk_seconds,
        "audio_seconds": round(len(samples) / 2 / rate, 6),
        "rate": rate,
    }
    if getattr(session, "reconnections", None):  # a vendor's connection made again (see .reconnecting)
        header["reconnections"] = session.reconnections
    return EventLog(header, events)


@runtime_checkable
class Streams(Protocol):
    """An engine (or engine class) that streams: ``session()`` opens a fresh session for one
    recording; the live command and corpus mode's live section take only these."""

    def session(self) -> Any:
        """A fresh session for one recording."""
        ...


class StreamingEngine:
    """What the streaming engines share: 16 kHz audio, ``chunk`` and ``clock`` checked, and a
    transcription that is the event log of streaming the audio through a fresh
    :meth:`session` (which each engine makes)."""

    name = "streaming"
    rate = 16000
    names_files = False  # the event log does not name the file
    chunk, clock = 0.1, "fast"

    def stream_options(self, chunk: Any, clock: Any) -> None:
        """Check and keep ``chunk`` and ``clock`` (a :class:`UsageError` for bad values)."""
        self.chunk, self.clock = check_stream_options(chunk, clock)

    def session(self) -> Any:
        """A fresh session for one recording."""
        raise NotImplementedError

    def transcribe(self, audio: Any, name: str, offset: float) -> Any:
        """The event log of streaming ``audio`` (its clocks start with the stream: ``offset``
        is not added)."""
        from benchmarkstt_engines.api import Output

        from .events import EXTENSION

        return Output(stream(self.session(), audio.samples, audio.rate, self.chunk, self.clock).dumps(), EXTENSION)
