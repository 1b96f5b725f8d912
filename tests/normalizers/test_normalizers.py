"""lowercase, unidecode, regex, replace and replacewords: from the tools command and from Python."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarkstt_core.errors import UsageError
from benchmarkstt_normalizers.normalizers import Lowercase, Regex, Replace, ReplaceWords, Unidecode
from conftest import assert_clean_error


@pytest.mark.parametrize(
    "args, text, out",
    [
        (["--lowercase"], "İSTANBUL STRASSE ẞ ΣΟΦΟΣ", "i̇stanbul strasse ß σοφος"),
        (["--unidecode"], "Ich fälle Bäume 北京 😀", "Ich falle Baume Bei Jing  "),
        (["--replace", "nudge", "wink"], "Nudge nudge!", "Nudge wink!"),
        (["--replace", ".", "!"], "a.b", "a!b"),
        (["--replace", "", "-"], "abc", "-a-b-c-"),
        (["--regex", "(?i)(h)a", r"\1e"], "HAHA! Hahaha!", "HeHe! Hehehe!"),
        (["--regex", "(?m)^", "> "], "a\nb", "> a\n> b"),
        (["--regex", ",", r"\n"], "a,b", "a\nb"),
        (["--regex", r"(?P<first>\w+) (?P<last>\w+)", r"\g<last>, \g<first>"], "John Cleese", "Cleese, John"),
        (["--replacewords", "a", "X"], "a-b a_b ab a. (a) à a", "x-b a_b ab x. (x) à x"),
        (["--replacewords", "uk", "UK"], "the UK and the uk, Uk", "the UK and the uK, UK"),
        (["--replacewords", "ni", ""], 'Ni! We are the Knights Who Say "ni"!', '! We are the Knights Who Say ""!'),
        (["--replacewords", " ni ", " ecky "], "Ni! ni", "Ecky! ecky"),
        (["--replacewords", "foo", "baz"], "Foo bar FOO foo Fooo", "Baz bar FOO baz Fooo"),
        (["--lowercase", "--replace", "abc", "xyz"], "ABC abc", "xyz xyz"),
        (["--replace", "abc", "xyz", "--lowercase"], "ABC abc", "abc xyz"),
    ],
)
def test_tools_normalization(tools, tmp_path, args, text, out):
    (tmp_path / "in.txt").write_text(text, encoding="utf-8")
    run = tools("normalization", "-i", "in.txt", *args, cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, ""), run
    assert run.stdout == out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--regex", "(unclosed", "x"], "regex: bad pattern '(unclosed': missing ), unterminated subpattern"),
        (["--regex", "b", r"\2"], r"regex: bad replacement '\\2' for pattern 'b': invalid group reference 2"),
        (["--regex", "b", r"\q"], r"regex: bad replacement '\\q' for pattern 'b': bad escape \q"),
        (
            ["--regex", "(?P<x>b)", r"\g<y>"],
            r"regex: bad replacement '\\g<y>' for pattern '(?P<x>b)': unknown group name 'y'",
        ),
        (["--replacewords", " ", "X"], "replacewords: the search word is empty"),
        (
            ["--regex", "only-one"],
            "normalization: error: argument --regex: regex takes 2 arguments (search replace), got 1",
        ),
        (["--replace", "a", "b", "c"], "normalization: error: argument --replace: replace takes 2 arguments"),
    ],
)
def test_bad_values_fail_before_any_input_is_read(tools, tmp_path, args, message):
    run = tools("normalization", "-i", "missing.txt", "-o", "out.txt", *args, cwd=tmp_path)
    prog = "benchmarkstt-tools normalization" if "argument --" in message else "benchmarkstt-tools"
    assert message in assert_clean_error(run, prog)
    assert not (tmp_path / "out.txt").exists()


def test_a_rules_file_naming_an_unknown_group_is_a_usage_error_at_its_line(tools, tmp_path):
    (tmp_path / "groups.csv").write_text("(?P<w>a),\\g<w>\n(b),\\g<x>\n", encoding="utf-8")
    run = tools("normalization", "--file", "regex", "groups.csv", input="ab", cwd=tmp_path)
    assert run.returncode == 2
    assert assert_clean_error(run, "benchmarkstt-tools") == (
        r"benchmarkstt-tools: error: groups.csv:2:1: regex: bad replacement '\\g<x>' for pattern '(b)': "
        "unknown group name 'x'"
    )


def test_a_bad_group_is_found_even_when_the_pattern_never_matches():
    with pytest.raises(UsageError, match="invalid group reference 3"):
        Regex("(a)(b)|x", r"\3")
    assert Regex("(a)(b)|x", r"\2\1").normalize("abx") == "ba"
    assert Regex("(?x) a  # a comment", "b").normalize("a") == "b"


@given(st.text())
def test_lowercase_is_str_lower(text):
    assert Lowercase().normalize(text) == text.lower()


@given(st.text(max_size=30), st.text(max_size=3), st.text(max_size=3))
def test_replace_is_str_replace_and_regex_of_an_escaped_pattern_too(text, search, replace):
    assert Replace(search, replace).normalize(text) == text.replace(search, replace)
    assert Regex(re.escape(search), replace.replace("\\", "\\\\")).normalize(text) == re.sub(
        re.escape(search), lambda m: replace, text
    )


@given(st.lists(st.sampled_from(["uk", "Uk", "UK", "uka", "_uk", "uk-", "(uk)", "äuk", " ", "\n"]), max_size=12))
def test_replacewords_replaces_whole_words_only(parts):
    text = "".join(parts)
    got = ReplaceWords("uk", "britain").normalize(text)
    expected = re.sub(r"(?<!\w)[Uu]k(?!\w)", lambda m: "Britain" if m.group(0)[0] == "U" else "britain", text)
    assert got == expected


def test_replacewords_keeps_the_replacement_as_written_after_its_first_letter():
    assert ReplaceWords("the", "A GREAT").normalize("The cat and the dog") == "A GREAT cat and a GREAT dog"
    assert ReplaceWords("straße", "road").normalize("Straße strasse") == "Road strasse"


def test_unidecode_is_imported_only_when_used(tmp_path):
    code = (
        "import sys\n"
        "from benchmarkstt_core.plugins import make_plugin_manager\n"
        "host = make_plugin_manager()\n"
        "spec = host.registries.normalizers.get('unidecode')\n"
        "normalizer = spec.create([])\n"
        "assert 'unidecode' not in sys.modules\n"
        "assert normalizer.normalize('ü') == 'u'\n"
        "assert 'unidecode' in sys.modules\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr


def test_unidecode_example():
    assert Unidecode().normalize("𝖂𝖊𝖓𝖓 𝖎𝖘𝖙 𝖉𝖆𝖘 𝕹𝖚𝖓𝖘𝖙ü𝖈𝖐") == "Wenn ist das Nunstuck"
