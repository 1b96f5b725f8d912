"""Audio files as engines need them: decoded by PyAV (FFmpeg), mixed to mono, resampled,
cut to a time range, as 16-bit little-endian samples.

:example:
    >>> is_audio("talk.MP3"), is_audio("talk.txt")
    (True, False)
"""

from __future__ import annotations

import os
import sys
from array import array
from typing import NamedTuple, Optional

from benchmarkstt_core.errors import InputError

#: the extensions of the files taken as audio from a folder (lower case, without the dot)
EXTENSIONS = frozenset(
    {
        "wav",
        "flac",
        "mp3",
        "ogg",
        "oga",
        "opus",
        "m4a",
        "mp4",
        "aac",
        "mxf",
        "ts",
        "mts",
        "m2ts",
        "webm",
        "mkv",
        "mov",
        "wma",
        "aif",
        "aiff",
        "sph",
    }
)

#: below this peak amplitude (of 32767) a recording counts as silent
SILENCE_PEAK = 64
#: a recording holding less than its container promises by more than this many seconds, and
#: by more than :data:`SHORT_SHARE` of it, is truncated (an estimate from a bit rate is not exact)
SHORT_SECONDS = 0.5
SHORT_SHARE = 0.05


#: the kinds of bad audio a transcription counts (:attr:`AudioError.kind`)
BAD_AUDIO = ("truncated", "silent", "unreadable")


class AudioError(InputError):
    """An audio file that cannot be decoded, has no audio stream, is silent, or holds less than
    its container promises (truncated).

    :param kind: which bad audio it is, one of :data:`BAD_AUDIO` (``None``: not the audio's
        fault, e.g. a file that does not exist or a time range past its end)
    """

    def __init__(self, message: str, kind: Optional[str] = None):
        super().__init__(message)
        self.kind = kind


class Audio(NamedTuple):
    """Decoded audio: 16-bit signed little-endian mono samples at ``rate``."""

    samples: bytes
    rate: int

    @property
    def seconds(self) -> float:
        """The duration."""
        return len(self.samples) / 2 / self.rate


def is_audio(path: str) -> bool:
    """Whether ``path`` has the extension of an audio or video file.

    :example:
        >>> is_audio("news.FLAC"), is_audio("programme.mxf"), is_audio("news.txt")
        (True, True, False)
    """
    return os.path.splitext(path)[1][1:].lower() in EXTENSIONS


def decode(path: str, rate: int, start: Optional[float] = None, end: Optional[float] = None) -> Audio:
    """The first audio stream of ``path`` as mono 16-bit samples at ``rate`` Hz, from
    ``start`` to ``end`` seconds (the whole file when not given).

    Raises :class:`AudioError` naming the file when it cannot be decoded, has no audio, is
    silent, or holds less than its container promises (a truncated copy): an engine would hear
    nothing, or part, which would score as if it had missed the words.

    :example:
        >>> import os, tempfile, wave
        >>> path = os.path.join(tempfile.mkdtemp(), "tone.wav")
        >>> with wave.open(path, "wb") as w:  # one second of a square wave at 44.1 kHz
        ...     w.setnchannels(1); w.setsampwidth(2); w.setframerate(44100)
        ...     w.writeframes(array("h", [3000, -3000] * 22050).tobytes())
        >>> audio = decode(path, 8000, 0.5, 1.0)
        >>> audio.rate, audio.seconds
        (8000, 0.5)
    """
    import av

    try:
        container = av.open(path)
    except FileNotFoundError:
        raise AudioError(f"{path}: no such file") from None
    except (av.FFmpegError, OSError, ValueError) as exc:
        if os.path.isfile(path) and os.path.getsize(path) == 0:
            raise AudioError(f"{path}: is empty", "unreadable") from None
        # FFmpeg's reason alone: its message repeats the path, after an error number of its own
        raise AudioError(
            f"{path}: cannot read it as audio: {getattr(exc, 'strerror', None) or exc}", "unreadable"
        ) from None
    out = bytearray()
    try:
        with container:
            if not container.streams.audio:
                raise AudioError(f"{path}: has no audio stream", "unreadable")
            promised = promised_seconds(path, container)
            resampler = av.AudioResampler(format="s16", layout="mono", rate=rate)
            for frame in container.decode(audio=0):
                for piece in resampler.resample(frame):
                    out += bytes(piece.planes[0])[: piece.samples * 2]
            for piece in resampler.resample(None):
                out += bytes(piece.planes[0])[: piece.samples * 2]
    except (av.FFmpegError, ValueError) as exc:
        raise AudioError(f"{path}: cannot decode it: {exc}", "unreadable") from None
    held = len(out) / 2 / rate
    if promised is not None and held < promised - max(SHORT_SECONDS, SHORT_SHARE * promised):
        raise AudioError(
            f"{path}: truncated: its container promises {promised:.2f} s of audio, it holds {held:.2f} s", "truncated"
        )
    first = 0 if start is None else int(round(start * rate)) * 2
    last = len(out) if end is None else min(len(out), int(round(end * rate)) * 2)
    if start is not None and first >= len(out):
        raise AudioError(f"{path}: ends at {len(out) / 2 / rate:.2f} s: nothing from {start:g} s on")
    samples = bytes(out[first:last])
    if not samples:
        raise AudioError(f"{path}: holds no audio samples", "unreadable")
    if peak(samples) < SILENCE_PEAK:
        raise AudioError(f"{path}: is silent" + ("" if start is None else f" from {start:g} s"), "silent")
    return Audio(samples, rate)


