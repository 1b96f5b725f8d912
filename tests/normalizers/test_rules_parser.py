"""The rules-file parser: what it reads, where its errors point, and a round trip of written files."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmarkstt_normalizers.errors import RulesSyntaxError
from benchmarkstt_normalizers.rules import DEFAULT, WHITESPACE, parse


def fields(text: str, dialect=DEFAULT) -> list:
    return [row.fields for row in parse(text, dialect)]


@pytest.mark.parametrize(
    "text, rows",
    [
        ("a,b\n", [["a", "b"]]),
        ("a,b", [["a", "b"]]),
        ("  cat  ,  dog  \n", [["cat", "dog"]]),
        ('" bird "," fish "\n', [[" bird ", " fish "]]),
        ('"[""]",\'\n', [['["]', "'"]]),
        ("# whole-line comment\n   # indented comment\n", []),
        ('"# TEST\n#",OKNOW\n', [["# TEST\n#", "OKNOW"]]),
        ("x#y,HASH\n", [["x#y", "HASH"]]),
        ("a  # c,d\n", [["a  # c", "d"]]),
        ('"q", "Q" # trailing comment\n', [["q", "Q"]]),
        ("k, # empty second field\n", [["k", ""]]),
        ("k,\n", [["k", ""]]),
        (",x\n", [["", "x"]]),
        (", ,\n", [["", "", ""]]),
        ('""\n', [[""]]),
        ("\n\n  \t \n", []),
        ('"line one\nline two","JOINED"\n', [["line one\nline two", "JOINED"]]),
        ("a,b\r\nc,d\re,f", [["a", "b"], ["c", "d"], ["e", "f"]]),
        ("'single',quotes\n", [["'single'", "quotes"]]),
    ],
)
def test_default_dialect(text, rows):
    assert fields(text) == rows


@pytest.mark.parametrize(
    "text, rows",
    [
        ("[normalization]\n", [["[normalization]"]]),
        ("\tLOWERCASE    # trailing comment\n", [["LOWERCASE"]]),
        ('ReGeX\t"my rules.csv"   \n', [["ReGeX", "my rules.csv"]]),
        ("replace  r.csv \t latin-1\n", [["replace", "r.csv", "latin-1"]]),
        ('config "a b" ""\n', [["config", "a b", ""]]),
        ("x#y z\n", [["x#y", "z"]]),
        ("   # only a comment\n\n", []),
    ],
)
def test_whitespace_dialect(text, rows):
    assert fields(text, WHITESPACE) == rows


def test_rows_know_where_each_field_starts():
    rows = parse('# c\n  "multi\nline", z\nnext,row\n')
    assert [(r.line, r.char) for r in rows] == [(2, 3), (4, 1)]
    assert rows[0].positions == [(2, 3), (3, 8)]


@pytest.mark.parametrize(
    "text, dialect, where, reason, detail",
    [
        ('"ab"c,d\n', None, (1, 5, 5), "A quote is not allowed there", "Single quote inside quoted field"),
        ('ab"c,d\n', None, (1, 3, 3), "A quote is not allowed there", "Quote not allowed here"),
        ('a,b\n"c,d\n', None, (2, 1, 5), "A quote wasn't properly closed", "Unexpected end"),
        ('[normalization]\nlowercase "\n', WHITESPACE, (2, 11, 27), "A quote wasn't properly closed", "Unexpected end"),
        ('x "y"z\n', WHITESPACE, (1, 6, 6), "A quote is not allowed there", "Single quote inside quoted field"),
    ],
)
def test_syntax_errors_name_file_line_and_column(text, dialect, where, reason, detail):
    with pytest.raises(RulesSyntaxError) as info:
        parse(text, dialect or DEFAULT, path="rules.csv")
    err = info.value
    assert (err.line, err.char, err.index) == where
    assert (err.path, err.reason, err.detail) == ("rules.csv", reason, detail)
    assert str(err).startswith(f"rules.csv:{where[0]}:{where[1]}: {reason[0].lower()}{reason[1:]}: ")
    assert "\n" not in str(err)


# --- round trip: a rules file written with the quoting rules reads back the same fields ---------

FIELD_TEXT = st.text(
    alphabet=st.sampled_from(list("ab ,\"#\n\t'xé€😀[]"))
    | st.characters(blacklist_categories=("Cs",), blacklist_characters="\r"),
    max_size=12,
)
ROWS = st.lists(st.lists(FIELD_TEXT, min_size=1, max_size=4), max_size=8)


def needs_quotes(value: str, specials: str) -> bool:
    return value == "" or value != value.strip(" \t") or any(c in value for c in specials)


def quoted(value: str) -> str:
    return '"' + value.replace('"', '""') + '"'


@st.composite
def rules_files(draw, dialect: str):
    """(text, rows): rows of fields written as a rules file, with random extra quoting, spacing,
    comment lines, blank lines and trailing comments where the syntax allows them."""
    rows = draw(ROWS)
    specials = '",\n#' if dialect == "default" else '"\n# \t'
    lines = []
    for row in rows:
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", '# a comment, with "quotes"', "   # indented", " \t "])))
        written = []
        for value in row:
            force = draw(st.booleans())
            written.append(quoted(value) if force or needs_quotes(value, specials) else value)
        if dialect == "default":
            line = ",".join(
                draw(st.sampled_from(["", " ", "\t "])) + w + draw(st.sampled_from(["", " "])) for w in written
            )
        else:
            line = draw(st.sampled_from([" ", "\t", "  \t"])).join(written)
        if written[-1].startswith('"') and draw(st.booleans()):
            line += " # trailing, comment"
        lines.append(line)
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n"])), rows


@settings(max_examples=400)
@given(rules_files("default"))
@example(('"a""b",","\n"#x",\n', [['a"b', ","], ["#x", ""]]))
def test_written_rules_files_read_back_exactly(written):
    text, rows = written
    assert fields(text) == rows


@settings(max_examples=300)
@given(rules_files("whitespace"))
def test_written_config_lines_read_back_exactly(written):
    text, rows = written
    assert fields(text, WHITESPACE) == rows


@given(st.text(alphabet=st.sampled_from(list('a ,"#\n\t')), max_size=30), st.booleans())
def test_any_text_parses_or_points_at_a_quote(text, whitespace):
    """Arbitrary text either parses or fails at a quote, or right after a closing one."""
    try:
        parse(text, WHITESPACE if whitespace else DEFAULT)
    except RulesSyntaxError as err:
        offset = err.index - 1
        assert text[offset] == '"' or text[:offset].rstrip(" \t").endswith('"')
        before = text[:offset]
        assert err.line == before.count("\n") + 1
        assert err.char == len(before) - (before.rfind("\n") + 1) + 1
