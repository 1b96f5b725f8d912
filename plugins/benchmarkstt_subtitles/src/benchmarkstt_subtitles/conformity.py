"""Conformity of subtitle blocks to a house style: line length, lines, reading speed, timing.

A block's characters are those of its lines, spaces included, line breaks not; its reading
speed is characters (or words) per second (per minute) of its duration; its gap is the time
from its end to the next block's start (negative when they overlap). A limit left unset
(``None``) is not checked. The presets hold the values of published guidelines (their
sources are in docs/subtitles.md).

:example:
    >>> from .blocks import Block
    >>> s = Style(**PRESETS["netflix"])
    >>> s.violations(Block(0.0, 0.5, [["Hi"]]), None)
    ['min_duration']
    >>> s.violations(Block(0.0, 2.0, [["x" * 43], ["y"], ["z"]]), 2.01)
    ['chars_per_line', 'lines', 'cps', 'min_gap']
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Tuple

from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.schema import Schema, ShownExtras

from .blocks import Block, blocks

RULES = ("chars_per_line", "lines", "cps", "wpm", "min_duration", "max_duration", "min_gap")

#: the limits of the published guidelines (sources and sections in docs/subtitles.md)
PRESETS: dict[str, dict[str, Optional[float]]] = {
    # BBC Subtitle Guidelines: 3.1 line length (68% of a 16:9 picture, about 37 characters),
    # 3.3 avoid 3 lines or more, 4.1 timing (160 to 180 words per minute)
    "bbc": {
        "chars_per_line": 37,
        "lines": 2,
        "cps": None,
        "wpm": 180,
        "min_duration": None,
        "max_duration": None,
        "min_gap": None,
    },
    # Netflix English (USA) Timed Text Style Guide: 42 characters per line, 2 lines, 20
    # characters per second (adult programmes), 5/6 s to 7 s, a gap of 2 frames (at 24 fps)
    "netflix": {
        "chars_per_line": 42,
        "lines": 2,
        "cps": 20,
        "wpm": None,
        "min_duration": 5 / 6,
        "max_duration": 7,
        "min_gap": 2 / 24,
    },
}


class Style(NamedTuple):
    """The limits of a house style (None: not checked)."""

    chars_per_line: Optional[float]
    lines: Optional[float]
    cps: Optional[float]
    wpm: Optional[float]
    min_duration: Optional[float]
    max_duration: Optional[float]
    min_gap: Optional[float]

    def measures(self, block: Block, next_start: Optional[float]) -> dict:
        """The block's figures that the rules check."""
        texts = [" ".join(line) for line in block.lines]
        duration = block.end - block.start
        characters = sum(map(len, texts))
        words = sum(map(len, block.lines))
        return {
            "chars_per_line": max(map(len, texts)),
            "lines": len(texts),
            "cps": characters / duration if duration > 0 else float("inf"),
            "wpm": words * 60 / duration if duration > 0 else float("inf"),
            "min_duration": duration,
            "max_duration": duration,
            "min_gap": None if next_start is None else next_start - block.end,
        }

    def violations(self, block: Block, next_start: Optional[float]) -> list:
        """The rules ``block`` breaks (``next_start``: the next block's start, None for the last)."""
        found = []
        for rule, value in self.measures(block, next_start).items():
            limit = getattr(self, rule)
            if limit is None or value is None:
                continue
            if (value < limit) if rule in ("min_duration", "min_gap") else (value > limit):
                found.append(rule)
        return found


def _limit(value: Any, name: str) -> Optional[float]:
    if value is None or value == "":
        return None
    try:
        if isinstance(value, bool):
            raise TypeError
        number = float(value)
    except (TypeError, ValueError):
        raise UsageError(f"conformity {name}: not a number: {value!r}") from None
    if not number >= 0 or number == float("inf"):
        raise UsageError(f"conformity {name}: must be a finite number of 0 or more, not {value!r}")
    return number


