"""The ``file`` normalizer: one normalizer per row of a rules file.

:example:
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "rules.csv"), "w") as f:
    ...     _ = f.write('# British to American\\ncolour,color\\n')
    >>> File("replace", "rules.csv", path=folder).normalize("a red colour")
    'a red color'
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Any, Iterator, Optional, Sequence

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import BenchmarkSTTError, PathNotAllowedError, UsageError
from benchmarkstt_core.normalization import NormalizationAggregate, NormalizationComposite
from benchmarkstt_core.params import FilePath, FolderPath
from benchmarkstt_core.registry import ComponentSpec

from .errors import RulesError, RulesUsageError
from .resolve import default_context, normalizer_spec
from .rules import parse


@contextmanager
def located(path: str, line: int, char: int, hint: str = "") -> Iterator[None]:
    """Turn an error raised inside into a :class:`RulesError` at ``path:line:char`` (a
    :class:`RulesUsageError` when it was a usage error).

    Errors that already name their own file (rules syntax, nested files) and refused
    paths pass unchanged; ``hint`` is appended to the others.
    """
    try:
        yield
    except (RulesError, PathNotAllowedError):
        raise
    except BenchmarkSTTError as exc:
        error = (RulesUsageError if isinstance(exc, UsageError) else RulesError)(path, line, char, f"{exc}{hint}")
        if exc.parts:  # its terms, for each front end to word
            error.parts = (f"{path}:{line}:{char}: ", *exc.parts, hint)
        raise error from exc
    except Exception as exc:
        raise RulesError(path, line, char, f"{type(exc).__name__}: {exc}{hint}") from exc


def read_rules(spec: ComponentSpec, path: str, text: str, context: Context) -> list:
    """One ``spec`` normalizer per row of the rules file ``text`` (errors name ``path``)."""
    low, high = spec.min_args, spec.max_args
    want = f"{low}" if low == high else f"{low} to {high}"
    normalizers = []
    for row in parse(text, path=path):
        if not low <= len(row.fields) <= high:
            names = ", ".join(p.name for p in spec.params)
            raise RulesUsageError(
                path,
                row.line,
                row.char,
                f"a {spec.name} rule has {want} fields ({names}), this row has {len(row.fields)}",
            )
        with located(path, row.line, row.char):
            normalizers.append(spec.create(row.fields, context=context))
    return normalizers


class File(NormalizationComposite):
    """Apply a normalizer once per row of a rules file, the row's fields being its values.

    Rules files are CSV: one rule per line, fields separated by commas, applied top to
    bottom. A field may be quoted with "..." (write "" for a quote inside); quoted fields
    may hold commas, # and newlines. Unquoted fields lose their surrounding spaces. Lines
    starting with # are comments, and so is everything after a # that follows a comma or
    a closing quote.

    :param normalizer: the normalizer each row configures, e.g. regex, replace, replacewords
    :param file: the rules file
    :param encoding: the rules file's encoding (default: DEFAULT_ENCODING, else UTF-8)
    :param path: the folder the rules file is in (default: the working directory)
    :example files: {"en_US.csv": "(?i)(\\\\w+)-(?=\\\\w+),\\"\\\\1 \\"\\nParakeet,Parrot\\n"}
    :example text: "This is an Ex-Parakeet"
    :example normalizer: "regex"
    :example file: "en_US.csv"
    :example encoding: "UTF-8"
    :example return: "This is an Ex Parrot"
    """

    def __init__(
        self,
        normalizer: Any,
        file: FilePath,
        encoding: Optional[str] = None,
        path: Optional[FolderPath] = None,
        *,
        context: Optional[Context] = None,
    ):
        context = context or default_context()
        spec = (
            ComponentSpec.from_class("normalizers", normalizer)
            if isinstance(normalizer, type)
            else normalizer_spec(normalizer, context)
        )
        if not spec.max_args:
            raise UsageError(f"file: {spec.name} takes no values, so a rules file cannot configure it")
        location: str = file
        if path:
            context.check_path(path, field="path")
            location = os.path.join(path, file)
        text = context.read_text(location, encoding or None, field="file")
        self.rules = NormalizationAggregate(read_rules(spec, location, text, context), title=file)

    def parts(self) -> Sequence:
        return [self.rules]
