"""Audio through PyAV: every test recording decodes at the rate an engine asks for, a time
range is cut, and a corrupt, silent, empty or truncated file is one clear error naming it."""

from __future__ import annotations

import wave
from array import array

import pytest

from benchmarkstt_engines.audio import AudioError, decode

from conftest import DATA

AUDIO = DATA / "audio"
#: file, the rate it is stored at, its duration in seconds (soxi/ffprobe)
FILES = [
    ("cat.wav", 16000, 1.886),
    ("weather.wav", 22050, 2.126),
    ("news.flac", 16000, 2.898),
    ("sport.mp3", 16000, 2.955),
    ("music.mp4", 16000, 2.855),
]


@pytest.mark.parametrize("name, stored, seconds", FILES)
def test_each_format_decodes_resampled(name, stored, seconds):
    audio = decode(str(AUDIO / name), 8000)
    assert audio.rate == 8000
    assert audio.seconds == pytest.approx(seconds, abs=0.08)
    assert len(audio.samples) == pytest.approx(2 * 8000 * seconds, abs=2 * 8000 * 0.08)


def test_a_time_range_is_cut():
    audio = decode(str(AUDIO / "weather.wav"), 16000, 0.5, 1.25)
    assert audio.seconds == 0.75


def write_wav(path, frames: bytes, rate: int = 16000) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)


def test_silence_is_an_error(tmp_path):
    write_wav(tmp_path / "quiet.wav", b"\0\0" * 16000)
    with pytest.raises(AudioError, match=r"quiet.wav: is silent$"):
        decode(str(tmp_path / "quiet.wav"), 16000)


