"""SCTK's own test data and expected outputs (github usnistgov/SCTK, src/sclite/testdata,
public domain), read from the shared data folder: $BENCHMARKSTT_SCTK_DATA, else
../shared/data/sctk beside the repository, else /work/shared/data/sctk."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from conftest import BIN, needs_shared

ROOT = Path(__file__).resolve().parents[2]


def sctk_data() -> Path | None:
    for candidate in (
        os.environ.get("BENCHMARKSTT_SCTK_DATA"),
        ROOT.parent / "shared" / "data" / "sctk",
        "/work/shared/data/sctk",
    ):
        if candidate and (Path(candidate) / "base" / "test1.sys").is_file():
            return Path(candidate)
    return None


DATA = sctk_data()
pytestmark = needs_shared(
    DATA is not None, "SCTK's test data ($BENCHMARKSTT_SCTK_DATA, ../shared/data/sctk or /work/shared/data/sctk)"
)


def sclite_bytes(*arguments: str) -> bytes:
    """``benchmarkstt-tools sclite ARGUMENTS`` in SCTK's data folder, its output as bytes (the
    reports are written in the files' encoding, GB2312 for the Mandarin tests)."""
    run = subprocess.run(
        [str(BIN / "benchmarkstt-tools"), "sclite", *arguments],
        cwd=DATA,
        capture_output=True,
        env=dict(os.environ, LC_ALL="C.UTF-8"),
        timeout=120,
    )
    assert run.returncode == 0, run
    return run.stdout


MANDARIN = ["-r", "./mand_ref.stm", "stm", "-h", "./mand_hyp.ctm", "ctm", "--encoding", "gb2312"]


# SCTK's tests (tsclite.sh) whose reports this plugin writes: the test, sclite's arguments
CASES = [
    ("test1", ["-r", "./csrnab.ref", "-h", "./csrnab.hyp", "-i", "wsj"]),
    ("test3", ["-r", "./lvc_ref.stm", "stm", "-h", "./lvc_hyp.ctm", "ctm"]),
    ("test3a", ["-r", "./lvc_refe.stm", "stm", "-h", "./lvc_hyp.ctm", "ctm"]),
] + [
    (f"test16_{n}", ["-r", "./stm2ctm_missing.ref.stm", "stm", "-h", f"./stm2ctm_missing.hyp{tail}.ctm", "ctm"])
    for n, tail in enumerate(
        [
            "-missall",
            "-missfile1",
            "-missfile1chanA",
            "-missfile1chanb",
            "-missfile2",
            "-missfile2chanA",
            "-missfile2chanB",
            "",
        ],
        2,
    )
]


