"""``--testset KIND:PATH``: each layout read from a small fixture written from its public
description (Kaldi's data-preparation docs, LibriSpeech's README, Common Voice's dataset
card, NIST's STM format and TED-LIUM 3's layout, Hugging Face's AudioFolder docs)."""

from __future__ import annotations

import os
import shutil

import pytest

from benchmarkstt_core.errors import UsageError
from benchmarkstt_engines.testsets import read_testset

from conftest import DATA

AUDIO = DATA / "audio"


def write(path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def brief(utterances, root):
    return [(u.id, u.text, os.path.relpath(u.audio, root), u.start, u.end) for u in utterances]


def test_kaldi_with_segments_and_paths_from_the_recipe_folder(tmp_path):
    """Kaldi: ``wav.scp`` paths are relative to the recipe folder (which holds ``data/test``)."""
    shutil.copy(AUDIO / "news.flac", tmp_path / "news.flac")
    write(tmp_path / "data" / "test" / "wav.scp", "news news.flac\n")
    write(tmp_path / "data" / "test" / "segments", "spk1-news-0000 news 0.00 1.30\nspk1-news-0001 news 1.30 2.90\n")
    write(tmp_path / "data" / "test" / "text", "spk1-news-0000 the minister spoke\nspk1-news-0001 to reporters\n")
    write(tmp_path / "data" / "test" / "utt2spk", "spk1-news-0000 spk1\nspk1-news-0001 spk1\n")
    found = read_testset(f"kaldi:{tmp_path / 'data' / 'test'}")
    assert brief(found, tmp_path) == [
        ("spk1-news-0000", "the minister spoke", "news.flac", 0.0, 1.3),
        ("spk1-news-0001", "to reporters", "news.flac", 1.3, 2.9),
    ]


def test_kaldi_without_segments_and_its_mistakes(tmp_path):
    write(tmp_path / "wav.scp", "cat cat.wav\nsox - |\n")
    write(tmp_path / "text", "cat the cat sat\n")
    with pytest.raises(UsageError, match=r"wav.scp:2: sox: a command \(- \|\) is not an audio file"):
        read_testset(f"kaldi:{tmp_path}")
    write(tmp_path / "wav.scp", "cat cat.wav\n")
    (tmp_path / "cat.wav").write_bytes(b"")
    assert brief(read_testset(f"kaldi:{tmp_path}"), tmp_path) == [("cat", "the cat sat", "cat.wav", None, None)]
    write(tmp_path / "text", "cat the cat sat\ndog a dog\n")
    with pytest.raises(
        UsageError, match=r"text:2: utterance 'dog' has no recording in .*wav.scp \(and there is no segments file\)"
    ):
        read_testset(f"kaldi:{tmp_path}")
    write(tmp_path / "segments", "cat cat 0.0 soon\n")
    with pytest.raises(UsageError, match=r"segments:1: end 'soon' is not a number of seconds"):
        read_testset(f"kaldi:{tmp_path}")


def test_librispeech(tmp_path):
    chapter = tmp_path / "test-clean" / "1089" / "134686"
    write(
        chapter / "1089-134686.trans.txt",
        "1089-134686-0000 HE HOPED THERE WOULD BE STEW\n1089-134686-0001 STUFF IT INTO YOU\n",
    )
    found = read_testset(f"librispeech:{tmp_path / 'test-clean'}")
    assert brief(found, tmp_path) == [
        (
            "1089-134686-0000",
            "HE HOPED THERE WOULD BE STEW",
            "test-clean/1089/134686/1089-134686-0000.flac",
            None,
            None,
        ),
        ("1089-134686-0001", "STUFF IT INTO YOU", "test-clean/1089/134686/1089-134686-0001.flac", None, None),
    ]


def test_common_voice(tmp_path):
    write(
        tmp_path / "en" / "test.tsv",
        "client_id\tpath\tsentence\tup_votes\tdown_votes\tage\tgender\taccents\tlocale\tsegment\n"
        "4a1f\tcommon_voice_en_1.mp3\tJoe Keaton disapproved of films.\t2\t0\t\t\t\ten\t\n"
        '9c2e\tcommon_voice_en_2.mp3\t"Quoted" words stay.\t2\t0\t\t\t\ten\t\n',
    )
    found = read_testset(f"commonvoice:{tmp_path / 'en' / 'test.tsv'}")
    assert brief(found, tmp_path) == [
        ("common_voice_en_1", "Joe Keaton disapproved of films.", "en/clips/common_voice_en_1.mp3", None, None),
        ("common_voice_en_2", '"Quoted" words stay.', "en/clips/common_voice_en_2.mp3", None, None),
    ]


def test_stm_with_tedlium_layout(tmp_path):
    shutil.copy(AUDIO / "news.flac", tmp_path / "news.flac")
    (tmp_path / "test" / "sph").mkdir(parents=True)
    shutil.copy(AUDIO / "cat.wav", tmp_path / "test" / "sph" / "AlGore_2009.wav")
    write(
        tmp_path / "test" / "stm" / "AlGore_2009.stm",
        ';; CATEGORY "0" "" ""\n'
        "AlGore_2009 1 AlGore_2009 0.00 0.80 <o,f0,male> the cat\n"
        "AlGore_2009 1 inter_segment_gap 0.80 1.00 <o,,unknown> ignore_time_segment_in_scoring\n"
        "AlGore_2009 1 AlGore_2009 1.00 1.89 <o,f0,male> sat on the mat\n",
    )
    found = read_testset(f"stm:{tmp_path / 'test' / 'stm' / 'AlGore_2009.stm'}")
    assert brief(found, tmp_path) == [
        ("AlGore_2009_0000000_0000080", "the cat", "test/sph/AlGore_2009.wav", 0.0, 0.8),
        ("AlGore_2009_0000100_0000189", "sat on the mat", "test/sph/AlGore_2009.wav", 1.0, 1.89),
    ]
    write(tmp_path / "other.stm", "missing 1 spk 0.0 1.0 words\n")
    with pytest.raises(UsageError, match=r"other.stm:1: no audio file for recording 'missing'"):
        read_testset(f"stm:{tmp_path / 'other.stm'}")


def test_hugging_face_audio_folder(tmp_path):
    write(tmp_path / "metadata.csv", 'file_name,transcription\ndata/first.wav,"hello, world"\nsecond.mp3,bye\n')
    found = read_testset(f"audiofolder:{tmp_path}")
    assert brief(found, tmp_path) == [
        ("data_first", "hello, world", "data/first.wav", None, None),
        ("second", "bye", "second.mp3", None, None),
    ]
    write(tmp_path / "metadata.csv", "file_name,label\nfirst.wav,1\n")
    with pytest.raises(UsageError, match=r"metadata.csv: no column transcription or text or sentence"):
        read_testset(f"audiofolder:{tmp_path}")


def test_duplicate_ids_are_an_error(tmp_path):
    write(tmp_path / "wav.scp", "a a.wav\n")
    write(tmp_path / "text", "a one\na two\n")
    with pytest.raises(UsageError, match=r"utterance id 'a' is there twice"):
        read_testset(f"kaldi:{tmp_path}")
