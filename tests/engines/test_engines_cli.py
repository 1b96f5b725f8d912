"""``transcribe`` and ``corpus --engine`` as a user meets them without decoding speech: their
mistakes, engines whose library or model is missing, files that are not audio."""

from __future__ import annotations

import importlib.util
import json
import shutil

import pytest

from benchmarkstt_core.plugins import make_plugin_manager
from conftest import DATA, assert_clean_error, installed

AUDIO = DATA / "audio"
#: the engine kinds installed: the engines plugin's, and those of other plugins present (the live plugin's streaming kinds)
KNOWN = ", ".join(make_plugin_manager().registries.engines.names())
PROG = "benchmarkstt-tools"


@pytest.mark.parametrize(
    "engine, message",
    [
        (
            "ps",
            "--engine 'ps': expected NAME=KIND[:KEY=VALUE,...] with a NAME of letters, digits, '.', '_' "
            "or '-' (e.g. ps=pocketsphinx)",
        ),
        ("ps=", "--engine 'ps=': no engine kind after ps="),
        ("ps=sphinx", f"--engine 'ps=sphinx': unknown engine kind 'sphinx' (known: {KNOWN})"),
        ("ps=pocketsphinx:beam", "--engine 'ps=pocketsphinx:beam': option 'beam' is not KEY=VALUE"),
        (
            "ps=pocketsphinx:beam=1",
            "--engine ps=pocketsphinx: unknown option 'beam' (options of pocketsphinx: model, lm, dict)",
        ),
    ],
)
def test_engine_spec_mistakes(tools, tmp_path, engine, message):
    run = tools("transcribe", "--engine", engine, "-o", str(tmp_path / "out"), str(AUDIO / "cat.wav"))
    assert assert_clean_error(run, PROG) == f"{PROG}: error: {message}"
    assert not (tmp_path / "out").exists()


def test_the_known_kinds_listed_hold_every_engine_of_the_engines_plugin():
    assert {
        "assemblyai",
        "aws",
        "azure",
        "deepgram",
        "faster-whisper",
        "google",
        "openai",
        "pocketsphinx",
        "speechmatics",
        "vosk",
        "whisper",
    } <= set(KNOWN.split(", "))


def test_a_secret_option_is_never_shown(tools, tmp_path):
    run = tools(
        "transcribe", "--engine", "ps=sphinx:api_key=s3cret-value,model=x", "-o", str(tmp_path), str(AUDIO / "cat.wav")
    )
    assert assert_clean_error(run, PROG) == (
        f"{PROG}: error: --engine 'ps=sphinx:api_key=***,model=x': unknown engine kind 'sphinx' (known: {KNOWN})"
    )
    run = tools(
        "transcribe",
        "--engine",
        "ps=pocketsphinx:token=s3cret-value,token=again",
        "-o",
        str(tmp_path),
        str(AUDIO / "cat.wav"),
    )
    assert "s3cret" not in run.stderr and "token=***" in assert_clean_error(run, PROG)


def test_no_engine_and_no_audio(tools, tmp_path):
    run = tools("transcribe", "-o", str(tmp_path), str(AUDIO))
    assert assert_clean_error(run, PROG).endswith(
        "need at least one --engine NAME=KIND (e.g. --engine ps=pocketsphinx)"
    )
    run = tools("transcribe", "--engine", "ps=pocketsphinx", "-o", str(tmp_path), str(tmp_path))
    assert assert_clean_error(run, PROG).endswith(f"audio {str(tmp_path)!r}: no audio files in this folder")


@pytest.mark.parametrize(
    "kind, module, extra",
    [
        ("whisper", "whisper", "whisper"),
        ("faster-whisper", "faster_whisper", "faster-whisper"),
        ("vosk", "vosk", "vosk"),
    ],
)
def test_an_engine_without_its_library_or_model_is_one_error(tools, tmp_path, kind, module, extra):
    """No weights can be downloaded here: with the library installed, a model that is not on
    this machine is the error; without it, the missing extra is."""
    missing = str(tmp_path / "no-such-model")
    run = tools(
        "transcribe",
        "--engine",
        f"e={kind}:model={missing}",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "cache"),
        str(AUDIO / "cat.wav"),
        env={"HF_HUB_OFFLINE": "1"},
    )
    last = assert_clean_error(run, PROG)
    if importlib.util.find_spec(module) is None:
        assert last == (
            f"{PROG}: error: --engine e={kind}: engine {kind!r} needs the Python module {module!r}: "
            f"pip install 'benchmarkstt-engines[{extra}]'"
        )
    else:
        assert last.startswith(f"{PROG}: error: --engine e={kind}: engine {kind!r}: model {missing!r} cannot be loaded")
        assert "; give " in last and "model=" in last  # where a model goes and how to give it
    assert not (tmp_path / "out" / "e").exists()


