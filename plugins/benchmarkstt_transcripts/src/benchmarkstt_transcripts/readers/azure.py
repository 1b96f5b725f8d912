"""Azure AI Speech JSON: batch transcription results, and the Speech SDK's recognition results.

What is read from a **batch transcription** result file:

- **segments**: one per entry of ``recognizedPhrases``, its text the
  ``display`` form (punctuated, capitalised) of the best entry of ``nBest``; a phrase without
  ``nBest`` whose ``recognitionStatus`` is not ``Success`` (no speech recognised) is skipped; ``combinedRecognizedPhrases`` is not read, as it
  repeats the phrases' text; a stereo file's phrases, which Azure lists channel by channel,
  are put in the order of their start times;
- **times**: ``offsetInTicks``/``durationInTicks`` (100 ns ticks), or else the ISO 8601
  ``offset``/``duration`` (``"PT1.23S"``), as start and end in seconds;
- **speakers**: the phrase's ``speaker`` (diarization) as a string;
- **words**: the best entry's ``displayWords`` when the file has them (display form, with
  ``displayFormWordLevelTimestampsEnabled``), else its ``words`` (lexical form), each with its
  times and ``confidence``.

The Speech SDK's results (``RecognitionStatus``, ``DisplayText`` or ``NBest[0].Display``,
``Offset``/``Duration`` in ticks, ``Words``), one object or an array of them, are read the same
way, one segment per result; ``"Words": null`` (the SDK writes it when word timings were
not asked for) is no words.

The **fast transcription** API's response (``transcriptions:transcribe``) is read the same way:
one segment per entry of ``phrases`` (its ``text``; ``combinedPhrases`` repeats them and is not
read), times in milliseconds (``offsetMilliseconds``/``durationMilliseconds``, or as the samples
of Microsoft's clients write them, ``offset``/``duration`` numbers), its ``words`` (``text``),
``confidence`` and ``speaker``.

Recognised (for ``.json`` files) by its shape: an object with a ``recognizedPhrases`` array, or
a ``RecognitionStatus`` (one SDK result, or an array of them), or fast transcription's
``phrases`` array of objects with ``text`` beside ``combinedPhrases``.

:example:
    >>> import json
    >>> t = parse(json.loads('''{"durationInTicks": 30000000, "recognizedPhrases": [
    ...   {"recognitionStatus": "Success", "channel": 0, "speaker": 1,
    ...    "offset": "PT0.1S", "duration": "PT1.2S", "offsetInTicks": 1000000.0,
    ...    "durationInTicks": 12000000.0, "nBest": [{"confidence": 0.9,
    ...    "lexical": "good evening", "display": "Good evening.", "words": [
    ...      {"word": "good", "offsetInTicks": 1000000.0, "durationInTicks": 4000000.0, "confidence": 0.95},
    ...      {"word": "evening", "offsetInTicks": 5000000.0, "durationInTicks": 8000000.0, "confidence": 0.9}]}]}]}'''),
    ...   "a.json")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.speaker, s.words[1].text, s.words[1].end
    ('Good evening.', 0.1, 1.3, '1', 'evening', 1.3)
    >>> fast = parse({"durationMilliseconds": 3000, "combinedPhrases": [{"text": "Good evening."}], "phrases": [
    ...   {"offsetMilliseconds": 100, "durationMilliseconds": 1200, "text": "Good evening.", "confidence": 0.9,
    ...    "words": [{"text": "Good", "offsetMilliseconds": 100, "durationMilliseconds": 400},
    ...              {"text": "evening.", "offsetMilliseconds": 500, "durationMilliseconds": 800}]}]}, "f.json")
    >>> s = fast.segments[0]
    >>> s.text, s.start, s.end, s.words[1].start
    ('Good evening.', 0.1, 1.3, 0.5)
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

from ..model import Segment, Transcript, Word
from ._json import JsonShape

TYPE = "azure"
ORIGIN = "engine"
EXAMPLE = (
    "azure.json",
    '{"recognizedPhrases": [{"offsetInTicks": 0, "durationInTicks": 5000000, "nBest": [{"display": "Hello"}]}]}',
    "Hello",
)

TICKS_PER_SECOND = 10_000_000


def sniff(document: Any) -> bool:
    """A ``recognizedPhrases`` array, or SDK results (objects with ``RecognitionStatus``)."""
    if isinstance(document, list):
        return bool(document) and all(isinstance(r, dict) and "RecognitionStatus" in r for r in document)
    return isinstance(document, dict) and (
        isinstance(document.get("recognizedPhrases"), list) or "RecognitionStatus" in document or _fast(document)
    )


def _fast(document: dict) -> bool:
    """Fast transcription's response: ``phrases`` objects with ``text``, beside ``combinedPhrases``."""
    phrases = document.get("phrases")
    return (
        isinstance(phrases, list)
        and "combinedPhrases" in document
        and all(isinstance(p, dict) and "text" in p for p in phrases)
    )


