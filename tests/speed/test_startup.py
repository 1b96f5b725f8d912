"""Start-up stays lean: ``--version`` imports nothing of the host, editable installs add plain
path lines, no import hooks, and a run imports of the plugins it does not use only what
registers them."""

from __future__ import annotations

import subprocess
import sys

from benchmarkstt_core.plugins import entry_points, make_plugin_manager
from conftest import BIN, DATA, ROOT


def imported_by(*args: str) -> set:
    """The modules a real run of the installed ``benchmarkstt`` imported (python -X importtime)."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", str(BIN / "benchmarkstt"), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-500:]
    return {line.split("|")[-1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}


def test_version_imports_nothing_of_the_host():
    modules = imported_by("--version")
    assert not {"pluggy", "argparse", "importlib.metadata", "benchmarkstt_core.plugins"} & modules


def test_python_start_imports_no_editable_finder():
    """Each distribution's editable install is a plain sys.path line to its src/ folder, not
    setuptools' import finder (which imports pathlib and importlib.util at every Python start)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "pass"], capture_output=True, text=True)
    modules = {line.split("|")[-1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}
    finders = {name for name in modules if name.startswith("__editable__") and name.endswith("_finder")}
    assert finders == set()
    assert "pathlib" not in modules


#: the modules a plugin may import to register: its package, its ``plugin`` module and the hooks
#: it declares (``add_hooks``); the others are imported when one of its components, commands or
#: options is used
REGISTRATION = ("", ".plugin", ".hooks")

#: the modules of the plugins a single-pair ``--wer`` run uses, besides their registration:
#: the plain-text input, the output, the segmenter and the check of two plain texts for a column
#: of utterance ids (formats: ``idcolumn``); the WER metric, its differ, the rule that picks the
#: unit costs (differ_extensions), the kernels and the check of a reference written without
#: spaces between its words (metrics: ``unspaced``); and the input
#: type's inference, which tests a ``.txt`` file's start for each text format's mark without
#: importing their readers (transcripts, whose ``readers`` and ``sounds`` are also imported to
#: register its input types and its ``--sound-labels`` option; its ``model`` only where a reader
#: makes a transcript). Each listed module must be imported too, so that the listing stays true
USED_BY_WER = {
    "benchmarkstt_formats": {"inputs", "outputs", "segmenters", "idcolumn"},
    "benchmarkstt_metrics": {"metrics", "differs", "differ_extensions", "dialects", "kernels", "_kernels", "unspaced"},
    "benchmarkstt_transcripts": {"readers", "reading", "documents", "sounds"},
}


def modules_at_exit(tmp_path, *args: str, command: str = "benchmarkstt") -> list:
    """The modules a real run of the installed ``command`` (in ``tests/data``) had imported
    when it ended (``sys.modules``: ``-X importtime`` does not see ``importlib.import_module``)."""
    listing = tmp_path / "modules"
    code = (
        "import atexit, runpy, sys\n"
        "listing = sys.argv.pop(1)\n"
        "sys.argv.pop(0)\n"
        "atexit.register(lambda: open(listing, 'w').write('\\n'.join(sorted(sys.modules))))\n"
        "runpy.run_path(sys.argv[0], run_name='__main__')\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, str(listing), str(BIN / command), *args],
        cwd=DATA,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-500:]
    return listing.read_text().split("\n")


def test_a_wer_run_imports_of_the_plugins_it_does_not_use_only_what_registers_them(tmp_path):
    """Start-up does not grow with the plugins installed: with every standard plugin there, a
    single-pair ``--wer`` imports of each plugin only its registration, but for the three whose
    components it uses, and of those only the modules of these components."""
    plugins = sorted(entry_point.name for entry_point in entry_points()[0])
    assert set(plugins) >= {path.parent.name for path in ROOT.glob("plugins/*/setup.cfg")}, (
        "not every plugin is installed"
    )
    modules = modules_at_exit(tmp_path, "-r", "qt_reference.txt", "-h", "qt_kaldi_hypothesis.txt", "--wer")
    beyond = {}
    for plugin in plugins:
        mine = {name[len(plugin) + 1 :] for name in modules if name.startswith(plugin + ".")}
        extra = mine - {part[1:] for part in REGISTRATION if part} - USED_BY_WER.get(plugin, set())
        if extra or not mine >= USED_BY_WER.get(plugin, set()):
            beyond[plugin] = sorted(mine)
    assert beyond == {}, "\n".join(f"{plugin}: {', '.join(names)}" for plugin, names in beyond.items())


#: standard-library modules a single-pair ``--wer`` run does not need: importlib.metadata's
#: email parsing (before Python 3.13 the backport, which defers it), completion's shlex, a
#: failure's traceback, the signal handlers of time limits and of temporary files' cleanup (on
#: Python 3.9 and 3.10 the standard library's ``platform``, which importlib_metadata imports,
#: imports ``subprocess`` and with it ``signal``)
NOT_FOR_WER = {
    "email.message",
    "email.utils",
    "socket",
    "csv",
    "shlex",
    "traceback",
    *(("signal",) if sys.version_info >= (3, 11) else ()),
}


def test_a_wer_run_imports_no_email_parser_nor_what_only_failures_and_completion_use(tmp_path):
    modules = set(modules_at_exit(tmp_path, "-r", "qt_reference.txt", "-h", "qt_kaldi_hypothesis.txt", "--wer"))
    assert NOT_FOR_WER & modules == set()


def test_benchmarkstt_tools_imports_only_the_subcommand_given(tmp_path):
    """``benchmarkstt-tools --help`` lists the subcommands by the descriptions their plugins
    declare, importing none of them; a subcommand imports no other's module."""
    commands = {spec.where.partition(":")[0] for spec in make_plugin_manager().registries.tool_commands}
    assert len(commands) >= 10
    assert commands & set(modules_at_exit(tmp_path, "--help", command="benchmarkstt-tools")) == set()
    used = commands & set(modules_at_exit(tmp_path, "transcript", "-i", "qt_kaldi.json", command="benchmarkstt-tools"))
    assert used == {"benchmarkstt_transcripts.command"}


def test_the_help_lists_the_input_types_without_importing_their_readers(tmp_path):
    """``benchmarkstt --help`` lists the transcript types by the descriptions in the readers'
    ``FORMATS``, not by importing the 25 reader modules."""
    readers = [
        name for name in modules_at_exit(tmp_path, "--help") if name.startswith("benchmarkstt_transcripts.readers.")
    ]
    assert readers == []
