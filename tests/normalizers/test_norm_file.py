"""``file NORMALIZER FILE [ENCODING] [PATH]``: from the command line, config lines and Python."""

from __future__ import annotations

import pytest

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.normalization import normalize_logged
from benchmarkstt_core.plugins import make_plugin_manager
from benchmarkstt_normalizers.files import File
from benchmarkstt_normalizers.normalizers import Regex
from conftest import assert_clean_error

EN_US = '(?i)(\\w+)-(?=\\w+),"\\1 "\nParakeet,Parrot\n'


@pytest.mark.parametrize(
    "args",
    [
        ["--file", "regex", "en_US"],
        ["--file", "REGEX", "en_US", "UTF-8"],
        ["--file", "regex", "en_US", "", "rules"],
        ["--file", "regex", "rules/en_US", "utf-8", "."],
    ],
)
def test_file_from_the_command_line(tools, tmp_path, args):
    (tmp_path / "rules").mkdir()
    for name in ("en_US", "rules/en_US"):
        (tmp_path / name).write_text(EN_US, encoding="utf-8")
    (tmp_path / "in.txt").write_text("This is an Ex-Parakeet", encoding="utf-8")
    run = tools("normalization", "-i", "in.txt", *args, cwd=tmp_path)
    assert (run.returncode, run.stderr, run.stdout) == (0, "", "This is an Ex Parrot")


def test_file_in_a_config_reads_rules_beside_the_config(tools, tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.conf").write_text("[normalization]\nfile regex r.csv\nfile replace r2.csv utf-8 more\n")
    (tmp_path / "sub" / "r.csv").write_text('"-"," "\n')
    (tmp_path / "sub" / "more").mkdir()
    (tmp_path / "sub" / "more" / "r2.csv").write_text("b,c\n")
    run = tools("normalization", "--config", "sub/c.conf", cwd=tmp_path, input="a-b")
    assert (run.returncode, run.stdout) == (0, "a c"), run


@pytest.mark.parametrize(
    "args, message",
    [
        (["--file", "shout", "r.csv"], "unknown normalizer 'shout' (known: "),
        (["--file", "lowercase", "r.csv"], "file: lowercase takes no values, so a rules file cannot configure it"),
        (["--file", "regex", "nope.csv"], "nope.csv: no such file"),
        (["--file", "regex", "r.csv", "klingon"], "unknown encoding 'klingon'"),
        (["--file", "regex", "bad.csv"], "bad.csv:2:1: regex: bad pattern '[': unterminated character set"),
        (["--file", "replace", "r.csv", "", "sub"], "sub/r.csv: no such file"),
    ],
)
def test_errors(tools, tmp_path, args, message):
    (tmp_path / "r.csv").write_text("a,b\n")
    (tmp_path / "bad.csv").write_text('a,b\n"[",x\n')
    (tmp_path / "in.txt").write_text("a")
    run = tools("normalization", "-i", "in.txt", "-o", "out.txt", *args, cwd=tmp_path)
    assert message in assert_clean_error(run, "benchmarkstt-tools")
    assert not (tmp_path / "out.txt").exists()


def test_python_callers_may_pass_a_class_and_need_no_host(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.csv").write_text("(a+),<\\1>\n")
    assert File(Regex, "r.csv").normalize("caaat") == "c<aaa>t"
    host = make_plugin_manager()
    normalizer = File("regex", "r.csv", context=Context(host.registries, host.hook))
    entries = []
    assert normalize_logged(normalizer, "a", entries.append) == "<a>"
    assert [e.stack for e in entries] == [("File", "r.csv", "Regex"), ("File", "r.csv"), ("File",)]
    with pytest.raises(UsageError):
        File("nope", "r.csv")
