"""What every transcript reader returns: a :class:`Transcript` of :class:`Segment` and :class:`Word`.

Times are seconds (floats) from the start of the recording, ``None`` where the file has none.
A segment's ``text`` is what a person would read (display form, with punctuation when the
format has it); its ``words`` carry word-level times and confidences when the file has them.

Line structure: in the subtitle formats (SRT, WebVTT, TTML, EBU STL, SCC) a segment is one
block (a cue, a ``p``, a subtitle, a caption as displayed) and its ``text`` keeps the block's
line breaks as ``\n``: a metric of subtitle lines and blocks (SubER) sees both. Words are
separated by whitespace, so a line break counts as a word boundary, nothing more.

Alternatives: NIST STM, TRN and CTM can write ``{ a / b / @ }`` (any one may have been said;
``@`` is nothing) and ``(word)`` (may be left out). A segment's ``alternatives`` keeps them as
:class:`Alternation` objects; its ``text`` reads the first choice of each (a word that may be
left out is read). The transcript's ``annotations`` keep the file as written
(:class:`Annotations`), for the metrics that score any choice (WER, CER, diff counts and word
diffs, with the sclite plugin: see docs/sclite.md).
A reader of long files may give a segment's words as a function that makes them: it is called
on first use, so that a run that reads only the text (``--wer``) never makes them.

:example:
    >>> t = Transcript("srt", (Segment("Hello there.", 1.0, 2.5, "A",
    ...                               (Word("Hello", 1.0, 1.4), Word("there.", 1.5, 2.5))),))
    >>> t.text(), t.segments[0].words[1].start, t.speakers()
    ('Hello there.', 1.5, ['A'])
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional, Sequence, Tuple, Union


class _Record:
    """Value semantics for the plain classes below (a dataclass costs an import and, per object,
    more time to make: files have 10^4-10^5 words): equality, hash and repr by the fields in
    ``FIELDS`` order. The objects are not to be changed once made."""

    __slots__ = ()
    FIELDS: Tuple[str, ...] = ()

    def _values(self) -> tuple:
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __eq__(self, other: Any) -> bool:
        return other.__class__ is self.__class__ and self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{self.__class__.__name__}({fields})"

    def as_dict(self) -> dict:
        """The fields as plain data (words and segments as dicts too)."""
        return {name: _plain(getattr(self, name)) for name in self.FIELDS}


def _plain(value: Any) -> Any:
    if isinstance(value, _Record):
        return value.as_dict()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class Word(_Record):
    """One word (or token) with its times, confidence and speaker where known."""

    __slots__ = FIELDS = ("text", "start", "end", "confidence", "speaker")

    def __init__(
        self,
        text: str,
        start: Optional[float] = None,
        end: Optional[float] = None,
        confidence: Optional[float] = None,
        speaker: Optional[str] = None,
    ):
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
        self.speaker = speaker


class Alternation(_Record):
    """Words of a segment of which any one choice may have been said (NIST ``{ a / b / @ }``, or
    ``(word)``: the word or nothing). ``at`` is the index, among the words of the segment's
    ``text``, where the first choice (the one in the text) starts; ``choices`` are the choices'
    words, the first as in the text, ``()`` for nothing (``@``).

    :example:
        >>> Alternation(1, (("the",), ("a",), ())).as_dict()
        {'at': 1, 'choices': [['the'], ['a'], []]}
    """

    __slots__ = FIELDS = ("at", "choices")

    def __init__(self, at: int, choices: Tuple[Tuple[str, ...], ...]):
        self.at = at
        self.choices = choices


class Annotations(NamedTuple):
    """A NIST file (``kind``: stm, trn or ctm) as written, with its annotations: what the
    metrics that score alternations read (through the sclite plugin), with the normalizers the
    pipeline gives (:meth:`normalized`) to apply to its words.

    :example:
        >>> a = Annotations("trn", "{ a / b } c (u_1)", "r.trn")
        >>> a.normalized("lowercase").normalizer, a.normalizer
        ('lowercase', None)
    """

    kind: str
    text: str
    source: str
    normalizer: Any = None

    def normalized(self, normalizer: Any) -> "Annotations":
        """These annotations, their words to be normalized by ``normalizer`` (``None``: as written)."""
        return self._replace(normalizer=normalizer)

    def in_window(self, start: float, end: float) -> "Annotations":
        """These annotations cut to a time window (for ``corpus --split-by-time``): the STM
        segments and CTM words whose midpoint is in ``[start, end)`` (a CTM ``<ALT_BEGIN>``
        block by the middle of its words' span), comment lines kept; a TRN file (no times)
        as it is.

        :example:
            >>> stm = Annotations("stm", ";; a label\\nf A s 0 2 { a / b }\\nf A s 2 4 c\\n", "r.stm")
            >>> stm.in_window(2, 10).text
            ';; a label\\nf A s 2 4 c\\n'
            >>> ctm = "f A 0 1 x\\nf A 1 1 <ALT_BEGIN>\\nf A 1 1 y\\nf A 1 1 <ALT>\\nf A 1 1 <ALT_END>\\n"
            >>> Annotations("ctm", ctm, "h.ctm").in_window(1, 5).text.count("\\n")
            4
        """
        if self.kind not in ("stm", "ctm"):
            return self
        kept: list = []
        block: list = []  # the lines of a CTM alternation block, and the times of its words
        span: list = []
        for line in self.text.splitlines(keepends=True):
            fields = line.split()
            if len(fields) < 5 or fields[0].startswith(";;"):
                kept.append(line)
                continue
            if self.kind == "stm":
                token, times = "", (float(fields[3]), float(fields[4]))
            else:
                token, times = fields[4].lower(), (float(fields[2]), float(fields[2]) + float(fields[3]))
            if token == "<alt_begin>" or block:
                block.append(line)
                if token not in ("<alt_begin>", "<alt>", "<alt_end>"):
                    span += times
                if token != "<alt_end>":
                    continue
                lines, block = block, []
                times, span = ((min(span), max(span)) if span else times), []
            else:
                lines = [line]
            if start <= (times[0] + times[1]) / 2 < end:
                kept += lines
        return self._replace(text="".join(kept + block))


class Segment(_Record):
    """A cue, utterance, phrase or paragraph: its text, times, speaker and words.

    ``words`` is a tuple of :class:`Word`, or a function that returns them: it is called once,
    when the words are first read. ``recording`` names the recording (file and channel, session
    or utterance id) the segment belongs to in formats that hold several in one file (CTM, STM,
    TRN, SegLST); else None. ``alternatives`` are the segment's :class:`Alternation` objects.

    :example:
        >>> made = []
        >>> s = Segment("Hi", 1.0, 1.5, words=lambda: made.append("words") or (Word("Hi", 1.0, 1.5),))
        >>> len(made), s.words, s.words[0].end, made
        (0, (Word(text='Hi', start=1.0, end=1.5, confidence=None, speaker=None),), 1.5, ['words'])
    """

    __slots__ = ("text", "start", "end", "speaker", "_words", "recording", "alternatives")
    FIELDS = ("text", "start", "end", "speaker", "words", "recording", "alternatives")

    def __init__(
        self,
        text: str,
        start: Optional[float] = None,
        end: Optional[float] = None,
        speaker: Optional[str] = None,
        words: Union[Tuple[Word, ...], Callable[[], Tuple[Word, ...]]] = (),
        recording: Optional[str] = None,
        alternatives: Tuple[Alternation, ...] = (),
    ):
        self.alternatives = alternatives
        self.text = text
        self.start = start
        self.end = end
        self.speaker = speaker
        self._words = words
        self.recording = recording

    @property
    def words(self) -> Tuple[Word, ...]:
        """The segment's words (made now if the reader deferred them)."""
        words = self._words
        if callable(words):
            words = self._words = tuple(words())
        return words


class Transcript(_Record):
    """The ordered segments of one file, and the input type it was read as.

    ``warnings`` are what the reader skipped or simplified (a bad WebVTT cue), one line each,
    naming the file and line; ``annotations`` the file as written where the format has NIST
    annotations (:class:`Annotations`), else None; neither is part of the transcript's value
    (equality, ``as_dict``)."""

    __slots__ = ("type", "segments", "warnings", "annotations")
    FIELDS = ("type", "segments")

    def __init__(
        self,
        type: str,
        segments: Tuple[Segment, ...] = (),  # noqa: A002 (the field's name)
        warnings: Sequence[str] = (),
        annotations: Optional[Annotations] = None,
    ):
        self.type = type
        self.segments = segments
        self.warnings = tuple(warnings)
        self.annotations = annotations

    def text(self) -> str:
        """The text the normalizers see: the segments' texts, one per line."""
        return "\n".join(s.text for s in self.segments if s.text)

    def speakers(self) -> list:
        """The speakers in order of first appearance."""
        seen: dict = {}
        for s in self.segments:
            for who in [s.speaker, *(w.speaker for w in s.words)]:
                if who is not None:
                    seen.setdefault(who, None)
        return list(seen)

    def as_dict(self) -> dict:
        """Plain data (for ``benchmarkstt-tools transcript -o json``); a segment's ``recording``
        and ``alternatives`` only where the format has them."""
        data = super().as_dict()
        for segment in data["segments"]:
            if segment["recording"] is None:
                del segment["recording"]
            if not segment["alternatives"]:
                del segment["alternatives"]
        return data
