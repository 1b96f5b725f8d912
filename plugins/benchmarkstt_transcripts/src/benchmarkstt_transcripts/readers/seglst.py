"""SegLST: meeteval's JSON list of segments, used for multi-speaker (meeting) transcripts.

The file is a JSON array of objects, one per segment, with ``session_id``, ``words`` (the
segment's text), and usually ``speaker``, ``start_time`` and ``end_time`` (seconds, numbers or
numeric strings as in meeteval's own example files); other keys are ignored.

What is read:

- **segments**: one per object: its ``words`` as the text, its times, its ``speaker`` as a
  string, and its ``session_id`` as the segment's ``recording``; ordered by session, then
  start time;
- no word times: SegLST's words are a segment's text.

Recognised (for ``.json`` and ``.seglst.json`` files) by its shape: an array of objects with
``session_id`` and ``words``.

:example:
    >>> import json
    >>> t = parse(json.loads('''[{"session_id": "news", "speaker": "presenter",
    ...   "start_time": 0.1, "end_time": 1.2, "words": "Good evening."}]'''), "a.seglst.json")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.speaker, s.recording
    ('Good evening.', 0.1, 1.2, 'presenter', 'news')
"""

from __future__ import annotations

from typing import Any

from ..model import Segment, Transcript
from ._json import JsonShape
from ._nist import by_recording

TYPE = "seglst"
EXAMPLE = (
    "s.seglst.json",
    '[{"session_id": "s", "speaker": "A", "start_time": 0.1, "end_time": 0.5, "words": "hello"}]',
    "hello",
)


def sniff(document: Any) -> bool:
    """A non-empty array of objects with ``session_id`` and ``words``."""
    return (
        isinstance(document, list)
        and bool(document)
        and all(isinstance(s, dict) and "session_id" in s and "words" in s for s in document)
    )


def parse(document: Any, source: str) -> Transcript:
    """Read a parsed SegLST file (see the module's description)."""
    doc = JsonShape(source)
    data = doc.expect(document, list, "")
    segments = []
    for i, item in enumerate(data):
        at = f"[{i}]"
        doc.expect(item, dict, at)
        segments.append(
            Segment(
                doc.get(item, "words", str, at).strip(),
                doc.number(item, "start_time", at),
                doc.number(item, "end_time", at),
                doc.speaker(item, "speaker", at),
                (),
                doc.get(item, "session_id", str, at),
            )
        )
    return Transcript(TYPE, by_recording(segments))
