"""Config files through ``benchmarkstt-tools normalization --config``, and ``Config.from_text``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import PathNotAllowedError
from benchmarkstt_core.normalization import normalize_logged
from benchmarkstt_core.plugins import make_plugin_manager
from benchmarkstt_normalizers.config import Config
from benchmarkstt_normalizers.errors import ConfigSectionNotFoundError, RulesError, RulesSyntaxError
from conftest import assert_clean_error


def write(folder: Path, files: dict, encoding: str = "utf-8") -> None:
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode(encoding) if isinstance(content, str) else content)


def normalize(tools, folder: Path, text: str, *args: str, env: dict | None = None):
    (folder / "in.txt").write_text(text, encoding="utf-8")
    return tools("normalization", "-i", "in.txt", *args, cwd=folder, env=env)


@pytest.mark.parametrize(
    "conf, args, text, out",
    [
        ("[normalization]\nlowercase\n[other]\nunidecode\n", [], "Äa", "äa"),  # B2: first header is a header
        ("# comment\n[normalization]\nlowercase\n[other]\nunidecode\n", ["other"], "Äa", "Aa"),
        ("[normalization]\nlowercase\n[normalization]\nunidecode\n", [], "ÉA", "EA"),  # last one wins
        ("unidecode\n[normalization]\nlowercase\n", [], "ÄA", "äa"),  # rules before any header: unused
        ("[my-rules]\nlowercase\n[normalization]\nunidecode\n", [], "ÄA", "AA"),
        ("[Normalization]\nunidecode\n[lower]\nlowercase\n", ["lower"], "ÄA", "äa"),
        ("[normalization]\n", [], "Ä", "Ä"),  # an empty section does nothing
        ("[normalization]\n   # indented comment\n\tLOWERCASE    # trailing comment\n\nUniDecode\n", [], "ÄA", "aa"),
        ("[normalization]\nlowercase\n", ["", ""], "A", "a"),  # empty section and encoding mean the defaults
    ],
)
def test_sections_comments_and_names(tools, tmp_path, conf, args, text, out):
    write(tmp_path, {"c.conf": conf})
    run = normalize(tools, tmp_path, text, "--config", "c.conf", *args)
    assert (run.returncode, run.stderr, run.stdout) == (0, "", out)


def test_rules_files_are_relative_to_the_config_and_nested_configs_to_the_working_directory(tools, tmp_path):
    write(
        tmp_path,
        {
            "sub/outer.conf": '[normalization]\nconfig sub/inner.conf extra\nreplace r2.csv\nregex "my rules.csv"\n',
            "sub/inner.conf": "[normalization]\nreplace r2.csv\n[extra]\nlowercase\nreplace r3.csv\n",
            "sub/r2.csv": '"o","0"\n',
            "sub/r3.csv": "h,H\n",
            "sub/my rules.csv": r'"(\w)(\w*)$","\2\1"' + "\n",
        },
    )
    run = normalize(tools, tmp_path, "Hello World", "--config", "sub/outer.conf")
    assert (run.returncode, run.stdout) == (0, "Hell0 0rldw"), run


def test_a_config_reached_through_a_link_reads_rules_beside_its_target(tools, tmp_path):
    write(tmp_path, {"real/c.conf": "[normalization]\nreplace r.csv\n", "real/r.csv": "a,b\n"})
    (tmp_path / "link.conf").symlink_to(tmp_path / "real" / "c.conf")
    assert normalize(tools, tmp_path, "a", "--config", "link.conf").stdout == "b"


def test_encodings(tools, tmp_path):
    """The config's encoding is its own: rules files have theirs (on the config line) or the default."""
    write(
        tmp_path, {"l1.conf": "[normalization]\n# café\nlowercase\nreplace r.csv\n", "l1.csv": "café,cafe\n"}, "latin-1"
    )
    write(tmp_path, {"r.csv": "café,cafe\n", "u.conf": "[normalization]\nreplace l1.csv latin-1\n"})
    assert normalize(tools, tmp_path, "CAFÉ", "--config", "l1.conf", "normalization", "latin-1").stdout == "cafe"
    assert normalize(tools, tmp_path, "café", "--config", "u.conf").stdout == "cafe"
    write(tmp_path, {"r.csv": "café,cafe\n", "in.txt": "CAFÉ"}, "latin-1")
    run = tools(
        "normalization", "-i", "in.txt", "--config", "l1.conf", cwd=tmp_path, env={"DEFAULT_ENCODING": "latin-1"}
    )
    assert (run.returncode, run.stdout) == (0, "cafe"), run


