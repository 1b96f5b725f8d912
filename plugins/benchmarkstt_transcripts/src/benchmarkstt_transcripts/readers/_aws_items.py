"""AWS Transcribe's usual JSON as typed structs, decoded by msgspec in one pass in C.

Imported by :mod:`.aws` only when it reads a file (that is when msgspec is imported). The structs
hold only what the reader uses; other keys are skipped unread. Times and confidences that AWS
writes as strings (``"1.58"``) are read as numbers, finite ones only. A file of any other shape (a missing or
mistyped field, ``null`` for a time or speaker, not JSON at all) gives None here, and
:mod:`.aws` reads it field by field and names what is wrong.

A confidence may be ``null`` (AWS writes it so for punctuation), but reading numbers from strings
also reads the string ``"null"`` (in any case) as None: :mod:`.aws` takes a word whose confidence
is None to the field-by-field reading, which tells the two apart.

``results.speaker_labels`` is kept as raw JSON (checked, not decoded) and decoded by
:func:`speakers_by_start` only when a file has it: most files have none, and its three structs
are then never made.

:example:
    >>> doc = decode('{"results": {"items": [{"type": "pronunciation", "start_time": "0.5",'
    ...              ' "alternatives": [{"content": "Hi", "confidence": "0.9"}]}]}}')
    >>> item = doc.results.items[0]
    >>> item.start_time, item.end_time is UNSET, item.alternatives.best.confidence
    (0.5, True, 0.9)
    >>> decode('{"results": {"items": [{"type": "pronunciation", "start_time": null,'
    ...        ' "alternatives": [{"content": "Hi"}]}]}}') is None
    True
    >>> speakers_by_start(decode('{"results": {"speaker_labels": {"segments": [{"items": ['
    ...                          '{"start_time": "0.5", "speaker_label": "spk_0"}]}]}}}').results)
    {0.5: 'spk_0'}
"""

import sys
from functools import cache
from typing import Annotated, List, Optional, Union

import msgspec
from msgspec import UNSET, UnsetType

__all__ = ["UNSET", "decode", "speakers_by_start"]

#: a finite number ("nan", "inf" and 1e400 are refused: the field-by-field reading names them)
Finite = Annotated[float, msgspec.Meta(ge=-sys.float_info.max, le=sys.float_info.max)]

# The fields are in the order AWS writes them (msgspec matches a key fastest when it is the
# field after the one it matched last); kw_only lets a field without default follow one with.


class Alternative(msgspec.Struct, gc=False, kw_only=True):
    """An item's alternative: its confidence and text."""

    confidence: Union[Finite, None, UnsetType] = UNSET
    content: str


class Alternatives(msgspec.Struct, gc=False, array_like=True, forbid_unknown_fields=True):
    """An item's ``alternatives``: an array of exactly one (AWS writes one per item; an item with
    none or several is read field by field). A struct, not a list: no object per item that the
    garbage collector would go through for as long as the words are kept."""

    best: Alternative


class Item(msgspec.Struct, gc=False, kw_only=True):
    """A word or punctuation item with its times and speaker."""

    start_time: Union[Finite, UnsetType] = UNSET
    end_time: Union[Finite, UnsetType] = UNSET
    alternatives: Alternatives
    type: str
    speaker_label: Union[str, UnsetType] = UNSET


class Results(msgspec.Struct, gc=False):
    """``results``: the items, and the speaker labels as raw JSON."""

    items: Union[List[Item], UnsetType] = UNSET
    speaker_labels: Union[msgspec.Raw, UnsetType] = UNSET


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


def speakers_by_start(results: Results) -> Optional[dict]:
    """``start_time`` -> speaker from ``results.speaker_labels.segments[].items[]`` (an empty dict
    when the file has none); None when the speaker labels are not of the usual shape."""
    if results.speaker_labels is UNSET:
        return {}
    try:
        labels = _labels_decoder().decode(results.speaker_labels)
    except (msgspec.DecodeError, RecursionError):
        return None
    return {entry.start_time: entry.speaker_label for segment in labels.segments for entry in segment.items
            if entry.start_time is not UNSET and entry.speaker_label is not UNSET}


@cache
def _labels_decoder() -> msgspec.json.Decoder:
    """The decoder of ``results.speaker_labels``, made (with its structs) on first use."""
    class LabelItem(msgspec.Struct, gc=False):
        """An item of a speaker's segment."""

        start_time: Union[Finite, UnsetType] = UNSET
        speaker_label: Union[str, UnsetType] = UNSET

    class LabelSegment(msgspec.Struct, gc=False):
        """A speaker's segment."""

        items: List[LabelItem] = []

    class SpeakerLabels(msgspec.Struct, gc=False):
        """``results.speaker_labels``."""

        segments: List[LabelSegment] = []

    return msgspec.json.Decoder(SpeakerLabels, strict=False)
