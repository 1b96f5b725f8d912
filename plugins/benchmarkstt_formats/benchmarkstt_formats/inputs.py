"""Inputs: where the reference and hypothesis texts come from (``-rt``/``-ht``)."""

from __future__ import annotations

import os

from benchmarkstt_core.errors import InputError
from benchmarkstt_core.io import Input


class Argument(Input):
    """Read the argument and treat as plain text (without reading from file)

    :param source: the text itself
    :example source: "hello world"
    :example return: "hello world"
    """

    def read(self) -> str:
        return self.source


class PlainText(Input):
    """Load from a given filename. Treat file as Plain text.

    :param source: the file's path; it is decoded with DEFAULT_ENCODING (UTF-8 unless set)
    :example files: {"ref.srt": "hello\\r\\nworld"}
    :example source: "ref.srt"
    :example return: "hello\\nworld"
    """

    name = "plaintext"

    def read(self) -> str:
        return self.context.read_text(self.source, field="file")


class Infer(Input):
    """Load from a given filename. Automatically infer file type from the filename extension.

    :param source: the file's path (``.txt`` files are plain text; plugins may add types)
    :example files: {"ref.txt": "hello world"}
    :example source: "ref.txt"
    :example return: "hello world"
    """

    def read(self) -> str:
        context = self.context
        kind = context.hook.infer_input_type(path=self.source) if context.hook else None
        if kind is None:
            if not os.path.exists(context.check_path(self.source, "file")):
                raise InputError(f"{self.source}: no such file")
            extension = os.path.splitext(os.path.basename(self.source))[1]
            what = f"extension {extension!r}" if extension else "no extension"
            raise InputError(f"{self.source}: cannot infer the input type of a file with {what}; "
                             f"give it with -rt/-ht (for example -rt plaintext)")
        return context.registries.inputs.get(kind).create([self.source], context=context).read()
