"""Components made in plain Python, without a context, build no plugin host.

A fresh interpreter makes the standard metrics and normalizers many times, as a loop over
utterances would, then reports whether the plugin host module was ever imported and how
many plugin hosts exist: none of them may be (pluggy itself is imported: its markers mark
the plugins' hooks).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import ROOT

SCRIPT = r"""
import gc, json, os, sys, tempfile
from benchmarkstt_core.schema import Schema
from benchmarkstt_metrics.metrics import CER, WER, DiffCounts, WordDiffs
from benchmarkstt_normalizers.config import Config
from benchmarkstt_normalizers.files import File
from benchmarkstt_beer.metric import BEER

folder = tempfile.mkdtemp()
with open(os.path.join(folder, "rules.csv"), "w") as f:
    f.write("colour,color\n")
with open(os.path.join(folder, "norm.conf"), "w") as f:
    f.write("[normalization]\nlowercase\nreplace rules.csv\n")
with open(os.path.join(folder, "ent.json"), "w") as f:
    f.write('{"cat": 1}')
ref, hyp = Schema("the red colour cat".split()), Schema("the red color hat".split())
results = []
for _ in range(200):
    results = [
        WER().compare(ref, hyp), WER("hunt", "levenshtein").compare(ref, hyp),
        DiffCounts("levenshtein").compare(ref, hyp), CER().compare(ref, hyp),
        WordDiffs("text").compare(ref, hyp), WordDiffs(differ_class="levenshtein").compare(ref, hyp),
        File("replace", "rules.csv", path=folder).normalize("A colour"),
        Config(os.path.join(folder, "norm.conf")).normalize("A Colour"),
        Config.from_text("[normalization]\nlowercase\nunidecode\n").normalize("ÀBBA"),
        BEER(os.path.join(folder, "ent.json")).compare(ref, hyp)["cat"],
    ]
hosts = [o for o in gc.get_objects() if type(o).__name__ in ("PluginHost", "PluginManager")]
print(json.dumps({"results": results, "hosts": len(hosts),
                  "imported": sorted(m for m in ("benchmarkstt_core.plugins",) if m in sys.modules)}))
"""


def test_components_made_in_a_loop_build_no_plugin_host(host, tmp_path):
    from benchmarkstt_core.context import Context
    from benchmarkstt_core.schema import Schema
    from benchmarkstt_metrics.metrics import WordDiffs

    run = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env=dict(os.environ, TMPDIR=str(tmp_path)),  # its files go where pytest removes them
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["imported"] == [] and report["hosts"] == 0
    text_diff = WordDiffs("text", context=Context(host.registries)).compare(
        Schema("the red colour cat".split()), Schema("the red color hat".split())
    )
    assert report["results"] == [
        0.5,
        0.5,
        {"equal": 2, "replace": 2, "insert": 0, "delete": 0},
        2 / 15,
        text_diff,
        [
            {"type": "equal", "reference": "the", "hypothesis": "the"},
            {"type": "equal", "reference": "red", "hypothesis": "red"},
            {"type": "replace", "reference": "colour", "hypothesis": "color"},
            {"type": "replace", "reference": "cat", "hypothesis": "hat"},
        ],
        "A color",
        "a color",
        "abba",
        {"beer": 1.0, "occurrence_ref": 1},
    ]


def test_without_a_context_the_plugins_own_components_are_found(host):
    from benchmarkstt_core.context import Context
    from benchmarkstt_core.schema import Schema
    from benchmarkstt_metrics.metrics import WordDiffs

    ref, hyp = Schema("a b c".split()), Schema("a x c".split())
    context = Context(host.registries, host.hook)
    for dialect in ("text", "html", "json", "list", "rst", "ansi"):
        alone = WordDiffs(dialect, "levenshtein").compare(ref, hyp)
        assert alone == WordDiffs(dialect, "levenshtein", context=context).compare(ref, hyp)
