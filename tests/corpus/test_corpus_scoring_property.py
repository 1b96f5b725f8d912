"""Scoring's per-file steps against plain references: the error words of an alignment, the
MAPSSWE pair sums of two engines, and what a row and an item carry."""

from __future__ import annotations

from benchmarkstt_corpus.pairing import Item, Source
from benchmarkstt_corpus.scoring import Spec, clean, error_entries, error_words, pair_sums, score_batch
from benchmarkstt_metrics.differs import Levenshtein, RatcliffObershelp, edit_opcodes, merge_changes
from benchmarkstt_metrics.mapsswe import opcode_places, segments
from hypothesis import given, settings
from hypothesis import strategies as st

WORDS = st.lists(st.sampled_from("a b c d e f".split()), max_size=12)
DIFFERS = st.sampled_from([Levenshtein, RatcliffObershelp])


def plain_error_words(opcodes, ref, hyp):
    """The substituted pairs, deleted and inserted words, one opcode and one word at a time."""
    subs, dels, ins = [], [], []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            if i1 + k < i2 and j1 + k < j2:
                subs.append((ref[i1 + k], hyp[j1 + k]))
            elif i1 + k < i2:
                dels.append(ref[i1 + k])
            else:
                ins.append(hyp[j1 + k])
    return subs, dels, ins


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(WORDS, WORDS), min_size=1, max_size=4), DIFFERS)
def test_error_words_name_the_errors_of_each_alignment_and_number_words_in_first_order(pairs, differ):
    ids: dict = {}
    seen: list = []
    for ref, hyp in pairs:
        opcodes = differ(ref, hyp).get_opcodes()
        numbers = error_words(opcodes, ref, hyp, ids)
        subs, dels, ins = plain_error_words(opcodes, ref, hyp)
        words = list(ids)
        assert list(error_entries(numbers["substitutions"], words, pairs=True)) == subs
        assert list(error_entries(numbers["deletions"], words, pairs=False)) == dels
        assert list(error_entries(numbers["insertions"], words, pairs=False)) == ins
        for word in [w for pair in subs for w in pair] + dels + ins:
            if word not in seen:
                seen.append(word)
        assert words == seen  # numbered as first met: substitutions, deletions, insertions
        assert list(ids.values()) == list(range(len(ids)))


@settings(max_examples=300, deadline=None)
@given(WORDS, st.lists(st.one_of(st.none(), WORDS), min_size=1, max_size=4), DIFFERS)
def test_pair_sums_are_the_segment_sums_of_every_pair_of_engines_with_alignments(ref, hyps, differ):
    engines = [f"e{x}" for x in range(len(hyps))]
    alignments = {engine: differ(ref, hyp).get_opcodes() for engine, hyp in zip(engines, hyps) if hyp is not None}
    profiles = {engine: opcode_places(opcodes) for engine, opcodes in alignments.items()}
    expected = {}
    for x, first in enumerate(engines):
        for second in engines[x + 1 :]:
            if first in profiles and second in profiles:
                z = [ea - eb for ea, eb in segments(profiles[first], profiles[second])]
                expected[(first, second)] = (len(z), sum(z), sum(v * v for v in z))
    assert pair_sums(engines, alignments) == expected


def plain_merge(opcodes):
    """Each run of non-equal opcodes as one block, tagged by the words it has on each side."""
    merged = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag != "equal" and merged and merged[-1][0] != "equal":
            i1, j1 = merged.pop()[1::2]
        if tag != "equal":
            tag = {(True, True): "replace", (True, False): "delete", (False, True): "insert"}[(i1 < i2, j1 < j2)]
        merged.append((tag, i1, i2, j1, j2))
    return merged


@settings(max_examples=300, deadline=None)
@given(WORDS, WORDS)
def test_merged_changes_are_the_runs_of_rapidfuzz_changes(ref, hyp):
    opcodes = edit_opcodes(ref, hyp)
    assert merge_changes(opcodes) == plain_merge(opcodes)


def scored(spec, hyp, ref="the cat sat on the mat"):
    item = Item("u1", Source(ref, "argument"), (("a", Source(hyp, "argument")), ("b", Source("the cat", "argument"))))
    return score_batch(spec, [item])[0]


def test_a_row_has_offsets_only_from_a_timing_metric_and_an_item_warnings_only_when_told(tmp_path):
    one = scored(Spec(), "the cat sad on the mat")
    assert "warnings" not in one
    assert all("offsets" not in row for row in one["rows"])
    for name, text in (("ref.vtt", "the cat sat [MUSIC]"), ("hyp.vtt", "the cat sad")):
        (tmp_path / name).write_text(f"WEBVTT\n\n00:00:00.000 --> 00:00:01.500\n{text}\n")
    item = Item("u1", Source(str(tmp_path / "ref.vtt")), (("a", Source(str(tmp_path / "hyp.vtt"))),))
    one = score_batch(Spec(metrics=(("wer", "levenshtein"), ("timing",))), [item])[0]
    (row,) = one["rows"]
    assert row["status"] == "ok" and list(row["offsets"]) == ["timing"]
    assert "[MUSIC]" in "".join(one["warnings"])  # a sound label set aside


@settings(max_examples=60, deadline=None)
@given(WORDS, WORDS)
def test_a_row_holds_what_the_metrics_made_as_json_and_the_headline_rate_as_every_wer_call(ref, hyp):
    spec = Spec(metrics=(("wer", "levenshtein"), ("wer", "hunt"), ("cer",), ("diffcounts",)))
    row = scored(spec, " ".join(hyp), ref=" ".join(ref))["rows"][0]
    for key in ("metrics", "pooling", "counted"):
        assert row[key] == clean(row[key])
    assert row["metrics"]["wer levenshtein"] == row["wer"]
    assert row["pooling"]["wer levenshtein"] == [row["errors"], row["reference_words"]]
    assert row["pooling"]["wer hunt"][1] == row["reference_words"]
    assert list(row["pooling"]) == ["wer levenshtein", "wer hunt", "cer"]  # as the metrics pool
