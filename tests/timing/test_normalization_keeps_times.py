"""A word's time survives every standard normalizer and profile.

On c7bf80e ``--profile whisper-en --tcwer`` on the shipped subtitles against Kaldi failed with
"the reference has none for word 294 ('i'): read it as kaldi, aws, ..." although the file
was read as TTML: the normalizer had rewritten ``Abigail.\\nI`` as ``abigail i`` and the
word lost its time; and ``--cpwer`` on the subtitles suggested reading TTML as AWS.
"""

from __future__ import annotations

import pytest

from benchmarkstt_core.context import Context
from benchmarkstt_core.pipeline import Pipeline
from benchmarkstt_core.plugins import make_plugin_manager
from benchmarkstt_profiles.profiles import PROFILES
from benchmarkstt_timing.words import has_times
from benchmarkstt_transcripts.inputs import timed
from benchmarkstt_transcripts.model import Segment, Transcript
from conftest import DATA, ROOT, run_command

NORMALIZERS = [[("profile", name)] for name in sorted(PROFILES)] + [
    [("lowercase",)],
    [("unidecode",)],
    [("whisperenglish",)],
    [("whisperbasic",)],
    [("numbers", "words")],
    [("regex", r"[,.?!]", " ")],
    [("replace", "'", "")],
    [("replacewords", "cos", "because")],
    [("config", str(ROOT / "docs" / "tutorial" / "config.conf"))],
]


@pytest.fixture(scope="module")
def texts():
    """The first five minutes of the shipped subtitles and of Kaldi's words, as the inputs read them."""
    host = make_plugin_manager()
    context = Context(host.registries, host.hook)
    subtitles, engine = (
        host.registries.inputs.get(kind).create([str(DATA / name)], context=context).transcript()
        for kind, name in (("ttml", "qt_subs.xml"), ("kaldi", "qt_kaldi.json"))
    )
    cues = Transcript("ttml", tuple(s for s in subtitles.segments if s.start < 300))
    words = tuple(w for w in engine.segments[0].words if w.start < 300)
    kaldi = Transcript("kaldi", (Segment(" ".join(w.text for w in words), words[0].start, words[-1].end, words=words),))
    return host, [timed(cues), timed(kaldi)]


@pytest.mark.parametrize("normalizers", NORMALIZERS, ids=lambda n: " ".join(n[0]))
def test_every_word_keeps_a_time_through_the_normalizer(texts, normalizers):
    host, (subtitles, engine) = texts
    pipeline = Pipeline(host.registries, normalizers, ["tcwer"], context=Context(host.registries, host.hook))
    for text in (subtitles, engine):
        schema = pipeline.prepare(text)
        assert len(schema) > 500 and has_times(schema)
        starts = [item.get("start", item.get("segment_start")) for item in schema]
        assert starts[0] < 5 and 250 < starts[-1] < 300


def test_whisper_profile_with_time_constrained_wer_on_the_shipped_files():
    run = run_command(
        "benchmarkstt",
        "-r",
        str(DATA / "qt_subs.xml"),
        "-h",
        str(DATA / "qt_kaldi.json"),
        "--profile",
        "whisper-en",
        "--tcwer",
    )
    assert run.returncode == 0, run
    # 15930 with --sound-labels keep: the 63 sound labels set aside are 77 words here (76, and OFF-MIC split in two)
    assert "reference_words: 15853" in run.stdout


def test_a_missing_speaker_names_the_file_not_a_wrong_type():
    run = run_command("benchmarkstt", "-r", str(DATA / "qt_subs.xml"), "-h", str(DATA / "qt_aws.json"), "--cpwer")
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert (
        "--cpwer needs speakers; the reference file gives none for word 1 ('Tonight,') (segment 1): its format "
        "or file has no speakers" in run.stderr
    ), run.stderr
    assert "read it as" not in run.stderr
