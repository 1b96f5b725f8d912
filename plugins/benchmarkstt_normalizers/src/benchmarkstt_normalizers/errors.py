"""The errors of rules and config files: each names the file, line and column at fault.

:example:
    >>> err = RulesError("rules.csv", 3, 1, "replace takes 2 fields, got 3")
    >>> str(err)
    'rules.csv:3:1: replace takes 2 fields, got 3'
"""

from __future__ import annotations

from typing import Sequence

from benchmarkstt_core.errors import FileParameterError, FileSyntaxError, LocatedError, UsageError

UNCLOSED = "A quote wasn't properly closed"
UNALLOWED = "A quote is not allowed there"


class RulesError(LocatedError):
    """A line of a rules or config file that cannot be used.

    :param path: the file as the user named it (``<config>`` for inline config text)
    :param line: the 1-based line
    :param char: the 1-based column (also :attr:`column`)
    :param message: what is wrong, without the location
    """

    def __init__(self, path: str, line: int, char: int, message: str):
        super().__init__(path, line, char, message)
        self.char = char


class RulesUsageError(RulesError, UsageError):
    """A value on a line of a rules or config file that its normalizer refuses (an unknown
    name, a bad regular expression, too many values): a usage error, exit status 2."""


class RulesSyntaxError(FileSyntaxError, RulesError):
    """A rules or config file that does not follow the quoting rules.

    :param path: the file as the user named it
    :param line: the 1-based line of the offending character
    :param char: its 1-based column
    :param index: its 1-based offset in the text
    :param reason: ``A quote wasn't properly closed`` or ``A quote is not allowed there``
    :param detail: the parser's short message: ``Unexpected end``, ``Quote not allowed here``
        or ``Single quote inside quoted field``
    :param hint: how to fix it
    """

    def __init__(self, path: str, line: int, char: int, index: int, reason: str, detail: str, hint: str):
        FileSyntaxError.__init__(
            self, path, line, char, index, reason, detail, f"{reason[0].lower()}{reason[1:]}: {hint}"
        )


class ConfigSectionNotFoundError(FileParameterError):
    """A config file without the section asked for (over the API, the client's mistake).

    :param path: the config file as the user named it (``<config>`` for inline text)
    :param section: the section asked for
    :param sections: the sections the file has
    :param field: the parameter that gave the config (``file``; ``config`` for inline text)
    """

    def __init__(self, path: str, section: str, sections: Sequence[str], field: str = "file"):
        have = (
            f"it has {', '.join(f'[{s}]' for s in sections)}"
            if sections
            else "it has no section headers; start the rules with a line [normalization]"
        )
        super().__init__(path, field, f"{path}: no section [{section}] ({have}; section names are case-sensitive)")
        self.section = section
        self.sections = list(sections)
