"""The malformed config and rules files of the conformance cases, normalized to an output file:
each gives one error line that says where the problem is, a non-zero exit and no output file."""

from __future__ import annotations

import importlib.util
import json
import shutil

import pytest

from conftest import SHARED, assert_clean_error, needs_shared

CASES = SHARED / "conformance" / "cases"

#: case id -> how the error line starts (file:line:column wherever a line is at fault)
EXPECTED = {
    "config-csv-garbage-after-quote": "r.csv:1:5: a quote is not allowed there: ",
    "config-csv-quote-in-unquoted": "r.csv:1:3: a quote is not allowed there: ",
    "config-csv-unclosed-quote": "r.csv:2:1: a quote wasn't properly closed: ",
    "config-csv-wrong-field-count": "r.csv:1:1: a replace rule has 2 fields (search, replace), this row has 3",
    "config-unclosed-quote-in-config": "c.conf:2:11: a quote wasn't properly closed: ",
    "config-repo-wrongfile": "replacecommentstestwrongfile:13:1: a quote wasn't properly closed: ",
    "config-dotted-class-unknown": "c.conf:2:1: unknown normalizer 'benchmarkstt.normalization.core.Lowercase': ",
    "config-extra-args": "c.conf:2:1: lowercase takes 0 arguments (none), got 1",
    "config-inline-args-are-files": "c.conf:2:1: unknown encoding '0' (in a config file, replace takes a rules file",
    "config-unknown-normalizer": "c.conf:3:1: unknown normalizer 'shout' ",
    "config-nested-relative-fails": "sub/outer.conf:2:1: inner.conf: no such file (a nested config file is ",
    "config-wrong-encoding": "l1.conf:2:6: cannot decode byte 0xe9 at byte offset 21 as UTF-8",
    "config-empty-file": "empty.conf: no section [normalization] (it has no section headers",
    "config-no-section-header": "flat.conf: no section [normalization] (it has no section headers",
    "config-repo-configfile": "configfile.conf: no section [normalization] (it has no section headers",
    "config-section-case-sensitive": "c.conf: no section [normalization] (it has [Normalization]; ",
    "config-unknown-section": "multi.conf: no section [nope] (it has [normalization]; ",
    "config-missing-file": "nope.conf: no such file",
}


def normalizer_args(argv: list) -> list:
    """The ``--config``/``--file`` option of a case's command line, with its values."""
    start = next(i for i, arg in enumerate(argv) if arg in ("--config", "--file"))
    end = next((i for i in range(start + 1, len(argv)) if argv[i].startswith("--")), len(argv))
    return argv[start:end]


@needs_shared(CASES.is_dir(), "the shared conformance cases (../shared/conformance/cases)")
@pytest.mark.parametrize("case_id", sorted(EXPECTED))
def test_malformed_files_of_the_conformance_cases(tools, tmp_path, case_id):
    if case_id == "config-dotted-class-unknown" and importlib.util.find_spec("benchmarkstt"):
        pytest.skip(
            "with benchmarkstt 1.1's Python API installed the dotted class path resolves "
            "(tests/compat/test_compat_api.py)"
        )
    work = tmp_path / case_id
    shutil.copytree(CASES / case_id, work)
    case = json.loads((work / "case.json").read_text(encoding="utf-8"))
    (work / "input.txt").write_text("some text\n", encoding="utf-8")
    run = tools("normalization", "-i", "input.txt", "-o", "out.txt", *normalizer_args(case["argv"]), cwd=work)
    last = assert_clean_error(run, "benchmarkstt-tools")
    assert last.startswith("benchmarkstt-tools: error: " + EXPECTED[case_id]), last
    assert run.stderr.count("\n") == 1
    assert not (work / "out.txt").exists()
