"""A vendor's stream that goes on after its connection drops, as batch engines retry a request.

A connection that fails with a failure worth another try (the engines plugin's
:class:`~benchmarkstt_engines.api.Transient`: a dropped connection, the vendor closing it as
overloaded or restarting, a 429 or 5xx when connecting) is opened again after the engines
plugin's backoff (1 s, 2 s, 4 s... times a jitter; the vendor's ``Retry-After`` when it gave
one), up to ``retries`` times in a stream. What the vendors document for a connection lost
mid-stream is done: the new connection starts a new session (its ``StartRecognition``...) and
is sent the audio from the end of the last final result on (the audio whose words were not
final yet), as fast as it takes it, then the rest as before; its times, which start at 0 again,
are shifted by where that audio starts in the recording. So every event stays on the
recording's clock and on the stream's wall clock, no word is final twice (the finals had are
not asked for again) and none is lost; the partials of the lost connection stay in the log
(a viewer saw them). The results that arrived before the drop are kept, in order.

After the last try, the file fails with one line: the last failure and how many tries were made.

:example:
    >>> import queue
    >>> from benchmarkstt_engines.api import Transient
    >>> class Flaky:  # the first connection drops at its second chunk
    ...     made = 0
    ...     def __init__(self):
    ...         Flaky.made += 1
    ...         self.number, self.chunks, self.arrived = Flaky.made, 0, queue.Queue()
    ...     def send(self, chunk):
    ...         self.chunks += 1
    ...         if self.number == 1 and self.chunks == 2:
    ...             raise Transient("the connection dropped")
    ...         return [Result("final", f"{self.number}.{self.chunks}", self.chunks * 0.1)]
    ...     def finish(self):
    ...         return []
    >>> stream = Reconnecting(Flaky, 3, 16000, sleep=lambda s: None)
    >>> [(r.text, r.audio) for r in stream.send(bytes(3200)) + stream.send(bytes(3200))]
    [('1.1', 0.1), ('2.1', 0.2)]
    >>> stream.reconnections
    [{'audio_sent': 0.2, 'resent_from': 0.1, 'reason': 'the connection dropped'}]
"""

from __future__ import annotations

import time
from typing import Any, Callable, List

from benchmarkstt_engines.api import Transient, VendorFailed, backoff, positive

from .streaming import Result, arrived_so_far


class Reconnecting:
    """A session over connections made by ``connect()`` (each one a session: ``send``,
    ``finish`` and the queue ``arrived`` of results not yet returned), opened again after a
    :class:`Transient` failure up to ``retries`` times; ``rate`` is the audio's.
    ``reconnections`` says, for each try after a failure once audio flowed, how much audio had
    been sent, where the audio sent again starts and why."""

    def __init__(
        self,
        connect: Callable[[], Any],
        retries: int,
        rate: int,
        sleep: Callable[[float], None] = time.sleep,
        base: float = 1.0,
    ):
        self.connect, self.retries, self.rate = connect, retries, rate
        self.sleep, self.base = sleep, base
        self.tries = 0
        self.kept = bytearray()  # the audio sent from byte ``since`` of the recording on
        self.since = 0  # where the audio after the last final starts (bytes)
        self.position = 0  # the audio sent so far (bytes)
        self.step = 0  # the chunk's length (bytes), for the audio sent again
        self.offset = 0.0  # where the current connection's audio starts in the recording (seconds)
        self.reconnections: List[dict] = []
        while True:
            try:
                self.session = connect()
                return
            except Transient as exc:
                self.wait(exc)

    def wait(self, failure: Transient) -> None:
        """Wait before the next try, or fail the file when the tries are spent."""
        if self.tries >= self.retries:
            raise VendorFailed(f"{failure} (gave up after {self.tries + 1} tries)") from None
        self.sleep(failure.wait if failure.wait is not None else backoff(self.tries, self.base))
        self.tries += 1

    def shifted(self, results: List[Result]) -> List[Result]:
        """The current connection's results on the recording's clock; a final moves the point
        the audio would be sent again from."""
        found = []
        for result in results:
            if result.audio is not None:
                result = result._replace(audio=round(result.audio + self.offset, 6))
            if result.kind == "final":
                end = self.position if result.audio is None else int(round(result.audio * self.rate)) * 2
                end = min(max(end, self.since), self.position)
                del self.kept[: end - self.since]
                self.since = end
            found.append(result)
        return found

    def recover(self, failure: Transient, found: List[Result]) -> List[Result]:
        """After ``failure``: the results that arrived before it, then those of a new
        connection sent the audio after the last final (again and again, within the tries)."""
        while True:
            found += self.shifted(arrived_so_far(self.session.arrived))
            self.reconnections.append(
                {
                    "audio_sent": round(self.position / 2 / self.rate, 6),
                    "resent_from": round(self.since / 2 / self.rate, 6),
                    "reason": str(failure),
                }
            )
            self.wait(failure)
            try:
                self.session = self.connect()
                self.offset = self.since / 2 / self.rate
                again = bytes(self.kept)  # whole: the new session's audio has no gap
                for piece in range(0, len(again), self.step or 1):
                    found += self.shifted(self.session.send(again[piece : piece + self.step]))
                return found
            except Transient as exc:
                failure = exc

    def send(self, chunk: bytes) -> List[Result]:
        """Send ``chunk``; the results that arrived so far (a new connection's too)."""
        self.kept += chunk
        self.position += len(chunk)
        self.step = max(self.step, len(chunk))
        try:
            return self.shifted(self.session.send(chunk))
        except Transient as exc:
            return self.recover(exc, [])

    def finish(self) -> List[Result]:
        """End the audio; the results until the vendor's end (on a new connection if it drops)."""
        found: List[Result] = []
        while True:
            try:
                return found + self.shifted(self.session.finish())
            except Transient as exc:
                found = self.recover(exc, found)


class Reconnects:
    """What a vendor's streaming engine has: the option ``retries`` (checked by
    :meth:`retry_option`), and a session for each recording over the connections its
    :meth:`connect` makes, a new one after a failure worth another try (:class:`Reconnecting`)."""

    rate = 16000
    retries = 5

    def retry_option(self, retries: Any) -> None:
        """Check and keep ``retries`` (a :class:`~benchmarkstt_core.errors.UsageError` for a bad value)."""
        self.retries = positive(retries, "retries", whole=True)

    def connect(self) -> Any:
        """A connection for one recording (each vendor's)."""
        raise NotImplementedError

    def session(self) -> Reconnecting:
        """One recording's stream, connected again when the connection fails."""
        return Reconnecting(self.connect, self.retries, self.rate)
