"""``--wer sclite`` (single pair and corpus) and ``benchmarkstt-tools sclite`` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import assert_clean_error


def test_wer_sclite_counts_the_chosen_branch_and_folds_case(bstt, tmp_path):
    (tmp_path / "ref.txt").write_text("the { cat / dog } sat on the mat\n")
    (tmp_path / "hyp.txt").write_text("The dog sat on a mat\n")
    run = bstt(
        "-r",
        "ref.txt",
        "-h",
        "hyp.txt",
        "-rt",
        "plaintext",
        "-ht",
        "plaintext",
        "--wer",
        "sclite",
        "--wer",
        "sclite-s",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    values = [r["result"] for r in json.loads(run.stdout)]
    assert values == [1 / 6, 2 / 6]


def test_wer_sclite_weights_differ_from_unit_costs(bstt, tmp_path):
    (tmp_path / "ref.txt").write_text("a b c d e\n")
    (tmp_path / "hyp.txt").write_text("d e x y z\n")
    run = bstt("-r", "ref.txt", "-h", "hyp.txt", "--wer", "sclite", "--wer", "levenshtein", "-o", "json", cwd=tmp_path)
    assert [r["result"] for r in json.loads(run.stdout)] == [6 / 5, 5 / 5]


def test_unknown_wer_mode_lists_the_plugin_modes(bstt, tmp_path):
    (tmp_path / "r.txt").write_text("a\n")
    last = assert_clean_error(bstt("-r", "r.txt", "-h", "r.txt", "--wer", "scilte", cwd=tmp_path))
    assert (
        "--wer: mode expects one of strict, hunt, levenshtein, got 'scilte' (or a mode a plugin adds: sclite, "
        "sclite-d" in last
    )
    last = assert_clean_error(bstt("-r", "r.txt", "-h", "r.txt", "--wer", "sclite", "levenshtein", cwd=tmp_path))
    assert "computes its own alignment" in last


def test_corpus_wer_sclite_pools_sclites_counts(tools, tmp_path):
    pytest.importorskip("benchmarkstt_corpus")  # not in the sclite plugin's own environment
    for side, texts in (
        ("ref", ["the { cat / dog } sat on the mat", "a b c d e"]),
        ("hyp", ["The dog sat on a mat", "d e x y z"]),
    ):
        (tmp_path / side).mkdir()
        for k, text in enumerate(texts):
            (tmp_path / side / f"u{k}.txt").write_text(text + "\n")
    run = tools(
        "corpus",
        "-r",
        "ref",
        "-h",
        "sys=hyp",
        "-rt",
        "plaintext",
        "-ht",
        "plaintext",
        "--wer",
        "sclite",
        "-o",
        "json",
        "--jobs",
        "1",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    engine = json.loads(run.stdout)["engines"]["sys"]
    assert (engine["substitutions"], engine["deletions"], engine["insertions"], engine["reference_words"]) == (
        1,
        3,
        3,
        11,
    )


def test_tool_reports_and_user_mistakes(tools, tmp_path):
    (tmp_path / "ref.trn").write_text("the (uh) cat sat (bob_1)\nth- end (al-2)\n")
    (tmp_path / "hyp.trn").write_text("the cat sat (bob_1)\nthe end (al-2)\n")
    run = tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "-D", "-F", "-o", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    data = json.loads(run.stdout)
    assert [(u["id"], u["C"], u["S"], u["D"], u["I"]) for u in data["utterances"]] == [
        ("bob_1", 4, 0, 0, 0),
        ("al-2", 2, 0, 0, 0),
    ]
    assert [s["speaker"] for s in data["speakers"]] == ["bob", "al"]
    (tmp_path / "dup.trn").write_text("a (bob_1)\nb (bob_1)\n")
    assert "dup.trn:2: utterance id 'bob_1' given twice" in assert_clean_error(
        tools("sclite", "-r", "ref.trn", "-h", "dup.trn", cwd=tmp_path), "benchmarkstt-tools"
    )
    assert "give at least two -h files" in assert_clean_error(
        tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "-o", "mapsswe", cwd=tmp_path), "benchmarkstt-tools"
    )
    (tmp_path / "open.trn").write_text("a b (al-2)\na { b / c (bob_1)\n")
    assert "open.trn:2: alternation not closed" in assert_clean_error(
        tools("sclite", "-r", "open.trn", "-h", "hyp.trn", cwd=tmp_path), "benchmarkstt-tools"
    )
    assert "-m: time spans are those of an STM reference and CTM hypotheses" in assert_clean_error(
        tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "-m", "ref", cwd=tmp_path), "benchmarkstt-tools"
    )
    assert (
        assert_clean_error(
            tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "--encoding", "gb", cwd=tmp_path), "benchmarkstt-tools"
        )
        == "benchmarkstt-tools: error: --encoding=gb: unknown encoding"
    )


def test_stdout_after_the_report_names_is_accepted_as_by_sclite(tools, tmp_path):
    """sclite's "-o sum stdout" (its reports on standard output, where this tool always writes
    them) was refused; "-o stdout" alone, as in sclite, prints no report."""
    (tmp_path / "r.trn").write_text("a b c (s1_1)\n")
    (tmp_path / "h.trn").write_text("a x c (s1_1)\n")
    args = ("sclite", "-r", "r.trn", "trn", "-h", "h.trn", "trn", "-o")
    alone = tools(*args, "sum", cwd=tmp_path)
    assert alone.returncode == 0 and "SYSTEM SUMMARY PERCENTAGES" in alone.stdout, alone
    for reports in (["sum", "stdout"], ["stdout", "sum"]):
        run = tools(*args, *reports, cwd=tmp_path)
        assert (run.returncode, run.stdout, run.stderr) == (0, alone.stdout, "")
    run = tools(*args, "stdout", cwd=tmp_path)
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")


@pytest.mark.parametrize(
    "files, args",
    [
        ({"ref.trn": "hello world (a_1)\n", "hyp.trn": ""}, ["-r", "ref.trn", "-h", "hyp.trn", "-o", "rsum", "pra"]),
        (
            {"ref.trn": "hello world (a_1)\n", "a.trn": "hello (a_1)\n", "hyp.trn": ""},
            ["-r", "ref.trn", "-h", "a.trn", "-h", "hyp.trn", "-o", "mapsswe"],
        ),
        ({"ref.stm": "", "hyp.ctm": ""}, ["-r", "ref.stm", "-h", "hyp.ctm"]),
    ],
)
def test_nothing_to_score_is_an_error_naming_the_files(tools, tmp_path, files, args):
    """An empty hypothesis (or reference) scored no utterance: it failed with 'mean requires at
    least one data point', and -o pra, sgml, dtl, mapsswe printed reports of nothing (sclite
    itself ends in a segmentation fault)."""
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    last = assert_clean_error(tools("sclite", *args, cwd=tmp_path), "benchmarkstt-tools")
    hypothesis = args[-1] if args[-2] == "-h" else args[args.index("hyp.trn")]
    assert (
        last == f"benchmarkstt-tools: error: {hypothesis}: no utterance to score: it and the reference {args[1]} "
        "have none in common (is one of them empty?)"
    )


def test_undecodable_file_names_the_option_that_sets_the_encoding(tools, tmp_path):
    """The hint said 'set DEFAULT_ENCODING to the file's encoding', which this command does not read
    (the same error again): its option is --encoding."""
    (tmp_path / "ref.trn").write_bytes("café au lait (a_1)\n".encode("latin-1"))
    (tmp_path / "hyp.trn").write_text("cafe au lait (a_1)\n")
    last = assert_clean_error(
        tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", cwd=tmp_path, env={"DEFAULT_ENCODING": "latin-1"}),
        "benchmarkstt-tools",
    )
    assert (
        last == "benchmarkstt-tools: error: ref.trn:1:4: cannot decode byte 0xe9 at byte offset 3 as UTF-8 "
        "(give its encoding with --encoding)"
    )
    run = tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "--encoding", "latin-1", "-o", "json", cwd=tmp_path)
    assert json.loads(run.stdout)["total"]["S"] == 1, run


@pytest.mark.parametrize("args", [["-r", "-", "-h", "-"], ["-r", "ref.trn", "-h", "-", "-h", "-"]])
def test_standard_input_given_twice_is_refused(tools, tmp_path, args):
    """Standard input is read once: '-r - -h -' scored the reference against itself (0% errors, exit 0)."""
    (tmp_path / "ref.trn").write_text("hello world (a_1)\n")
    last = assert_clean_error(tools("sclite", *args, cwd=tmp_path, input="hello word (a_1)\n"), "benchmarkstt-tools")
    assert last == "benchmarkstt-tools: error: -r, -h: only one file can be - (standard input)"


def test_slash_and_brace_outside_an_alternation_are_words(tools, tmp_path):
    """As sclite reads them (SCTK's test.vietnamese.*.trn, its test 17, has '( ) - / < > _' as
    words): they were refused as '/' outside an alternation. The expected lines are sclite
    2.4.12's pra of the same files."""
    (tmp_path / "hyp.trn").write_text("a b (x_1)\n}  / b (x_2)\n")
    (tmp_path / "ref.trn").write_text("a { b / c } / d (x_1)\n} / b (x_2)\n")
    run = tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "-o", "pra", cwd=tmp_path)
    assert run.returncode == 0, run
    shown = [line for line in run.stdout.splitlines() if line.startswith(("Scores", "REF", "HYP"))]
    assert shown == [
        "Scores: (#C #S #D #I) 2 0 2 0",
        "REF:  a b / D ",
        "HYP:  a b * * ",
        "Scores: (#C #S #D #I) 3 0 0 0",
        "REF:  } / b ",
        "HYP:  } / b ",
    ]


