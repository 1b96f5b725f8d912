"""Where corpus mode's time goes, stage by stage: CPU microseconds per file (per recording for
the stages done once per recording) of ``corpus --wer`` (levenshtein, the default) on the
generated folders of ``corpus_loop.py`` (utterances of 10-30 words x 2 engines), next to what a
plain loop spends reading a file.

Run it with the project's interpreter::

    .venv/bin/python benchmarks/corpus_stages.py                  # 10,000 files, 3 rounds
    .venv/bin/python benchmarks/corpus_stages.py --files 1000 --rounds 5

Each stage is timed alone over every file (``time.process_time``), the stages taking turns
round by round; the figure is the median over the rounds. The stages of reading one file are
those of ``Scorer.read_whole`` (its bytes, their SHA-256, their one decoding, the input type
inferred by the ``infer_input_type`` hook, and as scoring decides it: a look at the decoded text
and the hook once per extension for plain text, the decoded text read as plain text, the
pipeline's normalizing and segmenting); the stages of scoring one engine's file those of ``score_engine`` (alignment and
its counts, the error words); then a recording's MAPSSWE pair sums, the whole of
``score_batch`` per recording (what the stages above leave out is its glue), the client's fold
per recording, and once per run: the listing, the statistics and the table. Stages overlap
nowhere but in ``score_batch``, which holds the reading and scoring stages.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus_loop  # noqa: E402  (the generated folders)

from benchmarkstt_corpus.pairing import from_folders  # noqa: E402
from benchmarkstt_corpus.render import render  # noqa: E402
from benchmarkstt_corpus.result import Aggregator, Settings  # noqa: E402
from benchmarkstt_corpus.scoring import Spec, score_batch, scorer  # noqa: E402
from benchmarkstt_metrics.kernels import count_opcodes  # noqa: E402
from benchmarkstt_metrics.mapsswe import opcode_places, segments  # noqa: E402


def stages(root: Path) -> dict:
    """``{stage: (function, count)}``: each stage as a function of no argument that does its
    work once over the corpus at ``root``, and the number of units it is divided by."""
    spec = Spec()
    s = scorer(spec)
    engines = {e: str(root / e) for e in corpus_loop.ENGINES}
    corpus = from_folders(str(root / "refs"), engines)
    items = corpus.items
    sources = [item.reference for item in items] + [src for item in items for _, src in item.hypotheses]
    paths = [src.path for src in sources]
    data = [s.context.read_bytes(p) for p in paths]
    decoded = [s.context.decode_bytes(d, p) for p, d in zip(paths, data)]
    kinds = [s.resolve_type(src, d, t) for src, d, t in zip(sources, data, decoded)]
    plain = s.registries.inputs.get(kinds[0]).cls
    texts = [plain.from_file_text(t, p, context=s.context) for p, t in zip(paths, decoded)]
    words = [s.pipeline.prepare(t) for t in texts]
    n = len(items)
    refs, hyps = words[:n], words[n:]
    pairs = [(refs[x // len(engines)], hyp) for x, hyp in enumerate(hyps)]
    opcodes = [s.differ(a.words, b.words).get_opcodes() for a, b in pairs]
    places = [opcode_places(ops) for ops in opcodes]
    hook = s.context.hook

    def read_text() -> None:
        for p, t in zip(paths, decoded):
            plain.from_file_text(t, p, context=s.context)

    def align() -> None:
        for a, b in pairs:
            count_opcodes(s.differ(a.words, b.words).get_opcodes())

    def error_words() -> None:
        from benchmarkstt_corpus.scoring import error_words as numbered

        ids: dict = {}
        for (a, b), ops in zip(pairs, opcodes):
            numbered(ops, a.words, b.words, ids)

    def pair_sums() -> None:
        for x in range(0, len(places), 2):
            opcode_places(opcodes[x])
            opcode_places(opcodes[x + 1])
            segments(places[x], places[x + 1])

    batches = [items[x : x + 32] for x in range(0, n, 32)]
    scored = [one for batch in batches for one in score_batch(spec, batch)]

    def fold() -> Aggregator:
        aggregator = Aggregator(corpus, spec, Settings())
        for one in scored:
            aggregator.add({**one, "rows": [dict(row) for row in one["rows"]]})
        return aggregator

    folded = fold()
    result = folded.result({})
    return {
        "listing (per file)": (lambda: from_folders(str(root / "refs"), engines), len(paths)),
        "read: open and read the bytes": (lambda: [s.context.read_bytes(p) for p in paths], len(paths)),
        "read: a plain open().read()": (lambda: [open(p, "rb").read() for p in paths], len(paths)),
        "read: SHA-256": (lambda: [hashlib.sha256(d).hexdigest() for d in data], len(paths)),
        "read: infer the type (hook)": (
            lambda: [hook.infer_input_type(path=p, data=d) for p, d in zip(paths, data)],
            len(paths),
        ),
        "read: decode (decode_bytes)": (
            lambda: [s.context.decode_bytes(d, p) for p, d in zip(paths, data)],
            len(paths),
        ),
        "read: the type as scoring decides it (resolve_type)": (
            lambda: [s.resolve_type(src, d, t) for src, d, t in zip(sources, data, decoded)],
            len(paths),
        ),
        "read: the decoded text read as its type (from_file_text)": (read_text, len(paths)),
        "read: normalize and segment": (lambda: [s.pipeline.prepare(t) for t in texts], len(paths)),
        "read: whole (read_whole)": (lambda: [s.read_whole(src) for src in sources], len(paths)),
        "score: align and count (per engine file)": (align, len(hyps)),
        "score: error words (per engine file)": (error_words, len(hyps)),
        "score: MAPSSWE pair sums (per recording)": (pair_sums, n),
        "score_batch, all of it (per recording)": (lambda: [score_batch(spec, b) for b in batches], n),
        "client: fold (per recording)": (fold, n),
        "client: statistics (per recording)": (lambda: folded.result({}), n),
        "client: table (per recording)": (lambda: render(result, "table"), n),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    root = corpus_loop.folder(args.files)
    timed = stages(root)
    times: dict = {name: [] for name in timed}
    for _ in range(args.rounds):
        for name, (function, count) in timed.items():
            start = time.process_time()
            function()
            times[name].append((time.process_time() - start) / count * 1e6)
    print(
        f"{args.files:,} files x {len(corpus_loop.ENGINES)} engines, {args.rounds} rounds, "
        f"load {os.getloadavg()[0]:.1f}: CPU us per unit (median)"
    )
    for name, values in times.items():
        print(f"{name:45s} {statistics.median(values):8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
