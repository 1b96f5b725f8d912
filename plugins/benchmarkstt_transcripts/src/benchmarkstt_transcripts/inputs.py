"""One input type per transcript format: ``read()`` gives the text, ``transcript()`` the rest.

The classes are made from :data:`FORMATS` (type, description, example); a type is registered
for every reader of :func:`~benchmarkstt_transcripts.readers.available`.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from benchmarkstt_core.context import Context
from benchmarkstt_core.io import Input
from benchmarkstt_core.schema import TimedText

from .model import Transcript
from .reading import parse_data, parse_text
from .timing import WordExtras


class TranscriptInput(Input):
    """Base class: a file read by the reader module of :attr:`name`."""

    name = ""

    def transcript(self) -> Transcript:
        """The file as a transcript: segments, words, times and speakers."""
        context = self.context or Context(None)
        return parse_data(self.name, context.read_bytes(self.source), self.source, context.encoding,
                          context.encoding_hint)

    def read(self) -> str:
        """The text the normalizers see (a :class:`TimedText` carrying the words' times)."""
        return timed(self.transcript())

    @classmethod
    def from_content(cls, content: str, source: str, *, context: Context | None = None) -> str:
        """The text of a file's content given as a string (the API's ``ref``/``hyp``)."""
        return timed(parse_text(cls.name, content, source))


def timed(transcript: Transcript) -> TimedText:
    """The transcript's text, with its words' times and speakers for the segmenter's items."""
    text = TimedText(transcript.text(), lambda: WordExtras(transcript, text.word_count()))
    return text


_TTML = ('<tt xmlns="http://www.w3.org/ns/ttml"><head><metadata/></head><body><div>'
         '<p begin="00:00:01.000" end="00:00:02.000">Hello<br/>world &amp; all</p></div></body></tt>')

#: an EBU STL file of one subtitle (base64: the example writes it as bytes)
_STL = ("ODUwU1RMMjUuMDExMDAwOVBhc3NhZ2UgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAyNjAxMDEyNjAxMDEwMDAwMDAxMDAwMDEwMDE0MDIzMTAwMDAwMDAwMDAwMDAwMDAxMUdCUiAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
        "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAEBAP8AAAABAAAAAgAUAgBIZW"
        "xsbyB3b3JsZI+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4"
        "+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+P")

#: type -> (class name, description, example file name, example content, example text)
FORMATS = {
    "ttml": ("Ttml", "TTML, DFXP, EBU-TT, EBU-TT-D and IMSC subtitles: the text of the body's p elements",
             "subs.ttml", _TTML, "Hello world & all"),
    "srt": ("Srt", "SubRip subtitles (.srt): the cues' text without tags",
            "subs.srt", "1\n00:00:01,000 --> 00:00:02,000\n<i>Hello</i> world\n", "Hello world"),
    "vtt": ("Vtt", "WebVTT captions (.vtt): the cues' text without tags, voices as speakers",
            "subs.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann>Hello <b>world</b>\n", "Hello world"),
    "stl": ("Stl", "EBU STL subtitles (binary .stl): the text of the subtitles with their times",
            "subs.stl", _STL, "Hello world"),
    "scc": ("Scc", "Scenarist closed captions (.scc, CEA-608): the captions' text with their times",
            "c.scc", "Scenarist_SCC V1.0\n\n00:00:00:00\t9420 9420 94ae 94ae 9440 9440 c8e9\n\n"
                     "00:00:01:00\t942f 942f\n\n00:00:02:00\t942c 942c\n", "Hi"),
    "aws": ("Aws", "AWS Transcribe JSON: the words with punctuation, times and speaker labels",
            "aws.json", json.dumps({"results": {"transcripts": [{"transcript": "Hello."}], "items": [
                {"type": "pronunciation", "start_time": "0.1", "end_time": "0.5",
                 "alternatives": [{"confidence": "0.9", "content": "Hello"}]},
                {"type": "punctuation", "alternatives": [{"confidence": "0.0", "content": "."}]}]}}), "Hello."),
    "kaldi": ("Kaldi", "The BBC's Kaldi JSON: the punctuated words with times and confidences",
              "kaldi.json", json.dumps({"text": "hello", "punct": "Hello.", "words": [
                  {"start": 0.1, "end": 0.5, "confidence": 1.0, "word": "hello", "punct": "Hello."}]}), "Hello."),
    "google": ("Google", "Google Speech-to-Text JSON (v1 and v2): the best alternatives' transcripts",
               "google.json", json.dumps({"results": [{"alternatives": [{"transcript": "hello",
                                                                         "confidence": 0.9}]}]}), "hello"),
    "azure": ("Azure", "Azure batch transcription JSON: the recognized phrases' display text",
              "azure.json", json.dumps({"recognizedPhrases": [{"offsetInTicks": 0, "durationInTicks": 5000000,
                                                               "nBest": [{"display": "Hello"}]}]}), "Hello"),
    "speechmatics": ("Speechmatics", "Speechmatics json-v2: the words, punctuation attached as marked",
                     "sm.json", json.dumps({"format": "2.9", "results": [
                         {"type": "word", "start_time": 0.1, "end_time": 0.5,
                          "alternatives": [{"content": "Hello", "confidence": 0.9}]}]}), "Hello"),
    "deepgram": ("Deepgram", "Deepgram JSON: the punctuated words with times and speakers",
                 "dg.json", json.dumps({"results": {"channels": [{"alternatives": [{
                     "transcript": "Hello", "words": [{"word": "hello", "start": 0.1, "end": 0.5,
                                                       "confidence": 0.9, "punctuated_word": "Hello"}]}]}]}}),
                 "Hello"),
    "assemblyai": ("AssemblyAI", "AssemblyAI JSON: the words with times in milliseconds and speakers",
                   "aai.json", json.dumps({"text": "Hello", "words": [{"text": "Hello", "start": 100, "end": 500,
                                                                       "confidence": 0.9}]}), "Hello"),
    "whisper": ("Whisper", "OpenAI Whisper JSON (the CLI's and the API's verbose_json): the segments' text",
                "whisper.json", json.dumps({"text": " Hello", "segments": [{"id": 0, "start": 0.0, "end": 0.5,
                                                                            "text": " Hello"}]}), "Hello"),
    "seglst": ("SegLST", "meeteval's SegLST JSON: the segments' words with times and speakers",
               "s.seglst.json", json.dumps([{"session_id": "s", "speaker": "A", "start_time": 0.1,
                                             "end_time": 0.5, "words": "hello"}]), "hello"),
    "ctm": ("Ctm", "NIST CTM: one word a line with its channel, start and duration",
            "a.ctm", "rec 1 0.10 0.40 hello\n", "hello"),
    "stm": ("Stm", "NIST STM: one segment a line with its speaker, start and end",
            "a.stm", "rec 1 A 0.10 0.50 hello\n", "hello"),
    "trn": ("Trn", "NIST TRN (sclite): one utterance a line, its id in parentheses at the end",
            "a.trn", "hello (utt_1)\n", "hello"),
}


def _make(kind: str) -> type:
    class_name, description, file_name, content, text = FORMATS[kind]
    doc = f"{description}\n\n:param source: the file's path (``-``: standard input)\n"
    if file_name is not None:
        files = "binary_files" if kind == "stl" else "files"
        doc += (f":example {files}: {json.dumps({file_name: content})}\n:example source: {json.dumps(file_name)}\n"
                f":example return: {json.dumps(text)}\n")
    return type(class_name, (TranscriptInput,), {"name": kind, "__doc__": doc, "__module__": __name__,
                                                 "__qualname__": class_name})


for _kind in FORMATS:
    globals()[FORMATS[_kind][0]] = _make(_kind)
del _kind

#: the input classes by type (``by_type.srt``): what the plugin registers, by import path
by_type = SimpleNamespace(**{kind: globals()[names[0]] for kind, names in FORMATS.items()})
