"""Inputs: where the reference and hypothesis texts come from (``-rt``/``-ht``).

Every text read has its invisible direction marks removed, with a warning naming the file
(:mod:`benchmarkstt_core.marks`).
"""

from __future__ import annotations

import os

from benchmarkstt_core.errors import BenchmarkSTTError, InputError
from benchmarkstt_core.io import Input
from benchmarkstt_core.marks import clean_text
from benchmarkstt_core.context import Context


class Argument(Input):
    """Read the argument and treat as plain text (without reading from file)

    :param source: the text itself
    :example source: "hello world"
    :example return: "hello world"
    """

    def read(self) -> str:
        return clean_text(self.source, "the text given as argument", self.context)

    @classmethod
    def from_content(cls, content: str, source: str, *, context: Context | None = None) -> str:
        """The text of content given as a string (the API's ``ref``/``hyp``): itself, without
        invisible direction marks."""
        return clean_text(content, source, context)


class PlainText(Input):
    """Load from a given filename. Treat file as Plain text.

    :param source: the file's path; it is decoded with DEFAULT_ENCODING (UTF-8 unless set)
    :example files: {"ref.srt": "hello\\r\\nworld"}
    :example source: "ref.srt"
    :example return: "hello\\nworld"
    """

    name = "plaintext"

    def read(self) -> str:
        return self.from_file_text(self.context.read_text(self.source, field="file"), self.source, context=self.context)

    @classmethod
    def from_file_text(cls, text: str, source: str, *, context: Context) -> str:
        """The text of the file ``source`` whose decoded content is ``text`` (corpus mode reads and
        decodes a file once, for its SHA-256, its type and its text): as :meth:`read` gives it,
        with a warning when it is JSON or XML, without invisible direction marks.

        :example:
            >>> PlainText.from_file_text("hello\u200e world", "a.txt", context=Context(None, warn=print))
            a.txt: 1 invisible direction mark removed (1 U+200E LEFT-TO-RIGHT MARK): words that look the same are compared as the same
            'hello world'
        """
        if text[:1] in ("{", "[", "<") or text.lstrip()[:1] in ("{", "[", "<"):
            warn_if_structured(text, source, context)
        return clean_text(text, source, context)

    @classmethod
    def from_content(cls, content: str, source: str, *, context: Context | None = None) -> str:
        """The text of content given as a string (the API's ``ref``/``hyp``): itself, without
        invisible direction marks."""
        return clean_text(content, source, context)


def warn_if_structured(text: str, source: str, context: Context | None) -> None:
    """Warn when a file read as plain text is JSON or XML, naming the type it probably is."""
    start = text.lstrip()
    if start[:1] == "<":
        what = "XML" if start.startswith(("<?xml", "<!--")) or start.rstrip().endswith(">") else None
    else:
        import json

        try:
            json.loads(text)
            what = "JSON"
        except (ValueError, RecursionError):  # not JSON, or nested too deeply to tell
            what = None
    if what is None or context is None:
        return
    try:
        kind = (
            context.hook.infer_input_type(path=source, data=None)
            if context.hook is not None and source != "-"
            else None
        )
    except InputError:  # several types fit it: the warning names none
        kind = None
    probably = (
        f"it is probably of type {kind!r} (give it with -rt/-ht {kind})"
        if kind and kind != "plaintext"
        else "give its type with -rt/-ht if a plugin reads it"
    )
    context.warn(f"{source}: read as plain text but it is {what}: {probably}")


#: extensions of container syntaxes (and none): a type inferred for them is told by the content
_CONTAINERS = (".json", ".jsonl", ".xml", ".txt", "")


class Infer(Input):
    """Load from a given filename. Automatically infer file type from the filename extension.

    The type inferred gets the context's defaults for its parameters (e.g. ``--sound-labels``).
    When a type told by the content (``.json``, ``.xml``, ``.txt``, no extension) cannot read the
    file, the error names that type.

    :param source: the file's path (``.txt`` files are plain text; plugins may add types)
    :example files: {"ref.txt": "hello world"}
    :example source: "ref.txt"
    :example return: "hello world"
    """

    def read(self) -> str:
        context = self.context
        path = self.source if self.source == "-" else context.check_path(self.source)
        data = None
        if path != "-" and os.path.isfile(path):  # read once: the type is told from the bytes the input reads
            try:
                data = context.read_bytes(self.source)
            except BenchmarkSTTError:  # the input says what is wrong with it, when it reads it
                pass
        kind = context.hook.infer_input_type(path=path, data=data) if context.hook else None
        if kind is None:
            if not os.path.exists(context.check_path(self.source, "file")):
                raise InputError(f"{self.source}: no such file")
            extension = os.path.splitext(os.path.basename(self.source))[1]
            what = f"extension {extension!r}" if extension else "no extension"
            from benchmarkstt_core.plugins import missing_standard_note

            raise InputError(
                f"{self.source}: cannot infer the input type of a file with {what}; "
                f"give it with -rt/-ht (for example -rt plaintext){missing_standard_note()}"
            )
        from benchmarkstt_core.pipeline import create

        try:
            reading = context if data is None else context.replace(contents={**context.contents, self.source: data})
            return create(context.registry("inputs").get(kind), [self.source], reading).read()
        except InputError as exc:
            extension = os.path.splitext(os.path.basename(self.source))[1].lower()
            if kind == "plaintext" or self.source != "-" and extension not in _CONTAINERS:
                raise
            raise InputError(
                f"{exc} (read as {kind}, the type its structure suggests: if it is another, give its type with -rt/-ht)"
            ) from None