class Conformity(Metric):
    """Conformity of the subtitle blocks to a house style: characters per line, lines per block, reading speed (characters per second, words per minute), minimum and maximum duration, minimum gap

    Reports, for the hypothesis (the subtitles under test; the reference is not read), the
    share of blocks that break no rule, the blocks that break each rule, and the worst
    offenders (most rules broken, then in file order) as they appear on screen. A preset (bbc, netflix) gives the limits; a
    value given overrides the preset's; ``custom`` starts from no limit. It measures the text as
    shown: sound labels included (``--sound-labels`` changes what the other metrics score, not
    this), before any normalizer.

    :param preset: bbc, netflix (default) or custom
    :param chars_per_line: the most characters in a line
    :param lines: the most lines in a block
    :param cps: the fastest reading speed, characters per second
    :param wpm: the fastest reading speed, words per minute
    :param min_duration: the shortest time on screen, seconds
    :param max_duration: the longest time on screen, seconds
    :param min_gap: the shortest gap to the next block, seconds
    :param worst: how many worst offenders to show (default 5)
    :example ref: "1\\n00:00:01,000 --> 00:00:03,000\\nA short line.\\n"
    :example ref_type: "srt"
    :example hyp: "1\\n00:00:01,000 --> 00:00:01,500\\nA short line.\\n\\n2\\n00:00:01,500 --> 00:00:04,000\\nAnd a line that is far too long for a subtitle\\n"
    :example hyp_type: "srt"
    :example preset: "netflix"
    :example return: {"preset": "netflix", "limits": {"chars_per_line": 42.0, "lines": 2.0, "cps": 20.0, "wpm": null, "min_duration": 0.8333333333333334, "max_duration": 7.0, "min_gap": 0.08333333333333333}, "blocks": 2, "conforming": 0, "share": 0.0, "violations": {"chars_per_line": 1, "lines": 0, "cps": 1, "wpm": 0, "min_duration": 1, "max_duration": 0, "min_gap": 1}, "worst": [{"block": 1, "start": 1.0, "end": 1.5, "text": "A short line.", "violations": ["cps", "min_duration", "min_gap"]}, {"block": 2, "start": 1.5, "end": 4.0, "text": "And a line that is far too long for a subtitle", "violations": ["chars_per_line"]}]}
    """

    name = "conformity"
    subtitle_blocks = True  # scores the hypothesis as subtitle blocks: corpus --audio makes engines' words into them

    def __init__(
        self,
        preset: Any = None,
        chars_per_line: Any = None,
        lines: Any = None,
        cps: Any = None,
        wpm: Any = None,
        min_duration: Any = None,
        max_duration: Any = None,
        min_gap: Any = None,
        worst: Any = None,
    ):
        self.preset = "netflix" if preset in (None, "") else preset
        if self.preset != "custom" and self.preset not in PRESETS:
            raise UsageError(f"conformity: unknown preset {preset!r} (choose {', '.join(PRESETS)}, custom)")
        base = PRESETS.get(self.preset, dict.fromkeys(RULES))
        given = dict(zip(RULES, (chars_per_line, lines, cps, wpm, min_duration, max_duration, min_gap)))
        self.style = Style(
            **{rule: _limit(given[rule] if given[rule] not in (None, "") else base[rule], rule) for rule in RULES}
        )
        shortest, longest = self.style.min_duration, self.style.max_duration
        if shortest is not None and longest is not None and shortest > longest:
            raise UsageError(
                f"conformity min_duration: {shortest:g} s is longer than max_duration {longest:g} s: "
                "no block could conform"
            )
        try:
            self.worst = 5 if worst in (None, "") else int(worst)
        except (TypeError, ValueError):
            raise UsageError(f"conformity worst: not a whole number: {worst!r}") from None
        if self.worst < 0:
            raise UsageError(f"conformity worst: must be 0 or more, not {worst!r}")

    def house_style(self) -> Tuple[str, Style]:
        """The house style it checks, ``(preset, limits)``: ``corpus --audio`` cuts the engines'
        subtitles in it."""
        return self.preset, self.style

    def report(self, schema: Schema, side: str) -> dict:
        """The conformity figures of one side's blocks as its file shows them: sound labels
        included (the input gives them in its extras' ``shown()`` when it sets them aside), before
        the normalizers."""
        extras = schema._extras
        found = blocks(Schema(*extras.shown()) if isinstance(extras, ShownExtras) else schema, self.name, side)
        counts = dict.fromkeys(RULES, 0)
        offenders = []
        for index, block in enumerate(found):
            next_start = found[index + 1].start if index + 1 < len(found) else None
            broken = self.style.violations(block, next_start)
            for rule in broken:
                counts[rule] += 1
            if broken:
                offenders.append((-len(broken), index, block, broken))
        offenders.sort(key=lambda o: o[:2])
        worst = [
            {
                "block": index + 1,
                "start": block.start,
                "end": block.end,
                "text": "\n".join(" ".join(line) for line in block.lines),
                "violations": broken,
            }
            for _, index, block, broken in offenders[: self.worst]
        ]
        conforming = len(found) - len(offenders)
        return {
            "blocks": len(found),
            "conforming": conforming,
            "share": conforming / len(found) if found else 1.0,
            "violations": counts,
            "worst": worst,
        }

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        return {"preset": self.preset, "limits": self.style._asdict(), **self.report(hyp, "hypothesis")}

    @classmethod
    def row_shape(cls) -> Any:
        """The shape of its value in a corpus result's file rows (docs/plugins.md)."""
        from .shapes import Conformity as Shape

        return Shape
