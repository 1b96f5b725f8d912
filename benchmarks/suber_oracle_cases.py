"""Generate subtitle pairs and record subtitle-edit-rate 0.4.0's numbers for them (run once).

The pairs (random substitutions, deletions, insertions, case and punctuation changes, moved
phrases, re-broken lines and blocks, time offsets) are written with the oracle's SubER,
SubER-cased (with their edit statistics), AS-WER, t-WER, AS-WER-seg, t-WER-seg, AS-CER and
t-CER to ``tests/subtitles/data/suber_cases.json``, which the tests compare the plugin's
metrics with (CI has no oracle). Run it with the oracle's own Python:

    python3 -m venv /work/oracles/suber && /work/oracles/suber/bin/pip install subtitle-edit-rate==0.4.0
    /work/oracles/suber/bin/python benchmarks/suber_oracle_cases.py
    /work/oracles/suber/bin/python benchmarks/suber_oracle_cases.py --sacrebleu

The second adds the oracle's AS-/t- BLEU, TER, chrF, BLEU-seg and TER-seg to the first 100.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile

from suber.__main__ import main as suber_main  # noqa: F401 (the oracle must be importable)
from suber.file_readers.file_reader_base import read_input_file
from suber.hyp_to_ref_alignment import levenshtein_align_hypothesis_to_reference, time_align_hypothesis_to_reference
from suber.metrics.cer import calculate_character_error_rate
from suber.metrics.jiwer_interface import calculate_word_error_rate
from suber.metrics.suber import calculate_SubER
from suber.metrics.suber_statistics import SubERStatisticsCollector

OUT = os.path.join(os.path.dirname(__file__), "..", "tests", "subtitles", "data", "suber_cases.json")
VOCABULARY = (
    "the a of to and in is it that we you I he she they was for on are with as be at this have "
    "from or one had by words but not what all were when can said there use an each which do how "
    "their if will up other about out many then them these so some her would make like him into "
    "time has look two more write go see number no way could people my than first water been call "
    "who oil its now find long down day did get come made may part"
).split()
DECORATED = (
    "Well,",
    "yes.",
    "No!",
    "don't",
    "world's",
    "3.5",
    "--",
    "(laughs)",
    "…",
    "e-mail",
    '"Quote"',
    "Really?",
    "it's",
    "O'Brien",
    "1,000",
    "Mr.",
    "end.",
    "U.S.",
    "-",
    "and,",
)


def word(rng: random.Random) -> str:
    w = rng.choice(DECORATED) if rng.random() < 0.15 else rng.choice(VOCABULARY)
    return w.capitalize() if rng.random() < 0.1 else w


def clock(t: float) -> str:
    ms = int(round(t * 1000))
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"


def srt(blocks: list) -> str:
    out = []
    for n, (start, end, lines) in enumerate(blocks, 1):
        out.append(f"{n}\n{clock(start)} --> {clock(end)}\n" + "\n".join(" ".join(line) for line in lines) + "\n")
    return "\n".join(out)


def reference(rng: random.Random, size: int, gapless: bool) -> list:
    blocks, t = [], rng.uniform(0, 3)
    for _ in range(size):
        lines = [[word(rng) for _ in range(rng.randint(1, 7))] for _ in range(rng.choice((1, 1, 2, 2, 3)))]
        duration = round(rng.uniform(0.8, 4.0), 3)
        blocks.append((round(t, 3), round(t + duration, 3), lines))
        t += duration + (0 if gapless or rng.random() < 0.5 else rng.uniform(0, 1.5))
    return blocks


def edited_words(rng: random.Random, words: list, level: float) -> list:
    out = []
    for w in words:
        r = rng.random()
        if r < level / 3:
            out.append(word(rng))
        elif r < 2 * level / 3:
            continue
        else:
            out.append(w.lower() if rng.random() < 0.1 else w)
        if rng.random() < level / 3:
            out.append(word(rng))
    if len(out) > 4 and rng.random() < 0.5:  # move a phrase
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(out) - 1)
            n = rng.randint(1, min(4, len(out) - i))
            phrase, rest = out[i : i + n], out[:i] + out[i + n :]
            j = max(0, min(len(rest), i + rng.randint(-8, 8)))
            out = rest[:j] + phrase + rest[j:]
    return out


def hypothesis(rng: random.Random, ref: list, kind: str) -> list:
    level = rng.choice((0.0, 0.05, 0.15, 0.3, 0.6))
    offset = rng.choice((0.0, 0.0, 0.2, -0.4, 1.0, 2.5)) if kind != "same-blocks" else 0.0
    if kind == "same-blocks":  # the reference's blocks, words edited, lines kept or re-broken
        out = []
        for start, end, lines in ref:
            words = edited_words(rng, [w for line in lines for w in line], level)
            if not words:
                continue
            if rng.random() < 0.5:
                cut = rng.randint(1, len(words)) if len(words) > 1 else 1
                new_lines = [words[:cut], words[cut:]] if words[cut:] else [words]
            else:
                new_lines = [words]
            out.append((start, end, new_lines))
        return out
    # re-cut: the words edited as one stream and cut into new blocks over the same time span
    words = edited_words(rng, [w for _, _, lines in ref for line in lines for w in line], level)
    t0, t1 = ref[0][0] + offset, ref[-1][1] + offset
    if not words:
        return []
    out, i = [], 0
    sizes = []
    while i < len(words):
        n = rng.randint(1, 12)
        sizes.append(words[i : i + n])
        i += n
    span = max(t1 - t0, 0.5)
    step = span / len(sizes)
    for k, chunk in enumerate(sizes):
        start = max(0.0, t0 + k * step + rng.uniform(-0.3, 0.3) * step)
        end = start + step * rng.uniform(0.5, 1.3)
        cut = rng.randint(1, len(chunk))
        lines = [chunk[:cut], chunk[cut:]] if chunk[cut:] and rng.random() < 0.6 else [chunk]
        out.append((round(start, 3), round(end, 3), lines))
    out.sort(key=lambda b: b[0])
    return out


def oracle(ref_text: str, hyp_text: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name, text in (("ref.srt", ref_text), ("hyp.srt", hyp_text)):
            paths.append(os.path.join(tmp, name))
            with open(paths[-1], "w", encoding="utf-8") as f:
                f.write(text)
        ref = read_input_file(paths[0], "SRT")
        hyp = read_input_file(paths[1], "SRT")
    result = {}
    for metric in ("SubER", "SubER-cased"):
        stats = SubERStatisticsCollector()
        result[metric] = calculate_SubER(hyp, ref, metric=metric, statistics_collector=stats)
        result[metric + " statistics"] = dict(stats.get_statistics())
    aligned = {
        "AS": levenshtein_align_hypothesis_to_reference(hyp, ref),
        "t": time_align_hypothesis_to_reference(hyp, ref),
    }
    for prefix, segments in aligned.items():
        for metric in ("WER", "WER-seg"):
            result[f"{prefix}-{metric}"] = calculate_word_error_rate(
                segments, ref, metric=metric, score_break_at_segment_end=True
            )
        result[f"{prefix}-CER"] = calculate_character_error_rate(segments, ref)
    return result


def sacrebleu_scores(count: int = 100) -> None:
    """Add the oracle's sacrebleu scores to the first ``count`` pairs (``--sacrebleu``)."""
    from suber.metrics.sacrebleu_interface import calculate_sacrebleu_metric

    with open(OUT, encoding="utf-8") as f:
        cases = json.load(f)
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases[:count]:
            paths = []
            for name in ("ref.srt", "hyp.srt"):
                paths.append(os.path.join(tmp, name))
                with open(paths[-1], "w", encoding="utf-8") as f:
                    f.write(case["reference" if name == "ref.srt" else "hypothesis"])
            ref, hyp = read_input_file(paths[0], "SRT"), read_input_file(paths[1], "SRT")
            aligned = {
                "AS": levenshtein_align_hypothesis_to_reference(hyp, ref),
                "t": time_align_hypothesis_to_reference(hyp, ref),
            }
            for prefix, segments in aligned.items():
                for metric in ("BLEU", "TER", "chrF", "BLEU-seg", "TER-seg"):
                    case[f"{prefix}-{metric}"] = calculate_sacrebleu_metric(segments, ref, metric=metric)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(cases, f, indent=0, ensure_ascii=False)
        f.write("\n")


def main(count: int = 520, seed: int = 28) -> None:
    rng = random.Random(seed)
    cases = []
    for n in range(count):
        size = rng.choice((1, 2, 3, 5, 8, 12, 20)) if n % 40 else rng.choice((60, 120))
        ref = reference(rng, size, gapless=n % 3 == 0)
        kind = rng.choice(("same-blocks", "re-cut", "re-cut"))
        hyp = hypothesis(rng, ref, kind)
        ref_text, hyp_text = srt(ref), srt(hyp)
        cases.append({"kind": kind, "reference": ref_text, "hypothesis": hyp_text, **oracle(ref_text, hyp_text)})
        print(n, kind, size, cases[-1]["SubER"], file=sys.stderr)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(cases, f, indent=0, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    sacrebleu_scores() if sys.argv[1:] == ["--sacrebleu"] else main()
