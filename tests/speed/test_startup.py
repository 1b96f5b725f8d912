"""Start-up stays lean: the entry-point lookup reads metadata folders without importlib.metadata,
and finds exactly what importlib.metadata finds."""

from __future__ import annotations

import subprocess
import sys
import zipfile

from conftest import BIN, DATA

from benchmarkstt_core import entrypoints
from benchmarkstt_core.plugins import GROUP, entry_points

if sys.version_info >= (3, 10):
    from importlib.metadata import entry_points as metadata_entry_points
else:  # Python 3.9: the backport, as the core uses
    from importlib_metadata import entry_points as metadata_entry_points


def described(eps) -> list:
    return sorted((ep.name, ep.value, ep.group, ep.dist.name, ep.dist.version, ep.dist.metadata["Name"])
                  for ep in eps)


def test_scan_finds_what_importlib_metadata_finds():
    fast = entrypoints.scan(GROUP)
    assert fast is not None and len(fast) >= 3
    assert described(fast) == described(metadata_entry_points(group=GROUP))
    assert [ep.name for ep in entry_points()] == sorted(ep.name for ep in fast)
    loaded = {ep.name: ep.load() for ep in fast}
    assert loaded["benchmarkstt_metrics"].__name__ == "benchmarkstt_metrics.plugin"


def write_dist(folder, name: str, version: str, entry_points_txt: str, suffix: str = ".dist-info"):
    info = folder / f"{name.replace('-', '_')}-{version}{suffix}"
    info.mkdir()
    (info / ("METADATA" if suffix == ".dist-info" else "PKG-INFO")).write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n\nName: not-a-header\n")
    (info / "entry_points.txt").write_text(entry_points_txt)


def test_scan_reads_sections_and_the_first_distribution_of_a_name_wins(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    write_dist(first, "demo-plugin", "1.0", "# comment\n[console_scripts]\nx = y:z\n\n"
               "[demo.group]\nalpha = os.path:join\nbeta=json [extra]\n")
    write_dist(second, "Demo.Plugin", "2.0", "[demo.group]\ngamma = os\n")
    write_dist(second, "old-style", "0.1", "[demo.group]\ndelta = os\n", suffix=".egg-info")
    monkeypatch.setattr(sys, "path", [str(first), str(second)])
    found = entrypoints.scan("demo.group")
    assert found is not None
    assert described(found) == described(metadata_entry_points(group="demo.group"))
    assert sorted(ep.name for ep in found) == ["alpha", "beta", "delta"]
    by_name = {ep.name: ep for ep in found}
    import json
    import os.path

    assert by_name["alpha"].load() is os.path.join
    assert by_name["beta"].load() is json
    assert by_name["alpha"].dist.name == "demo-plugin" and by_name["delta"].dist.version == "0.1"


def test_scan_leaves_a_zip_on_the_path_to_importlib_metadata(tmp_path, monkeypatch):
    archive = tmp_path / "bundle.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("demo-1.0.dist-info/entry_points.txt", "[demo.group]\nalpha = os\n")
        zf.writestr("demo-1.0.dist-info/METADATA", "Name: demo\nVersion: 1.0\n")
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert entrypoints.scan("demo.group") is None


def test_scan_leaves_a_custom_distribution_finder_to_importlib_metadata(monkeypatch):
    class Finder:
        def find_distributions(self, context=None):
            return iter(())

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder()])
    assert entrypoints.scan(GROUP) is None


def imported_by(*args: str) -> set:
    """The modules a real run of the installed ``benchmarkstt`` imported (python -X importtime)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", str(BIN / "benchmarkstt"), *args],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-500:]
    return {line.split("|")[-1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}


def test_a_wer_run_does_not_import_importlib_metadata():
    modules = imported_by("-r", str(DATA / "qt_reference.txt"), "-h", str(DATA / "qt_aws_hypothesis.txt"), "--wer")
    assert "benchmarkstt_metrics.differs" in modules
    assert "importlib.metadata" not in modules and "email" not in modules


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