def test_brace_that_closes_no_alternation_is_a_letter_of_its_word(bstt, tools, tmp_path):
    """Buckwalter's transliteration of Arabic writes the hamza on ya as '}' (a public ASR
    comparison's ref.trn has 355 of them, 'AlmA}p'): each was split off as a word of its own, 708
    words too many in 12,322, and every WER of the file silently wrong. The expected lines are
    NIST sclite's of the same files (SCTK 9688a26, after 2.4.12): a '}' splits off only when it
    closes an alternation."""
    (tmp_path / "ref.trn").write_text("mthm <ntmA}h ltnZym (a-1)\n{ a / b }c}d x} e (a-2)\n")
    (tmp_path / "hyp.trn").write_text("mthm <ntmAh ltnZym (a-1)\nb c}d x} e (a-2)\n")
    run = tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "-o", "pra", "stdout", cwd=tmp_path)
    assert run.returncode == 0, run
    shown = [line for line in run.stdout.splitlines() if line.startswith(("Scores", "REF", "HYP"))]
    assert shown == [
        "Scores: (#C #S #D #I) 2 1 0 0",
        "REF:  mthm <NTMA}H ltnzym ",
        "HYP:  mthm <NTMAH  ltnzym ",
        "Scores: (#C #S #D #I) 4 0 0 0",
        "REF:  b c}d x} e ",
        "HYP:  b c}d x} e ",
    ]
    run = bstt("-r", "ref.trn", "-h", "hyp.trn", "--wer", "levenshtein", "--diffcounts", "-o", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    assert json.loads(run.stdout)[1]["result"] == {"equal": 6, "replace": 1, "insert": 0, "delete": 0}


@pytest.mark.parametrize("side", ["ref", "hyp"])
@pytest.mark.parametrize(
    "command",
    [
        ["sclite", "-r", "ref.trn", "-h", "hyp.trn"],
        ["-r", "ref.trn", "-h", "hyp.trn", "--wer", "sclite"],
        ["-r", "ref.trn", "-h", "hyp.trn", "--wer", "levenshtein"],
    ],
)
def test_brace_inside_a_word_is_an_error_naming_the_line(bstt, tools, tmp_path, command, side):
    """A '{' after a letter of its word was read as an alternation's start ('ab{c / d}' as 'ab'
    then c or d). NIST sclite (SCTK 9688a26) crashes on such a line in either file ('ab{c / d}',
    'x}{ a / b }', '-{ a / b }': a segmentation fault) or reads other words ('ab}c{' as 'B')."""
    lines = {"ref": "a b c (u_1)\nthe ab{c / d} e (u_2)\n", "hyp": "a b c (u_1)\nthe ab c e (u_2)\n"}
    if side == "hyp":
        lines = {"ref": lines["hyp"], "hyp": lines["ref"]}
    for name, text in lines.items():
        (tmp_path / f"{name}.trn").write_text(text)
    run, prog = (
        (tools(*command, cwd=tmp_path), "benchmarkstt-tools")
        if command[0] == "sclite"
        else (bstt(*command, cwd=tmp_path), "benchmarkstt")
    )
    assert assert_clean_error(run, prog) == (
        f"{prog}: error: {side}.trn:2: a '{{' inside the word 'ab{{c': an alternation opens with a '{{' before "
        f"its first word, as in 'ab {{ c / d }}' (NIST's sclite cannot read it either)"
    )
    (tmp_path / f"{side}.trn").write_text("a b c (u_1)\nthe ab {c / d}{ e / f } (u_2)\n")  # '}{' is two braces
    assert (tools if command[0] == "sclite" else bstt)(*command, cwd=tmp_path).returncode == 0


def test_stm_braces_split_off_as_in_trn(tools, tmp_path):
    """The sclite command read an STM reference's '{ab / d}' as the words '{ab', '/', 'd}' (3
    errors against 'ab'); NIST sclite (SCTK 9688a26) reads the alternation, as in TRN, and
    crashes on 'ab{c / d}'."""
    (tmp_path / "ref.stm").write_text("f A s 0 1 x {ab / d} e\n")
    (tmp_path / "hyp.ctm").write_text("f A 0.1 0.1 x\nf A 0.3 0.1 ab\nf A 0.5 0.1 e\n")
    run = tools("sclite", "-r", "ref.stm", "stm", "-h", "hyp.ctm", "ctm", "-o", "pra", "stdout", cwd=tmp_path)
    assert run.returncode == 0, run
    shown = [line for line in run.stdout.splitlines() if line.startswith(("Scores", "REF", "HYP"))]
    assert shown == ["Scores: (#C #S #D #I) 3 0 0 0", "REF:  x ab e ", "HYP:  x ab e "]
    (tmp_path / "ref.stm").write_text("f A s 0 1 x ab{c / d} e\n")
    run = tools("sclite", "-r", "ref.stm", "stm", "-h", "hyp.ctm", "ctm", cwd=tmp_path)
    assert assert_clean_error(run, "benchmarkstt-tools").startswith(
        "benchmarkstt-tools: error: ref.stm:1: a '{' inside the word 'ab{c': "
    )


@pytest.mark.parametrize(
    "command", [["sclite", "-r", "ref.trn", "-h", "hyp.trn"], ["-r", "ref.trn", "-h", "hyp.trn", "--wer", "sclite"]]
)
def test_reference_utterance_id_given_twice_is_an_error(bstt, tools, tmp_path, command):
    """sclite stops ('double reference text for id'); here both lines were scored against the one
    hypothesis line (2 sentences, 50% for 'hello word' against 'hello world', 'hello there')."""
    (tmp_path / "ref.trn").write_text("hello world (a_1)\nhello there (a_1)\n")
    (tmp_path / "hyp.trn").write_text("hello word (a_1)\n")
    run, prog = (
        (tools(*command, cwd=tmp_path), "benchmarkstt-tools")
        if command[0] == "sclite"
        else (bstt(*command, cwd=tmp_path), "benchmarkstt")
    )
    assert (
        assert_clean_error(run, prog) == f"{prog}: error: ref.trn:2: utterance id 'a_1' given twice (first on line 1)"
    )


def test_detail_report_counts_optional_words_left_out_as_hypothesis_words(tools, tmp_path):
    (tmp_path / "ref.trn").write_text("the (uh) cat sat (bob_1)\n")
    (tmp_path / "hyp.trn").write_text("the cat sit (bob_1)\n")
    run = tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "-D", "-o", "dtl", cwd=tmp_path)
    assert run.returncode == 0, run
    assert "Hyp. words                =           (   4)" in run.stdout  # as sclite 2.4.12 counts them
    assert "   1:    1  ->  sat ==> sit" in run.stdout


