"""sclite's ``-d`` (GNU diff's alignment of TRN files, and of an STM reference with CTM
hypotheses), against sclite's own outputs (SCTK's tests 2, 4 and 6 are in
test_sclite_sctk_data.py; the slow test needs an sclite built with diff enabled,
``$BENCHMARKSTT_SCLITE_DIFF``, as SCTK's makefile leaves it out by default)."""

from __future__ import annotations

import os
import random
import subprocess

import pytest
from conftest import assert_clean_error

REF = """the { cat / dog } sat on the mat (bob_1)
a / b (al_1)
missing here (al_2)
"""
HYP = """a b x (al_1)
the dog sat on mat now (bob_1)
"""


def test_trn_files_in_the_hypothesis_order_as_sclite_d(tools, tmp_path):
    # sclite -r r.trn -h h.trn -i spu_id -d -o pra stdout: the first branch of an alternation,
    # a "/" outside braces is a word, the insertion after al_1's last word goes to bob_1
    (tmp_path / "r.trn").write_text(REF)
    (tmp_path / "h.trn").write_text(HYP)
    run = tools("sclite", "-r", "r.trn", "-h", "h.trn", "-d", "-o", "pra", cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout.split("Speakers: \n")[1] == (
        "    0:  al\n    1:  bob\n\n"
        "Speaker sentences   0:  al   #utts: 1\nid: (al_1)\nScores: (#C #S #D #I) 2 0 1 0\n"
        "REF:  a / b \nHYP:  a * b \nEval:   D   \n\n"
        "Speaker sentences   1:  bob   #utts: 1\nid: (bob_1)\nScores: (#C #S #D #I) 4 1 1 2\n"
        "REF:  * the CAT sat on THE mat *** \nHYP:  X the DOG sat on *** mat NOW \nEval: I     S          D       I   \n"
        "\n\n"
    )


def test_stm_and_ctm_channel_by_channel_as_sclite_d(tools, tmp_path):
    # the File: line names the channel, as sclite's; the words after the last reference word
    # of the last channel are left out, as sclite leaves them out
    (tmp_path / "r.stm").write_text("m1 A anna 0 2 so we start\nm1 B bert 0 2 fine\n")
    (tmp_path / "h.ctm").write_text(
        "m1 A 0.1 0.2 so\nm1 A 0.5 0.2 start\nm1 A 0.9 0.2 now\nm1 B 0.1 0.2 fine\nm1 B 0.5 0.2 thanks\n"
    )
    run = tools("sclite", "-r", "r.stm", "-h", "h.ctm", "-d", "-o", "pra", cwd=tmp_path)
    assert run.returncode == 0, run
    assert [line for line in run.stdout.splitlines() if line.startswith(("id:", "File:", "REF:", "HYP:"))] == [
        "id: (anna-000)",
        "File: a",
        "REF:  so WE start *** ",
        "HYP:  so ** start NOW ",
        "id: (bert-000)",
        "File: b",
        "REF:  fine ",
        "HYP:  fine ",
    ]


def test_d_with_options_diff_has_not_is_an_error(tools, tmp_path):
    (tmp_path / "r.trn").write_text(REF)
    (tmp_path / "h.trn").write_text(HYP)
    for options in (["-D"], ["-F"], ["-c"], ["-o", "sgml"]):
        line = assert_clean_error(
            tools("sclite", "-r", "r.trn", "-h", "h.trn", "-d", *options, cwd=tmp_path), "benchmarkstt-tools"
        )
        assert "-d: GNU diff's alignment, as sclite's, of trn files or an stm reference with ctm hypotheses" in line


def test_d_needs_the_same_files_and_channels(tools, tmp_path):
    (tmp_path / "r.stm").write_text("m1 A anna 0 2 so we start\nm1 B bert 0 2 fine\n")
    (tmp_path / "h.ctm").write_text("m1 A 0.1 0.2 so\n")
    line = assert_clean_error(tools("sclite", "-r", "r.stm", "-h", "h.ctm", "-d", cwd=tmp_path), "benchmarkstt-tools")
    assert "-d: h.ctm has no words of file 'm1' channel 'b', which r.stm has" in line
    (tmp_path / "h.ctm").write_text("m1 A 0.1 0.2 so\nm1 B 0.1 0.2 fine\nm2 A 0.1 0.2 extra\n")
    line = assert_clean_error(tools("sclite", "-r", "r.stm", "-h", "h.ctm", "-d", cwd=tmp_path), "benchmarkstt-tools")
    assert "h.ctm:3: file 'm2' channel 'a' is not in the reference" in line


def test_d_refuses_a_ctm_line_it_refuses_without_d(tools, tmp_path):
    # diff aligns the words only, but a CTM time or confidence that is not a number is refused
    # with -d as without it (the file is wrong whichever alignment reads it; on dfb19b1 -d
    # scored it); each field's check: stmctm.ctm_numbers' examples
    (tmp_path / "r.stm").write_text("m1 A anna 0 2 so we go\n")
    (tmp_path / "h.ctm").write_text("m1 A 0.1 0.2 so\nm1 A 0.5 x go\n")
    for options in ([], ["-d"]):
        run = tools("sclite", "-r", "r.stm", "-h", "h.ctm", *options, cwd=tmp_path)
        line = assert_clean_error(run, "benchmarkstt-tools")
        assert line == "benchmarkstt-tools: error: h.ctm:2: duration 'x' is not a number"


SCLITE_DIFF = os.environ.get("BENCHMARKSTT_SCLITE_DIFF", "")


def corpus(seed: int, utterances: int = 1000) -> tuple:
    """Reference and hypothesis TRN texts: random edits of random words, alternations (some
    with an empty branch), several speakers, the hypothesis in another order, some missing."""
    rng = random.Random(seed)
    vocabulary = [f"w{k}" for k in range(40)]
    refs, hyps = [], []
    for k in range(utterances):
        words = [rng.choice(vocabulary) for _ in range(rng.randint(0, 12))]
        ref = [f"{{ {w} / {rng.choice(vocabulary)} / @ }}" if rng.random() < 0.05 else w for w in words]
        hyp = []
        for w in words:
            roll = rng.random()
            hyp += (
                []
                if roll < 0.1
                else [rng.choice(vocabulary)]
                if roll < 0.2
                else [w, rng.choice(vocabulary)]
                if roll < 0.25
                else [w]
            )
        uid = f"s{k % 7}_{k}"
        refs.append(f"{' '.join(ref)} ({uid})\n")
        if rng.random() > 0.02:
            hyps.append(f"{' '.join(hyp)} ({uid})\n")
    rng.shuffle(hyps)
    return "".join(refs), "".join(hyps)


@pytest.mark.slow
@pytest.mark.skipif(not os.access(SCLITE_DIFF, os.X_OK), reason="no sclite built with diff ($BENCHMARKSTT_SCLITE_DIFF)")
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_corpora_as_sclite_d(tools, tmp_path, seed):
    ref, hyp = corpus(seed)
    (tmp_path / "r.trn").write_text(ref)
    (tmp_path / "h.trn").write_text(hyp)
    arguments = ["-r", "r.trn", "-h", "h.trn", "-d", "-o", "sum", "rsum", "pra", "dtl"]
    expected = subprocess.run(
        [SCLITE_DIFF, *arguments, "stdout", "-i", "spu_id"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    run = tools("sclite", *arguments, cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout == expected


def stm_ctm(seed: int) -> tuple:
    """An STM and a CTM text: three files, one or two channels, segments with labels,
    alternations and tags, the CTM's words edited, some inserted, some channels without
    words (sclite's -d refuses those, but for the last files)."""
    rng = random.Random(seed)
    vocabulary = [f"w{k}" for k in range(25)] + ["uh;t1", "(uh)"]
    stm, ctm = [], []
    for file, channel in (("f1", "A"), ("f1", "B"), ("f2", "A"), ("f2", "B"), ("f3", "A")):
        speaker, start = f"{file}{channel}s{rng.randint(0, 1)}", 0.0
        for _ in range(rng.randint(1, 6)):
            words = [rng.choice(vocabulary) for _ in range(rng.randint(0, 8))]
            if words and rng.random() < 0.2:
                words[0] = f"{{ {words[0]} / {rng.choice(vocabulary)} / @ }}"
            labels = "<o> " if rng.random() < 0.5 else ""
            stm.append(f"{file} {channel} {speaker} {start:.2f} {start + 5:.2f} {labels}{' '.join(words)}\n")
            for word in words:
                roll = rng.random()
                if roll >= 0.1:
                    said = rng.choice(vocabulary) if roll < 0.25 else word.split()[1] if word[0] == "{" else word
                    ctm.append(f"{file} {channel} {start + rng.random() * 4:.2f} 0.20 {said}\n")
                if rng.random() < 0.1:
                    ctm.append(f"{file} {channel} {start + 4.5:.2f} 0.20 {rng.choice(vocabulary)}\n")
            start += 5
    return "".join(stm), "".join(ctm)


@pytest.mark.slow
@pytest.mark.skipif(not os.access(SCLITE_DIFF, os.X_OK), reason="no sclite built with diff ($BENCHMARKSTT_SCLITE_DIFF)")
def test_generated_stm_and_ctm_as_sclite_d(tools, tmp_path):
    agreed = 0
    for seed in range(1, 41):
        stm, ctm = stm_ctm(seed)
        (tmp_path / "r.stm").write_text(stm)
        (tmp_path / "h.ctm").write_text(ctm)
        arguments = ["-r", "r.stm", "stm", "-h", "h.ctm", "ctm", "-d", "-o", "sum", "rsum", "pra", "dtl"]
        expected = subprocess.run(
            [SCLITE_DIFF, *arguments, "stdout"], cwd=tmp_path, capture_output=True, text=True, timeout=300
        )
        run = tools("sclite", *arguments, cwd=tmp_path)
        if expected.returncode:  # sclite stops (a channel the CTM lacks): so does the plugin
            assert_clean_error(run, "benchmarkstt-tools")
        else:
            assert run.returncode == 0 and run.stdout == expected.stdout, seed
            agreed += 1
    assert agreed > 30
