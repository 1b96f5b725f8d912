"""Sound labels in subtitles (``APPLAUSE``, ``(LAUGHTER)``, ``[MUSIC]``, ``♪``): not speech, so not scored.

Subtitles for the deaf and hard of hearing describe sounds among the words. None of the
subtitle formats read here marks them as such (TTML, WebVTT, SRT, EBU STL and SCC have no
element or code for "this is not speech"), so they are found by the conventions of subtitling
(the BBC's subtitle guidelines, the FCC's and DCMP's caption keys), one line at a time:

- a bracketed span with a letter in it, ``[MUSIC]`` or ``(laughs)``, anywhere in a line, is a label,
  and so is one in the full-width brackets of Chinese and Japanese subtitles (``（拍手）``,
  ``［音楽］``, ``〔効果音〕``, ``【片名】``: sounds, speakers' names, on-screen titles);
- ``♪`` and ``♫`` (sung words are marked by them; the words themselves are kept) are labels;
- a line with no lower-case letter and a word of at least four capital letters (``APPLAUSE``,
  ``JACK SPEAKS OFF-MIC``) is a label, in a file where most lines have lower-case letters (in
  captions written all in capitals, usual in SCC, capitals mark nothing), unless it ends as
  speech does, in ``?``, ``!``, ``.``, ``,`` or ``…`` (``NASA?``, ``STOOOOP!``: in 2,255 SRT and
  WebVTT files of the real-file corpora, the lines of capitals so ended were questions, shouts
  and sentences; labels, speakers' names and signs end without them).

The labels set aside are counted (``benchmarkstt`` warns with their number); ``--sound-labels keep``
(of ``benchmarkstt``, ``benchmarkstt-tools corpus`` and ``transcript``) scores them as words.

:example:
    >>> from .model import Segment, Transcript
    >>> t = Transcript("srt", (Segment("APPLAUSE", 1.0, 2.0), Segment("[MUSIC] Hello,\\nthere (sighs)", 3.0, 4.0),
    ...                        Segment("♪ la la ♪\\nfine", 5.0, 6.0)))
    >>> speech, labels = set_aside(t)
    >>> speech.text(), labels
    ('Hello,\\nthere\\nla la\\nfine', ['APPLAUSE', '[MUSIC]', '(sighs)', '♪', '♪'])
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Dict, List, Tuple

if TYPE_CHECKING:  # pragma: no cover
    from .model import Transcript

#: the input types whose text may hold sound labels
SUBTITLES = ("srt", "vtt", "ttml", "stl", "scc", "ssa", "sami", "spruce", "sbv")
_NOTES = "♪♫"
#: the brackets of a label: ASCII, and the full-width ones of CJK subtitles
_OPENS = {"[": "]", "(": ")", "\uff08": "\uff09", "\uff3b": "\uff3d", "\u3010": "\u3011", "\u3014": "\u3015"}
_CLOSES = {close: opening for opening, close in _OPENS.items()}
_OPENING = re.compile("[%s]" % re.escape("".join(_OPENS)))
#: how a line of capitals that is speech ends (a question, a shout, a sentence, a clause: ``NASA?``,
#: ``STOP!``): labels end without punctuation (or in their brackets)
_SPOKEN = ("?", "!", ".", ",", "…")


#: what ``--sound-labels`` may say: set them aside (the default) or score them as words
CHOICES = ("skip", "keep")


def check(value: str) -> str:
    """``value`` if it is one of :data:`CHOICES`, else a :class:`ValueError` naming them.

    :example:
        >>> check("keep")
        'keep'
    """
    if value not in CHOICES:
        raise ValueError(f"sound_labels {value!r}: expected keep (score sound labels as words) or skip")
    return value


def add_sound_labels(parser: Any, note: str = "") -> str:
    """Add ``--sound-labels {skip,keep}`` (default skip) to the ``argparse`` parser; return its
    ``dest``, the input types' parameter it sets.

    :example:
        >>> import argparse
        >>> parser = argparse.ArgumentParser()
        >>> add_sound_labels(parser), parser.parse_args(["--sound-labels", "keep"]).sound_labels
        ('sound_labels', 'keep')
    """
    parser.add_argument(
        "--sound-labels",
        choices=CHOICES,
        default="skip",
        help=f"{note}sound labels in subtitles (APPLAUSE, [MUSIC]): skip (default) sets "
        "them aside, keep scores them as words",
    )
    return "sound_labels"


def _capitals(line: str) -> bool:
    return (
        not line.rstrip().endswith(_SPOKEN)
        and not any(map(str.islower, line))
        and any(
            len(word) >= 4 and all(c.isupper() for c in word)
            for word in "".join(c if c.isalpha() else " " for c in line).split()
        )
    )


def _pairs(line: str) -> Dict[int, int]:
    """Where each opening bracket of ``line`` that is closed is closed, nesting counted: the
    ``(`` of ``(note (aside))`` is closed by the last ``)``."""
    pairs: Dict[int, int] = {}
    open_at: Dict[str, List[int]] = {opening: [] for opening in _OPENS}
    for at, c in enumerate(line):
        if c in open_at:
            open_at[c].append(at)
        elif c in _CLOSES and open_at[_CLOSES[c]]:
            pairs[open_at[_CLOSES[c]].pop()] = at
    return pairs


def _brackets(line: str, labels: List[str]) -> str:
    """``line`` without its bracketed spans (:data:`_OPENS`), nested ones within them (added to
    ``labels``; an opening bracket never closed runs to the first closing one); linear time: each
    bracket is looked for again only once the scan has passed it."""
    if not _OPENING.search(line):
        return line
    following = {opening: line.find(opening) for opening in _OPENS}
    out = []
    position = 0
    pairs = _pairs(line)
    while True:
        for bracket, at in following.items():
            if 0 <= at < position:
                following[bracket] = line.find(bracket, position)
        found = [(at, bracket) for bracket, at in following.items() if at >= 0]
        closing = -1
        if found:
            opening, bracket = min(found)
            closing = pairs.get(opening, line.find(_OPENS[bracket], opening))
        if closing < 0:
            out.append(line[position:])
            return "".join(out)
        if any(c.isalpha() for c in line[opening + 1 : closing]):  # "( )" or "(1)" is no label
            out.append(line[position:opening] + " ")
            labels.append(line[opening : closing + 1])
        else:
            out.append(line[position : closing + 1])
        position = closing + 1


def _speech(text: str, capitals: bool, labels: List[str]) -> str:
    kept = []
    for line in text.split("\n"):
        if capitals and _capitals(line):
            labels.append(line)
            continue
        line = _brackets(line, labels)
        if not line.isascii() and any(note in line for note in _NOTES):  # the notes are not ASCII
            words = line.split()
            labels.extend(w for w in words if w.strip(_NOTES) == "")
            line = " ".join(w.strip(_NOTES) for w in words if w.strip(_NOTES))
        line = " ".join(line.split())
        if line:
            kept.append(line)
    return "\n".join(kept)


def set_aside(transcript: Transcript) -> Tuple[Transcript, List[str]]:
    """The transcript without its sound labels (a segment left with no words is dropped), and the labels."""
    from .model import Segment, Transcript  # imported by the reader that made ``transcript``

    rows = [line for s in transcript.segments for line in s.text.split("\n")]
    capitals = sum(any(map(str.islower, line)) for line in rows) * 2 > len(rows)
    labels: List[str] = []
    segments = []
    for s in transcript.segments:
        text = _speech(s.text, capitals, labels)
        if text == s.text:
            segments.append(s)
        elif text:
            segments.append(Segment(text, s.start, s.end, s.speaker, (), s.recording, s.alternatives))
    return Transcript(transcript.type, tuple(segments), transcript.warnings), labels