def test_a_pocketsphinx_model_that_is_not_there(tools, tmp_path):
    """pocketsphinx is in the standard install from Python 3.10 (it has no wheel for 3.9)."""
    run = tools(
        "transcribe",
        "--engine",
        "ps=pocketsphinx:model=/no/such/model",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "cache"),
        str(AUDIO / "cat.wav"),
    )
    last = assert_clean_error(run, PROG)
    if importlib.util.find_spec("pocketsphinx") is None:
        assert last == (
            f"{PROG}: error: --engine ps=pocketsphinx: engine 'pocketsphinx' needs the Python module "
            f"'pocketsphinx': pip install 'benchmarkstt-engines[pocketsphinx]'"
        )
    else:
        assert last.startswith(
            f"{PROG}: error: --engine ps=pocketsphinx: pocketsphinx cannot load its model (hmm=/no/such/model)"
        )


def test_files_that_are_not_audio_fail_alone(tools, tmp_path):
    """A corrupt and a silent file: one line each, the exit status 1, nothing written for them;
    the engine is never loaded (the audio fails first), so this is quick."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "broken.wav").write_bytes(b"RIFF\x10\0\0\0WAVEfmt junk")
    shutil.copy(AUDIO / "cat.wav", folder / "quiet.wav")
    data = bytearray((folder / "quiet.wav").read_bytes())
    data[44:] = bytes(len(data) - 44)
    (folder / "quiet.wav").write_bytes(bytes(data))
    run = tools(
        "transcribe",
        "--engine",
        "ps=pocketsphinx",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "cache"),
        str(folder),
    )
    assert run.returncode == 1, run
    assert "Traceback" not in run.stderr
    lines = run.stderr.splitlines()
    assert lines[0] == f"{PROG} transcribe: ps: 2 files: 0 from the cache, 0 transcribed, 2 failed"
    assert lines[1].startswith(
        f"{PROG} transcribe: failed: {folder / 'broken.wav'} (ps): {folder / 'broken.wav'}: cannot"
    )
    assert lines[2] == f"{PROG} transcribe: failed: {folder / 'quiet.wav'} (ps): {folder / 'quiet.wav'}: is silent"
    assert lines[3] == f"{PROG} transcribe: error: 2 of 2 transcriptions failed"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--audio", str(AUDIO)], "--audio needs at least one --engine NAME=KIND (e.g. --engine ps=pocketsphinx)"),
        (
            ["--audio", str(AUDIO), "--engine", "ps=pocketsphinx"],
            "--audio needs --reference FOLDER (the reference files, paired by name)",
        ),
        (
            ["--engine", "ps=pocketsphinx"],
            "--engine needs --audio FOLDER (with --reference FOLDER) or --testset KIND:PATH",
        ),
        (
            ["--testset", "timit:x", "--engine", "ps=pocketsphinx"],
            "--testset 'timit:x': expected KIND:PATH with KIND one of kaldi, librispeech, commonvoice, stm, audiofolder",
        ),
        (
            ["--testset", "kaldi:/no/such", "--engine", "ps=pocketsphinx"],
            "--testset 'kaldi:/no/such': /no/such: no such file or folder",
        ),
    ],
)
def test_corpus_audio_mistakes(tools, args, message):
    run = tools("corpus", *args)
    assert assert_clean_error(run, PROG) == f"{PROG}: error: {message}"


@pytest.mark.parametrize(
    "mistake, message",
    [
        pytest.param(
            ["--profile", "nosuch"],
            "profile: unknown profile 'nosuch'; the profiles are ebu-tutorial, "
            "lowercase-nopunct, whisper-basic, whisper-en (benchmarkstt-tools normalization --list-profiles "
            "says what each does)",
            marks=pytest.mark.skipif(not installed("benchmarkstt_profiles"), reason="needs the profiles plugin"),
        ),
        (
            ["--output", "no-such-folder/result.json"],
            "no-such-folder/result.json: cannot write it: no folder no-such-folder",
        ),
        (
            ["--html", "no-such-folder/report.html"],
            "no-such-folder/report.html: cannot write it: no folder no-such-folder",
        ),
        (["--resamples", "0"], "--resamples must be at least 1, not 0"),
    ],
    ids=["profile", "output", "html", "resamples"],
)
def test_corpus_mistakes_are_said_before_anything_is_transcribed(tools, tmp_path, mistake, message):
    """A mistake in the scoring's options is said at once: it was said after every file had been
    transcribed (hours for a broadcaster's test set, and a cloud engine's bill)."""
    run = tools(
        "corpus",
        "--reference",
        str(AUDIO / "reference"),
        "--audio",
        str(AUDIO),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(tmp_path / "cache"),
        *mistake,
        cwd=tmp_path,
    )
    assert assert_clean_error(run, PROG) == f"{PROG}: error: {message}"
    assert not (tmp_path / "cache").exists()


def test_audio_and_references_that_do_not_pair_are_said_before_anything_is_transcribed(tools, tmp_path):
    """An audio file without a reference, and a reference without audio, were found only once
    every file had been transcribed, and named by the transcripts' paths in the cache."""
    refs, audio = tmp_path / "réf erences", tmp_path / "audio ñ"
    refs.mkdir()
    audio.mkdir()
    for stem in ("cat", "weather"):
        shutil.copy(AUDIO / "reference" / f"{stem}.txt", refs)
    shutil.copy(AUDIO / "cat.wav", audio)
    shutil.copy(AUDIO / "cat.wav", audio / "extra take.wav")
    run = tools(
        "corpus",
        "--reference",
        "réf erences",
        "--audio",
        "audio ñ",
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        "cache",
        cwd=tmp_path,
    )
    assert assert_clean_error(run, PROG) == (
        f"{PROG}: error: --audio: 1 audio file without a reference: audio ñ/extra take.wav; 1 reference without "
        f"audio: réf erences/weather.txt. Files pair by name without extension; give the missing files, or "
        f"--allow-unpaired to score the references anyway (an audio file without a reference is not transcribed). "
        f"Nothing was transcribed"
    )
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize(
    "reference, message", [("ref.trn", "--reference 'ref.trn': not a"), ("refs", "--reference 'refs': no such")]
)
def test_a_reference_that_is_not_a_folder_is_said_before_anything_is_transcribed(tools, tmp_path, reference, message):
    """The audio was transcribed, then the run failed naming the engine's transcripts in the
    cache as a hypothesis that is not a file (or the reference folder that is not there)."""
    (tmp_path / "ref.trn").write_text("the cat sat on the mat (cat)\n")
    run = tools(
        "corpus",
        "--reference",
        reference,
        "--audio",
        str(AUDIO / "cat.wav"),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        "cache",
        cwd=tmp_path,
    )
    assert assert_clean_error(run, PROG) == (
        f"{PROG}: error: {message} folder: --audio needs the folder of the "
        f"reference files (paired with the audio by name)"
    )
    assert not (tmp_path / "cache").exists()


