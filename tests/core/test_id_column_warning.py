"""Kaldi's ``text`` files (each line its utterance id, then its words) compared as plain text:
the ids are words, all correct, and the error rate falls without a word (a public comparison's
five utterances: WER 23.1% instead of 28.6%). A warning names the cause and the TRN format."""

from __future__ import annotations

import json


def test_lines_that_start_with_the_same_ids_warn_and_trn_gives_the_rate(bstt, tmp_path):
    (tmp_path / "ref.txt").write_text("utt1 the cat sat\nutt2 on the mat\nutt3 at noon\n")
    (tmp_path / "hyp.txt").write_text("utt1 the cat sat\nutt2 on a mat\nutt3 at night\n")
    run = bstt("-r", "ref.txt", "-h", "hyp.txt", "--wer", "-o", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    assert json.loads(run.stdout)[0]["result"] == 2 / 11
    assert run.stderr == (
        "benchmarkstt: warning: ref.txt, hyp.txt: every line starts with an id that both files "
        "have ('utt1'...: Kaldi's text files?): read as plain text, each id is a word, always "
        "correct; write them as TRN files (each line's words, then its id in parentheses)\n"
    )
    for name in ("ref", "hyp"):
        lines = (tmp_path / f"{name}.txt").read_text().splitlines()
        (tmp_path / f"{name}.trn").write_text(
            "".join(f"{line.split(' ', 1)[1]} ({line.split()[0]})\n" for line in lines)
        )
    run = bstt("-r", "ref.trn", "-h", "hyp.trn", "--wer", "-o", "json", cwd=tmp_path)
    assert (json.loads(run.stdout)[0]["result"], run.stderr) == (2 / 8, "")


def test_numbered_or_differently_labelled_lines_do_not_warn(bstt, tmp_path):
    (tmp_path / "ref.txt").write_text("1 apple\n2 pears\nand 3 plums\n")
    (tmp_path / "hyp.txt").write_text("1 apple\n2 pears\nand 3 plums\n")
    (tmp_path / "other.txt").write_text("a1 apple\na2 pears\na3 plums\n")
    (tmp_path / "again.txt").write_text("b1 apple\nb2 pears\nb3 plums\n")
    for ref, hyp in (("ref.txt", "hyp.txt"), ("other.txt", "again.txt")):
        run = bstt("-r", ref, "-h", hyp, "--wer", cwd=tmp_path)
        assert run.returncode == 0 and run.stderr == "", run
