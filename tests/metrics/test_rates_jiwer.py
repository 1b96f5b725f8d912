"""MER, WIL and WIP equal jiwer's on generated pairs and the tutorial's two text pairs. jiwer
is installed as an oracle in a virtual environment of its own (not a dependency)."""

from __future__ import annotations

import json
import random
import subprocess

import pytest

from benchmarkstt_core.schema import Schema
from benchmarkstt_metrics.rates import MER, WIL, WIP
from conftest import DATA, new_venv, pip

pytestmark = pytest.mark.slow  # builds a virtualenv with the oracle

ORACLE = """
import json, sys
import jiwer
out = []
for ref, hyp in json.load(sys.stdin):
    o = jiwer.process_words(ref, hyp)
    out.append([o.mer, o.wil, o.wip])
json.dump(out, sys.stdout)
"""


def test_mer_wil_wip_equal_jiwer(tmp_path):
    venv = new_venv(tmp_path / "venv")
    install = pip(venv, "install", "jiwer", check=False)
    if install.returncode:
        pytest.skip(f"jiwer cannot be installed here: {install.stderr[-300:]}")
    rnd = random.Random(7)
    vocab = "a b c d e f g".split()
    pairs = [
        [
            " ".join(rnd.choice(vocab) for _ in range(rnd.randint(1, 30))),
            " ".join(rnd.choice(vocab) for _ in range(rnd.randint(1, 30))),
        ]
        for _ in range(200)
    ]
    reference = " ".join((DATA / "qt_reference.txt").read_text(encoding="utf-8").split())
    for hyp in ("qt_kaldi_hypothesis.txt", "qt_aws_hypothesis.txt"):
        pairs.append([reference, " ".join((DATA / hyp).read_text(encoding="utf-8").split())])
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-c", ORACLE],
        input=json.dumps(pairs),
        capture_output=True,
        text=True,
        check=True,
    )
    got = [[m().compare(Schema(r.split()), Schema(h.split())) for m in (MER, WIL, WIP)] for r, h in pairs]
    assert got == json.loads(done.stdout)
