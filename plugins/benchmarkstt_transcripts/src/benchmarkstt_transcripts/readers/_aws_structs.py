"""The parts of AWS Transcribe's JSON that :mod:`.aws` reads, as typed structs: msgspec checks a
parsed document against them in one pass (imported when a file is read, not at start-up). They
hold no cycles, so they are declared untracked by the garbage collector (msgspec's ``gc=False``).

:example:
    >>> import msgspec
    >>> msgspec.convert({"items": [{"type": "pronunciation", "start_time": "0.5",
    ...                             "alternatives": [{"content": "Hi"}]}]}, Results, strict=False).items[0].start_time
    0.5
"""

from __future__ import annotations

import sys
from typing import Annotated, List, Optional

from msgspec import Meta, Struct

#: a time or confidence: a finite number, or none ("nan", "inf" and 1e400 are refused)
Finite = Optional[Annotated[float, Meta(ge=-sys.float_info.max, le=sys.float_info.max)]]


class Alternative(Struct, gc=False):
    """An item's alternative: its text and confidence."""

    content: str
    confidence: Finite = None


class Item(Struct, gc=False):
    """A word or punctuation item with its times and speaker."""

    type: str
    alternatives: Annotated[List[Alternative], Meta(min_length=1)]
    start_time: Finite = None
    end_time: Finite = None
    speaker_label: Optional[str] = None


class Text(Struct, gc=False):
    """One of ``results.transcripts``."""

    transcript: str


class Label(Struct, gc=False):
    """An item of a speaker's segment in ``results.speaker_labels``."""

    start_time: Finite = None
    speaker_label: Optional[str] = None


class LabelSegment(Struct, gc=False):
    """A speaker's segment."""

    items: List[Label] = []


class SpeakerLabels(Struct, gc=False):
    """``results.speaker_labels``."""

    segments: List[LabelSegment] = []


class Results(Struct, gc=False):
    """``results``: the items, the transcripts and the speaker labels."""

    items: List[Item] = []
    transcripts: List[Text] = []
    speaker_labels: Optional[SpeakerLabels] = None
