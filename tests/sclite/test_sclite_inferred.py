"""``-S algo1 LEXICON [ASCIITOO]``: inferred word boundaries, as a user runs them (sclite's
output for the pair below: SCTK 2.4.12, ``sclite -r said.trn -h heard.trn -e utf-8 -S algo1
words.lex -o pra stdout``), and the user's mistakes."""

from __future__ import annotations

import json

import pytest
from conftest import assert_clean_error

from benchmarkstt_core.errors import InputError, UsageError
from benchmarkstt_sclite.inferred import Lexicon, lattice, segmenting


@pytest.fixture
def pair(tmp_path):
    (tmp_path / "words.lex").write_text("一个\n可能\n", encoding="utf-8")
    (tmp_path / "said.trn").write_text("我 可能 是 一个 人 (anna_1)\n他 不 是 (bert_1)\n", encoding="utf-8")
    (tmp_path / "heard.trn").write_text("我可能是一个 人 (anna_1)\n他不 (bert_1)\n", encoding="utf-8")
    return tmp_path


def counts(run) -> list:
    return [(u["id"], u["C"], u["S"], u["D"], u["I"]) for u in json.loads(run.stdout)["utterances"]]


def test_the_lexicon_finds_the_words_as_sclite(tools, pair):
    run = tools("sclite", "-r", "said.trn", "-h", "heard.trn", "-S", "algo1", "words.lex", "-o", "json", cwd=pair)
    assert run.returncode == 0, run
    assert counts(run) == [("anna_1", 5, 0, 0, 0), ("bert_1", 2, 0, 1, 0)]
    plain = tools("sclite", "-r", "said.trn", "-h", "heard.trn", "-o", "json", cwd=pair)
    assert counts(plain) == [("anna_1", 1, 1, 3, 0), ("bert_1", 0, 1, 2, 0)]


def test_ties_between_two_ways_keep_the_longer_word_first_as_sclite():
    # 六六六六六 spelled as 六六 六六六 or 六六六 六六: sclite's table takes the longer word first
    arcs = lattice(["六六六六六"], Lexicon(frozenset({"六六", "六六六"}), 3), False)
    assert [(a, b, w) for a, b, w in arcs if b == 5] == [(4, 5, "六"), (2, 5, "六六六"), (3, 5, "六六")]


@pytest.mark.parametrize(
    "values,lexicon,message",
    [
        (["algo2", "words.lex"], "一个\n", "-S: give algo1, the lexicon file and optionally ASCIITOO"),
        (["algo1", "words.lex", "ASCII"], "一个\n", "-S: give algo1, the lexicon file and optionally ASCIITOO"),
        (["algo1", "words.lex"], "\n", "words.lex: the lexicon has no words"),
        (["algo1", "words.lex"], "一\n可能\n一个\n", "words.lex:3: the lexicon is not sorted ('一个' after '可能')"),
    ],
)
def test_mistakes_are_named(values, lexicon, message):
    with pytest.raises((InputError, UsageError)) as raised:
        segmenting(values, lambda path, field: lexicon, "UTF-8", False)
    assert message in str(raised.value)


def test_a_lexicon_in_another_encodings_byte_order():
    # sclite compares a lexicon's bytes: GB2312 orders 可能 (BF C9) before 一个 (D2 BB)
    assert segmenting(["algo1", "mand.lex"], lambda path, field: "可能\n一个\n", "gb2312", False)[0].longest == 2
    with pytest.raises(InputError, match="not sorted"):
        segmenting(["algo1", "mand.lex"], lambda path, field: "可能\n一个\n", "UTF-8", False)


def test_a_missing_lexicon_is_one_line(tools, pair):
    line = assert_clean_error(
        tools("sclite", "-r", "said.trn", "-h", "heard.trn", "-S", "algo1", "missing.lex", cwd=pair),
        "benchmarkstt-tools",
    )
    assert line == "benchmarkstt-tools: error: missing.lex: no such file"


def test_a_ctm_reference_is_refused_as_sclite_ignores_it(tools, pair):
    (pair / "ref.ctm").write_text("f1 A 0.1 0.2 我\n", encoding="utf-8")
    line = assert_clean_error(
        tools("sclite", "-r", "ref.ctm", "-h", "ref.ctm", "-S", "algo1", "words.lex", cwd=pair), "benchmarkstt-tools"
    )
    assert "-S: inferred word boundaries are of TRN files or of an STM reference and CTM hypotheses" in line


def test_characters_with_a_lexicon_is_refused_as_sclite_drops_c(tools, pair):
    # sclite -c -S algo1 LEX scores words, as -S alone: the character alignment asked for is silently not made
    line = assert_clean_error(
        tools("sclite", "-r", "said.trn", "-h", "heard.trn", "-c", "-S", "algo1", "words.lex", cwd=pair),
        "benchmarkstt-tools",
    )
    assert (
        line == "benchmarkstt-tools: error: -c with -S: give one (sclite aligns words under -S and leaves -c out, "
        "silently)"
    )
