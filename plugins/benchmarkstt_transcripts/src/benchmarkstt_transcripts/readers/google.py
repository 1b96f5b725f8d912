"""Google Cloud Speech-to-Text JSON: v1 (``recognize``, ``longrunningrecognize``) and v2.

What is read:

- **segments**: one per entry of ``results``, its text the ``transcript`` of the first (best)
  alternative, stripped; a result without alternatives or words is skipped;
- **times**: the words' ``startTime``/``endTime`` (v1) or ``startOffset``/``endOffset`` (v2),
  protobuf durations such as ``"1.300s"``, or as Google's Node.js client saves them,
  ``{"seconds": "12", "nanos": 900000000}``; a segment starts at its first word and ends at the
  result's ``resultEndTime``/``resultEndOffset`` (or its last word);
- **words**: the best alternative's ``words`` (``word``, ``confidence`` when word confidence
  was asked for), with the speaker as a string: ``str(speakerTag)`` (v1) or ``speakerLabel``
  (v2); a segment's speaker is its words' speaker when they all share one;
- with diarization, v1 repeats every word of the audio, with its speaker, in one last result:
  when that result's words are exactly the earlier results' words (or their transcripts' words,
  where they have no words of their own), it gives them their speakers (or their words) and is
  not read as text a second time;
- the wrappers: a long-running operation (``{"name", "done", "response": {...}}``) and a v2
  ``batchRecognize`` response (``results`` keyed by audio URI, one file, with its
  ``inlineResult.transcript`` or ``transcript``);
- the keys as the REST API writes them (``startTime``) or in the snake_case of the ``to_dict``
  of Google's Python client (``start_time``).

Recognised (for ``.json`` files) by its shape: an object (or its ``response``) whose ``results``
is an array of objects whose ``alternatives`` have a ``transcript`` or ``words`` (and no ``type``,
which Speechmatics' results have),
or an object of objects keyed by audio URI (v2's ``batchRecognize``).

:example:
    >>> import json
    >>> t = parse(json.loads('''{"results": [{"alternatives": [{"transcript": "Good evening.",
    ...   "confidence": 0.93, "words": [
    ...     {"startTime": "0.100s", "endTime": "0.500s", "word": "Good", "speakerTag": 1},
    ...     {"startTime": "0.500s", "endTime": "1.200s", "word": "evening.", "speakerTag": 1}]}],
    ...   "resultEndTime": "1.300s", "languageCode": "en-gb"}]}'''), "g.json")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.speaker, s.words[1]
    ('Good evening.', 0.1, 1.3, '1', Word(text='evening.', start=0.5, end=1.2, confidence=None, speaker='1'))
"""

from __future__ import annotations

import re
from typing import Any

from ..model import Transcript, Word
from ._json import JsonShape, key_path, segment_of_words

TYPE = "google"
ORIGIN = "engine"
EXAMPLE = ("google.json", '{"results": [{"alternatives": [{"transcript": "hello", "confidence": 0.9}]}]}', "hello")


def _snake(name: str) -> str:
    return re.sub(r"[A-Z]", lambda m: "_" + m.group().lower(), name)


_SPELLINGS = {
    name: (name, _snake(name))
    for name in (
        "startTime",
        "endTime",
        "startOffset",
        "endOffset",
        "speakerTag",
        "speakerLabel",
        "resultEndTime",
        "resultEndOffset",
        "inlineResult",
    )
}


def _key(obj: dict, *names: str) -> str:
    """The first of ``names`` that ``obj`` has, spelled in camelCase (the REST API) or snake_case
    (the ``to_dict`` of Google's Python client); else the first name."""
    for name in names:
        for spelled in _SPELLINGS[name]:
            if spelled in obj:
                return spelled
    return names[0]


def sniff(document: Any) -> bool:
    """``results``: an array of objects without ``type`` whose ``alternatives`` have a
    ``transcript`` or ``words``, or (v2's
    ``batchRecognize``) an object of objects; in the document or its ``response``."""
    body = document.get("response", document) if isinstance(document, dict) and "results" not in document else document
    results = body.get("results") if isinstance(body, dict) else None
    if isinstance(results, list):
        if not results:  # no speech: Speechmatics' empty results look the same
            return "format" not in body
        entries = [r for r in results if isinstance(r, dict)]
        alternatives = [a for r in entries for a in r.get("alternatives") or () if isinstance(a, dict)]
        return (
            len(entries) == len(results)
            and not any("type" in r for r in entries)
            and any("transcript" in a or "words" in a for a in alternatives)
        )
    return (
        isinstance(results, dict)
        and bool(results)
        and all(isinstance(r, dict) for r in results.values())
        and any(_key(r, "inlineResult") in r or "transcript" in r for r in results.values())
    )


