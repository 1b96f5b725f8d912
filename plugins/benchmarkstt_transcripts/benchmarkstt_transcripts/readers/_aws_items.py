"""AWS Transcribe's usual JSON as typed structs, decoded by msgspec in one pass in C.

Imported by :mod:`.aws` only when it reads a file (that is when msgspec is imported). The structs
hold only what the reader uses; other keys are skipped unread. Times and confidences that AWS
writes as strings (``"1.58"``) are read as numbers. A file of any other shape (a missing or
mistyped field, ``null`` for a time or speaker, not JSON at all) gives None here, and
:mod:`.aws` reads it field by field and names what is wrong.

A confidence may be ``null`` (AWS writes it so for punctuation), but reading numbers from strings
also reads the string ``"null"`` (in any case) as None: :mod:`.aws` takes a word whose confidence
is None to the field-by-field reading, which tells the two apart.

:example:
    >>> doc = decode('{"results": {"items": [{"type": "pronunciation", "start_time": "0.5",'
    ...              ' "alternatives": [{"content": "Hi", "confidence": "0.9"}]}]}}')
    >>> item = doc.results.items[0]
    >>> item.start_time, item.end_time is UNSET, item.alternatives[0].confidence
    (0.5, True, 0.9)
    >>> decode('{"results": {"items": [{"type": "pronunciation", "start_time": null,'
    ...        ' "alternatives": [{"content": "Hi"}]}]}}') is None
    True
"""

from __future__ import annotations

from typing import List, Optional, Union

import msgspec
from msgspec import UNSET, UnsetType

__all__ = ["UNSET", "decode"]


class Alternative(msgspec.Struct, gc=False):
    """An item's alternative: its text and confidence."""

    content: str
    confidence: Union[float, None, UnsetType] = UNSET


class Item(msgspec.Struct, gc=False):
    """A word or punctuation item with its times and speaker."""

    type: str
    alternatives: List[Alternative]
    start_time: Union[float, UnsetType] = UNSET
    end_time: Union[float, UnsetType] = UNSET
    speaker_label: Union[str, UnsetType] = UNSET


class LabelItem(msgspec.Struct, gc=False):
    """An item of a speaker's segment in ``speaker_labels``."""

    start_time: Union[float, UnsetType] = UNSET
    speaker_label: Union[str, UnsetType] = UNSET


class LabelSegment(msgspec.Struct, gc=False):
    """A speaker's segment in ``speaker_labels``."""

    items: List[LabelItem] = []


class SpeakerLabels(msgspec.Struct, gc=False):
    """``results.speaker_labels``."""

    segments: List[LabelSegment] = []


class Results(msgspec.Struct, gc=False):
    """``results``: the items and the speaker labels."""

    items: Union[List[Item], UnsetType] = UNSET
    speaker_labels: Union[SpeakerLabels, UnsetType] = UNSET


class Document(msgspec.Struct, gc=False):
    """The document."""

    results: Results


# strict=False: a number given as a string is read as the number (and "null" is still refused)
_DECODER = msgspec.json.Decoder(Document, strict=False)


def decode(text: str) -> Optional[Document]:
    """The document if it has the usual shape, else None."""
    try:
        return _DECODER.decode(text)
    except (msgspec.DecodeError, RecursionError):
        return None
