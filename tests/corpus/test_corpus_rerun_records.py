"""``corpus --rerun`` reads a record as data (issue 30, finding 2): a module the record names
to load is never imported unless the user gives ``--load`` for it; a plugin the record was
made with must be installed (another version is a warning); a field of the wrong type is
one line naming it. A record is data completely (issue 38, finding 4): the rules' text it holds
runs, never a local file it names; a manifest or input is read only if it is a regular file
within the size limit; a rule that never ends stops the run with one line. And the CSV
output cannot carry a spreadsheet formula (finding 7)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from conftest import assert_clean_error

PROG = "benchmarkstt-tools"
EVIL = "import pathlib\npathlib.Path('IMPORTED').write_text('a record ran code')\n"


def recorded(root, *options):
    """``root`` with a corpus of three files (ref, engine a), and its JSON result made with
    ``options``: ``(root, result)``."""
    from conftest import run_command

    for folder in ("ref", "a"):
        (root / folder).mkdir()
    for n in range(3):
        (root / "ref" / f"f{n}.txt").write_text("the cat sat on the mat")
        (root / "a" / f"f{n}.txt").write_text("the cat sad on mat")
    run = run_command(
        PROG,
        "corpus",
        "-r",
        "ref",
        "-h",
        "a=a",
        "--jobs",
        "1",
        "--resamples",
        "20",
        *options,
        "-o",
        "json",
        "--output",
        "first.json",
        cwd=root,
    )
    assert run.returncode == 0, run
    return root, json.loads((root / "first.json").read_text())


@pytest.fixture(scope="module")
def first(tmp_path_factory):
    root = tmp_path_factory.mktemp("rerun")
    (root / "evil.py").write_text(EVIL)
    return recorded(root)


def edited(root, data, name, change):
    data = json.loads(json.dumps(data))
    change(data["record"])
    (root / name).write_text(json.dumps(data))
    return name


def test_a_module_the_record_names_is_never_imported(tools, first):
    root, data = first
    name = edited(root, data, "evil.json", lambda r: r["invocation"].update(load=["evil"]))
    run = tools("corpus", "--rerun", name, "--jobs", "1", cwd=root)
    message = assert_clean_error(run, "benchmarkstt-tools")
    assert "the record names module 'evil' to load, which is not an installed plugin" in message
    assert not (root / "IMPORTED").exists()


def test_the_user_may_load_it_and_a_plugin_of_another_version_is_a_warning(tools, first):
    root, data = first

    def change(record):
        record["invocation"]["load"] = ["evil"]
        record["plugins"][-1]["version"] = "0.0.1"

    name = edited(root, data, "other.json", change)
    run = tools("corpus", "--rerun", name, "--load", "evil", "--jobs", "1", "-o", "json", cwd=root)
    assert run.returncode == 0, run
    assert f"rerun: warning: plugin {data['record']['plugins'][-1]['name']} " in run.stderr
    assert "was 0.0.1 when recorded" in run.stderr and "rerun: no input changed" in run.stderr
    assert (root / "IMPORTED").read_text() == "a record ran code"
    (root / "IMPORTED").unlink()


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda r: r["plugins"].append(
                {"name": "acme_secret", "distribution": "acme", "version": "1", "status": "ok"}
            ),
            "the record was made with plugin 'acme_secret' (acme 1), which is not installed here",
        ),
        (lambda r: r["invocation"].update(seed="<img src=x>"), "record.invocation.seed: a whole number, not '<img"),
        (
            lambda r: r["invocation"].update(normalizers=[["lowercase"], "os.system"]),
            "record.invocation.normalizers[1]: a list, not 'os.system'",
        ),
        (
            lambda r: r["invocation"].update(normalizers=[[], [7]]),
            "record.invocation: normalizers[0] is not a list of a name and its arguments",
        ),
        (
            lambda r: r["normalization"].update(files=[{"path": "rules.csv", "text": 7}]),
            "record.normalization.files[0].text: a string, not 7",
        ),
        (lambda r: r["invocation"].pop("hypotheses"), "record.invocation.hypotheses: missing"),
    ],
)
def test_a_record_that_does_not_fit_is_one_line(tools, first, change, message):
    root, data = first
    run = tools("corpus", "--rerun", edited(root, data, "bad.json", change), "--jobs", "1", cwd=root)
    assert message in assert_clean_error(run, "benchmarkstt-tools")


def test_inputs_and_settings_given_with_rerun_are_refused(tools, first):
    """They were left unused without a word: '--rerun first.json --seed 5' ran with the record's
    seed 0, '--wer sclite' with its levenshtein."""
    root, _ = first
    run = tools(
        "corpus",
        "--rerun",
        "first.json",
        "--seed",
        "5",
        "-h",
        "b=a",
        "--wer",
        "sclite",
        "--lowercase",
        "--allow-unpaired",
        "--jobs",
        "1",
        cwd=root,
    )
    assert (
        assert_clean_error(run, "benchmarkstt-tools") == "benchmarkstt-tools: error: --rerun runs again with "
        "the inputs and settings its record holds: not with --hypothesis, --seed, --allow-unpaired, a metric "
        "(--wer, --cer...), a normalizer (--lowercase, --config...)"
    )


@pytest.fixture(scope="module")
def with_rules(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    (root / "rules.csv").write_text("sad,sat\n")
    return recorded(root, "--file", "replacewords", "rules.csv")


def test_the_rules_that_run_are_the_text_the_record_holds(tools, with_rules):
    root, data = with_rules
    assert data["engines"]["a"]["substitutions"] == 0  # sad -> sat
    (root / "rules.csv").write_text("cat,dog\n")  # the local file changed since: the record's text runs
    run = tools("corpus", "--rerun", "first.json", "--jobs", "1", "-o", "json", cwd=root)
    assert run.returncode == 0, run
    again = json.loads(run.stdout)
    assert again["engines"]["a"]["wer"] == data["engines"]["a"]["wer"]
    assert again["record"]["normalization"]["files"] == data["record"]["normalization"]["files"]
    assert "cat,dog" not in run.stdout


def test_a_local_file_a_record_names_is_never_copied_into_the_result(tools, with_rules):
    root, data = with_rules
    (root / "private.csv").write_text("PRIVATE-LINE,secret words\n")

    def change(record):
        record["invocation"]["normalizers"] = [["file", "replacewords", "private.csv"]]

    run = tools("corpus", "--rerun", edited(root, data, "steal.json", change), "--jobs", "1", "-o", "json", cwd=root)
    message = assert_clean_error(run, PROG)
    assert (
        "'private.csv': the record holds no text of this file, and a record never makes the tool read a "
        "local file" in message
    )
    assert "PRIVATE-LINE" not in run.stdout + run.stderr


def test_a_record_naming_dev_zero_as_its_manifest_is_refused_at_once(tools, with_rules):
    root, data = with_rules
    name = edited(
        root, data, "zero.json", lambda r: r["invocation"].update(manifest="/dev/zero", reference=None, hypotheses={})
    )
    run = tools("corpus", "--rerun", name, "--jobs", "1", cwd=root)
    assert assert_clean_error(run, PROG) == f"{PROG}: error: --manifest '/dev/zero': not a regular file"


def test_an_input_over_the_size_limit_is_a_failed_file(tools, with_rules, tmp_path):
    root, data = with_rules
    big = tmp_path / "big"
    big.mkdir()
    for n in range(3):
        (big / f"f{n}.txt").write_text("the cat sat on the mat")
    with open(big / "f1.txt", "ab") as f:
        f.truncate(64 * 1024 * 1024 + 1)  # sparse: no disk space taken
    name = edited(root, data, "big.json", lambda r: r["invocation"]["hypotheses"].update(a=str(big)))
    run = tools("corpus", "--rerun", name, "--jobs", "1", "-o", "json", cwd=root)
    assert run.returncode == 1, run
    assert f"failed: f1 (a): {big / 'f1.txt'}: larger than the limit of 67108864 bytes" in run.stderr


def never_ending(root, data) -> str:
    """A record whose regex backtracks for ever on its three hypotheses (``a`` * 60 + ``b``)."""

    def change(record):
        record["invocation"]["normalizers"] = [["regex", "(a|aa)+$", "x"]]

    (root / "slow").mkdir(exist_ok=True)
    for n in range(3):
        (root / "slow" / f"f{n}.txt").write_text("a" * 60 + "b")
    return edited(
        root, data, "regex.json", lambda r: (change(r), r["invocation"]["hypotheses"].update(a=str(root / "slow")))
    )


def stopped_by_the_time_limit(run) -> None:
    """One line on standard error (no worker's log): the time limit's error."""
    assert len(run.stderr.splitlines()) == 1, run
    assert re.fullmatch(
        f"{PROG}: error: the scoring of recording 'f[012]' \\(--time-limit\\) ran longer than "
        f"the time limit of 1 s and was stopped",
        assert_clean_error(run, PROG),
    ), run


def test_a_regex_that_never_ends_stops_the_run_with_one_line(tools, with_rules):
    root, data = with_rules
    name = never_ending(root, data)
    for jobs in ("1", "2"):
        stopped_by_the_time_limit(tools("corpus", "--rerun", name, "--jobs", jobs, "--time-limit", "1", cwd=root))


@pytest.mark.slow  # starts a Dask cluster
def test_a_regex_that_never_ends_stops_a_dask_run_with_one_line(tools, with_rules):
    """On Dask the scoring runs in a worker's thread, where no alarm can stop a regex: with a
    time limit each worker scores in a child process of its own (it hung for ever before)."""
    root, data = with_rules
    stopped_by_the_time_limit(
        tools("corpus", "--rerun", never_ending(root, data), "--dask-local", "2", "--time-limit", "1", cwd=root)
    )


@pytest.mark.slow  # may start a Dask cluster
def test_a_hostile_record_on_dask_reads_no_local_file_and_no_dev_zero(tools, with_rules):
    root, data = with_rules
    (root / "private.csv").write_text("PRIVATE-LINE,secret words\n")
    steal = edited(
        root,
        data,
        "steal-dask.json",
        lambda r: r["invocation"].update(normalizers=[["file", "replacewords", "private.csv"]]),
    )
    run = tools("corpus", "--rerun", steal, "--dask-local", "2", "-o", "json", cwd=root)
    assert "a record never makes the tool read a local file" in assert_clean_error(run, PROG)
    assert "PRIVATE-LINE" not in run.stdout + run.stderr
    zero = edited(
        root,
        data,
        "zero-dask.json",
        lambda r: r["invocation"].update(manifest="/dev/zero", reference=None, hypotheses={}),
    )
    run = tools("corpus", "--rerun", zero, "--dask-local", "2", cwd=root)
    assert assert_clean_error(run, PROG) == f"{PROG}: error: --manifest '/dev/zero': not a regular file"


def test_time_limit_must_be_a_positive_number(tools, with_rules):
    root, _ = with_rules
    run = tools("corpus", "--rerun", "first.json", "--time-limit", "0", cwd=root)
    assert assert_clean_error(run, PROG) == f"{PROG}: error: --time-limit must be a number of seconds above 0, not 0"


def test_csv_cells_cannot_start_a_formula(tools, tmp_path):
    for folder in ("ref", "a"):
        (tmp_path / folder).mkdir()
    names = ['=HYPERLINK("x","y")', "+1", "-2", "@SUM(A1)", "plain"]
    for name in names:
        (tmp_path / "ref" / f"{name}.txt").write_text("the cat sat")
        (tmp_path / "a" / f"{name}.txt").write_text("the cat sad")
    run = tools("corpus", "-r", "ref", "-h", "a=a", "--jobs", "1", "--resamples", "20", "-o", "csv", cwd=tmp_path)
    assert run.returncode == 0, run
    rows = list(csv.DictReader(io.StringIO(run.stdout)))
    assert sorted(r["id"] for r in rows) == sorted(["'" + n if n[0] in "=+-@" else n for n in names])
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row.values())
    assert {r["wer"] for r in rows} == {str(1 / 3)} and {r["substitutions"] for r in rows} == {"1"}


def test_a_recorded_transcription_that_does_not_fit_is_one_line(tools, first):
    root, data = first
    (root / "made.json").write_text(json.dumps({**data, "transcription": {"oa": {"failed": 0, "files": "<img>"}}}))
    run = tools("corpus", "--rerun", "made.json", "--jobs", "1", cwd=root)
    assert (
        assert_clean_error(run, PROG)
        == f"{PROG}: error: --rerun 'made.json': transcription.oa.files: a whole number, not '<img>'"
    )