@pytest.mark.parametrize("test,arguments", CASES, ids=[c[0] for c in CASES])
def test_sclites_own_tests_byte_for_byte(tools, test, arguments):
    # one run for the three reports: they come in sclite's order, as sclite writes them to stdout
    run = tools("sclite", *arguments, "-o", "pra", "sum", "rsum", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == "".join((DATA / "base" / f"{test}.{suffix}").read_text() for suffix in ("sys", "raw", "pra"))


def test_test6_mandarin_in_gb2312_sum_and_rsum_byte_for_byte(tools):
    # SCTK's test6 (-e gb, STM against CTM in GB2312) aligns with diff (-d), which this plugin
    # does not offer; on these files sclite's own alignment gives the same tables
    run = tools(
        "sclite",
        "-r",
        "./mand_ref.stm",
        "stm",
        "-h",
        "./mand_hyp.ctm",
        "ctm",
        "--encoding",
        "gb2312",
        "-o",
        "sum",
        "rsum",
        cwd=DATA,
    )
    assert run.returncode == 0, run
    assert run.stdout == "".join((DATA / "base" / f"test6.{suffix}").read_text() for suffix in ("sys", "raw"))


def test_test6_pra_in_gb2312_as_sclite_writes_the_files_bytes():
    # the reports are written in --encoding, as sclite writes the files' bytes; under -d sclite
    # numbers the File: lines (1, 2) where its own alignment names the file, as this plugin does
    pra = sclite_bytes(*MANDARIN, "-o", "pra")
    expected = (DATA / "base" / "test6.pra").read_bytes()
    numbered = iter(re.findall(rb"^File: (.*)$", expected, flags=re.M))
    assert re.sub(rb"^File: ma_0029$", lambda _: b"File: " + next(numbered), pra, flags=re.M) == expected
    assert "可能".encode("gb2312") in pra


@pytest.mark.parametrize(
    "test,options", [("test13", []), ("test13_D", ["-D"]), ("test13_a", ["-T"]), ("test13_aD", ["-T", "-D"])]
)
def test_ctm_reference_against_ctm_as_sctks_test13(tools, test, options):
    # tima_ref.ctm (alternation blocks, optional words) cut into chunks by time; -T: costs of times
    run = tools(
        "sclite",
        "-r",
        "./tima_ref.ctm",
        "ctm",
        "-h",
        "./tima_hyp.ctm",
        "ctm",
        *options,
        "-o",
        "pra",
        "sum",
        "rsum",
        cwd=DATA,
    )
    assert run.returncode == 0, run
    assert run.stdout == "".join((DATA / "base" / f"{test}.{suffix}").read_text() for suffix in ("sys", "raw", "pra"))


@pytest.mark.parametrize("test,options", [("test11", []), ("test12", ["-F"])])
def test_inferred_word_boundaries_in_mandarin_as_sctks_tests_11_and_12(tools, test, options):
    # -S algo1 mand.lex: the CTM's words cut into characters and joined again by the lexicon (GB2312)
    assert sclite_bytes(*MANDARIN, "-S", "algo1", "mand.lex", *options, "-o", "sum", "rsum", "pra") == b"".join(
        (DATA / "base" / f"{test}.{suffix}").read_bytes() for suffix in ("sys", "raw", "pra")
    )


def test_prf_of_a_text_hypothesis_as_sctks_test5(tools):
    run = tools("sclite", "-r", "./lvc_ref.stm", "stm", "-h", "./lvc_hyp.txt", "txt", "-o", "prf", cwd=DATA)
    assert run.returncode == 0, run
    date = re.compile(r'Creation date: "[^"]*"\n')
    assert date.sub("", run.stdout) == date.sub("", (DATA / "base" / "test5.prf").read_text())


@pytest.mark.parametrize("test,options", [("test13", []), ("test13_D", ["-D"])])
def test_prf_of_a_ctm_reference_as_sctks_test13(tools, test, options):
    # both sides' word times; SCTK's test 13 keeps sclite's Creation date line (of its own run)
    run = tools("sclite", "-r", "./tima_ref.ctm", "ctm", "-h", "./tima_hyp.ctm", "ctm", *options, "-o", "prf", cwd=DATA)
    assert run.returncode == 0, run
    date = re.compile(r'Creation date: "[^"]*"\n')
    assert date.sub("", run.stdout) == date.sub("", (DATA / "base" / f"{test}.prf").read_text())


def test_text_hypothesis_aligned_by_diff_as_sctks_test5(tools):
    # lvc_hyp.txt: free text, no ids, no times; sclite aligns it with GNU diff (tags kept)
    run = tools(
        "sclite", "-r", "./lvc_ref.stm", "stm", "-h", "./lvc_hyp.txt", "txt", "-o", "pra", "sum", "rsum", cwd=DATA
    )
    assert run.returncode == 0, run
    assert run.stdout == "".join((DATA / "base" / f"test5.{suffix}").read_text() for suffix in ("sys", "raw", "pra"))


def test_a_ctm_file_the_reference_lacks_is_an_error(tools):
    # SCTK's test16_1: sclite stops ("Hyp file has more data than ref file")
    run = tools(
        "sclite", "-r", "./stm2ctm_missing.ref.stm", "stm", "-h", "./stm2ctm_missing.hyp-extra.ctm", "ctm", cwd=DATA
    )
    assert run.returncode == 1 and "file '9999' channel 'b' is not in the reference" in run.stderr, run


@pytest.mark.parametrize("report", ["sgml", "nl.sgml"])
def test_test1_sgml_as_sctks_test_compares_it(tools, report):
    # tsclite.sh removes the creation date before comparing; so does this test
    run = tools("sclite", "-r", "./csrnab.ref", "-h", "./csrnab.hyp", "-i", "wsj", "-o", report, cwd=DATA)
    assert run.returncode == 0, run
    assert re.sub(r'creation_date="[^"]*"', "", run.stdout) == (DATA / "base" / f"test1.{report}").read_text()


@pytest.mark.parametrize(
    "test,report,suffix",
    [
        ("test1d", "nl.sgml", "nl.sgml"),
        *(
            ("test1e", report, suffix)
            for report, suffix in [
                ("sum", "sys"),
                ("rsum", "raw"),
                ("pra", "pra"),
                ("dtl", "dtl"),
                ("prf", "prf"),
                ("sgml", "sgml"),
                ("nl.sgml", "nl.sgml"),
            ]
        ),
    ],
)
def test_test1d_and_test1e_every_report_in_utf8(tools, test, report, suffix):
    # test1d: -o nl.sgml; test1e: -e utf-8 -o all snt spk dtl prf sgml nl.sgml
    run = tools(
        "sclite", "-r", "./csrnab.ref", "-h", "./csrnab.hyp", "-i", "wsj", "--encoding", "utf-8", "-o", report, cwd=DATA
    )
    assert run.returncode == 0, run

    def undated(text: str) -> str:  # tsclite.sh: diff -I '[cC]reation[ _]date'
        text = re.sub(r'creation_date="[^"]*"', "", text)
        return "".join(line for line in text.splitlines(True) if not re.search("[cC]reation[ _]date", line))

    assert undated(run.stdout) == undated((DATA / "base" / f"{test}.{suffix}").read_text())


def test_test1_dtl_byte_for_byte(tools):
    run = tools("sclite", "-r", "./csrnab.ref", "-h", "./csrnab.hyp", "-i", "wsj", "-o", "dtl", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "base" / "test1.dtl").read_text()


@pytest.mark.parametrize(
    "test,reference,hypothesis", [("test3", "lvc_ref.stm", "lvc_hyp.ctm"), ("test3a", "lvc_refe.stm", "lvc_hyp.ctm")]
)
def test_lur_after_sum_and_rsum_as_in_sctks_tests(tools, test, reference, hypothesis):
    # SCTK's tests write sum and rsum before lur: sclite's lur then takes the sum's centring
    # and widths its spanned columns from the cells the sum left (see table.Memory)
    run = tools(
        "sclite", "-r", f"./{reference}", "stm", "-h", f"./{hypothesis}", "ctm", "-o", "sum", "rsum", "lur", cwd=DATA
    )
    assert run.returncode == 0, run
    expected = "".join((DATA / "base" / f"{test}.{suffix}").read_text() for suffix in ("sys", "raw", "lur"))
    assert run.stdout == expected


FOURTEEN = [
    ("test14_a", "lvc_refr.stm", "lvc_hypr.ctm", ["ref", "hyp"]),
    ("test14_b", "lvc_ref.stm", "lvc_hypr.ctm", ["ref", "hyp"]),
    ("test14_c", "lvc_refr.stm", "lvc_hyp.ctm", ["ref", "hyp"]),
    ("test14_d", "lvc_refr.stm", "lvc_hypr.ctm", ["hyp"]),
    ("test14_e", "lvc_refr.stm", "lvc_hypr.ctm", ["ref"]),
]


@pytest.mark.parametrize("test,reference,hypothesis,spans", FOURTEEN, ids=[t[0] for t in FOURTEEN])
def test_m_reduces_to_the_other_files_time_span_as_sctks_test14(tools, test, reference, hypothesis, spans):
    # sclite's -m ref / hyp: the segments (words) outside the other file's time span are left
    # out, per file and channel; the segments kept are numbered again
    run = tools(
        "sclite",
        "-r",
        f"./{reference}",
        "stm",
        "-h",
        f"./{hypothesis}",
        "ctm",
        "-m",
        *spans,
        "-o",
        "sum",
        "rsum",
        "lur",
        "pra",
        cwd=DATA,
    )
    assert run.returncode == 0, run
    assert run.stdout == "".join(
        (DATA / "base" / f"{test}.{suffix}").read_text() for suffix in ("sys", "raw", "lur", "pra")
    )


def test_nce_column_of_confidences_as_sctks_test3b(tools):
    run = tools("sclite", "-r", "./lvc_ref.stm", "stm", "-h", "./lvc_hypc.ctm", "ctm", "-o", "sum", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "base" / "test3b.sys").read_text()


def test_lur_of_speakers_without_reference_words_as_sctks_test3c(tools):
    run = tools("sclite", "-r", "./lvc_refm.stm", "stm", "-h", "./lvc_hypm.ctm", "ctm", "-o", "lur", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "base" / "test3c.lur").read_text()


PRF_CASES = CASES + [("test15_a", ["-r", "./test.cantonese.stm", "stm", "-h", "./test.cantonese.ctm", "ctm"])]


@pytest.mark.parametrize("test,arguments", PRF_CASES, ids=[c[0] for c in PRF_CASES])
def test_prf_as_sctks_tests_compare_it(tools, test, arguments):
    # sclite writes the time of the run in the prf; SCTK's expected files are without it
    run = tools("sclite", *arguments, "-o", "prf", cwd=DATA)
    assert run.returncode == 0, run
    assert re.sub(r'Creation date: "[^"]*"\n', "", run.stdout) == (DATA / "base" / f"{test}.prf").read_text()


def test_pra_pads_by_bytes_as_sclite_does(tools):
    # SCTK's test15_a (Cantonese, UTF-8): sclite pads the columns by the words' length in bytes
    run = tools(
        "sclite", "-r", "./test.cantonese.stm", "stm", "-h", "./test.cantonese.ctm", "ctm", "-o", "pra", cwd=DATA
    )
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "base" / "test15_a.pra").read_text()


