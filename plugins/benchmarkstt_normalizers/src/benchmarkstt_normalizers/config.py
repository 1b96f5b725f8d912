"""The ``config`` normalizer: normalizers listed in a section of a config file.

A config file is read line by line with the whitespace dialect of the rules-file parser.
A line holding only ``[name]`` (letters and digits) starts a section; a repeated section
replaces the earlier one; lines before the first section belong to none. Every other line
is ``NAME VALUE...``:

* ``regex|replace|replacewords FILE [ENCODING]``: a rules file, relative to the config file;
* ``file NORMALIZER FILE [ENCODING] [PATH]``: the same for any normalizer;
* ``config FILE [SECTION] [ENCODING]``: a nested config, relative to the working directory;
* any other registered normalizer with its values, or a dotted class path
  (``my.package.MyNormalizer``).

:example:
    >>> Config.from_text("[normalization]\\nlowercase\\n").normalize("HeLLo")
    'hello'
"""

from __future__ import annotations

import os
import re
from typing import Any, Optional, Sequence

from benchmarkstt_core.context import Context, check_encoding
from benchmarkstt_core.errors import InputError, UsageError
from benchmarkstt_core.normalization import NormalizationAggregate, NormalizationComposite
from benchmarkstt_core.params import FilePath, FolderPath
from benchmarkstt_core.registry import ComponentSpec

from .errors import ConfigSectionNotFoundError
from .files import File, located
from .resolve import default_context, normalizer_spec
from .rules import WHITESPACE, Row, parse

DEFAULT_SECTION = "normalization"
INLINE = "<config>"
RULES_FILE_NORMALIZERS = ("regex", "replace", "replacewords")
_HEADER = re.compile(r"\[([a-z0-9]+)\]", re.IGNORECASE)
#: the longest chain of config sections that include one another
MAX_INCLUDE_DEPTH = 40
#: the most config sections one config may include, at all depths together
MAX_INCLUDED_SECTIONS = 1000


def include_chain(parents: tuple, file: str, section: str) -> str:
    """The chain of included sections that leads to ``file[section]``, shortened in the middle."""
    names = [f"{os.path.relpath(path)}[{name}]" for path, name in parents] + [f"{file}[{section}]"]
    if len(names) > 6:
        names = names[:3] + [f"... {len(names) - 5} more ..."] + names[-2:]
    return " > ".join(names)


def check_include(parents: tuple, included: list, file: str, section: str) -> None:
    """Raise :class:`UsageError` when including ``file[section]`` goes deeper than
    :data:`MAX_INCLUDE_DEPTH` or past :data:`MAX_INCLUDED_SECTIONS` in all; count it in ``included``."""
    if len(parents) >= MAX_INCLUDE_DEPTH:
        raise UsageError(
            f"config sections nested more than {MAX_INCLUDE_DEPTH} deep: {include_chain(parents, file, section)}"
        )
    included[0] += 1
    if included[0] > MAX_INCLUDED_SECTIONS:
        raise UsageError(
            f"a config includes more than {MAX_INCLUDED_SECTIONS} sections in all "
            f"(sections that include others several times multiply): "
            f"{include_chain(parents, file, section)}"
        )


def split_sections(rows: Sequence[Row]) -> dict:
    """The rows of each named section (a repeated section replaces the earlier one)."""
    sections: dict[str, list[Row]] = {}
    current = None
    for row in rows:
        header = _HEADER.fullmatch(row.fields[0]) if len(row.fields) == 1 else None
        if header:
            current = header.group(1)
            sections[current] = []
        elif current is not None:
            sections[current].append(row)
    return sections


def config_folder(file: str) -> str:
    """The folder that rules files named in the config ``file`` are relative to: the config's
    own folder (as written, unless the config is a link to a file elsewhere)."""
    written = os.path.dirname(file)
    real = os.path.dirname(os.path.realpath(file))
    return written if os.path.realpath(written or os.curdir) == real else real


