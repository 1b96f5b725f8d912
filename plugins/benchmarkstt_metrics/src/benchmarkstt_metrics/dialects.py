"""Diff dialects: how word diffs (and normalization logs) are shown."""

from __future__ import annotations

from typing import Any, Sequence

from benchmarkstt_core.diff import AnsiDialect, DiffDialect, TextDialect, printable


class Ansi(AnsiDialect):
    """Terminal colours: deletions in red, insertions in green

    :example a: ["the", "cat"]
    :example b: ["the", "hat"]
    :example return: "Color key: Unchanged \\u001b[31mReference\\u001b[0m \\u001b[32mHypothesis\\u001b[0m\\n\\n\\u00b7the\\u001b[31m\\u00b7cat\\u001b[0m\\u001b[32m\\u00b7hat\\u001b[0m"
    """


class RST(Ansi):
    """reStructuredText roles :diffdelete: and :diffinsert:

    :example a: ["the", "cat"]
    :example b: ["the", "hat"]
    :example return: "Color key: Unchanged \\\\ :diffdelete:`Reference`\\\\  \\\\ :diffinsert:`Hypothesis`\\\\ \\n\\n\\u200b\\u00b7\\u200bthe\\\\ :diffdelete:`\\u200b\\u00b7\\u200bcat`\\\\ \\\\ :diffinsert:`\\u200b\\u00b7\\u200bhat`\\\\ "
    """

    formats = {"equal": "%s", "delete": "\\ :diffdelete:`%s`\\ ", "insert": "\\ :diffinsert:`%s`\\ "}

    def preprocess(self, text: str) -> str:
        return printable(text).replace("\u00b7", "\u200b\u00b7\u200b").replace("`", "\\`")


class Text(TextDialect):
    """Plain text with combining marks: deleted characters struck through, inserted ones underlined

    :example a: ["a"]
    :example b: ["b"]
    :example return: "\\u00b7\\u0338a\\u0338\\u00b7\\u0359b\\u0359"
    """


class HTML(DiffDialect):
    """HTML: <span class="delete"> and <span class="insert">, text escaped

    :example a: ["a&b"]
    :example b: ["a<b"]
    :example return: "<span class=\\"delete\\"> a&amp;b</span><span class=\\"insert\\"> a&lt;b</span>"
    """

    _escape = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;"})
    formats = {"equal": "%s", "delete": '<span class="delete">%s</span>', "insert": '<span class="insert">%s</span>'}

    def preprocess(self, text: str) -> str:
        return text.translate(self._escape)


def word_items(opcodes: Sequence, a: Sequence[str], b: Sequence[str]) -> list:
    """One ``{type, reference, hypothesis}`` item per word; replaced words are paired by position."""
    items: list[dict] = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            items.extend({"type": "equal", "reference": w, "hypothesis": w} for w in a[i1:i2])
            continue
        ref, hyp = list(a[i1:i2]), list(b[j1:j2])
        paired = min(len(ref), len(hyp))
        items.extend({"type": "replace", "reference": r, "hypothesis": h} for r, h in zip(ref, hyp))
        items.extend({"type": "delete", "reference": r, "hypothesis": None} for r in ref[paired:])
        items.extend({"type": "insert", "reference": None, "hypothesis": h} for h in hyp[paired:])
    return items


class List(DiffDialect):
    """A list of {"type", "reference", "hypothesis"} items, one per word

    :example a: ["a", "b"]
    :example b: ["a"]
    :example return: [{"type": "equal", "reference": "a", "hypothesis": "a"}, {"type": "delete", "reference": "b", "hypothesis": null}]
    """

    def render_words(self, opcodes: Sequence, a: Sequence[str], b: Sequence[str]) -> Any:
        return word_items(opcodes, a, b)

    def render_chars(self, opcodes: Sequence, a: str, b: str) -> Any:
        return word_items(opcodes, a, b)

    def format(self, tag: str, text: str) -> str:
        raise NotImplementedError("the list dialect has no text blocks")


class Json(List):
    """The list dialect as a JSON string

    :example a: ["a"]
    :example b: ["b"]
    :example return: "[{\\"type\\": \\"replace\\", \\"reference\\": \\"a\\", \\"hypothesis\\": \\"b\\"}]"
    """

    def render_words(self, opcodes: Sequence, a: Sequence[str], b: Sequence[str]) -> Any:
        import json  # only for this dialect

        return json.dumps(word_items(opcodes, a, b))

    def render_chars(self, opcodes: Sequence, a: str, b: str) -> Any:
        import json  # only for this dialect

        return json.dumps(word_items(opcodes, a, b))


DIALECTS = (Ansi, HTML, Json, List, RST, Text)