STM_CTM = [
    ("lvc_ref.stm", "lvc_hyp.ctm"),
    ("lvc_ref.stm", "lvc_hypc.ctm"),
    ("lvc_refe.stm", "lvc_hyp.ctm"),
    ("test.cantonese.stm", "test.cantonese.ctm"),
] + [
    ("stm2ctm_missing.ref.stm", f"stm2ctm_missing.hyp{tail}.ctm")
    for tail in ["-missall", "-missfile1", "-missfile2chanB", ""]
]


def sclite_binary() -> str | None:
    path = os.environ.get("BENCHMARKSTT_SCLITE")
    return path if path and Path(path).is_file() else None


@pytest.mark.skipif(sclite_binary() is None, reason="$BENCHMARKSTT_SCLITE (SCTK's sclite, built) is not set")
@pytest.mark.parametrize("reference,hypothesis", STM_CTM, ids=[h for _, h in STM_CTM])
def test_sgml_of_stm_and_ctm_as_sclite_writes_it(tools, reference, hypothesis):
    # SCTK keeps no expected SGML of its STM/CTM tests: compared with sclite itself
    import subprocess

    arguments = ["-r", f"./{reference}", "stm", "-h", f"./{hypothesis}", "ctm", "-o", "sgml"]
    expected = subprocess.run(
        [sclite_binary(), *arguments, "stdout", "-e", "utf-8"], cwd=DATA, capture_output=True, text=True, check=True
    ).stdout
    run = tools("sclite", *arguments, cwd=DATA)
    assert run.returncode == 0, run
    assert re.sub(r'creation_date="[^"]*"', "", run.stdout) == re.sub(r'creation_date="[^"]*"', "", expected)


