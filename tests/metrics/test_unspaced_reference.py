"""A reference written without spaces between its words (Chinese, Japanese, Thai) with a metric
that counts words: the number is right by its definition (each run between spaces is a word)
but surprising, one wrong character a wrong sentence, so a warning says so and names --cer.
Real engine output showed it: a Qwen AISHELL-1 manifest (WER 15.5%, CER 1.5%) and a Japanese
call note (WER 1.0 on its two 'words') gave their WER without a word."""

from __future__ import annotations

import json

import pytest

WARNING = ("benchmarkstt: warning: ref.txt: the reference is written without spaces between its words "
           "(Chinese, Japanese, Thai...), 13 characters a word: unless a normalizer splits it into words, "
           "a word error rate counts each run between spaces as one word; --cer counts characters")


def write_pair(folder, ref: str, hyp: str) -> None:
    (folder / "ref.txt").write_text(ref + "\n", encoding="utf-8")
    (folder / "hyp.txt").write_text(hyp + "\n", encoding="utf-8")


@pytest.mark.parametrize("metrics", [["--wer"], ["--wer", "levenshtein", "--cer"], ["--diffcounts"], ["--mer"]])
def test_a_word_metric_on_an_unspaced_reference_warns_and_keeps_its_number(bstt, tmp_path, metrics):
    write_pair(tmp_path, "今天的天气非常好我们去公园", "今天的天气非常好我们去公圆")
    run = bstt("-r", "ref.txt", "-h", "hyp.txt", *metrics, "-o", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stderr.splitlines() == [WARNING]
    results = {r["title"]: r["result"] for r in json.loads(run.stdout)}
    assert results.get("wer", 1.0) == 1.0 and results.get("cer", 1 / 13) == 1 / 13


@pytest.mark.parametrize("ref, hyp, metrics", [
    ("今天的天气非常好我们去公园", "今天的天气非常好我们去公圆", ["--cer"]),  # characters: no surprise
    ("今天 的 天气 非常 好 我们 去 公园", "今天 的 天气 非常 好 我们 去 公圆", ["--wer"]),  # split into words
    ("Donaudampfschifffahrtsgesellschaftskapitän kommt", "Donaudampfschifffahrtsgesellschaftskapitän kam",
     ["--wer"]),  # long words of a spaced script
])
def test_no_warning_for_characters_words_or_spaced_scripts(bstt, tmp_path, ref, hyp, metrics):
    write_pair(tmp_path, ref, hyp)
    run = bstt("-r", "ref.txt", "-h", "hyp.txt", *metrics, cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stderr == ""
