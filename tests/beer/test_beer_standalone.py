"""benchmarkstt-beer is a plugin like any third party's: installed alone beside the core and the
formats plugin it works, and uninstalling it takes away ``--beer`` and nothing else.

Each test builds a fresh virtual environment and pip-installs copies of the local
distributions (not editable), so nothing is written into the working tree.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

pytestmark = pytest.mark.slow

NOT_SOURCES = shutil.ignore_patterns(
    ".git",
    ".venv",
    ".tox",
    ".hypothesis",
    ".pytest_cache",
    "build",
    "*.egg-info",
    "__pycache__",
    "plugins",
    "tests",
    "docs",
    "benchmarks",
)
ARGS = ("-r", "the EU and the EU", "-h", "EU", "-rt", "argument", "-ht", "argument")


class Venv:
    """A virtual environment and a way to run its commands the way a user would."""

    def __init__(self, path: Path, workdir: Path):
        self.bin = path / "bin"
        self.workdir = workdir

    def run(self, name: str, *args: str) -> subprocess.CompletedProcess:
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("DEFAULT_ENCODING", "PYTHONPATH", "VIRTUAL_ENV", "BENCHMARKSTT_DISABLE_PLUGINS")
        }
        env.update(LC_ALL="C.UTF-8", LANG="C.UTF-8", COLUMNS="80")
        return subprocess.run(
            [str(self.bin / name), *args], cwd=self.workdir, capture_output=True, text=True, env=env, timeout=600
        )


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Venv:
    """The core, benchmarkstt-formats and benchmarkstt-beer installed in a new virtual environment."""
    base = tmp_path_factory.mktemp("standalone")
    sources = [base / "core", base / "benchmarkstt_formats", base / "benchmarkstt_beer"]
    shutil.copytree(ROOT / "benchmarkstt_core", sources[0], ignore=NOT_SOURCES)
    for source in sources[1:]:
        shutil.copytree(ROOT / "plugins" / source.name, source, ignore=NOT_SOURCES)
    subprocess.run([sys.executable, "-m", "venv", str(base / "venv")], check=True)
    env = Venv(base / "venv", base)
    install = env.run("pip", "install", "--quiet", *map(str, sources))
    assert install.returncode == 0, install.stderr
    (base / "e.json").write_text('{"EU": 1, "the EU": 1}')
    return env


def options(help_text: str) -> set:
    return set(re.findall(r"(?<![\w-])--?[a-z][\w-]*", help_text))


def test_beer_works_with_only_the_core_and_formats(venv):
    listed = venv.run("pip", "list", "--format", "freeze").stdout
    assert sorted(re.findall(r"^benchmarkstt-[\w-]+", listed, re.M)) == [
        "benchmarkstt-beer",
        "benchmarkstt-core",
        "benchmarkstt-formats",
    ]
    run = venv.run("benchmarkstt", *ARGS, "--beer", "e.json")
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    assert run.stdout == (
        "beer\n====\n\n"
        "EU: {'beer': 0.5, 'occurrence_ref': 2}\n"
        "the EU: {'beer': 1.0, 'occurrence_ref': 2}\n"
        "w_av_beer: {'beer': 0.375, 'occurrence_ref': 4}\n\n"
    )
    plugins = venv.run("benchmarkstt-tools", "plugins")
    assert "benchmarkstt_beer  benchmarkstt-beer" in plugins.stdout
    assert "metrics: beer" in plugins.stdout


def test_uninstalling_removes_beer_and_nothing_else(venv):
    before = venv.run("benchmarkstt", "--help").stdout
    tools_before = venv.run("benchmarkstt-tools", "metrics", "--help").stdout
    assert "--beer" in options(before)
    removed = venv.run("pip", "uninstall", "-y", "benchmarkstt-beer")
    assert removed.returncode == 0, removed.stderr

    after = venv.run("benchmarkstt", "--help")
    assert after.returncode == 0 and after.stderr == ""
    assert options(before) - options(after.stdout) == {"--beer"}
    assert options(after.stdout) <= options(before)
    assert options(tools_before) - options(venv.run("benchmarkstt-tools", "metrics", "--help").stdout) == {"--beer"}
    for choices in ("-o {json,markdown,restructuredtext}", "-rt {argument,infer,plaintext}"):
        assert choices in before and choices in after.stdout

    plugins = venv.run("benchmarkstt-tools", "plugins").stdout
    assert "beer" not in plugins
    assert "benchmarkstt_formats  benchmarkstt-formats" in plugins

    # the command still runs: it reads the options it knows and says plainly what is missing
    run = venv.run("benchmarkstt", *ARGS)
    assert run.returncode == 2
    assert run.stderr.startswith("benchmarkstt: error: no metric is installed")
    run = venv.run("benchmarkstt", *ARGS, "--beer", "e.json")
    assert run.returncode == 2
    assert "unrecognized arguments: --beer e.json" in run.stderr
    assert "Traceback" not in run.stderr
