"""Test sets as users have them: references, their audio and the time range in it, read from
a Kaldi data folder, LibriSpeech's layout, Common Voice, an STM file with its audio (TED-LIUM)
or a Hugging Face audio folder (``--testset KIND:PATH`` of ``corpus``).

:example:
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> for name, text in (("text", "u1 hello world\\n"), ("wav.scp", "rec1 rec1.wav\\n"),
    ...                    ("segments", "u1 rec1 0.50 2.25\\n")):
    ...     with open(os.path.join(folder, name), "w") as f:
    ...         _ = f.write(text)
    >>> [(u.id, u.text, os.path.basename(u.audio), u.start, u.end) for u in kaldi(folder)]
    [('u1', 'hello world', 'rec1.wav', 0.5, 2.25)]
"""

from __future__ import annotations

import csv
import os
import re
from typing import Callable, Dict, Iterator, List, NamedTuple, Optional

from benchmarkstt_core.errors import UsageError

from .audio import EXTENSIONS


class Utterance(NamedTuple):
    """One reference of a test set: its id, its text, its audio file and the time range in it."""

    id: str
    text: str
    audio: str
    start: Optional[float] = None
    end: Optional[float] = None


def lines(path: str) -> Iterator[tuple]:
    """``(line number, first field, rest of the line)`` of each non-empty line of a Kaldi-style file."""
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if line.strip():
                    key, _, rest = line.strip().partition(" ")
                    yield number, key, rest.strip()
    except OSError as exc:
        raise UsageError(f"--testset: {path}: cannot read it: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"--testset: {path}: not UTF-8 text: {exc.reason}") from None


def number(value: str, path: str, line: int, what: str) -> float:
    """A time in seconds from a test set's file; an error naming the file and line."""
    try:
        return float(value)
    except ValueError:
        raise UsageError(f"--testset: {path}:{line}: {what} {value!r} is not a number of seconds") from None


def located(path: str, base: str) -> str:
    """A path from a test set's file: as it is when absolute, else relative to ``base``."""
    return path if os.path.isabs(path) else os.path.join(base, path)


def kaldi(folder: str) -> List[Utterance]:
    """A Kaldi data folder: ``text`` (utterance id, words), ``wav.scp`` (recording id, audio
    file; commands ending in ``|`` are refused), optionally ``segments`` (utterance id,
    recording id, start, end); ``utt2spk`` is not needed. A relative path is taken from the
    first of these where it exists: the current folder and the recipe folder (which holds
    ``data/NAME``: where Kaldi runs), then the data folder."""
    scp = os.path.join(folder, "wav.scp")
    recordings: Dict[str, str] = {}
    recipe = os.path.dirname(os.path.dirname(os.path.abspath(folder)))
    for line, key, rest in lines(scp):
        if rest.endswith("|"):
            raise UsageError(
                f"--testset: {scp}:{line}: {key}: a command ({rest}) is not an audio file; "
                f"write the audio to files and name them here"
            )
        places = [located(rest, base) for base in (os.curdir, recipe, folder)]
        recordings[key] = next((p for p in places if os.path.exists(p)), places[0])
    ranges: Dict[str, tuple] = {}
    path = os.path.join(folder, "segments")
    if os.path.exists(path):
        for line, key, rest in lines(path):
            fields = rest.split()
            if len(fields) != 3:
                raise UsageError(f"--testset: {path}:{line}: expected: utterance recording start end")
            if fields[0] not in recordings:
                raise UsageError(f"--testset: {path}:{line}: recording {fields[0]!r} is not in {scp}")
            ranges[key] = (fields[0], number(fields[1], path, line, "start"), number(fields[2], path, line, "end"))
    found = []
    text = os.path.join(folder, "text")
    for line, key, words in lines(text):
        recording, start, end = ranges.get(key, (key, None, None))
        if recording not in recordings:
            raise UsageError(
                f"--testset: {text}:{line}: utterance {key!r} has no recording in {scp}"
                + ("" if ranges else " (and there is no segments file)")
            )
        found.append(Utterance(key, words, recordings[recording], start, end))
    return found


def librispeech(folder: str) -> List[Utterance]:
    """LibriSpeech's layout: ``SPEAKER/CHAPTER/SPEAKER-CHAPTER.trans.txt`` (utterance id,
    words) beside ``UTTERANCE.flac``, anywhere under ``folder``."""
    found = []
    for root, dirs, files in sorted(os.walk(folder)):
        dirs.sort()
        for name in sorted(f for f in files if f.endswith(".trans.txt")):
            for _, key, words in lines(os.path.join(root, name)):
                found.append(Utterance(key, words, os.path.join(root, key + ".flac")))
    return found


def table_rows(path: str, delimiter: str) -> List[dict]:
    """The rows of a TSV or CSV file with a header."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return list(
                csv.DictReader(
                    f, delimiter=delimiter, quoting=csv.QUOTE_NONE if delimiter == "\t" else csv.QUOTE_MINIMAL
                )
            )
    except OSError as exc:
        raise UsageError(f"--testset: {path}: cannot read it: {exc.strerror}") from None


def column(row: dict, names: tuple, path: str) -> str:
    """The first of ``names`` that ``row`` has."""
    for name in names:
        if name in row:
            return row[name] or ""
    raise UsageError(f"--testset: {path}: no column {' or '.join(names)} (columns: {', '.join(row)})")


def common_voice(path: str) -> List[Utterance]:
    """Common Voice: a ``.tsv`` file (``test.tsv``...) with columns ``path`` and ``sentence``,
    the clips in ``clips/`` beside it."""
    clips = os.path.join(os.path.dirname(path), "clips")
    return [
        Utterance(
            os.path.splitext(column(row, ("path",), path))[0],
            column(row, ("sentence",), path),
            os.path.join(clips, row["path"]),
        )
        for row in table_rows(path, "\t")
    ]


def stm(path: str) -> List[Utterance]:
    """An STM file (``file channel speaker start end [<labels>] words``) and its recordings,
    found by file name beside it or, as in TED-LIUM, in ``../sph/`` or ``../wav/``;
    ``ignore_time_segment_in_scoring`` segments (in any case) are left out."""
    base = os.path.dirname(os.path.abspath(path))
    places = [base, os.path.join(base, "..", "sph"), os.path.join(base, "..", "wav")]
    found, audio = [], {}
    for line, key, rest in lines(path):
        if key.startswith(";;"):
            continue
        fields = rest.split(None, 4)
        if len(fields) < 4:
            raise UsageError(f"--testset: {path}:{line}: expected: file channel speaker start end words")
        start, end = number(fields[2], path, line, "start"), number(fields[3], path, line, "end")
        words = re.sub(r"^<[^>]*>\s*", "", fields[4] if len(fields) > 4 else "")
        if words.strip().lower() == "ignore_time_segment_in_scoring":  # any case: SCTK writes it in capitals
            continue
        if key not in audio:
            audio[key] = recording(key, places, path, line)
        found.append(Utterance(f"{key}_{round(start * 100):07d}_{round(end * 100):07d}", words, audio[key], start, end))
    return found


def recording(name: str, places: List[str], path: str, line: int) -> str:
    """The audio file of recording ``name``: the first ``name.EXT`` in ``places``."""
    for place in places:
        for ext in sorted(EXTENSIONS):
            candidate = os.path.join(place, f"{name}.{ext}")
            if os.path.isfile(candidate):
                return os.path.normpath(candidate)
    raise UsageError(f"--testset: {path}:{line}: no audio file for recording {name!r} beside it or in ../sph or ../wav")


def audiofolder(folder: str) -> List[Utterance]:
    """A Hugging Face audio folder: ``metadata.csv`` with a ``file_name`` column and the text in
    ``transcription``, ``text`` or ``sentence``."""
    path = os.path.join(folder, "metadata.csv")
    found = []
    for row in table_rows(path, ","):
        name = column(row, ("file_name",), path)
        key = re.sub(r"[\\/]", "_", os.path.splitext(name)[0])
        found.append(
            Utterance(key, column(row, ("transcription", "text", "sentence"), path), os.path.join(folder, name))
        )
    return found


#: ``--testset`` kinds and their readers
KINDS: Dict[str, Callable[[str], List[Utterance]]] = {
    "kaldi": kaldi,
    "librispeech": librispeech,
    "commonvoice": common_voice,
    "stm": stm,
    "audiofolder": audiofolder,
}


def read_testset(value: str) -> List[Utterance]:
    """The utterances of ``--testset KIND:PATH``; their ids are unique."""
    kind, colon, path = value.partition(":")
    if not colon or kind not in KINDS:
        raise UsageError(f"--testset {value!r}: expected KIND:PATH with KIND one of {', '.join(KINDS)}")
    if not os.path.exists(path):
        raise UsageError(f"--testset {value!r}: {path}: no such file or folder")
    found = KINDS[kind](path)
    if not found:
        raise UsageError(f"--testset {value!r}: no utterances found")
    seen: Dict[str, Utterance] = {}
    for utterance in found:
        if utterance.id in seen:
            raise UsageError(f"--testset {value!r}: utterance id {utterance.id!r} is there twice")
        seen[utterance.id] = utterance
    return found