def _milliseconds(doc: JsonShape, obj: dict, at: str) -> Tuple[Optional[float], Optional[float]]:
    """Fast transcription's start and end in seconds, from milliseconds."""
    offset = doc.get(obj, "offsetMilliseconds" if "offsetMilliseconds" in obj else "offset", float, at, required=False)
    length = doc.get(
        obj, "durationMilliseconds" if "durationMilliseconds" in obj else "duration", float, at, required=False
    )
    start = None if offset is None else offset / 1000
    return start, None if offset is None or length is None else (offset + length) / 1000


def _fast_phrase(doc: JsonShape, phrase: dict, at: str) -> Segment:
    speaker = doc.speaker(phrase, "speaker", at)
    words = tuple(
        Word(
            doc.get(item, "text", str, where),
            *_milliseconds(doc, item, where),
            doc.get(item, "confidence", float, where, required=False),
            speaker,
        )
        for item, where in doc.each(phrase, "words", at, required=False)
    )
    return Segment(doc.get(phrase, "text", str, at).strip(), *_milliseconds(doc, phrase, at), speaker, words)


def _span(doc: JsonShape, obj: dict, at: str, sdk: bool) -> Tuple[Optional[float], Optional[float]]:
    """Start and end in seconds, from ticks or ISO 8601 durations."""
    if sdk:
        offset = doc.get(obj, "Offset", float, at, required=False)
        length = doc.get(obj, "Duration", float, at, required=False)
        start = None if offset is None else round(offset / TICKS_PER_SECOND, 7)
        duration = None if length is None else length / TICKS_PER_SECOND
    elif "offsetInTicks" in obj:
        start = round(doc.get(obj, "offsetInTicks", float, at) / TICKS_PER_SECOND, 7)
        duration = doc.get(obj, "durationInTicks", float, at) / TICKS_PER_SECOND
    else:
        start = doc.iso_duration(obj, "offset", at)
        duration = doc.iso_duration(obj, "duration", at)
    end = None if start is None or duration is None else round(start + duration, 7)
    return start, end


def _words(doc: JsonShape, best: dict, at: str, sdk: bool, speaker: Optional[str]) -> tuple:
    key = next(
        (k for k in (("DisplayWords", "Words") if sdk else ("displayWords", "words")) if best.get(k) is not None), None
    )
    if key is None:
        return ()
    words = []
    for item, where in doc.each(best, key, at):
        start, end = _span(doc, item, where, sdk)
        words.append(
            Word(
                doc.get(item, "Word" if sdk else ("displayText" if key == "displayWords" else "word"), str, where),
                start,
                end,
                doc.get(item, "Confidence" if sdk else "confidence", float, where, required=False),
                speaker,
            )
        )
    return tuple(words)


def _phrase(doc: JsonShape, phrase: dict, at: str, sdk: bool) -> Optional[Segment]:
    speaker = doc.speaker(phrase, "SpeakerId" if sdk else "speaker", at)
    start, end = _span(doc, phrase, at, sdk)
    key = "NBest" if sdk else "nBest"
    best = doc.first(phrase, key, at) if key in phrase else None
    if best is None:
        if sdk and "DisplayText" in phrase:
            return Segment(doc.get(phrase, "DisplayText", str, at).strip(), start, end, speaker)
        if phrase.get("RecognitionStatus" if sdk else "recognitionStatus") == "Success":
            doc.fail(at, f"a recognised phrase without {'DisplayText or NBest' if sdk else 'nBest'}")
        return None
    alternative, where = best
    text = doc.get(alternative, "Display" if sdk else "display", str, where)
    return Segment(text.strip(), start, end, speaker, _words(doc, alternative, where, sdk, speaker))


def parse(data: Any, source: str) -> Transcript:
    """Read Azure Speech's parsed JSON (see the module's description)."""
    doc = JsonShape(source)
    if isinstance(data, list):
        phrases = [(doc.expect(item, dict, f"[{i}]"), f"[{i}]", True) for i, item in enumerate(data)]
    elif isinstance(data, dict) and "recognizedPhrases" in data:
        phrases = [(item, at, False) for item, at in doc.each(data, "recognizedPhrases", "")]
    elif isinstance(data, dict) and "RecognitionStatus" in data:
        phrases = [(data, "", True)]
    elif isinstance(data, dict) and _fast(data):
        segments = [_fast_phrase(doc, phrase, at) for phrase, at in doc.each(data, "phrases", "")]
        segments = [s for s in segments if s.text]
        if len({p.get("channel") for p in data["phrases"]}) > 1 and all(s.start is not None for s in segments):
            # a stereo file's phrases, in the order of their start (all checked to have one)
            segments.sort(key=lambda s: s.start)  # type: ignore[arg-type, return-value]
        return Transcript(TYPE, tuple(segments))
    else:
        doc.expect(data, dict, "")
        doc.fail(
            "",
            "expected Azure Speech JSON with recognizedPhrases (batch transcription), "
            "RecognitionStatus (Speech SDK) or phrases (fast transcription); found none of them",
        )
    segments = [s for s in (_phrase(doc, phrase, at, sdk) for phrase, at, sdk in phrases) if s is not None]
    channels = {phrase.get("channel", phrase.get("Channel")) for phrase, _, _ in phrases}
    if len(channels) > 1 and all(s.start is not None for s in segments):
        segments.sort(key=lambda s: s.start)  # type: ignore[arg-type, return-value]  # all checked to have one
    return Transcript(TYPE, tuple(segments))
