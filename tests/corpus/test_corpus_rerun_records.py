"""``corpus --rerun`` reads a record as data (issue 30, finding 2): a module the record names
to load is never imported unless the user gives ``--load`` for it; a plugin the record was
made with must be installed (another version is a warning); a field of the wrong type is
one line naming it."""

from __future__ import annotations

import json

import pytest
from conftest import assert_clean_error

EVIL = "import pathlib\npathlib.Path('IMPORTED').write_text('a record ran code')\n"


@pytest.fixture(scope="module")
def first(tmp_path_factory, request):
    from conftest import run_command

    root = tmp_path_factory.mktemp("rerun")
    for folder in ("ref", "a"):
        (root / folder).mkdir()
    for n in range(3):
        (root / "ref" / f"f{n}.txt").write_text("the cat sat on the mat")
        (root / "a" / f"f{n}.txt").write_text("the cat sad on mat")
    run = run_command("benchmarkstt-tools", "corpus", "-r", "ref", "-h", "a=a", "--jobs", "1", "--resamples", "20",
                      "-o", "json", "--output", "first.json", cwd=root)
    assert run.returncode == 0, run
    (root / "evil.py").write_text(EVIL)
    return root, json.loads((root / "first.json").read_text())


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


@pytest.mark.parametrize("change, message", [
    (lambda r: r["plugins"].append({"name": "acme_secret", "distribution": "acme", "version": "1", "status": "ok"}),
     "the record was made with plugin 'acme_secret' (acme 1), which is not installed here"),
    (lambda r: r["invocation"].update(seed="<img src=x>"), "record.invocation.seed: a whole number, not \"<img"),
    (lambda r: r["invocation"].update(normalizers=[["lowercase"], "os.system"]),
     "record.invocation.normalizers[1]: a list of a name and its arguments"),
    (lambda r: r["invocation"].pop("hypotheses"), "record.invocation.hypotheses: missing"),
])
def test_a_record_that_does_not_fit_is_one_line(tools, first, change, message):
    root, data = first
    run = tools("corpus", "--rerun", edited(root, data, "bad.json", change), "--jobs", "1", cwd=root)
    assert message in assert_clean_error(run, "benchmarkstt-tools")


def test_inputs_and_settings_given_with_rerun_are_refused(tools, first):
    """They were left unused without a word: '--rerun first.json --seed 5' ran with the record's
    seed 0, '--wer sclite' with its levenshtein."""
    root, _ = first
    run = tools("corpus", "--rerun", "first.json", "--seed", "5", "-h", "b=a", "--wer", "sclite", "--lowercase",
                "--allow-unpaired", "--jobs", "1", cwd=root)
    assert assert_clean_error(run, "benchmarkstt-tools") == "benchmarkstt-tools: error: --rerun runs again with " \
        "the inputs and settings its record holds: not with --hypothesis, --seed, --allow-unpaired, a metric " \
        "(--wer, --cer...), a normalizer (--lowercase, --config...)"
