"""Word times and speakers reach the segmenter's items when normalization keeps the word count."""

from __future__ import annotations

import itertools

import pytest

from benchmarkstt_core.context import Context
from benchmarkstt_core.pipeline import Pipeline, benchmark
from conftest import ROOT

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.readers import available  # noqa: E402

PASSAGE = ROOT / "tests" / "transcripts" / "data"
FILES = {
    "passage.ttml": "ttml",
    "passage_ttaf1.xml": "ttml",
    "passage_ebutt.xml": "ttml",
    "passage_ebuttd.xml": "ttml",
    "passage_imsc.ttml": "ttml",
    "passage.srt": "srt",
    "passage.vtt": "vtt",
    "passage_aws.json": "aws",
    "passage_kaldi.json": "kaldi",
    "passage.stl": "stl",
    "passage.scc": "scc",
}


def read(host, name: str, kind: str) -> str:
    registries = host.registries
    return registries.inputs.get(kind).create([str(PASSAGE / name)], context=Context(registries, host.hook)).read()


def test_word_times_reach_the_items(host):
    text = read(host, "passage_aws.json", "aws")
    pipeline = Pipeline(host.registries, ["lowercase"], ["wer"])
    items = list(pipeline.segment(text, pipeline.normalize(text)))
    assert dict(items[1]) == {
        "item": "evening,",
        "segment": 0,
        "segment_start": 1.0,
        "segment_end": 2.5,
        "speaker": "spk_0",
        "start": 1.3,
        "end": 1.8,
        "confidence": 0.91,
    }
    assert [i["start"] for i in items][-2:] == [4.7, 4.85]


def test_segment_times_reach_the_items_of_subtitles(host):
    text = read(host, "passage.vtt", "vtt")
    pipeline = Pipeline(host.registries, [], ["wer"])
    items = list(pipeline.segment(text, text))
    assert dict(items[4]) == {
        "item": "Thank",
        "segment": 1,
        "segment_start": 3.0,
        "segment_end": 5.2,
        "speaker": "Bob",
        "line": 0,
    }  # the cue's first of two lines


def test_times_are_dropped_when_normalization_changes_the_word_count(host):
    text = read(host, "passage_kaldi.json", "kaldi")
    pipeline = Pipeline(host.registries, [("replace", "Good evening,", "Hello")], ["wer"])
    items = list(pipeline.segment(text, pipeline.normalize(text)))
    assert dict(items[0]) == {"item": "Hello"} and len(items) == 10


def test_plain_text_items_have_no_extras(host):
    pipeline = Pipeline(host.registries, [], ["wer"])
    assert dict(pipeline.segment("a b", "a b")[0]) == {"item": "a"}


NORMALIZE = [("regex", r"[^\w\s]", " "), "lowercase"]


@pytest.mark.parametrize("a, b", list(itertools.combinations(sorted(FILES), 2)))
def test_the_same_passage_in_every_format_has_wer_zero(host, a, b):
    results = benchmark(
        read(host, a, FILES[a]), read(host, b, FILES[b]), ["wer", ("wer", "levenshtein")], NORMALIZE, host=host
    )
    assert [r.value for r in results] == [0.0, 0.0]


def test_engine_formats_present_are_read_alike(host):
    """The other readers, where installed, read their passage files to the same words."""
    others = [kind for kind in available() if kind not in set(FILES.values())]
    reference = read(host, "passage.ttml", "ttml")
    for kind in others:
        for path in sorted(PASSAGE.glob(f"passage*.{kind}*")) + sorted(PASSAGE.glob(f"passage_{kind}.*")):
            results = benchmark(reference, read(host, path.name, kind), ["wer"], NORMALIZE, host=host)
            assert results[0].value == 0.0, path
