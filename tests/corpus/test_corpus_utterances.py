"""Utterance-level corpora: TRN files paired by utterance id, utterances resampled."""

from __future__ import annotations

import json

import pytest

from conftest import assert_clean_error


def write(path, lines):
    path.write_text("".join(f"{text} ({key})\n" for key, text in lines), encoding="utf-8")
    return str(path)


def test_trn_files_pair_by_utterance_id(tools, tmp_path):
    ref = write(
        tmp_path / "ref.trn", [("u1", "the cat sat on the mat"), ("u2", "hello world"), ("u3", "good morning to you")]
    )
    a = write(
        tmp_path / "a.trn",
        [("u2", "hello word"), ("u1", "the cat sat on a mat"), ("u3", "good morning to you"), ("u4", "extra")],
    )
    b = write(tmp_path / "b.trn", [("u1", "the cat mat"), ("u2", "hello world"), ("u3", "good morning you")])
    run = tools("corpus", "-r", ref, "-h", f"a={a}", "-h", f"b={b}", "--jobs", "1", "-o", "json", "--allow-unpaired")
    assert run.returncode == 0, run
    data = json.loads(run.stdout)
    assert data["settings"]["resample_unit"] == "utterance"
    rows = data["engines"]["a"]["files"]
    assert [(r["id"], r["substitutions"], r["reference_words"]) for r in rows] == [
        ("u1", 1, 6),
        ("u2", 1, 2),
        ("u3", 0, 4),
    ]
    assert rows[1]["hypothesis"]["path"] == f"{a}#u2"
    assert data["engines"]["b"]["deletions"] == 4 and data["engines"]["b"]["wer"] == 4 / 12
    assert data["unpaired"][0]["id"] == "u4" and data["unpaired"][0]["missing"] == ["reference", "b"]
    assert "unpaired: u4: missing for reference, b" in run.stderr


def test_a_bad_trn_line_is_named(tools, tmp_path):
    ref = tmp_path / "ref.trn"
    ref.write_text("fine (u1)\nno id here\n")
    hyp = write(tmp_path / "a.trn", [("u1", "fine")])
    run = tools("corpus", "-r", str(ref), "-h", f"a={hyp}", "--jobs", "1")
    assert f"{ref}:2: expected the text followed by its utterance id" in assert_clean_error(run, "benchmarkstt-tools")


def test_a_trn_file_named_otherwise_says_how_to_give_its_type(tools, tmp_path):
    # SCTK's own files are csrnab.ref and csrnab.hyp: read as plain text, the error did not say how to fix it
    ref = write(tmp_path / "said.ref", [("u1", "the cat sat")])
    hyp = write(tmp_path / "heard.hyp", [("u1", "the cat sat")])
    run = tools("corpus", "-r", ref, "-h", f"a={hyp}", "--jobs", "1")
    assert assert_clean_error(run, "benchmarkstt-tools").endswith(
        "said.ref: no utterance ids: an utterance-level corpus needs files whose segments carry ids (TRN, STM, "
        "CTM; read as plain text: give the type with -rt or -ht, e.g. -rt trn, where the extension does not say it)"
    )
    run = tools("corpus", "-r", ref, "-rt", "trn", "-h", f"a={hyp}", "-ht", "trn", "--jobs", "1", "-o", "json")
    assert run.returncode == 0 and json.loads(run.stdout)["engines"]["a"]["wer"] == 0, run


def test_ids_pair_whatever_their_ascii_case_as_sclite_pairs_them(tools, tmp_path):
    """SCTK's csrnab.ref spells ids 4t0c0204, csrnab.hyp 4T0C0204: sclite lowercases both and scores
    51 utterances; here they were unpaired (an error, or with --allow-unpaired all deletions for
    the engine: 22.5% against sclite's 12.0%)."""
    ref = write(tmp_path / "ref.trn", [("U1", "the cat sat"), ("u2", "hello world")])
    hyp = write(tmp_path / "a.trn", [("u1", "the cat sat"), ("U2", "hello word")])
    run = tools("corpus", "-r", ref, "-h", f"a={hyp}", "--wer", "sclite", "--jobs", "1", "-o", "json")
    assert run.returncode == 0, run
    rows = json.loads(run.stdout)["engines"]["a"]["files"]
    assert [(r["id"], r["hypothesis"]["path"], r["substitutions"], r["deletions"]) for r in rows] == [
        ("U1", f"{hyp}#u1", 0, 0),
        ("u2", f"{hyp}#U2", 1, 0),
    ]


def test_ids_that_differ_only_in_case_in_one_file_are_given_twice(host, tmp_path):
    from benchmarkstt_core.errors import InputError
    from benchmarkstt_corpus.utterances import from_utterance_files

    ref = write(tmp_path / "ref.trn", [("u1", "a"), ("U1", "b")])
    with pytest.raises(InputError) as raised:
        from_utterance_files(ref, {"a": ref}, host)
    assert str(raised.value) in [
        f"{ref}: utterance id {a!r} is given twice (as {b!r}: ids pair whatever their ASCII case, as sclite pairs them)"
        for a, b in (("U1", "u1"), ("u1", "U1"))
    ]


def test_split_by_time_refuses_an_utterance_corpus(tools, tmp_path):
    """Its items are texts without times: every utterance failed, each error quoting the whole
    utterance's text as if it were a file's name, and the table came out with no engine scored."""
    (tmp_path / "ref.stm").write_text("rec 1 A 0.0 2.0 the cat sat\nrec 1 B 2.0 4.0 on the mat\n")
    (tmp_path / "a.ctm").write_text("rec 1 0.1 0.5 the\nrec 1 0.6 0.5 cat\n")
    last = assert_clean_error(
        tools("corpus", "-r", "ref.stm", "-h", "a=a.ctm", "--split-by-time", "1", "--jobs", "1", cwd=tmp_path),
        "benchmarkstt-tools",
    )
    assert (
        last == "benchmarkstt-tools: error: --split-by-time cuts recordings into windows of time: not an "
        "utterance-level corpus (-r FILE, utterances paired by id); give folders or a manifest of files with times"
    )
