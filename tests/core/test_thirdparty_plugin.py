"""A real third-party plugin, pip-installed into a fresh virtualenv beside the project."""

from __future__ import annotations

from pathlib import Path

import pytest

from doc_sessions import console_sessions, run_session, session_ids, write_session_files

from conftest import ROOT, make_venv, pip, pip_install, run_in

pytestmark = pytest.mark.slow

THIRDPARTY = ROOT / "tests" / "thirdparty"
TEXTS = ["-r", "Hello, world!", "-h", "hello world again", "-rt", "argument", "-ht", "argument"]


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A fresh virtualenv with the core, formats, metrics and the third-party plugin."""
    return make_venv(
        tmp_path_factory.mktemp("thirdparty") / "venv",
        ROOT / "benchmarkstt_core",
        ROOT / "plugins" / "benchmarkstt_formats",
        ROOT / "plugins" / "benchmarkstt_metrics",
        THIRDPARTY / "benchmarkstt-punct",
    )


def run(venv: Path, name: str, *args: str, env: dict | None = None, input: str | None = None):
    return run_in(venv, name, *args, env=env, input=input)


def test_flags_results_and_listing(venv):
    help_text = run(venv, "benchmarkstt", "--help").stdout
    assert "--strippunctuation [chars]" in help_text
    assert "--wcdelta" in help_text
    assert "Hypothesis word count minus reference word count." in help_text

    result = run(venv, "benchmarkstt", *TEXTS, "--strippunctuation", "--wer", "--wcdelta", "-o", "markdown")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "# wer\n\n1.000000\n\n# wcdelta\n\n1\n\n"

    listing = run(venv, "benchmarkstt-tools", "plugins").stdout
    assert "benchmarkstt_punct  benchmarkstt-punct 0.1.0  [ok]" in listing
    assert "    metrics: wcdelta" in listing
    assert "    normalizers: strippunctuation" in listing


def test_broken_plugin_costs_one_warning(venv):
    pip_install(venv, THIRDPARTY / "benchmarkstt-broken")
    try:
        result = run(venv, "benchmarkstt", *TEXTS, "--strippunctuation", "--wcdelta")
        assert result.returncode == 0
        assert result.stdout == "wcdelta\n=======\n\n1\n\n"
        warnings = result.stderr.strip().splitlines()
        assert len(warnings) == 1
        assert warnings[0].startswith(
            "benchmarkstt: warning: plugin 'benchmarkstt_broken' "
            "(benchmarkstt-broken 0.0.1) failed to load: ModuleNotFoundError"
        )

        tool = run(venv, "benchmarkstt-tools", "normalization", "--strippunctuation", input="a, b!")
        assert (tool.returncode, tool.stdout) == (0, "a b")

        listing = run(venv, "benchmarkstt-tools", "plugins").stdout
        assert "benchmarkstt_broken  benchmarkstt-broken 0.0.1  [failed]" in listing
        assert "error: load: ModuleNotFoundError: No module named 'benchmarkstt_no_such_dependency'" in listing

        silenced = run(
            venv, "benchmarkstt", *TEXTS, "--wcdelta", env={"BENCHMARKSTT_DISABLE_PLUGINS": "benchmarkstt_broken"}
        )
        assert (silenced.returncode, silenced.stderr) == (0, "")

        strict = run(venv, "benchmarkstt", *TEXTS, "--wcdelta", env={"BENCHMARKSTT_PLUGIN_ERRORS": "raise"})
        assert strict.returncode != 0
        assert "Traceback" in strict.stderr and "benchmarkstt_no_such_dependency" in strict.stderr
    finally:
        pip(venv, "uninstall", "-y", "benchmarkstt-broken")


def test_an_unknown_flag_names_the_plugins_that_failed(venv, tmp_path):
    """A flag or choice of a plugin that failed is unknown; the error line itself says which
    plugins failed and why (the warnings above it may have scrolled away)."""
    # a standard plugin that fails to import, as one whose package moved would: a package of
    # the same name first on the path, importing a module that is not installed
    shadow = tmp_path / "shadow" / "benchmarkstt_metrics"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("import benchmarkstt_metrics_kernel_gone\n")
    env = {"PYTHONPATH": str(shadow.parent)}
    reason = "ModuleNotFoundError: No module named 'benchmarkstt_metrics_kernel_gone'"

    result = run(venv, "benchmarkstt", *TEXTS, "--cer", env=env)
    assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1] == (
        f"benchmarkstt: error: unrecognized arguments: --cer (the plugin benchmarkstt-metrics failed to load: {reason})"
    )
    tool = run(venv, "benchmarkstt-tools", "metrics", *TEXTS, "--wer", env=env)
    assert tool.stderr.splitlines()[-1] == (
        "benchmarkstt-tools metrics: error: unrecognized arguments: --wer "
        f"(the plugin benchmarkstt-metrics failed to load: {reason})"
    )

    # and a third-party one that fails too: both are named, in one line
    pip_install(venv, THIRDPARTY / "benchmarkstt-broken")
    try:
        both = run(venv, "benchmarkstt", *TEXTS, "-o", "html", "--wcdelta", env=env)
        assert both.returncode == 2
        assert both.stderr.splitlines()[-1] == (
            "benchmarkstt: error: argument -o/--output-format: invalid choice: 'html' (choose from 'json', "
            "'markdown', 'restructuredtext') (2 plugins failed: benchmarkstt-broken failed to load: "
            "ModuleNotFoundError: No module named 'benchmarkstt_no_such_dependency'; "
            f"benchmarkstt-metrics failed to load: {reason})"
        )
    finally:
        pip(venv, "uninstall", "-y", "benchmarkstt-broken")

    # a mistyped flag while every plugin loads: no such note
    fine = run(venv, "benchmarkstt", *TEXTS, "--cerr")
    assert fine.stderr.splitlines()[-1] == "benchmarkstt: error: unrecognized arguments: --cerr (did you mean --cer?)"


def test_core_alone_says_what_is_missing(venv):
    result = run(venv, "benchmarkstt", *TEXTS, env={"BENCHMARKSTT_DISABLE_PLUGINS": "*"})
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1].startswith("benchmarkstt: error: no metric is installed")


# the typed-parameters section runs with its own plugin installed (test_typed_plugin.py)
GUIDE = console_sessions(ROOT / "docs" / "plugins.md", skip=("Typed parameters",))


@pytest.mark.parametrize("command, output", GUIDE, ids=session_ids(GUIDE))
def test_the_plugin_guide_sessions(venv, tmp_path_factory, command, output):
    """docs/plugins.md's console sessions, in this venv (the guide's punct plugin installed)."""
    run_session(command, output, cwd=write_session_files(GUIDE, tmp_path_factory.mktemp("guide")), bin_dir=venv / "bin")
