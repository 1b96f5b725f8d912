"""SubER's speed on the whole Question Time programme, against subtitle-edit-rate 0.4.0.

The reference is the BBC's subtitles (tests/data/qt_subs.xml, 1,792 blocks) written as SRT
with their line breaks (tests/data/qt_subs.srt); the hypothesis is the BBC Kaldi engine's
words (tests/data/qt_kaldi.json) cut into blocks of at most 8 words or 3 seconds, more than 4
words on two lines (tests/data/qt_kaldi.srt). ``--write`` makes both SRT files again. The
plugin's SubER and SubER-cased are timed in-process, best of 3 each, reading included; with
``--oracle DIR`` (a venv with subtitle-edit-rate==0.4.0) the oracle's command computes both
once on the same files (about 27 minutes on this machine kind) and the numbers are
compared; ``--timeout`` stops it and gives a lower bound of the ratio. The ratio is in CPU
time (the machine is shared: wall time depends on the load).

    .venv/bin/python benchmarks/suber_speed.py [--write] [--oracle /work/oracles/suber [--timeout S]]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import resource
import subprocess
import time
import xml.etree.ElementTree as ET

DATA = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data"
TT = "{http://www.w3.org/2006/10/ttaf1}"


def clock(t: float) -> str:
    ms = int(round(t * 1000))
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"


def seconds(value: str) -> float:
    h, m, s = value.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def srt(blocks: list) -> str:
    return "\n".join(
        f"{n}\n{clock(a)} --> {clock(b)}\n" + "\n".join(lines) + "\n" for n, (a, b, lines) in enumerate(blocks, 1)
    )


def reference_blocks() -> list:
    """The TTML paragraphs with their line breaks."""

    def text(element: ET.Element) -> str:
        inner = "".join(text(child) + (child.tail or "") for child in element)
        return "\n" if element.tag == TT + "br" else (element.text or "") + inner

    out = []
    for p in ET.parse(DATA / "qt_subs.xml").iter(TT + "p"):
        lines = [" ".join(line.split()) for line in text(p).split("\n")]
        out.append((seconds(p.get("begin")), seconds(p.get("end")), [line for line in lines if line]))
    return out


def kaldi_blocks(max_words: int = 8, max_seconds: float = 3.0) -> list:
    """The Kaldi words in blocks of at most ``max_words`` words spanning at most ``max_seconds``."""
    words = json.loads((DATA / "qt_kaldi.json").read_text(encoding="utf-8"))["words"]
    out, block = [], []
    for w in words:
        if block and (len(block) == max_words or w["end"] - block[0]["start"] > max_seconds):
            out.append(block)
            block = []
        block.append(w)
    out.append(block)
    result = []
    for block in out:
        texts = [w["punct"] for w in block]
        cut = (len(texts) + 1) // 2
        lines = [" ".join(texts[:cut]), " ".join(texts[cut:])] if len(texts) > 4 else [" ".join(texts)]
        result.append((block[0]["start"], block[-1]["end"], lines))
    return result


def ours(ref: pathlib.Path, hyp: pathlib.Path) -> tuple:
    from benchmarkstt_core.context import Context
    from benchmarkstt_core.pipeline import Pipeline
    from benchmarkstt_core.plugins import make_plugin_manager

    host = make_plugin_manager()
    registries = host.registries
    srt_input = registries.inputs.get("srt").cls
    best = {}
    numbers = []
    for mode in ("normalized", "cased"):
        for _ in range(3):
            t0, c0 = time.perf_counter(), time.process_time()
            pipeline = Pipeline(registries, [], [("suber", mode)], context=Context(registries, host.hook))
            result = pipeline.run(
                *(
                    srt_input.from_content(path.read_text(encoding="utf-8"), str(path), sound_labels="keep")
                    for path in (ref, hyp)
                )
            )[0]
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            best[mode] = min(best.get(mode, (wall, cpu)), (wall, cpu))
        numbers.append(round(result.value["rate"] * 100, 3))
    return best, numbers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="write tests/data/qt_subs.srt and qt_kaldi.srt")
    parser.add_argument("--oracle", help="a venv with subtitle-edit-rate 0.4.0")
    parser.add_argument("--timeout", type=float, default=None, help="stop the oracle after this many seconds")
    args = parser.parse_args()
    ref, hyp = DATA / "qt_subs.srt", DATA / "qt_kaldi.srt"
    if args.write:
        ref.write_text(srt(reference_blocks()), encoding="utf-8")
        hyp.write_text(srt(kaldi_blocks()), encoding="utf-8")
    best, numbers = ours(ref, hyp)
    for mode, (wall, cpu) in best.items():
        print(f"benchmarkstt suber {mode}: {wall:.3f} s ({cpu:.3f} CPU s), best of 3, reading included")
    print(f"SubER {numbers[0]}, SubER-cased {numbers[1]}")
    if args.oracle:
        t0 = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.Popen(
            [
                str(pathlib.Path(args.oracle) / "bin" / "suber"),
                "-H",
                str(hyp),
                "-R",
                str(ref),
                "-m",
                "SubER",
                "SubER-cased",
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            out, _ = proc.communicate(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            out = None
            proc.communicate()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter() - t0
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        ours_cpu = best["normalized"][1] + best["cased"][1]
        if out is None:
            print(
                f"subtitle-edit-rate 0.4.0 (SubER and SubER-cased): stopped after {wall:.0f} s ({cpu:.0f} CPU s) "
                f"unfinished; ratio in CPU time at least {cpu / ours_cpu:.0f}x"
            )
            return
        oracle = json.loads(out)
        print(
            f"subtitle-edit-rate 0.4.0 (SubER and SubER-cased): {wall:.1f} s ({cpu:.1f} CPU s), "
            f"SubER {oracle['SubER']}, SubER-cased {oracle['SubER-cased']}"
        )
        print(
            f"ratio in CPU time: {cpu / ours_cpu:.0f}x; same numbers: "
            f"{[oracle['SubER'], oracle['SubER-cased']] == numbers}"
        )


if __name__ == "__main__":
    main()
