"""The plugin cache: a run served from it imports only what it uses, gives what a full load
gives, and sees installed, removed and edited plugins at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import BIN, DATA, run_command

TEXTS = ["-r", str(DATA / "qt_reference.txt"), "-h", str(DATA / "qt_kaldi_hypothesis.txt")]


def install_fake(site: Path, name: str, source: str) -> Path:
    """Put module ``name`` and a distribution with a ``benchmarkstt`` entry point to it in ``site``."""
    module = site / f"{name}.py"
    module.write_text(textwrap.dedent(source))
    info = site / f"{name}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n\n")
    (info / "entry_points.txt").write_text(f"[benchmarkstt]\n{name} = {name}\n")
    return module


@pytest.fixture
def env(tmp_path):
    """A cache folder of this test's own and a folder on PYTHONPATH for fake installed plugins."""
    site = tmp_path / "site"
    site.mkdir()
    return {"BENCHMARKSTT_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(site)}


def cache_files(env: dict) -> list:
    folder = Path(env["BENCHMARKSTT_CACHE_DIR"])
    return sorted(folder.glob("plugins-*")) if folder.exists() else []


PROBE = """
import atexit, runpy, sys
atexit.register(lambda: sys.stderr.write(" ".join(sorted(sys.modules))))
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def imported(env: dict, *args: str) -> tuple[str, set]:
    """stdout and the modules imported by one ``benchmarkstt`` run."""
    proc = subprocess.run([sys.executable, "-c", PROBE, str(BIN / "benchmarkstt"), *args],
                          capture_output=True, text=True, env=dict(os.environ, **env), timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout, set(proc.stderr.split())


def test_a_cached_run_imports_neither_pluggy_nor_unused_plugins(env):
    first, first_imports = imported(env, *TEXTS, "--wer")
    assert len(cache_files(env)) == 1
    second, second_imports = imported(env, *TEXTS, "--wer")
    assert first == second == "wer\n===\n\n0.379744\n\n"
    for module in ("pluggy", "inspect", "benchmarkstt_beer", "benchmarkstt_normalizers", "benchmarkstt_api"):
        assert module in first_imports
        assert module not in second_imports
    assert {"benchmarkstt_formats.plugin", "benchmarkstt_metrics.metrics"} <= second_imports


def test_cached_and_full_loads_agree(env):
    off = dict(env, BENCHMARKSTT_NO_CACHE="1")
    assert run_command("benchmarkstt", "--help", env=off).returncode == 0
    assert cache_files(env) == []
    for args in (("benchmarkstt", "--help"), ("benchmarkstt-tools", "plugins", "--json"),
                 ("benchmarkstt-tools", "normalization", "--help"),
                 ("benchmarkstt", *TEXTS, "--config", str(DATA.parent.parent / "docs/tutorial/config.conf"),
                  "--wer", "--worddiffs", "--diffcounts", "levenshtein", "-o", "json")):
        full = run_command(*args, env=off)
        assert full.returncode == 0, full
        run_command(*args, env=env)
        cached = run_command(*args, env=env)
        assert (cached.returncode, cached.stdout, cached.stderr) == (0, full.stdout, full.stderr)
    assert len(cache_files(env)) == 1


SHOUT = '''
from benchmarkstt_core.hookspecs import hookimpl
from benchmarkstt_core.normalization import Normalizer


class Shout(Normalizer):
    """{doc}"""

    def _normalize(self, text):
        return text.upper()


@hookimpl
def register_normalizers(register):
    register(Shout)
'''


def test_installed_edited_and_removed_plugins_are_seen_at_once(env, tmp_path):
    def help_text() -> str:
        run = run_command("benchmarkstt", "--help", env=env)
        assert run.returncode == 0, run
        return run.stdout

    assert "--shout" not in help_text()
    module = install_fake(tmp_path / "site", "shout_plugin", SHOUT.format(doc="Upper-case everything"))
    assert "Upper-case everything" in help_text()
    assert "Upper-case everything" in help_text()
    module.write_text(SHOUT.format(doc="Make the text upper-case"))
    assert "Make the text upper-case" in help_text()
    for path in (tmp_path / "site" / "shout_plugin-0.1.dist-info").iterdir():
        path.unlink()
    (tmp_path / "site" / "shout_plugin-0.1.dist-info").rmdir()
    assert "--shout" not in help_text()


CLAIM = '''
from benchmarkstt_core.hookspecs import hookimpl


@hookimpl({options})
def infer_input_type(path):
    return "{kind}" if path.endswith(".xyz") else None
'''

WRAPPER = '''
from benchmarkstt_core.hookspecs import hookimpl


@hookimpl(wrapper=True)
def infer_input_type(path):
    kind = yield
    return "argument" if path.endswith(".abc") else kind
'''


def test_hooks_are_called_in_pluggys_order_with_or_without_the_cache(env, tmp_path):
    site = tmp_path / "site"
    install_fake(site, "claim_a", CLAIM.format(options="tryfirst=True", kind="argument"))
    install_fake(site, "claim_b", CLAIM.format(options="", kind="plaintext"))
    (tmp_path / "words.xyz").write_text("words in a file")
    for _ in range(3):
        run = run_command("benchmarkstt", "-r", "words.xyz", "-h", "words in a file", "-ht", "argument",
                          "--wer", cwd=tmp_path, env=env)
        # claim_a is asked first although registered first: tryfirst reached pluggy. Its
        # "argument" takes the path itself as the text (1 word against 4, WER 4); claim_b's
        # "plaintext" would read the file (WER 0)
        assert (run.returncode, run.stdout, run.stderr) == (0, "wer\n===\n\n4.000000\n\n", ""), run
    install_fake(site, "wrap_c", WRAPPER)
    for _ in range(2):
        run = run_command("benchmarkstt", "-r", "x.abc", "-h", "x.abc", "-ht", "argument", "--wer",
                          cwd=tmp_path, env=env)
        assert (run.returncode, run.stdout) == (0, "wer\n===\n\n0.000000\n\n"), run


def test_warnings_are_never_cached(env, tmp_path):
    install_fake(tmp_path / "site", "clash_plugin", SHOUT.format(doc="Mine").replace("class Shout", "class WER")
                 .replace("register_normalizers", "register_metrics").replace("register(Shout)", "register(WER)"))
    for _ in range(2):
        run = run_command("benchmarkstt", "-r", "a", "-h", "a", "-rt", "argument", "-ht", "argument", "--wer", env=env)
        assert run.returncode == 0, run
        assert "benchmarkstt: warning: metric 'wer' from plugin 'clash_plugin' ignored" in run.stderr
    assert cache_files(env) == []


def test_a_damaged_cache_is_rebuilt(env):
    run_command("benchmarkstt", "--help", env=env)
    (path,) = cache_files(env)
    path.write_bytes(b"\x00not a cache")
    run = run_command("benchmarkstt", *TEXTS, "--wer", env=env)
    assert (run.returncode, run.stdout, run.stderr) == (0, "wer\n===\n\n0.379744\n\n", "")
    assert path.read_bytes() != b"\x00not a cache"
