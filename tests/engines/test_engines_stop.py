"""Ctrl-C, SIGTERM and SIGHUP while a local engine transcribes long recordings: the workers
are ended at once, whatever they are decoding (pocketsphinx decodes a file in one call that
holds its process until the file's end), and none is left behind. Before, Ctrl-C waited for
every file being decoded and then dropped it (24 s for an 83 s recording, minutes for a
programme), and SIGTERM left the workers decoding, then waiting forever on their pipes.
Real recordings (the test speech repeated for 20 minutes), real processes, real signals."""

from __future__ import annotations

import os
import signal
import subprocess
import wave

import pytest
from conftest import BIN, DATA
from processes import alive, kill_9, like_a_terminal, running_with, short_temp, signal_when_running, wait_for_workers

pytestmark = pytest.mark.slow

HOW = {
    signal.SIGINT: "interrupted",
    signal.SIGTERM: "terminated (SIGTERM) while transcribing; what finished is in the cache",
    signal.SIGHUP: "hung up (SIGHUP) while transcribing; what finished is in the cache",
}
MINUTES = 20  # pocketsphinx takes minutes of CPU time on this: far past the bound below
BOUND = 30  # seconds from the signal to the command's end: a run still decoding is far past it


@pytest.fixture(scope="module")
def long_recordings(tmp_path_factory):
    """Two recordings of the weather forecast said again and again for MINUTES minutes, and
    their references."""
    root = tmp_path_factory.mktemp("long")
    with wave.open(str(DATA / "audio" / "weather.wav")) as w:
        params, frames = w.getparams(), w.readframes(w.getnframes())
    repeats = int(MINUTES * 60 / (len(frames) / 2 / params.framerate))
    text = (DATA / "audio" / "reference" / "weather.txt").read_text().strip()
    (root / "audio").mkdir()
    (root / "ref").mkdir()
    for name in ("first", "second"):
        with wave.open(str(root / "audio" / f"{name}.wav"), "wb") as out:
            out.setparams(params)
            out.writeframes(frames * repeats)
        (root / "ref" / f"{name}.txt").write_text(" ".join([text] * repeats) + "\n")
    return root


def stop_while_decoding(command: list, signum: int, workers: int, tmp_path) -> tuple:
    """Start ``command`` (its cache ``tmp_path/cache``, its temporary files in a :func:`short_temp`),
    wait until ``workers`` processes of it are decoding, send ``signum`` (Ctrl-C to the process
    group, as a terminal does; the others to the command alone), and return its exit status
    and standard error once it ended and no process of it is left."""
    cache = tmp_path / "cache"
    with short_temp() as temp:
        env = dict(os.environ, LC_ALL="C.UTF-8", TMPDIR=temp)
        proc = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
            preexec_fn=like_a_terminal,
        )
        try:
            # the recording read and resampled, the model loaded: pocketsphinx is decoding after 8 s
            _, stderr = signal_when_running(proc, signum, workers, 8, BOUND)
        finally:  # a run that failed the test may have left its workers decoding for minutes
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            for pid in alive(running_with(str(tmp_path))):
                os.kill(pid, signal.SIGKILL)
        left = os.listdir(temp)
    assert not list(cache.glob("transcripts/*/*.json")), "a file was kept that was not finished"
    assert not [name for _, _, names in os.walk(cache) for name in names if name.endswith(".tmp")]
    assert not left
    return proc.returncode, stderr


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=lambda s: signal.Signals(s).name)
def test_a_signal_ends_corpus_transcribing_on_two_workers(long_recordings, tmp_path, signum):
    cache = tmp_path / "cache"
    command = [
        str(BIN / "benchmarkstt-tools"),
        "corpus",
        "--reference",
        str(long_recordings / "ref"),
        "--audio",
        str(long_recordings / "audio"),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(cache),
        "--jobs",
        "2",
    ]
    status, stderr = stop_while_decoding(command, signum, 2, tmp_path)
    assert status == 128 + signum, stderr
    assert stderr.splitlines() == [f"benchmarkstt-tools: error: {HOW[signum]}"]


def test_ctrl_c_ends_transcribe_of_one_job(long_recordings, tmp_path):
    """``transcribe`` runs one file at a time by default: in a worker too, which Ctrl-C ends."""
    cache = tmp_path / "cache"
    command = [
        str(BIN / "benchmarkstt-tools"),
        "transcribe",
        "--engine",
        "ps=pocketsphinx",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(cache),
        str(long_recordings / "audio" / "first.wav"),
    ]
    status, stderr = stop_while_decoding(command, signal.SIGINT, 1, tmp_path)
    assert status == 130, stderr
    assert stderr.splitlines() == ["benchmarkstt-tools: error: interrupted"]
    assert not (tmp_path / "out").exists()


def test_sigterm_ends_corpus_transcribing_on_a_dask_local_cluster(long_recordings, tmp_path):
    """The cluster's processes (the forkserver, its resource tracker, two workers decoding) were
    left running, and its temporary folder behind."""
    pytest.importorskip("distributed")
    command = [
        str(BIN / "benchmarkstt-tools"),
        "corpus",
        "--reference",
        str(long_recordings / "ref"),
        "--audio",
        str(long_recordings / "audio"),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(tmp_path / "cache"),
        "--dask-local",
        "2",
    ]
    status, stderr = stop_while_decoding(command, signal.SIGTERM, 4, tmp_path)
    assert status == 128 + signal.SIGTERM, stderr
    assert stderr.splitlines() == [f"benchmarkstt-tools: error: {HOW[signal.SIGTERM]}"]


def test_kill_9_of_corpus_transcribing_leaves_no_worker_and_no_pipe_held(long_recordings, tmp_path):
    """``kill -9`` of ``corpus --audio --engine ps=pocketsphinx --jobs 2`` while its two workers
    decode: they end with it, and its pipes reach their end at once (a pipeline reading them
    returns). On 48ee56b the workers decoded on, holding the pipes."""
    command = [
        str(BIN / "benchmarkstt-tools"),
        "corpus",
        "--reference",
        str(long_recordings / "ref"),
        "--audio",
        str(long_recordings / "audio"),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(tmp_path / "cache"),
        "--jobs",
        "2",
    ]
    proc = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=dict(os.environ, LC_ALL="C.UTF-8"),
    )
    wait_for_workers(proc, 2)
    left, closed = kill_9(proc, 10)
    assert (left, closed) == (set(), True)
