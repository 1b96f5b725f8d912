"""A CTM reference against a CTM hypothesis (``-r REF ctm``), as sclite aligns them without
``-T``: each file and channel cut into chunks by time. ``data/ctmref``: a generated pair
(400 reference words on two channels, alternation blocks, optional words, fragments) and
sclite's ``sum`` and ``pra`` (SCTK 2.4.12: ``sclite -r ref.ctm ctm -h hyp.ctm ctm [-D -F]
-o sum pra stdout``; ``-o dtl``: ``sclite.dtl``; with ``-T`` and ``-T -D -F``, its time-mediated
alignments: ``sclite-T.out``, ``sclite-TDF.out``), 12 chunks; ``jittered-*.ctm``: two files of
two channels, hypothesis words out of time order, and sclite's ``pra`` (``jittered.pra``),
where sclite puts runs of insertions and deletions in time order; ``said.ctm`` and
``heard.ctm`` (docs/sclite.md's example) and sclite's ``prf`` with ``-D -F`` (without its
``Creation date`` line); ``sclite.sgml`` and ``sclite-DF.sgml``: sclite's ``-o sgml`` of
``ref.ctm`` and ``hyp.ctm`` without and with ``-D -F`` (without the ``creation_date``)."""

from __future__ import annotations

import re

from pathlib import Path

import pytest
from conftest import assert_clean_error

DATA = Path(__file__).parent / "data" / "ctmref"


@pytest.mark.parametrize(
    "options,expected",
    [
        ([], "sclite.out"),
        (["-D", "-F"], "sclite-DF.out"),
        (["-T"], "sclite-T.out"),
        (["-T", "-D", "-F"], "sclite-TDF.out"),
    ],
)
def test_chunks_and_alignments_as_sclites(tools, options, expected):
    run = tools("sclite", "-r", "ref.ctm", "ctm", "-h", "hyp.ctm", "ctm", *options, "-o", "sum", "pra", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / expected).read_text()


def test_insertions_and_deletions_in_time_order_as_sclites(tools):
    run = tools("sclite", "-r", "jittered-ref.ctm", "-h", "jittered-hyp.ctm", "-o", "pra", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "jittered.pra").read_text()


def test_prf_with_both_sides_times_as_sclites(tools):
    # an optionally deletable word left out: sclite writes 0.00 for the empty word's times
    run = tools("sclite", "-r", "said.ctm", "-h", "heard.ctm", "-D", "-F", "-o", "prf", cwd=DATA)
    assert run.returncode == 0, run
    assert re.sub(r'Creation date: "[^"]*"\n', "", run.stdout) == (DATA / "said-DF.prf").read_text()


def test_dtl_as_sclites(tools):
    run = tools("sclite", "-r", "ref.ctm", "-h", "hyp.ctm", "-o", "dtl", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "sclite.dtl").read_text()


def test_a_channel_missing_from_the_hypothesis_is_an_error(tools, tmp_path):
    (tmp_path / "ref.ctm").write_text("f1 A 0.1 0.2 so\nf1 B 0.1 0.2 yes\n")
    (tmp_path / "hyp.ctm").write_text("f1 A 0.1 0.2 so\n")
    line = assert_clean_error(tools("sclite", "-r", "ref.ctm", "-h", "hyp.ctm", cwd=tmp_path), "benchmarkstt-tools")
    assert line == "benchmarkstt-tools: error: hyp.ctm: file 'f1' channel 'b' of the reference is missing"


@pytest.mark.parametrize("options,expected", [([], "sclite.sgml"), (["-D", "-F"], "sclite-DF.sgml")])
def test_sgml_with_both_sides_times_as_sclites(tools, options, expected):
    # both words' times (0.000+0.000 for the empty word of a correct pair, under -D)
    run = tools("sclite", "-r", "ref.ctm", "-h", "hyp.ctm", *options, "-o", "sgml", cwd=DATA)
    assert run.returncode == 0, run
    assert re.sub(r'creation_date="[^"]*"', "", run.stdout) == (DATA / expected).read_text()


