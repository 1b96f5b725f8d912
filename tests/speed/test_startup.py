"""Start-up stays lean: ``--version`` imports nothing of the host, and editable installs
add plain path lines, no import hooks."""

from __future__ import annotations

import subprocess
import sys

from conftest import BIN


def imported_by(*args: str) -> set:
    """The modules a real run of the installed ``benchmarkstt`` imported (python -X importtime)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", str(BIN / "benchmarkstt"), *args],
                          capture_output=True, text=True, timeout=120)
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