SEVEN = (
    [
        ("test7", "tests.ref", "tests.hyp", ["-F", "-D"], ("sys", "raw", "pra")),
        ("test7_noD", "tests.ref", "tests.hyp", ["-F"], ("sys", "raw", "pra")),
        ("test7_6", "tests.ref", "tests.hyp", ["-F", "-D"], ("sys", "raw", "pra", "sgml", "nl.sgml")),
        # the files swapped: optionally deletable words (and fragments) in the hypothesis
        ("test7_r", "tests.hyp", "tests.ref", ["-F", "-D"], ("sys", "raw", "pra")),
    ]
    + [
        (
            f"test7-utf8-{n}bytes",
            f"tests.ref.utf8-{n}bytes",
            f"tests.hyp.utf8-{n}bytes",
            ["-F", "-D"],
            ("sys", "raw", "pra", "sgml"),
        )
        for n in (2, 3, 4)
    ]
    + [
        # inferred word boundaries (-S algo1 LEXICON [ASCIITOO]) through the hypothesis's alternations
        (f"test7_{n}", "tests.ref", "tests.hyp", options, ("sys", "raw", "pra"))
        for n, options in (
            (1, ["-S", "algo1", "tests.lex"]),
            (2, ["-S", "algo1", "tests.lex", "ASCIITOO"]),
            (3, ["-F", "-S", "algo1", "tests.lex"]),
            (4, ["-F", "-S", "algo1", "tests.lex", "ASCIITOO"]),
        )
    ]
)


