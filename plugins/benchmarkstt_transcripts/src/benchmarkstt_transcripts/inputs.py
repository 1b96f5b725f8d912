"""One input type per transcript format: ``read()`` gives the text, ``transcript()`` the rest.

The classes are made from the readers' declarations (:data:`~.readers.FORMATS`, ``EXAMPLE``); a
type is registered when its reader module is installed
(:func:`~benchmarkstt_transcripts.readers.available`).
"""

from __future__ import annotations

import functools
import json

from benchmarkstt_core.context import Context
from benchmarkstt_core.io import Input
from benchmarkstt_core.schema import TimedText

from .model import Annotations, Transcript
from .readers import FORMATS, available, reader
from .reading import parse_data, parse_text
from .timing import WordExtras


class TranscriptInput(Input):
    """Base class: a file read by the reader module of :attr:`name`."""

    name = ""

    def __init__(self, source: str, sound_labels: str = "skip", *, context: Context | None = None):
        from .sounds import check

        super().__init__(source, context=context)
        self.sound_labels = check(sound_labels)

    def transcript(self) -> Transcript:
        """The file as a transcript: segments, words, times and speakers."""
        context = self.context or Context(None)
        return parse_data(
            self.name, context.read_bytes(self.source), self.source, context.encoding, context.encoding_hint
        )

    def read(self) -> str:
        """The text the normalizers see (a :class:`TimedText` carrying the words' times)."""
        context = self.context or Context(None)
        shown = visible(self.transcript(), self.source, context)
        return timed(scored(shown, self.source, context, self.sound_labels), shown)

    @classmethod
    def from_content(
        cls, content: str, source: str, *, context: Context | None = None, sound_labels: str = "skip"
    ) -> str:
        """The text of a file's content given as a string (the API's ``ref``/``hyp``)."""
        from .sounds import check

        context = context or Context(None)
        shown = visible(parse_text(cls.name, content, source), source, context)
        return timed(scored(shown, source, context, check(sound_labels)), shown)


def visible(transcript: Transcript, source: str, context: Context) -> Transcript:
    """The transcript as shown: its reader's warnings told, its invisible direction marks
    removed (:mod:`.marks`) and their number told."""
    from benchmarkstt_core.marks import removed_note

    from .marks import without_marks_in

    for message in transcript.warnings:
        context.warn(message)
    transcript, found = without_marks_in(transcript)
    if found:
        context.warn(removed_note(source, found))
    return transcript


def scored(transcript: Transcript, source: str, context: Context, sound_labels: str = "skip") -> Transcript:
    """The transcript as scored (after :func:`visible`): sound labels set aside from subtitles
    (unless ``sound_labels`` is ``keep``) and their number told (:mod:`.sounds`)."""
    from .sounds import SUBTITLES, set_aside

    if transcript.type not in SUBTITLES or sound_labels == "keep":
        return transcript
    transcript, labels = set_aside(transcript)
    if labels:
        words = sum(len(label.split()) for label in labels)
        context.warn(
            f"{source}: {len(labels)} sound label{'s' if len(labels) != 1 else ''} ({words} word{'s' if words != 1 else ''}, "
            f"such as {labels[0]!r}) set aside, not scored; --sound-labels keep scores them"
        )
    return transcript


class TranscriptText(TimedText):
    """A transcript's text with its words' extras, its ``origin``: ``"engine"`` (a
    speech-to-text engine's output), ``"subtitles"``, or None (the reader's ``ORIGIN``), and
    its ``annotations`` (NIST files: :class:`~benchmarkstt_transcripts.model.Annotations`)."""

    __slots__ = ("origin", "annotations")
    origin: str | None
    annotations: Annotations | None


def timed(transcript: Transcript, shown: Transcript | None = None) -> TimedText:
    """The transcript's text, with its words' times and speakers for the segmenter's items;
    ``shown``: the transcript as the file shows it, before :func:`scored` set its sound labels
    aside (see :meth:`.WordExtras.shown`)."""
    text = TranscriptText(transcript.text(), functools.partial(WordExtras, transcript, shown))
    text.origin = getattr(reader(transcript.type), "ORIGIN", None)
    text.annotations = transcript.annotations
    return text


def _make(kind: str) -> type:
    """The input class of type ``kind``, its help and example from the reader's declaration."""
    module = reader(kind)
    file_name, content, text = module.EXAMPLE
    files = "binary_files" if FORMATS[kind].syntax == "bytes" else "files"
    doc = (
        f"{FORMATS[kind].description}\n\n:param source: the file's path (``-``: standard input)\n"
        ":param sound_labels: subtitles: skip (the default) sets sound labels (APPLAUSE, [MUSIC]) aside, "
        "keep scores them as words\n"
        f":example {files}: {json.dumps({file_name: content})}\n:example source: {json.dumps(file_name)}\n"
        f":example return: {json.dumps(text)}\n"
    )
    class_name = kind.capitalize()
    return type(
        class_name,
        (TranscriptInput,),
        {"name": kind, "__doc__": doc, "__module__": __name__, "__qualname__": class_name},
    )


class _ByType:
    """The input classes by type (``by_type.srt``), each made when it is first asked for: what
    the plugin registers, by import path."""

    def __getattr__(self, kind: str) -> type:
        if kind.startswith("_") or kind not in available():
            raise AttributeError(kind)
        made = _make(kind)
        setattr(self, kind, made)
        return made


by_type = _ByType()
