"""``sniff_encoding`` tests every byte-order mark with one ``bytes.startswith`` before telling
which one: the answer is the plain search's, longest mark first, for any start of a file."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from benchmarkstt_core.context import BOMS, is_unicode, sniff_encoding

MARKS = [bom for bom, _ in BOMS]


def by_each_mark(data: bytes) -> tuple | None:
    """The mark's ``(encoding, length)`` as a loop over :data:`BOMS` finds it; None without one."""
    for bom, name in BOMS:
        if data.startswith(bom):
            return name, len(bom)
    return None


@given(
    mark=st.sampled_from([b""] + MARKS + [bom[:-1] for bom in MARKS]),
    rest=st.binary(max_size=40),
    encoding=st.sampled_from(["utf-8", "UTF-8", "utf8", "utf-16", "utf-32-le", "utf-8-sig"]),
)
def test_the_mark_found_is_the_loops(mark, rest, encoding):
    data = mark + rest
    expected = by_each_mark(data)
    if expected is not None:
        assert sniff_encoding(data, encoding) == expected
    else:
        assert sniff_encoding(data, encoding)[1] == 0


@given(mark=st.sampled_from(MARKS), rest=st.binary(max_size=40), encoding=st.sampled_from(["latin-1", "cp1252"]))
def test_no_mark_is_looked_for_in_other_encodings(mark, rest, encoding):
    assert sniff_encoding(mark + rest, encoding) == (encoding, 0)


def test_is_unicode_by_any_name_of_the_codec():
    assert [is_unicode(name) for name in ("UTF8", "utf_16_le", "U32", "latin-1", "ascii")] == [
        True,
        True,
        True,
        False,
        False,
    ]
