"""Word metrics of a reference written without spaces between words: told, since they count lines.

Chinese, Japanese, Thai, Lao, Khmer and Burmese are written without spaces between words.
WER, MER, WIL, WIP, diff counts and the timing plugin's tcWER, cpWER, tcpWER and per-speaker
WER count the words between spaces, so a reference in them has
for its words whole phrases or lines, and its WER is near 1 whenever a line differs in one
character: a number that looks like a word error rate and is not one. The numbers are left as
they are; one warning line (:data:`NOTE`, once a run: the context tells it once) says so when
the reference:

* has more than half of its characters (spaces aside) in those scripts (:data:`UNSPACED`: Han,
  hiragana, katakana, CJK punctuation, Thai, Lao, Khmer, Myanmar), and
* has words of more than :data:`LONGEST_WORDS` characters on average (a reference split into
  words for WER, as a segmenter for these languages does, has words of one to four).

Only the first :data:`SAMPLE` words are looked at: the cost stays that of a short text.
CER (``--cer``) measures characters, whatever the spaces.

:example:
    >>> unspaced(["東京都に住んでいます", "今日は晴れです"])
    True
    >>> unspaced(["東京", "都", "に", "住んで", "います"]), unspaced(["the", "cat"])
    (False, False)
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from benchmarkstt_core.context import Context

#: the characters of the scripts written without spaces between words (a regular expression's class)
UNSPACED = (
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u19e0-\u19ff\u3001-\u303f\u3040-\u30ff"
    "\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua9e0-\ua9ff\uaa60-\uaa7f\uf900-\ufaff"
    "\uff61-\uff9f\U00020000-\U0003134f]"
)


@functools.lru_cache(maxsize=None)
def _unspaced() -> re.Pattern:
    """:data:`UNSPACED` compiled, on first use (it takes tens of milliseconds: not at import)."""
    return re.compile(UNSPACED)


#: words longer than this on average (in characters) are phrases or lines, not words
LONGEST_WORDS = 6
#: how many of the reference's first words are looked at
SAMPLE = 10_000
#: the warning the word metrics give of such a reference
NOTE = (
    "the reference is mostly Chinese, Japanese, Thai, Lao, Khmer or Burmese script, written without spaces "
    "between words: WER and the other word metrics (MER, WIL, WIP, diff counts, tcWER, cpWER, tcpWER, "
    "per-speaker WER) count the words between "
    "spaces, here whole phrases or lines (one changed character makes the whole line an error); --cer "
    "measures characters"
)


def unspaced(words: Sequence[str]) -> bool:
    """Whether ``words`` (a reference's) are mostly of scripts written without spaces and
    longer than :data:`LONGEST_WORDS` characters on average (see the module's help)."""
    sample = words[:SAMPLE]
    text = "".join(sample)
    if text.isascii() or len(text) <= LONGEST_WORDS * len(sample):
        return False
    return _unspaced().subn("", text)[1] * 2 > len(text)


def tell_unspaced(reference: Any, context: Context | None) -> None:
    """Warn (:data:`NOTE`) through ``context``, once for it, when the words of ``reference``
    (a :class:`~benchmarkstt_core.schema.Schema`) are :func:`unspaced`: what every word metric
    calls on the reference it compares.

    :example:
        >>> from benchmarkstt_core.context import Context
        >>> from benchmarkstt_core.schema import Schema
        >>> context = Context(None, warn=lambda message: print(message[:40]))
        >>> for metric in ("wer", "mer"):
        ...     tell_unspaced(Schema(["東京都に住んでいます", "今日は晴れです"]), context)
        the reference is mostly Chinese, Japanes
    """
    if context is None or NOTE in context.told:
        return
    if unspaced(reference.words):
        context.warn(NOTE, once=True)