@pytest.mark.parametrize("test,ref,hyp,options,reports", SEVEN, ids=[t[0] for t in SEVEN])
def test_test7_alternations_in_the_hypothesis_and_nested(tools, test, ref, hyp, options, reports):
    # nested alternations in both files, braces without spaces, ;tags, fragments on both sides
    run = tools(
        "sclite",
        "-r",
        f"./{ref}",
        "-h",
        f"./{hyp}",
        *options,
        "-o",
        *[r.replace("sys", "sum").replace("raw", "rsum") for r in reports],
        cwd=DATA,
    )
    assert run.returncode == 0, run
    expected = "".join((DATA / "base" / f"{test}.{suffix}").read_text() for suffix in reports)
    assert re.sub(r'creation_date="[^"]*"', "", run.stdout) == expected


@pytest.mark.parametrize("mode, options", [("sclite", []), ("sclite-d", ["-D"]), ("sclite-df", ["-D", "-F"])])
@pytest.mark.parametrize("files", [("tests.ref", "tests.hyp"), ("tests.hyp", "tests.ref")], ids=["test7", "test7_r"])
def test_the_wer_mode_on_test7s_files_gives_the_commands_numbers(tools, mode, options, files):
    # benchmarkstt --wer sclite reads a TRN hypothesis's alternations (and under -D and -F its
    # optional words and fragments) as benchmarkstt-tools sclite reads them
    from conftest import run_command

    rsum = tools("sclite", "-r", f"./{files[0]}", "-h", f"./{files[1]}", *options, "-o", "rsum", cwd=DATA).stdout
    row = next(line for line in rsum.splitlines() if "| Sum " in line).split("|")
    words, errors = int(row[2].split()[1]), int(row[3].split()[4])
    done = run_command(
        "benchmarkstt", "-r", files[0], "-rt", "trn", "-h", files[1], "-ht", "trn", "--wer", mode, cwd=DATA
    )
    assert done.returncode == 0, done
    assert done.stdout.split()[2] == f"{errors / words:.6f}"


@pytest.mark.skipif(sclite_binary() is None, reason="$BENCHMARKSTT_SCLITE (SCTK's sclite, built) is not set")
@pytest.mark.parametrize("options", [[], ["-D"], ["-s"], ["-D", "-F"]])
@pytest.mark.parametrize("files", [("tests.ref", "tests.hyp"), ("tests.hyp", "tests.ref")], ids=["test7", "test7_r"])
def test_test7s_files_as_sclite(tools, options, files):
    # all the reports SCTK keeps no expected output of, also dtl (an optional hypothesis word
    # in a confusion pair is written in its parentheses)
    import subprocess

    arguments = ["-r", f"./{files[0]}", "-h", f"./{files[1]}", *options, "-o", "sum", "rsum", "pra", "sgml", "dtl"]
    expected = subprocess.run(
        [sclite_binary(), *arguments, "stdout", "-i", "spu_id"], cwd=DATA, capture_output=True, text=True, check=True
    ).stdout
    run = tools("sclite", *arguments, cwd=DATA)
    assert run.returncode == 0, run
    assert re.sub(r'creation_date="[^"]*"', "", run.stdout) == re.sub(r'creation_date="[^"]*"', "", expected)


@pytest.mark.parametrize("report", ["snt", "spk"])
def test_test1_snt_and_spk_byte_for_byte(tools, report):
    # sclite writes one file per speaker (test1.snt.4t0, ...); to standard output, one after the other
    run = tools("sclite", "-r", "./csrnab.ref", "-h", "./csrnab.hyp", "-i", "wsj", "-o", report, "spk", cwd=DATA)
    assert run.returncode == 0, run
    speakers = [
        (DATA / "base" / f"test1.{kind}.{speaker}").read_text()
        for kind in ("snt", "spk")
        for speaker in ("4t0", "4t1", "4t2")
        if kind in (report, "spk")
    ]
    assert run.stdout == "".join(speakers)


SNT_SPK = [
    (["-r", "./tests.ref", "-h", "./tests.hyp", "-i", "spu_id", "-D", "-F"], []),  # a speaker without words
    (["-r", "./lvc_refe.stm", "stm", "-h", "./lvc_hypc.ctm", "ctm"], []),  # times, confidences
    (["-r", "./tima_ref.ctm", "ctm", "-h", "./tima_hyp.ctm", "ctm", "-D"], []),  # a CTM reference
    (["-r", "./mand_ref.stm", "stm", "-h", "./mand_hyp.ctm", "ctm"], ["-e", "gb"]),
]  # sorted by GB2312 bytes


