"""Real files from other projects (``tests/data/realfiles/SOURCES``, and the external corpus's
``SOURCES.txt``), read in one process
through the Python API as a user would (type given, and type inferred from the name and
content), against the words their own libraries read (``expected/``, written by
``benchmarks/realfiles.py oracles``): no traceback ever; a file that must be read is read to
the same words, unless it is in ``known-differences.txt``, and then it must still differ (a
fixed file is removed from the list by ``benchmarks/realfiles.py compare --write``).

The corpus lives beside the project in ``shared/data/realfiles`` (or ``$BENCHMARKSTT_REALFILES``);
without it these tests are skipped, or fail under ``CI=true`` (CI has it beside its clone). The
expected readings are the corpus's ``expected/``, or those in ``$BENCHMARKSTT_REALFILES_EXPECTED``
(CI writes them there with ``benchmarks/realfiles.py oracles`` before the tests). Reading the ~2,000 files both ways takes a few seconds.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

from conftest import ROOT, needs_shared

pytest.importorskip("benchmarkstt_transcripts")

_SPEC = importlib.util.spec_from_file_location("realfiles", ROOT / "benchmarks" / "realfiles.py")
realfiles = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(realfiles)
CORPUS = realfiles.corpus_dir()
EXTERNAL = realfiles.external_dir()

pytestmark = needs_shared(
    os.path.isdir(realfiles.expected_dir(CORPUS)) and os.path.isdir(realfiles.expected_dir(EXTERNAL)),
    f"the real-file corpus ({CORPUS}) or the external one ({EXTERNAL}), with their expected "
    f"readings ({realfiles.expected_dir(CORPUS)}, {realfiles.expected_dir(EXTERNAL)})",
)


@pytest.fixture(scope="module")
def outcomes() -> tuple:
    _, given, inferred = realfiles.compare(CORPUS, EXTERNAL)
    return given, inferred


def test_every_file_is_read_or_refused_without_a_traceback(outcomes):
    crashes = [
        f"{way}: {local}: {why}"
        for way, results in zip(("given", "inferred"), outcomes)
        for local, (outcome, why) in results.items()
        if outcome == "crash"
    ]
    assert not crashes, "\n".join(crashes)


def test_files_read_to_their_own_librarys_words_unless_known(outcomes):
    known = realfiles.read_known()
    wrong = [
        f"{local}: {way}: {why}"
        for way, results in zip(("given", "inferred"), outcomes)
        for local, (outcome, why) in results.items()
        if outcome != "identical" and local not in known
    ]
    assert not wrong, "not in known-differences.txt:\n" + "\n".join(wrong)


def test_known_differences_still_differ(outcomes):
    given, inferred = outcomes
    fixed = [
        local
        for local in realfiles.read_known()
        if local in given and given[local][0] == inferred[local][0] == "identical"
    ]
    assert not fixed, (
        "read right now: remove them from known-differences.txt "
        "(benchmarks/realfiles.py compare --write):\n" + "\n".join(fixed)
    )


def test_known_differences_name_files_of_the_corpus():
    sources = {row["local"] for row in realfiles.all_rows(EXTERNAL)}
    assert set(realfiles.read_known()) <= sources


def test_corpus_is_many_files_from_many_projects():
    rows = realfiles.read_sources()
    assert len(rows) >= 500 and len({row["repo"] for row in rows}) >= 10
    assert all(os.path.isfile(os.path.join(CORPUS, row["local"])) for row in rows)
    external = realfiles.read_external(EXTERNAL)
    assert len(external) >= 900 and len({row["repo"] for row in external}) >= 20
    assert all(os.path.isfile(os.path.join(*realfiles.locate(row, CORPUS, EXTERNAL))) for row in external)
    assert all(os.path.isfile(realfiles.expected_path(*realfiles.locate(row, CORPUS, EXTERNAL))) for row in external)
