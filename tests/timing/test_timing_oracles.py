"""cpWER, tcpWER and tcWER equal meeteval's (errors, reference
words, substitutions, deletions, insertions and the speaker mapping) on generated pairs read
as SegLST, STM and CTM files, with speaker swaps, overlapping segments and words, speakers
only one side has or with no words, under several collars. meeteval is installed as an
oracle in a virtual environment of its own (not a dependency of the project)."""

from __future__ import annotations

import json
import pathlib
import random
import subprocess

import pytest

from benchmarkstt_core.plugins import make_plugin_manager
from benchmarkstt_core.schema import Schema
from conftest import new_venv, pip

pytestmark = pytest.mark.slow  # builds a virtualenv with the oracles

ORACLE = pathlib.Path(__file__).parent / "oracle.py"
REGISTRIES = make_plugin_manager().registries


@pytest.fixture(scope="module")
def oracle(tmp_path_factory):
    venv = new_venv(tmp_path_factory.mktemp("oracle") / "venv")
    install = pip(venv, "install", "meeteval", "simplejson", check=False)
    if install.returncode:
        pytest.skip(f"meeteval cannot be installed here: {install.stderr[-300:]}")

    def run(job: dict) -> list:
        done = subprocess.run(
            [str(venv / "bin" / "python"), str(ORACLE)],
            input=json.dumps(job),
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(done.stdout)

    return run


def schema(kind: str, content: str) -> Schema:
    text = REGISTRIES.inputs.get(kind).cls.from_content(content, kind)
    return Schema(text.split()).with_extras(text.extras())


def metric(name: str, *args):
    return REGISTRIES.metrics.get(name).cls(*args)


def generated(seed: int) -> tuple:
    """A SegLST pair: hypothesis speakers renamed (and sometimes swapped), segments that
    overlap, shifted by up to 6 s, a speaker (w) the reference lacks."""
    rnd = random.Random(seed)
    vocab = "a b c d e f".split()
    ref, hyp, t = [], [], 0.0
    for _ in range(6):
        who, dur = rnd.choice("ABC"), rnd.uniform(0.5, 4)
        start = max(0.0, round(t + rnd.uniform(-1, 1), 2))
        t += dur
        words = [rnd.choice(vocab) for _ in range(rnd.randint(1, 6))]
        ref.append(
            {
                "session_id": "s",
                "speaker": who,
                "start_time": start,
                "end_time": start + round(dur, 2),
                "words": " ".join(words),
            }
        )
        said = [w if rnd.random() < 0.7 else rnd.choice(vocab) for w in words if rnd.random() < 0.9]
        if not said:
            continue
        shift = rnd.choice([0, 0.3, -0.5, 2.0, 6.0])
        name = {"A": "x", "B": "y", "C": "z"}[who] if rnd.random() < 0.9 else rnd.choice("xyzw")
        hs = max(0.0, start + shift)
        hyp.append(
            {
                "session_id": "s",
                "speaker": name,
                "start_time": hs,
                "end_time": hs + round(dur, 2),
                "words": " ".join(said),
            }
        )
    return ref, hyp


def ours(r: Schema, h: Schema, collar) -> list:
    """What the oracle gives for meeteval: errors, reference words, S, D, I and the mapped
    (reference speaker, hypothesis speaker) pairs."""
    result = metric("cpwer").compare(r, h) if collar is None else metric("tcpwer", collar).compare(r, h)
    counts = [result["substitutions"], result["deletions"], result["insertions"]]
    pairs = sorted([ref, hyp] for hyp, ref in result["mapping"].items() if ref is not None)
    return [sum(counts), result["reference_words"], *counts, pairs]


def test_cpwer_and_tcpwer_equal_meeteval(oracle):
    cases = []
    for seed in range(1, 121):
        ref, hyp = (json.dumps(side) for side in generated(seed))
        for collar in (None, 0, 0.5, 2, 5):
            cases.append([{"seglst": ref}, {"seglst": hyp}, collar])
    expected = oracle({"kind": "meeteval", "cases": cases})
    got = [ours(schema("seglst", ref["seglst"]), schema("seglst", hyp["seglst"]), collar) for ref, hyp, collar in cases]
    assert got == expected


def as_stm(segments: list) -> str:
    return "".join(f"s 1 {s['speaker']} {s['start_time']:.2f} {s['end_time']:.2f} {s['words']}\n" for s in segments)


def test_cpwer_and_tcpwer_equal_meeteval_on_stm_files(oracle):
    cases = []
    for seed in range(41, 61):
        ref, hyp = generated(seed)
        for collar in (None, 0, 1, 5):
            cases.append([{"stm": as_stm(ref)}, {"stm": as_stm(hyp)}, collar])
    expected = oracle({"kind": "meeteval", "cases": cases})
    got = [ours(schema("stm", ref["stm"]), schema("stm", hyp["stm"]), collar) for ref, hyp, collar in cases]
    assert got == expected


def as_words(segments: list) -> list:
    """Each segment's words with times of their own: the segment's span divided evenly, to
    the hundredth of a second, as an engine's CTM gives them (words of different speakers,
    and of one speaker's overlapping segments, overlap in time; a word's end, start +
    duration, is often the next one's start, and its centre another span's edge)."""
    words = []
    for s in segments:
        texts = s["words"].split()
        step = round((s["end_time"] - s["start_time"]) / max(len(texts), 1), 2)
        for k, text in enumerate(texts):
            words.append((s["speaker"], round(s["start_time"] + k * step, 2), step, text))
    return words


def ctm_pair(segments: list) -> tuple:
    """The words of ``segments`` as meeteval reads them (a CTM file per speaker) and as one
    CTM file in the NIST RT form (with its speaker field), as this project reads them."""
    words = as_words(segments)
    per_speaker: dict = {}
    for who, start, duration, text in words:
        per_speaker[who] = per_speaker.get(who, "") + f"s 1 {start:.2f} {duration:.2f} {text}\n"
    rt = "".join(f"s 1 {start:.2f} {duration:.2f} {text} 1.0 lex {who}\n" for who, start, duration, text in words)
    return {"ctm": per_speaker}, rt


def test_cpwer_and_tcpwer_equal_meeteval_on_ctm_files(oracle):
    """CTM hypotheses against STM references and against CTM references, under collars 0 to
    5 s. Every third reference has a speaker (D) whose only segment is empty: meeteval keeps
    it as a speaker with no words, and so does this project (a CTM file cannot hold one)."""
    cases, ours_cases = [], []
    for seed in range(61, 101):
        ref, hyp = generated(seed)
        if seed % 3 == 0:
            ref = ref + [{"session_id": "s", "speaker": "D", "start_time": 40.0, "end_time": 41.0, "words": ""}]
        meeteval_hyp, our_hyp = ctm_pair(hyp)
        meeteval_ref, our_ref = ctm_pair(ref)
        for collar in (0, 0.5, 2, 5):
            cases += [[{"stm": as_stm(ref)}, meeteval_hyp, collar], [meeteval_ref, meeteval_hyp, collar]]
            ours_cases += [[("stm", as_stm(ref)), our_hyp, collar], [("ctm", our_ref), our_hyp, collar]]
    expected = oracle({"kind": "meeteval", "cases": cases})
    got = [ours(schema(*ref), schema("ctm", hyp), collar) for ref, hyp, collar in ours_cases]
    assert got == expected


def with_silent_speakers(seed: int) -> tuple:
    """A generated pair with empty segments: of a reference speaker (D) who says nothing, at
    any time, sometimes of a speaker who speaks elsewhere, and sometimes of a hypothesis speaker
    (v) who says nothing."""
    rnd = random.Random(seed)
    ref, hyp = generated(seed)
    silent = [("D", ref)] + [("A", ref)] * (seed % 2) + [("v", hyp)] * (seed % 3 == 0)
    for who, side in silent:
        start = round(rnd.uniform(0, 30), 2)
        side.append({"session_id": "s", "speaker": who, "start_time": start, "end_time": start + 1.0, "words": ""})
    return ref, hyp


def segment(who: str, start: float, words: str) -> dict:
    return {"session_id": "s", "speaker": who, "start_time": start, "end_time": start + 1, "words": words}


#: a reference of empty segments only; a hypothesis of empty segments only; an empty segment
#: that starts with others (speakers then in the file's order)
SILENT = [
    ([segment("A", 0, ""), segment("B", 1, "")], [segment("x", 0, "a b"), segment("y", 1, "c")]),
    ([segment("A", 0, "a b"), segment("B", 1, "c")], [segment("x", 0, ""), segment("y", 1, "")]),
    (
        [segment("A", 1, "a"), segment("D", 1, ""), segment("B", 1, "b")],
        [segment("x", 1, "c"), segment("y", 1, "d"), segment("z", 1, "e")],
    ),
]


def test_speakers_of_empty_segments_equal_meeteval(oracle):
    """A speaker whose segments are all empty, in SegLST and STM files, is a speaker that
    hypothesis speakers may be mapped to (or a hypothesis speaker left over), as meeteval has it."""
    cases = []
    for ref, hyp in [with_silent_speakers(seed) for seed in range(141, 181)] + SILENT:
        for collar in (None, 0, 2, 5):
            cases.append([{"seglst": json.dumps(ref)}, {"seglst": json.dumps(hyp)}, collar])
            cases.append([{"stm": as_stm(ref)}, {"stm": as_stm(hyp)}, collar])
    expected = oracle({"kind": "meeteval", "cases": cases})
    got = [
        ours(schema(*next(iter(ref.items()))), schema(*next(iter(hyp.items()))), collar) for ref, hyp, collar in cases
    ]
    assert got == expected
    assert any(["D", h] in pairs for *_, pairs in got for h in "xyzw")  # D is mapped to, not only left over


def test_tcwer_equals_meeteval_on_ctm_hypotheses(oracle):
    """One speaker: tcwer of a plain CTM hypothesis (no speaker field) against an STM
    reference equals meeteval's tcpWER of the same files."""
    cases, ours_cases = [], []
    for seed in range(101, 141):
        ref, hyp = generated(seed)
        for s in ref + hyp:
            s["speaker"] = "A"
        meeteval_hyp, _ = ctm_pair(hyp)
        plain = "".join(f"s 1 {start:.2f} {duration:.2f} {text}\n" for _, start, duration, text in as_words(hyp))
        for collar in (0, 1, 5):
            cases.append([{"stm": as_stm(ref)}, meeteval_hyp, collar])
            ours_cases.append([as_stm(ref), plain, collar])
    expected = oracle({"kind": "meeteval", "cases": cases})
    got = []
    for ref, hyp, collar in ours_cases:
        result = metric("tcwer", collar).compare(schema("stm", ref), schema("ctm", hyp))
        counts = [result["substitutions"], result["deletions"], result["insertions"]]
        got.append([sum(counts), result["reference_words"], *counts])
    assert got == [e[:5] for e in expected]