@pytest.mark.skipif(sclite_binary() is None, reason="$BENCHMARKSTT_SCLITE (SCTK's sclite, built) is not set")
@pytest.mark.parametrize("arguments,sclites", SNT_SPK, ids=[a[3] for a, _ in SNT_SPK])
def test_snt_and_spk_as_sclite_writes_them(tools, arguments, sclites):
    expected = subprocess.run(
        [sclite_binary(), *arguments, *sclites, "-o", "snt", "spk", "dtl", "stdout"],
        cwd=DATA,
        capture_output=True,
        check=True,
    ).stdout
    encoding = ["--encoding", "gb2312"] if sclites else []
    assert sclite_bytes(*arguments, *encoding, "-o", "snt", "spk", "dtl") == expected


SGML_MORE = [
    ["-r", "./tima_ref.ctm", "ctm", "-h", "./tima_hyp.ctm", "ctm", "-D"],  # a CTM reference: both times
    ["-r", "./lvc_refe.stm", "stm", "-h", "./lvc_hyp.txt", "txt"],
]  # a text hypothesis (GNU diff)


@pytest.mark.skipif(sclite_binary() is None, reason="$BENCHMARKSTT_SCLITE (SCTK's sclite, built) is not set")
@pytest.mark.parametrize("arguments", SGML_MORE, ids=[a[1] for a in SGML_MORE])
def test_sgml_of_a_ctm_reference_and_a_text_hypothesis_as_sclite_writes_it(tools, arguments):
    done = subprocess.run(
        [sclite_binary(), *arguments, "-o", "sgml", "nl.sgml", "stdout"], cwd=DATA, capture_output=True, text=True
    )
    if "diff have been disabled" in done.stderr:
        pytest.skip("this sclite was built without GNU diff's alignment (-h HYP txt)")
    run = tools("sclite", *arguments, "-o", "sgml", "nl.sgml", cwd=DATA)
    assert run.returncode == 0, run
    assert re.sub(r'creation_date="[^"]*"', "", run.stdout) == re.sub(r'creation_date="[^"]*"', "", done.stdout)


@pytest.mark.parametrize(
    "test,files", [("test1a", ["file1.sgml", "file2.sgml"]), ("test1b", ["file2.sgml", "file1.sgml"])]
)
def test_sc_stats_mapsswe_report_as_sctks_tsc_stats(test, files):
    # tsc_stats.sh: cat FILES | sc_stats -p -t mapsswe -v -n OUT; its report file, byte for byte
    sgml = b"".join((DATA / name).read_bytes() for name in files)
    run = subprocess.run(
        [str(BIN / "benchmarkstt-tools"), "sc_stats", "-p", "-t", "mapsswe", "-v"],
        input=sgml,
        cwd=DATA,
        capture_output=True,
        timeout=120,
    )
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "base_sc_stats" / f"{test}.stats.mapsswe").read_bytes()


LEXICON_AND_TIMES = [
    (["-r", "./tima_ref.ctm", "ctm", "-h", "./tima_hyp.ctm", "ctm", "-T"], ["prf", "dtl"], "utf-8"),
    (["-r", "./tima_ref.ctm", "ctm", "-h", "./tima_hyp.ctm", "ctm", "-T", "-D"], ["prf", "dtl"], "utf-8"),
    (
        ["-r", "./mand_ref.stm", "stm", "-h", "./mand_hyp.ctm", "ctm", "-S", "algo1", "mand.lex"],
        ["prf", "sgml"],
        "gb2312",
    ),
    (
        ["-r", "./tests.ref", "-h", "./tests.hyp", "-D", "-F", "-S", "algo1", "tests.lex", "ASCIITOO"],
        ["prf", "sgml", "dtl"],
        "utf-8",
    ),
]