def test_allow_unpaired_transcribes_no_audio_without_a_reference_and_says_so(tools, tmp_path):
    """With --allow-unpaired, an audio file without a reference was transcribed all the same
    (an engine's time, a cloud vendor's bill) and then not scored. The files are not audio,
    so that each one given to the engine fails at once, in a line of its own."""
    for folder in ("refs", "audio"):
        (tmp_path / folder).mkdir()
    shutil.copy(AUDIO / "reference" / "cat.txt", tmp_path / "refs")
    for stem in ("cat", "extra take"):
        (tmp_path / "audio" / f"{stem}.wav").write_bytes(b"RIFF\x10\0\0\0WAVEfmt junk")
    run = tools(
        "corpus",
        "--reference",
        "refs",
        "--audio",
        "audio",
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        "cache",
        "--allow-unpaired",
        "--jobs",
        "1",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 1 and "Traceback" not in run.stderr, run
    assert (
        f"{PROG} corpus: warning: --allow-unpaired: 1 audio file without a reference: audio/extra take.wav; "
        f"not transcribed (nothing to score it against)" in run.stderr.splitlines()
    )
    assert "extra take" not in run.stderr.replace("1 audio file without a reference: audio/extra take.wav", "")
    assert json.loads(run.stdout)["transcription"]["ps"]["files"] == 1


def test_an_output_folder_that_cannot_be_made_is_said_before_anything_is_transcribed(tools, tmp_path):
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    run = tools(
        "transcribe",
        "--engine",
        "ps=pocketsphinx",
        "-o",
        "notes.txt/out/",
        "--cache",
        "cache",
        str(AUDIO / "cat.wav"),
        cwd=tmp_path,
    )
    assert assert_clean_error(run, PROG) == f"{PROG}: error: -o notes.txt/out/: notes.txt is a file, not a folder"
    assert not (tmp_path / "cache").exists()