def test_sgml_with_both_sides_confidences_as_sclites(tools, tmp_path):
    # word_aux r_conf and h_conf when every word of a side has a confidence; 0 for an empty word
    for name, value in (("ref", "0.6"), ("hyp", "0.7")):
        lines = (DATA / f"{name}.ctm").read_text().splitlines()
        (tmp_path / f"{name}.ctm").write_text(
            "".join(f"{line} {value}\n" if "<" not in line else f"{line}\n" for line in lines)
        )
    run = tools("sclite", "-r", "ref.ctm", "-h", "hyp.ctm", "-D", "-F", "-o", "sgml", cwd=tmp_path)
    assert run.returncode == 0, run
    expected = (DATA / "sclite-DF.sgml").read_text()
    expected = expected.replace('h_t1+t2"', 'h_t1+t2,r_conf,h_conf"')
    expected = re.sub(
        r"^([A-Z],.*)$", lambda m: ":".join(confidences(item) for item in m.group(1).split(":")), expected, flags=re.M
    )
    assert re.sub(r'creation_date="[^"]*"', "", run.stdout) == expected


def confidences(item: str) -> str:
    """An SGML item of sclite-DF.sgml with the confidences sclite adds when both files have them."""
    tag, ref, hyp = item.split(",")[:3]
    ref_conf = "0.600000" if ref not in ("", '""') else ("0.000000" if tag == "C" else "")
    hyp_conf = "0.700000" if hyp not in ("", '""') else ("0.000000" if tag == "C" else "")
    return f"{item},{ref_conf},{hyp_conf}"


def test_lur_of_a_ctm_reference_has_only_the_speakers_as_sclites(tools):
    run = tools("sclite", "-r", "ref.ctm", "-h", "hyp.ctm", "-o", "lur", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout.splitlines()[:14] == [
        "," + "-" * 17 + ".",
        "| System: hyp.ctm |",
        *["|" + " " * 17 + "|"] * 3,
        "|" + "-" * 17 + "|",
        "|      SPKR       |",
        "|" + " " * 17 + "|",
        "|" + "-" * 17 + "|",
        "|      f1-a       |",
        "|" + "-" * 17 + "|",
        "|      f1-b       |",
        "|" + "=" * 17 + "|",
        "|   Set Sum/Avg   |",
    ]


def test_time_mediated_alignment_is_of_ctm_files_only(tools, tmp_path):
    (tmp_path / "ref.trn").write_text("a b (s_1)\n")
    line = assert_clean_error(
        tools("sclite", "-r", "ref.trn", "-h", "ref.trn", "-T", cwd=tmp_path), "benchmarkstt-tools"
    )
    assert (
        line == "benchmarkstt-tools: error: -T: a time-mediated alignment is of a ctm reference and ctm "
        "hypotheses, as sclite's"
    )


def test_a_ctm_reference_takes_ctm_hypotheses(tools):
    line = assert_clean_error(tools("sclite", "-r", "ref.ctm", "-h", "hyp.ctm", "trn", cwd=DATA), "benchmarkstt-tools")
    assert "a ctm reference ctm hypotheses" in line


def test_a_hypothesis_alternation_under_time_mediated_costs_is_named(tools, tmp_path):
    (tmp_path / "ref.ctm").write_text("f1 A 0.1 0.2 so\nf1 A 0.4 0.2 yes\n")
    (tmp_path / "hyp.ctm").write_text(
        "f1 A 0.1 0.2 so\nf1 A * * <ALT_BEGIN>\nf1 A 0.4 0.2 yes\nf1 A * * <ALT>\n"
        "f1 A 0.4 0.2 yeah\nf1 A * * <ALT_END>\n"
    )
    line = assert_clean_error(
        tools("sclite", "-r", "ref.ctm", "-h", "hyp.ctm", "-T", cwd=tmp_path), "benchmarkstt-tools"
    )
    assert (
        line == "benchmarkstt-tools: error: hyp.ctm: f1-a-0000: -T: an <ALT_BEGIN> block in the hypothesis is not "
        "scored with time-mediated costs (yet)"
    )