def _unwrap(doc: JsonShape, data: dict, path: str):
    """The object holding the ``results`` array, and its key path."""
    if "response" in data and "results" not in data:
        path = key_path(path, "response")
        data = doc.get(data, "response", dict, "")
    results = data.get("results")
    if isinstance(results, dict):
        where = key_path(path, "results")
        if len(results) != 1:
            doc.fail(where, f"holds the results of {len(results)} audio files; give each file's results on their own")
        uri, result = next(iter(results.items()))
        where = f"{where}[{uri!r}]"
        doc.expect(result, dict, where)
        inline_key = _key(result, "inlineResult")
        if inline_key in result:
            inline = doc.get(result, inline_key, dict, where)
            return doc.get(inline, "transcript", dict, key_path(where, inline_key)), key_path(
                key_path(where, inline_key), "transcript"
            )
        if "transcript" in result:
            return doc.get(result, "transcript", dict, where), key_path(where, "transcript")
        doc.fail(
            where, "has no inlineResult or transcript (results written to Cloud Storage are read from the file there)"
        )
    return data, path


def _words(doc: JsonShape, best: dict, at: str) -> list:
    words: list = []
    for item, where in doc.each(best, "words", at, required=False):
        if not words:  # the spelling of the first word's keys is that of every word
            keys = (
                _key(item, "startTime", "startOffset"),
                _key(item, "endTime", "endOffset"),
                _key(item, "speakerTag", "speakerLabel"),
            )
        start, end = doc.duration(item, keys[0], where), doc.duration(item, keys[1], where)
        speaker = doc.speaker(item, keys[2], where)
        words.append(
            Word(
                doc.get(item, "word", str, where),
                start,
                end,
                doc.get(item, "confidence", float, where, required=False),
                speaker or None,
            )
        )
    return words


def _diarized(results: list) -> list:
    """The results, with v1's closing diarization result folded into the others.

    With diarization, v1 ends with a result holding every word of the audio with its speaker.
    When those words are exactly the earlier results' words (or, where a result has no words,
    its transcript's), the earlier results take their speakers (or their words) from it and
    it is dropped; otherwise the results are read as they are.
    """
    if len(results) < 2:
        return results
    summary = results[-1][1]
    tokens = [[w.text for w in words] if words else (transcript or "").split() for transcript, words, _ in results[:-1]]
    if not summary or [w.text for w in summary] != [t for group in tokens for t in group]:
        return results
    found, taken = [], 0
    for (transcript, words, end), group in zip(results[:-1], tokens):
        tagged = summary[taken : taken + len(group)]
        taken += len(group)
        if words:
            tagged = [Word(w.text, w.start, w.end, w.confidence, t.speaker) for w, t in zip(words, tagged)]
        found.append((transcript, tagged, end))
    return found


def parse(document: Any, source: str) -> Transcript:
    """Read Google Speech-to-Text's parsed JSON (see the module's description)."""
    doc = JsonShape(source)
    data, path = _unwrap(doc, doc.expect(document, dict, ""), "")
    if "results" not in data and data:
        doc.fail(path, "expected Google Speech-to-Text JSON with results; found " + ", ".join(sorted(data)[:5]))
    results = []
    for result, at in doc.each(data, "results", path, required=False):
        best = doc.first(result, "alternatives", at)
        if best is None:
            continue
        alternative, where = best
        words = _words(doc, alternative, where)
        transcript = doc.get(alternative, "transcript", str, where, required=False)
        end = doc.duration(result, _key(result, "resultEndTime", "resultEndOffset"), at)
        if transcript is None and not words:
            continue
        results.append((transcript, words, end))
    segments = tuple(segment_of_words(words, transcript, end=end) for transcript, words, end in _diarized(results))
    return Transcript(TYPE, tuple(s for s in segments if s.text or s.words))
