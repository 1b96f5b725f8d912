"""One in-process measurement, run by ``run.py`` in a fresh interpreter of the right venv.

``python worker.py '{"task": "wer", "impl": "ours", "mode": "strict", "size": 10000}'`` prints
one JSON object: the timed runs (seconds), their median, the peak memory the runs added
(``rss_mb``: the VmHWM after them minus the VmRSS before, the peak reset first through
/proc/self/clear_refs) and the result. Timings start from the two texts as Python strings
(tokenising included) and leave out interpreter start, imports and building the objects.

Tasks: ``wer`` (one long document of ``size`` words, ``mode`` strict or levenshtein) and
``corpus`` (pooled WER over ``count`` utterance pairs, ``mode`` as for wer) and ``profile``
(normalizing the tutorial's 15,442-word reference with the normalizer call ``impl``, a JSON
list such as ``["profile", "whisper-en"]``; ``mode`` is unused). Implementations:
``ours`` (benchmarkstt_core's Pipeline with the installed plugins), ``ours-batched``
(benchmarkstt_corpus's ``wer``, one compiled call), ``bstt11`` (benchmarkstt 1.1's PlainText
and WER), ``jiwer``, ``werpy``, ``difflib`` and ``cydifflib``
(``SequenceMatcher(None, a, b, autojunk=False)`` and the opcodes counted). ``counts`` (not
timed): the pooled substitutions, deletions, insertions and hits of ``ours``
(``pooled_counts``) or ``jiwer`` (``process_words``).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchdata as data  # noqa: E402


def count_errors(opcodes: list) -> int:
    """Substitutions + deletions + insertions of a difflib opcode list (a replace block of
    ca by cb words is min(ca, cb) substitutions and the surplus)."""
    errors = 0
    for tag, i1, i2, j1, j2 in opcodes:
        if tag != "equal":
            errors += max(i2 - i1, j2 - j1)
    return errors


def matcher(module: str) -> Callable:
    """Strict WER of two texts by ``module``'s SequenceMatcher."""
    SequenceMatcher = __import__(module).SequenceMatcher

    def wer(ref: str, hyp: str) -> float:
        a, b = ref.split(), hyp.split()
        return count_errors(SequenceMatcher(None, a, b, autojunk=False).get_opcodes()) / len(a)

    return wer


def ours_pipeline(metric: tuple) -> Callable:
    from benchmarkstt_core.pipeline import Pipeline
    from benchmarkstt_core.plugins import make_plugin_manager

    pipeline = Pipeline(make_plugin_manager().registries, metrics=[metric])
    return lambda ref, hyp: pipeline.run(ref, hyp)[0].value


def document_function(impl: str, mode: str) -> Callable:
    """``f(ref, hyp) -> WER`` for one long document."""
    if impl == "ours":
        return ours_pipeline(("wer", mode))
    if impl == "bstt11":
        from benchmarkstt.input.core import PlainText
        from benchmarkstt.metrics.core import WER

        metric = WER(mode=mode)
        return lambda ref, hyp: metric.compare(PlainText(ref), PlainText(hyp))
    if impl == "jiwer" and mode == "levenshtein":
        import jiwer

        return jiwer.wer
    if impl in ("difflib", "cydifflib") and mode == "strict":
        return matcher(impl)
    raise SystemExit(f"no {impl} for wer {mode}")


def corpus_function(impl: str, mode: str) -> Callable:
    """``f(refs, hyps) -> (pooled WER, total errors)`` for lists of utterances."""
    if impl == "ours":
        counts = ours_pipeline(("diffcounts", mode))

        def pooled(refs: list, hyps: list) -> tuple:
            errors = words = 0
            for ref, hyp in zip(refs, hyps):
                c = counts(ref, hyp)
                errors += c["replace"] + c["insert"] + c["delete"]
                words += c["equal"] + c["replace"] + c["delete"]
            return errors / words, errors

        return pooled
    if impl == "jiwer" and mode == "levenshtein":
        import jiwer

        def pooled(refs: list, hyps: list) -> tuple:
            out = jiwer.process_words(refs, hyps)
            return out.wer, out.substitutions + out.deletions + out.insertions

        return pooled
    if impl == "jiwer-wer" and mode == "levenshtein":
        import jiwer

        return lambda refs, hyps: (jiwer.wer(refs, hyps), None)
    if impl == "ours-batched" and mode == "levenshtein":
        from benchmarkstt_corpus import wer

        return lambda refs, hyps: (wer(refs, hyps), None)
    if impl == "werpy" and mode == "levenshtein":
        import werpy

        return lambda refs, hyps: (float(werpy.wer(refs, hyps)), None)
    raise SystemExit(f"no {impl} for corpus {mode}")


def read_status(field: str) -> float:
    """A VmRSS/VmHWM line of /proc/self/status, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure(function: Callable, args: tuple, runs: int | None) -> dict:
    """Time ``function(*args)``: a first run decides how many follow (sub-second: it is a
    warm-up and 7 runs follow; up to 20 s: 2 more, 3 in all; longer: that run only)."""
    before = read_status("VmRSS")
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        pass
    start = time.perf_counter()
    result = function(*args)
    first = time.perf_counter() - start
    if runs is None:
        runs = 7 if first < 1 else (2 if first < 20 else 0)
    times = [] if first < 1 else [first]
    for _ in range(runs):
        start = time.perf_counter()
        function(*args)
        times.append(time.perf_counter() - start)
    times = times or [first]
    return {
        "times": times,
        "median": statistics.median(times),
        "runs": len(times),
        "rss_mb": read_status("VmHWM") - before,
        "result": result,
    }


def main(spec: dict) -> dict:
    task, impl, mode = spec["task"], spec["impl"], spec["mode"]
    runs = spec.get("runs")
    if task == "wer":
        ref, hyp = data.long_document(spec["size"])
        out = measure(document_function(impl, mode), (ref, hyp), runs)
        out["words"] = len(ref.split())
        out["distance"] = round(out["result"] * out["words"])
        return out
    if task == "corpus":
        refs, hyps = data.utterances(spec["count"])
        out = measure(corpus_function(impl, mode), (refs, hyps), runs)
        out["result"], out["distance"] = out["result"]
        return out
    if task == "profile":
        from benchmarkstt_core.pipeline import Pipeline
        from benchmarkstt_core.plugins import make_plugin_manager

        pipeline = Pipeline(make_plugin_manager().registries, [impl])
        text = (Path(__file__).resolve().parent.parent / "tests" / "data" / "qt_reference.txt").read_text(
            encoding="utf-8"
        )
        out = measure(pipeline.normalize, (text,), runs)
        out["words"], out["result"] = len(text.split()), len(out["result"].split())
        return out
    if task == "counts":
        refs, hyps = data.utterances(spec["count"])
        if impl == "ours":
            from benchmarkstt_corpus import pooled_counts

            c = pooled_counts(refs, hyps)
            return {
                "substitutions": c["substitutions"],
                "deletions": c["deletions"],
                "insertions": c["insertions"],
                "hits": c["hits"],
            }
        import jiwer

        out = jiwer.process_words(refs, hyps)
        return {
            "substitutions": out.substitutions,
            "deletions": out.deletions,
            "insertions": out.insertions,
            "hits": out.hits,
        }
    raise SystemExit(f"unknown task {task!r}")


if __name__ == "__main__":
    print(json.dumps(main(json.loads(sys.argv[1]))))