def wav_promise(path: str) -> Optional[float]:
    """The seconds of audio a RIFF WAVE file's header promises (its ``data`` chunk's size over
    the ``fmt`` chunk's bytes per second), ``None`` for another file or an open-ended size
    (FFmpeg states the size the file holds instead, so a cut WAV would pass as whole).

    :example:
        >>> import os, struct, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "cut.wav")
        >>> fmt = struct.pack("<HHIIHH", 1, 1, 16000, 32000, 2, 16)
        >>> with open(path, "wb") as f:  # 13.5 s promised, 0.1 s held
        ...     _ = f.write(b"RIFF" + struct.pack("<I", 36 + 432000) + b"WAVEfmt " + struct.pack("<I", 16) + fmt
        ...                 + b"data" + struct.pack("<I", 432000) + bytes(3200))
        >>> wav_promise(path), wav_promise(__file__)
        (13.5, None)
    """
    import struct

    with open(path, "rb") as f:
        head = f.read(1 << 16)
    if head[:4] != b"RIFF" or head[8:12] != b"WAVE":
        return None
    at, per_second = 12, 0
    while at + 8 <= len(head):
        chunk, size = head[at : at + 4], struct.unpack("<I", head[at + 4 : at + 8])[0]
        if chunk == b"fmt " and at + 16 <= len(head):
            per_second = struct.unpack("<I", head[at + 16 : at + 20])[0]
        elif chunk == b"data":
            return size / per_second if per_second and 0 < size < 0xFFFFFFFF else None
        at += 8 + size + (size & 1)
    return None


def promised_seconds(path: str, container) -> Optional[float]:
    """The duration that ``path``'s header states: a WAV's data size (:func:`wav_promise`),
    else its first audio stream's duration as the open PyAV ``container`` states it (or
    FFmpeg's estimate from the size and bit rate); ``None`` when unknown."""
    promised = wav_promise(path)
    if promised is not None:
        return promised
    stream = container.streams.audio[0]
    if stream.duration is not None and stream.time_base is not None:
        return float(stream.duration * stream.time_base)
    return container.duration / 1_000_000 if container.duration else None


def duration(path: str, start: Optional[float] = None, end: Optional[float] = None) -> float:
    """The seconds of audio from ``start`` to ``end`` in ``path`` (its container's duration,
    else the decoded length), without decoding when the container knows it."""
    import av

    if start is not None and end is not None:
        return end - start
    try:
        with av.open(path) as container:
            known = container.duration
    except (av.FFmpegError, OSError, ValueError) as exc:
        raise AudioError(f"{path}: cannot read it as audio: {exc}", "unreadable") from None
    total = known / 1_000_000 if known else decode(path, 8000).seconds
    return max(0.0, (end if end is not None else total) - (start or 0.0))


def peak(samples: bytes) -> int:
    """The largest absolute sample value.

    :example:
        >>> peak(array("h", [3, -200, 100]).tobytes())
        200
    """
    values = array("h")
    values.frombytes(samples)
    if sys.byteorder == "big":  # pragma: no cover - the samples are little-endian
        values.byteswap()
    return max(max(values), -min(values))
