"""Words with times as NIST CTM lines, what the local engines without a format of their own
write; when the engine heard no word, SegLST with one segment without words over the audio
(a CTM without lines is no transcript to its reader, and the file must score as all
deletions, not fail).

:example:
    >>> print(words_output("my talk", [("hello", 0.5, 0.25, 0.9), ("there", 0.75, 0.5, None)], 0, 2).text, end="")
    my_talk 1 0.500 0.250 hello 0.900
    my_talk 1 0.750 0.500 there
    >>> words_output("hum", [], 10.0, 2.5)
    Output(text='[{"session_id": "hum", "speaker": "", "start_time": 10.0, "end_time": 12.5, "words": ""}]\\n', extension='json')
"""

from __future__ import annotations

import json
import re
from typing import List

from .engine import Output


def words_output(name: str, words: List[tuple], offset: float, seconds: float) -> Output:
    """CTM lines for ``(word, start, duration, confidence)`` of the recording ``name``
    (whitespace in it becomes ``_``; a confidence of ``None`` is left out); with no word, a
    SegLST segment without words from ``offset`` for ``seconds``."""
    file_id = re.sub(r"\s+", "_", name) or "audio"
    if not words:
        empty = [
            {"session_id": file_id, "speaker": "", "start_time": offset, "end_time": offset + seconds, "words": ""}
        ]
        return Output(json.dumps(empty) + "\n", "json")
    return Output(
        "".join(
            f"{file_id} 1 {start:.3f} {duration:.3f} {word}"
            + ("" if confidence is None else f" {confidence:.3f}")
            + "\n"
            for word, start, duration, confidence in words
        ),
        "ctm",
    )