def truncated_news(tmp_path):
    """A real WAV of 13.5 s of news speech (news/n01-n03), cut after 0.7 s as a broken copy
    or download leaves it: its header still promises 13.5 s."""
    speech = b"".join(decode(str(AUDIO / "news" / f"n0{n}.flac"), 16000).samples for n in (1, 2, 3))
    path = tmp_path / "news.wav"
    write_wav(path, speech[: 2 * 16000 * 27 // 2])
    with open(path, "r+b") as f:
        f.truncate(44 + 2 * 16000 * 7 // 10)
    return path


def test_a_truncated_wav_is_an_error(tmp_path):
    path = truncated_news(tmp_path)
    with pytest.raises(AudioError) as caught:
        decode(str(path), 16000)
    assert str(caught.value) == f"{path}: truncated: its container promises 13.50 s of audio, it holds 0.70 s"


@pytest.mark.parametrize("name, stored, seconds", FILES)
def test_whole_recordings_are_not_taken_for_truncated(name, stored, seconds):
    assert decode(str(AUDIO / name), 16000, 0.0, 0.5).seconds == 0.5


def test_a_corrupt_file_is_an_error(tmp_path):
    bad = tmp_path / "broken.mp3"
    bad.write_bytes(b"ID3" + bytes(range(256)) * 4)
    with pytest.raises(AudioError, match=r"broken.mp3: cannot (read|decode) it"):
        decode(str(bad), 16000)


def test_an_empty_file_and_a_text_file_say_so_once(tmp_path):
    """FFmpeg's message named the file again after an error number of its own
    (``[Errno 1094995529] Invalid data found when processing input: '...'``)."""
    (tmp_path / "empty.wav").write_bytes(b"")
    (tmp_path / "notes.wav").write_text("not audio")
    with pytest.raises(AudioError, match=r"empty.wav: is empty$"):
        decode(str(tmp_path / "empty.wav"), 16000)
    with pytest.raises(AudioError) as raised:
        decode(str(tmp_path / "notes.wav"), 16000)
    assert (
        str(raised.value)
        == f"{tmp_path / 'notes.wav'}: cannot read it as audio: Invalid data found when processing input"
    )


def test_a_range_past_the_end_is_an_error():
    with pytest.raises(AudioError, match=r"cat.wav: ends at 1.89 s: nothing from 5 s on"):
        decode(str(AUDIO / "cat.wav"), 16000, 5.0, 6.0)


def test_a_missing_file_is_an_error(tmp_path):
    with pytest.raises(AudioError, match="gone.wav: no such file"):
        decode(str(tmp_path / "gone.wav"), 16000)


def convert(source, target, container: str, codec: str, rate: int) -> None:
    """``source`` re-encoded with PyAV as ``codec`` at ``rate`` Hz in a ``container`` file."""
    import av

    with av.open(str(source)) as src, av.open(str(target), "w", format=container) as dst:
        stream = dst.add_stream(codec, rate=rate, layout="mono")
        resampler = av.AudioResampler(format=stream.codec_context.format.name, layout="mono", rate=rate)
        for frame in src.decode(audio=0):
            for piece in resampler.resample(frame):
                piece.pts = None
                for packet in stream.encode(piece):
                    dst.mux(packet)
        for packet in stream.encode(None):
            dst.mux(packet)


@pytest.mark.parametrize(
    "name, container, codec, rate",
    [
        ("cat.ts", "mpegts", "mp2", 48000),  # MPEG-TS, as broadcast
        ("cat.mxf", "mxf_opatom", "pcm_s16le", 48000),  # MXF (OP-Atom), as archived
        ("cat.opus", "ogg", "libopus", 48000),  # OGG
        ("cat.m4a", "ipod", "aac", 16000),  # M4A
    ],
)
def test_broadcast_containers_decode(tmp_path, name, container, codec, rate):
    convert(AUDIO / "cat.wav", tmp_path / name, container, codec, rate)
    audio = decode(str(tmp_path / name), 16000)
    assert audio.seconds == pytest.approx(1.886, abs=0.12)


def test_a_hiss_below_the_silence_level_is_silent(tmp_path):
    """Two seconds of a hiss whose peak is 63 of 32767 (below SILENCE_PEAK, 64): silent; at 64
    it is audio."""
    import random

    from benchmarkstt_engines.audio import SILENCE_PEAK

    hiss = [random.Random(1).randint(-SILENCE_PEAK + 1, SILENCE_PEAK - 1) for _ in range(32000)]
    write_wav(tmp_path / "hiss.wav", array("h", hiss).tobytes())
    with pytest.raises(AudioError, match=r"hiss.wav: is silent$") as caught:
        decode(str(tmp_path / "hiss.wav"), 16000)
    assert caught.value.kind == "silent"
    write_wav(tmp_path / "hiss.wav", array("h", hiss + [SILENCE_PEAK]).tobytes())
    assert decode(str(tmp_path / "hiss.wav"), 16000).seconds == pytest.approx(2.0, abs=0.001)


@pytest.mark.slow
def test_truncated_and_silent_recordings_are_failed_rows_counted_as_bad_audio(tmp_path):
    """corpus --audio with the truncated news WAV and a silent WAV beside a whole recording:
    each bad one is a failed file naming the cause, counted in the transcription's and the
    engine's failed files, and by kind in the transcription table of the text output and of
    the report."""
    import json
    import shutil

    from conftest import run_command

    audio, refs = tmp_path / "audio", tmp_path / "refs"
    audio.mkdir()
    refs.mkdir()
    truncated_news(audio)
    write_wav(audio / "hush.wav", b"\0\0" * 16000 * 3)
    shutil.copy(AUDIO / "cat.wav", audio)
    (refs / "news.txt").write_text(
        " ".join((AUDIO / "news" / "reference" / f"n0{n}.txt").read_text().strip() for n in (1, 2, 3)) + "\n"
    )
    (refs / "hush.txt").write_text("the weather is fine\n")
    shutil.copy(AUDIO / "reference" / "cat.txt", refs)
    command = [
        "benchmarkstt-tools",
        "corpus",
        "--reference",
        str(refs),
        "--audio",
        str(audio),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(tmp_path / "cache"),
        "--jobs",
        "1",
    ]
    run = run_command(*command, "-o", "json", "--html", str(tmp_path / "report.html"))
    result = json.loads(run.stdout)
    made = result["transcription"]["ps"]
    assert (made["failed"], made["files"]) == (2, 3)
    assert made["bad_audio"] == {"truncated": 1, "silent": 1, "unreadable": 0}
    assert sorted((f["id"], f["error"]) for f in result["failed"]) == [
        ("hush", f"transcription failed: {audio / 'hush.wav'}: is silent"),
        (
            "news",
            f"transcription failed: {audio / 'news.wav'}: truncated: its container promises 13.50 s of audio, it holds 0.70 s",
        ),
    ]
    assert result["engines"]["ps"]["failed"] == 2
    counted = "2 of 3 (bad audio: 1 truncated, 1 silent)"
    assert f'<td class="num">{counted}</td>' in (tmp_path / "report.html").read_text(encoding="utf-8")
    text = run_command(*command)  # from the cache now
    assert [line for line in text.stdout.splitlines() if line.startswith("ps ")][-1].rstrip().endswith(counted)