@pytest.mark.parametrize(
    "conf, message",
    [
        (
            "[normalization]\nlowercase\nshout\n",
            "c.conf:3:1: unknown normalizer 'shout' (known: config, file, glm, lowercase, ",
        ),
        ("[normalization]\n  lowercase extra\n", "c.conf:2:3: lowercase takes 0 arguments (none), got 1"),
        ('[normalization]\nlowercase "\n', "c.conf:2:11: a quote wasn't properly closed: "),
        (
            '[normalization]\nreplace "o" "0"\n',
            "c.conf:2:1: unknown encoding '0' (in a config file, replace takes a rules file and its encoding",
        ),
        (
            "[normalization]\nreplace a.csv utf-8 x\n",
            "c.conf:2:1: replace in a config file takes a rules file and an optional encoding, got 3 values",
        ),
        ("[normalization]\nregex\n", "c.conf:2:1: regex in a config file takes a rules file and an optional encoding"),
        ("[normalization]\nreplace nope.csv\n", "c.conf:2:1: nope.csv: no such file"),
        ("[normalization]\nlowercase\n[x]def\n", "c.conf:3:1: unknown normalizer '[x]def' (known: "),
        (
            "[normalization]\nnosuchpackage.normalization.core.Lowercase\n",
            "c.conf:2:1: unknown normalizer 'nosuchpackage.normalization.core.Lowercase': it is not a registered name "
            "and module 'nosuchpackage.normalization.core' cannot be imported",
        ),
        ("[normalization]\nos.path\n", "module 'os' has no normalizer class 'path'"),
        ("# only a comment\n", "c.conf: no section [normalization] (it has no section headers"),
        ("", "c.conf: no section [normalization] (it has no section headers"),
        ("lowercase\n", "c.conf: no section [normalization] (it has no section headers"),
        (
            "[Normalization]\nlowercase\n",
            "c.conf: no section [normalization] (it has [Normalization]; section names are case-sensitive)",
        ),
        ("[normalization]\nconfig c.conf\n", "c.conf:2:1: c.conf[normalization] includes itself"),
        ("[normalization]\nconfig c.conf a b c\n", "c.conf:2:1: config takes between 1 and 3 arguments"),
        ("[normalization]\nfile regex\n", "c.conf:2:1: file takes between 2 and 4 arguments"),
        ("[normalization]\nfile nope r.csv\n", "c.conf:2:1: unknown normalizer 'nope'"),
        ("[normalization]\nreplace bad.csv\n", "bad.csv:2:3: a quote is not allowed there: "),
        (
            "[normalization]\nregex three.csv\n",
            "three.csv:2:1: a regex rule has 2 fields (search, replace), this row has 3",
        ),
        ("[normalization]\nregex badre.csv\n", "badre.csv:1:1: regex: bad pattern '(x': missing )"),
        ("[normalization]\nreplace l1.csv\n", "l1.csv:1:1: cannot decode byte 0xe9 at byte offset 0 as UTF-8"),
    ],
)
def test_malformed_configs_give_one_error_line_and_no_output(tools, tmp_path, conf, message):
    write(
        tmp_path,
        {
            "c.conf": conf,
            "bad.csv": 'a,b\nab"c,d\n',
            "three.csv": "a,b\nx,y,z\n",
            "badre.csv": '"(x",y\n',
            "r.csv": "a,b\n",
        },
    )
    write(tmp_path, {"l1.csv": "é,e\n"}, "latin-1")
    run = normalize(tools, tmp_path, "text", "--config", "c.conf", "-o", "out.txt")
    last = assert_clean_error(run, "benchmarkstt-tools")
    assert message in last
    assert run.stderr.count("\n") == 1
    assert not (tmp_path / "out.txt").exists()


def test_a_nested_config_named_relative_to_its_parent_gets_a_hint(tools, tmp_path):
    write(tmp_path, {"sub/outer.conf": "[normalization]\nconfig inner.conf\n", "sub/inner.conf": "[normalization]\n"})
    last = assert_clean_error(normalize(tools, tmp_path, "x", "--config", "sub/outer.conf"), "benchmarkstt-tools")
    assert last == (
        "benchmarkstt-tools: error: sub/outer.conf:2:1: inner.conf: no such file "
        "(a nested config file is looked up from the working directory)"
    )


