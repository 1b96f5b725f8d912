"""References written without spaces between their words, where a word error rate counts runs
of text, not words: the check behind the warning of the metrics plugin's ``check_pair``."""

from __future__ import annotations

import re
from typing import Optional

#: letters of the scripts written without spaces between words: Thai, Lao, Myanmar, Khmer,
#: Hiragana and Katakana, and Han (with its extensions)
UNSPACED = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
                      "\uf900-\ufaff\U00020000-\U0003134f]")
#: how many characters of a text are looked at
SAMPLE = 100_000
#: more letters than this per word, on average, and mostly of those scripts: not split into words
LETTERS_PER_WORD = 10
#: the metrics whose unit is the word
WORD_METRICS = ("wer", "diffcounts", "mer", "wil", "wip")


def unspaced(text: str, source: str) -> Optional[str]:
    """The warning for a reference written without spaces between its words, mostly in the
    scripts that are (Chinese, Japanese, Thai...), or ``None``: its word error rate counts each
    run between spaces as one word, so that one wrong character makes a sentence wrong.

    :example:
        >>> print(unspaced("谷歌不仅会以优厚薪酬招募顶尖人才\\n", "ref.txt"))
        ref.txt: the reference is written without spaces between its words (Chinese, Japanese, Thai...), 16 characters a word: unless a normalizer splits it into words, a word error rate counts each run between spaces as one word; --cer counts characters
        >>> unspaced("谷歌 不仅 会 以 优厚 薪酬 招募 顶尖 人才", "ref.txt") is None
        True
    """
    sample = str(text[:SAMPLE])
    words = len(sample.split())
    letters = sum(not char.isspace() for char in sample)
    if not words or letters <= LETTERS_PER_WORD * words or 2 * len(UNSPACED.findall(sample)) < letters:
        return None
    return (f"{source}: the reference is written without spaces between its words (Chinese, Japanese, Thai...), "
            f"{letters / words:.0f} characters a word: unless a normalizer splits it into words, a word error rate "
            "counts each run between spaces as one word; --cer counts characters")
