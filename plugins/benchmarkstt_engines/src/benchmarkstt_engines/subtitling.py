"""An engine's output as subtitles in a house style (the subtitles plugin's segmenter):
``transcribe --format srt|vtt|ttml --style NAME``, and ``corpus --audio`` when a metric needs
subtitle blocks (SubER, AS-/t-WER, conformity, delay...).

:example:
    >>> from benchmarkstt_core.plugins import make_plugin_manager
    >>> host = make_plugin_manager()
    >>> ctm = "cat 1 0.100 0.200 the\\ncat 1 0.300 0.300 cat\\ncat 1 0.700 0.300 sat\\n"
    >>> print(subtitles(host, ctm, "ctm", "cat", style("bbc"), "srt"), end="")
    1
    00:00:00,100 --> 00:00:01,100
    the cat sat
    >>> subtitles(host, "the cat sat\\n", "txt", "cat", style("bbc"), "srt")
    Traceback (most recent call last):
    ...
    benchmarkstt_core.errors.InputError: cat.txt: cannot make subtitles of it: word 1 ('the') has no time
"""

from __future__ import annotations

import os
import tempfile
from typing import TYPE_CHECKING, Protocol, Tuple

from benchmarkstt_core.errors import UsageError
from benchmarkstt_subtitles.segmenter import segment, style, timed_words
from benchmarkstt_subtitles.writing import FORMATS, write

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost
    from benchmarkstt_core.registry import Registry
    from benchmarkstt_subtitles.conformity import Style

#: the house style when neither --style nor a metric's house_style() names one (conformity's default preset)
DEFAULT_STYLE = "netflix"


def subtitles(host: PluginHost, output: str, extension: str, name: str, house: Style, kind: str) -> str | None:
    """The subtitle file (``kind``: srt, vtt, ttml) of an engine's ``output`` (a file's text with
    ``extension``) for the recording ``name``, in the style ``house``; ``None`` when the
    engine heard no word (no block to show)."""
    with tempfile.TemporaryDirectory(prefix="benchmarkstt-") as folder:
        path = os.path.join(folder, f"{name}.{extension}")
        with open(path, "w", encoding="utf-8") as f:
            f.write(output)
        text = read_text(host, path)
        words = text.split()
        if not words:
            return None
        extras = text.extras() if hasattr(text, "extras") else None
        return write(segment(timed_words(words, extras, f"{name}.{extension}"), house), kind)


def read_text(host: PluginHost, path: str, kind: str = "infer") -> str:
    """The text of the file ``path`` read as ``kind``, its words' times in ``extras()`` where
    the type has them."""
    from benchmarkstt_core.context import Context, default_encoding
    from benchmarkstt_core.pipeline import create

    return create(
        host.registries.inputs.get(kind), [path], Context(host.registries, host.hook, encoding=default_encoding())
    ).read()


class HasHouseStyle(Protocol):
    """A metric that checks subtitles against a house style (the subtitles plugin's ``conformity``)."""

    def house_style(self) -> Tuple[str, Style]:
        """``(name, limits)`` of the style."""


def corpus_style(style_name: str | None, metrics: list | None, registry: Registry) -> tuple | None:
    """``(name, Style)`` of the subtitles ``corpus --audio`` makes of the engines' words:
    ``--style``'s, else the first metric's with a ``house_style()`` (``--conformity bbc``: its
    preset and limits), else :data:`DEFAULT_STYLE`'s; ``None`` when neither ``--style`` nor a
    metric whose class declares ``subtitle_blocks`` (it scores subtitle blocks) is given in the
    metrics ``registry`` (the engines' outputs are scored as they are).

    :example:
        >>> from benchmarkstt_core.plugins import make_plugin_manager
        >>> metrics = make_plugin_manager().registries.metrics
        >>> corpus_style(None, [("wer", "levenshtein")], metrics) is None
        True
        >>> corpus_style(None, [("suber",), ("conformity", "bbc", 30)], metrics)[1].chars_per_line
        30.0
        >>> corpus_style("bbc", [("conformity", "netflix")], metrics)[0]
        'bbc'
    """
    classes = [(call, registry.get(call[0]).cls) for call in metrics or [] if call[0] in registry]
    if style_name is None and not any(getattr(cls, "subtitle_blocks", False) for _, cls in classes):
        return None
    if style_name is not None:
        return style_name, named_style(style_name)
    for call, cls in classes:
        if hasattr(cls, "house_style"):
            styled: HasHouseStyle = cls(*call[1:])
            return styled.house_style()
    return DEFAULT_STYLE, style(DEFAULT_STYLE)


def check_format(kind: str | None, style_name: str | None) -> None:
    """Refuse ``--style`` without a subtitle ``--format``, and an unknown style, before
    anything is transcribed.

    :example:
        >>> check_format(None, "bbc")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: --style bbc: subtitles are written with --format srt, vtt or ttml
    """
    if style_name is not None:
        if kind is None:
            raise UsageError(
                f"--style {style_name}: subtitles are written with --format {', '.join(FORMATS[:-1])} or {FORMATS[-1]}"
            )
        named_style(style_name)


def named_style(name: str) -> Style:
    """The house style ``--style`` names.

    :example:
        >>> named_style("itv")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: --style itv: unknown subtitle style 'itv' (choose bbc, netflix, custom)
    """
    try:
        return style(name)
    except UsageError as exc:
        raise UsageError(f"--style {name}: {exc}") from None