class Config(NormalizationComposite):
    """Apply the normalizers listed in a section of a config file, top to bottom.

    One normalizer per line: its name (any case) and its values, separated by spaces;
    quote a value with "..." when it holds spaces. Lines starting with # are comments.
    regex, replace and replacewords lines name a rules file (relative to the config file)
    and optionally its encoding; config lines name another config file (relative to the
    working directory), its section and encoding. A dotted path such as
    my.package.MyNormalizer names a normalizer class to import.

    :param file: the config file
    :param section: the section to use (default normalization; case-sensitive)
    :param encoding: the config file's encoding (default: DEFAULT_ENCODING, else UTF-8)
    :example files: {"norm.conf": "[normalization]\\n# one normalizer per line\\nlowercase\\nreplace rules.csv\\n", "rules.csv": "o,0\\n"}
    :example text: "HeLLo World"
    :example file: "norm.conf"
    :example return: "hell0 w0rld"
    """

    def __init__(
        self,
        file: FilePath,
        section: str = DEFAULT_SECTION,
        encoding: Optional[str] = None,
        *,
        context: Context | None = None,
        parents: tuple = (),
        included: list | None = None,
    ):
        context = context or default_context()
        section = section or DEFAULT_SECTION
        key = (os.path.realpath(file), section)
        if key in parents:
            raise UsageError(f"{file}[{section}] includes itself through its config lines")
        included = [0] if included is None else included
        check_include(parents, included, file, section)
        text = context.read_text(file, encoding or None, field="file")
        self._build(text, file, section, config_folder(file), context, f"{file}[{section}]", parents + (key,), included)

    @classmethod
    def from_text(cls, text: str, section: str = DEFAULT_SECTION, *, context: Optional[Context] = None) -> "Config":
        """A config from inline ``text`` (named ``<config>`` in errors, ``[section]`` in logs);
        the files it names are relative to the working directory."""
        context = context or default_context()
        config = cls.__new__(cls)
        section = section or DEFAULT_SECTION
        config._build(text, INLINE, section, "", context, f"[{section}]", (), [0])
        return config

    def _build(
        self,
        text: str,
        path: str,
        section: str,
        folder: str,
        context: Context,
        title: str,
        parents: tuple,
        included: list,
    ) -> None:
        sections = split_sections(parse(text, WHITESPACE, path))
        if section not in sections:
            raise ConfigSectionNotFoundError(path, section, list(sections), "config" if path == INLINE else "file")
        normalizers = [_rule(row, path, folder, context, parents, included) for row in sections[section]]
        self.rules = NormalizationAggregate(normalizers, title=title)

    def parts(self) -> Sequence:
        return [self.rules]


def _rule(row: Row, path: str, folder: str, context: Context, parents: tuple, included: list) -> Any:
    """The normalizer of one config line."""
    name, args = row.fields[0], row.fields[1:]
    kind = name.lower()
    if kind in RULES_FILE_NORMALIZERS:
        with located(path, row.line, row.char):
            if not 1 <= len(args) <= 2:
                raise UsageError(
                    f"{name} in a config file takes a rules file and an optional encoding, got {len(args)} values"
                )
            if len(args) == 2 and args[1]:
                try:
                    check_encoding(args[1])
                except UsageError as exc:
                    raise UsageError(
                        f"{exc} (in a config file, {kind} takes a rules file and its encoding, "
                        f"not a search and a replacement: put those in a rules file)"
                    ) from None
            return File(
                kind, FilePath(args[0]), args[1] if len(args) == 2 else None, path=FolderPath(folder), context=context
            )
    if kind == "file":
        with located(path, row.line, row.char):
            ComponentSpec.from_class("normalizers", File).check_args(args)
            values = list(args) + [None] * (4 - len(args))
            normalizer, file, encoding, subfolder = values
            return File(
                normalizer,
                FilePath(file),
                encoding,
                path=FolderPath(os.path.join(folder, subfolder or "")),
                context=context,
            )
    if kind == "config":
        with located(path, row.line, row.char):
            ComponentSpec.from_class("normalizers", Config).check_args(args)
            try:
                return Config(*args, context=context, parents=parents, included=included)
            except ConfigSectionNotFoundError:
                raise
            except InputError as exc:
                raise InputError(f"{exc} (a nested config file is looked up from the working directory)") from exc
    hint = (
        " (a section header is [name] alone on its line, the name made of letters and digits)"
        if name.startswith("[")
        else ""
    )
    with located(path, row.line, row.char, hint):
        return normalizer_spec(name, context).create(list(args), context=context)
