"""Corpus mode from Python: ``score_corpus`` on texts and paths, and the batched ``wer``."""

from __future__ import annotations

import json
import random

import editdistance
import pytest

from corpus_data import ENGINES, build, folders_args


def test_score_corpus_on_paths_equals_the_command(tmp_path, tools):
    from benchmarkstt_corpus import score_corpus

    root = build(tmp_path / "c", files=4)
    ids = [f"ep{f:02}" for f in range(4)]
    result = score_corpus(
        [root / "refs" / f"{i}.txt" for i in ids],
        {e: [root / e / f"{i}.txt" for i in ids] for e in ENGINES},
        ids=ids,
        normalizers=["lowercase"],
        metrics=[("wer", "levenshtein"), "cer"],
        seed=2,
    )
    run = tools(
        "corpus",
        *folders_args(root),
        "--jobs",
        "1",
        "--lowercase",
        "--wer",
        "levenshtein",
        "--cer",
        "--seed",
        "2",
        "-o",
        "json",
    )
    command = json.loads(run.stdout)
    for engine in ENGINES:
        ours, theirs = result.engines[engine], command["engines"][engine]
        for key in ("substitutions", "deletions", "insertions", "reference_words", "wer", "ci", "rank"):
            assert ours[key] == theirs[key], (engine, key)
        assert [r["wer"] for r in ours["files"]] == [r["wer"] for r in theirs["files"]]
    assert [c["bootstrap"] for c in result.comparisons] == [c["bootstrap"] for c in command["comparisons"]]


def test_rows_kept_on_disk_give_the_same_outputs_and_leave_no_file(tmp_path, monkeypatch):
    """The command keeps the per-file rows and the record's inputs in anonymous temporary files
    (``spool``): every output is the same as from rows held in memory, and no file is left."""
    import tempfile

    from benchmarkstt_corpus.api import run_corpus
    from benchmarkstt_corpus.pairing import from_folders
    from benchmarkstt_corpus.render import FORMATS, render
    from benchmarkstt_corpus.result import Settings
    from benchmarkstt_corpus.scoring import Spec
    from benchmarkstt_corpus.spool import SpooledRows

    root = build(tmp_path / "c", files=5)
    (root / "mid" / "ep01.txt").write_bytes(b"\x80binary")
    spool = tmp_path / "spool"
    spool.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spool))
    corpus = from_folders(str(root / "refs"), {e: str(root / e) for e in ENGINES}, "infer", "infer")
    spec = Spec((("lowercase",),), (("wer", "hunt"), ("cer",), ("diffcounts",), ("worddiffs",)), alignments=True)
    memory = run_corpus(corpus, spec, Settings(seed=4, resamples=300))
    disk = run_corpus(corpus, spec, Settings(seed=4, resamples=300), spool=True)
    assert isinstance(disk.engines["mid"]["files"], SpooledRows)
    assert isinstance(disk.data["record"]["inputs"], SpooledRows)
    assert isinstance(memory.engines["mid"]["files"], list)
    disk.data["record"]["created"] = memory.data["record"]["created"]
    for fmt in FORMATS:
        assert render(disk, fmt) == render(memory, fmt), fmt
    assert disk.to_json() == memory.to_json()
    assert json.loads(disk.to_json()) == json.loads(json.dumps(memory.data))
    assert json.loads(disk.to_json())["failed"][0]["id"] == "ep01"
    assert list(spool.iterdir()) == []


def test_score_corpus_on_texts():
    from benchmarkstt_corpus import score_corpus

    result = score_corpus(
        ["the cat sat", "on the mat", ""],
        {"a": ["the cat sad", "on the mat", ""], "b": ["a cat", "on a mat", "hello"]},
        ids=["u1", "u2", "u3"],
        resamples=50,
    )
    a, b = result.engines["a"], result.engines["b"]
    assert (a["substitutions"], a["deletions"], a["insertions"], a["reference_words"]) == (1, 0, 0, 6)
    assert (b["substitutions"], b["deletions"], b["insertions"]) == (2, 1, 1)
    assert b["wer"] == 4 / 6
    assert [r["id"] for r in a["files"]] == ["u1", "u2", "u3"]
    assert result.data["record"]["inputs"][0]["type"] == "argument"


def test_score_corpus_refuses_mismatched_lists():
    from benchmarkstt_core.errors import UsageError
    from benchmarkstt_corpus import score_corpus

    with pytest.raises(UsageError, match="engine 'a': 1 hypotheses for 2 references"):
        score_corpus(["x", "y"], {"a": ["x"]})


def random_pairs(count: int, seed: int) -> tuple:
    rng = random.Random(seed)
    vocabulary = [f"w{i}" for i in range(50)]
    refs, hyps = [], []
    for _ in range(count):
        ref = [rng.choice(vocabulary) for _ in range(rng.randint(1, 12))]
        hyp = [w if rng.random() > 0.3 else rng.choice(vocabulary) for w in ref]
        if rng.random() < 0.3:
            hyp.insert(rng.randint(0, len(hyp)), rng.choice(vocabulary))
        if rng.random() < 0.3 and hyp:
            hyp.pop(rng.randrange(len(hyp)))
        refs.append(" ".join(ref))
        hyps.append("  ".join(hyp))
    return refs, hyps


