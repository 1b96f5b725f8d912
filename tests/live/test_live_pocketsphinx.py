"""pocketsphinx streaming for real over the test recordings (tests/data/audio): the live
command's figures, the fast clock's figures unmoved by a busy machine, the paced clock, and
corpus mode scoring the event logs' final words."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import BIN, DATA, run_command

AUDIO = DATA / "audio"
REFERENCE = AUDIO / "reference"
STEMS = ["cat", "music", "news", "sport", "weather"]

pytestmark = pytest.mark.slow


def live(tmp_path, name, reference=REFERENCE, audio=AUDIO):
    out = tmp_path / f"{name}.json"
    proc = subprocess.run(
        [
            str(BIN / "benchmarkstt-tools"),
            "live",
            "--reference",
            str(reference),
            "--audio",
            str(audio),
            "--engine",
            "ps=pocketsphinx-streaming",
            "--cache",
            str(tmp_path / name),
            "--json",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stderr
    return proc, json.loads(out.read_text())["rows"]


def busy(count=1):
    """Processes that keep the processors busy until stopped."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


@pytest.mark.xdist_group("machine-load")  # keeps a processor busy
def test_fast_clock_figures_do_not_move_when_the_machine_is_loaded(tmp_path):
    quiet_run, quiet = live(tmp_path, "quiet")
    hogs = busy()
    try:  # two of the files, beside a process that keeps a processor busy
        for folder in ("audio", "reference"):
            (tmp_path / folder).mkdir()
        for stem in ("news", "weather"):
            audio = next(AUDIO.glob(stem + ".*"))
            (tmp_path / "audio" / audio.name).write_bytes(audio.read_bytes())
            (tmp_path / "reference" / f"{stem}.txt").write_bytes((REFERENCE / f"{stem}.txt").read_bytes())
        _, loaded = live(tmp_path, "loaded", tmp_path / "reference", tmp_path / "audio")
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert [row["file"] for row in quiet] == STEMS + ["(pooled)"]
    assert loaded[:2] == [quiet[2], quiet[4]]
    pooled = quiet[-1]["figures"]
    assert pooled["reference_words"] == 37 and pooled["unplaced"] == 0
    assert pooled["emission"]["count"] == pooled["first_display"]["count"] > 0
    assert pooled["shown"] >= pooled["final_words"] > 0
    assert "word ends from forced alignment (pocketsphinx), 0 of 7 reference words not placed" in quiet_run.stdout


def test_a_paced_stream_gives_the_same_results_later_on_the_wall_clock(tmp_path):
    logs = {}
    for clock in ("fast", "paced"):
        run = run_command(
            "benchmarkstt-tools",
            "transcribe",
            "--engine",
            f"ps=pocketsphinx-streaming:clock={clock}",
            "-o",
            str(tmp_path / clock),
            "--cache",
            str(tmp_path / "cache"),
            str(AUDIO / "weather.wav"),
        )
        assert run.returncode == 0, run
        lines = (tmp_path / clock / "ps" / "weather.livelog").read_text().splitlines()
        logs[clock] = [json.loads(line) for line in lines]
    fast, paced = logs["fast"], logs["paced"]
    assert fast[0]["stream"]["clock"] == "fast" and paced[0]["stream"]["clock"] == "paced"
    # the same chunks in the same order: the same results at the same audio times
    assert [(e["kind"], e["text"], e["audio"]) for e in paced[1:]] == [
        (e["kind"], e["text"], e["audio"]) for e in fast[1:]
    ]
    assert [e["kind"] for e in fast[1:]].count("final") >= 1
    # paced: no result can come before the audio it follows was due
    assert all(e["wall"] >= e["audio"] for e in paced[1:])


def test_corpus_scores_the_final_words_of_the_event_logs(tmp_path):
    _, rows = live(tmp_path, "cache")
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "--reference",
        str(REFERENCE),
        "--audio",
        str(AUDIO),
        "--engine",
        "ps=pocketsphinx-streaming",
        "--cache",
        str(tmp_path / "cache"),
        "-o",
        "json",
        "--jobs",
        "1",
    )
    assert run.returncode == 0, run
    data = json.loads(run.stdout)
    engine = data["engines"]["ps"]
    assert engine["reference_words"] == 37
    assert engine["wer"] == pytest.approx(rows[-1]["figures"]["wer"], abs=1e-6)
    assert data["transcription"]["ps"]["transcribed"] == 0  # the live command's event logs, from the cache
    # the same bootstrap over files as corpus mode's
    assert rows[-1]["ci"]["wer"] == pytest.approx([engine["ci"]["low"], engine["ci"]["high"]], abs=1e-6)