def test_long_utterance_is_scored_and_reported(tools, tmp_path):
    # sclite's SGML output crashes on utterances of a few hundred words; here 300 words go through
    words = [f"w{k % 37}" for k in range(300)]
    hyp = words[:100] + ["x"] + words[101:250] + words[260:] + ["y", "z"]
    (tmp_path / "ref.trn").write_text(" ".join(words) + " (long_1)\n")
    (tmp_path / "hyp.trn").write_text(" ".join(hyp) + " (long_1)\n")
    run = tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "-o", "sgml", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    sgml, _, data = run.stdout.rpartition("\n{")
    utterance = json.loads("{" + data)["utterances"][0]
    assert (utterance["C"], utterance["S"], utterance["D"], utterance["I"]) == (289, 1, 10, 2)
    assert 'word_cnt="302"' in sgml and sgml.count("D,") == 10


def test_registering_the_sclite_differs_imports_none_of_them():
    """The sclite differ and its variants are registered by name: building the registries
    imports none of them; asking for a variant imports it, under its name."""
    code = (
        "import sys\nfrom benchmarkstt_core.plugins import make_plugin_manager\n"
        "differs = make_plugin_manager().registries.differs\n"
        "print('benchmarkstt_sclite.differ' in sys.modules)\n"
        "print(differs.get('sclite-df').cls.__name__, differs.get('sclite-df').cls.deletable)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split("\n")[:2] == ["False", "ScliteDF True"]