@pytest.mark.skipif(sclite_binary() is None, reason="$BENCHMARKSTT_SCLITE (SCTK's sclite, built) is not set")
@pytest.mark.parametrize("arguments,reports,encoding", LEXICON_AND_TIMES)
def test_reports_under_lexicon_and_times_as_sclite(arguments, reports, encoding):
    # -T and -S: the reports SCTK keeps no expected output of, compared with sclite itself
    def dated(text: bytes) -> bytes:
        return re.sub(rb'Creation date: [^\n]*\n|creation_date="[^"]*"', b"", text)

    sclite_encoding = {"gb2312": "gb", "utf-8": "utf-8"}[encoding]
    expected = subprocess.run(
        [sclite_binary(), *arguments, "-e", sclite_encoding, "-i", "spu_id", "-o", *reports, "stdout"],
        cwd=DATA,
        capture_output=True,
        check=True,
    ).stdout
    assert dated(sclite_bytes(*arguments, "--encoding", encoding, "-o", *reports)) == dated(expected)


CHARACTERS = [
    ("test8", ["-r", "./csrnab1.ref", "-h", "./csrnab1.hyp", "-i", "wsj", "-c"]),
    ("test7_5", ["-r", "./tests.ref", "-h", "./tests.hyp", "-c", "DH"]),
    ("test9", [*MANDARIN, "-c"]),
    ("test9_1", [*MANDARIN, "-c", "DH"]),
    ("test10", [*MANDARIN, "-c", "NOASCII"]),
    ("test10_1", [*MANDARIN, "-c", "NOASCII", "DH"]),
    ("test15_b", ["-r", "./test.cantonese.stm", "stm", "-h", "./test.cantonese.ctm", "ctm", "-c", "NOASCII", "DH"]),
]


@pytest.mark.parametrize("test,arguments", CHARACTERS, ids=[c[0] for c in CHARACTERS])
def test_character_alignment_as_sctks_tests(test, arguments):
    # sclite's -c: every word split into its characters (NOASCII: ASCII runs whole; DH: no hyphens)
    expected = b"".join((DATA / "base" / f"{test}.{suffix}").read_bytes() for suffix in ("sys", "raw", "pra"))
    assert sclite_bytes(*arguments, "-o", "pra", "sum", "rsum") == expected


@pytest.mark.parametrize("test,arguments", [c for c in CHARACTERS if c[0] in ("test9", "test10", "test15_b")])
def test_prf_of_a_character_alignment_as_sctks_tests(test, arguments):
    # each character of a CTM word takes an equal share of its time; "Attributes: Character_align"
    date = re.compile(rb'Creation date: "[^"]*"\n')
    expected = date.sub(b"", (DATA / "base" / f"{test}.prf").read_bytes())
    assert date.sub(b"", sclite_bytes(*arguments, "-o", "prf")) == expected


def test_dtl_of_a_character_alignment_as_sctks_test9():
    # words of equal counts in the order of their bytes in the file's encoding (GB2312 here)
    assert sclite_bytes(*MANDARIN, "-c", "-o", "dtl") == (DATA / "base" / "test9.dtl").read_bytes()


DIFF_CASES = [
    ("test2", ["-r", "./csrnab.ref", "-h", "./csrnab.hyp", "-i", "wsj", "-d"]),
    ("test4", ["-r", "./lvc_ref.stm", "stm", "-h", "./lvc_hyp.ctm", "ctm", "-d"]),
    ("test6", [*MANDARIN, "-d"]),
]


@pytest.mark.parametrize("test,arguments", DIFF_CASES, ids=[c[0] for c in DIFF_CASES])
def test_diff_alignment_as_sctks_tests(test, arguments):
    # sclite's -d: GNU diff's alignment (the File: lines of an STM's segments name their channel)
    expected = b"".join((DATA / "base" / f"{test}.{suffix}").read_bytes() for suffix in ("sys", "raw", "pra"))
    assert sclite_bytes(*arguments, "-o", "pra", "sum", "rsum") == expected


def test_word_weights_wws_and_prf_as_sctks_test1c(tools):
    # sclite -r ./csrnab.ref -h ./csrnab.hyp -i wsj -w ./csrnab_r.wwl -o wws prf
    run = tools(
        "sclite",
        "-r",
        "./csrnab.ref",
        "-h",
        "./csrnab.hyp",
        "-i",
        "wsj",
        "-w",
        "./csrnab_r.wwl",
        "-o",
        "wws",
        "prf",
        cwd=DATA,
    )
    assert run.returncode == 0, run
    expected = (DATA / "base" / "test1c.prf").read_text() + (DATA / "base" / "test1c.wws").read_text()
    assert re.sub(r'Creation date: "[^"]*"\n', "", run.stdout) == expected