def test_batched_wer_is_the_pooled_edit_distance():
    from benchmarkstt_corpus import pooled_counts, wer

    refs, hyps = random_pairs(500, 3)
    distance = sum(editdistance.eval(r.split(), h.split()) for r, h in zip(refs, hyps))
    words = sum(len(r.split()) for r in refs)
    assert wer(refs, hyps) == distance / words
    counts = pooled_counts(refs, hyps)
    assert counts["substitutions"] + counts["deletions"] + counts["insertions"] == distance
    assert counts["reference_words"] == words
    assert counts["hits"] + counts["substitutions"] + counts["deletions"] == words
    assert wer("a b c d", "a x c") == 0.5


def test_batched_counts_equal_the_levenshtein_diffcounts(host):
    from benchmarkstt_core import benchmark
    from benchmarkstt_corpus import pooled_counts

    refs, hyps = random_pairs(60, 4)
    total = {"replace": 0, "delete": 0, "insert": 0}
    for ref, hyp in zip(refs, hyps):
        (result,) = benchmark(ref, hyp, [("diffcounts", "levenshtein")], host=host)
        for key in total:
            total[key] += result.value[key]
    counts = pooled_counts(refs, hyps)
    assert (counts["substitutions"], counts["deletions"], counts["insertions"]) == (
        total["replace"],
        total["delete"],
        total["insert"],
    )


def test_wer_refuses_empty_references_and_mismatched_lists():
    from benchmarkstt_corpus import wer

    with pytest.raises(ValueError, match="no words"):
        wer([""], ["x"])
    with pytest.raises(ValueError, match="2 references but 1 hypotheses"):
        wer(["a", "b"], ["a"])


class Terminal:
    """A stream that says it is a terminal and keeps what is written."""

    def __init__(self, tty: bool = True):
        self.tty, self.text = tty, ""

    def isatty(self) -> bool:
        return self.tty

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass


def test_progress_shows_files_rate_and_time_left_on_a_terminal_only():
    from benchmarkstt_corpus.runner import Progress

    terminal, pipe = Terminal(), Terminal(tty=False)
    for stream in (terminal, pipe):
        bar = Progress(10, stream)
        bar.update(10)
        bar.close()
    assert "10/10 files, " in terminal.text and " files/s, 0 s left" in terminal.text
    assert terminal.text.endswith("\r\033[K")
    assert pipe.text == ""


def test_pooled_kernel_equals_rapidfuzz_on_unicode_and_long_pairs():
    """The C kernel behind ``wer``: words split as str.split() splits them, compared exactly."""
    from rapidfuzz.distance import Levenshtein

    from benchmarkstt_metrics._kernels import pooled_levenshtein

    rng = random.Random(7)
    vocabulary = ["a", "é", "ü", "日本", "🙂", "word", "Word"] + [f"w{i}" for i in range(200)]
    for _ in range(100):
        refs, hyps = [], []
        for _ in range(rng.randint(0, 12)):
            ref = [rng.choice(vocabulary) for _ in range(rng.choice([0, 1, 63, 64, 65, 200]))]
            hyp = [w if rng.random() > 0.3 else rng.choice(vocabulary) for w in ref][: rng.randint(0, 210)]
            refs.append(rng.choice([" ", "\t", " \u3000 "]).join(ref))
            hyps.append("  ".join(hyp) + rng.choice(["", "\n"]))
        expected = (
            sum(Levenshtein.distance(r.split(), h.split()) for r, h in zip(refs, hyps)),
            sum(len(r.split()) for r in refs),
        )
        assert pooled_levenshtein(refs, hyps) == expected


def test_mapsswe_whatever_order_the_engines_are_given_in():
    """The comparison reads "winner vs loser": with the better engine given last, its MAPSSWE
    sums are the workers' (summed in the engines' order) with z negated, never none."""
    from benchmarkstt_corpus import score_corpus

    refs = [f"the cat number {n} sat on the mat and looked at the dog for a while" for n in range(12)]
    worse = [r.replace("cat", "hat").replace("dog", "log").replace("mat", "") for r in refs]
    better = [r.replace("cat", "hat") if n % 3 else r for n, r in enumerate(refs)]
    given_worse_first = score_corpus(refs, {"worse": worse, "better": better}, resamples=50)
    given_better_first = score_corpus(refs, {"better": better, "worse": worse}, resamples=50)
    first, second = given_worse_first.comparisons[0], given_better_first.comparisons[0]
    assert (first["a"], first["b"]) == (second["a"], second["b"]) == ("better", "worse")
    assert first["mapsswe"] == second["mapsswe"]
    assert first["mapsswe"]["segments"] > 2 and first["mapsswe"]["mean_difference"] < 0
    assert first["mapsswe"]["p_value"] < 1