def test_dotted_class_paths_are_imported(tools, tmp_path):
    write(
        tmp_path,
        {
            "mypkg/__init__.py": "",
            "mypkg/norms.py": (
                "class Shout:\n"
                "    '''Upper-case and add marks.'''\n"
                "    def __init__(self, marks='!'):\n"
                "        self.marks = marks\n"
                "    def normalize(self, text):\n"
                "        return text.upper() + self.marks\n"
            ),
            "c.conf": '[normalization]\nmypkg.norms.Shout "!!"\n',
        },
    )
    run = normalize(tools, tmp_path, "hi", "--config", "c.conf", env={"PYTHONPATH": str(tmp_path)})
    assert (run.returncode, run.stdout) == (0, "HI!!"), run
    run = normalize(tools, tmp_path, "hi", "--load", "mypkg.norms", "--config", "c.conf")
    assert (run.returncode, run.stdout) == (0, "HI!!"), run
    last = assert_clean_error(normalize(tools, tmp_path, "hi", "--config", "c.conf"), "benchmarkstt-tools")
    assert "c.conf:2:1: unknown normalizer 'mypkg.norms.Shout'" in last and "--load" in last


# --- Config.from_text, as the API uses it -----------------------------------------------------

HOST = make_plugin_manager()


def guarded_context(root: Path) -> Context:
    """A context whose guard refuses paths outside ``root``, like the API server's."""
    base = os.path.realpath(root)

    def guard(path: str, field: str) -> str:
        real = os.path.realpath(path)
        if os.path.commonpath([real, base]) != base:
            raise PathNotAllowedError(path, field)
        return real

    return Context(HOST.registries, HOST.hook, path_guard=guard)


def stacks(normalizer, text: str) -> list:
    entries = []
    normalize_logged(normalizer, text, entries.append)
    return [list(e.stack) for e in entries]


def test_from_text_reads_files_from_the_working_directory_through_the_guard(tmp_path, monkeypatch):
    root = tmp_path / "root"
    write(root, {"n.conf": "[normalization]\nlowercase\nreplace r.csv\n", "r.csv": "o,0\n"})
    write(tmp_path, {"outside.csv": "a,b\n", "outside.conf": "[normalization]\nlowercase\n"})
    monkeypatch.chdir(root)
    context = guarded_context(root)
    config = Config.from_text("[normalization]\nconfig n.conf\nunidecode\n", context=context)
    assert config.normalize("HöLLO") == "holl0"
    assert stacks(config, "HöLLO")[:2] == [
        ["Config", "[normalization]", "Config", "n.conf[normalization]", "Lowercase"],
        ["Config", "[normalization]", "Config", "n.conf[normalization]", "File", "r.csv", "Replace"],
    ]
    for line in (
        "replace ../outside.csv",
        "config ../outside.conf",
        "file replace ../outside.csv",
        "file replace outside.csv utf-8 ..",
    ):
        with pytest.raises(PathNotAllowedError):
            Config.from_text(f"[normalization]\n{line}\n", context=context)
    with pytest.raises(RulesError, match="this server does not import classes"):
        Config.from_text("[normalization]\nos.path.Thing\n", context=context)


def test_from_text_errors(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    context = guarded_context(tmp_path)
    with pytest.raises(RulesSyntaxError) as info:
        Config.from_text('[normalization]\n"unclosed', context=context)
    assert (info.value.path, info.value.line, info.value.char, info.value.index) == ("<config>", 2, 1, 17)
    assert info.value.reason == "A quote wasn't properly closed"
    with pytest.raises(ConfigSectionNotFoundError) as missing:
        Config.from_text("lowercase", context=context)
    assert (missing.value.section, missing.value.sections) == ("normalization", [])
    assert str(missing.value).startswith("<config>: no section [normalization]")
    assert Config.from_text("[x]\nlowercase\r\n", "x", context=context).normalize("A") == "a"


@pytest.mark.parametrize(
    "conf, status",
    [
        ("[normalization]\nshout\n", 2),  # a value the command refuses: a usage error, as --regex '(' is
        ("[normalization]\nregex r.csv\n", 2),  # a bad pattern inside a rules file
        ('[normalization]\n"\n', 1),  # the file itself is broken
        ("[other]\n", 1),  # no such section
        ("[normalization]\nreplace nope.csv\n", 1),  # a missing file
    ],
)
def test_exit_status(tools, tmp_path, conf, status):
    write(tmp_path, {"c.conf": conf, "r.csv": '"(",x\n'})
    run = tools("normalization", "--config", "c.conf", cwd=tmp_path, input="x")
    assert run.returncode == status, run
