"""benchmarkstt 1.1's normalizers: the installed standard normalizers, with 1.1's signatures.

:example:
    >>> Lowercase().normalize("Easy, Mungo, easy... Mungo...")
    'easy, mungo, easy... mungo...'
    >>> Regex(r"(?i)(h)a", r"\\1e").normalize("HAHA! Hahaha!")
    'HeHe! Hehehe!'
    >>> Replace("nudge", "wink").normalize("Nudge nudge!")
    'Nudge wink!'
    >>> ReplaceWords("a", "the").normalize("She has a heart of formica")
    'She has the heart of formica'
    >>> Unidecode().normalize("Ich fälle Bäume")
    'Ich falle Baume'
"""

from __future__ import annotations

from benchmarkstt_normalizers import config
from benchmarkstt_normalizers.errors import ConfigSectionNotFoundError
from benchmarkstt_normalizers.normalizers import Lowercase, Regex, Replace, ReplaceWords, Unidecode

from .. import _installed
from . import File

__all__ = ["Config", "ConfigSectionNotFoundError", "File", "Lowercase", "Regex", "Replace", "ReplaceWords", "Unidecode"]


class Config(config.Config):
    """Use config file notation to define normalization rules (the installed ``config`` normalizer).

    :param file: the config file
    :param section: the section to use (default ``normalization``)
    :param encoding: the config file's encoding (default ``DEFAULT_ENCODING``, else UTF-8)
    """

    def __init__(self, file: str, section: str | None = None, encoding: str | None = None):
        # FilePath names the kind of the command line's argument; a str path is read the same
        super().__init__(
            file,  # type: ignore[arg-type]
            section or config.DEFAULT_SECTION,
            encoding,
            context=_installed.context(),
        )
