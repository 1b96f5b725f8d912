"""MER, WIL and WIP equal jiwer's; cpWER and tcpWER equal meeteval's (errors and reference
words, so the rate) on generated SegLST pairs with speaker swaps, overlapping segments and
speakers only one side has, under several collars. jiwer and meeteval are installed as
oracles in a virtual environment of their own (not dependencies of the project)."""

from __future__ import annotations

import json
import pathlib
import random
import subprocess
import sys

import pytest

from benchmarkstt_core.plugins import make_plugin_manager
from benchmarkstt_core.schema import Schema

pytestmark = pytest.mark.slow  # builds a virtualenv with the oracles

DATA = pathlib.Path(__file__).parent.parent / "data"
ORACLE = pathlib.Path(__file__).parent / "oracle.py"
REGISTRIES = make_plugin_manager().registries


@pytest.fixture(scope="module")
def oracle(tmp_path_factory):
    venv = tmp_path_factory.mktemp("oracle") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    install = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "meeteval", "jiwer"],
                             capture_output=True, text=True)
    if install.returncode:
        pytest.skip(f"meeteval and jiwer cannot be installed here: {install.stderr[-300:]}")

    def run(job: dict) -> list:
        done = subprocess.run([str(venv / "bin" / "python"), str(ORACLE)], input=json.dumps(job),
                              capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    return run


def schema(kind: str, content: str) -> Schema:
    text = REGISTRIES.inputs.get(kind).cls.from_content(content, kind)
    return Schema(text.split()).with_extras(text.extras())


def metric(name: str, *args):
    return REGISTRIES.metrics.get(name).cls(*args)


def test_mer_wil_wip_equal_jiwer(oracle):
    rnd = random.Random(7)
    vocab = "a b c d e f g".split()
    pairs = [[" ".join(rnd.choice(vocab) for _ in range(rnd.randint(1, 30))),
              " ".join(rnd.choice(vocab) for _ in range(rnd.randint(1, 30)))] for _ in range(200)]
    reference = " ".join((DATA / "qt_reference.txt").read_text(encoding="utf-8").split())
    for hyp in ("qt_kaldi_hypothesis.txt", "qt_aws_hypothesis.txt"):
        pairs.append([reference, " ".join((DATA / hyp).read_text(encoding="utf-8").split())])
    expected = oracle({"kind": "jiwer", "pairs": pairs})
    got = [[metric(m).compare(Schema(r.split()), Schema(h.split())) for m in ("mer", "wil", "wip")]
           for r, h in pairs]
    assert got == expected


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
        ref.append({"session_id": "s", "speaker": who, "start_time": start, "end_time": start + round(dur, 2),
                    "words": " ".join(words)})
        said = [w if rnd.random() < 0.7 else rnd.choice(vocab) for w in words if rnd.random() < 0.9]
        if not said:
            continue
        shift = rnd.choice([0, 0.3, -0.5, 2.0, 6.0])
        name = {"A": "x", "B": "y", "C": "z"}[who] if rnd.random() < 0.9 else rnd.choice("xyzw")
        hs = max(0.0, start + shift)
        hyp.append({"session_id": "s", "speaker": name, "start_time": hs, "end_time": hs + round(dur, 2),
                    "words": " ".join(said)})
    return ref, hyp


def test_cpwer_and_tcpwer_equal_meeteval(oracle):
    cases = []
    for seed in range(1, 41):
        ref, hyp = generated(seed)
        for collar in (None, 0, 0.5, 2, 5):
            cases.append([ref, hyp, collar])
    expected = oracle({"kind": "meeteval", "cases": cases})
    got = []
    for ref, hyp, collar in cases:
        r, h = schema("seglst", json.dumps(ref)), schema("seglst", json.dumps(hyp))
        result = metric("cpwer").compare(r, h) if collar is None else metric("tcpwer", collar).compare(r, h)
        got.append([result["substitutions"] + result["deletions"] + result["insertions"], result["reference_words"]])
    assert got == expected


def as_stm(segments: list) -> str:
    return "".join(f"s 1 {s['speaker']} {s['start_time']:.2f} {s['end_time']:.2f} {s['words']}\n" for s in segments)


def test_cpwer_and_tcpwer_equal_meeteval_on_stm_files(oracle):
    cases = []
    for seed in range(41, 61):
        ref, hyp = generated(seed)
        for collar in (None, 0, 1, 5):
            cases.append([as_stm(ref), as_stm(hyp), collar])
    expected = oracle({"kind": "meeteval", "cases": cases})
    got = []
    for ref, hyp, collar in cases:
        r, h = schema("stm", ref), schema("stm", hyp)
        result = metric("cpwer").compare(r, h) if collar is None else metric("tcpwer", collar).compare(r, h)
        got.append([result["substitutions"] + result["deletions"] + result["insertions"], result["reference_words"]])
    assert got == expected
