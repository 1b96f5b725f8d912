"""Record subtitle-edit-rate 0.4.0's SubER of subtitles the house-style segmenter made (run once).

The first ten minutes of the Kaldi engine's words of Question Time (tests/data/qt_kaldi.json)
are cut into subtitles in each house style by the subtitles plugin's segmenter; the oracle scores
each against the BBC's subtitles of the same ten minutes (tests/data/qt_subs.srt), and
``tests/subtitles/data/suber_segmented.json`` keeps its numbers with the SHA-256 of each file
scored, which tests/subtitles/test_segmenter.py makes again and compares. Two steps, the first
with the project's Python, the second with the oracle's:

    .venv/bin/python benchmarks/suber_segmented_cases.py --write /tmp/segmented
    /work/collect/engsubs/suber/bin/python benchmarks/suber_segmented_cases.py --score /tmp/segmented
"""

from __future__ import annotations

import hashlib
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "tests", "subtitles", "data", "suber_segmented.json")
STYLES = ("bbc", "netflix", "custom")
SECONDS = 600


def start(cue: str) -> float:
    hours, minutes, seconds = cue.split("\n")[1].split(" --> ")[0].replace(",", ".").split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


def reference() -> str:
    """The BBC's subtitles that start in the first :data:`SECONDS`."""
    with open(os.path.join(ROOT, "tests", "data", "qt_subs.srt"), encoding="utf-8") as f:
        cues = f.read().strip().split("\n\n")
    return "\n\n".join(c for c in cues if start(c) < SECONDS) + "\n"


def segmented(name: str) -> str:
    """The Kaldi words that start in the first :data:`SECONDS` as SRT in the style ``name``."""
    from benchmarkstt_core.context import Context
    from benchmarkstt_core.plugins import make_plugin_manager
    from benchmarkstt_subtitles.segmenter import segment, style, timed_words
    from benchmarkstt_subtitles.writing import write

    host = make_plugin_manager()
    text = (
        host.registries.inputs.get("infer")
        .create([os.path.join(ROOT, "tests", "data", "qt_kaldi.json")], context=Context(host.registries, host.hook))
        .read()
    )
    words = [w for w in timed_words(text.split(), text.extras(), "qt_kaldi.json") if w[1] < SECONDS]
    return write(segment(words, style(name)), "srt")


def main() -> None:
    mode, folder = sys.argv[1:3]
    if mode == "--write":
        os.makedirs(folder, exist_ok=True)
        for name in STYLES:
            with open(os.path.join(folder, f"{name}.srt"), "w", encoding="utf-8") as f:
                f.write(segmented(name))
        with open(os.path.join(folder, "reference.srt"), "w", encoding="utf-8") as f:
            f.write(reference())
        return
    from suber.file_readers.file_reader_base import read_input_file
    from suber.metrics.suber import calculate_SubER
    from suber.metrics.suber_statistics import SubERStatisticsCollector

    ref = read_input_file(os.path.join(folder, "reference.srt"), "SRT")
    cases = []
    for name in STYLES:
        path = os.path.join(folder, f"{name}.srt")
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        hyp = read_input_file(path, "SRT")
        case = {"style": name, "sha256": digest}
        for metric in ("SubER", "SubER-cased"):
            collector = SubERStatisticsCollector()
            case[metric] = calculate_SubER(hyp, ref, metric=metric, statistics_collector=collector)
            case[f"{metric} statistics"] = dict(collector.get_statistics())
        cases.append(case)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump({"seconds": SECONDS, "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
