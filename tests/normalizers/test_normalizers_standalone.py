"""benchmarkstt-normalizers installed alone beside the core (copies, not editable, in a fresh
virtual environment): ``benchmarkstt-tools normalization`` works with all of it, and
uninstalling it leaves a tool that says plainly that no normalizer is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

pytestmark = pytest.mark.slow

SKIP = shutil.ignore_patterns(".*", "build", "*.egg-info", "__pycache__", "plugins", "tests", "docs", "benchmarks")


@pytest.fixture(scope="module")
def alone(tmp_path_factory) -> Path:
    """The working directory beside a virtual environment ``venv`` holding the core and this plugin."""
    base = tmp_path_factory.mktemp("normalizers-alone")
    shutil.copytree(ROOT / "benchmarkstt_core", base / "core", ignore=SKIP)
    shutil.copytree(ROOT / "plugins" / "benchmarkstt_normalizers", base / "normalizers", ignore=SKIP)
    subprocess.run([sys.executable, "-m", "venv", str(base / "venv")], check=True)
    install = command(base, "pip", "install", "--quiet", str(base / "core"), str(base / "normalizers"))
    assert install.returncode == 0, install.stderr
    (base / "c.conf").write_text("[normalization]\nunidecode\nlowercase\nreplace r.csv\n", encoding="utf-8")
    (base / "r.csv").write_text('"the ","a "\n', encoding="utf-8")
    return base


def command(
    base: Path, name: str, *args: str, stdin: str | None = None, env: dict | None = None
) -> subprocess.CompletedProcess:
    extra = env or {}
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "VIRTUAL_ENV", "DEFAULT_ENCODING", "FORCE_COLOR", "NO_COLOR")
    }
    env.update(LC_ALL="C.UTF-8", LANG="C.UTF-8", COLUMNS="80", **extra)
    return subprocess.run(
        [str(base / "venv" / "bin" / name), *args],
        cwd=base,
        input=stdin,
        text=True,
        capture_output=True,
        env=env,
        timeout=600,
    )


def test_only_the_core_and_unidecode_come_with_it(alone):
    listed = command(alone, "pip", "list", "--format", "freeze").stdout.lower()
    assert sorted(line.split("==")[0] for line in listed.splitlines() if line.startswith("benchmarkstt")) == [
        "benchmarkstt-core",
        "benchmarkstt-normalizers",
    ]
    assert "unidecode==" in listed


def test_normalization_works_with_the_core_alone(alone):
    args = ("normalization", "--config", "c.conf", "--file", "regex", "r.csv", "--replacewords", "a", "one")
    run = command(alone, "benchmarkstt-tools", *args, stdin="THE Café")
    assert (run.returncode, run.stdout, run.stderr) == (0, "one cafe", "")
    # --log renders its diffs with the core's own dialects, plain into a pipe and ANSI with
    # FORCE_COLOR: no metrics plugin needed
    logged = command(alone, "benchmarkstt-tools", *args, "--log", stdin="THE Café")
    assert (logged.returncode, logged.stdout) == (0, "one cafe")
    assert logged.stderr.splitlines()[0] == (
        "NormalizationAggregate/Config/c.conf[normalization]/Unidecode: THE·Café\u0338e\u0359"
    )
    coloured = command(alone, "benchmarkstt-tools", *args, "--log", stdin="THE Café", env={"FORCE_COLOR": "1"})
    assert coloured.stderr.splitlines()[0] == (
        "NormalizationAggregate/Config/c.conf[normalization]/Unidecode: THE·Caf\x1b[31mé\x1b[0m\x1b[32me\x1b[0m"
    )
    assert logged.stderr.splitlines()[-1].startswith("NormalizationAggregate: ")
    plugins = command(alone, "benchmarkstt-tools", "plugins").stdout
    assert "benchmarkstt_normalizers  benchmarkstt-normalizers" in plugins
    assert "normalizers: config, file, glm, lowercase, regex, replace, replacewords, unidecode" in plugins
    bench = command(alone, "benchmarkstt", "-r", "a", "-h", "a", "--lowercase")
    assert bench.returncode == 2 and "no metric is installed" in bench.stderr


def test_uninstalled_it_takes_its_flags_away(alone):
    assert command(alone, "pip", "uninstall", "-y", "benchmarkstt-normalizers").returncode == 0
    helped = command(alone, "benchmarkstt-tools", "normalization", "--help").stdout
    assert "--config" not in helped and "--lowercase" not in helped
    run = command(alone, "benchmarkstt-tools", "normalization", stdin="x")
    assert run.returncode == 2
    assert "no normalizer is installed" in run.stderr and "Traceback" not in run.stderr
