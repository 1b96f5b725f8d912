"""SegLST: meeteval's JSON list of segments, used for multi-speaker (meeting) transcripts.

The file is a JSON array of objects, one per segment, with ``session_id``, ``words`` (the
segment's text), and usually ``speaker``, ``start_time`` and ``end_time`` (seconds); other keys
are ignored.

What is read:

- **segments**: one per object: its ``words`` as the text, its times, its ``speaker`` as a
  string, and its ``session_id`` as the segment's ``recording``; ordered by session, then
  start time;
- no word times: SegLST's words are a segment's text.

Recognised (for ``.json`` and ``.seglst.json`` files) by an array of objects with a
``session_id``.

:example:
    >>> t = parse('''[{"session_id": "news", "speaker": "presenter",
    ...   "start_time": 0.1, "end_time": 1.2, "words": "Good evening."}]''', "a.seglst.json")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.speaker, s.recording
    ('Good evening.', 0.1, 1.2, 'presenter', 'news')
"""

from __future__ import annotations

from ..model import Segment, Transcript
from ._json import JsonShape, heads
from ._nist import by_recording

TYPE = "seglst"


def sniff(head: str) -> bool:
    """True when the start of a file looks like SegLST."""
    return heads(head, r'\A\s*\[\s*\{', r'"session_id"\s*:')


def parse(text: str, source: str) -> Transcript:
    """Read a SegLST file (see the module's description)."""
    doc = JsonShape(source)
    data = doc.expect(doc.load(text), list, "")
    segments = []
    for i, item in enumerate(data):
        at = f"[{i}]"
        doc.expect(item, dict, at)
        segments.append(Segment(doc.get(item, "words", str, at).strip(),
                                doc.get(item, "start_time", float, at, required=False),
                                doc.get(item, "end_time", float, at, required=False),
                                doc.speaker(item, "speaker", at), (),
                                doc.get(item, "session_id", str, at)))
    return Transcript(TYPE, by_recording(segments))
