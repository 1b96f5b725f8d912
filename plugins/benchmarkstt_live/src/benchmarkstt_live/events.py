"""The event log of one streamed recording: what the engine sent back and when.

The first line is the stream's header (``{"stream": {...}}``: the clock it was paced by, the
chunk length, the audio's duration); every other line is one result as it arrived: ``kind``
(``partial``: the engine's current guess at the words since its last final, which it may still
change; ``final``: words it will not change), ``text``, ``audio`` (the fast clock: seconds of
audio sent when the result arrived, or the end of the audio the vendor says the result covers)
and ``wall`` (seconds since the first chunk was sent, on the machine's monotonic clock). It is
the engine's output, what the transcript cache keeps, and what the measures read.

:example:
    >>> log = EventLog({"clock": "fast", "chunk_seconds": 0.1, "audio_seconds": 1.0},
    ...                [Event("partial", "the", 0.4, 0.01), Event("final", "the cat", 0.9, 0.02)])
    >>> print(log.dumps(), end="")
    {"stream": {"clock": "fast", "chunk_seconds": 0.1, "audio_seconds": 1.0}}
    {"kind": "partial", "text": "the", "audio": 0.4, "wall": 0.01}
    {"kind": "final", "text": "the cat", "audio": 0.9, "wall": 0.02}
    >>> loads(log.dumps(), "x.livelog").final_text()
    'the cat'
"""

from __future__ import annotations

import json
import math
from typing import List, NamedTuple

from benchmarkstt_core.errors import InputError
from benchmarkstt_core.marks import clean_text

#: the extension of an event log file (JSON lines)
EXTENSION = "livelog"
KINDS = ("partial", "final")
#: seconds an event's audio time may run past the end of its stream's audio (``audio_seconds``):
#: a vendor's rounded times; further is another unit or clock (milliseconds read as seconds)
PAST_END = 1.0


class Event(NamedTuple):
    """One result of a streaming engine: ``kind`` (partial or final), its text, and when it
    arrived: ``audio`` seconds of audio sent (the fast clock), ``wall`` seconds since the
    stream started."""

    kind: str
    text: str
    audio: float
    wall: float


class EventLog(NamedTuple):
    """A stream's header (``clock``: fast or paced, ``chunk_seconds``, ``audio_seconds``...)
    and its events in the order they arrived."""

    stream: dict
    events: List[Event]

    def dumps(self) -> str:
        """The log as JSON lines: the header, then one event a line."""
        lines = [json.dumps({"stream": self.stream}, ensure_ascii=False)]
        lines += [json.dumps(e._asdict(), ensure_ascii=False) for e in self.events]
        return "\n".join(lines) + "\n"

    def final_text(self) -> str:
        """The final transcript: the finals' texts in order."""
        return " ".join(e.text for e in self.events if e.kind == "final" and e.text.strip())


def loads(text: str, where: str) -> EventLog:
    """The event log in ``text`` (JSON lines); an :class:`InputError` naming ``where`` and the
    line that is not a header or an event.

    :example:
        >>> loads('{"stream": {}}\\n{"kind": "draft", "text": "", "audio": 0, "wall": 0}\\n', "a.livelog")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.InputError: a.livelog:2: kind 'draft': expected partial or final
    """
    lines = text.splitlines()
    if not lines:
        raise InputError(f"{where}: is empty: an event log starts with its stream header")
    try:
        header = json.loads(lines[0])
    except ValueError as exc:
        raise InputError(f"{where}:1: not JSON: {exc}") from None
    if not isinstance(header, dict) or not isinstance(header.get("stream"), dict):
        raise InputError(f'{where}:1: expected the stream header {{"stream": {{...}}}}')
    length = header["stream"].get("audio_seconds")
    length = length if isinstance(length, (int, float)) and not isinstance(length, bool) else math.inf
    events = []
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except ValueError as exc:
            raise InputError(f"{where}:{number}: not JSON: {exc}") from None
        if not isinstance(item, dict):
            raise InputError(f"{where}:{number}: expected an event object")
        if item.get("kind") not in KINDS:
            raise InputError(f"{where}:{number}: kind {item.get('kind')!r}: expected partial or final")
        if not isinstance(item.get("text"), str):
            raise InputError(f"{where}:{number}: text: expected a string")
        for clock in ("audio", "wall"):
            value = item.get(clock)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < math.inf:
                raise InputError(
                    f"{where}:{number}: {clock}: expected a number of seconds of at least 0, got {value!r}"
                )
        if item["audio"] > length + PAST_END:
            raise InputError(
                f"{where}:{number}: audio: {item['audio']!r} s is past the end of the stream's {length!r} s of audio"
            )
        events.append(Event(item["kind"], item["text"], float(item["audio"]), float(item["wall"])))
    return EventLog(header["stream"], events)


class LiveLogInput:
    """An event log of a streaming engine (``.livelog``, JSON lines), read as its final
    transcript: the finals' texts in order (the partials are what ``benchmarkstt-tools live``
    measures), without invisible direction marks (a warning names the file when it had some).

    :param source: the file's path

    :example files: {"talk.livelog": "{\\"stream\\": {}}\\n{\\"kind\\": \\"partial\\", \\"text\\": \\"the\\", \\"audio\\": 0.3, \\"wall\\": 0.3}\\n{\\"kind\\": \\"final\\", \\"text\\": \\"the cat\\", \\"audio\\": 0.9, \\"wall\\": 1.0}\\n"}
    :example source: "talk.livelog"
    :example return: "the cat"
    """

    name = EXTENSION

    def __init__(self, source: str, *, context=None):
        self.source = source
        self.context = context

    def read(self) -> str:
        """The final transcript of the log."""
        if self.context is not None:
            text = self.context.read_text(self.source)
        else:
            try:
                with open(self.source, encoding="utf-8") as f:
                    text = f.read()
            except OSError as exc:
                raise InputError(f"{self.source}: cannot read it: {exc.strerror}") from None
        return clean_text(loads(text, self.source).final_text(), self.source, self.context)
